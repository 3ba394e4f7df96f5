// A second reading of the interface to the letter, as a suite written from it alone would read it:
// each test is one rule, status, field, default, header or bound of openapi.yaml and docs/model.md
// that the rest of the suite checked loosely or not at all.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError, BROWSER_UA, UUID } from './support/harness.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const DAY = 86_400_000;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const runtime = (grid, owner, fields = {}) => app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, {
  owner_id: owner.user_id, kind: 'app', name: `app-${Math.random().toString(36).slice(2, 8)}`, status: 'running', ...fields,
});
const patch = (user, path, json, opts = {}) => app.request('PATCH', path, { token: user.token, json, ...opts });
const react = (user, id, kind) => app.request('POST', `/api/v2/entities/${id}/reactions`, { token: user?.token, json: { kind } });
const rowOf = async (user, id, query = '') => (await app.list(user, query)).body.items.find((i) => i.entity_id === id);

// ------------------------------------------------------------------ summary rows (2.2)

test('summary status: live, expired past expires_at, archived over both, other states pass through', async () => {
  const { owner } = await app.world();
  const live = await app.dropLive(owner, {});
  const expired = await app.dropLive(owner, {});
  const archivedExpired = await app.dropLive(owner, {});
  const failed = await app.dropLive(owner, {});
  const past = new Date(Date.now() - 60_000).toISOString();
  await app.mustAdmin('PATCH', `/entities/${expired.entity_id}`, { expires_at: past });
  await app.mustAdmin('PATCH', `/entities/${archivedExpired.entity_id}`, { expires_at: past });
  assert.equal((await app.request('POST', `/api/v2/inspirations/${archivedExpired.entity_id}/archive`, { token: owner.token })).status, 200);
  await app.mustAdmin('PATCH', `/entities/${failed.entity_id}`, { status: 'failed', expires_at: past });
  const rows = Object.fromEntries((await app.list(owner, '?owner=me')).body.items.map((i) => [i.entity_id, i]));
  assert.equal(rows[live.entity_id].status, 'live');
  assert.equal(rows[expired.entity_id].status, 'expired');
  assert.equal(rows[expired.entity_id].expires_in_days, 0);
  assert.equal(rows[archivedExpired.entity_id].status, 'archived', 'archived wins over expired');
  assert.equal(rows[archivedExpired.entity_id].expires_in_days, 0);
  assert.equal(rows[failed.entity_id].status, 'failed', 'another stored status passes through');
});

test('expires_in_days rounds up to whole days, is 0 once passed and at the instant, null only when pinned', async () => {
  const { owner } = await app.world();
  const cases = [
    [60_000, 1], [DAY - 60_000, 1], [DAY + 60_000, 2], [2 * DAY + 3_600_000, 3], [364 * DAY + 60_000, 365], [-60_000, 0], [-40 * DAY, 0],
  ];
  for (const [left, want] of cases) {
    const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
    await app.mustAdmin('PATCH', `/entities/${e.entity_id}`, { expires_at: new Date(Date.now() + left).toISOString() });
    const row = await rowOf(owner, e.entity_id, '?owner=me');
    assert.equal(row.expires_in_days, want, `${left} ms left`);
    assert.equal(typeof row.expires_at, 'string');
  }
  for (const days of [1, 365]) {
    const e = await app.dropLive(owner, { fields: { expires_in_days: days } });
    const row = await rowOf(owner, e.entity_id, '?owner=me');
    assert.equal(row.expires_in_days, days);
    const created = Date.parse(e.created_at);
    assert.ok(Math.abs(Date.parse(e.expires_at) - created - days * DAY) < 5000, `${days} days after creation`);
  }
  const pinned = await app.dropLive(owner, { fields: { expires_in_days: 'null', pin_reason: 'the launch deck' } });
  const row = await rowOf(owner, pinned.entity_id, '?owner=me');
  assert.equal(row.expires_in_days, null);
  assert.equal(row.expires_at, null);
  assert.equal(pinned.pinned, true);
  assert.equal(pinned.expires_at, null);
});

test('a summary row has every listed field, the sparse enrichment ones only when filled, and no inspired_by', async () => {
  const { owner, member } = await app.world();
  const source = await app.dropLive(owner, {});
  const e = await app.dropLive(owner, { fields: { inspired_by: [source.entity_id] } });
  const row = await rowOf(member, e.entity_id);
  for (const key of ['entity_id', 'name', 'display_name', 'url', 'visibility', 'view_count', 'reactions', 'owner', 'created_at', 'caller_permissions', 'status', 'expires_at', 'expires_in_days']) {
    assert.ok(key in row, key);
  }
  assert.ok(!('inspired_by' in row));
  for (const key of ['description', 'icon', 'category', 'tags']) {
    if (key in row) assert.notEqual(row[key], null, `${key} is sparse: absent, never null`);
  }
  assert.deepEqual(row.owner, { user_id: owner.user_id, name: owner.name, slug: owner.slug });
  assert.equal(row.url, e.url);
  for (const key of ['sparked', 'useful', 'build_on', 'impressive', 'discuss']) assert.equal(row.reactions[key], 0, key);
});

// ------------------------------------------------------------------ sparse sub-state (2.1, 2.5)

test('visibility_spaces appears only in grid mode and link_indexed only in link mode, on every shape', async () => {
  const { owner, space } = await app.world();
  const shapes = async (e) => [
    (await app.read(owner, e.entity_id)).body,
    (await patch(owner, `/api/v2/inspirations/${e.entity_id}`, { display_name: 'Same' })).body,
  ];
  const priv = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  for (const b of [priv, ...await shapes(priv)]) {
    assert.ok(!('visibility_spaces' in b) && !('link_indexed' in b), 'private has neither');
  }
  const link = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  for (const b of [link, ...await shapes(link)]) {
    assert.equal(b.link_indexed, false);
    assert.ok(!('visibility_spaces' in b));
  }
  const grid = await app.dropLive(owner, {});
  for (const b of [grid, ...await shapes(grid)]) {
    assert.deepEqual(b.visibility_spaces, ['everyone']);
    assert.ok(!('link_indexed' in b));
  }
  const inSpace = await app.dropLive(owner, { fields: { scope: 'space', visibility: 'space', space_id: space.space_id } });
  for (const b of [inSpace, ...await shapes(inSpace)]) {
    assert.equal(b.visibility, 'grid');
    assert.deepEqual(b.visibility_spaces, [space.slug]);
    assert.deepEqual(b.space, { space_id: space.space_id, slug: space.slug, name: space.name });
    assert.equal(b.space_id, space.space_id);
  }
  const authed = await patch(owner, `/api/v2/entities/${grid.entity_id}/visibility`, { visibility: 'authenticated' });
  assert.deepEqual(Object.keys(authed.body).sort(), ['entity_id', 'name', 'updated_at', 'visibility']);
  const read = (await app.read(owner, grid.entity_id)).body;
  assert.ok(!('visibility_spaces' in read) && !('link_indexed' in read));
});

