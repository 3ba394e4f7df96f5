// Workbooks as people make them with the real tools, round 4: Excel tables with a totals row
// written by openpyxl (by hand, as its docs show) and saved again by LibreOffice, and number
// formats that colour negative results. Each workbook is written during the run by the tool in
// .venv (or by soffice), dropped through the real Worker and opened in Chromium; the assertions
// read what a person sees in the cells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { savedByLibreOffice, writtenBy } from './support/python.mjs';
import { atCell, useSheetWorld } from './support/sheet-pages.mjs';

const world = useSheetWorld('workbooks-tools4');
const { SHOTS } = world;
const open = world.openWorkbook;

/** The text and font colour shown in the cell under a column letter and row number. */
const cell = (page, address) => atCell(page, address, (el) => (el
  ? { text: el.textContent, color: getComputedStyle(el).color, bold: Number(getComputedStyle(el).fontWeight) >= 600 }
  : { text: '' }));

/** The background colour drawn in the cell under a column letter and row number. */
const background = (page, address) => atCell(page, address, (el) => (el ? getComputedStyle(el).backgroundColor : null));

// A table with a totals row as openpyxl's documentation builds one: the table part says
// totalsRowCount="1" and nothing about each column's total; the sheet holds the SUBTOTAL formulas
// with structured references and no cached values, and a label of its own.
const OPENPYXL_TOTALS = String.raw`
import sys, openpyxl
from openpyxl.worksheet.table import Table, TableStyleInfo
wb = openpyxl.Workbook(); ws = wb.active; ws.title = 'Data'
ws.append(['Item', 'Qty', 'Price', 'Amount'])
for n, q, p in [('Apples', 3, 1.5), ('Pears', 4, 2.25), ('Plums', 10, 0.4), ('Figs', 2, 3)]:
    ws.append([n, q, p, '=Sales[[#This Row],[Qty]]*Sales[[#This Row],[Price]]'])
ws.append(['Grand total', '=SUBTOTAL(109,Sales[Qty])', None, '=SUBTOTAL(109,Sales[Amount])'])
t = Table(displayName='Sales', ref='A1:D6', totalsRowCount=1)
t.tableStyleInfo = TableStyleInfo(name='TableStyleMedium9', showRowStripes=True)
ws.add_table(t)
ws['F1'] = 'Sum'; ws['G1'] = '=SUM(Sales[Amount])'
wb.save(sys.argv[1])
`;

const TOTALS = { A6: 'Grand total', B6: '19', D6: '23.5' };

test("an openpyxl table's totals row shows its own label and SUBTOTALs (it showed \"Total\" and two empty cells)", async () => {
  const { page, context } = await open('totals.xlsx', writtenBy(OPENPYXL_TOTALS));
  try {
    for (const [address, text] of Object.entries(TOTALS)) assert.equal((await cell(page, address)).text, text, address);
    assert.equal((await cell(page, 'D2')).text, '4.5');
    assert.equal((await cell(page, 'G1')).text, '23.5');
    assert.ok((await cell(page, 'B6')).bold, 'the totals row is bold, as Excel draws a table\'s');
    assert.equal(await background(page, 'A1'), 'rgb(79, 129, 189)', "Medium 9's header fill");
    assert.deepEqual(page.errors, []);
    await page.screenshot({ path: join(SHOTS, 'openpyxl-totals.png') });
  } finally {
    await context.close();
  }
});

