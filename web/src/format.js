// Words and numbers shown to people: counts, sizes, ages, expiry countdowns, reaction and status
// labels, and what an Inspiration's URL says about where it lives.

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
export const count = (n) => compact.format(n || 0);

export function bytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10240 ? 1 : 0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** "3 days ago", "just now". */
export function ago(iso, now = Date.now()) {
  const ms = now - Date.parse(iso);
  if (ms < 60_000) return 'just now';
  if (ms < HOUR) return `${Math.floor(ms / 60_000)} min ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ago`;
  const days = Math.floor(ms / DAY);
  if (days < 30) return `${days} day${days === 1 ? '' : 's'} ago`;
  return new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The expiry countdown of a row: "Pinned", "Expires in 12 days", "Expires in 5 h", "Expired". */
export function expiry(item, now = Date.now()) {
  if (!item.expires_at) return { text: item.pinned === false ? 'No expiry' : 'Pinned', tone: 'pinned' };
  const ms = Date.parse(item.expires_at) - now;
  if (ms <= 0) return { text: 'Expired', tone: 'expired' };
  if (ms < HOUR) return { text: 'Expires in < 1 h', tone: 'soon' };
  if (ms < DAY) return { text: `Expires in ${Math.ceil(ms / HOUR)} h`, tone: 'soon' };
  const days = Math.ceil(ms / DAY);
  return { text: `Expires in ${days} day${days === 1 ? '' : 's'}`, tone: days <= 3 ? 'soon' : 'later' };
}

/** Pressable reaction kinds in display order (docs/model.md "Reactions"), then retired, read-only ones. */
export const REACTIONS = [
  ['sparked', '✨', 'Sparked'],
  ['useful', '👍', 'Useful'],
  ['build_on', '🧱', 'Build on'],
  ['impressive', '🤩', 'Impressive'],
  ['discuss', '💬', 'Discuss'],
];
const RETIRED = { viewed: ['👀', 'Viewed'], resonated: ['💫', 'Resonated'], love: ['❤️', 'Love'] };

/** [key, emoji, label, pressable] for every key of a reactions map, unknown keys included. */
export function reactionEntries(map = {}) {
  const out = REACTIONS.map(([k, e, l]) => [k, e, l, true, map[k] || 0]);
  for (const [k, n] of Object.entries(map)) {
    if (REACTIONS.some(([p]) => p === k)) continue;
    const [e, l] = RETIRED[k] || ['•', k.replace(/_/g, ' ')];
    out.push([k, e, l, false, n]);
  }
  return out;
}

export const reactionTotal = (map = {}) => Object.values(map).reduce((a, n) => a + (Number(n) || 0), 0);

export const STATUS_LABEL = {
  live: 'Live', provisioning: 'Starting', failed: 'Failed', archived: 'Archived', expired: 'Expired',
  running: 'Running', building: 'Building', paused: 'Paused', draft: 'Draft', stopped: 'Stopped',
  failed_serving: 'Failing',
};
export const statusLabel = (s) => STATUS_LABEL[s] || s;

export const VISIBILITY_LABEL = {
  private: 'Only me', authenticated: 'Signed-in users', grid: 'Grid', link: 'Anyone with the link',
  org: 'Grid', space: 'Space',
};

/**
 * Where an Inspiration lives, read from its serving URL (README "What runs where"), because list
 * rows carry no scope: { scope: 'org' } | { scope: 'space', space: slug } | { scope: 'personal',
 * user: slug }.
 */
export function placeOf(url) {
  try {
    const parts = new URL(url).pathname.split('/').filter(Boolean);
    if (parts[1] === 's' && parts.length >= 4) return { scope: 'space', space: parts[2] };
    if (parts[1] === 'u' && parts.length >= 4) return { scope: 'personal', user: parts[2] };
  } catch { /* not a URL */ }
  return { scope: 'org' };
}

/** A stable hue for a name, for the letter tiles of Inspirations without an icon. */
export function hue(text) {
  let n = 0;
  for (const ch of text) n = (n * 31 + ch.codePointAt(0)) % 360;
  return n;
}

/**
 * `url` when it is an http(s) address, else null: a link the app draws from what others wrote (a
 * feedback's page, a runtime's address) must never be `javascript:` or `data:`, whatever the
 * page's CSP would make of it.
 * @param {string | null | undefined} url
 */
export function webUrl(url) {
  try {
    const parsed = new URL(url ?? '');
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
