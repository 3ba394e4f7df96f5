// Single-file React components of sweep 8 (tests/support/ai-components-sweep8.mjs): Claude's
// artifact contract used the way Claude writes it (recharts' other charts, a d3 force layout,
// window.storage as its documentation says, window.fs.readFile with an encoding), a decorator in
// a ChatGPT canvas's TypeScript, and a component's chat bubble in the corner where Plug's badge
// chip sits. Dropped on the real Worker and opened in Chromium; what is asserted is what a person
// sees, and the console.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { eventually } from './support/browser.mjs';
import { useReactWorld, quiet, text } from './support/react-pages.mjs';
import * as C from './support/ai-components-sweep8.mjs';
import { writtenBy } from './support/python.mjs';

const world = useReactWorld('react-kit-sweep8');
const { SHOTS, dropReact, open } = world;

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const rect = (page, selector) => page.$eval(selector, (el) => el.getBoundingClientRect().toJSON());
const notices = (page) => page.$$eval('.plug-notice', (ns) => ns.map((n) => n.textContent));
/** Whether two boxes share any pixel. */
const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test("Claude's recharts: an area filled with its gradient, a scatter, a radar and a treemap draw, and the range redraws the area", async () => {
  const e = await dropReact('AnalyticsDashboard.jsx', C.CLAUDE_ANALYTICS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #area .recharts-area-area');
  // The area is filled with the gradient its <defs> define, whose stops are drawn.
  assert.equal(await page.$eval('#root #area .recharts-area-area', (p) => p.getAttribute('fill')), 'url(#colorRevenue)');
  assert.equal(await page.$$eval('#root #area linearGradient#colorRevenue stop', (s) => s.length), 2);
  // The area animates in (recharts reveals it through a clip) until it reaches the last month.
  await eventually(async () => page.evaluate(() => {
    const grid = document.querySelector('#root #area .recharts-cartesian-grid').getBBox();
    const clip = document.querySelector('#root #area clipPath[id^="animationClipPath"] rect');
    return !clip || clip.getBBox().width >= grid.width * 0.98;
  }), 'the area drawn across the plot');
  const ticks = async () => page.$$eval('#root #area .recharts-cartesian-axis-tick-value', (t) => t.map((n) => n.textContent));
  assert.ok((await ticks()).includes('Jun') && !(await ticks()).includes('Dec'), 'six months on the axis');
  // Six customers, each a symbol; the radar's two polygons; the treemap's five markets.
  await eventually(async () => (await page.$$('#root #scatter .recharts-scatter-symbol')).length === 6, 'six scatter symbols');
  await eventually(async () => (await page.$$('#root #radar .recharts-radar-polygon')).length === 2, 'two radar polygons');
  // Grown to their values: the team's polygon stops growing with Quality (92 of 100) near the rim.
  let last = '';
  await eventually(async () => {
    const now = JSON.stringify(await page.$eval('#root #radar .recharts-radar-polygon path', (p) => p.getBBox()));
    const still = now === last;
    last = now;
    return still;
  }, 'the radar drawn to its values');
  const radar = await page.evaluate(() => [document.querySelector('#root #radar .recharts-polar-grid').getBBox().width, document.querySelector('#root #radar .recharts-radar-polygon path').getBBox().width]);
  assert.ok(radar[1] > radar[0] * 0.75, `the team's polygon ${radar[1]} wide in a grid ${radar[0]} wide`);
  assert.equal(await page.$$eval('#root #radar .recharts-polar-angle-axis-tick-value', (t) => t.map((n) => n.textContent).join()), 'Speed,Quality,Support,Price,Reach');
  await eventually(async () => (await page.$$('#root #treemap .recharts-treemap-depth-1')).length === 5, 'five treemap cells');
  const cells = await page.$$eval('#root #treemap .recharts-treemap-depth-1 .recharts-rectangle', (rs) => rs.map((r) => Math.round(r.getBBox().width * r.getBBox().height)));
  assert.ok(cells.length === 5 && cells.every((a) => a > 100), `cells with an area: ${cells}`);
  // Icons by newer names (House, ChartNoAxesColumn) are 0.383's drawings, with no notice.
  assert.equal(await page.$$eval('#root svg.lucide', (s) => s.length), 4);
  assert.deepEqual(await notices(page), []);
  await shot(page, 'claude-analytics');
  // A click redraws the area with twelve months.
  await page.click('#root #range-12');
  await eventually(async () => (await ticks()).includes('Dec'), 'twelve months on the axis');
  assert.match(await text(page, '#root #total'), /^\$\d{2},\d{3}$/);
  quiet(page);
  await context.close();
});

test('a d3 force layout drawn into a ref spreads its people out, a click on one selects it and a drag moves it', async () => {
  const e = await dropReact('NetworkGraph.jsx', C.D3_FORCE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root svg g.node circle');
  assert.equal(await page.$$eval('#root svg g.node', (n) => n.length), 7);
  assert.equal(await page.$$eval('#root svg line', (n) => n.length), 7);
  // Laid out over the drawing as the simulation runs, not piled at one point.
  const centres = () => page.$$eval('#root svg g.node circle', (cs) => cs.map((c) => { const b = c.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; }));
  const spread = async () => { const xs = (await centres()).map((c) => c[0]); return Math.max(...xs) - Math.min(...xs); };
  await eventually(async () => (await spread()) > 150, 'the people spread out');
  // Each tie's ends are drawn at two people's centres.
  const ends = await page.$$eval('#root svg line', (ls) => ls.map((l) => [l.getAttribute('x1'), l.getAttribute('x2')].every((v) => Number.isFinite(Number(v)))));
  assert.ok(ends.every(Boolean), 'every line has its ends');
  const svg = await rect(page, '#root svg');
  assert.ok((await centres()).every(([x, y]) => x > svg.left && x < svg.right && y > svg.top && y < svg.bottom), 'inside the drawing');
  await shot(page, 'd3-force');
  const alan = await page.$('#root svg g.node:has(text:text-is("Alan")) circle');
  await alan.click();
  await eventually(async () => (await text(page, '#root #who')) === 'Selected: Alan', 'Alan selected');
  // A drag moves a person (d3.drag on the page's d3).
  const box = await alan.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 80, box.y + 60, { steps: 5 });
  await page.mouse.up();
  await eventually(async () => { const now = await alan.boundingBox(); return Math.abs(now.x - box.x) > 30; }, 'Alan moved');
  quiet(page);
  await context.close();
});

test("a chat bubble fixed in the bottom-right corner sits above Plug's badge chip, and so does the window it opens; the bottom bar and a bubble on the other side are as written", async () => {
  const e = await dropReact('SupportWidget.jsx', C.CHAT_BUBBLE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #bubble svg.lucide');
  const chip = await page.evaluate(() => document.querySelector('platform-badge').getBoundingClientRect().toJSON());
  assert.ok(chip.width > 0 && chip.right > 1100, `the chip in the bottom-right corner: ${JSON.stringify(chip)}`);
  // Before: the bubble (24px from the corner, 56px round) had its lower part under the chip.
  await eventually(async () => !overlap(await rect(page, '#root #bubble'), chip), 'the bubble clear of the chip');
  const bubble = await rect(page, '#root #bubble');
  // Lifted by the chip's height and inset: 24px above the chip's top, as it was 24px above the window's bottom.
  assert.equal(Math.round(chip.top - bubble.bottom), 24);
  assert.equal(Math.round(1200 - bubble.right), 24);
  // What a click on the bubble's middle lands on is the bubble.
  assert.ok(await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('#bubble'), [bubble.left + 28, bubble.bottom - 8]));
  await page.click('#root #bubble');
  await page.waitForSelector('#root #panel');
  // The window opened above the bubble stays above it (lifted with it), clear of the chip.
  const panel = await rect(page, '#root #panel');
  const open_ = await rect(page, '#root #bubble');
  assert.equal(Math.round(open_.top - panel.bottom), 96 - 24 - 56);
  assert.ok(!overlap(panel, chip));
  await page.fill('#root #draft', 'Where is my order?');
  await page.click('#root #send');
  await page.waitForSelector('#root #log >> text=Where is my order?');
  // The bar across the window's bottom and the help button on the left are where they were written.
  assert.equal(Math.round((await rect(page, '#root #bar')).bottom), 900);
  const help = await rect(page, '#root #help');
  assert.deepEqual([Math.round(help.left), Math.round(help.bottom)], [24, 900 - 24]);
  await shot(page, 'chat-bubble');
  // On a phone the chip is smaller (26px) and the lift follows it.
  await page.setViewportSize({ width: 390, height: 844 });
  await eventually(async () => {
    const small = await page.evaluate(() => document.querySelector('platform-badge').getBoundingClientRect().toJSON());
    const b = await rect(page, '#root #bubble');
    return small.height < 30 && Math.round(small.top - b.bottom) === 24;
  }, 'the bubble 24px above the smaller chip');
  await page.setViewportSize({ width: 1200, height: 900 });
  // With the chip hidden for the session, the bubble goes back to its corner.
  await page.evaluate(() => document.querySelectorAll('platform-badge').forEach((b) => b.remove()));
  await eventually(async () => Math.round(900 - (await rect(page, '#root #bubble')).bottom) === 24, 'back 24px from the bottom');
  quiet(page);
  await context.close();
});

test("window.storage as Claude documents it: a missing key throws, so a first visit is told apart; an object kept under one key; shared entries listed; window.fs.readFile with an encoding rejects", async () => {
  const e = await dropReact('ReadingLog.jsx', C.STORAGE_AS_DOCUMENTED);
  const { page, context } = await open(e);
  // Before: get() of a missing key gave null, so the first visit was taken for a return.
  await page.waitForSelector('#root #welcome');
  await page.click('#root #dismiss');
  await page.waitForSelector('#root #back');
  for (const title of ['Dune', 'Emma']) {
    await page.fill('#root #title', title);
    await page.click('#root #add');
    await eventually(async () => (await text(page, '#root #club')).includes(title), `${title} in the club list`);
  }
  assert.equal(await text(page, '#root #progress'), '2 of 12 books');
  await page.reload();
  await page.waitForSelector('#root #back');
  // Before: the object was kept as "[object Object]", and the log came back empty.
  assert.equal(await text(page, '#root #progress'), '2 of 12 books');
  assert.deepEqual(await page.$$eval('#root #books li', (l) => l.map((n) => n.textContent)), ['Dune', 'Emma']);
  assert.equal(await text(page, '#root #club'), 'Club has read: Dune, Emma');
  assert.equal(await page.$('#root #error'), null);
  await shot(page, 'storage-as-documented');
  await page.click('#root #reset');
  await eventually(async () => (await text(page, '#root #progress')) === '0 of 12 books', 'reset');
  const api = await page.evaluate(async () => ({
    set: await window.storage.set('o', { a: [1, 2] }),
    missing: await window.storage.get('reading-log').then(() => 'found', (err) => `${err.name}: ${err.message}`),
    shared: await window.storage.get('welcomed', true).then(() => 'found', (err) => err.message),
  }));
  assert.deepEqual(api.set, { key: 'o', value: '{"a":[1,2]}', shared: false });
  assert.equal(api.missing, 'Error: Key not found: "reading-log" (window.storage, personal data)');
  assert.equal(api.shared, 'Key not found: "welcomed" (window.storage, shared data)');
  // window.fs.readFile with an encoding, as Claude reads an attached CSV as text, rejects into the
  // artifact's own catch, and the page says what Claude provided.
  const read = await page.evaluate(() => window.fs.readFile('survey.csv', { encoding: 'utf8' }).then(() => 'read', (err) => err.message));
  assert.match(read, /^This component calls window\.fs\.readFile, which reads the files attached to a chat with Claude/);
  assert.match((await notices(page)).join(' '), /window\.fs\.readFile.*attached to a chat with Claude/);
  quiet(page);
  await context.close();
});

test('mammoth turns a Word file python-docx wrote into HTML the artifact shows: its heading, bold words and bullets', async () => {
  const docx = writtenBy(`import sys
from docx import Document
doc = Document()
doc.add_heading("Quarterly report", level=1)
p = doc.add_paragraph("Revenue grew ")
p.add_run("twelve percent").bold = True
p.add_run(" over the quarter.")
for item in ["New customers", "Lower churn", "Two launches"]:
    doc.add_paragraph(item, style="List Bullet")
doc.save(sys.argv[1])
`, 'report.docx');
  const e = await dropReact('WordViewer.jsx', C.WORD_TO_HTML);
  const { page, context } = await open(e);
  await page.waitForSelector('#root svg.lucide');
  await page.setInputFiles('#root #file', { name: 'report.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx });
  await page.waitForSelector('#root #doc h1');
  assert.equal(await text(page, '#root #doc h1'), 'Quarterly report');
  assert.equal(await text(page, '#root #doc strong'), 'twelve percent');
  assert.deepEqual(await page.$$eval('#root #doc li', (l) => l.map((n) => n.textContent)), ['New customers', 'Lower churn', 'Two launches']);
  // Styled by the arbitrary variants in the artifact's own classes.
  assert.equal(await page.$eval('#root #doc h1', (h) => getComputedStyle(h).fontSize), '24px');
  assert.equal(await page.$eval('#root #doc ul', (u) => getComputedStyle(u).listStyleType), 'disc');
  await shot(page, 'mammoth');
  quiet(page);
  await context.close();
});

test('a TypeScript decorator is named with its line and what to write instead, not a bare SyntaxError', async () => {
  const e = await dropReact('counter.tsx', C.DECORATED);
  const { page, context } = await open(e);
  await eventually(async () => (await page.textContent('body')).includes('This component uses decorators.'), 'the title');
  const body = await page.textContent('body');
  assert.ok(body.includes('Line 15 uses a decorator (@logged)'), body.slice(0, 600));
  assert.ok(body.includes('wrap the method, or set the field, in the constructor'), body.slice(0, 600));
  // A decorator on a class is told to be called on it.
  const sealed = await dropReact('sealed.tsx', 'const sealed = (c: any) => c;\n\n@sealed\nexport default class App extends React.Component {\n  render() { return <p>Hi</p>; }\n}\n');
  const other = await open(sealed);
  await eventually(async () => (await other.page.textContent('body')).includes('Line 3 uses a decorator (@sealed)'), 'the class decorator');
  assert.ok((await other.page.textContent('body')).includes('const Name = sealed(class Name { … })'));
  await other.context.close();
  await shot(page, 'decorator');
  await context.close();
});

test("three's add-ons other than OrbitControls (a bloom pass) are named as not provided, with their line and what is", async () => {
  const e = await dropReact('GlowingOrb.jsx', C.THREE_BLOOM);
  const { page, context } = await open(e);
  await eventually(async () => (await page.textContent('body')).includes('Cannot import "three/examples/jsm/postprocessing/EffectComposer.js" (line 3'), 'the message');
  assert.ok((await page.textContent('body')).includes("only r128's OrbitControls is provided"));
  await context.close();
});
