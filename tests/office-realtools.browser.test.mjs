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

// A newsletter as Word sets one out: a full-width title and opening, a continuous section break
// (Layout > Breaks > Continuous) into two columns, another back to one column for the closing line,
// as python-docx scripts write it (and LibreOffice around each of its sections). Word keeps all of
// it on one page, the two columns balanced above the closing line; the viewer started a page at
// each section, the columns' text all in the left one.
const CONTINUOUS = String.raw`
import sys
from docx import Document
from docx.enum.section import WD_SECTION
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
doc = Document()
doc.add_heading('Parish newsletter', 1)
doc.add_paragraph('The opening paragraph runs across the whole width of the page.')
section = doc.add_section(WD_SECTION.CONTINUOUS)
cols = section._sectPr.find(qn('w:cols'))
if cols is None:
    cols = OxmlElement('w:cols')
    section._sectPr.append(cols)
cols.set(qn('w:num'), '2')
cols.set(qn('w:space'), '720')
for i in range(1, 7):
    doc.add_paragraph('Item %d: the committee met to review the budget and agreed to fund the new library wing. ' % i * 2)
section = doc.add_section(WD_SECTION.CONTINUOUS)
section._sectPr.find(qn('w:cols')).set(qn('w:num'), '1')
doc.add_paragraph('The closing line runs across the whole width again.')
doc.save(sys.argv[1])
`;

test('continuous section breaks keep a newsletter on one page, its two columns balanced above the closing line', async () => {
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'parish.docx', writtenBy(CONTINUOUS, 'parish.docx'));
  const pages = await page.evaluate(PAGES);
  assert.equal(pages.length, 1, `${pages.length} pages: ${pages.map((p) => p.text.slice(0, 40)).join(' | ')}`);
  assert.deepEqual(pages[0].over, []);
  const laid = await page.evaluate(() => {
    const section = document.querySelector('.plug-docx section.docx');
    const article = section.querySelector(':scope > article');
    const area = article.getBoundingClientRect();
    const middle = area.left + area.width / 2;
    const paragraph = (start) => [...article.querySelectorAll('p')].find((p) => p.textContent.startsWith(start));
    const lines = (p) => [...p.getClientRects()].filter((r) => r.width > 0);
    const items = [1, 2, 3, 4, 5, 6].map((i) => lines(paragraph(`Item ${i}:`)));
    const all = items.flat();
    const closing = paragraph('The closing line').getBoundingClientRect();
    const opening = paragraph('The opening paragraph').getBoundingClientRect();
    return {
      leftFoot: Math.max(...all.filter((r) => r.left < middle).map((r) => r.bottom)),
      rightFoot: Math.max(...all.filter((r) => r.left >= middle).map((r) => r.bottom)),
      rightLines: all.filter((r) => r.left >= middle).length,
      widest: Math.max(...all.map((r) => r.width)),
      half: area.width / 2,
      closingTop: closing.top,
      closingWidth: closing.width,
      openingWidth: opening.width,
      width: area.width,
      line: parseFloat(getComputedStyle(paragraph('Item 1:')).lineHeight) || 20,
    };
  });
  assert.ok(laid.rightLines > 0, 'the right column holds text');
  assert.ok(laid.widest <= laid.half, `a column line is ${laid.widest} px wide, the page's half ${laid.half}`);
  assert.ok(Math.abs(laid.leftFoot - laid.rightFoot) <= 2 * laid.line, `columns end at ${laid.leftFoot} and ${laid.rightFoot}`);
  assert.ok(laid.closingTop >= Math.max(laid.leftFoot, laid.rightFoot) - 1, 'the closing line is below the columns');
  assert.ok(laid.closingWidth > laid.half && laid.openingWidth > laid.half, 'the opening and closing run across the page');
  assert.deepEqual(page.errors, []);
  await context.close();
});

