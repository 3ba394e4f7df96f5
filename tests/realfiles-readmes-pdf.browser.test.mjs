// PDFs as real tools write them, in the pdf.js reader against the real Worker: bookmarks (an
// outline, as LaTeX's hyperref, Word and LibreOffice write from headings; here pypdf writes it)
// shown as a "Contents" list that scrolls to its pages; a PDF locked only against editing (an
// owner password, pypdf's RC4 as older Acrobat settings write it) opening without asking, its
// rotated pages standing as set; one with an open password asking for it; a bookmark in a report
// whose pages are not all of one shape landing on its page. A scan (Pillow saves pictures of pages
// as a PDF, as a copier or a phone app without text recognition does) saying it has no text, and
// one whose last page has text saying nothing; a PDF with a layer switched off (optional content,
// as InDesign, AutoCAD or a reviewer's Acrobat leave it; pypdf writes it, with tagged paragraphs as
// Word and LibreOffice mark them) whose hidden words the browser's find does not stop on; a book
// of 500 pages showing its first page quickly and drawing the rest as they are scrolled to; a
// paper in a Type 3 font (as dvips writes LaTeX's bitmap fonts) drawing its glyphs, its words found.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { writtenBy } from './support/python.mjs';

const SHOTS = join(ROOT, 'test-output', 'realfiles-readmes-pdf');
let app;
let browser;
let owner;
before(async () => { ({ app, browser, owner } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

async function openPdf(name, content) {
  const e = await app.dropLive(owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'pdf' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(e.url);
  return { page, context, errors };
}

// A report of 8 US Letter pages with a nested outline; each page names its number in text.
const REPORT = (encrypt) => `
import sys
from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject
w = PdfWriter()
font = DictionaryObject({NameObject('/Type'): NameObject('/Font'), NameObject('/Subtype'): NameObject('/Type1'), NameObject('/BaseFont'): NameObject('/Helvetica')})
for n in range(1, 9):
    page = w.add_blank_page(612, 792)
    stream = DecodedStreamObject()
    stream.set_data(f'BT /F1 36 Tf 72 700 Td (Page {n}) Tj ET'.encode())
    page[NameObject('/Contents')] = w._add_object(stream)
    page[NameObject('/Resources')] = DictionaryObject({NameObject('/Font'): DictionaryObject({NameObject('/F1'): w._add_object(font)})})
intro = w.add_outline_item(title='1 Introduction', page_number=0)
methods = w.add_outline_item(title='2 Methods', page_number=2)
w.add_outline_item(title='2.1 Data', page_number=3, parent=methods)
w.add_outline_item(title='3 Results', page_number=5)
w.pages[6].rotate(90)
${encrypt}
w.write(sys.argv[1])
`;

test("a PDF's bookmarks show as Contents, nested as in the file, and one scrolls to its page", async () => {
  const bytes = writtenBy(REPORT(''), 'report.pdf');
  const { page, context, errors } = await openPdf('report.pdf', bytes);
  await page.waitForSelector('.plug-pdf-outline');
  assert.equal(await page.textContent('.plug-pdf-outline summary'), 'Contents (4)');
  await page.click('.plug-pdf-outline summary');
  const tree = await page.$$eval('.plug-pdf-outline > ol > li', (items) => items.map((li) => [
    li.querySelector(':scope > button').textContent,
    [...li.querySelectorAll(':scope > ol > li > button')].map((b) => b.textContent),
  ]));
  assert.deepEqual(tree, [['1 Introduction', []], ['2 Methods', ['2.1 Data']], ['3 Results', []]]);
  const [listLeft, pageLeft] = await page.evaluate(() => [
    document.querySelector('.plug-pdf-outline summary').getBoundingClientRect().left,
    document.querySelector('.plug-page').getBoundingClientRect().left,
  ]);
  assert.ok(Math.abs(listLeft - pageLeft) < 2, `the list lines up with the pages' left edge: ${listLeft} ${pageLeft}`);
  await page.screenshot({ path: join(SHOTS, 'outline-open.png') });
  await page.click('text=3 Results');
  await page.waitForFunction(() => document.querySelector('.plug-page-counter').textContent === '6 / 8');
  await page.waitForFunction(() => /Page 6/.test(document.querySelector('.plug-page[data-page="6"] .textLayer')?.textContent ?? ''));
  // The page's top is in view, below the header bar.
  const top = await page.$eval('.plug-page[data-page="6"]', (slot) => slot.getBoundingClientRect().top - document.querySelector('.plug-header').getBoundingClientRect().bottom);
  assert.ok(top >= 0 && top < 40, `page 6 starts just below the header: ${top}`);
  await page.screenshot({ path: join(SHOTS, 'outline.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a PDF locked only against editing opens without asking, its rotated page stands as set; one with an open password asks', async () => {
  const locked = writtenBy(REPORT("w.encrypt(user_password='', owner_password='only-the-owner', algorithm='RC4-128', permissions_flag=4)"), 'locked.pdf');
  const { page, context, errors } = await openPdf('locked.pdf', locked);
  await page.waitForSelector('.plug-page canvas');
  assert.equal(await page.$('.plug-pdf-password'), null);
  assert.equal(await page.textContent('.plug-page-counter'), '1 / 8');
  await page.$eval('.plug-page[data-page="7"]', (slot) => slot.scrollIntoView());
  await page.waitForSelector('.plug-page[data-page="7"] canvas');
  const [width, height] = await page.$eval('.plug-page[data-page="7"] canvas', (c) => [c.width, c.height]);
  assert.ok(width > height, `page 7 is turned to landscape: ${width}x${height}`);
  assert.deepEqual(errors, []);
  await context.close();

  const closed = writtenBy(REPORT("w.encrypt(user_password='open-me', owner_password='owner', algorithm='RC4-128')"), 'closed.pdf');
  const second = await openPdf('closed.pdf', closed);
  await second.page.waitForSelector('.plug-pdf-password input');
  await second.page.fill('.plug-pdf-password input', 'open-me');
  await second.page.click('.plug-pdf-password button');
  await second.page.waitForSelector('.plug-page canvas');
  assert.equal(await second.page.textContent('.plug-pdf-outline summary'), 'Contents (4)');
  await second.context.close();
});

// A report whose cover is landscape (a title page set like a slide) and whose pages after it are
// portrait, with a bookmark far in, and a landscape table page in the middle.
const COVERED = `
import sys
from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject
w = PdfWriter()
font = w._add_object(DictionaryObject({NameObject('/Type'): NameObject('/Font'), NameObject('/Subtype'): NameObject('/Type1'), NameObject('/BaseFont'): NameObject('/Helvetica')}))
for n in range(1, 61):
    width, height = (842, 595) if n in (1, 30) else (595, 842)
    page = w.add_blank_page(width, height)
    stream = DecodedStreamObject()
    stream.set_data(f'BT /F1 36 Tf 72 {height - 100} Td (Page {n}) Tj ET'.encode())
    page[NameObject('/Contents')] = w._add_object(stream)
    page[NameObject('/Resources')] = DictionaryObject({NameObject('/Font'): DictionaryObject({NameObject('/F1'): font})})
w.add_outline_item(title='Cover', page_number=0)
w.add_outline_item(title='Appendix B', page_number=49)
w.write(sys.argv[1])
`;

test('a bookmark in a report with a landscape cover lands on its page, not on the one before', async () => {
  const { page, context, errors } = await openPdf('covered.pdf', writtenBy(COVERED, 'covered.pdf'));
  await page.waitForSelector('.plug-pdf-outline');
  await page.click('.plug-pdf-outline summary');
  await page.click('text=Appendix B');
  await page.waitForFunction(() => /Page 50/.test(document.querySelector('.plug-page[data-page="50"] .textLayer')?.textContent ?? ''));
  // The pages drawn above it as it came into view have settled.
  await page.waitForTimeout(1000);
  // Before: every slot took the cover's landscape shape until drawn, so the pages drawn above the
  // target grew and pushed it down: the window showed page 49 and the counter said so.
  assert.equal(await page.textContent('.plug-page-counter'), '50 / 60');
  const top = await page.$eval('.plug-page[data-page="50"]', (slot) => slot.getBoundingClientRect().top - document.querySelector('.plug-header').getBoundingClientRect().bottom);
  assert.ok(top >= 0 && top < 40, `page 50 starts just below the header: ${top}`);
  const shapes = await page.$$eval('.plug-page', (slots) => slots.map((slot) => slot.getBoundingClientRect().width > slot.getBoundingClientRect().height));
  assert.deepEqual(shapes.flatMap((wide, i) => (wide ? [i + 1] : [])), [1, 30], 'the cover and the table page are landscape, drawn or not');
  await page.screenshot({ path: join(SHOTS, 'covered.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// Pages drawn by Pillow as a scanner's pictures; `text_page` adds a last page with real text
// (the typed cover letter stapled behind a scan).
const SCAN = (textPage) => `
import io, sys
from PIL import Image, ImageDraw
from pypdf import PdfReader, PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject
pages = []
for n in range(2):
    im = Image.new('L', (850, 1100), 245)
    d = ImageDraw.Draw(im)
    d.text((80, 60), f'Signed lease, page {n + 1}', fill=0)
    for y in range(120, 1000, 30):
        d.line((80, y, 770, y), fill=60, width=8)
    pages.append(im)
buffer = io.BytesIO()
pages[0].save(buffer, 'PDF', save_all=True, append_images=pages[1:], resolution=100)
w = PdfWriter(clone_from=PdfReader(buffer))
if ${textPage ? 'True' : 'False'}:
    font = w._add_object(DictionaryObject({NameObject('/Type'): NameObject('/Font'), NameObject('/Subtype'): NameObject('/Type1'), NameObject('/BaseFont'): NameObject('/Helvetica')}))
    page = w.add_blank_page(612, 792)
    s = DecodedStreamObject()
    s.set_data(b'BT /F1 14 Tf 72 700 Td (Cover letter: please sign and return) Tj ET')
    page[NameObject('/Contents')] = w._add_object(s)
    page[NameObject('/Resources')] = DictionaryObject({NameObject('/Font'): DictionaryObject({NameObject('/F1'): font})})
w.write(sys.argv[1])
`;

test('a scanned PDF says it has no text to find or copy; one with a typed page behind the scan says nothing', async () => {
  const { page, context, errors } = await openPdf('lease.pdf', writtenBy(SCAN(false), 'lease.pdf'));
  await page.waitForSelector('.plug-pdf-note', { timeout: 30_000 });
  assert.match(await page.textContent('.plug-pdf-note'), /no text, only pictures of its pages \(a scan\)/);
  assert.equal(await page.getAttribute('.plug-pdf-note', 'role'), 'note');
  // The note stands above the first page, which is drawn.
  await page.waitForSelector('.plug-page[data-page="1"] canvas');
  const [note, first] = await Promise.all(['.plug-pdf-note', '.plug-page[data-page="1"]'].map((s) => page.$eval(s, (e) => e.getBoundingClientRect().bottom)));
  assert.ok(note < first, `${note} ${first}`);
  await page.screenshot({ path: join(SHOTS, 'scan.png') });
  assert.deepEqual(errors, []);
  await context.close();

  const mixed = await openPdf('lease-with-letter.pdf', writtenBy(SCAN(true), 'lease-with-letter.pdf'));
  await mixed.page.waitForSelector('.plug-pages[data-text="some"]', { timeout: 30_000 });
  assert.equal(await mixed.page.$('.plug-pdf-note'), null);
  await mixed.context.close();
});

// One page: a tagged title (MCID, as Word and LibreOffice mark paragraphs), a layer that is on
// ("Approved"), and a layer the file keeps off ("Reviewer notes"), its remark nested in a span.
const LAYERS = `
import sys
from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject, ArrayObject, TextStringObject
w = PdfWriter()
font = w._add_object(DictionaryObject({NameObject('/Type'): NameObject('/Font'), NameObject('/Subtype'): NameObject('/Type1'), NameObject('/BaseFont'): NameObject('/Helvetica')}))
layer = lambda name: w._add_object(DictionaryObject({NameObject('/Type'): NameObject('/OCG'), NameObject('/Name'): TextStringObject(name)}))
approved, notes = layer('Approved'), layer('Reviewer notes')
page = w.add_blank_page(612, 792)
s = DecodedStreamObject()
s.set_data(b'/P <</MCID 0>> BDC BT /F1 24 Tf 72 700 Td (Quarterly plan) Tj ET EMC '
           b'/OC /L1 BDC BT /F1 18 Tf 72 650 Td (Approved budget) Tj ET EMC '
           b'/OC /L2 BDC /Span <</MCID 1>> BDC BT /F1 18 Tf 72 600 Td (Hidden reviewer remark) Tj ET EMC EMC '
           b'BT /F1 18 Tf 72 550 Td (Closing line) Tj ET')
page[NameObject('/Contents')] = w._add_object(s)
page[NameObject('/Resources')] = DictionaryObject({NameObject('/Font'): DictionaryObject({NameObject('/F1'): font}), NameObject('/Properties'): DictionaryObject({NameObject('/L1'): approved, NameObject('/L2'): notes})})
w._root_object[NameObject('/OCProperties')] = DictionaryObject({NameObject('/OCGs'): ArrayObject([approved, notes]), NameObject('/D'): DictionaryObject({NameObject('/ON'): ArrayObject([approved]), NameObject('/OFF'): ArrayObject([notes]), NameObject('/Order'): ArrayObject([approved, notes])})})
w.write(sys.argv[1])
`;

test("a hidden layer's words are not drawn, and the browser's find and a copy do not find them either", async () => {
  const { page, context, errors } = await openPdf('plan.pdf', writtenBy(LAYERS, 'plan.pdf'));
  await page.waitForFunction(() => /Closing line/.test(document.querySelector('.plug-page[data-page="1"] .textLayer')?.textContent ?? ''), null, { timeout: 30_000 });
  const text = await page.textContent('.plug-page[data-page="1"] .textLayer');
  assert.match(text, /Quarterly plan.*Approved budget.*Closing line/s);
  assert.doesNotMatch(text, /reviewer/i);
  assert.deepEqual(await page.evaluate(() => ['Approved budget', 'Hidden reviewer remark'].map((words) => {
    getSelection().removeAllRanges();
    return window.find(words);
  })), [true, false]);
  // Select all on the page and copy: the hidden words are not in it.
  await page.evaluate(() => getSelection().selectAllChildren(document.querySelector('.plug-page .textLayer')));
  assert.doesNotMatch(await page.evaluate(() => String(getSelection())), /reviewer/i);
  await page.screenshot({ path: join(SHOTS, 'layers.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// A book of 500 pages, each with 40 lines of text (pypdf, Times as LaTeX's default is a Times-like
// serif).
const BOOK = `
import sys
from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject
w = PdfWriter()
font = w._add_object(DictionaryObject({NameObject('/Type'): NameObject('/Font'), NameObject('/Subtype'): NameObject('/Type1'), NameObject('/BaseFont'): NameObject('/Times-Roman')}))
resources = DictionaryObject({NameObject('/Font'): DictionaryObject({NameObject('/F1'): font})})
for n in range(1, 501):
    page = w.add_blank_page(612, 792)
    s = DecodedStreamObject()
    lines = ''.join(f'BT /F1 11 Tf 72 {690 - 15 * i} Td (Line {i} of page {n}: the quick brown fox jumps over the lazy dog.) Tj ET ' for i in range(40))
    s.set_data(f'BT /F1 24 Tf 72 730 Td (Page {n}) Tj ET {lines}'.encode())
    page[NameObject('/Contents')] = w._add_object(s)
    page[NameObject('/Resources')] = resources
w.write(sys.argv[1])
`;

test('a 500-page book shows its first page quickly and draws only the pages near the window as it is scrolled', async () => {
  const bytes = writtenBy(BOOK, 'book.pdf');
  const started = Date.now();
  const { page, context, errors } = await openPdf('book.pdf', bytes);
  await page.waitForFunction(() => /Page 1Line 0/.test(document.querySelector('.plug-page[data-page="1"] .textLayer')?.textContent ?? ''), null, { timeout: 30_000 });
  const firstPage = Date.now() - started;
  assert.ok(firstPage < 10_000, `first page after ${firstPage} ms`);
  assert.equal(await page.textContent('.plug-page-counter'), '1 / 500');
  assert.equal(await page.locator('.plug-page').count(), 500);
  await page.evaluate(() => document.querySelector('.plug-page[data-page="420"]').scrollIntoView());
  await page.waitForFunction(() => /Page 420Line 0/.test(document.querySelector('.plug-page[data-page="420"] .textLayer')?.textContent ?? ''), null, { timeout: 30_000 });
  assert.equal(await page.textContent('.plug-page-counter'), '420 / 500');
  // Only the pages near the window (and the first ones, seen before) are drawn: none between.
  const drawn = await page.$$eval('.plug-page canvas', (canvases) => canvases.map((c) => Number(c.parentElement.dataset.page)));
  assert.ok(drawn.length <= 16 && drawn.every((n) => n <= 5 || (n >= 400 && n <= 440)), String(drawn));
  // The book has text: no note about a scan.
  await page.waitForSelector('.plug-pages[data-text="some"]');
  assert.equal(await page.$('.plug-pdf-note'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

// A font of the kind LaTeX's dvips writes for bitmap (PK) fonts: Type 3, each glyph a little
// drawing of its own (here a filled box per letter), with a ToUnicode map for its text.
const TYPE3 = `
import sys
from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject, ArrayObject, NumberObject, FloatObject
w = PdfWriter()
def stream(data):
    s = DecodedStreamObject()
    s.set_data(data)
    return w._add_object(s)
chars = 'Theorm1. '
procs, diffs = DictionaryObject(), ArrayObject()
for i, c in enumerate(chars):
    procs[NameObject(f'/g{i}')] = stream(f'600 0 0 0 500 700 d1 {50 + i * 10} 0 400 {300 + i * 40} re f'.encode() if c != ' ' else b'400 0 d0')
    diffs += [NumberObject(ord(c)), NameObject(f'/g{i}')]
first, last = min(map(ord, chars)), max(map(ord, chars))
cmap = '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T3 def 1 begincodespacerange <00> <FF> endcodespacerange %d beginbfchar %s endbfchar endcmap CMapName currentdict /CMap defineresource pop end end' % (len(chars), ' '.join(f'<{ord(c):02X}> <{ord(c):04X}>' for c in chars))
font = w._add_object(DictionaryObject({
    NameObject('/Type'): NameObject('/Font'), NameObject('/Subtype'): NameObject('/Type3'),
    NameObject('/FontBBox'): ArrayObject([NumberObject(0), NumberObject(0), NumberObject(600), NumberObject(700)]),
    NameObject('/FontMatrix'): ArrayObject([FloatObject(0.001), NumberObject(0), NumberObject(0), FloatObject(0.001), NumberObject(0), NumberObject(0)]),
    NameObject('/CharProcs'): procs,
    NameObject('/Encoding'): DictionaryObject({NameObject('/Type'): NameObject('/Encoding'), NameObject('/Differences'): diffs}),
    NameObject('/FirstChar'): NumberObject(first), NameObject('/LastChar'): NumberObject(last),
    NameObject('/Widths'): ArrayObject([NumberObject(400 if chr(c) == ' ' else 600 if chr(c) in chars else 0) for c in range(first, last + 1)]),
    NameObject('/Resources'): DictionaryObject(), NameObject('/ToUnicode'): stream(cmap.encode()),
}))
page = w.add_blank_page(612, 792)
page[NameObject('/Contents')] = stream(b'BT /T3 24 Tf 72 700 Td (Theorem 1.) Tj ET')
page[NameObject('/Resources')] = DictionaryObject({NameObject('/Font'): DictionaryObject({NameObject('/T3'): font})})
w.write(sys.argv[1])
`;

test("a paper set in a Type 3 font (LaTeX's bitmap fonts) draws its glyphs, and its words can be found", async () => {
  const { page, context, errors } = await openPdf('paper.pdf', writtenBy(TYPE3, 'paper.pdf'));
  await page.waitForFunction(() => /Theorem 1\./.test(document.querySelector('.plug-page[data-page="1"] .textLayer')?.textContent ?? ''), null, { timeout: 30_000 });
  // The glyphs' boxes are drawn where the words stand: ink on the canvas under the text.
  const ink = await page.evaluate(() => {
    const canvas = document.querySelector('.plug-page[data-page="1"] canvas');
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, Math.round(canvas.height * 0.2));
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 80 && data[i + 1] < 80 && data[i + 2] < 80) dark++;
    return dark;
  });
  assert.ok(ink > 500, `${ink} dark pixels`);
  assert.equal(await page.evaluate(() => window.find('Theorem 1.')), true);
  assert.deepEqual(errors, []);
  await context.close();
});
