// Inspirations (openapi.yaml; docs/model.md "Visibility", "States", "Errors"; README "Limits";
// docs/model.md "Wire details"): every status and code of the create, read, list, update and
// visibility routes, the scope/visibility and visibility-by-state tables, cursor walks, archive and
// pin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const read = (user, id, opts = {}) => app.request('GET', `/api/v2/inspirations/${id}`, { token: user?.token, ...opts });
const list = (user, query = '', opts = {}) => app.request('GET', `/api/v2/inspirations${query}`, { token: user.token, ...opts });
const patch = (user, id, json) => app.request('PATCH', `/api/v2/inspirations/${id}`, { token: user.token, json });


// ------------------------------------------------------------------ create

test('create returns 201 with the full shape, a suffixed name and the documented defaults', async () => {
  const { owner, grid } = await app.world();
  const res = await app.drop(owner, { fields: { name: 'launch-page' } });
  assert.equal(res.status, 201, res.text);
  const b = res.body;
  assert.match(b.entity_id, UUID);
  assert.match(b.name, /^launch-page-[0-9a-f]{4}$/);
  assert.equal(b.display_name, 'launch-page');
  assert.equal(b.realm, 'inspiration');
  assert.equal(b.kind, 'inspiration');
  assert.equal(b.url, `${app.serveUrl}/${grid.slug}/${b.name}/`);
  assert.equal(b.scope, 'org');
  assert.equal(b.space_id, null);
  assert.equal(b.space, null);
  assert.equal(b.visibility, 'grid');
  assert.deepEqual(b.visibility_spaces, ['everyone']);
  assert.equal(b.pinned, false);
  const days = (Date.parse(b.expires_at) - Date.now()) / 86_400_000;
  assert.ok(days > 29.9 && days <= 30, `expires in ${days} days`);
  assert.equal(b.source_type, 'html');
  assert.equal(b.status, 'provisioning');
  assert.equal(b.brain_status, 'pending');
  assert.equal(b.view_count, 0);
  assert.deepEqual(b.reactions, { sparked: 0, useful: 0, build_on: 0, impressive: 0, discuss: 0 });
  assert.deepEqual(b.owner, { user_id: owner.user_id, name: owner.name, slug: owner.slug });
  assert.equal(b.grid_slug, grid.slug);
  assert.deepEqual(b.inspired_by, []);
  assert.ok(!Number.isNaN(Date.parse(b.created_at)));
  assert.deepEqual(b.caller_permissions, { can_edit: true, can_archive: true, can_pin: true });
  const live = await app.waitFor(owner, b.entity_id, (x) => x.status === 'live');
  assert.equal(live.name, b.name, 'the name is stable');
});

test('every source type with a matching extension is accepted and goes live', async () => {
  const { owner } = await app.world();
  for (const [source_type, file] of fx.everyType()) {
    const res = await app.drop(owner, { file, fields: { name: 'every-type', source_type } });
    assert.equal(res.status, 201, `${file.name}: ${res.text}`);
    await app.waitFor(owner, res.body.entity_id, (b) => b.status === 'live');
  }
});

test('display_name, pinned create and scope urls follow the request', async () => {
  const { owner, grid, space } = await app.world();
  const pinned = await app.drop(owner, { fields: { display_name: 'Launch Page', expires_in_days: 'null', pin_reason: 'keep for the launch' } });
  assert.equal(pinned.status, 201, pinned.text);
  assert.equal(pinned.body.display_name, 'Launch Page');
  assert.equal(pinned.body.pinned, true);
  assert.equal(pinned.body.expires_at, null);
  const personal = await app.drop(owner, { fields: { scope: 'personal', visibility: 'private', expires_in_days: 7 } });
  assert.equal(personal.body.url, `${app.serveUrl}/${grid.slug}/u/${owner.slug}/${personal.body.name}/`);
  assert.equal(personal.body.visibility, 'private');
  const inSpace = await app.drop(owner, { fields: { scope: 'space', visibility: 'space', space_id: space.space_id } });
  assert.equal(inSpace.status, 201, inSpace.text);
  assert.equal(inSpace.body.url, `${app.serveUrl}/${grid.slug}/s/${space.slug}/${inSpace.body.name}/`);
  assert.equal(inSpace.body.space_id, space.space_id);
  assert.deepEqual(inSpace.body.space, { space_id: space.space_id, slug: space.slug, name: space.name });
  assert.equal(inSpace.body.visibility, 'grid');
  assert.deepEqual(inSpace.body.visibility_spaces, [space.slug]);
  const link = await app.drop(owner, { fields: { scope: 'personal', visibility: 'link' } });
  assert.equal(link.body.visibility, 'link');
  assert.equal(link.body.link_indexed, false);
});

