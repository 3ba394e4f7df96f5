// HTML pages as the AI tools write them today (sweep 10): a ChatGPT canvas page on Tailwind's Play
// CDN, Chart.js and Google Fonts; a Claude HTML artifact with its libraries from cdnjs, among them
// jspdf-autotable; Gemini pages whose `<script type="module">` imports d3 and Chart.js from
// jsDelivr's `+esm` and esm.sh. Each is dropped on the real Worker and opened in Chromium, whose
// DNS here knows none of the CDNs: what is asserted is what a person sees (docs/serving.md: CDN
// libraries in HTML pages), and `page.problems` records every failed request and console error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { useBrowserWorld } from './support/browser-world.mjs';
import { ROOT } from './support/worker.mjs';
import { PYTHON } from './support/python.mjs';

const world = useBrowserWorld('html-artifacts2');
const shot = (page, name) => page.screenshot({ path: join(world.SHOTS, `${name}.png`), fullPage: true });
const scripts = (page) => page.evaluate(() => [...document.scripts].filter((s) => s.src && !/badge/.test(s.src)).map((s) => new URL(s.src).pathname));
/** The text of a downloaded PDF, as pypdf reads it. */
const pdfText = async (download) => execFileSync(PYTHON, ['-c', 'import sys, pypdf; print("\\n".join(p.extract_text() for p in pypdf.PdfReader(sys.argv[1]).pages))', await download.path()], { encoding: 'utf8' });
/** The colour of the pixel at (x, y), in fractions of the canvas's size. */
const pixel = (page, selector, x, y) => page.$eval(selector, (c, [x, y]) => [...c.getContext('2d').getImageData(Math.round(c.width * x), Math.round(c.height * y), 1, 1).data].slice(0, 3), [x, y]);

test('jspdf-autotable 3 and 5 are vendored with their licences', () => {
  for (const file of ['jspdf-autotable3.min.js', 'jspdf.plugin.autotable.min.js', 'esm/d3.mjs', 'esm/chart.mjs', 'esm/chart-auto.mjs', 'licenses/jspdf-autotable.txt', 'licenses/jspdf-autotable-3.txt']) {
    assert.ok(existsSync(join(ROOT, 'public/vendor/cdn', file)), file);
  }
  assert.match(readFileSync(join(ROOT, 'public/vendor/cdn/licenses/jspdf-autotable.txt'), 'utf8'), /MIT/);
});

// ChatGPT's canvas writes a whole page: the Play CDN with its config, Chart.js from jsDelivr, Inter
// from Google Fonts, and a script at the end of <body>.
const BUDGET = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1.0" />
  <title>Monthly Budget Tracker</title>
  <script src="https://cdn.tailwindcss.com"></script>
  <script src="https://cdn.jsdelivr.net/npm/chart.js"></script>
  <link rel="preconnect" href="https://fonts.googleapis.com" />
  <link rel="preconnect" href="https://fonts.gstatic.com" crossorigin />
  <link href="https://fonts.googleapis.com/css2?family=Inter:wght@400;600;700&display=swap" rel="stylesheet" />
  <script>
    tailwind.config = {
      theme: {
        extend: {
          fontFamily: { sans: ['Inter', 'sans-serif'] },
          colors: { brand: { 500: '#6366f1', 600: '#4f46e5' } },
        },
      },
    };
  </script>
