// A third reading of the interface to the letter (openapi.yaml, docs/model.md, README "Decisions"):
// rules rounds 1 and 2 and the rest of the suite left unchecked, each at its edges: every route's
// refusals, legacy values against the scope table, ties in paging, the limits named in 429s, one
// view counter behind the read and the beacon, the badge policy's wording, and the restore window.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startWorker, expectError, BROWSER_UA } from './support/harness.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const DAY = 86_400_000;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const KEYS = ['sparked', 'useful', 'build_on', 'impressive', 'discuss'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const runtime = (grid, owner, fields = {}) => app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, {
  owner_id: owner.user_id, kind: 'app', name: `app-${Math.random().toString(36).slice(2, 8)}`, status: 'running', ...fields,
});
const patch = (user, path, json) => app.request('PATCH', path, { token: user.token, json });
const react = (user, id, kind) => app.request('POST', `/api/v2/entities/${id}/reactions`, { token: user.token, json: { kind } });
const beacon = (id, headers = {}, opts = {}) => app.request('POST', `/api/v2/views/${id}`, { headers: { 'user-agent': BROWSER_UA, ...headers }, ...opts });

// ------------------------------------------------------------------ every route's refusals (5, 7)

test('every authenticated route: 401 without a token, 403 ORG_NOT_ACCESSIBLE for a grid not the caller\'s, 404 for an unknown id or another grid', async () => {
  const { owner, grid, outsider } = await app.world();
  const e = await app.dropLive(owner, {});
  const rt = await runtime(grid, owner);
  const made = await app.request('POST', `/api/v2/runtimes/${rt.entity_id}/inspirations`, { token: owner.token, json: { inspiration_entity_id: e.entity_id } });
  assert.equal(made.status, 201, made.text);
  const form = () => {
    const f = new FormData();
    for (const [k, v] of Object.entries({ name: 'refused', scope: 'org', visibility: 'org', source_type: 'html', uploaded_via: 'api' })) f.append(k, v);
    f.append('file', new Blob(['<p>hi</p>']), 'index.html');
    return f;
  };
  // [method, path, body]; `byId` routes name an entity (or a link) and answer 404 for one not there.
  const routes = (id, rid, lid) => [
    ['GET', '/api/v2/inspirations'],
    ['POST', '/api/v2/inspirations', form],
    ['GET', '/api/v2/runtimes'],
    ['GET', `/api/v2/inspirations/${id}`, null, 'byId'],
    ['PATCH', `/api/v2/inspirations/${id}`, { display_name: 'Taken' }, 'byId'],
    ['PATCH', `/api/v2/entities/${id}/visibility`, { visibility: 'private' }, 'byId'],
    ['PATCH', `/api/v2/inspirations/${id}/visibility`, { visibility: 'private' }, 'byId'],
    ['POST', `/api/v2/entities/${id}/reactions`, { kind: 'sparked' }, 'byId'],
    ['POST', `/api/v2/inspirations/${id}/reactions`, { kind: 'sparked' }, 'byId'],
    ['PATCH', `/api/v2/entities/${id}`, { badge_mode: 'off' }, 'byId'],
    ['GET', `/api/v2/inspirations/${id}/inspired-runtimes`, null, 'byId'],
    ['POST', `/api/v2/inspirations/${id}/archive`, null, 'byId'],
    ['POST', `/api/v2/inspirations/${id}/pin`, { pin_reason: 'keep this one' }, 'byId'],
    ['GET', `/api/v2/runtimes/${rid}/inspirations`, null, 'byId'],
    ['POST', `/api/v2/runtimes/${rid}/inspirations`, { inspiration_entity_id: id }, 'byId'],
    ['DELETE', `/api/v2/runtimes/${rid}/inspirations/${lid}`, null, 'byId'],
  ];
  const send = ([method, path, body], opts) => app.request(method, path, {
    ...(typeof body === 'function' ? { form: body() } : body ? { json: body } : {}), ...opts,
  });
  await Promise.all(routes(e.entity_id, rt.entity_id, made.body.link_id).map(async (route) => {
    const label = `${route[0]} ${route[1]}`;
    const [anonymous, badToken, noGrid, notTheirs, otherGrid] = await Promise.all([
      send(route, {}),
      send(route, { token: 'not.a.jwt' }),
      send(route, { token: owner.token, grid: 'no-such-grid' }),
      send(route, { token: outsider.token, grid: grid.slug }),
      route[3] === 'byId' ? send(route, { token: outsider.token }) : null,
    ]);
    // Only a read by UUID may be anonymous (a link drop); this one is grid-wide, so it is hidden.
    if (label === `GET /api/v2/inspirations/${e.entity_id}`) expectError(assert, anonymous, 404, 'NOT_FOUND');
    else expectError(assert, anonymous, 401, 'UNAUTHORIZED');
    expectError(assert, badToken, 401, 'UNAUTHORIZED');
    expectError(assert, noGrid, 403, 'ORG_NOT_ACCESSIBLE');
    expectError(assert, notTheirs, 403, 'ORG_NOT_ACCESSIBLE');
    if (otherGrid) expectError(assert, otherGrid, 404, 'NOT_FOUND');
  }));
  await Promise.all(routes(UNKNOWN, UNKNOWN, UNKNOWN).filter((r) => r[3] === 'byId').map(async (route) => {
    expectError(assert, await send(route, { token: owner.token }), 404, 'NOT_FOUND');
  }));
  // No refusal changed anything.
  const read = await app.read(owner, e.entity_id);
  assert.equal(read.body.display_name, e.display_name);
  assert.equal(read.body.visibility, 'grid');
  assert.equal(read.body.status, 'live');
  assert.equal(read.body.pinned, false);
  assert.deepEqual(Object.values(read.body.reactions), [0, 0, 0, 0, 0]);
  assert.equal((await app.request('GET', `/api/v2/runtimes/${rt.entity_id}/inspirations`, { token: owner.token })).body.items.length, 1);
  assert.equal((await app.list(owner, '?owner=me')).body.items.length, 1, 'no refused create was stored');
});

