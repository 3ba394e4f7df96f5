// Plug's web app: boots from localStorage (or a token handed over in the address fragment), draws
// the header, routes `#/` (the grid) and `#/i/<id>` (one Inspiration), and wires drops page-wide.
import { api, describe, onUnauthorized } from './api.js';
import { addGrid, offerHandover, openSettings, renderRefused, renderSignIn } from './account.js';
import { authConfig, completeSignIn } from './oidc.js';
import { closeDetail, openDetail } from './detail.js';
import { enter, gridOfTarget, hasToken, isEntering, target } from './enter.js';
import { installDropZone, pick } from './drop.js';
import { $, h, replace } from './dom.js';
import { icon } from './icons.js';
import { renderGridPage, resetQueryForGrid, restoreQuery, tickCountdowns, upsertCard } from './grid.js';
import { adoptMe, learnSpace, session, signOut, takeHandover, useGrid } from './session.js';

const main = () => $('#main');
const signedIn = () => Boolean(session.token && session.grid);
let gridShown = false;

function header() {
  const nav = $('#top-actions');
  if (!signedIn()) { replace(nav); return; }
  const gridSelect = h('select', { id: 'grid-switch', 'aria-label': 'Grid', onchange: (e) => {
    if (e.target.value === '+') { e.target.value = session.grid; addGrid(switched); return; }
    useGrid(e.target.value);
    switched();
  } }, session.grids.map((g) => h('option', { value: g, selected: g === session.grid }, g)), h('option', { value: '+' }, 'Add a grid…'));
  replace(nav,
    h('label.grid-switch', h('span.sr', 'Grid'), gridSelect),
    h('span.spacer'),
    h('div.drop-buttons',
      h('button.primary', { type: 'button', id: 'drop-button', onclick: () => pick(false) }, icon('plus', 18), 'Drop'),
      h('button.ghost', { type: 'button', id: 'drop-folder', onclick: () => pick(true) }, icon('folder', 18), 'Folder')),
    h('button.icon-button', { type: 'button', id: 'settings', 'aria-label': 'Settings', title: 'Settings', onclick: () => openSettings(switched) }, icon('gear', 20)));
}

function switched() {
  resetQueryForGrid();
  start();
}

/** (Re)starts on the current session: the sign-in page, or the grid and whatever the hash names. */
function start() {
  if (isEntering()) { startEntering(); return; }
  header();
  gridShown = false;
  if (!signedIn()) {
    closeDetail();
    // The hash survives signing in, so a shared #/i/<id> link still opens its sheet afterwards.
    renderSignIn(main(), start);
    return;
  }
  route();
}

/** /enter?to=…: open a shared link, signing in first when this browser is not signed in. */
async function startEntering(expired = false) {
  replace($('#top-actions'));
  if (hasToken() && !expired && await enter(main())) return;
  renderSignIn(main(), () => startEntering(), { expired, opening: target(), gridHint: gridOfTarget() });
}

let browserRemembered = false;

/**
 * Once per load, signed in: the API sets this browser's /enter cookie, so a shared `url` opened
 * here later goes on to the link origin at once, with no page (README "How a viewer gets there").
 */
function rememberBrowser() {
  if (browserRemembered) return;
  browserRemembered = true;
  api('POST', '/api/v2/enter-session', undefined, { quiet: true }).catch(() => { browserRemembered = false; });
}

/** Opens or closes the detail sheet to match the hash. `event` is the hashchange, if any. */
function route(event) {
  if (!signedIn()) return;
  rememberBrowser();
  if (!gridShown) {
    renderGridPage(main(), { onDrop: () => pick(false) });
    gridShown = true;
  }
  const m = location.hash.match(/^#\/i\/([^/?#]+)/);
  if (!m) { closeDetail(); return; }
  // Opened from the grid: closing goes back, so Back and Close agree and history stays short.
  const fromGrid = Boolean(event && !/#\/i\//.test(event.oldURL || ''));
  const id = decodeURIComponent(m[1]);
  openDetail(id, () => {
    if (fromGrid) history.back();
    else history.replaceState(null, '', '#/');
    // The card may have been redrawn while the sheet was open: give focus back to it by id.
    /** @type {HTMLElement | null} */ (document.querySelector(`.card[data-id="${CSS.escape(id)}"] h3 a`))?.focus();
  });
}

onUnauthorized.add(() => {
  if (isEntering()) { startEntering(true); return; }
  closeDetail();
  for (const d of document.querySelectorAll('dialog')) if (d.open) d.close();
  gridShown = false;
  replace($('#top-actions'));
  renderSignIn(main(), start, { expired: true });
});

/**
 * Back from the identity provider (`/?code&state`): the code is exchanged for tokens, then
 * GET /api/v2/me says who that is here (a first sign-in creates the user and their memberships)
 * and in which grids. Resolves whether the app should start as usual.
 */
async function takeProviderAnswer() {
  const params = new URLSearchParams(location.search);
  if (!params.has('state')) return true;
  const cfg = await authConfig();
  if (!cfg) return true;
  replace(main(), h('div.center', h('p.muted', { role: 'status' }, 'Signing you in…')));
  try {
    const done = await completeSignIn(cfg);
    if (!done) return true;
    /** @type {import('./wire.js').Me} */
    const who = await api('GET', '/api/v2/me', undefined, { quiet: true });
    if (!who.grids.length) throw new Error('You are signed in, but you are not a member of any grid yet. Ask your Plug operator to add you.');
    adoptMe(who);
    const back = new URL(done.returnTo || '/', location.origin);
    if (back.origin === location.origin && (back.pathname !== location.pathname || back.search !== location.search)) {
      location.replace(back.href);
      return false;
    }
    if (back.hash) history.replaceState(null, '', back.hash);
    return true;
  } catch (err) {
    signOut();
    await renderRefused(main(), describe(err));
    return false;
  }
}

const handed = takeHandover();
restoreQuery();
installDropZone((item) => { learnSpace(item.space); upsertCard(item); });
window.addEventListener('hashchange', route);
setInterval(tickCountdowns, 60_000);
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible' && gridShown) tickCountdowns(); });
takeProviderAnswer().then((go) => {
  if (go && handed) offerHandover(main(), handed, start);
  else if (go) start();
});
