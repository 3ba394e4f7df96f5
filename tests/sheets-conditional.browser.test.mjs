// Conditional formatting as Excel shows it: cell-is rules, formula rules, "text contains",
// top N, duplicates, colour scales and data bars, evaluated against stored and calculated values
// (a spilled range too). XlsxWriter and openpyxl (the project venv) write each workbook during the
// run, LibreOffice saves one again when installed; each is dropped through the real Worker and
// read in Chromium at each cell's place on screen: its computed colours and bar lengths.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { writtenBy } from './support/python.mjs';

const SHOTS = join(ROOT, 'test-output', 'sheets-conditional');
let app;
let browser;
let owner;
before(async () => { ({ app, browser, owner } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

async function openWorkbook(name, content) {
  const e = await app.dropLive(owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'xlsx' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') page.errors.push(message.text()); });
  const started = Date.now();
  await page.goto(e.url);
  await page.waitForFunction(() => document.getElementById('plug-main').dataset.state === 'ready' || document.querySelector('.plug-error'), null, { timeout: 120_000 });
  assert.equal(await page.$('.plug-error'), null, await page.textContent('main'));
  return { page, context, seconds: (Date.now() - started) / 1000 };
}

/**
 * What a person sees at a cell's place (the element under its column letter's middle and its row
 * number's): text, background colour, font colour and weight, and a data bar's span in percent of
 * the cell's width (from the gradient's stops), or null.
 */
function lookAt(page, address) {
  return page.evaluate((address) => {
    const [, letters, number] = /^([A-Z]+)(\d+)$/.exec(address);
    const sheet = document.querySelector('.plug-sheet').getBoundingClientRect();
    const heads = (selector, text) => [...document.querySelectorAll(selector)].filter((e) => e.textContent === text)
      .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
    const column = heads('.plug-colhead', letters).find((r) => r.left >= sheet.left - 1 && r.right <= sheet.right + 1);
    const row = heads('.plug-rowhead', number).find((r) => r.top >= sheet.top - 1 && r.bottom <= sheet.bottom + 1);
    if (!column || !row) return null;
    const cell = document.elementsFromPoint(column.left + column.width / 2, row.top + row.height / 2).find((e) => e.classList.contains('plug-c'));
    if (!cell) return null;
    const style = getComputedStyle(cell);
    const hex = (css) => {
      const m = /rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)/.exec(css);
      if (!m || m[4] === '0') return null;
      return `#${[m[1], m[2], m[3]].map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
    };
    const stops = [...style.backgroundImage.matchAll(/(rgba?\([^)]*\)) ([\d.]+)%/g)].map((m) => [hex(m[1]), Number(m[2])]).filter(([c]) => c);
    const bar = stops.length >= 2 ? { from: stops[0][1], to: stops[stops.length - 1][1], color: stops[0][0] } : null;
    return { text: cell.textContent, fill: hex(style.backgroundColor), color: hex(style.color), bold: Number(style.fontWeight) >= 700, bar };
  }, address);
}

async function looks(page, addresses) {
  const shown = {};
  for (const address of addresses) shown[address] = await lookAt(page, address);
  return shown;
}

const XLSXWRITER = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Sales')
red = book.add_format({'bg_color': '#FFC7CE', 'font_color': '#9C0006'})
green = book.add_format({'bg_color': '#C6EFCE', 'font_color': '#006100'})
yellow = book.add_format({'bold': True, 'bg_color': '#FFEB9C'})
sheet.write_row(0, 0, ['Name', 'Amount', 'Scale', 'Bar', 'Text', 'Code', 'Double', 'Cost', 'Sorted'])
for r in range(1, 11):
    sheet.write(r, 0, 'Item %d' % r)
    sheet.write(r, 1, r * 20)
    sheet.write(r, 2, r)
    sheet.write(r, 3, r * 10)
    sheet.write(r, 4, 'apple pie' if r % 3 == 0 else 'banana')
    sheet.write(r, 5, [7, 3, 7, 5, 9, 3, 1, 8, 2, 4][r - 1])
    sheet.write_formula(r, 6, '=B%d*2' % (r + 1))
    sheet.write(r, 7, r * 15)
sheet.conditional_format('B2:B11', {'type': 'cell', 'criteria': '>', 'value': 150, 'format': red})
sheet.conditional_format('B2:B11', {'type': 'cell', 'criteria': 'between', 'minimum': 40, 'maximum': 60, 'format': green})
sheet.conditional_format('C2:C11', {'type': '3_color_scale'})
sheet.conditional_format('D2:D11', {'type': 'data_bar', 'bar_color': '#638EC6'})
sheet.conditional_format('E2:E11', {'type': 'text', 'criteria': 'containing', 'value': 'apple', 'format': yellow})
sheet.conditional_format('F2:F11', {'type': 'duplicate', 'format': red})
# Formula cells with XlsxWriter's placeholder 0: ranked on the values the viewer calculates.
sheet.conditional_format('G2:G11', {'type': 'top', 'value': 3, 'format': green})
sheet.conditional_format('A2:A11', {'type': 'formula', 'criteria': '=$H2>100', 'format': yellow})
# A spilled range (stored as its anchor alone) is formatted once spilled.
sheet.write_dynamic_array_formula('I2', '=SORT(B2:B11)')
sheet.conditional_format('I2:I11', {'type': 'cell', 'criteria': '>=', 'value': 180, 'format': red})
book.close()
`;

const RED = '#ffc7ce';
const GREEN = '#c6efce';
const YELLOW = '#ffeb9c';

test('conditional formats XlsxWriter writes show as in Excel, on calculated and spilled values', async () => {
  const { page, context } = await openWorkbook('conditional.xlsx', writtenBy(XLSXWRITER));
  await page.screenshot({ path: join(SHOTS, 'xlsxwriter.png') });
  const seen = await looks(page, ['B2', 'B3', 'B4', 'B5', 'B9', 'B10', 'C2', 'C11', 'D2', 'D6', 'D11', 'E4', 'E5', 'F2', 'F3', 'F5', 'F7', 'F9', 'G2', 'G9', 'G11', 'A2', 'A8', 'A11', 'I2', 'I10', 'I11']);
  // Cell is: > 150 red with dark red text, between 40 and 60 green; others as they were.
  assert.deepEqual([seen.B2.fill, seen.B3.fill, seen.B4.fill, seen.B5.fill, seen.B9.fill, seen.B10.fill], [null, GREEN, GREEN, null, RED, RED]);
  assert.equal(seen.B10.color, '#9c0006');
  assert.equal(seen.B10.text, '180');
  // XlsxWriter's 3-colour scale: red at the minimum, green at the maximum.
  assert.equal(seen.C2.fill, '#f8696b');
  assert.equal(seen.C11.fill, '#63be7b');
  // Data bars from 0 (automatic minimum) to the maximum: 10 of 100 is a tenth of the cell.
  assert.equal(seen.D2.bar.color, '#638ec6');
  assert.deepEqual([seen.D2.bar.from, seen.D2.bar.to, seen.D6.bar.to, seen.D11.bar.to], [0, 10, 50, 100]);
  assert.equal(seen.C2.bar, null);
  // Text contains "apple": filled and bold.
  assert.deepEqual([seen.E4.fill, seen.E4.bold, seen.E5.fill, seen.E5.bold], [YELLOW, true, null, false]);
  // Duplicates: 7 and 3 appear twice, 5 and 8 once.
  assert.deepEqual([seen.F2.fill, seen.F3.fill, seen.F5.fill, seen.F7.fill, seen.F9.fill], [RED, RED, null, RED, null]);
  // Top 3 of the calculated doubles (2*B: 40…400): rows 9-11.
  assert.deepEqual([seen.G2.text, seen.G2.fill, seen.G9.fill, seen.G11.fill, seen.G11.text], ['40', null, GREEN, GREEN, '400']);
  // A formula rule with a relative row (=$H2>100): H is 15 × row, so rows 8-11.
  assert.deepEqual([seen.A2.fill, seen.A8.fill, seen.A11.fill, seen.A8.bold], [null, YELLOW, YELLOW, true]);
  // The spill (sorted amounts) is formatted where it landed.
  assert.deepEqual([seen.I2.text, seen.I2.fill, seen.I10.text, seen.I10.fill, seen.I11.fill], ['20', null, '180', RED, RED]);
  assert.deepEqual(page.errors, []);
  await context.close();
});