</head>
<body class="bg-gray-100 font-sans text-gray-800">
  <div class="max-w-4xl mx-auto p-6">
    <h1 class="text-3xl font-bold mb-6">Monthly Budget</h1>
    <div class="grid md:grid-cols-2 gap-6">
      <form id="expense-form" class="bg-white rounded-xl shadow p-5 space-y-3">
        <input id="label" class="w-full border rounded-lg px-3 py-2" placeholder="Expense" required />
        <input id="amount" type="number" class="w-full border rounded-lg px-3 py-2" placeholder="Amount" required />
        <select id="category" class="w-full border rounded-lg px-3 py-2">
          <option>Housing</option><option>Food</option><option>Transport</option>
        </select>
        <button id="add" class="w-full bg-brand-500 hover:bg-brand-600 text-white font-semibold py-2 rounded-lg">Add expense</button>
        <p class="text-sm text-gray-500">Total spent: <span id="total" class="font-semibold">$0</span></p>
      </form>
      <div class="bg-white rounded-xl shadow p-5">
        <canvas id="chart" height="260"></canvas>
      </div>
    </div>
  </div>
  <script>
    const totals = { Housing: 1200, Food: 0, Transport: 0 };
    const ctx = document.getElementById('chart').getContext('2d');
    const chart = new Chart(ctx, {
      type: 'doughnut',
      data: {
        labels: Object.keys(totals),
        datasets: [{ data: Object.values(totals), backgroundColor: ['#6366f1', '#f59e0b', '#10b981'], borderWidth: 0 }],
      },
      options: { animation: false, plugins: { legend: { position: 'bottom' } } },
    });
    function render() {
      chart.data.datasets[0].data = Object.values(totals);
      chart.update();
      const sum = Object.values(totals).reduce((a, b) => a + b, 0);
      document.getElementById('total').textContent = '$' + sum.toLocaleString();
    }
    document.getElementById('expense-form').addEventListener('submit', (e) => {
      e.preventDefault();
      totals[document.getElementById('category').value] += Number(document.getElementById('amount').value);
      render();
      e.target.reset();
    });
    render();
  </script>
