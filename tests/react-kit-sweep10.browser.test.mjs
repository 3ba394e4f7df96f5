// Single-file React components of sweep 10 (tests/support/ai-components-sweep10.mjs), each as its
// tool saves it: PDFs made with jsPDF and jspdf-autotable (both of its call forms) and with
// html2canvas, a Lottie animation written into the file, a Gemini Canvas app's Markdown answer, a
// v0 data table on TanStack Table, and a snippet library on zustand and react-syntax-highlighter.
// Dropped on the real Worker and opened in Chromium; what is asserted is what a person sees, what
// they download, and the console.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { eventually } from './support/browser.mjs';
import { useReactWorld, quiet, style, text } from './support/react-pages.mjs';
import * as C from './support/ai-components-sweep10.mjs';
import { PYTHON } from './support/python.mjs';

const world = useReactWorld('react-kit-sweep10');
const { SHOTS, dropReact, open } = world;

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
const notices = (page) => page.$$eval('.plug-notice', (ns) => ns.map((n) => n.textContent));
const downloading = () => world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 }, acceptDownloads: true });
/** What pypdf reads of a downloaded PDF: its text, and how many images its pages draw. */
const readPdf = async (download) => JSON.parse(execFileSync(PYTHON, ['-c', `import sys, json, pypdf
r = pypdf.PdfReader(sys.argv[1])
print(json.dumps({"text": "\\n".join(p.extract_text() for p in r.pages), "images": sum(len(p.images) for p in r.pages)}))`, await download.path()], { encoding: 'utf8' }));

test("ChatGPT's invoice on jsPDF and autoTable(doc, …): the lines edited on screen are the PDF's table", async () => {
  const e = await dropReact('InvoiceGenerator.tsx', C.CHATGPT_INVOICE);
  const context = await downloading();
  const { page } = await open(e, context);
  await page.waitForSelector('#root svg.lucide');
  assert.equal(await text(page, '#root #total'), '$3,618.00');
  await page.click('#root #add');
  assert.equal(await text(page, '#root #total'), '$4,006.80');
  assert.equal(await page.$$eval('#root tbody tr', (rs) => rs.length), 4);
  assert.equal(await style(page, '#root #pdf', 'background-color'), 'rgb(37, 99, 235)');
  await page.fill('#root #client', 'Contoso Ltd');
  await shot(page, 'chatgpt-invoice');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#root #pdf')]);
  assert.equal(download.suggestedFilename(), 'invoice-INV-1042.pdf');
  const { text: pdf } = await readPdf(download);
  assert.match(pdf, /Invoice INV-1042/);
  assert.match(pdf, /Bill to: Contoso Ltd/);
  assert.match(pdf, /Description Qty Rate Amount\s+Website redesign 1 \$2,400\.00 \$2,400\.00/);
  assert.match(pdf, /Support hours 4 \$90\.00 \$360\.00/);
  assert.match(pdf, /Total \$4,006\.80/);
  assert.match(pdf, /Thank you for your business!/);
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test("Claude's report on jsPDF with `import 'jspdf-autotable'` and doc.autoTable(…): charted, and its PDF holds the table", async () => {
  const e = await dropReact('attendance-report.jsx', C.CLAUDE_REPORT);
  const context = await downloading();
  const { page } = await open(e, context);
  await eventually(async () => (await page.$$('#root #chart .recharts-bar-rectangle path')).length === 5, 'five bars');
  assert.equal(await page.$eval('#root #chart .recharts-bar-rectangle path', (p) => p.getAttribute('fill')), '#7c3aed');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#root #export')]);
  assert.equal(download.suggestedFilename(), 'attendance-report.pdf');
  const { text: pdf } = await readPdf(download);
  assert.match(pdf, /Weekly attendance report/);
  assert.match(pdf, /Day Present\s+Mon 42\s+Tue 38\s+Wed 45\s+Thu 31\s+Fri 27/);
  assert.equal(await text(page, '#root #status'), 'Report exported');
  await shot(page, 'claude-report');
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test("v0's certificate exported with html2canvas into a jsPDF page: the name typed is on it, the PDF holds its picture", async () => {
  const e = await dropReact('page.tsx', C.V0_CERTIFICATE);
  const context = await downloading();
  const { page } = await open(e, context);
  await page.waitForSelector('#root #certificate svg.lucide');
  assert.equal(await page.$eval('#root #download', (b) => b.disabled), true);
  await page.fill('#root #name', 'Grace Hopper');
  assert.equal(await text(page, '#root #holder'), 'Grace Hopper');
  assert.equal(await style(page, '#root #certificate', 'border-top-style'), 'double');
  assert.equal(await style(page, '#root #certificate', 'border-top-color'), 'rgb(245, 158, 11)');
  await shot(page, 'v0-certificate');
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20000 }), page.click('#root #download')]);
  assert.equal(download.suggestedFilename(), 'certificate-grace-hopper.pdf');
  const { images } = await readPdf(download);
  assert.equal(images, 1);
  await eventually(async () => (await text(page, '#root #download')).includes('Download PDF'), 'the button back');
  // html2canvas logs its steps at debug level (its `logging` is on by default), as in the tool's
  // own frame; nothing else is said.
  assert.deepEqual(page.console.filter((m) => !m.startsWith('debug: #1 ')), []);
  await context.close();
});

