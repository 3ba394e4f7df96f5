// Workbooks as people's tools write them with charts in them (issue 26): XlsxWriter and openpyxl
// write them during the run, each is dropped through the real Worker and opened in Chromium.
// One is saved again by LibreOffice Calc. The viewer used to stay on "Reading the workbook…" for these: ExcelTS refused a workbook holding
// a chart and its streaming preview could wait for ever. The tests read what a person sees: the
// cells, the chart's title, legend and bars at the place the workbook anchors it, the sheet
// tabs, and a clear message for a damaged workbook, each within a time limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { useBrowserWorld } from './support/browser-world.mjs';
import { savedByLibreOffice, writtenBy } from './support/python.mjs';
import { scratchDir } from './support/scratch.mjs';

const world = useBrowserWorld('workbooks');
const { SHOTS } = world;

/** Runs a Python script that writes the workbook to `sys.argv[1]`; returns its bytes. */
const workbook = (script) => writtenBy(script);

/**
 * Drops the workbook and opens it; resolves when the page is ready or shows an error, failing
 * if that takes longer than `limitMs` (a spinner without end is the bug these tests guard).
 */
async function open(name, content, limitMs = 60_000) {
  const e = await world.app.dropLive(world.owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'xlsx' } });
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1400, height: 900 } });
  await context.addInitScript(() => {
    const poll = () => {
      if (document.querySelector('.plug-pane-body .plug-c')) window.firstCellAt = performance.now();
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  const started = Date.now();
  await page.goto(e.url);
  await page.waitForFunction(() => document.getElementById('plug-main').dataset.state === 'ready' || document.querySelector('.plug-error'), null, { timeout: limitMs });
  return { page, context, seconds: (Date.now() - started) / 1000 };
}

/** What each chart on screen shows: title, legend, category labels and drawn points. */
function charts(page) {
  return page.evaluate(() => [...document.querySelectorAll('svg.plug-chart')].map((svg) => {
    const texts = (selector) => [...svg.querySelectorAll(selector)].map((t) => t.textContent);
    const rect = svg.getBoundingClientRect();
    return {
      label: svg.getAttribute('aria-label'),
      title: texts('.plug-chart-title').join(' '),
      legend: texts('.plug-chart-legend'),
      categories: texts('.plug-chart-category'),
      points: [...svg.querySelectorAll('.plug-chart-point')].map((p) => [p.dataset.series, Number(p.dataset.value), p.tagName]),
      box: { left: rect.left, top: rect.top, width: rect.width, height: rect.height },
    };
  }));
}

/** The screen box of a column letter's header and a row number's header. */
function headers(page, letters, number) {
  return page.evaluate(([letters, number]) => {
    const find = (selector, text) => [...document.querySelectorAll(selector)].find((e) => e.textContent === text)?.getBoundingClientRect();
    const column = find('.plug-colhead', letters);
    const row = find('.plug-rowhead', number);
    return { left: column?.left, top: row?.top };
  }, [letters, number]);
}

/** The text shown in the cell under a column letter and row number. */
function cellText(page, address) {
  return page.evaluate((address) => {
    const [, letters, number] = /^([A-Z]+)(\d+)$/.exec(address);
    const find = (selector, text) => [...document.querySelectorAll(selector)].find((e) => e.textContent === text)?.getBoundingClientRect();
    const column = find('.plug-colhead', letters);
    const row = find('.plug-rowhead', number);
    if (!column || !row) return null;
    const cell = document.elementsFromPoint(column.left + column.width / 2, row.top + row.height / 2).find((e) => e.classList.contains('plug-c'));
    return cell ? cell.textContent : '';
  }, address);
}

const tabs = (page) => page.$$eval('.plug-sheet-tabs button', (buttons) => buttons.map((b) => b.textContent));

// A sales report as XlsxWriter writes it: dates, currency, a formula column, a clustered column
// chart with a title and two named series anchored at F2, a chart sheet of a formula column (no
// cached values: the viewer's calculation draws it), and two more sheets.
const XLSXWRITER_REPORT = String.raw`
import sys, datetime, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sales = book.add_worksheet('Sales')
date = book.add_format({'num_format': 'yyyy-mm-dd'})
money = book.add_format({'num_format': '$#,##0.00'})
sales.write_row(0, 0, ['Month', 'North', 'South', 'Total'])
for i in range(6):
    sales.write_datetime(i + 1, 0, datetime.datetime(2026, i + 1, 1), date)
    sales.write_number(i + 1, 1, (i + 1) * 1000.5, money)
    sales.write_number(i + 1, 2, (i + 1) * 700, money)
    sales.write_formula(i + 1, 3, f'=B{i + 2}+C{i + 2}', money)
sales.set_column(0, 3, 12)
chart = book.add_chart({'type': 'column'})
for col in 'BC':
    chart.add_series({'name': '=Sales!$%s$1' % col, 'categories': '=Sales!$A$2:$A$7', 'values': '=Sales!$%s$2:$%s$7' % (col, col)})
chart.set_title({'name': 'Sales by month'})
chart.set_y_axis({'name': 'Dollars'})
sales.insert_chart('F2', chart)
overview = book.add_chartsheet('Overview')
totals = book.add_chart({'type': 'bar'})
totals.add_series({'name': 'Total', 'categories': '=Sales!$A$2:$A$7', 'values': '=Sales!$D$2:$D$7'})
totals.set_title({'name': 'Totals by month'})
overview.set_chart(totals)
book.add_worksheet('Notes').write(0, 0, 'Figures are unaudited')
book.add_worksheet('Empty')
book.close()
`;

test('an XlsxWriter report with a column chart shows its cells, tabs and the chart where the workbook anchors it', async () => {
  const { page, context, seconds } = await open('report.xlsx', workbook(XLSXWRITER_REPORT));
  assert.equal(await page.$('.plug-error'), null, await page.textContent('main'));
  assert.ok(seconds < 30, `ready after ${seconds} s`);
  assert.deepEqual(await tabs(page), ['Sales', 'Overview', 'Notes', 'Empty']);
  assert.equal(await cellText(page, 'A2'), '2026-01-01');
  assert.equal(await cellText(page, 'B3'), '$2,001.00');
  assert.equal(await cellText(page, 'D2'), '$1,700.50');
  const [chart] = await charts(page);
  assert.equal(chart.title, 'Sales by month');
  assert.equal(chart.label, 'Chart: Sales by month');
  assert.deepEqual(chart.legend, ['North', 'South']);
  assert.ok(chart.categories.includes("2026-01-01"), chart.categories.join());
  const bars = chart.points.filter(([, , tag]) => tag === 'rect');
  assert.equal(bars.length, 12);
  assert.deepEqual(bars.filter(([series]) => series === 'North').map(([, v]) => v), [1000.5, 2001, 3001.5, 4002, 5002.5, 6003]);
  assert.deepEqual(bars.filter(([series]) => series === 'South').map(([, v]) => v), [700, 1400, 2100, 2800, 3500, 4200]);
  // Anchored at F2: its top-left corner is where column F and row 2 start.
  const at = await headers(page, 'F', '2');
  assert.ok(Math.abs(chart.box.left - at.left) <= 2 && Math.abs(chart.box.top - at.top) <= 2, JSON.stringify({ chart: chart.box, at }));
  assert.ok(chart.box.width > 300 && chart.box.height > 200, JSON.stringify(chart.box));
  await page.screenshot({ path: join(SHOTS, 'xlsxwriter-report.png') });
  await page.click('.plug-sheet-tabs button:text("Overview")');
  const [totals] = await charts(page);
  assert.equal(totals.title, 'Totals by month');
  assert.deepEqual(totals.points.map(([, v]) => v), [1700.5, 3401, 5101.5, 6802, 8502.5, 10203]);
  assert.ok(totals.box.width > 600, JSON.stringify(totals.box));
  await page.screenshot({ path: join(SHOTS, 'xlsxwriter-chartsheet.png') });
  await page.click('.plug-sheet-tabs button:text("Notes")');
  assert.equal(await cellText(page, 'A1'), 'Figures are unaudited');
  assert.deepEqual(await charts(page), []);
  assert.deepEqual(page.errors, []);
  await context.close();
});

// The same report opened and saved again by LibreOffice Calc (headless, scripts/setup.sh installs
// it): its own part layout, styles and chart XML (explicit series colours, its own anchors).
test('the report saved again by LibreOffice Calc shows the same cells and chart', async () => {
  const dir = scratchDir('book-lo');
  const source = join(dir, 'report.xlsx');
  writeFileSync(source, workbook(XLSXWRITER_REPORT));
  mkdirSync(join(dir, 'out'));
  execFileSync('soffice', ['--headless', '--norestore', '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', join(dir, 'out'), source],
    { stdio: 'pipe', timeout: 120_000, env: { ...process.env, HOME: dir } });
  const saved = readFileSync(join(dir, 'out', 'report.xlsx'));
  assert.ok(!saved.equals(readFileSync(source)), 'LibreOffice wrote its own file');
  const { page, context, seconds } = await open('report-libreoffice.xlsx', saved);
  assert.equal(await page.$('.plug-error'), null, await page.textContent('main'));
  assert.ok(seconds < 30, `ready after ${seconds} s`);
  assert.deepEqual(await tabs(page), ['Sales', 'Overview', 'Notes', 'Empty']);
  assert.equal(await cellText(page, 'A2'), '2026-01-01');
  assert.equal(await cellText(page, 'D3'), '$3,401.00');
  const [chart] = await charts(page);
  assert.equal(chart.title, 'Sales by month');
  assert.deepEqual(chart.legend, ['North', 'South']);
  assert.deepEqual(chart.points.filter(([series]) => series === 'South').map(([, v]) => v), [700, 1400, 2100, 2800, 3500, 4200]);
  const at = await headers(page, 'F', '2');
  assert.ok(Math.abs(chart.box.left - at.left) <= 2 && Math.abs(chart.box.top - at.top) <= 2, JSON.stringify({ chart: chart.box, at }));
  await page.screenshot({ path: join(SHOTS, 'libreoffice-report.png') });
  await page.click('.plug-sheet-tabs button:text("Overview")');
  const [totals] = await charts(page);
  assert.equal(totals.title, 'Totals by month');
  // LibreOffice saved the formulas with the 0s XlsxWriter left (it did not recalculate); the
  // workbook has no calcId, so the viewer calculates them as Excel would on open.
  assert.deepEqual(totals.points.map(([, v]) => v), [1700.5, 3401, 5101.5, 6802, 8502.5, 10203]);
  assert.deepEqual(page.errors, []);
  await context.close();
});

// openpyxl writes its parts without namespace prefixes, anchors charts with oneCellAnchor and
// stores no cached values in the chart: the series come from the cells.
const OPENPYXL_BOOK = String.raw`
import sys, datetime
from openpyxl import Workbook
from openpyxl.chart import LineChart, PieChart, Reference
book = Workbook()
first = book.active
first.title = 'Revenue'
first.append(['Quarter', 'Revenue', 'Costs'])
for q, rev, cost in [('Q1', 100, 60), ('Q2', 250, 90), ('Q3', 175, 80), ('Q4', 300, 120)]:
    first.append([q, rev, cost])
for row in first.iter_rows(min_row=2, min_col=2, max_col=3):
    for cell in row:
        cell.number_format = '"€"#,##0'
first['E1'] = 'Updated'
first['F1'] = datetime.date(2026, 3, 31)
first['F1'].number_format = 'dd/mm/yyyy'
first.column_dimensions['F'].width = 14
line = LineChart()
line.title = 'Revenue and costs'
line.y_axis.title = 'Euros'
line.add_data(Reference(first, min_col=2, max_col=3, min_row=1, max_row=5), titles_from_data=True)
line.set_categories(Reference(first, min_col=1, min_row=2, max_row=5))
first.add_chart(line, 'B8')
share = book.create_sheet('Share')
share.append(['Region', 'Customers'])
for region, n in [('North', 40), ('South', 35), ('West', 25)]:
    share.append([region, n])
pie = PieChart()
pie.title = 'Customers by region'
pie.add_data(Reference(share, min_col=2, min_row=1, max_row=4), titles_from_data=True)
pie.set_categories(Reference(share, min_col=1, min_row=2, max_row=4))
share.add_chart(pie, 'D2')
for n in range(8):
    book.create_sheet(f'Month {n + 1}')['A1'] = n + 1
book.save(sys.argv[1])
`;

test('an openpyxl workbook of ten sheets shows its line chart and, on another tab, its pie chart from the cells', async () => {
  const { page, context } = await open('revenue.xlsx', workbook(OPENPYXL_BOOK));
  assert.equal(await page.$('.plug-error'), null, await page.textContent('main'));
  const names = await tabs(page);
  assert.equal(names.length, 10);
  assert.deepEqual(names.slice(0, 3), ['Revenue', 'Share', 'Month 1']);
  assert.equal(await cellText(page, 'B3'), '€250');
  assert.equal(await cellText(page, 'F1'), '31/03/2026');
  const [line] = await charts(page);
  assert.equal(line.title, 'Revenue and costs');
  assert.deepEqual(line.legend, ['Revenue', 'Costs']);
  assert.deepEqual(line.categories, ['Q1', 'Q2', 'Q3', 'Q4']);
  assert.deepEqual(line.points.filter(([s]) => s === 'Revenue').map(([, v]) => v), [100, 250, 175, 300]);
  assert.deepEqual(line.points.filter(([s]) => s === 'Costs').map(([, v]) => v), [60, 90, 80, 120]);
  assert.ok(await page.$eval('svg.plug-chart', (svg) => [...svg.querySelectorAll('text')].some((t) => t.textContent === 'Euros')));
  const at = await headers(page, 'B', '8');
  assert.ok(Math.abs(line.box.left - at.left) <= 2 && Math.abs(line.box.top - at.top) <= 2, JSON.stringify({ line: line.box, at }));
  await page.screenshot({ path: join(SHOTS, 'openpyxl-line.png') });
  await page.click('.plug-sheet-tabs button:text("Share")');
  const [pie] = await charts(page);
  assert.equal(pie.title, 'Customers by region');
  assert.deepEqual(pie.legend, ['North', 'South', 'West']);
  assert.deepEqual(pie.points.map(([, v, tag]) => [v, tag]), [[40, 'path'], [35, 'path'], [25, 'path']]);
  await page.screenshot({ path: join(SHOTS, 'openpyxl-pie.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

// The shape of the workbook from the issue: five sheets of 10,000 rows with formulas XlsxWriter
// leaves uncalculated, and a chart of a formula column on the first.
const BIG_WITH_CHART = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
for s in range(5):
    sheet = book.add_worksheet(f'Region {s + 1}')
    sheet.write_row(0, 0, ['Day', 'Units', 'Price', 'Revenue'])
    for r in range(1, 10001):
        sheet.write_row(r, 0, [r, r % 97, 2.5])
        sheet.write_formula(r, 3, f'=B{r + 1}*C{r + 1}')
    chart = book.add_chart({'type': 'line'})
    chart.add_series({'name': 'Revenue', 'categories': f"='Region {s + 1}'!$A$2:$A$31", 'values': f"='Region {s + 1}'!$D$2:$D$31"})
    chart.set_title({'name': f'Revenue, region {s + 1}'})
    sheet.insert_chart('F2', chart)
book.close()
`;

test('five sheets of 10,000 rows with formulas and a chart open within the time limit, the chart drawn from the calculated formulas', async () => {
  const { page, context, seconds } = await open('regions.xlsx', workbook(BIG_WITH_CHART), 90_000);
  assert.equal(await page.$('.plug-error'), null, await page.textContent('main'));
  // The streamed first rows arrive: the preview no longer stalls on a sheet that has a chart
  // (it used to, and now would give up after 8 s).
  const firstCell = await page.evaluate(() => window.firstCellAt);
  assert.ok(firstCell < 7000, `first cell painted after ${firstCell} ms`);
  assert.equal((await tabs(page)).length, 5);
  assert.equal(await cellText(page, 'D3'), '5');
  const [chart] = await charts(page);
  assert.equal(chart.title, 'Revenue, region 1');
  // XlsxWriter caches no values for formula cells; these come from the viewer's calculation.
  assert.deepEqual(chart.points.slice(0, 4).map(([, v]) => v), [2.5, 5, 7.5, 10]);
  await page.screenshot({ path: join(SHOTS, 'regions.png') });
  console.log(`# 5 x 10,000 rows with charts: first cell after ${(firstCell / 1000).toFixed(1)} s, ready after ${seconds.toFixed(1)} s`);
  await context.close();
});

// A workbook whose zip is sound (so the upload accepts it) but whose sheet and styles are not
// XML any more, as a crashed writer or a bad transfer leaves them.
const DAMAGED = String.raw`
import sys, io, zipfile, xlsxwriter
buffer = io.BytesIO()
book = xlsxwriter.Workbook(buffer)
book.add_worksheet('Data').write(0, 0, 'hello')
book.close()
source = zipfile.ZipFile(io.BytesIO(buffer.getvalue()))
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as out:
    for item in source.infolist():
        data = source.read(item.filename)
        if item.filename in ('xl/worksheets/sheet1.xml', 'xl/workbook.xml'):
            data = data[: len(data) // 3] + b'\x00\xff<<garbage'
        out.writestr(item, data)
`;

test('a damaged workbook ends in a clear message within the time limit, never a spinner', async () => {
  const { page, context, seconds } = await open('damaged.xlsx', workbook(DAMAGED), 40_000);
  const error = await page.$('.plug-error');
  assert.ok(error, `expected an error, the page shows: ${await page.textContent('main')}`);
  const message = await error.textContent();
  assert.match(message, /could not be displayed/i);
  assert.match(message, /damaged|could not be read/i);
  assert.equal(await page.$('.plug-status'), null);
  console.log(`# damaged workbook: message after ${seconds.toFixed(1)} s: ${message.trim()}`);
  await page.screenshot({ path: join(SHOTS, 'damaged.png') });
  await context.close();
});

// A combo chart as XlsxWriter writes one (a column chart combined with a line chart whose series
// is on the secondary axis, y2_axis) and two scatter charts: XlsxWriter's default (markers, its
// line written as <a:ln><a:noFill/>) and "straight_with_markers" (no line properties, so Excel
// joins the points).
const COMBO_AND_SCATTER = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Data')
sheet.write_row('A1', ['Month', 'Sales', 'Costs', 'Margin'])
for i, row in enumerate([['Jan', 100, 80, 0.2], ['Feb', 120, 90, 0.25], ['Mar', 90, 85, 0.05], ['Apr', 150, 100, 0.33]]):
    sheet.write_row(i + 1, 0, row)
columns = book.add_chart({'type': 'column'})
for col in (1, 2):
    columns.add_series({'name': ['Data', 0, col], 'categories': ['Data', 1, 0, 4, 0], 'values': ['Data', 1, col, 4, col]})
line = book.add_chart({'type': 'line'})
line.add_series({'name': ['Data', 0, 3], 'categories': ['Data', 1, 0, 4, 0], 'values': ['Data', 1, 3, 4, 3], 'y2_axis': True})
columns.combine(line)
columns.set_title({'name': 'Sales and margin'})
sheet.insert_chart('F1', columns)
for at, subtype in (('F17', None), ('N17', 'straight_with_markers')):
    scatter = book.add_chart({'type': 'scatter', 'subtype': subtype} if subtype else {'type': 'scatter'})
    scatter.add_series({'name': 'Costs by sales', 'categories': ['Data', 1, 1, 4, 1], 'values': ['Data', 1, 2, 4, 2]})
    scatter.set_title({'name': subtype or 'markers'})
    sheet.insert_chart(at, scatter)
book.close()
`;

// Where the line's points and the secondary axis's labels sit, and what each scatter draws.
const comboShape = (page) => page.evaluate(() => [...document.querySelectorAll('svg.plug-chart')].map((svg) => ({
  title: svg.querySelector('.plug-chart-title')?.textContent,
  line: [...svg.querySelectorAll('circle.plug-chart-point[data-series="Margin"]')].map((c) => [Number(c.dataset.value), Number(c.getAttribute('cy'))]),
  bars: [...svg.querySelectorAll('rect.plug-chart-point[data-series="Sales"]')].map((r) => [Number(r.dataset.value), Number(r.getAttribute('y'))]),
  right: [...svg.querySelectorAll('.plug-chart-tick2')].map((t) => t.textContent),
  lines: svg.querySelectorAll('path.plug-chart-series').length,
  markers: svg.querySelectorAll('circle.plug-chart-point').length,
  xLabels: [...svg.querySelectorAll('.plug-chart-category')].map((t) => t.textContent),
})));

async function checkCombo(name, content) {
  const { page, context } = await open(name, content);
  assert.equal(await page.$('.plug-error'), null, await page.textContent('main'));
  const shapes = await comboShape(page);
  await page.screenshot({ path: join(SHOTS, name.replace('.xlsx', '.png')) });
  const combo = shapes.find((s) => s.title === 'Sales and margin');
  // The margins (0.05-0.33) have an axis of their own at the right, so the line spans the plot:
  // 0.33 (April) level with the top of the 150 bar, not flat along 0 under the bars.
  assert.deepEqual(combo.right, ['0', '0.1', '0.2', '0.3', '0.4'], JSON.stringify(combo));
  const [lowest, highest] = [combo.line.find(([v]) => v === 0.05), combo.line.find(([v]) => v === 0.33)];
  const [, top150] = combo.bars.find(([v]) => v === 150);
  assert.ok(lowest[1] - highest[1] > 120, JSON.stringify(combo));
  assert.ok(Math.abs(highest[1] - top150) < 40, JSON.stringify(combo));
  // The default scatter shows markers only; "straight with markers" joins them with a line. Both
  // label their x axis (it had no labels).
  const markers = shapes.find((s) => s.title === 'markers');
  const straight = shapes.find((s) => s.title === 'straight_with_markers');
  assert.deepEqual([markers.lines, markers.markers, straight.lines, straight.markers], [0, 4, 1, 4], JSON.stringify(shapes));
  assert.deepEqual(markers.xLabels, ['0', '50', '100', '150']);
  assert.deepEqual(page.errors, []);
  await context.close();
}

test('a combo chart draws its secondary-axis line against its own scale at the right; a scatter with lines joins its points', async () => {
  await checkCombo('combo.xlsx', workbook(COMBO_AND_SCATTER));
});

// LibreOffice writes its own chart XML: explicit series colours and line widths, a secondary
// category axis at the top, markers turned off on the line plot.
test('the combo and scatter charts as LibreOffice Calc saves them draw the same', async (t) => {
  const saved = savedByLibreOffice('combo.xlsx', workbook(COMBO_AND_SCATTER));
  if (!saved) return t.skip('LibreOffice (soffice) is not installed');
  await checkCombo('combo-libreoffice.xlsx', saved);
});

// Colours given to single points: a pie's slices (XlsxWriter's `points`, Format Data Point >
// Fill in Excel) and one bar of a column chart picked out in red. They were drawn in the
// palette's colours, the legend of the pie alone in its own.
const POINT_COLOURS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Votes')
sheet.write_column('A1', ['Yes', 'No', 'Abstain'])
sheet.write_column('B1', [60, 30, 10])
pie = book.add_chart({'type': 'pie'})
pie.add_series({'name': 'Votes', 'categories': '=Votes!$A$1:$A$3', 'values': '=Votes!$B$1:$B$3',
    'points': [{'fill': {'color': '#00B050'}}, {'fill': {'color': '#FF0000'}}, {'fill': {'color': '#A6A6A6'}}]})
sheet.insert_chart('D1', pie)
bars = book.add_chart({'type': 'column'})
bars.add_series({'name': 'Votes', 'categories': '=Votes!$A$1:$A$3', 'values': '=Votes!$B$1:$B$3', 'fill': {'color': '#4472C4'},
    'points': [None, {'fill': {'color': '#C00000'}}, None]})
sheet.insert_chart('D17', bars)
book.close()
`;

test("a pie's slice colours and a bar picked out in its own colour are drawn in them", async () => {
  const { page, context } = await open('points.xlsx', workbook(POINT_COLOURS));
  assert.equal(await page.$('.plug-error'), null, await page.textContent('main'));
  const fills = await page.evaluate(() => [...document.querySelectorAll('svg.plug-chart')].map((svg) =>
    [...svg.querySelectorAll('.plug-chart-point')].map((p) => `${p.tagName}:${p.dataset.value}:${p.getAttribute('fill')}`)));
  assert.deepEqual(fills, [['path:60:#00b050', 'path:30:#ff0000', 'path:10:#a6a6a6'], ['rect:60:#4472c4', 'rect:30:#c00000', 'rect:10:#4472c4']]);
  await page.screenshot({ path: join(SHOTS, 'points.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});
