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
import { openDocument, openWorkbook, atCell, texts } from './support/sheet-pages.mjs';
import { savedByLibreOffice, writtenBy, PYTHON } from './support/python.mjs';

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

// A threaded comment as Excel 365 saves it: the thread in its own part and, for older readers, a
// note whose text is a fixed paragraph ahead of the thread ("Comment:", "Reply:", indented),
// under an author named `tc={…}`. Written here with openpyxl in that shape. Excel shows the
// thread; the viewer showed the paragraph about versions of Excel.
const THREADED = String.raw`
import sys, openpyxl
from openpyxl.comments import Comment
book = openpyxl.Workbook()
sheet = book.active
sheet['A1'] = 'Total'
sheet['B1'] = 125
head = ('[Threaded comment]\n\nYour version of Excel allows you to read this threaded comment; however, any edits to it '
        'will get removed if the file is opened in a newer version of Excel. Learn more: https://go.microsoft.com/fwlink/?linkid=870924\n\nComment:\n    ')
sheet['B1'].comment = Comment(head + 'Check this total\nReply:\n    @Alice Smith fixed', 'tc={2BD0B1A4-7C3E-4F2A-9D11-6A5E8C0F1B23}')
sheet['A1'].comment = Comment('A plain note', 'Carol')
book.save(sys.argv[1])
`;

test('a threaded comment Excel saved shows its thread, not the paragraph for older versions of Excel', async () => {
  const { page, context } = await openWorkbook({ app, browser, user: await freshUser() }, 'threaded.xlsx', writtenBy(THREADED));
  const title = (cell) => cell && cell.title;
  assert.equal(await atCell(page, 'B1', title), 'Check this total\nReply: @Alice Smith fixed');
  assert.equal(await atCell(page, 'A1', title), 'A plain note');
  assert.deepEqual(page.errors, []);
  await context.close();
});

// Sparklines as XlsxWriter writes them (Excel 2010's x14 extension at the end of the sheet):
// a line over stored numbers, columns with negative points in their own colour, win/loss, and a
// line over formulas saved without results. The viewer drew nothing in those cells.
const SPARKLINES = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Trends')
sheet.write_row('A1', [3, 5, 2, 8, 6])
sheet.write_row('A2', [4, -2, 3, -5, 1])
sheet.write_row('A3', [1, -1, 1, 1, -1])
for col in range(5):
    sheet.write_formula(3, col, '=%s1*2+%d' % (chr(65 + col), col))
