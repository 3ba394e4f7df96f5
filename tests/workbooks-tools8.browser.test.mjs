// Workbooks as people make them with the real tools, round 8: a sheet thousands of columns wide
// scrolled sideways, shrink to fit, and a pivot table as Excel saves one (its cache and table
// parts beside the cells it shows), as written and as LibreOffice Calc saves it again. Each
// workbook is written during the run by XlsxWriter in .venv (or saved again by soffice), dropped
// through the real Worker and opened in Chromium; the assertions read what a person sees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { savedByLibreOffice, writtenBy } from './support/python.mjs';
import { atCell, textAt, useSheetWorld } from './support/sheet-pages.mjs';

const world = useSheetWorld('workbooks-tools8');
const { SHOTS } = world;
const open = world.openWorkbook;

const columnName = (index) => {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

// 12 rows of 2,000 numbered columns; a long label at column 1,006 that runs into the next tile
// of eight columns, and a right-aligned one at 1,016 (a tile's first) that runs back into the
// tile before, both with empty neighbours to spill into;
// a merged, filled range at AM3:AP4, right of the first screen.
const WIDE = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); s = book.add_worksheet('Wide')
gaps = (1007, 1008, 1009, 1014, 1015)
for r in range(12):
    s.write_row(r, 0, [None if r == 5 and c in gaps else r * 2000 + c for c in range(2000)])
s.write(5, 1006, 'a label that runs on over three columns')
s.write(5, 1016, 'runs back over two columns', book.add_format({'align': 'right'}))
s.merge_range('AM3:AP4', 'Merged far right', book.add_format({'align': 'center', 'bg_color': '#FFFF00'}))
book.close()
`;

test('a sheet 2,000 columns wide scrolls sideways drawing only the columns coming into view; text spills across them and a merge off the first screen shows', async () => {
  const { page, context } = await open('wide.xlsx', writtenBy(WIDE));
  try {
    // The merged range right of the first screen, once scrolled to (it never showed: merges
    // were drawn for the rows in view and the columns of the first screen).
    await page.evaluate(() => { document.querySelector('.plug-sheet').scrollLeft = 64 * 30; });
    await page.waitForTimeout(300);
    assert.equal(await textAt(page, 'AN3'), 'Merged far right');
    // Sideways two columns a frame for 64 columns: each cell coming into view is drawn once (every
    // row of the view was drawn again each time four columns passed: some 6,000 cells).
    const added = await page.evaluate(async () => {
      const sheet = document.querySelector('.plug-sheet');
      let cells = 0;
      const watch = new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) if (node.nodeType === 1) cells += node.querySelectorAll('.plug-c').length + (node.classList.contains('plug-c') ? 1 : 0);
      });
      watch.observe(sheet, { childList: true, subtree: true });
      for (let i = 0; i < 32; i++) {
        sheet.scrollLeft += 128;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }
      watch.disconnect();
      return cells;
    });
    assert.ok(added < 64 * 12 * 2, `${added} cells drawn for 64 columns of 12 rows`);
    assert.equal(await textAt(page, 'DB10'), String(9 * 2000 + 105));
    // The labels spill into the tiles beside theirs.
    await page.evaluate(() => { document.querySelector('.plug-sheet').scrollLeft = 64 * 1000; });
    await page.waitForTimeout(300);
    const label = 'a label that runs on over three columns';
    for (const c of [1006, 1007, 1008]) assert.equal(await textAt(page, `${columnName(c)}6`), label, columnName(c));
    for (const c of [1015, 1016]) assert.equal(await textAt(page, `${columnName(c)}6`), 'runs back over two columns', columnName(c));
    assert.deepEqual(page.errors, []);
    await page.screenshot({ path: join(SHOTS, 'wide.png') });
  } finally {
    await context.close();
  }
});

// A text and numbers in cells set to shrink to fit beside text that spills as usual, and a
// bordered header whose label runs past its column's right edge.
const SHRINK = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); s = book.add_worksheet('Shrink')
shrink = book.add_format({'shrink': True}); money = book.add_format({'shrink': True, 'num_format': '#,##0.00'})
boxed = book.add_format({'border': 1, 'bold': True})
s.set_column('A:A', 12); s.set_column('C:C', 6)
s.write('A1', 'shrink this long text to fit the cell', shrink)
s.write('A2', 'this long text spills over as usual')
s.write('A3', 'fits', shrink)
s.write_number('C1', 1234567.25, money)
s.write_row('A5', ['Region', 'Apples'], boxed); s.write('C5', 'Total Result', boxed)
book.close()
`;

