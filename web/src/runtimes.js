// The grid's Runtimes (apps and agents) beside the Inspirations: kind filter, links to where they
// run, and cursor paging (openapi.yaml).
import { describe, get } from './api.js';
import { append, h, replace } from './dom.js';
import { ago, statusLabel, webUrl } from './format.js';
import { icon } from './icons.js';


let kind = 'all';
let cursor = null;
let generation = 0;

export function runtimeRow(rt, extra) {
  const name = rt.display_name || rt.name;
  return h('li.runtime',
    h('span.rt-icon', icon(rt.kind === 'agent' ? 'agent' : 'app', 18)),
    h('div.rt-body',
      webUrl(rt.url)
        ? h('a', { href: webUrl(rt.url), target: '_blank', rel: 'noopener noreferrer' }, name, h('span.sr', ' (opens in a new tab)'))
        : h('span.rt-name', name),
      h('span.rt-meta', `${rt.kind === 'agent' ? 'Agent' : 'App'} · ${rt.owner?.name || ''}${rt.updated_at ? ` · ${ago(rt.updated_at)}` : ''}`),
      extra || null),
    h(`span.status.s-${rt.status}`, statusLabel(rt.status)));
}

export function runtimesPanel() {
  const list = h('ul.rt-list', { id: 'runtimes', 'aria-live': 'polite' });
  const more = h('button.ghost.small', { type: 'button', id: 'rt-more', hidden: true, onclick: () => load(false) }, 'More runtimes');
  const kinds = h('div.chips', { role: 'group', 'aria-label': 'Kind' },
    [['all', 'All'], ['app', 'Apps'], ['agent', 'Agents']].map(([value, label]) =>
      h('button.chip', { type: 'button', 'aria-pressed': String(kind === value), onclick: (e) => {
        kind = value;
        for (const b of kinds.children) b.setAttribute('aria-pressed', String(b === e.currentTarget));
        load(true);
      } }, label)));
  const panel = h('details.runtimes', { open: matchMedia('(min-width: 960px)').matches },
    h('summary', h('h2', 'Runtimes')),
    kinds, list, more);
  queueMicrotask(() => load(true));
  return panel;
}

async function load(fresh) {
  const list = document.getElementById('runtimes');
  const more = document.getElementById('rt-more');
  if (!list) return;
  if (fresh) { cursor = null; generation += 1; replace(list, h('li.muted', 'Loading…')); }
  const mine = generation;
  try {
    /** @type {import('./wire.js').Page<import('./wire.js').RuntimeSummary>} */
    const page = await get('/api/v2/runtimes', { kind, cursor, limit: 20 });
    if (mine !== generation) return;
    if (fresh) list.replaceChildren();
    append(list, page.items.map((rt) => runtimeRow(rt)));
    if (!list.children.length) append(list, h('li.muted', 'No runtimes in this grid yet.'));
    cursor = page.next_cursor;
    more.hidden = !cursor;
  } catch (err) {
    if (mine === generation) replace(list, h('li.error', describe(err)));
  }
}
