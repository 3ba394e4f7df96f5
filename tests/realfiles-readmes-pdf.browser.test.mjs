// PDFs as real tools write them, in the pdf.js reader against the real Worker: bookmarks (an
// outline, as LaTeX's hyperref, Word and LibreOffice write from headings; here pypdf writes it)
// shown as a "Contents" list that scrolls to its pages; a PDF locked only against editing (an
// owner password, pypdf's RC4 as older Acrobat settings write it) opening without asking, its
// rotated pages standing as set; one with an open password asking for it; a bookmark in a report
// whose pages are not all of one shape landing on its page.
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
