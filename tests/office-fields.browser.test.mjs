// Word documents as python-docx scripts and Word itself write their fields, made during the run
// with python-docx in .venv, dropped through the real Worker and read in Chromium as a person
// reads them: what Word shows for the same file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { openDocument } from './support/sheet-pages.mjs';
import { writtenBy } from './support/python.mjs';

const SHOTS = join(ROOT, 'test-output', 'office-fields');
let app;
let browser;
before(async () => { ({ app, browser } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

const freshUser = async () => (await app.world()).owner;

// Simple fields (`w:fldSimple`) as Word writes a caption's number (Insert Caption: SEQ Figure) and
// as the python-docx recipe for a page count adds one, each holding its last result as runs; and
// one without a result (a field never updated), which shows nothing, as in Word.
const SIMPLE_FIELDS = String.raw`
import sys
from docx import Document
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls
document = Document()
W = nsdecls('w')
caption = document.add_paragraph('Figure ', style='Caption')
caption._p.append(parse_xml('<w:fldSimple %s w:instr=" SEQ Figure \\* ARABIC "><w:r><w:t>1</w:t></w:r></w:fldSimple>' % W))
caption.add_run(': Sales by region')
count = document.add_paragraph('This report has ')
count._p.append(parse_xml('<w:fldSimple %s w:instr=" NUMPAGES "><w:r><w:rPr><w:b/></w:rPr><w:t>3</w:t></w:r></w:fldSimple>' % W))
count.add_run(' pages.')
never = document.add_paragraph('Author: ')
never._p.append(parse_xml('<w:fldSimple %s w:instr=" AUTHOR "/>' % W))
never.add_run('(not filled in)')
document.save(sys.argv[1])
`;

test("a simple field shows the result it holds (a caption's number, a page count), as Word shows it", async () => {
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'fields.docx', writtenBy(SIMPLE_FIELDS, 'fields.docx'));
  const lines = await page.$$eval('section.docx p', (ps) => ps.map((p) => p.textContent.replace(/\s+/g, ' ').trim()).filter(Boolean));
  assert.deepEqual(lines, ['Figure 1: Sales by region', 'This report has 3 pages.', 'Author: (not filled in)']);
  const bold = await page.$$eval('section.docx p span', (spans) => spans.filter((s) => s.textContent === '3').map((s) => getComputedStyle(s).fontWeight));
  assert.deepEqual(bold, ['700']);
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'fields.png') });
  await context.close();
});
