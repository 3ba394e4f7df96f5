// Plug as a remote MCP connector where the Worker trusts no identity provider (issue 29): Plug's
// own /authorize page asks for a Plug token, as the web app's sign-in does, then the consent page
// and a working code. Then `plug apps` and `plug apps revoke` (the real release binary, run as
// tests/cli.test.mjs runs it) list the person's connected apps and end one: its access and refresh
// tokens stop at once, and another person neither sees nor ends it. And the MCP Inspector's CLI
// (`@modelcontextprotocol/inspector --cli`) connects by the URL alone: it prints the sign-in URL,
// the person signs in and allows there, its loopback callback gets the code. tests/mcp-oauth.test.mjs
// holds the flow through a provider, the SDK client and the attacks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startWorker, unique, fetchLocal } from './support/harness.mjs';
import { ROOT, settleWithin } from './support/worker.mjs';
import { PLUG, plug, as, ok } from './support/cli.mjs';

const INSPECTOR = join(ROOT, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');
// Where the apps' answers go: nothing listens there, the tests read the redirect's Location.
const REDIRECT = 'http://127.0.0.1:9/callback';
const scratch = mkdtempSync(join(tmpdir(), 'plug-apps-'));

let app;
let grid;
let ada;
let bob;
let mcpUrl;

before(async () => {
  app = await startWorker();
  grid = await app.grid();
  [ada, bob] = await Promise.all([app.user(unique('ada'), 'Ada Lovelace'), app.user()]);
  await Promise.all([app.join(grid, ada), app.join(grid, bob)]);
  mcpUrl = `${app.baseUrl}/mcp`;
});
after(async () => {
  await app?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const b64url = (buf) => Buffer.from(buf).toString('base64url');
const rpc = (token) => fetchLocal(mcpUrl, {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
});
const form = (path, fields, headers = {}) => fetchLocal(`${app.baseUrl}${path}`, {
  method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});
const csrfOf = (html) => html.match(/name="csrf" value="([0-9a-f]+)"/)?.[1];

/** An app registers and sends the person to /authorize; returns what the page and the app hold. */
async function start(name = 'Cursor (tests)') {
  const reg = await fetchLocal(`${app.baseUrl}/register`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: name, redirect_uris: [REDIRECT] }) });
  assert.equal(reg.status, 201);
  const { client_id } = await reg.json();
  const verifier = b64url(randomBytes(32));
  const url = `${app.baseUrl}/authorize?${new URLSearchParams({ response_type: 'code', client_id, redirect_uri: REDIRECT,
    state: 'st', code_challenge: b64url(createHash('sha256').update(verifier).digest()), code_challenge_method: 'S256', resource: mcpUrl })}`;
  const res = await fetchLocal(url, { redirect: 'manual' });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('plug_oauth='));
  return { client_id, verifier, status: res.status, html: await res.text(), headers: res.headers, cookie };
}

/** Signs in on the page with `token`, allows in the grid, exchanges the code: the app's tokens. */
async function connect(user, name) {
  const s = await start(name);
  const signedIn = await form('/authorize', { csrf: csrfOf(s.html), token: user.token, action: 'signin' }, { cookie: s.cookie });
  assert.equal(signedIn.status, 200);
  const allowed = await form('/authorize', { csrf: csrfOf(await signedIn.text()), grid: grid.slug, action: 'allow' }, { cookie: s.cookie });
  assert.equal(allowed.status, 303);
  const code = new URL(allowed.headers.get('location')).searchParams.get('code');
  const res = await form('/token', { grant_type: 'authorization_code', code, code_verifier: s.verifier, redirect_uri: REDIRECT,
    client_id: s.client_id, resource: mcpUrl });
  assert.equal(res.status, 200);
  return { client_id: s.client_id, tokens: await res.json() };
}

