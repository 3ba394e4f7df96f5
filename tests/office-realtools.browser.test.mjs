// Workbooks and Word documents made during the run by the tools other people use (XlsxWriter and
// openpyxl in .venv, LibreOffice where soffice is installed, pandoc from pypandoc_binary), dropped
// through the real Worker and read in Chromium as a person reads them: what Excel or Word shows
// for the same file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { openWorkbook, atCell, texts } from './support/sheet-pages.mjs';
import { writtenBy, PYTHON } from './support/python.mjs';

const SHOTS = join(ROOT, 'test-output', 'office-realtools');
let app;
let browser;
before(async () => { ({ app, browser } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

// Each test drops as a user of its own (10 drops a minute each).
const freshUser = async () => (await app.world()).owner;

// ------------------------------------------------------------------ workbooks

const SPILL_CRITERIA = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Sales')
sheet.write_column('A1', ['pear', 'apple', 'pear', 'fig'])
sheet.write_column('B1', [3, 1, 4, 2])
sheet.write_dynamic_array_formula('D1', '=_xlfn.UNIQUE(A1:A4)')
sheet.write_dynamic_array_formula('E1', '=SUMIFS(B1:B4,A1:A4,D1#)')
sheet.write_dynamic_array_formula('F1', '=COUNTIF(A1:A4,D1#)')
sheet.write_dynamic_array_formula('G1', '=_xlfn.XLOOKUP(D1#,A1:A4,B1:B4)')
sheet.write_dynamic_array_formula('H1', '=SUMIFS(B1:B4,A1:A4,"<>"&_xlfn.ANCHORARRAY(D1))')
book.close()
`;

test('a SUMIFS, COUNTIF or XLOOKUP given a spill range spills one result per value, as in Excel', async () => {
  const { page, context } = await openWorkbook({ app, browser, user: await freshUser() }, 'spill-criteria.xlsx', writtenBy(SPILL_CRITERIA));
  assert.deepEqual(await texts(page, ['D1', 'D2', 'D3', 'E1', 'E2', 'E3', 'F1', 'F2', 'F3', 'G1', 'G2', 'G3', 'H1', 'H2', 'H3', 'E4']), {
    D1: 'pear', D2: 'apple', D3: 'fig', E1: '7', E2: '1', E3: '2', F1: '2', F2: '1', F3: '1', G1: '3', G2: '1', G3: '2', H1: '3', H2: '9', H3: '8', E4: '',
  });
  assert.deepEqual(page.errors, []);
  await context.close();
});

const BLANK_RULES = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Stock')
sheet.write_column('A1', ['Item', 'bolts', 'nuts', 'washers', 'pins'])
sheet.write('B1', 'Count')
sheet.write('B2', 5)
sheet.write('B4', 0)
sheet.write('B5', 7)
red = book.add_format({'bg_color': '#FFC7CE', 'font_color': '#9C0006'})
yellow = book.add_format({'bg_color': '#FFEB9C'})
# "Cell value equal to 0" over B2:B7: B3 is empty (0 to Excel), B4 is 0, B6:B7 lie past the
# last row the sheet stores: Excel fills all four.
sheet.conditional_format('B2:B7', {'type': 'cell', 'criteria': '==', 'value': 0, 'format': red})
# "Format only cells that contain: Blanks" over D2:D4, where nothing is stored.
sheet.conditional_format('D2:D4', {'type': 'blanks', 'format': yellow})
book.close()
`;

const fill = (cell) => (cell ? getComputedStyle(cell).backgroundColor : 'nothing drawn');

test('an empty cell that a conditional format rule matches is filled, as Excel fills it', async () => {
  const { page, context } = await openWorkbook({ app, browser, user: await freshUser() }, 'blank-rules.xlsx', writtenBy(BLANK_RULES));
  await page.waitForFunction(() => [...document.querySelectorAll('.plug-c')].some((e) => e.style.cssText.includes('background')), null, { timeout: 30_000 });
  const pink = 'rgb(255, 199, 206)';
  const yellow = 'rgb(255, 235, 156)';
  const shown = {};
  for (const address of ['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'D2', 'D3', 'D4', 'D5']) shown[address] = await atCell(page, address, fill);
  assert.equal(shown.B2, 'rgba(0, 0, 0, 0)');
  assert.equal(shown.B3, pink);
  assert.equal(shown.B4, pink);
  assert.equal(shown.B5, 'rgba(0, 0, 0, 0)');
  assert.equal(shown.B6, pink);
  assert.equal(shown.B7, pink);
  assert.notEqual(shown.B8, pink);
  assert.deepEqual([shown.D2, shown.D3, shown.D4], [yellow, yellow, yellow]);
  assert.notEqual(shown.D5, yellow);
  assert.equal(await atCell(page, 'B4', (cell) => cell.textContent), '0');
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'blank-rules.png'), clip: { x: 0, y: 40, width: 500, height: 220 } });
  await context.close();
});

const NOTE_ON_EMPTY = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Plan')
sheet.write('A1', 'Budget')
sheet.write_comment('A1', 'Approved in May.')
sheet.write_comment('C4', 'Fill in once the quote arrives & is signed.')
book.close()
`;

test('a note on a cell that holds nothing else shows its red corner and its text on hover', async () => {
  const { page, context } = await openWorkbook({ app, browser, user: await freshUser() }, 'empty-note.xlsx', writtenBy(NOTE_ON_EMPTY));
  const read = (cell) => (cell ? [cell.title, getComputedStyle(cell, '::before').borderRightColor] : null);
  assert.deepEqual(await atCell(page, 'A1', read), ['Approved in May.', 'rgb(192, 0, 0)']);
  assert.deepEqual(await atCell(page, 'C4', read), ['Fill in once the quote arrives & is signed.', 'rgb(192, 0, 0)']);
  assert.equal(await atCell(page, 'B4', (cell) => cell && cell.title), null);
  assert.deepEqual(page.errors, []);
  await context.close();
});

const TABLE_FILTERS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Tables')
columns = [{'header': 'Name'}, {'header': 'Qty'}]
sheet.add_table('A1:B3', {'data': [['Ann', 1], ['Bob', 2]], 'columns': columns, 'autofilter': False})
sheet.add_table('D1:E3', {'data': [['Cy', 3], ['Di', 4]], 'columns': [{'header': 'Who'}, {'header': 'Count'}]})
book.close()
`;

// openpyxl's table with the filter button of its second column hidden (Excel's
// hiddenButton, as a macro or Power Query leaves it).
const HIDDEN_BUTTON = String.raw`
import sys
from openpyxl import Workbook
from openpyxl.worksheet.table import Table
from openpyxl.worksheet.filters import AutoFilter, FilterColumn
book = Workbook()
sheet = book.active
for row in [['Town', 'People'], ['Ayr', 46000], ['Elgin', 25000]]: sheet.append(row)
table = Table(displayName='Towns', ref='A1:B3')
table.autoFilter = AutoFilter(ref='A1:B3', filterColumn=[FilterColumn(colId=1, hiddenButton=True)])
sheet.add_table(table)
book.save(sys.argv[1])
`;

const buttons = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.plug-c')]
  .filter((e) => e.textContent).map((e) => [e.textContent, getComputedStyle(e, '::after').content !== 'none'])));

test('a table saved without its filter buttons shows none, and a hidden button stays hidden', async () => {
  const user = await freshUser();
  const one = await openWorkbook({ app, browser, user }, 'table-filters.xlsx', writtenBy(TABLE_FILTERS));
  const shown = await buttons(one.page);
  assert.deepEqual([shown.Name, shown.Qty, shown.Who, shown.Count, shown.Ann], [false, false, true, true, false]);
  assert.deepEqual(one.page.errors, []);
  await one.page.screenshot({ path: join(SHOTS, 'table-filters.png'), clip: { x: 0, y: 40, width: 500, height: 120 } });
  await one.context.close();
  const two = await openWorkbook({ app, browser, user }, 'hidden-button.xlsx', writtenBy(HIDDEN_BUTTON));
  const hidden = await buttons(two.page);
  assert.deepEqual([hidden.Town, hidden.People], [true, false]);
  await two.context.close();
});
