// The sign-in hand-off of the link origin (README "Signing in"): a browser that opened a shared
// `url` without a session there lands on /enter?to=<url>&flow=<hash>. Signed in, the app asks where to go
// for that URL and goes on at once; signed out, it shows sign-in with a line saying what will open.
import { api, ApiError, describe } from './api.js';
import { h, replace } from './dom.js';
import { session } from './session.js';

export const isEntering = () => location.pathname === '/enter';

/** The `url` this hand-off is about to open (shown to the viewer before they sign in). */
export function target() {
  return new URLSearchParams(location.search).get('to') || '';
}

/** The grid a link names (its first path segment), to fill in on the sign-in form; none for Plug's
 * own paths (`/_plug/handoff` back to a drop's origin names no grid, and no slug starts with `_`). */
export function gridOfTarget() {
  try {
    const first = new URL(target()).pathname.split('/')[1] || '';
    return first.startsWith('_') ? '' : first;
  } catch {
    return '';
  }
}

/** Mints the serve session for `to` and leaves for it; the link origin takes it from there. */
export async function enter(main) {
  const to = target();
  replace(main, h('div.center', h('p.muted', { role: 'status' }, 'Opening ', h('span.mono', to), '…')));
  try {
    // One request (POST /enter): where to go (the content with its ticket, or the link origin's
    // sign-in) and, with it, the /enter cookie, so the next link opened in this browser needs no
    // page. `flow` binds a sign-in on the link origin to this browser (README "Security").
    const flow = new URLSearchParams(location.search).get('flow');
    /** @type {import('./wire.js').ServeSession} */
    const s = await api('POST', `/enter?${new URLSearchParams(flow ? { to, flow } : { to })}`, undefined, { quiet: true });
    location.replace(s.url);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return false;
    replace(main, h('div.center', h('div.signin',
      h('h1', 'This link cannot be opened'),
      h('p.error-banner', { role: 'alert' }, describe(err)),
      h('p', h('a', { href: '/' }, 'Go to Plug')))));
    return true;
  }
}

/** Whether a token is stored at all (it may still have expired: `enter` finds out). */
export const hasToken = () => Boolean(session.token);
