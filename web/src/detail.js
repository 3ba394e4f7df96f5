// One Inspiration in a sheet over the grid: preview from the serving origin, facts, reactions, and
// for its owner or a grid admin every way to manage it (visibility, scope, about, expiry, badge,
// archive), plus the Runtimes it inspired and the feedback its viewers sent.
import { api, describe } from './api.js';
import { expiryText, iconTile, placeLabel, statusChip } from './card.js';
import { emojiWorks, icon } from './icons.js';
import { announce, append, clearFieldErrors, field, h, radioValue, radios, replace, showFieldError } from './dom.js';
import { copyButton } from './drop.js';
import { upsertCard } from './grid.js';
import { TYPE_LABEL } from './intake.js';
import { ago, count, expiry, reactionEntries, VISIBILITY_LABEL } from './format.js';
import { feedbackSection, runtimesSection } from './detail-lists.js';
import { learnSpace, myUserId } from './session.js';
import { spaceChooser, spaces } from './spaces.js';
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

// ------------------------------------------------------------------ management sections

/** A titled management section; `onItem` repaints it when the Inspiration changes. */
function section(key, title, render, ctx) {
  const el = h('section.panel', { dataset: { section: key }, 'aria-labelledby': `sec-${key}` });
  const paint = (item) => replace(el, h('h3', { id: `sec-${key}` }, typeof title === 'function' ? title(item) : title), render(item));
  // Only the section that saved repaints: the others may hold edits the user has not saved yet.
  el.addEventListener('item', (e) => {
    if (!el.dataset.repaint) return;
    delete el.dataset.repaint;
    paint(e.detail);
  });
  paint(ctx.item);
  return el;
}

/** Runs a mutation for a section's form: clears errors, shows field errors or a result line. */
async function mutate(form, note, ctx, call, success) {
  clearFieldErrors(form);
  note.className = 'note';
  note.textContent = 'Saving…';
  const buttons = [...form.querySelectorAll('button')];
  buttons.forEach((b) => { b.disabled = true; });
  const sectionEl = form.closest('[data-section]');
  try {
    const res = await call();
    sectionEl.dataset.repaint = '1';
    ctx.refresh(res);
    const fresh = sectionEl.querySelector('.note') || note;
    fresh.textContent = success(res);
    fresh.className = 'note ok';
    fresh.focus();
    announce(success(res));
  } catch (err) {
    buttons.forEach((b) => { b.disabled = false; });
    note.className = 'note bad';
    const fieldName = err.details?.[0]?.field || { NAME_COLLISION: 'scope', SPACE_NOT_MEMBER: 'space_id', SPACE_REQUIRED: 'space_id', SPACE_NOT_FOUND: 'visibility_spaces', BADGE_POLICY_OVERRIDE: 'badge_mode' }[err.code];
    const placed = fieldName && showFieldError(form, fieldName, describe(err));
    note.textContent = placed ? 'Not saved: see above.' : describe(err);
    (form.querySelector('[aria-invalid="true"]') || note).focus();
  }
}

const noteEl = () => h('p.note', { role: 'status', tabIndex: -1 });

function aboutSection(ctx) {
  return section('about', 'About', (item) => {
    const title = h('input', { type: 'text', name: 'display_name', value: item.display_name, maxLength: 100, required: true });
    const desc = h('textarea', { name: 'description', maxLength: 280, rows: 3 }, item.description || '');
    const note = noteEl();
    const form = h('form', { noValidate: true, onsubmit: (e) => {
      e.preventDefault();
      const body = { display_name: title.value.trim(), description: desc.value.trim() || null };
      if (!body.display_name) { showFieldError(form, 'display_name', 'A title of 1 to 100 characters.'); title.focus(); return; }
      mutate(form, note, ctx, () => api('PATCH', `/api/v2/inspirations/${item.entity_id}`, body), () => 'Saved.');
    } },
    field('Title', title), field('Description', desc, { hint: 'Up to 280 characters; leave empty to clear.' }),
    h('div.actions', h('button.secondary', { type: 'submit' }, 'Save'), note));
    return form;
  }, ctx);
}

const MODES = [
  ['private', 'Only me', 'and grid admins'],
  ['authenticated', 'Any signed-in user', 'in any grid'],
  ['grid', 'Grid members', 'everyone, or chosen spaces'],
  ['link', 'Anyone with the link', 'no sign-in needed'],
];