sheet.add_sparkline('G1', {'range': 'Trends!A1:E1', 'series_color': '#C00000'})
sheet.add_sparkline('G2', {'range': 'Trends!A2:E2', 'type': 'column', 'series_color': '#0070C0', 'negative_points': True, 'negative_color': '#00B050'})
sheet.add_sparkline('G3', {'range': 'Trends!A3:E3', 'type': 'win_loss', 'series_color': '#7030A0', 'negative_color': '#FFC000'})
sheet.add_sparkline('G4', {'range': 'Trends!A4:E4', 'series_color': '#C00000'})
book.close()
`;

test('sparklines show in their cells: a line, columns with negative points, win/loss, and over calculated formulas', async () => {
  const { page, context } = await openWorkbook({ app, browser, user: await freshUser() }, 'sparklines.xlsx', writtenBy(SPARKLINES));
  await page.waitForFunction(() => [...document.querySelectorAll('.plug-c')].some((e) => e.style.backgroundImage.includes('svg')), null, { timeout: 30_000 });
  const drawing = (cell) => {
    const url = cell && /url\("data:image\/svg\+xml,([^"]*)"\)/.exec(cell.style.backgroundImage);
    if (!url) return null;
    const svg = new DOMParser().parseFromString(decodeURIComponent(url[1]), 'image/svg+xml').documentElement;
    const box = cell.getBoundingClientRect();
    return {
      size: getComputedStyle(cell).backgroundSize,
      wide: box.width > 40,
      path: [...svg.querySelectorAll('path')].map((p) => ({ stroke: p.getAttribute('stroke'), ys: [...p.getAttribute('d').matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1])) })),
      rects: [...svg.querySelectorAll('rect')].map((r) => ({ fill: r.getAttribute('fill'), y: Number(r.getAttribute('y')) })),
    };
  };
  const line = await atCell(page, 'G1', drawing);
  assert.equal(line.size, '100% 100%');
  assert.equal(line.path.length, 1);
  assert.equal(line.path[0].stroke.toUpperCase(), '#C00000');
  // 3 5 2 8 6: the highest point (8) at the top, the lowest (2) at the foot.
  const ys = line.path[0].ys;
  assert.equal(ys.length, 5);
  assert.ok(ys[3] < ys[4] && ys[4] < ys[1] && ys[1] < ys[0] && ys[0] < ys[2], JSON.stringify(ys));
  const columns = await atCell(page, 'G2', drawing);
  assert.deepEqual(columns.rects.map((r) => r.fill.toUpperCase()), ['#0070C0', '#00B050', '#0070C0', '#00B050', '#0070C0']);
  const winLoss = await atCell(page, 'G3', drawing);
  assert.deepEqual(winLoss.rects.map((r) => r.fill.toUpperCase()), ['#7030A0', '#FFC000', '#7030A0', '#7030A0', '#FFC000']);
  assert.ok(winLoss.rects[0].y < winLoss.rects[1].y, 'a win stands above a loss');
  // =A1*2+0 … =E1*2+4: 6 12 6 19 16, calculated by the viewer (XlsxWriter saves no results).
  const calculated = (await atCell(page, 'G4', drawing)).path[0].ys;
  assert.equal(calculated.length, 5);
  assert.ok(calculated[3] < calculated[4] && calculated[4] < calculated[1] && calculated[1] < calculated[0], JSON.stringify(calculated));
  assert.equal(calculated[0], calculated[2]);
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'sparklines.png') });
  await context.close();
});

// ------------------------------------------------------------------ Word documents



/** The number of pages LibreOffice lays the document out on (its PDF export), or null without soffice. */
function libreOfficePages(name, content) {
  const dir = mkdtempSync(join(tmpdir(), 'plug-soffice-'));
  try {
    writeFileSync(join(dir, name), content);
    execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'pdf', '--outdir', dir, join(dir, name)], { stdio: 'pipe', timeout: 120_000 });
    const pdf = join(dir, name.replace(/\.[^.]+$/, '.pdf'));
    return Number(execFileSync(PYTHON, ['-c', 'import sys, pypdf; print(len(pypdf.PdfReader(sys.argv[1]).pages))', pdf]).toString());
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Each page as drawn: its height, the height its section asks for, its text, and whether any
// block of its text runs past its bottom margin.
const PAGES = () => [...document.querySelectorAll('.plug-docx section.docx')].map((section) => {
  const box = section.getBoundingClientRect();
  const style = getComputedStyle(section);
  const bottom = box.top + parseFloat(style.minHeight) - parseFloat(style.paddingBottom) + 1;
  const article = section.querySelector(':scope > article');
  return {
    height: Math.round(box.height),
    asked: Math.round(parseFloat(style.minHeight)),
    text: section.textContent,
    over: [...article.querySelectorAll(':scope > *, :scope > table tr')].filter((e) => e.getBoundingClientRect().bottom > bottom).map((e) => e.textContent.slice(0, 40)),
  };
});

// A report written in Markdown and made into a Word document by pandoc: headings, a numbered
// and a bulleted list, a table, a code block, a footnote, TeX math inline and displayed, a
// picture, then forty sections of text with no page break anywhere.
const PANDOC_REPORT = String.raw`
import sys, os, struct, zlib, tempfile, pypandoc
def png(w, h, rgb):
    raw = b''.join(b'\x00' + bytes(rgb) * w for _ in range(h))
    chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
