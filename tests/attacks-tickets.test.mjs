// Attack sweep 7: a content ticket made while its viewer could read the drop, used after the drop
// was made private or archived. Held: the ticket's redemption reads the drop and the viewer's
// access again, so it opens nothing once they may not read it.
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