// ------------------------------------------------------------------ legacy values and the scope table (2.5, 4.5, 4.7)

test('legacy link values at org or space scope are 400 SCOPE_INVALID on both routes that take legacy values, and change nothing', async () => {
  const { owner, space } = await app.world();
  const org = await app.dropLive(owner, {});
  const inSpace = await app.dropLive(owner, { fields: { scope: 'space', visibility: 'org', space_id: space.space_id } });
  for (const e of [org, inSpace]) {
    for (const legacy of ['link-anonymous', 'link-indexed', 'public']) {
      for (const path of [`/api/v2/inspirations/${e.entity_id}`, `/api/v2/inspirations/${e.entity_id}/visibility`]) {
        const error = expectError(assert, await patch(owner, path, { visibility: legacy }), 400, 'SCOPE_INVALID');
        assert.ok(error.message.length > 0);
      }
    }
    // The canonical `link` is independent of scope (4.5) and is taken at any scope.
    const read = await app.read(owner, e.entity_id);
    assert.equal(read.body.visibility, 'grid', 'nothing changed');
    assert.deepEqual(read.body.visibility_spaces, ['everyone']);
  }
  expectError(assert, await patch(owner, `/api/v2/inspirations/${org.entity_id}`, { visibility: 'space' }), 400, 'SCOPE_INVALID');
  // At space scope both legacy grid values are in the table: `space` is the drop's own space.
  const mapped = await patch(owner, `/api/v2/inspirations/${inSpace.entity_id}/visibility`, { visibility: 'space' });
  assert.equal(mapped.status, 200, mapped.text);
  assert.deepEqual([mapped.body.visibility, mapped.body.visibility_spaces], ['grid', [space.slug]]);
  // A legacy value with a scope move in one update is judged at the new scope.
  const moved = await patch(owner, `/api/v2/inspirations/${org.entity_id}`, { scope: 'personal', visibility: 'public' });
  assert.equal(moved.status, 200, moved.text);
  assert.deepEqual([moved.body.scope, moved.body.visibility, moved.body.link_indexed], ['personal', 'link', true]);
  const back = await patch(owner, `/api/v2/inspirations/${org.entity_id}`, { scope: 'org', visibility: 'link-anonymous' });
  expectError(assert, back, 400, 'SCOPE_INVALID');
  assert.equal((await app.read(owner, org.entity_id)).body.scope, 'personal', 'a refused update moves nothing');
});

