// The office viewers' browser tests share this: drop a workbook and open it once every formula is
// calculated, and read what a person sees at a cell's place on screen; drop a Word document and
// open it once its pages are laid out.
import assert from 'node:assert/strict';
import { BROWSER_UA } from './harness.mjs';
import { useBrowserWorld } from './browser-world.mjs';

/**
 * A sheet test file's world: `useBrowserWorld`'s (`world.app`, `world.browser`, `world.SHOTS`,
 * `world.open`) and `world.openWorkbook(name, content, options)`, `openWorkbook` below as a user of
 * its own each time (one user may create only 10 drops a minute).
 */
export function useSheetWorld(shotsFolder) {
  const world = useBrowserWorld(shotsFolder);
  world.openWorkbook = async (name, content, options) =>
    openWorkbook({ app: world.app, browser: world.browser, user: (await world.app.world()).owner }, name, content, options);
  return world;
}

/**
 * Drops the workbook as `user` (a file's own owner keeps each test under the limit of 10 drops a
 * minute) and opens it in a fresh context; resolves once every formula is calculated. The page's
 * uncaught errors collect in `page.errors`, and with `console` its console errors and warnings too.
 */
export async function openWorkbook({ app, browser, user }, name, content, { console = false } = {}) {
  const e = await app.dropLive(user, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'xlsx' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  if (console) page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') page.errors.push(message.text()); });
  const started = Date.now();
  await page.goto(e.url);
  await page.waitForFunction(() => document.getElementById('plug-main').dataset.state === 'ready' || document.querySelector('.plug-error'), null, { timeout: 120_000 });
  assert.equal(await page.$('.plug-error'), null, await page.textContent('main'));
  return { page, context, seconds: (Date.now() - started) / 1000 };
}

// Runs in the page: the cell element drawn under the middle of the column letter's column and the
// row number's row (a merged range or spilling text answers for the cells it covers); undefined
// when that column or row is not on screen, null when nothing is drawn there.
const CELL_AT = (address) => {
  const [, letters, number] = /^([A-Z]+)(\d+)$/.exec(address);
  const sheet = document.querySelector('.plug-sheet').getBoundingClientRect();
  const heads = (selector, text) => [...document.querySelectorAll(selector)].filter((e) => e.textContent === text)
    .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  const column = heads('.plug-colhead', letters).find((r) => r.left >= sheet.left - 1 && r.right <= sheet.right + 1);
  const row = heads('.plug-rowhead', number).find((r) => r.top >= sheet.top - 1 && r.bottom <= sheet.bottom + 1);
  if (!column || !row) return undefined;
  return document.elementsFromPoint(column.left + column.width / 2, row.top + row.height / 2)
    .find((e) => e.classList.contains('plug-c')) ?? null;
};

/**
 * `read(cell)` run in the page on the cell drawn at `address` (see CELL_AT): null when the column
 * or row is off screen, `read(null)` when nothing is drawn there. `read` must be self-contained:
 * it is sent to the page as its source.
 */
export function atCell(page, address, read) {
  return page.evaluate(`(() => { const cell = (${CELL_AT})(${JSON.stringify(address)});
    return cell === undefined ? null : (${read})(cell); })()`);
}

/** The text an address shows ('' where nothing is drawn, null off screen). */
export const textAt = (page, address) => atCell(page, address, (cell) => (cell ? cell.textContent : ''));

/** `textAt` of each address, by address. */
export async function texts(page, addresses) {
  const shown = {};
  for (const address of addresses) shown[address] = await textAt(page, address);
  return shown;
}

/** Drops a Word document as `user` and opens it once the viewer has laid out its pages; the page's
 * uncaught errors collect in `page.errors`. */
export async function openDocument({ app, browser, user }, name, content) {
  const e = await app.dropLive(user, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'docx' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  await page.goto(e.url);
  await page.waitForFunction(() => document.getElementById('plug-main').dataset.state === 'ready' || document.querySelector('.plug-error'), null, { timeout: 60_000 });
  assert.equal(await page.$('.plug-error'), null, await page.textContent('main'));
  return { page, context };
}
