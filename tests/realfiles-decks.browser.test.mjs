// Decks as Keynote, Google Slides and PowerPoint's own themes write their fonts, in the deck viewer
// against the real Worker: the face Chromium actually draws each run in (DevTools' platform fonts),
// compared with what it draws for the generic family the font belongs to; PowerPoint's sections
// heading their first slides; a picture no browser decodes (TIFF) saying so in its frame.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { writtenBy } from './support/python.mjs';

const SHOTS = join(ROOT, 'test-output', 'realfiles-decks');
let app;
let browser;
let owner;
before(async () => { ({ app, browser, owner } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

async function openDeck(name, content) {
  const e = await app.dropLive(owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'pptx' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(e.url);
  return { page, context, errors };
}

/** The faces Chromium drew the text of each selected element in, by its text. */
async function drawnIn(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const faces = {};
  for (const nodeId of nodeIds) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
    const text = outerHTML.replace(/<[^>]*>/g, '').trim();
    if (text && fonts.length) faces[text] = fonts.map((f) => f.familyName).join(', ');
  }
  await cdp.detach();
  return faces;
}

// Keynote's export sets its theme in Helvetica Neue (titles and body reach it through +mj-lt and
// +mn-lt); Google Slides writes each run's font (Montserrat, Roboto Mono), and a deck from Office
// 2007-2019's default theme is in Calibri, its titles at times in Cambria.
const DECK = `
import sys
from pptx import Presentation
from pptx.util import Inches, Pt
p = Presentation()
p.slide_width, p.slide_height = Inches(13.333), Inches(7.5)
s = p.slides.add_slide(p.slide_layouts[1])
s.shapes.title.text = 'Keynote title'
s.placeholders[1].text = 'Keynote body'
s = p.slides.add_slide(p.slide_layouts[6])
for i, face in enumerate(['Montserrat', 'Roboto Mono', 'Cambria', 'Calibri', 'Georgia']):
    box = s.shapes.add_textbox(Inches(0.5), Inches(0.4 + i), Inches(12), Inches(0.9))
    run = box.text_frame.paragraphs[0].add_run()
    run.text = 'Run in ' + face
    run.font.name = face
    run.font.size = Pt(32)
p.save(sys.argv[1])
import zipfile, shutil
src = sys.argv[1] + '.in'
shutil.move(sys.argv[1], src)
with zipfile.ZipFile(src) as zin, zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as zout:
    for item in zin.infolist():
        data = zin.read(item.filename)
        if item.filename == 'ppt/theme/theme1.xml':
            data = data.replace(b'typeface="Calibri"', b'typeface="Helvetica Neue"')
        zout.writestr(item, data)
`;

test("a Keynote or Google Slides deck's fonts fall back to their kind, not to Times; Calibri and Cambria draw in Carlito and Caladea", async () => {
  const { page, context, errors } = await openDeck('fonts.pptx', writtenBy(DECK, 'fonts.pptx'));
  await page.waitForFunction(() => /Run in Georgia/.test(document.querySelector('.plug-slides')?.textContent ?? ''));
  // What this Chromium draws for each generic family, to compare the deck's runs with.
  const generic = await page.evaluate(() => {
    for (const kind of ['sans-serif', 'serif', 'monospace']) {
      const span = document.createElement('span');
      span.className = 'plug-test-generic';
      span.style.fontFamily = kind;
      span.textContent = kind;
      document.body.append(span);
    }
  }).then(() => drawnIn(page, '.plug-test-generic'));
  await page.evaluate(() => document.fonts.ready);
  const faces = await drawnIn(page, '.plug-slides span');
  await page.screenshot({ path: join(SHOTS, 'fonts.png'), fullPage: true });
  assert.notEqual(generic['sans-serif'], generic.serif, JSON.stringify(generic));
  // Before: each of these was drawn in the browser's default face, serif (Times, Liberation Serif).
  assert.equal(faces['Keynote title'], generic['sans-serif'], JSON.stringify(faces));
  assert.equal(faces['Keynote body'], generic['sans-serif']);
  assert.equal(faces['Run in Montserrat'], generic['sans-serif']);
  assert.equal(faces['Run in Roboto Mono'], generic.monospace);
  assert.equal(faces['Run in Georgia'], generic.serif);
  // Before: Cambria fell back to serif, Calibri to the system's sans face: neither has their widths.
  assert.equal(faces['Run in Cambria'], 'Caladea');
  assert.equal(faces['Run in Calibri'], 'Carlito');
  assert.deepEqual(errors, []);
  await context.close();
});

// A deck organised in PowerPoint's sections (python-pptx cannot write them; written here as
// PowerPoint 2010 and later write them into presentation.xml), with an empty one and a hidden
// slide opening a section.
const SECTIONED = `
import sys, zipfile, shutil, re
from pptx import Presentation
p = Presentation()
for title in ['Welcome', 'Agenda', 'Revenue', 'Costs', 'Thanks']:
    s = p.slides.add_slide(p.slide_layouts[5])
    s.shapes.title.text = title
p.slides[2]._element.set('show', '0')
p.save(sys.argv[1] + '.in')
with zipfile.ZipFile(sys.argv[1] + '.in') as zin, zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as zout:
    for item in zin.infolist():
        data = zin.read(item.filename)
        if item.filename == 'ppt/presentation.xml':
            ids = re.findall(rb'<p:sldId id="(\\d+)"', data)
            def section(name, guid, members):
                return ('<p14:section name="%s" id="{%s}"><p14:sldIdLst>%s</p14:sldIdLst></p14:section>' % (name, guid, ''.join('<p14:sldId id="%s"/>' % ids[i].decode() for i in members))).encode()
            lst = (b'<p:extLst><p:ext uri="{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"><p14:sectionLst xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main">'
                   + section('Introduction', '6C2E1A40-0000-4000-8000-000000000001', [0, 1])
                   + section('Empty for now', '6C2E1A40-0000-4000-8000-000000000002', [])
                   + section('Results &amp; costs', '6C2E1A40-0000-4000-8000-000000000003', [2, 3])
                   + section('Close', '6C2E1A40-0000-4000-8000-000000000004', [4])
                   + b'</p14:sectionLst></p:ext></p:extLst>')
            data = data.replace(b'</p:presentation>', lst + b'</p:presentation>')
        zout.writestr(item, data)
`;

test("a deck's PowerPoint sections head their first slides, in order, above a hidden slide's note", async () => {
  const { page, context, errors } = await openDeck('sections.pptx', writtenBy(SECTIONED, 'sections.pptx'));
  // A window tall enough for every slide to be drawn.
  await page.setViewportSize({ width: 1000, height: 4000 });
  await page.waitForFunction(() => document.querySelectorAll('.plug-section').length === 3, null, { timeout: 20_000 });
  // Before: the deck showed as one run of slides, its sections nowhere.
  const headings = await page.$$eval('.plug-section', (all) => all.map((h) => [h.textContent, h.closest('[data-slide-index]').dataset.slideIndex]));
  assert.deepEqual(headings, [['Introduction', '0'], ['Results & costs', '2'], ['Close', '4']]);
  const order = await page.$eval('[data-slide-index="2"]', (item) => [...item.children].slice(0, 2).map((c) => c.className));
  assert.deepEqual(order, ['plug-section', 'plug-hidden-label']);
  const [headingBottom, slideTop] = await page.$eval('[data-slide-index="2"]', (item) => [
    item.querySelector('.plug-section').getBoundingClientRect().bottom,
    item.querySelector('.plug-hidden-label').getBoundingClientRect().top,
  ]);
  assert.ok(headingBottom <= slideTop, `the section's name stands above the slide: ${headingBottom} ${slideTop}`);
  await page.screenshot({ path: join(SHOTS, 'sections.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

// A deck with a TIFF picture (PowerPoint for Mac keeps a pasted TIFF as it is; python-pptx takes
// one too), which no browser but Safari decodes, beside a PNG.
const PICTURES = `
import io, sys
from pptx import Presentation
from pptx.util import Inches
from PIL import Image
p = Presentation()
s = p.slides.add_slide(p.slide_layouts[5])
s.shapes.title.text = 'Pictures'
for i, kind in enumerate(['TIFF', 'PNG']):
    data = io.BytesIO()
    Image.new('RGB', (400, 300), (200, 60, 60)).save(data, kind)
    data.seek(0)
    s.shapes.add_picture(data, Inches(0.5 + 4.6 * i), Inches(2), Inches(4), Inches(3))
p.save(sys.argv[1])
`;

test('a picture the browser cannot decode (a TIFF) says so in its frame; a PNG beside it shows', async () => {
  const { page, context, errors } = await openDeck('pictures.pptx', writtenBy(PICTURES, 'pictures.pptx'));
  const note = page.locator('[data-slide-index="0"] .plug-media-missing');
  // Before: the browser's broken-image icon in an empty frame.
  await note.waitFor({ timeout: 20_000 });
  assert.equal(await note.textContent(), 'This picture cannot be shown in the browser. Download the presentation to see it.');
  const box = await note.boundingBox();
  assert.ok(box.width > 250 && box.height > 180, `the note fills the picture's frame: ${JSON.stringify(box)}`);
  const shown = await page.$$eval('[data-slide-index="0"] img', (all) => all.map((img) => img.naturalWidth));
  assert.deepEqual(shown, [400], 'the PNG still shows');
  await page.screenshot({ path: join(SHOTS, 'pictures.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// A python-pptx column chart with its legend at the bottom, beside the plot rather than over it
// (include_in_layout False: PowerPoint shrinks the plot to make room), and category labels at 14 pt.
const LEGEND_DECK = `
import sys
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE, XL_LEGEND_POSITION
from pptx.util import Inches, Pt
p = Presentation()
s = p.slides.add_slide(p.slide_layouts[5])
s.shapes.title.text = 'Revenue by region'
d = CategoryChartData()
d.categories = ['North America', 'Europe', 'Asia Pacific', 'Latin America']
d.add_series('2024', (120, 95, 80, 30))
d.add_series('2025', (140, 100, 110, 42))
chart = s.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(0.5), Inches(1.5), Inches(9), Inches(5.5), d).chart
chart.has_legend = True
chart.legend.position = XL_LEGEND_POSITION.BOTTOM
chart.legend.include_in_layout = False
chart.legend.font.size = Pt(14)
chart.category_axis.tick_labels.font.size = Pt(14)
p.save(sys.argv[1])
`;

test("a chart's legend at the bottom sits under the category labels, not over them", async () => {
  const { page, context, errors } = await openDeck('revenue.pptx', writtenBy(LEGEND_DECK, 'revenue.pptx'));
  await page.waitForSelector('.pptx-chart-custom-legend', { timeout: 30_000 });
  // The labels are drawn on the chart's canvas, the legend is a box over it: no ink of the canvas
  // (a label's letters) in the rows the legend's box covers, once the chart has drawn.
  await page.waitForFunction(() => {
    const legend = document.querySelector('.pptx-chart-custom-legend');
    const canvas = legend.parentElement.querySelector('canvas');
    if (!canvas) return false;
    const plot = canvas.closest('div[_echarts_instance_]') ?? canvas.parentElement;
    const scale = canvas.height / plot.offsetHeight;
    const top = Math.max(0, Math.floor((legend.offsetTop - plot.offsetTop) * scale));
    const { data } = canvas.getContext('2d').getImageData(0, top, canvas.width, Math.ceil(legend.offsetHeight * scale));
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 100 && data[i] + data[i + 1] + data[i + 2] < 360) ink++;
    // The axis has been drawn (ink above the legend) and none of it reaches the legend's rows.
    const above = canvas.getContext('2d').getImageData(0, Math.max(0, top - 40), canvas.width, 40).data;
    let labels = 0;
    for (let i = 0; i < above.length; i += 4) if (above[i + 3] > 100 && above[i] + above[i + 1] + above[i + 2] < 360) labels++;
    window.legendInk = { ink, labels };
    return labels > 0;
  }, null, { timeout: 15_000 });
  const { ink } = await page.evaluate(() => window.legendInk);
  await page.screenshot({ path: join(SHOTS, 'legend.png') });
  assert.equal(ink, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

// A deck of 300 slides (python-pptx, a title and three points each), as a course's or a
// conference's decks run: the first slide shows quickly and only the slides near the window are
// drawn, however far the reader jumps.
const LONG_DECK = `
import sys
from pptx import Presentation
p = Presentation()
for n in range(1, 301):
    s = p.slides.add_slide(p.slide_layouts[1])
    s.shapes.title.text = f'Slide {n}'
    s.placeholders[1].text = f'Point one of slide {n}\\nPoint two\\nPoint three'
p.save(sys.argv[1])
`;

test('a deck of 300 slides shows its first slide quickly and draws only the slides near the window', async () => {
  const bytes = writtenBy(LONG_DECK, 'course.pptx');
  const started = Date.now();
  const { page, context, errors } = await openDeck('course.pptx', bytes);
  await page.waitForFunction(() => /Slide 1\b/.test(document.querySelector('[data-slide-index="0"]')?.textContent ?? ''), null, { timeout: 30_000 });
  const first = Date.now() - started;
  const drawn = () => page.$$eval('[data-slide-index]', (slides) => slides.filter((s) => /Point one/.test(s.textContent)).map((s) => Number(s.dataset.slideIndex)));
  const atStart = await drawn();
  console.log('first slide', first, 'ms; drawn', atStart, 'of', await page.locator('[data-slide-index]').count());
  assert.ok(first < 15_000, `first slide after ${first} ms`);
  assert.ok(atStart.length <= 12, String(atStart));
  await page.evaluate(() => document.querySelector('[data-slide-index="250"]')?.scrollIntoView());
  await page.waitForFunction(() => /Slide 251\b/.test(document.querySelector('[data-slide-index="250"]')?.textContent ?? ''), null, { timeout: 15_000 });
  const later = await drawn();
  console.log('after the jump', later);
  assert.ok(later.length <= 16 && later.includes(250), String(later));
  assert.deepEqual(errors, []);
  await context.close();
});
