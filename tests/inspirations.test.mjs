// Inspirations after they exist (openapi.yaml; docs/model.md "Visibility", "States", "Wire
// details"): every status and code of the read, list, update and visibility routes, the
// scope/visibility and visibility-by-state tables, cursor walks, archive and pin. Creating is
// tests/inspirations-create.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError, UUID } from './support/harness.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const patch = (user, id, json) => app.request('PATCH', `/api/v2/inspirations/${id}`, { token: user.token, json });

// ------------------------------------------------------------------ read

test('read by UUID or by slug in the active grid; anonymous readers only by UUID and only link', async () => {
  const { owner, member } = await app.world();
  const grid = await app.dropLive(owner, {});
  assert.equal((await app.read(member, grid.entity_id)).status, 200);
  const bySlug = await app.read(member, grid.name);
  assert.equal(bySlug.status, 200);
  assert.equal(bySlug.body.entity_id, grid.entity_id);
  expectError(assert, await app.read(null, grid.entity_id), 404, 'NOT_FOUND');
  const link = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const anon = await app.read(null, link.entity_id);
  assert.equal(anon.status, 200);
  assert.deepEqual(anon.body.caller_permissions, { can_edit: false, can_archive: false, can_pin: false });
  expectError(assert, await app.read(null, link.name), 404, 'NOT_FOUND');
  expectError(assert, await app.read(member, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
  expectError(assert, await app.read(member, 'no-such-name'), 404, 'NOT_FOUND');
});

test('visibility modes: who sees what (docs/model.md "Visibility")', async () => {
  const { owner, admin, spaceMember, member, outsider, space } = await app.world();
  const privateOne = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  const gridOne = await app.dropLive(owner, {});
  const spaceOne = await app.dropLive(owner, { fields: { scope: 'space', visibility: 'space', space_id: space.space_id } });
  const linkOne = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const authOne = await app.dropLive(owner, {});
  assert.equal((await app.request('PATCH', `/api/v2/entities/${authOne.entity_id}/visibility`, { token: owner.token, json: { visibility: 'authenticated' } })).status, 200);
  const expect = [
    // entity, [owner, admin, spaceMember, member, outsider, anonymous]
    [privateOne, [200, 200, 404, 404, 404, 404]],
    [gridOne, [200, 200, 200, 200, 404, 404]],
    [spaceOne, [200, 200, 200, 404, 404, 404]],
    [linkOne, [200, 200, 200, 200, 200, 200]],
    [authOne, [200, 200, 200, 200, 200, 404]],
  ];
  const viewers = [owner, admin, spaceMember, member, outsider, null];
  for (const [entity, statuses] of expect) {
    for (let i = 0; i < viewers.length; i++) {
      const res = await app.read(viewers[i], entity.entity_id);
      assert.equal(res.status, statuses[i], `${entity.visibility} ${JSON.stringify(entity.visibility_spaces)} viewer ${i}: ${res.text}`);
    }
  }
});

test('hidden states collapse to private for everyone but the owner and admins (docs/model.md "States")', async () => {
  const { owner, admin, member } = await app.world();
  const setState = async (id, json) => assert.equal((await app.admin('PATCH', `/entities/${id}`, json)).status, 200);
  const cases = [
    [{ status: 'archived' }, 'archived'],
    [{ expires_at: new Date(Date.now() - 1000).toISOString() }, 'expired'],
    [{ status: 'failed' }, 'failed'],
    [{ status: 'provisioning' }, null],
  ];
  for (const [override, hiddenAs] of cases) {
    const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
    await setState(e.entity_id, override);
    assert.equal((await app.read(owner, e.entity_id)).status, 200);
    assert.equal((await app.read(admin, e.entity_id)).status, 200);
    const other = await app.read(member, e.entity_id);
    const anon = await app.read(null, e.entity_id);
    if (hiddenAs) {
      expectError(assert, other, 404, 'NOT_FOUND');
      expectError(assert, anon, 404, 'NOT_FOUND');
      assert.equal((await app.read(owner, e.entity_id)).body.status, hiddenAs);
    } else {
      assert.equal(other.status, 200, 'provisioning keeps declared visibility');
      assert.equal(anon.status, 200);
    }
  }
});

test('reading counts one view per viewer per day, never the owner', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36' };
  await app.read(owner, e.entity_id, { headers: browser });
  await app.read(member, e.entity_id, { headers: browser });
  await app.read(member, e.entity_id, { headers: browser });
  await app.read(null, e.entity_id, { headers: { ...browser, 'cf-connecting-ip': '203.0.113.7' } });
  await app.read(null, e.entity_id, { headers: { ...browser, 'cf-connecting-ip': '203.0.113.7' } });
  await app.read(null, e.entity_id, { headers: { 'user-agent': 'curl/8.5.0', 'cf-connecting-ip': '203.0.113.8' } });
  const counted = await app.waitFor(owner, e.entity_id, (b) => b.view_count >= 2);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await app.read(owner, e.entity_id)).body.view_count, 2, `${counted.view_count}`);
});

