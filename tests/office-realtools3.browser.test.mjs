// Decks as the real tools save them, round 3, in the deck viewer against the real Worker: slides
// of every size (4:3, the default of python-pptx and of PowerPoint before 2013; A4 portrait, a
// handout or poster made in PowerPoint) each fitting a laptop's window; chart numbers in the formats
// the deck gives them (percent data labels, a currency axis, thousands as K, negatives in
// brackets), and a bar chart's axis labels left out where they would overlap.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { writtenBy } from './support/python.mjs';

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

// 1366 x 768 less the browser's own bars: what a laptop shows of a page.
const LAPTOP = { width: 1366, height: 650 };

/** Checks that the first slide, of width over height `ratio`, fits the window under the header and fills its height. */
async function fitsTheWindow(page, name, ratio) {
  const slide = page.locator('[data-slide-index="0"] > [data-mounted="1"]');
  await slide.waitFor({ timeout: 20_000 });
  const box = await slide.boundingBox();
  const headerBottom = await page.evaluate(() => document.querySelector('header').getBoundingClientRect().bottom);
  const room = page.viewportSize().height - headerBottom;
  assert.ok(Math.abs(box.width / box.height - ratio) < 0.02, `${name}: the slide keeps its shape: ${JSON.stringify(box)}`);
  // Before: 4:3 slides 1013 x 760 and A4 ones 1100 x 1556 (the column assumed 16:9).
  assert.ok(box.height <= room, `${name}: the whole slide fits under the header: ${JSON.stringify(box)}, room ${room}`);
  assert.ok(box.height >= 0.9 * (room - 32), `${name}: the slide is as tall as the window lets it: ${JSON.stringify(box)}`);
}

// A4 portrait (21 x 29.7 cm: a handout or a poster made in PowerPoint), as python-pptx writes it.
const A4_DECK = `
import sys
from pptx import Presentation
from pptx.util import Emu
p = Presentation()
p.slide_width, p.slide_height = Emu(7560000), Emu(10692000)
s = p.slides.add_slide(p.slide_layouts[1])
s.shapes.title.text = 'A4 portrait'
s.placeholders[1].text = 'The foot of this slide must be in view'
p.save(sys.argv[1])
`;

test('an A4 portrait slide fits a laptop window whole, as large as it lets it', async () => {
  const { page, context, errors } = await open('a4.pptx', writtenBy(A4_DECK, 'a4.pptx'), 'pptx', LAPTOP);
  await fitsTheWindow(page, 'A4 portrait', 7560000 / 10692000);
  await page.screenshot({ path: join(SHOTS, 'slide-a4.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// A python-pptx deck (its default 4:3 slide, as PowerPoint's before 2013) with a pie whose data labels have their own format (0%, the usual way to show
// shares stored as fractions) and a bar chart whose value axis is in dollars ($#,##0), and a
// column chart of thousands shown as K with negatives in brackets. The charts are drawn on a
// canvas: the words are read as they are drawn.
const CHART_DECK = `
import sys
from pptx import Presentation
from pptx.util import Inches
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE, XL_LABEL_POSITION
p = Presentation()
s = p.slides.add_slide(p.slide_layouts[6])
shares = CategoryChartData()
shares.categories = ['North', 'South', 'East', 'West']
shares.add_series('Share', (0.4, 0.3, 0.2, 0.1))
pie = s.shapes.add_chart(XL_CHART_TYPE.PIE, Inches(0.2), Inches(0.2), Inches(4.6), Inches(3.5), shares).chart
pie.plots[0].has_data_labels = True
labels = pie.plots[0].data_labels
labels.number_format, labels.number_format_is_linked = '0%', False
labels.position = XL_LABEL_POSITION.INSIDE_END
sales = CategoryChartData()
sales.categories = ['Alpha', 'Beta']
sales.add_series('2025', (1200, 3400))
bar = s.shapes.add_chart(XL_CHART_TYPE.BAR_CLUSTERED, Inches(5), Inches(0.2), Inches(4.8), Inches(3.5), sales).chart
bar.value_axis.tick_labels.number_format = '$#,##0'
bar.value_axis.tick_labels.number_format_is_linked = False
margin = CategoryChartData()
margin.categories = ['Q1', 'Q2']
margin.add_series('Margin', (250000, -120000))
col = s.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(0.2), Inches(3.9), Inches(9.6), Inches(3.4), margin).chart
col.plots[0].has_data_labels = True
col.plots[0].data_labels.number_format = '#,##0,"K";(#,##0,"K")'
col.plots[0].data_labels.number_format_is_linked = False
p.save(sys.argv[1])
`;

test('chart numbers in their formats: a pie\'s shares in 0%, an axis in dollars, thousands as K with negatives in brackets; a 4:3 slide fits a laptop window', async () => {
  const e = await app.dropLive(await freshUser(), { file: { name: 'charts.pptx', content: writtenBy(CHART_DECK, 'charts.pptx') }, fields: { scope: 'personal', visibility: 'link', source_type: 'pptx' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: LAPTOP });
  // Every string drawn on a canvas, in every frame, as it is drawn.
  await context.addInitScript(() => {
    window.plugDrawn = [];
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      window.plugDrawn.push(String(text));
      return fillText.call(this, text, ...rest);
    };
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(e.url);
  await fitsTheWindow(page, '4:3', 4 / 3);
  await page.locator('[data-slide-index="0"] canvas').nth(2).waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => ['40%', '$1,000', '250K', '(120K)'].every((word) => window.plugDrawn.includes(word)), null, { timeout: 10_000 }).catch(() => {});
  const drawn = await page.evaluate(() => [...new Set(window.plugDrawn)]);
  await page.screenshot({ path: join(SHOTS, 'chart-formats.png') });
  // Before: 0.4, 0.3, 0.2, 0.1; 1,000 for $1,000; 250000 and -120000; every $500 along the axis.
  for (const word of ['40%', '30%', '20%', '10%', '$1,000', '$2,000', '$3,000', '250K', '(120K)']) assert.ok(drawn.includes(word), `${word} is drawn: ${JSON.stringify(drawn)}`);
  for (const word of ['0.4', '1,000', '250000', '-120000', '-120K']) assert.ok(!drawn.includes(word), `${word} is not drawn: ${JSON.stringify(drawn)}`);
  // The bar chart's axis across a 4.8-inch chart: a label every $500 ran "$1,000" into "$1,500";
  // those that would overlap are left out.
  for (const word of ['$1,500', '$2,500']) assert.ok(!drawn.includes(word), `${word} is left out: ${JSON.stringify(drawn)}`);
  assert.deepEqual(errors, []);
  await context.close();
});