// ------------------------------------------------------------------ paging at its edges (4.3, 4.4)

test('rows with the same timestamp page once each in every sort and limit; a page ending on the last row has no next_cursor', async () => {
  const grid = await app.grid();
  const [a, b] = [await app.member(grid), await app.member(grid)];
  const same = '2026-11-01T10:00:00.000Z';
  const ids = [];
  for (let i = 0; i < 5; i += 1) {
    const made = await app.drop(i < 3 ? a : b, { fields: { name: `tie-${i}` } });
    assert.equal(made.status, 201, made.text);
    ids.push(made.body.entity_id);
    await app.mustAdmin('PATCH', `/entities/${made.body.entity_id}`, { created_at: same });
  }
  const walk = async (path, limit) => {
    const seen = [];
    let cursor = null;
    let pages = 0;
    do {
      const res = await app.request('GET', `${path}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: a.token });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.total_returned, res.body.items.length);
      assert.ok(res.body.items.length <= limit && res.body.items.length > 0, `${path} limit ${limit}: no empty page`);
      seen.push(...res.body.items.map((i) => i.entity_id));
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    return { seen, pages };
  };
  for (const sort of ['created_at_desc', 'view_count_desc', 'reactions_desc']) {
    for (const limit of [1, 2, 5]) {
      const { seen, pages } = await walk(`/api/v2/inspirations?sort=${sort}`, limit);
      assert.deepEqual([...seen].sort(), [...ids].sort(), `${sort} limit ${limit}: every row once`);
      assert.equal(pages, Math.ceil(5 / limit), `${sort} limit ${limit}: no trailing empty page`);
    }
  }
  const rts = [];
  for (let i = 0; i < 5; i += 1) {
    const r = await runtime(grid, a, { kind: i % 2 ? 'app' : 'agent' });
    await app.mustAdmin('PATCH', `/entities/${r.entity_id}`, { created_at: same, updated_at: same });
    rts.push(r.entity_id);
  }
  for (const sort of ['updated_at_desc', 'created_at_desc']) {
    for (const limit of [1, 2, 5]) {
      const { seen, pages } = await walk(`/api/v2/runtimes?sort=${sort}`, limit);
      assert.deepEqual([...seen].sort(), [...rts].sort(), `runtimes ${sort} limit ${limit}`);
      assert.equal(pages, Math.ceil(5 / limit));
    }
    const { seen } = await walk(`/api/v2/runtimes?sort=${sort}&kind=agent`, 1);
    assert.deepEqual([...seen].sort(), [rts[0], rts[2], rts[4]].sort());
  }
  // A change to a Runtime is an update: it leads updated_at_desc, and created_at_desc is unmoved.
  const changed = await patch(a, `/api/v2/entities/${rts[3]}/visibility`, { visibility: 'link' });
  assert.equal(changed.status, 200, changed.text);
  const top = await app.request('GET', '/api/v2/runtimes?limit=1', { token: a.token });
  assert.equal(top.body.items[0].entity_id, rts[3]);
  assert.equal(top.body.items[0].updated_at, changed.body.updated_at);
  assert.equal(top.body.items[0].created_at, same);
});

// ------------------------------------------------------------------ reactions (2.6, 3.3, 4.8, 8)

test('reactions: user_reactions is each caller\'s own, a kind toggled off stays on the wire at 0, and an admin is refused on a private drop', async () => {
  const { owner, member, admin, grid } = await app.world();
  const e = await app.dropLive(owner, {});
  assert.deepEqual((await react(member, e.entity_id, 'sparked')).body.user_reactions, ['sparked']);
  const second = await react(owner, e.entity_id, 'discuss');
  assert.deepEqual(second.body.user_reactions, ['discuss'], 'the owner\'s own, not the member\'s');
  assert.equal(second.body.reactions.sparked, 1);
  assert.equal(second.body.reactions.discuss, 1);
  const off = await react(member, e.entity_id, 'sparked');
  assert.deepEqual(off.body.user_reactions, []);
  for (const body of [off.body, (await app.read(member, e.entity_id)).body, (await app.list(member)).body.items.find((i) => i.entity_id === e.entity_id)]) {
    for (const key of KEYS) assert.equal(typeof body.reactions[key], 'number', `${key} never leaves the wire`);
    assert.equal(body.reactions.sparked, 0);
    assert.equal(body.reactions.discuss, 1);
  }
  // A private Inspiration takes no reactions, from its owner or a grid admin who may read it.
  const priv = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  assert.equal((await app.read(admin, priv.entity_id)).status, 200);
  expectError(assert, await react(admin, priv.entity_id, 'sparked'), 403);
  // An agent is an entity like any other.
  const agent = await runtime(grid, owner, { kind: 'agent' });
  const onAgent = await react(member, agent.entity_id, 'build_on');
  assert.equal(onAgent.status, 200, onAgent.text);
  assert.deepEqual(onAgent.body.user_reactions, ['build_on']);
});

test('each 429 names its limit: the 61st reaction and the 201st read in a minute, with Retry-After', async () => {
  const { owner, grid } = await app.world();
  const e = await app.dropLive(owner, {});
  const reactor = await app.member(grid);
  for (let i = 0; i < 60; i += 5) {
    const batch = await Promise.all(KEYS.map((kind) => react(reactor, e.entity_id, kind)));
    assert.ok(batch.every((r) => r.status === 200), batch.find((r) => r.status !== 200)?.text);
  }
  const refused = await react(reactor, e.entity_id, 'sparked');
  const error = expectError(assert, refused, 429, 'RATE_LIMITED');
  assert.deepEqual(error.details.map((d) => [d.field, d.hint]), [['rate_limit', '60 per minute']]);
  const wait = Number(refused.headers.get('retry-after'));
  assert.ok(Number.isInteger(wait) && wait >= 1 && wait <= 60, String(wait));
  const reader = await app.member(grid);
  for (let i = 0; i < 200; i += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, () => app.read(reader, e.entity_id)));
    assert.ok(batch.every((r) => r.status === 200), batch.find((r) => r.status !== 200)?.text);
  }
  const limited = await app.read(reader, e.entity_id);
  const readError = expectError(assert, limited, 429, 'RATE_LIMITED');
  assert.deepEqual(readError.details.map((d) => [d.field, d.hint]), [['rate_limit', '200 per minute']]);
  assert.ok(Number(limited.headers.get('retry-after')) >= 1);
  // Limits are per user: someone else reads and reacts as usual.
  assert.equal((await app.read(owner, e.entity_id)).status, 200);
  assert.equal((await react(owner, e.entity_id, 'useful')).status, 200);
});

// ------------------------------------------------------------------ one view counter (4.2, 4.9)

test('the read and the beacon feed one counter: a viewer who read today adds nothing by the beacon, by user or by IP', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const ip = (n) => ({ 'user-agent': BROWSER_UA, 'cf-connecting-ip': `198.51.100.${n}` });
  await app.read(member, e.entity_id, { headers: ip(10) });
  await app.read(null, e.entity_id, { headers: ip(11) });
  await app.waitFor(owner, e.entity_id, (b) => b.view_count >= 2);
  await beacon(e.entity_id, ip(12), { token: member.token });
  await beacon(e.entity_id, ip(11));
  // A beacon first, then a read: the same.
  await beacon(e.entity_id, ip(13));
  await app.read(null, e.entity_id, { headers: ip(13) });
  await app.waitFor(owner, e.entity_id, (b) => b.view_count >= 3);
  await sleep(600);
  assert.equal((await app.read(owner, e.entity_id)).body.view_count, 3, 'member, IP 11 and IP 13, once each');
});

test('the beacon is 202 whatever comes with it, and feedback takes any client, an old plug included', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const cases = [
    { body: 'x'.repeat(2_000_000), headers: { 'content-type': 'application/json' } },
    { body: '{', headers: { 'content-type': 'application/json' } },
    { headers: { authorization: 'Basic b3duZXI6cGFzc3dvcmQ=' } },
    { headers: { 'user-agent': 'plug/0.0.1' } },
    { headers: { 'x-platform-grid': 'no-such-grid' } },
    { headers: { authorization: `Bearer ${owner.token}`, 'x-platform-grid': 'no-such-grid' } },
  ];
  for (const c of cases) {
    const res = await beacon(e.entity_id, c.headers, { body: c.body });
    assert.equal(res.status, 202, `${JSON.stringify(c.headers)}: ${res.text.slice(0, 200)}`);
    assert.equal(res.text, '');
  }
  const sent = await app.request('POST', `/api/v2/entities/${e.entity_id}/feedback`, {
    json: { category: 'feature_request', text: 'from an old client', source: 'badge' }, headers: { 'user-agent': 'plug/0.0.1', 'x-platform-grid': 'no-such-grid' },
  });
  assert.equal(sent.status, 200, sent.text);
  assert.deepEqual(sent.body, { ok: true });
});

// ------------------------------------------------------------------ feedback (2.8, 4.12)

test('feedback: user_agent and page_url are optional strings, anything else is a flat 400, and a body too big is a flat 413', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  let n = 0;
  const send = (extra, body) => {
    n += 1;
    return app.request('POST', `/api/v2/entities/${e.entity_id}/feedback`, {
      body: body ?? JSON.stringify({ category: 'comment', text: 'hello', source: 'badge', ...extra }),
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': `203.0.113.${n}` },
    });
  };
  for (const extra of [{}, { user_agent: BROWSER_UA }, { page_url: e.url }, { user_agent: null, page_url: null }]) {
    const res = await send(extra);
    assert.equal(res.status, 200, `${JSON.stringify(extra)}: ${res.text}`);
  }
  const flat = (res, status, code) => {
    assert.equal(res.status, status, res.text.slice(0, 200));
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'error']);
    assert.equal(res.body.code, code);
    assert.equal(typeof res.body.error, 'string');
  };
  for (const extra of [{ user_agent: 5 }, { page_url: true }, { page_url: ['x'] }, { category: null }, { source: 'BADGE' }, { category: 'Bug' }, { rating: 5 }]) {
    const res = await send(extra);
    flat(res, 400, 'VALIDATION_FAILED');
    assert.match(res.body.error, new RegExp(Object.keys(extra)[0]), 'the field is named');
  }
  flat(await send({}, JSON.stringify({ category: 'bug', text: 'x'.repeat(3_000_000), source: 'badge' })), 413, 'PAYLOAD_TOO_LARGE');
  const inbox = await app.request('GET', `/api/v2/entities/${e.entity_id}/feedback?limit=100`, { token: owner.token });
  assert.equal(inbox.body.items.length, 4, 'only the accepted ones are stored');
});

// ------------------------------------------------------------------ badge policy (3.4, 4.11)

test('BADGE_POLICY_OVERRIDE names the grid forcing off and the platform forcing on, on Inspirations and Runtimes alike', async () => {
  const { owner, grid } = await app.world();
  const e = await app.dropLive(owner, {});
  const rt = await runtime(grid, owner);
  const setMode = (id, mode) => patch(owner, `/api/v2/entities/${id}`, { badge_mode: mode });
  const onRuntime = await setMode(rt.entity_id, 'off');
  assert.equal(onRuntime.status, 200, onRuntime.text);
  assert.deepEqual([onRuntime.body.badge_mode, onRuntime.body.badge_state], ['off', 'off']);
  try {
    assert.equal((await app.admin('PUT', `/grids/${grid.slug}/badge-policy`, { policy: 'force_off' })).status, 200);
    for (const id of [e.entity_id, rt.entity_id]) {
      for (const mode of ['on', 'off']) {
        const error = expectError(assert, await setMode(id, mode), 403, 'BADGE_POLICY_OVERRIDE');
        assert.match(error.message, /grid/);
        assert.match(error.message, /forces off/);
      }
    }
    assert.equal((await app.admin('PUT', `/grids/${grid.slug}/badge-policy`, { policy: 'none' })).status, 200);
    assert.equal((await app.admin('PUT', '/badge-policy', { policy: 'force_on' })).status, 200);
    const error = expectError(assert, await setMode(e.entity_id, 'off'), 403, 'BADGE_POLICY_OVERRIDE');
    assert.match(error.message, /platform/);
    assert.match(error.message, /forces on/);
    // The platform's rule comes first (3.4, rows 1-4): with both set, the platform is named.
    assert.equal((await app.admin('PUT', `/grids/${grid.slug}/badge-policy`, { policy: 'force_off' })).status, 200);
    const both = expectError(assert, await setMode(e.entity_id, 'off'), 403, 'BADGE_POLICY_OVERRIDE');
    assert.match(both.message, /platform/);
    assert.match(both.message, /forces on/);
  } finally {
    await app.admin('PUT', '/badge-policy', { policy: 'none' });
    await app.admin('PUT', `/grids/${grid.slug}/badge-policy`, { policy: 'none' });
  }
  // With no policy left, the refused changes left the entity as it was.
  const again = await setMode(rt.entity_id, 'off');
  assert.deepEqual([again.body.badge_mode, again.body.badge_state], ['off', 'off']);
});

// ------------------------------------------------------------------ links (4.10)

test('links are realm-agnostic: a Runtime may be noted as a source, never itself; a link is deleted only under its own Runtime', async () => {
  const { owner, grid } = await app.world();
  const rt = await runtime(grid, owner);
  const other = await runtime(grid, owner, { kind: 'agent' });
  const url = (id) => `/api/v2/runtimes/${id}/inspirations`;
  const made = await app.request('POST', url(rt.entity_id), { token: owner.token, json: { inspiration_entity_id: other.entity_id, note: 'the agent behind it' } });
  assert.equal(made.status, 201, made.text);
  assert.equal(made.body.inspiration_entity_id, other.entity_id);
  const self = expectError(assert, await app.request('POST', url(rt.entity_id), { token: owner.token, json: { inspiration_entity_id: rt.entity_id } }), 400, 'VALIDATION_FAILED');
  assert.deepEqual(self.details.map((d) => d.field), ['inspiration_entity_id']);
  expectError(assert, await app.request('DELETE', `${url(other.entity_id)}/${made.body.link_id}`, { token: owner.token }), 404, 'NOT_FOUND');
  expectError(assert, await app.request('DELETE', `${url(rt.entity_id)}/not-a-link`, { token: owner.token }), 404, 'NOT_FOUND');
  for (const q of ['?limit=0', '?limit=101', '?cursor=garbage']) {
    expectError(assert, await app.request('GET', `${url(rt.entity_id)}${q}`, { token: owner.token }), 400, 'VALIDATION_FAILED');
  }
  assert.equal((await app.request('GET', `${url(rt.entity_id)}?limit=1`, { token: owner.token })).body.items.length, 1);
  assert.equal((await app.request('DELETE', `${url(rt.entity_id)}/${made.body.link_id}`, { token: owner.token })).status, 204);
});

test('a link list leaves out what the caller cannot see before it cuts the page: full pages, and no cursor past the last visible link', async () => {
  const { owner, member, grid } = await app.world();
  const rt = await runtime(grid, owner);
  const url = `/api/v2/runtimes/${rt.entity_id}/inspirations`;
  // Oldest first: visible, hidden, hidden, visible, hidden, hidden (private drops).
  const kinds = ['shown', 'hidden', 'hidden', 'shown', 'hidden', 'hidden'];
  const shown = [];
  for (const kind of kinds) {
    const fields = kind === 'hidden' ? { scope: 'personal', visibility: 'private' } : {};
    const e = await app.dropLive(owner, { fields });
    const made = await app.request('POST', url, { token: owner.token, json: { inspiration_entity_id: e.entity_id } });
    assert.equal(made.status, 201, made.text);
    if (kind === 'shown') shown.unshift(made.body.link_id);
  }
  const walk = async (user, limit) => {
    const pages = [];
    let cursor = null;
    do {
      const res = await app.request('GET', `${url}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: user.token });
      assert.equal(res.status, 200, res.text);
      pages.push(res.body.items.map((i) => i.link_id));
      cursor = res.body.next_cursor;
    } while (cursor && pages.length < 10);
    return pages;
  };
  assert.deepEqual(await walk(member, 1), [[shown[0]], [shown[1]]], 'one link a page, and nothing after the last');
  assert.deepEqual(await walk(member, 2), [shown]);
  const first = await app.request('GET', `${url}?limit=1`, { token: member.token });
  assert.equal(first.body.total_returned, 1);
  assert.equal((await walk(owner, 4)).flat().length, 6, 'the owner sees every link');
  // The other direction, with Runtimes the caller cannot see (stopped ones, 3.2).
  const source = await app.dropLive(owner, {});
  const live = [];
  for (const status of ['running', 'stopped', 'stopped', 'paused', 'stopped']) {
    const r = await runtime(grid, owner, { status });
    await app.request('POST', `/api/v2/runtimes/${r.entity_id}/inspirations`, { token: owner.token, json: { inspiration_entity_id: source.entity_id } });
    if (status !== 'stopped') live.unshift(r.entity_id);
  }
  const inspired = await app.request('GET', `/api/v2/inspirations/${source.entity_id}/inspired-runtimes?limit=2`, { token: member.token });
  assert.deepEqual(inspired.body.items.map((i) => i.runtime_id), live);
  assert.equal(inspired.body.next_cursor, null);
});

