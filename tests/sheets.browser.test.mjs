// The spreadsheet viewer (issue 15) on workbooks written by other people's code: XlsxWriter and
// openpyxl (the project venv, scripts/setup.sh) write them during the run, each is dropped through
// the real Worker and opened in Chromium, and the test reads what a person would see: the text
// and computed style at a cell's place on screen, found from its column letter and row number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { atCell, texts, useSheetWorld } from './support/sheet-pages.mjs';
import { savedByLibreOffice, writtenBy } from './support/python.mjs';

const world = useSheetWorld('sheets');
const { SHOTS } = world;

/** Runs a Python script that writes the workbook to `sys.argv[1]`; returns its bytes. */
const workbook = (script) => writtenBy(script);

/** What the sheet shows at a cell's place (`atCell`): its text, font, colours and box; null off screen. */
function cellAt(page, address) {
  return atCell(page, address, (cell) => {
    if (!cell) return { text: '' };
    const style = getComputedStyle(cell);
    const rect = cell.getBoundingClientRect();
    return {
      text: cell.textContent,
      title: cell.title,
      merge: cell.dataset.merge ?? null,
      fontWeight: style.fontWeight,
      fontStyle: style.fontStyle,
      fontSize: style.fontSize,
      color: style.color,
      background: style.backgroundColor,
      boxShadow: style.boxShadow,
      justify: style.justifyContent,
      top: rect.top,
      left: rect.left,
      width: rect.width,
      height: rect.height,
    };
  });
}

/** Scrolls the grid and waits two frames, so the rows now in view are drawn. */
async function scrollGrid(page, { top, left }) {
  await page.evaluate(async ({ top, left }) => {
    const sheet = document.querySelector('.plug-sheet');
    if (top !== undefined) sheet.scrollTop = top === 'end' ? sheet.scrollHeight : top;
    if (left !== undefined) sheet.scrollLeft = left === 'end' ? sheet.scrollWidth : left;
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
  }, { top, left });
}

// XlsxWriter stores 0 as every formula's result and marks the workbook for recalculation on load.
const FORMULAS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
data = book.add_worksheet('Data')
money = book.add_format({'num_format': '#,##0.00'})
data.write_row(0, 0, ['Item', 'Qty', 'Price', 'Total'])
for i, (name, qty, price) in enumerate([('Apple', 3, 1.5), ('Pear', 5, 2.25), ('Plum', 10, 0.4)], start=2):
    data.write_row(i - 1, 0, [name, qty])
    data.write(i - 1, 2, price, money)
    data.write_formula(i - 1, 3, f'=B{i}*C{i}', money)
formulas = {
    'F1': '=SUM(D2:D4)', 'F2': '=AVERAGE(B2:B4)', 'F3': '=MIN(B2:B4)', 'F4': '=MAX(B2:B4)',
    'F5': '=COUNT(A1:D4)', 'F6': '=COUNTA(A1:A4)', 'F7': '=IF(F1>10,"big","small")',
    'F8': '=AND(B2>1,B3>1)', 'F9': '=OR(B2>5,B4>5)', 'F10': '=ROUND(F1/3,2)', 'F11': '=LEN(A3)',
    'F12': '=CONCAT(A2,"+",A3)', 'F13': '=SUMIF(A2:A4,"P*",D2:D4)', 'F14': '=COUNTIF(B2:B4,">4")',
    'F15': '=VLOOKUP("Pear",A2:C4,3,FALSE)', 'F16': "='My Summary'!B1*2", 'F17': '=1/0',
    'F18': '=VLOOKUP("Kiwi",A2:C4,3,FALSE)', 'F19': '=#REF!+1', 'F20': '=50%*B4',
    'F21': '=B2=3', 'F22': '=B2<>3', 'F23': '=A2&" x"&B2', 'F24': '=$B$2+B$3',
    'F25': '=F26+1', 'F26': '=F25+1', 'F27': '=WEBSERVICE("http://example.com")', 'F28': '=F27&"!"',
}
for cell, formula in formulas.items():
    data.write_formula(cell, formula)