// ------------------------------------------------------------------ create-time table (2.5, 4.1)

test('every row of the create-time scope/visibility table, and every pair outside it', async () => {
  const { owner, grid, space, member, spaceMember } = await app.world();
  const drop = (scope, visibility) => app.drop(owner, { fields: { scope, visibility, space_id: scope === 'space' ? space.space_id : undefined } });
  const pp = await drop('personal', 'private');
  assert.equal(pp.status, 201, pp.text);
  assert.equal(pp.body.visibility, 'private');
  assert.equal(pp.body.url, `${app.serveUrl}/${grid.slug}/u/${owner.slug}/${pp.body.name}/`);
  const po = await drop('personal', 'org');
  assert.equal(po.body.visibility, 'grid');
  assert.deepEqual(po.body.visibility_spaces, ['everyone']);
  assert.equal(po.body.url, `${app.serveUrl}/${grid.slug}/u/${owner.slug}/${po.body.name}/`);
  const pl = await drop('personal', 'link');
  assert.equal(pl.body.visibility, 'link');
  assert.equal(pl.body.link_indexed, false);
  const ss = await drop('space', 'space');
  assert.deepEqual([ss.body.visibility, ss.body.visibility_spaces], ['grid', [space.slug]]);
  const so = await drop('space', 'org');
  assert.deepEqual([so.body.visibility, so.body.visibility_spaces], ['grid', ['everyone']]);
  assert.equal(so.body.url, `${app.serveUrl}/${grid.slug}/s/${space.slug}/${so.body.name}/`);
  const oo = await drop('org', 'org');
  assert.equal(oo.body.url, `${app.serveUrl}/${grid.slug}/${oo.body.name}/`);
  for (const r of [pp, po, pl, ss, so, oo]) assert.equal(r.status, 201, r.text);
  for (const [scope, visibility] of [['org', 'private'], ['org', 'space'], ['org', 'link'], ['space', 'private'], ['space', 'link'], ['personal', 'space']]) {
    const res = await drop(scope, visibility);
    expectError(assert, res, 400, 'SCOPE_INVALID');
  }
  // Who sees what, once live.
  for (const r of [pp, po, pl, ss, so, oo]) await app.waitFor(owner, r.body.entity_id, (b) => b.status === 'live');
  const seen = async (user, r) => (await app.read(user, r.body.entity_id)).status;
  assert.equal(await seen(member, pp), 404);
  assert.equal(await seen(member, po), 200);
  assert.equal(await seen(null, pl), 200);
  assert.equal(await seen(member, ss), 404);
  assert.equal(await seen(spaceMember, ss), 200);
  assert.equal(await seen(member, so), 200);
  assert.equal(await seen(member, oo), 200);
});

test('create defaults display_name to the submitted name and checks every bound of the form', async () => {
  const { grid } = await app.world();
  let made = 0;
  let owner;
  const ok = async (fields) => {
    // 10 creates a minute per user (interface 8): a new member every 10.
    if (made % 10 === 0) owner = await app.member(grid);
    made += 1;
    const res = await app.drop(owner, { fields });
    assert.equal(res.status, 201, `${JSON.stringify(fields)}: ${res.text}`);
    return res.body;
  };
  const bad = async (fields, field, code = 'VALIDATION_FAILED') => {
    owner ??= await app.member(grid);
    const error = expectError(assert, await app.drop(owner, { fields }), 400, code);
    if (field) assert.ok(error.details.some((d) => d.field === field), `${JSON.stringify(fields)}: ${JSON.stringify(error.details)}`);
  };
  assert.equal((await ok({ name: 'abc' })).display_name, 'abc');
  assert.match((await ok({ name: `a${'b'.repeat(39)}` })).name, /^ab{39}-[0-9a-f]{4}$/);
  assert.equal((await ok({ name: 'x-1', display_name: 'D' })).display_name, 'D');
  assert.equal((await ok({ display_name: 'é'.repeat(100) })).display_name, 'é'.repeat(100));
  await ok({ expires_in_days: 'null', pin_reason: 'x'.repeat(5) });
  await ok({ expires_in_days: 'null', pin_reason: 'x'.repeat(280) });
  await bad({ name: 'ab' }, 'name');
  await bad({ name: `a${'b'.repeat(40)}` }, 'name');
  await bad({ name: 'Abc' }, 'name');
  await bad({ name: '1abc' }, 'name');
  await bad({ name: '-abc' }, 'name');
  await bad({ name: 'ab_c' }, 'name');
  await bad({ display_name: '' }, 'display_name');
  await bad({ display_name: 'x'.repeat(101) }, 'display_name');
  await bad({ expires_in_days: 0 }, 'expires_in_days');
  await bad({ expires_in_days: 366 }, 'expires_in_days');
  await bad({ expires_in_days: '1.5' }, 'expires_in_days');
  await bad({ expires_in_days: 'soon' }, 'expires_in_days');
  await bad({ expires_in_days: 'null' }, 'pin_reason');
  await bad({ expires_in_days: 'null', pin_reason: 'abcd' }, 'pin_reason');
  await bad({ expires_in_days: 'null', pin_reason: 'x'.repeat(281) }, 'pin_reason');
  await bad({ scope: 'team' }, 'scope');
  await bad({ visibility: 'grid' }, 'visibility');
  await bad({ source_type: 'docm' }, 'source_type');
  await bad({ uploaded_via: 'ftp' }, 'uploaded_via');
  for (const via of ['web', 'cli', 'claude_extension', 'claude_mcp', 'api']) await ok({ uploaded_via: via });
  for (const missing of ['name', 'scope', 'visibility', 'source_type', 'uploaded_via']) await bad({ [missing]: undefined }, missing);
  expectError(assert, await app.drop(owner, { file: null }), 400, 'VALIDATION_FAILED');
  await bad({ scope: 'space' }, null, 'SPACE_REQUIRED');
  // pin_reason is 5-280 characters whenever it is sent, and a malformed space_id is refused at any scope.
  await bad({ expires_in_days: 7, pin_reason: 'abcd' }, 'pin_reason');
  await bad({ pin_reason: 'x'.repeat(281) }, 'pin_reason');
  await bad({ space_id: 'not-a-uuid' }, 'space_id');
  const notPinned = await ok({ expires_in_days: 7, pin_reason: 'a fine reason' });
  assert.equal(notPinned.pinned, false, 'a reason alone pins nothing');
  assert.ok(notPinned.expires_at);
  const orgWithSpace = await ok({ space_id: grid.grid_id });
  assert.equal(orgWithSpace.space_id, null, 'null unless scope is space');
});