// SmartArt (Insert > SmartArt, here a Basic Process) as Word saves it: the diagram's data, layout,
// style and colour parts, and the drawing Word last laid out (`word/diagrams/drawing1.xml`, named
// by the data part's `dsp:dataModelExt`) that readers draw when they cannot lay the diagram out.
// The viewer drew nothing in its place.
const SMARTART = String.raw`
import sys, io, re, zipfile
from docx import Document
from docx.shared import Inches
A, DGM, DSP = 'http://schemas.openxmlformats.org/drawingml/2006/main', 'http://schemas.openxmlformats.org/drawingml/2006/diagram', 'http://schemas.microsoft.com/office/drawing/2008/diagram'
R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
cx, cy = Inches(6), Inches(2.2)
labels = ['Plan', 'Build', 'Ship']
box = int(cx / 3.8); gap = int(box * 0.4); h = int(box * 0.6); y = (cy - h) // 2
style = lambda font: '<dsp:style><a:lnRef idx="2"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="1"><a:scrgbClr r="0" g="0" b="0"/></a:fillRef><a:effectRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef><a:fontRef idx="minor"><a:schemeClr val="%s"/></a:fontRef></dsp:style>' % font
shapes = ''
for i, label in enumerate(labels):
    x = i * (box + gap)
    shapes += ('<dsp:sp modelId="{A%d}"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/></dsp:nvSpPr><dsp:spPr><a:xfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></a:xfrm>'
        '<a:prstGeom prst="roundRect"><a:avLst><a:gd name="adj" fmla="val 10000"/></a:avLst></a:prstGeom><a:solidFill><a:schemeClr val="accent1"><a:hueOff val="0"/><a:satOff val="0"/><a:lumOff val="0"/><a:alphaOff val="0"/></a:schemeClr></a:solidFill>'
        '<a:ln w="12700"><a:solidFill><a:schemeClr val="lt1"/></a:solidFill></a:ln></dsp:spPr>%s<dsp:txBody><a:bodyPr lIns="68580" tIns="68580" rIns="68580" bIns="68580" anchor="ctr"><a:noAutofit/></a:bodyPr><a:lstStyle/>'
        '<a:p><a:pPr algn="ctr"/><a:r><a:rPr lang="en-US" sz="2400" kern="1200"/><a:t>%s</a:t></a:r></a:p></dsp:txBody><dsp:txXfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></dsp:txXfrm></dsp:sp>') % (i, x, y, box, h, style('lt1'), label, x, y, box, h)
    if i < 2:
        shapes += ('<dsp:sp modelId="{B%d}"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/></dsp:nvSpPr><dsp:spPr><a:xfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></a:xfrm><a:prstGeom prst="rightArrow"><a:avLst/></a:prstGeom>'
            '<a:solidFill><a:schemeClr val="accent1"><a:tint val="60000"/></a:schemeClr></a:solidFill></dsp:spPr>%s<dsp:txBody><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="en-US"/></a:p></dsp:txBody></dsp:sp>') % (i, x + box + gap // 6, y + h // 3, gap * 2 // 3, h // 3, style('lt1'))
parts = {
    'data': ('diagramData', 'application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml', '<dgm:dataModel xmlns:dgm="%s" xmlns:a="%s"><dgm:ptLst><dgm:pt modelId="{D0}" type="doc"><dgm:prSet loTypeId="urn:microsoft.com/office/officeart/2005/8/layout/process1"/><dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="en-US"/></a:p></dgm:t></dgm:pt>%s</dgm:ptLst><dgm:cxnLst/><dgm:bg/><dgm:whole/><dgm:extLst><a:ext uri="%s"><dsp:dataModelExt xmlns:dsp="%s" relId="rId90" minVer="%s"/></a:ext></dgm:extLst></dgm:dataModel>' % (DGM, A, ''.join('<dgm:pt modelId="{N%d}"><dgm:prSet phldrT="[Text]"/><dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US"/><a:t>%s</a:t></a:r></a:p></dgm:t></dgm:pt>' % (i, t) for i, t in enumerate(labels)), DSP, DSP, DGM)),
    'layout': ('diagramLayout', 'application/vnd.openxmlformats-officedocument.drawingml.diagramLayout+xml', '<dgm:layoutDef xmlns:dgm="%s" uniqueId="urn:microsoft.com/office/officeart/2005/8/layout/process1"><dgm:layoutNode name="Name0"/></dgm:layoutDef>' % DGM),
    'quickStyle': ('diagramQuickStyle', 'application/vnd.openxmlformats-officedocument.drawingml.diagramStyle+xml', '<dgm:styleDef xmlns:dgm="%s" uniqueId="urn:microsoft.com/office/officeart/2005/8/quickstyle/simple1"/>' % DGM),
    'colors': ('diagramColors', 'application/vnd.openxmlformats-officedocument.drawingml.diagramColors+xml', '<dgm:colorsDef xmlns:dgm="%s" uniqueId="urn:microsoft.com/office/officeart/2005/8/colors/accent1_2"/>' % DGM),
    'drawing': (None, 'application/vnd.ms-office.drawingml.diagramDrawing+xml', '<dsp:drawing xmlns:dgm="%s" xmlns:dsp="%s" xmlns:a="%s"><dsp:spTree><dsp:nvGrpSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvGrpSpPr/></dsp:nvGrpSpPr><dsp:grpSpPr/>%s</dsp:spTree></dsp:drawing>' % (DGM, DSP, A, shapes)),
}
doc = Document()
doc.add_heading('Process', 1)
doc.add_paragraph('Our process has three steps:')
doc.add_paragraph('DIAGRAM')
doc.add_paragraph('Text after the diagram.')
buf = io.BytesIO(); doc.save(buf)
source = zipfile.ZipFile(buf)
out = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED)
frame = ('<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="%d" cy="%d"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:docPr id="1" name="Diagram 1"/><wp:cNvGraphicFramePr/>'
    '<a:graphic xmlns:a="%s"><a:graphicData uri="%s"><dgm:relIds xmlns:dgm="%s" xmlns:r="%s" r:dm="rId91" r:lo="rId92" r:qs="rId93" r:cs="rId94"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>') % (cx, cy, A, DGM, DGM, R[:-1])
for item in source.infolist():
    data = source.read(item.filename)
    if item.filename == 'word/document.xml':
        data = re.sub(r'<w:p>(?:(?!<w:p>).)*?DIAGRAM.*?</w:p>', lambda m: frame, data.decode(), flags=re.S).encode()
    elif item.filename == 'word/_rels/document.xml.rels':
        rels = ''.join('<Relationship Id="rId%d" Type="%s" Target="diagrams/%s1.xml"/>' % (91 + i, R + kind, name) for i, (name, (kind, _, _)) in enumerate(list(parts.items())[:4]))
        rels += '<Relationship Id="rId90" Type="http://schemas.microsoft.com/office/2007/relationships/diagramDrawing" Target="diagrams/drawing1.xml"/>'
        data = data.decode().replace('</Relationships>', rels + '</Relationships>').encode()
    elif item.filename == '[Content_Types].xml':
        data = data.decode().replace('</Types>', ''.join('<Override PartName="/word/diagrams/%s1.xml" ContentType="%s"/>' % (name, kind) for name, (_, kind, _) in parts.items()) + '</Types>').encode()
    out.writestr(item, data)
for name, (_, _, xml) in parts.items():
    out.writestr('word/diagrams/%s1.xml' % name, '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + xml)
out.close()
`;

