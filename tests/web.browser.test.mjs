// The web app in a real browser (issue 9; openapi.yaml, README "Signing in"): headless Debian
// Chromium opens the page the Worker serves on the API origin, signs in, drops by drag and by
// picker, waits until live, manages an Inspiration from its sheet, and saves screenshots of every
// screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker, BROWSER_UA, fetchLocal } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { eventually, launchChromium } from './support/browser.mjs';
import { seedInspirations, signedInContext } from '../web/bench.mjs';
import * as fx from './support/fixtures.mjs';

const SHOTS = join(ROOT, 'test-output', 'web');
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

let app;
let browser;
before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [app, browser] = await Promise.all([
    startWorker(),
    launchChromium(),
  ]);
});
after(async () => {
  await browser?.close();
  await app?.stop();
});

// ------------------------------------------------------------------ helpers

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));


/** A page of the app signed in as `user` on `grid`, failing the test on any uncaught page error. */
async function open(user, grid, { viewport = DESKTOP, path = '/' } = {}) {
  const context = await signedInContext(browser, { user, grid, baseUrl: app.baseUrl, viewport, userAgent: BROWSER_UA });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${app.baseUrl}${path}`);
  await page.waitForSelector('#grid[aria-busy=false]', { state: 'attached' });
  return page;
}

async function done(page) {
  assert.deepEqual(page.errors, [], 'no uncaught errors in the page');
  await page.context().close();
}

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

const read = (user, id) => app.request('GET', `/api/v2/inspirations/${id}`, { token: user.token });

/** Files on disk to drag in: `tree` maps relative paths to contents. Returns the folder's path. */
function filesOnDisk(tree) {
  const root = mkdtempSync(join(tmpdir(), 'plug-web-'));
  for (const [path, content] of Object.entries(tree)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** Drags real files or folders from disk onto the page, as a person would from a file manager. */
async function dragOnto(page, paths) {
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  const { width, height } = page.viewportSize();
  for (const type of ['dragEnter', 'dragOver', 'drop']) {
    await cdp.send('Input.dispatchDragEvent', { type, x: width / 2, y: height / 2, data });
  }
  await page.waitForSelector('.drop-dialog');
}

/** Records every text the package rows show while a drop runs (progress, waiting, live). */
const recordStatuses = (page) => page.evaluate(() => {
  window.__statuses = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.package-status')) window.__statuses.push(el.textContent);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
});

const PAGE = (title, body = '') => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<style>body{font:18px/1.5 Georgia,serif;margin:40px;color:#222}</style></head><body><h1>${title}</h1><p>${body}</p></body></html>`;

async function openSheet(page, id) {
  await page.click(`.card[data-id="${id}"] h3 a`);
  await page.waitForSelector('.sheet .facts dl');
}

/** Labels of every form control in `root` that has no accessible name. */
const unlabelled = (page, root = 'body') => page.evaluate((sel) => [...document.querySelector(sel).querySelectorAll('input, select, textarea, button')]
  .filter((el) => !el.hidden && el.type !== 'hidden' && el.offsetParent !== null)
  .filter((el) => !(el.labels?.length || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.textContent.trim()))
  .map((el) => el.outerHTML.slice(0, 120)), root);

// ------------------------------------------------------------------ signing in

test('signs in with a pasted token and grid slug, then stays signed in across reloads', async () => {
  const { owner, grid } = await app.world();
  await app.dropLive(owner, { fields: { name: 'launch-plan', display_name: 'Quarterly launch plan' } });
  const context = await browser.newContext({ viewport: DESKTOP, userAgent: BROWSER_UA });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/`);
  await page.waitForSelector('form.signin');
  assert.deepEqual(await unlabelled(page), []);
  await shot(page, '01-sign-in');

  await page.fill('textarea[name=token]', 'not-a-token');
  await page.fill('input[name=grid]', grid.slug);
  await page.click('form.signin button[type=submit]');
  await page.waitForSelector('[data-field=token] .error:not([hidden])');
  assert.equal(await page.getAttribute('textarea[name=token]', 'aria-invalid'), 'true');

  await page.fill('textarea[name=token]', owner.token);
  await page.fill('input[name=grid]', 'no-such-grid');
  await page.click('form.signin button[type=submit]');
  await page.waitForSelector('[data-field=grid] .error:not([hidden])');
  assert.match(await page.textContent('[data-field=grid] .error'), /not a member/);
  await shot(page, '02-sign-in-wrong-grid');

  await page.fill('input[name=grid]', grid.slug);
  await page.click('form.signin button[type=submit]');
  await page.waitForSelector('.card[data-id]');
  assert.match(await page.textContent('.card h3'), /Quarterly launch plan/);
  await page.reload();
  await page.waitForSelector('.card[data-id]');
  assert.equal(await page.inputValue('#grid-switch'), grid.slug);
  await context.close();
});

test('a token handed over in the address fragment signs in and leaves no trace in the address', async () => {
  const { owner, grid } = await app.world();
  const context = await browser.newContext({ viewport: DESKTOP, userAgent: BROWSER_UA });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/#token=${owner.token}&grid=${grid.slug}`);
  await page.waitForSelector('#grid[aria-busy=false]', { state: 'attached' });
  assert.equal(new URL(page.url()).hash, '');
  assert.ok(!(await page.evaluate(() => history.length > 1 && location.href.includes('token'))));
  await page.waitForSelector('#empty:not([hidden])');
  await shot(page, '03-empty-grid');
  await context.close();
});

