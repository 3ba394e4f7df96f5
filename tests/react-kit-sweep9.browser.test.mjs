// Single-file React components of sweep 9 (tests/support/ai-components-sweep9.mjs), each as its
// tool saves it: a Claude artifact (.jsx) reading and writing workbooks with SheetJS, a ChatGPT
// canvas (.tsx) kanban board on react-beautiful-dnd's API, a v0 block, a Gemini Canvas app on
// its Firebase globals, React Router's HashRouter and MemoryRouter in one file, a viewer in a dark
// colour scheme, and the libraries Plug does not provide. Dropped on the real Worker and
// opened in Chromium; what is asserted is what a person sees, and the console.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { eventually } from './support/browser.mjs';
import { useReactWorld, quiet, style, text } from './support/react-pages.mjs';
import * as C from './support/ai-components-sweep9.mjs';
import { PYTHON, writtenBy } from './support/python.mjs';
import { execFileSync } from 'node:child_process';

const world = useReactWorld('react-kit-sweep9');
const { SHOTS, dropReact, open } = world;

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
const notices = (page) => page.$$eval('.plug-notice', (ns) => ns.map((n) => n.textContent));
/** A downloaded workbook as openpyxl reads it: its first sheet's title and rows. */
async function readByOpenpyxl(download) {
  const dir = mkdtempSync(join(tmpdir(), 'plug-sweep9-'));
  try {
    const saved = join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    assert.equal(readFileSync(saved).subarray(0, 2).toString(), 'PK');
    return execFileSync(PYTHON, ['-c', `import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).active
print(ws.title, [[c.value for c in r] for r in ws.iter_rows()])`, saved], { encoding: 'utf8' }).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const downloading = (world) => world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 }, acceptDownloads: true });