test('create refuses bad fields with 400 VALIDATION_FAILED naming the field', async () => {
  const { owner } = await app.world();
  const cases = [
    [{ name: 'ab' }, 'name'],
    [{ name: 'Bad_Name' }, 'name'],
    [{ name: 'a'.repeat(41) }, 'name'],
    [{ name: undefined }, 'name'],
    [{ scope: 'team' }, 'scope'],
    [{ visibility: 'public' }, 'visibility'],
    [{ source_type: 'video' }, 'source_type'],
    [{ uploaded_via: 'fax' }, 'uploaded_via'],
    [{ expires_in_days: 0 }, 'expires_in_days'],
    [{ expires_in_days: 366 }, 'expires_in_days'],
    [{ expires_in_days: 'soon' }, 'expires_in_days'],
    [{ expires_in_days: 'null' }, 'pin_reason'],
    [{ expires_in_days: 'null', pin_reason: 'abc' }, 'pin_reason'],
    [{ display_name: 'x'.repeat(101) }, 'display_name'],
    // A field the form does not have is refused, not ignored (Schemathesis sent garbage names).
    [{ colour: 'blue' }, 'colour'],
  ];
  for (const [fields, field] of cases) {
    const res = await app.drop(owner, { fields });
    assert.equal(res.status, 400, `${JSON.stringify(fields)}: ${res.text}`);
    const error = expectError(assert, res, 400, 'VALIDATION_FAILED');
    assert.equal(error.details[0].field, field, JSON.stringify(fields));
  }
  const noFile = await app.drop(owner, { file: null });
  assert.equal(expectError(assert, noFile, 400, 'VALIDATION_FAILED').details[0].field, 'file');
});

test('invalid scope and visibility combinations give 400 SCOPE_INVALID', async () => {
  const { owner, space } = await app.world();
  for (const [scope, visibility] of [['org', 'private'], ['org', 'space'], ['org', 'link'], ['personal', 'space'], ['space', 'private'], ['space', 'link']]) {
    const res = await app.drop(owner, { fields: { scope, visibility, space_id: space.space_id } });
    expectError(assert, res, 400, 'SCOPE_INVALID');
  }
});

test('scope space needs a space_id (SPACE_REQUIRED) the caller belongs to (SPACE_NOT_MEMBER)', async () => {
  const { owner, member, space } = await app.world();
  expectError(assert, await app.drop(owner, { fields: { scope: 'space', visibility: 'space' } }), 400, 'SPACE_REQUIRED');
  expectError(assert, await app.drop(member, { fields: { scope: 'space', visibility: 'space', space_id: space.space_id } }), 403, 'SPACE_NOT_MEMBER');
});

test('inspired_by must name visible entities; valid ids become links on the new Inspiration', async () => {
  const { owner, member } = await app.world();
  const source = await app.dropLive(owner, {});
  const hidden = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  const res = await app.drop(member, { fields: { inspired_by: [source.entity_id] } });
  assert.equal(res.status, 201, res.text);
  assert.deepEqual(res.body.inspired_by, [source.entity_id]);
  const asJson = await app.drop(member, { fields: { inspired_by: JSON.stringify([source.entity_id]) } });
  assert.deepEqual(asJson.body.inspired_by, [source.entity_id]);
  for (const bad of ['00000000-0000-4000-8000-000000000000', hidden.entity_id, 'not-a-uuid']) {
    expectError(assert, await app.drop(member, { fields: { inspired_by: [bad] } }), 400, 'INSPIRED_BY_INVALID');
  }
  const eleven = Array.from({ length: 11 }, () => source.entity_id.replace(/.$/, (c) => c));
  expectError(assert, await app.drop(member, { fields: { inspired_by: eleven } }), 400);
});

