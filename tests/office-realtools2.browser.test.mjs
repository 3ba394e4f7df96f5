// Documents and PDFs made during the run by the tools other people use, dropped through the real
// Worker and read in Chromium as a person reads them, against what LibreOffice lays out for the same
// file where soffice is installed: python-docx's numbered list (Word's "Don't add space between
// paragraphs of the same style"); a long PDF without text (a drawing set whose lettering was turned
// to outlines, as CAD and print-shop exports leave it) saying so without reading every page; a
// LaTeX paper from pdflatex (Type 1 Computer Modern fonts, hyperref's bookmarks) where pdflatex is
// installed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { openDocument } from './support/sheet-pages.mjs';
import { writtenBy, PYTHON } from './support/python.mjs';

const SHOTS = join(ROOT, 'test-output', 'office-realtools2');
let app;
let browser;
before(async () => { ({ app, browser } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

// Each test drops as a user of its own (10 drops a minute each).
const freshUser = async () => (await app.world()).owner;

async function openPdf(name, content) {
  const e = await app.dropLive(await freshUser(), { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'pdf' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(e.url);
  return { page, context, errors };
}

/** The PDF LibreOffice exports for `content` (its own layout of the file), or null without soffice's Writer. */
function libreOfficePdf(name, content) {
  const dir = mkdtempSync(join(tmpdir(), 'plug-soffice-'));
  try {
    writeFileSync(join(dir, name), content);
    execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'pdf', '--outdir', dir, join(dir, name)], { stdio: 'pipe', timeout: 120_000 });
    return readFileSync(join(dir, name.replace(/\.[^.]+$/, '.pdf')));
  } catch (error) {
    // No soffice, or one without Writer (setup.sh installs Calc alone): no PDF to compare with.
    if (error.code === 'ENOENT' || error.status) return null;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The baseline (in points from the page's top) of each line of the PDF's first page that starts with one of `words`. */
function baselines(pdf, words) {
  const dir = mkdtempSync(join(tmpdir(), 'plug-pdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const script = String.raw`
import sys, json, pypdf
page = pypdf.PdfReader(sys.argv[1]).pages[0]
height = float(page.mediabox.height)
found = {}
def visit(text, cm, tm, font, size):
    for word in json.loads(sys.argv[2]):
        if text.strip().startswith(word) and word not in found:
            found[word] = round(height - (tm[5] * cm[3] + cm[5]), 1)
page.extract_text(visitor_text=visit)
print(json.dumps(found))
`;
    return JSON.parse(execFileSync(PYTHON, ['-c', script, join(dir, 'in.pdf'), JSON.stringify(words)]).toString());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ Word documents

// An agenda as python-docx writes it: a line in Normal, then items in "List Number", a style that
// (as Word's List Paragraph, on every list made in Word) sets "Don't add space between paragraphs
// of the same style" (`w:contextualSpacing`), then Normal again.
const AGENDA = String.raw`
import sys
from docx import Document
d = Document()
d.add_paragraph('Agenda:')
for item in ['Welcome', 'Minutes', 'Finance', 'Any other business']:
    d.add_paragraph(item, style='List Number')
d.add_paragraph('Close.')
d.save(sys.argv[1])
`;

test("a list's items stand line under line, as Word sets a style that adds no space between its own paragraphs", async () => {
  const bytes = writtenBy(AGENDA, 'agenda.docx');
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'agenda.docx', bytes);
  const boxes = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.plug-docx section.docx article p')]
    .map((p) => { const r = p.getBoundingClientRect(); return [p.textContent.trim(), { top: r.top, bottom: r.bottom, line: parseFloat(getComputedStyle(p.querySelector('span') ?? p).fontSize) }]; })));
  const items = ['Welcome', 'Minutes', 'Finance', 'Any other business'];
  // Before: each item stood the style's 10 pt (13 px at the page's zoom) below the one before.
  for (let i = 1; i < items.length; i++) {
    const gap = boxes[items[i]].top - boxes[items[i - 1]].bottom;
    assert.ok(Math.abs(gap) < 1, `${items[i - 1]} -> ${items[i]}: ${gap.toFixed(1)} px between the items`);
  }
  // The space after "Agenda:" (Normal, another style) and before "Close." stays.
  assert.ok(boxes.Welcome.top - boxes['Agenda:'].bottom > 8, 'the space after the line in Normal stays');
  assert.ok(boxes['Close.'].top - boxes['Any other business'].bottom > 8, 'the space after the last item stays');
  // LibreOffice lays the items out one line apart too (its PDF export of the same file).
  const pdf = libreOfficePdf('agenda.docx', bytes);
  if (pdf) {
    const lines = baselines(pdf, ['Agenda', 'Welcome', 'Minutes', 'Finance', 'Any other']);
    const step = lines.Minutes - lines.Welcome;
    assert.ok(step < 11 * 1.5, `LibreOffice's items are ${step} pt apart: one line of 11 pt text`);
    assert.ok(lines.Welcome - lines.Agenda > step + 5, `LibreOffice keeps the space after "Agenda:": ${JSON.stringify(lines)}`);
  }
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'agenda.png'), clip: { x: 0, y: 40, width: 1200, height: 400 } });
  await context.close();
});

// A note written in Markdown and made into a Word document by pandoc, with two footnotes.
const NOTED = String.raw`
import sys, pypandoc
md = '\n'.join(['# Field notes', '', 'A claim with a footnote.[^1] And another.[^2]', '', '[^1]: The first footnote.', '', '[^2]: The second footnote.', ''])
pypandoc.convert_text(md, 'docx', format='markdown', outputfile=sys.argv[1])
`;

test('footnotes stand under a short rule at the foot of the page, each led by its number raised, as Word and LibreOffice set them', async () => {
  const bytes = writtenBy(NOTED, 'noted.docx');
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'noted.docx', bytes);
  const notes = await page.evaluate(() => {
    const section = document.querySelector('.plug-docx section.docx');
    const list = section.querySelector(':scope > ol');
    const body = [...section.querySelectorAll('article p')].find((p) => /A claim/.test(p.textContent));
    const rule = getComputedStyle(list, '::before');
    return {
      marker: getComputedStyle(list.children[0]).listStyleType,
      rule: [rule.display, parseFloat(rule.borderTopWidth) > 0, Math.round(parseFloat(rule.width) / parseFloat(getComputedStyle(section).width) * 100)],
      number: getComputedStyle(list.children[0].querySelector('p'), '::before').verticalAlign,
      indent: Math.round(list.children[0].querySelector('p').getBoundingClientRect().left - body.getBoundingClientRect().left),
      text: [...list.children].map((li) => li.textContent.trim()),
    };
  });
  // Before: "1." and "2." as an ordered list's markers, the notes indented 40 px, no rule.
  assert.equal(notes.marker, 'none');
  assert.deepEqual(notes.text, ['The first footnote.', 'The second footnote.']);
  assert.equal(notes.number, 'super');
  assert.ok(Math.abs(notes.indent) < 2, `the notes start at the text's left margin: ${notes.indent} px`);
  assert.equal(notes.rule[0], 'block');
  assert.equal(notes.rule[1], true);
  assert.ok(notes.rule[2] > 15 && notes.rule[2] < 40, `the rule is a short one: ${notes.rule[2]}% of the page`);
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'footnotes.png') });
  await context.close();
});

