// Attack round 10, against the real Worker. Each test is a hole this round found and closed
// (docs/security.md "Round 10"); what held is in the round's report.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, unique } from './support/harness.mjs';
import { startIdp, idpVars } from './support/idp.mjs';
import * as fx from './support/fixtures.mjs';

const NAV = { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document' };

let app;
let idp;
before(async () => {
  idp = await startIdp();
  app = await startWorker({ vars: idpVars(idp) });
});
after(async () => { await app?.stop(); await idp?.close(); });

test('a person taken out of a grid keeps nothing of it through the drops they made there', async () => {
  const { grid, owner, member, other } = await app.world();
  // The owner belongs to another grid too, so they still hold a token that signs in.
  await app.join(other, owner);
  const secret = await app.dropLive(owner, {
    grid: grid.slug,
    file: { name: 'plans.html', content: fx.html('Plans', '<h1>REMOVED-OWNER-PRIVATE-10</h1>') },
    fields: { scope: 'personal', visibility: 'private' },
  });
  const team = await app.dropLive(owner, {
    grid: grid.slug,
    file: { name: 'team.html', content: fx.html('Team', '<h1>REMOVED-OWNER-GRID-10</h1>') },
  });
  const shared = await app.dropLive(owner, {
    grid: grid.slug,
    file: { name: 'pub.html', content: fx.html('Pub', '<h1>REMOVED-OWNER-AUTH-10</h1>') },
    fields: { scope: 'personal', visibility: 'link' },
  });
  await app.mustAdmin('DELETE', `/grids/${grid.slug}/members/${owner.user_id}`);
  // What the grid says to the drop after the owner left is the grid's.
  const said = await app.request('POST', `/api/v2/entities/${team.entity_id}/feedback`, {
    json: { category: 'comment', source: 'badge', text: 'AFTER-YOU-LEFT-10' } });
  assert.equal(said.status, 200, said.text);
  assert.equal((await app.read(member, team.entity_id)).status, 200, 'the grid still reads it');

  for (const drop of [secret, team]) {
    for (const headers of [{}, { 'x-platform-grid': other.slug }]) {
      const read = await app.read(owner, drop.entity_id, { headers });
      assert.equal(read.status, 404, `${drop.name}: ${read.status} ${read.text}`);
    }
    const minted = await app.request('POST', '/api/v2/serve-sessions', { token: owner.token, json: { url: drop.url } });
    assert.equal(minted.status, 201, minted.text);
    const jar = new Map();
    const page = await app.open(minted.body.url, { headers: NAV, jar });
    assert.doesNotMatch(page.text, /REMOVED-OWNER-(PRIVATE|GRID)-10/, page.hops.join(' -> '));
    assert.equal(page.status, 404, page.hops.join(' -> '));
    const bearer = await app.open(app.contentUrl(drop.entity_id) + '/', { token: owner.token, maxHops: 3 });
    assert.doesNotMatch(bearer.text, /REMOVED-OWNER-(PRIVATE|GRID)-10/, bearer.hops.join(' -> '));
  }
  const inbox = await app.request('GET', `/api/v2/entities/${team.entity_id}/feedback`, { token: owner.token });
  assert.doesNotMatch(inbox.text, /AFTER-YOU-LEFT-10/);
  assert.equal(inbox.status, 404, inbox.text);
  // A `link` drop they made opens for them as for anyone, and says they may change nothing.
  const open = await app.read(owner, shared.entity_id);
  assert.equal(open.status, 200, open.text);
  assert.deepEqual(open.body.caller_permissions, { can_edit: false, can_archive: false, can_pin: false });
  // Back in the grid, all of it is theirs again.
  await app.join(grid, owner);
  assert.equal((await app.read(owner, secret.entity_id, { grid: grid.slug })).status, 200);
  const back = await app.request('GET', `/api/v2/entities/${team.entity_id}/feedback`, { token: owner.token, grid: grid.slug });
  assert.match(back.text, /AFTER-YOU-LEFT-10/);
});

test('an identity the operator links to another user signs in as that user from the next request', async () => {
  const grid = await app.grid();
  const [admin, plain] = [await app.member(grid, 'admin'), await app.member(grid)];
  const subject = `sub-${unique('mislinked')}`;
  // The operator links the person's identity to the wrong account (an admin's), and the person
  // signs in with it; then the operator puts it right.
  await app.mustAdmin('PUT', `/users/${admin.user_id}/identity`, { subject });
  const token = await idp.sign({ sub: subject, email: `${unique('x')}@unlisted.example`, email_verified: true });
  const me = () => app.request('GET', '/api/v2/me', { token });
  assert.equal((await me()).body.user.user_id, admin.user_id);
  await app.mustAdmin('PUT', `/users/${plain.user_id}/identity`, { subject });
  const now = await me();
  assert.equal(now.status, 200, now.text);
  assert.equal(now.body.user.user_id, plain.user_id, 'the identity still acts as the account it was taken from');
  const secret = await app.dropLive(admin, {
    file: { name: 'board.html', content: fx.html('Board', '<h1>RELINKED-10</h1>') },
    fields: { scope: 'personal', visibility: 'private' },
  });
  const read = await app.read({ token }, secret.entity_id);
  assert.equal(read.status, 404, read.text);
});
