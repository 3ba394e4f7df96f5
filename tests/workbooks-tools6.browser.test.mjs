// Workbooks as people make them with the real tools, round 6: charts as Excel draws them. Axis
// labels and data labels in the number format of the cells they come from (what Excel and
// XlsxWriter mean by sourceLinked="1"), stacked and 100% stacked areas, doughnut shares, linear
// trendlines; and the same charts saved again by LibreOffice Calc. Each workbook is written during
// the run by XlsxWriter in .venv (or saved again by soffice), dropped through the real Worker and
// opened in Chromium; the assertions read the chart SVG a person sees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { savedByLibreOffice, writtenBy } from './support/python.mjs';
import { atCell, texts, useSheetWorld } from './support/sheet-pages.mjs';

const world = useSheetWorld('workbooks-tools6');
const { SHOTS } = world;
const open = world.openWorkbook;

// Sales and costs in a currency format, margins in a percent format; a combo chart with the
// margins on a secondary axis, stacked and 100% stacked areas, a column chart with value labels
// and a linear trendline, a doughnut labelled with shares, a line with value labels.
const CHARTS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
s = book.add_worksheet('Data')
pct = book.add_format({'num_format': '0%'}); money = book.add_format({'num_format': '$#,##0'})
s.write_row(0, 0, ['Month', 'Sales', 'Costs', 'Margin'])
for i, (m, sales, costs, margin) in enumerate([['Jan', 1000, 800, 0.2], ['Feb', 1200, 900, 0.25], ['Mar', 900, 855, 0.05], ['Apr', 1500, 1000, 0.33]]):
    s.write(i + 1, 0, m); s.write(i + 1, 1, sales, money); s.write(i + 1, 2, costs, money); s.write(i + 1, 3, margin, pct)
def ser(col, **kw):
    d = {'name': ['Data', 0, col], 'categories': ['Data', 1, 0, 4, 0], 'values': ['Data', 1, col, 4, col]}; d.update(kw); return d
def chart(kind, title, at, *series, subtype=None):
    c = book.add_chart({'type': kind, 'subtype': subtype} if subtype else {'type': kind})
    for x in series: c.add_series(x)
    c.set_title({'name': title}); s.insert_chart(at, c); return c
