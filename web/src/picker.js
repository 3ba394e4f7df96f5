// The inspired-by picker: search the Inspirations loaded on the grid by title or name, choose up to
// ten; each choice shows as a removable chip.
import { h, newId, replace } from './dom.js';
import { state } from './state.js';

export const MAX_INSPIRED_BY = 10;

/** Returns { el, chosen() } — `chosen()` is the list of entity ids picked. */
export function inspiredByPicker() {
  const chosen = new Map();
  const id = newId('ib');
  const input = h('input', { type: 'search', id, placeholder: 'Search this grid…', autocomplete: 'off', 'aria-controls': `${id}-list` });
  const results = h('ul.pick-list', { id: `${id}-list`, 'aria-label': 'Matching Inspirations' });
  const chips = h('ul.pick-chips', { 'aria-label': 'Chosen' });

  function renderChips() {
    replace(chips, [...chosen.values()].map((item) => h('li.pick-chip', item.display_name || item.name,
      h('button', { type: 'button', 'aria-label': `Remove ${item.display_name || item.name}`, onclick: () => { chosen.delete(item.entity_id); renderChips(); search(); } }, '×'))));
  }

  function search() {
    const q = input.value.trim().toLowerCase();
    if (!q) { results.replaceChildren(); return; }
    const matches = state.items.filter((it) => !chosen.has(it.entity_id)
      && `${it.display_name} ${it.name}`.toLowerCase().includes(q)).slice(0, 6);
    replace(results, matches.length
      ? matches.map((it) => h('li', h('button.pick-option', { type: 'button', disabled: chosen.size >= MAX_INSPIRED_BY, onclick: () => {
        chosen.set(it.entity_id, it);
        input.value = '';
        renderChips();
        search();
        input.focus();
      } }, h('strong', it.display_name || it.name), h('small', ` ${it.owner?.name || ''}`))))
      : h('li.muted', 'No loaded Inspiration matches.'));
  }

  input.addEventListener('input', search);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); results.querySelector('button')?.click(); }
  });
  const el = h('div.field.picker', { dataset: { field: 'inspired_by' } },
    h('label', { htmlFor: id }, 'Inspired by ', h('small.muted', `(up to ${MAX_INSPIRED_BY})`)),
    chips, input, results,
    h('p.error', { id: `${id}-error`, hidden: true }));
  input.setAttribute('aria-describedby', `${id}-error`);
  return { el, chosen: () => [...chosen.keys()] };
}
