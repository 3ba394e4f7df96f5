// Single-file React components of sweep 11 (tests/support/ai-components-sweep11.mjs), each as its
// tool saves it: a v0 QR code maker on qrcode.react 4's QRCodeSVG and QRCodeCanvas, a ChatGPT
// canvas Wi-Fi card written with qrcode.react 3's default export, a ChatGPT workout log with
// Chart.js 2's `import Chart from "chart.js"` beside `chart.js/auto`, and a Claude quiz throwing
// react-confetti when won. Before, the QR codes and the confetti stopped at "Cannot import" and the
// workout log at "Chart is not a constructor". Dropped on the real Worker and opened in Chromium;
// what is asserted is what a person sees, what they download, and the console.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { useReactWorld, quiet, style, text } from './support/react-pages.mjs';
import * as C from './support/ai-components-sweep11.mjs';

const world = useReactWorld('react-kit-sweep11');
const { SHOTS, dropReact, open } = world;

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
const notices = (page) => page.$$eval('.plug-notice', (ns) => ns.map((n) => n.textContent));

/** A QR code's modules as drawn: its width in modules (from the SVG's viewBox, margin included) and
 * whether the three finder patterns (7×7 dark rings) sit in its corners, read from the painted
 * pixels of the element's box. */
const qrShape = (page, selector) => page.$eval(selector, async (svg) => {
  const size = Number(svg.getAttribute('viewBox').split(' ')[2]);
  const img = new Image();
  img.src = `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size * 10;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  const dark = (x, y) => ctx.getImageData(x * 10 + 5, y * 10 + 5, 1, 1).data[0] < 128;
  const margin = [...Array(size).keys()].find((i) => dark(i, i));
  const finder = (x0, y0) => [0, 1, 2, 3, 4, 5, 6].every((i) => dark(x0 + i, y0) && dark(x0, y0 + i) && dark(x0 + 6, y0 + i) && dark(x0 + i, y0 + 6))
    && !dark(x0 + 1, y0 + 1) && dark(x0 + 3, y0 + 3);
  const end = size - margin - 7;
  return { modules: size - 2 * margin, margin, finders: [finder(margin, margin), finder(end, margin), finder(margin, end)] };
});

test("v0's QR code maker on qrcode.react's QRCodeSVG and QRCodeCanvas: the code follows the link and colour typed, and downloads as a PNG", async () => {
  const e = await dropReact('page.tsx', C.V0_QR);
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 }, acceptDownloads: true });
  const { page } = await open(e, context);
  await page.waitForSelector('#root #code svg');
  // A 24-character link at level M is a version 2 code: 25 modules, with the margin of 2 asked for.
  assert.deepEqual(await qrShape(page, '#root #code svg'), { modules: 25, margin: 2, finders: [true, true, true] });
  assert.equal(await page.$eval('#root #code svg', (s) => s.querySelector('title').textContent), 'https://example.com/menu');
  assert.equal(await page.$eval('#root #code svg path:last-of-type', (p) => p.getAttribute('fill')), '#0f172a');
  const before = await page.$eval('#root #code svg path:last-of-type', (p) => p.getAttribute('d'));
  await page.fill('#root #url', 'https://example.com/menu/today-and-tomorrow-specials');
  // 51 characters: version 4, 33 modules.
  assert.deepEqual(await qrShape(page, '#root #code svg'), { modules: 33, margin: 2, finders: [true, true, true] });
  assert.notEqual(await page.$eval('#root #code svg path:last-of-type', (p) => p.getAttribute('d')), before);
  await page.$eval('#root #color', (input) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, '#be123c');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  assert.equal(await page.$eval('#root #code svg path:last-of-type', (p) => p.getAttribute('fill')), '#be123c');
  assert.equal(await style(page, '#root canvas', 'display'), 'none');
  assert.equal(await style(page, '#root #download', 'background-color'), 'rgb(15, 23, 42)');
  await shot(page, 'v0-qr');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#root #download')]);
  assert.equal(download.suggestedFilename(), 'qr-code.png');
  const png = readFileSync(await download.path());
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  // QRCodeCanvas draws at its size times the device's pixel ratio (1 here): 512 by 512.
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [512, 512]);
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test("ChatGPT's Wi-Fi card with qrcode.react 3's default export and renderAs=\"svg\": the code is drawn and follows the network typed", async () => {
  const e = await dropReact('WifiCard.jsx', C.CHATGPT_WIFI);
  const { page, context } = await open(e);
  await page.waitForSelector('#root svg#wifi-qr');
  assert.equal(await text(page, '#root #payload'), 'WIFI:T:WPA;S:Cafe Guest;P:espresso2024;;');
  // 40 characters at level L (3.x's and 4.x's default) is version 3; includeMargin is 4 modules.
  assert.deepEqual(await qrShape(page, '#root svg#wifi-qr'), { modules: 29, margin: 4, finders: [true, true, true] });
  assert.equal(await page.$eval('#root svg#wifi-qr', (s) => s.getAttribute('height')), '200');
  await page.fill('#root #password', 'a much longer password; with a semicolon');
  assert.equal(await text(page, '#root #payload'), 'WIFI:T:WPA;S:Cafe Guest;P:a much longer password\\; with a semicolon;;');
  assert.deepEqual(await qrShape(page, '#root svg#wifi-qr'), { modules: 33, margin: 4, finders: [true, true, true] });
  assert.equal(await style(page, '#root h2', 'color'), 'rgb(79, 70, 229)');
  await shot(page, 'chatgpt-wifi-qr');
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test("ChatGPT's workout log with Chart.js 2's `import Chart from \"chart.js\"` and nothing registered, beside chart.js/auto: both drawn by one Chart.js, a click adds a bar", async () => {
  const e = await dropReact('WorkoutLog.jsx', C.CHATGPT_WORKOUTS);
  const { page, context } = await open(e);
  await page.waitForFunction(() => window.oneChartJs !== undefined);
  assert.equal(await page.evaluate(() => window.oneChartJs), true);
  const bars = () => page.$eval('#root #weeks', (c) => {
    const row = c.getContext('2d').getImageData(0, Math.round(c.height * 0.8), c.width, 1).data;
    let runs = 0;
    let inside = false;
    for (let i = 0; i < row.length; i += 4) {
      const hit = row[i] === 0xea && row[i + 1] === 0x58 && row[i + 2] === 0x0c;
      if (hit && !inside) runs += 1;
      inside = hit;
    }
    return runs;
  });
  assert.equal(await bars(), 4);
  assert.deepEqual(await page.$eval('#root #split', (c) => [...c.getContext('2d').getImageData(c.width / 2, c.height / 2, 1, 1).data].slice(0, 3)), [0x25, 0x63, 0xeb]);
  await page.click('#root #add');
  assert.equal(await bars(), 5);
  // chart.js/auto is a small module over the page's one chart.js, not a second copy.
  assert.ok(page.requested.some((p) => p.endsWith('/react-kit/chart.js.mjs')));
  await shot(page, 'chatgpt-workouts');
  assert.deepEqual(await notices(page), []);
  // The test's own pixel reads of Chart.js's canvases make Chromium suggest willReadFrequently.
  page.console = page.console.filter((m) => !m.includes('willReadFrequently'));
  quiet(page);
  await context.close();
});

test("Claude's quiz throwing react-confetti over the window when won: the pieces fall over the page, and the button under them still takes the click", async () => {
  const e = await dropReact('planet-quiz.jsx', C.CLAUDE_QUIZ);
  const { page, context } = await open(e);
  await page.waitForSelector('#root button.option');
  await page.click('#root button.option:text-is("Mars")');
  await page.click('#root button.option:text-is("56")');
  assert.equal(await text(page, '#root #result'), 'Perfect score!');
  await page.waitForSelector('#root canvas');
  assert.deepEqual(await page.$eval('#root canvas', (c) => [c.width, c.height, getComputedStyle(c).pointerEvents]), [1200, 900, 'none']);
  // Pieces are drawn: some of the canvas's pixels are painted.
  await page.waitForFunction(() => {
    const c = document.querySelector('#root canvas');
    const data = c.getContext('2d').getImageData(0, 0, c.width, 300).data;
    for (let i = 3; i < data.length; i += 4 * 7) if (data[i] > 0) return true;
    return false;
  });
  await shot(page, 'claude-quiz-confetti');
  await page.click('#root #again');
  assert.equal(await page.$$eval('#root button.option', (bs) => bs.length), 3);
  assert.equal(await page.$('#root canvas'), null);
  assert.deepEqual(await notices(page), []);
  page.console = page.console.filter((m) => !m.includes('willReadFrequently'));
  quiet(page);
  await context.close();
});

test("react-use beside react-confetti: its \"Cannot import\" says react-confetti sizes itself to the window without useWindowSize", async () => {
  const e = await dropReact('Celebrate.jsx', C.CONFETTI_WINDOW_SIZE);
  const { page, context } = await open(e);
  await page.waitForFunction(() => /Cannot import "react-use"/.test(document.body.textContent));
  assert.match(await page.textContent('body'), /Cannot import "react-use" \(line 3: import \{ useWindowSize \} from "react-use";\)\. react-use is not provided[^]*react-confetti sizes itself to the window without its useWindowSize/);
  await context.close();
});
