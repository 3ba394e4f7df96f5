// Word documents in fonts this machine (and most readers' Linux machines) lacks: Cambria, the
// heading and often body font of Word 2007-2013 documents, is drawn in the vendored Caladea, which
// has its metrics, so lines break where Word breaks them. A document that never names Cambria does
// not fetch Caladea. python-docx writes each document during the run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { writtenBy } from './support/python.mjs';
import { openDocument } from './support/sheet-pages.mjs';

const SHOTS = join(ROOT, 'test-output', 'office-fonts');
let app;
let browser;
before(async () => { ({ app, browser } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

// Each document is dropped by a user of its own (10 drops a minute each).
const freshUser = async () => (await app.world()).owner;


const documentIn = (font) => String.raw`
import sys
from docx import Document
from docx.shared import Pt
doc = Document()
normal = doc.styles['Normal']
normal.font.name = '${font}'
normal.font.size = Pt(12)
doc.add_paragraph('Quarterly review of the western region, by office.')
doc.save(sys.argv[1])
`;

// Runs in the page: the first body run's computed family; the faces the page loaded or fetched.
const MEASURE = () => {
  const run = [...document.querySelectorAll('.plug-docx article span')].find((s) => s.textContent.startsWith('Quarterly'));
  run.id = 'plug-test-run';
  return {
    family: getComputedStyle(run).fontFamily,
    loaded: [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Caladea' && f.status === 'loaded').length,
    fetched: performance.getEntriesByType('resource').filter((r) => /caladea/i.test(r.name)).length,
  };
};

/** The fonts Chromium actually drew the run's text with (DevTools' "Rendered Fonts"). */
async function renderedFonts(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#plug-test-run' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => f.familyName);
}

test('a Word document in Cambria is drawn in Caladea, which has its metrics; one in Calibri fetches no Caladea', async () => {
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'cambria.docx', writtenBy(documentIn('Cambria'), 'cambria.docx'));
  const m = await page.evaluate(MEASURE);
  assert.match(m.family, /^"?Cambria"?, Caladea, serif$/);
  assert.equal(m.loaded, 1, 'the regular face, the only one the text uses');
  // Before: Cambria fell back to the browser's serif face, whose widths are not Word's.
  assert.deepEqual(await renderedFonts(page), ['Caladea']);
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'cambria.png'), clip: { x: 0, y: 0, width: 1200, height: 400 } });
  await context.close();

  const calibri = await openDocument({ app, browser, user: await freshUser() }, 'calibri.docx', writtenBy(documentIn('Calibri'), 'calibri.docx'));
  const c = await calibri.page.evaluate(MEASURE);
  assert.match(c.family, /Carlito/);
  assert.equal(c.fetched, 0, 'no Caladea file is fetched for a document with no text in Cambria (its theme still names it)');
  await calibri.context.close();
});

// The most common python-docx preamble: set Normal's font and size. A character style with a
// font of its own (code in Courier New) and a heading keep theirs.
const NORMAL_FONT = String.raw`
import sys
from docx import Document
from docx.shared import Pt
from docx.enum.style import WD_STYLE_TYPE
doc = Document()
normal = doc.styles['Normal']
normal.font.name = 'Arial'
normal.font.size = Pt(12)
code = doc.styles.add_style('Code Char', WD_STYLE_TYPE.CHARACTER)
code.font.name = 'Courier New'
doc.add_heading('Plan for the year', level=1)
p = doc.add_paragraph('Body text in Arial, then ')
p.add_run('run_report()', style='Code Char')
doc.save(sys.argv[1])
`;

test("runs of a paragraph without a style of its own take Normal's font and size, not the document defaults", async () => {
  const { page, context } = await openDocument({ app, browser, user: await freshUser() }, 'normal.docx', writtenBy(NORMAL_FONT, 'normal.docx'));
  const fonts = await page.evaluate(() => Object.fromEntries(['Plan for', 'Body text', 'run_report'].map((start) => {
    const run = [...document.querySelectorAll('.plug-docx article span')].find((s) => s.textContent.startsWith(start));
    const style = getComputedStyle(run);
    return [start, `${style.fontFamily.split(',')[0].replace(/["']/g, '')} ${style.fontSize}`];
  })));
  // Before: the body run showed in the theme's body font (Cambria) at 11 pt.
  assert.deepEqual(fonts, { 'Plan for': 'Calibri 18.6667px', 'Body text': 'Arial 16px', run_report: 'Courier New 16px' });
  assert.deepEqual(page.errors, []);
  await context.close();
});