// ------------------------------------------------------------------ list

test('list returns only what the caller may see in the active grid, with summary rows', async () => {
  const { owner, member, admin, grid } = await app.world();
  const visible = await app.dropLive(owner, {});
  const hidden = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  const res = await app.list(member);
  assert.equal(res.status, 200);
  const ids = res.body.items.map((i) => i.entity_id);
  assert.ok(ids.includes(visible.entity_id));
  assert.ok(!ids.includes(hidden.entity_id));
  assert.equal(res.body.total_returned, res.body.items.length);
  assert.equal(res.body.next_cursor, null);
  const row = res.body.items.find((i) => i.entity_id === visible.entity_id);
  for (const key of ['entity_id', 'name', 'display_name', 'url', 'visibility', 'view_count', 'reactions', 'owner', 'created_at', 'caller_permissions', 'status', 'expires_at', 'expires_in_days']) {
    assert.ok(key in row, key);
  }
  assert.ok(!('inspired_by' in row), 'summary omits inspired_by');
  assert.equal(row.status, 'live');
  assert.equal(row.expires_in_days, 30);
  assert.deepEqual(row.caller_permissions, { can_edit: false, can_archive: false, can_pin: false });
  const adminIds = (await app.list(admin)).body.items.map((i) => i.entity_id);
  assert.ok(adminIds.includes(hidden.entity_id), 'grid admins see private rows');
  const other = await app.grid();
  await app.join(other, member);
  const elsewhere = await app.list(member, '', { grid: other.slug });
  assert.equal(elsewhere.body.items.length, 0, 'another grid shows nothing of this one');
  assert.equal((await app.list(member, '', { grid: grid.slug })).body.items.length, 1);
});

test('list retention fields: expired and archived rows show their state to the owner only', async () => {
  const { owner, member } = await app.world();
  const expiring = await app.dropLive(owner, {});
  const archived = await app.dropLive(owner, {});
  const pinned = await app.dropLive(owner, { fields: { expires_in_days: 'null', pin_reason: 'keep it forever' } });
  await app.admin('PATCH', `/entities/${expiring.entity_id}`, { expires_at: new Date(Date.now() - 5000).toISOString() });
  await app.request('POST', `/api/v2/inspirations/${archived.entity_id}/archive`, { token: owner.token });
  const soon = await app.dropLive(owner, {});
  await app.admin('PATCH', `/entities/${soon.entity_id}`, { expires_at: new Date(Date.now() + 5 * 3600_000).toISOString() });
  const mine = Object.fromEntries((await app.list(owner, '?owner=me')).body.items.map((i) => [i.entity_id, i]));
  assert.equal(mine[expiring.entity_id].status, 'expired');
  assert.equal(mine[expiring.entity_id].expires_in_days, 0);
  assert.equal(mine[archived.entity_id].status, 'archived');
  assert.equal(mine[pinned.entity_id].expires_in_days, null);
  assert.equal(mine[pinned.entity_id].expires_at, null);
  assert.equal(mine[soon.entity_id].expires_in_days, 1, '5 hours left reads 1');
  const theirs = (await app.list(member)).body.items.map((i) => i.entity_id);
  assert.ok(!theirs.includes(expiring.entity_id) && !theirs.includes(archived.entity_id));
  assert.ok(theirs.includes(pinned.entity_id) && theirs.includes(soon.entity_id));
});

test('list filters by owner and by space; a space the caller is not in gives 403 SPACE_NOT_MEMBER', async () => {
  const { owner, spaceMember, member, space } = await app.world();
  const mine = await app.dropLive(owner, { fields: { scope: 'space', visibility: 'org', space_id: space.space_id } });
  const theirs = await app.dropLive(member, {});
  const byOwner = await app.list(spaceMember, `?owner=${owner.slug}`);
  assert.deepEqual(byOwner.body.items.map((i) => i.entity_id), [mine.entity_id]);
  const me = await app.list(member, '?owner=me');
  assert.deepEqual(me.body.items.map((i) => i.entity_id), [theirs.entity_id]);
  const bySpace = await app.list(spaceMember, `?space=${space.slug}`);
  assert.deepEqual(bySpace.body.items.map((i) => i.entity_id), [mine.entity_id]);
  expectError(assert, await app.list(member, `?space=${space.slug}`), 403, 'SPACE_NOT_MEMBER');
});

