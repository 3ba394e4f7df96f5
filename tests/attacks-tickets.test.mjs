// Attack sweep 7, the way from a `url` into a drop: a content ticket made while its viewer could
// read the drop, used after the drop was made private or archived (held: the redemption reads the
// drop and the viewer's access again, so it opens nothing once they may not read it); and the link
// origin asked for odd paths below a `url` (held: every redirect names the drop's own origin, or
// Plug's sign-in for a `url` that is not there). Sweep 10: another site's frame of a drop, with
// the browser's content cookie, is answered as a stranger's (it told the framer who had opened it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
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

// Attack sweep 9: signing out. The link origin's session and each content origin's cookie last 8 h
// and are bound to no sign-in, so "Sign out" on a shared computer left every drop its user had
// opened, and every private `url` of theirs, open to the next person at that browser (found: the
// sign-out only cleared the API origin's `/enter` cookie). Now a sign-out with the app's token ends
// every such session of that user issued up to it; a sign-out without a valid token ends none.
test('signing out of the web app ends the link and content sessions it left in the browser', async () => {
  const { owner, spaceMember, space } = await app.world();
  const drop = await app.dropLive(owner, {
    file: { name: 'plans.html', content: fx.html('Plans', '<h1>SIGNED-OUT-41</h1>') },
    fields: { scope: 'space', visibility: 'space', space_id: space.space_id },
  });
  const content = `${app.contentUrl(drop.entity_id)}/`;
  const jar = new Map();
  const minted = await app.request('POST', '/api/v2/serve-sessions', { token: spaceMember.token, json: { url: drop.url } });
  assert.equal(minted.status, 201, minted.text);
  assert.match((await app.open(minted.body.url, { headers: NAV, jar })).text, /SIGNED-OUT-41/);
  const reads = async () => ({
    link: await app.open(drop.url, { headers: NAV, jar }),
    content: await app.open(content, { headers: NAV, jar, maxHops: 0 }),
  });
  let now = await reads();
  assert.match(now.link.text, /SIGNED-OUT-41/, 'the link session opens it');
  assert.match(now.content.text, /SIGNED-OUT-41/, 'the content cookie opens it');
  for (const token of [undefined, 'not-a-token', owner.token]) {
    const out = await app.request('DELETE', '/api/v2/enter-session', { token });
    assert.equal(out.status, 204, out.text);
  }
  now = await reads();
  assert.match(now.link.text, /SIGNED-OUT-41/, 'another user\'s sign-out, or none, ends nothing');
  assert.match(now.content.text, /SIGNED-OUT-41/);
  const out = await app.request('DELETE', '/api/v2/enter-session', { token: spaceMember.token });
  assert.equal(out.status, 204, out.text);
  now = await reads();
  assert.doesNotMatch(now.link.text, /SIGNED-OUT-41/, 'the link session ended');
  assert.equal(new URL(now.link.url).pathname, '/enter', now.link.hops.join(' -> '));
  assert.doesNotMatch(now.content.text, /SIGNED-OUT-41/, 'the content cookie ended');
  assert.equal(now.content.status, 302);
  // Signing in again (in a later second) opens it again, in the same browser.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const again = await app.request('POST', '/api/v2/serve-sessions', { token: spaceMember.token, json: { url: drop.url } });
  assert.match((await app.open(again.body.url, { headers: NAV, jar })).text, /SIGNED-OUT-41/);
  assert.match((await reads()).content.text, /SIGNED-OUT-41/);
});

test('a viewer taken out of the grid keeps nothing through the link and content sessions they hold', async () => {
  const { owner, spaceMember, space, grid } = await app.world();
  const drop = await app.dropLive(owner, {
    file: { name: 'plans.html', content: fx.html('Plans', '<h1>SPACE-LEFT-62</h1>') },
    fields: { scope: 'space', visibility: 'space', space_id: space.space_id },
  });
  const content = `${app.contentUrl(drop.entity_id)}/`;
  const jar = new Map();
  const minted = await app.request('POST', '/api/v2/serve-sessions', { token: spaceMember.token, json: { url: drop.url } });
  assert.match((await app.open(minted.body.url, { headers: NAV, jar })).text, /SPACE-LEFT-62/);
  assert.match((await app.open(content, { headers: NAV, jar, maxHops: 0 })).text, /SPACE-LEFT-62/);
  await app.mustAdmin('DELETE', `/grids/${grid.slug}/members/${spaceMember.user_id}`);
  const link = await app.open(drop.url, { headers: NAV, jar });
  assert.doesNotMatch(link.text, /SPACE-LEFT-62/, link.hops.join(' -> '));
  assert.equal(link.status, 404, 'the link origin says not shared');
  const own = await app.open(content, { headers: NAV, jar, maxHops: 0 });
  assert.doesNotMatch(own.text, /SPACE-LEFT-62/);
  assert.equal(own.status, 302);
});

