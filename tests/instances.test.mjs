// Plug instances side by side on one machine (issue 16): every socket an instance needs has a port
// of its own, so two started at the same moment, or a test run beside `npm start`, both come up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker } from './support/harness.mjs';
import { ROOT, freePort, isPortFree, settleWithin, waitForHealth } from './support/worker.mjs';

test('a start that finds its inspector port taken comes up on new ports', async () => {
  const squatter = createServer();
  const taken = await freePort();
  await new Promise((resolve) => squatter.listen(taken, '127.0.0.1', resolve));
  let app;
  try {
    app = await startWorker({ inspectorPort: taken });
    assert.equal(app.attempts, 2, 'the first start met the taken port and the second did not');
    assert.equal((await app.request('GET', '/healthz')).status, 200);
  } finally {
    await app?.stop();
    squatter.close();
  }
});

/** `npm start`'s serving step (scripts/start.sh) on `port` with its own state directory. */
function npmStart(port) {
  const stateDir = mkdtempSync(join(tmpdir(), 'plug-start-'));
  const child = spawn('bash', ['scripts/start.sh'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), STATE_DIR: stateDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  return {
    child,
    log: () => log,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
      await settleWithin(exited, 5000);
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

test('two npm starts at the same moment, on PORT and PORT + 1000, both serve', async () => {
  let port;
  do port = await freePort(); while (!(await isPortFree(port + 1000)));
  const instances = [npmStart(port), npmStart(port + 1000)];
  try {
    await Promise.all(instances.map((instance, i) => waitForHealth(`http://localhost:${port + 1000 * i}`, 120_000,
      () => instance.child.exitCode !== null).catch((e) => { throw new Error(`${e.message}\n${instance.log()}`); })));
    const deadline = Date.now() + 60_000;
    while (!instances.every((instance) => /Plug is running/.test(instance.log())) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const [i, instance] of instances.entries()) {
      assert.match(instance.log(), /Plug is running/, `instance ${i} finished starting`);
      assert.doesNotMatch(instance.log(), /Address already in use/);
      assert.doesNotMatch(instance.log(), /demo drop .* was refused/);
    }
    // The demo grid opens with one drop of each kind (scripts/demo/), live, as ada sees it.
    const token = instances[0].log().match(/PLUG_TOKEN=(\S+)/)[1];
    const names = ['launch-dashboard', 'launch-plan', 'plug-mark', 'widget-service'];
    let listed = [];
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      const res = await fetch(`http://localhost:${port}/api/v2/inspirations?limit=50`, { headers: { authorization: `Bearer ${token}`, 'x-platform-grid': 'demo' } });
      assert.equal(res.status, 200);
      listed = (await res.json()).items ?? [];
      if (listed.length === names.length && listed.every((row) => row.status === 'live')) break;
    }
    assert.deepEqual(listed.map((row) => row.name.replace(/-[a-z0-9]{4}$/, '')).sort(), names, JSON.stringify(listed));
    assert.ok(listed.every((row) => row.status === 'live'), JSON.stringify(listed.map((row) => [row.name, row.status])));
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
  }
});