function visibilitySection(ctx) {
  return section('visibility', 'Who can see it', (item) => {
    const form = h('form', { noValidate: true });
    const note = noteEl();
    const sub = h('div.sub');
    const known = [];
    const chosenSpaces = new Set(item.visibility === 'grid' ? (item.visibility_spaces || ['everyone']) : ['everyone']);
    const paintSub = () => {
      const mode = radioValue(form, 'visibility');
      if (mode === 'link') {
        replace(sub, h('label.check', h('input', { type: 'checkbox', name: 'link_indexed', checked: Boolean(item.link_indexed) }), ' Let search engines index it'));
      } else if (mode === 'grid') {
        const everyone = chosenSpaces.has('everyone');
        const extra = [...chosenSpaces].filter((s) => s !== 'everyone' && !known.some((k) => k.slug === s));
        replace(sub, h('fieldset.checks', { dataset: { field: 'visibility_spaces' } }, h('legend', 'Which members'),
          h('label.check', h('input', { type: 'radio', name: 'spaces_mode', value: 'everyone', checked: everyone, onchange: paintSubSpaces }), ' Everyone in the grid'),
          h('label.check', h('input', { type: 'radio', name: 'spaces_mode', value: 'some', checked: !everyone, onchange: paintSubSpaces }), ' Members of chosen spaces'),
          h('div.space-checks', { hidden: everyone },
            known.map((s) => h('label.check', h('input', { type: 'checkbox', name: 'space', value: s.slug, checked: chosenSpaces.has(s.slug) }), ` ${s.name}`)),
            field('Other spaces (slugs, comma-separated)', h('input', { type: 'text', name: 'space_slugs', value: extra.join(', '), spellcheck: false }))),
          h('p.error', { hidden: true })));
      } else {
        replace(sub);
      }
    };
    function paintSubSpaces() {
      sub.querySelector('.space-checks').hidden = radioValue(form, 'spaces_mode') !== 'some';
    }
    // What the viewer already chose in the grid choices, so a repaint keeps it.
    const keepChoices = () => {
      const mode = radioValue(form, 'spaces_mode');
      if (!mode) return;
      chosenSpaces.clear();
      if (mode === 'everyone') chosenSpaces.add('everyone');
      for (const c of form.querySelectorAll('[name="space"]:checked')) chosenSpaces.add(c.value);
      const typed = form.querySelector('[name="space_slugs"]')?.value || '';
      for (const slug of typed.split(',').map((t) => t.trim()).filter(Boolean)) chosenSpaces.add(slug);
    };
    // The grid's spaces arrive later: only the grid choices list them, and a repaint keeps what
    // was chosen meanwhile (a checkbox ticked before they arrived is never reset).
    spaces().then((list) => {
      known.push(...list);
      if (radioValue(form, 'visibility') !== 'grid') return;
      keepChoices();
      paintSub();
    });
    replace(form,
      radios('visibility', 'Mode', MODES, item.visibility, paintSub), sub,
      h('div.actions', h('button.secondary', { type: 'submit' }, 'Save visibility'), note));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const body = visibilityBody(form);
      if (!body) { showFieldError(form, 'visibility_spaces', 'Choose at least one space.'); return; }
      // The route answers the visibility fields only: sub-states it leaves out are cleared (2.5).
      const call = () => api('PATCH', `/api/v2/inspirations/${item.entity_id}/visibility`, body)
        .then((res) => ({ visibility_spaces: undefined, link_indexed: undefined, ...res }));
      mutate(form, note, ctx, call,
        (res) => `Saved: ${VISIBILITY_LABEL[res.visibility] || res.visibility}.`);
    });
    paintSub();
    return form;
  }, ctx);
}

function visibilityBody(form) {
  const visibility = radioValue(form, 'visibility');
  const body = { visibility };
  if (visibility === 'link') body.link_indexed = Boolean(form.querySelector('[name="link_indexed"]')?.checked);
  if (visibility === 'grid' && radioValue(form, 'spaces_mode') === 'some') {
    const slugs = [...form.querySelectorAll('[name="space"]:checked')].map((c) => c.value);
    const typed = (form.querySelector('[name="space_slugs"]')?.value || '').split(',').map((s) => s.trim()).filter(Boolean);
    const all = [...new Set([...slugs, ...typed])];
    if (!all.length) return null;
    body.visibility_spaces = all;
  }
  return body;
}