folder = tempfile.mkdtemp()
open(os.path.join(folder, 'box.png'), 'wb').write(png(120, 60, (40, 120, 200)))
md = ['# Field report', '', 'Opening paragraph of the report, long enough to wrap over two lines in a page of ordinary width.', '',
      '1. first item', '2. second item', '3. third item', '', '- apple', '- pear', '',
      '| Town | People |', '|------|-------:|', '| Ayr | 46,000 |', '| Elgin | 25,000 |', '',
      '~~~python', 'def add(a, b):', '    return a + b', '~~~', '',
      'A claim with a footnote.[^1]', '', '[^1]: The footnote text.', '',
      'Euler: $e^{i\\pi} + 1 = 0$ inline.', '', '$$\\frac{a}{b} = \\sqrt{x^2 + y^2}$$', '', '![A blue box](box.png)', '']
for i in range(1, 41):
    md += ['## Section %d' % i, '', ('Paragraph %d of the body. ' % i) * 6, '']
pypandoc.convert_text('\n'.join(md), 'docx', format='markdown', outputfile=sys.argv[1], extra_args=['--resource-path=' + folder])
`;

test('a pandoc report with no page breaks is laid out on pages as Word lays it out, in fonts of its kind', async () => {
  const report = writtenBy(PANDOC_REPORT, 'report.docx');
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'report.docx', report);
  const pages = await page.evaluate(PAGES);
  const expected = libreOfficePages('report.docx', report);
  assert.ok(pages.length >= 4, `${pages.length} pages`);
  if (expected !== null) assert.ok(Math.abs(pages.length - expected) <= 1, `${pages.length} pages here, ${expected} in LibreOffice`);
  // US Letter (pandoc writes no page size; Word's default): 11 in at 96 px.
  for (const [index, drawn] of pages.entries()) {
    assert.equal(drawn.asked, 1056, `page ${index + 1}`);
    assert.ok(drawn.height <= drawn.asked + 1, `page ${index + 1} is ${drawn.height} px: ${drawn.over}`);
    assert.deepEqual(drawn.over, [], `page ${index + 1}`);
  }
  assert.match(pages[0].text, /Field report/);
  assert.match(pages.at(-1).text, /Section 40/);
  assert.ok(!pages.slice(1).some((p) => /Field report/.test(p.text)));
  // The footnote sits on the page of its reference.
  const noted = pages.findIndex((p) => p.text.includes('A claim with a footnote.'));
  assert.ok(pages[noted].text.includes('The footnote text.'), 'footnote on its page');
  const look = await page.evaluate(() => {
    const find = (text, selector = 'span') => [...document.querySelectorAll(`.plug-docx ${selector}`)].find((e) => e.textContent.trim() === text);
    const numbered = [...document.querySelectorAll('.plug-docx p[class*="docx-num-"]')].find((p) => p.textContent.includes('second item'));
    const display = [...document.querySelectorAll('.plug-docx math')].find((m) => m.textContent.includes('b'));
    const inline = [...document.querySelectorAll('.plug-docx math')].find((m) => m.textContent.includes('π'));
    const section = document.querySelector('.plug-docx section.docx').getBoundingClientRect();
    const centre = (e) => { const r = e.getBoundingClientRect(); return r.left + r.width / 2; };
    return {
      code: getComputedStyle(find('add(a, b):') || find('def').parentElement.querySelector('span:last-child')).fontFamily,
      body: getComputedStyle(find('Opening paragraph of the report, long enough to wrap over two lines in a page of ordinary width.')).fontFamily,
      number: getComputedStyle(numbered, '::before').fontFamily,
      numberRun: getComputedStyle(numbered.querySelector('span')).fontFamily,
      numberSize: [getComputedStyle(numbered, '::before').fontSize, getComputedStyle(numbered.querySelector('span')).fontSize],
      // Word's tab after the number: the item's text starts at the paragraph's indent.
      textStarts: [...document.querySelectorAll('.plug-docx p[class*="docx-num-"]')].filter((p) => /item|apple|pear/.test(p.textContent))
        .map((p) => Math.round(p.querySelector('span').getBoundingClientRect().left - p.getBoundingClientRect().left)),
      // …and the number fills the hanging indent from its start (the indent is not applied again inside it).
      numberBox: [getComputedStyle(numbered, '::before').minWidth, getComputedStyle(numbered, '::before').textIndent, getComputedStyle(numbered).textIndent],
      // pandoc's table style: a rule under the header row only.
      rules: [...document.querySelector('.plug-docx table').rows].map((row) => getComputedStyle(row.cells[0]).borderBottomStyle),
      displayOffset: Math.abs(centre(display) - (section.left + section.width / 2)),
      inlineOffset: Math.abs(centre(inline) - (section.left + section.width / 2)),
    };
  });
  assert.deepEqual(look.rules, ['solid', 'none', 'none']);
  assert.match(look.code, /monospace/);
  assert.match(look.body, /Aptos.*sans-serif/);
  assert.equal(look.number, look.numberRun);
  assert.equal(look.numberSize[0], look.numberSize[1]);
  assert.deepEqual(look.textStarts, [0, 0, 0, 0, 0]);
  assert.deepEqual(look.numberBox, ['24px', '0px', '-24px']);
  assert.ok(look.displayOffset < 20, `display equation ${look.displayOffset} px from the centre`);
  assert.ok(look.inlineOffset > 100, 'inline equation stays in its line');
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'pandoc-report.png'), fullPage: false });
  await context.close();
});

// A memo as python-docx scripts write one: a header and a footer, sixty paragraphs and a table
// of thirty rows, no page break.
const MEMO = String.raw`
import sys
from docx import Document
doc = Document()
doc.sections[0].header.paragraphs[0].text = 'Quarterly header'
doc.sections[0].footer.paragraphs[0].text = 'Footer text'
doc.add_heading('Long memo', 0)
for i in range(1, 61):
    doc.add_paragraph('Paragraph %d. ' % i + 'The quick brown fox jumps over the lazy dog. ' * 4)
