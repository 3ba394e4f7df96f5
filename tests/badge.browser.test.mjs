// The badge in a real browser (openapi.yaml; docs/model.md "The badge", "Counting views"): headless
// Debian Chromium loads pages the real Worker serves, and drives the injected badge.js by mouse and
// key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deflateSync, crc32, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { unique, BROWSER_UA, fetchLocal } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { eventually } from './support/browser.mjs';
import { useBrowserWorld } from './support/browser-world.mjs';

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 700 };
const THANKS = 'Thanks \u2014 your feedback was sent.';
const CATEGORIES = ['reaction', 'bug', 'feature_request', 'comment', 'other'];

const world = useBrowserWorld('badge');
const { SHOTS } = world;

// ------------------------------------------------------------------ world and pages

/** A grid and its one member, who drops the pages. */
async function author() {
  const grid = await world.app.grid();
  const owner = await world.app.user();
  await world.app.join(grid, owner);
  return { grid, owner };
}

/** Some ordinary page content, so screenshots look like a real page behind the chip. */
const CONTENT = `<h1>Quarterly launch plan</h1>
<p>Three teams ship the new onboarding flow in May. This page is the shared plan: scope, owners and dates.</p>
<ul><li>Design review: 2 May</li><li>Beta: 12 May</li><li>General availability: 26 May</li></ul>
<p><input id="page-input" placeholder="A field of the page"></p>`;

/** An HTML document for a drop: `head` and `tail` (after the content, before </body>) are raw. */
function page({ head = '', tail = '', after = '' } = {}) {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Launch plan</title><style>body { font: 16px/1.5 Georgia, serif; margin: 40px; color: #222 }</style>${head}</head>
<body>${CONTENT}${tail}</body>${after}</html>`;
}

/** Drops `html` as a link-visible personal page and returns the live Inspiration (its `url` is public). */
async function servedPage(owner, html = page()) {
  return world.app.dropLive(owner, {
    file: { name: 'index.html', content: html, type: 'text/html' },
    fields: { name: unique('badge'), scope: 'personal', visibility: 'link' },
  });
}

const readEntity = (owner, id) => world.app.request('GET', `/api/v2/inspirations/${id}`, { token: owner.token });
const feedbackInbox = (owner, id) => world.app.request('GET', `/api/v2/entities/${id}/feedback`, { token: owner.token });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));


// ------------------------------------------------------------------ browser helpers

/**
 * Test-only: keeps a handle on the badge's closed shadow root (the badge itself still gets a closed
 * root), and stamps the moment the chip first has a size on screen, in ms after navigation start.
 */
function instrument() {
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function attachShadowForTests(init) {
    const root = attach.call(this, init);
    window.__badgeShadowForTests = root;
    return root;
  };
  const watch = () => {
    const host = document.querySelector('platform-badge');
    if (host && host.getBoundingClientRect().width > 0) window.__badgeVisibleAt = performance.now();
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

/** A fresh browser context (own cache, own sessionStorage) with the instrumentation installed. */
async function newContext(options = {}) {
  const context = await world.browser.newContext({ viewport: DESKTOP, ...options });
  await context.addInitScript(instrument);
  return context;
}

/** Every POST the page makes to the badge's two API routes, as { kind, headers, body }. */
function recordBadgeRequests(pg) {
  const seen = [];
  pg.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    const kind = /^\/api\/v2\/views\//.test(path) ? 'view' : /\/feedback$/.test(path) ? 'feedback' : null;
    if (kind && req.method() === 'POST') seen.push({ kind, headers: req.headers(), body: req.postData() });
  });
  return {
    views: () => seen.filter((r) => r.kind === 'view'),
    feedback: () => seen.filter((r) => r.kind === 'feedback'),
  };
}

/** Opens `url` in a new page and waits until badge.js has started; returns { page, context, requests, errors }. */
async function openBadgePage(url, { context, expectReady = true } = {}) {
  const ctx = context ?? (await newContext());
  const pg = await ctx.newPage();
  const requests = recordBadgeRequests(pg);
  const errors = [];
  pg.on('pageerror', (e) => errors.push(e.message));
  await pg.goto(url);
  await waitForBadge(pg, expectReady);
  return { page: pg, context: ctx, requests, errors };
}

async function waitForBadge(pg, expectReady = true) {
  await pg.waitForFunction(() => window.__PlatformBadge && window.__PlatformBadge.ready);
  const ready = await pg.evaluate(() => window.__PlatformBadge.ready);
  assert.equal(ready, expectReady, `__PlatformBadge.ready resolved to ${ready}`);
}

const part = (pg, id) => pg.evaluateHandle((id) => window.__badgeShadowForTests.getElementById(id), id);
const state = (pg) => pg.evaluate(() => window.__PlatformBadge.state);
const hosts = (pg) => pg.locator('platform-badge').count();
const hostBox = (pg) => pg.locator('platform-badge').boundingBox();
const boxOf = async (pg, id) => (await part(pg, id)).boundingBox();
const focusedId = (pg) => pg.evaluate(() => window.__badgeShadowForTests.activeElement?.id ?? null);
const text = async (pg, id) => (await part(pg, id)).evaluate((el) => el.textContent);
const computed = (pg, id, property) => pg.evaluate(
  ([id, property]) => getComputedStyle(window.__badgeShadowForTests.getElementById(id))[property],
  [id, property],
);

/** The panel (badge-panel.js) is built into the shadow root: badge.js fetches it right after the chip shows. */
const panelBuilt = (pg) => pg.waitForFunction(() => window.__badgeShadowForTests?.getElementById('p'));

/** Clicks the chip; a click before the panel has arrived opens it once built, so wait for that. */
async function clickChip(pg) {
  const box = await boxOf(pg, 'c');
  await pg.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await panelBuilt(pg);
}

const center = async (pg, id) => {
  const box = await boxOf(pg, id);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** The smallest rectangle around `boxes`, grown by `pad` and kept inside the viewport. */
function around(boxes, pad, viewport) {
  const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - pad);
  const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - pad);
  const right = Math.min(viewport.width, Math.max(...boxes.map((b) => b.x + b.width)) + pad);
  const bottom = Math.min(viewport.height, Math.max(...boxes.map((b) => b.y + b.height)) + pad);
  return { x, y, width: right - x, height: bottom - y };
}

// ------------------------------------------------------------------ the script itself

for (const file of ['badge.js', 'badge-panel.js']) {
  test(`the Worker serves the ${file} of build/ with a day of caching`, async () => {
    const res = await fetch(`${world.app.baseUrl}/${file}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=86400, must-revalidate');
    const etag = res.headers.get('etag');
    assert.equal(etag, readFileSync(join(ROOT, 'build', `${file}.etag`), 'utf8').trim(), 'the ETag of this build');
    const served = Buffer.from(await res.arrayBuffer());
    assert.ok(served.equals(readFileSync(join(ROOT, 'build', file))),
      `the Worker serves the current build/${file} (rebuild the Worker after scripts/build-badge.sh)`);
    const again = await fetch(`${world.app.baseUrl}/${file}`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
  });
}