test('an extension that does not match source_type gives 415', async () => {
  const { owner } = await app.world();
  const cases = [['html', 'notes.md'], ['markdown', 'page.html'], ['image', 'doc.pdf'], ['pdf', 'deck.pptx'], ['react_single_file', 'x.ts'], ['html', 'noext']];
  for (const [source_type, name] of cases) {
    const res = await app.drop(owner, { file: { name, content: 'hello' }, fields: { source_type } });
    expectError(assert, res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  }
});

test('malformed contents give 422 and store nothing', async () => {
  const { owner } = await app.world();
  const before = app.r2BlobCount();
  const cases = [
    ['pdf', { name: 'x.pdf', content: 'not a pdf at all' }],
    ['image', { name: 'x.png', content: 'GIF89a fake' }],
    ['image', { name: 'x.jpg', content: fx.png() }],
    ['image', { name: 'x.svg', content: '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>' }],
    ['html', { name: 'x.zip', content: 'PK not really' }],
    ['html', { name: 'x.zip', content: fx.zip([{ name: 'about.html', content: '<p>no index</p>' }]) }],
    ['docx', { name: 'x.docx', content: fx.zip([{ name: 'word/document.xml', content: '<w/>' }]) }],
    ['markdown', { name: 'x.md', content: Buffer.from([0xff, 0xfe, 0x00, 0xc3]) }],
    ['html', { name: 'x.html', content: '' }],
  ];
  for (const [source_type, file] of cases) {
    expectError(assert, await app.drop(owner, { file, fields: { source_type } }), 422, 'CONTENT_MALFORMED');
  }
  const listed = await list(owner, '?owner=me');
  assert.equal(listed.body.items.length, 0, 'no rows were written');
  assert.equal(app.r2BlobCount(), before, 'no objects were written');
});

test('hostile archives (zip-slip, absolute paths, symlinks, duplicates, bombs, lying headers) give 422 and leave nothing in R2', async () => {
  const { owner } = await app.world();
  const index = { name: 'index.html', content: fx.html() };
  const zeros = Buffer.alloc(120 * 1024 * 1024);
  const cases = {
    zipSlip: [index, { name: '../evil.html', content: 'x' }],
    nestedSlip: [index, { name: 'a/../../evil.html', content: 'x' }],
    absolute: [index, { name: '/etc/passwd', content: 'x' }],
    windowsAbsolute: [index, { name: 'C:\\evil.html', content: 'x' }],
    symlink: [index, { name: 'link', content: '/etc/passwd', mode: 0o120777, store: true }],
    duplicate: [index, { name: 'a.css', content: 'x' }, { name: 'a.css', content: 'y' }],
    bomb: [index, { name: 'zeros.bin', content: zeros }],
    lyingHeader: [index, { name: 'big.bin', content: Buffer.alloc(30 * 1024 * 1024), declaredSize: 10 }],
  };
  const before = app.r2BlobCount();
  for (const [name, entries] of Object.entries(cases)) {
    const res = await app.drop(owner, { file: { name: `${name}.zip`, content: fx.zip(entries) } });
    expectError(assert, res, 422, 'CONTENT_MALFORMED');
  }
  assert.equal(app.r2BlobCount(), before, 'no objects were written');
  assert.equal((await list(owner, '?owner=me')).body.items.length, 0, 'no rows were written');
});

test('a file over 50 MB gives 413 PAYLOAD_TOO_LARGE', async () => {
  const { owner } = await app.world();
  const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x61);
  const res = await app.drop(owner, { file: { name: 'big.html', content: big } });
  expectError(assert, res, 413, 'PAYLOAD_TOO_LARGE');
});

test('a zipped site is stored in R2 as its one zip, and every file in its nested folders is served', async () => {
  const { owner } = await app.world();
  const before = app.r2BlobCount();
  const live = await app.dropLive(owner, { file: { name: 'site.zip', content: fx.site() } });
  assert.equal(live.status, 'live');
  assert.equal(app.r2BlobCount() - before, 1, 'one object, whatever the number of files');
  const css = await app.open(`${live.url}css/site.css`, { token: owner.token });
  assert.equal(css.status, 200);
  assert.equal(css.text, 'body { color: #123456 }');
  assert.match(css.headers.get('content-type'), /^text\/css/);
  assert.equal((await app.open(`${live.url}docs/about.html`, { token: owner.token })).status, 200);
});

// ------------------------------------------------------------------ read

