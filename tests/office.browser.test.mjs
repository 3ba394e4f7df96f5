// Documents made by LibreOffice (`soffice --headless --convert-to …`) and python-pptx, run during
// the test, dropped through the real Worker and opened in Chromium: what a person sees of them.
// The LibreOffice ones are skipped with a diagnostic where soffice is not installed (it is not
// part of scripts/setup.sh).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { writtenBy } from './support/python.mjs';

const SHOTS = join(ROOT, 'test-output', 'office');
let app;
let browser;
let owner;
before(async () => { ({ app, browser, owner } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

/**
 * `source` (a file name and its text) converted by LibreOffice with `filter` (`docx:MS Word 2007
 * XML`); each further filter converts the previous result. Null where soffice is not installed.
 */
function convertedByLibreOffice(name, text, ...filters) {
  const dir = mkdtempSync(join(tmpdir(), 'plug-soffice-'));
  try {
    let path = join(dir, name);
    writeFileSync(path, text);
    filters.forEach((filter, i) => {
      const out = join(dir, `out${i}`);
      execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', filter, '--outdir', out, path], { stdio: 'pipe', timeout: 120_000 });
      path = join(out, `${name.replace(/\.[^.]+$/, '')}.${filter.split(':')[0]}`);
    });
    return readFileSync(path);
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function openDropped(name, content, sourceType) {
  const e = await app.dropLive(owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: sourceType } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  await page.goto(e.url);
  return { page, context };
}

// Lists as Word writes them: LibreOffice saves a bulleted list with Word's own bullet, U+F0B7 of
// the Symbol font (a private-use code point no browser font draws), and its third level with
// Wingdings' square, U+F0A7.
const LISTS = `<html><body><h1>Minutes</h1>
<ul><li>Budget approved</li><li>Hiring<ul><li>Two engineers<ul><li>Start in May</li></ul></li></ul></li></ul>
<ol><li>First step</li><li>Second step</li></ol></body></html>`;

test('a Word document from LibreOffice shows its bullets as bullets, not boxes', async (t) => {
  const docx = convertedByLibreOffice('minutes.html', LISTS, 'odt', 'docx:MS Word 2007 XML');
  if (!docx) {
    t.diagnostic('soffice is not installed: not checked');
    return;
  }
  const { page, context } = await openDropped('minutes.docx', docx, 'docx');
  await page.waitForSelector('.plug-docx section.docx', { timeout: 30_000 });
  const markers = await page.evaluate(() => [...document.querySelectorAll('.plug-docx p')]
    .filter((p) => /Budget|Hiring|Two engineers|Start in May|step/.test(p.textContent))
    .map((p) => [p.textContent.trim(), getComputedStyle(p, '::before').content]));
  assert.equal(markers.length, 6, JSON.stringify(markers));
  for (const [text, content] of markers) {
    assert.doesNotMatch(content, /[\uf000-\uf0ff]/, `${text}: ${content}`);
    if (!/step/.test(text)) assert.match(content, /[•▪o◆■●]/, `${text}: ${content}`);
  }
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'docx-bullets.png') });
  await context.close();
});

test('a deck without slides says so rather than showing nothing', async () => {
  const deck = writtenBy('import sys\nfrom pptx import Presentation\nPresentation().save(sys.argv[1])\n', 'empty.pptx');
  const { page, context } = await openDropped('empty.pptx', deck, 'pptx');
  await page.waitForFunction(() => /no slides|could not/.test(document.getElementById('plug-main').textContent), null, { timeout: 30_000 });
  assert.equal((await page.textContent('#plug-main .plug-status')).trim(), 'This presentation has no slides.');
  assert.equal(await page.$('.plug-error'), null);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a PDF that needs a password asks for it, says when it is wrong, and opens with the right one', async (t) => {
  const pdf = convertedByLibreOffice('notice.html', '<html><body><h1>Salary review</h1><p>Confidential.</p></body></html>', 'odt', 'pdf');
  if (!pdf) {
    t.diagnostic('soffice is not installed: not checked');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'plug-locked-'));
  let locked;
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    // pypdf (the project venv) encrypts it as people's tools do, with a password to open it.
    execFileSync(join(ROOT, '.venv', 'bin', 'python'), ['-c', `import sys
from pypdf import PdfReader, PdfWriter
writer = PdfWriter(clone_from=PdfReader(sys.argv[1]))
writer.encrypt(user_password='open sesame', owner_password='owner')
writer.write(sys.argv[2])`, join(dir, 'in.pdf'), join(dir, 'locked.pdf')]);
    locked = readFileSync(join(dir, 'locked.pdf'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { page, context } = await openDropped('locked.pdf', locked, 'pdf');
  const form = page.locator('form.plug-pdf-password');
  await form.waitFor({ timeout: 30_000 });
  assert.match(await form.textContent(), /protected by a password/);
  await form.locator('input').fill('wrong');
  await form.locator('button').click();
  await page.waitForFunction(() => /not right/.test(document.querySelector('form.plug-pdf-password')?.textContent ?? ''), null, { timeout: 15_000 });
  await form.locator('input').fill('open sesame');
  await form.locator('button').click();
  await page.waitForFunction(() => /Salary review/.test(document.querySelector('.plug-pages')?.textContent ?? ''), null, { timeout: 30_000 });
  assert.equal(await page.$('form.plug-pdf-password'), null);
  assert.equal(await page.$('.plug-pdf-object'), null, 'not the browser-viewer fallback');
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'pdf-password.png') });
  await context.close();
});

