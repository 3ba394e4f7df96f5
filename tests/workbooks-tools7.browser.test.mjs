// Workbooks as people make them with the real tools, round 7: the charts that were left out. Radar
// charts (lines with markers, and filled), stock charts (high-low lines, up-down bars, markers
// without lines), trendlines other than linear (exponential, logarithmic, polynomial, power,
// moving average), and error bars of a standard deviation, a standard error and a percentage, a
// scatter's along x too; and the same charts saved again by LibreOffice Calc. Each workbook is
// written during the run by XlsxWriter in .venv (or saved again by soffice), dropped through the
// real Worker and opened in Chromium; the assertions read the chart SVG a person sees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PYTHON, savedByLibreOffice, writtenBy } from './support/python.mjs';
import { atCell, textAt, texts, useSheetWorld } from './support/sheet-pages.mjs';

const world = useSheetWorld('workbooks-tools7');
const { SHOTS } = world;
const open = world.openWorkbook;

// Two radar charts of five skills (XlsxWriter's default marker style and its filled one); a
// stock chart of high, low and close with dates along a dd/mm axis, and one of open, high, low
// and close with up-down bars; five charts of a series whose points lie exactly on a curve of
// each trendline's kind (so the fitted curve passes through them); column charts with standard
// deviation, standard error and 10% error bars; a scatter with x and y error bars.
const CHARTS = String.raw`
import sys, math, datetime, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
s = book.add_worksheet('Data')
s.write_row(0, 0, ['Skill', 'Ann', 'Bob'])
for i, row in enumerate([['Speed', 4, 2], ['Power', 3, 5], ['Range', 5, 3], ['Skill', 2, 4], ['Stamina', 4, 4]]):
    s.write_row(i + 1, 0, row)
def titled(c, title, at):
    c.set_title({'name': title}); s.insert_chart(at, c); return c
for subtype, at in [('marker', 'J1'), ('filled', 'R1')]:
    c = book.add_chart({'type': 'radar', 'subtype': subtype})
    for col in (1, 2): c.add_series({'name': ['Data', 0, col], 'categories': ['Data', 1, 0, 5, 0], 'values': ['Data', 1, col, 5, col]})
    titled(c, 'Radar ' + subtype, at)
day = book.add_format({'num_format': 'dd/mm/yyyy'})
s.write_row(20, 0, ['Date', 'Open', 'High', 'Low', 'Close'])
for i, (o, h, l, cl) in enumerate([(24, 27.2, 23.49, 25.45), (25, 25.03, 19.55, 23.05), (18, 19.05, 15.12, 17.32), (18, 20.34, 17.84, 19.46), (19, 19.5, 16.34, 17.0)]):
    s.write_datetime(21 + i, 0, datetime.date(2024, 1, 1 + i), day); s.write_row(21 + i, 1, [o, h, l, cl])
hlc = book.add_chart({'type': 'stock'})
for col in (2, 3, 4): hlc.add_series({'name': ['Data', 20, col], 'categories': ['Data', 21, 0, 25, 0], 'values': ['Data', 21, col, 25, col]})
hlc.set_x_axis({'date_axis': True, 'num_format': 'dd/mm'}); titled(hlc, 'High-low-close', 'J16')
ohlc = book.add_chart({'type': 'stock'})
for col in (1, 2, 3, 4): ohlc.add_series({'name': ['Data', 20, col], 'categories': ['Data', 21, 0, 25, 0], 'values': ['Data', 21, col, 25, col]})
ohlc.set_up_down_bars({}); ohlc.set_x_axis({'date_axis': True, 'num_format': 'dd/mm'}); titled(ohlc, 'Open-high-low-close', 'R16')
curves = [('exponential', {}, lambda x: 2 * math.exp(0.3 * x)), ('log', {}, lambda x: 3 + 2 * math.log(x)),
          ('polynomial', {'order': 2}, lambda x: x * x - 4 * x + 10), ('power', {}, lambda x: 2 * x ** 1.5),
          ('moving_average', {'period': 2}, lambda x: [3, 7, 4, 8, 5, 9, 6, 10][x - 1])]
s.write_row(40, 0, ['x'] + [name for name, _, _ in curves])
for x in range(1, 9):
    s.write(40 + x, 0, x)
    for k, (_, _, f) in enumerate(curves): s.write(40 + x, k + 1, round(f(x), 6))
for k, (name, extra, _) in enumerate(curves):
    c = book.add_chart({'type': 'line'})
    c.add_series({'name': ['Data', 40, k + 1], 'categories': ['Data', 41, 0, 48, 0], 'values': ['Data', 41, k + 1, 48, k + 1], 'marker': {'type': 'circle'}, 'trendline': dict(type=name, **extra)})
    titled(c, 'Trend ' + name, 'J%d' % (31 + 15 * k) if k < 3 else 'R%d' % (31 + 15 * (k - 3)))
for k, bars in enumerate([{'type': 'standard_deviation', 'value': 1}, {'type': 'standard_error'}, {'type': 'percentage', 'value': 10}]):
    c = book.add_chart({'type': 'column'})
    c.add_series({'name': ['Data', 0, 1], 'categories': ['Data', 1, 0, 5, 0], 'values': ['Data', 1, 1, 5, 1], 'y_error_bars': bars})
    titled(c, 'Bars ' + bars['type'], 'Z%d' % (1 + 15 * k))
xy = book.add_chart({'type': 'scatter'})
xy.add_series({'name': 'Measured', 'categories': ['Data', 41, 0, 48, 0], 'values': ['Data', 41, 4, 48, 4], 'x_error_bars': {'type': 'fixed', 'value': 0.5}, 'y_error_bars': {'type': 'percentage', 'value': 10}})
titled(xy, 'Scatter both ways', 'Z46')
book.close()
`;