test('the grid switcher moves between the grids a user belongs to', async () => {
  const { owner, grid } = await app.world();
  const second = await app.grid();
  await app.join(second, owner);
  await app.dropLive(owner, { grid: grid.slug, fields: { name: 'first-grid-page' } });
  await app.dropLive(owner, { grid: second.slug, fields: { name: 'second-grid-page' } });
  const page = await open(owner, grid);
  await page.waitForSelector('.card[data-id]');
  assert.match(await page.textContent('#grid'), /first-grid-page/);

  await page.selectOption('#grid-switch', '+');
  await page.fill('dialog input[name=grid]', second.slug);
  await page.click('dialog button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#grid')?.textContent.includes('second-grid-page'));
  assert.doesNotMatch(await page.textContent('#grid'), /first-grid-page/);
  assert.equal(await page.inputValue('#grid-switch'), second.slug);

  await page.selectOption('#grid-switch', grid.slug);
  await page.waitForFunction(() => document.querySelector('#grid')?.textContent.includes('first-grid-page'));
  await done(page);
});

// ------------------------------------------------------------------ dropping

test('drags a file and a folder onto the page, shows progress, waits until both are live, URL ready to copy', async () => {
  const { owner, grid } = await app.world();
  const root = filesOnDisk({
    'notes.md': '# Research notes\n\nWhat five customers said about onboarding.\n',
    'launch-site/index.html': PAGE('Launch site', '<link rel="stylesheet" href="css/site.css">Everything about the launch.'),
    'launch-site/css/site.css': 'h1 { color: rgb(0, 128, 128) }',
    'launch-site/.env': 'SECRET=1',
    'launch-site/node_modules/x/index.js': 'nope',
  });
  const page = await open(owner, grid);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  await dragOnto(page, [join(root, 'notes.md'), join(root, 'launch-site')]);
  const rows = await page.$$eval('.package', (els) => els.map((e) => e.querySelector('.package-head').textContent));
  assert.equal(rows.length, 2);
  assert.match(rows.join('|'), /launch-site\/.*2 files, zipped in your browser/);
  assert.match(rows.join('|'), /Markdown.*notes\.md/);
  assert.deepEqual(await unlabelled(page, '.drop-dialog'), []);
  await shot(page, '04-drop-dialog');

  await page.check('input[name=visibility][value=link]');
  await recordStatuses(page);
  await page.click('.drop-dialog button[type=submit]');
  await page.waitForFunction(() => document.querySelectorAll('.drop-dialog .url').length === 2, null, { timeout: 30_000 });
  const statuses = await page.evaluate(() => window.__statuses.join('\n'));
  assert.match(statuses, /Zipping/);
  assert.match(statuses, /Uploading|Stored/);
  assert.match(statuses, /Stored\. Starting the URL/);
  assert.equal(await page.$$eval('.drop-dialog progress', (ps) => ps.every((p) => p.value === 100)), true);
  await shot(page, '05-drop-live');

  const urls = await page.$$eval('.drop-dialog .url', (els) => els.map((e) => e.value));
  const siteUrl = urls.find((u) => u.includes('/launch-site-'));
  const notesUrl = urls.find((u) => u.includes('/notes-'));
  assert.ok(siteUrl && notesUrl, urls.join(' '));
  const site = await fetchLocal(siteUrl);
  assert.equal(site.status, 200);
  assert.match(await site.text(), /Everything about the launch/);
  assert.equal((await fetchLocal(`${siteUrl}css/site.css`)).status, 200);
  assert.equal((await fetchLocal(`${siteUrl}.env`)).status, 404, 'hidden files stay behind');
  assert.equal((await fetchLocal(notesUrl)).status, 200);

  await page.click('.drop-dialog .package:first-child .url-row button');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), urls[0]);

  const list = await app.request('GET', '/api/v2/inspirations?owner=me', { token: owner.token, grid: grid.slug });
  const created = await Promise.all(list.body.items.map((it) => read(owner, it.entity_id)));
  assert.deepEqual(created.map((r) => r.body.source_type).sort(), ['html', 'markdown']);
  assert.ok(created.every((r) => r.body.visibility === 'link' && r.body.scope === 'personal'));

  await page.click('.drop-dialog .modal-foot .primary');
  assert.equal(await page.locator('#grid .card[data-status=live]').count(), 2);
  await shot(page, '06-grid-after-drop');
  await done(page);
});

test('a folder picked with the Folder button is zipped in the browser and goes live', async () => {
  const { owner, grid } = await app.world();
  const root = filesOnDisk({ 'Team Offsite/index.html': PAGE('Team offsite', 'Agenda and rooms.'), 'Team Offsite/img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' });
  const page = await open(owner, grid);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#drop-folder')]);
  await chooser.setFiles(join(root, 'Team Offsite'));
  await page.waitForSelector('.drop-dialog');
  assert.equal(await page.inputValue('.package input[name=name]'), 'team-offsite');
  assert.equal(await page.inputValue('.package input[name=display_name]'), 'Team Offsite');
  await page.click('.drop-dialog button[type=submit]');
  await page.waitForSelector('.drop-dialog .url', { timeout: 30_000 });
  const url = await page.inputValue('.drop-dialog .url');
  const res = await app.open(url, { token: owner.token });
  assert.equal(res.status, 200);
  assert.match(res.text, /Agenda and rooms/);
  assert.equal((await app.open(`${url}img/a.svg`, { token: owner.token })).status, 200);
  await done(page);
});

