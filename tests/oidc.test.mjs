// Sign-in through the team's OpenID Connect provider, the Worker's side (issue 18; README "Signing
// in"): a real provider (npm `oidc-provider`) on a free loopback port, the Worker trusting it by
// vars. Tokens are signed here with the provider's own keys (and others) to reach every refusal:
// another issuer, another audience, expired, a key rotated away, an unknown key, `alg` confusion
// between the provider's RS256 key and HS256, `none`. Real provider sign-ins (browser, `plug
// login`) are in oidc.browser.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { startWorker, unique } from './support/harness.mjs';
import { startIdp, idpVars, WEB_CLIENT, CLI_CLIENT } from './support/idp.mjs';

let app;
let idp;
let stranger;
let grid;
let domain;
before(async () => {
  [idp, stranger] = await Promise.all([startIdp(), startIdp()]);
  // A JWKS older than a second is fetched again, so a rotation shows without waiting minutes.
  app = await startWorker({ vars: idpVars(idp, { OIDC_JWKS_MAX_AGE: '1' }) });
  grid = await app.grid();
  domain = `${unique('corp')}.example`;
  await app.mustAdmin('PUT', `/grids/${grid.slug}/email-domains`, { domains: [domain.toUpperCase(), `@${domain}`] });
});
after(async () => {
  await app?.stop();
  await idp?.close();
  await stranger?.close();
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const b64 = (x) => Buffer.from(typeof x === 'string' ? x : JSON.stringify(x)).toString('base64url');
const me = (token) => app.request('GET', '/api/v2/me', { token });
const person = (local = unique('p')) => ({ sub: `sub-${local}`, email: `${local}@${domain}`, email_verified: true, name: 'Ada Lovelace' });

test('the config names the provider and its endpoints; the operator route checks the domains', async () => {
  const res = await app.request('GET', '/api/v2/auth/config');
  assert.equal(res.status, 200);
  const { oidc } = res.body;
  assert.equal(oidc.issuer, idp.issuer);
  assert.equal(oidc.client_id, WEB_CLIENT);
  assert.equal(oidc.cli_client_id, CLI_CLIENT);
  assert.equal(oidc.bearer, 'id_token');
  assert.equal(oidc.authorization_endpoint, `${idp.issuer}/auth`);
  assert.equal(oidc.token_endpoint, `${idp.issuer}/token`);
  assert.ok(oidc.device_authorization_endpoint.startsWith(idp.issuer));
  const bad = await app.admin('PUT', `/grids/${grid.slug}/email-domains`, { domains: ['not a domain'] });
  assert.equal(bad.status, 400);
  const missing = await app.admin('PUT', '/grids/no-such-grid/email-domains', { domains: [] });
  assert.equal(missing.status, 404);
  const anon = await app.request('PUT', `/admin/v1/grids/${grid.slug}/email-domains`, { json: { domains: [] } });
  assert.equal(anon.status, 401);
});

test('a first sign-in creates the user and a member of the grid that allows the email domain', async () => {
  const p = person('ada.lovelace');
  const token = await idp.sign(p);
  const first = await me(token);
  assert.equal(first.status, 200, first.text);
  assert.equal(first.body.user.name, 'Ada Lovelace');
  assert.match(first.body.user.slug, /^ada-lovelace/);
  assert.deepEqual(first.body.grids, [{ slug: grid.slug, role: 'member' }]);
  // The same identity again (a new token, the ES256 key this time): the same user, nothing new.
  const again = await me(await idp.sign(p, { key: idp.keys.ec }));
  assert.equal(again.status, 200, again.text);
  assert.equal(again.body.user.user_id, first.body.user.user_id);
  // It works on every route like an HS256 token: the grid's list.
  const list = await app.request('GET', '/api/v2/inspirations', { token });
  assert.equal(list.status, 200, list.text);
  // A token for `plug login`'s client is as good.
  const cli = await me(await idp.sign(p, { aud: CLI_CLIENT }));
  assert.equal(cli.body.user.user_id, first.body.user.user_id);
  // The browser's /enter cookie (README "How a viewer gets there"): this deployment asks for
  // offline_access, so the app's sign-in refreshes itself and the cookie lasts a week, not the
  // ID token's hour; from the app's own request and from /enter's small page alike.
  const remembered = await app.request('POST', '/api/v2/enter-session', { token });
  assert.equal(remembered.status, 204, remembered.text);
  assert.match(remembered.headers.getSetCookie()[0], /^plug_enter=[^;]+; Path=\/enter; HttpOnly; SameSite=Lax; Max-Age=604800/);
  const entered = await app.request('POST', `/enter?to=${encodeURIComponent(`${app.serveUrl}/`)}`, { token });
  assert.equal(entered.status, 201, entered.text);
  assert.match(entered.headers.getSetCookie()[0], /^plug_enter=[^;]+; Path=\/enter; HttpOnly; SameSite=Lax; Max-Age=604800/);
});

test('an email of a domain no grid allows is refused with a clear message, and nothing is created', async () => {
  const token = await idp.sign({ sub: 'sub-eve', email: 'eve@elsewhere.example', email_verified: true });
  const res = await me(token);
  assert.equal(res.status, 403);
  assert.equal(res.body.error.code, 'FORBIDDEN');
  assert.match(res.body.error.message, /eve@elsewhere\.example cannot sign in here: no grid on this Plug allows the email domain elsewhere\.example/);
  // Once the operator allows the domain, the same person gets in.
  const other = await app.grid();
  await app.mustAdmin('PUT', `/grids/${other.slug}/email-domains`, { domains: ['elsewhere.example'] });
  const later = await me(token);
  assert.equal(later.status, 200, later.text);
  assert.deepEqual(later.body.grids, [{ slug: other.slug, role: 'member' }]);
});

test('an unverified email never creates a user', async () => {
  const res = await me(await idp.sign({ ...person(), email_verified: false }));
  assert.equal(res.status, 403);
  assert.match(res.body.error.message, /verified email/);
  const none = await me(await idp.sign({ sub: 'sub-no-email' }));
  assert.equal(none.status, 403);
});

test('the operator links an identity to an existing user, who then signs in as that user', async () => {
  const user = await app.user();
  await app.join(grid, user, 'admin');
  const linked = await app.admin('PUT', `/users/${user.user_id}/identity`, { subject: 'sub-linked' });
  assert.equal(linked.status, 200, linked.text);
  assert.equal(linked.body.issuer, idp.issuer);
  const res = await me(await idp.sign({ sub: 'sub-linked', email: 'x@unlisted.example', email_verified: true }));
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.user.user_id, user.user_id);
  assert.deepEqual(res.body.grids, [{ slug: grid.slug, role: 'admin' }]);
  // HS256 tokens keep working beside it.
  assert.equal((await me(user.token)).status, 200);
  assert.equal((await app.request('GET', '/api/v2/inspirations', { token: user.token })).status, 200);
});

test('tokens from another issuer, for another audience, expired or tampered are 401', async () => {
  const p = person();
  const cases = {
    'another issuer (its own keys)': await stranger.sign(p),
    'another issuer claimed, signed by the trusted key': await idp.sign({ ...p, iss: stranger.issuer }),
    'the trusted issuer claimed, signed by a stranger': await stranger.sign({ ...p, iss: idp.issuer }),
    'another audience': await idp.sign(p, { aud: 'someone-else' }),
    expired: await idp.sign(p, { ttl: -120 }),
    'no exp': await idp.sign({ ...p, exp: undefined }),
  };
  const good = await idp.sign(p);
  const [h, payload] = good.split('.');
  const forged = b64({ ...JSON.parse(Buffer.from(payload, 'base64url')), sub: 'sub-someone-else' });
  cases['payload changed after signing'] = `${h}.${forged}.${good.split('.')[2]}`;
  for (const [what, token] of Object.entries(cases)) {
    const res = await me(token);
    assert.equal(res.status, 401, `${what}: ${res.text}`);
    assert.equal(res.body.error.code, 'UNAUTHORIZED', what);
  }
  assert.match((await me(cases.expired)).body.error.message, /expired/);
});

test('alg confusion: HS256 signed with the provider RSA public key, none, and a key of the wrong type are 401', async () => {
  const p = person();
  const claims = { iss: idp.issuer, aud: WEB_CLIENT, exp: Math.floor(Date.now() / 1000) + 300, ...p };
  const hs = (secret, kid = idp.keys.rsa.kid) => {
    const input = `${b64({ alg: 'HS256', typ: 'JWT', kid })}.${b64(claims)}`;
    return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
  };
  const n = Buffer.from(idp.keys.rsa.publicJwk.n, 'base64url');
  const cases = {
    'HS256 keyed with the RSA public key PEM': hs(idp.keys.rsa.spki),
    'HS256 keyed with the RSA JWK JSON': hs(JSON.stringify(idp.keys.rsa.publicJwk)),
    'HS256 keyed with the RSA modulus': hs(n),
    none: `${b64({ alg: 'none', kid: idp.keys.rsa.kid })}.${b64(claims)}.`,
    'RS512': `${b64({ alg: 'RS512', kid: idp.keys.rsa.kid })}.${b64(claims)}.c2ln`,
    // An ES256 header naming the RSA key's id: the RSA key never checks ES256.
    'ES256 signed by the EC key, naming the RSA kid': await idp.sign(p, { key: idp.keys.ec, kid: idp.keys.rsa.kid }),
  };
  for (const [what, token] of Object.entries(cases)) {
    const res = await me(token);
    assert.equal(res.status, 401, `${what}: ${res.text}`);
  }
});

test('a key rotated away stops working once the cached JWKS ages out; a new published key works', async () => {
  const p = person();
  const old = await idp.sign(p);
  assert.equal((await me(old)).status, 200);
  const ghost = await idp.makeKey('RS256', 'rs-ghost');
  const unpublished = await idp.sign(p, { key: ghost });
  const refused = await me(unpublished);
  assert.equal(refused.status, 401);
  assert.match(refused.body.error.message, /key the identity provider does not publish/);
  const next = await idp.makeKey('RS256', 'rs-2');
  idp.publish([next, idp.keys.ec]);
  await sleep(1500);
  const revoked = await me(old);
  assert.equal(revoked.status, 401, revoked.text);
  const rotated = await me(await idp.sign(p, { key: next }));
  assert.equal(rotated.status, 200, rotated.text);
  idp.publish([idp.keys.rsa, idp.keys.ec, next]);
  await sleep(1500);
});

test('tokens naming unknown key ids make the Worker fetch the JWKS at most once a minute', async () => {
  // A Worker with the default JWKS age (600 s): the refresh for an unknown kid is what is limited.
  const other = await startWorker({ vars: idpVars(idp) });
  try {
    const g = await other.grid();
    await other.mustAdmin('PUT', `/grids/${g.slug}/email-domains`, { domains: [domain] });
    const p = person();
    const first = await other.request('GET', '/api/v2/me', { token: await idp.sign(p) });
    assert.equal(first.status, 200, first.text);
    const before = idp.hits.jwks;
    for (let i = 0; i < 5; i += 1) {
      const ghost = await idp.makeKey('RS256', `ghost-${i}`);
      const res = await other.request('GET', '/api/v2/me', { token: await idp.sign(p, { key: ghost }) });
      assert.equal(res.status, 401);
    }
    assert.ok(idp.hits.jwks - before <= 1, `fetched the JWKS ${idp.hits.jwks - before} times for 5 unknown kids`);
  } finally {
    await other.stop();
  }
});

test('an ID token also meant for another client, or naming no Plug client as its holder, is 401 (Core 3.1.3.7)', async () => {
  const p = person();
  const cases = {
    'aud lists Plug and another client': await idp.sign(p, { aud: [WEB_CLIENT, 'someone-else'] }),
    'the same, with azp naming Plug': await idp.sign({ ...p, azp: WEB_CLIENT }, { aud: [WEB_CLIENT, 'someone-else'] }),
    'both of Plug\'s clients but no azp': await idp.sign(p, { aud: [WEB_CLIENT, CLI_CLIENT] }),
    'azp names another client': await idp.sign({ ...p, azp: 'someone-else' }),
    'issued an hour from now': await idp.sign({ ...p, iat: Math.floor(Date.now() / 1000) + 3600 }),
  };
  for (const [what, token] of Object.entries(cases)) {
    const res = await me(token);
    assert.equal(res.status, 401, `${what}: ${res.text}`);
  }
  const held = await me(await idp.sign({ ...p, azp: CLI_CLIENT }, { aud: [WEB_CLIENT, CLI_CLIENT] }));
  assert.equal(held.status, 200, held.text);
});

test('a slow provider holds no request: discovery, keys and the token relay give up in seconds', async () => {
  const slow = await startIdp();
  // 1 s rather than the default 5 s (10 s for the relay): the same give-up paths, sooner.
  const fresh = await startWorker({ vars: { ...idpVars(slow), OIDC_TIMEOUT_MS: '1000' } });
  try {
    const g = await fresh.grid();
    await fresh.mustAdmin('PUT', `/grids/${g.slug}/email-domains`, { domains: [domain] });
    const p = person();
    const timed = async (what, call) => {
      const started = Date.now();
      const res = await call();
      return { res, ms: Date.now() - started, what };
    };
    // A cold isolate: the keys themselves are slow to come.
    slow.delays['/jwks'] = 30_000;
    const first = await timed('cold keys', async () => fresh.request('GET', '/api/v2/me', { token: await slow.sign(p) }));
    assert.equal(first.res.status, 503, first.res.text);
    assert.ok(Number(first.res.headers.get('retry-after')) >= 1);
    assert.ok(first.ms < 12_000, `waited ${first.ms} ms for keys`);
    // Keys cached: a forged token naming an unknown key triggers a refresh that the provider is
    // slow to answer; it is refused in seconds and the real token keeps working.
    delete slow.delays['/jwks'];
    assert.equal((await fresh.request('GET', '/api/v2/me', { token: await slow.sign(p) })).status, 200);
    slow.delays['/jwks'] = 30_000;
    const ghost = await slow.makeKey('RS256', 'ghost-slow');
    const forged = await timed('unknown kid', async () => fresh.request('GET', '/api/v2/me', { token: await slow.sign(p, { key: ghost }) }));
    assert.equal(forged.res.status, 401, forged.res.text);
    assert.ok(forged.ms < 12_000, `waited ${forged.ms} ms on a key refresh`);
    assert.equal((await fresh.request('GET', '/api/v2/me', { token: await slow.sign(p) })).status, 200);
    // The token relay.
    slow.delays['/token'] = 30_000;
    const relay = await timed('relay', () => fresh.request('POST', '/api/v2/auth/token', {
      json: { grant_type: 'refresh_token', refresh_token: 'x' },
    }));
    assert.equal(relay.res.status, 503, relay.res.text);
    assert.ok(relay.ms < 15_000, `waited ${relay.ms} ms on the relay`);
  } finally {
    await fresh.stop();
    await slow.close();
  }
});
