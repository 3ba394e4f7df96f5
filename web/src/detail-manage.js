// The management sections of the Inspiration sheet (detail.js) for its owner or a grid admin:
// about, visibility, scope, expiry, badge and archive, each a form that saves through the API and
// repaints the sheet with the answer.
import { api, describe } from './api.js';
import { icon } from './icons.js';
import { announce, clearFieldErrors, field, h, radioValue, radios, replace, showFieldError } from './dom.js';
import { expiry, VISIBILITY_LABEL } from './format.js';
import { learnSpace } from './session.js';
import { spaceChooser, spaces } from './spaces.js';

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

export function aboutSection(ctx) {
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

export function visibilitySection(ctx) {
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

export function scopeSection(ctx) {
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

export function retentionSection(ctx) {
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

export function badgeSection(ctx) {
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

export function archiveSection(ctx) {
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
