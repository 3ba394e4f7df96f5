// Starting the real Worker under `wrangler dev` (workerd, local D1 and R2) on a port, with both
// three kinds of origin (README "What runs where"): the API on localhost, the link origin on
// 127.0.0.1 and one content origin per Inspiration on <entity-id>.localhost, all on one port.
import { createServer } from 'node:net';
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WRANGLER = join(ROOT, 'node_modules', '.bin', 'wrangler');

/** The local secrets of `.dev.vars` (written by scripts/setup.sh). */
export function readDevVars() {
  const vars = {};
  for (const line of readFileSync(join(ROOT, '.dev.vars'), 'utf8').split('\n')) {
    const m = line.match(/^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(.*)\s*$/);
    if (m) vars[m[1]] = m[2];
  }
  return vars;
}

export function applyMigrations(stateDir) {
  execFileSync(WRANGLER, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], {
    cwd: ROOT,
    stdio: 'pipe',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: 'true' },
  });
}

/**
 * Fills the empty `stateDir` with a local D1 that has every migration applied: the state
 * [`applyMigrations`] would leave, copied from a template made once per set of migrations (and
 * wrangler version) instead of a wrangler process of its own for each Worker a test starts (about
 * 3 s each, on every test file). The template is built aside and renamed into place, so another
 * test run making it at the same moment only loses the race; it stays in the temp folder (under
 * 1 MB) for the next run.
 */
export function migratedState(stateDir) {
  const key = createHash('sha256').update(ROOT);
  key.update(readFileSync(join(ROOT, 'node_modules', 'wrangler', 'package.json')));
  const migrations = join(ROOT, 'migrations');
  for (const name of readdirSync(migrations).sort()) key.update(name).update(readFileSync(join(migrations, name)));
  const template = join(tmpdir(), `plug-migrated-${key.digest('hex').slice(0, 16)}`);
  if (!existsSync(template)) {
    const building = mkdtempSync(`${template}.tmp-`);
    applyMigrations(building);
    try {
      renameSync(building, template);
    } catch {
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(template)) throw new Error(`could not place the migrated D1 template at ${template}`);
    }
  }
  cpSync(template, stateDir, { recursive: true });
}

/**
 * `wrangler dev` on `port`, its inspector on `inspectorPort`. Both are sockets of their own: the
 * inspector is the "direct:1:default" socket of wrangler's proxy, and two instances whose ports
 * meet there fail with "Address already in use".
 */
export function spawnWorker({ port, inspectorPort, stateDir, vars = {}, inherit = false }) {
  const allVars = {
    BASE_URL: `http://localhost:${port}`,
    SERVE_BASE_URL: `http://127.0.0.1:${port}`,
    CONTENT_ORIGIN: `http://{label}.localhost:${port}`,
    ...vars,
  };
  const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', stateDir,
    '--inspector-port', String(inspectorPort), '--show-interactive-dev-session=false', '--log-level', 'warn'];
  for (const [k, v] of Object.entries(allVars)) args.push('--var', `${k}:${v}`);
  return spawn(WRANGLER, args, {
    cwd: ROOT,
    stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    detached: !inherit,
  });
}

/**
 * `promise`, or `fallback` once `ms` have passed, whichever comes first. The timer is cleared when
 * the promise wins: a bare `setTimeout` in a `Promise.race` holds the test file's process open for
 * the rest of its time (a 5 s one after every Worker's stop cost about 5 s per test file).
 */
export function settleWithin(promise, ms, fallback = undefined) {
  let timer;
  const timeout = new Promise((r) => { timer = setTimeout(() => r(fallback), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Waits until /healthz answers 200; gives up early once `failed()` says the start went wrong. */
export async function waitForHealth(base, timeoutMs = 60_000, failed = () => false) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline && !failed()) {
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`worker at ${base} not healthy: ${last}`);
}

/** True when nothing listens on `port` on loopback right now. */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const srv = createServer().once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

const handedOut = new Set();
/** A free loopback port in 20000-39999 this process has not handed out before. */
export async function freePort() {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 20000);
    if (!handedOut.has(port) && await isPortFree(port)) {
      handedOut.add(port);
      return port;
    }
  }
}