test('every page pays only for the chip: badge.js is at most 9.9 KB gzip, the panel comes separately', async () => {
  const chip = gzipSync(readFileSync(join(ROOT, 'build', 'badge.js')), { level: 9 }).length;
  const panel = gzipSync(readFileSync(join(ROOT, 'build', 'badge-panel.js')), { level: 9 }).length;
  console.log(`# badge.js ${(chip / 1024).toFixed(2)} KB gzip, badge-panel.js ${(panel / 1024).toFixed(2)} KB gzip`);
  // Issue 28's goal is 10 KB; 9.6 KB was reached. Session 23 spent 0.2 KB of the room: the wasm
  // started at the first idle moment, the tag put back in a replaced body, and the `__Host-`
  // no-count cookie on https (10,131 bytes).
  assert.ok(chip <= 9.9 * 1024, `badge.js is ${chip} bytes gzip`);
  const js = readFileSync(join(ROOT, 'build', 'badge.js'), 'utf8');
  assert.ok(!js.includes('Feedback') && !js.includes('textarea'), 'no panel in badge.js (its wasm is gzipped inside, so this only checks the JS)');
});

// ------------------------------------------------------------------ chip and panel

test('a served page shows the chip: a button of about 120x30 at the bottom-right in a closed shadow root', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const { page: pg, context, errors } = await openBadgePage(e.url, { context: await newContext({ deviceScaleFactor: 2 }) });
  assert.equal(await hosts(pg), 1);
  const box = await hostBox(pg);
  assert.ok(box.width >= 105 && box.width <= 150, `width ${box.width}`);
  assert.ok(box.height >= 26 && box.height <= 34, `height ${box.height}`);
  assert.ok(Math.abs(DESKTOP.width - (box.x + box.width) - 16) <= 1, `right gap ${DESKTOP.width - box.x - box.width}`);
  assert.ok(Math.abs(DESKTOP.height - (box.y + box.height) - 16) <= 1, `bottom gap ${DESKTOP.height - box.y - box.height}`);
  assert.equal(await pg.evaluate(() => document.querySelector('platform-badge').shadowRoot), null, 'closed to the page');
  assert.equal(await pg.evaluate(() => window.__badgeShadowForTests.mode), 'closed');
  const chip = await part(pg, 'c');
  assert.equal(await chip.evaluate((el) => el.tagName), 'BUTTON');
  // The words are painted on a canvas (never an LCP candidate) and are the button's accessible name.
  assert.equal(await chip.getAttribute('aria-label'), 'Running on Plug');
  assert.equal(await text(pg, 'c'), '', 'no text node in the chip');
  assert.equal(await chip.getAttribute('aria-expanded'), 'false');
  assert.equal(await computed(pg, 'c', 'cursor'), 'pointer');
  assert.equal(await computed(pg, 'c', 'backgroundColor'), 'rgb(31, 41, 55)', '--badge-bg default');
  assert.equal(await computed(pg, 'c', 'color'), 'rgb(249, 250, 251)', '--badge-fg default');
  assert.equal(await computed(pg, 'c', 'borderRadius'), '6px', '--badge-radius default');
  assert.notEqual(await computed(pg, 'c', 'boxShadow'), 'none', 'the chip has a shadow');
  assert.equal(await state(pg), 'idle');
  const api = await pg.evaluate(() => ({
    version: window.__PlatformBadge.version,
    open: typeof window.__PlatformBadge.open,
    close: typeof window.__PlatformBadge.close,
    wasmBindgen: typeof window.wasm_bindgen,
  }));
  assert.match(api.version, /^\d+\.\d+\.\d+/);
  assert.deepEqual([api.open, api.close, api.wasmBindgen], ['function', 'function', 'undefined'], 'one global only');
  assert.deepEqual(errors, []);
  await pg.screenshot({ path: join(SHOTS, 'chip.png'), clip: around([box], 120, DESKTOP) });
  await pg.screenshot({ path: join(SHOTS, 'page.png') });
  await context.close();
});

/** Holds every request for badge.js until `release()` (or fails them all with `{ fail: true }`). */
async function holdBadgeJs(pg, { fail = false } = {}) {
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  await pg.route(`${world.app.baseUrl}/badge.js`, async (route) => {
    if (fail) return route.abort('connectionrefused');
    await gate;
    return route.continue();
  });
  return release;
}