// ------------------------------------------------------------------ PDFs

// A drawing set of 500 sheets with no text (its lettering turned to outlines, as CAD plotters and
// print shops export it): each sheet tens of thousands of strokes, so reading a sheet's text means
// parsing all of them. `text_on` puts a line of real text on that one sheet.
const DRAWINGS = (textOn) => String.raw`
import sys, random
from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject
w = PdfWriter()
random.seed(1)
ops = []
for i in range(60000):
    x, y = random.randint(20, 1170), random.randint(20, 820)
    ops.append(f'{x} {y} m {x + 7} {y + 3} l')
    if i % 50 == 49: ops.append('S')
s = DecodedStreamObject()
s.set_data(('0.2 w ' + ' '.join(ops) + ' S').encode())
strokes = w._add_object(s.flate_encode())
font = w._add_object(DictionaryObject({NameObject('/Type'): NameObject('/Font'), NameObject('/Subtype'): NameObject('/Type1'), NameObject('/BaseFont'): NameObject('/Helvetica')}))
for n in range(1, 501):
    page = w.add_blank_page(1191, 842)
    page[NameObject('/Contents')] = strokes
    if n == ${textOn}:
        t = DecodedStreamObject()
        t.set_data(b'BT /F1 30 Tf 100 760 Td (Revision notes, typed) Tj ET')
        from pypdf.generic import ArrayObject
        page[NameObject('/Contents')] = ArrayObject([strokes, w._add_object(t)])
        page[NameObject('/Resources')] = DictionaryObject({NameObject('/Font'): DictionaryObject({NameObject('/F1'): font})})
w.write(sys.argv[1])
`;

