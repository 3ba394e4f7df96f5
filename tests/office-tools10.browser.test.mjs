// Workbooks and decks as the real tools save them, round 10: styles of whole rows and columns
// (XlsxWriter's set_row and set_column with a format, openpyxl's row_ and column_dimensions) on the
// cells the file does not list, a sheet that hides its zeros (`showZeros="0"`, XlsxWriter's
// hide_zero), a table's banded columns and first and last column, times with fractions of a
// second, and in a python-pptx deck a pie's labels outside its slices and a column chart's losses. Each file is written during the
// run by the tool in .venv, dropped through the real Worker and opened in Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { writtenBy } from './support/python.mjs';
import { atCell, texts, useSheetWorld } from './support/sheet-pages.mjs';

const world = useSheetWorld('office-tools10');
const { SHOTS } = world;

// A report's sheet: row 1 a header row filled orange as a whole (its three labels written in the
// same format, as XlsxWriter writes a row's format into its cells), column H shaded blue, row 12
// filled green with nothing in it; a table at A3:D7 in Medium 2 with banded columns (not rows)
// and its first and last column picked out; F2:F5 zeros (a number, a formula, a currency) and a 7
// in a sheet that hides zeros; E9 and E10 a lap of 10.627 seconds in `mm:ss.0` and `ss.00`.
const REPORT = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); s = book.add_worksheet('Report')
s.hide_zero()
head = book.add_format({'bold': True, 'bg_color': '#FFC000'})
s.set_row(0, None, head)
s.write_row(0, 0, ['Region', 'Units', 'Price'], head)
s.set_column('H:H', 10, book.add_format({'bg_color': '#BDD7EE'}))
s.set_row(11, None, book.add_format({'bg_color': '#C6EFCE', 'bottom': 1}))
s.add_table('A3:D7', {'style': 'Table Style Medium 2', 'banded_rows': False, 'banded_columns': True, 'first_column': True, 'last_column': True,
  'data': [['North', 10, 20, 30], ['South', 11, 21, 31], ['East', 12, 22, 32], ['West', 13, 23, 33]],
  'columns': [{'header': 'Name'}, {'header': 'Q1'}, {'header': 'Q2'}, {'header': 'Q3'}]})
