// One Inspiration in a sheet over the grid: preview from the serving origin, facts, reactions, and
// for its owner or a grid admin every way to manage it (visibility, scope, about, expiry, badge,
// archive), plus the Runtimes it inspired and the feedback its viewers sent.
import { api, describe } from './api.js';
import { expiryText, iconTile, placeLabel, statusChip } from './card.js';
import { emojiWorks, icon } from './icons.js';
import { announce, append, h, replace } from './dom.js';
import { copyButton } from './drop.js';
import { upsertCard } from './grid.js';
import { TYPE_LABEL } from './intake.js';
import { ago, count, reactionEntries, VISIBILITY_LABEL } from './format.js';
import { feedbackSection, runtimesSection } from './detail-lists.js';
import { aboutSection, archiveSection, badgeSection, retentionSection, scopeSection, visibilitySection } from './detail-manage.js';
import { learnSpace, myUserId } from './session.js';
import { state } from './state.js';

/** @type {{ dialog: HTMLDialogElement, id: string, item?: import('./wire.js').Inspiration } | null} */
let current = null;

/** Opens the sheet for `id` (an entity id); `onClose` runs when the user closes it. */
export async function openDetail(id, onClose) {
  if (current?.id === id) return;
  closeDetail();
  performance.mark('plug:detail-open');
  // Ask first: the read's round trip overlaps building and opening the sheet.
  /** @type {Promise<import('./wire.js').Inspiration>} */
  const reading = api('GET', `/api/v2/inspirations/${encodeURIComponent(id)}`);
  reading.catch(() => {});
  const body = h('div.sheet-body', h('p.muted.loading', 'Loading…'));
  const dialog = h('dialog.sheet', { 'aria-labelledby': 'detail-title', 'aria-busy': 'true' },
    h('header.sheet-head', { id: 'detail-head' }, h('h2', { id: 'detail-title' }, 'Inspiration'),
      h('button.icon-button', { type: 'button', 'aria-label': 'Close', onclick: () => dialog.close() }, icon('close', 20))),
    body);
  document.body.append(dialog);
  dialog.addEventListener('close', () => {
    dialog.remove();
    const silent = dialog.dataset.silent;
    if (current?.dialog === dialog) current = null;
    if (!silent) onClose?.();
  });
  dialog.addEventListener('click', (e) => { if (e.target === dialog) dialog.close(); });
  dialog.showModal();
  current = { dialog, id };
  try {
    const item = await reading;
    if (current?.dialog !== dialog) return;
    learnSpace(item.space);
    current.item = item;
    renderSheet(dialog, body, item);
    performance.measure('plug:detail', 'plug:detail-open');
  } catch (err) {
    replace(body, h('p.error-banner', { role: 'alert' }, err.status === 404 ? 'This Inspiration does not exist, or it is not visible to you.' : describe(err)));
  } finally {
    dialog.setAttribute('aria-busy', 'false');
  }
}

/** Closes the sheet without telling its opener (the route already moved on). */
export function closeDetail() {
  if (!current) return;
  current.dialog.dataset.silent = '1';
  current.dialog.close();
}

function renderSheet(dialog, body, item) {
  const parts = {
    head: h('div.sheet-title'), preview: h('div.preview'), facts: h('div.facts'), reactions: h('div.reactions'),
    manage: h('div.manage'),
  };
  const ctx = { item, parts, dialog, refresh: (next) => refresh(ctx, next) };
  replace(dialog.querySelector('#detail-head'), parts.head,
    h('button.icon-button', { type: 'button', 'aria-label': 'Close', onclick: () => dialog.close() }, icon('close', 20)));
  replace(body,
    h('div.sheet-main', parts.preview, parts.reactions, parts.facts),
    h('div.sheet-side', parts.manage));
  refresh(ctx, item);
  const perms = item.caller_permissions || {};
  append(parts.manage, [
    perms.can_edit ? aboutSection(ctx) : null,
    perms.can_edit ? visibilitySection(ctx) : null,
    perms.can_edit ? scopeSection(ctx) : null,
    perms.can_pin ? retentionSection(ctx) : null,
    perms.can_edit ? badgeSection(ctx) : null,
    runtimesSection(item),
    perms.can_edit ? feedbackSection(item) : null,
    perms.can_archive ? archiveSection(ctx) : null,
  ]);
  dialog.querySelector('#detail-title')?.focus();
}

/** Takes a fresh full shape (or a partial one merged in), repaints head, preview, facts and reactions. */
function refresh(ctx, next) {
  const before = ctx.item;
  ctx.item = { ...ctx.item, ...next };
  const { item, parts } = ctx;
  replace(parts.head, iconTile(item, '.large'),
    h('div', h('h2', { id: 'detail-title', tabIndex: -1 }, item.display_name || item.name),
      h('p.muted', item.name)),
    statusChip(item.status));
  if (before === next || before.url !== item.url || before.visibility !== item.visibility || before.status !== item.status) {
    replace(parts.preview, ...preview(item));
  }
  replace(parts.facts, facts(item));
  replace(parts.reactions, reactions(ctx));
  for (const el of parts.manage.querySelectorAll('[data-section]')) el.dispatchEvent(new CustomEvent('item', { detail: item }));
  upsertCard(item, { onlyIfLoaded: true });
}

// ------------------------------------------------------------------ preview and facts

/** Whether a cookie set on the serving origin reaches a frame inside this page (same site). */
function servingIsSameSite(url) {
  const a = location.hostname;
  const b = new URL(url).hostname;
  if (a === b) return true;
  const ip = /^[\d.]+$|:/;
  if (ip.test(a) || ip.test(b)) return false;
  return a.split('.').slice(-2).join('.') === b.split('.').slice(-2).join('.');
}

