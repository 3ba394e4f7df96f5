// The interface read to the letter where the rest of the suite read it more loosely: each test is
// a sentence of the interface (openapi.yaml, docs/model.md) that a stranger's suite would check and
// the Worker once answered otherwise.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError, BROWSER_UA } from './support/harness.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const setVisibility = (user, path, json) => app.request('PATCH', path, { token: user.token, json });

test('an unknown space slug in visibility_spaces is 400 SPACE_NOT_FOUND beside "everyone" too, and changes nothing', async () => {
  const { owner, space } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'org' } });
  for (const path of [`/api/v2/entities/${e.entity_id}/visibility`, `/api/v2/inspirations/${e.entity_id}/visibility`]) {
    assert.equal((await setVisibility(owner, path, { visibility: 'grid', visibility_spaces: [space.slug] })).status, 200);
    for (const spaces of [['everyone', 'no-such-space'], ['no-such-space', 'everyone'], [space.slug, 'everyone', 'no-such-space']]) {
      const res = await setVisibility(owner, path, { visibility: 'link', visibility_spaces: undefined });
      assert.equal(res.status, 200);
      const refused = expectError(assert, await setVisibility(owner, path, { visibility: 'grid', visibility_spaces: spaces }), 400, 'SPACE_NOT_FOUND');
      assert.deepEqual(refused.details.map((d) => d.field), ['visibility_spaces']);
      const read = await app.read(owner, e.entity_id);
      assert.equal(read.body.visibility, 'link', `refused ${JSON.stringify(spaces)} changed nothing`);
    }
    // "everyone" beside a real space still means the whole grid.
    const whole = await setVisibility(owner, path, { visibility: 'grid', visibility_spaces: [space.slug, 'everyone'] });
    assert.equal(whole.status, 200, whole.text);
    assert.deepEqual(whole.body.visibility_spaces, ['everyone']);
  }
  // The update route checks the same list.
  const update = await app.request('PATCH', `/api/v2/inspirations/${e.entity_id}`, {
    token: owner.token, json: { visibility: 'grid', visibility_spaces: ['everyone', 'no-such-space'], display_name: 'Renamed' },
  });
  expectError(assert, update, 400, 'SPACE_NOT_FOUND');
  assert.notEqual((await app.read(owner, e.entity_id)).body.display_name, 'Renamed');
});

test('a signed-in user of no grid reads link and authenticated Inspirations by UUID, as themselves', async () => {
  const { owner, grid } = await app.world();
  const loner = await app.user();
  const link = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const signedIn = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'org' } });
  const gridOnly = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'org' } });
  const made = await setVisibility(owner, `/api/v2/entities/${signedIn.entity_id}/visibility`, { visibility: 'authenticated' });
  assert.equal(made.status, 200, made.text);

  // Anonymous readers may read the link one; a token must never make that worse (interface 4.2, 5).
  assert.equal((await app.read(null, link.entity_id)).status, 200);
  const byLoner = await app.read(loner, link.entity_id, { headers: { 'user-agent': BROWSER_UA } });
  assert.equal(byLoner.status, 200, byLoner.text);
  assert.deepEqual(byLoner.body.caller_permissions, { can_edit: false, can_archive: false, can_pin: false });
  // `authenticated` is any signed-in user, network-wide (2.5).
  assert.equal((await app.read(loner, signedIn.entity_id)).status, 200);
  expectError(assert, await app.read(null, signedIn.entity_id), 404, 'NOT_FOUND');
  // Grid visibility stays for members, and a name needs an active grid to be resolved in.
  expectError(assert, await app.read(loner, gridOnly.entity_id), 404, 'NOT_FOUND');
  expectError(assert, await app.read(loner, link.name), 404, 'NOT_FOUND');
  // Naming a grid they are not in is still 403, and the grid routes still need a membership.
  expectError(assert, await app.read(loner, link.entity_id, { grid: grid.slug }), 403, 'ORG_NOT_ACCESSIBLE');
  expectError(assert, await app.list(loner), 403, 'ORG_NOT_ACCESSIBLE');
  expectError(assert, await app.request('POST', `/api/v2/entities/${link.entity_id}/reactions`, {
    token: loner.token, json: { kind: 'sparked' },
  }), 403, 'ORG_NOT_ACCESSIBLE');

  // Their read counted once, by user: a second read the same day adds nothing.
  await app.read(loner, link.entity_id, { headers: { 'user-agent': BROWSER_UA } });
  const counted = await app.waitFor(owner, link.entity_id, (b) => b.view_count >= 1);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await app.read(owner, link.entity_id)).body.view_count, counted.view_count);
  assert.equal(counted.view_count, 1);
});