# A result the writer did store is shown as stored, even for a function the viewer lacks.
data.write_formula('F29', '=WEBSERVICE("http://example.com/stored")', None, 'stored text')
summary = book.add_worksheet('My Summary')
summary.write_row(0, 0, ['Base', 21])
summary.write_formula('B2', '=Data!F1+1')
book.close()
`;

test('formulas XlsxWriter stored without results are calculated; an unsupported function shows its formula', async () => {
  const { page, context } = await world.openWorkbook('formulas.xlsx', workbook(FORMULAS));
  const shown = await texts(page, ['D2', 'D3', 'D4', ...Array.from({ length: 29 }, (_, i) => `F${i + 1}`)]);
  assert.deepEqual(shown, {
    D2: '4.50', D3: '11.25', D4: '4.00',
    F1: '19.75', F2: '6', F3: '3', F4: '10', F5: '9', F6: '4', F7: 'big', F8: 'TRUE', F9: 'TRUE',
    F10: '6.58', F11: '4', F12: 'Apple+Pear', F13: '15.25', F14: '2', F15: '2.25', F16: '42',
    F17: '#DIV/0!', F18: '#N/A', F19: '#REF!', F20: '5', F21: 'TRUE', F22: 'FALSE', F23: 'Apple x3',
    F24: '8', F25: '=F26+1', F26: '=F25+1', F27: '=WEBSERVICE("http://example.com")', F28: '=F27&"!"',
    F29: 'stored text',
  });
  assert.match((await cellAt(page, 'F25')).title, /circular/i);
  assert.match((await cellAt(page, 'F27')).title, /not support/i);
  await page.screenshot({ path: join(SHOTS, 'formulas.png') });
  await page.click('.plug-sheet-tabs button:has-text("My Summary")');
  await page.waitForFunction(() => [...document.querySelectorAll('.plug-c')].some((c) => c.textContent === 'Base'));
  assert.deepEqual(await texts(page, ['A1', 'B1', 'B2']), { A1: 'Base', B1: '21', B2: '20.75' });
  assert.deepEqual(page.errors, []);
  await context.close();
});

// openpyxl writes formulas with no result at all, here across a quoted sheet name.
const OPENPYXL = String.raw`
import sys, openpyxl
book = openpyxl.Workbook()
first = book.active
first.title = 'Q1 Sales'
for row in [('Region', 'Amount'), ('North', 120), ('South', 80), ('East', 100)]:
    first.append(row)
first['B5'] = '=SUM(B2:B4)'
report = book.create_sheet('Report')
report['A1'] = 'Total'
report['B1'] = "='Q1 Sales'!B5"
report['B2'] = "=ROUND(AVERAGE('Q1 Sales'!B2:B4),1)"
report['B3'] = "=MAX('Q1 Sales'!$B$2:$B$4)-MIN('Q1 Sales'!B2:B4)"
book.save(sys.argv[1])
`;

test('openpyxl formulas, which store no result, are calculated across a quoted sheet name', async () => {
  const { page, context } = await world.openWorkbook('openpyxl.xlsx', workbook(OPENPYXL));
  assert.deepEqual(await texts(page, ['A5', 'B5']), { A5: '', B5: '300' });
  await page.click('.plug-sheet-tabs button:has-text("Report")');
  await page.waitForFunction(() => [...document.querySelectorAll('.plug-c')].some((c) => c.textContent === 'Total'));
  assert.deepEqual(await texts(page, ['B1', 'B2', 'B3']), { B1: '300', B2: '100', B3: '40' });
  await context.close();
});

const STYLES = String.raw`
import sys, datetime, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Styled')
title = book.add_format({'bold': True, 'bg_color': '#FFFF00', 'font_color': '#C00000', 'font_size': 14, 'border': 1})
sheet.write('A1', 'Quarterly report', title)
sheet.write('B1', 'note', book.add_format({'italic': True, 'align': 'center'}))
sheet.merge_range('C1:E2', 'Merged heading', book.add_format({'bold': True, 'align': 'center', 'valign': 'vcenter', 'bg_color': '#DDEBF7'}))
sheet.write_row('A3', ['Amount', 'Share', 'Date', 'Whole', 'Plain'])
sheet.write('A4', 1234567.891, book.add_format({'num_format': '#,##0.00'}))
sheet.write('B4', 0.256, book.add_format({'num_format': '0.0%'}))
sheet.write_datetime('C4', datetime.datetime(2024, 3, 5), book.add_format({'num_format': 'yyyy-mm-dd'}))
sheet.write('D4', 1234567.891, book.add_format({'num_format': '#,##0'}))
sheet.write('E4', 0.5)
sheet.set_column('A:A', 30)
sheet.set_column('C:D', 14)
sheet.set_row(3, 30)
for r in range(5, 60):
    sheet.write_row(r, 0, [f'row {r + 1}', r, r * 2, r * 3, r * 4, r * 5, r * 6, r * 7, r * 8, r * 9, r * 10, r * 11, r * 12, r * 13, r * 14, r * 15, r * 16, r * 17, r * 18, r * 19, r * 20, r * 21])
