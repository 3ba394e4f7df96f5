// HTML pages as the AI tools write them (sweep 11): Chart.js and d3 imported from the CDNs' ES
// module builds the ways Gemini's and AI Studio's pages write them. jsDelivr's `+esm` (and esm.run,
// its short address) gives a package with no default export `export default null`, so
// `import Chart from '…/chart.js@4/+esm'` loads there; Plug's modules had no default at all, and the
// whole module script stopped with a SyntaxError before its first line ran. Each page is dropped on
// the real Worker and opened in Chromium, whose DNS here knows none of the CDNs: what is asserted
// is what a person sees (README "Decisions": CDN libraries in HTML pages).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBrowserWorld } from './support/browser-world.mjs';

const world = useBrowserWorld('html-artifacts3');
const shot = (page, name) => page.screenshot({ path: join(world.SHOTS, `${name}.png`), fullPage: true });
/** The colour of the pixel at (x, y), in fractions of the canvas's size. */
const pixel = (page, selector, x, y) => page.$eval(selector, (c, [x, y]) => [...c.getContext('2d').getImageData(Math.round(c.width * x), Math.round(c.height * y), 1, 1).data].slice(0, 3), [x, y]);
/** How many runs of the colour `rgb` cross the canvas's row at `y` (a fraction of its height). */
const runs = (page, selector, rgb, y) => page.$eval(selector, (c, [rgb, y]) => {
  const row = c.getContext('2d').getImageData(0, Math.round(c.height * y), c.width, 1).data;
  let count = 0;
  let inside = false;
  for (let i = 0; i < row.length; i += 4) {
    const hit = row[i] === rgb[0] && row[i + 1] === rgb[1] && row[i + 2] === rgb[2];
    if (hit && !inside) count += 1;
    inside = hit;
  }
  return count;
}, [rgb, y]);

// An AI Studio habit tracker: the default import from jsDelivr's `+esm`, as Chart.js's own
// `import Chart from 'chart.js/auto'` is written, and nothing registered.
const HABITS = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Habit Streaks</title>
  <script src="https://cdn.tailwindcss.com"></script>
</head>
<body class="bg-stone-50 text-stone-800 p-8">
  <main class="max-w-2xl mx-auto space-y-6">
    <header class="flex items-center justify-between">
      <h1 class="text-2xl font-bold">Habit Streaks</h1>
      <span id="status" class="text-sm text-stone-500">Loading…</span>
    </header>
    <section class="bg-white rounded-2xl shadow-sm p-6">
      <div style="height: 260px"><canvas id="streaks"></canvas></div>
    </section>
    <button id="log" class="px-4 py-2 rounded-lg bg-teal-600 text-white font-medium">Log today</button>
  </main>
  <script type="module">
    import Chart from 'https://cdn.jsdelivr.net/npm/chart.js@4/+esm';

    const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
    const minutes = [20, 35, 15, 40, 25];
    const chart = new Chart(document.getElementById('streaks'), {
      type: 'bar',
      data: { labels: days, datasets: [{ label: 'Minutes', data: minutes, backgroundColor: '#0d9488', borderRadius: 6 }] },
      options: { animation: false, maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, max: 60 } } },
    });
    document.getElementById('status').textContent = 'Chart.js ' + Chart.version;
    document.getElementById('log').addEventListener('click', () => {
      chart.data.labels.push('Sat');
      chart.data.datasets[0].data.push(30);
      chart.update();
    });
  </script>
