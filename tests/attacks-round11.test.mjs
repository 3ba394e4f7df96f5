// Attack round 11, against the real Worker (and the web app in a real Chromium where the hole was
// the app's). Each test is a hole this round found and closed (docs/security.md "Round 11"), or a
// cheap pin of what held.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, BROWSER_UA, expectError } from './support/harness.mjs';
import { launchChromium } from './support/browser.mjs';
import { signedInContext } from '../web/bench.mjs';
import * as fx from './support/fixtures.mjs';

let app;
let browser;
before(async () => { [app, browser] = await Promise.all([startWorker(), launchChromium()]); });
after(async () => { await browser?.close(); await app?.stop(); });

const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('plug.session.v1') || '{}'));

test('a link carrying someone else\'s token in its fragment signs no one in without their say', async () => {
  const grid = await app.grid();
  const [victim, attacker] = [await app.member(grid), await app.member(grid)];
  const theirs = await app.grid();
  await app.join(theirs, attacker);
  // The attacker's own token, in the fragment `plug login --web` opens the app with, sent as a link.
  const lure = `${app.baseUrl}/#token=${attacker.token}&grid=${theirs.slug}`;
  for (const signedIn of [true, false]) {
    const context = signedIn
      ? await signedInContext(browser, { user: victim, grid, baseUrl: app.baseUrl, userAgent: BROWSER_UA })
      : await browser.newContext({ userAgent: BROWSER_UA });
    const page = await context.newPage();
    await page.goto(lure);
    const ask = await page.waitForSelector('#handover', { timeout: 5_000 });
    assert.match(await ask.textContent(), new RegExp(attacker.name), 'the sign-in offered names whose it is');
    assert.equal(new URL(page.url()).hash, '', 'the token is gone from the address');
    const kept = await stored(page);
    assert.equal(kept.token || '', signedIn ? victim.token : '', 'nothing is stored before the person says so');
    assert.notEqual(kept.grid, theirs.slug);
    await page.click('#handover-cancel');
    await page.waitForSelector(signedIn ? '#grid[aria-busy=false]' : 'textarea[name=token]', { state: 'attached' });
    assert.equal((await stored(page)).token || '', signedIn ? victim.token : '');
    await context.close();
  }
  // The person who asked for it (`plug login --web`) says yes and is signed in as themselves.
  const context = await browser.newContext({ userAgent: BROWSER_UA });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/#token=${victim.token}&grid=${grid.slug}`);
  await page.click('#handover-accept', { timeout: 5_000 });
  await page.waitForSelector('#grid[aria-busy=false]', { state: 'attached' });
  const kept = await stored(page);
  assert.equal(kept.token, victim.token);
  assert.equal(kept.grid, grid.slug);
  // The same person handing over a fresh token of their own is taken without asking.
  const fresh = (await app.mustAdmin('POST', '/tokens', { user_id: victim.user_id })).token;
  const again = await context.newPage();
  await again.goto(`${app.baseUrl}/#token=${fresh}&grid=${grid.slug}`);
  await again.waitForSelector('#grid[aria-busy=false]', { state: 'attached' });
  assert.equal((await stored(again)).token, fresh);
  assert.equal(await again.$('#handover'), null);
  await context.close();
});

test('what held: host spellings, vendor paths that climb out, odd site paths and preflights of private routes', async () => {
  const grid = await app.grid();
  const owner = await app.member(grid);
  const site = await app.dropLive(owner, {
    grid: grid.slug,
    file: { name: 'site.zip', content: fx.site(), type: 'application/zip' },
    fields: { scope: 'personal', visibility: 'link' },
  });
  const id = site.entity_id;
  const P = app.port;
  const status = async (host, path = '/') => (await app.raw(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).split('\r\n')[0];
  // A host Plug does not serve, however near it is spelled, is 421; a label that is no entity id is 404.
  for (const host of [`${id}.localhost.:${P}`, `[::1]:${P}`, `localhost.:${P}`]) {
    assert.match(await status(host, '/api/v2/me'), / 421 /, host);
  }
  assert.match(await status(`xn--${id}.localhost:${P}`), / 404 /);
  // Viewer libraries are served from their folder only, on both origins that serve them.
  for (const base of [app.contentUrl(id), app.serveUrl]) {
    for (const path of ['/_plug/vendor/..%2Fapp/index.html', '/_plug/vendor/%2e%2e%2fbadge.js', '/_plug/vendor/..%5Capp%5Capp.js']) {
      const res = await app.request('GET', base + path);
      assert.equal(res.status, 404, `${base}${path}: ${res.text.slice(0, 80)}`);
    }
  }
  // A zipped site's paths are its files' names exactly: no NUL, `;` parameters or other case.
  for (const path of ['/index.html%00', '/index.html;x', '/INDEX.HTML', '/%C0%AE%C0%AE/index.html']) {
    assert.equal((await app.request('GET', app.contentUrl(id) + path)).status, 404, path);
  }
  // Another site's preflight of a route that takes a token is granted nothing.
  const pre = await app.request('OPTIONS', `/api/v2/inspirations/${id}`, {
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });
  assert.equal(pre.status, 404);
  assert.equal(pre.headers.get('access-control-allow-origin'), null);
});

test('a grid cannot take a slug its links would share with the API: its every url would be a 404', async () => {
  // The link origin answers nothing under /api/ and /admin/, so a grid of either name would hand
  // out urls that never open. Refused where the grid is made, in the usual error shape.
  for (const slug of ['api', 'admin']) {
    const res = await app.admin('POST', '/grids', { slug, name: `Grid ${slug}` });
    expectError(assert, res, 400, 'VALIDATION_FAILED');
    assert.equal(res.body.error.details[0].field, 'slug');
    assert.equal(res.body.error.details[0].issue, 'reserved');
  }
  // A slug that only starts so is a grid like any other, and its url opens.
  const grid = await app.grid(`api-${Date.now().toString(36)}`);
  const owner = await app.member(grid);
  const drop = await app.dropLive(owner, { grid: grid.slug, fields: { scope: 'personal', visibility: 'link' } });
  const opened = await app.open(drop.url);
  assert.equal(opened.status, 200, opened.hops.join(' -> '));
});