sheet.freeze_panes(3, 1)
book.close()
`;

test('styles reach the page: bold, fill, font colour and size, merged cells, widths, heights, number formats, frozen panes', async () => {
  const { page, context } = await world.openWorkbook('styles.xlsx', workbook(STYLES));
  const a1 = await cellAt(page, 'A1');
  assert.equal(a1.text, 'Quarterly report');
  assert.equal(a1.fontWeight, '700');
  assert.equal(a1.background, 'rgb(255, 255, 0)');
  assert.equal(a1.color, 'rgb(192, 0, 0)');
  assert.equal(Math.round(parseFloat(a1.fontSize)), Math.round((14 * 96) / 72));
  assert.match(a1.boxShadow, /rgb\(0, 0, 0\)/, 'thin black border');
  const b1 = await cellAt(page, 'B1');
  assert.equal(b1.fontStyle, 'italic');
  assert.equal(b1.justify, 'center');
  // The merged range is one element spanning C1:E2, whichever of its cells is asked.
  const c1 = await cellAt(page, 'C1');
  const e2 = await cellAt(page, 'E2');
  assert.equal(c1.merge, 'C1:E2');
  assert.equal(e2.merge, 'C1:E2');
  assert.equal(e2.text, 'Merged heading');
  const widths = await page.$$eval('.plug-colhead', (heads) => Object.fromEntries(heads.map((h) => [h.textContent, h.getBoundingClientRect().width])));
  const heights = await page.$$eval('.plug-rowhead', (heads) => Object.fromEntries(heads.map((h) => [h.textContent, h.getBoundingClientRect().height])));
  assert.ok(Math.abs(c1.width - (widths.C + widths.D + widths.E)) <= 1, `merge spans three columns: ${c1.width}`);
  assert.ok(Math.abs(c1.height - (heights['1'] + heights['2'])) <= 1, `merge spans two rows: ${c1.height}`);
  assert.equal(widths.A, 215, 'set_column width 30 is 215 px, as in Excel');
  assert.equal(widths.B, 64, 'default width');
  assert.equal(widths.C, 103);
  assert.equal(heights['4'], 40, 'set_row 30 pt is 40 px');
  assert.equal(heights['5'], 20, 'default height');
  assert.deepEqual(await texts(page, ['A4', 'B4', 'C4', 'D4', 'E4']), { A4: '1,234,567.89', B4: '25.6%', C4: '2024-03-05', D4: '1,234,568', E4: '0.5' });
  assert.equal((await cellAt(page, 'A4')).justify, 'flex-end', 'numbers align right');
  await page.screenshot({ path: join(SHOTS, 'styles.png') });
  // Frozen at B4: scrolled right and down, rows 1-3 and column A stay where they were.
  const before = { a1: await cellAt(page, 'A1'), a30: await cellAt(page, 'A30') };
  await scrollGrid(page, { top: 400, left: 900 });
  const a1After = await cellAt(page, 'A1');
  assert.equal(a1After.text, 'Quarterly report');
  assert.equal(a1After.top, before.a1.top, 'the frozen rows do not move');
  assert.equal(a1After.left, before.a1.left, 'the frozen column does not move');
  assert.equal(await cellAt(page, 'B5'), null, 'row 5 has scrolled out of view');
  assert.equal(await cellAt(page, 'C1').then((c) => c?.text ?? null), null, 'column C has scrolled out of view');
  const a40 = await cellAt(page, 'A40');
  assert.equal(a40.text, 'row 40');
  assert.ok(a40.top < before.a30.top, 'column A scrolls vertically with the rows');
  await page.screenshot({ path: join(SHOTS, 'styles-scrolled.png') });
  await context.close();
});

// The number formats Excel writes when a currency is picked with its country (`[$€-407]`, the
// symbol and a locale) and the custom formats people type with words in them (`0" days"`), as
// XlsxWriter writes them and as LibreOffice Calc saves that workbook again.
const LITERAL_FORMATS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Prices')
sheet.set_column('A:A', 24)
for row, (fmt, value) in enumerate([
    ('#,##0.00 [$€-407]', 1234.5),
    ('[$£-809]#,##0.00', 1234.5),
    ('[$$-409]#,##0.00_);[Red]([$$-409]#,##0.00)', -5),
    ('"USD" #,##0.00', 1234.5),
    ('#,##0.00 "CHF"', 1234.5),
    ('0" days"', 12),
    ('#,##0" units"', 1500),
    ('_($* #,##0.00_);_($* (#,##0.00);_($* "-"??_);_(@_)', 1234.5),
    ('yyyy\\-mm\\-dd', 45356),
    ('#,##0;[Red]-#,##0', 5000),
    ('#,##0;[Red]-#,##0', -5000),
]):
    sheet.write_number(row, 0, value, book.add_format({'num_format': fmt}))
book.close()
`;
const LITERAL_TEXTS = { A1: '1,234.50 €', A2: '£1,234.50', A3: '($5.00)', A4: 'USD 1,234.50', A5: '1,234.50 CHF', A6: '12 days', A7: '1,500 units', A8: ' $1,234.50 ', A9: '2024-03-05', A10: '5,000', A11: '-5,000' };