combo = book.add_chart({'type': 'column'}); combo.add_series(ser(1)); combo.add_series(ser(2))
line = book.add_chart({'type': 'line'}); line.add_series(ser(3, y2_axis=True)); combo.combine(line)
combo.set_title({'name': 'Combo'}); s.insert_chart('G1', combo)
chart('area', 'Stacked area', 'O1', ser(1), ser(2), subtype='stacked')
chart('column', 'Labels', 'G16', ser(1, data_labels={'value': True}, trendline={'type': 'linear'}))
chart('doughnut', 'Doughnut', 'O16', ser(1, data_labels={'percentage': True}))
chart('area', 'Pct area', 'G31', ser(1), ser(2), subtype='percent_stacked')
chart('line', 'Margin pct', 'O31', ser(3, data_labels={'value': True}))
chart('column', 'Inside base', 'G46', ser(1, data_labels={'value': True, 'position': 'inside_base'}))
chart('line', 'Smooth', 'O46', ser(1, smooth=True, data_labels={'value': True, 'position': 'above'}))
book.close()
`;

// Each chart by its title: its value-axis labels (left and right), data labels, and its series'
// shapes.
const chartsShown = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('svg.plug-chart')].map((svg) => {
  const texts = (selector) => [...svg.querySelectorAll(selector)].map((t) => t.textContent);
  const left = [...svg.querySelectorAll('text[text-anchor="end"]:not(.plug-chart-category)')].map((t) => t.textContent);
  const paths = Object.fromEntries([...svg.querySelectorAll('path.plug-chart-series')].map((p) => [p.dataset.series, p.getAttribute('d')]));
  return [svg.querySelector('.plug-chart-title')?.textContent, {
    left, right: texts('.plug-chart-tick2'), labels: texts('.plug-chart-label'), paths,
    trends: [...svg.querySelectorAll('path.plug-chart-trend')].map((p) => p.getAttribute('stroke')),
    grid: [...svg.querySelectorAll('line[stroke="#d9d9d9"]')].slice(0, 1).flatMap((l) => [Number(l.getAttribute('x1')), Number(l.getAttribute('x2'))]),
  }];
})));

// The y (and x) of each point of an SVG path, in order.
const ys = (d) => [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => Number(m[2]));
const xs = (d) => [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => Number(m[1]));

test('axis and data labels show the cells\' currency and percent formats, as Excel draws them (they showed 1500 and 0.3); stacked areas stack; a trendline is drawn', async () => {
  const { page, context } = await open('charts-formats.xlsx', writtenBy(CHARTS));
  try {
    const charts = await chartsShown(page);
    await page.screenshot({ path: join(SHOTS, 'charts-formats.png') });
    // The combo's primary axis in the sales' $#,##0, its secondary one in the margins' 0%.
    assert.deepEqual(charts.Combo.left, ['$0', '$500', '$1,000', '$1,500'], JSON.stringify(charts.Combo));
    assert.deepEqual(charts.Combo.right, ['0%', '10%', '20%', '30%', '40%']);
    assert.deepEqual(charts.Labels.labels, ['$1,000', '$1,200', '$900', '$1,500']);
    assert.deepEqual(charts['Margin pct'].labels, ['20%', '25%', '5%', '33%']);
    assert.deepEqual(charts['Margin pct'].left, ['0%', '10%', '20%', '30%', '40%']);
    // Shares of 4,600: 1,000, 1,200, 900 and 1,500.
    assert.deepEqual(charts.Doughnut.labels, ['22%', '26%', '20%', '33%']);
    // A linear trendline in the series' colour.
    assert.deepEqual(charts.Labels.trends, ['#4472c4']);
    // The stacked area's Costs sits on Sales: its lower edge is Sales' upper edge, not the axis
    // (it was filled down to the axis, over Sales).
    const sales = ys(charts['Stacked area'].paths.Sales);
    const costs = ys(charts['Stacked area'].paths.Costs);
    assert.deepEqual(costs.slice(4).reverse(), sales.slice(0, 4), JSON.stringify(charts['Stacked area']));
    // An area's months sit on the tick marks: January at the plot's left edge, April at its right
    // (they sat half a month in, leaving a gap at each side).
    const months = xs(charts['Stacked area'].paths.Sales).slice(0, 4);
    assert.deepEqual([months[0], months[3]].map(Math.round), charts['Stacked area'].grid.map(Math.round), JSON.stringify(charts['Stacked area']));
    // The 100% stacked area's top series reaches the top (100%) at every month.
    const top = ys(charts['Pct area'].paths.Costs).slice(0, 4);
    assert.equal(new Set(top.map((y) => y.toFixed(1))).size, 1, JSON.stringify(charts['Pct area']));
    assert.deepEqual(charts['Pct area'].left.at(-1), '100%');
    // Labels where their position says: inside a bar's base, above a line's points; a smoothed
    // line drawn as curves (it was drawn straight, its labels all past the bars' ends).
    const placed = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('svg.plug-chart')].map((svg) => [
      svg.querySelector('.plug-chart-title').textContent,
      {
        labels: [...svg.querySelectorAll('.plug-chart-label')].map((t) => Number(t.getAttribute('y'))),
        bars: [...svg.querySelectorAll('rect.plug-chart-point')].map((r) => [Number(r.getAttribute('y')), Number(r.getAttribute('y')) + Number(r.getAttribute('height'))]),
        points: [...svg.querySelectorAll('circle.plug-chart-point')].map((c) => Number(c.getAttribute('cy'))),
        curve: svg.querySelector('path.plug-chart-series')?.getAttribute('d') || '',
      },
    ])));
    const inside = placed['Inside base'];
    assert.ok(inside.labels.every((y, k) => y < inside.bars[k][1] && y > inside.bars[k][1] - 14), JSON.stringify(inside));
    const smooth = placed.Smooth;
    assert.ok(smooth.labels.every((y, k) => y < smooth.points[k] - 4), JSON.stringify(smooth));
    assert.equal((smooth.curve.match(/C/g) || []).length, 3, smooth.curve);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// LibreOffice Calc saves its value axes with sourceLinked="0" and General (so Excel and Calc
// show the saved file's axes in plain numbers), its labels' separator as "; " and its trendline
// in black.
test('the same charts saved by LibreOffice Calc draw as Calc draws them: plain axes, formatted labels, a black trendline', async (t) => {
  const saved = savedByLibreOffice('charts-formats.xlsx', writtenBy(CHARTS));
  if (!saved) return t.skip('LibreOffice (soffice) is not installed');
  const { page, context } = await open('charts-formats-libreoffice.xlsx', saved);
  try {
    const charts = await chartsShown(page);
    await page.screenshot({ path: join(SHOTS, 'charts-formats-libreoffice.png') });
    assert.deepEqual(charts.Combo.left, ['0', '500', '1000', '1500'], JSON.stringify(charts.Combo));
    assert.deepEqual(charts.Combo.right, ['0', '0.1', '0.2', '0.3', '0.4']);
    assert.deepEqual(charts.Labels.labels, ['$1,000', '$1,200', '$900', '$1,500']);
    assert.deepEqual(charts.Doughnut.labels, ['22%', '26%', '20%', '33%']);
    assert.deepEqual(charts.Labels.trends, ['#000000']);
    const sales = ys(charts['Stacked area'].paths.Sales);
    const costs = ys(charts['Stacked area'].paths.Costs);
    assert.deepEqual(costs.slice(4).reverse(), sales.slice(0, 4));
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// An axis set by hand in Format Axis (XlsxWriter's set_y_axis): bounds and a major unit, values
// in reverse order, a logarithmic scale, a date axis in a format of its own; and openpyxl's
// bubble chart.
const AXES = String.raw`
import sys, datetime, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
s = book.add_worksheet('Data')
s.write_row(0, 0, ['Month', 'Sales', 'Share'])
for i, (m, sales, share) in enumerate([['Jan', 1000, 0.2], ['Feb', 1200, 0.25], ['Mar', 900, 0.05], ['Apr', 1500, 0.33]]):
    s.write_row(i + 1, 0, [m, sales, share])