test('a 500-sheet PDF without text says so soon after its first page, without reading every sheet; a sheet drawn later with text takes the note away', async () => {
  const { page, context, errors } = await openPdf('drawings.pdf', writtenBy(DRAWINGS(250), 'drawings.pdf'));
  await page.waitForSelector('.plug-page[data-page="1"] canvas', { timeout: 60_000 });
  const firstDrawn = Date.now();
  // Before: every sheet's strokes were parsed for text, one after another (about 40 ms each on a
  // fast machine), and the note came only after the last; here a dozen sheets are read.
  await page.waitForSelector('.plug-pdf-note', { timeout: 60_000 });
  const after = Date.now() - firstDrawn;
  assert.ok(after < 8_000, `the note came ${after} ms after the first page`);
  assert.equal(await page.getAttribute('.plug-pages', 'data-text'), 'none');
  await page.screenshot({ path: join(SHOTS, 'drawings.png') });
  // The reader reaches the typed sheet: its words are found, and the note goes.
  await page.$eval('.plug-page[data-page="250"]', (slot) => slot.scrollIntoView());
  await page.waitForFunction(() => /Revision notes/.test(document.querySelector('.plug-page[data-page="250"] .textLayer')?.textContent ?? ''), null, { timeout: 30_000 });
  await page.waitForSelector('.plug-pdf-note', { state: 'detached' });
  assert.equal(await page.getAttribute('.plug-pages', 'data-text'), 'some');
  assert.deepEqual(errors, []);
  await context.close();
});

const PAPER = String.raw`\documentclass{article}
\usepackage{hyperref}
\title{On the Flow of Small Things}
\author{A. Author}
\begin{document}
\maketitle
\section{Introduction}
Consider the sum
\[ \sum_{n=1}^{\infty} \frac{1}{n^2} = \frac{\pi^2}{6}. \]
\subsection{Background}
Text with a footnote.\footnote{The footnote.} See \href{https://example.com}{the site}.
\section{Results}
Nothing further.
\end{document}
`;

/** The paper as pdflatex writes it (run twice, for its bookmarks), or null where pdflatex is not installed. */
function pdflatex(source) {
  const dir = mkdtempSync(join(tmpdir(), 'plug-latex-'));
  try {
    writeFileSync(join(dir, 'paper.tex'), source);
    for (let run = 0; run < 2; run++) execFileSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'paper.tex'], { cwd: dir, stdio: 'pipe', timeout: 120_000 });
    return readFileSync(join(dir, 'paper.pdf'));
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a LaTeX paper from pdflatex shows hyperref's bookmarks, its Type 1 glyphs and words that can be found", async (t) => {
  const bytes = pdflatex(PAPER);
  if (!bytes) return t.skip('pdflatex is not installed');
  const { page, context, errors } = await openPdf('paper.pdf', bytes);
  await page.waitForFunction(() => /Introduction/.test(document.querySelector('.plug-page[data-page="1"] .textLayer')?.textContent ?? ''), null, { timeout: 30_000 });
  assert.equal(await page.textContent('.plug-pdf-outline summary'), 'Contents (3)');
  assert.equal(await page.evaluate(() => window.find('Flow of Small Things')), true);
  assert.equal(await page.$('.plug-pdf-note'), null);
  assert.deepEqual(errors, []);
  await page.screenshot({ path: join(SHOTS, 'latex.png') });
  await context.close();
});
