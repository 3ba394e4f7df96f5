// Single-file React components of sweep 13 (tests/support/ai-components-sweep13.mjs), as Claude's
// artifacts, ChatGPT's canvas, Gemini Canvas and v0 write them today, dropped on the real Worker and
// opened in Chromium one after another (one browser, one Worker). What is asserted is what a person
// sees: the text, a chart's SVG, an icon's drawing, a computed style, a painted pixel. Before this
// sweep Tailwind v4's `!` suffix, `bg-(--x)/15`, `inset-shadow-*`, `inset-ring` and v4.1's `mask-*`
// made no CSS (the status card's badge stayed shadcn's near-black, its tint and the hero's fade were
// missing), and the AI SDK's chat said only "Cannot import".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { eventually } from './support/browser.mjs';
import { useReactWorld, quiet, style, text } from './support/react-pages.mjs';
import * as C from './support/ai-components-sweep13.mjs';

const world = useReactWorld('react-kit-sweep13');
const { SHOTS, open } = world;

// The eight drops are made side by side by one user when the first test starts, so each test waits
// only for its page; the pages open one after another.
const FILES = {
  'incident-card.tsx': C.V0_STATUS, 'hero.tsx': C.V0_HERO, 'HabitTracker.jsx': C.CLAUDE_HABITS,
  'BudgetBreakdown.tsx': C.CHATGPT_BUDGET, 'temperatures.tsx': C.GEMINI_D3, 'demo-form.tsx': C.V0_DEMO_FORM,
  'MemoryGame.jsx': C.CHATGPT_MEMORY, 'chat.tsx': C.V0_AI_CHAT,
};
let made;
function dropReact(name) {
  made ??= world.app.world().then(({ owner }) => Object.fromEntries(Object.entries(FILES).map(([file, content]) => {
    const drop = world.app.dropLive(owner, { file: { name: file, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'react_single_file' } });
    drop.catch(() => {}); // its own test reports a failure
    return [file, drop];
  })));
  return made.then((drops) => drops[name]);
}

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const notices = (page) => page.$$eval('.plug-notice', (ns) => ns.map((n) => n.textContent));
const texts = (page, selector) => page.$$eval(selector, (els) => els.map((el) => el.textContent.trim()));

/** The colour painted at (fx, fy) of an element's box (fractions of its width and height). */
async function paintedAt(page, selector, fx, fy) {
  const { x, y } = await page.$eval(selector, (el, [fx, fy]) => {
    const r = el.getBoundingClientRect();
    return { x: Math.round(r.x + r.width * fx), y: Math.round(r.y + r.height * fy) };
  }, [fx, fy]);
  const png = (await page.screenshot({ clip: { x, y, width: 1, height: 1 } })).toString('base64');
  return page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const ctx = new OffscreenCanvas(1, 1).getContext('2d');
    ctx.drawImage(img, 0, 0);
    return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
  }, png);
}