// Attack sweep 10: another site frames a drop no site may frame. Deployed, the content cookie is
// SameSite=None, so the browser sends it with that frame's request, and the Worker answered it as
// the viewer's: the whole page, which only the browser then refused to show (frame-ancestors).
// How long the frame took (one answer, or the hops through the hand-off a stranger takes; a
// frame's duration is in the framing page's resource timing) told that site whether this browser
// had opened the drop in the last 8 hours. Now another site's frame is answered as a stranger's,
// cookie or not; the web app's signed-in preview brings a fresh ticket, which still counts. (The
// headers are Chromium's for a frame; its own run here holds the cookie back: over http a
// content cookie is SameSite=Lax, and this Chromium blocks third-party cookies.)
test('another site framing a private drop is answered alike whether or not the browser holds its cookie', async () => {
  const { owner, spaceMember, space } = await app.world();
  const drop = await app.dropLive(owner, {
    file: { name: 'plans.html', content: fx.html('Plans', '<h1>FRAMED-PLANS-10</h1>') },
    fields: { scope: 'space', visibility: 'space', space_id: space.space_id },
  });
  const content = `${app.contentUrl(drop.entity_id)}/`;
  const jar = new Map();
  const minted = await app.request('POST', '/api/v2/serve-sessions', { token: spaceMember.token, json: { url: drop.url } });
  assert.match((await app.open(minted.body.url, { headers: NAV, jar })).text, /FRAMED-PLANS-10/);
  const cookie = [...jar.get(new URL(content).host)].map(([k, v]) => `${k}=${v}`).join('; ');
  assert.match(cookie, /plug_content=/);
  const FRAME = { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'iframe' };
  const shape = (r) => `${r.status} ${r.headers.location} ${r.text.length}`;
  for (const path of ['', '?plug_ticket=spent-or-made-up']) {
    const viewer = await rawGet(content + path, { ...FRAME, cookie });
    const stranger = await rawGet(content + path, FRAME);
    assert.doesNotMatch(viewer.text, /FRAMED-PLANS-10/, `${path}: answered as the viewer's`);
    assert.equal(shape(viewer), shape(stranger), path);
    assert.equal(viewer.status, 302);
  }
  // Reached any other way, the cookie still counts: followed from another site and the drop
  // framing its own page. (A frame of the same site is a sibling drop's: attacks-round7.)
  for (const headers of [
    { ...FRAME, 'sec-fetch-dest': 'document' },
    { ...FRAME, 'sec-fetch-site': 'same-origin' },
  ]) {
    const res = await rawGet(content, { ...headers, cookie });
    assert.match(res.text, /FRAMED-PLANS-10/, `${JSON.stringify(headers)}: ${res.status}`);
  }
  // The web app's preview frame (cross-site where the content domain is a site of its own) opens a
  // fresh serve session: the link origin sends it on with a content ticket, which counts there.
  const preview = await app.request('POST', '/api/v2/serve-sessions', { token: spaceMember.token, json: { url: drop.url } });
  const onLink = await app.open(preview.body.url, { headers: NAV, jar: new Map(), maxHops: 0 });
  const withTicket = onLink.headers.get('location');
  assert.ok(withTicket?.startsWith(content) && withTicket.includes('plug_ticket='), `${onLink.status} ${withTicket}`);
  assert.match((await rawGet(withTicket, FRAME)).text, /FRAMED-PLANS-10/);
});

/** A GET with exactly these headers (undici's fetch adds its own `Sec-Fetch-Mode`). */
function rawGet(url, headers = {}) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: u.port, path: u.pathname + u.search, headers: { ...headers, host: u.host } }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}
