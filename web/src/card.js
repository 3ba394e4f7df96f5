// One Inspiration as a card in the grid: icon, title, description, owner, space, views, reactions,
// expiry countdown and status. The whole card is one link to the detail sheet.
import { h } from './dom.js';
import { ago, count, expiry, hue, placeOf, reactionEntries, reactionTotal, statusLabel } from './format.js';
import { emojiWorks, icon } from './icons.js';

/** The icon tile: the enrichment icon when there is one, else the title's first letter on a stable hue. */
export function iconTile(item, size = '') {
  const title = item.display_name || item.name || '?';
  if (item.icon && emojiWorks()) return h(`span.icon${size}`, { 'aria-hidden': 'true' }, item.icon);
  return h(`span.icon.letter${size}`, { 'aria-hidden': 'true', style: `--h:${hue(title)}` },
    [...title][0].toUpperCase());
}

export function statusChip(status) {
  return h(`span.status.s-${status}`, statusLabel(status));
}

/** Where it lives, in words: "Personal", "Grid-wide" or the space's slug. */
export function placeLabel(item) {
  const place = placeOf(item.url);
  if (item.space) return item.space.name;
  if (place.scope === 'space') return place.space;
  return place.scope === 'personal' ? 'Personal' : 'Grid-wide';
}

export function expiryText(item) {
  const e = expiry(item);
  return h(`span.expiry.t-${e.tone}`, { dataset: { expires: item.expires_at || '' } }, e.text);
}

/** The reaction total, with the breakdown in the tooltip and for screen readers. */
function reactionsBadge(map) {
  const total = reactionTotal(map);
  const parts = reactionEntries(map).filter(([, , , , n]) => n > 0).map(([, , label, , n]) => `${label} ${n}`);
  const text = `${total} reaction${total === 1 ? '' : 's'}${parts.length ? `: ${parts.join(', ')}` : ''}`;
  return h('span.metric', { title: text }, icon('spark'), h('span.sr', text), h('span', { 'aria-hidden': 'true' }, count(total)));
}

/**
 * The card for a list row (openapi.yaml).
 * @param {import('./wire.js').InspirationSummary} item
 * @param {{ onOwner?: (owner: import('./wire.js').Owner) => void }} [options]
 */
export function card(item, { onOwner } = {}) {
  const title = item.display_name || item.name;
  const status = item.status || 'live';
  return h('article.card', { dataset: { id: item.entity_id, status } },
    h('div.card-top',
      iconTile(item),
      h('div.card-title',
        h('h3', h('a.stretch', { href: `#/i/${item.entity_id}` }, title)),
        h('p.owner-line',
          h('button.linkish', { type: 'button', onclick: () => onOwner?.(item.owner), title: `Show drops by ${item.owner?.name}` }, item.owner?.name || 'Someone'),
          h('span.dot', { 'aria-hidden': 'true' }, '·'),
          h('span.place', placeLabel(item)))),
      status === 'live' ? null : statusChip(status)),
    h('p.desc', item.description || h('span.muted', item.category ? `A ${item.category}` : 'No description yet')),
    h('div.card-foot',
      h('span.metric', { title: `${item.view_count || 0} views` }, icon('eye'), h('span.sr', 'Views: '), count(item.view_count)),
      reactionsBadge(item.reactions),
      h('span.spacer'),
      expiryText(item)),
    h('time.sr', { datetime: item.created_at }, `Dropped ${ago(item.created_at)}`));
}
