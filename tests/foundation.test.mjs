// Foundation: health, origins, error shape, tokens, the active-grid rules (openapi.yaml
// "Authentication") and every operator route (`/admin/v1` in openapi.yaml), against the real
// Worker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { startWorker, unique, expectError } from './support/harness.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const b64 = (o) => Buffer.from(typeof o === 'string' ? o : JSON.stringify(o)).toString('base64url');
function sign(header, payload, secret) {
  const data = `${b64(header)}.${b64(payload)}`;
  return `${data}.${createHmac('sha256', secret).update(data).digest('base64url')}`;
}
const now = () => Math.floor(Date.now() / 1000);

test('healthz answers 200 on both origins', async () => {
  assert.equal((await app.request('GET', '/healthz')).status, 200);
  assert.equal((await app.request('GET', '/healthz', { origin: 'serve' })).status, 200);
});

test('api routes are not answered on the serving origin', async () => {
  const { owner } = await app.world();
  const res = await app.request('GET', '/api/v2/inspirations', { token: owner.token, origin: 'serve' });
  assert.equal(res.status, 404);
});

test('a method a path does not have answers 405 with Allow on both origins, and changes nothing', async () => {
  const { owner } = await app.world();
  const item = await app.dropLive(owner, {});
  const cases = [
    ['DELETE', '/api/v2/inspirations', 'GET, HEAD, POST'],
    ['PUT', `/api/v2/inspirations/${item.entity_id}`, 'GET, HEAD, PATCH'],
    ['GET', `/api/v2/inspirations/${item.entity_id}/pin`, 'POST, DELETE'],
    ['POST', '/healthz', 'GET, HEAD'],
    ['DELETE', '/api/v2/openapi.yaml', 'GET, HEAD'],
  ];
  for (const [method, path, allow] of cases) {
    const res = await app.request(method, path, { token: owner.token });
    expectError(assert, res, 405, 'METHOD_NOT_ALLOWED');
    assert.equal(res.headers.get('allow'), allow, `${method} ${path}`);
  }
  // The operator API says nothing, not even "wrong method", without its token.
  expectError(assert, await app.request('GET', '/admin/v1/users'), 401, 'UNAUTHORIZED');
  const operator = await app.admin('GET', '/users');
  expectError(assert, operator, 405, 'METHOD_NOT_ALLOWED');
  assert.equal(operator.headers.get('allow'), 'POST');
  for (const method of ['POST', 'DELETE', 'PUT']) {
    const res = await app.request(method, new URL(item.url).pathname, { origin: 'serve', token: owner.token });
    assert.equal(res.status, 405, `${method} on the serving origin`);
    assert.equal(res.headers.get('allow'), 'GET, HEAD');
  }
  assert.equal((await app.request('HEAD', '/healthz')).status, 200);
  assert.equal((await app.open(item.url, { token: owner.token })).status, 200, 'still served');
  // An unknown path is still 404.
  expectError(assert, await app.request('PATCH', '/api/v2/nothing-here', { token: owner.token }), 404, 'NOT_FOUND');
});

test('GET /api/v2/spaces lists the active grid’s spaces with the caller’s membership, to members only', async () => {
  const { owner, member, outsider, grid, space } = await app.world();
  const other = await app.space(grid);
  const mine = await app.request('GET', '/api/v2/spaces', { token: owner.token });
  assert.equal(mine.status, 200);
  assert.equal(mine.body.next_cursor, null);
  assert.equal(mine.body.total_returned, 2);
  const bySlug = Object.fromEntries(mine.body.items.map((s) => [s.slug, s]));
  assert.deepEqual(bySlug[space.slug], { space_id: space.space_id, slug: space.slug, name: space.name, member: true });
  assert.equal(bySlug[other.slug].member, false);
  const theirs = await app.request('GET', '/api/v2/spaces', { token: member.token });
  assert.deepEqual(theirs.body.items.map((s) => s.member), [false, false]);
  // Another grid's member sees that grid, and naming this grid is refused.
  assert.equal((await app.request('GET', '/api/v2/spaces', { token: outsider.token })).body.total_returned, 0);
  expectError(assert, await app.request('GET', '/api/v2/spaces', { token: outsider.token, grid: grid.slug }), 403, 'ORG_NOT_ACCESSIBLE');
  expectError(assert, await app.request('GET', '/api/v2/spaces'), 401, 'UNAUTHORIZED');
});