def chart(title, at, col, axis):
    c = book.add_chart({'type': 'column'})
    c.add_series({'name': ['Data', 0, col], 'categories': ['Data', 1, 0, 4, 0], 'values': ['Data', 1, col, 4, col]})
    c.set_title({'name': title}); c.set_y_axis(axis); s.insert_chart(at, c)
chart('Bounds', 'E1', 1, {'min': 500, 'max': 2000, 'major_unit': 250, 'num_format': '#,##0'})
chart('Reversed', 'M1', 2, {'reverse': True, 'num_format': '0%'})
chart('Log', 'E16', 1, {'log_base': 10})
chart('Bare', 'E31', 1, {'visible': False, 'major_gridlines': {'visible': False}})
day = book.add_format({'num_format': 'd mmm'})
for i in range(4): s.write_datetime(i + 1, 3, datetime.datetime(2024, 1, 1 + 7 * i), day)
dates = book.add_chart({'type': 'line'})
dates.add_series({'name': 'By week', 'categories': ['Data', 1, 3, 4, 3], 'values': ['Data', 1, 1, 4, 1]})
dates.set_title({'name': 'Dates'}); dates.set_x_axis({'date_axis': True, 'num_format': 'dd/mm'}); s.insert_chart('M16', dates)
book.close()
`;

const BUBBLES = String.raw`
import sys
from openpyxl import Workbook
from openpyxl.chart import BubbleChart, Reference, Series
wb = Workbook(); ws = wb.active; ws.title = 'Data'
for row in [('x', 'y', 'size'), (1, 10, 5), (2, 40, 20), (3, 25, 10), (4, 30, 40)]: ws.append(row)
chart = BubbleChart(); chart.title = 'Bubbles'; chart.width = 20; chart.height = 10
chart.series.append(Series(values=Reference(ws, min_col=2, min_row=2, max_row=5), xvalues=Reference(ws, min_col=1, min_row=2, max_row=5),
    zvalues=Reference(ws, min_col=3, min_row=2, max_row=5), title='Market'))