test("a Word document's SmartArt shows the drawing Word saved with it: its boxes, arrows and words", async () => {
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'process.docx', writtenBy(SMARTART, 'process.docx'));
  const picture = page.locator('.plug-docx section.docx img[alt^="Diagram"]');
  assert.equal(await picture.count(), 1, 'one picture where the diagram is');
  assert.equal(await picture.getAttribute('alt'), 'Diagram: Plan Build Ship');
  const placed = await page.evaluate(() => {
    const img = document.querySelector('.plug-docx img[alt^="Diagram"]');
    const text = (start) => [...document.querySelectorAll('.plug-docx p')].find((p) => p.textContent.startsWith(start)).getBoundingClientRect();
    const box = img.getBoundingClientRect();
    return { width: box.width, height: box.height, top: box.top, bottom: box.bottom, before: text('Our process').bottom, after: text('Text after').top, loaded: img.complete && img.naturalWidth > 0 };
  });
  assert.ok(placed.loaded, 'the picture is decoded');
  assert.ok(Math.abs(placed.width - 576) < 3 && Math.abs(placed.height - 211) < 3, `${placed.width} x ${placed.height} px, the frame is 576 x 211`);
  assert.ok(placed.top >= placed.before - 1 && placed.bottom <= placed.after + 1, 'between the paragraphs around it');
  // What a person sees: three boxes in the theme's first accent (python-docx's 4F81BD) with
  // white words inside, on the page's white.
  const shot = (await picture.screenshot()).toString('base64');
  const seen = await page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: image.width, height: image.height });
    const g = canvas.getContext('2d');
    g.drawImage(image, 0, 0);
    const { data } = g.getImageData(0, 0, image.width, image.height);
    const near = (i, [r, gr, b]) => Math.abs(data[i] - r) + Math.abs(data[i + 1] - gr) + Math.abs(data[i + 2] - b) < 40;
    let accent = 0;
    let white = 0;
    const row = Math.round(image.height / 2) * image.width * 4;
    const columns = [];
    for (let i = 0; i < data.length; i += 4) {
      if (near(i, [0x4f, 0x81, 0xbd])) accent += 1;
      if (near(i, [255, 255, 255])) white += 1;
    }
    // Across the middle: runs of accent colour, one per box.
    let inside = false;
    for (let x = 0; x < image.width; x++) {
      const on = near(row + x * 4, [0x4f, 0x81, 0xbd]);
      if (on && !inside) columns.push(x);
      inside = on;
    }
    return { accent: accent / (data.length / 4), white: white / (data.length / 4), runs: columns.length };
  }, shot);
  assert.ok(seen.accent > 0.2, `${(seen.accent * 100).toFixed(1)}% of the picture is in the accent colour`);
  assert.ok(seen.runs >= 3, `${seen.runs} boxes across its middle`);
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