test('the no-count choice sets a cookie on each origin and returns only to the API origin', async () => {
  const back = `${app.baseUrl}/#grid`;
  // The web app's settings navigate to the route on their own origin.
  const own = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' };
  const api = await app.request('GET', `/api/v2/no-count?on=1&return=${encodeURIComponent(back)}`, { headers: own });
  assert.equal(api.status, 303);
  const next = new URL(api.headers.get('location'));
  assert.equal(`${next.origin}${next.pathname}`, `${app.serveUrl}/_plug/no-count`);
  assert.equal(next.searchParams.get('on'), '1');
  assert.equal(next.searchParams.get('return'), back);
  assert.match(next.searchParams.get('proof'), /^\d+\.[0-9a-f]{32}$/);
  const [apiCookie] = api.headers.getSetCookie();
  assert.match(apiCookie, /^platform-no-count=1; Path=\/; Max-Age=34560000; SameSite=None; Secure$/);
  const serve = await app.request('GET', next.pathname + next.search, { origin: 'serve' });
  assert.equal(serve.status, 303);
  assert.equal(serve.headers.get('location'), back);
  assert.match(serve.headers.getSetCookie()[0], /^platform-no-count=1; Path=\/; Max-Age=34560000; SameSite=Lax$/);
  // Anywhere else is no place to go back to: the answer says what is set instead.
  const off = new URL((await app.request('GET', '/api/v2/no-count?on=0', { headers: own })).headers.get('location'));
  for (const elsewhere of ['https://evil.example/', `${app.baseUrl}.evil.example/`, '//evil.example']) {
    off.searchParams.set('return', elsewhere);
    const res = await app.request('GET', off.pathname + off.search, { origin: 'serve' });
    assert.equal(res.status, 200, elsewhere);
    assert.match(res.text, /are counted/);
    assert.match(res.headers.getSetCookie()[0], /Max-Age=0/);
  }
  expectError(assert, await app.request('GET', '/api/v2/no-count?on=yes', { headers: own }), 400, 'VALIDATION_FAILED');
  assert.equal((await app.request('GET', '/_plug/no-count', { origin: 'serve' })).status, 400);
});

