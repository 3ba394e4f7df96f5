// A fifth reading of the interface to the letter (openapi.yaml, docs/api.md, README "Agents"):
// what rounds 1 to 4 left unchecked. Text bounds exactly at and one past the limit, counted in
// characters (an emoji is one), on every route that takes text; every list's empty answer and its
// filters together; the created resource named in Location; the unpin hint; the MCP tools' input
// schemas carrying the same bounds; and `plug --json` answering JSON for every usage error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError } from './support/harness.mjs';
import { plug, folder } from './support/cli.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const DAY = 86_400_000;
const SMILE = '\u{1f600}'; // one character, two UTF-16 units, four UTF-8 bytes
const EMPTY = { items: [], next_cursor: null, total_returned: 0 };
const runtime = (grid, owner, fields = {}) => app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, {
  owner_id: owner.user_id, kind: 'app', name: `app-${Math.random().toString(36).slice(2, 8)}`, status: 'running', ...fields,
});

test('a 201 create names the new Inspiration in Location: its read endpoint, which answers it', async () => {
  const { owner, grid } = await app.world();
  const made = await app.drop(owner, { grid: grid.slug, fields: { name: 'located' } });
  assert.equal(made.status, 201, made.text);
  const location = made.headers.get('location');
  assert.equal(location, `${app.baseUrl}/api/v2/inspirations/${made.body.entity_id}`);
  const read = await app.request('GET', location, { token: owner.token });
  assert.equal(read.status, 200, read.text);
  assert.equal(read.body.name, made.body.name);
});

test('text bounds count characters, at the bound and one past it: name, display_name, pin_reason, description, note, feedback', async () => {
  const { owner, admin, grid } = await app.world();
  const drop = (user, fields) => app.drop(user, { grid: grid.slug, fields });
  const field = (res, status = 400) => expectError(assert, res, status, 'VALIDATION_FAILED').details.map((d) => [d.field, d.issue]);

  // name: 3-40 before the suffix, so the stored name is up to 45 characters.
  const longest = await drop(owner, { name: 'a'.repeat(40) });
  assert.equal(longest.status, 201, longest.text);
  assert.match(longest.body.name, /^a{40}-[0-9a-f]{4}$/);
  assert.deepEqual(field(await drop(owner, { name: 'a'.repeat(41) })), [['name', 'length']]);
  assert.deepEqual(field(await drop(owner, { name: 'ab' })), [['name', 'length']]);

  // display_name and pin_reason at create: 100 and 280 emoji are taken whole, one more is not.
  const wide = await drop(owner, { name: 'wide', display_name: SMILE.repeat(100), expires_in_days: 'null', pin_reason: SMILE.repeat(280) });
  assert.equal(wide.status, 201, wide.text);
  assert.equal(wide.body.display_name, SMILE.repeat(100));
  assert.equal(wide.body.pinned, true);
  assert.deepEqual(field(await drop(owner, { name: 'wide', display_name: SMILE.repeat(101) })), [['display_name', 'length']]);
  assert.deepEqual(field(await drop(admin, { name: 'wide', expires_in_days: 'null', pin_reason: SMILE.repeat(281) })), [['pin_reason', 'length']]);

  // description on update: up to 280, the empty string clears it (the sparse field goes away).
  const path = `/api/v2/inspirations/${longest.body.entity_id}`;
  const said = await app.request('PATCH', path, { token: owner.token, json: { description: SMILE.repeat(280) } });
  assert.equal(said.status, 200, said.text);
  assert.equal(said.body.description, SMILE.repeat(280));
  assert.deepEqual(field(await app.request('PATCH', path, { token: owner.token, json: { description: SMILE.repeat(281) } })), [['description', 'length']]);
  const cleared = await app.request('PATCH', path, { token: owner.token, json: { description: '' } });
  assert.equal(cleared.status, 200, cleared.text);
  assert.equal('description' in cleared.body, false, 'an empty description is no description');
  assert.equal(cleared.body.display_name, 'a'.repeat(40), 'display_name defaults to the submitted name');

  // A link note: up to 280.
  const rt = await runtime(grid, owner);
  const links = `/api/v2/runtimes/${rt.entity_id}/inspirations`;
  const noted = await app.request('POST', links, { token: owner.token, json: { inspiration_entity_id: wide.body.entity_id, note: SMILE.repeat(280) } });
  assert.equal(noted.status, 201, noted.text);
  assert.equal(noted.body.note, SMILE.repeat(280));
  assert.deepEqual(field(await app.request('POST', links, { token: owner.token, json: { inspiration_entity_id: longest.body.entity_id, note: SMILE.repeat(281) } })), [['note', 'length']]);

  // Feedback text: up to 2000, in the flat shape.
  const feedback = (text) => app.request('POST', `/api/v2/entities/${longest.body.entity_id}/feedback`, {
    json: { category: 'comment', text, source: 'badge' }, headers: { 'cf-connecting-ip': '198.51.100.7' },
  });
  const sent = await feedback(SMILE.repeat(2000));
  assert.equal(sent.status, 200, sent.text);
  assert.deepEqual(sent.body, { ok: true });
  const over = await feedback(SMILE.repeat(2001));
  assert.equal(over.status, 400, over.text);
  assert.deepEqual(Object.keys(over.body).sort(), ['code', 'error']);
  assert.equal(over.body.code, 'VALIDATION_FAILED');
  const inbox = await app.request('GET', `/api/v2/entities/${longest.body.entity_id}/feedback`, { token: owner.token });
  assert.equal(inbox.body.items[0].text, SMILE.repeat(2000), 'stored whole');
});