// Every chart by its title: its value labels (with their heights), categories, series shapes,
// markers, trendlines, error bars, high-low lines and up-down bars, as drawn.
const chartsShown = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('svg.plug-chart')].map((svg) => {
  const all = (selector) => [...svg.querySelectorAll(selector)];
  const num = (e, a) => Number(e.getAttribute(a));
  return [svg.querySelector('.plug-chart-title')?.textContent, {
    ticks: all('text[text-anchor="end"]:not(.plug-chart-category):not(.plug-chart-legend)').map((t) => [t.textContent, num(t, 'y') - 4, num(t, 'x')]),
    categories: all('.plug-chart-category').map((t) => t.textContent),
    grids: all('path.plug-chart-grid').map((p) => p.getAttribute('d')),
    series: all('path.plug-chart-series').map((p) => ({ name: p.dataset.series, d: p.getAttribute('d'), fill: p.getAttribute('fill') })),
    points: all('circle.plug-chart-point').map((c) => ({ name: c.dataset.series, value: Number(c.dataset.value), x: num(c, 'cx'), y: num(c, 'cy'), r: num(c, 'r') })),
    trends: all('path.plug-chart-trend').map((p) => p.getAttribute('d')),
    errors: all('path.plug-chart-error').map((p) => ({ d: p.getAttribute('d'), across: p.classList.contains('plug-chart-error-x') })),
    hilow: all('line.plug-chart-hilow').map((l) => [num(l, 'x1'), num(l, 'y1'), num(l, 'y2')]),
    up: all('rect.plug-chart-up').length,
    down: all('rect.plug-chart-down').length,
  }];
})));

