// The one helper every integration test uses: starts the real Worker under workerd with its own
// fresh D1/R2 state on a free port, and offers typed requests and world-building through the
// operator API. Each test builds its own world (unique slugs), so tests never depend on each other.
import { execFileSync } from 'node:child_process';
import { lookup as dnsLookup } from 'node:dns';
import { connect } from 'node:net';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { ROOT, freePort, migratedState, readDevVars, settleWithin, spawnWorker, waitForHealth } from './worker.mjs';

/**
 * Resolves `localhost` and every `*.localhost` name (the content origins, README "What runs where")
 * to loopback, as browsers and curl do by themselves (RFC 6761) and Node's resolver does not.
 */
export const loopback = new Agent({
  // A kept-alive connection is dropped after 2 s idle, well before the server's 5 s: with undici's
  // default (4 s, checked on a 1 s clock) a request after a few idle seconds (a `wrangler d1
  // execute` in between) could go out on a socket the server was closing ("fetch failed").
  keepAliveTimeout: 2_000,
  keepAliveMaxTimeout: 2_000,
  connect: {
    lookup(host, opts, cb) {
      if (host === 'localhost' || host.endsWith('.localhost')) {
        if (opts && opts.all) return cb(null, [{ address: '127.0.0.1', family: 4 }]);
        return cb(null, '127.0.0.1', 4);
      }
      return dnsLookup(host, opts, cb);
    },
  },
});

/** Node's `fetch` that reaches the content origins too (its bodies, FormData included, as usual). */
export const fetchLocal = (url, init = {}) => fetch(url, { dispatcher: loopback, ...init });

export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

let counter = 0;
/** A slug unique to this process: `prefix-<random>-<n>`. */
/** An entity id as the interface gives it: a version 4 UUID, lower case. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function unique(prefix = 't') {
  counter += 1;
  return `${prefix}-${Math.random().toString(36).slice(2, 7)}${counter}`;
}

/**
 * Starts a Worker with fresh state; `vars` override wrangler.toml vars for this instance. Its port
 * and its inspector's port are each free when picked; another process can still take one before
 * wrangler binds it, so a start that finds its address in use is tried again on new ports.
 */
export async function startWorker({ vars = {}, inspectorPort } = {}) {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const stateDir = mkdtempSync(join(tmpdir(), 'plug-state-'));
    migratedState(stateDir);
    const child = spawnWorker({ port, inspectorPort: inspectorPort ?? await freePort(), stateDir, vars });
    let log = '';
    child.stdout.on('data', (d) => { log += d; });
    child.stderr.on('data', (d) => { log += d; });
    const app = new App(port, stateDir, child, () => log);
    app.attempts = attempt;
    const inUse = () => /Address already in use/.test(log);
    try {
      await waitForHealth(app.baseUrl, 90_000, () => child.exitCode !== null || inUse());
      return app;
    } catch (e) {
      await app.stop();
      if (inUse() && attempt < 3) {
        inspectorPort = undefined;
        continue;
      }
      throw new Error(`${e.message}\n${log}`);
    }
  }
}

export class App {
  constructor(port, stateDir, child, log) {
    this.port = port;
    this.stateDir = stateDir;
    this.child = child;
    this.log = log;
    this.baseUrl = `http://localhost:${port}`;
    this.serveUrl = `http://127.0.0.1:${port}`;
    this.contentPattern = `http://{label}.localhost:${port}`;
    this.secrets = readDevVars();
  }

  async stop() {
    if (this.child.exitCode === null) {
      const exited = new Promise((r) => this.child.once('exit', r));
      try { process.kill(-this.child.pid, 'SIGTERM'); } catch { this.child.kill('SIGTERM'); }
      await settleWithin(exited, 5000);
      try { process.kill(-this.child.pid, 'SIGKILL'); } catch { /* gone */ }
    }
    rmSync(this.stateDir, { recursive: true, force: true });
  }

