// Who is signed in and where: the token, the grids the user added, the active grid, and the spaces
// the app has learned. All of it lives in localStorage, so a returning user lands on the grid at once.

const KEY = 'plug.session.v1';

/**
 * { token, grids: [slug], grid, spaces: { [grid]: { [space_id]: { space_id, slug, name } } },
 *   me: { [grid]: owner }, userId, oidc: { refresh, idToken } | null }. `oidc` is set when the
 * token came from the identity provider (oidc.js), whose `sub` is not the Plug user id: `userId`.
 */
function load() {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) || '{}');
    return { token: s.token || '', grids: s.grids || [], grid: s.grid || '', spaces: s.spaces || {}, me: s.me || {}, userId: s.userId || '', oidc: s.oidc || null };
  } catch {
    return { token: '', grids: [], grid: '', spaces: {}, me: {}, userId: '', oidc: null };
  }
}

export const session = load();

export function save() {
  localStorage.setItem(KEY, JSON.stringify(session));
}

export function signIn(token, grid) {
  session.token = token;
  useGrid(grid);
}

export function useGrid(grid) {
  if (!session.grids.includes(grid)) session.grids.push(grid);
  session.grid = grid;
  save();
}

export function forgetGrid(grid) {
  session.grids = session.grids.filter((g) => g !== grid);
  delete session.spaces[grid];
  delete session.me[grid];
  if (session.grid === grid) session.grid = session.grids[0] || '';
  save();
}

export function signOut() {
  // The /enter cookie (README "How a viewer gets there") goes with the token, and with the token
  // sent, every link- and content-origin session of this user ends too (README "Security").
  const headers = session.token ? { Authorization: `Bearer ${session.token}` } : {};
  fetch('/api/v2/enter-session', { method: 'DELETE', credentials: 'same-origin', headers, keepalive: true }).catch(() => {});
  localStorage.removeItem(KEY);
  Object.assign(session, load());
}

/**
 * Adopts what GET /api/v2/me said after a provider sign-in: the user and their grids.
 * @param {import('./wire.js').Me} me
 */
export function adoptMe({ user, grids }) {
  session.userId = user.user_id;
  const slugs = grids.map((g) => g.slug);
  session.grids = [...new Set([...slugs, ...session.grids.filter((g) => slugs.includes(g))])];
  if (!slugs.includes(session.grid)) session.grid = slugs[0] || '';
  for (const g of slugs) session.me[g] = user;
  save();
}

/** The JWT's claims (unverified: for display and for telling "mine" apart, never for trust). */
export function claims(token = session.token) {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(part));
  } catch {
    return {};
  }
}

export const myUserId = () => session.userId || claims().sub || '';

/** Remembers the signed-in user's owner record ({ user_id, slug, name }) once a row reveals it. */
export function learnMe(owner) {
  if (!owner || owner.user_id !== myUserId()) return;
  const known = session.me[session.grid];
  if (known && known.name === owner.name && known.slug === owner.slug) return;
  session.me[session.grid] = owner;
  save();
}

export const me = () => session.me[session.grid] || null;

/** Listeners told when a new space becomes known. */
export const onSpacesChanged = new Set();

/** Remembers a space of the active grid (from a full Inspiration read: `space`). */
export function learnSpace(space) {
  if (!space || !space.space_id) return;
  const known = (session.spaces[session.grid] ||= {});
  const before = known[space.space_id];
  if (before && before.slug === space.slug && before.name === space.name) return;
  known[space.space_id] = { space_id: space.space_id, slug: space.slug, name: space.name };
  save();
  for (const f of onSpacesChanged) f();
}

/** Spaces of the active grid the app knows of, by name. */
export function knownSpaces() {
  return Object.values(session.spaces[session.grid] || {}).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A token and grid handed over in the address fragment (`#token=…&grid=…`, as `plug login --web`
 * opens it), wiped from the address bar and history at once; null when there is none. Nothing is
 * stored here: anyone can send a link with their own token in it, so the app asks first
 * (main.js `offerHandover`, docs/security.md round 11).
 * @returns {{ token: string, grid: string } | null}
 */
export function takeHandover() {
  if (!location.hash.startsWith('#token=')) return null;
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get('token') || '';
  const grid = params.get('grid') || session.grid;
  history.replaceState(null, '', location.pathname + location.search);
  return token && grid ? { token, grid } : null;
}

/** Signs in afresh as a handed-over token's user: nothing of the session before is kept. */
export function switchTo(token, grid) {
  localStorage.removeItem(KEY);
  Object.assign(session, load());
  signIn(token, grid);
}

const NO_COUNT = 'platform-no-count';

/** Whether this browser asked not to be counted (the cookie lives on this, the API, origin). */
export const noCount = () => document.cookie.split('; ').some((c) => c.startsWith(`${NO_COUNT}=`));

/**
 * Sets or clears the `platform-no-count` cookie on both origins: the Worker sets the API origin's
 * (which the badge's beacon carries) and sends the browser on to the serving origin, where served
 * pages are counted, which sets its own and comes back here.
 */
export function setNoCount(on) {
  const back = encodeURIComponent(location.href);
  location.assign(`/api/v2/no-count?on=${on ? 1 : 0}&return=${back}`);
}
