// Every call to the Plug API: same-origin JSON with the Bearer token and the active grid header,
// errors turned into one ApiError shape (docs/model.md "Errors"), and uploads with progress events.
import { session } from './session.js';
import { freshToken, refresh } from './oidc.js';

export class ApiError extends Error {
  /**
   * @param {number} status 0 when the server could not be reached
   * @param {{ error?: Partial<import('./wire.js').ErrorPayload> } | null} body an ErrorBody, or part of one
   * @param {number} [retryAfter]
   */
  constructor(status, body, retryAfter) {
    const error = /** @type {Partial<import('./wire.js').ErrorPayload>} */ ((body && body.error) || {});
    super(error.message || (status ? `The server answered ${status}` : 'The server could not be reached'));
    this.status = status;
    this.code = error.code || (status ? `HTTP_${status}` : 'NETWORK');
    this.details = Array.isArray(error.details) ? error.details : [];
    this.requestId = error.request_id || '';
    this.retryAfter = retryAfter;
  }
}

/** Listeners told when a call answers 401, so the app can ask for a fresh token. */
export const onUnauthorized = new Set();

/**
 * The newest D1 session bookmark the API sent (X-Plug-Bookmark). Sent back on every call, so a
 * read answered by a replica is never older than this tab's own last write.
 */
let bookmark = '';
function keepBookmark(value) { if (value) bookmark = value; }

/**
 * Request headers; `as` ({ token, grid }) overrides the session, to check a token before keeping it.
 * @param {boolean} json
 * @param {{ token?: string, grid?: string }} [as]
 */
function headers(json, as = session) {
  const h = { Accept: 'application/json' };
  if (bookmark) h['X-Plug-Bookmark'] = bookmark;
  if (as.token) h.Authorization = `Bearer ${as.token}`;
  if (as.grid) h['X-Platform-Grid'] = as.grid;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

/**
 * One API call. `body` is sent as JSON. Resolves the parsed body; rejects with ApiError.
 * @param {string} method
 * @param {string} path
 * @param {any} [body]
 * @param {{ quiet?: boolean, as?: { token?: string, grid?: string }, retried?: boolean }} [options]
 * @returns {Promise<any>}
 */
export async function api(method, path, body, { quiet = false, as, retried = false } = {}) {
  let res;
  if (!as) await freshToken();
  try {
    res = await fetch(path, {
      method,
      headers: headers(body !== undefined, as),
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, null);
  }
  keepBookmark(res.headers.get('X-Plug-Bookmark'));
  const text = await res.text();
  let parsed = null;
  try { parsed = text ? JSON.parse(text) : null; } catch { /* not JSON: keep null */ }
  // A provider token refused (expired, key rotated): refresh it once and try again.
  if (res.status === 401 && !as && !retried && session.oidc?.refresh && await refresh()) {
    return api(method, path, body, { quiet, retried: true });
  }
  if (!res.ok) throw failure(res.status, parsed, res.headers.get('Retry-After'), quiet);
  return parsed;
}

function failure(status, body, retryAfter, quiet = false) {
  const err = new ApiError(status, body, retryAfter ? Number(retryAfter) : undefined);
  if (status === 401 && !quiet) for (const f of onUnauthorized) f(err);
  return err;
}

/** GET with a query object; empty values are left out. */
export function get(path, query = {}, options = {}) {
  const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  const s = qs.toString();
  return api('GET', s ? `${path}?${s}` : path, undefined, options);
}

/**
 * A multipart POST with upload progress (fetch has none): `onProgress(sentBytes, totalBytes)`.
 * Resolves the parsed body; rejects with ApiError.
 */
export async function upload(path, form, onProgress) {
  await freshToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [k, v] of Object.entries(headers(false))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded, e.total); };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onload = () => {
      keepBookmark(xhr.getResponseHeader('X-Plug-Bookmark'));
      let parsed = null;
      try { parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null; } catch { /* keep null */ }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed);
      else reject(failure(xhr.status, parsed, xhr.getResponseHeader('Retry-After')));
    };
    xhr.send(form);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls the read endpoint every second until the Inspiration leaves `provisioning` (openapi.yaml:
 * the URL may answer 503 briefly after 201). Resolves the last read.
 * @param {string} id
 * @param {{ timeoutMs?: number, onTick?: (read: import('./wire.js').Inspiration) => void }} [options]
 * @returns {Promise<import('./wire.js').Inspiration>}
 */
export async function waitUntilLive(id, { timeoutMs = 120_000, onTick } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = await api('GET', `/api/v2/inspirations/${id}`);
    onTick?.(body);
    if (body.status !== 'provisioning' || Date.now() > deadline) return body;
    await sleep(1000);
  }
}

/** The user-facing sentence for an ApiError, with the server's hint when it gave one. */
export function describe(err) {
  if (!(err instanceof ApiError)) return String(err && err.message ? err.message : err);
  if (err.status === 0) return 'Plug could not be reached. Check your connection and try again.';
  if (err.status === 429) return `Too many requests just now. Try again in ${err.retryAfter || 'a few'} seconds.`;
  const hint = err.details.map((d) => d.hint).find((x) => x && !err.message.includes(x));
  return hint ? `${err.message} (${hint})` : err.message;
}
