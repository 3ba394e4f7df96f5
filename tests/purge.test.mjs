// The scheduled purge (docs/model.md "States"): content expired or archived longer than
// PURGE_AFTER_DAYS loses its R2 objects and is marked purged; anything younger, or pinned, stays
// restorable.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startWorker, expectError } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });


/** Runs the Worker's cron handler the way Cloudflare's scheduler would: the daily purge by default. */
async function runCron(cron = '17+3+*+*+*') {
  for (const path of ['/cdn-cgi/local/scheduled', '/cdn-cgi/mf/scheduled', '/__scheduled']) {
    const res = await app.request('GET', `${path}?cron=${cron}`, { origin: 'serve' });
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

/** Runs SQL against the instance's local D1 (what no API can do: a stopped isolate's leftovers). */
function sql(command) {
  const out = execFileSync('node_modules/.bin/wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', app.stateDir, '--json', '--command', command], { stdio: 'pipe' });
  return JSON.parse(out)[0].results;
}

test('an upload whose storage step never reported is marked failed by the ten-minute sweep, a recent one is left alone', async () => {
  const { owner } = await app.world();
  const stuck = await app.dropLive(owner, {});
  const recent = await app.dropLive(owner, {});
  // What a stopped isolate leaves behind: the rows of the 201, never moved on from provisioning.
  sql(`UPDATE entities SET status = 'provisioning', created_at = ${Date.now() - 16 * 60_000} WHERE entity_id = '${stuck.entity_id}'`);
  sql(`UPDATE entities SET status = 'provisioning' WHERE entity_id = '${recent.entity_id}'`);
  expectError(assert, await app.request('GET', stuck.url.replace(/^https?:\/\/[^/]+/, ''), { origin: 'serve', token: owner.token }), 503);
  await runCron('*/10+*+*+*+*');
  const swept = await app.request('GET', `/api/v2/inspirations/${stuck.entity_id}`, { token: owner.token });
  assert.equal(swept.body.status, 'failed');
  assert.match(JSON.stringify(swept.body), /storing the upload did not finish; drop it again/);
  const waiting = await app.request('GET', `/api/v2/inspirations/${recent.entity_id}`, { token: owner.token });
  assert.equal(waiting.body.status, 'provisioning', 'an upload younger than 15 minutes may still be storing');
});

test('unarchive restores live only when the content is really stored', async () => {
  const { owner } = await app.world();
  const kept = await app.dropLive(owner, {});
  const lost = await app.dropLive(owner, { file: { name: 'site.zip', content: fx.site() } });
  for (const e of [kept, lost]) {
    await app.request('POST', `/api/v2/inspirations/${e.entity_id}/archive`, { token: owner.token });
  }
  // The stored zip goes missing while archived (as when a drop was archived before its storage
  // step failed), and the drop is older than the storage deadline.
  app.r2Delete(`inspirations/${lost.entity_id}/original`);
  sql(`UPDATE entities SET created_at = ${Date.now() - 16 * 60_000} WHERE entity_id = '${lost.entity_id}'`);
  const back = await app.request('POST', `/api/v2/inspirations/${kept.entity_id}/unarchive`, { token: owner.token });
  assert.equal(back.body.status, 'live');
  const failed = await app.request('POST', `/api/v2/inspirations/${lost.entity_id}/unarchive`, { token: owner.token });
  assert.equal(failed.status, 200);
  assert.equal(failed.body.status, 'failed', 'not live: there is nothing to serve');
});