test('no page or link elsewhere can switch a visitor\'s counting off', async () => {
  // A cross-site GET of the API route (a link, an <img>, a form on another site) changes nothing.
  for (const headers of [
    { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' },
    {},
    { referer: 'https://evil.example/' },
  ]) {
    const res = await app.request('GET', '/api/v2/no-count?on=1', { headers });
    expectError(assert, res, 403, 'FORBIDDEN');
    assert.deepEqual(res.headers.getSetCookie(), [], JSON.stringify(headers));
  }
  // An old browser without fetch metadata passes with the web app's own Referer.
  const referred = await app.request('GET', '/api/v2/no-count?on=1', { headers: { referer: `${app.baseUrl}/` } });
  assert.equal(referred.status, 303);
  // The link origin's route takes only the proof the API route made, for that very choice.
  const on = new URL(referred.headers.get('location'));
  for (const forged of [
    '/_plug/no-count?on=1',
    '/_plug/no-count?on=1&proof=1.00',
    `/_plug/no-count?on=1&proof=${Date.now() + 30000}.${'0'.repeat(32)}`,
    `/_plug/no-count?on=0&proof=${on.searchParams.get('proof')}`,
  ]) {
    const res = await app.request('GET', forged, { origin: 'serve' });
    expectError(assert, res, 403, 'FORBIDDEN');
    assert.deepEqual(res.headers.getSetCookie(), [], forged);
  }
});

test('every error carries code, message, details, request_id and a matching X-Request-Id', async () => {
  const res = await app.request('GET', '/api/v2/inspirations');
  expectError(assert, res, 401, 'UNAUTHORIZED');
});

test('a missing, malformed, forged or expired token gives 401', async () => {
  const { owner } = await app.world();
  const secret = app.secrets.JWT_SECRET;
  const cases = {
    missing: undefined,
    garbage: 'not-a-jwt',
    wrongSecret: sign({ alg: 'HS256', typ: 'JWT' }, { sub: owner.user_id, exp: now() + 60 }, 'other-secret'),
    algNone: `${b64({ alg: 'none' })}.${b64({ sub: owner.user_id, exp: now() + 60 })}.`,
    hs512: sign({ alg: 'HS512' }, { sub: owner.user_id, exp: now() + 60 }, secret),
    noExp: sign({ alg: 'HS256' }, { sub: owner.user_id, iat: now() }, secret),
    expired: sign({ alg: 'HS256' }, { sub: owner.user_id, exp: now() - 120 }, secret),
    unknownUser: sign({ alg: 'HS256' }, { sub: '00000000-0000-4000-8000-000000000001', exp: now() + 60 }, secret),
  };
  for (const [name, token] of Object.entries(cases)) {
    const res = await app.request('GET', '/api/v2/inspirations', { token });
    expectError(assert, res, 401, 'UNAUTHORIZED');
    assert.ok(res.body.error.message, name);
  }
});

test('a self-signed HS256 token with exp is accepted, within 30 s of leeway after expiry', async () => {
  const { owner } = await app.world();
  const secret = app.secrets.JWT_SECRET;
  const fresh = sign({ alg: 'HS256' }, { sub: owner.user_id, iat: now(), exp: now() + 60 }, secret);
  assert.equal((await app.request('GET', '/api/v2/inspirations', { token: fresh })).status, 200);
  const justExpired = sign({ alg: 'HS256' }, { sub: owner.user_id, exp: now() - 10 }, secret);
  assert.equal((await app.request('GET', '/api/v2/inspirations', { token: justExpired })).status, 200);
  const longExpired = sign({ alg: 'HS256' }, { sub: owner.user_id, exp: now() - 45 }, secret);
  assert.equal((await app.request('GET', '/api/v2/inspirations', { token: longExpired })).status, 401);
});

test('a grid header naming an unknown grid or one without membership gives 403 ORG_NOT_ACCESSIBLE', async () => {
  const { owner, other } = await app.world();
  for (const grid of ['no-such-grid', other.slug]) {
    const res = await app.request('GET', '/api/v2/inspirations', { token: owner.token, grid });
    expectError(assert, res, 403, 'ORG_NOT_ACCESSIBLE');
  }
});

test('X-Platform-Org is an alias and X-Platform-Grid wins when both are sent', async () => {
  const { owner, grid, other } = await app.world();
  const alias = await app.request('GET', '/api/v2/inspirations', { token: owner.token, headers: { 'x-platform-org': grid.slug } });
  assert.equal(alias.status, 200);
  const both = await app.request('GET', '/api/v2/inspirations', {
    token: owner.token, headers: { 'x-platform-grid': grid.slug, 'x-platform-org': other.slug },
  });
  assert.equal(both.status, 200);
  const wrongWins = await app.request('GET', '/api/v2/inspirations', {
    token: owner.token, headers: { 'x-platform-grid': other.slug, 'x-platform-org': grid.slug },
  });
  expectError(assert, wrongWins, 403, 'ORG_NOT_ACCESSIBLE');
});

test('a multi-grid user must send the grid header on writes but reads fall back to the primary grid', async () => {
  const { owner, other } = await app.world();
  await app.join(other, owner);
  const write = await app.drop(owner, {});
  expectError(assert, write, 400, 'ORG_HEADER_REQUIRED');
  const read = await app.request('GET', '/api/v2/inspirations', { token: owner.token });
  assert.equal(read.status, 200);
});

test('a single-grid user falls back silently to the only membership on writes', async () => {
  const { member } = await app.world();
  const res = await app.drop(member, {});
  assert.equal(res.status, 201, res.text);
});

test('a user without any membership is refused with 403 ORG_NOT_ACCESSIBLE', async () => {
  const loner = await app.user();
  expectError(assert, await app.request('GET', '/api/v2/inspirations', { token: loner.token }), 403, 'ORG_NOT_ACCESSIBLE');
});

test('the operator API refuses a missing or wrong operator token with 401 and changes nothing', async () => {
  const slug = unique('x');
  for (const token of [undefined, 'wrong', app.secrets.JWT_SECRET]) {
    const res = await app.request('POST', '/admin/v1/users', { token, json: { slug, name: 'X' } });
    expectError(assert, res, 401, 'UNAUTHORIZED');
  }
  const created = await app.admin('POST', '/users', { slug, name: 'X' });
  assert.equal(created.status, 201, 'the slug was still free');
});

test('operator users and grids: create, duplicate slug 409, bad bodies 400', async () => {
  const slug = unique('op');
  const user = await app.admin('POST', '/users', { slug, name: 'Op' });
  assert.equal(user.status, 201);
  assert.deepEqual(Object.keys(user.body).sort(), ['name', 'slug', 'user_id']);
  expectError(assert, await app.admin('POST', '/users', { slug, name: 'Again' }), 409);
  expectError(assert, await app.admin('POST', '/users', { slug: 'Bad Slug', name: 'x' }), 400, 'VALIDATION_FAILED');
  expectError(assert, await app.admin('POST', '/users', { name: 'no slug' }), 400, 'VALIDATION_FAILED');
  expectError(assert, await app.admin('POST', '/users', { slug: unique('q'), name: 5 }), 400, 'VALIDATION_FAILED');
  const notJson = await app.request('POST', '/admin/v1/users', {
    token: app.secrets.ADMIN_TOKEN, body: '{nope', headers: { 'content-type': 'application/json' },
  });
  expectError(assert, notJson, 400, 'VALIDATION_FAILED');
  const grid = await app.admin('POST', '/grids', { slug: unique('gr'), name: 'G' });
  assert.equal(grid.status, 201);
  assert.deepEqual(Object.keys(grid.body).sort(), ['grid_id', 'name', 'slug']);
  expectError(assert, await app.admin('POST', '/grids', { slug: grid.body.slug, name: 'G' }), 409);
});

test('operator memberships: put with role, bad role 400, unknown grid or user 404, delete 204 then 404', async () => {
  const grid = await app.grid();
  const user = await app.user();
  assert.equal((await app.admin('PUT', `/grids/${grid.slug}/members/${user.user_id}`, { role: 'admin' })).status, 200);
  expectError(assert, await app.admin('PUT', `/grids/${grid.slug}/members/${user.user_id}`, { role: 'owner' }), 400, 'VALIDATION_FAILED');
  expectError(assert, await app.admin('PUT', `/grids/nope-${unique()}/members/${user.user_id}`, { role: 'member' }), 404, 'NOT_FOUND');
  expectError(assert, await app.admin('PUT', `/grids/${grid.slug}/members/00000000-0000-4000-8000-000000000009`, { role: 'member' }), 404, 'NOT_FOUND');
  assert.equal((await app.request('GET', '/api/v2/inspirations', { token: user.token })).status, 200);
  assert.equal((await app.admin('DELETE', `/grids/${grid.slug}/members/${user.user_id}`)).status, 204);
  expectError(assert, await app.admin('DELETE', `/grids/${grid.slug}/members/${user.user_id}`), 404, 'NOT_FOUND');
  expectError(assert, await app.request('GET', '/api/v2/inspirations', { token: user.token }), 403, 'ORG_NOT_ACCESSIBLE');
});

test('operator spaces and space members', async () => {
  const grid = await app.grid();
  const user = await app.user();
  const space = await app.admin('POST', `/grids/${grid.slug}/spaces`, { slug: 'design', name: 'Design' });
  assert.equal(space.status, 201);
  assert.deepEqual(Object.keys(space.body).sort(), ['name', 'slug', 'space_id']);
  expectError(assert, await app.admin('POST', `/grids/${grid.slug}/spaces`, { slug: 'design', name: 'Again' }), 409);
  expectError(assert, await app.admin('POST', `/grids/${grid.slug}/spaces`, { slug: 'everyone', name: 'Everyone' }), 400, 'VALIDATION_FAILED');
  assert.equal((await app.admin('PUT', `/spaces/${space.body.space_id}/members/${user.user_id}`)).status, 200);
  expectError(assert, await app.admin('PUT', `/spaces/00000000-0000-4000-8000-000000000000/members/${user.user_id}`), 404, 'NOT_FOUND');
});

test('operator tokens: default one hour, custom ttl, unknown user 404, bad ttl 400', async () => {
  const user = await app.user();
  const res = await app.admin('POST', '/tokens', { user_id: user.user_id });
  assert.equal(res.status, 201);
  const ttl = (Date.parse(res.body.expires_at) - Date.now()) / 1000;
  assert.ok(ttl > 3500 && ttl <= 3601, `ttl ${ttl}`);
  const short = await app.admin('POST', '/tokens', { user_id: user.user_id, ttl_seconds: 60 });
  assert.ok(Date.parse(short.body.expires_at) - Date.now() < 61_000);
  expectError(assert, await app.admin('POST', '/tokens', { user_id: '00000000-0000-4000-8000-000000000000' }), 404);
  expectError(assert, await app.admin('POST', '/tokens', { user_id: user.user_id, ttl_seconds: 0 }), 400, 'VALIDATION_FAILED');
});

test('operator badge policies and style validate their bodies', async () => {
  const grid = await app.grid();
  assert.equal((await app.admin('PUT', '/badge-policy', { policy: 'none' })).status, 200);
  expectError(assert, await app.admin('PUT', '/badge-policy', { policy: 'always' }), 400, 'VALIDATION_FAILED');
  assert.equal((await app.admin('PUT', `/grids/${grid.slug}/badge-policy`, { policy: 'force_off' })).status, 200);
  const style = await app.admin('PUT', `/grids/${grid.slug}/badge-style`, {
    theme: { bg: '#000000', accent: 'rebeccapurple', sparkle: 'yes' }, position: 'top-left',
  });
  assert.equal(style.status, 200, style.text);
  assert.deepEqual(style.body.theme, { bg: '#000000', accent: 'rebeccapurple' });
  for (const bad of ['red; background: url(x)', 'x{', 'y}', '</script>']) {
    expectError(assert, await app.admin('PUT', `/grids/${grid.slug}/badge-style`, { theme: { bg: bad } }), 400, 'VALIDATION_FAILED');
  }
  expectError(assert, await app.admin('PUT', `/grids/${grid.slug}/badge-style`, { position: 'middle' }), 400, 'VALIDATION_FAILED');
});

test('operator runtimes are created as summary rows with visibility', async () => {
  const { grid, owner, space } = await app.world();
  const res = await app.admin('POST', `/grids/${grid.slug}/runtimes`, {
    owner_id: owner.user_id, kind: 'app', name: 'my-app', status: 'running', visibility: 'grid', visibility_spaces: [space.slug],
  });
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.kind, 'app');
  assert.equal(res.body.visibility, 'grid');
  assert.deepEqual(res.body.visibility_spaces, [space.slug]);
  assert.equal(res.body.status, 'running');
  expectError(assert, await app.admin('POST', `/grids/${grid.slug}/runtimes`, { owner_id: owner.user_id, kind: 'robot', name: 'x-app', status: 'running' }), 400);
  const draft = await app.admin('POST', `/grids/${grid.slug}/runtimes`, { owner_id: owner.user_id, kind: 'agent', name: 'drafty', status: 'draft' });
  assert.equal(draft.status, 201);
  assert.equal(draft.body.expires_in_days, 14);
});

