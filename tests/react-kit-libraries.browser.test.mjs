// Single-file React components with the libraries the tools reach for beyond their published lists
// (tests/support/ai-components-libraries.mjs): Radix primitives imported directly, TanStack Table,
// dnd-kit, Headless UI, react-hot-toast, dayjs and nanoid, each of which used to stop the component
// with "Cannot import"; and the contract's own libraries used the ways the earlier files did not.
// Dropped on the real Worker and opened in Chromium; what is asserted is what a person sees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { eventually } from './support/browser.mjs';
import { useReactWorld, quiet, style, text } from './support/react-pages.mjs';
import * as C from './support/ai-components-libraries.mjs';

const world = useReactWorld('react-kit-libraries');
const { SHOTS, dropReact, open } = world;

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const kitFiles = (page) => page.requested.filter((p) => p.includes('/react-kit/')).map((p) => p.split('/react-kit/')[1]);

test("shadcn's Tabs and Dialog written on @radix-ui directly work, and the kit's Select inside that Dialog shares its layers", async () => {
  const e = await dropReact('settings.tsx', C.RADIX_DIRECT);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #panel');
  assert.equal(await text(page, '#root #panel'), 'Make changes to your account here.');
  await page.click('text=Password');
  await eventually(async () => (await text(page, '#root #panel')) === 'Change your password here.', 'the second tab');
  await page.click('#root #edit');
  await page.waitForSelector('#dialog');
  assert.equal(await page.textContent('#dialog h2'), 'Change plan');
  // The kit's Select opens inside the Dialog and its item takes the click: with two copies of
  // Radix the Dialog's layer would take the Select's portal for "outside" and close (or block it).
  await page.click('#plan-select');
  await page.click('[role="option"]:has-text("Pro")');
  await eventually(async () => (await text(page, '#root #plan')) === 'Plan: pro', 'the chosen plan');
  assert.ok(await page.isVisible('#dialog'), 'the dialog stayed open');
  await shot(page, 'radix-direct');
  await page.keyboard.press('Escape');
  await eventually(async () => !(await page.isVisible('#dialog')), 'Escape closed the dialog');
  // Each primitive is a small module reading ui.mjs's copy, not a second Radix.
  const files = kitFiles(page);
  assert.ok(files.includes('radix-dialog.mjs') && files.includes('radix-tabs.mjs'), files.join(' '));
  quiet(page);
  await context.close();
});

test("Radix's own Popover, Switch, Accordion and Tooltip.Provider by their namespaces, without the kit's components", async () => {
  const e = await dropReact('preferences.jsx', C.RADIX_PRIMITIVES);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #more');
  await page.click('#root #more');
  await eventually(async () => (await page.textContent('#popover').catch(() => '')).includes('Width 100%'), 'the popover');
  await page.keyboard.press('Escape');
  await page.click('#root #airplane');
  await eventually(async () => (await text(page, '#root #mode')) === 'Airplane mode on', 'the switch');
  assert.equal(await page.getAttribute('#root #airplane', 'data-state'), 'checked');
  await page.click('#root #faq');
  await eventually(async () => (await page.textContent('#root #answer').catch(() => '')).includes('WAI-ARIA'), 'the accordion item');
  await shot(page, 'radix-primitives');
  quiet(page);
  await context.close();
});