test('read by UUID or by slug in the active grid; anonymous readers only by UUID and only link', async () => {
  const { owner, member } = await app.world();
  const grid = await app.dropLive(owner, {});
  assert.equal((await read(member, grid.entity_id)).status, 200);
  const bySlug = await read(member, grid.name);
  assert.equal(bySlug.status, 200);
  assert.equal(bySlug.body.entity_id, grid.entity_id);
  expectError(assert, await read(null, grid.entity_id), 404, 'NOT_FOUND');
  const link = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const anon = await read(null, link.entity_id);
  assert.equal(anon.status, 200);
  assert.deepEqual(anon.body.caller_permissions, { can_edit: false, can_archive: false, can_pin: false });
  expectError(assert, await read(null, link.name), 404, 'NOT_FOUND');
  expectError(assert, await read(member, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
  expectError(assert, await read(member, 'no-such-name'), 404, 'NOT_FOUND');
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
      const res = await read(viewers[i], entity.entity_id);
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
    assert.equal((await read(owner, e.entity_id)).status, 200);
    assert.equal((await read(admin, e.entity_id)).status, 200);
    const other = await read(member, e.entity_id);
    const anon = await read(null, e.entity_id);
    if (hiddenAs) {
      expectError(assert, other, 404, 'NOT_FOUND');
      expectError(assert, anon, 404, 'NOT_FOUND');
      assert.equal((await read(owner, e.entity_id)).body.status, hiddenAs);
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
  await read(owner, e.entity_id, { headers: browser });
  await read(member, e.entity_id, { headers: browser });
  await read(member, e.entity_id, { headers: browser });
  await read(null, e.entity_id, { headers: { ...browser, 'cf-connecting-ip': '203.0.113.7' } });
  await read(null, e.entity_id, { headers: { ...browser, 'cf-connecting-ip': '203.0.113.7' } });
  await read(null, e.entity_id, { headers: { 'user-agent': 'curl/8.5.0', 'cf-connecting-ip': '203.0.113.8' } });
  const counted = await app.waitFor(owner, e.entity_id, (b) => b.view_count >= 2);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await read(owner, e.entity_id)).body.view_count, 2, `${counted.view_count}`);
});

// ------------------------------------------------------------------ list

test('list returns only what the caller may see in the active grid, with summary rows', async () => {
  const { owner, member, admin, grid } = await app.world();
  const visible = await app.dropLive(owner, {});
  const hidden = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  const res = await list(member);
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
  const adminIds = (await list(admin)).body.items.map((i) => i.entity_id);
  assert.ok(adminIds.includes(hidden.entity_id), 'grid admins see private rows');
  const other = await app.grid();
  await app.join(other, member);
  const elsewhere = await list(member, '', { grid: other.slug });
  assert.equal(elsewhere.body.items.length, 0, 'another grid shows nothing of this one');
  assert.equal((await list(member, '', { grid: grid.slug })).body.items.length, 1);
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
  const mine = Object.fromEntries((await list(owner, '?owner=me')).body.items.map((i) => [i.entity_id, i]));
  assert.equal(mine[expiring.entity_id].status, 'expired');
  assert.equal(mine[expiring.entity_id].expires_in_days, 0);
  assert.equal(mine[archived.entity_id].status, 'archived');
  assert.equal(mine[pinned.entity_id].expires_in_days, null);
  assert.equal(mine[pinned.entity_id].expires_at, null);
  assert.equal(mine[soon.entity_id].expires_in_days, 1, '5 hours left reads 1');
  const theirs = (await list(member)).body.items.map((i) => i.entity_id);
  assert.ok(!theirs.includes(expiring.entity_id) && !theirs.includes(archived.entity_id));
  assert.ok(theirs.includes(pinned.entity_id) && theirs.includes(soon.entity_id));
});

test('list filters by owner and by space; a space the caller is not in gives 403 SPACE_NOT_MEMBER', async () => {
  const { owner, spaceMember, member, space } = await app.world();
  const mine = await app.dropLive(owner, { fields: { scope: 'space', visibility: 'org', space_id: space.space_id } });
  const theirs = await app.dropLive(member, {});
  const byOwner = await list(spaceMember, `?owner=${owner.slug}`);
  assert.deepEqual(byOwner.body.items.map((i) => i.entity_id), [mine.entity_id]);
  const me = await list(member, '?owner=me');
  assert.deepEqual(me.body.items.map((i) => i.entity_id), [theirs.entity_id]);
  const bySpace = await list(spaceMember, `?space=${space.slug}`);
  assert.deepEqual(bySpace.body.items.map((i) => i.entity_id), [mine.entity_id]);
  expectError(assert, await list(member, `?space=${space.slug}`), 403, 'SPACE_NOT_MEMBER');
});

test('list rejects a bad sort, limit or cursor with 400 VALIDATION_FAILED', async () => {
  const { owner } = await app.world();
  for (const q of ['?sort=newest', '?limit=0', '?limit=101', '?limit=x', '?cursor=garbage']) {
    expectError(assert, await list(owner, q), 400, 'VALIDATION_FAILED');
  }
  await app.dropLive(owner, {});
  await app.dropLive(owner, {});
  const page = await list(owner, '?limit=1');
  assert.ok(page.body.next_cursor);
  expectError(assert, await list(owner, `?limit=1&sort=view_count_desc&cursor=${page.body.next_cursor}`), 400, 'VALIDATION_FAILED');
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
      const res = await list(owner, `?limit=2&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`);
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
  const created = (await list(owner, '?limit=100')).body.items.map((i) => Date.parse(i.created_at));
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
  assert.equal((await read(owner, e.entity_id)).body.display_name, e.display_name, 'nothing changed');
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
  assert.equal((await read(member, e.entity_id)).status, 200);
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
  const read1 = await read(owner, e.entity_id);
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
  assert.equal((await read(member, e.entity_id)).status, 200, 'refusals changed nothing');
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
  expectError(assert, await read(member, e.entity_id), 404, 'NOT_FOUND');
  const restored = await app.request('POST', `/api/v2/inspirations/${e.entity_id}/unarchive`, { token: admin.token });
  assert.equal(restored.body.status, 'live');
  assert.equal((await read(member, e.entity_id)).status, 200);
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
  expectError(assert, await read(member, e.entity_id), 404, 'NOT_FOUND');
  await app.request('POST', `/api/v2/inspirations/${e.entity_id}/pin`, { token: owner.token, json: { pin_reason: 'bring it back' } });
  assert.equal((await read(member, e.entity_id)).status, 200);
});

// ------------------------------------------------------------------ limits

test('the 11th create in a minute gives 429 with Retry-After and the limit in details', async () => {
  const { owner } = await app.world();
  for (let i = 0; i < 10; i++) assert.equal((await app.drop(owner, {})).status, 201);
  const res = await app.drop(owner, {});
  const error = expectError(assert, res, 429, 'RATE_LIMITED');
  assert.ok(Number(res.headers.get('retry-after')) >= 1);
  assert.deepEqual(error.details[0].field, 'rate_limit');
  assert.equal(error.details[0].hint, '10 per minute');
  assert.equal((await list(owner, '?owner=me&limit=100')).body.items.length, 10, 'the refused create wrote nothing');
});

test('reads straddling a clock minute get no more than 200 through in any rolling minute, counted exactly under concurrency', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, {});
  // Start 3 s before a clock minute turns: a fixed window would grant 200 on each side of it.
  let turn = Date.now() + 60_000 - (Date.now() % 60_000);
  if (turn - Date.now() < 3_000) turn += 60_000;
  await new Promise((r) => setTimeout(r, turn - 3_000 - Date.now()));
  const burst = () => Promise.all(Array.from({ length: 150 }, () => read(member, e.entity_id)));
  const before = await burst();
  await new Promise((r) => setTimeout(r, Math.max(0, turn + 200 - Date.now())));
  const after = await burst();
  const admitted = [...before, ...after].filter((r) => r.status === 200).length;
  assert.equal(before.filter((r) => r.status === 200).length, 150);
  assert.equal(admitted, 200, 'the limit holds across the turn of the minute');
  const refused = after.find((r) => r.status === 429);
  expectError(assert, refused, 429, 'RATE_LIMITED');
  const retry = Number(refused.headers.get('retry-after'));
  assert.ok(retry >= 50 && retry <= 60, `Retry-After ${retry}: when the first of the 200 leaves the window`);
});

test('a CLI below MIN_CLI_VERSION is refused on writes with 426 CLI_UPGRADE_REQUIRED', async () => {
  const { owner } = await app.world();
  const res = await app.drop(owner, { headers: { 'user-agent': 'plug/0.0.1' } });
  expectError(assert, res, 426, 'CLI_UPGRADE_REQUIRED');
  assert.equal((await app.drop(owner, { headers: { 'user-agent': 'plug/0.1.0' } })).status, 201);
});
