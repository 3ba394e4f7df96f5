// Attack sweep 7, the way from a `url` into a drop: a content ticket made while its viewer could
// read the drop, used after the drop was made private or archived (held: the redemption reads the
// drop and the viewer's access again, so it opens nothing once they may not read it); and the link
// origin asked for odd paths below a `url` (held: every redirect names the drop's own origin, or
// Plug's sign-in for a `url` that is not there).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, fetchLocal } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const NAV = { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document' };

for (const [change, act] of [
  ['made private', (owner, id) => app.request('PATCH', `/api/v2/inspirations/${id}/visibility`, { token: owner.token, json: { visibility: 'private' } })],
  ['archived', (owner, id) => app.request('POST', `/api/v2/inspirations/${id}/archive`, { token: owner.token })],
]) {
  test(`a content ticket made before its drop was ${change} opens nothing after`, async () => {
    const { owner, spaceMember, space } = await app.world();
    const drop = await app.dropLive(owner, {
      file: { name: 'plans.html', content: fx.html('Plans', '<h1>TICKET-PLANS-77</h1>') },
      fields: { scope: 'space', visibility: 'space', space_id: space.space_id },
    });
    // The link origin answers the member with the content origin's address and its ticket.
    const first = await app.open(drop.url, { token: spaceMember.token, headers: NAV, maxHops: 0 });
    const location = first.headers.get('location');
    assert.ok(location && location.includes('plug_ticket='), `${first.status} ${location}`);
    assert.ok(location.startsWith(app.contentUrl(drop.entity_id)), location);
    const done = await act(owner, drop.entity_id);
    assert.ok([200, 204].includes(done.status), done.text);
    const res = await fetchLocal(location, { headers: NAV, redirect: 'manual' });
    const body = await res.text();
    assert.doesNotMatch(body, /TICKET-PLANS-77/);
    assert.ok([302, 404].includes(res.status), `${res.status}`);
    // The hand-off's cookie is still set (decided: it says who the viewer is, never what they may
    // read; every request reads their access again), so the answer is all that matters here.
  });
}


test('odd paths below a url on the link origin lead only to the drop\'s own origin or to sign-in', async () => {
  const { owner } = await app.world();
  const drop = await app.dropLive(owner, { file: { name: 'site.zip', content: fx.site() }, fields: { scope: 'personal', visibility: 'link' } });
  const link = new URL(drop.url);
  const base = link.pathname.replace(/\/$/, '');
  const own = `${app.contentUrl(drop.entity_id)}/`;
  const [, grid, u, user, name] = base.split('/');
  for (const path of [
    `${base}//evil.example/x`, `${base}/%2F%2Fevil.example/`, `${base}/\\evil.example/`, `${base}/%5C%5Cevil.example`,
    `${base}/../../x`, `${base}/..%2F..%2Fx`, `${base}/@evil.example`, `${base}/docs`, `${base}?plug_ticket=abc`,
    `/${grid}/${u.toUpperCase()}/${user}/${name}`, `/${grid}//${u}/${user}/${name}/`,
  ]) {
    const answer = await app.raw(`GET ${path} HTTP/1.1\r\nHost: ${link.host}\r\nAccept: text/html\r\nSec-Fetch-Mode: navigate\r\nConnection: close\r\n\r\n`);
    const location = /\r\nlocation: ([^\r]*)/i.exec(answer)?.[1];
    const status = Number(answer.split('\r\n')[0].split(' ')[1]);
    assert.ok(status === 404 || location, `${path}: ${answer.slice(0, 200)}`);
    if (!location) continue;
    const to = new URL(location, drop.url);
    const fine = location.startsWith(own) || to.origin === link.origin || (to.origin === app.baseUrl && to.pathname === '/enter');
    assert.ok(fine, `${path} -> ${location}`);
    assert.doesNotMatch(location, /plug_ticket=abc/, path);
  }
});