</body>
</html>
`;

test("an AI Studio page writing `import Chart from '…/chart.js@4/+esm'` (the default import, nothing registered): the bars are drawn and a click adds one", async () => {
  const e = await world.dropLink('habits.html', HABITS);
  const { page, context, response } = await world.open(e);
  assert.match(await response.text(), /import Chart from '\/_plug\/vendor\/cdn\/esm\/chart\.mjs'/);
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Chart.js'));
  assert.equal(await page.textContent('#status'), 'Chart.js 4.4.9');
  assert.equal(await runs(page, '#streaks', [0x0d, 0x94, 0x88], 0.85), 5);
  await page.click('#log');
  assert.equal(await runs(page, '#streaks', [0x0d, 0x94, 0x88], 0.85), 6);
  await shot(page, 'ai-studio-chart-default');
  assert.deepEqual(page.problems, []);
  await context.close();
});

// The other ways the tools' pages import them: jsDelivr's `+esm` of Chart.js's file by its path,
// esm.run (jsDelivr's short address, which Gemini's and ChatGPT's prompts for modules name) for
// `chart.js/auto` and d3, a dynamic import read defensively (`mod.Chart || mod.default`), and d3's
// default import beside a named one. They share one Chart.js: `chart.js/auto` registers every part,
// as on jsDelivr, so the first chart has its legend too.
const MODULES = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Sales Overview</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 24px; background: #f8fafc; }
    .card { width: 520px; height: 220px; margin-bottom: 16px; background: #fff; border-radius: 12px; padding: 12px; }
  </style>
</head>
<body>
  <div class="card"><canvas id="revenue"></canvas></div>
  <div class="card"><canvas id="split"></canvas></div>
  <div class="card"><canvas id="lazy"></canvas></div>
  <svg id="spark" width="520" height="80"></svg>
  <p id="done"></p>
  <script type="module">
    import { Chart, BarController, BarElement, CategoryScale, LinearScale } from 'https://cdn.jsdelivr.net/npm/chart.js@4.4.1/dist/chart.js/+esm';
    import AutoChart from 'https://esm.run/chart.js/auto';
    import d3 from 'https://cdn.jsdelivr.net/npm/d3@7/+esm';
    import { scaleLinear } from 'https://esm.run/d3@7';

    Chart.register(BarController, BarElement, CategoryScale, LinearScale);
    new Chart(document.getElementById('revenue'), {
      type: 'bar',
      data: { labels: ['Q1', 'Q2', 'Q3', 'Q4'], datasets: [{ label: 'Revenue', data: [12, 19, 7, 15], backgroundColor: '#7c3aed' }] },
      options: { animation: false, maintainAspectRatio: false },
    });
    new AutoChart(document.getElementById('split'), {
      type: 'doughnut',
      data: { labels: ['Online'], datasets: [{ data: [1], backgroundColor: ['#f97316'], borderWidth: 0 }] },
      options: { animation: false, maintainAspectRatio: false, cutout: '40%', plugins: { legend: { display: false } } },
    });
    const mod = await import('https://esm.run/chart.js@4');
    const Lazy = mod.Chart || mod.default;
    Lazy.register(...mod.registerables);
    new Lazy(document.getElementById('lazy'), {
      type: 'line',
      data: { labels: ['a', 'b', 'c'], datasets: [{ data: [1, 3, 2], borderColor: '#16a34a', borderWidth: 6 }] },
      options: { animation: false, maintainAspectRatio: false, plugins: { legend: { display: false } }, elements: { point: { radius: 0 } } },
    });
    const x = scaleLinear().domain([0, 4]).range([10, 510]);
    d3.select('#spark').selectAll('circle').data([3, 1, 4, 1, 5]).join('circle')
      .attr('cx', (d, i) => x(i)).attr('cy', 40).attr('r', (d) => d * 4).attr('fill', '#0284c7');
    window.sameChart = Chart === AutoChart && Lazy === Chart;
    document.getElementById('done').textContent = 'ready';
  </script>
</body>
</html>
`;

test("a Gemini page importing Chart.js's file by path through +esm, chart.js/auto and d3 through esm.run, a dynamic import and d3's default import: every chart is drawn by the drop's own copies", async () => {
  const e = await world.dropLink('sales.html', MODULES);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /from '\/_plug\/vendor\/cdn\/esm\/chart\.mjs'/);
  assert.match(html, /import AutoChart from '\/_plug\/vendor\/cdn\/esm\/chart-auto\.mjs'/);
  assert.match(html, /import d3 from '\/_plug\/vendor\/cdn\/esm\/d3\.mjs'/);
  assert.match(html, /import\('\/_plug\/vendor\/cdn\/esm\/chart\.mjs'\)/);
  assert.doesNotMatch(html, /esm\.run|cdn\.jsdelivr\.net/);
  await page.waitForFunction(() => document.getElementById('done').textContent === 'ready');
  await shot(page, 'gemini-chart-d3-forms');
  assert.equal(await runs(page, '#revenue', [0x7c, 0x3a, 0xed], 0.8), 4);
  assert.equal(await page.evaluate(() => window.sameChart), true);
  assert.deepEqual(await pixel(page, '#split', 0.5, 0.2), [0xf9, 0x73, 0x16]);
  assert.ok(await runs(page, '#lazy', [0x16, 0xa3, 0x4a], 0.5) >= 1);
  assert.deepEqual(await page.$$eval('#spark circle', (cs) => cs.map((c) => c.getAttribute('r'))), ['12', '4', '16', '4', '20']);
  assert.deepEqual(page.problems, []);
  await context.close();
});
