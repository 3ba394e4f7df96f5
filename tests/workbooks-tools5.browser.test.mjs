// Workbooks as people make them with the real tools, round 5: dates in Japanese, Chinese, Korean,
// Thai and Arabic formats (eras, other calendars, kanji numerals), LAMBDA formulas without cached
// values, and a sheet whose one formula outlasts the calculation limit. Each workbook is written
// during the run by the tool in .venv (or saved again by soffice), dropped through the real Worker
// and opened in Chromium; the assertions read what a person sees in the cells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { savedByLibreOffice, writtenBy } from './support/python.mjs';
import { atCell, textAt, texts, useSheetWorld } from './support/sheet-pages.mjs';
import { BROWSER_UA } from './support/harness.mjs';

const world = useSheetWorld('workbooks-tools5');
const { SHOTS } = world;
const open = world.openWorkbook;

// One date, 15 March 2023 14:30:05, in the formats Excel writes when a date is picked in
// Format Cells with Japanese, Chinese, Korean, Thai or Arabic chosen (XlsxWriter writes the
// code as given), and a number in the [DBNum] numeral formats.
const ASIAN_DATES = String.raw`
import sys, datetime, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); sheet = book.add_worksheet('Dates')
sheet.set_column(0, 0, 30)
day = datetime.datetime(2023, 3, 15, 14, 30, 5)
codes = ['[$-ja-JP-x-gannen]ggge"年"m"月"d"日"', '[$-411]ggge"年"m"月"d"日"', '[$-411]ge.m.d', '[$-411]gge',
  '[DBNum1][$-411]yyyy"年"m"月"d"日"', '[$-411]aaa', '[$-804]aaaa', '[$-412]yyyy"년" m"월" d"일" dddd',
  '[$-107041E]d mmm yy', '[$-41E]d mmmm bbbb', 'B2yyyy/mm/dd', '[$-F800]dddd, mmmm dd, yyyy', '[$-F400]h:mm:ss AM/PM',
  'B1dd/mm/yyyy', '[$-411]ggge"年"m"月"d"日";@']
for row, code in enumerate(codes):
    sheet.write_datetime(row, 0, day, book.add_format({'num_format': code}))
for row, code in enumerate(['[DBNum1]0', '[DBNum2]0', '[DBNum3]0'], start=len(codes)):
    sheet.write_number(row, 0, 1234, book.add_format({'num_format': code}))
book.close()
`;

// What Excel shows for each (LibreOffice 7.4 draws rows 2-5, 6, 7, 8 and 9 the same; it does not
// know `x-gannen`, `bbbb` or `B2` and draws the serial number, the letters and "B2").
const ASIAN_SHOWN = ['令和5年3月15日', '令和5年3月15日', 'R5.3.15', '令5', '二〇二三年三月十五日', '水', '星期三',
  '2023년 3월 15일 수요일', '15 มี.ค. 66', '15 มีนาคม 2566', '1444/08/22', 'Wednesday, March 15, 2023', '2:30:05 PM',
  '15/03/2023', '令和5年3月15日', '千二百三十四', '壱阡弐百参拾四', '１２３４'];

test('Japanese eras, kanji numerals, Thai Buddhist and Hijri dates show as Excel draws them (they showed code letters, "[DBNum1]" and the Gregorian year)', async () => {
  const { page, context } = await open('asian-dates.xlsx', writtenBy(ASIAN_DATES));
  try {
    const shown = Object.values(await texts(page, ASIAN_SHOWN.map((_, i) => `A${i + 1}`)));
    assert.deepEqual(shown, ASIAN_SHOWN);
    assert.deepEqual(page.errors, []);
    await page.screenshot({ path: join(SHOTS, 'asian-dates.png') });
  } finally {
    await context.close();
  }
});

