// Signing in through the team's OpenID Connect provider (issue 18): authorization code with PKCE,
// the provider's redirect back to this origin's `/`, the code exchanged for tokens through the
// Worker's relay (POST /api/v2/auth/token: the app's CSP lets it talk to its own origin only, and
// a client secret, where the provider wants one, stays in the Worker), the short-lived token kept
// in the session and refreshed with the refresh token before it expires, and signing out (the
// refresh token revoked). The Worker tells which provider through GET /api/v2/auth/config; with
// none, the app keeps the paste-a-token sign-in.
import { claims, session, save } from './session.js';

const PENDING = 'plug.oidc.pending';
/** @type {import('./wire.js').ProviderConfig | null | undefined} */
let config;

/**
 * The provider's public settings, or null when the Worker trusts none (asked once per page).
 * @returns {Promise<import('./wire.js').ProviderConfig | null>}
 */
export async function authConfig() {
  if (config !== undefined) return config;
  try {
    const res = await fetch('/api/v2/auth/config', { headers: { Accept: 'application/json' } });
    config = res.ok ? (/** @type {import('./wire.js').AuthConfig} */ (await res.json())).oidc || null : null;
  } catch {
    config = null;
  }
  if (config && !config.authorization_endpoint) config = null;
  return config;
}

const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)))
  .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const random = (n = 32) => b64url(crypto.getRandomValues(new Uint8Array(n)));
const redirectUri = () => `${location.origin}/`;

/** Leaves for the provider's sign-in page; comes back to `/` with `?code&state`. */
export async function beginSignIn(cfg, { returnTo = location.href } = {}) {
  const verifier = random(48);
  const challenge = b64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const state = random(16);
  const nonce = random(16);
  sessionStorage.setItem(PENDING, JSON.stringify({ verifier, state, nonce, returnTo }));
  const url = new URL(cfg.authorization_endpoint);
  const params = {
    response_type: 'code',
    client_id: cfg.client_id,
    redirect_uri: redirectUri(),
    scope: cfg.scopes,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  // A refresh token is granted for offline_access only after consent was asked (OIDC Core 11).
  if (/\boffline_access\b/.test(cfg.scopes)) params.prompt = 'consent';
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  location.assign(url.href);
}

async function tokenRequest(form) {
  const res = await fetch('/api/v2/auth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(form),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    const why = body.error_description || (typeof body.error === 'string' ? body.error : body.error?.message);
    throw new Error(why || `the identity provider answered ${res.status}`);
  }
  return body;
}

function keep(cfg, tokens) {
  const bearer = cfg.bearer === 'access_token' ? tokens.access_token : tokens.id_token;
  if (!bearer) throw new Error(`the identity provider sent no ${cfg.bearer}`);
  session.token = bearer;
  session.oidc = {
    refresh: tokens.refresh_token || session.oidc?.refresh || '',
    idToken: tokens.id_token || session.oidc?.idToken || '',
  };
  save();
}

/**
 * When the address holds the provider's answer (`?code&state` or `?error`), takes it: checks the
 * state, exchanges the code, keeps the tokens and cleans the address. Resolves null when there was
 * nothing to take, else { returnTo } or throws with what went wrong.
 */
export async function completeSignIn(cfg) {
  const params = new URLSearchParams(location.search);
  if (!params.has('state') || !(params.has('code') || params.has('error'))) return null;
  const pending = JSON.parse(sessionStorage.getItem(PENDING) || 'null');
  sessionStorage.removeItem(PENDING);
  history.replaceState(null, '', location.pathname + location.hash);
  if (!pending || pending.state !== params.get('state')) throw new Error('This sign-in was not started here, or it was already used. Sign in again.');
  if (params.has('error')) throw new Error(params.get('error_description') || params.get('error'));
  const tokens = await tokenRequest({
    grant_type: 'authorization_code',
    code: params.get('code'),
    redirect_uri: redirectUri(),
    code_verifier: pending.verifier,
  });
  if (tokens.id_token && claims(tokens.id_token).nonce !== pending.nonce) throw new Error('The sign-in answer does not match this request (nonce). Sign in again.');
  keep(cfg, tokens);
  return { returnTo: pending.returnTo };
}

let refreshing = null;

/** Trades the refresh token for fresh tokens (once at a time). Resolves whether it worked. */
export function refresh() {
  if (!session.oidc?.refresh) return Promise.resolve(false);
  refreshing ||= (async () => {
    try {
      const cfg = await authConfig();
      if (!cfg) return false;
      keep(cfg, await tokenRequest({ grant_type: 'refresh_token', refresh_token: session.oidc.refresh }));
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Before a call: a provider token expiring within 30 s is refreshed first. */
export async function freshToken() {
  if (!session.oidc?.refresh || !session.token) return;
  const { exp } = claims(session.token);
  if (exp && exp * 1000 - Date.now() < 30_000) await refresh();
}

/** Signing out: the refresh token is revoked at the provider (best effort) and forgotten here. */
export async function revoke() {
  const token = session.oidc?.refresh;
  if (!token) return;
  try {
    await fetch('/api/v2/auth/revoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
  } catch { /* signed out here anyway */ }
}