async function checkShrink(page) {
  const look = (address) => atCell(page, address, (cell) => cell && { text: cell.textContent, size: parseFloat(getComputedStyle(cell).fontSize), right: cell.getBoundingClientRect().right });
  const [a1, a2, a3, b1, b2, c1] = [await look('A1'), await look('A2'), await look('A3'), await look('B1'), await look('B2'), await look('C1')];
  // Drawn smaller, within its cell (it spilled into B1); the plain text still spills; a text
  // that fits keeps its size (11 pt is 14.67 px).
  assert.equal(a1.text, 'shrink this long text to fit the cell');
  assert.ok(a1.size < 10 && a1.size > 4, JSON.stringify(a1));
  assert.equal(b1, null);
  assert.equal(b2.text, 'this long text spills over as usual');
  assert.ok(Math.abs(a3.size - 14.67) < 0.1, JSON.stringify(a3));
  // A number too wide for its column shows smaller rather than ####.
  assert.equal(c1.text, '1,234,567.25');
  assert.ok(c1.size < 10, JSON.stringify(c1));
}

test('text and numbers set to shrink to fit are drawn smaller within their cell (they spilled, or showed ####)', async () => {
  const book = writtenBy(SHRINK);
  const { page, context } = await open('shrink.xlsx', book);
  try {
    await checkShrink(page);
    // A bordered label spilling past its column keeps the border at its column's edge, the
    // text running past it as Excel and LibreOffice draw it (the box took in D5 as well).
    const edges = await page.evaluate(() => {
      const heads = [...document.querySelectorAll('.plug-colhead')].map((e) => [e.textContent, e.getBoundingClientRect()]);
      const at = (letter) => heads.find(([t]) => t === letter)[1];
      const cell = [...document.querySelectorAll('.plug-c')].find((e) => e.textContent === 'Total Result');
      const edge = cell.parentElement.querySelector('.plug-edge');
      return { c: at('C'), d: at('D'), cellRight: cell.getBoundingClientRect().right, edge: edge && edge.getBoundingClientRect(), shadow: getComputedStyle(cell).boxShadow, edgeShadow: edge && getComputedStyle(edge).boxShadow };
    });
    assert.ok(edges.cellRight > edges.c.right + 5, JSON.stringify(edges));
    assert.ok(edges.edge, JSON.stringify(edges));
    assert.ok(Math.abs(edges.edge.left - edges.c.left) < 1.5 && Math.abs(edges.edge.right - edges.c.right) < 1.5, JSON.stringify(edges));
    assert.match(edges.edgeShadow, /rgb\(0, 0, 0\)/);
    assert.doesNotMatch(edges.shadow, /rgb\(0, 0, 0\)/);
    assert.deepEqual(page.errors, []);
    await page.screenshot({ path: join(SHOTS, 'shrink.png') });
  } finally {
    await context.close();
  }
});