test('every list answers an empty page the same way, and filters and sort combine without widening what is seen', async () => {
  const { owner, member, grid, space, spaceMember } = await app.world();
  const get = (user, path) => app.request('GET', path, { token: user.token, grid: grid.slug });
  const e = await app.drop(owner, { grid: grid.slug, fields: { name: 'lonely', scope: 'personal', visibility: 'private' } });
  const rt = await runtime(grid, owner, { kind: 'agent' });
  for (const path of [
    '/api/v2/inspirations?owner=me',
    `/api/v2/inspirations?owner=${owner.slug}`,
    '/api/v2/runtimes?kind=app',
    `/api/v2/runtimes?space_id=${space.space_id}`,
    `/api/v2/runtimes/${rt.entity_id}/inspirations`,
  ]) {
    const res = await get(member, path);
    assert.equal(res.status, 200, `${path}: ${res.text}`);
    assert.deepEqual(res.body, EMPTY, `${path} as a member who sees nothing there`);
  }
  assert.deepEqual((await get(spaceMember, `/api/v2/inspirations?space=${space.slug}`)).body, EMPTY);
  assert.deepEqual((await get(owner, `/api/v2/inspirations/${e.body.entity_id}/inspired-runtimes`)).body, EMPTY);
  assert.deepEqual((await get(owner, `/api/v2/entities/${e.body.entity_id}/feedback?limit=100`)).body, EMPTY);

  // Two in the space by two people, one outside: owner and space filters narrow together.
  const inSpace = (user, name) => app.drop(user, { grid: grid.slug, fields: { name, scope: 'space', visibility: 'space', space_id: space.space_id } });
  const mine = await inSpace(owner, 'mine');
  const theirs = await inSpace(spaceMember, 'theirs');
  assert.equal(mine.status, 201, mine.text);
  assert.equal(theirs.status, 201, theirs.text);
  const names = async (user, q) => {
    const res = await get(user, `/api/v2/inspirations${q}`);
    assert.equal(res.status, 200, `${q}: ${res.text}`);
    assert.equal(res.body.total_returned, res.body.items.length);
    return res.body.items.map((i) => i.name);
  };
  assert.deepEqual(await names(owner, `?space=${space.slug}&owner=me&sort=reactions_desc&limit=1`), [mine.body.name]);
  assert.deepEqual(await names(owner, `?space=${space.slug}&owner=${spaceMember.slug}&sort=view_count_desc`), [theirs.body.name]);
  assert.deepEqual(await names(owner, `?owner=me&sort=created_at_desc`), [mine.body.name, e.body.name]);
  // A member outside the space: the space filter is refused, the list omits both space drops.
  expectError(assert, await get(member, `/api/v2/inspirations?space=${space.slug}&owner=me`), 403, 'SPACE_NOT_MEMBER');
  assert.deepEqual(await names(member, `?owner=${owner.slug}&sort=view_count_desc&limit=100`), []);
});

test('unpin refuses an expiry out of range without offering null, which there means the default 30 days', async () => {
  const { owner, grid } = await app.world();
  const made = await app.drop(owner, { grid: grid.slug, fields: { name: 'kept', expires_in_days: 'null', pin_reason: 'for the retro' } });
  assert.equal(made.status, 201, made.text);
  const unpin = (json) => app.request('DELETE', `/api/v2/inspirations/${made.body.entity_id}/pin`, { token: owner.token, json });
  for (const days of [0, 366]) {
    const err = expectError(assert, await unpin({ expires_in_days: days }), 400, 'VALIDATION_FAILED');
    assert.deepEqual(err.details, [{ field: 'expires_in_days', issue: 'range', hint: 'an integer from 1 to 365' }]);
  }
  const before = Date.now();
  const open = await unpin({ expires_in_days: null });
  assert.equal(open.status, 200, open.text);
  assert.equal(open.body.pinned, false);
  const left = Date.parse(open.body.expires_at) - before;
  assert.ok(left > 30 * DAY - 60_000 && left < 30 * DAY + 60_000, `null unpins for 30 days: ${open.body.expires_at}`);
  // On the create form null does pin, and its hint says so.
  const err = expectError(assert, await app.drop(owner, { grid: grid.slug, fields: { name: 'kept', expires_in_days: '0' } }), 400, 'VALIDATION_FAILED');
  assert.equal(err.details[0].hint, 'an integer from 1 to 365, or null to pin');
});