test('inspired_by: repeated fields, a JSON array field, at most 10 ids, each readable, or INSPIRED_BY_INVALID', async () => {
  const { owner, member } = await app.world();
  const sources = [];
  for (let i = 0; i < 11; i += 1) sources.push((await app.drop(owner, { fields: { name: `src-${i}` } })).body.entity_id);
  const repeated = await app.drop(member, { fields: { inspired_by: sources.slice(0, 10) } });
  assert.equal(repeated.status, 201, repeated.text);
  assert.deepEqual([...repeated.body.inspired_by].sort(), sources.slice(0, 10).sort());
  const asJson = await app.drop(member, { fields: { inspired_by: JSON.stringify(sources.slice(0, 3)) } });
  assert.equal(asJson.status, 201, asJson.text);
  assert.deepEqual([...asJson.body.inspired_by].sort(), sources.slice(0, 3).sort());
  expectError(assert, await app.drop(member, { fields: { inspired_by: sources } }), 400);
  expectError(assert, await app.drop(member, { fields: { inspired_by: [UNKNOWN] } }), 400, 'INSPIRED_BY_INVALID');
  expectError(assert, await app.drop(member, { fields: { inspired_by: ['not-a-uuid'] } }), 400, 'INSPIRED_BY_INVALID');
  const priv = await app.drop(owner, { fields: { scope: 'personal', visibility: 'private' } });
  expectError(assert, await app.drop(member, { fields: { inspired_by: [priv.body.entity_id] } }), 400, 'INSPIRED_BY_INVALID');
});

// ------------------------------------------------------------------ read (4.2)

test('an anonymous slug read is the same 404 as an unknown id, body for body', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  assert.equal((await app.read(null, e.entity_id)).status, 200);
  const strip = (res) => ({ status: res.status, code: res.body.error.code, message: res.body.error.message, details: res.body.error.details });
  const bySlug = await app.read(null, e.name);
  const byUnknown = await app.read(null, UNKNOWN);
  const byUnknownSlug = await app.read(null, 'no-such-thing-abcd');
  expectError(assert, bySlug, 404, 'NOT_FOUND');
  assert.deepEqual(strip(bySlug), strip(byUnknown));
  assert.deepEqual(strip(bySlug), strip(byUnknownSlug));
  assert.equal((await app.read(owner, e.name)).status, 200, 'a member resolves the slug in the active grid');
});

test('a read counts one view per signed-in user per day and per IP per day for anonymous readers', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const h = (ip) => ({ 'user-agent': BROWSER_UA, 'cf-connecting-ip': ip });
  await app.read(null, e.entity_id, { headers: h('198.51.100.1') });
  await app.read(null, e.entity_id, { headers: h('198.51.100.1') });
  await app.read(null, e.entity_id, { headers: h('198.51.100.2') });
  await app.read(member, e.entity_id, { headers: h('198.51.100.3') });
  await app.read(member, e.entity_id, { headers: h('198.51.100.4') });
  await app.read(owner, e.entity_id, { headers: h('198.51.100.5') });
  await app.read(null, e.entity_id, { headers: { ...h('198.51.100.6'), cookie: 'platform-no-count=1' } });
  await app.read(null, e.entity_id, { headers: { 'user-agent': 'curl/8.5.0', 'cf-connecting-ip': '198.51.100.7' } });
  await app.read(null, e.entity_id, { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'cf-connecting-ip': '198.51.100.8' } });
  // Counting happens after the response: wait for the three, then make sure no fourth follows.
  await app.waitFor(owner, e.entity_id, (b) => b.view_count >= 3);
  await sleep(600);
  assert.equal((await app.read(owner, e.entity_id)).body.view_count, 3);
});

// ------------------------------------------------------------------ lists (4.3, 4.4)

test('list limit is 1-100 with a default of 50, and total_returned counts the page', async () => {
  const { owner, grid } = await app.world();
  for (let i = 0; i < 52; i += 1) {
    const res = await app.request('POST', `/admin/v1/grids/${grid.slug}/runtimes`, {
      token: app.secrets.ADMIN_TOKEN, json: { owner_id: owner.user_id, kind: i % 2 ? 'app' : 'agent', name: `bulk-${i}`, status: 'running' },
    });
    assert.equal(res.status, 201, res.text);
  }
  const page = await app.request('GET', '/api/v2/runtimes', { token: owner.token });
  assert.equal(page.body.items.length, 50);
  assert.equal(page.body.total_returned, 50);
  assert.equal(typeof page.body.next_cursor, 'string');
  const rest = await app.request('GET', `/api/v2/runtimes?cursor=${encodeURIComponent(page.body.next_cursor)}`, { token: owner.token });
  assert.equal(rest.body.items.length, 2);
  assert.equal(rest.body.next_cursor, null);
  assert.equal((await app.request('GET', '/api/v2/runtimes?limit=100', { token: owner.token })).body.items.length, 52);
  assert.equal((await app.request('GET', '/api/v2/runtimes?limit=1', { token: owner.token })).body.items.length, 1);
  for (const q of ['?limit=0', '?limit=101', '?limit=-1', '?limit=ten', '?limit=1.5']) {
    expectError(assert, await app.request('GET', `/api/v2/runtimes${q}`, { token: owner.token }), 400, 'VALIDATION_FAILED');
    expectError(assert, await app.list(owner, q), 400, 'VALIDATION_FAILED');
  }
  assert.equal((await app.list(owner, '?limit=100')).status, 200);
  // Default sort of Runtimes is updated_at_desc.
  const rts = (await app.request('GET', '/api/v2/runtimes?limit=100', { token: owner.token })).body.items;
  const stamps = rts.map((r) => Date.parse(r.updated_at));
  assert.deepEqual(stamps, [...stamps].sort((a, b) => b - a));
  assert.equal((await app.request('GET', '/api/v2/runtimes?kind=all', { token: owner.token })).body.items.length, 50);
});