test('a signed-in user of no grid opens an authenticated Inspiration in a browser through POST /api/v2/serve-sessions', async () => {
  const { owner } = await app.world();
  const loner = await app.user();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'org' } });
  assert.equal((await setVisibility(owner, `/api/v2/entities/${e.entity_id}/visibility`, { visibility: 'authenticated' })).status, 200);
  const session = await app.request('POST', '/api/v2/serve-sessions', { token: loner.token, json: { url: e.url } });
  assert.equal(session.status, 201, session.text);
  const opened = await app.open(session.body.url, { headers: { accept: 'text/html', 'user-agent': BROWSER_UA } });
  assert.equal(opened.status, 200, opened.text.slice(0, 300));
  assert.equal(new URL(opened.url).origin, app.contentUrl(e.entity_id));
  assert.match(opened.text, /Hello/);
  // A bad token is still 401.
  expectError(assert, await app.request('POST', '/api/v2/serve-sessions', { token: 'nope', json: { url: e.url } }), 401, 'UNAUTHORIZED');
});

test('a read whose Authorization holds no Bearer token is 401, not an anonymous read (interface 5: an invalid token gives 401)', async () => {
  const { owner } = await app.world();
  const grid = await app.dropLive(owner, { fields: { name: 'signed-in-only' } });
  const link = await app.dropLive(owner, { fields: { name: 'anyone-link', scope: 'personal', visibility: 'link' } });
  for (const authorization of ['Basic b3duZXI6cGFzc3dvcmQ=', 'Bearer', `Token ${owner.token}`, owner.token]) {
    for (const e of [grid, link]) {
      const res = await app.request('GET', `/api/v2/inspirations/${e.entity_id}`, { headers: { authorization } });
      const error = expectError(assert, res, 401, 'UNAUTHORIZED');
      assert.match(error.message, /Bearer/, authorization);
    }
  }
  // Without the header the link one is read as before, and the grid one stays hidden. A grid
  // header from an anonymous caller picks nothing (README "Authorization on the API").
  assert.equal((await app.read(null, link.entity_id)).status, 200);
  assert.equal((await app.read(null, link.entity_id, { grid: 'no-such-grid' })).status, 200);
  expectError(assert, await app.read(null, grid.entity_id), 404, 'NOT_FOUND');
  assert.equal((await app.read(owner, grid.entity_id)).status, 200);
});

test('every 401 names the Bearer scheme in WWW-Authenticate, as HTTP requires of a 401', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { name: 'challenge' } });
  const refusals = [
    await app.request('GET', '/api/v2/inspirations'),
    await app.request('GET', '/api/v2/inspirations', { token: 'not-a-jwt' }),
    await app.request('GET', `/api/v2/inspirations/${e.entity_id}`, { headers: { authorization: 'Basic b3duZXI6cGFzc3dvcmQ=' } }),
    await app.request('PATCH', `/api/v2/entities/${e.entity_id}/visibility`, { json: { visibility: 'link' } }),
    await app.request('POST', `/api/v2/entities/${e.entity_id}/reactions`, { json: { kind: 'sparked' } }),
    await app.request('GET', '/api/v2/runtimes', { token: 'not-a-jwt' }),
    await app.request('GET', '/admin/v1/users', { token: owner.token }),
  ];
  for (const res of refusals) {
    expectError(assert, res, 401, 'UNAUTHORIZED');
    assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer\b/, res.text);
  }
  // Other refusals ask for nothing.
  const hidden = await app.read(null, e.entity_id);
  expectError(assert, hidden, 404, 'NOT_FOUND');
  assert.equal(hidden.headers.get('www-authenticate'), null);
});

test('a JSON body behind a UTF-8 byte order mark (Windows PowerShell 5 writes one) reads as the JSON it is', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { name: 'bom-body', scope: 'personal', visibility: 'link' } });
  const bom = (json) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(json))]);
  const headers = { 'content-type': 'application/json' };
  const updated = await app.request('PATCH', `/api/v2/inspirations/${e.entity_id}`, { token: owner.token, body: bom({ display_name: 'From PowerShell' }), headers });
  assert.equal(updated.status, 200, updated.text);
  assert.equal(updated.body.display_name, 'From PowerShell');
  const shared = await app.request('PATCH', `/api/v2/entities/${e.entity_id}/visibility`, { token: owner.token, body: bom({ visibility: 'link', link_indexed: true }), headers });
  assert.equal(shared.status, 200, shared.text);
  assert.equal(shared.body.link_indexed, true);
  const feedback = await app.request('POST', `/api/v2/entities/${e.entity_id}/feedback`, { body: bom({ category: 'comment', text: 'hi', source: 'badge' }), headers });
  assert.equal(feedback.status, 200, feedback.text);
  // A mark alone is still no body, and a body that is not UTF-8 is still refused.
  expectError(assert, await app.request('PATCH', `/api/v2/inspirations/${e.entity_id}`, { token: owner.token, body: Buffer.from([0xef, 0xbb, 0xbf]), headers }), 400, 'VALIDATION_FAILED');
  expectError(assert, await app.request('PATCH', `/api/v2/inspirations/${e.entity_id}`, { token: owner.token, body: Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), headers }), 400, 'VALIDATION_FAILED');
  assert.equal((await app.read(owner, e.entity_id)).body.display_name, 'From PowerShell');
});
