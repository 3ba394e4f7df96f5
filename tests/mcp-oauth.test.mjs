// Plug as a remote MCP connector (issue 29): an MCP client adds Plug by its URL and signs the
// person in through the browser, as the MCP authorization specification describes. The official
// TypeScript SDK's OAuth client drives it against the real Worker, with `OIDC=1`'s local provider
// (npm `oidc-provider`) as the team's identity provider: 401, discovery, registration, the
// provider's sign-in, Plug's consent page, code, token, tools/list, a drop, the app in the
// person's connected apps, a refresh, a revocation, 401 again; then disconnecting an app through
// the API (its tokens stop at once; nobody else sees or ends it). The pages are driven over HTTP like a browser with a cookie jar would
// (forms submitted as they are), then the attacks: a redirect URI not registered, a code used
// twice, a missing or wrong PKCE verifier, a token of another audience on /mcp and an MCP token on
// /api/v2, a consent answer without the person (CSRF), a registration flood.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { startWorker, unique, fetchLocal } from './support/harness.mjs';
import { startIdp, idpVars } from './support/idp.mjs';

let app;
let idp;
let grid;
let domain;
let mcpUrl;
// Where the apps' answers go: nothing listens there, the tests read the redirect's Location.
const REDIRECT = 'http://127.0.0.1:9/callback';

before(async () => {
  idp = await startIdp();
  app = await startWorker({ vars: idpVars(idp) });
  idp.allowWebOrigin(app.baseUrl);
  grid = await app.grid();
  domain = `${unique('corp')}.example`;
  await app.mustAdmin('PUT', `/grids/${grid.slug}/email-domains`, { domains: [domain] });
  mcpUrl = `${app.baseUrl}/mcp`;
});
after(async () => {
  await app?.stop();
  await idp?.close();
});

const b64url = (buf) => Buffer.from(buf).toString('base64url');

/** One browser: a cookie jar per host, redirects followed by hand until `stop(url)` says so. */
function browser() {
  const jar = new Map();
  async function go(url, { method = 'GET', form, headers = {} } = {}) {
    const here = new URL(url);
    const h = { 'user-agent': 'plug-tests', ...headers };
    const cookies = jar.get(here.host);
    if (cookies?.size) h.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body;
    if (form) {
      body = new URLSearchParams(form).toString();
      h['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetchLocal(url, { method, headers: h, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const store = jar.get(here.host) || new Map();
      if (/max-age=0/i.test(line)) store.delete(pair.slice(0, at).trim());
      else store.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      jar.set(here.host, store);
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, url, location: res.headers.get('location') };
  }
  return { jar, go };
}

/** The first form of a page: its action (absolute), its fields, and its buttons' values. */
function formOf(page) {
  const tag = page.text.match(/<form\b[^>]*>/i);
  assert.ok(tag, `a form on ${page.url}: ${page.text.slice(0, 300)}`);
  const action = new URL(tag[0].match(/action="([^"]*)"/i)?.[1] ?? page.url, page.url).toString();
  const fields = {};
  for (const input of page.text.matchAll(/<input\b[^>]*>/gi)) {
    const name = input[0].match(/name="([^"]*)"/i)?.[1];
    if (name) fields[name] = input[0].match(/value="([^"]*)"/i)?.[1] ?? '';
  }
  const options = [...page.text.matchAll(/<option value="([^"]*)"/gi)].map((m) => m[1]);
  return { action, fields, options };
}

/**
 * Follows an authorization URL through the provider's sign-in (its development login: any
 * password) to Plug's consent page. Returns { page, browser } with the consent page.
 */
async function signIn(authUrl, email, b = browser()) {
  let res = await b.go(authUrl);
  for (let hops = 0; hops < 20; hops += 1) {
    if (res.location) {
      res = await b.go(new URL(res.location, res.url).toString());
      continue;
    }
    assert.equal(res.status, 200, `${res.url}: ${res.status} ${res.text.slice(0, 300)}`);
    if (new URL(res.url).origin === app.baseUrl) return { page: res, browser: b };
    const form = formOf(res);
    const fields = { ...form.fields };
    if ('login' in fields) Object.assign(fields, { login: email, password: 'any' });
    res = await b.go(form.action, { method: 'POST', form: fields });
  }
  throw new Error('the sign-in did not reach Plug');
}