test('a site over the caps is left out or refused before its upload, and the dialog says the limits', async () => {
  const { owner, grid } = await app.world();
  const tree = { 'Generated Docs/index.html': PAGE('Docs') };
  for (let i = 0; i < 20_000; i += 1) tree[`Generated Docs/p/${i}.html`] = 'x';
  const root = filesOnDisk(tree);
  const entries = Object.keys(tree).map((path) => ({ name: path.slice('Generated Docs/'.length), content: 'x', store: true }));
  writeFileSync(join(root, 'docs.zip'), fx.zip(entries));
  const page = await open(owner, grid);
  await dragOnto(page, [join(root, 'Generated Docs'), join(root, 'docs.zip')]);
  await page.waitForSelector('.drop-dialog .warning li');
  assert.match(await page.textContent('.drop-dialog .warning li'), /Generated Docs\/: it holds 20,001 files; a site may hold at most 20,000/);
  assert.match(await page.textContent('.drop-dialog .limits'), /at most 20,000 files and unpacks to at most 1 GB/);
  await page.click('.drop-dialog button[type=submit]');
  await page.waitForFunction(() => /too big to drop/.test(document.querySelector('.drop-dialog').textContent), null, { timeout: 10_000 });
  assert.match(await page.textContent('.drop-dialog'), /docs\.zip is too big to drop: it holds 20,001 files; a site may hold at most 20,000/);
  const listed = await app.request('GET', '/api/v2/inspirations', { token: owner.token, grid: grid.slug });
  assert.deepEqual(listed.body.items, [], 'nothing was uploaded');
  await done(page);
});

test('every create option reaches the API: space scope, pin with a reason, inspired-by, title', async () => {
  const { owner, grid, space } = await app.world();
  const source = await app.dropLive(owner, { fields: { name: 'space-source', display_name: 'Space source', scope: 'space', visibility: 'space', space_id: space.space_id } });
  const page = await open(owner, grid);
  // Opening an Inspiration of the space teaches the app the space (the API lists no spaces).
  await openSheet(page, source.entity_id);
  await page.keyboard.press('Escape');

  const root = filesOnDisk({ 'Pricing Study.pdf': '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n' });
  await dragOnto(page, [join(root, 'Pricing Study.pdf')]);
  await page.fill('.package input[name=display_name]', 'Pricing study, final');
  await page.check('input[name=scope][value=space]');
  await page.selectOption('select[name=space_id]', space.space_id);
  await page.check('input[name=visibility][value=space]');
  await page.check('input[name=expiry][value=pin]');
  await page.fill('input[name=pin_reason]', 'kept for the pricing review');
  await page.fill('.picker input[type=search]', 'space so');
  await page.click('.pick-option');
  assert.match(await page.textContent('.pick-chips'), /Space source/);
  await shot(page, '07-drop-every-option');
  await page.click('.drop-dialog button[type=submit]');
  await page.waitForSelector('.drop-dialog .url', { timeout: 30_000 });

  const mine = await app.request('GET', '/api/v2/inspirations?owner=me', { token: owner.token, grid: grid.slug });
  const row = mine.body.items.find((it) => it.display_name === 'Pricing study, final');
  const full = (await read(owner, row.entity_id)).body;
  assert.equal(full.scope, 'space');
  assert.equal(full.space_id, space.space_id);
  assert.equal(full.pinned, true);
  assert.equal(full.expires_at, null);
  assert.equal(full.source_type, 'pdf');
  assert.deepEqual(full.inspired_by, [source.entity_id]);
  assert.match(full.name, /^pricing-study-[0-9a-f]{4}$/);
  await done(page);
});

test('each create error shows next to the field it concerns', async () => {
  const { owner, grid, other } = await app.world();
  const foreignSpace = await app.space(other);
  const root = filesOnDisk({ 'broken.pdf': 'this is not a PDF at all', 'page.html': PAGE('Page') });
  const page = await open(owner, grid);

  // Checked in the browser before any byte is sent.
  await dragOnto(page, [join(root, 'page.html')]);
  await page.fill('.package input[name=name]', 'X');
  await page.check('input[name=expiry][value=pin]');
  await page.fill('input[name=pin_reason]', 'no');
  await page.click('.drop-dialog button[type=submit]');
  await page.waitForSelector('.package [data-field=name] .error:not([hidden])');
  assert.match(await page.textContent('.package [data-field=name] .error'), /3 to 40 characters/);
  assert.match(await page.textContent('[data-field=pin_reason] .error'), /5 to 280/);
  assert.equal(await page.evaluate(() => document.activeElement.name), 'name', 'focus moves to the first bad field');
  await shot(page, '08-drop-errors-in-browser');

  // Refused by the API: a space the user is not in (403 SPACE_NOT_MEMBER) lands on the space field.
  await page.fill('.package input[name=name]', 'good-name');
  await page.check('input[name=expiry][value=days]');
  await page.check('input[name=scope][value=space]');
  await page.selectOption('select[name=space_id]', '?');
  await page.fill('input[aria-label="Space id"]', foreignSpace.space_id);
  await page.click('.drop-dialog button[type=submit]');
  await page.waitForSelector('[data-field=space_id] .error:not([hidden])');
  assert.match(await page.textContent('[data-field=space_id] .error'), /not a member/);
  await page.keyboard.press('Escape');

  // Malformed contents (422) land on the file of their row.
  await dragOnto(page, [join(root, 'broken.pdf')]);
  await page.click('.drop-dialog button[type=submit]');
  await page.waitForSelector('.package [data-field=file] .error:not([hidden])');
  assert.ok((await page.textContent('.package [data-field=file] .error')).length > 10);
  await shot(page, '09-drop-error-from-api');
  await page.keyboard.press('Escape');

  // Files Plug cannot serve are listed as left out, not sent.
  const odd = filesOnDisk({ 'tool.exe': 'MZ' });
  await dragOnto(page, [join(odd, 'tool.exe')]);
  assert.match(await page.textContent('.drop-dialog .warning'), /tool\.exe.*not something Plug can serve/);
  assert.equal(await page.locator('.drop-dialog button[type=submit]').count(), 0);
  await done(page);
});

// ------------------------------------------------------------------ the grid

