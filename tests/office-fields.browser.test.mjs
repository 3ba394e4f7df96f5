// Word documents as python-docx scripts and Word itself write their fields, and text boxes as
// LibreOffice saves them, made during the run with python-docx in .venv (and LibreOffice where
// soffice is installed), dropped through the real Worker and read in Chromium as a person
// reads them: what Word shows for the same file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { openDocument } from './support/sheet-pages.mjs';
import { savedByLibreOffice, writtenBy } from './support/python.mjs';

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

// A text box as Word writes one (a DrawingML shape, with VML for older readers), opened and saved
// again by LibreOffice, which writes the VML as a `v:rect` holding a `v:textbox`.
const TEXT_BOX = String.raw`
import sys
from docx import Document
from docx.oxml import parse_xml
NS = ' '.join('xmlns:%s="%s"' % pair for pair in [
    ('w', 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'),
    ('wps', 'http://schemas.microsoft.com/office/word/2010/wordprocessingShape'),
    ('wp', 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing'),
    ('a', 'http://schemas.openxmlformats.org/drawingml/2006/main'),
    ('mc', 'http://schemas.openxmlformats.org/markup-compatibility/2006'),
    ('v', 'urn:schemas-microsoft-com:vml')])
TEXT = '<w:txbxContent><w:p><w:r><w:t>Call us on 0800 123</w:t></w:r></w:p></w:txbxContent>'
RUN = ('<w:r %s><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing>'
    '<wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">'
    '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH>'
    '<wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV><wp:extent cx="2400000" cy="600000"/>'
    '<wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapTopAndBottom/><wp:docPr id="2" name="Text Box 2"/><wp:cNvGraphicFramePr/>'
    '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/>'
    '<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2400000" cy="600000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>'
    '<a:ln><a:solidFill><a:srgbClr val="000000"/></a:solidFill></a:ln></wps:spPr><wps:txbx>%s</wps:txbx><wps:bodyPr/></wps:wsp>'
    '</a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape style="width:189pt;height:47pt" stroked="t">'
    '<v:textbox>%s</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>') % (NS, TEXT, TEXT)
document = Document()
document.add_paragraph('Before the box.')
document.add_paragraph()._p.append(parse_xml(RUN))
document.add_paragraph('After the box.')
document.save(sys.argv[1])
`;

test('a text box LibreOffice saved shows its text inside its frame, the text after it below it', async (t) => {
  const saved = savedByLibreOffice('box.docx', writtenBy(TEXT_BOX, 'box.docx'));
  if (!saved) return t.skip('LibreOffice (soffice) is not installed');
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'box.docx', saved);
  const shown = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.querySelector('section.docx'), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.data.includes('Call us on 0800 123')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      const frame = node.parentElement.closest('svg').getBoundingClientRect();
      const after = [...document.querySelectorAll('section.docx p')].find((p) => p.textContent.trim() === 'After the box.').getBoundingClientRect();
      return { width: box.width, height: box.height, inside: box.left >= frame.left - 1 && box.right <= frame.right + 1 && box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1, below: after.top >= frame.bottom - 1 };
    }
    return null;
  });
  assert.ok(shown && shown.width > 50 && shown.height > 8 && shown.inside, JSON.stringify(shown));
  // The text wraps above and below the box (wrapTopAndBottom): the next paragraph starts under it.
  assert.ok(shown.below, JSON.stringify(shown));
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'text-box.png') });
  await context.close();
});