test('a linked picture LibreOffice kept as a link shows Word\'s placeholder box, with no request for it', async (t) => {
  // LibreOffice saves an HTML page's <img> as `<a:blip r:link>` with an External relationship,
  // as Word's "Link to File" writes it: nothing of the picture is in the file.
  const html = '<html><body><p>Before the picture.</p><p><img src="https://example.com/logo.png" width="200" height="100" alt="Company logo"></p><p>After the picture.</p></body></html>';
  const docx = convertedByLibreOffice('linked.html', html, 'docx:MS Word 2007 XML');
  if (!docx) {
    t.diagnostic('soffice is not installed: not checked');
    return;
  }
  const e = await app.dropLive(owner, { file: { name: 'linked.docx', content: docx }, fields: { scope: 'personal', visibility: 'link', source_type: 'docx' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const failed = [];
  const requested = [];
  page.on('response', (response) => { if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`); });
  page.on('request', (request) => requested.push(request.url()));
  page.on('console', (message) => { if (message.type() === 'error') failed.push(message.text()); });
  await page.goto(e.url);
  await page.waitForSelector('.plug-docx section.docx', { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const images = await page.evaluate(() => [...document.querySelectorAll('.plug-docx img')].map((img) => {
    const box = img.getBoundingClientRect();
    return { src: img.getAttribute('src'), alt: img.alt, width: Math.round(box.width), height: Math.round(box.height), loaded: img.complete && img.naturalWidth > 0 };
  }));
  assert.equal(images.length, 1, JSON.stringify(images));
  assert.match(images[0].src, /^data:image\/svg\+xml/);
  assert.equal(images[0].alt, 'The linked image cannot be displayed.');
  assert.ok(images[0].loaded, 'the placeholder draws');
  assert.ok(images[0].width > 150 && images[0].height > 60, JSON.stringify(images[0]));
  assert.match(await page.textContent('.plug-docx'), /Before the picture[\s\S]*After the picture/);
  assert.deepEqual(failed, []);
  assert.deepEqual(requested.filter((url) => /\/null$|example\.com/.test(url)), []);
  await page.screenshot({ path: join(SHOTS, 'docx-linked-image.png') });
  await context.close();
});

// python-pptx writes notes as people's scripts do: `slide.notes_slide.notes_text_frame.text`.
const NOTES_DECK = String.raw`
import sys
from pptx import Presentation
deck = Presentation()
for title, notes in [('Quarterly review', 'Welcome everyone.\nThank the finance team first.'), ('Numbers', None), ('Next steps', 'Ask for questions.')]:
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = title
    slide.placeholders[1].text = 'A point about ' + title.lower()
    if notes:
        slide.notes_slide.notes_text_frame.text = notes
deck.save(sys.argv[1])
`;

test('speaker notes python-pptx wrote show under their slides, behind a toggle a keyboard can work', async () => {
  const deck = writtenBy(NOTES_DECK, 'notes.pptx');
  const { page, context } = await openDropped('notes.pptx', deck, 'pptx');
  await page.waitForSelector('details.plug-notes', { timeout: 30_000 });
  const notes = await page.evaluate(() => [...document.querySelectorAll('.plug-slides [data-slide-index]')].map((item) => {
    const details = item.querySelector('details.plug-notes');
    return details ? { slide: Number(item.dataset.slideIndex), open: details.open, text: [...details.querySelectorAll('p')].map((p) => p.textContent) } : null;
  }));
  assert.deepEqual(notes, [
    { slide: 0, open: false, text: ['Welcome everyone.', 'Thank the finance team first.'] },
    null,
    { slide: 2, open: false, text: ['Ask for questions.'] },
  ]);
  // Closed, the notes take no room; the summary is a keyboard stop that opens them.
  assert.equal(await page.locator('.plug-notes-text').first().isVisible(), false);
  const summary = page.locator('details.plug-notes summary').first();
  await summary.focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('.plug-notes-text').first().isVisible(), true);
  const box = await page.evaluate(() => {
    const item = document.querySelector('[data-slide-index="0"]');
    const slide = item.firstElementChild.getBoundingClientRect();
    const text = item.querySelector('.plug-notes-text').getBoundingClientRect();
    return { slideBottom: slide.bottom, slideWidth: slide.width, textTop: text.top, textWidth: text.width };
  });
  assert.ok(box.textTop >= box.slideBottom, `notes under the slide: ${JSON.stringify(box)}`);
  assert.ok(Math.abs(box.textWidth - box.slideWidth) < 2, `as wide as the slide: ${JSON.stringify(box)}`);
  // One button opens (and closes) every slide's notes.
  const toggle = page.locator('button.plug-notes-toggle');
  assert.equal(await toggle.textContent(), 'Show speaker notes (2 slides)');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  assert.deepEqual(await page.$$eval('details.plug-notes', (all) => all.map((d) => d.open)), [true, true]);
  await page.screenshot({ path: join(SHOTS, 'pptx-notes.png'), fullPage: true });
  await toggle.press('Enter');
  assert.deepEqual(await page.$$eval('details.plug-notes', (all) => all.map((d) => d.open)), [false, false]);
  // A narrower window draws the deck again: the slides fit it whole and keep their notes.
  await page.setViewportSize({ width: 700, height: 900 });
  await page.waitForFunction(() => {
    const slide = document.querySelector('[data-slide-index="0"]')?.firstElementChild?.getBoundingClientRect();
    return slide && slide.width < 690 && document.querySelectorAll('details.plug-notes').length === 2;
  }, null, { timeout: 15_000 });
  const fit = await page.evaluate(() => [...document.querySelectorAll('[data-slide-index]')].map((item) => {
    const slide = item.firstElementChild.getBoundingClientRect();
    return slide.left >= 0 && slide.right <= document.documentElement.clientWidth;
  }));
  assert.deepEqual(fit, [true, true, true]);
  assert.deepEqual(page.errors, []);
  await context.close();
});