test('cards show icon, title, description, owner, place, views, reactions, countdown and status', async () => {
  const { owner, member, grid } = await app.world();
  const live = await app.dropLive(owner, { fields: { name: 'launch-plan', display_name: 'Launch plan', visibility: 'link', scope: 'personal' } });
  await app.request('POST', `/api/v2/entities/${live.entity_id}/reactions`, { token: member.token, grid: grid.slug, json: { kind: 'useful' } });
  const pinned = await app.dropLive(owner, { fields: { name: 'kept-page', expires_in_days: 'null', pin_reason: 'kept for the audit' } });
  const archived = await app.dropLive(owner, { fields: { name: 'old-page' } });
  await app.request('POST', `/api/v2/inspirations/${archived.entity_id}/archive`, { token: owner.token, grid: grid.slug });
  const page = await open(owner, grid);
  await page.waitForSelector('.card[data-id]');
  const card = (id) => page.textContent(`.card[data-id="${id}"]`);
  assert.match(await card(live.entity_id), /Launch plan.*Personal.*Expires in 30 days/s);
  assert.match(await page.getAttribute(`.card[data-id="${live.entity_id}"] .metric:nth-child(2)`, 'title'), /1 reaction: Useful 1/);
  assert.match(await card(pinned.entity_id), /Grid-wide.*Pinned/s);
  assert.match(await card(archived.entity_id), /Archived/);
  assert.equal(await page.locator(`.card[data-id="${live.entity_id}"] .icon`).count(), 1);
  await shot(page, '10-cards');
  await done(page);
});

test('sorts and filters of the list route, and more cards from the cursor as the user scrolls', async () => {
  const { owner, member, grid } = await app.world();
  seedInspirations(app, { grid, owner, count: 130 });
  const memberDrop = await app.dropLive(member, { fields: { name: 'member-page', display_name: 'Member page' } });
  const page = await open(owner, grid);
  await page.waitForSelector('.card[data-id]');
  assert.equal(await page.locator('#grid .card').count(), 100, 'one page of 100');
  assert.equal(await page.getAttribute('#grid .card:first-child', 'data-id'), memberDrop.entity_id, 'newest first');
  await shot(page, '11-grid-100');

  await page.locator('#load-more').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelectorAll('#grid .card').length === 131);
  assert.equal(await page.isHidden('.more'), true, 'no more pages');

  await page.selectOption('#sort', 'view_count_desc');
  await page.waitForFunction(() => document.querySelector('#grid')?.getAttribute('aria-busy') === 'false' && document.querySelectorAll('#grid .card[data-id]').length === 100);
  const top = await app.request('GET', '/api/v2/inspirations?sort=view_count_desc&limit=1', { token: owner.token, grid: grid.slug });
  assert.equal(await page.getAttribute('#grid .card:first-child', 'data-id'), top.body.items[0].entity_id);

  await page.selectOption('#sort', 'created_at_desc');
  await page.click(`.card[data-id="${memberDrop.entity_id}"] .owner-line button`);
  await page.waitForFunction(() => document.querySelectorAll('#grid .card[data-id]').length === 1);
  assert.equal(await page.getAttribute('#grid .card', 'data-id'), memberDrop.entity_id);
  await page.selectOption('#owner', 'me');
  await page.waitForFunction(() => document.querySelectorAll('#grid .card[data-id]').length === 100);
  await done(page);
});

test('Runtimes sit beside the grid with links to where they run, filtered by kind', async () => {
  const { owner, grid } = await app.world();
  await app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, { owner_id: owner.user_id, kind: 'app', name: 'onboarding-app', display_name: 'Onboarding app', status: 'running', url: 'https://apps.example.com/onboarding' });
  await app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, { owner_id: owner.user_id, kind: 'agent', name: 'triage-agent', display_name: 'Triage agent', status: 'paused' });
  const page = await open(owner, grid);
  await page.waitForSelector('#runtimes .runtime');
  assert.equal(await page.locator('#runtimes .runtime').count(), 2);
  assert.equal(await page.getAttribute('#runtimes a:has-text("Onboarding app")', 'href'), 'https://apps.example.com/onboarding');
  await page.click('.runtimes .chip:has-text("Agents")');
  await page.waitForFunction(() => document.querySelectorAll('#runtimes .runtime').length === 1);
  assert.match(await page.textContent('#runtimes'), /Triage agent.*Paused/s);
  await done(page);
});

// ------------------------------------------------------------------ the detail sheet

test('a link Inspiration previews in a sandboxed frame of its url; others open signed in, on their own origin', async () => {
  const { owner, grid } = await app.world();
  const link = await app.dropLive(owner, { file: { name: 'index.html', content: PAGE('Public page', 'Anyone may read this.') }, fields: { name: 'public-page', visibility: 'link', scope: 'personal' } });
  const hidden = await app.dropLive(owner, { file: { name: 'index.html', content: PAGE('Private page', 'Only the owner.') }, fields: { name: 'private-page', visibility: 'private', scope: 'personal' } });
  const page = await open(owner, grid);
  await openSheet(page, link.entity_id);
  const frame = page.locator('.preview-frame');
  assert.equal(await frame.getAttribute('src'), link.url);
  assert.ok(link.url.startsWith(app.serveUrl));
  const sandbox = await frame.getAttribute('sandbox');
  assert.match(sandbox, /allow-scripts/);
  assert.doesNotMatch(sandbox, /allow-top-navigation/);
  await page.frameLocator('.preview-frame').locator('h1').waitFor();
  assert.equal(await page.frameLocator('.preview-frame').locator('h1').textContent(), 'Public page');
  await shot(page, '12-detail-link-preview');
  await page.keyboard.press('Escape');

  await openSheet(page, hidden.entity_id);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.click('.preview-note .primary')]);
  await tab.waitForLoadState();
  await tab.waitForSelector('h1');
  assert.equal(await tab.textContent('h1'), 'Private page');
  assert.equal(new URL(tab.url()).origin, app.contentUrl(hidden.entity_id), 'on its own content origin');
  await tab.close();
  await shot(page, '13-detail-private');
  await done(page);
});