/** Each cell's text colour: a format's `[Red]` section draws its numbers red. */
async function assertSectionColours(page) {
  const colours = {};
  for (const address of ['A1', 'A3', 'A10', 'A11']) colours[address] = (await cellAt(page, address)).color;
  assert.deepEqual(colours, { A1: 'rgb(0, 0, 0)', A3: 'rgb(255, 0, 0)', A10: 'rgb(0, 0, 0)', A11: 'rgb(255, 0, 0)' });
}

test('currency symbols with a locale, words and [Red] sections of number formats show as Excel shows them, also after LibreOffice saves the workbook', async (t) => {
  const written = workbook(LITERAL_FORMATS);
  const { page, context } = await world.openWorkbook('prices.xlsx', written);
  assert.deepEqual(await texts(page, Object.keys(LITERAL_TEXTS)), LITERAL_TEXTS);
  await assertSectionColours(page);
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'literal-formats.png') });
  await context.close();
  const saved = savedByLibreOffice('book.xlsx', written);
  if (!saved) {
    t.diagnostic('soffice is not installed: the LibreOffice round trip was not checked');
    return;
  }
  const again = await world.openWorkbook('prices-libreoffice.xlsx', saved);
  // Calc spells some formats its own way (`"USD "#,##0.00`, `\(…\)`, `[RED]`): the same texts.
  assert.deepEqual(await texts(again.page, Object.keys(LITERAL_TEXTS)), LITERAL_TEXTS);
  await assertSectionColours(again.page);
  assert.deepEqual(again.page.errors, []);
  await again.context.close();
});

