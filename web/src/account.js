// Signing in (through the team's identity provider, or by pasting a token plus a grid slug where
// the Worker trusts no provider), adding grids, and the settings sheet: who is signed in, the
// grids, the MCP apps connected with a sign-in, the `platform-no-count` choice, signing out.
import { ApiError, api, describe, get } from './api.js';
import { ago } from './format.js';
import { icon } from './icons.js';
import { announce, clearFieldErrors, field, h, replace, showFieldError } from './dom.js';
import { authConfig, beginSignIn, revoke } from './oidc.js';
import { claims, forgetGrid, me, myUserId, noCount, session, setNoCount, signIn, signOut, switchTo, useGrid } from './session.js';

/** Checks a token and grid against the API: the list route answers 401 or 403 for a bad one. */
function check(token, grid) {
  return get('/api/v2/inspirations', { limit: 1 }, { quiet: true, as: { token, grid } });
}

function placeSignInError(form, err) {
  if (err instanceof ApiError && err.status === 401) showFieldError(form, 'token', 'This token is not valid here, or it expired. Ask for a fresh one.');
  else if (err instanceof ApiError && err.status === 403) showFieldError(form, 'grid', `You are not a member of this grid (${err.code}). Check the slug.`);
  else showFieldError(form, 'token', describe(err));
  form.querySelector('[aria-invalid="true"]')?.focus();
}

/**
 * The sign-in page (no token yet, or the token expired). With a provider configured: one button
 * to it, the token form folded away below for operators; else the token form. `done` runs once
 * signed in by token.
 */
export async function renderSignIn(main, done, options = {}) {
  const cfg = await authConfig();
  if (!cfg) { renderTokenSignIn(main, done, options); return; }
  const { expired = false, opening = '' } = options;
  const button = h('button.primary', { type: 'button', id: 'oidc-sign-in', onclick: () => {
    button.disabled = true;
    button.textContent = 'Opening your sign-in page…';
    beginSignIn(cfg);
  } }, 'Sign in with your organization');
  const paste = h('details.token-fallback', h('summary', 'Sign in with an access token instead'));
  replace(main, h('div.center', h('div.signin',
    h('h1', 'Sign in to Plug'),
    expired ? h('p.error-banner', { role: 'alert' }, 'Your session ended. Sign in again.') : null,
    opening ? h('p.opening', { id: 'opening' }, 'Sign in to open ', h('span.mono', opening)) : null,
    h('p.muted', 'Drop a file, get a URL worth sharing. Sign in with your work account.'),
    button,
    paste)));
  paste.addEventListener('toggle', () => {
    if (paste.open && !paste.querySelector('form')) {
      const holder = h('div');
      paste.append(holder);
      renderTokenSignIn(holder, done, options);
    }
  }, { once: false });
  button.focus();
}

/**
 * What the provider sign-in ended with when Plug refused it (a domain no grid allows, no verified
 * email) or it failed: the reason, and a way to try another account.
 */
export async function renderRefused(main, message) {
  const cfg = await authConfig();
  replace(main, h('div.center', h('div.signin', { id: 'sign-in-refused' },
    h('h1', 'You cannot sign in to Plug with this account'),
    h('p.error-banner', { role: 'alert' }, message),
    cfg ? h('button.primary', { type: 'button', onclick: () => beginSignIn(cfg, { returnTo: `${location.origin}/` }) }, 'Sign in with another account') : null,
    h('p', h('a', { href: '/' }, 'Back to the sign-in page')))));
}

/**
 * A person's name as a prompt shows it: without control and bidirectional formatting characters
 * (the Worker takes no new name with them; one stored before is shown without them), since an RTL
 * override would turn the slug and grid named after it around.
 * @param {string} name
 */
const plainName = (name) => String(name).replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '').trim();

/**
 * A token handed over in the address fragment (`plug login --web`). Anyone can send a link with
 * their own token in it, which would sign the person who opens it in as the sender, and what they
 * then drop would be the sender's (login CSRF, docs/security.md round 11): the app says whose
 * sign-in it is and takes it only when the person says so. A fresh token of the user already
 * signed in here is taken at once; one that is not valid is dropped. `done` runs either way.
 * @param {HTMLElement} main
 * @param {{ token: string, grid: string }} handed
 * @param {() => void} done
 */