test('changes visibility: link with indexing, grid for chosen spaces, private', async () => {
  const { owner, grid, space } = await app.world();
  const item = await app.dropLive(owner, { fields: { name: 'vis-page', scope: 'personal', visibility: 'org' } });
  const page = await open(owner, grid);
  await openSheet(page, item.entity_id);
  const section = '[data-section=visibility]';

  await page.check(`${section} input[name=visibility][value=link]`);
  await page.check(`${section} input[name=link_indexed]`);
  await page.click(`${section} button[type=submit]`);
  await page.waitForSelector(`${section} .note.ok`);
  let full = (await read(owner, item.entity_id)).body;
  assert.equal(full.visibility, 'link');
  assert.equal(full.link_indexed, true);
  await page.waitForSelector('.preview-frame');

  await page.check(`${section} input[name=visibility][value=grid]`);
  await page.check(`${section} input[name=spaces_mode][value=some]`);
  await page.fill(`${section} input[name=space_slugs]`, space.slug);
  await page.click(`${section} button[type=submit]`);
  await page.waitForSelector(`${section} .note.ok`);
  full = (await read(owner, item.entity_id)).body;
  assert.equal(full.visibility, 'grid');
  assert.deepEqual(full.visibility_spaces, [space.slug]);
  assert.match(await page.textContent('.facts'), new RegExp(`Grid: ${space.slug}`));

  await page.check(`${section} input[name=visibility][value=grid]`);
  await page.check(`${section} input[name=spaces_mode][value=some]`);
  await page.fill(`${section} input[name=space_slugs]`, 'no-such-space');
  await page.click(`${section} button[type=submit]`);
  await page.waitForSelector(`${section} [data-field=visibility_spaces] .error:not([hidden])`);
  await shot(page, '14-detail-visibility-error');

  await page.check(`${section} input[name=visibility][value=private]`);
  await page.click(`${section} button[type=submit]`);
  await page.waitForSelector(`${section} .note.ok`);
  assert.equal((await read(owner, item.entity_id)).body.visibility, 'private');
  await done(page);
});

test('moves scope, edits title and description, pins and unpins', async () => {
  const { owner, grid, space } = await app.world();
  const item = await app.dropLive(owner, { fields: { name: 'move-me', scope: 'personal', visibility: 'org' } });
  const inSpace = await app.dropLive(owner, { fields: { name: 'teacher', scope: 'space', visibility: 'space', space_id: space.space_id } });
  const page = await open(owner, grid);
  await openSheet(page, inSpace.entity_id); // learns the space
  await page.keyboard.press('Escape');
  await openSheet(page, item.entity_id);

  await page.fill('[data-section=about] input[name=display_name]', 'Moved page');
  await page.fill('[data-section=about] textarea', 'A page that moved.');
  await page.click('[data-section=about] button[type=submit]');
  await page.waitForSelector('[data-section=about] .note.ok');
  assert.equal(await page.textContent('#detail-title'), 'Moved page');
  assert.match(await page.textContent(`.card[data-id="${item.entity_id}"]`), /Moved page.*A page that moved/s);

  await page.check('[data-section=scope] input[name=scope][value=space]');
  await page.selectOption('[data-section=scope] select[name=space_id]', space.space_id);
  await page.click('[data-section=scope] button[type=submit]');
  await page.waitForSelector('[data-section=scope] .note.ok');
  let full = (await read(owner, item.entity_id)).body;
  assert.equal(full.scope, 'space');
  assert.ok(full.url.includes(`/s/${space.slug}/`), full.url);
  assert.equal(await page.inputValue('.preview .url'), full.url);

  await page.fill('[data-section=retention] input[name=pin_reason]', 'kept for the retro');
  await page.click('[data-section=retention] button[type=submit]');
  await page.waitForSelector('[data-section=retention] .note.ok');
  full = (await read(owner, item.entity_id)).body;
  assert.equal(full.pinned, true);
  assert.match(await page.textContent('.facts'), /Pinned/);
  await shot(page, '15-detail-pinned');

  await page.fill('[data-section=retention] input[name=expires_in_days]', '7');
  await page.click('[data-section=retention] button[type=submit]');
  await page.waitForSelector('[data-section=retention] .note.ok');
  full = (await read(owner, item.entity_id)).body;
  assert.equal(full.pinned, false);
  assert.match(await page.textContent('.facts'), /Expires in 7 days/);
  await done(page);
});

test('reacts and un-reacts; counts and pressed state follow the API', async () => {
  const { owner, member, grid } = await app.world();
  const item = await app.dropLive(owner, { fields: { name: 'react-page', visibility: 'org' } });
  const page = await open(member, grid);
  await openSheet(page, item.entity_id);
  const sparked = '.reaction[data-kind=sparked]';
  await page.click(sparked);
  await page.waitForSelector(`${sparked}[aria-pressed=true]`);
  const after = (await read(owner, item.entity_id)).body;
  assert.equal(after.reactions.sparked, 1);
  assert.match(await page.getAttribute(sparked, 'aria-label'), /Sparked, 1/);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.kind), 'sparked', 'focus stays on the button');
  await page.click('.reaction[data-kind=build_on]');
  await page.waitForSelector('.reaction[data-kind=build_on][aria-pressed=true]');
  await shot(page, '16-detail-reactions');

  await page.click(sparked);
  await page.waitForSelector(`${sparked}[aria-pressed=false]`);
  assert.equal((await read(owner, item.entity_id)).body.reactions.sparked, 0);
  await page.keyboard.press('Escape');
  assert.match(await page.getAttribute(`.card[data-id="${item.entity_id}"] .metric:nth-child(2)`, 'title'), /Build on 1/);
  await done(page);
});