test('the MCP tools publish the API\'s text bounds, and a refusal names the argument the agent sent', async () => {
  const { owner, grid } = await app.world();
  let id = 0;
  const rpc = async (method, params) => {
    const res = await app.request('POST', '/mcp', {
      token: owner.token, grid: grid.slug, json: { jsonrpc: '2.0', id: ++id, method, params },
      headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    });
    assert.equal(res.status, 200, res.text);
    return res.body.result;
  };
  const { tools } = await rpc('tools/list', {});
  const prop = (tool, arg) => tools.find((t) => t.name === tool).inputSchema.properties[arg];
  const bounds = (p) => [p.minLength ?? 0, p.maxLength];
  assert.deepEqual(bounds(prop('drop', 'name')), [3, 40]);
  assert.equal(prop('drop', 'name').pattern, '^[a-z][a-z0-9-]*$');
  assert.deepEqual(bounds(prop('drop', 'title')), [1, 100]);
  assert.deepEqual(bounds(prop('drop', 'pin_reason')), [5, 280]);
  assert.deepEqual(bounds(prop('update', 'display_name')), [1, 100]);
  assert.deepEqual(bounds(prop('update', 'description')), [0, 280]);
  assert.deepEqual(bounds(prop('pin', 'pin_reason')), [5, 280]);
  assert.deepEqual(bounds(prop('link_runtime', 'note')), [0, 280]);

  const call = async (name, args) => {
    const result = await rpc('tools/call', { name, arguments: args });
    return { isError: result.isError, body: JSON.parse(result.content[0].text) };
  };
  const refusedField = (r) => {
    assert.equal(r.isError, true, JSON.stringify(r.body));
    assert.equal(r.body.error.code, 'VALIDATION_FAILED');
    return r.body.error.details.map((d) => [d.field, d.issue]);
  };
  const page = { content: '<!doctype html><h1>agent</h1>', file_name: 'agent.html', wait_seconds: 0 };
  assert.deepEqual(refusedField(await call('drop', { ...page, title: 'a'.repeat(101) })), [['title', 'length']]);
  assert.deepEqual(refusedField(await call('drop', { ...page, title: ' ' })), [['title', 'length']]);
  assert.deepEqual(refusedField(await call('drop', { ...page, name: 'a'.repeat(41) })), [['name', 'length']]);
  const ok = await call('drop', { ...page, title: SMILE.repeat(100) });
  assert.equal(ok.isError, false, JSON.stringify(ok.body));
  assert.equal(ok.body.inspiration.display_name, SMILE.repeat(100));

  const rt = await runtime(grid, owner);
  assert.deepEqual(refusedField(await call('link_runtime', { runtime_id: rt.entity_id, inspiration_id: 'not-a-uuid' })), [['inspiration_id', 'format']]);
  assert.deepEqual(refusedField(await call('link_runtime', { runtime_id: rt.entity_id, inspiration_id: ok.body.inspiration.entity_id, note: 'n'.repeat(281) })), [['note', 'length']]);
  assert.deepEqual(refusedField(await call('update', { id: ok.body.inspiration.entity_id, description: 'd'.repeat(281) })), [['description', 'length']]);
});

test('plug --json answers a usage error JSON on stdout for its argument parser\'s refusals too, exit 2', async () => {
  const dir = folder({ 'page.html': '<!doctype html><h1>x</h1>' });
  const env = { PLUG_URL: app.baseUrl, PLUG_TOKEN: 'unused', PLUG_GRID: 'unused' };
  for (const [args, said] of [
    [['page.html', '--json', '--expires', '0'], /--expires/],
    [['--json', 'page.html', '--bogus'], /--bogus/],
    [['--json'], /<PATH>/],
    [['ls', '--json', '--limit', '101'], /--limit/],
    [['react', 'x', 'love', '--json'], /love/],
  ]) {
    const run = await plug(args, { env, cwd: dir });
    assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    const out = JSON.parse(run.stdout);
    assert.equal(out.error.code, 'USAGE', run.stdout);
    assert.match(out.error.message, said);
    assert.doesNotMatch(out.error.message, /^error:/);
    assert.match(run.stderr, /^error: /, 'the terminal still gets the parser\'s words');
  }
  // Without --json stdout stays empty; help and the version are not errors.
  const plain = await plug(['page.html', '--expires', '0'], { env, cwd: dir });
  assert.equal(plain.code, 2);
  assert.equal(plain.stdout, '');
  const help = await plug(['--json', '--help'], { env, cwd: dir });
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Usage: plug/);
});