</body>
</html>
`;

test("a ChatGPT canvas page on the Play CDN with its config, Chart.js and Google Fonts: styled, drawn, and redrawn when an expense is added", async () => {
  const e = await world.dropLink('budget.html', BUDGET);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /src="\/_plug\/vendor\/cdn\/chart\.umd\.js"/);
  // Google's stylesheet is left at Google, loaded so that it holds nothing (README).
  assert.match(html, /fonts\.googleapis\.com\/css2\?family=Inter[^"]*" rel="stylesheet" media="print"/);
  await page.waitForFunction(() => window.Chart && document.getElementById('total').textContent === '$1,200');
  // The config's brand colour and font are the page's; the doughnut is all Housing's indigo.
  assert.equal(await page.$eval('#add', (b) => getComputedStyle(b).backgroundColor), 'rgb(99, 102, 241)');
  assert.match(await page.$eval('body', (b) => getComputedStyle(b).fontFamily), /^Inter, sans-serif/);
  assert.equal(await page.$eval('form', (f) => getComputedStyle(f).borderTopLeftRadius), '12px');
  // The colour drawn in the middle of each category's arc (where Chart.js puts its tooltip).
  const arcColour = (i) => page.evaluate((i) => {
    const chart = Chart.getChart('chart');
    const { x, y } = chart.getDatasetMeta(0).data[i].tooltipPosition();
    const ratio = chart.currentDevicePixelRatio;
    return [...chart.ctx.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data].slice(0, 3);
  }, i);
  assert.deepEqual(await arcColour(0), [0x63, 0x66, 0xf1]);
  await page.fill('#label', 'Groceries');
  await page.fill('#amount', '1200');
  await page.selectOption('#category', 'Food');
  await page.click('#add');
  assert.equal(await page.textContent('#total'), '$2,400');
  // Half of it is now Food's amber, drawn on the canvas.
  assert.deepEqual(await arcColour(1), [0xf5, 0x9e, 0x0b]);
  assert.deepEqual(await arcColour(0), [0x63, 0x66, 0xf1]);
  await shot(page, 'chatgpt-budget');
  // Only Google's stylesheet failed (this machine resolves no CDN), each failure with its console line.
  const failed = page.problems.filter((p) => p.startsWith('https://'));
  assert.ok(failed.length > 0 && failed.every((p) => p.startsWith('https://fonts.googleapis.com/css2?family=Inter')), failed.join());
  assert.deepEqual(page.problems.filter((p) => !failed.includes(p)), failed.map(() => 'Failed to load resource: net::ERR_NAME_NOT_RESOLVED'));
  await context.close();
});

// Claude's HTML artifacts take their libraries from cdnjs with integrity pins: jsPDF, its
// autotable plugin and lodash, for a table exported as a PDF.
const GRADEBOOK = `<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <title>Gradebook</title>
    <script src="https://cdnjs.cloudflare.com/ajax/libs/jspdf/2.5.1/jspdf.umd.min.js"></script>
    <script src="https://cdnjs.cloudflare.com/ajax/libs/jspdf-autotable/3.5.31/jspdf.plugin.autotable.min.js"></script>
    <script src="https://cdnjs.cloudflare.com/ajax/libs/lodash.js/4.17.21/lodash.min.js"></script>
    <style>
        body { font-family: system-ui, -apple-system, sans-serif; background: #f8fafc; margin: 0; padding: 32px; }
        .card { max-width: 640px; margin: 0 auto; background: white; border-radius: 12px; padding: 24px; box-shadow: 0 4px 24px rgba(0,0,0,0.08); }
        table { width: 100%; border-collapse: collapse; margin: 16px 0; }
        th, td { padding: 8px 12px; border-bottom: 1px solid #e2e8f0; text-align: left; }
        th { background: #0f766e; color: white; }
        button { background: #0f766e; color: white; border: none; padding: 10px 18px; border-radius: 8px; cursor: pointer; }
    </style>
</head>
<body>
    <div class="card">
        <h1>Class Gradebook</h1>
        <table id="grades"><thead><tr><th>Student</th><th>Score</th><th>Grade</th></tr></thead><tbody></tbody></table>
        <p id="average"></p>
        <button id="export">Export PDF</button>
    </div>
    <script>
        const students = [
            { name: 'Maya Chen', score: 94 },
            { name: 'Liam Patel', score: 81 },
            { name: 'Sofia Rossi', score: 67 },
            { name: 'Noah Kim', score: 88 },
        ];
        const grade = (s) => s >= 90 ? 'A' : s >= 80 ? 'B' : s >= 70 ? 'C' : 'D';
        const sorted = _.orderBy(students, ['score'], ['desc']);
        document.querySelector('#grades tbody').innerHTML = sorted
            .map((s) => '<tr><td>' + s.name + '</td><td>' + s.score + '</td><td>' + grade(s.score) + '</td></tr>').join('');
        document.getElementById('average').textContent = 'Class average: ' + _.round(_.meanBy(students, 'score'), 1);
        document.getElementById('export').addEventListener('click', () => {
            const { jsPDF } = window.jspdf;
            const doc = new jsPDF();
            doc.text('Class Gradebook', 14, 18);
            doc.autoTable({ html: '#grades', startY: 24, headStyles: { fillColor: [15, 118, 110] } });
            doc.text(document.getElementById('average').textContent, 14, doc.lastAutoTable.finalY + 10);
            doc.save('gradebook.pdf');
        });
    </script>
</body>
</html>
`;

test("a Claude HTML artifact with jsPDF, jspdf-autotable and lodash from cdnjs: the table it builds is exported as a PDF table", async () => {
  const e = await world.dropLink('gradebook.html', GRADEBOOK);
  const { page, context } = await world.open(e);
  await page.waitForSelector('#grades tbody tr');
  assert.deepEqual(await scripts(page), ['/_plug/vendor/cdn/jspdf.umd.min.js', '/_plug/vendor/cdn/jspdf-autotable3.min.js', '/_plug/vendor/cdn/lodash.min.js']);
  assert.equal(await page.textContent('#average'), 'Class average: 82.5');
  assert.equal(await page.evaluate(() => typeof window.jspdf.jsPDF.API.autoTable), 'function');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  assert.equal(download.suggestedFilename(), 'gradebook.pdf');
  const text = await pdfText(download);
  assert.match(text, /Class Gradebook/);
  assert.match(text, /Student Score Grade\s+Maya Chen 94 A\s+Noah Kim 88 B\s+Liam Patel 81 B\s+Sofia Rossi 67 D/);
  assert.match(text, /Class average: 82\.5/);
  await shot(page, 'claude-gradebook');
  assert.deepEqual(page.problems, []);
  await context.close();
});

// Gemini's pages are one file with a module script importing from the CDNs' ES module builds: d3
// as d3's own documentation writes it, canvas-confetti from esm.sh.
const D3_MODULE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Population by Continent</title>
  <script src="https://cdn.tailwindcss.com"></script>
</head>
<body class="bg-slate-900 text-slate-100 min-h-screen flex flex-col items-center p-8">
  <h1 class="text-3xl font-bold mb-4">Population by Continent</h1>
  <svg id="chart" width="640" height="320"></svg>
  <button id="celebrate" class="mt-6 px-5 py-2 rounded-full bg-emerald-500 hover:bg-emerald-400 font-semibold">Celebrate 🎉</button>
  <p id="clicked" class="mt-2 text-slate-400"></p>
  <script type="module">
    import * as d3 from "https://cdn.jsdelivr.net/npm/d3@7/+esm";
    import confetti from "https://esm.sh/canvas-confetti@1.9.3";

    const data = [
      { continent: "Asia", population: 4.75 },
      { continent: "Africa", population: 1.46 },
      { continent: "Europe", population: 0.74 },
      { continent: "Americas", population: 1.04 },
      { continent: "Oceania", population: 0.045 },
    ];
    const svg = d3.select("#chart");
    const margin = { top: 10, right: 10, bottom: 30, left: 40 };
    const width = +svg.attr("width") - margin.left - margin.right;
    const height = +svg.attr("height") - margin.top - margin.bottom;
    const g = svg.append("g").attr("transform", \`translate(\${margin.left},\${margin.top})\`);
    const x = d3.scaleBand().domain(data.map((d) => d.continent)).range([0, width]).padding(0.2);
    const y = d3.scaleLinear().domain([0, d3.max(data, (d) => d.population)]).nice().range([height, 0]);
    g.append("g").attr("transform", \`translate(0,\${height})\`).call(d3.axisBottom(x));
    g.append("g").call(d3.axisLeft(y));
    g.selectAll("rect").data(data).join("rect")
      .attr("class", "bar")
      .attr("x", (d) => x(d.continent)).attr("y", (d) => y(d.population))
      .attr("width", x.bandwidth()).attr("height", (d) => height - y(d.population))
      .attr("fill", d3.schemeTableau10[0]);
    document.getElementById("celebrate").addEventListener("click", () => {
      confetti({ particleCount: 120, spread: 70, origin: { y: 0.6 } });
      document.getElementById("clicked").textContent = "Confetti!";
    });
  </script>
</body>
</html>
`;

test("a Gemini page whose module script imports d3 from jsDelivr's +esm and canvas-confetti from esm.sh: the bars are drawn, the button throws confetti", async () => {
  const e = await world.dropLink('population.html', D3_MODULE);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /from "\/_plug\/vendor\/cdn\/esm\/d3\.mjs"/);
  assert.match(html, /from "\/_plug\/vendor\/cdn\/confetti\.module\.mjs"/);
  await page.waitForSelector('#chart rect.bar');
  const bars = await page.$$eval('#chart rect.bar', (rs) => rs.map((r) => ({ h: Math.round(r.getBBox().height), fill: r.getAttribute('fill') })));
  assert.equal(bars.length, 5);
  assert.ok(bars[0].h > bars[1].h && bars[1].h > bars[3].h && bars[3].h > bars[2].h && bars[2].h > bars[4].h, JSON.stringify(bars));
  assert.equal(bars[0].fill, '#4e79a7');
  assert.equal(await page.$$eval('#chart .tick text', (ts) => ts.slice(0, 5).map((t) => t.textContent).join(',')), 'Asia,Africa,Europe,Americas,Oceania');
  assert.equal(await page.$eval('#celebrate', (b) => getComputedStyle(b).backgroundColor), 'rgb(16, 185, 129)');
  await page.click('#celebrate');
  assert.equal(await page.textContent('#clicked'), 'Confetti!');
  await page.waitForSelector('body > canvas');
  await shot(page, 'gemini-d3');
  assert.deepEqual(page.problems, []);
  await context.close();
});

// Chart.js through its ES module: the named `Chart` and `registerables` from jsDelivr's `+esm`, and
// `chart.js/auto` from esm.sh, which registers everything itself.
const CHART_MODULE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Study Hours</title>
  <style>body { font-family: sans-serif; margin: 24px; } .box { width: 480px; height: 240px; }</style>
</head>
<body>
  <div class="box"><canvas id="line"></canvas></div>
  <div class="box"><canvas id="pie"></canvas></div>
  <button id="more">Add a day</button>
  <script type="module">
    import { Chart, registerables } from 'https://cdn.jsdelivr.net/npm/chart.js@4.4.1/+esm';
    import AutoChart from 'https://esm.sh/chart.js@4.4.0/auto';
    Chart.register(...registerables);
    const line = new Chart(document.getElementById('line'), {
      type: 'bar',
      data: { labels: ['Mon', 'Tue', 'Wed'], datasets: [{ label: 'Hours', data: [2, 3, 1], backgroundColor: '#e11d48' }] },
      options: { animation: false, maintainAspectRatio: false, scales: { y: { beginAtZero: true, max: 5 } } },
    });
    new AutoChart(document.getElementById('pie'), {
      type: 'pie',
      data: { labels: ['Math', 'Art'], datasets: [{ data: [1, 0], backgroundColor: ['#0ea5e9', '#a3e635'] }] },
      options: { animation: false, maintainAspectRatio: false, plugins: { legend: { display: false } } },
    });
    window.sameChart = Chart === AutoChart;
    document.getElementById('more').addEventListener('click', () => {
      line.data.labels.push('Thu');
      line.data.datasets[0].data.push(4);
      line.update();
    });
  </script>
</body>
</html>
`;

test("a Gemini page importing Chart.js from jsDelivr's +esm and chart.js/auto from esm.sh: both charts drawn by one Chart.js, a click adds a bar", async () => {
  const e = await world.dropLink('study.html', CHART_MODULE);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /from '\/_plug\/vendor\/cdn\/esm\/chart\.mjs'/);
  assert.match(html, /from '\/_plug\/vendor\/cdn\/esm\/chart-auto\.mjs'/);
  await page.waitForFunction(() => window.sameChart !== undefined);
  assert.equal(await page.evaluate(() => window.sameChart), true);
  // The pie is all Math's sky blue; the bar chart has three rose bars, then four.
  assert.deepEqual(await pixel(page, '#pie', 0.5, 0.5), [0x0e, 0xa5, 0xe9]);
  const roseColumns = () => page.$eval('#line', (c) => {
    const ctx = c.getContext('2d');
    const row = ctx.getImageData(0, Math.round(c.height * 0.85), c.width, 1).data;
    let runs = 0;
    let inside = false;
    for (let i = 0; i < row.length; i += 4) {
      const rose = row[i] === 0xe1 && row[i + 1] === 0x1d && row[i + 2] === 0x48;
      if (rose && !inside) runs += 1;
      inside = rose;
    }
    return runs;
  });
  assert.equal(await roseColumns(), 3);
  await page.click('#more');
  assert.equal(await roseColumns(), 4);
  await shot(page, 'gemini-chartjs-esm');
  assert.deepEqual(page.problems, []);
  await context.close();
});