table = doc.add_table(rows=30, cols=3)
table.style = 'Table Grid'
for r in range(30):
    for c in range(3): table.cell(r, c).text = 'r%d c%d' % (r, c)
doc.add_paragraph('The end.')
doc.save(sys.argv[1])
`;

test('a python-docx memo breaks into pages where its text overflows, each with its header and footer, a table between rows', async () => {
  const memo = writtenBy(MEMO, 'memo.docx');
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'memo.docx', memo);
  const pages = await page.evaluate(PAGES);
  const expected = libreOfficePages('memo.docx', memo);
  assert.ok(pages.length >= 5, `${pages.length} pages`);
  if (expected !== null) assert.ok(Math.abs(pages.length - expected) <= 1, `${pages.length} pages here, ${expected} in LibreOffice`);
  for (const [index, drawn] of pages.entries()) {
    assert.ok(drawn.height <= drawn.asked + 1, `page ${index + 1} is ${drawn.height} px`);
    assert.deepEqual(drawn.over, [], `page ${index + 1}`);
    assert.match(drawn.text, /^Quarterly header/);
    assert.match(drawn.text, /Footer text$/);
  }
  const all = pages.map((p) => p.text).join('');
  for (const text of ['Paragraph 1.', 'Paragraph 60.', 'r0 c0', 'r29 c2', 'The end.']) assert.equal(all.split(text).length - 1, 1, text);
  assert.ok(pages.at(-1).text.includes('The end.'));
  assert.deepEqual(page.errors, []);
  await context.close();
});

// Minutes as a script writes them: paragraphs of twenty-odd lines each and one numbered point
// longer than a page. Word fills each page and carries a paragraph's remaining lines over (two
// at least on each side); the viewer moved each paragraph whole, so every page held one and
// half of it stood empty, and the numbered point ran past the page's foot.
const LONG_PARAGRAPHS = String.raw`
import sys
from docx import Document
doc = Document()
doc.add_heading('Minutes', 1)
for i in range(1, 7):
    doc.add_paragraph(('Paragraph %d runs on for many lines. ' % i) * 40)