// ------------------------------------------------------------------ the restore window (platform 5)

/** Sets one timestamp column no API writes, in this instance's local D1 file (as time would). */
async function backdate(column, entityId, millis) {
  const { DatabaseSync } = await import('node:sqlite');
  const find = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory()
    ? find(join(dir, d.name)) : d.name.endsWith('.sqlite') ? [join(dir, d.name)] : []));
  for (const file of find(join(app.stateDir, 'v3', 'd1'))) {
    const db = new DatabaseSync(file);
    try {
      if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'entities'").get()) continue;
      db.exec('PRAGMA busy_timeout = 5000');
      const { changes } = db.prepare(`UPDATE entities SET ${column} = ? WHERE entity_id = ?`).run(millis, entityId);
      assert.equal(changes, 1);
      return;
    } finally { db.close(); }
  }
  throw new Error('no local D1 database found');
}

test('an archived drop is purged PURGE_AFTER_DAYS after its archiving even when pinned; a younger one stays restorable', async () => {
  const { owner } = await app.world();
  const old = await app.dropLive(owner, { fields: { expires_in_days: 'null', pin_reason: 'the launch deck' } });
  const young = await app.dropLive(owner, { fields: { expires_in_days: 'null', pin_reason: 'the launch deck' } });
  for (const e of [old, young]) {
    const archived = await app.request('POST', `/api/v2/inspirations/${e.entity_id}/archive`, { token: owner.token });
    assert.deepEqual([archived.body.status, archived.body.pinned], ['archived', true]);
  }
  // The archiving itself has no operator override: back-date it in D1, as time would.
  await backdate('archived_at', old.entity_id, Date.now() - 31 * DAY);
  await backdate('archived_at', young.entity_id, Date.now() - 29 * DAY);
  let ran = false;
  for (const path of ['/cdn-cgi/local/scheduled', '/cdn-cgi/mf/scheduled', '/__scheduled']) {
    if ((await app.request('GET', `${path}?cron=17+3+*+*+*`, { origin: 'serve' })).status === 200) { ran = true; break; }
  }
  assert.ok(ran, 'the daily purge ran');
  await sleep(300);
  expectError(assert, await app.read(owner, old.entity_id), 404, 'NOT_FOUND');
  expectError(assert, await app.request('POST', `/api/v2/inspirations/${old.entity_id}/unarchive`, { token: owner.token }), 404, 'NOT_FOUND');
  const restored = await app.request('POST', `/api/v2/inspirations/${young.entity_id}/unarchive`, { token: owner.token });
  assert.equal(restored.status, 200, restored.text);
  assert.deepEqual([restored.body.status, restored.body.pinned, restored.body.expires_at], ['live', true, null]);
  assert.equal((await app.open(young.url, { token: owner.token })).status, 200, 'its content is still there');
});