ws.add_chart(chart, 'E1')
wb.save(sys.argv[1])
`;

test('an axis with its own bounds, major unit, reversed order, log scale or date format, or hidden, is drawn so (they were ignored); bubbles are sized, not joined by a line', async () => {
  const { page, context } = await open('chart-axes.xlsx', writtenBy(AXES));
  try {
    await page.screenshot({ path: join(SHOTS, 'chart-axes.png') });
    const shown = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('svg.plug-chart')].map((svg) => [
      svg.querySelector('.plug-chart-title').textContent,
      {
        ticks: [...svg.querySelectorAll('text[text-anchor="end"]:not(.plug-chart-category)')].map((t) => [t.textContent, Number(t.getAttribute('y'))]),
        categories: [...svg.querySelectorAll('.plug-chart-category')].map((t) => t.textContent),
        grid: svg.querySelectorAll('line[stroke="#d9d9d9"]').length,
        bars: [...svg.querySelectorAll('rect.plug-chart-point')].map((r) => [Number(r.dataset.value), Number(r.getAttribute('y')), Number(r.getAttribute('height'))]),
      },
    ])));
    const { Bounds, Reversed, Log, Dates, Bare } = shown;
    // An axis hidden and its gridlines turned off (XlsxWriter's visible and major_gridlines): no
    // labels, no lines (both were drawn).
    assert.deepEqual([Bare.ticks, Bare.grid, Bare.bars.length], [[], 0, 4], JSON.stringify(Bare));
    assert.ok(Bounds.grid > 0);
    // The date axis in its own dd/mm, not the cells' d mmm.
    assert.deepEqual(Dates.categories, ['01/01', '08/01', '15/01', '22/01'], JSON.stringify(Dates));
    assert.deepEqual(Bounds.ticks.map(([t]) => t), ['500', '750', '1,000', '1,250', '1,500', '1,750', '2,000'], JSON.stringify(Bounds));
    // The 900 bar rises from the axis's 500 (the bottom tick), to the 900 level.
    const bottom = Bounds.ticks[0][1] - 4;
    const [, y900, h900] = Bounds.bars.find(([v]) => v === 900);
    assert.ok(Math.abs(y900 + h900 - bottom) < 1, JSON.stringify(Bounds));
    const level = (v) => bottom + ((Bounds.ticks.at(-1)[1] - 4 - bottom) * (v - 500)) / 1500;
    assert.ok(Math.abs(y900 - level(900)) < 1.5, JSON.stringify(Bounds));
    // Reversed: 0% at the top, the bars hang from it, the longest the largest.
    assert.equal(Reversed.ticks[0][0], '0%');
    assert.ok(Reversed.ticks[0][1] < Reversed.ticks.at(-1)[1], JSON.stringify(Reversed));
    const tops = new Set(Reversed.bars.map(([, y]) => Math.round(y)));
    assert.equal(tops.size, 1, JSON.stringify(Reversed));
    // Log: powers of ten, 1,000 and 1,500 a short step apart rather than half the axis.
    assert.deepEqual(Log.ticks.map(([t]) => t), ['100', '1000', '10000']);
    const [, y1000] = Log.bars.find(([v]) => v === 1000);
    const [, y1500] = Log.bars.find(([v]) => v === 1500);
    assert.ok(y1000 - y1500 < (Log.ticks[0][1] - Log.ticks[2][1]) * 0.1, JSON.stringify(Log));
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
  const bubbles = await open('bubbles.xlsx', writtenBy(BUBBLES));
  try {
    await bubbles.page.screenshot({ path: join(SHOTS, 'bubbles.png') });
    const drawn = await bubbles.page.evaluate(() => ({
      // Each bubble's box against its plot's (the gridlines' span): inside it, as Excel widens
      // the axes for them (the largest hung over the right edge).
      outside: [...document.querySelectorAll('svg.plug-chart circle.plug-chart-point')].filter((c) => {
        const grid = [...document.querySelectorAll('svg.plug-chart line[stroke="#d9d9d9"]')];
        const [left, right] = [Number(grid[0].getAttribute('x1')), Number(grid[0].getAttribute('x2'))];
        const ys = grid.map((l) => Number(l.getAttribute('y1')));
        const [cx, cy, r] = ['cx', 'cy', 'r'].map((a) => Number(c.getAttribute(a)));
        return cx - r < left - 1 || cx + r > right + 1 || cy - r < Math.min(...ys) - 1 || cy + r > Math.max(...ys) + 1;
      }).map((c) => c.dataset.value),
      lines: document.querySelectorAll('svg.plug-chart path.plug-chart-series').length,
      radii: [...document.querySelectorAll('svg.plug-chart circle.plug-chart-point')].map((c) => [Number(c.dataset.value), Number(c.getAttribute('r'))]),
    }));
    assert.equal(drawn.lines, 0, JSON.stringify(drawn));
    assert.deepEqual(drawn.outside, [], JSON.stringify(drawn));
    // Areas as the sizes (5, 20, 10, 40 at y 10, 40, 25, 30): size 20 twice size 5 across.
    const r = Object.fromEntries(drawn.radii);
    assert.ok(Math.abs(r[40] / r[10] - 2) < 0.01, JSON.stringify(drawn));
    assert.ok(Math.abs(r[30] / r[40] - Math.SQRT2) < 0.01, JSON.stringify(drawn));
    assert.deepEqual(bubbles.page.errors, []);
  } finally {
    await bubbles.context.close();
  }
});

// Error bars as XlsxWriter writes them from Excel's choices: a fixed value, a percentage (plus
// only), custom ranges of the sheet, the standard error.
const ERROR_BARS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); s = book.add_worksheet('Data')
s.write_row(0, 0, ['Trial', 'Mean', 'Low', 'High'])
for i, r in enumerate([['A', 10, 1, 2], ['B', 14, 2, 1], ['C', 9, 1.5, 1.5], ['D', 12, 0.5, 3]]): s.write_row(i + 1, 0, r)
def chart(kind, title, at, bars):
    c = book.add_chart({'type': kind}); c.add_series({'name': 'Mean', 'categories': '=Data!$A$2:$A$5', 'values': '=Data!$B$2:$B$5', 'y_error_bars': bars})
    c.set_title({'name': title}); s.insert_chart(at, c)
chart('column', 'Fixed', 'F1', {'type': 'fixed', 'value': 2})
chart('line', 'Percent', 'N1', {'type': 'percentage', 'value': 10, 'direction': 'plus'})
chart('column', 'Custom', 'F16', {'type': 'custom', 'plus_values': '=Data!$D$2:$D$5', 'minus_values': '=Data!$C$2:$C$5'})
chart('column', 'Std error', 'N16', {'type': 'standard_error'})
book.close()
`;