doc.add_paragraph('A numbered point that is long. ' * 200, style='List Number')
doc.add_paragraph('Second point.', style='List Number')
doc.add_paragraph('The end.')
doc.save(sys.argv[1])
`;

test('a paragraph that reaches past the foot of a page goes on at the top of the next, as Word breaks it', async () => {
  const minutes = writtenBy(LONG_PARAGRAPHS, 'minutes.docx');
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'minutes.docx', minutes);
  const pages = await page.evaluate(PAGES);
  const expected = libreOfficePages('minutes.docx', minutes);
  if (expected !== null) assert.ok(Math.abs(pages.length - expected) <= 1, `${pages.length} pages here, ${expected} in LibreOffice`);
  for (const [index, drawn] of pages.entries()) {
    assert.ok(drawn.height <= drawn.asked + 1, `page ${index + 1} is ${drawn.height} px`);
    assert.deepEqual(drawn.over, [], `page ${index + 1}`);
  }
  const laid = await page.evaluate(() => [...document.querySelectorAll('.plug-docx section.docx')].map((section) => {
    const box = section.getBoundingClientRect();
    const style = getComputedStyle(section);
    const article = section.querySelector(':scope > article');
    const last = article.lastElementChild.getBoundingClientRect();
    const line = parseFloat(getComputedStyle(article.lastElementChild).lineHeight) || 20;
    return {
      // The room left under the page's last line, in lines.
      emptyLines: (box.top + parseFloat(style.minHeight) - parseFloat(style.paddingBottom) - last.bottom) / line,
      text: article.textContent,
      // Each part of a paragraph a break carried over: its number, its first-line indent.
      carried: [...article.querySelectorAll(':scope > p.plug-continued')].map((p) => ({
        number: getComputedStyle(p, '::before').content, indent: getComputedStyle(p).textIndent,
      })),
    };
  }));
  // Every page but the last is full (within the two lines Word's widow control may leave).
  for (const [index, drawn] of laid.slice(0, -1).entries()) assert.ok(drawn.emptyLines < 3, `page ${index + 1} leaves ${drawn.emptyLines.toFixed(1)} lines empty`);
  // The text reads on whole and in order across the breaks.
  const words = laid.map((p) => p.text).join(' ').replace(/\s+/g, ' ');
  for (let i = 1; i <= 6; i++) assert.equal(words.split(`Paragraph ${i} runs on`).length - 1, 40, `paragraph ${i}`);
  assert.equal(words.split('A numbered point that is long.').length - 1, 200);
  assert.ok(words.indexOf('Paragraph 6 runs') < words.indexOf('A numbered point') && words.indexOf('Second point.') < words.indexOf('The end.'));
  // The numbered point, longer than a page, carries no second number onto the next page.
  const carried = laid.flatMap((p) => p.carried);
  assert.ok(carried.length >= 3, `${carried.length} paragraphs carried over`);
  for (const part of carried) assert.deepEqual(part, { number: 'none', indent: '0px' });
  const numbers = await page.evaluate(() => [...document.querySelectorAll('.plug-docx p[class*="docx-num-"]')]
    .filter((p) => getComputedStyle(p, '::before').content !== 'none').map((p) => p.textContent.slice(0, 12)));
  assert.deepEqual(numbers, ['A numbered p', 'Second point']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

// Tables in the built-in styles python-docx scripts pick: the header row filled, the rows banded,
// as Word and LibreOffice draw them from the table's look (python-docx marks no row).
const STYLED_TABLES = String.raw`
import sys
from docx import Document
doc = Document()
for style in ['Light List Accent 1', 'Medium Shading 1 Accent 1']:
    doc.add_paragraph(style)
    table = doc.add_table(rows=4, cols=3)
    table.style = style
    for r in range(4):
        for c in range(3): table.cell(r, c).text = ['Name', 'Qty', 'Price'][c] if r == 0 else '%d%d' % (r, c)
