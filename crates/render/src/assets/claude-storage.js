// Claude's persistent storage for artifacts (`window.storage`: get, set, delete, list, async,
// `{key, value, shared}` results; `get` of a missing key rejects, as Claude's documentation says
// it does, so an artifact's `try { await get(k) } catch { first visit }` takes its catch; a value
// that is not a string is kept as its JSON, as the documentation's `set(key, {cards, …})`), kept in the localStorage of this drop's
// content origin, so an artifact's data lasts across reloads for its viewer and no other drop can
// read it. Shared and personal keys are kept apart; both stay in this browser (README "Single-file
// React components": the tools' globals). Used by the React viewer and, for an HTML page that calls
// it, by tool-globals.js.
const STORAGE_PREFIX = "plug.storage.";
const storageKey = (key, shared) => `${STORAGE_PREFIX}${shared ? "shared" : "personal"}.${key}`;
window.storage = {
  async get(key, shared = false) {
    const value = localStorage.getItem(storageKey(key, shared));
    if (value === null) throw new Error(`Key not found: "${key}" (window.storage, ${shared ? "shared" : "personal"} data)`);
    return { key, value, shared };
  },
  async set(key, value, shared = false) {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    localStorage.setItem(storageKey(key, shared), text);
    return { key, value: text, shared };
  },
  async delete(key, shared = false) {
    const deleted = localStorage.getItem(storageKey(key, shared)) !== null;
    localStorage.removeItem(storageKey(key, shared));
    return { key, deleted, shared };
  },
  async list(prefix = "", shared = false) {
    const start = storageKey(prefix, shared);
    const keys = [];
    for (let i = 0; i < localStorage.length; i++) {
      const name = localStorage.key(i);
      if (name.startsWith(start)) keys.push(name.slice(storageKey("", shared).length));
    }
    // In key order, as a key-value store lists a prefix: localStorage's own order changes across
    // a reload, and `club:<time>` keys then came back shuffled.
    return { keys: keys.sort(), prefix, shared };
  },
};
