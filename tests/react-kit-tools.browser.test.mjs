// Single-file React components in the patterns each AI tool writes (issue 25), beyond those of
// react-kit.browser.test.mjs: v0's TypeScript, direct class-variance-authority / clsx /
// tailwind-merge imports and "/placeholder.svg" images; Claude's shared window.storage, attached
// files, SheetJS, OrbitControls and Tone.js; ChatGPT canvas's React.useState, "@/components/ui/x.jsx"
// paths, AnimatePresence and newer lucide icon names; Gemini Canvas's Firebase and Google AI
// Studio's Gemini SDKs. Dropped on the real Worker and opened in Chromium; what is asserted is what
// a person sees, and the console.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { BROWSER_UA } from './support/harness.mjs';
import { eventually } from './support/browser.mjs';
import { useReactWorld, quiet, style, text } from './support/react-pages.mjs';
import * as C from './support/ai-tool-components.mjs';

const world = useReactWorld('react-kit-tools');
const { SHOTS, dropReact, open } = world;

// Chromium's own warnings about audio and WebGL are not the page's; errors are.
const noErrors = (page) =>
  assert.deepEqual(page.console.filter((m) => /^(error|pageerror|requestfailed)/.test(m)), [], page.console.join('\n'));
const notices = (page) => page.$$eval('.plug-notice', (n) => n.map((x) => x.textContent));

test('a v0 block in TypeScript: enum, interface, generics, as const, satisfies, its own cva variants beside cn', async () => {
  const e = await dropReact('metrics.tsx', C.V0_TYPESCRIPT);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #stat-rev');
  // sortBy<T, K> ordered them by label; the enum's values are the labels of the trends.
  assert.deepEqual(await page.$$eval('#root [id^=stat-]', (s) => s.map((n) => n.textContent)), ['down', 'up']);
  assert.equal(await style(page, '#root #stat-rev', 'backgroundColor'), 'rgb(209, 250, 229)', 'cva: bg-emerald-100');
  assert.equal(await style(page, '#root #stat-churn', 'backgroundColor'), 'rgb(255, 228, 230)', 'cva: bg-rose-100');
  assert.equal(await page.$$eval('#root svg.lucide', (s) => s.length), 4);
  assert.equal(await text(page, '#root #range'), 'Last 30d');
  await page.click('#root #range-7d');
  assert.equal(await text(page, '#root #range'), 'Last 7d');
  quiet(page);
  await context.close();
});

test('v0 imports clsx and tailwind-merge directly, its router pushes a query useSearchParams reads, and "/placeholder.svg" images are drawn', async () => {
  const e = await dropReact('search-page.tsx', C.V0_NAVIGATION);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #q');
  // twMerge(clsx(…)): the one bold link; the logo is a 32 by 32 placeholder, not a broken image.
  assert.deepEqual(await page.$$eval('#root nav a', (a) => a.map((x) => x.className)), ['text-sm font-semibold', 'text-sm']);
  const logo = await page.$eval('#root nav img', (img) => [img.complete, img.naturalWidth, img.naturalHeight, img.src.slice(0, 19)]);
  assert.deepEqual(logo, [true, 32, 32, 'data:image/svg+xml,']);
  await page.fill('#root #q', 'plug');
  await page.press('#root #q', 'Enter');
  await eventually(async () => (await text(page, '#root #where')).endsWith('plug'), 'the query read back');
  assert.equal(new URL(page.url()).searchParams.get('q'), 'plug');
  quiet(page);
  await context.close();
});

