// Workbooks as people build them past plain cells: names defined for a constant or a formula,
// number formats with conditions (`[Red][>100]`), hyperlinks to other sheets and to the web, and
// the zoom each sheet was saved at.
// openpyxl writes each during the run (LibreOffice saves one again where soffice is installed);
// each is dropped through the real Worker and read in Chromium as a person reads it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { eventually } from './support/browser.mjs';
import { atCell, texts, useSheetWorld } from './support/sheet-pages.mjs';
import { savedByLibreOffice, writtenBy } from './support/python.mjs';

const world = useSheetWorld('sheets-links');
const { SHOTS } = world;



// Names as Excel's Name Manager makes them: a range, a constant (a tax rate) and a formula.
// openpyxl stores no results, so the viewer calculates every one.
const NAMES = String.raw`
import sys
from openpyxl import Workbook
from openpyxl.workbook.defined_name import DefinedName
book = Workbook()
sheet = book.active
sheet.title = 'Budget'
for row in [['Item', 'Cost'], ['rent', 1200], ['power', 150], ['phone', 50]]: sheet.append(row)
book.defined_names['Costs'] = DefinedName('Costs', attr_text='Budget!$B$2:$B$4')
book.defined_names['TaxRate'] = DefinedName('TaxRate', attr_text='0.2')
book.defined_names['Total'] = DefinedName('Total', attr_text='SUM(Budget!$B$2:$B$4)')
sheet['D1'] = '=SUM(Costs)'
sheet['D2'] = '=D1*TaxRate'
sheet['D3'] = '=Total*2'
sheet['D4'] = '=ROUND(Total*(1+TaxRate),0)'
book.save(sys.argv[1])
`;

test('names defined as a constant or a formula are calculated, as Excel calculates them', async () => {
  const { page, context } = await world.openWorkbook('names.xlsx', writtenBy(NAMES));
  // Before: a constant or formula name was kept as opaque text, and D2:D4 showed their formulas.
  assert.deepEqual(await texts(page, ['D1', 'D2', 'D3', 'D4']), { D1: '1400', D2: '280', D3: '2800', D4: '1680' });
  assert.deepEqual(page.errors, []);
  await context.close();
});

// Number formats with conditions, as people type them into Format Cells > Custom.
const CONDITIONS = String.raw`
import sys
from openpyxl import Workbook
book = Workbook()
sheet = book.active
sheet.title = 'Scores'
rows = [
    ('[Red][>100]0;[Blue][<0]0;0', 150),
    ('[Red][>100]0;[Blue][<0]0;0', -5),
    ('[Red][>100]0;[Blue][<0]0;0', 50),
    ('[Green][>=90]0;[Red]0', 95),
    ('[Green][>=90]0;[Red]0', 40),
    ('[<=9999999]###-####;(###) ###-####', 5551234567),
]
for row, (fmt, value) in enumerate(rows, start=1):
    cell = sheet.cell(row=row, column=1, value=value)
    cell.number_format = fmt
sheet.column_dimensions['A'].width = 20
book.save(sys.argv[1])
`;
const CONDITION_COLOURS = { A1: 'rgb(255, 0, 0)', A2: 'rgb(0, 0, 255)', A3: 'rgb(0, 0, 0)', A4: 'rgb(0, 255, 0)', A5: 'rgb(255, 0, 0)' };

async function assertConditionColours(page) {
  const colours = {};
  for (const address of Object.keys(CONDITION_COLOURS)) colours[address] = await atCell(page, address, (cell) => getComputedStyle(cell).color);
  assert.deepEqual(colours, CONDITION_COLOURS);
  assert.equal((await texts(page, ['A6'])).A6, '(555) 123-4567');
}

test('a number format with conditions draws each number in the colour of the section its condition picks, also after LibreOffice saves it', async (t) => {
  const written = writtenBy(CONDITIONS);
  const { page, context } = await world.openWorkbook('conditions.xlsx', written);
  // Before: a format with conditions was left black ("left uncoloured rather than guessed").
  await assertConditionColours(page);
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'conditions.png'), clip: { x: 0, y: 40, width: 400, height: 200 } });
  await context.close();
  const saved = savedByLibreOffice('book.xlsx', written);
  if (!saved) {
    t.diagnostic('soffice is not installed: the LibreOffice round trip was not checked');
    return;
  }
  const again = await world.openWorkbook('conditions-libreoffice.xlsx', saved);
  await assertConditionColours(again.page);
  assert.deepEqual(again.page.errors, []);
  await again.context.close();
});

// A contents sheet of links, as people build one: to a cell of another sheet (openpyxl writes
// `#Sheet!A1` as a relationship target; Excel writes it as `location`), to a sheet whose name
// needs quotes, to the web, and one to a local file, which a viewer on the web must not follow.
const LINKS = String.raw`
import sys
from openpyxl import Workbook
book = Workbook()
toc = book.active
toc.title = 'Contents'
toc['A1'] = 'Go to the data'
toc['A1'].hyperlink = '#Data!B150'
toc['A2'] = 'Year summary'
toc['A2'].hyperlink = "#'Year 2024'!C3"
toc['A3'] = 'Project site'
toc['A3'].hyperlink = 'https://example.com/report'
toc['A4'] = 'Local file'
toc['A4'].hyperlink = 'file:///etc/passwd'
toc['A5'] = '=HYPERLINK("#Data!B150","Data, by formula")'
toc['A6'] = '=HYPERLINK("https://example.com/"&"x","worked out")'
toc.column_dimensions['A'].width = 20
toc['B1'] = 1234.5
toc['B1'].number_format = '#,##0.00'
toc['B1'].hyperlink = '#Data!A1'
toc.column_dimensions['B'].width = 12
data = book.create_sheet('Data')
for row in range(1, 201): data.cell(row=row, column=2, value=f'data row {row}')
summary = book.create_sheet('Year 2024')
summary['C3'] = 'the total'
book.save(sys.argv[1])
`;