s.write('F1', 'Zeros')
s.write('F2', 0)
s.write_formula('F3', '=F2*2', None, 0)
s.write('F4', 0, book.add_format({'num_format': '$#,##0.00'}))
s.write('F5', 7)
s.write('E9', 0.000123, book.add_format({'num_format': 'mm:ss.0'}))
s.write('E10', 0.000123, book.add_format({'num_format': 'ss.00'}))
book.close()
`;

const look = (page, address) => atCell(page, address, (cell) => {
  if (!cell) return null;
  const style = getComputedStyle(cell);
  // Borders are drawn as inset shadows (xlsx-worker-styles.js): a thin bottom one 1 px up.
  return { fill: style.backgroundColor, bold: Number(style.fontWeight) >= 600, bottom: /0px -1px 0px 0px inset/.test(style.boxShadow) };
});

test("a whole row's and a whole column's style on the cells the file does not list; zeros hidden; fractions of a second; a table's banded columns and first and last column", async () => {
  const { page, context } = await world.openWorkbook('report.xlsx', writtenBy(REPORT));
  try {
    const orange = 'rgb(255, 192, 0)';
    const blue = 'rgb(189, 215, 238)';
    const green = 'rgb(198, 239, 206)';
    // The header row's fill runs past its labels to the sheet's edge (it stopped at C1).
    for (const address of ['A1', 'D1', 'G1', 'K1']) assert.equal((await look(page, address))?.fill, orange, `${address} in the header row's fill`);
    // Column H shaded down the sheet, past the last stored row; the header row wins at H1.
    for (const address of ['H2', 'H9', 'H20']) assert.equal((await look(page, address))?.fill, blue, `${address} in column H's shade`);
    // Row 12, stored with nothing but its style: green with its bottom border, across.
    for (const address of ['A12', 'E12', 'H12', 'J12']) {
      const cell = await look(page, address);
      assert.equal(cell?.fill, green, `${address} in row 12's fill`);
      assert.ok(cell?.bottom, `${address} has row 12's bottom border`);
    }
    assert.equal((await look(page, 'E13'))?.fill ?? 'rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', 'E13 is plain');
    // Zeros are hidden (a number, a calculated formula, a currency); the 7 shows.
    assert.deepEqual(await texts(page, ['F2', 'F3', 'F4', 'F5']), { F2: '', F3: '', F4: '', F5: '7' });
    // Fractions of a second: the minutes and the seconds as Excel shows them (they read "12:11.6"
    // and "11.63": the month, and the seconds rounded before the fraction).
    assert.deepEqual(await texts(page, ['E9', 'E10']), { E9: '00:10.6', E10: '10.63' });
    // The table's banded columns: A and C in the accent's tint, B and D not; rows unbanded.
    const band = (await look(page, 'C5')).fill;
    assert.notEqual(band, 'rgba(0, 0, 0, 0)', 'C5 is in a band');
    assert.equal((await look(page, 'C4')).fill, band, 'C4 is in the same band (rows are not banded)');
    assert.equal((await look(page, 'A6')).fill, band, 'A6 is in a band');
    for (const address of ['B5', 'D6']) assert.equal((await look(page, address)).fill, 'rgba(0, 0, 0, 0)', `${address} is between the bands`);
    // The first and last columns in bold, the middle ones not.
    for (const address of ['A5', 'D5']) assert.ok((await look(page, address)).bold, `${address} is bold`);
    for (const address of ['B5', 'C5']) assert.ok(!(await look(page, address)).bold, `${address} is not bold`);
    assert.deepEqual(page.errors, []);
    await page.screenshot({ path: join(SHOTS, 'report.png') });
  } finally {
    await context.close();
  }
});

// The same shapes as openpyxl writes them: row 1's and column C's own style, cells without one.
const DIMENSIONS = String.raw`
import sys, openpyxl
from openpyxl.styles import PatternFill
book = openpyxl.Workbook(); s = book.active; s.title = 'Dims'
s.row_dimensions[1].fill = PatternFill('solid', fgColor='FFFF00')
s.column_dimensions['C'].fill = PatternFill('solid', fgColor='C6EFCE')
s['A2'] = 1; s['B2'] = 2; s['D3'] = 'd3'
book.save(sys.argv[1])
`;