test('runtime rows: the listed fields, retention only on never-deployed drafts, every runtime visible to every member', async () => {
  const { owner, member, grid, space } = await app.world();
  const statuses = ['running', 'building', 'provisioning', 'paused', 'failed', 'failed_serving'];
  const made = {};
  for (const status of statuses) made[status] = await runtime(grid, owner, { status, visibility: 'grid', space_id: space.space_id });
  const draft = await runtime(grid, owner, { status: 'draft', kind: 'agent' });
  const rows = Object.fromEntries((await app.request('GET', '/api/v2/runtimes?limit=100', { token: owner.token })).body.items.map((r) => [r.entity_id, r]));
  for (const status of statuses) {
    const row = rows[made[status].entity_id];
    assert.ok(row, status);
    assert.equal(row.status, status);
    assert.ok(!('expires_at' in row) && !('expires_in_days' in row), `${status} carries no retention clock`);
    for (const key of ['entity_id', 'name', 'display_name', 'kind', 'url', 'status', 'owner', 'created_at', 'updated_at']) assert.ok(key in row, key);
  }
  const d = rows[draft.entity_id];
  assert.equal(d.kind, 'agent');
  assert.equal(d.expires_in_days, 14);
  assert.ok(Math.abs(Date.parse(d.expires_at) - Date.parse(d.created_at) - 14 * DAY) < 2000);
  // A member outside the space still lists runtimes tagged to it.
  const theirs = (await app.request('GET', '/api/v2/runtimes?limit=100', { token: member.token })).body.items.map((r) => r.entity_id);
  assert.ok(theirs.includes(made.running.entity_id));
});

// ------------------------------------------------------------------ update (4.5)

test('update honours visibility_spaces only in grid mode and link_indexed only in link mode, defaulting both', async () => {
  const { owner, space } = await app.world();
  const e = await app.dropLive(owner, {});
  const url = `/api/v2/inspirations/${e.entity_id}`;
  const toLink = await patch(owner, url, { visibility: 'link', visibility_spaces: [space.slug] });
  assert.equal(toLink.status, 200, toLink.text);
  assert.equal(toLink.body.visibility, 'link');
  assert.equal(toLink.body.link_indexed, false);
  assert.ok(!('visibility_spaces' in toLink.body));
  const indexed = await patch(owner, url, { visibility: 'link', link_indexed: true });
  assert.equal(indexed.body.link_indexed, true);
  const again = await patch(owner, url, { visibility: 'link' });
  assert.equal(again.body.link_indexed, false, 'omitted = false');
  const grid = await patch(owner, url, { visibility: 'grid', visibility_spaces: [space.slug], link_indexed: true });
  assert.equal(grid.status, 200, grid.text);
  assert.deepEqual(grid.body.visibility_spaces, [space.slug]);
  assert.ok(!('link_indexed' in grid.body));
  const whole = await patch(owner, url, { visibility: 'grid' });
  assert.deepEqual(whole.body.visibility_spaces, ['everyone'], 'omitted = whole grid');
  const everyone = await patch(owner, url, { visibility: 'grid', visibility_spaces: ['everyone'] });
  assert.deepEqual(everyone.body.visibility_spaces, ['everyone']);
  for (const json of [{ display_name: '' }, { display_name: 'x'.repeat(101) }, { description: 'x'.repeat(281) }, { visibility: 'everyone' }, { scope: 'team' }, { link_indexed: 'yes' }]) {
    expectError(assert, await patch(owner, url, json), 400, 'VALIDATION_FAILED');
  }
  const described = await patch(owner, url, { description: 'x'.repeat(280) });
  assert.equal(described.body.description, 'x'.repeat(280));
  const cleared = await patch(owner, url, { description: null });
  assert.ok(!('description' in cleared.body) || cleared.body.description == null);
});

test('update: a sub-state field of another mode changes nothing, so link_indexed never widens a grid drop to the whole grid', async () => {
  const { owner, space, member, spaceMember } = await app.world();
  const e = await app.dropLive(owner, {});
  const url = `/api/v2/inspirations/${e.entity_id}`;
  assert.equal((await patch(owner, `/api/v2/entities/${e.entity_id}/visibility`, { visibility: 'grid', visibility_spaces: [space.slug] })).status, 200);
  const indexed = await patch(owner, url, { link_indexed: true });
  assert.equal(indexed.status, 200, indexed.text);
  assert.equal(indexed.body.visibility, 'grid');
  assert.deepEqual(indexed.body.visibility_spaces, [space.slug], 'honoured only in link mode: ignored here');
  assert.ok(!('link_indexed' in indexed.body));
  assert.equal((await app.read(member, e.entity_id)).status, 404, 'still only the space');
  assert.equal((await app.read(spaceMember, e.entity_id)).status, 200);
  // Alone and in its own mode, each refines the current mode.
  const refined = await patch(owner, url, { visibility_spaces: ['everyone'] });
  assert.deepEqual(refined.body.visibility_spaces, ['everyone']);
  assert.equal((await patch(owner, `/api/v2/entities/${e.entity_id}/visibility`, { visibility: 'link', link_indexed: true })).status, 200);
  const spaces = await patch(owner, url, { visibility_spaces: [space.slug] });
  assert.equal(spaces.status, 200, spaces.text);
  assert.equal(spaces.body.visibility, 'link');
  assert.equal(spaces.body.link_indexed, true, 'honoured only in grid mode: indexing stays');
  const unknown = await patch(owner, url, { visibility_spaces: ['no-such-space'] });
  assert.equal(unknown.status, 200, 'a list that is not honoured is not looked at');
  const off = await patch(owner, url, { link_indexed: false });
  assert.equal(off.body.link_indexed, false);
});

