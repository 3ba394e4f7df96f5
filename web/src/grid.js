// The page a team opens every day: Inspirations as cards with the list route's sorts and filters,
// more cards as the user scrolls (cursor paging), and the grid's Runtimes beside them.
import { ApiError, describe, get } from './api.js';
import { card } from './card.js';
import { $, append, h, replace } from './dom.js';
import { expiry } from './format.js';
import { runtimesPanel } from './runtimes.js';
import { knownSpaces, learnMe, myUserId, onSpacesChanged } from './session.js';
import { mergeItem, resetList, state } from './state.js';

/** Cards per page: the API's maximum, so one round trip fills a screen of any size. */
export const PAGE = 100;

let observer;

export function renderGridPage(main, { onDrop }) {
  const list = h('div.cards', { id: 'grid', role: 'feed', 'aria-busy': 'true', 'aria-label': 'Inspirations', tabIndex: -1 });
  const more = h('div.more', h('button.ghost', { type: 'button', id: 'load-more', onclick: loadMore }, 'Load more'));
  replace(main,
    h('div.layout',
      h('section.toolbar', { 'aria-label': 'Sort and filter' },
        h('h1', 'Inspirations', h('span.count', { id: 'count' })),
        filters()),
      runtimesPanel(),
      h('section.list', list, h('div.empty', { id: 'empty', hidden: true },
        h('p.big', 'Nothing here yet.'),
        h('p', 'Drag a file or a folder anywhere on this page, or'),
        h('button.primary', { type: 'button', onclick: onDrop }, 'Choose files to drop')),
      h('div.error-banner', { id: 'list-error', hidden: true, role: 'alert' }),
      more)));
  observer?.disconnect();
  observer = new IntersectionObserver((es) => { if (es.some((e) => e.isIntersecting)) loadMore(); }, { rootMargin: '800px' });
  observer.observe(more);
  reload();
}

function select(id, label, options, value, onchange) {
  const el = h('select', { id, onchange: (e) => onchange(e.target.value) },
    options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
  return h('label.filter', h('span', label), el);
}

function filters() {
  const q = state.query;
  const ownerOptions = [['', 'Anyone'], ['me', 'Me']];
  if (q.owner && q.owner !== 'me') ownerOptions.push([q.owner, q.owner]);
  const spaces = knownSpaces();
  const spaceOptions = [['', 'All'], ...spaces.map((s) => [s.slug, s.name])];
  if (q.space && !spaces.some((s) => s.slug === q.space)) spaceOptions.push([q.space, q.space]);
  return h('div.filters', { id: 'filters' },
    select('sort', 'Sort', [['created_at_desc', 'Newest'], ['view_count_desc', 'Most viewed'], ['reactions_desc', 'Most reactions']], q.sort, (v) => setQuery({ sort: v })),
    select('owner', 'Owner', ownerOptions, q.owner, (v) => setQuery({ owner: v })),
    select('space', 'Space', spaceOptions, q.space, (v) => setQuery({ space: v })));
}

export function setQuery(change) {
  Object.assign(state.query, change);
  sessionStorage.setItem('plug.query', JSON.stringify(state.query));
  $('#filters')?.replaceWith(filters());
  reload();
}

/** Filters naming a space or a person belong to one grid: a switch keeps only the sort and "me". */
export function resetQueryForGrid() {
  Object.assign(state.query, { owner: state.query.owner === 'me' ? 'me' : '', space: '' });
  sessionStorage.setItem('plug.query', JSON.stringify(state.query));
}

// A space learned from a read shows up in the space filter at once.
onSpacesChanged.add(() => $('#filters')?.replaceWith(filters()));

export function restoreQuery() {
  try { Object.assign(state.query, JSON.parse(sessionStorage.getItem('plug.query') || '{}')); } catch { /* keep defaults */ }
}

export function reload() {
  resetList();
  const list = $('#grid');
  if (list) replace(list, ...Array.from({ length: 6 }, () => h('div.card.skeleton', { 'aria-hidden': 'true' })));
  loadMore();
}

async function loadMore() {
  if (state.loading || state.done) return;
  state.loading = true;
  const generation = state.generation;
  const list = $('#grid');
  list?.setAttribute('aria-busy', 'true');
  try {
    /** @type {import('./wire.js').Page<import('./wire.js').InspirationSummary>} */
    const page = await get('/api/v2/inspirations', { ...state.query, cursor: state.cursor, limit: PAGE });
    if (generation !== state.generation) return;
    showListError(null);
    addPage(page);
  } catch (err) {
    if (generation === state.generation) showListError(err);
  } finally {
    if (generation === state.generation) {
      state.loading = false;
      list?.setAttribute('aria-busy', 'false');
      updateFooter();
    }
  }
}

function addPage(page) {
  const list = $('#grid');
  const first = !state.items.length;
  if (first) list.replaceChildren();
  const fresh = page.items.filter((it) => !state.byId.has(it.entity_id));
  for (const item of fresh) {
    state.items.push(item);
    state.byId.set(item.entity_id, item);
    if (item.owner?.user_id === myUserId()) learnMe(item.owner);
  }
  append(list, fresh.map((item) => cardFor(item)));
  state.cursor = page.next_cursor;
  state.done = !page.next_cursor;
  // The bench reads this: the first page is on screen and every card's link works.
  if (first) performance.mark('plug:grid-interactive');
}

const cardFor = (item) => card(item, { onOwner: (owner) => setQuery({ owner: owner.user_id === myUserId() ? 'me' : owner.slug }) });

function updateFooter() {
  const n = state.items.length;
  const countEl = $('#count');
  if (countEl) countEl.textContent = n ? ` ${n}${state.done ? '' : '+'}` : '';
  const empty = $('#empty');
  if (empty) empty.hidden = n > 0 || !state.done || !$('#list-error')?.hidden;
  const more = $('#load-more');
  if (more) more.parentElement.hidden = state.done;
  // The observer only reports changes: on a tall screen the sentinel may still be in reach.
  if (more && !state.done) {
    requestAnimationFrame(() => {
      if (more.getBoundingClientRect().top < innerHeight + 800) loadMore();
    });
  }
}

function showListError(err) {
  const banner = $('#list-error');
  if (!banner) return;
  banner.hidden = !err;
  if (!err) return;
  const hint = err instanceof ApiError && err.code === 'SPACE_NOT_MEMBER' ? ' Pick another space.' : '';
  replace(banner, `The list could not be loaded: ${describe(err)}${hint} `,
    h('button.linkish', { type: 'button', onclick: reload }, 'Try again'));
  $('#grid')?.replaceChildren();
  state.done = true;
}

/** Puts a row (new or changed) on the grid: replaces its card, or adds it first. */
export function upsertCard(item, { onlyIfLoaded = false } = {}) {
  const list = $('#grid');
  const row = mergeItem(item) || item;
  if (!state.byId.has(item.entity_id)) {
    if (onlyIfLoaded) return;
    state.items.unshift(row);
    state.byId.set(row.entity_id, row);
    list?.prepend(cardFor(row));
  } else {
    list?.querySelector(`[data-id="${row.entity_id}"]`)?.replaceWith(cardFor(row));
  }
  updateFooter();
}

/** Refreshes every countdown once a minute, so "Expires in 5 h" stays true while the page is open. */
export function tickCountdowns() {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-expires]'))) {
    if (!el.dataset.expires) continue;
    const e = expiry({ expires_at: el.dataset.expires });
    el.textContent = e.text;
    el.className = `expiry t-${e.tone}`;
  }
}