// A workbook in the 1904 date system (Excel for Mac's old default, a checkbox in Excel's options):
// durations, a date, and a date and a duration the viewer calculates (no stored results).
const DATE_1904 = String.raw`
import sys, datetime, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1], {'date_1904': True})
sheet = book.add_worksheet()
elapsed = book.add_format({'num_format': '[h]:mm:ss'})
day = book.add_format({'num_format': 'yyyy-mm-dd'})
sheet.write_number('A1', 1.5, elapsed)
sheet.write_number('A2', 0.25, book.add_format({'num_format': '[mm]:ss'}))
sheet.write_datetime('B1', datetime.datetime(2024, 3, 15), day)
sheet.write_formula('A3', '=A1+A1', elapsed)
sheet.write_formula('B2', '=B1+1', day)
sheet.set_column('A:B', 14)
book.close()
`;

test('a 1904-date workbook shows durations from its own serials and dates as dated, stored or calculated', async () => {
  const { page, context } = await world.openWorkbook('mac-1904.xlsx', workbook(DATE_1904));
  assert.deepEqual(await texts(page, ['A1', 'A2', 'A3', 'B1', 'B2']),
    { A1: '36:00:00', A2: '360:00', A3: '72:00:00', B1: '2024-03-15', B2: '2024-03-16' });
  assert.deepEqual(page.errors, []);
  await context.close();
});

// The accounting formats as people get them: Excel's built-in 44 written by id alone (openpyxl
// writes its own spelling of the format so), XlsxWriter's custom spelling, and a euro variant
// with a leading fill. Excel draws the fill's spaces between the sign and the number.
const ACCOUNTING = String.raw`
import sys, openpyxl
book = openpyxl.Workbook()
sheet = book.active
builtin44 = '_("$"* #,##0.00_)_("$"* \\(#,##0.00\\)_("$"* "-"??_)_(@_)'
custom = '_($* #,##0.00_);_($* (#,##0.00);_($* "-"??_);_(@_)'
euro = '_-* #,##0.00 €_-;-* #,##0.00 €_-;_-* "-"?? €_-;_-@_-'
for row, (value, fmt) in enumerate([(1234.5, builtin44), (-9876, builtin44), (0, builtin44), (1234.5, custom), (-50, euro), (12345, '@'), (1.5, '[h]:mm:ss')], start=1):
    sheet.cell(row, 1, value).number_format = fmt
sheet.cell(8, 1, -1234.5).number_format = '#,##0.00*-;(#,##0.00)*-'
sheet.column_dimensions['A'].width = 20
book.save(sys.argv[1])
`;

test('accounting formats spread their fill: the sign at the left edge, the number at the right; built-in formats written by id show', async () => {
  const written = workbook(ACCOUNTING);
  const { page, context } = await world.openWorkbook('accounts.xlsx', written);
  // A fill of spaces is the room itself: the text is the parts either side of it.
  const shown = await texts(page, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7']);
  assert.deepEqual(Object.fromEntries(Object.entries(shown).map(([k, v]) => [k, v.trim()])),
    { A1: '$1,234.50', A2: '$(9,876.00)', A3: '$-', A4: '$1,234.50', A5: '-50.00 €', A6: '12345', A7: '36:00:00' });
  // Where each part is drawn: the sign hugs the cell's left edge, the number its right one.
  const parts = await page.evaluate(() => {
    const row = [...document.querySelectorAll('.plug-rowhead')].find((e) => e.textContent === '1').getBoundingClientRect();
    const cell = document.elementsFromPoint(row.right + 20, row.top + row.height / 2).find((e) => e.classList.contains('plug-c'));
    const box = cell.getBoundingClientRect();
    const range = document.createRange();
    const rectOf = (node) => { range.selectNodeContents(node); return range.getBoundingClientRect(); };
    const [sign, , number] = cell.childNodes;
    return { left: rectOf(sign).left - box.left, right: box.right - rectOf(number).right, width: box.width, fill: cell.querySelector('.plug-fill').getBoundingClientRect().width };
  });
  assert.ok(parts.left < 12 && parts.right < 12, `sign ${parts.left}px from the left, number ${parts.right}px from the right`);
  assert.ok(parts.fill > parts.width / 3, `the fill takes the room between: ${JSON.stringify(parts)}`);
  // A fill of a visible character repeats it to fill the room.
  const dashes = (await cellAt(page, 'A8')).text;
  assert.match(dashes, /^\(1,234\.50\)-{10,}$/);
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'accounting.png') });
  await context.close();
});