test('update: scope moves need and check a space, SCOPE_INVALID for a legacy value the scope refuses, FORBIDDEN for others', async () => {
  const { owner, member, admin, space, grid } = await app.world();
  const other = await app.space(grid);
  const e = await app.dropLive(owner, {});
  const url = `/api/v2/inspirations/${e.entity_id}`;
  expectError(assert, await patch(owner, url, { scope: 'space' }), 400, 'SPACE_REQUIRED');
  expectError(assert, await patch(owner, url, { scope: 'space', space_id: other.space_id }), 403, 'SPACE_NOT_MEMBER');
  const moved = await patch(owner, url, { scope: 'space', space_id: space.space_id });
  assert.equal(moved.status, 200, moved.text);
  assert.equal(moved.body.space_id, space.space_id);
  assert.equal(moved.body.name, e.name);
  const back = await patch(owner, url, { scope: 'personal' });
  assert.equal(back.body.space_id, null);
  assert.equal(back.body.space, null);
  expectError(assert, await patch(owner, url, { visibility: 'space' }), 400, 'SCOPE_INVALID');
  expectError(assert, await patch(member, url, { display_name: 'Mine now' }), 403, 'FORBIDDEN');
  const orgVis = await patch(owner, url, { scope: 'org', visibility: 'private' });
  assert.equal(orgVis.status, 200, 'canonical values are independent of scope');
  assert.equal((await patch(admin, url, { display_name: 'Admin edit' })).status, 200);
  expectError(assert, await patch(owner, url, {}), 400, 'VALIDATION_FAILED');
  expectError(assert, await patch(owner, `/api/v2/inspirations/${UNKNOWN}`, { display_name: 'x' }), 404, 'NOT_FOUND');
  const rt = await runtime(grid, owner);
  expectError(assert, await patch(owner, `/api/v2/inspirations/${rt.entity_id}`, { display_name: 'x' }), 404, 'NOT_FOUND');
});

// ------------------------------------------------------------------ visibility routes (4.6, 4.7)

test('the entity visibility route works on runtimes; the Inspiration one is 404 for them; legacy values map on the Inspiration route only', async () => {
  const { owner, member, grid, space } = await app.world();
  const rt = await runtime(grid, owner, { visibility: 'grid' });
  expectError(assert, await patch(member, `/api/v2/entities/${rt.entity_id}/visibility`, { visibility: 'link' }), 403, 'NOT_OWNER');
  const onRuntime = await patch(owner, `/api/v2/entities/${rt.entity_id}/visibility`, { visibility: 'grid', visibility_spaces: [space.slug] });
  assert.equal(onRuntime.status, 200, onRuntime.text);
  assert.deepEqual(onRuntime.body.visibility_spaces, [space.slug]);
  assert.equal(onRuntime.body.entity_id, rt.entity_id);
  assert.equal(onRuntime.body.name, rt.name);
  expectError(assert, await patch(owner, `/api/v2/inspirations/${rt.entity_id}/visibility`, { visibility: 'link' }), 404, 'NOT_FOUND');
  expectError(assert, await patch(member, `/api/v2/entities/${rt.entity_id}/visibility`, { visibility: 'link' }), 404, 'NOT_FOUND');
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'org' } });
  const byName = await patch(owner, `/api/v2/entities/${e.name}/visibility`, { visibility: 'link' });
  assert.equal(byName.status, 200, 'a name slug in the active grid works too');
  const url = `/api/v2/inspirations/${e.entity_id}/visibility`;
  const expect = {
    org: ['grid', { visibility_spaces: ['everyone'] }],
    'link-anonymous': ['link', { link_indexed: false }],
    'link-indexed': ['link', { link_indexed: true }],
    public: ['link', { link_indexed: true }],
  };
  for (const [legacy, [mode, sub]] of Object.entries(expect)) {
    const res = await patch(owner, url, { visibility: legacy });
    assert.equal(res.status, 200, `${legacy}: ${res.text}`);
    assert.equal(res.body.visibility, mode, legacy);
    for (const [k, v] of Object.entries(sub)) assert.deepEqual(res.body[k], v, `${legacy} ${k}`);
    for (const withSub of [{ visibility_spaces: ['everyone'] }, { link_indexed: false }]) {
      expectError(assert, await patch(owner, url, { visibility: legacy, ...withSub }), 400, 'VALIDATION_FAILED');
    }
    if (legacy !== 'org') expectError(assert, await patch(owner, `/api/v2/entities/${e.entity_id}/visibility`, { visibility: legacy }), 400, 'VALIDATION_FAILED');
  }
  // `space` at personal scope names no space.
  expectError(assert, await patch(owner, url, { visibility: 'space' }), 400, 'SCOPE_INVALID');
  const read = await app.read(owner, e.entity_id);
  assert.equal(read.body.scope, 'personal', 'the route writes visibility only');
});

// ------------------------------------------------------------------ grid headers (5)

test('X-Platform-Org alone selects the grid; X-Platform-Grid wins over it; an unknown one is 403 on reads and writes', async () => {
  const { owner, grid } = await app.world();
  const second = await app.grid();
  await app.join(second, owner);
  const inFirst = await app.drop(owner, { grid: grid.slug });
  assert.equal(inFirst.status, 201, inFirst.text);
  const viaOrg = await app.drop(owner, { headers: { 'x-platform-org': second.slug } });
  assert.equal(viaOrg.status, 201, viaOrg.text);
  assert.equal(viaOrg.body.grid_slug, second.slug);
  const both = await app.drop(owner, { grid: grid.slug, headers: { 'x-platform-org': second.slug } });
  assert.equal(both.body.grid_slug, grid.slug);
  const bothBad = await app.drop(owner, { grid: grid.slug, headers: { 'x-platform-org': 'no-such-grid' } });
  assert.equal(bothBad.status, 201, 'the losing alias is not looked at');
  const missing = expectError(assert, await app.drop(owner, {}), 400, 'ORG_HEADER_REQUIRED');
  assert.ok(missing.message.length > 0);
  expectError(assert, await app.drop(owner, { headers: { 'x-platform-org': 'no-such-grid' } }), 403, 'ORG_NOT_ACCESSIBLE');
  expectError(assert, await app.list(owner, '', { headers: { 'x-platform-org': 'no-such-grid' } }), 403, 'ORG_NOT_ACCESSIBLE');
  const listedOrg = await app.list(owner, '', { headers: { 'x-platform-org': second.slug } });
  assert.deepEqual(listedOrg.body.items.map((i) => i.entity_id), [viaOrg.body.entity_id]);
  // Every write route asks a multi-grid user for the header; reads do not.
  const id = inFirst.body.entity_id;
  for (const [method, path, json] of [
    ['PATCH', `/api/v2/inspirations/${id}`, { display_name: 'x' }],
    ['PATCH', `/api/v2/entities/${id}/visibility`, { visibility: 'link' }],
    ['PATCH', `/api/v2/inspirations/${id}/visibility`, { visibility: 'link' }],
    ['POST', `/api/v2/entities/${id}/reactions`, { kind: 'sparked' }],
    ['PATCH', `/api/v2/entities/${id}`, { badge_mode: 'off' }],
  ]) {
    expectError(assert, await app.request(method, path, { token: owner.token, json }), 400, 'ORG_HEADER_REQUIRED');
  }
  assert.equal((await app.read(owner, id)).status, 200);
});