doc.save(sys.argv[1])
`;

test('python-docx tables in built-in styles show their header row and banding', async () => {
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'tables.docx', writtenBy(STYLED_TABLES, 'tables.docx'));
  const looks = await page.evaluate(() => [...document.querySelectorAll('.plug-docx table')].map((table) => [...table.rows].map((row) => {
    const cell = getComputedStyle(row.cells[1]);
    const text = getComputedStyle(row.cells[1].querySelector('span'));
    // A band may fill the row (docx-preview styles `tr.odd-row`) or the cell.
    const fill = cell.backgroundColor !== 'rgba(0, 0, 0, 0)' ? cell.backgroundColor : getComputedStyle(row).backgroundColor;
    return [fill, text.color, text.fontWeight];
  })));
  const blue = 'rgb(79, 129, 189)';
  const white = 'rgb(255, 255, 255)';
  // Light List: a blue header in white bold, then plain rows.
  assert.deepEqual(looks[0][0], [blue, white, '700']);
  assert.deepEqual(looks[0].slice(1).map(([fill]) => fill), ['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
  // Medium Shading 1: the same header, rows 1 and 3 shaded, row 2 not.
  assert.deepEqual(looks[1][0], [blue, white, '700']);
  assert.notEqual(looks[1][1][0], 'rgba(0, 0, 0, 0)');
  assert.equal(looks[1][2][0], 'rgba(0, 0, 0, 0)');
  assert.equal(looks[1][3][0], looks[1][1][0]);
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'styled-tables.png') });
  await context.close();
});

// LibreOffice saves a list's first item with a list instance that overrides the start and the
// others with the plain instance of the same definition; Word and LibreOffice count them as one.
test('a numbered list LibreOffice saved counts on through its instances: 1, 2, 3', async (t) => {
  const saved = savedByLibreOffice('report.docx', writtenBy(PANDOC_REPORT, 'report.docx'));
  if (saved === null) return t.skip('soffice is not installed');
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'report.docx', saved);
  // The numbers are CSS counters, which no DOM call reads: a probe in each item shows the item's
  // counter in lower-case Roman numerals in a monospace face, so its width is the number (i, ii, iii).
  const numbers = await page.evaluate(() => {
    const items = [...document.querySelectorAll('.plug-docx p[class*="docx-num-"]')].filter((p) => /item$/.test(p.textContent));
    const style = document.createElement('style');
    document.head.append(style);
    const unit = document.createElement('span');
    unit.style.cssText = 'position: absolute; font: 20px monospace; white-space: nowrap;';
    unit.textContent = 'i';
    document.body.append(unit);
    const width = unit.getBoundingClientRect().width;
    return items.map((item, i) => {
      const counter = /counter\(([\w-]+)/.exec(getComputedStyle(item, '::before').content)[1];
      style.textContent += `.plug-probe-${i}::before { content: counter(${counter}, lower-roman); font: 20px monospace; }`;
      const probe = document.createElement('span');
      probe.className = `plug-probe-${i}`;
      probe.style.whiteSpace = 'nowrap';
      item.append(probe);
      return Math.round(probe.getBoundingClientRect().width / width);
    });
  });
  assert.deepEqual(numbers, [1, 2, 3]);
  assert.deepEqual(page.errors, []);
  await context.close();
});

// A report with a cover: "Different first page" (python-docx's different_first_page_header_footer),
// the cover's header "Cover" and the running header "Running head" on every other page.
const COVER = String.raw`
import sys
from docx import Document
doc = Document()
section = doc.sections[0]
section.different_first_page_header_footer = True
section.first_page_header.paragraphs[0].text = 'Cover'
section.header.paragraphs[0].text = 'Running head'
section.footer.paragraphs[0].text = 'Running foot'
for i in range(1, 41):
    doc.add_paragraph('Paragraph %d. ' % i + 'The quick brown fox jumps over the lazy dog. ' * 4)
