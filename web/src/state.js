// What the grid page holds in memory: the list query, the rows loaded so far and the cursor, so the
// detail sheet and the drop flow can update cards in place without reloading the list.

export const state = {
  /** Query of the list route (openapi.yaml). */
  query: { sort: 'created_at_desc', owner: '', space: '' },
  items: [],
  byId: new Map(),
  cursor: null,
  loading: false,
  /** The list's generation: a page from an older query is dropped when it arrives. */
  generation: 0,
  done: false,
};

export function resetList() {
  // A page still in flight belongs to the old generation: it is dropped when it lands.
  state.loading = false;
  state.items = [];
  state.byId.clear();
  state.cursor = null;
  state.done = false;
  state.generation += 1;
}

/** Merges fresh fields of an Inspiration into its row, if loaded; returns the row. */
export function mergeItem(fields) {
  const row = state.byId.get(fields.entity_id);
  if (!row) return null;
  Object.assign(row, fields);
  return row;
}