test("Claude's success screen plays the Lottie animation written into it, and its replay button plays it again", async () => {
  const e = await dropReact('success.jsx', C.CLAUDE_LOTTIE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #animation svg path');
  // lottie-web draws the disc in its colour and grows it: its scale is 1 at the end.
  assert.equal(await page.$eval('#root #animation svg path', (p) => p.getAttribute('fill')), 'rgb(33,197,94)');
  const scale = () => page.$eval('#root #animation svg g g', (g) => g.getAttribute('transform'));
  await eventually(async () => /matrix\(1,0,0,1,/.test(await scale()), 'the disc grown');
  await page.click('#root #replay');
  assert.equal(await text(page, '#root #plays'), '2');
  await eventually(async () => !/matrix\(1,0,0,1,/.test(await scale()), 'the disc small again');
  await eventually(async () => /matrix\(1,0,0,1,/.test(await scale()), 'and grown again');
  await shot(page, 'claude-lottie');
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test('a Lottie animation imported from a JSON file beside the component is named, with its line and what to write instead', async () => {
  const e = await dropReact('Splash.jsx', `import React from 'react';
import Lottie from 'lottie-react';
import animationData from './loading.json';

export default function Splash() {
  return <div className="w-48"><Lottie animationData={animationData} loop /></div>;
}
`);
  const { page, context } = await open(e);
  await eventually(async () => /Cannot import "\.\/loading\.json" \(line 3[^]*animation's JSON into the file/.test(await page.textContent('body')), 'the message');
  await context.close();
});

test("Gemini Canvas's study app: the model's Markdown answer is drawn with its GFM table and task list, and asking without Canvas's key says so", async () => {
  const e = await dropReact('study-buddy.jsx', C.GEMINI_MARKDOWN);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #answer table');
  assert.equal(await text(page, '#root #answer h2'), 'Photosynthesis at a glance');
  assert.deepEqual(await page.$$eval('#root #answer tbody tr', (rs) => rs.map((r) => r.cells[0].textContent)), ['Light reactions', 'Calvin cycle']);
  assert.deepEqual(await page.$$eval('#root #answer input[type=checkbox]', (cs) => cs.map((c) => c.checked)), [true, false]);
  // prose styles it: a heading larger than the text, the table ruled.
  assert.equal(await style(page, '#root #answer h2', 'font-size'), '24px');
  assert.notEqual(await style(page, '#root #answer thead', 'border-bottom-width'), '0px');
  await page.fill('#root #question', 'What is ATP?');
  await page.click('#root #ask');
  await page.waitForSelector('#root #error');
  assert.equal(await text(page, '#root #error'), 'Could not reach Gemini. Please try again.');
  await shot(page, 'gemini-markdown');
  await context.close();
});

test("v0's data table on TanStack Table: filtering and sorting change the rows shown", async () => {
  const e = await dropReact('data-table.tsx', C.V0_DATA_TABLE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root tbody tr');
  const emails = () => page.$$eval('#root tbody tr', (rs) => rs.map((r) => r.cells[1]?.textContent));
  assert.deepEqual(await emails(), ['ken99@example.com', 'abe45@example.com', 'monserrat44@example.com', 'silas22@example.com', 'carmella@example.com']);
  await page.click('#root #sort-email');
  assert.deepEqual(await emails(), ['abe45@example.com', 'carmella@example.com', 'ken99@example.com', 'monserrat44@example.com', 'silas22@example.com']);
  await page.fill('#root #filter', 'ca');
  assert.deepEqual(await emails(), ['carmella@example.com']);
  assert.equal(await style(page, '#root tbody tr td div.inline-flex, #root tbody .capitalize', 'background-color'), 'rgb(239, 68, 68)');
  await page.fill('#root #filter', 'zz');
  assert.equal(await text(page, '#root tbody'), 'No results.');
  await shot(page, 'v0-data-table');
  quiet(page);
  await context.close();
});

test("ChatGPT's snippet library: Prism colours the code, the zustand store keeps the snippet chosen across a reload", async () => {
  const e = await dropReact('SnippetLibrary.tsx', C.CHATGPT_SNIPPETS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #code code .token');
  // oneDark's keyword purple on the first token (with line numbers the tokens keep only `token`).
  const colourOf = (word) => page.$$eval('#root #code code span.token', (ts, w) => ts.filter((t) => t.textContent === w).map((t) => getComputedStyle(t).color)[0], word);
  assert.equal(await colourOf('function'), 'rgb(198, 120, 221)');
  assert.equal(await style(page, '#root #code pre', 'background-color'), 'rgb(40, 44, 52)');
  await page.click('#root #pick-fib');
  assert.equal(await text(page, '#root #title'), 'Fibonacci');
  assert.equal(await colourOf('def'), 'rgb(198, 120, 221)');
  assert.equal(await style(page, '#root #pick-fib', 'background-color'), 'rgb(2, 132, 199)');
  await page.reload();
  await page.waitForSelector('#root #code .token');
  assert.equal(await text(page, '#root #title'), 'Fibonacci');
  await shot(page, 'chatgpt-snippets');
  quiet(page);
  await context.close();
});

test("ChatGPT's player bar on @phosphor-icons/react: its icons are drawn in the weight, size and colour asked, and change on click", async () => {
  const e = await dropReact('PlayerBar.jsx', C.CHATGPT_PHOSPHOR);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #like svg');
  // Four icons, from react-icons' Phosphor set: only the chunks of the names imported were asked for.
  assert.equal(await page.$$eval('#root svg', (s) => s.length), 4);
  assert.deepEqual(page.requested.filter((p) => p.includes('/react-icons/')).sort(), ['/_plug/vendor/react-kit/react-icons/pi/H.mjs', '/_plug/vendor/react-kit/react-icons/pi/M.mjs', '/_plug/vendor/react-kit/react-icons/pi/P.mjs', '/_plug/vendor/react-kit/react-icons/pi/S.mjs']);
  const icon = (selector) => page.$eval(selector, (svg) => ({ size: svg.getAttribute('width'), color: getComputedStyle(svg).color, d: svg.querySelector('path').getAttribute('d') }));
  // IconContext's size and colour; the cover's own.
  assert.deepEqual(await icon('#root #cover').then(({ size, color }) => [size, color]), ['36', 'rgb(124, 58, 237)']);
  const heart = await icon('#root #like svg');
  assert.deepEqual([heart.size, heart.color], ['28', 'rgb(51, 65, 85)']);
  await page.click('#root #like');
  const liked = await icon('#root #like svg');
  assert.equal(liked.color, 'rgb(225, 29, 72)');
  assert.notEqual(liked.d, heart.d, 'the filled heart is another drawing');
  const play = await icon('#root #play svg');
  await page.click('#root #play');
  assert.equal(await text(page, '#root #state'), 'Playing');
  assert.notEqual((await icon('#root #play svg')).d, play.d, 'pause drawn instead of play');
  await shot(page, 'chatgpt-phosphor');
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test('a Phosphor icon the set does not have is named with its line', async () => {
  const e = await dropReact('Nav.jsx', `import React from 'react';
import { House, NotAnIconAtAll } from '@phosphor-icons/react';

export default function Nav() {
  return <nav className="flex gap-4 p-4"><House size={24} /><NotAnIconAtAll /></nav>;
}
`);
  const { page, context } = await open(e);
  await eventually(async () => /has no export "NotAnIconAtAll" \(line 2/.test(await page.textContent('body')), 'the message');
  await context.close();
});
