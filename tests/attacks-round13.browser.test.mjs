// Attack round 13, against the real Worker (and a real Chromium where the hole was a browser's).
// Each test is a hole this round found and closed (docs/security.md "Round 13").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, BROWSER_UA, expectError } from './support/harness.mjs';
import { launchChromium } from './support/browser.mjs';
import * as fx from './support/fixtures.mjs';

let app;
let browser;
before(async () => { [app, browser] = await Promise.all([startWorker(), launchChromium()]); });
after(async () => { await browser?.close(); await app?.stop(); });

test('a zipped site whose file names add up past 4 MB is refused whole, before any of it reaches the database', async () => {
  // Each path is a row of the site index in the one D1 every grid shares: 20,000 files under a
  // 1,000-byte folder path were 20 MB of index for one drop. Here 70 paths of 61,000 bytes (a
  // zip name may be 65,535) make 4.3 MB with a small upload.
  const grid = await app.grid();
  const owner = await app.member(grid);
  const entries = [{ name: 'index.html', content: fx.html('Docs'), store: true }];
  for (let i = 0; i < 70; i++) entries.push({ name: `${'chapter-'.repeat(7_625)}/${i}.html`, content: '', store: true });
  const before = (await app.sql('SELECT COUNT(*) AS n FROM site_files'))[0].n;
  const res = await app.drop(owner, {
    grid: grid.slug,
    file: { name: 'docs.zip', content: fx.zip(entries), type: 'application/zip' },
    fields: { scope: 'personal', visibility: 'private' },
  });
  expectError(assert, res, 413, 'PAYLOAD_TOO_LARGE');
  assert.match(res.body.error.message, /file names/, res.body.error.message);
  assert.equal((await app.sql('SELECT COUNT(*) AS n FROM site_files'))[0].n, before);
  assert.equal((await app.list(owner, '?owner=me', { grid: grid.slug })).body.items.length, 0);
});

test('on a shared computer, Back after the viewer signed out shows nothing of a drop not everyone may open', async () => {
  const grid = await app.grid();
  const owner = await app.member(grid);
  const drop = await app.dropLive(owner, {
    grid: grid.slug,
    file: { name: 'index.html', content: fx.html('Salaries', '<h1>SALARIES-2026</h1>') },
    fields: { scope: 'personal', visibility: 'private' },
  });
  const context = await browser.newContext({ userAgent: BROWSER_UA });
  const page = await context.newPage();
  const minted = await app.request('POST', '/api/v2/serve-sessions', { token: owner.token, json: { url: drop.url } });
  const opened = await page.goto(minted.body.url);
  assert.match(await page.content(), /SALARIES-2026/);
  assert.equal(opened.headers()['cache-control'], 'private, no-store');
  await page.goto(`${app.baseUrl}/healthz`);
  assert.equal((await app.request('DELETE', '/api/v2/enter-session', { token: owner.token })).status, 204);
  await page.goBack();
  assert.doesNotMatch(await page.content(), /SALARIES-2026/);
  await context.close();
});
