// PDF forms (issue 26): a form made by a PDF library (pdf-lib) during the run is dropped through
// the real Worker and opened in Chromium; its text fields and checkbox can be filled, and
// "Download" then gives the PDF with what was typed, read back with pdf-lib.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';

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
