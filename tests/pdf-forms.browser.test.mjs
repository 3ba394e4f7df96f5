// PDF forms (issue 26): a form made by a PDF library (pdf-lib) during the run is dropped through
// the real Worker and opened in Chromium; its text fields and checkbox can be filled, and
// "Download" then gives the PDF with what was typed, read back with pdf-lib. A reviewer's notes
// and highlights (pypdf's annotations) show as a reader shows them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { PYTHON } from './support/python.mjs';

const SHOTS = join(ROOT, 'test-output', 'pdf-forms');
let app;
let browser;
let owner;
before(async () => { ({ app, browser, owner } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

/** A one-page application form: two text fields and a checkbox, with their labels drawn. */
async function applicationForm() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const form = pdf.getForm();
  page.drawText('Membership application', { x: 50, y: 780, size: 20, font });
  page.drawText('Full name', { x: 50, y: 720, size: 12, font });
  form.createTextField('applicant.name').addToPage(page, { x: 150, y: 712, width: 300, height: 22 });
  page.drawText('City', { x: 50, y: 680, size: 12, font });
  const city = form.createTextField('applicant.city');
  city.setText('Lyon');
  city.addToPage(page, { x: 150, y: 672, width: 300, height: 22 });
  page.drawText('I accept the rules', { x: 80, y: 640, size: 12, font });
  form.createCheckBox('applicant.accepts').addToPage(page, { x: 50, y: 636, width: 18, height: 18 });
  return Buffer.from(await pdf.save());
}

test('a PDF form can be filled in the viewer and Download gives the PDF with what was typed', async () => {
  const e = await app.dropLive(owner, { file: { name: 'application.pdf', content: await applicationForm() }, fields: { scope: 'personal', visibility: 'link', source_type: 'pdf' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1000, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(e.url);
  const name = page.locator('.annotationLayer input[type="text"]').first();
  await name.waitFor({ timeout: 30_000 });
  const fields = await page.$$eval('.annotationLayer input', (inputs) => inputs.map((i) => [i.type, i.value]));
  assert.deepEqual(fields, [['text', ''], ['text', 'Lyon'], ['checkbox', 'on']]);
  // The field sits where the form puts it: over the page, right of its label.
  const box = await name.boundingBox();
  const pageBox = await page.locator('.plug-page').first().boundingBox();
  assert.ok(box.x > pageBox.x + pageBox.width * 0.2 && box.y < pageBox.y + pageBox.height * 0.2, JSON.stringify({ box, pageBox }));

  await name.fill('Ada Lovelace');
  await page.locator('.annotationLayer input[type="text"]').nth(1).fill('London');
  await page.locator('.annotationLayer input[type="checkbox"]').check();
  assert.match(await page.textContent('.plug-download'), /with your entries/);
  await page.screenshot({ path: join(SHOTS, 'filled.png') });

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('.plug-download')]);
  assert.equal(download.suggestedFilename(), 'application.pdf');
  const saved = await PDFDocument.load(readFileSync(await download.path()));
  const form = saved.getForm();
  assert.equal(form.getTextField('applicant.name').getText(), 'Ada Lovelace');
  assert.equal(form.getTextField('applicant.city').getText(), 'London');
  assert.equal(form.getCheckBox('applicant.accepts').isChecked(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an untouched PDF downloads as the original file', async () => {
  const original = await applicationForm();
  const e = await app.dropLive(owner, { file: { name: 'untouched.pdf', content: original }, fields: { scope: 'personal', visibility: 'link', source_type: 'pdf' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(e.url);
  await page.locator('.annotationLayer input').first().waitFor({ timeout: 30_000 });
  assert.match(await page.textContent('.plug-download'), /Download original/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('.plug-download')]);
  assert.ok(readFileSync(await download.path()).equals(original));
  await context.close();
});

// A paper a reviewer went through: a sticky note with their comment (its popup closed) and a
// highlighted sentence, added with pypdf's annotations as review scripts add them (no appearance
// of their own: the reader draws the note's icon and the highlight). The viewer asked the content
// origin for pdf.js's `annotation-note.svg` (a 404) and showed a broken-image icon where the note
// is, with no way to read it, and drew the highlighted words a second time in a yellow <mark>
// over the page's own.
const REVIEWED = String.raw`
import sys, base64, io
from pypdf import PdfReader, PdfWriter
from pypdf.annotations import Text, Highlight, Popup
from pypdf.generic import ArrayObject, FloatObject, NameObject, TextStringObject
writer = PdfWriter(clone_from=PdfReader(io.BytesIO(base64.b64decode(sys.argv[2]))))
note = Text(rect=(400, 690, 420, 710), text='Check these numbers with finance', open=False)
note[NameObject('/T')] = TextStringObject('Reviewer')
note_ref = writer.add_annotation(page_number=0, annotation=note)
writer.add_annotation(page_number=0, annotation=Popup(rect=(420, 600, 600, 700), parent=note_ref, open=False))
quad = ArrayObject([FloatObject(v) for v in (70, 617, 330, 617, 70, 597, 330, 597)])
writer.add_annotation(page_number=0, annotation=Highlight(rect=(70, 597, 330, 617), quad_points=quad, highlight_color='ffff00'))
writer.write(sys.argv[1])
`;

async function reviewedPaper() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Quarterly plan', { x: 72, y: 700, size: 24, font });
  page.drawText('Revenue rose by a third over the year.', { x: 72, y: 602, size: 14, font });
  const base = Buffer.from(await pdf.save()).toString('base64');
  const dir = mkdtempSync(join(tmpdir(), 'plug-reviewed-'));
  try {
    execFileSync(PYTHON, ['-c', REVIEWED, join(dir, 'reviewed.pdf'), base], { stdio: 'pipe' });
    return readFileSync(join(dir, 'reviewed.pdf'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a reviewer's sticky note shows its icon and opens its comment; a highlight draws its words once", async () => {
  const e = await app.dropLive(owner, { file: { name: 'reviewed.pdf', content: await reviewedPaper() }, fields: { scope: 'personal', visibility: 'link', source_type: 'pdf' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  const failed = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => { if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`); });
  await page.goto(e.url);
  const icon = page.locator('.annotationLayer .textAnnotation img');
  await icon.waitFor({ timeout: 30_000 });
  assert.equal(await icon.getAttribute('alt'), 'Comment');
  assert.ok(await icon.evaluate((img) => img.decode().then(() => img.naturalWidth > 0, () => false)), 'the note icon is drawn');
  const comment = page.locator('.annotationLayer .popupAnnotation');
  assert.equal(await comment.isVisible(), false, 'the comment is closed at first');
  await icon.click();
  await comment.waitFor({ state: 'visible' });
  assert.match(await comment.innerText(), /Reviewer[\s\S]*Check these numbers with finance/);
  const box = await comment.boundingBox();
  const sheet = await page.locator('.plug-page').first().boundingBox();
  assert.ok(box.width > 100 && box.height > 20 && box.x < sheet.x + sheet.width, JSON.stringify({ box, sheet }));
  // The highlight: the page's canvas draws the words and the yellow under them; the layer over it
  // adds nothing a person sees there.
  const clip = await page.locator('.annotationLayer .highlightAnnotation').boundingBox();
  const withLayer = await page.screenshot({ clip });
  await page.$eval('.annotationLayer', (layer) => { layer.style.visibility = 'hidden'; });
  const canvasOnly = await page.screenshot({ clip });
  assert.ok(withLayer.equals(canvasOnly), 'the highlighted words are drawn once, by the page');
  await page.screenshot({ path: join(SHOTS, 'reviewed.png') });
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
  await context.close();
});
