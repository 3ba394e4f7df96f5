// The web app in a real browser: viewer choices, the keyboard, a 390 px phone, the page's own size
// and origins, and WCAG AA contrast in light and dark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { eventually } from './support/browser.mjs';
import { seedInspirations } from '../web/bench.mjs';
import { MOBILE, app, browser, sleep, open, done, shot, read, filesOnDisk, dragOnto, openSheet, unlabelled, useWebApp } from './support/web-app.mjs';

useWebApp();

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
