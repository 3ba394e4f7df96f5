// A real OpenID Connect provider on loopback for tests and `npm run idp` (issue 18): the npm
// package `oidc-provider` (certified by the OpenID Foundation) with two public clients, the web
// app's (authorization code + PKCE, refresh) and `plug login`'s (native: loopback redirect on any
// port, device grant). Its development login form accepts any email with any password; the email
// is the account. Its signing keys are made here, so tests can also sign tokens of their own with
// them (expired, of an unpublished key, `alg` confusion) and rotate the published keys.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { freePort } from './worker.mjs';

export const WEB_CLIENT = 'plug-web';
export const CLI_CLIENT = 'plug-cli';

async function keyPair(alg, kid) {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = { ...await exportJWK(privateKey), kid, alg, use: 'sig' };
  const publicJwk = { ...await exportJWK(publicKey), kid, alg, use: 'sig' };
  return { alg, kid, privateKey, publicKey, jwk, publicJwk, spki: await exportSPKI(publicKey) };
}

/** The account of a dev-login "email": `unverified+…@` addresses come with email_verified false. */
function account(id) {
  const email = id.includes('@') ? id.toLowerCase() : `${id.toLowerCase()}@example.com`;
  return {
    accountId: id,
    async claims() {
      return {
        sub: `sub-${email}`,
        email,
        email_verified: !email.startsWith('unverified'),
        name: email.split('@')[0].replace(/[._+-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
      };
    },
  };
}

/**
 * Starts the provider on a free loopback port. `webOrigins` are the web app's origins (its
 * redirect URI is the origin's `/`). `idTokenTtl` is in seconds. Returns { issuer, port, keys,
 * sign(claims, opts), publish(keys), close() }.
 */
export async function startIdp({ webOrigins = [], idTokenTtl = 300, port } = {}) {
  port ??= await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const keys = { rsa: await keyPair('RS256', 'rs-1'), ec: await keyPair('ES256', 'es-1') };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: WEB_CLIENT,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: ['http://localhost/'],
        post_logout_redirect_uris: ['http://localhost/'],
      },
      {
        client_id: CLI_CLIENT,
        token_endpoint_auth_method: 'none',
        application_type: 'native',
        grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
        response_types: ['code'],
        redirect_uris: ['http://127.0.0.1/callback'],
      },
    ],
    jwks: { keys: [keys.rsa.jwk, keys.ec.jwk] },
    findAccount: (ctx, id) => account(id),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    // The ID token carries the email (as Google's, Okta's and Entra's do): Plug reads it there.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: true },
      deviceFlow: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    issueRefreshToken: (ctx, client) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: () => true,
    ttl: { IdToken: idTokenTtl, AccessToken: idTokenTtl, RefreshToken: 86_400, Session: 86_400, Grant: 86_400,
      Interaction: 3600, DeviceCode: 600 },
    cookies: { keys: ['plug-test-idp-cookie-key'] },
    pkce: { required: () => true },
  });
  provider.proxy = false;
  // The web app's origin is known only once its Worker runs, after this provider: its redirect
  // URIs are the origins added by `allowWebOrigin`, checked here rather than fixed at start.
  const origins = [...webOrigins];
  // Besides the web app's `/`, Plug's own `/oauth/callback`: where its MCP consent (issue 29) signs in.
  const allowed = (uri) => origins.some((o) => uri === `${o}/` || uri === `${o}/oauth/callback`);
  const { redirectUriAllowed, postLogoutRedirectUriAllowed } = provider.Client.prototype;
  provider.Client.prototype.redirectUriAllowed = function (uri) {
    return this.clientId === WEB_CLIENT ? allowed(uri) : redirectUriAllowed.call(this, uri);
  };
  provider.Client.prototype.postLogoutRedirectUriAllowed = function (uri) {
    return this.clientId === WEB_CLIENT ? allowed(uri) : postLogoutRedirectUriAllowed.call(this, uri);
  };
  // Quiet: the provider warns about its development defaults on stderr, once per process.
  const callback = provider.callback();
  let published = null;
  const hits = { jwks: 0 };
  // Milliseconds the provider takes before answering a path (`/jwks`, `/token`, ...): a slow provider.
  const delays = {};
  const server = createServer(async (req, res) => {
    if (req.url === '/jwks') hits.jwks += 1;
    const delay = delays[new URL(req.url, issuer).pathname];
    if (delay) await new Promise((r) => setTimeout(r, delay));
    if (res.destroyed) return;
    if (published && req.url === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/jwk-set+json' });
      res.end(JSON.stringify({ keys: published }));
      return;
    }
    callback(req, res);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    port,
    keys,
    provider,
    /** How often each endpoint was fetched: `jwks`. */
    hits,
    /** Set `delays['/jwks'] = 30_000` to make the provider that slow on a path. */
    delays,
    /** Signs `claims` (iss, aud, exp filled unless given) with `key` (default the RSA key). */
    async sign(claims, { key = keys.rsa, alg = key.alg, kid = key.kid, ttl = 300, aud = WEB_CLIENT } = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, aud, iat: now, exp: now + ttl, ...claims })
        .setProtectedHeader({ alg, kid, typ: 'JWT' })
        .sign(key.privateKey);
    },
    /** Publishes these public keys at /jwks instead of the provider's own (a rotation). */
    publish(list) { published = list.map((k) => k.publicJwk); },
    makeKey: keyPair,
    allowWebOrigin(origin) { origins.push(origin); },
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}

/** The Worker vars that make it trust this provider. */
export function idpVars(idp, extra = {}) {
  return { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: WEB_CLIENT, OIDC_CLI_CLIENT_ID: CLI_CLIENT, ...extra };
}