test('archives and restores from the sheet; the card follows', async () => {
  const { owner, grid } = await app.world();
  const item = await app.dropLive(owner, { fields: { name: 'archive-me' } });
  const page = await open(owner, grid);
  await openSheet(page, item.entity_id);
  await page.click('[data-section=archive] button[type=submit]');
  await page.waitForSelector('[data-section=archive] .note.ok');
  assert.equal((await read(owner, item.entity_id)).body.status, 'archived');
  assert.match(await page.textContent('.sheet-title .status'), /Archived/);
  assert.equal(await page.locator('.reaction[data-kind=sparked]').isDisabled(), true, 'no reactions on archived');
  await shot(page, '17-detail-archived');
  assert.equal(await page.getAttribute(`.card[data-id="${item.entity_id}"]`, 'data-status'), 'archived');

  await page.click('[data-section=archive] button[type=submit]');
  await page.waitForSelector('[data-section=archive] .note.ok');
  assert.equal((await read(owner, item.entity_id)).body.status, 'live');
  assert.equal(await page.getAttribute(`.card[data-id="${item.entity_id}"]`, 'data-status'), 'live');
  await done(page);
});

test('reads the feedback inbox and the Runtimes an Inspiration inspired; links a Runtime', async () => {
  const { owner, grid } = await app.world();
  const item = await app.dropLive(owner, { fields: { name: 'feedback-page', visibility: 'link', scope: 'personal' } });
  for (const [category, text] of [['bug', 'The chart on slide 3 is cut off.'], ['feature_request', 'Please add a dark theme.']]) {
    const res = await app.request('POST', `/api/v2/entities/${item.entity_id}/feedback`, { json: { category, text, source: 'badge', page_url: item.url }, headers: { 'user-agent': BROWSER_UA } });
    assert.equal(res.status, 200, res.text);
  }
  // Anyone may send feedback, page_url included: the app must not make a script link of it.
  const sly = await app.request('POST', `/api/v2/entities/${item.entity_id}/feedback`, { json: { category: 'comment', text: 'Click my page', source: 'badge', page_url: 'javascript:alert(document.domain)' }, headers: { 'user-agent': BROWSER_UA } });
  assert.equal(sly.status, 200, sly.text);
  const rt = await app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, { owner_id: owner.user_id, kind: 'app', name: 'chart-app', display_name: 'Chart app', status: 'running', url: 'https://apps.example.com/chart' });
  const other = await app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, { owner_id: owner.user_id, kind: 'agent', name: 'helper', display_name: 'Helper agent', status: 'running' });
  await app.request('POST', `/api/v2/runtimes/${rt.entity_id}/inspirations`, { token: owner.token, grid: grid.slug, json: { inspiration_entity_id: item.entity_id, note: 'charts came from here' } });

  const page = await open(owner, grid);
  await openSheet(page, item.entity_id);
  await page.waitForSelector('.feedback');
  const inbox = await page.textContent('[aria-labelledby=sec-feedback]');
  assert.match(inbox, /Comment.*Click my page.*javascript:alert.*Feature request.*Please add a dark theme\..*Bug.*The chart on slide 3 is cut off\./s, 'newest first');
  const hrefs = await page.$$eval('[aria-labelledby=sec-feedback] a', (as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(hrefs, [item.url, item.url], 'the page of each feedback is a link only when it is a web address');
  assert.match(await page.textContent('[aria-labelledby=sec-runtimes]'), /Chart app.*charts came from here/s);

  await page.click('.more-options summary');
  await page.waitForSelector(`select[name=runtime] option[value="${other.entity_id}"]`, { state: 'attached' });
  await page.selectOption('select[name=runtime]', other.entity_id);
  await page.fill('.link-form input[name=note]', 'helps triage');
  await page.click('.link-form button[type=submit]');
  await page.waitForFunction(() => document.querySelectorAll('[aria-labelledby=sec-runtimes] .runtime').length === 2);
  assert.match(await page.textContent('[aria-labelledby=sec-runtimes] ul'), /Helper agent.*helps triage/s);
  const links = await app.request('GET', `/api/v2/inspirations/${item.entity_id}/inspired-runtimes`, { token: owner.token, grid: grid.slug });
  assert.equal(links.body.items.length, 2);
  await page.locator('[aria-labelledby=sec-feedback]').scrollIntoViewIfNeeded();
  await shot(page, '18-detail-feedback-runtimes');
  await done(page);
});

test('badge mode turns the served badge off and on', async () => {
  const { owner, grid } = await app.world();
  const item = await app.dropLive(owner, { fields: { name: 'badge-page', visibility: 'link', scope: 'personal' } });
  const page = await open(owner, grid);
  await openSheet(page, item.entity_id);
  await page.check('[data-section=badge] input[value=off]');
  await page.waitForSelector('[data-section=badge] .note.ok');
  assert.match(await page.textContent('[data-section=badge] .note'), /Badge off/);
  assert.doesNotMatch((await app.open(item.url)).text, /data-platform-tag="badge"/);
  await page.check('[data-section=badge] input[value=on]');
  await eventually(async () => /Badge on/.test(await page.textContent('[data-section=badge] .note')), 'badge on');
  assert.match((await app.open(item.url)).text, /data-platform-tag="badge"/);
  await done(page);
});

// ------------------------------------------------------------------ viewer choices, keyboard, small screens