  /**
   * One HTTP request. `token` is a Bearer token; `grid` sets X-Platform-Grid; `json` or `form` is
   * the body; `origin: 'serve'` targets the serving origin. Returns { status, headers, body, text }.
   */
  async request(method, path, { token, grid, json, form, body, headers = {}, origin = 'api', redirect = 'manual' } = {}) {
    const h = { 'user-agent': 'plug-tests', ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    if (grid) h['x-platform-grid'] = grid;
    let payload = body;
    if (json !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(json);
    } else if (form) {
      payload = form;
    }
    const base = origin === 'serve' ? this.serveUrl : this.baseUrl;
    const url = path.startsWith('http') ? path : base + path;
    const res = await fetchLocal(url, { method, headers: h, body: payload, redirect });
    const text = await res.text();
    let parsed = null;
    if ((res.headers.get('content-type') || '').includes('application/json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  /** The content origin of an Inspiration (README "What runs where"). */
  contentUrl(entityId) {
    return this.contentPattern.replace('{label}', entityId);
  }

  /**
   * Opens a `url` the way an HTTP client with a cookie jar does: follows redirects across the
   * link and content origins (at most `maxHops`), sends `token` only while on the first origin
   * (fetch drops Authorization on a cross-origin redirect), and keeps each host's cookies.
   * `jar` may be shared between calls to act as one browser. Returns the last response plus
   * `url` (where it ended) and `hops` (every URL on the way).
   */
  async open(url, { token, headers = {}, jar = new Map(), maxHops = 10, method = 'GET' } = {}) {
    const hops = [url];
    const first = new URL(url).origin;
    let current = url;
    for (let i = 0; ; i += 1) {
      const here = new URL(current);
      const h = { 'user-agent': 'plug-tests', ...headers };
      if (token && here.origin === first) h.authorization = `Bearer ${token}`;
      const cookies = jar.get(here.host);
      if (cookies && cookies.size) h.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetchLocal(current, { method, headers: h, redirect: 'manual' });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        const host = jar.get(here.host) || new Map();
        if (/max-age=0/i.test(line)) host.delete(name); else host.set(name, value);
        jar.set(here.host, host);
      }
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location && i < maxHops) {
        await res.arrayBuffer();
        current = new URL(location, current).toString();
        hops.push(current);
        continue;
      }
      const text = await res.text();
      let parsed = null;
      if ((res.headers.get('content-type') || '').includes('application/json') && text) parsed = JSON.parse(text);
      return { status: res.status, headers: res.headers, body: parsed, text, url: current, hops, jar };
    }
  }

  /**
   * Sends `text` to this instance's port as it is (fetch would tidy the path and headers) and
   * reads the answer until the server closes the connection (or 10 s pass).
   */
  raw(text) {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1', () => socket.write(text));
      let data = '';
      socket.on('data', (chunk) => { data += chunk; });
      socket.on('close', () => resolve(data));
      socket.on('error', (e) => resolve(`ERR ${e.message}`));
      // Unref'd: a socket that closed in time leaves no timer holding the test file open.
      setTimeout(() => { socket.destroy(); resolve(data); }, 10_000).unref();
    });
  }

  /** Deletes one object from this instance's local R2, as an outage or an operator might. */
  r2Delete(key) {
    execFileSync(join(ROOT, 'node_modules', '.bin', 'wrangler'),
      ['r2', 'object', 'delete', `plug-content/${key}`, '--local', '--persist-to', this.stateDir], { stdio: 'pipe' });
  }

  /**
   * Kills the Worker at once (SIGKILL: no graceful end, whatever it was doing) and starts it
   * again on the same D1 and R2 state, on a fresh port: a crash and a restart.
   */
  async crashAndRestart(vars = {}) {
    const exited = new Promise((r) => this.child.once('exit', r));
    try { process.kill(-this.child.pid, 'SIGKILL'); } catch { this.child.kill('SIGKILL'); }
    await exited;
    const port = await freePort();
    const child = spawnWorker({ port, inspectorPort: await freePort(), stateDir: this.stateDir, vars });
    let log = '';
    child.stdout.on('data', (d) => { log += d; });
    child.stderr.on('data', (d) => { log += d; });
    this.child = child;
    this.log = () => log;
    this.port = port;
    this.baseUrl = `http://localhost:${port}`;
    this.serveUrl = `http://127.0.0.1:${port}`;
    this.contentPattern = `http://{label}.localhost:${port}`;
    await waitForHealth(this.baseUrl, 90_000, () => child.exitCode !== null);
  }

