// Word documents and decks made during the test by the tools other people use (python-docx and
// python-pptx in .venv, LibreOffice where soffice is installed), dropped through the real Worker
// and opened in Chromium: what a person sees of them, as the tool that made them shows them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { writtenBy, savedByLibreOffice, PYTHON } from './support/python.mjs';

const SHOTS = join(ROOT, 'test-output', 'office-tools');
let app;
let browser;
let owner;
before(async () => { ({ app, browser, owner } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

// `by`: whose drop it is (each user may drop 10 a minute; the later tests bring their own).
async function openDropped(name, content, sourceType, by = owner) {
  const e = await app.dropLive(by, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: sourceType } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (error) => page.problems.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') page.problems.push(`${message.type()}: ${message.text()}`); });
  page.on('response', (response) => { if (response.status() >= 400) page.problems.push(`${response.status()} ${response.url()}`); });
  await page.goto(e.url);
  return { page, context };
}

/** A file converted by LibreOffice from `name` with `text`; null where soffice is not installed. */
function convertedByLibreOffice(name, content, filter) {
  const dir = mkdtempSync(join(tmpdir(), 'plug-soffice-'));
  try {
    writeFileSync(join(dir, name), content);
    execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', filter, '--outdir', join(dir, 'out'), join(dir, name)], { stdio: 'pipe', timeout: 120_000 });
    return readFileSync(join(dir, 'out', `${name.replace(/\.[^.]+$/, '')}.${filter.split(':')[0]}`));
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// A report as python-docx scripts write one: a footer "Page N of M" made of PAGE and NUMPAGES
// fields (whose saved result is "1"), a landscape section added with `add_section` that keeps
// the report's header and footer (Word's "Link to Previous"), links out and to a bookmark, a
// comment (python-docx 1.2's `add_comment`) and tracked changes.
const REPORT = String.raw`
import sys
from docx import Document
from docx.enum.section import WD_ORIENT, WD_SECTION
from docx.enum.text import WD_BREAK
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.opc.constants import RELATIONSHIP_TYPE as RT

def element(tag, text=None, **attrs):
    e = OxmlElement(tag)
    for k, v in attrs.items(): e.set(qn(k.replace('_', ':', 1)), v)
    if text is not None: e.text = text
    return e

def field(paragraph, instruction, saved):
    for part in (element('w:fldChar', w_fldCharType='begin'), element('w:instrText', instruction), element('w:fldChar', w_fldCharType='separate')):
        paragraph.add_run()._r.append(part)
    paragraph.add_run(saved)
    paragraph.add_run()._r.append(element('w:fldChar', w_fldCharType='end'))

def link(paragraph, text, url=None, anchor=None):
    h = element('w:hyperlink')
    if url: h.set(qn('r:id'), paragraph.part.relate_to(url, RT.HYPERLINK, is_external=True))
    else: h.set(qn('w:anchor'), anchor)
    r = element('w:r'); r.append(element('w:t', text)); h.append(r); paragraph._p.append(h)

doc = Document()
section = doc.sections[0]
section.header.paragraphs[0].text = 'Acme Corp quarterly report'
footer = section.footer.paragraphs[0]
footer.add_run('Page '); field(footer, ' PAGE ', '1'); footer.add_run(' of '); field(footer, ' NUMPAGES ', '1')
doc.add_heading('Quarterly report', 0)
p = doc.add_paragraph('See ')
link(p, 'our website', url='https://example.com/report'); p.add_run(', the '); link(p, 'appendix', anchor='appendix'); p.add_run(' and ')
link(p, 'a script', url='javascript:alert(1)')
c = doc.add_paragraph('The budget is final.')
doc.add_comment(c.runs, text='Please check with finance.', author='Dana Reviewer', initials='DR')
ins = element('w:ins', w_id='101', w_author='Dana', w_date='2026-11-01T10:00:00Z'); r = element('w:r'); r.append(element('w:t', ' Inserted words.')); ins.append(r); c._p.append(ins)
dele = element('w:del', w_id='102', w_author='Dana', w_date='2026-11-01T10:00:00Z'); r = element('w:r'); r.append(element('w:delText', ' Deleted words.')); dele.append(r); c._p.append(dele)
doc.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
doc.add_paragraph('Second page.')
wide = doc.add_section(WD_SECTION.NEW_PAGE)
wide.orientation = WD_ORIENT.LANDSCAPE
wide.page_width, wide.page_height = wide.page_height, wide.page_width
doc.add_heading('Appendix', 1)
a = doc.add_paragraph('The wide table goes here.')
a._p.insert(0, element('w:bookmarkStart', w_id='7', w_name='appendix')); a._p.append(element('w:bookmarkEnd', w_id='7'))
doc.save(sys.argv[1])
`;

test('a python-docx report keeps its header and footer on every page and numbers its pages', async () => {
  const { page, context } = await openDropped('report.docx', writtenBy(REPORT, 'report.docx'), 'docx');
  await page.waitForSelector('.plug-docx section.docx', { timeout: 30_000 });
  const pages = await page.$$eval('.plug-docx section.docx', (all) => all.map((section) => ({
    header: section.querySelector('header')?.textContent.trim() ?? null,
    footer: section.querySelector('footer')?.textContent.trim() ?? null,
    landscape: section.offsetWidth > section.offsetHeight,
  })));
  assert.deepEqual(pages, [
    { header: 'Acme Corp quarterly report', footer: 'Page 1 of 3', landscape: false },
    { header: 'Acme Corp quarterly report', footer: 'Page 2 of 3', landscape: false },
    { header: 'Acme Corp quarterly report', footer: 'Page 3 of 3', landscape: true },
  ]);
  assert.deepEqual(page.problems, []);
  await page.screenshot({ path: join(SHOTS, 'docx-pages.png'), fullPage: true });
  await context.close();
});

test('a Word document\'s links open addresses in a new tab, follow bookmarks, and never run scripts', async () => {
  const { page, context } = await openDropped('links.docx', writtenBy(REPORT, 'links.docx'), 'docx');
  await page.waitForSelector('.plug-docx section.docx', { timeout: 30_000 });
  const links = await page.$$eval('.plug-docx article a', (all) => all.map((a) => ({ text: a.textContent, href: a.getAttribute('href'), target: a.target, rel: a.rel })));
  assert.deepEqual(links, [
    { text: 'our website', href: 'https://example.com/report', target: '_blank', rel: 'noopener noreferrer' },
    { text: 'appendix', href: '#appendix', target: '', rel: '' },
    { text: 'a script', href: null, target: '', rel: '' },
  ]);
  const appendixTop = () => page.evaluate(() => document.getElementById('appendix').getBoundingClientRect().top);
  assert.ok(await appendixTop() > 900, 'the appendix starts out of view');
  await page.click('.plug-docx a[href="#appendix"]');
  await page.waitForFunction(() => {
    const top = document.getElementById('appendix').getBoundingClientRect().top;
    return top >= 0 && top < 900;
  }, null, { timeout: 5_000 });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a Word comment shows beside its text, by pointer and keyboard; tracked changes show as accepted', async () => {
  const { page, context } = await openDropped('review.docx', writtenBy(REPORT, 'review.docx'), 'docx');
  // Once laid out (ready): the bubble's emoji is cleared after docx-preview draws, and reading
  // the text as soon as the pages appeared raced that on a busy machine.
  await page.waitForFunction(() => document.getElementById('plug-main').dataset.state === 'ready', null, { timeout: 30_000 });
  const paragraph = page.locator('.plug-docx article p', { hasText: 'The budget is final.' });
  assert.match(await paragraph.textContent(), /^The budget is final\.Dana Reviewer.*Please check with finance\. Inserted words\.$/);
  assert.doesNotMatch(await page.textContent('.plug-docx'), /Deleted words/);
  const bubble = page.locator('.plug-docx .docx-comment-ref');
  assert.equal(await bubble.count(), 1);
  assert.ok((await bubble.boundingBox()).width > 5, 'the bubble is drawn');
  assert.match(await bubble.getAttribute('aria-label'), /^Comment: Dana Reviewer.*Please check with finance\.$/);
  const popover = page.locator('.plug-docx .docx-comment-popover');
  assert.equal(await popover.isVisible(), false);
  await bubble.focus();
  assert.equal(await popover.isVisible(), true);
  assert.match(await popover.textContent(), /Dana Reviewer[\s\S]*Please check with finance\./);
  await page.screenshot({ path: join(SHOTS, 'docx-comment.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

// A deck as python-pptx scripts write one, 4:3 (python-pptx's default) or 16:9: a title slide, a
// hidden slide (`show="0"`, PowerPoint's "Hide Slide"), and a chart.
const DECK = String.raw`
import sys
from pptx import Presentation
from pptx.util import Inches
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
deck = Presentation()
if sys.argv[1].endswith('wide.pptx'): deck.slide_width, deck.slide_height = Inches(13.333), Inches(7.5)
s = deck.slides.add_slide(deck.slide_layouts[0]); s.shapes.title.text = 'Launch plan'; s.placeholders[1].text = 'Q3 2026'
s = deck.slides.add_slide(deck.slide_layouts[5]); s.shapes.title.text = 'Backstage only'; s._element.set('show', '0')
s = deck.slides.add_slide(deck.slide_layouts[5]); s.shapes.title.text = 'Sales'
d = CategoryChartData(); d.categories = ['North', 'South', 'East']; d.add_series('Sales', (5, 9, 3))
s.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1.6), Inches(6), Inches(4), d)
deck.save(sys.argv[1])
`;

for (const [name, ratio] of [['deck.pptx', 4 / 3], ['wide.pptx', 16 / 9]]) {
  test(`a python-pptx deck (${name}) marks its hidden slide and keeps its shape`, async () => {
    const { page, context } = await openDropped(name, writtenBy(DECK, name), 'pptx');
    await page.waitForSelector('[data-slide-index="2"]', { timeout: 30_000 });
    await page.waitForFunction(() => /Launch plan/.test(document.querySelector('[data-slide-index="0"]')?.textContent ?? ''), null, { timeout: 30_000 });
    const slides = await page.$$eval('.plug-slides [data-slide-index]', (all) => all.map((item) => ({
      hidden: item.classList.contains('plug-hidden-slide'),
      label: item.querySelector('.plug-hidden-label')?.textContent ?? null,
    })));
    assert.deepEqual(slides, [
      { hidden: false, label: null },
      { hidden: true, label: 'Slide 2 is hidden: it is skipped in a slide show.' },
      { hidden: false, label: null },
    ]);
    const hidden = page.locator('[data-slide-index="1"]');
    await hidden.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => /Backstage only/.test(document.querySelector('[data-slide-index="1"]').textContent), null, { timeout: 15_000 });
    const drawn = await hidden.evaluate((item) => {
      const slide = [...item.children].find((child) => !child.classList.contains('plug-hidden-label'));
      const box = slide.getBoundingClientRect();
      return { ratio: box.width / box.height, opacity: Number(getComputedStyle(slide).opacity) };
    });
    assert.ok(Math.abs(drawn.ratio - ratio) < 0.03, JSON.stringify(drawn));
    assert.ok(drawn.opacity < 1, JSON.stringify(drawn));
    await hidden.screenshot({ path: join(SHOTS, `pptx-hidden-${name}.png`) });
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}

// A letter saved by LibreOffice Writer: its footer's page number field holds the number of the
// last page LibreOffice laid out ("2" on every page) until the viewer counts them; a footnote.
const LETTER = String.raw`<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:automatic-styles>
  <style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin="2cm"/><style:footer-style/></style:page-layout>
  <style:style style:name="P1" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style>
 </office:automatic-styles>
 <office:master-styles>
  <style:master-page style:name="Standard" style:page-layout-name="pm1">
   <style:footer><text:p>Page <text:page-number text:select-page="current">1</text:page-number> of <text:page-count>1</text:page-count></text:p></style:footer>
  </style:master-page>
 </office:master-styles>
 <office:body><office:text>
  <text:h text:outline-level="1">Minutes</text:h>
  <text:p>First page.<text:note text:id="n1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>A footnote from LibreOffice.</text:p></text:note-body></text:note></text:p>
  <text:p text:style-name="P1">Second page.</text:p>
 </office:text></office:body>
</office:document>
`;

test('a LibreOffice Writer document numbers its pages and shows its footnote', async (t) => {
  const docx = convertedByLibreOffice('letter.fodt', LETTER, 'docx:MS Word 2007 XML');
  if (!docx) {
    t.diagnostic('soffice is not installed: not checked');
    return;
  }
  const { page, context } = await openDropped('letter.docx', docx, 'docx');
  await page.waitForSelector('.plug-docx section.docx', { timeout: 30_000 });
  const footers = await page.$$eval('.plug-docx section.docx', (all) => all.map((s) => s.querySelector('footer')?.textContent.trim() ?? null));
  assert.deepEqual(footers, ['Page 1 of 2', 'Page 2 of 2']);
  assert.match(await page.textContent('.plug-docx section.docx'), /A footnote from LibreOffice\./);
  assert.deepEqual(page.problems, []);
  await page.screenshot({ path: join(SHOTS, 'docx-libreoffice.png') });
  await context.close();
});

test('a deck saved by LibreOffice Impress draws every slide, its hidden one marked', async (t) => {
  const odp = convertedByLibreOffice('deck.pptx', writtenBy(DECK, 'deck.pptx'), 'odp');
  const deck = odp && convertedByLibreOffice('deck.odp', odp, 'pptx:Impress MS PowerPoint 2007 XML');
  if (!deck) {
    t.diagnostic('soffice is not installed: not checked');
    return;
  }
  const { page, context } = await openDropped('impress.pptx', deck, 'pptx');
  await page.waitForFunction(() => /Launch plan/.test(document.querySelector('[data-slide-index="0"]')?.textContent ?? ''), null, { timeout: 30_000 });
  assert.equal(await page.locator('[data-slide-index]').count(), 3);
  assert.deepEqual(await page.$$eval('.plug-hidden-label', (all) => all.map((l) => l.textContent)), ['Slide 2 is hidden: it is skipped in a slide show.']);
  const chart = page.locator('[data-slide-index="2"]');
  await chart.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => /Sales/.test(document.querySelector('[data-slide-index="2"]').textContent), null, { timeout: 15_000 });
  await page.waitForTimeout(1000);
  await chart.screenshot({ path: join(SHOTS, 'pptx-impress-chart.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

// A video python-pptx embeds (`add_movie`) that the browser cannot play: the player says so
// over its poster frame instead of sitting black at 0:00.
const MOVIE = String.raw`
import io, sys
from pptx import Presentation
from pptx.util import Inches
from PIL import Image
deck = Presentation()
s = deck.slides.add_slide(deck.slide_layouts[5]); s.shapes.title.text = 'Demo video'
poster = io.BytesIO(); Image.new('RGB', (320, 180), (40, 90, 160)).save(poster, 'PNG'); poster.seek(0)
s.shapes.add_movie(io.BytesIO(b'not really a video'), Inches(1), Inches(1.6), Inches(6), Inches(3.4), poster_frame_image=poster, mime_type='video/x-ms-wmv')
deck.save(sys.argv[1])
`;

test('a deck\'s video the browser cannot play says so over its poster, where its player was', async () => {
  const { page, context } = await openDropped('movie.pptx', writtenBy(MOVIE, 'movie.pptx'), 'pptx');
  // The browser finds it cannot play the file as soon as it looks at it; a press of play would
  // find the same.
  const note = page.locator('[data-slide-index="0"] .plug-media-missing');
  await note.waitFor({ timeout: 30_000 });
  assert.equal(await note.textContent(), 'This video cannot be played in the browser. Download the presentation to play it.');
  const box = await note.boundingBox();
  assert.ok(box.width > 300 && box.height > 150, JSON.stringify(box));
  assert.equal(await page.locator('[data-slide-index="0"] video').count(), 0);
  // Its poster frame still stands where the video is on the slide, as LibreOffice draws it (the
  // box was plain dark grey): the pixel a fifth of the way down its middle is the poster's blue.
  const shot = await page.screenshot({ clip: { x: box.x + box.width / 2, y: box.y + box.height / 5, width: 1, height: 1 } });
  const pixel = await page.evaluate(async (png) => {
    const img = new Image();
    img.src = `data:image/png;base64,${png}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d');
    context.drawImage(img, 0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, shot.toString('base64'));
  assert.ok(pixel.every((v, i) => Math.abs(v - [40, 90, 160][i]) < 12), `the poster shows: ${pixel}`);
  await page.locator('[data-slide-index="0"]').screenshot({ path: join(SHOTS, 'pptx-video.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

// An equation LibreOffice writes as Word's OMML (as pandoc does from $…$): letters are italic
// variables, numbers upright, operators spaced, as Word sets them.
const FORMULA = LETTER
  .replace('xmlns:fo=', 'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:math="http://www.w3.org/1998/Math/MathML" xmlns:fo=')
  .replace('<text:p text:style-name="P1">Second page.</text:p>', `<text:p>Energy: <draw:frame draw:name="f1" text:anchor-type="as-char" svg:width="3cm" svg:height="0.8cm"><draw:object><math:math><math:semantics><math:mrow><math:mi>E</math:mi><math:mo>=</math:mo><math:mi>m</math:mi><math:msup><math:mi>c</math:mi><math:mn>2</math:mn></math:msup><math:mo>+</math:mo><math:mfrac><math:mn>1</math:mn><math:mn>2</math:mn></math:mfrac></math:mrow><math:annotation math:encoding="StarMath 5.0">E = m c^2 + {1} over {2}</math:annotation></math:semantics></math:math></draw:object></draw:frame> end.</text:p>`);

test('an equation in a Word document reads as Word sets it: italic variables, spaced operators', async (t) => {
  const docx = convertedByLibreOffice('formula.fodt', FORMULA, 'docx:MS Word 2007 XML');
  if (!docx) {
    t.diagnostic('soffice is not installed: not checked');
    return;
  }
  // LibreOffice without its Math module (Debian's libreoffice-math) saves the paragraph without
  // the equation.
  const omml = execFileSync(PYTHON, ['-c', 'import io, sys, zipfile; print("m:oMath" in zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).read("word/document.xml").decode())'], { input: docx }).toString().trim();
  if (omml !== 'True') {
    t.diagnostic('LibreOffice wrote no equation (its Math module is not installed): not checked');
    return;
  }
  const { page, context } = await openDropped('formula.docx', docx, 'docx');
  await page.waitForSelector('.plug-docx math', { timeout: 30_000 });
  const tokens = await page.$$eval('.plug-docx math :is(mi, mn, mo, ms)', (all) => all.map((e) => `${e.localName}:${e.textContent}`));
  assert.deepEqual(tokens, ['mi:E', 'mo:=', 'mi:m', 'mi:c', 'mn:2', 'mo:+', 'mn:1', 'mn:2']);
  const italic = await page.$eval('.plug-docx math mi', (e) => getComputedStyle(e).textTransform);
  assert.equal(italic, 'math-auto');
  assert.deepEqual(page.problems, []);
  await page.locator('.plug-docx p', { hasText: 'Energy' }).screenshot({ path: join(SHOTS, 'docx-equation.png') });
  await context.close();
});

// A chart LibreOffice exported as EMF and WMF (what a chart pasted from Excel, a Visio drawing or a
// MathType equation is in a Word file), put in a report by pandoc beside a PNG from Pillow.
const CHART_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200"><rect width="400" height="200" fill="#eef"/><rect x="40" y="60" width="60" height="120" fill="#36c"/><rect x="140" y="30" width="60" height="150" fill="#c33"/></svg>';

test('an EMF or WMF picture in a Word document says in its frame that a browser cannot show it; a PNG beside it shows', async (t) => {
  const emf = convertedByLibreOffice('chart.svg', CHART_SVG, 'emf');
  const wmf = convertedByLibreOffice('chart.svg', CHART_SVG, 'wmf');
  if (!emf || !wmf) return t.skip('LibreOffice (soffice) is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'plug-pandoc-'));
  let docx;
  try {
    writeFileSync(join(dir, 'chart.emf'), emf);
    writeFileSync(join(dir, 'chart.wmf'), wmf);
    execFileSync(PYTHON, ['-c', `
import sys, pypandoc
from PIL import Image
Image.new('RGB', (300, 120), (40, 160, 90)).save(sys.argv[1] + '/photo.png')
pypandoc.convert_text('# Quarterly\\n\\n![Sales by region](chart.emf)\\n\\n![Last year](chart.wmf)\\n\\n![Team photo](photo.png)\\n\\nText after.', 'docx', format='md',
    outputfile=sys.argv[1] + '/report.docx', extra_args=['--resource-path=' + sys.argv[1]])
`, dir], { stdio: 'pipe' });
    docx = readFileSync(join(dir, 'report.docx'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { owner: by } = await app.world();
  const { page, context } = await openDropped('report.docx', docx, 'docx', by);
  await page.waitForSelector('main[data-state="ready"]', { timeout: 30_000 });
  // Before: the EMF and the WMF were the browser's broken-image icon in an empty frame.
  await page.waitForFunction(() => [...document.querySelectorAll('.docx img')].every((img) => img.complete && img.naturalWidth > 0), null, { timeout: 10_000 });
  const pictures = await page.$$eval('.docx img', (imgs) => imgs.map((img) => ({ alt: img.alt, svg: img.src.startsWith('data:image/svg+xml'), width: Math.round(img.getBoundingClientRect().width) })));
  assert.equal(pictures.length, 3, JSON.stringify(pictures));
  assert.match(pictures[0].alt, /Windows metafile \(EMF\), which a browser cannot show\. Download the document/);
  assert.match(pictures[1].alt, /Windows metafile \(WMF\)/);
  assert.ok(pictures[0].svg && pictures[1].svg && !pictures[2].svg, `the PNG is left as it is: ${JSON.stringify(pictures)}`);
  assert.ok(pictures[0].width > 150, `the box keeps the picture's frame: ${JSON.stringify(pictures)}`);
  assert.match(await page.textContent('main'), /Text after\./);
  await page.screenshot({ path: join(SHOTS, 'docx-metafiles.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

// pandoc's `--toc`: a TOC field with no result, for Word to build from the headings on opening.
const HANDBOOK = String.raw`
import sys, pypandoc
md = '---\ntitle: Handbook\n---\n\n' + '\n\n'.join(
    f'# Chapter {i}\n\n' + ('Text of chapter %d. ' % i) * 120 + f'\n\n## Part {i}.1\n\nMore text.\n\n### Detail {i}\n\nDeep.' for i in range(1, 6))
pypandoc.convert_text(md, 'docx', format='md', outputfile=sys.argv[1], extra_args=['--toc'])
`;

test("pandoc's table of contents lists the document's headings as Word builds it, each entry leading to its heading", async () => {
  const { owner: by } = await app.world();
  const { page, context } = await openDropped('handbook.docx', writtenBy(HANDBOOK, 'handbook.docx'), 'docx', by);
  await page.waitForSelector('main[data-state="ready"]', { timeout: 30_000 });
  // Before: the "Table of Contents" title stood over nothing.
  const entries = await page.$$eval('.plug-docx a[href^="#_PlugToc"]', (all) => all.map((a) => ({ text: a.textContent, left: Math.round(a.getBoundingClientRect().left) })));
  // Headings 1 to 3, as the field asks (\o "1-3"), in the document's order.
  assert.deepEqual(entries.map((e) => e.text), [1, 2, 3, 4, 5].flatMap((i) => [`Chapter ${i}`, `Part ${i}.1`, `Detail ${i}`]), JSON.stringify(entries));
  assert.ok(entries[0].left < entries[1].left && entries[1].left < entries[2].left, `each level is indented under the one above: ${JSON.stringify(entries)}`);
  await page.screenshot({ path: join(SHOTS, 'docx-toc.png') });
  const target = await page.$$eval('.plug-docx a[href^="#_PlugToc"]', (all) => all.find((a) => a.textContent === 'Chapter 5').getAttribute('href').slice(1));
  const top = () => page.evaluate((id) => document.getElementById(id).getBoundingClientRect().top, target);
  assert.ok(await top() > 900, 'chapter 5 starts out of view');
  await page.click(`.plug-docx a[href="#${target}"]`);
  await page.waitForFunction((id) => { const y = document.getElementById(id).getBoundingClientRect().top; return y > -5 && y < 900; }, target, { timeout: 5_000 });
  assert.match(await page.evaluate((id) => document.getElementById(id).closest('p, h1, h2').textContent, target), /Chapter 5/);
  assert.deepEqual(page.problems, []);
  await context.close();

  // The same file saved again by LibreOffice (its runs around the empty result written out).
  const resaved = savedByLibreOffice('handbook.docx', writtenBy(HANDBOOK, 'handbook.docx'));
  if (resaved) {
    const again = await openDropped('handbook.docx', resaved, 'docx', by);
    await again.page.waitForSelector('main[data-state="ready"]', { timeout: 30_000 });
    assert.equal((await again.page.$$('.plug-docx a[href^="#_PlugToc"]')).length, 15, 'LibreOffice: every heading listed');
    await again.context.close();
  }

  // A table of contents Word built (its entries saved as the field's result) shows as saved.
  const built = await openDropped('built.docx', writtenBy(BUILT_TOC, 'built.docx'), 'docx', by);
  await built.page.waitForSelector('main[data-state="ready"]', { timeout: 30_000 });
  assert.match(await built.page.textContent('main'), /Introduction as saved\s*3/);
  assert.equal(await built.page.$('a[href^="#_PlugToc"]'), null, 'no second list is built');
  await built.context.close();

  // A script's empty field below a heading: Word lists the headings above it too.
  const scripted = await openDropped('scripted.docx', writtenBy(SCRIPTED_TOC, 'scripted.docx'), 'docx', by);
  await scripted.page.waitForSelector('main[data-state="ready"]', { timeout: 30_000 });
  assert.deepEqual(await scripted.page.$$eval('.plug-docx a[href^="#_PlugToc"]', (all) => all.map((a) => a.textContent)), ['Preface', 'Introduction', 'Scope']);
  await scripted.context.close();
});

const SCRIPTED_TOC = String.raw`
import sys
from docx import Document
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
def fld(run, kind):
    e = OxmlElement('w:fldChar'); e.set(qn('w:fldCharType'), kind)
    if kind == 'begin': e.set(qn('w:dirty'), 'true')
    run._r.append(e)
doc = Document()
doc.add_heading('Preface', 1)
p = doc.add_paragraph()
fld(p.add_run(), 'begin')
instr = OxmlElement('w:instrText'); instr.text = r'TOC \o "1-2" \h \z \u'; p.add_run()._r.append(instr)
fld(p.add_run(), 'separate')
fld(p.add_run(), 'end')
doc.add_heading('Introduction', 1)
doc.add_heading('Scope', 2)
doc.add_heading('Too deep', 3)
doc.save(sys.argv[1])
`;

const BUILT_TOC = String.raw`
import sys
from docx import Document
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
def fld(run, kind):
    e = OxmlElement('w:fldChar'); e.set(qn('w:fldCharType'), kind); run._r.append(e)
doc = Document()
p = doc.add_paragraph()
fld(p.add_run(), 'begin')
instr = OxmlElement('w:instrText'); instr.text = r'TOC \o "1-3" \h \z \u'; p.add_run()._r.append(instr)
fld(p.add_run(), 'separate')
p.add_run('Introduction as saved	3')
fld(p.add_run(), 'end')
doc.add_heading('Introduction', 1)
doc.add_paragraph('Text.')
doc.save(sys.argv[1])
`;