test('error bars reach as far as Excel draws them: a fixed amount, 10% up only, custom ranges, the standard error (they were not drawn)', async () => {
  const { page, context } = await open('error-bars.xlsx', writtenBy(ERROR_BARS));
  try {
    await page.screenshot({ path: join(SHOTS, 'error-bars.png') });
    // Each error bar's low and high end in the chart's values, read back through its axis labels.
    const reach = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('svg.plug-chart')].map((svg) => {
      const ticks = [...svg.querySelectorAll('text[text-anchor="end"]:not(.plug-chart-category)')].map((t) => [Number(t.textContent), Number(t.getAttribute('y')) - 4]);
      const [[v0, y0], [v1, y1]] = ticks;
      const value = (y) => Math.round((v0 + ((y - y0) * (v1 - v0)) / (y1 - y0)) * 100) / 100;
      const bars = [...svg.querySelectorAll('path.plug-chart-error')].map((p) => {
        const ys = [...p.getAttribute('d').matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
        return [value(Math.max(...ys)), value(Math.min(...ys))];
      });
      return [svg.querySelector('.plug-chart-title').textContent, bars];
    })));
    assert.deepEqual(reach.Fixed, [[8, 12], [12, 16], [7, 11], [10, 14]], JSON.stringify(reach));
    assert.deepEqual(reach.Percent, [[10, 11], [14, 15.4], [9, 9.9], [12, 13.2]]);
    assert.deepEqual(reach.Custom, [[9, 12], [12, 15], [7.5, 10.5], [11.5, 15]]);
    // The standard error of 10, 14, 9 and 12: 1.11.
    assert.deepEqual(reach['Std error'].map(([low, high]) => Math.round((high - low) * 50) / 100), [1.11, 1.11, 1.11, 1.11]);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// Wrapped text without line breaks: XlsxWriter's text_wrap in a column of 20 and openpyxl's
// wrap_text in a column of the default width. Excel and LibreOffice make a row with no height
// of its own as tall as the lines the column's width breaks the text into.
const WRAPPED = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); s = book.add_worksheet('Notes')
wrap = book.add_format({'text_wrap': True, 'valign': 'top'})
s.set_column('B:B', 20)
s.write_row(0, 0, ['Item', 'Comment'])
s.write('A2', 'Pump'); s.write('B2', 'Wrapped text that runs over several lines in a narrow column', wrap)
s.write('A3', 'Valve'); s.write('B3', 'Short', wrap)
s.write('A4', 'A long remark in the default width that Excel breaks into lines', wrap)
book.close()
`;

test('wrapped text without line breaks makes its row as tall as the lines its column breaks it into (it showed one line, clipped)', async () => {
  const { page, context } = await open('wrapped-width.xlsx', writtenBy(WRAPPED));
  try {
    await page.screenshot({ path: join(SHOTS, 'wrapped-width.png') });
    // Each cell's drawn lines (the distinct tops of its text's line boxes) and its row's height.
    const shown = {};
    for (const address of ['B2', 'B3', 'A4']) {
      shown[address] = await atCell(page, address, (cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        return { lines, height: Math.round(cell.getBoundingClientRect().height), clipped: cell.scrollHeight > cell.clientHeight + 1 };
      });
    }
    assert.equal(shown.B2.lines, 3, JSON.stringify(shown));
    assert.equal(shown.B2.height, 60, JSON.stringify(shown));
    // Short wrapped text keeps its row's one line.
    assert.deepEqual([shown.B3.lines, shown.B3.height], [1, 20], JSON.stringify(shown));
    assert.ok(shown.A4.lines >= 5 && shown.A4.height === shown.A4.lines * 20, JSON.stringify(shown));
    assert.ok(!shown.B2.clipped && !shown.A4.clipped, JSON.stringify(shown));
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// Google Sheets' xlsx export, written by hand in its shape (no tool makes one): Arial 10 in
// styles.xml with sizes as "10.0" and fonts without a size, an empty <calcPr/> (no calcId, so
// the viewer calculates as Excel does on opening), an empty drawing part, a frozen header, and
// each Google-only function (GOOGLEFINANCE, IMPORTRANGE, FILTER, SPARKLINE) written as
// IFERROR(__xludf.DUMMYFUNCTION("..."), its last value) with that value cached.
const GOOGLE_SHEETS_EXPORT = String.raw`
import sys, zipfile
NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
strings = ['Ticker', 'Price', 'Shares', 'Value', 'GOOG', 'AAPL', 'Total', 'Imported', 'Loading...', 'Filtered']
sst = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst %s count="%d" uniqueCount="%d">%s</sst>' % (NS.split(' xmlns:r')[0], len(strings), len(strings), ''.join('<si><t>%s</t></si>' % s for s in strings))
sheet = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet %s><sheetPr><outlinePr summaryBelow="0" summaryRight="0"/></sheetPr>'
 '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1.0" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection activeCell="B3" sqref="B3" pane="bottomLeft"/></sheetView></sheetViews>'
 '<sheetFormatPr customHeight="1" defaultColWidth="12.63" defaultRowHeight="15.75"/><cols><col customWidth="1" min="1" max="1" width="18.88"/></cols><sheetData>'
 '<row r="1"><c r="A1" s="1" t="s"><v>0</v></c><c r="B1" s="1" t="s"><v>1</v></c><c r="C1" s="1" t="s"><v>2</v></c><c r="D1" s="1" t="s"><v>3</v></c></row>'
 '<row r="2"><c r="A2" s="2" t="s"><v>4</v></c><c r="B2" s="3"><f>IFERROR(__xludf.DUMMYFUNCTION("GOOGLEFINANCE(A2)"),176.25)</f><v>176.25</v></c><c r="C2" s="2"><v>10.0</v></c><c r="D2" s="3"><f>B2*C2</f><v>1762.5</v></c></row>'
 '<row r="3"><c r="A3" s="2" t="s"><v>5</v></c><c r="B3" s="3"><f>IFERROR(__xludf.DUMMYFUNCTION("GOOGLEFINANCE(A3)"),229.87)</f><v>229.87</v></c><c r="C3" s="2"><v>4.0</v></c><c r="D3" s="3"><f>B3*C3</f><v>919.48</v></c></row>'
 '<row r="4"><c r="A4" s="1" t="s"><v>6</v></c><c r="D4" s="3"><f>SUM(D2:D3)</f><v>2681.98</v></c></row>'
 '<row r="5"><c r="A5" s="2" t="s"><v>7</v></c><c r="B5" s="2" t="str"><f>IFERROR(__xludf.DUMMYFUNCTION("IMPORTRANGE(""https://docs.google.com/spreadsheets/d/abc"",""Sheet1!A1"")"),"Loading...")</f><v>Loading...</v></c></row>'
 '<row r="6"><c r="A6" s="2" t="s"><v>9</v></c><c r="B6" s="2" t="str"><f>IFERROR(__xludf.DUMMYFUNCTION("FILTER(A2:A3,B2:B3&gt;200)"),"AAPL")</f><v>AAPL</v></c></row>'
 '<row r="7"><c r="A7" s="2"><f>IFERROR(__xludf.DUMMYFUNCTION("SPARKLINE(B2:B3)"),"")</f><v></v></c><c r="B7" s="4"><v>0.125</v></c><c r="C7" s="5"><v>45292.0</v></c></row>'
 '</sheetData><drawing r:id="rId1"/></worksheet>') % NS