  /**
   * Rows of a read-only SQL query on this instance's local D1 database (node:sqlite), for tests
   * that must see what no API shows: rate-limit events, index rows, half-written state.
   */
  async sql(query, ...params) {
    const { DatabaseSync } = await import('node:sqlite');
    const files = [];
    const walk = (dir) => {
      for (const name of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, name.name);
        if (name.isDirectory()) walk(p);
        else if (name.name.endsWith('.sqlite')) files.push(p);
      }
    };
    walk(join(this.stateDir, 'v3', 'd1'));
    for (const file of files) {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        const hasEntities = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'entities'").get();
        if (hasEntities) return db.prepare(query).all(...params);
      } finally { db.close(); }
    }
    throw new Error('no local D1 database found');
  }

  /** How many objects local R2 holds: the blob files under this Worker's state directory. */
  r2BlobCount() {
    let n = 0;
    const walk = (dir) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (dir.includes('blobs')) n += 1;
      }
    };
    try { walk(join(this.stateDir, 'v3', 'r2')); } catch { /* nothing stored yet */ }
    return n;
  }

  /** An operator API call with ADMIN_TOKEN. */
  admin(method, path, json) {
    return this.request(method, `/admin/v1${path}`, { token: this.secrets.ADMIN_TOKEN, json });
  }

  async mustAdmin(method, path, json, expected = [200, 201, 204]) {
    const res = await this.admin(method, path, json);
    if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.body;
  }

  /** A new user with a fresh token. */
  async user(slug = unique('u'), name = `User ${slug}`) {
    const user = await this.mustAdmin('POST', '/users', { slug, name });
    const { token } = await this.mustAdmin('POST', '/tokens', { user_id: user.user_id });
    return { ...user, token };
  }

  async grid(slug = unique('g')) {
    return this.mustAdmin('POST', '/grids', { slug, name: `Grid ${slug}` });
  }

  async join(grid, user, role = 'member') {
    return this.mustAdmin('PUT', `/grids/${grid.slug}/members/${user.user_id}`, { role });
  }

  /** A new user who is a member of `grid` (each has its own per-user rate limits). */
  async member(grid, role = 'member') {
    const user = await this.user();
    await this.join(grid, user, role);
    return user;
  }

  async space(grid, slug = unique('s')) {
    return this.mustAdmin('POST', `/grids/${grid.slug}/spaces`, { slug, name: `Space ${slug}` });
  }

  async joinSpace(space, user) {
    return this.mustAdmin('PUT', `/spaces/${space.space_id}/members/${user.user_id}`);
  }

  /**
   * A grid with an owner, an admin, a member in the space, a member outside it, and a user of
   * another grid: the cast of most tests.
   */
  async world() {
    const grid = await this.grid();
    const other = await this.grid();
    const [owner, admin, spaceMember, member, outsider] = await Promise.all([
      this.user(), this.user(), this.user(), this.user(), this.user(),
    ]);
    await this.join(grid, owner);
    await this.join(grid, admin, 'admin');
    await this.join(grid, spaceMember);
    await this.join(grid, member);
    await this.join(other, outsider);
    const space = await this.space(grid);
    await this.joinSpace(space, owner);
    await this.joinSpace(space, spaceMember);
    return { grid, other, owner, admin, spaceMember, member, outsider, space };
  }

  /**
   * Drops a file as `user`. `file` is { name, content (string|Buffer|Uint8Array), type? };
   * `fields` override the defaults (org scope, org visibility, html, api).
   */
  async drop(user, { file, fields = {}, grid, headers } = {}) {
    const form = new FormData();
    const defaults = { name: 'demo', scope: 'org', visibility: 'org', source_type: 'html', uploaded_via: 'api' };
    for (const [k, v] of Object.entries({ ...defaults, ...fields })) {
      if (v === undefined) continue;
      if (Array.isArray(v)) v.forEach((x) => form.append(k, x));
      else form.append(k, String(v));
    }
    const f = file !== undefined ? file : { name: 'index.html', content: '<!doctype html><title>Demo</title><body><h1>Hello</h1></body>' };
    if (f !== null) form.append('file', new Blob([f.content], { type: f.type ?? 'application/octet-stream' }), f.name);
    return this.request('POST', '/api/v2/inspirations', { token: user.token, grid, form, headers });
  }

  /** `GET /api/v2/inspirations/:id` as `user` (anonymous when `user` is null). */
  read(user, id, opts = {}) {
    return this.request('GET', `/api/v2/inspirations/${id}`, { token: user?.token, ...opts });
  }

  /** `GET /api/v2/inspirations<query>` as `user`. */
  list(user, query = '', opts = {}) {
    return this.request('GET', `/api/v2/inspirations${query}`, { token: user.token, ...opts });
  }

  /** Drops and waits until the Inspiration is live; returns the read body. */
  async dropLive(user, options) {
    const res = await this.drop(user, options);
    if (res.status !== 201) throw new Error(`drop failed: ${res.status} ${res.text}`);
    return this.waitFor(user, res.body.entity_id, (b) => b.status === 'live');
  }

  /** Polls the read endpoint every 100 ms until `done(body)` holds. */
  async waitFor(user, id, done, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    let last;
    while (Date.now() < deadline) {
      last = await this.read(user, id);
      if (last.status === 200 && done(last.body)) return last.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting on ${id}: ${last?.status} ${last?.text}`);
  }
}

/** Asserts the interface's error shape and code; returns the error object. */
export function expectError(assert, res, status, code) {
  assert.equal(res.status, status, `expected ${status} ${code}, got ${res.status}: ${res.text}`);
  assert.ok(res.body && res.body.error, `error body: ${res.text}`);
  const { error } = res.body;
  if (code) assert.equal(error.code, code, res.text);
  assert.equal(typeof error.message, 'string');
  assert.ok(Array.isArray(error.details), 'details is an array');
  assert.equal(typeof error.request_id, 'string');
  assert.equal(res.headers.get('x-request-id'), error.request_id);
  return error;
}