// ------------------------------------------------------------------ reactions (2.6, 3.3, 4.8)

test('reactions: retired kinds refused, archived refused, private Inspirations 403, the five keys always on the wire', async () => {
  const { owner, member, grid } = await app.world();
  const e = await app.dropLive(owner, {});
  const res = await react(member, e.entity_id, 'build_on');
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.entity_id, e.entity_id);
  for (const key of ['sparked', 'useful', 'build_on', 'impressive', 'discuss']) assert.equal(typeof res.body.reactions[key], 'number', key);
  assert.deepEqual(res.body.user_reactions, ['build_on']);
  const byAlias = await app.request('POST', `/api/v2/inspirations/${e.entity_id}/reactions`, { token: member.token, json: { kind: 'build_on' } });
  assert.deepEqual(Object.keys(byAlias.body).sort(), ['entity_id', 'reactions', 'user_reactions']);
  assert.deepEqual(byAlias.body.user_reactions, [], 'the alias toggles the same reaction off');
  for (const kind of ['viewed', 'resonated', 'love']) expectError(assert, await react(member, e.entity_id, kind), 400, 'VALIDATION_FAILED');
  expectError(assert, await app.request('POST', `/api/v2/entities/${e.entity_id}/reactions`, { token: member.token, json: {} }), 400, 'VALIDATION_FAILED');
  const priv = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  expectError(assert, await react(owner, priv.entity_id, 'sparked'), 403);
  const rt = await runtime(grid, owner, { status: 'archived' });
  const refused = await react(owner, rt.entity_id, 'sparked');
  assert.ok(refused.status >= 400 && refused.status < 500, refused.text);
  expectError(assert, await react(member, UNKNOWN, 'sparked'), 404, 'NOT_FOUND');
});

// ------------------------------------------------------------------ beacon (4.9)

test('the beacon answers 202 with an empty body to every request: a body, a bad token, any id', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const cases = [
    { path: e.entity_id, body: '{"future":true}', headers: { 'content-type': 'application/json' } },
    { path: e.entity_id, headers: { authorization: 'Bearer nonsense' } },
    { path: e.entity_id, headers: { 'user-agent': 'curl/8' } },
    { path: UNKNOWN },
    { path: 'x'.repeat(300) },
  ];
  for (const c of cases) {
    const res = await app.request('POST', `/api/v2/views/${c.path}`, { body: c.body, headers: { 'user-agent': BROWSER_UA, ...c.headers } });
    assert.equal(res.status, 202, `${JSON.stringify(c)}: ${res.text}`);
    assert.equal(res.text, '');
    assert.ok(res.headers.get('x-request-id'));
  }
});

// ------------------------------------------------------------------ links (4.10)

test('link rows carry exactly the documented fields, and notes are bounded at 280', async () => {
  const { owner, grid } = await app.world();
  const rt = await runtime(grid, owner);
  const source = await app.dropLive(owner, {});
  const url = `/api/v2/runtimes/${rt.entity_id}/inspirations`;
  const created = await app.request('POST', url, { token: owner.token, json: { inspiration_entity_id: source.entity_id, note: 'n'.repeat(280) } });
  assert.equal(created.status, 201, created.text);
  assert.deepEqual(Object.keys(created.body).sort(), ['created_at', 'inspiration_entity_id', 'link_id', 'note', 'noted_by', 'runtime_id']);
  assert.match(created.body.link_id, UUID);
  const sources = await app.request('GET', url, { token: owner.token });
  assert.deepEqual(Object.keys(sources.body).sort(), ['items', 'next_cursor', 'total_returned']);
  assert.deepEqual(Object.keys(sources.body.items[0]).sort(), ['created_at', 'inspiration', 'inspiration_entity_id', 'link_id', 'note', 'noted_by', 'runtime_id']);
  assert.ok(!('inspired_by' in sources.body.items[0].inspiration), 'an Inspiration summary row');
  const inspired = await app.request('GET', `/api/v2/inspirations/${source.entity_id}/inspired-runtimes`, { token: owner.token });
  assert.deepEqual(Object.keys(inspired.body.items[0]).sort(), ['created_at', 'inspiration_entity_id', 'link_id', 'linked_runtime', 'note', 'noted_by', 'runtime_id']);
  assert.equal(inspired.body.items[0].linked_runtime.kind, 'app');
  const bare = await app.request('POST', url.replace(rt.entity_id, (await runtime(grid, owner)).entity_id), { token: owner.token, json: { inspiration_entity_id: source.entity_id } });
  assert.equal(bare.status, 201);
  assert.equal(bare.body.note, null);
  expectError(assert, await app.request('POST', url, { token: owner.token, json: { inspiration_entity_id: 'nope' } }), 400, 'VALIDATION_FAILED');
  expectError(assert, await app.request('GET', `/api/v2/runtimes/${UNKNOWN}/inspirations`, { token: owner.token }), 404, 'NOT_FOUND');
  expectError(assert, await app.request('GET', `/api/v2/inspirations/${UNKNOWN}/inspired-runtimes`, { token: owner.token }), 404, 'NOT_FOUND');
});

// ------------------------------------------------------------------ feedback (2.8, 4.12)