test('a v0 block with one named export, a LucideIcon type and placeholder avatars loads only its icons', async () => {
  const e = await dropReact('contacts.tsx', C.V0_CONTACTS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root .lucide-mail');
  assert.equal(await page.$$eval('#root img', (imgs) => imgs.filter((i) => i.complete && i.naturalWidth > 0).length), 4, 'avatars and placeholders drawn');
  assert.deepEqual(await page.$$eval('#root img.rounded-md', (imgs) => imgs.map((i) => i.naturalWidth)), [40, 40]);
  assert.ok(!page.requested.some((p) => p.endsWith('/lucide-react.mjs')), 'not the whole icon set');
  assert.ok(page.requested.some((p) => p.endsWith('/lucide/Phone.mjs')));
  quiet(page);
  await context.close();
});

test("Claude's shared window.storage: entries every viewer of the artifact would see, kept apart from personal ones, across a reload", async () => {
  const e = await dropReact('Guestbook.jsx', C.SHARED_GUESTBOOK);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #add');
  for (const entry of ['Hello', 'Nice artifact']) {
    await page.fill('#root #text', entry);
    await page.click('#root #add');
    await eventually(async () => (await text(page, '#root #entries')).includes(entry), `"${entry}" listed`);
  }
  await page.click('#root #entries li:first-child button');
  await eventually(async () => (await page.$$('#root #entries li')).length === 1, 'the first entry deleted');
  await page.reload();
  await page.waitForSelector('#root #mine');
  assert.deepEqual(await page.$$eval('#root #entries li', (l) => l.map((n) => n.textContent)), ['Nice artifact']);
  assert.equal(await text(page, '#root #mine'), ' You signed 2 times');
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  assert.equal(keys.filter((k) => k.startsWith('plug.storage.shared.entry:')).length, 1);
  assert.deepEqual(keys.filter((k) => k.startsWith('plug.storage.personal.')), ['plug.storage.personal.my-notes']);
  quiet(page);
  await context.close();
});

test("an analysis of a CSV attached in Claude's chat shows its own error and says what Claude provided", async () => {
  const e = await dropReact('SalesAnalysis.jsx', C.CSV_ANALYSIS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #error');
  assert.equal(await text(page, '#root #error'), 'Could not read sales_data.csv');
  assert.match((await notices(page)).join(' '), /window\.fs\.readFile.*attached to a chat with Claude/);
  quiet(page);
  await context.close();
});

test("a SheetJS artifact of Claude's: reading the workbook attached in Claude's chat fails in its own words, and its export downloads a workbook", async () => {
  const e = await dropReact('BudgetViewer.jsx', C.XLSX_BUDGET);
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, acceptDownloads: true });
  const { page } = await open(e, context);
  await page.waitForSelector('#root h1 svg.lucide');
  await eventually(async () => (await text(page, '#root #status')) === 'The spreadsheet could not be read.', 'the read to fail softly');
  // SheetJS itself is there (sweep 9): the workbook is built and downloaded, no "Export failed".
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#root #export')]);
  assert.equal(download.suggestedFilename(), 'budget-export.xlsx');
  assert.equal(readFileSync(await download.path()).subarray(0, 4).toString('hex'), '504b0304');
  assert.equal(await text(page, '#root #status'), 'The spreadsheet could not be read.');
  const said = await notices(page);
  assert.equal(said.length, 1, said.join('\n'));
  assert.match(said[0], /window\.fs\.readFile.*attached to a chat with Claude/);
  quiet(page);
  await context.close();
});