test('without a provider, /authorize asks for a Plug token: a wrong one or an MCP token is refused, the right one leads to consent and a working code', async () => {
  const s = await start('Cursor (tests)');
  assert.equal(s.status, 200, 'a page, not a redirect to a provider');
  assert.ok(s.cookie, 'the request is kept under a cookie');
  assert.match(s.html, /<h1>Sign in to Plug<\/h1>/);
  assert.match(s.html, /<b><bdi>Cursor \(tests\)<\/bdi><\/b> asks to connect to Plug; the answer goes to <b>127\.0\.0\.1:9<\/b>/);
  assert.match(s.html, /name="token" type="password"/);
  assert.match(s.headers.get('content-security-policy'), /frame-ancestors 'none'/);
  const csrf = csrfOf(s.html);
  assert.ok(csrf);

  const wrong = await form('/authorize', { csrf, token: 'not-a-token', action: 'signin' }, { cookie: s.cookie });
  assert.equal(wrong.status, 401);
  assert.match(await wrong.text(), /Sign-in refused/);
  assert.equal((await form('/authorize', { token: ada.token, action: 'signin' }, { cookie: s.cookie })).status, 403, 'no CSRF token');
  assert.equal((await form('/authorize', { csrf, token: ada.token, action: 'signin' })).status, 403, 'another browser');
  assert.equal((await form('/authorize', { csrf, token: ada.token, action: 'signin' },
    { cookie: s.cookie, origin: 'https://evil.example' })).status, 403, 'another site');

  // The person's own token, still on the same request: the consent page, as that person.
  const consent = await form('/authorize', { csrf, token: ` ${ada.token}\n`, action: 'signin' }, { cookie: s.cookie });
  assert.equal(consent.status, 200);
  const page = await consent.text();
  assert.match(page, /<h1>Connect an app to Plug<\/h1>/);
  assert.match(page, /asks to use Plug as <b><bdi>Ada Lovelace<\/bdi><\/b>/);
  assert.deepEqual([...page.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]), [grid.slug]);
  const next = csrfOf(page);
  assert.notEqual(next, csrf, 'the sign-in form\'s CSRF token is spent with it');
  const stale = await form('/authorize', { csrf, grid: grid.slug, action: 'allow' }, { cookie: s.cookie });
  assert.equal(stale.status, 403);
  const allowed = await form('/authorize', { csrf: next, grid: grid.slug, action: 'allow' }, { cookie: s.cookie });
  assert.equal(allowed.status, 303);
  const back = new URL(allowed.headers.get('location'));
  assert.equal(back.origin + back.pathname, REDIRECT);
  assert.equal(back.searchParams.get('state'), 'st');
  assert.equal(back.searchParams.get('iss'), app.baseUrl);
  const res = await form('/token', { grant_type: 'authorization_code', code: back.searchParams.get('code'), code_verifier: s.verifier,
    redirect_uri: REDIRECT, client_id: s.client_id, resource: mcpUrl });
  assert.equal(res.status, 200);
  const tokens = await res.json();
  const listed = await rpc(tokens.access_token);
  assert.equal(listed.status, 200);
  assert.ok((await listed.json()).result.tools.some((t) => t.name === 'drop'));

  // An MCP access token is no Plug token: it cannot sign in to grant more.
  const again = await start('Another app');
  const refused = await form('/authorize', { csrf: csrfOf(again.html), token: tokens.access_token, action: 'signin' }, { cookie: again.cookie });
  assert.equal(refused.status, 401);
  assert.match(await refused.text(), /accepted at \/mcp only/);
});