test('the feedback endpoint: its flat error shape for every refusal, the 2000 bound, the fixed source, and X-Request-Id', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const send = (body, headers = {}) => app.request('POST', `/api/v2/entities/${e.entity_id}/feedback`, {
    body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', 'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 200)}`, ...headers },
  });
  const okRes = await send({ category: 'bug', text: 'x'.repeat(2000), source: 'badge' });
  assert.equal(okRes.status, 200, okRes.text);
  assert.deepEqual(okRes.body, { ok: true });
  assert.ok(okRes.headers.get('x-request-id'));
  const refusals = [
    { category: 'bug', text: 'x'.repeat(2001), source: 'badge' },
    { category: 'praise', text: 'hi', source: 'badge' },
    { category: 'bug', text: 'hi', source: 'web' },
    { category: 'bug', text: 'hi' },
    { text: 'hi', source: 'badge' },
    { category: 'bug', source: 'badge' },
    { category: 'bug', text: '', source: 'badge' },
    '{"category":',
    '[]',
  ];
  for (const body of refusals) {
    const res = await send(body);
    assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'error']);
    assert.equal(typeof res.body.error, 'string');
    assert.equal(res.body.code, 'VALIDATION_FAILED');
    assert.ok(res.headers.get('x-request-id'));
  }
  const notUtf8 = await app.request('POST', `/api/v2/entities/${e.entity_id}/feedback`, { body: Buffer.from([0x7b, 0xff, 0x7d]), headers: { 'content-type': 'application/json' } });
  assert.equal(notUtf8.status, 400);
  assert.deepEqual(Object.keys(notUtf8.body).sort(), ['code', 'error']);
  for (const id of [UNKNOWN, 'not-a-uuid']) {
    const res = await app.request('POST', `/api/v2/entities/${id}/feedback`, { json: { category: 'bug', text: 'hi', source: 'badge' } });
    assert.equal(res.status, 404, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'error']);
    assert.equal(res.body.code, 'NOT_FOUND');
  }
});

test('feedback beyond 5 in 10 minutes from one IP to one entity is a flat 429 with Retry-After', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const send = (ip) => app.request('POST', `/api/v2/entities/${e.entity_id}/feedback`, { json: { category: 'comment', text: 'hi', source: 'badge' }, headers: { 'cf-connecting-ip': ip } });
  for (let i = 0; i < 5; i += 1) assert.equal((await send('203.0.113.77')).status, 200);
  const res = await send('203.0.113.77');
  assert.equal(res.status, 429, res.text);
  assert.deepEqual(Object.keys(res.body).sort(), ['code', 'error']);
  assert.equal(res.body.code, 'RATE_LIMITED');
  assert.match(res.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
  assert.ok(Number(res.headers.get('retry-after')) <= 600);
  assert.equal((await send('203.0.113.78')).status, 200, 'another IP is counted on its own');
});

// ------------------------------------------------------------------ errors and headers (7, 8)

test('every response, unknown routes and methods included, carries X-Request-Id equal to the body request_id', async () => {
  const { owner } = await app.world();
  const cases = [
    ['GET', '/api/v2/nope'],
    ['GET', '/api/v3/inspirations'],
    ['GET', '/api/v2/inspirations/a/b/c/d'],
    ['POST', '/api/v2/nope'],
    ['DELETE', '/api/v2/inspirations'],
    ['GET', '/admin/v1/nope'],
  ];
  for (const [method, path] of cases) {
    const res = await app.request(method, path, { token: owner.token });
    assert.ok(res.status >= 400 && res.status < 500, `${method} ${path}: ${res.status}`);
    assert.ok(res.body?.error, `${method} ${path}: ${res.text}`);
    assert.equal(res.headers.get('x-request-id'), res.body.error.request_id, `${method} ${path}`);
  }
  for (const path of ['/healthz', '/badge.js', '/api/v2/inspirations']) {
    const res = await app.request('GET', path, { token: owner.token });
    assert.ok(res.headers.get('x-request-id'), path);
  }
  const distinct = new Set();
  for (let i = 0; i < 3; i += 1) distinct.add((await app.request('GET', '/api/v2/nope')).headers.get('x-request-id'));
  assert.equal(distinct.size, 3, 'one id per request');
});

test('a JSON body that is not UTF-8 is 400 VALIDATION_FAILED on every JSON route', async () => {
  const { owner, grid } = await app.world();
  const e = await app.dropLive(owner, {});
  const rt = await runtime(grid, owner);
  const body = Buffer.from([0x7b, 0x22, 0x6b, 0x69, 0x6e, 0x64, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]);
  for (const [method, path] of [
    ['PATCH', `/api/v2/inspirations/${e.entity_id}`],
    ['PATCH', `/api/v2/entities/${e.entity_id}/visibility`],
    ['PATCH', `/api/v2/inspirations/${e.entity_id}/visibility`],
    ['POST', `/api/v2/entities/${e.entity_id}/reactions`],
    ['PATCH', `/api/v2/entities/${e.entity_id}`],
    ['POST', `/api/v2/runtimes/${rt.entity_id}/inspirations`],
  ]) {
    expectError(assert, await app.request(method, path, { token: owner.token, body, headers: { 'content-type': 'application/json' } }), 400, 'VALIDATION_FAILED');
  }
});

test('429 of the create limit: Retry-After in whole seconds and the limit as a rate_limit detail', async () => {
  const { owner } = await app.world();
  let last;
  for (let i = 0; i < 11; i += 1) last = await app.drop(owner, { fields: { name: `burst-${i}` } });
  const error = expectError(assert, last, 429, 'RATE_LIMITED');
  assert.match(last.headers.get('retry-after'), /^[1-9]\d*$/);
  assert.ok(Number(last.headers.get('retry-after')) <= 60);
  assert.equal(error.details.length, 1);
  assert.equal(error.details[0].field, 'rate_limit');
  assert.equal(typeof error.details[0].issue, 'string');
  assert.equal(error.details[0].hint, '10 per minute');
});

// ------------------------------------------------------------------ badge (2.9, 3.4, 4.11, 4.13)

test('badge.js: the exact Cache-Control and a JavaScript type; the tag attributes on a page, none when off', async () => {
  const { owner, grid } = await app.world();
  const js = await app.request('GET', '/badge.js');
  assert.equal(js.status, 200);
  assert.equal(js.headers.get('cache-control'), 'public, max-age=86400, must-revalidate');
  assert.match(js.headers.get('content-type'), /javascript/);
  const e = await app.dropLive(owner, {});
  const page = await app.open(e.url, { token: owner.token, headers: { accept: 'text/html', 'user-agent': BROWSER_UA } });
  assert.equal(page.status, 200);
  const tags = page.text.match(/<script[^>]*data-platform-tag[^>]*>/g) ?? [];
  assert.equal(tags.length, 1, page.text.slice(-800));
  const tag = tags[0];
  assert.match(tag, new RegExp(`src="${app.baseUrl}/badge.js"`));
  assert.match(tag, /data-platform-tag="badge"/);
  assert.match(tag, /\sdata-platform-badge[\s=>]/);
  assert.match(tag, new RegExp(`data-platform-entity="${e.entity_id}"`));
  assert.match(tag, new RegExp(`data-platform-org="${grid.slug}"`));
  assert.match(tag, /data-platform-badge-mode="auto"/);
  assert.ok(!/data-platform-position|data-platform-theme/.test(tag), 'optional attributes only when a style is set');
  assert.ok(page.text.indexOf(tag) < page.text.lastIndexOf('</body>'));
  const off = await patch(owner, `/api/v2/entities/${e.entity_id}`, { badge_mode: 'off' });
  assert.equal(off.status, 200, off.text);
  assert.deepEqual(Object.keys(off.body).sort(), ['badge_mode', 'badge_state', 'entity_id', 'updated_at']);
  assert.equal(off.body.badge_state, 'off');
  const quiet = await app.open(e.url, { token: owner.token, headers: { accept: 'text/html', 'user-agent': BROWSER_UA } });
  assert.equal(quiet.status, 200);
  assert.ok(!/data-platform-|badge\.js/.test(quiet.text), 'no tag at all when off');
  expectError(assert, await patch(owner, `/api/v2/entities/${e.entity_id}`, { badge_mode: 'auto' }), 400, 'VALIDATION_FAILED');
});

// ------------------------------------------------------------------ operator API (platform 6)

test('operator API statuses: 201 creates, 200 puts and patches, 204 deletes, summary row plus visibility for runtimes', async () => {
  const { grid, owner, space } = await app.world();
  const u = await app.admin('POST', '/users', { slug: `op-${Date.now()}`, name: 'Op' });
  assert.equal(u.status, 201);
  assert.deepEqual(Object.keys(u.body).sort(), ['name', 'slug', 'user_id']);
  const g = await app.admin('POST', '/grids', { slug: `opg-${Date.now()}`, name: 'Op grid' });
  assert.equal(g.status, 201);
  assert.deepEqual(Object.keys(g.body).sort(), ['grid_id', 'name', 'slug']);
  assert.equal((await app.admin('PUT', `/grids/${g.body.slug}/members/${u.body.user_id}`, { role: 'admin' })).status, 200);
  const s = await app.admin('POST', `/grids/${g.body.slug}/spaces`, { slug: 'ops', name: 'Ops' });
  assert.equal(s.status, 201);
  assert.deepEqual(Object.keys(s.body).sort(), ['name', 'slug', 'space_id']);
  assert.equal((await app.admin('PUT', `/spaces/${s.body.space_id}/members/${u.body.user_id}`)).status, 200);
  assert.equal((await app.admin('DELETE', `/grids/${g.body.slug}/members/${u.body.user_id}`)).status, 204);
  const t = await app.admin('POST', '/tokens', { user_id: owner.user_id });
  assert.equal(t.status, 201);
  assert.deepEqual(Object.keys(t.body).sort(), ['expires_at', 'token']);
  const hour = Date.parse(t.body.expires_at) - Date.now();
  assert.ok(hour > 3_590_000 && hour <= 3_600_000, 'one hour by default');
  for (const policy of ['force_on', 'force_off', 'none']) {
    assert.equal((await app.admin('PUT', `/grids/${grid.slug}/badge-policy`, { policy })).status, 200);
  }
  assert.equal((await app.admin('PUT', `/grids/${grid.slug}/badge-style`, { theme: { bg: '#000', nope: 'x' }, position: 'top-left' })).status, 200);
  expectError(assert, await app.admin('PUT', `/grids/${grid.slug}/badge-style`, { theme: { bg: 'red;' } }), 400, 'VALIDATION_FAILED');
  const rt = await app.admin('POST', `/grids/${grid.slug}/runtimes`, { owner_id: owner.user_id, kind: 'agent', name: 'op-agent', status: 'running', visibility: 'link', link_indexed: true, space_id: space.space_id });
  assert.equal(rt.status, 201, rt.text);
  for (const key of ['entity_id', 'name', 'display_name', 'kind', 'url', 'status', 'owner', 'created_at', 'updated_at', 'visibility']) assert.ok(key in rt.body, key);
  assert.equal(rt.body.visibility, 'link');
  for (const status of ['running', 'building', 'provisioning', 'paused', 'draft', 'stopped', 'expired', 'archived', 'failed', 'failed_serving']) {
    const r = await app.admin('POST', `/grids/${grid.slug}/runtimes`, { owner_id: owner.user_id, kind: 'app', name: `st-${status.replace('_', '-')}`, status });
    assert.equal(r.status, 201, `${status}: ${r.text}`);
    assert.equal(r.body.status, status);
  }
  const ov = await app.admin('PATCH', `/entities/${rt.body.entity_id}`, { status: 'paused' });
  assert.equal(ov.status, 200, ov.text);
  expectError(assert, await app.request('POST', '/admin/v1/users', { json: { slug: 'x-y', name: 'X' } }), 401, 'UNAUTHORIZED');
});

// ------------------------------------------------------------------ limits (8)

test('the 101st create in an hour in one grid is 429 with the grid limit named, whoever sends it', async () => {
  const grid = await app.grid();
  const members = [];
  for (let i = 0; i < 11; i += 1) members.push(await app.member(grid));
  for (let i = 0; i < 100; i += 1) {
    const res = await app.drop(members[Math.floor(i / 10)], { fields: { name: `hourly-${i}` } });
    assert.equal(res.status, 201, `${i}: ${res.text}`);
  }
  const res = await app.drop(members[10], { fields: { name: 'one-too-many' } });
  const error = expectError(assert, res, 429, 'RATE_LIMITED');
  assert.deepEqual(error.details.map((d) => [d.field, d.hint]), [['rate_limit', '100 per hour']]);
  const wait = Number(res.headers.get('retry-after'));
  assert.ok(Number.isInteger(wait) && wait >= 1 && wait <= 3600, String(wait));
  // Another grid is counted on its own.
  const other = await app.grid();
  assert.equal((await app.drop(await app.member(other), { fields: { name: 'elsewhere' } })).status, 201);
});

test('feedback beyond 100 a day to one entity is a flat 429, from any IP', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const send = (ip) => app.request('POST', `/api/v2/entities/${e.entity_id}/feedback`, { json: { category: 'other', text: 'hello', source: 'badge' }, headers: { 'cf-connecting-ip': ip } });
  for (let i = 0; i < 100; i += 1) {
    const res = await send(`198.18.${Math.floor(i / 5)}.1`);
    assert.equal(res.status, 200, `${i}: ${res.text}`);
  }
  const res = await send('198.18.200.1');
  assert.equal(res.status, 429, res.text);
  assert.deepEqual(Object.keys(res.body).sort(), ['code', 'error']);
  assert.equal(res.body.code, 'RATE_LIMITED');
  assert.ok(Number(res.headers.get('retry-after')) >= 1);
  const inbox = await app.request('GET', `/api/v2/entities/${e.entity_id}/feedback?limit=100`, { token: owner.token });
  assert.equal(inbox.body.items.length, 100, 'the refused one is not stored');
});