doc.save(sys.argv[1])
`;

test('pages after a different first page take the running header and footer, and a cover without a footer of its own shows none', async () => {
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'cover.docx', writtenBy(COVER, 'cover.docx'));
  const heads = await page.evaluate(() => [...document.querySelectorAll('.plug-docx section.docx')].map((section) => [
    section.querySelector(':scope > header')?.textContent.trim() ?? '', section.querySelector(':scope > footer')?.textContent.trim() ?? '']));
  assert.ok(heads.length >= 3, `${heads.length} pages`);
  // python-docx wrote no first-page footer: the cover's foot is blank, as in Word and LibreOffice.
  assert.deepEqual(heads[0], ['Cover', '']);
  for (const [index, [header, footer]] of heads.slice(1).entries()) assert.deepEqual([header, footer], ['Running head', 'Running foot'], `page ${index + 2}`);
  assert.deepEqual(page.errors, []);
  await context.close();
});

// A report with different odd and even pages (python-docx's `odd_and_even_pages_header_footer`,
// Word's "Different Odd & Even Pages") and a cover of its own, no page break anywhere. Word
// chooses by the page's number; the viewer showed the odd header on every page split from the
// first, whatever its number.
const EVEN_AND_ODD = String.raw`
import sys
from docx import Document
doc = Document()
doc.settings.odd_and_even_pages_header_footer = True
section = doc.sections[0]
section.different_first_page_header_footer = True
section.first_page_header.paragraphs[0].text = 'Cover header'
section.first_page_footer.paragraphs[0].text = 'Cover footer'
section.header.paragraphs[0].text = 'Odd header'
section.footer.paragraphs[0].text = 'Odd footer'
section.even_page_header.paragraphs[0].text = 'Even header'
section.even_page_footer.paragraphs[0].text = 'Even footer'
doc.add_heading('Handbook', 0)
for i in range(1, 81):
    doc.add_paragraph('Rule %d. ' % i + 'Every member keeps the handbook to hand and reads it. ' * 4)
doc.save(sys.argv[1])
`;

test('a document with different odd and even pages shows each page the header and footer of its number', async () => {
  const handbook = writtenBy(EVEN_AND_ODD, 'handbook.docx');
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'handbook.docx', handbook);
  // How many pages is the other tests' business (Cambria, python-docx's body font, is drawn in
  // the browser's serif, narrower than LibreOffice's Caladea): here, which header each one shows.
  const pages = await page.evaluate(PAGES);
  assert.ok(pages.length >= 4, `${pages.length} pages`);
  const shown = await page.evaluate(() => [...document.querySelectorAll('.plug-docx section.docx')].map((section) => [
    section.querySelector(':scope > header')?.textContent.trim() ?? '', section.querySelector(':scope > footer')?.textContent.trim() ?? '']));
  const wanted = shown.map((_, index) => {
    if (index === 0) return ['Cover header', 'Cover footer'];
    return (index + 1) % 2 === 0 ? ['Even header', 'Even footer'] : ['Odd header', 'Odd footer'];
  });
  assert.deepEqual(shown, wanted);
  for (const [index, drawn] of pages.entries()) assert.deepEqual(drawn.over, [], `page ${index + 1}`);
  assert.deepEqual(page.errors, []);
  await context.close();
});

// A newsletter whose second section is set in two columns (Word's Layout > Columns > Two, as
// python-docx scripts write it through the section's `w:cols`). Word fills the left column to the
// page's foot, then the right, then goes on to a new page; the viewer balanced all of the text
// over the two columns of one page, which ran far past its foot.
const COLUMNS = String.raw`
import sys
from docx import Document
from docx.enum.section import WD_SECTION
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
doc = Document()
doc.add_heading('Newsletter', 1)
doc.add_paragraph('The first page is in one column.')
section = doc.add_section(WD_SECTION.NEW_PAGE)
cols = section._sectPr.find(qn('w:cols'))
if cols is None:
    cols = OxmlElement('w:cols')
    section._sectPr.append(cols)
cols.set(qn('w:num'), '2')
cols.set(qn('w:space'), '720')
for i in range(1, 17):
    doc.add_paragraph(('Column text %d flows down the first column and then the second. ' % i) * 5)