/** Answers Plug's consent page; returns the redirect's URL (to the app). */
async function consent({ page, browser: b }, { action = 'allow', grid: slug = grid.slug } = {}) {
  const form = formOf(page);
  assert.equal(form.action, `${app.baseUrl}/authorize`);
  const res = await b.go(form.action, { method: 'POST', form: { ...form.fields, grid: slug, action } });
  assert.equal(res.status, 303, res.text);
  return new URL(res.location);
}

/** An SDK OAuthClientProvider that keeps everything in memory and records the redirect. */
class MemoryProvider {
  constructor(name = 'Plug tests') { this.name = name; this.saved = {}; }
  get redirectUrl() { return REDIRECT; }
  get clientMetadata() {
    return { client_name: this.name, redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  state() { this.saved.state = b64url(randomBytes(16)); return this.saved.state; }
  clientInformation() { return this.saved.client; }
  saveClientInformation(c) { this.saved.client = c; }
  tokens() { return this.saved.tokens; }
  saveTokens(t) { this.saved.tokens = t; }
  redirectToAuthorization(url) { this.authorizationUrl = url; }
  saveCodeVerifier(v) { this.saved.verifier = v; }
  codeVerifier() { return this.saved.verifier; }
}

const person = () => `${unique('ada')}@${domain}`;
const rpc = (token, body = { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers = {}) => fetchLocal(mcpUrl, {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream',
    ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  body: JSON.stringify(body),
});
const form = (path, fields, headers = {}) => fetchLocal(`${app.baseUrl}${path}`, {
  method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});

test('discovery: the 401 names the resource metadata, which names Plug as the authorization server', async () => {
  const res = await rpc(null);
  assert.equal(res.status, 401);
  const challenge = res.headers.get('www-authenticate');
  assert.match(challenge, /^Bearer /);
  assert.ok(challenge.includes(`resource_metadata="${app.baseUrl}/.well-known/oauth-protected-resource/mcp"`), challenge);
  for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
    const prm = await fetchLocal(`${app.baseUrl}${path}`);
    assert.equal(prm.status, 200, path);
    assert.equal(prm.headers.get('access-control-allow-origin'), '*');
    const doc = await prm.json();
    assert.equal(doc.resource, mcpUrl);
    assert.deepEqual(doc.authorization_servers, [app.baseUrl]);
  }
  const as = await (await fetchLocal(`${app.baseUrl}/.well-known/oauth-authorization-server`)).json();
  assert.equal(as.issuer, app.baseUrl);
  assert.deepEqual(as.code_challenge_methods_supported, ['S256']);
  assert.equal(as.registration_endpoint, `${app.baseUrl}/register`);
  assert.equal(as.authorization_response_iss_parameter_supported, true);
  assert.deepEqual(as.token_endpoint_auth_methods_supported, ['none']);
  // A wrong token is told so in the challenge.
  const wrong = await rpc('plug_at_0000');
  assert.equal(wrong.status, 401);
  assert.match(wrong.headers.get('www-authenticate'), /error="invalid_token"/);
});

test('the SDK client signs in, lists the tools, drops, refreshes, is revoked and is refused again', async () => {
  const provider = new MemoryProvider('Claude (tests)');
  const email = person();
  let transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
  let client = new Client({ name: 'plug-oauth-tests', version: '1.0.0' });
  await assert.rejects(client.connect(transport), UnauthorizedError);
  // The SDK registered itself and sent the person to /authorize with PKCE and the resource.
  assert.match(provider.saved.client.client_id, /^plug_c_/);
  const authUrl = provider.authorizationUrl;
  assert.equal(authUrl.origin + authUrl.pathname, `${app.baseUrl}/authorize`);
  assert.equal(authUrl.searchParams.get('code_challenge_method'), 'S256');
  assert.equal(authUrl.searchParams.get('resource'), mcpUrl);

  const signedIn = await signIn(authUrl.toString(), email);
  // Plug's consent page: the app's name, where the answer goes, the grid picker.
  const page = signedIn.page.text;
  assert.match(page, /Claude \(tests\)/);
  assert.match(page, /127\.0\.0\.1:9/);
  assert.deepEqual(formOf(signedIn.page).options, [grid.slug]);
  assert.match(signedIn.page.headers.get('content-security-policy'), /frame-ancestors 'none'/);
  const back = await consent(signedIn);
  assert.equal(back.origin + back.pathname, REDIRECT);
  assert.equal(back.searchParams.get('state'), provider.saved.state);
  assert.equal(back.searchParams.get('iss'), app.baseUrl);
  await transport.finishAuth(back.searchParams.get('code'));
  const first = provider.saved.tokens;
  assert.match(first.access_token, /^plug_at_/);
  assert.match(first.refresh_token, /^plug_rt_/);
  assert.equal(first.token_type, 'Bearer');

  // Connected: the grid comes from the grant, no X-Platform-Grid.
  transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
  client = new Client({ name: 'plug-oauth-tests', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  assert.ok(tools.some((t) => t.name === 'drop'));
  const dropped = await client.callTool({ name: 'drop', arguments: {
    content: '<!doctype html><title>Via OAuth</title><h1>Hi</h1>', file_name: 'index.html', name: unique('oauth'),
    scope: 'org', visibility: 'org' } });
  assert.ok(!dropped.isError, JSON.stringify(dropped.content));
  const item = dropped.structuredContent ?? JSON.parse(dropped.content[0].text);
  assert.match(item.url, /^http/);
  await client.close();

  // The person sees the app in their connected apps (the web app's call, with a provider token).
  const idToken = await idp.sign({ sub: email, email, email_verified: true });
  const apps = await app.request('GET', '/api/v2/connected-apps', { token: idToken });
  assert.equal(apps.status, 200, apps.text);
  assert.equal(apps.body.items.length, 1, apps.text);
  const [listed] = apps.body.items;
  assert.equal(listed.client_name, 'Claude (tests)');
  assert.equal(listed.client_id, provider.saved.client.client_id);
  assert.equal(listed.grid, grid.slug);
  assert.equal(listed.redirect_host, '127.0.0.1:9');
  assert.match(listed.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

  // A refresh through the SDK: new tokens, the old refresh token spent.
  assert.equal(await auth(provider, { serverUrl: new URL(mcpUrl) }), 'AUTHORIZED');
  const second = provider.saved.tokens;
  assert.notEqual(second.access_token, first.access_token);
  assert.notEqual(second.refresh_token, first.refresh_token);
  assert.equal((await rpc(second.access_token)).status, 200);

  // Revocation ends the grant: both access tokens are refused, with the challenge again.
  const revoked = await form('/revoke', { token: second.refresh_token, client_id: provider.saved.client.client_id });
  assert.equal(revoked.status, 200);
  for (const token of [first.access_token, second.access_token]) {
    const res = await rpc(token);
    assert.equal(res.status, 401);
    assert.match(res.headers.get('www-authenticate'), /resource_metadata=.*error="invalid_token"/);
  }
  assert.deepEqual((await app.request('GET', '/api/v2/connected-apps', { token: idToken })).body.items, [], 'gone from the list');
});

/** Registers a client by hand; returns its id. */
async function register(extra = {}, headers = {}) {
  const res = await fetchLocal(`${app.baseUrl}/register`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ client_name: 'Hand-made', redirect_uris: [REDIRECT], ...extra }),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** A code for a fresh client and person, by hand: { client_id, code, verifier, email }. */
async function codeByHand({ email = person(), b } = {}) {
  const { body: client } = await register();
  const verifier = b64url(randomBytes(32));
  const url = new URL(`${app.baseUrl}/authorize`);
  const params = { response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT, state: 's1',
    code_challenge: b64url(createHash('sha256').update(verifier).digest()), code_challenge_method: 'S256', resource: mcpUrl };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const back = await consent(await signIn(url.toString(), email, b));
  return { client_id: client.client_id, code: back.searchParams.get('code'), verifier, email };
}

const exchange = (c, extra = {}) => form('/token', { grant_type: 'authorization_code', code: c.code, code_verifier: c.verifier,
  redirect_uri: REDIRECT, client_id: c.client_id, resource: mcpUrl, ...extra });

test('codes work once, with the right PKCE verifier; a second use ends what the first made', async () => {
  const c = await codeByHand();
  for (const verifier of [undefined, b64url(randomBytes(32))]) {
    const fresh = await codeByHand({ email: c.email });
    const res = await exchange(fresh, { code_verifier: verifier ?? '' });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.error, 'invalid_grant');
    assert.match(body.error_description, /PKCE/);
  }
  const other = await register();
  const stolen = await exchange(c, { client_id: other.body.client_id });
  assert.equal((await stolen.json()).error, 'invalid_grant', 'a code of another client');
  const d = await codeByHand({ email: c.email });
  const ok = await exchange(d);
  assert.equal(ok.status, 200);
  const tokens = await ok.json();
  assert.equal(ok.headers.get('cache-control'), 'no-store');
  assert.equal((await rpc(tokens.access_token)).status, 200);
  const again = await exchange(d);
  assert.equal(again.status, 400);
  assert.equal((await again.json()).error, 'invalid_grant');
  assert.equal((await rpc(tokens.access_token)).status, 401, 'the replayed code ended its grant');
  // Another resource is not this server's to grant.
  const e = await codeByHand({ email: c.email });
  const target = await exchange(e, { resource: 'https://elsewhere.example/mcp' });
  assert.equal((await target.json()).error, 'invalid_target');
});

test('refresh tokens rotate; a spent one presented again ends the grant; so does leaving the grid', async () => {
  const c = await codeByHand();
  const first = await (await exchange(c)).json();
  const refresh = (token) => form('/token', { grant_type: 'refresh_token', refresh_token: token, client_id: c.client_id });
  const second = await (await refresh(first.refresh_token)).json();
  assert.match(second.access_token, /^plug_at_/);
  const replay = await refresh(first.refresh_token);
  assert.equal(replay.status, 400);
  assert.equal((await replay.json()).error, 'invalid_grant');
  assert.equal((await rpc(second.access_token)).status, 401, 'a replayed refresh token ends the grant');

  const d = await codeByHand();
  const tokens = await (await exchange(d)).json();
  assert.equal((await rpc(tokens.access_token)).status, 200);
  const me = await app.request('GET', '/api/v2/me', { token: await idp.sign({ sub: d.email, email: d.email, email_verified: true }) });
  await app.mustAdmin('DELETE', `/grids/${grid.slug}/members/${me.body.user.user_id}`);
  assert.equal((await rpc(tokens.access_token)).status, 401, 'the membership ended, so did the grant');
  assert.equal((await (await refresh(tokens.refresh_token)).json()).error, 'invalid_grant');
});

test('a person lists their connected apps and disconnects one: its tokens stop at once; nobody else sees or ends it', async () => {
  const c = await codeByHand();
  const tokens = await (await exchange(c)).json();
  assert.equal((await rpc(tokens.access_token)).status, 200);
  const mine = await idp.sign({ sub: c.email, email: c.email, email_verified: true });
  const list = await app.request('GET', '/api/v2/connected-apps', { token: mine });
  assert.equal(list.status, 200, list.text);
  assert.deepEqual(list.body.items.map((a) => [a.client_id, a.client_name, a.grid, a.redirect_host]),
    [[c.client_id, 'Hand-made', grid.slug, '127.0.0.1:9']]);
  assert.equal(list.body.next_cursor, null);
  assert.equal(list.body.total_returned, 1);
  const [{ grant_id: id, created_at: created, last_used_at: used }] = list.body.items;
  assert.equal(used, created, 'its sign-in is its last use so far');

  // Another member of the same grid sees none of it and cannot end it: a 404, as for no grant.
  const otherEmail = person();
  const other = await idp.sign({ sub: otherEmail, email: otherEmail, email_verified: true });
  const theirs = await app.request('GET', '/api/v2/connected-apps', { token: other });
  assert.equal(theirs.status, 200, theirs.text);
  assert.deepEqual(theirs.body.items, []);
  const stranger = await app.request('DELETE', `/api/v2/connected-apps/${id}`, { token: other });
  assert.equal(stranger.status, 404);
  assert.equal(stranger.body.error.code, 'NOT_FOUND');
  // The app's own token is no key to the list, and nobody signed out is either.
  const own = await app.request('DELETE', `/api/v2/connected-apps/${id}`, { token: tokens.access_token });
  assert.equal(own.status, 401);
  assert.equal((await app.request('GET', '/api/v2/connected-apps', { token: tokens.access_token })).status, 401);
  assert.equal((await app.request('GET', '/api/v2/connected-apps')).status, 401);
  assert.equal((await rpc(tokens.access_token)).status, 200, 'still connected');

  const ended = await app.request('DELETE', `/api/v2/connected-apps/${id}`, { token: mine });
  assert.equal(ended.status, 204, ended.text);
  const refused = await rpc(tokens.access_token);
  assert.equal(refused.status, 401, 'the access token stops at once');
  assert.match(refused.headers.get('www-authenticate'), /error="invalid_token"/);
  const refresh = await form('/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: c.client_id });
  assert.equal(refresh.status, 400);
  assert.equal((await refresh.json()).error, 'invalid_grant', 'so does the refresh token');
  assert.deepEqual((await app.request('GET', '/api/v2/connected-apps', { token: mine })).body.items, []);
  assert.equal((await app.request('DELETE', `/api/v2/connected-apps/${id}`, { token: mine })).status, 404, 'once');
});

test('tokens stay with their audience: an MCP token is 401 on /api/v2, a provider token is 401 on /mcp', async () => {
  const c = await codeByHand();
  const tokens = await (await exchange(c)).json();
  const api = await app.request('GET', '/api/v2/inspirations', { token: tokens.access_token, grid: grid.slug });
  assert.equal(api.status, 401);
  assert.match(api.body.error.message, /\/mcp only/);
  const idToken = await idp.sign({ sub: c.email, email: c.email, email_verified: true });
  assert.equal((await app.request('GET', '/api/v2/inspirations', { token: idToken })).status, 200, 'the web app token works on the API');
  const res = await rpc(idToken, undefined, { 'x-platform-grid': grid.slug });
  assert.equal(res.status, 401);
  assert.match(res.headers.get('www-authenticate'), /error="invalid_token"/);
});

test('authorize refuses what was not registered and never redirects there', async () => {
  const { body: client } = await register();
  const base = { response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT, state: 'x',
    code_challenge: b64url(createHash('sha256').update('v'.repeat(43)).digest()), code_challenge_method: 'S256' };
  const open = (params) => fetchLocal(`${app.baseUrl}/authorize?${new URLSearchParams({ ...base, ...params })}`, { redirect: 'manual' });
  for (const redirect_uri of ['https://evil.example/callback', 'http://127.0.0.1:9/other', 'http://localhost:9/callback']) {
    const res = await open({ redirect_uri });
    assert.equal(res.status, 400, redirect_uri);
    assert.equal(res.headers.get('location'), null);
  }
  // A loopback redirect may change its port (RFC 8252).
  const port = await open({ redirect_uri: 'http://127.0.0.1:4567/callback' });
  assert.equal(port.status, 302);
  assert.equal((await open({ client_id: 'plug_c_nobody' })).status, 404);
  // Without PKCE S256 the app hears why, at its registered redirect.
  const plain = await open({ code_challenge_method: 'plain' });
  assert.equal(plain.status, 303);
  const to = new URL(plain.headers.get('location'));
  assert.equal(to.searchParams.get('error'), 'invalid_request');
  assert.equal(to.searchParams.get('state'), 'x');
  const target = new URL((await open({ resource: 'https://elsewhere.example/mcp' })).headers.get('location'));
  assert.equal(target.searchParams.get('error'), 'invalid_target');
  // Registration refuses redirects that are not https or loopback http.
  for (const uri of ['http://evil.example/cb', 'javascript:alert(1)', 'https://x.example/cb#f']) {
    const res = await register({ redirect_uris: [uri] });
    assert.equal(res.status, 400, uri);
    assert.equal(res.body.error, 'invalid_redirect_uri');
  }
  const bad = await register({ redirect_uris: [] });
  assert.equal(bad.body.error, 'invalid_client_metadata');
});

test('the consent answer needs the person: no CSRF token, a wrong one, or another origin is 403', async () => {
  const { body: client } = await register();
  const url = `${app.baseUrl}/authorize?${new URLSearchParams({ response_type: 'code', client_id: client.client_id,
    redirect_uri: REDIRECT, code_challenge: b64url(createHash('sha256').update('w'.repeat(43)).digest()), code_challenge_method: 'S256' })}`;
  const signedIn = await signIn(url, person());
  const { fields } = formOf(signedIn.page);
  const b = signedIn.browser;
  const post = (f, headers) => b.go(`${app.baseUrl}/authorize`, { method: 'POST', form: { grid: grid.slug, action: 'allow', ...f }, headers });
  assert.equal((await post({})).status, 403, 'no CSRF token');
  assert.equal((await post({ csrf: 'f'.repeat(64) })).status, 403, 'a wrong CSRF token');
  assert.equal((await post(fields, { origin: 'https://evil.example' })).status, 403, 'another site');
  // Another browser (no cookie) with the right token: still not the person.
  const other = await fetchLocal(`${app.baseUrl}/authorize`, { method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...fields, grid: grid.slug, action: 'allow' }) });
  assert.equal(other.status, 403);
  // The person's own answer still works, once.
  const ok = await post(fields);
  assert.equal(ok.status, 303);
  assert.ok(new URL(ok.location).searchParams.get('code'));
  assert.equal((await post(fields)).status, 403, 'the request ended with its answer');
});

test('registration is bounded and a flood from one address is refused with 429', async () => {
  const big = await register({ client_name: 'x'.repeat(101) });
  assert.equal(big.status, 400);
  const huge = await fetchLocal(`${app.baseUrl}/register`, { method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.77' },
    body: JSON.stringify({ redirect_uris: [REDIRECT], pad: 'x'.repeat(20_000) }) });
  assert.equal(huge.status, 400);
  const ip = { 'cf-connecting-ip': '198.51.100.99' };
  let last;
  for (let i = 0; i < 21; i += 1) last = await register({}, ip);
  assert.equal(last.status, 429);
  assert.equal(last.body.error, 'too_many_requests');
  assert.ok(Number(last.headers.get('retry-after')) > 0);
  assert.equal((await register({}, { 'cf-connecting-ip': '198.51.100.98' })).status, 201, 'another address still registers');
});

test('/mcp answers a preflight from its own origin and refuses other origins with 403', async () => {
  const pre = (origin) => fetchLocal(mcpUrl, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization, content-type, mcp-protocol-version' } });
  const own = await pre(app.baseUrl);
  assert.equal(own.status, 204);
  assert.equal(own.headers.get('access-control-allow-origin'), app.baseUrl);
  assert.match(own.headers.get('access-control-allow-headers'), /Mcp-Protocol-Version/i);
  assert.equal((await pre('https://evil.example')).status, 403);
  assert.equal((await rpc(null, undefined, { origin: 'https://evil.example' })).status, 403);
  const unauth = await rpc(null, undefined, { origin: app.baseUrl });
  assert.equal(unauth.status, 401);
  assert.match(unauth.headers.get('access-control-expose-headers'), /WWW-Authenticate/);
});