test('a hyperlink to another sheet opens that sheet at its cell; a web link opens a new tab; a file link is no link', async () => {
  const { page, context } = await world.openWorkbook('contents.xlsx', writtenBy(LINKS));
  const linkOf = (cell) => {
    const a = cell && cell.querySelector('a');
    return a ? [a.getAttribute('href'), a.target, a.rel, cell.textContent] : null;
  };
  assert.deepEqual(await atCell(page, 'A1', linkOf), ['#Data!B150', '', '', 'Go to the data']);
  assert.deepEqual(await atCell(page, 'A3', linkOf), ['https://example.com/report', '_blank', 'noopener noreferrer', 'Project site']);
  assert.equal(await atCell(page, 'A4', linkOf), null, 'a file: link is not a link');
  // A linked number stays a number: formatted, and to the right as numbers are (ExcelTS gave it as text).
  assert.deepEqual(await atCell(page, 'B1', (cell) => [cell.textContent, getComputedStyle(cell).justifyContent]), ['1,234.50', 'flex-end']);
  assert.equal(await texts(page, ['A4']).then((t) => t.A4), 'Local file');
  // The HYPERLINK function with its address written out links; one it works out does not.
  assert.deepEqual(await atCell(page, 'A5', linkOf), ['#Data!B150', '', '', 'Data, by formula']);
  assert.equal(await atCell(page, 'A6', linkOf), null);
  // Before: the links' text showed, and clicking did nothing.
  await page.click('a[href="#Data!B150"]');
  await page.waitForFunction(() => document.querySelector('.plug-sheet-tabs [aria-selected="true"]').textContent === 'Data');
  await eventually(async () => (await texts(page, ['B150'])).B150 === 'data row 150', 'row 150 of Data in view');
  assert.equal(await atCell(page, 'B150', (cell) => cell.getBoundingClientRect().top - document.querySelector('.plug-sheet').getBoundingClientRect().top < 60), true, 'at the top of the view');
  assert.equal(await page.evaluate(() => location.hash), '', 'the page itself does not move');
  await page.click('.plug-sheet-tabs button:text-is("Contents")');
  // By keyboard: Tab from the sheet goes through the links row by row, Enter follows one.
  await page.focus('.plug-sheet');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('href')), '#Data!B150');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('href')), '#Data!A1');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('href')), "#'Year 2024'!C3");
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.plug-sheet-tabs [aria-selected="true"]').textContent === 'Year 2024');
  await eventually(async () => (await texts(page, ['C3'])).C3 === 'the total', 'C3 of Year 2024 in view');
  assert.deepEqual(page.errors, []);
  await context.close();
});

// Sheets saved zoomed in and out (View > Zoom; openpyxl's sheet_view.zoomScale).
const ZOOMS = String.raw`
import sys
from openpyxl import Workbook
book = Workbook()
big = book.active
big.title = 'Big'
big.sheet_view.zoomScale = 150
small = book.create_sheet('Small')
small.sheet_view.zoomScale = 50
for sheet in (big, small):
    for row in range(1, 121): sheet.cell(row=row, column=2, value=f'row {row}')
book.save(sys.argv[1])
`;

test('a sheet saved zoomed in or out opens at its zoom, as Excel opens it', async () => {
  const { page, context } = await world.openWorkbook('zooms.xlsx', writtenBy(ZOOMS));
  const columnWidth = () => page.evaluate(() => [...document.querySelectorAll('.plug-colhead')].find((e) => e.textContent === 'B').getBoundingClientRect().width);
  // Before: every sheet was drawn at 100% (64 px a column).
  assert.equal(await columnWidth(), 96, 'a default column at 150%');
  assert.equal((await texts(page, ['B2'])).B2, 'row 2');
  assert.equal(await atCell(page, 'B2', (cell) => getComputedStyle(cell).fontSize), '14.6667px', 'the text at its own size, zoomed with the sheet');
  await page.screenshot({ path: join(SHOTS, 'zoom-150.png') });
  await page.click('.plug-sheet-tabs button:text-is("Small")');
  assert.equal(await columnWidth(), 32, 'a default column at 50%');
  // At 50% about twice as many rows are in view, all of them drawn.
  await eventually(async () => (await texts(page, ['B60'])).B60 === 'row 60', 'row 60 drawn at 50%');
  await page.screenshot({ path: join(SHOTS, 'zoom-50.png') });
  // Scrolled down, the rows coming into view are drawn (the window is reckoned in the sheet's pixels).
  await page.evaluate(() => { document.querySelector('.plug-sheet').scrollTop = 1000; });
  await eventually(async () => (await texts(page, ['B110'])).B110 === 'row 110', 'row 110 drawn after scrolling at 50%');
  assert.deepEqual(page.errors, []);
  await context.close();
});