doc.save(sys.argv[1])
`;

test('text in two columns fills the left column to the foot of the page, then the right, then the next page', async () => {
  const newsletter = writtenBy(COLUMNS, 'newsletter.docx');
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'newsletter.docx', newsletter);
  const pages = await page.evaluate(PAGES);
  const expected = libreOfficePages('newsletter.docx', newsletter);
  if (expected !== null) assert.ok(Math.abs(pages.length - expected) <= 1, `${pages.length} pages here, ${expected} in LibreOffice`);
  for (const [index, drawn] of pages.entries()) assert.ok(drawn.height <= drawn.asked + 1, `page ${index + 1} is ${drawn.height} px`);
  const columns = await page.evaluate(() => [...document.querySelectorAll('.plug-docx section.docx')].slice(1).map((section) => {
    const box = section.getBoundingClientRect();
    const style = getComputedStyle(section);
    const footer = section.querySelector(':scope > footer');
    const foot = box.top + parseFloat(style.minHeight) - parseFloat(style.paddingBottom) - (footer ? footer.offsetHeight : 0);
    const article = section.querySelector(':scope > article');
    const area = article.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(article);
    const lines = [...range.getClientRects()].filter((r) => r.height > 0 && r.width > 0);
    const middle = area.left + area.width / 2;
    const line = parseFloat(getComputedStyle(article.querySelector('p')).lineHeight) || 20;
    const lowest = (inRight) => Math.max(...lines.filter((r) => (r.left >= middle) === inRight).map((r) => r.bottom));
    return {
      outside: lines.filter((r) => r.left < area.left - 1 || r.right > area.right + 1 || r.bottom > foot + 1).length,
      // The room left under each column's last line, in lines.
      left: (foot - lowest(false)) / line,
      right: (foot - lowest(true)) / line,
      text: article.textContent,
    };
  }));
  assert.ok(columns.length >= 2, `${columns.length} pages of columns`);
  for (const [index, drawn] of columns.entries()) {
    assert.equal(drawn.outside, 0, `page ${index + 2}: text outside the page's text box`);
    if (index < columns.length - 1) {
      assert.ok(drawn.left < 3 && drawn.right < 3, `page ${index + 2} leaves ${drawn.left.toFixed(1)} and ${drawn.right.toFixed(1)} lines empty`);
    }
  }
  const words = columns.map((p) => p.text).join(' ');
  for (let i = 1; i <= 16; i++) assert.equal(words.split(`Column text ${i} flows`).length - 1, 5, `paragraph ${i}`);
  assert.deepEqual(page.errors, []);
  await context.close();
});

// ------------------------------------------------------------------ decks

// A deck pandoc makes from Markdown: a table's rows carry no height (`<a:tr h="0">`) and its frame
// the room pandoc set aside for it. PowerPoint draws each row as tall as its text; the viewer
// stretched the rows over the whole frame, three lines of table filling the slide.
const PANDOC_DECK = String.raw`
import sys, pypandoc
md = '\n'.join(['# Towns', '', '| Town | People |', '|------|-------:|', '| Ayr | 46,000 |', '| Elgin | 25,000 |', ''])
pypandoc.convert_text(md, 'pptx', format='markdown', outputfile=sys.argv[1])
`;

test('a pandoc deck\'s table is as tall as its rows, as PowerPoint draws it', async () => {
  const user = await freshUser();
  const e = await app.dropLive(user, { file: { name: 'towns.pptx', content: writtenBy(PANDOC_DECK, 'towns.pptx') }, fields: { scope: 'personal', visibility: 'link', source_type: 'pptx' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  await page.goto(e.url);
  const slide = page.locator('[data-slide-index="0"]');
  await slide.waitFor({ timeout: 30_000 });
  await slide.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('[data-slide-index="0"] table')?.rows.length === 3, null, { timeout: 30_000 });
  const rows = await page.evaluate(() => {
    const table = document.querySelector('[data-slide-index="0"] table');
    const slideBox = document.querySelector('[data-slide-index="0"]').getBoundingClientRect();
    return [...table.rows].map((row) => {
      const text = [...row.querySelectorAll('span')].find((s) => s.textContent.trim());
      return { text: [...row.cells].map((cell) => cell.textContent.trim()).join(' '), height: row.getBoundingClientRect().height, font: parseFloat(getComputedStyle(text).fontSize), slide: slideBox.height };
    });
  });
  assert.deepEqual(rows.map((r) => r.text), ['Town People', 'Ayr 46,000', 'Elgin 25,000']);
  for (const row of rows) assert.ok(row.height < row.font * 3, `a row of ${row.font}px text is ${row.height.toFixed(0)} px tall`);
  assert.deepEqual(page.errors, []);
  await slide.screenshot({ path: join(SHOTS, 'pandoc-table.png') });
  await context.close();
});