styles = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet %s xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">'
 '<numFmts count="3"><numFmt numFmtId="164" formatCode="&quot;$&quot;#,##0.00"/><numFmt numFmtId="165" formatCode="0.0%%"/><numFmt numFmtId="166" formatCode="yyyy-mm-dd"/></numFmts>'
 '<fonts count="3"><font><sz val="10.0"/><color rgb="FF000000"/><name val="Arial"/><scheme val="minor"/></font><font><b/><color theme="1"/><name val="Arial"/><scheme val="minor"/></font><font><color theme="1"/><name val="Arial"/><scheme val="minor"/></font></fonts>'
 '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="lightGray"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFD9EAD3"/><bgColor rgb="FFD9EAD3"/></patternFill></fill></fills>'
 '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf borderId="0" fillId="0" fontId="0" numFmtId="0" applyAlignment="1" applyFont="1"/></cellStyleXfs>'
 '<cellXfs count="6"><xf borderId="0" fillId="0" fontId="0" numFmtId="0" xfId="0" applyAlignment="1" applyFont="1"><alignment readingOrder="0" shrinkToFit="0" vertical="bottom" wrapText="0"/></xf>'
 '<xf borderId="0" fillId="2" fontId="1" numFmtId="0" xfId="0" applyAlignment="1" applyFill="1" applyFont="1"><alignment readingOrder="0"/></xf>'
 '<xf borderId="0" fillId="0" fontId="2" numFmtId="0" xfId="0" applyAlignment="1" applyFont="1"><alignment readingOrder="0"/></xf>'
 '<xf borderId="0" fillId="0" fontId="2" numFmtId="164" xfId="0" applyAlignment="1" applyFont="1" applyNumberFormat="1"><alignment horizontal="right" readingOrder="0"/></xf>'
 '<xf borderId="0" fillId="0" fontId="2" numFmtId="165" xfId="0" applyFont="1" applyNumberFormat="1"/>'
 '<xf borderId="0" fillId="0" fontId="2" numFmtId="166" xfId="0" applyFont="1" applyNumberFormat="1"/></cellXfs>'
 '<cellStyles count="1"><cellStyle xfId="0" name="Normal" builtinId="0"/></cellStyles><dxfs count="0"/></styleSheet>') % NS.split(' xmlns:r')[0]
