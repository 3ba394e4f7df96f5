// Starting the real Worker under `wrangler dev` (workerd, local D1 and R2) on a port, with both
// three kinds of origin of platform.md 3: the API on localhost, the link origin on 127.0.0.1 and
// one content origin per Inspiration on <entity-id>.localhost, all on one port.
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

export function spawnWorker({ port, stateDir, vars = {}, inherit = false }) {
  const allVars = {
    BASE_URL: `http://localhost:${port}`,
    SERVE_BASE_URL: `http://127.0.0.1:${port}`,
    CONTENT_ORIGIN: `http://{label}.localhost:${port}`,
    ...vars,
  };
  const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', stateDir,
    '--inspector-port', String(port + 1000), '--show-interactive-dev-session=false', '--log-level', 'warn'];
  for (const [k, v] of Object.entries(allVars)) args.push('--var', `${k}:${v}`);
  return spawn(WRANGLER, args, {
    cwd: ROOT,
    stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    detached: !inherit,
  });
}

export async function waitForHealth(base, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`worker at ${base} not healthy after ${timeoutMs} ms: ${last}`);
}