test('list rejects a bad sort, limit or cursor with 400 VALIDATION_FAILED', async () => {
  const { owner } = await app.world();
  for (const q of ['?sort=newest', '?limit=0', '?limit=101', '?limit=x', '?cursor=garbage']) {
    expectError(assert, await app.list(owner, q), 400, 'VALIDATION_FAILED');
  }
  await app.dropLive(owner, {});
  await app.dropLive(owner, {});
  const page = await app.list(owner, '?limit=1');
  assert.ok(page.body.next_cursor);
  expectError(assert, await app.list(owner, `?limit=1&sort=view_count_desc&cursor=${page.body.next_cursor}`), 400, 'VALIDATION_FAILED');
});

test('cursor walks cover every row once in every sort, even while rows are added', async () => {
  const { owner, member } = await app.world();
  const ids = [];
  for (let i = 0; i < 7; i++) ids.push((await app.drop(i % 2 ? member : owner, {})).body.entity_id);
  for (const sort of ['created_at_desc', 'view_count_desc', 'reactions_desc']) {
    const seen = [];
    let cursor = null;
    let pages = 0;
    do {
      const res = await app.list(owner, `?limit=2&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(res.status, 200, res.text);
      assert.ok(res.body.items.length <= 2);
      seen.push(...res.body.items.map((i) => i.entity_id));
      cursor = res.body.next_cursor;
      if (pages === 1 && sort === 'created_at_desc') await app.drop(owner, {}); // a new row mid-walk
      pages += 1;
    } while (cursor);
    assert.equal(new Set(seen).size, seen.length, `${sort}: no duplicates`);
    for (const id of ids) assert.ok(seen.includes(id), `${sort}: no gaps`);
  }
  const created = (await app.list(owner, '?limit=100')).body.items.map((i) => Date.parse(i.created_at));
  assert.deepEqual(created, [...created].sort((a, b) => b - a), 'newest first');
});

// ------------------------------------------------------------------ update

test('update changes display_name and description, keeps the name, and returns the full shape', async () => {
  const { owner, admin } = await app.world();
  const e = await app.dropLive(owner, {});
  const res = await patch(owner, e.entity_id, { display_name: 'Renamed', description: 'A short description' });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.display_name, 'Renamed');
  assert.equal(res.body.description, 'A short description');
  assert.equal(res.body.name, e.name);
  assert.ok(res.body.caller_permissions.can_edit);
  const cleared = await patch(admin, e.entity_id, { description: null });
  assert.equal(cleared.status, 200, 'grid admins may update');
  assert.ok(!('description' in cleared.body) || cleared.body.description !== 'A short description');
});

test('update refuses empty bodies, bad values, strangers and other grids', async () => {
  const { owner, member, outsider } = await app.world();
  const e = await app.dropLive(owner, {});
  expectError(assert, await patch(owner, e.entity_id, {}), 400, 'VALIDATION_FAILED');
  expectError(assert, await patch(owner, e.entity_id, { display_name: '' }), 400, 'VALIDATION_FAILED');
  expectError(assert, await patch(owner, e.entity_id, { description: 'x'.repeat(281) }), 400, 'VALIDATION_FAILED');
  expectError(assert, await patch(owner, e.entity_id, { visibility: 'everyone' }), 400, 'VALIDATION_FAILED');
  expectError(assert, await patch(owner, e.entity_id, { scope: 'team' }), 400, 'VALIDATION_FAILED');
  expectError(assert, await patch(owner, e.entity_id, { space_id: 'g3e70682-c209-1cac-a29f-6fbed82c07cd' }), 400, 'VALIDATION_FAILED');
  expectError(assert, await patch(member, e.entity_id, { display_name: 'Mine now' }), 403, 'FORBIDDEN');
  expectError(assert, await patch(outsider, e.entity_id, { display_name: 'Mine now' }), 404, 'NOT_FOUND');
  expectError(assert, await patch(owner, '00000000-0000-4000-8000-000000000000', { display_name: 'x' }), 404, 'NOT_FOUND');
  assert.equal((await app.read(owner, e.entity_id)).body.display_name, e.display_name, 'nothing changed');
});

test('scope moves set or clear the space, move the URL and keep the name', async () => {
  const { owner, grid, space, member } = await app.world();
  const e = await app.dropLive(owner, {});
  expectError(assert, await patch(owner, e.entity_id, { scope: 'space' }), 400, 'SPACE_REQUIRED');
  const other = await app.space(grid);
  expectError(assert, await patch(owner, e.entity_id, { scope: 'space', space_id: other.space_id }), 403, 'SPACE_NOT_MEMBER');
  const moved = await patch(owner, e.entity_id, { scope: 'space', space_id: space.space_id });
  assert.equal(moved.status, 200, moved.text);
  assert.equal(moved.body.url, `${app.serveUrl}/${grid.slug}/s/${space.slug}/${e.name}/`);
  assert.equal(moved.body.space_id, space.space_id);
  assert.equal(moved.body.name, e.name);
  const back = await patch(owner, e.entity_id, { scope: 'personal' });
  assert.equal(back.body.space_id, null);
  assert.equal(back.body.space, null);
  assert.equal(back.body.url, `${app.serveUrl}/${grid.slug}/u/${owner.slug}/${e.name}/`);
  assert.equal(back.body.visibility, 'grid', 'scope is independent of visibility');
  assert.equal((await app.read(member, e.entity_id)).status, 200);
});

test('update maps legacy visibility values and refuses them at a scope that does not allow them', async () => {
  const { owner, space } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'space', visibility: 'org', space_id: space.space_id } });
  const legacySpace = await patch(owner, e.entity_id, { visibility: 'space' });
  assert.equal(legacySpace.status, 200, legacySpace.text);
  assert.equal(legacySpace.body.visibility, 'grid');
  assert.deepEqual(legacySpace.body.visibility_spaces, [space.slug]);
  const org = await patch(owner, e.entity_id, { visibility: 'org' });
  assert.deepEqual(org.body.visibility_spaces, ['everyone']);
  const p = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  const pub = await patch(owner, p.entity_id, { visibility: 'public' });
  assert.equal(pub.body.visibility, 'link');
  assert.equal(pub.body.link_indexed, true);
  const anon = await patch(owner, p.entity_id, { visibility: 'link-anonymous' });
  assert.equal(anon.body.link_indexed, false);
  expectError(assert, await patch(owner, p.entity_id, { visibility: 'space' }), 400, 'SCOPE_INVALID');
  const canonical = await patch(owner, p.entity_id, { visibility: 'grid', visibility_spaces: [space.slug] });
  assert.deepEqual(canonical.body.visibility_spaces, [space.slug]);
  const linkIndexed = await patch(owner, p.entity_id, { visibility: 'link', link_indexed: true });
  assert.equal(linkIndexed.body.link_indexed, true);
  assert.ok(!('visibility_spaces' in linkIndexed.body), 'each mode clears the sub-state it does not own');
});

// ------------------------------------------------------------------ visibility routes

test('PATCH /entities/:id/visibility sets modes with their sub-state and the documented response', async () => {
  const { owner, space } = await app.world();
  const e = await app.dropLive(owner, {});
  const url = `/api/v2/entities/${e.entity_id}/visibility`;
  const res = await app.request('PATCH', url, { token: owner.token, json: { visibility: 'grid', visibility_spaces: [space.slug] } });
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(Object.keys(res.body).sort(), ['entity_id', 'name', 'updated_at', 'visibility', 'visibility_spaces']);
  assert.deepEqual(res.body.visibility_spaces, [space.slug]);
  const link = await app.request('PATCH', url, { token: owner.token, json: { visibility: 'link' } });
  assert.equal(link.body.link_indexed, false);
  assert.ok(!('visibility_spaces' in link.body));
  const grid = await app.request('PATCH', url, { token: owner.token, json: { visibility: 'grid' } });
  assert.deepEqual(grid.body.visibility_spaces, ['everyone']);
  const read1 = await app.read(owner, e.entity_id);
  assert.equal(read1.body.scope, 'org', 'the visibility route leaves scope alone');
});

test('PATCH /entities/:id/visibility refuses org, wrong sub-state, unknown spaces and non-owners', async () => {
  const { owner, member, outsider } = await app.world();
  const e = await app.dropLive(owner, {});
  const url = `/api/v2/entities/${e.entity_id}/visibility`;
  const org = expectError(assert, await app.request('PATCH', url, { token: owner.token, json: { visibility: 'org' } }), 400, 'VALIDATION_FAILED');
  assert.match(JSON.stringify(org), /grid/);
  for (const json of [
    { visibility: 'link', visibility_spaces: ['everyone'] },
    { visibility: 'grid', link_indexed: true },
    { visibility: 'grid', visibility_spaces: [] },
    { visibility: 'public' },
    {},
  ]) {
    expectError(assert, await app.request('PATCH', url, { token: owner.token, json }), 400, 'VALIDATION_FAILED');
  }
  expectError(assert, await app.request('PATCH', url, { token: owner.token, json: { visibility: 'grid', visibility_spaces: ['nope'] } }), 400, 'SPACE_NOT_FOUND');
  expectError(assert, await app.request('PATCH', url, { token: member.token, json: { visibility: 'private' } }), 403, 'NOT_OWNER');
  expectError(assert, await app.request('PATCH', url, { token: outsider.token, json: { visibility: 'private' } }), 404, 'NOT_FOUND');
  assert.equal((await app.read(member, e.entity_id)).status, 200, 'refusals changed nothing');
});

test('PATCH /inspirations/:id/visibility accepts legacy values but not with sub-state fields', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, {});
  const url = `/api/v2/inspirations/${e.entity_id}/visibility`;
  const org = await app.request('PATCH', url, { token: owner.token, json: { visibility: 'org' } });
  assert.equal(org.status, 200, org.text);
  assert.equal(org.body.visibility, 'grid');
  assert.deepEqual(org.body.visibility_spaces, ['everyone']);
  expectError(assert, await app.request('PATCH', url, { token: owner.token, json: { visibility: 'org', visibility_spaces: ['everyone'] } }), 400, 'VALIDATION_FAILED');
  expectError(assert, await app.request('PATCH', url, { token: owner.token, json: { visibility: 'public', link_indexed: true } }), 400, 'VALIDATION_FAILED');
});

// ------------------------------------------------------------------ archive and pin

test('archive hides from others and unarchive restores; only owner or admin', async () => {
  const { owner, admin, member } = await app.world();
  const e = await app.dropLive(owner, {});
  expectError(assert, await app.request('POST', `/api/v2/inspirations/${e.entity_id}/archive`, { token: member.token }), 403, 'FORBIDDEN');
  const archived = await app.request('POST', `/api/v2/inspirations/${e.entity_id}/archive`, { token: owner.token });
  assert.equal(archived.status, 200);
  assert.equal(archived.body.status, 'archived');
  expectError(assert, await app.read(member, e.entity_id), 404, 'NOT_FOUND');
  const restored = await app.request('POST', `/api/v2/inspirations/${e.entity_id}/unarchive`, { token: admin.token });
  assert.equal(restored.body.status, 'live');
  assert.equal((await app.read(member, e.entity_id)).status, 200);
});

test('pin clears expiry with a reason; unpin sets a new expiry', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, {});
  const url = `/api/v2/inspirations/${e.entity_id}/pin`;
  expectError(assert, await app.request('POST', url, { token: owner.token, json: { pin_reason: 'no' } }), 400, 'VALIDATION_FAILED');
  expectError(assert, await app.request('POST', url, { token: member.token, json: { pin_reason: 'keep this one' } }), 403, 'FORBIDDEN');
  const pinned = await app.request('POST', url, { token: owner.token, json: { pin_reason: 'keep this one' } });
  assert.equal(pinned.status, 200);
  assert.equal(pinned.body.pinned, true);
  assert.equal(pinned.body.expires_at, null);
  const unpinned = await app.request('DELETE', url, { token: owner.token, json: { expires_in_days: 3 } });
  assert.equal(unpinned.body.pinned, false);
  const days = (Date.parse(unpinned.body.expires_at) - Date.now()) / 86_400_000;
  assert.ok(days > 2.9 && days <= 3);
  const byDefault = await app.request('DELETE', url, { token: owner.token });
  assert.ok((Date.parse(byDefault.body.expires_at) - Date.now()) / 86_400_000 > 29.9);
  expectError(assert, await app.request('DELETE', url, { token: owner.token, json: { expires_in_days: 400 } }), 400, 'VALIDATION_FAILED');
});

test('pinning an expired Inspiration restores it for everyone', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, {});
  await app.admin('PATCH', `/entities/${e.entity_id}`, { expires_at: new Date(Date.now() - 1000).toISOString() });
  expectError(assert, await app.read(member, e.entity_id), 404, 'NOT_FOUND');
  await app.request('POST', `/api/v2/inspirations/${e.entity_id}/pin`, { token: owner.token, json: { pin_reason: 'bring it back' } });
  assert.equal((await app.read(member, e.entity_id)).status, 200);
});