workbook = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook %s><workbookPr/><sheets><sheet state="visible" name="Portfolio" sheetId="1" r:id="rId4"/></sheets><definedNames/><calcPr/></workbook>') % NS
rels = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'
root = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
sheetrels = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing" Target="../drawings/drawing1.xml"/></Relationships>'
drawing = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"/>'
types = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default ContentType="application/xml" Extension="xml"/><Default ContentType="application/vnd.openxmlformats-package.relationships+xml" Extension="rels"/>'
 '<Override ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml" PartName="/xl/worksheets/sheet1.xml"/><Override ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml" PartName="/xl/sharedStrings.xml"/><Override ContentType="application/vnd.openxmlformats-officedocument.drawing+xml" PartName="/xl/drawings/drawing1.xml"/><Override ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml" PartName="/xl/styles.xml"/><Override ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml" PartName="/xl/workbook.xml"/></Types>')
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
    for name, text in [('[Content_Types].xml', types), ('_rels/.rels', root), ('xl/workbook.xml', workbook), ('xl/_rels/workbook.xml.rels', rels), ('xl/styles.xml', styles), ('xl/sharedStrings.xml', sst), ('xl/worksheets/sheet1.xml', sheet), ('xl/worksheets/_rels/sheet1.xml.rels', sheetrels), ('xl/drawings/drawing1.xml', drawing)]:
        z.writestr(name, text)`;

test("a Google Sheets export shows its Google-only functions' last values, its sums and its formats, as Excel opens it", async () => {
  const { page, context } = await open('google-sheets.xlsx', writtenBy(GOOGLE_SHEETS_EXPORT));
  try {
    await page.screenshot({ path: join(SHOTS, 'google-sheets.png') });
    assert.deepEqual(await texts(page, ['A1', 'B2', 'D2', 'D3', 'D4', 'B5', 'B6', 'A7', 'B7', 'C7']), {
      A1: 'Ticker', B2: '$176.25', D2: '$1,762.50', D3: '$919.48', D4: '$2,681.98', B5: 'Loading...', B6: 'AAPL', A7: '', B7: '12.5%', C7: '2024-01-01',
    });
    const header = await atCell(page, 'A1', (cell) => [getComputedStyle(cell).fontWeight, getComputedStyle(cell).backgroundColor]);
    assert.deepEqual(header, ['700', 'rgb(217, 234, 211)']);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// A pie turned by its first slice's angle (XlsxWriter's set_rotation, Excel's Angle of first
// slice) and a doughnut of two series, a ring each.
const PIES = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); s = book.add_worksheet('Votes')
s.write_row(0, 0, ['Party', '2023', '2024'])
for i, r in enumerate([['Red', 40, 30], ['Blue', 35, 45], ['Green', 25, 25]]): s.write_row(i + 1, 0, r)
pie = book.add_chart({'type': 'pie'}); pie.add_series({'name': '2023', 'categories': '=Votes!$A$2:$A$4', 'values': '=Votes!$B$2:$B$4'})
pie.set_rotation(90); pie.set_title({'name': 'Turned'}); s.insert_chart('E1', pie)
rings = book.add_chart({'type': 'doughnut'})
for col in ('B', 'C'): rings.add_series({'name': '=Votes!$%s$1' % col, 'categories': '=Votes!$A$2:$A$4', 'values': '=Votes!$%s$2:$%s$4' % (col, col)})
rings.set_title({'name': 'Rings'}); s.insert_chart('M1', rings)
book.close()
`;