// The [x, y] of each point of an SVG path, in order.
const vertices = (d) => [...d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
// A value from a height, read through the chart's value labels (the first two ticks).
const valueAt = (ticks, y) => {
  const [[v0, y0], [v1, y1]] = ticks.map(([t, at]) => [Number(t.replace(/[^\d.-]/g, '')), at]);
  return v0 + ((y - y0) * (v1 - v0)) / (y1 - y0);
};
// The height of a path at x (between its vertices, in a straight line).
const heightAt = (d, x) => {
  const v = vertices(d);
  for (let i = 1; i < v.length; i++) {
    if (x >= v[i - 1][0] - 0.01 && x <= v[i][0] + 0.01) return v[i - 1][1] + ((x - v[i - 1][0]) * (v[i][1] - v[i - 1][1])) / (v[i][0] - v[i - 1][0] || 1);
  }
  return null;
};

function checkRadar(chart, filled, anticlockwise = false) {
  // Gridlines are polygons of five corners about one centre, one for each value label.
  assert.ok(chart.grids.length >= 4, JSON.stringify(chart));
  const outer = vertices(chart.grids.at(-1));
  assert.equal(outer.length, 5, chart.grids.at(-1));
  const [cx, cy] = [outer.reduce((a, [x]) => a + x, 0) / 5, outer.reduce((a, [, y]) => a + y, 0) / 5];
  // The first spoke points up: the first category at the top.
  assert.ok(Math.abs(outer[0][0] - cx) < 0.5 && outer[0][1] < cy, JSON.stringify(outer));
  assert.deepEqual(chart.categories, ['Speed', 'Power', 'Range', 'Skill', 'Stamina']);
  // The second category (Power) to the right of the centre, as Excel goes round; to the left
  // where the category axis is reversed, as LibreOffice saves a radar and draws it back.
  const power = vertices(chart.grids.at(-1))[1][0];
  assert.equal(power < cx, anticlockwise, JSON.stringify(outer));
  // Each series a closed polygon of its five points, each point as far from the centre as its
  // value on the scale from 0 (Ann: 4, 3, 5, 2, 4).
  const ann = chart.series.find((s) => s.name === 'Ann');
  assert.ok(ann && /Z$/.test(ann.d), JSON.stringify(chart.series));
  const top = Number(chart.ticks.at(-1)[0]);
  const radius = Math.hypot(outer[0][0] - cx, outer[0][1] - cy);
  const reach = vertices(ann.d).map(([x, y]) => Math.round((Math.hypot(x - cx, y - cy) / radius) * top * 100) / 100);
  assert.deepEqual(reach, [4, 3, 5, 2, 4], JSON.stringify({ ann, ticks: chart.ticks }));
  if (filled) assert.notEqual(ann.fill, 'none');
  else assert.equal(ann.fill, 'none');
}

test('radar and stock charts, non-linear trendlines and standard deviation error bars are drawn as Excel draws them (a radar was drawn as lines across, a stock chart as three lines, the rest not at all)', async () => {
  const { page, context } = await open('charts-more.xlsx', writtenBy(CHARTS));
  try {
    await page.screenshot({ path: join(SHOTS, 'charts-more.png'), fullPage: true });
    const charts = await chartsShown(page);
    checkRadar(charts['Radar marker'], false);
    checkRadar(charts['Radar filled'], true);
    // The marker style shows its points' markers, the filled one none.
    assert.ok(charts['Radar marker'].points.every((p) => p.r > 0), JSON.stringify(charts['Radar marker'].points));
    assert.ok(charts['Radar filled'].points.every((p) => p.r === 0), JSON.stringify(charts['Radar filled'].points));
    checkStock(charts['High-low-close'], charts['Open-high-low-close'], true);
    checkTrends(charts);
    checkErrorBars(charts);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

function checkStock(hlc, ohlc, xlsxWriter) {
  // A high-low line at each date from its low to its high.
  assert.deepEqual(hlc.categories, ['01/01', '02/01', '03/01', '04/01', '05/01'], JSON.stringify(hlc));
  assert.equal(hlc.hilow.length, 5, JSON.stringify(hlc));
  assert.deepEqual(hlc.hilow.map(([, low, high]) => [low, high].map((y) => Math.round(valueAt(hlc.ticks, y) * 100) / 100)),
    [[23.49, 27.2], [19.55, 25.03], [15.12, 19.05], [17.84, 20.34], [16.34, 19.5]], JSON.stringify(hlc));
  // Up-down bars from open to close: white where it rose (1 and 4 Jan), black where it fell.
  assert.deepEqual([ohlc.up, ohlc.down], [2, 3], JSON.stringify(ohlc));
  // No line joins the days (XlsxWriter turns the series' lines off), and only the close has
  // markers. (LibreOffice saves the series without lines or markers of their own, which Excel
  // draws as lines.)
  if (!xlsxWriter) return;
  assert.deepEqual(hlc.series, [], JSON.stringify(hlc.series));
  const marked = [...new Set(hlc.points.filter((p) => p.r > 0).map((p) => p.name))];
  assert.deepEqual(marked, ['Close']);
  // Each close's marker sits on its day's high-low line.
  const closes = hlc.points.filter((p) => p.name === 'Close');
  assert.deepEqual(closes.map((p) => Math.round(p.x)), hlc.hilow.map(([x]) => Math.round(x)));
}

function checkTrends(charts) {
  // Each series lies on a curve of its trendline's kind, so the fitted curve passes through its
  // points (a straight line through 2e^0.3x missed them by up to a fifth of the plot).
  for (const name of ['exponential', 'log', 'polynomial', 'power']) {
    const chart = charts[`Trend ${name}`];
    assert.equal(chart.trends.length, 1, `${name}: ${JSON.stringify(chart)}`);
    const misses = chart.points.map((p) => Math.abs(heightAt(chart.trends[0], p.x) - p.y));
    assert.ok(misses.every((m) => m < 1.5), `${name}: ${misses}`);
    assert.ok(vertices(chart.trends[0]).length > 30, `${name} is a curve: ${chart.trends[0]}`);
  }
  // A moving average of 2: from the second point on, each the mean of a point and the one before.
  const average = charts['Trend moving_average'];
  const line = vertices(average.trends[0] || '');
  const points = average.points;
  assert.equal(line.length, 7, JSON.stringify(average));
  line.forEach(([x, y], i) => {
    assert.ok(Math.abs(x - points[i + 1].x) < 0.1 && Math.abs(y - (points[i].y + points[i + 1].y) / 2) < 0.1, JSON.stringify({ line, points }));
  });
}

function checkErrorBars(charts) {
  // Each error bar's low and high end, read through the axis labels.
  const reach = (chart) => chart.errors.filter((e) => !e.across).map((e) => {
    const ys = vertices(e.d).map(([, y]) => y);
    return [Math.max(...ys), Math.min(...ys)].map((y) => Math.round(valueAt(chart.ticks, y) * 100) / 100);
  });
  // A standard deviation: Excel centres every bar on the series' mean (3.6), one sample
  // standard deviation (1.14) each way; they were not drawn.
  assert.deepEqual(reach(charts['Bars standard_deviation']), Array(5).fill([2.46, 4.74]), JSON.stringify(charts['Bars standard_deviation']));
  // The standard error (0.51) about each point; 10% of each value.
  assert.deepEqual(reach(charts['Bars standard_error']), [[3.49, 4.51], [2.49, 3.51], [4.49, 5.51], [1.49, 2.51], [3.49, 4.51]]);
  assert.deepEqual(reach(charts['Bars percentage']), [[3.6, 4.4], [2.7, 3.3], [4.5, 5.5], [1.8, 2.2], [3.6, 4.4]]);
  // A scatter's x error bars run across (half a unit each way) and its y ones still show (its
  // x bars, written first, hid them).
  const xy = charts['Scatter both ways'];
  assert.deepEqual([xy.errors.filter((e) => e.across).length, xy.errors.filter((e) => !e.across).length], [8, 8], JSON.stringify(xy.errors));
  const across = xy.errors.find((e) => e.across);
  const [[x1, y1], [x2, y2]] = vertices(across.d);
  const first = xy.points[0];
  assert.ok(Math.abs(y1 - first.y) < 0.1 && Math.abs(y2 - first.y) < 0.1 && x1 < first.x && x2 > first.x, JSON.stringify({ across, first }));
}

// LibreOffice Calc reads each chart and writes it again in its own way: a radar with its
// category axis reversed (maxMin: Calc and Excel draw it back anticlockwise), stock series
// without line properties, high-low lines and up-down bars in its own colours; the trendlines and
// error bars as they were. (Calc draws a standard deviation about each point, Excel about the
// mean; the viewer draws Excel's.)
test('the same charts saved by LibreOffice Calc draw as Calc draws them', async (t) => {
  const saved = savedByLibreOffice('charts-more.xlsx', writtenBy(CHARTS));
  if (!saved) return t.skip('LibreOffice (soffice) is not installed');
  const { page, context } = await open('charts-more-libreoffice.xlsx', saved);
  try {
    await page.screenshot({ path: join(SHOTS, 'charts-more-libreoffice.png'), fullPage: true });
    const charts = await chartsShown(page);
    checkRadar(charts['Radar marker'], false, true);
    checkRadar(charts['Radar filled'], true, true);
    checkStock(charts['High-low-close'], charts['Open-high-low-close'], false);
    checkTrends(charts);
    checkErrorBars(charts);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// Sheet tabs in their colours (Format > Tab Color; openpyxl's tabColor), a hidden sheet left out.
const TABS = String.raw`
import sys
from openpyxl import Workbook
wb = Workbook(); ws = wb.active; ws.title = 'Red'; ws['A1'] = 'red tab'; ws.sheet_properties.tabColor = 'FF0000'
wb.create_sheet('Plain')['A1'] = 'no colour'
hidden = wb.create_sheet('Secret'); hidden['A1'] = 'hidden'; hidden.sheet_state = 'hidden'
green = wb.create_sheet('Green'); green['A1'] = 'green tab'; green.sheet_properties.tabColor = '00B050'
wb.save(sys.argv[1])
`;

test('sheet tabs show their tab colours (they were all plain), a hidden sheet has no tab', async () => {
  const { page, context } = await open('tab-colours.xlsx', writtenBy(TABS));
  try {
    await page.screenshot({ path: join(SHOTS, 'tab-colours.png') });
    const tabs = await page.$$eval('.plug-sheet-tabs button', (buttons) => buttons.map((b) => [b.textContent, getComputedStyle(b).boxShadow]));
    assert.deepEqual(tabs.map(([name]) => name), ['Red', 'Plain', 'Green']);
    assert.match(tabs[0][1], /rgb\(255, 0, 0\).*inset/, JSON.stringify(tabs));
    assert.equal(tabs[1][1], 'none');
    assert.match(tabs[2][1], /rgb\(0, 176, 80\).*inset/, JSON.stringify(tabs));
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// A sheet of 100,000 rows and 50 columns (a table exported whole): XlsxWriter writes its header,
// a frozen first row and its styles; the rows are then written into its sheet part in
// XlsxWriter's own shape (XlsxWriter itself takes minutes for five million cells), every fifth
// column a shared string ("Row 1"), the rest numbers.
const HUGE = String.raw`
import sys, zipfile, xlsxwriter
path = sys.argv[1]
book = xlsxwriter.Workbook(path); s = book.add_worksheet('Big'); s.freeze_panes(1, 0)
s.write_row(0, 0, ['Col %d' % c for c in range(50)]); s.write('A2', 'Row 1'); book.close()
def col(c): return chr(65 + c) if c < 26 else 'A' + chr(65 + c - 26)
cols = [col(c) for c in range(50)]
rows = ''.join('<row r="%d" spans="1:50">%s</row>' % (r, ''.join(('<c r="%s%d" t="s"><v>50</v></c>' % (cols[c], r)) if c % 5 == 0 else '<c r="%s%d"><v>%d</v></c>' % (cols[c], r, r * 50 + c) for c in range(50))) for r in range(2, 100002))
with zipfile.ZipFile(path) as z: parts = {n: z.read(n) for n in z.namelist()}
sheet = parts['xl/worksheets/sheet1.xml'].decode()
head = sheet[:sheet.index('<row r="2"')].replace('A1:AX2', 'A1:AX100001')
parts['xl/worksheets/sheet1.xml'] = (head + rows + sheet[sheet.index('</sheetData>'):]).encode()
with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:
    for name, data in parts.items(): z.writestr(name, data)
`;

// `writtenBy` without holding the event loop for the 20 s the script takes (the Worker's idle
// connections closed meanwhile, and the next request met a dead socket).
async function writtenSlowly(script) {
  const dir = await mkdtemp(join(tmpdir(), 'plug-python-'));
  try {
    await promisify(execFile)(PYTHON, ['-c', script, join(dir, 'book.xlsx')], { maxBuffer: 1 << 20 });
    return await readFile(join(dir, 'book.xlsx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('a sheet of 100,000 rows and 50 columns shows its first rows with a note saying how many, in seconds (it took 100 s of the 120 s limit)', async () => {
  const { page, context, seconds } = await open('huge.xlsx', await writtenSlowly(HUGE));
  try {
    const note = await page.textContent('.plug-sheet-note');
    await page.screenshot({ path: join(SHOTS, 'huge.png') });
    const [, shown] = /its first ([\d,]+) of 100,001 rows are shown/.exec(note) || [];
    assert.ok(shown, note);
    const rows = Number(shown.replace(/,/g, ''));
    assert.ok(rows > 10_000 && rows < 100_001, note);
    assert.ok(seconds < 60, `ready after ${seconds} s`);
    assert.deepEqual(await texts(page, ['A1', 'AX1', 'A2', 'B2', 'AX2']), { A1: 'Col 0', AX1: null, A2: 'Row 1', B2: '101', AX2: null });
    // The last row shown is the last row read, whole; the frozen header stays.
    const last = await page.evaluate(async () => {
      const sheet = document.querySelector('.plug-sheet');
      sheet.scrollTop = sheet.scrollHeight;
      await new Promise((resolve) => setTimeout(resolve, 500));
      return [...document.querySelectorAll('.plug-rowhead')].map((e) => Number(e.textContent)).filter((n) => n > 1).at(-1);
    });
    assert.equal(last, rows);
    assert.equal(await textAt(page, `A${rows}`), 'Row 1');
    assert.equal(await textAt(page, 'A1'), 'Col 0');
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// Excel 365's checkboxes as XlsxWriter inserts them (insert_checkbox): booleans whose style names
// a cell control in the workbook's feature property bags; a plain TRUE beside them.
const CHECKBOXES = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); s = book.add_worksheet('Tasks')
s.write_row(0, 0, ['Task', 'Done', 'Urgent'])
s.write('A2', 'Plan'); s.insert_checkbox('B2', True)
s.write('A3', 'Build'); s.insert_checkbox('B3', False)
s.write('A4', 'Ship'); s.write_boolean('B4', True)
s.insert_checkbox('C2', True, book.add_format({'bold': True, 'bg_color': '#FFFF00'}))
book.close()
`;

test('checkboxes show as ticked and empty boxes, as Excel 365 draws them (they showed TRUE and FALSE); a plain TRUE stays TRUE', async () => {
  const { page, context } = await open('checkboxes.xlsx', writtenBy(CHECKBOXES));
  try {
    await page.screenshot({ path: join(SHOTS, 'checkboxes.png') });
    assert.deepEqual(await texts(page, ['B2', 'B3', 'B4', 'C2']), { B2: '\u2611', B3: '\u2610', B4: 'TRUE', C2: '\u2611' });
    // Its own style still applies: the yellow fill.
    assert.equal(await atCell(page, 'C2', (cell) => getComputedStyle(cell).backgroundColor), 'rgb(255, 255, 0)');
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});