test('a table with a totals row saved by LibreOffice Calc (which drops totalsRowFunction and the table style) keeps its totals and is drawn plain', async (t) => {
  const saved = savedByLibreOffice('totals.xlsx', writtenBy(OPENPYXL_TOTALS));
  if (!saved) return t.skip('LibreOffice (soffice) is not installed');
  const { page, context } = await open('totals.xlsx', saved);
  try {
    for (const [address, text] of Object.entries(TOTALS)) assert.equal((await cell(page, address)).text, text, address);
    // No tableStyleInfo in LibreOffice's table part: no style, as LibreOffice draws it (the
    // header was filled with Medium 2's blue, ExcelTS's default).
    assert.equal(await background(page, 'A1'), 'rgba(0, 0, 0, 0)');
    assert.equal(await background(page, 'A2'), 'rgba(0, 0, 0, 0)');
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// A budget whose formulas have no cached values (openpyxl), formatted to draw negatives red.
const RED_NEGATIVES = String.raw`
import sys, openpyxl
wb = openpyxl.Workbook(); ws = wb.active
ws.append(['Planned', 1850]); ws.append(['Actual', 1875.2])
ws['A3'] = 'Left'; ws['B3'] = '=B1-B2'; ws['B3'].number_format = '#,##0.00;[Red]-#,##0.00'
ws['A4'] = 'Over'; ws['B4'] = '=B2-B1'; ws['B4'].number_format = '#,##0.00;[Red]-#,##0.00'
ws['A5'] = 'Stored'; ws['B5'] = -3; ws['B5'].number_format = '0.00;[Red](0.00)'
wb.save(sys.argv[1])
`;

test('a calculated negative result in a [Red] format is drawn red, a positive one black (both were black)', async () => {
  const { page, context } = await open('budget.xlsx', writtenBy(RED_NEGATIVES));
  try {
    assert.deepEqual(await cell(page, 'B3'), { text: '-25.20', color: 'rgb(255, 0, 0)', bold: false });
    assert.deepEqual(await cell(page, 'B4'), { text: '25.20', color: 'rgb(0, 0, 0)', bold: false });
    assert.deepEqual(await cell(page, 'B5'), { text: '(3.00)', color: 'rgb(255, 0, 0)', bold: false });
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// Money as XlsxWriter's documentation formats it (`$#,##0.00`, one section) and a pound column
// as Excel writes a currency picked with its country: a negative amount shows its minus sign
// before the symbol, as Excel draws it.
const NEGATIVE_MONEY = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); sheet = book.add_worksheet()
sheet.set_column(0, 0, 14)
for row, (code, value) in enumerate([('$#,##0.00', -12.5), ('[$£-809]#,##0.00', -12.5), ('#,##0', -1234), ('$#,##0.00', 12.5), ('0.0%', -0.125)]):
    sheet.write_number(row, 0, value, book.add_format({'num_format': code}))
book.close()
`;

test('a negative amount in a one-section currency format shows -$12.50 and -£12.50 (it showed $-12.50 and £-12.50)', async () => {
  const { page, context } = await open('money.xlsx', writtenBy(NEGATIVE_MONEY));
  try {
    const shown = [];
    for (const address of ['A1', 'A2', 'A3', 'A4', 'A5']) shown.push((await cell(page, address)).text);
    assert.deepEqual(shown, ['-$12.50', '-£12.50', '-1,234', '$12.50', '-12.5%']);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// Dates formatted in another language as Excel writes a format picked with its locale, in columns
// as wide as LibreOffice needs for them; the same workbook saved by LibreOffice, which writes the
// German `dd. mmmm` as `dd/\ mmmm` (its `/` is the locale's date separator).
const LOCALE_DATES = String.raw`
import sys, datetime, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); sheet = book.add_worksheet()
sheet.set_column(0, 0, 22)
day = datetime.date(2023, 3, 15)
for row, code in enumerate(['[$-407]dd. mmmm yyyy', '[$-40C]dddd d mmmm yyyy', '[$-407]ddd, d. mmm yy', 'd-mmm-yy', '[$-409]mmmm d, yyyy']):
    sheet.write_datetime(row, 0, day, book.add_format({'num_format': code}))
book.close()
`;
const LOCALE_SHOWN = ['15. März 2023', 'mercredi 15 mars 2023', 'Mi, 15. Mär 23', '15-Mar-23', 'March 15, 2023'];

test('a date in a format with a locale names its month and day in that language (it showed 15. March 2023 and #### for French)', async () => {
  const { page, context } = await open('dates.xlsx', writtenBy(LOCALE_DATES));
  try {
    const shown = [];
    for (const address of ['A1', 'A2', 'A3', 'A4', 'A5']) shown.push((await cell(page, address)).text);
    assert.deepEqual(shown, LOCALE_SHOWN);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

test("LibreOffice's German date format (dd/\\ mmmm) shows the German date separator, as LibreOffice draws it", async (t) => {
  const saved = savedByLibreOffice('dates.xlsx', writtenBy(LOCALE_DATES));
  if (!saved) return t.skip('LibreOffice (soffice) is not installed');
  const { page, context } = await open('dates.xlsx', saved);
  try {
    assert.equal((await cell(page, 'A1')).text, '15. März 2023');
    assert.equal((await cell(page, 'A2')).text, 'mercredi 15 mars 2023');
  } finally {
    await context.close();
  }
});

// XlsxWriter's table with a totals row (its totals_function), saved by LibreOffice Calc, which
// writes the totals as `SUBTOTAL(109,[qty])`: a column named without its table, which Excel
// reads as the table the cell is in. (LibreOffice cannot read XlsxWriter's calculated column and
// stores #N/A in it, which shows as stored.)
const XLSXWRITER_TOTALS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); sheet = book.add_worksheet('Data')
sheet.add_table('A1:C6', {'name': 'Sales', 'style': 'Table Style Medium 2', 'total_row': True,
  'data': [['Apples', 3, 1.5], ['Pears', 4, 2.25], ['Plums', 10, 0.4], ['Figs', 2, 3]],
  'columns': [{'header': 'Item', 'total_string': 'Total'}, {'header': 'Qty', 'total_function': 'sum'}, {'header': 'Price', 'total_function': 'max'}]})
book.close()
`;

test("a LibreOffice-saved table's totals (SUBTOTAL(109,[qty]), the column without its table) are calculated (they showed #REF!)", async (t) => {
  const saved = savedByLibreOffice('sales.xlsx', writtenBy(XLSXWRITER_TOTALS));
  if (!saved) return t.skip('LibreOffice (soffice) is not installed');
  const { page, context } = await open('sales.xlsx', saved);
  try {
    assert.deepEqual([(await cell(page, 'A6')).text, (await cell(page, 'B6')).text, (await cell(page, 'C6')).text], ['Total', '19', '3']);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});