test("a pie starts at its first slice's angle, and a doughnut of two series draws two rings, the first inside (it drew the first series alone)", async () => {
  const { page, context } = await open('pies.xlsx', writtenBy(PIES));
  try {
    await page.screenshot({ path: join(SHOTS, 'pies.png') });
    const drawn = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('svg.plug-chart')].map((svg) => {
      const paths = [...svg.querySelectorAll('path.plug-chart-point')];
      const width = (name) => {
        const boxes = paths.filter((p) => p.dataset.series === name).map((p) => p.getBBox());
        return Math.max(...boxes.map((b) => b.x + b.width)) - Math.min(...boxes.map((b) => b.x));
      };
      return [svg.querySelector('.plug-chart-title').textContent, { first: paths[0]?.getAttribute('d'), count: paths.length, widths: [width('2023'), width('2024')] }];
    })));
    // Turned 90 degrees: the first slice starts at three o'clock (level with the centre), not at
    // twelve.
    const [, cx, cy, x, y] = /^M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/.exec(drawn.Turned.first).map(Number);
    assert.ok(Math.abs(y - cy) < 0.5 && x > cx, drawn.Turned.first);
    assert.equal(drawn.Rings.count, 6, JSON.stringify(drawn.Rings));
    assert.ok(drawn.Rings.widths[1] > drawn.Rings.widths[0] + 10, JSON.stringify(drawn.Rings));
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});
