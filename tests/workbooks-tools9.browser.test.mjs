// Workbooks as people make them with the real tools, round 9: cell borders of the styles Excel's
// templates use (a total's double underline, dotted and dashed rules between lines of an
// invoice), as XlsxWriter writes them and as LibreOffice Calc saves them again, and the line a
// table's built-in style draws over its totals row. Each workbook is
// written during the run by XlsxWriter in .venv (or saved again by soffice), dropped through the
// real Worker and opened in Chromium; the assertions read the pixels a person sees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { savedByLibreOffice, writtenBy } from './support/python.mjs';
import { atCell, useSheetWorld } from './support/sheet-pages.mjs';

const world = useSheetWorld('workbooks-tools9');
const { SHOTS } = world;
const open = world.openWorkbook;

// An invoice's lines: B2 a total on yellow with a double bottom border (XlsxWriter's style 6),
// B4 dotted (4), B6 dashed (3), B8 hair (7), D2 a right double border; gridlines off, as in
// Excel's invoice templates; B10 a dotted label that spills into C10, which has no border.
const BORDERS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); s = book.add_worksheet('Invoice')
s.hide_gridlines(2)
s.set_column('B:B', 24); s.set_column('D:D', 12)
for r in range(8): s.set_row(r, 24)
s.write('B2', 1234.5, book.add_format({'bottom': 6, 'bg_color': '#FFFF00', 'num_format': '#,##0.00'}))
s.write('B4', 'Dotted', book.add_format({'bottom': 4}))
s.write('B6', 'Dashed', book.add_format({'bottom': 3}))
s.write('B8', 'Hair', book.add_format({'bottom': 7}))
s.write('D2', 'Right', book.add_format({'right': 6}))
s.set_row(9, 24)
s.write('B10', 'A dotted label that runs on past its column', book.add_format({'bottom': 4}))
book.close()
`;

// The cell at `address` as rows of [r, g, b] pixels, from a screenshot of its box (and `above`
// rows over it).
async function pixels(page, address, above = 0) {
  const box = await atCell(page, address, (cell) => { const r = cell.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; });
  const shot = await page.screenshot({ clip: { ...box, y: box.y - above, height: box.height + above } });
  return page.evaluate(async (png) => {
    const img = new Image();
    img.src = `data:image/png;base64,${png}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width; canvas.height = img.height;
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0);
    const { data } = g.getImageData(0, 0, img.width, img.height);
    const rows = [];
    for (let y = 0; y < img.height; y++) {
      const row = [];
      for (let x = 0; x < img.width; x++) row.push([...data.slice((y * img.width + x) * 4, (y * img.width + x) * 4 + 3)]);
      rows.push(row);
    }
    return rows;
  }, shot.toString('base64'));
}

const dark = ([r, g, b]) => r + g + b < 200;
// How often a line of pixels changes between dark and light.
const changes = (line) => line.slice(1).filter((p, i) => dark(p) !== dark(line[i])).length;

async function checkBorders(name, content) {
  const { page, context } = await open(name, content);
  try {
    // The total's double underline: line, gap in the cell's yellow, line (it was a 3-px bar).
    const total = await pixels(page, 'B2');
    const column = total.map((row) => row[Math.floor(row.length / 2)]);
    const bottom = column.slice(-4);
    assert.deepEqual(bottom.map(dark), [false, true, false, true], JSON.stringify(bottom));
    assert.ok(bottom[2][0] > 200 && bottom[2][1] > 200 && bottom[2][2] < 80, `the gap is the cell's yellow: ${bottom[2]}`);
    // A right double border: the same across.
    const right = (await pixels(page, 'D2'))[10].slice(-4);
    assert.deepEqual(right.map(dark), [false, true, false, true], JSON.stringify(right));
    // Dotted, dashed and hair lines are broken along the cell's bottom (they were drawn solid).
    for (const [address, least] of [['B4', 30], ['B6', 20], ['B8', 60]]) {
      const cell = await pixels(page, address);
      const line = cell[cell.length - 1].slice(2, -2);
      assert.ok(line.filter(dark).length > line.length / 4, `${address} has a line: ${line.filter(dark).length} of ${line.length}`);
      assert.ok(changes(line) >= least, `${address} is broken: ${changes(line)} changes`);
    }
    // The spilling label keeps its dots under its own column, not under C10.
    const spill = await page.evaluate(() => {
      const head = (selector, text) => [...document.querySelectorAll(selector)].find((e) => e.textContent === text).getBoundingClientRect();
      const b = head('.plug-colhead', 'B');
      const c = head('.plug-colhead', 'C');
      const row = head('.plug-rowhead', '10');
      return { b: { x: b.x + 2, y: row.bottom - 1, width: b.width - 4, height: 1 }, c: { x: c.x + 2, y: row.bottom - 1, width: c.width - 4, height: 1 } };
    });
    const line = async (clip) => (await page.evaluate(async (png) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width; canvas.height = 1;
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0);
      const { data } = g.getImageData(0, 0, img.width, 1);
      return Array.from({ length: img.width }, (_, x) => [...data.slice(x * 4, x * 4 + 3)]);
    }, (await page.screenshot({ clip })).toString('base64')));
    assert.ok(changes(await line(spill.b)) >= 30, 'B10 is dotted');
    assert.equal((await line(spill.c)).filter(dark).length, 0, 'no line under C10');
    assert.deepEqual(page.errors, []);
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  } finally {
    await context.close();
  }
}

test('double, dotted, dashed and hair borders are drawn as Excel draws them, as XlsxWriter writes them', async () => {
  await checkBorders('borders.xlsx', writtenBy(BORDERS));
});

test('the same borders as LibreOffice Calc saves the workbook again', async () => {
  await checkBorders('borders-lo.xlsx', savedByLibreOffice('borders.xlsx', writtenBy(BORDERS)));
});

// A table in Excel's default style (Medium 2) with a totals row, its label, an empty column and
// a SUBTOTAL, as XlsxWriter writes it.
const TOTALS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); s = book.add_worksheet('Sales')
s.set_column('A:C', 14)
s.add_table('A1:C5', {'style': 'Table Style Medium 2', 'total_row': True, 'data': [['North', 'x', 10], ['South', 'y', 20], ['East', 'z', 30]],
  'columns': [{'header': 'Region', 'total_string': 'Total'}, {'header': 'Note'}, {'header': 'Units', 'total_function': 'sum'}]})
book.close()
`;

test("a table's totals row has its style's double line over it in the accent colour, across every column", async () => {
  const { page, context } = await open('totals.xlsx', writtenBy(TOTALS));
  try {
    const blue = ([r, , b]) => b - r > 60;
    for (const address of ['A5', 'B5', 'C5']) {
      const cell = await pixels(page, address, 1);
      const column = cell.map((row) => row[Math.floor(row.length / 2)]).slice(0, 4);
      // Outer line over the row above, a gap, the inner line, then the cell (it had no line).
      assert.deepEqual(column.map(blue), [true, false, true, false], `${address}: ${JSON.stringify(column)}`);
    }
    assert.deepEqual(page.errors, []);
    await page.screenshot({ path: join(SHOTS, 'totals.png') });
  } finally {
    await context.close();
  }
});
