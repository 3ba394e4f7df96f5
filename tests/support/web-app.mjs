// The web app's browser tests share this: one Worker under workerd and one headless Chromium per
// test file (`useWebApp()` starts both), a page signed in as a user, and the helpers that drag
// files in, open a sheet and check what a person sees. The tests are in tests/web-*.browser.test.mjs.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_UA } from './harness.mjs';
import { ROOT } from './worker.mjs';
import { scratchDir } from './scratch.mjs';
import { openBrowserWorld, closeBrowserWorld } from './browser.mjs';
import { signedInContext } from '../../web/bench.mjs';

export const SHOTS = join(ROOT, 'test-output', 'web');
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** The file's Worker and browser; live bindings, set by `useWebApp()`'s `before` hook. */
export let app;
export let browser;

export function useWebApp() {
  before(async () => ({ app, browser } = await openBrowserWorld(SHOTS)));
  after(() => closeBrowserWorld({ app, browser }));
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));


/** A page of the app signed in as `user` on `grid`, failing the test on any uncaught page error. */
export async function open(user, grid, { viewport = DESKTOP, path = '/' } = {}) {
  const context = await signedInContext(browser, { user, grid, baseUrl: app.baseUrl, viewport, userAgent: BROWSER_UA });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${app.baseUrl}${path}`);
  await page.waitForSelector('#grid[aria-busy=false]', { state: 'attached' });
  return page;
}

export async function done(page) {
  assert.deepEqual(page.errors, [], 'no uncaught errors in the page');
  await page.context().close();
}

export const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

export const read = (user, id) => app.request('GET', `/api/v2/inspirations/${id}`, { token: user.token });

/** Files on disk to drag in: `tree` maps relative paths to contents. Returns the folder's path. */
export function filesOnDisk(tree) {
  const root = scratchDir('web');
  for (const [path, content] of Object.entries(tree)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** Drags real files or folders from disk onto the page, as a person would from a file manager. */
export async function dragOnto(page, paths) {
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  const { width, height } = page.viewportSize();
  for (const type of ['dragEnter', 'dragOver', 'drop']) {
    await cdp.send('Input.dispatchDragEvent', { type, x: width / 2, y: height / 2, data });
  }
  await page.waitForSelector('.drop-dialog');
}

/** Records every text the package rows show while a drop runs (progress, waiting, live). */
export const recordStatuses = (page) => page.evaluate(() => {
  window.__statuses = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.package-status')) window.__statuses.push(el.textContent);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
});

export const PAGE = (title, body = '') => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<style>body{font:18px/1.5 Georgia,serif;margin:40px;color:#222}</style></head><body><h1>${title}</h1><p>${body}</p></body></html>`;

export async function openSheet(page, id) {
  await page.click(`.card[data-id="${id}"] h3 a`);
  await page.waitForSelector('.sheet .facts dl');
}

/** Labels of every form control in `root` that has no accessible name. */
export const unlabelled = (page, root = 'body') => page.evaluate((sel) => [...document.querySelector(sel).querySelectorAll('input, select, textarea, button')]
  .filter((el) => !el.hidden && el.type !== 'hidden' && el.offsetParent !== null)
  .filter((el) => !(el.labels?.length || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.textContent.trim()))
  .map((el) => el.outerHTML.slice(0, 120)), root);
