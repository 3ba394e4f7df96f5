// The web app in a real browser: the grid's cards, sorts and filters, Runtimes, and everything the
// detail sheet changes (visibility, scope, title, pins, reactions, archive, feedback, badge mode).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BROWSER_UA } from './support/harness.mjs';
import { eventually } from './support/browser.mjs';
import { seedInspirations } from '../web/bench.mjs';
import { app, open, done, shot, read, PAGE, openSheet, useWebApp } from './support/web-app.mjs';

useWebApp();

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
