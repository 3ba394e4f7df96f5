// MCP OAuth tokens attacked the way an independent suite would, beyond mcp-oauth*.test.mjs: a
// refresh token presented many times at once (a thief racing the app), which must give tokens
// once; every other use, even in the same millisecond, gets nothing and no second family of
// tokens that rotation's reuse detection would never see. And a code presented many times at
// once: one exchange at most, and the grant it makes ends (every copy finds the code spent).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { startWorker, fetchLocal } from './support/harness.mjs';

const RACERS = Number(process.env.RACERS || 64);
const REDIRECT = 'http://127.0.0.1:9/callback';
let app;
let grid;
let ada;
let mcpUrl;

before(async () => {
  app = await startWorker();
  grid = await app.grid();
  ada = await app.user();
  await app.join(grid, ada);
  mcpUrl = `${app.baseUrl}/mcp`;
});
after(async () => { await app?.stop(); });

const b64url = (buf) => Buffer.from(buf).toString('base64url');
const form = (path, fields, headers = {}) => fetchLocal(`${app.baseUrl}${path}`, {
  method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});
const csrfOf = (html) => html.match(/name="csrf" value="([0-9a-f]+)"/)?.[1];

/** Registers an app, signs in with a Plug token (no provider), allows: the code and what exchanges it. */
async function authorize(user) {
  const reg = await fetchLocal(`${app.baseUrl}/register`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Racer', redirect_uris: [REDIRECT] }) });
  assert.equal(reg.status, 201);
  const { client_id } = await reg.json();
  const verifier = b64url(randomBytes(32));
  const url = `${app.baseUrl}/authorize?${new URLSearchParams({ response_type: 'code', client_id, redirect_uri: REDIRECT,
    state: 'st', code_challenge: b64url(createHash('sha256').update(verifier).digest()), code_challenge_method: 'S256', resource: mcpUrl })}`;
  const page = await fetchLocal(url, { redirect: 'manual' });
  const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('plug_oauth='));
  const signedIn = await form('/authorize', { csrf: csrfOf(await page.text()), token: user.token, action: 'signin' }, { cookie });
  assert.equal(signedIn.status, 200);
  const allowed = await form('/authorize', { csrf: csrfOf(await signedIn.text()), grid: grid.slug, action: 'allow' }, { cookie });
  assert.equal(allowed.status, 303);
  const code = new URL(allowed.headers.get('location')).searchParams.get('code');
  return { client_id, exchange: { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id, resource: mcpUrl } };
}

/** A connected app: its client id and first tokens. */
async function connect(user) {
  const { client_id, exchange } = await authorize(user);
  const res = await form('/token', exchange);
  assert.equal(res.status, 200);
  return { client_id, tokens: await res.json() };
}

const tools = (token) => fetchLocal(mcpUrl, {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
});

test('a refresh token presented many times at once gives tokens once, however the requests race', async () => {
  for (let round = 0; round < 5; round += 1) {
    const { client_id, tokens } = await connect(ada);
    const answers = await Promise.all(Array.from({ length: RACERS }, () => form('/token', {
      grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id, resource: mcpUrl,
    })));
    const won = answers.filter((r) => r.status === 200);
    const bodies = await Promise.all(won.map((r) => r.json()));
    assert.ok(won.length <= 1, `round ${round}: ${won.length} of ${RACERS} racing uses of one refresh token got tokens`);
    for (const r of answers.filter((a) => a.status !== 200)) assert.equal(r.status, 400);
    // Whatever won, a reuse was seen: the grant ends, and no token it made still works.
    for (const b of bodies) assert.equal((await tools(b.access_token)).status, 401, `round ${round}: a raced token still works`);
  }
});

test('an authorization code presented many times at once: one exchange at most, and its grant ends', async () => {
  for (let round = 0; round < 5; round += 1) {
    const { exchange } = await authorize(ada);
    const answers = await Promise.all(Array.from({ length: RACERS }, () => form('/token', exchange)));
    const won = answers.filter((r) => r.status === 200);
    assert.ok(won.length <= 1, `round ${round}: ${won.length} exchanges of one code`);
    for (const r of answers.filter((a) => a.status !== 200)) assert.equal(r.status, 400);
    for (const b of await Promise.all(won.map((r) => r.json()))) {
      assert.equal((await tools(b.access_token)).status, 401, `round ${round}: the grant of a replayed code still works`);
      const refreshed = await form('/token', { grant_type: 'refresh_token', refresh_token: b.refresh_token, client_id: exchange.client_id, resource: mcpUrl });
      assert.equal(refreshed.status, 400);
    }
  }
});
