// The spaces of the active grid the user can pick from: `GET /api/v2/spaces` (README, decisions),
// merged with every space the app meets in a full read.
import { get } from './api.js';
import { h, newId, replace } from './dom.js';
import { knownSpaces, learnSpace, session } from './session.js';

const fetched = new Set();

/** Known spaces of the active grid, after asking the spaces route once per grid. */
export async function spaces() {
  if (!fetched.has(session.grid)) {
    fetched.add(session.grid);
    try {
      /** @type {import('./wire.js').Page<import('./wire.js').SpaceListed>} */
      const page = await get('/api/v2/spaces');
      for (const s of page.items || []) learnSpace(s);
    } catch { fetched.delete(session.grid); /* offline or refused: learned spaces for now, ask again later */ }
  }
  return knownSpaces();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A space chooser: a select of known spaces plus "Another space…", which reveals a field for the
 * space's id. Returns { el, value() → space_id or '' }.
 */
export function spaceChooser(list, selected = '') {
  const id = newId('space');
  const other = h('input', { type: 'text', id: `${id}-other`, placeholder: 'Space id (UUID)', spellcheck: false, hidden: true, 'aria-label': 'Space id' });
  const sel = h('select', { id, name: 'space_id', onchange: () => { other.hidden = sel.value !== '?'; if (!other.hidden) other.focus(); } });
  const fill = (spaces, pick) => replace(sel,
    h('option', { value: '' }, spaces.length ? 'Choose a space' : 'No spaces known yet'),
    spaces.map((s) => h('option', { value: s.space_id, selected: s.space_id === pick }, s.name)),
    h('option', { value: '?', selected: pick === '?' }, 'Another space…'));
  fill(list, selected);
  const el = h('div.field', { dataset: { field: 'space_id' } },
    h('label', { htmlFor: id }, 'Space'), sel, other,
    h('p.error', { id: `${id}-error`, hidden: true }));
  sel.setAttribute('aria-describedby', `${id}-error`);
  return {
    el,
    value: () => (sel.value === '?' ? other.value.trim() : sel.value),
    valid: () => (sel.value === '?' ? UUID.test(other.value.trim()) : Boolean(sel.value)),
    /** New options (spaces arrived later), keeping the current choice. */
    update: (spaces) => fill(spaces, sel.value),
  };
}
