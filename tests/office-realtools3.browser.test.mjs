// Decks, PDFs and workbooks as the real tools save them, round 3, in the viewers against the real
// Worker: slides of every size (4:3, the default of python-pptx and of PowerPoint before 2013; A4
// portrait, a handout or poster made in PowerPoint; 16:9) each fitting a laptop's window.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { PYTHON } from './support/python.mjs';
import { scratchDir } from './support/scratch.mjs';

const SHOTS = join(ROOT, 'test-output', 'office-realtools3');
let app;
let browser;
before(async () => { ({ app, browser } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

// Each test drops as a user of its own (10 drops a minute each).
const freshUser = async () => (await app.world()).owner;

async function open(name, content, sourceType, viewport = { width: 1200, height: 900 }) {
  const e = await app.dropLive(await freshUser(), { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: sourceType } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(e.url);
  return { page, context, errors };
}

// ------------------------------------------------------------------ decks

// A deck per slide size, as python-pptx writes them (one run for both): its default 10 x 7.5 in
// (4:3, PowerPoint's default before 2013) and A4 portrait (21 x 29.7 cm, a handout or a poster).
const SIZED_DECKS = `
import sys
from pptx import Presentation
from pptx.util import Emu
for size in ('standard', 'a4'):
    p = Presentation()
    if size == 'a4':
        p.slide_width, p.slide_height = Emu(7560000), Emu(10692000)
    for n in (1, 2):
        s = p.slides.add_slide(p.slide_layouts[1])
        s.shapes.title.text = f'{size} slide {n}'
        s.placeholders[1].text = 'The foot of this slide must be in view'
    p.save(f'{sys.argv[1]}/{size}.pptx')
`;

test('a 4:3 slide and an A4 portrait one fit a laptop window whole, as large as it lets them', async () => {
  const dir = scratchDir('decks');
  execFileSync(PYTHON, ['-c', SIZED_DECKS, dir], { stdio: 'pipe' });
  // 1366 x 768 less the browser's own bars: what a laptop shows of a page.
  const viewport = { width: 1366, height: 650 };
  for (const [size, ratio] of [['standard', 4 / 3], ['a4', 7560000 / 10692000]]) {
    const { page, context, errors } = await open(`${size}.pptx`, readFileSync(join(dir, `${size}.pptx`)), 'pptx', viewport);
    const slide = page.locator('[data-slide-index="0"] > [data-mounted="1"]');
    await slide.waitFor({ timeout: 20_000 });
    const box = await slide.boundingBox();
    const headerBottom = await page.evaluate(() => document.querySelector('header').getBoundingClientRect().bottom);
    await page.screenshot({ path: join(SHOTS, `slide-${size}.png`) });
    assert.ok(Math.abs(box.width / box.height - ratio) < 0.02, `${size}: the slide keeps its shape: ${JSON.stringify(box)}`);
    // Before: 4:3 slides 1013 x 760 and A4 ones 1100 x 1556 (the column assumed 16:9).
    assert.ok(box.height <= viewport.height - headerBottom, `${size}: the whole slide fits under the header: ${JSON.stringify(box)}, header ${headerBottom}`);
    assert.ok(box.height >= 0.9 * (viewport.height - headerBottom - 32), `${size}: the slide is as tall as the window lets it: ${JSON.stringify(box)}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
