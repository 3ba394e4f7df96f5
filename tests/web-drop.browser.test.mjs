// The web app in a real browser: signing in (a pasted token, a token in the address fragment, the grid
// switcher, a shared sheet link) and dropping files and folders, with every create option and refusal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_UA, fetchLocal } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';
import { DESKTOP, app, browser, open, done, shot, read, filesOnDisk, dragOnto, recordStatuses, PAGE, openSheet, unlabelled, useWebApp } from './support/web-app.mjs';

useWebApp();

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
  // A token from a link is taken only once the person says so (docs/security.md round 11).
  await page.click('#handover-accept');
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
  // The answers the Worker gives (tests/inspirations-create.test.mjs checks it gives them); here only where they show.
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