test('the platform-no-count choice keeps the app’s reads, served pages and the beacon out of the view count', async () => {
  const { owner, member, spaceMember, grid } = await app.world();
  const item = await app.dropLive(owner, { fields: { name: 'count-page', visibility: 'org' } });
  const counted = await open(spaceMember, grid);
  await openSheet(counted, item.entity_id);
  await eventually(async () => (await read(owner, item.entity_id)).body.view_count === 1, 'a counted view');
  await done(counted);

  const page = await open(member, grid);
  await page.click('#settings');
  assert.deepEqual(await unlabelled(page, 'dialog'), []);
  await shot(page, '19-settings');
  // Through the API origin and the serving origin and back: a cookie on each.
  await Promise.all([page.waitForURL(`${app.baseUrl}/`), page.click('#no-count')]);
  await page.waitForSelector('#grid[aria-busy=false]', { state: 'attached' });
  for (const origin of [app.baseUrl, app.serveUrl]) {
    const cookies = await page.context().cookies(origin);
    assert.ok(cookies.some((c) => c.name === 'platform-no-count' && c.value === '1'), `cookie on ${origin}`);
  }
  await page.click('#settings');
  assert.equal(await page.isChecked('#no-count'), true, 'the choice shows as made');
  await page.click('dialog .modal-foot .primary');
  await openSheet(page, item.entity_id);
  await sleep(1000);
  assert.equal((await read(owner, item.entity_id)).body.view_count, 1, 'the app’s read is not counted');
  // The served page itself, badge and beacon included, in the same browser.
  const served = await page.context().newPage();
  const signIn = await app.request('POST', '/api/v2/serve-sessions', { token: member.token, json: { url: item.url } });
  assert.equal(signIn.status, 201, signIn.text);
  await served.goto(signIn.body.url);
  await served.waitForFunction(() => window.__PlatformBadge?.state, null, { timeout: 10_000 });
  await sleep(1000);
  assert.equal((await read(owner, item.entity_id)).body.view_count, 1, 'not counted again');
  await done(page);
});

test('works from the keyboard: Enter opens a card, Escape closes the sheet and focus returns', async () => {
  const { owner, grid } = await app.world();
  const item = await app.dropLive(owner, { fields: { name: 'keyboard-page' } });
  const page = await open(owner, grid);
  await page.waitForSelector('.card[data-id]');
  await page.focus(`.card[data-id="${item.entity_id}"] h3 a`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.sheet .facts dl');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'detail-title');
  assert.match(page.url(), new RegExp(`#/i/${item.entity_id}$`));
  assert.deepEqual(await unlabelled(page, '.sheet'), []);
  await page.keyboard.press('Escape');
  await page.waitForSelector('.sheet', { state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement.closest('.card')?.dataset.id), item.entity_id);
  assert.doesNotMatch(page.url(), /#\/i\//);

  await page.goto(`${app.baseUrl}/#/i/${item.entity_id}`);
  await page.waitForSelector('.sheet .facts dl');
  await page.goBack();
  await page.waitForSelector('.sheet', { state: 'detached' });
  assert.deepEqual(await unlabelled(page), []);
  await done(page);
});

test('fits a 390 px phone: no sideways scrolling, sheet and drop dialog full width', async () => {
  const { owner, grid } = await app.world();
  seedInspirations(app, { grid, owner, count: 6 });
  const item = await app.dropLive(owner, { fields: { name: 'phone-page', display_name: 'Launch plan for phones', visibility: 'link', scope: 'personal' } });
  const page = await open(owner, grid, { viewport: MOBILE });
  await page.waitForSelector('.card[data-id]');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(await overflow(), 0);
  await shot(page, '20-mobile-grid');
  await openSheet(page, item.entity_id);
  await page.frameLocator('.preview-frame').locator('h1').waitFor();
  await shot(page, '21-mobile-detail');
  const box = await page.locator('.sheet').boundingBox();
  assert.equal(Math.round(box.width), MOBILE.width);
  await page.keyboard.press('Escape');
  const root = filesOnDisk({ 'plan.md': '# Plan' });
  await dragOnto(page, [join(root, 'plan.md')]);
  await shot(page, '22-mobile-drop');
  assert.equal(Math.round((await page.locator('.drop-dialog').boundingBox()).width), MOBILE.width);
  assert.equal(await overflow(), 0);
  await done(page);
});

test('the page is small and loads nothing from another site', async () => {
  const page = await browser.newPage();
  const hosts = new Set();
  page.on('request', (r) => hosts.add(new URL(r.url()).host));
  await page.goto(`${app.baseUrl}/`);
  await page.waitForSelector('form.signin');
  assert.deepEqual([...hosts], [new URL(app.baseUrl).host]);
  const sizes = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.decodedBodySize));
  assert.ok(sizes.reduce((a, b) => a + b, 0) < 120_000, `app files ${sizes}`);
  const csp = await page.getAttribute('meta[http-equiv=Content-Security-Policy]', 'content');
  assert.match(csp, /script-src 'self'/);
  await page.close();
});

/** Text whose contrast with what is behind it is under WCAG AA (4.5:1; 3:1 for large text). */
const lowContrast = (page, root = 'body') => page.evaluate((sel) => {
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/) || c.match(/color\(srgb ([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    const scale = c.startsWith('color(') ? 255 : 1;
    return { r: p[0] * scale, g: p[1] * scale, b: p[2] * scale, a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a), b: top.b * top.a + under.b * (1 - top.a), a: 1,
  });
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg && bg.a > 0) { layers.push(bg); if (bg.a >= 1) break; }
    }
    return layers.reverse().reduce((acc, l) => over(l, acc), { r: 255, g: 255, b: 255, a: 1 });
  };
  const lum = ({ r, g, b }) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const bad = [];
  for (const el of document.querySelector(sel).querySelectorAll('*')) {
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if (!text || el.closest('[hidden], .sr, svg, option') || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) < 1 || el.closest('button:disabled')) continue;
    const fg = over(parse(style.color), background(el));
    const [a, b] = [lum(fg), lum(background(el))].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const large = parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.6 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) bad.push(`${ratio.toFixed(2)} ${el.tagName.toLowerCase()}.${el.className} "${text.slice(0, 30)}"`);
  }
  return bad;
}, root);