test('operator entity overrides change status and back-date timestamps', async () => {
  const { owner } = await app.world();
  const drop = await app.drop(owner, {});
  const id = drop.body.entity_id;
  const res = await app.admin('PATCH', `/entities/${id}`, { created_at: '2020-01-01T00:00:00Z', expires_at: '2020-02-01T00:00:00Z' });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.created_at, '2020-01-01T00:00:00.000Z');
  expectError(assert, await app.admin('PATCH', `/entities/${id}`, { status: 'exploded' }), 400, 'VALIDATION_FAILED');
  expectError(assert, await app.admin('PATCH', '/entities/00000000-0000-4000-8000-000000000000', { status: 'live' }), 404);
});

test('responses carry Server-Timing with D1 statements and round trips, but a 404 carries none', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, {});
  const read = await app.request('GET', `/api/v2/inspirations/${e.entity_id}`, { token: owner.token });
  const timing = read.headers.get('server-timing');
  const match = /^d1;desc="(\d+) statements, (\d+) round trips";dur=[\d.]+, r2;desc="(\d+) calls";dur=[\d.]+$/.exec(timing);
  assert.ok(match, timing);
  assert.ok(Number(match[2]) >= 1 && Number(match[1]) >= Number(match[2]), timing);
  assert.match((await app.request('GET', '/healthz')).headers.get('server-timing'), /^d1;desc="0 statements, 0 round trips"/);
  // Missing and hidden answer alike, so neither may tell by how many statements it took.
  const missing = await app.request('GET', '/api/v2/inspirations/00000000-0000-4000-8000-000000000000', { token: owner.token });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('server-timing'), null);
});