// A report as pandas users write one with XlsxWriter: a table with a calculated column (which
// XlsxWriter writes as `[[#This Row],Q1]`), totals over it, a Ctrl+Shift+Enter array formula, and
// long numbers in General.
const TABLE_FORMULAS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Sales')
sheet.add_table('A1:D5', {'name': 'Sales', 'data': [['North', 10, 20], ['South', 30, 40], ['East', 50, 60], ['West', 70, 80]],
    'columns': [{'header': 'Region'}, {'header': 'Q1'}, {'header': 'Q2'}, {'header': 'Total', 'formula': '=[@Q1]+[@Q2]'}]})
sheet.write_formula('F1', '=SUM(Sales[Total])')
sheet.write('F2', 123456789012345)
sheet.write('F3', 0.0000001234)
sheet.write('F4', 123456789)
sheet.write_array_formula('F5:F5', '{=SUM(B2:B5*2)}')
sheet.set_column('F:F', 14)
sheet.set_column('G:G', 6)
sheet.write('G1', 123456789)
book.close()
`;

test("a table's calculated column XlsxWriter wrote and a one-cell array formula are calculated, and long General numbers show in scientific form", async () => {
  const { page, context } = await world.openWorkbook('sales-table.xlsx', workbook(TABLE_FORMULAS));
  assert.deepEqual(await texts(page, ['D2', 'D3', 'D4', 'D5', 'F1', 'F2', 'F3', 'F4', 'F5', 'G1']),
    { D2: '30', D3: '70', D4: '110', D5: '150', F1: '360', F2: '1.23457E+14', F3: '1.234E-07', F4: '123456789', F5: '320', G1: '1E+08' });
  assert.deepEqual(page.errors, []);
  await context.close();
});

// Number formats as people pick them in Excel (openpyxl writes them as given): a hidden value,
// a text section, fractions, General's 11 characters, thousands scaling, the system long date;
// and a title centred with Center Across Selection, which Excel users prefer to merging.
const EVERYDAY_FORMATS = String.raw`
import sys, datetime, openpyxl
book = openpyxl.Workbook()
sheet = book.active
cases = [(42, ';;;'), ('abc', '"Total: "@'), (0.3333, '# ??/??'), (1.3333, '# ??/??'), (45356.588298611, 'General'),
         (-12.3456789012345, 'General'), (2500000, '[>=1000000]0.0,,"M";[>=1000]0.0,"K";0'), (7, '0;-0;'), (0, '0;-0;'),
         (datetime.datetime(2024, 3, 5), '[$-F800]dddd, mmmm dd, yyyy'), ('x', '0;-0;0;"<"@">"')]
for row, (value, fmt) in enumerate(cases, start=1):
    sheet.cell(row, 1, value).number_format = fmt
sheet.column_dimensions['A'].width = 30
across = openpyxl.styles.Alignment(horizontal='centerContinuous')
sheet['C1'] = 'Centred across C:E'
for cell in ('C1', 'D1', 'E1'):
    sheet[cell].alignment = across