test("v0's data table on TanStack Table sorts by a header, filters as one types and pages", async () => {
  const e = await dropReact('data-table.tsx', C.DATA_TABLE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #rows tr');
  const emails = () => page.$$eval('#root #rows tr td:nth-child(2)', (cells) => cells.map((c) => c.textContent));
  assert.equal((await emails()).length, 5, 'five rows a page');
  assert.equal(await text(page, '#root #page'), 'Page 1 of 2');
  assert.equal(await page.textContent('#root #rows tr:first-child td:nth-child(3)'), '$316.00');
  await page.click('#root #sort-email');
  await eventually(async () => (await emails())[0] === 'abe45@example.com', 'sorted by email');
  assert.deepEqual(await emails(), ['abe45@example.com', 'carmella@example.com', 'ken99@example.com', 'monserrat44@example.com', 'silas22@example.com']);
  await page.click('#root #next');
  await eventually(async () => (await emails()).join() === 'zed@example.com', 'the second page');
  await page.fill('#root #filter', 'ken');
  await eventually(async () => (await emails()).join() === 'ken99@example.com', 'filtered');
  await shot(page, 'data-table');
  quiet(page);
  await context.close();
});

test("dnd-kit's sortable list kept to its axis by a modifier: a task picked up with Space and moved with the arrow keys lands below", async () => {
  const e = await dropReact('board.jsx', C.SORTABLE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root [data-task="Write brief"]');
  const order = () => page.$$eval('#root #tasks li', (items) => items.map((i) => i.textContent));
  assert.deepEqual(await order(), ['Write brief', 'Review design', 'Ship it']);
  await page.focus('#root [data-task="Write brief"]');
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await eventually(async () => (await order())[1] === 'Write brief', 'the moved task');
  assert.deepEqual(await order(), ['Review design', 'Write brief', 'Ship it']);
  await shot(page, 'sortable');
  quiet(page);
  await context.close();
});

test("Headless UI's Switch, Menu and a Dialog in a Transition open, pick and close", async () => {
  const e = await dropReact('headless.jsx', C.HEADLESS_UI);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #notify');
  await page.click('#root #notify');
  await eventually(async () => (await text(page, '#root #notify-state')) === 'Notifications on', 'the switch');
  assert.equal(await page.getAttribute('#root #notify', 'aria-checked'), 'true');
  await page.click('#root #options');
  // Headless UI gives its items ids of its own.
  await page.click('[role="menuitem"]:has-text("Duplicate")');
  await eventually(async () => (await text(page, '#root #picked')) === 'Picked: Duplicate', 'the menu item');
  await page.click('#root #open');
  await eventually(async () => page.isVisible('[role="dialog"] h3'), 'the dialog');
  assert.equal(await page.textContent('[role="dialog"] h3'), 'Payment successful');
  await shot(page, 'headless-ui');
  await page.click('#got-it');
  await eventually(async () => !(await page.isVisible('[role="dialog"] h3')), 'the dialog closed');
  quiet(page);
  await context.close();
});

test('a notes app: nanoid ids, dayjs with its relativeTime plugin, and a react-hot-toast on save', async () => {
  const e = await dropReact('notes.jsx', C.NOTES);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #today');
  assert.equal(await text(page, '#root #today'), 'Friday, March 14, 2025');
  assert.match(await text(page, '#root #notes li'), /^Welcome 2 days ago$/);
  await page.fill('#root #text', 'Buy milk');
  await page.click('#root #save');
  await eventually(async () => (await page.textContent('body')).includes('Note saved!'), 'the toast');
  assert.match(await page.textContent('#root #notes li:nth-child(2)'), /^Buy milk a few seconds ago$/);
  const ids = await page.$$eval('#root #notes li', (items) => items.map((i) => i.dataset.id));
  assert.equal(new Set(ids).size, 2);
  for (const id of ids) assert.match(id, /^[A-Za-z0-9_-]{21}$/, 'a nanoid');
  // Only the plugin named is loaded.
  assert.deepEqual(kitFiles(page).filter((f) => f.startsWith('dayjs-plugin/')), ['dayjs-plugin/relativeTime.mjs']);
  await shot(page, 'notes');
  quiet(page);
  await context.close();
});

test("a dayjs plugin no release has is named with its line, as any import Plug does not provide", async () => {
  const e = await dropReact('when.jsx', "import dayjs from 'dayjs';\nimport fancy from 'dayjs/plugin/fancyFormat';\ndayjs.extend(fancy);\nexport default () => <p>{dayjs().format()}</p>;\n");
  const { page, context } = await open(e);
  await eventually(async () => (await page.textContent('body')).includes('Cannot import "dayjs/plugin/fancyFormat" (line 2'), 'the message');
  await context.close();
});

test("recharts' composed chart and a pie with its own labels, chart.js registered by hand, papaparse on a chosen file, a dynamic import", async () => {
  const e = await dropReact('analytics.jsx', C.ANALYTICS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #composed .recharts-bar-rectangle');
  assert.equal(await page.$$eval('#root #composed .recharts-bar-rectangle', (b) => b.length), 4, 'four bars');
  assert.ok(await page.$('#root #composed .recharts-area-area'), 'the area');
  assert.ok(await page.$('#root #composed .recharts-reference-line'), 'the reference line');
  assert.deepEqual(await page.$$eval('#root #pie .pie-label', (l) => l.map((x) => x.textContent)), ['60%', '30%', '10%']);
  await eventually(async () => page.evaluate(() => window.__doughnut?.getDatasetMeta(0).data.length === 2), 'the doughnut');
  const dir = mkdtempSync(join(tmpdir(), 'plug-csv-'));
  const csv = join(dir, 'sales.csv');
  writeFileSync(csv, 'region,sales\nNorth,120\nSouth,80\nNorth,30\n');
  // The page reads the file from disk after the change event: it stays until the rows show.
  try {
    await page.setInputFiles('#root #csv', csv);
    await eventually(async () => (await text(page, '#root #count')) === '3 rows', 'the parsed rows');
  } finally {
    rmSync(dir, { recursive: true });
  }
  assert.deepEqual(await page.$$eval('#root #regions li', (l) => l.map((x) => x.textContent)), ['North: 150', 'South: 80']);
  await eventually(async () => (await text(page, '#root #lodash')) === 'lodash 4.17.21', 'the dynamic import');
  await shot(page, 'analytics');
  quiet(page);
  await context.close();
});

test("shadcn's pieces of late 2025 v0 imports: an empty state, a spinner on a pending button, a shortcut's keys, styled", async () => {
  const e = await dropReact('projects.tsx', C.SHADCN_LATE_2025);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #title');
  assert.equal(await text(page, '#root #title'), 'No projects yet');
  assert.equal(await style(page, '#root #empty', 'borderStyle'), 'dashed', 'the dashed panel');
  assert.equal(await style(page, '#root #empty', 'textAlign'), 'center');
  assert.equal(await style(page, '#root #key', 'fontSize'), '12px', "the key's text-xs");
  assert.notEqual(await style(page, '#root #key', 'backgroundColor'), 'rgba(0, 0, 0, 0)', 'the key on bg-muted');
  await page.click('#root #create');
  await eventually(async () => (await text(page, '#root #create')) === 'Creating...', 'the pending button');
  assert.equal(await page.getAttribute('#root #spinner', 'role'), 'status');
  assert.match(await style(page, '#root #spinner', 'animationName'), /spin/, 'the spinner turns');
  await shot(page, 'shadcn-late-2025');
  quiet(page);
  await context.close();
});