/** Test-only: per frame, how many badge hosts have a size; and every LCP entry's element. */
function watchFrames() {
  window.__frames = [];
  const frame = () => {
    const shown = [...document.querySelectorAll('platform-badge')].filter((h) => h.getBoundingClientRect().width > 0);
    window.__frames.push(shown.map((h) => (h.hasAttribute('data-platform-shell') ? 'shell' : 'chip')).join('+') || 'none');
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.__lcpElements = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcpElements.push(e.element ? e.element.tagName.toLowerCase() : null);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

const hitAt = (pg, box) => pg.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName.toLowerCase() ?? null,
  { x: box.x + box.width / 2, y: box.y + box.height / 2 });

test('the chip\'s shell is on screen before badge.js arrives: closed, in the chip\'s place, never an LCP candidate, and swapped for the chip in one frame', async () => {
  const { owner } = await author();
  const pages = {
    text: page(),
    'near-empty': `<!doctype html><html><head><meta charset="utf-8"><title>x</title></head><body><p id="tiny" style="font:10px sans-serif">ok</p></body></html>`,
    empty: '<!doctype html><html><head><meta charset="utf-8"><title>x</title></head><body></body></html>',
  };
  for (const [kind, html] of Object.entries(pages)) {
    const e = await servedPage(owner, html);
    const context = await newContext({ deviceScaleFactor: 2 });
    await context.addInitScript(watchFrames);
    const pg = await context.newPage();
    const errors = [];
    pg.on('pageerror', (error) => errors.push(error.message));
    const release = await holdBadgeJs(pg);
    await pg.goto(e.url, { waitUntil: 'commit' });
    await eventually(() => pg.evaluate(() => window.__frames?.includes('shell')), `${kind}: the shell shows while badge.js is held`);
    await sleep(400); // frames with the shell alone on screen
    assert.equal(await hosts(pg), 1);
    const shell = pg.locator('platform-badge');
    assert.equal(await shell.getAttribute('data-platform-shell'), '');
    assert.equal(await pg.evaluate(() => document.querySelector('platform-badge').shadowRoot), null, 'closed to the page');
    assert.equal(await pg.evaluate(() => window.__PlatformBadge), undefined, 'badge.js has not run');
    const shellBox = await hostBox(pg);
    assert.equal(await hitAt(pg, shellBox), 'platform-badge', 'painted on top of the page');
    assert.ok(Math.abs(DESKTOP.width - (shellBox.x + shellBox.width) - 16) <= 1 && Math.abs(DESKTOP.height - (shellBox.y + shellBox.height) - 16) <= 1,
      `${kind}: the chip's corner, ${JSON.stringify(shellBox)}`);
    const lcpWhileShell = await pg.evaluate(() => window.__lcpElements);
    if (kind === 'empty') assert.deepEqual(lcpWhileShell, [], 'an empty page with the shell has no LCP at all');
    else if (kind === 'near-empty') assert.deepEqual([...new Set(lcpWhileShell)], ['p'], `the page's one word stays its LCP: ${lcpWhileShell}`);
    else assert.ok(lcpWhileShell.length && lcpWhileShell.every((el) => el !== null && el !== 'platform-badge'), `${lcpWhileShell}`);
    if (kind === 'text') await pg.screenshot({ path: join(SHOTS, 'shell.png'), clip: around([shellBox], 120, DESKTOP) });

    release();
    await waitForBadge(pg);
    assert.equal(await hosts(pg), 1, 'the chip replaced the shell');
    assert.equal(await shell.getAttribute('data-platform-shell'), null);
    const chipBox = await hostBox(pg);
    assert.equal(chipBox.height, shellBox.height, 'same height');
    assert.equal(chipBox.x + chipBox.width, shellBox.x + shellBox.width, 'same right edge');
    assert.equal(chipBox.y, shellBox.y, 'same top');
    // The shell's empty label box and the chip's label canvas are the same fixed size in em: the
    // chip takes the shell's place exactly, whatever font the system has.
    assert.ok(Math.abs(chipBox.width - shellBox.width) <= 0.5, `${kind}: width ${shellBox.width} then ${chipBox.width}`);
    await sleep(100);
    const frames = await pg.evaluate(() => window.__frames);
    const seen = frames.slice(frames.indexOf('shell'));
    assert.ok(seen.every((f) => f === 'shell' || f === 'chip'), `${kind}: never both, never neither: ${[...new Set(seen)]}`);
    assert.equal(seen.at(-1), 'chip');
    const lcp = await pg.evaluate(() => window.__lcpElements);
    assert.ok(lcp.every((el) => el !== null && el !== 'platform-badge'), `${kind}: ${lcp}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('odd pages get the shell and then the chip (no head or body, XHTML syntax, a page that replaces its body)', async () => {
  const { owner } = await author();
  const pages = {
    bare: '<h1>Just a heading</h1><p>No html, head or body tags at all.',
    xhtml: '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title><meta charset="utf-8"/></head><body><h1>XHTML syntax</h1><br/></body></html>',
    // Both take the badge's tag (and the shell) away before badge.js's wasm starts; badge.js puts
    // its tag back at the new body's end, where the chip reads it.
    'new body': page({ head: `<script>document.addEventListener('DOMContentLoaded', () => {
      const body = document.createElement('body');
      body.innerHTML = '<h1>A new body</h1>';
      document.body = body;
    });</script>` }),
    'body rewritten at load': page({ head: `<script>addEventListener('load', () => {
      document.body.innerHTML = '<h1>A new body</h1>';
    });</script>` }),
  };
  for (const [kind, html] of Object.entries(pages)) {
    const e = await servedPage(owner, html);
    const served = await (await fetchLocal(e.url)).text();
    assert.equal((served.match(/<platform-badge data-platform-shell/g) ?? []).length, 1, `${kind}: one shell`);
    const { page: pg, context, errors } = await openBadgePage(e.url);
    await sleep(200);
    if (kind !== 'bare' && kind !== 'xhtml') {
      assert.equal(await pg.evaluate(() => document.body.querySelector('h1').textContent), 'A new body', kind);
      assert.equal(await pg.locator('script[data-platform-tag=badge]').count(), 1, `${kind}: the tag is back, once`);
    }
    assert.equal(await hosts(pg), 1, `${kind}: one host`);
    assert.equal(await pg.locator('platform-badge').getAttribute('data-platform-shell'), null, `${kind}: the chip, not the shell`);
    const box = await hostBox(pg);
    assert.ok(box && box.width > 100, `${kind}: on screen, ${JSON.stringify(box)}`);
    assert.deepEqual(errors, [], kind);
    await context.close();
  }
});

test('when badge.js cannot be fetched, the shell hides itself after 10 seconds', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const context = await newContext();
  const pg = await context.newPage();
  // The shell hides with a CSS animation's 10 s delay: Chromium's animation clock runs ten times
  // faster here (DevTools' Animation domain), so the test waits one second for it, not ten.
  const devtools = await context.newCDPSession(pg);
  await devtools.send('Animation.enable');
  await devtools.send('Animation.setPlaybackRate', { playbackRate: 10 });
  await holdBadgeJs(pg, { fail: true });
  await pg.goto(e.url);
  const box = await hostBox(pg);
  assert.equal(await hitAt(pg, box), 'platform-badge');
  await sleep(500);
  assert.equal(await hitAt(pg, box), 'platform-badge', 'still there at 5 s');
  await eventually(async () => (await hitAt(pg, box)) !== 'platform-badge', 'hidden after 10 s', 6_000);
  await context.close();
});

test('a click opens the panel as a labelled dialog with focus inside; hovering does not', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const { page: pg, context } = await openBadgePage(e.url, { context: await newContext({ deviceScaleFactor: 2 }) });
  await panelBuilt(pg); // fetched right after the chip shows, built hidden
  const chipBox = await boxOf(pg, 'c');
  await pg.mouse.move(chipBox.x + 5, chipBox.y + 5);
  await sleep(300);
  assert.equal(await state(pg), 'idle', 'no hover popup');
  assert.equal(await (await part(pg, 'p')).evaluate((el) => el.hidden), true);
  await clickChip(pg);
  assert.equal(await state(pg), 'expanded');
  const panel = await part(pg, 'p');
  assert.equal(await panel.evaluate((el) => el.hidden), false);
  assert.equal(await panel.getAttribute('role'), 'dialog');
  assert.equal(await panel.getAttribute('aria-label'), 'About Plug and feedback');
  assert.equal(await (await part(pg, 'c')).getAttribute('aria-expanded'), 'true');
  assert.equal(await focusedId(pg), 'p');
  const box = await panel.boundingBox();
  assert.ok(box.width >= 340 && box.width <= 370, `panel width ${box.width}`);
  assert.ok(box.y + box.height <= chipBox.y, 'the panel opens above a bottom chip');
  const link = await pg.evaluate(() => {
    const a = window.__badgeShadowForTests.querySelector('a');
    return { target: a.target, rel: a.rel, href: a.href };
  });
  assert.equal(link.target, '_blank', 'the platform site opens in a new tab');
  assert.match(link.rel, /noopener/);
  assert.match(link.href, /^https:\/\//);
  const options = await pg.evaluate(() => [...window.__badgeShadowForTests.querySelectorAll('#k option')].map((o) => o.value));
  assert.deepEqual(options, CATEGORIES);
  assert.equal(await (await part(pg, 'q')).getAttribute('maxlength'), '2000');
  await sleep(300); // let the slide-in finish before the picture
  await pg.screenshot({ path: join(SHOTS, 'panel.png'), clip: around([await panel.boundingBox(), chipBox], 40, DESKTOP) });
  await context.close();
});

test('Escape, the X button and a click outside each close the panel and give focus back', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const { page: pg, context } = await openBadgePage(e.url);
  await clickChip(pg);
  await pg.keyboard.press('Escape');
  assert.equal(await state(pg), 'idle', 'Escape closes');
  assert.equal(await (await part(pg, 'p')).evaluate((el) => el.hidden), true);
  assert.equal(await focusedId(pg), 'c');

  await clickChip(pg);
  await (await part(pg, 'x')).click();
  assert.equal(await state(pg), 'idle', 'X closes');
  assert.equal(await focusedId(pg), 'c');

  await clickChip(pg);
  await pg.mouse.click(600, 400);
  assert.equal(await state(pg), 'idle', 'a click on plain page content closes');
  assert.equal(await focusedId(pg), 'c');

  await clickChip(pg);
  await pg.click('#page-input');
  assert.equal(await state(pg), 'idle', 'a click on a page control closes');
  assert.equal(await pg.evaluate(() => document.activeElement.id), 'page-input', 'and the control keeps its focus');

  await clickChip(pg);
  await clickChip(pg);
  assert.equal(await state(pg), 'idle', 'a second click on the chip closes');
  await context.close();
});

test('keyboard: Tab reaches the chip with a visible focus ring, Enter opens, Escape closes', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const { page: pg, context } = await openBadgePage(e.url);
  await pg.focus('#page-input');
  await pg.keyboard.press('Tab');
  assert.equal(await pg.evaluate(() => document.activeElement.tagName), 'PLATFORM-BADGE');
  assert.equal(await focusedId(pg), 'c');
  assert.equal(await computed(pg, 'c', 'outlineStyle'), 'solid', 'focus ring for keyboard focus');
  await pg.keyboard.press('Enter');
  await panelBuilt(pg); // an Enter before the panel has arrived opens it once built
  assert.equal(await state(pg), 'expanded');
  await pg.keyboard.press('Escape');
  assert.equal(await state(pg), 'idle');
  assert.equal(await focusedId(pg), 'c');
  await context.close();
});

test('the panel is fetched right after the chip shows; a click before it arrives opens it once built', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const context = await newContext();
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  let fetched = 0;
  await context.route('**/badge-panel.js', async (route) => {
    fetched++;
    await held;
    await route.continue();
  });
  const { page: pg } = await openBadgePage(e.url, { context });
  await eventually(() => fetched === 1, 'badge.js asks for the panel without waiting for the viewer');
  assert.equal(await pg.evaluate(() => window.__badgeShadowForTests.getElementById('p')), null, 'not built yet');
  assert.equal(await state(pg), 'idle');
  const box = await boxOf(pg, 'c');
  await pg.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  assert.equal(await state(pg), 'idle', 'nothing to show yet');
  release();
  await pg.waitForFunction(() => window.__PlatformBadge.state === 'expanded');
  assert.equal(await focusedId(pg), 'p', 'the panel opens with focus inside, as a click on a built panel does');
  assert.equal(fetched, 1, 'fetched once');
  await pg.keyboard.press('Escape');
  assert.equal(await state(pg), 'idle');
  await context.close();
});

test('when the panel cannot be fetched, a click says so; the next click fetches it again and opens it', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const context = await newContext();
  let fetched = 0;
  let offline = true;
  await context.route('**/badge-panel.js', (route) => {
    fetched++;
    return offline ? route.abort('internetdisconnected') : route.continue();
  });
  const { page: pg, errors } = await openBadgePage(e.url, { context });
  await eventually(() => fetched === 1, 'the prefetch failed');
  assert.equal(await (await part(pg, 'e')).evaluate((el) => el.hidden), true, 'a failed prefetch alone says nothing');
  await pg.mouse.click(...Object.values(await center(pg, 'c')));
  await eventually(() => fetched === 2, 'a click asks again');
  const error = await part(pg, 'e');
  await pg.waitForFunction(() => !window.__badgeShadowForTests.getElementById('e').hidden);
  assert.equal(await error.getAttribute('role'), 'alert');
  assert.match(await text(pg, 'e'), /Could not load the feedback panel/);
  assert.ok((await boxOf(pg, 'e')).width > 0, 'shown on screen');
  await pg.screenshot({ path: join(SHOTS, 'panel-failed.png'), clip: around([await boxOf(pg, 'e'), await boxOf(pg, 'c')], 40, DESKTOP) });
  assert.equal(await state(pg), 'idle');
  offline = false;
  await pg.mouse.click(...Object.values(await center(pg, 'c')));
  await pg.waitForFunction(() => window.__PlatformBadge.state === 'expanded');
  assert.equal(await (await part(pg, 'e')).evaluate((el) => el.hidden), true, 'the message goes when the viewer asks again');
  assert.equal(fetched, 3);
  assert.deepEqual(errors, []);
  await context.close();
});

// ------------------------------------------------------------------ feedback

test('Send stays disabled while the text is empty or blank', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const { page: pg, context, requests } = await openBadgePage(e.url);
  await clickChip(pg);
  const send = await part(pg, 'go');
  assert.equal(await send.evaluate((b) => b.disabled), true);
  await (await part(pg, 'q')).fill('   ');
  assert.equal(await send.evaluate((b) => b.disabled), true);
  await (await part(pg, 'q')).fill('hello');
  assert.equal(await send.evaluate((b) => b.disabled), false);
  assert.equal(requests.feedback().length, 0);
  await context.close();
});

test('feedback in each category shows the thanks, returns to idle and lands in the owner\'s inbox', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const { page: pg, context, requests } = await openBadgePage(e.url);
  const viewer = await pg.evaluate(() => ({ ua: navigator.userAgent, href: location.href }));
  const sent = [];
  for (const [index, category] of CATEGORIES.entries()) {
    const entry = `Entry ${index} (${category}): "quoted" \\ and\nnewline`;
    await clickChip(pg);
    await (await part(pg, 'k')).selectOption(category);
    await (await part(pg, 'q')).fill(entry);
    const answered = pg.waitForResponse((r) => r.url().endsWith(`/api/v2/entities/${e.entity_id}/feedback`) && r.request().method() === 'POST');
    const started = Date.now();
    await (await part(pg, 'go')).click();
    // Only status and headers: the badge never reads the body, so Playwright could wait on it forever.
    const res = await answered;
    assert.equal(res.status(), 200, category);
    assert.equal(res.headers()['access-control-allow-origin'], '*');
    await pg.waitForFunction(() => window.__PlatformBadge.state === 'confirmed');
    assert.equal(await text(pg, 's'), THANKS);
    assert.equal(await (await part(pg, 'q')).evaluate((el) => el.value), '', 'text cleared');
    assert.equal(await (await part(pg, 'k')).evaluate((el) => el.value), 'reaction', 'category reset');
    await pg.waitForFunction(() => window.__PlatformBadge.state === 'idle');
    const confirmedFor = Date.now() - started;
    assert.ok(confirmedFor >= 900 && confirmedFor < 3000, `thanks shown for about a second (${confirmedFor} ms)`);
    assert.equal(await (await part(pg, 'p')).evaluate((el) => el.hidden), true, 'panel closed');
    assert.equal(await hosts(pg), 1, 'the chip stays');
    sent.push({ category, text: entry });
  }
  const posted = requests.feedback();
  assert.equal(posted.length, CATEGORIES.length);
  for (const [index, request] of posted.entries()) {
    assert.equal(request.headers['content-type'], 'application/json');
    assert.equal(request.headers.cookie, undefined, 'no credentials');
    assert.deepEqual(JSON.parse(request.body), {
      ...sent[index], source: 'badge', user_agent: viewer.ua, page_url: viewer.href,
    });
  }

  const inbox = await feedbackInbox(owner, e.entity_id);
  assert.equal(inbox.status, 200, inbox.text);
  const items = inbox.body.items;
  assert.deepEqual(items.map((i) => i.category), [...CATEGORIES].reverse(), 'newest first');
  for (const item of items) {
    const expected = sent.find((s) => s.category === item.category);
    assert.equal(item.text, expected.text);
    assert.equal(item.source, 'badge');
    assert.equal(item.user_agent, viewer.ua);
    assert.equal(item.page_url, viewer.href);
    assert.equal(item.entity_id, e.entity_id);
  }
  const stranger = await world.app.user();
  assert.equal((await feedbackInbox(stranger, e.entity_id)).status, 403, 'only the owner or a grid admin reads it');
  await context.close();
});

test('past the rate limit the panel shows an inline error, keeps the text and lets the viewer retry', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const { page: pg, context } = await openBadgePage(e.url);
  const feedbackUrl = `${world.app.baseUrl}/api/v2/entities/${e.entity_id}/feedback`;
  // Five per 10 minutes per IP and entity (docs/model.md "Errors"): spend them from the page's own
  // origin.
  for (let i = 0; i < 5; i++) {
    const status = await pg.evaluate(async ([url, i]) => (await fetch(url, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ category: 'comment', text: `filler ${i}`, source: 'badge' }),
    })).status, [feedbackUrl, i]);
    assert.equal(status, 200, `filler ${i}`);
  }
  await clickChip(pg);
  await (await part(pg, 'q')).fill('one too many');
  const answered = pg.waitForResponse((r) => r.url() === feedbackUrl);
  await (await part(pg, 'go')).click();
  const res = await answered;
  assert.equal(res.status(), 429);
  assert.equal(res.headers()['access-control-allow-origin'], '*', 'the refusal is readable cross-origin');
  const refusal = await pg.evaluate(async (url) => {
    const again = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ category: 'bug', text: 'again', source: 'badge' }) });
    return { status: again.status, body: await again.json() };
  }, feedbackUrl);
  assert.equal(refusal.status, 429);
  assert.equal(refusal.body.code, 'RATE_LIMITED', 'the flat { error, code } shape, readable by the page');
  assert.equal(typeof refusal.body.error, 'string');
  await pg.waitForFunction(() => window.__badgeShadowForTests.getElementById('s').textContent !== '');
  assert.match(await text(pg, 's'), /Could not send/);
  assert.equal(await (await part(pg, 's')).evaluate((el) => el.className), 'e');
  assert.equal(await (await part(pg, 'q')).evaluate((el) => el.value), 'one too many', 'text kept');
  assert.equal(await state(pg), 'expanded');
  assert.equal(await (await part(pg, 'go')).evaluate((b) => b.disabled), false, 'can retry');
  const inbox = await feedbackInbox(owner, e.entity_id);
  assert.equal(inbox.body.items.length, 5, 'the refused entry was not stored');
  await context.close();
});

// ------------------------------------------------------------------ the visit beacon

test('the beacon counts a browser page load once; headless Chromium is a bot and counts nothing', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const viewCount = async () => (await readEntity(owner, e.entity_id)).body.view_count;
  const beaconAnswer = (pg) => pg.waitForResponse((r) => r.url() === `${world.app.baseUrl}/api/v2/views/${e.entity_id}`);

  const headless = await newContext();
  const bot = await headless.newPage();
  const botBeacon = beaconAnswer(bot);
  await bot.goto(e.url);
  assert.equal((await botBeacon).status(), 202);
  assert.match(await bot.evaluate(() => navigator.userAgent), /HeadlessChrome/);
  await sleep(500);
  assert.equal(await viewCount(), 0, 'a HeadlessChrome user agent is not counted');
  await headless.close();

  const context = await newContext({ userAgent: BROWSER_UA });
  const pg = await context.newPage();
  const requests = recordBadgeRequests(pg);
  const beacon = beaconAnswer(pg);
  await pg.goto(e.url);
  assert.equal((await beacon).status(), 202);
  await waitForBadge(pg);
  await eventually(async () => (await viewCount()) === 1, 'view_count 1');
  await sleep(500);
  assert.equal(requests.views().length, 1, 'one beacon per page load');
  assert.equal(requests.views()[0].body ?? null, null, 'bodyless');
  assert.equal(await viewCount(), 1, 'still one once the beacon has settled');

  const again = beaconAnswer(pg);
  await pg.reload();
  await again;
  await sleep(500);
  assert.equal(requests.views().length, 2, 'a reload sends the beacon again');
  assert.equal(await viewCount(), 1, 'the same viewer counts once a day');
  await context.close();
  const direct = await world.app.request('POST', `/api/v2/views/${e.entity_id}`);
  assert.deepEqual([direct.status, direct.text], [202, ''], '202 with an empty body');
});

test('a page the browser prerenders sends its beacon, and starts its chip, only once it is shown', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const context = await newContext({ userAgent: BROWSER_UA });
  // Chromium prerenders nothing while DevTools drives it (its Preload domain says
  // PrerenderingDisabledByDevTools), so the page is held in the state a prerendered page is in:
  // `document.prerendering` true until `prerenderingchange` fires on the document.
  await context.addInitScript(() => {
    window.__prerendering = true;
    Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => window.__prerendering });
  });
  const pg = await context.newPage();
  const requests = recordBadgeRequests(pg);
  await pg.goto(e.url);
  await sleep(1000);
  assert.equal(requests.views().length, 0, 'no beacon while nobody has opened the page');
  assert.equal(await pg.evaluate(() => window.__PlatformBadge?.state ?? null), null, 'badge.js has not started');
  await pg.evaluate(() => { window.__prerendering = false; document.dispatchEvent(new Event('prerenderingchange')); });
  await waitForBadge(pg);
  await eventually(() => requests.views().length === 1, 'the beacon once the page is shown');
  await sleep(300);
  assert.equal(requests.views().length, 1, 'one beacon');
  await context.close();
});

test('loading badge.js twice is a no-op: one host, one beacon, no errors', async () => {
  const { owner } = await author();
  // A second copy of the script after the injected tag (the parser moves it into <body>).
  const e = await servedPage(owner, page({ after: `<script src="${world.app.baseUrl}/badge.js"></script>` }));
  const served = await (await fetchLocal(e.url)).text();
  assert.equal(served.match(/\/badge\.js"/g).length, 2, 'the served page loads the script twice');
  const { page: pg, context, requests, errors } = await openBadgePage(e.url);
  await sleep(300);
  assert.equal(await pg.evaluate(() => document.querySelectorAll('script[src$="/badge.js"]').length), 2);
  assert.equal(await hosts(pg), 1);
  assert.equal(requests.views().length, 1);
  await pg.addScriptTag({ url: `${world.app.baseUrl}/badge.js` });
  await sleep(300);
  assert.equal(await hosts(pg), 1, 'a third load changes nothing');
  assert.equal(requests.views().length, 1);
  await clickChip(pg);
  assert.equal(await state(pg), 'expanded', 'the first badge still works');
  assert.deepEqual(errors, []);
  await context.close();
});

// ------------------------------------------------------------------ isolation, style and position

test('hostile page CSS does not change the badge', async () => {
  const { owner } = await author();
  const hostileCss = `<style>
    * { color: red !important; all: unset !important; font-size: 40px !important; }
    platform-badge { display: none !important; position: static !important; transform: scale(3) !important; }
    button, div, span { background: lime !important; border-radius: 0 !important; }
  </style>`;
  const [clean, hostile] = await Promise.all([servedPage(owner), servedPage(owner, page({ head: hostileCss }))]);
  const measure = async (pg) => ({
    box: await hostBox(pg),
    bg: await computed(pg, 'c', 'backgroundColor'),
    color: await computed(pg, 'c', 'color'),
    font: await computed(pg, 'c', 'fontSize'),
    radius: await computed(pg, 'c', 'borderRadius'),
  });
  const a = await openBadgePage(clean.url);
  const b = await openBadgePage(hostile.url);
  assert.equal(await b.page.evaluate(() => getComputedStyle(document.querySelector('h1')).fontSize), '40px', 'the hostile CSS is live on the page');
  assert.deepEqual(await measure(b.page), await measure(a.page));
  await clickChip(a.page);
  await clickChip(b.page);
  assert.equal(await state(b.page), 'expanded', 'the chip still opens the panel');
  await sleep(300); // the slide-in
  assert.deepEqual(await boxOf(b.page, 'p'), await boxOf(a.page, 'p'), 'the panel is laid out the same');
  await a.context.close();
  await b.context.close();
});

test('the grid badge style sets the theme variables, on the shell too; unsafe values are refused by the Worker', async () => {
  const { owner, grid } = await author();
  const theme = { bg: '#ff0000', fg: 'rgb(0, 0, 0)', accent: '#00ff00', radius: '0px', font: 'Georgia, serif', shadow: 'none' };
  await world.app.mustAdmin('PUT', `/grids/${grid.slug}/badge-style`, { theme: { ...theme, evil: 'url(x)' } });
  const refused = await world.app.admin('PUT', `/grids/${grid.slug}/badge-style`, { theme: { bg: 'red; color: blue' } });
  assert.equal(refused.status, 400, refused.text);
  const e = await servedPage(owner);
  {
    // The shell, before badge.js arrives, already wears the theme: one pixel of its box, read back
    // by the browser from a screenshot (its root is closed, so computed style cannot be asked).
    const shellContext = await newContext();
    const held = await shellContext.newPage();
    const release = await holdBadgeJs(held);
    await held.goto(e.url, { waitUntil: 'commit' });
    await eventually(async () => (await held.locator('platform-badge[data-platform-shell]').count()) === 1, 'the shell');
    await sleep(300);
    const box = await hostBox(held);
    const shot = await held.screenshot({ clip: { x: box.x + box.width - 4, y: box.y + box.height / 2, width: 1, height: 1 } });
    const blank = await shellContext.newPage();
    const pixel = await blank.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const context = canvas.getContext('2d');
      context.drawImage(img, 0, 0);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    }, shot.toString('base64'));
    assert.deepEqual(pixel, [255, 0, 0], 'the shell in the theme\'s --badge-bg');
    release();
    await shellContext.close();
  }
  const { page: pg, context } = await openBadgePage(e.url, { context: await newContext({ deviceScaleFactor: 2 }) });
  assert.equal(await computed(pg, 'c', 'backgroundColor'), 'rgb(255, 0, 0)');
  assert.equal(await computed(pg, 'c', 'color'), 'rgb(0, 0, 0)');
  assert.equal(await computed(pg, 'c', 'borderRadius'), '0px');
  assert.equal(await computed(pg, 'c', 'boxShadow'), 'none');
  assert.match(await computed(pg, 'c', 'fontFamily'), /^Georgia, serif$/);
  await clickChip(pg);
  assert.equal(await computed(pg, 'go', 'backgroundColor'), 'rgb(0, 255, 0)', '--badge-accent on the Send button');
  await sleep(300);
  await pg.screenshot({ path: join(SHOTS, 'panel-themed.png'), clip: around([await boxOf(pg, 'p'), await boxOf(pg, 'c')], 40, DESKTOP) });
  await context.close();
});

for (const [position, corner] of [
  ['bottom-right', { right: true, bottom: true }],
  ['bottom-left', { right: false, bottom: true }],
  ['top-right', { right: true, bottom: false }],
  ['top-left', { right: false, bottom: false }],
]) {
  test(`grid badge-style position ${position} pins the chip there and keeps the open panel on screen`, async () => {
    const { owner, grid } = await author();
    await world.app.mustAdmin('PUT', `/grids/${grid.slug}/badge-style`, { position });
    const e = await servedPage(owner);
    const { page: pg, context } = await openBadgePage(e.url);
    const box = await hostBox(pg);
    const gapX = corner.right ? DESKTOP.width - (box.x + box.width) : box.x;
    const gapY = corner.bottom ? DESKTOP.height - (box.y + box.height) : box.y;
    assert.ok(Math.abs(gapX - 16) <= 1 && Math.abs(gapY - 16) <= 1, `gaps ${gapX},${gapY}`);
    await clickChip(pg);
    const panel = await boxOf(pg, 'p');
    assert.ok(panel.x >= 0 && panel.x + panel.width <= DESKTOP.width, `panel x ${panel.x}`);
    assert.ok(panel.y >= 0 && panel.y + panel.height <= DESKTOP.height, `panel y ${panel.y}`);
    assert.ok(corner.bottom ? panel.y + panel.height <= box.y : panel.y >= box.y + box.height, 'the panel opens away from the edge');
    await context.close();
  });
}

test('a phone-sized screen gets a smaller chip and a bottom-sheet panel', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const context = await newContext({ viewport: MOBILE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const { page: pg } = await openBadgePage(e.url, { context });
  const box = await hostBox(pg);
  assert.ok(box.height <= 27 && box.width < 120, `chip ${box.width}x${box.height}`);
  await pg.screenshot({ path: join(SHOTS, 'chip-mobile.png') });
  await clickChip(pg);
  assert.equal(await state(pg), 'expanded');
  await sleep(300); // the slide-in
  const panel = await boxOf(pg, 'p');
  assert.equal(Math.round(panel.x), 0);
  assert.equal(Math.round(panel.width), MOBILE.width);
  assert.equal(Math.round(panel.y + panel.height), MOBILE.height);
  await pg.screenshot({ path: join(SHOTS, 'panel-mobile.png') });
  await context.close();
});

test('reduced motion turns the panel animation off', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const reduced = await openBadgePage(e.url, { context: await newContext({ reducedMotion: 'reduce' }) });
  await clickChip(reduced.page);
  assert.equal(await computed(reduced.page, 'p', 'animationName'), 'none');
  await reduced.context.close();
  const normal = await openBadgePage(e.url);
  await clickChip(normal.page);
  assert.notEqual(await computed(normal.page, 'p', 'animationName'), 'none');
  await normal.context.close();
});

// ------------------------------------------------------------------ modes

test('auto mode: "Hide for this session" hides the badge for the session; force-show and locked-show ignore it', async () => {
  const { owner, grid } = await author();
  const e = await servedPage(owner);
  const platformPolicy = (policy) => world.app.mustAdmin('PUT', '/badge-policy', { policy });
  const gridPolicy = (policy) => world.app.mustAdmin('PUT', `/grids/${grid.slug}/badge-policy`, { policy });
  const modeOfTag = async () => (await (await fetchLocal(e.url)).text()).match(/data-platform-badge-mode="([^"]+)"/)?.[1];
  const { page: pg, context, requests } = await openBadgePage(e.url);
  try {
    await clickChip(pg);
    await (await part(pg, 'h')).click();
    assert.equal(await hosts(pg), 0, 'gone at once');
    assert.equal(await state(pg), 'hidden');
    assert.equal(await pg.evaluate(() => sessionStorage.getItem('platform-badge-dismissed')), '1');
    // The same choice as a cookie of this origin: its next pages come without the chip's shell.
    assert.match(await pg.evaluate(() => document.cookie), /(^|; )platform-badge-dismissed=1/);
    const served = () => pg.evaluate(() => fetch(location.href).then((r) => r.text()));
    assert.ok(!(await served()).includes('<platform-badge'), 'no shell to flash');

    await pg.reload();
    await waitForBadge(pg);
    assert.equal(await hosts(pg), 0, 'still hidden after a reload');
    assert.equal(await state(pg), 'hidden');
    await eventually(() => requests.views().length === 2, 'a hidden badge still sends the beacon');

    await platformPolicy('force_on');
    assert.equal(await modeOfTag(), 'force-show');
    assert.ok((await served()).includes('<platform-badge data-platform-shell'), 'a forced badge has its shell despite the cookie');
    await pg.reload();
    await waitForBadge(pg);
    assert.equal(await hosts(pg), 1, 'force-show shows despite the session flag');
    await panelBuilt(pg);
    assert.equal(await pg.evaluate(() => window.__badgeShadowForTests.getElementById('h')), null, 'no hide control');

    await platformPolicy('none');
    await gridPolicy('force_on');
    assert.equal(await modeOfTag(), 'locked-show');
    await pg.reload();
    await waitForBadge(pg);
    assert.equal(await hosts(pg), 1, 'locked-show shows despite the session flag');
    await panelBuilt(pg);
    assert.equal(await pg.evaluate(() => window.__badgeShadowForTests.getElementById('h')), null, 'no hide control');

    await gridPolicy('none');
    assert.equal(await modeOfTag(), 'auto');
    await pg.reload();
    await waitForBadge(pg);
    assert.equal(await hosts(pg), 0, 'back in auto mode the session choice holds again');
  } finally {
    await platformPolicy('none');
    await gridPolicy('none');
    await context.close();
  }
  const fresh = await openBadgePage(e.url);
  assert.equal(await hosts(fresh.page), 1, 'a new session shows the badge again');
  await fresh.context.close();
});

test('a page whose own CSP forbids wasm gets no badge, no thrown error, and ready resolves false', async () => {
  const { owner } = await author();
  const csp = `<meta http-equiv="Content-Security-Policy" content="script-src ${world.app.baseUrl}">`;
  const e = await servedPage(owner, page({ head: csp }));
  const { page: pg, context, errors } = await openBadgePage(e.url, { expectReady: false });
  assert.equal(await hosts(pg), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

// ------------------------------------------------------------------ timing

test('timing: the chip is on screen soon after navigation', async () => {
  const { owner } = await author();
  const e = await servedPage(owner);
  const samples = [];
  for (let i = 0; i < 7; i++) {
    const { page: pg, context } = await openBadgePage(e.url); // a new context each time: cold cache
    samples.push(await pg.waitForFunction(() => window.__badgeVisibleAt).then((h) => h.jsonValue()));
    await context.close();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`# chip visible after navigation start: median ${median.toFixed(0)} ms, min ${sorted[0].toFixed(0)}, max ${sorted.at(-1).toFixed(0)} (cold cache, loopback, ${samples.length} loads)`);
  assert.ok(median < 1000, `median ${median} ms`);
});

// ------------------------------------------------------------------ largest contentful paint

/** A PNG of `width`x`height` noise: real entropy, so Chromium counts it as contentful. */
function noisePng(width, height) {
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let seed = 7;
  for (let i = 0; i < rows.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    rows[i] = i % (width * 3 + 1) === 0 ? 0 : seed >>> 24;
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** Every largest-contentful-paint entry of one load of `url` (`badge`: whether the page has the tag). */
async function lcpEntries(url, { badge }) {
  const context = await world.browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(() => {
    window.__lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__lcp.push({ time: e.startTime, size: e.size, element: e.element ? e.element.tagName.toLowerCase() + (e.element.id ? `#${e.element.id}` : '') : null });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const pg = await context.newPage();
  await pg.goto(url);
  if (badge) await waitForBadge(pg);
  await sleep(300); // a few frames after the chip's first paint
  assert.equal(await hosts(pg), badge ? 1 : 0, 'the chip is on the page exactly when the tag is');
  const entries = await pg.evaluate(() => window.__lcp);
  await context.close();
  return entries;
}

test('the badge is never the Largest Contentful Paint: text, image, near-empty and empty pages', async () => {
  const { owner } = await author();
  const image = `data:image/png;base64,${noisePng(320, 200).toString('base64')}`;
  const pages = {
    text: page(),
    image: page({ tail: `<p><img id="hero" src="${image}" width="320" height="200" alt="Chart"></p>` }),
    // Smaller than the chip's label would be as text: only a canvas label keeps the badge out here.
    'near-empty': `<!doctype html><html><head><meta charset="utf-8"><title>x</title></head><body><p id="tiny" style="font:10px sans-serif">ok</p></body></html>`,
    empty: '<!doctype html><html><head><meta charset="utf-8"><title>x</title></head><body></body></html>',
  };
  // The element each page's own content makes its LCP (text: whichever block of text is largest).
  const expected = { text: undefined, image: 'img#hero', 'near-empty': 'p#tiny', empty: null };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [kind, html] of Object.entries(pages)) {
    const e = await servedPage(owner, html);
    // The same page with the badge off: the Worker serves the same bytes without the tag.
    const plain = await servedPage(owner, html);
    const off = await world.app.request('PATCH', `/api/v2/entities/${plain.entity_id}`, { token: owner.token, json: { badge_mode: 'off' } });
    assert.equal(off.status, 200);
    const runs = { with: [], without: [] };
    for (let i = 0; i < 5; i++) {
      runs.with.push(await lcpEntries(e.url, { badge: true }));
      runs.without.push(await lcpEntries(plain.url, { badge: false }));
    }
    for (const entries of [...runs.with, ...runs.without]) {
      for (const entry of entries) {
        // An element in the badge's closed shadow root is reported as null; the host by its name.
        assert.ok(entry.element !== null && entry.element !== 'platform-badge', `${kind}: an LCP entry from the badge: ${JSON.stringify(entries)}`);
      }
      const last = entries.at(-1);
      if (expected[kind] === null) assert.equal(entries.length, 0, `${kind}: no contentful paint at all, got ${JSON.stringify(entries)}`);
      else if (expected[kind]) assert.equal(last?.element, expected[kind], `${kind}: ${JSON.stringify(entries)}`);
      else assert.ok(last, `${kind}: an LCP entry`);
    }
    if (expected[kind] === null) continue;
    const final = (side) => runs[side].map((entries) => entries.at(-1));
    assert.deepEqual(new Set(final('with').map((x) => x.element)), new Set(final('without').map((x) => x.element)), `${kind}: the same LCP element`);
    assert.deepEqual(new Set(final('with').map((x) => x.size)), new Set(final('without').map((x) => x.size)), `${kind}: the same LCP size`);
    const withBadge = median(final('with').map((x) => x.time));
    const without = median(final('without').map((x) => x.time));
    console.log(`# LCP of the ${kind} page: ${final('with')[0].element}, median ${withBadge.toFixed(0)} ms with the badge, ${without.toFixed(0)} ms without (5 loads each)`);
    // The element and its size above are exact. Times are frame times that swing by 100-200 ms
    // between loads on a busy 2-core machine, so here only a badge that holds the page's paint
    // back (a render-blocking script would cost whole frames of start-up) fails; `npm run bench`
    // compares the two medians against the 5% goal.
    assert.ok(withBadge <= Math.max(1.05 * without, without + 250), `${kind}: ${withBadge} vs ${without} ms`);
  }
});
