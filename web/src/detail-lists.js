// The two lists inside the detail sheet: Runtimes this Inspiration inspired (with a form to note a
// new link) and the feedback inbox its badge collected (openapi.yaml), each paged by cursor.
import { api, describe, get } from './api.js';
import { announce, append, field, h, replace } from './dom.js';
import { ago, webUrl } from './format.js';
import { runtimeRow } from './runtimes.js';
import { myUserId } from './session.js';

/** A list with a "More" button that follows next_cursor. `row(item)` renders one entry. */
function pagedList(load, row, empty) {
  const list = h('ul.plain');
  const more = h('button.ghost.small', { type: 'button', hidden: true }, 'More');
  let cursor = null;
  const next = async (fresh) => {
    if (fresh) { cursor = null; replace(list, h('li.muted', 'Loading…')); }
    try {
      const page = await load(cursor);
      if (fresh) list.replaceChildren();
      append(list, page.items.map(row));
      if (!list.children.length) append(list, h('li.muted', empty));
      cursor = page.next_cursor;
      more.hidden = !cursor;
    } catch (err) {
      replace(list, h('li.error', err.status === 403 ? 'Only the owner and grid admins can read this.' : describe(err)));
    }
  };
  more.addEventListener('click', () => next(false));
  next(true);
  return { el: h('div', list, more), reload: () => next(true) };
}

export function runtimesSection(item) {
  const { el, reload } = pagedList(
    (cursor) => get(`/api/v2/inspirations/${item.entity_id}/inspired-runtimes`, { cursor, limit: 20 }),
    (link) => runtimeRow(link.linked_runtime || { name: link.runtime_id }, h('span.rt-note',
      link.note ? `“${link.note}” · ` : '', `noted by ${link.noted_by?.name || 'someone'}`,
      link.noted_by?.user_id === myUserId() ? [' · ', h('button.linkish', { type: 'button', onclick: () => unlink(link, reload) }, 'Remove link')] : null)),
    'No Runtime names this as its source yet.');
  return h('section.panel', { 'aria-labelledby': 'sec-runtimes' },
    h('h3', { id: 'sec-runtimes' }, 'Runtimes it inspired'), el, linkForm(item, reload));
}

async function unlink(link, reload) {
  try {
    await api('DELETE', `/api/v2/runtimes/${link.runtime_id}/inspirations/${link.link_id}`);
    announce('Link removed.');
    reload();
  } catch (err) {
    announce(describe(err), { error: true });
  }
}

/** Notes that a Runtime of the grid builds on this Inspiration (openapi.yaml). */
function linkForm(item, reload) {
  const select = h('select', { name: 'runtime' }, h('option', { value: '' }, 'Choose a Runtime'));
  const note = h('input', { type: 'text', name: 'note', maxLength: 280, placeholder: 'Optional note' });
  const status = h('p.note', { role: 'status' });
  const form = h('form.link-form', { noValidate: true, onsubmit: async (e) => {
    e.preventDefault();
    if (!select.value) { status.textContent = 'Choose a Runtime first.'; return; }
    try {
      await api('POST', `/api/v2/runtimes/${select.value}/inspirations`, { inspiration_entity_id: item.entity_id, note: note.value.trim() || undefined });
      note.value = '';
      status.textContent = 'Linked.';
      reload();
    } catch (err) {
      status.textContent = describe(err);
    }
  } }, field('Runtime', select), field('Note', note), h('div.actions', h('button.secondary', { type: 'submit' }, 'Link'), status));
  const details = h('details.more-options', h('summary', 'Link a Runtime to it'), form);
  details.addEventListener('toggle', async () => {
    if (!details.open || select.options.length > 1) return;
    try {
      const page = await get('/api/v2/runtimes', { limit: 100 });
      append(select, page.items.map((rt) => h('option', { value: rt.entity_id }, rt.display_name || rt.name)));
    } catch (err) {
      status.textContent = describe(err);
    }
  });
  return details;
}

const CATEGORY = { reaction: 'Reaction', bug: 'Bug', feature_request: 'Feature request', comment: 'Comment', other: 'Other' };

export function feedbackSection(item) {
  const { el } = pagedList(
    (cursor) => get(`/api/v2/entities/${item.entity_id}/feedback`, { cursor, limit: 20 }),
    (f) => h('li.feedback',
      h('div.feedback-head', h(`span.cat.c-${f.category}`, CATEGORY[f.category] || f.category),
        h('time.muted', { datetime: f.created_at, title: new Date(f.created_at).toLocaleString() }, ago(f.created_at))),
      h('p.feedback-text', f.text),
      f.page_url ? h('p.muted.small', 'On ', webUrl(f.page_url) ? h('a', { href: webUrl(f.page_url), target: '_blank', rel: 'noopener noreferrer' }, pathOf(f.page_url)) : f.page_url) : null),
    'No feedback yet. Viewers send it from the badge on the page.');
  return h('section.panel', { 'aria-labelledby': 'sec-feedback' }, h('h3', { id: 'sec-feedback' }, 'Feedback'), el);
}

/** What a feedback's page link shows: its host and path, so the words say where it leads (anyone may
 * send any `page_url`: a path alone made `https://evil.example/login` read as the drop's `/login`). */
function pathOf(url) {
  try { const u = new URL(url); return u.host + u.pathname; } catch { return url; }
}