// A workbook in the 1904 date system (Excel for Mac's old default) whose second sheet is the one
// selected, with a third sheet laid out right to left and the shrink-to-fit sheet above last;
// LibreOffice writes these booleans as `date1904="true"`, `tabSelected="true"` and
// `rightToLeft="true"`.
const VIEWS = String.raw`
import sys, datetime, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1], {'date_1904': True})
book.add_worksheet('Plain').write('A1', 'first')
dates = book.add_worksheet('Dates'); dates.set_column(0, 0, 14); dates.activate()
dates.write_datetime('A1', datetime.date(2024, 3, 15), book.add_format({'num_format': 'yyyy-mm-dd'}))
rtl = book.add_worksheet('RTL'); rtl.right_to_left(); rtl.write('A1', 'right to left')
s = book.add_worksheet('Shrink')
` + SHRINK.split('\n').slice(3).join('\n');

test('a workbook LibreOffice saved opens on its selected sheet, keeps its 1904 dates and its right-to-left sheet (true/false were read as 0), and shrinks to fit', async (t) => {
  const saved = savedByLibreOffice('views.xlsx', writtenBy(VIEWS));
  if (!saved) return t.skip('LibreOffice (soffice) is not installed');
  const { page, context } = await open('views.xlsx', saved);
  try {
    const selected = () => page.evaluate(() => document.querySelector('.plug-sheet-tabs [aria-selected="true"]').textContent);
    assert.equal(await selected(), 'Dates');
    // LibreOffice's own PDF of the workbook shows 2024-03-15 (the 1900 system read 2020-03-14).
    assert.equal(await textAt(page, 'A1'), '2024-03-15');
    await page.click('.plug-sheet-tabs button:has-text("RTL")');
    await page.waitForFunction(() => document.querySelector('.plug-sheet').classList.contains('plug-rtl'));
    assert.equal(await textAt(page, 'A1'), 'right to left');
    // Column A at the right, as Calc draws the sheet.
    const [a, b] = await page.evaluate(() => ['A', 'B'].map((letter) => [...document.querySelectorAll('.plug-colhead')].find((e) => e.textContent === letter).getBoundingClientRect().left));
    assert.ok(a > b, `A at ${a}, B at ${b}`);
    await page.screenshot({ path: join(SHOTS, 'views-libreoffice.png') });
    await page.click('.plug-sheet-tabs button:has-text("Shrink")');
    await page.waitForFunction(() => !document.querySelector('.plug-sheet').classList.contains('plug-rtl'));
    await checkShrink(page);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// A dashboard as saved with View > Headings and Gridlines off (`showRowColHeaders="0"`), its
// header rows frozen.
const DASHBOARD = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); s = book.add_worksheet('Dashboard')
s.hide_row_col_headers(); s.hide_gridlines(2); s.set_column('A:A', 20)
s.write('A1', 'Revenue', book.add_format({'bold': True, 'font_size': 16}))
s.write_row('A3', ['Region', 'Q1', 'Q2'], book.add_format({'bold': True, 'bottom': 1}))
s.write_row('A4', ['East', 120, 140]); s.write_row('A5', ['West', 90, 95])
s.freeze_panes(3, 0)
book.close()
`;

test('a sheet saved with its headings turned off shows no column letters or row numbers, its cells from the corner (they showed)', async () => {
  const { page, context } = await open('dashboard.xlsx', writtenBy(DASHBOARD));
  try {
    const shown = await page.evaluate(() => {
      const sheet = document.querySelector('.plug-sheet').getBoundingClientRect();
      const cell = (text) => [...document.querySelectorAll('.plug-c')].find((e) => e.textContent === text).getBoundingClientRect();
      const [title, east] = [cell('Revenue'), cell('East')];
      return { heads: document.querySelectorAll('.plug-colhead, .plug-rowhead').length, left: title.left - sheet.left, top: title.top - sheet.top, eastLeft: east.left - sheet.left };
    });
    assert.deepEqual(shown, { heads: 0, left: 0, top: 0, eastLeft: 0 });
    assert.deepEqual(page.errors, []);
    await page.screenshot({ path: join(SHOTS, 'dashboard.png') });
  } finally {
    await context.close();
  }
});