book.save(sys.argv[1])
`;

test('everyday number formats: hidden values, text sections, fractions, General rounding, thousands scaling, long dates; Center Across Selection', async () => {
  const { page, context } = await world.openWorkbook('formats.xlsx', workbook(EVERYDAY_FORMATS));
  const shown = await texts(page, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10', 'A11']);
  assert.deepEqual(Object.fromEntries(Object.entries(shown).map(([k, v]) => [k, v.trim()])), {
    A1: '', A2: 'Total: abc', A3: '1/3', A4: '1 1/3', A5: '45356.5883', A6: '-12.3456789', A7: '2.5M', A8: '7', A9: '',
    A10: 'Tuesday, March 05, 2024', A11: '<x>',
  });
  // Center Across Selection spans the empty cells after the text that share the alignment.
  const across = await cellAt(page, 'D1');
  assert.equal(across.text, 'Centred across C:E');
  assert.equal(across.merge, 'C1:E1');
  assert.equal(across.justify, 'center');
  assert.deepEqual(page.errors, []);
  await context.close();
});


// "Format as Table" as XlsxWriter writes it: its default style (Table Style Medium 9) and Excel's
// own default (Medium 2), whose looks come from the table part, not the cells' formats.
const TABLES = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Sales')
sheet.add_table('B2:D6', {'data': [['North', 10, 20], ['South', 30, 40], ['East', 50, 60], ['West', 70, 80]],
                          'columns': [{'header': 'Region'}, {'header': 'Q1'}, {'header': 'Q2'}]})
sheet.add_table('F2:G5', {'style': 'Table Style Medium 2', 'data': [['a', 1], ['b', 2], ['c', 3]],
                          'columns': [{'header': 'Item'}, {'header': 'Qty'}]})
red = book.add_format({'bg_color': '#FF0000'})
sheet.write('C5', 50, red)
book.close()
`;

function assertNear(css, rgb, message) {
  const got = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(css)?.slice(1).map(Number);
  assert.ok(got && got.every((v, i) => Math.abs(v - rgb[i]) <= 1), `${message}: ${css}`);
}

test('a table made with Format as Table shows its style: a filled header in white bold and banded rows, under the cells\' own fills', async () => {
  const { page, context } = await world.openWorkbook('tables.xlsx', workbook(TABLES));
  const at = async (address) => cellAt(page, address);
  const [b2, b3, b4, c5, f2, f3, f4] = await Promise.all(['B2', 'B3', 'B4', 'C5', 'F2', 'F3', 'F4'].map(at));
  assert.equal(b2.text, 'Region');
  assert.equal(b2.background, 'rgb(79, 129, 189)', "Medium 9's header is the theme's accent 1");
  assert.equal(b2.color, 'rgb(255, 255, 255)');
  assert.equal(b2.fontWeight, '700');
  // Tints as Excel shows them (B8CCE4, DBE5F1), give or take the rounding of one channel step.
  assertNear(b3.background, [184, 204, 228], 'the first band, accent 1 at tint 0.6');
  assertNear(b4.background, [219, 229, 241], 'the second, at tint 0.8');
  assert.equal(c5.background, 'rgb(255, 0, 0)', "a cell's own fill wins over the table's");
  assert.equal(f2.background, 'rgb(79, 129, 189)', "Medium 2's header");
  assertNear(f3.background, [219, 229, 241], "Medium 2's band");
  assert.notEqual(f4.background, f3.background, 'every other row is banded');
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'tables.png') });
  await context.close();
});

const ROWS = 100_000;
const BIG = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1], {'constant_memory': True})
sheet = book.add_worksheet('Orders')
head = book.add_format({'bold': True, 'bg_color': '#D9E1F2'})
sheet.write_row(0, 0, ['Order', 'Customer', 'Qty', 'Price', 'Total'], head)
for i in range(1, ${ROWS} + 1):
    sheet.write_number(i, 0, i)
    sheet.write_string(i, 1, f'customer {i % 997}')
    sheet.write_number(i, 2, i % 7)
    sheet.write_number(i, 3, (i % 13) * 1.25)
    sheet.write_formula(i, 4, f'=C{i + 1}*D{i + 1}')