function scopeSection(ctx) {
  return section('scope', 'Where it lives', (item) => {
    const form = h('form', { noValidate: true });
    const note = noteEl();
    const holder = h('div');
    let chooser = null;
    const paint = async () => {
      const scope = radioValue(form, 'scope');
      if (scope !== 'space') { replace(holder); chooser = null; return; }
      chooser = spaceChooser(await spaces(), item.space_id || '');
      replace(holder, chooser.el);
    };
    replace(form,
      radios('scope', 'Place', [['personal', 'Personal', `under ${item.owner?.name || 'the owner'}`], ['space', 'A space'], ['org', 'Grid-wide']], item.scope, paint),
      holder,
      h('p.hint', 'Moving changes the URL; the old one sends readers on to the new one.'),
      h('div.actions', h('button.secondary', { type: 'submit' }, 'Move'), note));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      clearFieldErrors(form);
      const scope = radioValue(form, 'scope');
      const body = { scope };
      if (scope === 'space') {
        if (!chooser?.valid()) { showFieldError(form, 'space_id', 'Choose a space you belong to.'); return; }
        body.space_id = chooser.value();
      }
      mutate(form, note, ctx, () => api('PATCH', `/api/v2/inspirations/${item.entity_id}`, body).then((res) => { learnSpace(res.space); return res; }),
        (res) => `Moved. New URL: ${res.url}`);
    });
    paint();
    return form;
  }, ctx);
}

function retentionSection(ctx) {
  return section('retention', 'Expiry', (item) => {
    const note = noteEl();
    const form = h('form', { noValidate: true });
    if (item.pinned) {
      const days = h('input', { type: 'number', name: 'expires_in_days', min: 1, max: 365, value: 30, inputMode: 'numeric' });
      replace(form, h('p', icon('pin'), ' Pinned: it never expires.'),
        field('Expire again after (days)', days, { hint: '1 to 365' }),
        h('div.actions', h('button.secondary', { type: 'submit' }, 'Unpin'), note));
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        const n = Number(days.value);
        if (!Number.isInteger(n) || n < 1 || n > 365) { showFieldError(form, 'expires_in_days', 'A whole number of days from 1 to 365.'); return; }
        mutate(form, note, ctx, () => api('DELETE', `/api/v2/inspirations/${item.entity_id}/pin`, { expires_in_days: n }), (res) => `Unpinned. ${expiry(res).text}.`);
      });
    } else {
      const reason = h('input', { type: 'text', name: 'pin_reason', maxLength: 280, placeholder: 'e.g. kept for the launch retro' });
      replace(form, h('p', `${expiry(item).text}.`),
        field('Reason to pin it', reason, { hint: '5 to 280 characters' }),
        h('div.actions', h('button.secondary', { type: 'submit' }, 'Pin'), note));
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        const text = reason.value.trim();
        if (text.length < 5) { clearFieldErrors(form); showFieldError(form, 'pin_reason', 'Say in 5 to 280 characters why it should stay.'); reason.focus(); return; }
        mutate(form, note, ctx, () => api('POST', `/api/v2/inspirations/${item.entity_id}/pin`, { pin_reason: text }), () => 'Pinned: it never expires.');
      });
    }
    return form;
  }, ctx);
}

function badgeSection(ctx) {
  return section('badge', 'Badge', (item) => {
    const note = noteEl();
    const form = h('form', { noValidate: true });
    const known = item.badge_mode || sessionStorage.getItem(`plug.badge.${item.entity_id}`) || '';
    replace(form,
      h('p.hint', 'The “Running on Plug” chip in the corner of served pages, where viewers send feedback.'),
      radios('badge_mode', 'Show the badge', [['on', 'On'], ['off', 'Off']], known, () => form.requestSubmit()),
      h('div.actions', note));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const mode = radioValue(form, 'badge_mode');
      if (!mode) return;
      mutate(form, note, ctx, () => api('PATCH', `/api/v2/entities/${item.entity_id}`, { badge_mode: mode }).then((res) => {
        sessionStorage.setItem(`plug.badge.${item.entity_id}`, res.badge_mode);
        return { badge_mode: res.badge_mode, badge_state: res.badge_state };
      }), (res) => `Badge ${res.badge_mode}; pages show it: ${res.badge_state === 'on' ? 'yes' : 'no'}.`);
    });
    return form;
  }, ctx);
}

function archiveSection(ctx) {
  return section('archive', (item) => (item.status === 'archived' ? 'Archived' : 'Archive'), (item) => {
    const archived = item.status === 'archived';
    const note = noteEl();
    const form = h('form', { noValidate: true, onsubmit: (e) => {
      e.preventDefault();
      mutate(form, note, ctx, () => api('POST', `/api/v2/inspirations/${item.entity_id}/${archived ? 'unarchive' : 'archive'}`),
        (res) => (res.status === 'archived' ? 'Archived. Only you and grid admins can see it; restore it any time.' : 'Restored.'));
    } },
    h('p.hint', archived ? 'Hidden from everyone but you and grid admins. Restore brings it back as it was.' : 'Hides it from everyone but you and grid admins. Nothing is deleted; you can restore it.'),
    h('div.actions', h(archived ? 'button.secondary' : 'button.danger', { type: 'submit' }, archived ? 'Restore' : 'Archive'), note));
    return form;
  }, ctx);
}

