// The Worker's memory for the largest uploads (issue 16): a 50 MB file and a 50 MB zipped site,
// each dropped on a fresh instance started with PLUG_TEST_HOOKS=on, which adds the isolate's Wasm
// linear memory to Server-Timing. Wasm memory only grows, so read after the drop is stored it is
// the peak of everything the Rust side held. The workerd process's peak RSS above its idle level
// (VmHWM after clear_refs) is printed beside it as an upper bound: that process also runs the
// local R2 and D1 simulators, which hold their own copy of what is stored.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { startWorker } from '../tests/support/harness.mjs';
import * as fx from '../tests/support/fixtures.mjs';

const MB = 1024 * 1024;

/** The workerd processes of an instance: descendants of its wrangler process group. */
function workerdPids(app) {
  const pids = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      const comm = readFileSync(`/proc/${name}/comm`, 'utf8').trim();
      if (pgid === app.child.pid && comm.startsWith('workerd')) pids.push(Number(name));
    } catch { /* gone */ }
  }
  return pids;
}

const kib = (pid, field) => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};

function wasmBytes(res) {
  const m = /wasm;desc="(\d+) bytes"/.exec(res.headers.get('server-timing') ?? '');
  return m ? Number(m[1]) : NaN;
}

async function measure(label, file, line) {
  const app = await startWorker({ vars: { PLUG_TEST_HOOKS: 'on' } });
  try {
    const { owner } = await app.world();
    await app.dropLive(owner, {}); // warm: the isolate has served one drop
    const idle = wasmBytes(await app.request('GET', '/api/v2/inspirations?limit=1', { token: owner.token }));
    const pids = workerdPids(app);
    for (const pid of pids) writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const rssIdle = pids.reduce((n, pid) => n + kib(pid, 'VmRSS'), 0);
    const dropped = await app.dropLive(owner, { file });
    const res = await app.request('GET', `/api/v2/inspirations/${dropped.entity_id}`, { token: owner.token });
    const peak = wasmBytes(res);
    const rssPeak = pids.reduce((n, pid) => n + kib(pid, 'VmHWM'), 0);
    const size = file.content.length;
    line(`${label}: Wasm memory after the drop`, `${(peak / MB).toFixed(1)} MB`,
      `${(peak / size).toFixed(2)}x the file (${(size / MB).toFixed(1)} MB); idle ${(idle / MB).toFixed(1)} MB; isolate limit 128 MB`);
    line(`${label}: workerd peak RSS above idle`, `${((rssPeak - rssIdle) / MB).toFixed(1)} MB`,
      `${((rssPeak - rssIdle) / size).toFixed(2)}x the file; upper bound (includes the local R2/D1 simulators)`);
  } finally {
    await app.stop();
  }
}

export async function benchMemory(line) {
  const page = Buffer.concat([Buffer.from('<!doctype html><title>Big</title><pre>'), Buffer.alloc(50 * MB - 64, 'a'), Buffer.from('</pre>')]);
  await measure('50 MB HTML drop', { name: 'big.html', content: page }, line);
  // Incompressible files so the zip really is 50 MB: 200 files of 250 KB.
  const files = Array.from({ length: 200 }, (_, i) => ({ name: `assets/f${i}.bin`, content: randomBytes(250 * 1024) }));
  const site = fx.zip([{ name: 'index.html', content: fx.html('Big site') }, ...files]);
  await measure('50 MB zip site drop', { name: 'site.zip', content: site }, line);
}