sheet.freeze_panes(1, 0)
book.close()
`;

test('a 100,000-row sheet opens with a loading line, draws only what is in view, and scrolls to its last row under a frozen header', async () => {
  const bytes = workbook(BIG);
  const { owner } = await world.app.world();
  const e = await world.app.dropLive(owner, { file: { name: 'orders.xlsx', content: bytes }, fields: { scope: 'personal', visibility: 'link', source_type: 'xlsx' } });
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 800 } });
  // Every status line the page shows, as it shows them (the worker reads while the page answers).
  await context.addInitScript(() => {
    window.statuses = [];
    new MutationObserver(() => {
      for (const line of document.querySelectorAll('.plug-status, .plug-sheet-note')) {
        const text = line.textContent.replace(/ \d+ s$/, '');
        if (text && !window.statuses.includes(text)) window.statuses.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const page = await context.newPage();
  await page.goto(e.url);
  await page.waitForFunction(() => document.getElementById('plug-main').dataset.state === 'ready' || document.querySelector('.plug-error'), null, { timeout: 180_000 });
  assert.equal(await page.$('.plug-error'), null);
  const statuses = await page.evaluate(() => window.statuses);
  for (const expected of ['Loading spreadsheet…', 'Reading the workbook…', `Calculating ${ROWS.toLocaleString('en-US')} formulas…`]) {
    assert.ok(statuses.includes(expected), `${expected} in ${JSON.stringify(statuses)}`);
  }
  assert.deepEqual(await texts(page, ['A1', 'E1', 'A2', 'E2', 'E3']), { A1: 'Order', E1: 'Total', A2: '1', E2: '1.25', E3: '5' });
  const header = await cellAt(page, 'A1');
  assert.ok(await page.$$eval('.plug-c', (cells) => cells.length) < 3000, 'only the rows near the view are in the DOM');
  await scrollGrid(page, { top: 'end' });
  const last = ROWS + 1;
  assert.deepEqual(await texts(page, [`A${last}`, `B${last}`, `E${last}`]), {
    [`A${last}`]: String(ROWS), [`B${last}`]: `customer ${ROWS % 997}`, [`E${last}`]: String((ROWS % 7) * (ROWS % 13) * 1.25),
  });
  const headerAfter = await cellAt(page, 'A1');
  assert.equal(headerAfter.text, 'Order', 'the frozen header row is still shown');
  assert.equal(headerAfter.top, header.top, 'at the same place');
  assert.equal(headerAfter.background, 'rgb(217, 225, 242)');
  assert.equal(await cellAt(page, 'A2'), null, 'while the first rows have scrolled away');
  await page.screenshot({ path: join(SHOTS, 'orders-last-row.png') });
  // Halfway, by the scrollbar, a row in the middle is drawn too.
  await scrollGrid(page, { top: 20 * 50_000 });
  assert.ok(await page.$$eval('.plug-rowhead', (heads) => heads.some((h) => h.textContent === '50001')));
  await context.close();
});

// A CSV opened in LibreOffice Calc and saved as .xlsx: Calc sizes each column to its content in
// its default font, Arial 10 (Liberation Sans, its metric twin), and writes that width, so a
// column of ISO dates is just wide enough (10.47 characters, 73 px). Measured unhinted the
// dates are 68 px, over the room the viewer leaves, and the whole column showed ####; Excel
// draws Arial's digits at 7 px (whole pixels), as it counts the column, and shows the dates.
test('a CSV that LibreOffice Calc saved as a workbook shows its dates in the columns Calc sized (they showed ####)', async (t) => {
  const soffice = ['/usr/bin/soffice', '/usr/local/bin/soffice', '/usr/lib/libreoffice/program/soffice'].find((p) => existsSync(p));
  if (!soffice) return t.skip('LibreOffice (soffice) is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'plug-csv-'));
  let saved;
  try {
    const rows = ['Name,Amount,Date,Percent'];
    for (let i = 1; i <= 12; i++) rows.push(`Person ${i},${(i * 1234.5).toFixed(2)},2024-03-${String(i).padStart(2, '0')},${i}.00%`);
    writeFileSync(join(dir, 'people.csv'), `${rows.join('\n')}\n`);
    execFileSync(soffice, [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', join(dir, 'out'), join(dir, 'people.csv')], { stdio: 'pipe', timeout: 180_000 });
    saved = readFileSync(join(dir, 'out', 'people.xlsx'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { page, context } = await world.openWorkbook('people.xlsx', saved);
  assert.deepEqual(await texts(page, ['C1', 'C2', 'C11', 'B12', 'D10']), { C1: 'Date', C2: '2024-03-01', C11: '2024-03-10', B12: '13579.5', D10: '9.00%' });
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'csv-libreoffice.png'), clip: { x: 0, y: 40, width: 500, height: 300 } });
  await context.close();
});