test('plug apps lists the connected apps; plug apps revoke ends one at once; another person neither sees nor ends it', async () => {
  assert.ok(existsSync(PLUG), `missing ${PLUG}: run cargo build -p plug --release`);
  const { client_id, tokens } = await connect(ada, 'Claude Code (tests)');
  const listed = JSON.parse(ok(await plug(['apps', '--json'], { env: as(app, ada, grid) })).stdout);
  const mine = listed.items.filter((a) => a.client_id === client_id);
  assert.equal(mine.length, 1, JSON.stringify(listed));
  const [{ grant_id: id }] = mine;
  assert.deepEqual([mine[0].client_name, mine[0].grid, mine[0].redirect_host], ['Claude Code (tests)', grid.slug, '127.0.0.1:9']);

  const table = ok(await plug(['apps'], { env: as(app, ada, grid) })).stdout.split('\n');
  assert.match(table[0], /^ID\s+APP\s+GRID\s+ANSWERS TO\s+CONNECTED\s+LAST USED$/);
  const row = table.find((line) => line.startsWith(id));
  assert.ok(row, table.join('\n'));
  assert.match(row, new RegExp(`Claude Code \\(tests\\)\\s+${grid.slug}\\s+127\\.0\\.0\\.1:9\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d`));

  // Bob, a member of the same grid, sees none of Ada's apps and cannot end one.
  const theirs = ok(await plug(['apps'], { env: as(app, bob, grid) }));
  assert.equal(theirs.stdout, '');
  assert.match(theirs.stderr, /No apps connected/);
  const stranger = await plug(['apps', 'revoke', id], { env: as(app, bob, grid) });
  assert.notEqual(stranger.code, 0);
  assert.match(stranger.stderr, /connected app not found/);
  assert.equal((await rpc(tokens.access_token)).status, 200, 'still connected');

  const revoked = ok(await plug(['apps', 'revoke', id, '--json'], { env: as(app, ada, grid) }));
  assert.deepEqual(JSON.parse(revoked.stdout), [{ grant_id: id, revoked: true }]);
  assert.equal((await rpc(tokens.access_token)).status, 401, 'the access token stops at once');
  const refresh = await form('/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id });
  assert.equal((await refresh.json()).error, 'invalid_grant', 'so does the refresh token');
  assert.deepEqual(JSON.parse(ok(await plug(['apps', 'ls', '--json'], { env: as(app, ada, grid) })).stdout).items.filter((a) => a.grant_id === id), []);
  const twice = await plug(['apps', 'revoke', id], { env: as(app, ada, grid) });
  assert.notEqual(twice.code, 0, 'once');
  assert.match(twice.stderr, /not found/);
});

/** A free loopback port. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

test('the MCP Inspector\'s CLI connects by the URL alone: it prints the sign-in URL, the person allows, its callback gets the code', async () => {
  const callback = `http://127.0.0.1:${await freePort()}/oauth/callback`;
  const home = mkdtempSync(join(scratch, 'inspector-'));
  // No TTY here: MCP_AUTO_OPEN_ENABLED lets the Inspector run its interactive OAuth anyway. PATH
  // holds node only, so no real browser is opened: the test is the person's browser.
  const child = spawn(process.execPath, [INSPECTOR, '--cli', mcpUrl, '--transport', 'http', '--callback-url', callback,
    '--method', 'tools/list'], { env: { PATH: dirname(process.execPath), HOME: home, NO_COLOR: '1', MCP_AUTO_OPEN_ENABLED: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => child.on('close', resolve));
  try {
    let authUrl = null;
    for (let i = 0; i < 300 && !authUrl; i += 1) {
      authUrl = stderr.match(/Please navigate to: (\S+)/)?.[1] ?? null;
      if (!authUrl) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(authUrl, `the Inspector printed a sign-in URL: ${stderr}`);
    const url = new URL(authUrl);
    assert.equal(url.origin + url.pathname, `${app.baseUrl}/authorize`);
    assert.equal(url.searchParams.get('redirect_uri'), callback);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');

    // The person, in their browser: Plug's sign-in page (a pasted token), then Allow.
    const page = await fetchLocal(authUrl, { redirect: 'manual' });
    assert.equal(page.status, 200);
    const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('plug_oauth='));
    const signedIn = await form('/authorize', { csrf: csrfOf(await page.text()), token: ada.token, action: 'signin' }, { cookie });
    assert.equal(signedIn.status, 200);
    const allowed = await form('/authorize', { csrf: csrfOf(await signedIn.text()), grid: grid.slug, action: 'allow' }, { cookie });
    assert.equal(allowed.status, 303);
    const back = allowed.headers.get('location');
    assert.ok(back.startsWith(`${callback}?`), back);
    const landed = await fetchLocal(back);
    assert.equal(landed.status, 200, await landed.text());

    const code = await settleWithin(exited, 60_000, 'timeout');
    assert.equal(code, 0, `exit ${code}\nstdout: ${stdout}\nstderr: ${stderr}`);
    assert.ok(JSON.parse(stdout).tools.some((t) => t.name === 'drop'), stdout);
  } finally {
    child.kill();
  }
  // It registered itself and now shows among Ada's connected apps.
  const apps = await app.request('GET', '/api/v2/connected-apps', { token: ada.token });
  assert.ok(apps.body.items.some((a) => a.redirect_host === new URL(callback).host), JSON.stringify(apps.body));
});
