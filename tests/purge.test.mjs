// The scheduled purge (platform.md 5): content expired or archived longer than PURGE_AFTER_DAYS loses
// its R2 objects and is marked purged; anything younger, or pinned, stays restorable.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });


/** Runs the Worker's cron handler the way Cloudflare's scheduler would. */
async function runCron() {
  for (const path of ['/cdn-cgi/local/scheduled', '/cdn-cgi/mf/scheduled', '/__scheduled']) {
    const res = await app.request('GET', `${path}?cron=17+3+*+*+*`, { origin: 'serve' });
    if (res.status === 200) return;
  }
  throw new Error('no scheduled trigger endpoint answered');
}

const daysAgo = (n) => new Date(Date.now() - n * 86_400_000).toISOString();

test('the daily purge removes content past its restore window and keeps the rest restorable', async () => {
  const { owner } = await app.world();
  const oldExpired = await app.dropLive(owner, { file: { name: 'site.zip', content: fx.site() } });
  const oldArchived = await app.dropLive(owner, {});
  const recentExpired = await app.dropLive(owner, {});
  const live = await app.dropLive(owner, {});
  await app.admin('PATCH', `/entities/${oldExpired.entity_id}`, { expires_at: daysAgo(31) });
  await app.request('POST', `/api/v2/inspirations/${oldArchived.entity_id}/archive`, { token: owner.token });
  await app.admin('PATCH', `/entities/${oldArchived.entity_id}`, { status: 'archived' });
  // Back-date the archive itself through the operator override of updated state.
  const { execFileSync } = await import('node:child_process');
  execFileSync('node_modules/.bin/wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', app.stateDir, '--command',
    `UPDATE entities SET archived_at = ${Date.now() - 31 * 86_400_000} WHERE entity_id = '${oldArchived.entity_id}'`], { stdio: 'pipe' });
  await app.admin('PATCH', `/entities/${recentExpired.entity_id}`, { expires_at: daysAgo(5) });
  const before = app.r2BlobCount();
  await runCron();
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(before - app.r2BlobCount(), 2, "the site's zip and the archived original are deleted");
  const index = execFileSync('node_modules/.bin/wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', app.stateDir, '--json', '--command',
    `SELECT count(*) AS n FROM site_files WHERE entity_id = '${oldExpired.entity_id}'`], { stdio: 'pipe' });
  assert.equal(JSON.parse(index)[0].results[0].n, 0, "the purged site's index is gone");
  expectError(assert, await app.request('GET', `/api/v2/inspirations/${oldExpired.entity_id}`, { token: owner.token }), 404, 'NOT_FOUND');
  expectError(assert, await app.request('GET', `/api/v2/inspirations/${oldArchived.entity_id}`, { token: owner.token }), 404, 'NOT_FOUND');
  const recent = await app.request('GET', `/api/v2/inspirations/${recentExpired.entity_id}`, { token: owner.token });
  assert.equal(recent.body.status, 'expired', 'still restorable');
  const pinned = await app.request('POST', `/api/v2/inspirations/${recentExpired.entity_id}/pin`, { token: owner.token, json: { pin_reason: 'restore it please' } });
  assert.equal(pinned.body.status, 'live');
  assert.equal((await app.open(live.url)).status === 404, true, 'grid content stays hidden from anonymous viewers');
  assert.equal((await app.open(live.url, { token: owner.token })).status, 200, 'live content is untouched');
});