test("three r128's OrbitControls from three/examples/jsm: a drag turns the camera round the scene", async () => {
  const e = await dropReact('Scene.jsx', C.ORBIT_SCENE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #mount canvas');
  const box = await (await page.$('#root #mount canvas')).boundingBox();
  const clip = { x: box.x, y: box.y, width: box.width, height: box.height };
  // Stop the knot's own spin so only the camera moves the picture: compare two still frames first.
  await page.waitForTimeout(300);
  const before = await page.screenshot({ clip });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 250, box.y + box.height / 2 + 120, { steps: 10 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  const after = await page.screenshot({ clip });
  assert.notDeepEqual(after, before);
  const moved = await page.evaluate(() => document.querySelector('#root #mount canvas').width > 0);
  assert.ok(moved);
  noErrors(page);
  await page.screenshot({ path: join(SHOTS, 'orbit.png') });
  await context.close();
});

test('a Tone.js keyboard plays a note on a click, after the gesture Tone.start() needs', async () => {
  const e = await dropReact('Synth.jsx', C.TONE_KEYS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root button:has-text("E4")');
  await page.click('#root button:has-text("E4")');
  await eventually(async () => (await text(page, '#root #last')) === 'Last: E4', 'the note played');
  await page.click('#root button:has-text("Play")');
  assert.equal(await page.$$eval('#root svg.lucide-square', (s) => s.length), 1);
  noErrors(page);
  await context.close();
});

test('a ChatGPT canvas: React.useState without importing hooks, "@/components/ui/card.jsx", AnimatePresence mode="wait" and layout', async () => {
  const e = await dropReact('QuoteCard.jsx', C.CANVAS_QUOTES);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #quote');
  assert.equal(await text(page, '#root #quote'), 'Stay hungry.');
  assert.equal(await style(page, '#root .rounded-2xl', 'borderTopLeftRadius'), '16px');
  await page.click('#root #next');
  await eventually(async () => (await text(page, '#root #quote')) === 'Ship it.' && (await page.$$('#root #quote')).length === 1, 'the next quote, the old one gone');
  assert.equal(await text(page, '#root #count'), 'Seen 1');
  assert.equal(await page.title(), 'Quote 2');
  quiet(page);
  await context.close();
});

test("lucide icons by newer names: renamed ones are 0.383's own, one 0.383 never drew is a dashed square the page names", async () => {
  const e = await dropReact('Home.jsx', C.NEWER_ICONS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #watch svg');
  // House is Home, ChartNoAxesColumn is BarChart2: lucide's own drawings.
  assert.equal(await page.$$eval('#root h1 svg.lucide-home', (s) => s.length), 1);
  assert.equal(await page.$$eval('#root svg.lucide-bar-chart2', (s) => s.length), 1);
  assert.equal(await page.$eval('#root #watch svg rect', (r) => r.getAttribute('stroke-dasharray')), '3 3');
  assert.equal(await style(page, '#root #watch svg', 'color'), 'rgb(37, 99, 235)', 'its className');
  assert.match((await notices(page)).join(' '), /no icon "Binoculars".*dashed square/);
  await page.click('#root #toggle');
  assert.equal(await text(page, '#root #toggle'), 'On');
  quiet(page);
  await context.close();
});

test("a Gemini Canvas app on Firebase signs in, keeps its documents in this browser across a reload, and says so", async () => {
  const e = await dropReact('Todos.jsx', C.FIREBASE_TODOS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #todo');
  for (const todo of ['Buy milk', 'Call Ada']) {
    await page.fill('#root #todo', todo);
    await page.click('#root #add');
    await eventually(async () => (await text(page, '#root #todos')).includes(todo), `"${todo}" listed by onSnapshot`);
  }
  const user = await text(page, '#root p.text-xs');
  await page.reload();
  await page.waitForSelector('#root #todos li');
  assert.deepEqual((await page.$$eval('#root #todos li', (l) => l.map((n) => n.textContent))).sort(), ['Buy milk', 'Call Ada']);
  assert.equal(await text(page, '#root p.text-xs'), user, 'the same anonymous user');
  const said = await notices(page);
  assert.equal(said.length, 1, said.join('\n'));
  assert.match(said[0], /Gemini's Canvas.*Firebase.*kept in this browser only/);
  quiet(page);
  await context.close();
});

test('a Google AI Studio app that mounts itself calls @google/genai with process.env.API_KEY: its own error, and a notice', async () => {
  const e = await dropReact('index.tsx', C.AI_STUDIO_WRITER);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #title');
  assert.equal(await style(page, '#root #title', 'color'), 'rgb(34, 211, 238)');
  await page.fill('#root #prompt', 'A story about a plug');
  await page.click('#root #ask');
  await eventually(async () => /Gemini API.*no key/.test((await page.textContent('#root #error').catch(() => '')) ?? ''), 'the call to fail softly');
  assert.equal(await text(page, '#root #ask'), 'Write');
  assert.match((await notices(page)).join(' '), /Gemini API.*Google AI Studio/);
  quiet(page);
  await context.close();
});

test('the older @google/generative-ai SDK fails the same way', async () => {
  const e = await dropReact('Ideas.jsx', C.GENERATIVE_AI_IDEAS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #go svg.lucide-sparkles');
  await page.click('#root #go');
  await eventually(async () => (await text(page, '#root #err')) === 'Could not reach Gemini', 'the call to fail softly');
  quiet(page);
  await context.close();
});

test('d3 draws its axes and bars into a ref, mathjs and lodash (default and named) compute, Plotly plots with newPlot', async () => {
  const pages = [];
  const d3 = await open(await dropReact('D3Bars.jsx', C.D3_BARS));
  await d3.page.waitForSelector('#root rect.bar');
  assert.equal(await d3.page.$$eval('#root rect.bar', (r) => r.length), 3);
  assert.deepEqual(await d3.page.$$eval('#root g.tick text', (t) => t.slice(0, 3).map((n) => n.textContent)), ['A', 'B', 'C']);
  pages.push(d3);
  const math = await open(await dropReact('MatrixTool.jsx', C.MATRIX_TOOL));
  await math.page.waitForSelector('#root #go');
  await math.page.click('#root #go');
  await eventually(async () => (await text(math.page, '#root #result')) === '-2', 'the determinant');
  assert.equal(await text(math.page, '#root #stats'), '2,4,6 function');
  assert.match(await text(math.page, '#root #unit'), /^1\.9685\d* inch$/);
  pages.push(math);
  const plot = await open(await dropReact('Surface.jsx', C.PLOTLY_TREND));
  await plot.page.waitForSelector('#root .scatterlayer .trace', { timeout: 30_000 });
  assert.equal(await plot.page.textContent('#root .gtitle'), 'Trend');
  pages.push(plot);
  for (const { page, context } of pages) {
    quiet(page);
    await context.close();
  }
});

test('a Gemini file written for a page with the Tailwind CDN that mounts itself with createRoot is styled and works', async () => {
  const e = await dropReact('Counter.jsx', C.CDN_COUNTER);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #inc');
  assert.equal(await style(page, '#root .min-h-screen', 'backgroundColor'), 'rgb(15, 23, 42)');
  assert.equal(await style(page, '#root #inc', 'borderTopLeftRadius'), '12px');
  await page.click('#root #inc');
  assert.equal(await text(page, '#root #inc'), 'Clicked 1 times');
  quiet(page);
  await context.close();
});

test('an anonymous default export with useReducer draws a recharts pie whose labels follow the votes', async () => {
  const e = await dropReact('Votes.jsx', C.PIE_VOTES);
  const { page, context } = await open(e);
  await page.waitForSelector('#root .recharts-pie-sector');
  assert.equal(await page.$$eval('#root .recharts-pie-sector', (s) => s.length), 3);
  await page.click('#root #vote-Fish');
  await eventually(async () => (await page.$$eval('#root .recharts-pie-labels text', (t) => t.map((n) => n.textContent))).join() === '3,5,2', 'the new count');
  quiet(page);
  await context.close();
});

test("react-chartjs-2's Bar and Line draw on the page's one chart.js, and switch", async () => {
  const e = await dropReact('Visitors.jsx', C.CHARTJS_VISITORS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #chart canvas');
  // A drawn chart has coloured pixels; the bars are blue.
  const blue = () => page.$eval('#root #chart canvas', (c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 2] > 200 && d[i] < 150 && d[i + 3] > 0) n++;
    return n;
  });
  await eventually(async () => (await blue()) > 1000, 'the bars drawn');
  await page.click('#root #switch');
  await eventually(async () => (await page.textContent('#root #switch')).trim() === 'Show bar', 'the line chart');
  await eventually(async () => (await blue()) > 50, 'the line drawn');
  quiet(page);
  await context.close();
});

test('a React Router app: BrowserRouter at the drop, Link and useParams to a page of it, navigate(-1) back', async () => {
  const e = await dropReact('Recipes.jsx', C.ROUTER_APP);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #list a');
  assert.equal(await page.$eval('#root nav a', (a) => a.className), 'font-bold');
  await page.click('#root #list a:has-text("Omelette")');
  await page.waitForSelector('#root #recipe');
  assert.equal(await page.textContent('#root #recipe'), 'Omelette');
  assert.equal(new URL(page.url()).pathname, '/recipe/2');
  await page.click('#root #back');
  await page.waitForSelector('#root #list');
  assert.equal(new URL(page.url()).pathname, '/');
  quiet(page);
  await context.close();
});

test("a v0 block with next-themes' dark mode, shadcn's new-york Radix icons and uuid ids", async () => {
  const e = await dropReact('notes-page.tsx', C.V0_THEME_NOTES);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #mode svg');
  assert.equal(await page.$eval('#root #mode svg', (s) => s.getAttribute('width')), '15', "a Radix icon (15 by 15)");
  assert.ok(page.requested.some((p) => p.endsWith('/radix-icons/MoonIcon.mjs')), 'each icon its own file');
  assert.ok(!page.requested.some((p) => p.endsWith('/radix-icons.mjs')), 'not the whole set');
  assert.equal(await style(page, '#root #page', 'backgroundColor'), 'rgb(255, 255, 255)');
  await page.click('#root #mode');
  await eventually(async () => (await style(page, '#root #page', 'backgroundColor')) === 'rgb(2, 8, 23)', "shadcn's dark background");
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains('dark')));
  await page.fill('#root #note', 'Buy stamps');
  await page.click('#root #add');
  await page.waitForSelector('#root #notes li');
  assert.match(await page.$eval('#root #notes li', (li) => li.dataset.id), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  // next-themes keeps the choice in localStorage: dark again after a reload.
  await page.reload();
  await page.waitForSelector('#root #mode svg');
  await eventually(async () => (await style(page, '#root #page', 'backgroundColor')) === 'rgb(2, 8, 23)', 'still dark');
  quiet(page);
  await context.close();
});

test("a Gemini Canvas app's keyless fetch of the Gemini API is answered with an error the app shows, not sent", async () => {
  const e = await dropReact('Haiku.jsx', C.GEMINI_FETCH);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #gen');
  await page.click('#root #gen');
  await eventually(async () => /^Failed to generate: This component calls the Gemini API without a key/.test(await text(page, '#root #error')), 'the call to fail softly');
  assert.ok(!page.requested.some((p) => p.includes('generateContent')), 'nothing sent');
  assert.match((await notices(page)).join(' '), /Gemini's Canvas supplies/);
  quiet(page);
  await context.close();
});

test('shadcn folders written as relative paths ("./components/ui/card", "../lib/utils") are the kit, styled', async () => {
  const e = await dropReact('Toggle.jsx', C.RELATIVE_UI);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #t');
  assert.equal(await style(page, '#root > div', 'borderTopLeftRadius'), '8px', "the Card's rounded-lg");
  assert.equal(await style(page, '#root #t', 'backgroundColor'), 'rgb(15, 23, 42)', "the Button's bg-primary");
  await page.click('#root #t');
  assert.equal(await page.textContent('#root #t'), 'On');
  assert.equal(await style(page, '#root > div > div', 'backgroundColor'), 'rgb(240, 253, 244)', 'cn() with bg-green-50');
  quiet(page);
  await context.close();
});

test("a chat screen renders the model's Markdown with react-markdown and remark-gfm (tables, task lists, no raw HTML), and confetti flies", async () => {
  const e = await dropReact('StudyChat.jsx', C.MARKDOWN_CHAT);
  const { page, context } = await open(e);
  await page.waitForSelector('#root .prose h2');
  assert.equal(await page.textContent('#root .prose h2'), 'Your study plan');
  assert.equal(await page.textContent('#root .prose ol li strong'), 'chapter 3');
  assert.deepEqual(await page.$$eval('#root .prose table td', (t) => t.map((n) => n.textContent)), ['Mon', 'Algebra', 'Tue', 'Geometry']);
  assert.deepEqual(await page.$$eval('#root .prose input[type=checkbox]', (c) => c.map((n) => n.checked)), [true, false]);
  assert.equal(await page.$$eval('#root script', (s) => s.length), 0, 'raw HTML is not rendered');
  await page.click('#root #finish');
  await page.waitForSelector('#root #done');
  // canvas-confetti draws on a canvas of its own over the page.
  await eventually(async () => (await page.$$('body > canvas')).length === 1, 'the confetti canvas');
  quiet(page);
  await context.close();
});

test('axios requests with the page: a GET of the drop itself answers 200', async () => {
  const e = await dropReact('StatusCheck.jsx', C.AXIOS_STATUS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root svg.lucide-circle-check-big');
  assert.equal(await page.textContent('#root #status'), '200');
  quiet(page);
  await context.close();
});