test("Claude's artifact reads the workbook a person uploads with SheetJS, charts it, and its export downloads a workbook openpyxl reads", async () => {
  const e = await dropReact('revenue-explorer.jsx', C.CLAUDE_WORKBOOK);
  const context = await downloading(world);
  const { page } = await open(e, context);
  await page.waitForSelector('#root svg.lucide');
  const book = writtenBy(C.REVENUE_WORKBOOK_PY, 'q3.xlsx');
  await page.setInputFiles('#root #file', { name: 'q3.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: book });
  await page.waitForSelector('#root #sheet');
  assert.equal(await text(page, '#root #sheet'), 'Q3 Revenue');
  assert.equal(await text(page, '#root #total'), '$156,550');
  // Its rows, the dates read as dates (cellDates), and four bars drawn to their values.
  assert.deepEqual(await page.$$eval('#root tbody tr', (rs) => rs.map((r) => [...r.cells].map((c) => c.textContent).join(' '))), [
    'North 42000 2024-09-03', 'South 31500 2024-09-09', 'East 27250 2024-09-17', 'West 55800 2024-09-28',
  ]);
  await eventually(async () => (await page.$$('#root #chart .recharts-bar-rectangle path')).length === 4, 'four bars');
  const heights = await page.$$eval('#root #chart .recharts-bar-rectangle path', (ps) => ps.map((p) => p.getBBox().height));
  assert.ok(heights[3] > heights[0] && heights[0] > heights[1] && heights[1] > heights[2], `bars as tall as their revenue: ${heights}`);
  assert.equal(await style(page, '#root #export', 'background-color'), 'rgb(5, 150, 105)');
  await shot(page, 'claude-workbook');
  // The export is a real workbook, downloaded under its name.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#root #export')]);
  assert.equal(download.suggestedFilename(), 'revenue-summary.xlsx');
  assert.equal(await readByOpenpyxl(download), "Summary [['Region', 'Revenue', 'Share'], ['North', 42000, '27%'], ['South', 31500, '20%'], ['East', 27250, '17%'], ['West', 55800, '36%']]");
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test('SheetJS imported as a default (import XLSX from "xlsx"): a table exported as it is on screen downloads as a workbook', async () => {
  const e = await dropReact('GradeTable.jsx', C.CHATGPT_TABLE_EXPORT);
  const context = await downloading(world);
  const { page } = await open(e, context);
  await page.waitForSelector('#root #export');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#root #export')]);
  assert.equal(download.suggestedFilename(), 'grades.xlsx');
  assert.equal(await readByOpenpyxl(download), "Grades [['Name', 'Score'], ['Ada', 93], ['Grace', 88]]");
  quiet(page);
  await context.close();
});

test("ChatGPT's .tsx kanban board on react-beautiful-dnd: a card dragged with the keyboard and one with the mouse change columns", async () => {
  const e = await dropReact('KanbanBoard.tsx', C.CHATGPT_KANBAN);
  const { page, context } = await open(e);
  await page.waitForSelector('#root .task');
  const columns = () => page.$$eval('#root [id^="col-"]', (cs) => cs.map((c) => [...c.querySelectorAll('.task')].map((t) => t.textContent).join('|')));
  assert.deepEqual(await columns(), ['Write the brief|Sketch the layout', 'Review copy', '']);
  assert.equal(await page.$$eval('#root .task svg.lucide', (s) => s.length), 3);
  // The keyboard drag react-beautiful-dnd documents: space lifts, an arrow moves, space drops.
  await page.focus('#root #col-todo .task >> nth=0');
  await page.keyboard.press('Space');
  await page.waitForTimeout(100);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await eventually(async () => (await columns())[1].includes('Write the brief'), 'the card in "In progress"');
  assert.deepEqual(await columns(), ['Sketch the layout', 'Write the brief|Review copy', '']);
  // A mouse drag of "Review copy" into "Done".
  const card = await (await page.$('#root #col-doing .task >> nth=1')).boundingBox();
  const done = await (await page.$('#root #col-done [data-rfd-droppable-id]')).boundingBox();
  await page.mouse.move(card.x + 20, card.y + card.height / 2);
  await page.mouse.down();
  await page.mouse.move(card.x + 30, card.y + card.height / 2 + 10, { steps: 5 });
  await page.mouse.move(done.x + done.width / 2, done.y + 30, { steps: 20 });
  await page.waitForTimeout(200);
  await page.mouse.up();
  await eventually(async () => (await columns())[2] === 'Review copy', 'the card in "Done"');
  assert.equal(await text(page, '#root #col-done .count'), '(1)');
  await page.click('#root #add');
  assert.deepEqual((await columns())[0], 'Sketch the layout|New task');
  await shot(page, 'chatgpt-kanban');
  quiet(page);
  await context.close();
});

test('a v0 block ("use client", several @/components/ui parts, cn) draws its cards and its switch changes every price', async () => {
  const e = await dropReact('pricing.tsx', C.V0_PRICING);
  const { page, context } = await open(e);
  await page.waitForSelector('#root .price');
  const prices = () => page.$$eval('#root .price', (ps) => ps.map((p) => p.textContent));
  assert.deepEqual(await prices(), ['$9/mo', '$29/mo', '$79/mo']);
  // shadcn's theme: the popular card's primary border and badge, the outline buttons, the switch.
  const buttons = () => page.$$eval('#root section button:not([role])', (bs) => bs.map((b) => getComputedStyle(b).backgroundColor));
  const [outline, primary] = await buttons();
  assert.equal(outline, 'rgb(255, 255, 255)');
  assert.notEqual(primary, outline);
  assert.equal(await page.$eval('#root section .border-primary', (c) => getComputedStyle(c).borderTopColor), primary);
  assert.equal(await page.$eval('#root section .border-primary div.inline-flex', (b) => getComputedStyle(b).backgroundColor), primary, 'the Popular badge');
  assert.equal(await style(page, '#root button[role="switch"]', 'background-color'), 'rgb(226, 232, 240)');
  assert.equal(await page.$$eval('#root svg.lucide', (s) => s.length), 9);
  assert.equal(await style(page, '#root button[role="switch"]', 'border-radius'), '9999px');
  await page.click('#root button[role="switch"]');
  await eventually(async () => (await prices())[0] === '$90/yr', 'yearly prices');
  assert.deepEqual(await prices(), ['$90/yr', '$290/yr', '$790/yr']);
  assert.equal(await page.getAttribute('#root button[role="switch"]', 'data-state'), 'checked');
  await eventually(async () => (await style(page, '#root button[role="switch"]', 'background-color')) === primary, 'the switch in the primary colour');
  await shot(page, 'v0-pricing');
  quiet(page);
  await context.close();
});

test("a Gemini Canvas app (const App = () => …; export default App;) signs in on Canvas's globals and lists the notes it adds", async () => {
  const e = await dropReact('quick-notes.jsx', C.GEMINI_NOTES);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #user');
  assert.match(await style(page, '#root > div', 'background-image'), /^linear-gradient/);
  for (const note of ['Water the plants', 'Book the train']) {
    await page.fill('#root #note', note);
    await page.press('#root #note', 'Enter');
    await eventually(async () => (await text(page, '#root #notes')).includes(note), `"${note}" listed`);
  }
  assert.deepEqual((await page.$$eval('#root #notes li', (l) => l.map((n) => n.textContent))).sort(), ['Book the train', 'Water the plants']);
  assert.equal(await page.inputValue('#root #note'), '');
  const said = await notices(page);
  assert.equal(said.length, 1, said.join('\n'));
  assert.match(said[0], /kept in this browser only/);
  await shot(page, 'gemini-notes');
  quiet(page);
  await context.close();
});

test("in a viewer's dark colour scheme a component's native fields stay light, as on the light canvas it is drawn on", async () => {
  const e = await dropReact('Settings.jsx', C.PLAIN_SETTINGS);
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 900, height: 400 }, colorScheme: 'dark' });
  const { page } = await open(e, context);
  await page.waitForSelector('#root #hello');
  // Plug's header follows the viewer's scheme; the component's canvas and its fields do not.
  assert.equal(await style(page, 'body', 'background-color'), 'rgb(255, 255, 255)');
  assert.equal(await style(page, '#root #hello', 'color'), 'rgb(17, 17, 17)');
  // Without `color-scheme: light` the text field was dark grey (59, 59, 59) under #111 text.
  assert.equal(await style(page, '#root #name', 'background-color'), 'rgb(255, 255, 255)');
  assert.equal(await style(page, '#root #plan', 'background-color'), 'rgb(239, 239, 239)');
  await page.fill('#root #name', 'Grace');
  assert.equal(await text(page, '#root #hello'), 'Hello, Grace');
  await shot(page, 'dark-viewer-fields');
  quiet(page);
  await context.close();
});

test('React Router in one file: a HashRouter moves through the hash and a reload keeps its page; a MemoryRouter leaves the address alone', async () => {
  const e = await dropReact('Shop.jsx', C.HASH_ROUTER_SHOP);
  const { page, context } = await open(e);
  await page.waitForSelector('#root main li a');
  assert.equal(await style(page, '#root header a.font-bold', 'color'), 'rgb(29, 78, 216)');
  await page.click('#root main li:nth-child(2) a');
  await page.waitForSelector('#root #product');
  assert.equal(new URL(page.url()).hash, '#/products/2');
  assert.equal(await text(page, '#root #product h2'), 'Walnut Shelf');
  await page.reload();
  await page.waitForSelector('#root #product');
  assert.equal(await text(page, '#root #product h2'), 'Walnut Shelf', 'the same page after a reload');
  await page.click('#root header a[href="#/about"]');
  await page.waitForSelector('#root #about');
  assert.equal(await text(page, '#root header a.font-bold'), 'About');
  await shot(page, 'hash-router');
  quiet(page);
  const wizard = await dropReact('Wizard.jsx', C.MEMORY_ROUTER_WIZARD);
  const { page: steps } = await open(wizard, context);
  await steps.waitForSelector('#root #next');
  const address = steps.url();
  await steps.click('#root #next');
  await steps.click('#root #next');
  await steps.waitForSelector('#root #finished');
  assert.equal(await text(steps, '#root #where'), '/step/3');
  assert.equal(steps.url(), address, 'the address is unchanged');
  await shot(steps, 'memory-router');
  quiet(steps);
  await context.close();
});