test("openpyxl's row and column dimensions' fills are drawn on the empty cells of that row and column", async () => {
  const { page, context } = await world.openWorkbook('dims.xlsx', writtenBy(DIMENSIONS));
  try {
    for (const address of ['A1', 'E1']) assert.equal((await look(page, address))?.fill, 'rgb(255, 255, 0)', `${address} in row 1's fill`);
    for (const address of ['C2', 'C9']) assert.equal((await look(page, address))?.fill, 'rgb(198, 239, 206)', `${address} in column C's fill`);
    assert.deepEqual(await texts(page, ['A2', 'B2', 'D3']), { A2: '1', B2: '2', D3: 'd3' });
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// A python-pptx deck: a pie of five regions whose labels (name and share) sit outside the slices,
// and a column chart of a quarter's profits and losses, labelled outside their ends, that says
// nothing of inverting negatives.
const CHART_DECK = String.raw`
import sys
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE, XL_LABEL_POSITION
from pptx.util import Inches
p = Presentation()
s = p.slides.add_slide(p.slide_layouts[6])
data = CategoryChartData(); data.categories = ['North America', 'Europe', 'Asia Pacific', 'Latin America', 'Middle East']
data.add_series('Share', (0.38, 0.27, 0.2, 0.1, 0.05))
pie = s.shapes.add_chart(XL_CHART_TYPE.PIE, Inches(0.5), Inches(0.5), Inches(9), Inches(6.5), data).chart
pie.has_legend = False
pie.plots[0].has_data_labels = True
labels = pie.plots[0].data_labels
labels.number_format = '0%'; labels.number_format_is_linked = False
labels.show_category_name = True; labels.position = XL_LABEL_POSITION.OUTSIDE_END
s = p.slides.add_slide(p.slide_layouts[6])
data = CategoryChartData(); data.categories = ['Q1', 'Q2', 'Q3', 'Q4']
data.add_series('Profit', (120, -45, 80, -60))
col = s.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(0.5), Inches(0.5), Inches(9), Inches(6.5), data).chart
col.plots[0].has_data_labels = True
col.plots[0].data_labels.position = XL_LABEL_POSITION.OUTSIDE_END
p.save(sys.argv[1])
`;

test("a pie's labels outside its slices stay inside the chart; a column chart's losses are drawn in the series' colour, labelled below their ends", async () => {
  const { owner } = await world.app.world();
  const e = await world.app.dropLive(owner, { file: { name: 'charts.pptx', content: writtenBy(CHART_DECK, 'charts.pptx') }, fields: { scope: 'personal', visibility: 'link', source_type: 'pptx' } });
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 } });
  // Each string drawn on a canvas with its extent in the canvas's pixels, and each path filled
  // with its colour, as they are drawn.
  await context.addInitScript(() => {
    window.plugText = [];
    window.plugFills = [];
    const proto = CanvasRenderingContext2D.prototype;
    const { fillText, fill } = proto;
    proto.fillText = function (text, x, y, ...rest) {
      const m = this.getTransform();
      const width = this.measureText(String(text)).width * m.a;
      const at = m.a * x + m.e;
      const left = this.textAlign === 'center' ? at - width / 2 : this.textAlign === 'right' || this.textAlign === 'end' ? at - width : at;
      window.plugText.push({ text: String(text), left, right: left + width, y: m.d * y + m.f, canvas: this.canvas.width });
      return fillText.call(this, text, x, y, ...rest);
    };
    proto.fill = function (...args) {
      window.plugFills.push(String(this.fillStyle).toLowerCase());
      return fill.apply(this, args);
    };
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(e.url);
    await page.waitForFunction(() => window.plugText.some((t) => t.text === 'Q4') && window.plugText.filter((t) => t.text.includes('%')).length >= 5, null, { timeout: 20_000 }).catch(() => {});
    await page.waitForTimeout(300);
    const { drawn, fills } = await page.evaluate(() => ({ drawn: window.plugText, fills: window.plugFills }));
    // No bar filled white (the losses were white boxes outlined in black).
    assert.ok(!fills.some((f) => f === '#ffffff' || f === 'white' || f === 'rgb(255, 255, 255)' || f === 'rgba(255, 255, 255, 1)'), JSON.stringify([...new Set(fills)]));
    // Every label of the pie whole on its canvas ("North America 38%" ran past the right edge).
    const labels = drawn.filter((t) => /%/.test(t.text));
    for (const name of ['North America 38%', 'Middle East 5%']) assert.ok(labels.some((t) => t.text === name), `${name} is drawn: ${JSON.stringify(labels)}`);
    for (const t of labels) assert.ok(t.left >= 0 && t.right <= t.canvas, `"${t.text}" is inside its chart: ${JSON.stringify(t)}`);
    // A loss's label past its column's end, below the category name on the zero line (it sat on
    // the zero line, over the name); a profit's above its column.
    const at = (text) => drawn.findLast((t) => t.text === text);
    for (const [loss, quarter] of [['-45', 'Q2'], ['-60', 'Q4']]) assert.ok(at(loss)?.y > at(quarter).y + 10, `${loss} is below its column: ${JSON.stringify([at(loss), at(quarter)])}`);
    assert.ok(at('120').y < at('Q1').y, `120 is above its column: ${JSON.stringify([at('120'), at('Q1')])}`);
    assert.deepEqual(errors, []);
    await page.screenshot({ path: join(SHOTS, 'charts.png'), fullPage: true });
  } finally {
    await context.close();
  }
});