test("v0's status card: shadcn's variants overridden with v4's `!`, a `bg-(--status)/15` tint, inset shadows and rings, a sonner toast", async () => {
  const e = await dropReact('incident-card.tsx');
  const { page, context } = await open(e);
  await page.waitForSelector('#root #severity');
  // The page's <main className="flex … justify-center"> is a row, as in v0's preview: the card centred
  // at the top (before, Plug's own \`main\` rule made it a column, the card at the left edge halfway down).
  const card = await page.$eval('#root #incident', (el) => el.getBoundingClientRect().toJSON());
  const root = await page.$eval('#root', (el) => el.getBoundingClientRect().toJSON());
  assert.ok(Math.abs(card.x + card.width / 2 - 600) <= 1 && Math.abs(card.y - root.y - 32) <= 1, JSON.stringify(card));
  // bg-red-500! beats the Badge's own bg-primary, and hover:bg-red-600! its hover:bg-primary/80.
  assert.equal(await style(page, '#root #severity', 'background-color'), 'rgb(239, 68, 68)');
  await page.hover('#root #severity');
  await eventually(async () => (await style(page, '#root #severity', 'background-color')) === 'rgb(220, 38, 38)', 'the hover');
  // border-zinc-300! beats the outline variant's border-input.
  assert.equal(await style(page, '#root #subscribe', 'border-top-color'), 'rgb(212, 212, 216)');
  // bg-(--status)/15 and border-(--status)/40: the card's variable mixed with transparent, over the card's bg-card.
  assert.match(await style(page, '#root #incident', 'background-color'), /^oklab\(.* \/ 0\.15\)$/);
  assert.match(await style(page, '#root #incident', 'border-top-color'), /^oklab\(.* \/ 0\.4\)$/);
  // Painted: the red at 15% over the page's zinc-50.
  assert.deepEqual(await paintedAt(page, '#root #incident', 0.98, 0.05), [248, 222, 222]);
  // text-(--status) on the icon, drawn: 0.383 has TriangleAlert as AlertTriangle.
  assert.equal(await style(page, '#root #incident svg', 'color'), 'rgb(239, 68, 68)');
  assert.ok(await page.$eval('#root #incident svg', (svg) => svg.querySelectorAll('path').length >= 2));
  const shadow = await style(page, '#root #log', 'box-shadow');
  assert.ok(shadow.includes('rgba(0, 0, 0, 0.1) 0px 2px 4px 0px inset'), shadow);
  assert.ok(shadow.includes('rgba(239, 68, 68, 0.2) 0px 0px 0px 1px inset'), shadow);
  assert.deepEqual(await texts(page, '#root #log li span:first-child'), ['14:32 UTC', '14:05 UTC', '13:48 UTC']);
  await page.click('#root #subscribe');
  await page.waitForSelector('[data-sonner-toast] >> text=Subscribed to incident updates');
  assert.equal(await text(page, '#root #subscribe'), 'Subscribed');
  await shot(page, 'v0-status-card');
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test("v0's hero: v4.1's mask-b-from-40% fades the app window into the page, the dot grid is masked radially, motion/react fades the heading in", async () => {
  const e = await dropReact('hero.tsx');
  const { page, context } = await open(e);
  await page.waitForSelector('#root #window');
  const windowMask = await style(page, '#root #window', 'mask-image');
  assert.ok(windowMask.includes('linear-gradient(rgb(0, 0, 0) 40%, rgba(0, 0, 0, 0) 100%)'), windowMask);
  assert.match(await style(page, '#root #window', 'mask-composite'), /^intersect(, intersect)*$/);
  // The window's top is its zinc-900; its bottom has faded to the page's white.
  assert.deepEqual(await paintedAt(page, '#root #window', 0.02, 0.2), [24, 24, 27]);
  const bottom = await paintedAt(page, '#root #window', 0.02, 0.99);
  assert.ok(bottom.every((c) => c > 240), `${bottom}`);
  assert.match(await style(page, '#root #grid', 'mask-image'), /radial-gradient\(at 50% 0%, rgb\(0, 0, 0\) 20%, rgba\(0, 0, 0, 0\) 70%\)/);
  assert.match(await style(page, '#root section span', 'box-shadow'), /rgba\(0, 0, 0, 0\.05\) 0px 1px 0px 0px inset/);
  await eventually(async () => (await style(page, '#root h1', 'opacity')) === '1', 'the heading shown');
  assert.equal(await text(page, '#root h1'), 'Ship reports your team actually reads');
  // next/image's placeholder logos are images, not broken ones.
  assert.deepEqual(await page.$$eval('#root img', (imgs) => imgs.map((i) => i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().width)), [120, 120, 120]);
  await shot(page, 'v0-hero-mask');
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test("Claude's habit tracker: window.storage keeps today's ticks across a reload, the week's recharts bars follow", async () => {
  const e = await dropReact('HabitTracker.jsx');
  const { page, context } = await open(e);
  await page.waitForSelector('#root .habit');
  assert.equal((await page.$$('#root .habit')).length, 3);
  await page.waitForSelector('#root .recharts-xAxis .recharts-cartesian-axis-tick');
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-US', { weekday: 'short' }));
  const days = await texts(page, '#root .recharts-xAxis .recharts-cartesian-axis-tick');
  assert.equal(days.length, 7);
  assert.equal(days[6], today);
  // Nothing done yet: no bar drawn.
  assert.equal((await page.$$('#root .recharts-bar-rectangle path')).length, 0);
  await page.click('#root [aria-label="Mark Drink 2L water"]');
  await page.click('#root [aria-label="Mark Read 20 pages"]');
  await page.waitForSelector('#root .recharts-bar-rectangle path');
  const height = () => page.$eval('#root .recharts-bar-rectangle path', (p) => Math.round(p.getBoundingClientRect().height));
  await eventually(async () => (await height()) > 0, "today's bar");
  assert.deepEqual(await texts(page, '#root .streak'), ['1', '1', '0']);
  await page.reload();
  await page.waitForSelector('#root .habit');
  // The list first renders its defaults; window.storage.get answers in a later task.
  await eventually(async () => JSON.stringify(await texts(page, '#root .streak')) === '["1","1","0"]', 'the saved ticks');
  assert.equal(await style(page, '#root .habit:first-child span.flex-1', 'text-decoration-line'), 'line-through');
  await page.waitForSelector('#root .recharts-bar-rectangle path');
  // Two of three habits: two thirds of the axis.
  const axis = await page.$eval('#root .recharts-yAxis line.recharts-cartesian-axis-line', (l) => Math.round(l.getBoundingClientRect().height));
  await eventually(async () => Math.abs((await height()) - (axis * 2) / 3) <= 2, 'two of three');
  // recharts draws the bar again as its animation runs: read the fill once it has settled.
  await eventually(async () => (await style(page, '#root .recharts-bar-rectangle path', 'fill')) === 'rgb(249, 115, 22)', 'the bar in orange');
  await shot(page, 'claude-habits');
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test("ChatGPT's budget: papaparse reads the CSV, lodash sums it, recharts draws the pie, mathjs evaluates the what-if", async () => {
  const e = await dropReact('BudgetBreakdown.tsx');
  const { page, context } = await open(e);
  await page.waitForSelector('#root .recharts-pie-sector path');
  assert.equal(await text(page, '#root #total'), '$1,899.30');
  assert.deepEqual(await page.$$eval('#root .recharts-pie-sector path', (ps) => ps.map((p) => p.getAttribute('fill'))), ['#6366f1', '#22c55e', '#f59e0b', '#ec4899']);
  assert.deepEqual(await texts(page, '#root .recharts-legend-item-text'), ['Rent', 'Groceries', 'Transport', 'Fun']);
  assert.ok(await page.$('#root svg.lucide-wallet path, #root svg.lucide-wallet rect'));
  // Rent * 1.05 + Groceries = 1522.50 + 303.85.
  assert.equal(await text(page, '#root #what-if'), '$1,826.35');
  await page.fill('#root #formula', 'Fun / 3');
  assert.equal(await text(page, '#root #what-if'), '$21.65');
  await page.fill('#root #formula', 'Fun +');
  assert.equal(await text(page, '#root #what-if'), '—');
  await page.fill('#root #csv', `${await page.inputValue('#root #csv')}\n2026-03-28,Books,35.05`);
  await eventually(async () => (await text(page, '#root #total')) === '$1,934.35', 'the new total');
  assert.equal((await page.$$('#root .recharts-pie-sector path')).length, 5);
  assert.equal(await page.$eval('#root .recharts-pie-sector:last-child path', (p) => p.getAttribute('fill')), '#94a3b8');
  await shot(page, 'chatgpt-budget');
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test("Gemini Canvas's d3 chart: axes, line and points drawn in an effect, redrawn for another city", async () => {
  const e = await dropReact('temperatures.tsx');
  const { page, context } = await open(e);
  await page.waitForSelector('#root path.line');
  const months = await texts(page, '#root .x-axis .tick text');
  assert.equal(months.length, 12);
  assert.equal(months[0], 'Jan');
  assert.equal(months[11], 'Dec');
  assert.equal((await page.$$('#root svg circle')).length, 12);
  const lisbon = await page.getAttribute('#root path.line', 'd');
  assert.match(lisbon, /^M40,[\d.]+C/);
  assert.equal(await text(page, '#root #range'), 'Lisbon: 11.6° to 23.4°');
  assert.ok(await page.$('#root svg.lucide-thermometer path'));
  await page.selectOption('#root #city', 'Oslo');
  await eventually(async () => (await page.getAttribute('#root path.line', 'd')) !== lisbon, 'the redrawn line');
  // Below zero: the axis runs from a negative tick, written as the file's template writes it.
  assert.match((await texts(page, '#root .y-axis .tick text'))[0], /^-\d+°$/);
  assert.equal(await text(page, '#root #range'), 'Oslo: \u22124.3° to 16.4°');
  await shot(page, 'gemini-d3');
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test("v0's demo form: zod's messages under the fields, shadcn's Select in the form, sonner thanks without a layout's Toaster", async () => {
  const e = await dropReact('demo-form.tsx');
  const { page, context } = await open(e);
  await page.waitForSelector('#root form');
  await page.fill('#root input[name=name]', 'A');
  await page.fill('#root input[name=email]', 'ada@gmail.com');
  await page.fill('#root input[name=seats]', '600');
  await page.click('#root button[type=submit]');
  await page.waitForSelector('#root >> text=Please use your work email.');
  assert.ok(await page.$('#root >> text=Name must be at least 2 characters.'));
  assert.ok(await page.$('#root >> text=Over 500 seats? Talk to sales.'));
  assert.ok(await page.$('#root >> text=Pick a plan.'));
  await page.fill('#root input[name=name]', 'Ada Lovelace');
  await page.fill('#root input[name=email]', 'ada@analytical.io');
  await page.fill('#root input[name=seats]', '12');
  await page.click('#root #plan');
  await page.click('[role=option] >> text=Team');
  assert.equal(await text(page, '#root #plan'), 'Team');
  await page.click('#root button[type=submit]');
  await page.waitForSelector('[data-sonner-toast] >> text=Thanks, Ada Lovelace!');
  assert.match(await text(page, '[data-sonner-toast]'), /We'll email ada@analytical\.io about the team plan\./);
  await eventually(async () => (await page.inputValue('#root input[name=name]')) === '', 'the form reset');
  await shot(page, 'v0-demo-form');
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test("ChatGPT's memory game: framer-motion's motion.create turns lodash-shuffled tiles, and a solved board says so", async () => {
  const e = await dropReact('MemoryGame.jsx');
  const { page, context } = await open(e);
  await page.waitForSelector('#root #board button');
  const emojis = await page.$$eval('#root #board button', (bs) => bs.map((b) => b.dataset.emoji));
  assert.equal(emojis.length, 8);
  assert.deepEqual([...emojis].sort(), ['🍎', '🍎', '🎸', '🎸', '🐙', '🐙', '🚀', '🚀'].sort());
  // Face down: turned by motion, empty.
  await eventually(async () => (await page.$eval('#root #board button', (b) => b.style.transform)).includes('rotateY(180deg)'), 'face down');
  const pairs = [...new Set(emojis)].map((emoji) => emojis.flatMap((x, i) => (x === emoji ? [i] : [])));
  for (const [a, b] of pairs) {
    await page.click(`#root #board button:nth-child(${a + 1})`);
    await page.click(`#root #board button:nth-child(${b + 1})`);
    await page.waitForSelector(`#root #board button:nth-child(${b + 1}).bg-emerald-500`);
  }
  await page.waitForSelector('#root #won');
  assert.equal((await text(page, '#root #won')).trim(), 'Solved in 4 moves!');
  assert.ok(await page.$('#root #won svg.lucide-trophy path'));
  assert.equal(await text(page, '#root #moves'), 'Moves: 4');
  await shot(page, 'chatgpt-memory');
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test("v0's chat on the AI SDK's useChat cannot run in a drop: the page says why, with the line, instead of a blank page", async () => {
  const e = await dropReact('chat.tsx');
  const { page, context } = await open(e);
  await eventually(async () => (await page.textContent('body')).includes('Cannot import "@ai-sdk/react" (line 3'), 'the message');
  const body = await page.textContent('body');
  assert.ok(body.includes('The AI SDK (ai, @ai-sdk/*) is not provided: its useChat posts to'), body.slice(0, 600));
  await shot(page, 'v0-ai-chat');
  await context.close();
});