test('text keeps WCAG AA contrast on the grid, the drop dialog and the sheet, light and dark', async () => {
  const { owner, member, grid } = await app.world();
  const live = await app.dropLive(owner, { fields: { name: 'contrast-page', display_name: 'Contrast page', visibility: 'link', scope: 'personal' } });
  await app.request('POST', `/api/v2/entities/${live.entity_id}/reactions`, { token: member.token, grid: grid.slug, json: { kind: 'useful' } });
  const archived = await app.dropLive(owner, { fields: { name: 'archived-page' } });
  await app.request('POST', `/api/v2/inspirations/${archived.entity_id}/archive`, { token: owner.token, grid: grid.slug });
  await app.dropLive(owner, { fields: { name: 'pinned-page', expires_in_days: 'null', pin_reason: 'kept for the audit' } });
  await app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, { owner_id: owner.user_id, kind: 'app', name: 'rt-app', display_name: 'Runtime', status: 'running' });
  await app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, { owner_id: owner.user_id, kind: 'agent', name: 'rt-agent', display_name: 'Paused agent', status: 'paused' });
  for (const scheme of ['light', 'dark']) {
    const page = await open(owner, grid);
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForSelector('#runtimes .runtime');
    assert.deepEqual(await lowContrast(page), [], `grid, ${scheme}`);
    const root = filesOnDisk({ 'x.md': '# x' });
    await dragOnto(page, [join(root, 'x.md')]);
    assert.deepEqual(await lowContrast(page, '.drop-dialog'), [], `drop dialog, ${scheme}`);
    await page.keyboard.press('Escape');
    await openSheet(page, live.entity_id);
    const kind = scheme === 'light' ? 'sparked' : 'discuss';
    await page.click(`.reaction[data-kind=${kind}]`);
    await page.waitForSelector(`.reaction[data-kind=${kind}][aria-pressed=true]`);
    assert.deepEqual(await lowContrast(page, '.sheet'), [], `sheet, ${scheme}`);
    if (scheme === 'dark') await shot(page, '23-dark-detail');
    await page.keyboard.press('Escape');
    if (scheme === 'dark') await shot(page, '24-dark-grid');
    await done(page);
  }
});

test('a shared #/i/<id> link opens its sheet once the visitor has signed in', async () => {
  const { owner, grid } = await app.world();
  const item = await app.dropLive(owner, { fields: { name: 'shared-link', display_name: 'Shared link' } });
  const context = await browser.newContext({ viewport: DESKTOP, userAgent: BROWSER_UA });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/#/i/${item.entity_id}`);
  await page.fill('textarea[name=token]', owner.token);
  await page.fill('input[name=grid]', grid.slug);
  await page.click('form.signin button[type=submit]');
  await page.waitForSelector('.sheet .facts dl');
  assert.equal(await page.textContent('#detail-title'), 'Shared link');
  await context.close();
});

test('every refusal of the create form lands on the field it concerns', async () => {
  const { owner, grid } = await app.world();
  const page = await open(owner, grid);
  const root = filesOnDisk({ 'page.html': PAGE('Page') });
  const error = (status, code, details = [], headers = {}) => ({
    status, headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ error: { code, message: `refused: ${code}`, details, request_id: 'r1' } }),
  });
  // The answers the Worker gives (tests/inspirations.test.mjs checks it gives them); here only where they show.
  const cases = [
    [error(409, 'NAME_COLLISION'), '.package [data-field=name]'],
    [error(400, 'SCOPE_INVALID', [{ field: 'visibility', issue: 'combination', hint: 'allowed: …' }]), '[data-field=visibility]'],
    [error(400, 'SPACE_REQUIRED', [{ field: 'space_id', issue: 'required', hint: 'the UUID of a space you belong to' }]), '[data-field=space_id]'],
    [error(403, 'SPACE_NOT_MEMBER'), '[data-field=space_id]'],
    [error(400, 'INSPIRED_BY_INVALID', [{ field: 'inspired_by', issue: 'invalid', hint: 'abc' }]), '[data-field=inspired_by]'],
    [error(413, 'PAYLOAD_TOO_LARGE', [{ field: 'file', issue: 'too_large', hint: 'at most 50 MB' }]), '.package [data-field=file]'],
    [error(415, 'UNSUPPORTED_MEDIA_TYPE', [{ field: 'file', issue: 'unsupported_media_type', hint: 'send it as html' }]), '.package [data-field=file]'],
    [error(422, 'CONTENT_MALFORMED', [{ field: 'file', issue: 'malformed', hint: 'not a zip' }]), '.package [data-field=file]'],
    [error(400, 'VALIDATION_FAILED', [{ field: 'expires_in_days', issue: 'range', hint: '1-365' }]), '[data-field=expires_in_days]'],
    [error(400, 'VALIDATION_FAILED', [{ field: 'display_name', issue: 'length', hint: '1-100 characters' }]), '.package [data-field=display_name]'],
    [error(429, 'RATE_LIMITED', [{ field: 'rate_limit', issue: 'creates_per_user_minute', hint: '10 per minute' }], { 'retry-after': '7' }), '.drop-dialog .error-banner'],
  ];
  for (const [answer, where] of cases) {
    await page.route('**/api/v2/inspirations', (route) => (route.request().method() === 'POST' ? route.fulfill(answer) : route.fallback()));
    await dragOnto(page, [join(root, 'page.html')]);
    if (where.includes('space_id')) await page.check('input[name=scope][value=space]').then(() => page.selectOption('select[name=space_id]', '?'))
      .then(() => page.fill('input[aria-label="Space id"]', '00000000-0000-4000-8000-000000000000'));
    await page.click('.drop-dialog button[type=submit]');
    const slot = where.endsWith('error-banner') ? where : `${where} .error`;
    await page.waitForSelector(`${slot}:not([hidden])`);
    const text = await page.textContent(slot);
    if (answer.status === 429) assert.match(text, /Try again in 7 seconds/);
    else assert.ok(text.includes(JSON.parse(answer.body).error.message), `${where}: ${text}`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('.drop-dialog', { state: 'detached' });
    await page.unroute('**/api/v2/inspirations');
  }
  await done(page);
});