export async function offerHandover(main, handed, done) {
  /** @type {import('./wire.js').Me} */
  let who;
  try {
    who = await api('GET', '/api/v2/me', undefined, { quiet: true, as: handed });
  } catch {
    done();
    return;
  }
  if (session.token && who.user.user_id === myUserId()) {
    signIn(handed.token, handed.grid);
    done();
    return;
  }
  // Who the app is signed in as now: a sender may have named themselves as the person they send
  // the link to, so the prompt says whose account this is not (docs/security.md round 12).
  /** @type {import('./wire.js').Me | null} */
  const current = session.token ? await api('GET', '/api/v2/me', undefined, { quiet: true }).catch(() => null) : null;
  const name = plainName(who.user.name);
  const accept = h('button.primary', { type: 'button', id: 'handover-accept', onclick: () => { switchTo(handed.token, handed.grid); done(); } },
    'Sign in as ', h('bdi', name));
  replace(main, h('div.center', h('div.signin', { id: 'handover' },
    h('h1', 'Sign in as ', h('bdi', name), '?'),
    h('p', 'This link signs Plug in as ', h('strong', h('bdi', name)), ' (', h('span.mono', who.user.slug), ') in the grid ',
      h('span.mono', handed.grid), '. Go on only if you opened it yourself, with plug login --web: ',
      'everything you drop from here on would be theirs.'),
    current ? h('p', { id: 'handover-current' }, 'You are signed in as ', h('strong', h('bdi', plainName(current.user.name))),
      ' (', h('span.mono', current.user.slug), ')',
      plainName(current.user.name).toLowerCase() === name.toLowerCase() ? [': this link is ', h('strong', 'another account of the same name'), '.'] : '.') : null,
    session.token ? h('p.muted', 'Cancel to stay signed in as you are.') : null,
    accept,
    h('button.ghost', { type: 'button', id: 'handover-cancel', onclick: done }, 'Cancel'))));
  accept.focus();
}

function renderTokenSignIn(main, done, { expired = false, opening = '', gridHint = '' } = {}) {
  const token = h('textarea', { name: 'token', rows: 3, required: true, spellcheck: false, autocomplete: 'off', autocapitalize: 'off' });
  const grid = h('input', { type: 'text', name: 'grid', required: true, value: session.grid || gridHint, spellcheck: false, autocapitalize: 'off', autocomplete: 'organization' });
  const submit = h('button.primary', { type: 'submit' }, 'Sign in');
  const form = h('form.signin', { noValidate: true, onsubmit: async (e) => {
    e.preventDefault();
    clearFieldErrors(form);
    const t = token.value.trim();
    const g = grid.value.trim().toLowerCase();
    if (!t) return placeSignInError(form, new Error('Paste your access token.'));
    if (!g) { showFieldError(form, 'grid', 'Type the slug of your grid, as in its URLs.'); grid.focus(); return; }
    submit.disabled = true;
    submit.textContent = 'Checking…';
    try {
      await check(t, g);
      signIn(t, g);
      done();
    } catch (err) {
      placeSignInError(form, err);
      submit.disabled = false;
      submit.textContent = 'Sign in';
    }
  } },
  h('h1', 'Sign in to Plug'),
  expired ? h('p.error-banner', { role: 'alert' }, 'Your token expired or was revoked. Paste a fresh one.') : null,
  opening ? h('p.opening', { id: 'opening' }, 'Sign in to open ', h('span.mono', opening)) : null,
  h('p.muted', 'Drop a file, get a URL worth sharing. Paste the access token your identity provider gave you; it stays in this browser.'),
  field('Access token', token, { hint: 'Or run plug login --web to hand it over from your terminal.' }),
  field('Grid', grid, { hint: 'The slug of your team’s grid, as in its URLs.' }),
  submit);
  replace(main, h('div.center', form));
  (session.grid || gridHint ? token : grid).focus();
}

/** A small dialog asking for another grid's slug; checks membership before adding it. */
export function addGrid(done) {
  const input = h('input', { type: 'text', name: 'grid', required: true, spellcheck: false, autocapitalize: 'off' });
  const dialog = h('dialog.modal.small', { 'aria-labelledby': 'add-grid-title' });
  const form = h('form', { noValidate: true, onsubmit: async (e) => {
    e.preventDefault();
    clearFieldErrors(form);
    const slug = input.value.trim().toLowerCase();
    if (!slug) { showFieldError(form, 'grid', 'Type a grid slug.'); return; }
    try {
      await check(session.token, slug);
      useGrid(slug);
      dialog.close();
      done();
    } catch (err) {
      placeSignInError(form, err);
    }
  } },
  h('header.modal-head', h('h2', { id: 'add-grid-title' }, 'Add a grid')),
  h('div.modal-body', field('Grid slug', input, { hint: 'You must be a member of it.' })),
  h('footer.modal-foot', h('button.ghost', { type: 'button', onclick: () => dialog.close() }, 'Cancel'), h('button.primary', { type: 'submit' }, 'Add')));
  dialog.append(form);
  document.body.append(dialog);
  dialog.addEventListener('close', () => dialog.remove());
  dialog.showModal();
}