/** A live link Inspiration opens for anyone; everything else needs the viewer signed in on the serving origin. */
const isPublic = (item) => item.visibility === 'link' && item.status === 'live';

/** Opens the served URL in a new tab, signed in on the serving origin unless it is a link Inspiration. */
async function openServed(item) {
  if (isPublic(item)) {
    window.open(item.url, '_blank', 'noopener');
    return;
  }
  const tab = window.open('', '_blank');
  try {
    /** @type {import('./wire.js').ServeSession} */
    const session = await api('POST', '/api/v2/serve-sessions', { url: item.url });
    if (tab) { tab.opener = null; tab.location.href = session.url; } else window.location.href = session.url;
  } catch (err) {
    tab?.close();
    announce(describe(err), { error: true });
  }
}

function frame(src, item) {
  return h('iframe.preview-frame', {
    src, title: `Preview of ${item.display_name || item.name}`, loading: 'eager', referrerPolicy: 'no-referrer',
    sandbox: 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads allow-modals',
  });
}

function preview(item) {
  if (item.status === 'provisioning') return [h('div.preview-note', h('p', 'Starting… the URL goes live in a moment.'))];
  if (item.status === 'failed') return [h('div.preview-note', h('p', 'This drop failed to store. Drop the file again.'))];
  const urlRow = h('div.url-row',
    h('input.url', { type: 'text', readOnly: true, value: item.url, 'aria-label': 'URL', onfocus: (e) => e.target.select() }),
    copyButton(item.url),
    h('button.ghost', { type: 'button', onclick: () => openServed(item) }, 'Open ↗'));
  if (isPublic(item)) return [frame(item.url, item), urlRow];
  if (servingIsSameSite(item.url)) {
    const holder = h('div.preview-note', h('p.muted', 'Signing the preview in…'));
    api('POST', '/api/v2/serve-sessions', { url: item.url })
      .then((/** @type {import('./wire.js').ServeSession} */ s) => holder.replaceWith(frame(s.url, item)))
      .catch((err) => replace(holder, h('p', describe(err))));
    return [holder, urlRow];
  }
  return [h('div.preview-note',
    iconTile(item, '.large'),
    h('p', item.status === 'archived' || item.status === 'expired'
      ? `It is ${item.status}: only its owner and grid admins may open it, so its preview opens signed in, in a new tab.`
      : 'Only people who can see it may open this page, so its preview opens signed in, in a new tab.'),
    h('button.primary', { type: 'button', onclick: () => openServed(item) }, 'Open preview ↗')), urlRow];
}

function facts(item) {
  const vis = VISIBILITY_LABEL[item.visibility] || item.visibility;
  const visDetail = item.visibility === 'grid' && item.visibility_spaces && item.visibility_spaces[0] !== 'everyone'
    ? `${vis}: ${item.visibility_spaces.join(', ')}`
    : item.visibility === 'link' && item.link_indexed ? `${vis}, indexed by search engines` : vis;
  const rows = [
    ['Owner', item.owner?.name],
    ['Lives', placeLabel(item)],
    ['Who can see it', visDetail],
    ['Type', TYPE_LABEL[item.source_type] || item.source_type],
    ['Views', count(item.view_count)],
    ['Dropped', h('time', { datetime: item.created_at, title: new Date(item.created_at).toLocaleString() }, ago(item.created_at))],
    ['Expiry', expiryText(item)],
    item.category ? ['Category', item.category] : null,
    item.tags?.length ? ['Tags', h('span.tags', item.tags.map((t) => h('span.tag', t)))] : null,
    item.inspired_by?.length ? ['Inspired by', h('span.tags', item.inspired_by.map((id) => {
      const src = state.byId.get(id);
      return h('a.tag', { href: `#/i/${id}` }, src ? src.display_name : `${id.slice(0, 8)}…`);
    }))] : null,
  ].filter(Boolean);
  return [
    item.description ? h('p.description', item.description) : null,
    h('dl', rows.map(([k, v]) => [h('dt', k), h('dd', v)])),
  ];
}

// ------------------------------------------------------------------ reactions

const pressedKey = (id) => `plug.reacted.${myUserId()}.${id}`;

function reactions(ctx) {
  const { item } = ctx;
  const pressed = new Set(JSON.parse(localStorage.getItem(pressedKey(item.entity_id)) || '[]'));
  const archived = item.status === 'archived';
  const group = h('div.reaction-row', { role: 'group', 'aria-label': 'Reactions' },
    reactionEntries(item.reactions).map(([kind, emoji, label, pressable, n]) => pressable
      ? h('button.reaction', {
        type: 'button', 'aria-pressed': String(pressed.has(kind)), disabled: archived, dataset: { kind },
        'aria-label': `${label}, ${n}`, title: label, onclick: () => react(ctx, kind),
      }, emojiWorks() ? h('span.emoji', { 'aria-hidden': 'true' }, emoji) : null, h('span', { 'aria-hidden': 'true' }, label), h('span.n', { 'aria-hidden': 'true' }, count(n)))
      : h('span.reaction.retired', { title: `${label}: no longer pressable` }, emojiWorks() ? h('span.emoji', { 'aria-hidden': 'true' }, emoji) : null, label, ' ', h('span.n', count(n)))));
  return [group, archived ? h('p.muted.small', 'Archived: reactions are closed.') : null];
}

async function react(ctx, kind) {
  try {
    const res = await api('POST', `/api/v2/entities/${ctx.item.entity_id}/reactions`, { kind });
    localStorage.setItem(pressedKey(ctx.item.entity_id), JSON.stringify(res.user_reactions || []));
    ctx.refresh({ reactions: res.reactions });
    ctx.parts.reactions.querySelector(`[data-kind="${kind}"]`)?.focus();
  } catch (err) {
    announce(describe(err), { error: true });
  }
}