test('the same dates saved by LibreOffice ([$-1030411] eras, [$-1B000411] for DBNum1, [$-2000401] Arabic-Indic digits) show as LibreOffice draws them', async (t) => {
  const saved = savedByLibreOffice('asian-dates.xlsx', writtenBy(ASIAN_DATES));
  if (!saved) return t.skip('LibreOffice (soffice) is not installed');
  const { page, context } = await open('asian-dates.xlsx', saved);
  try {
    // Read from LibreOffice's own PDF of the workbook (soffice --convert-to pdf).
    assert.deepEqual(await texts(page, ['A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A9']), {
      A2: '令和5年3月15日', A3: 'R5.3.15', A4: '令5', A5: '二〇二三年三月十五日', A6: '水', A7: '星期三', A9: '15 มี.ค. 66',
    });
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

test('Arabic-Indic digits of a LibreOffice date format ([$-2000401]) are drawn as such', async (t) => {
  const script = String.raw`
import sys, datetime, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); sheet = book.add_worksheet(); sheet.set_column(0, 0, 20)
sheet.write_datetime(0, 0, datetime.date(2023, 3, 15), book.add_format({'num_format': '[$-2000401]dd/mm/yyyy'}))
book.close()
`;
  const { page, context } = await open('arabic.xlsx', writtenBy(script));
  try {
    assert.equal(await textAt(page, 'A1'), '١٥/٠٣/٢٠٢٣');
  } finally {
    await context.close();
  }
});

// LAMBDA as Excel's help teaches it: tried in a cell, called where it is written, before it is
// named. XlsxWriter stores no results (future functions written with their _xlfn./_xlpm. names).
const LAMBDAS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1], {'use_future_functions': True}); sheet = book.add_worksheet()
sheet.write_column('A1', [120, 80])
sheet.write_formula('B1', '=LAMBDA(a,b,a*b)(A1,3)')
sheet.write_formula('B2', '=LAMBDA(x,LAMBDA(y,x+y)(1))(A2)')
sheet.write_formula('B3', '=SUM(LAMBDA(n,n*2)(A1),A2)')
sheet.write_formula('B4', '=LAMBDA(x,[y],IF(ISOMITTED(y),x,x+y))(1)')
sheet.write_formula('B5', '=LAMBDA(x,x*2)')
sheet.write_formula('B6', '=LET(t,A1+A2,t/2)')
book.close()
`;

test('a LAMBDA called where it is written is calculated (it showed 0); one the engine cannot read shows its formula, a bare LAMBDA #CALC!', async () => {
  const { page, context } = await open('lambda.xlsx', writtenBy(LAMBDAS));
  try {
    const shown = await texts(page, ['B1', 'B2', 'B3', 'B4', 'B5', 'B6']);
    assert.deepEqual({ ...shown, B4: undefined }, { B1: '360', B2: '81', B3: '320', B4: undefined, B5: '#CALC!', B6: '100' });
    // An optional parameter left out is not something the viewer calculates: the formula, not 0.
    assert.match(shown.B4, /^=_xlfn\.LAMBDA\(/);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

// A sheet with a cell at its last row and column (XFD1048576, a stray entry people find with
// Ctrl+End) and a formula over every column to its right: the engine reads that range cell by
// cell and does not finish within the viewer's 60 s. The first screen shows at once; when the
// viewer gives up, the formula shows as its text (it showed an empty cell).
const FAR_CORNER = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); sheet = book.add_worksheet()
sheet.write('A1', 'header'); sheet.write('B2', 3.5); sheet.write('XFD1048576', 'corner')
sheet.write_formula('C2', '=SUM(D:XFD)')
book.close()
`;

const CALCULATE_LIMIT_MS = 60_000;

test('a formula still calculating after 60 s shows its formula text and the note; the first screen showed within seconds', async () => {
  const { owner } = await world.app.world();
  const e = await world.app.dropLive(owner, { file: { name: 'corner.xlsx', content: writtenBy(FAR_CORNER) }, fields: { scope: 'personal', visibility: 'link', source_type: 'xlsx' } });
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 800 } });
  // The page's clock runs as usual until the viewer starts counting, then stops and is moved on
  // by exactly the limit: the viewer's 60 s pass at once rather than being waited out (the
  // engine, in a Web Worker, keeps its own real time).
  await context.clock.install();
  const page = await context.newPage();
  try {
    const started = Date.now();
    await page.goto(e.url);
    await page.waitForFunction(() => [...document.querySelectorAll('.plug-c')].some((c) => c.textContent === 'header'), null, { timeout: 15_000 });
    assert.ok(Date.now() - started < 15_000);
    // "Calculating 1 formula…" comes after the whole workbook, when the viewer starts its 60 s.
    await page.waitForFunction(() => /^Calculating/.test(document.querySelector('.plug-sheet-note')?.textContent ?? ''), null, { timeout: 60_000 });
    // Stopped a little ahead of now (a stop in the page's past is refused), then run to 60 s.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 5_000);
    await page.clock.runFor(CALCULATE_LIMIT_MS - 5_000);
    await page.waitForFunction(() => document.getElementById('plug-main').dataset.state === 'ready', null, { timeout: 15_000 });
    assert.equal(await textAt(page, 'C2'), '=SUM(D:XFD)');
    // Said for what it is: not a function the viewer lacks, a calculation that took too long.
    assert.deepEqual(await atCell(page, 'C2', (el) => ({ title: el.title, color: getComputedStyle(el).color })),
      { title: 'Not calculated: calculating the workbook took too long', color: 'rgb(107, 114, 128)' });
    assert.equal(await textAt(page, 'B2'), '3.5');
    assert.match(await page.textContent('main'), /took too long to calculate/);
  } finally {
    await context.close();
  }
});

// An address typed with Alt+Enter in a wrapped cell (XlsxWriter's text_wrap, no row height of
// its own): Excel sizes the row to its lines on open. The row showed its first line only.
const WRAPPED = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1]); sheet = book.add_worksheet(); sheet.set_column(0, 0, 24)
wrap = book.add_format({'text_wrap': True, 'valign': 'top'})
sheet.write('A1', 'Address'); sheet.write('A2', '1 Main Street\nSpringfield\nIL 62704', wrap); sheet.write('B2', 'beside')
sheet.write('A3', 'not wrapped\nstays one row')
sheet.write('A4', 'Big\ntwo', book.add_format({'text_wrap': True, 'font_size': 16}))
book.close()
`;

test('wrapped text with line breaks makes its row as tall as its lines (it showed the first line only)', async () => {
  const { page, context } = await open('wrapped.xlsx', writtenBy(WRAPPED));
  try {
    const height = (row) => page.evaluate((n) => [...document.querySelectorAll('.plug-rowhead')].find((e) => e.textContent === n).getBoundingClientRect().height, row);
    assert.equal(await height('1'), 20);
    assert.equal(await height('2'), 60, 'three lines of Calibri 11');
    assert.equal(await height('3'), 20, 'line breaks in a cell that does not wrap do not grow the row');
    assert.equal(await height('4'), 2 * 29, 'two lines, each as tall as a row of 16 pt text (29 px)');
    // Every line of the address is inside its cell's box.
    const fits = await atCell(page, 'A2', (el) => el.scrollHeight <= el.clientHeight + 1 && el.getBoundingClientRect().height >= 59);
    assert.equal(fits, true);
    assert.deepEqual(page.errors, []);
    await page.screenshot({ path: join(SHOTS, 'wrapped.png') });
  } finally {
    await context.close();
  }
});