/**
 * The settings' connected apps: the MCP apps (Claude, ChatGPT, Cursor, ...) the person let act for
 * them on Plug's consent page, one row per app and grid, each with Disconnect (its tokens stop
 * working at once).
 */
function connectedApps() {
  const list = h('ul.plain.grid-list', { id: 'connected-apps', 'aria-busy': 'true' }, h('li.muted', 'Loading…'));
  const paint = async () => {
    try {
      /** @type {import('./wire.js').Page<import('./wire.js').ConnectedApp>} */
      const page = await get('/api/v2/connected-apps');
      replace(list, page.items.length ? page.items.map((app) => h('li', { dataset: { grant: app.grant_id } },
        h('span', h('b', app.client_name), ` in ${app.grid}`,
          h('small.muted.block', `Answers go to ${app.redirect_host}. Connected ${ago(app.created_at)}`,
            app.last_used_at ? `, last used ${ago(app.last_used_at)}.` : '.')),
        h('button.linkish', { type: 'button', 'aria-label': `Disconnect ${app.client_name} from ${app.grid}`, onclick: async (e) => {
          const button = /** @type {HTMLButtonElement} */ (e.currentTarget);
          button.disabled = true;
          try {
            await api('DELETE', `/api/v2/connected-apps/${encodeURIComponent(app.grant_id)}`);
            announce(`${app.client_name} is disconnected.`);
            await paint();
          } catch (err) {
            announce(describe(err), { error: true });
            button.disabled = false;
          }
        } }, 'Disconnect'))) : h('li.muted', 'None.'));
    } catch (err) {
      replace(list, h('li.muted', describe(err)));
    }
    list.setAttribute('aria-busy', 'false');
  };
  paint();
  return h('section', h('h3', 'Connected apps'), list,
    h('p.hint', `Claude, ChatGPT, Cursor, VS Code and other MCP apps connect at ${location.origin}/mcp and act as you in the grid you pick. Disconnecting one ends its access at once.`));
}

/** The settings sheet. `changed` runs when the grid list or the session changes. */
export function openSettings(changed) {
  const dialog = h('dialog.modal', { 'aria-labelledby': 'settings-title' });
  const who = me();
  const c = claims();
  const expires = c.exp ? new Date(c.exp * 1000) : null;
  const grids = h('ul.plain.grid-list');
  const paintGrids = () => replace(grids, session.grids.map((g) => h('li',
    h('span', g, g === session.grid ? h('small.muted', ' (active)') : null),
    session.grids.length > 1 ? h('button.linkish', { type: 'button', onclick: () => { forgetGrid(g); paintGrids(); changed(); } }, `Remove ${g}`) : null)));
  paintGrids();
  const counting = h('input', { type: 'checkbox', id: 'no-count', checked: noCount(), onchange: (e) => {
    // A round trip through both origins; the page comes back with the choice in place.
    setNoCount(e.target.checked);
  } });
  dialog.append(h('div.modal-inner',
    h('header.modal-head', h('h2', { id: 'settings-title' }, 'Settings'),
      h('button.icon-button', { type: 'button', 'aria-label': 'Close', onclick: () => dialog.close() }, icon('close', 20))),
    h('div.modal-body',
      h('section', h('h3', 'Signed in'),
        h('p', who ? `${who.name} (${who.slug})` : 'Your name shows here once you have dropped something.'),
        expires ? h('p.muted', `Token valid until ${expires.toLocaleString()}.`) : null),
      h('section', h('h3', 'Grids'), grids,
        h('button.ghost.small', { type: 'button', onclick: () => { dialog.close(); addGrid(changed); } }, 'Add a grid')),
      connectedApps(),
      h('section', h('h3', 'View counts'),
        h('label.check', counting, ' Don’t count my visits from this browser'),
        h('p.hint', 'Sets the platform-no-count cookie on this site and on the site that serves pages, so neither your visits to served pages nor the badge count you.'))),
    h('footer.modal-foot',
      h('button.danger', { type: 'button', onclick: async () => { await revoke(); signOut(); dialog.close(); changed(); } }, 'Sign out'),
      h('button.primary', { type: 'button', onclick: () => dialog.close() }, 'Done'))));
  document.body.append(dialog);
  dialog.addEventListener('close', () => dialog.remove());
  dialog.showModal();
}
