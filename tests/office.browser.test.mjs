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
