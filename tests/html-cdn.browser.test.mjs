// HTML pages made by AI tools load their libraries from CDNs: Gemini's and ChatGPT's canvases
// Tailwind's Play CDN, Chart.js and lucide from jsDelivr and unpkg, React with Babel from unpkg;
// Claude's HTML artifacts three.js, d3 and Font Awesome from cdnjs; notes pages marked and KaTeX.
// Plug answers the versions it vendors from the drop's own origin (docs/serving.md: CDN libraries in HTML pages), so these
// pages work where no CDN can be reached, as on this machine, whose DNS knows none of them: each
// page is opened in Chromium and checked for what a person sees. The fixtures are written here in
// the shape those tools write them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBrowserWorld } from './support/browser-world.mjs';

const world = useBrowserWorld('html-cdn');

// Google's fonts are not vendored: the page falls back to its next font, as it does offline. Its
// failed request and Chromium's console line about it are the only problems allowed.
const onlyFontsFailed = (problems) => {
  const fonts = problems.filter((p) => /^https:\/\/fonts\.(googleapis|gstatic)\.com\//.test(p));
  assert.equal(fonts.length, 1, problems.join('\n'));
  return problems.filter((p) => !fonts.includes(p) && p !== 'Failed to load resource: net::ERR_NAME_NOT_RESOLVED');
};

const GEMINI_DASHBOARD = `<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <title>Sales Dashboard</title>
    <script src="https://cdn.tailwindcss.com"></script>
    <script src="https://cdn.jsdelivr.net/npm/chart.js"></script>
    <script src="https://unpkg.com/lucide@latest"></script>
    <link rel="preconnect" href="https://fonts.googleapis.com">
    <link href="https://fonts.googleapis.com/css2?family=Inter:wght@400;600;700&display=swap" rel="stylesheet">
    <script>
        tailwind.config = {
            theme: {
                extend: {
                    colors: { brand: { 500: '#0ea5e9', 700: '#0369a1' } },
                    fontFamily: { sans: ['Inter', 'sans-serif'] },
                }
            }
        }
    </script>
    <style type="text/tailwindcss">
        .card { @apply bg-white rounded-xl shadow-md p-6; }
    </style>
</head>
<body class="bg-gray-100 font-sans">
    <div class="max-w-5xl mx-auto p-4 md:p-8">
        <header class="flex items-center gap-3 mb-6">
            <i data-lucide="bar-chart-3" class="w-8 h-8 text-brand-500"></i>
            <h1 class="text-3xl font-bold text-gray-800">Quarterly Sales</h1>
        </header>
        <div class="grid grid-cols-1 md:grid-cols-3 gap-4 mb-6">
            <div class="card"><p class="text-sm text-gray-500">Revenue</p><p id="revenue" class="text-2xl font-semibold">$48,200</p></div>
            <div class="card"><p class="text-sm text-gray-500">Orders</p><p class="text-2xl font-semibold">1,204</p></div>
            <div class="card"><p class="text-sm text-gray-500">Customers</p><p class="text-2xl font-semibold">312</p></div>
        </div>
        <div class="card">
            <canvas id="salesChart" height="120"></canvas>
        </div>
        <button id="toggle" class="mt-6 px-4 py-2 bg-brand-500 hover:bg-brand-700 text-white rounded-lg">Highlight</button>
    </div>
    <script>
        lucide.createIcons();
        const ctx = document.getElementById('salesChart').getContext('2d');
        new Chart(ctx, {
            type: 'bar',
            data: {
                labels: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'],
                datasets: [{ label: 'Sales', data: [12, 19, 3, 5, 2, 3], backgroundColor: 'rgba(14, 165, 233, 0.6)' }]
            },
            options: { animation: false, responsive: true }
        });
        document.getElementById('toggle').addEventListener('click', () => {
            document.getElementById('revenue').classList.add('text-emerald-600', 'underline');
        });
    </script>
</body>
</html>
`;

test("a Gemini-style page: Tailwind's Play CDN with its config and @apply, Chart.js and lucide, from the drop's origin", async () => {
  const e = await world.dropLink('dashboard.html', GEMINI_DASHBOARD);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /<script src="\/_plug\/vendor\/cdn\/tailwind-play\.js"><\/script>/);
  assert.match(html, /<script src="\/_plug\/vendor\/cdn\/chart\.umd\.js"><\/script>/);
  assert.match(html, /<script src="\/_plug\/vendor\/cdn\/lucide\.min\.js"><\/script>/);
  // Not vendored: left as written.
  assert.match(html, /href="https:\/\/fonts\.googleapis\.com\/css2\?family=Inter/);

  await page.waitForFunction(() => getComputedStyle(document.querySelector('h1')).fontSize === '30px');
  const styles = await page.evaluate(() => {
    const card = document.querySelector('.card');
    const button = document.getElementById('toggle');
    const cs = (el) => getComputedStyle(el);
    return {
      visibility: cs(document.documentElement).visibility,
      background: cs(document.body).backgroundColor,
      cardRadius: cs(card).borderTopLeftRadius,
      cardPadding: cs(card).paddingTop,
      cardBackground: cs(card).backgroundColor,
      button: cs(button).backgroundColor,
      buttonRadius: cs(button).borderTopLeftRadius,
      columns: cs(document.querySelector('.grid')).gridTemplateColumns.split(' ').length,
      fontFamily: cs(document.body).fontFamily,
    };
  });
  assert.deepEqual(styles, {
    visibility: 'visible',
    background: 'rgb(243, 244, 246)', // bg-gray-100
    cardRadius: '12px', // @apply rounded-xl
    cardPadding: '24px', // @apply p-6
    cardBackground: 'rgb(255, 255, 255)',
    button: 'rgb(14, 165, 233)', // the config's brand-500
    buttonRadius: '8px',
    columns: 3, // md:grid-cols-3 at Chromium's 1280 px
    fontFamily: 'Inter, sans-serif',
  });
  // lucide drew its icon; Chart.js drew bars.
  assert.equal(await page.locator('header svg.lucide').count(), 1);
  const painted = await page.evaluate(() => {
    const canvas = document.getElementById('salesChart');
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let blue = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 2] > 150 && data[i] < 120 && data[i + 3] > 100) blue++;
    return blue;
  });
  assert.ok(painted > 1000, `bars drawn (${painted} blue pixels)`);
  // A class the page adds later is compiled too.
  await page.click('#toggle');
  await page.waitForFunction(() => getComputedStyle(document.getElementById('revenue')).color === 'rgb(5, 150, 105)');
  await page.screenshot({ path: join(world.SHOTS, 'gemini-dashboard.png') });
  assert.deepEqual(onlyFontsFailed(page.problems), []);
  await context.close();
});

// A canvas page's chart script runs at the end of <body> and sizes itself from its container,
// as ECharts, D3 and three.js do. The Play CDN's CSS is in by then (it compiles before each script
// the parser runs), so the container is the card the page shows, not the unstyled full width.
const CANVAS_CHARTS = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Team Pulse</title>
  <script src="https://cdn.tailwindcss.com"></script>
  <script src="https://cdn.jsdelivr.net/npm/echarts@5.6.0/dist/echarts.min.js"></script>
  <script src="https://d3js.org/d3.v7.min.js"></script>
  <script>tailwind.config = { theme: { extend: { colors: { pulse: '#7c3aed' } } } };</script>
</head>
<body class="bg-slate-50 p-8">
  <h1 class="text-3xl font-semibold text-pulse mb-6">Team Pulse</h1>
  <div id="cards" class="grid grid-cols-2 gap-6">
    <div class="bg-white rounded-xl shadow p-4"><div id="mood" style="height:260px"></div></div>
    <div id="second" class="bg-white rounded-xl shadow p-4"><svg id="bars" height="120"></svg></div>
  </div>
  <script>
    window.atScript = {
      moodWidth: document.getElementById('mood').clientWidth,
      columns: getComputedStyle(document.getElementById('cards')).gridTemplateColumns.split(' ').length,
      title: getComputedStyle(document.querySelector('h1')).color,
    };
    const mood = echarts.init(document.getElementById('mood'));
    mood.setOption({ animation: false, series: [{ type: 'pie', radius: '60%', data: [{ value: 8, name: 'Great' }, { value: 5, name: 'Fine' }] }] });
    const bars = d3.select('#bars').attr('width', document.getElementById('second').clientWidth - 32);
    const x = d3.scaleBand().domain(['Mon', 'Tue', 'Wed']).range([0, +bars.attr('width')]).padding(0.2);
    bars.selectAll('rect').data([12, 19, 7]).join('rect')
      .attr('x', (d, i) => x(['Mon', 'Tue', 'Wed'][i])).attr('y', (d) => 120 - d * 5)
      .attr('width', x.bandwidth()).attr('height', (d) => d * 5).attr('fill', '#7c3aed');
  </script>
  <script type="module">
    window.atModule = document.getElementById('second').clientWidth;
  </script>
</body>
</html>
`;

test("a chart sized by its script at the end of <body> is sized for the page Tailwind's Play CDN styles, as with the real CDN; d3 from d3js.org", async () => {
  const e = await world.dropLink('pulse.html', CANVAS_CHARTS);
  const { page, context } = await world.open(e);
  await page.waitForFunction(() => window.atModule !== undefined && getComputedStyle(document.documentElement).visibility === 'visible');
  const seen = await page.evaluate(() => ({
    ...window.atScript,
    moodNow: document.getElementById('mood').clientWidth,
    chartWidth: echarts.getInstanceByDom(document.getElementById('mood')).getWidth(),
    barsWidth: Number(document.getElementById('bars').getAttribute('width')),
    barCount: document.querySelectorAll('#bars rect').length,
    secondNow: document.getElementById('second').clientWidth,
    atModule: window.atModule,
  }));
  await page.screenshot({ path: join(world.SHOTS, 'canvas-charts.png') });
  assert.equal(seen.columns, 2, 'grid-cols-2 applied when the script ran');
  assert.equal(seen.title, 'rgb(124, 58, 237)', "the head's tailwind.config applied when the script ran");
  assert.equal(seen.moodWidth, seen.moodNow, 'the chart container measured at its shown width');
  assert.equal(seen.chartWidth, seen.moodNow, 'ECharts drew for the card, not the unstyled page width');
  assert.ok(seen.moodNow < 640, `the card is half the page (${seen.moodNow} px)`);
  assert.equal(seen.barsWidth, seen.secondNow - 32, 'the SVG sized from its card (less its padding)');
  assert.equal(seen.barCount, 3, "d3 from d3js.org's own address drew its bars");
  assert.equal(seen.atModule, seen.secondNow, 'a module script measured the styled page too');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a ChatGPT-style React page: React 18 and Babel from unpkg run its text/babel script", async () => {
  const page_ = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8" />
  <title>Todo App</title>
  <script src="https://unpkg.com/react@18/umd/react.development.js" crossorigin></script>
  <script src="https://unpkg.com/react-dom@18/umd/react-dom.development.js" crossorigin></script>
  <script src="https://unpkg.com/@babel/standalone/babel.min.js"></script>
  <script src="https://cdn.tailwindcss.com"></script>
</head>
<body class="bg-slate-50">
  <div id="root"></div>
  <script type="text/babel">
    const { useState } = React;

    function TodoApp() {
      const [todos, setTodos] = useState([{ id: 1, text: 'Write the brief', done: false }]);
      const [text, setText] = useState('');
      const add = (e) => {
        e.preventDefault();
        if (!text.trim()) return;
        setTodos([...todos, { id: Date.now(), text, done: false }]);
        setText('');
      };
      return (
        <div className="max-w-md mx-auto mt-10 p-6 bg-white rounded shadow">
          <h1 className="text-2xl font-bold mb-4">My Todos</h1>
          <form onSubmit={add} className="flex gap-2 mb-4">
            <input value={text} onChange={(e) => setText(e.target.value)} className="flex-1 border px-2 py-1" placeholder="Add a todo" />
            <button className="bg-blue-600 text-white px-3 py-1 rounded">Add</button>
          </form>
          <ul>
            {todos.map((t) => (
              <li key={t.id} className={t.done ? 'line-through text-gray-400' : ''}
                  onClick={() => setTodos(todos.map((x) => x.id === t.id ? { ...x, done: !x.done } : x))}>
                {t.text}
              </li>
            ))}
          </ul>
          <p id="count">{todos.filter((t) => !t.done).length} left</p>
        </div>
      );
    }

    ReactDOM.createRoot(document.getElementById('root')).render(<TodoApp />);
  </script>
</body>
</html>
`;
  const e = await world.dropLink('todo.html', page_);
  const { page, context } = await world.open(e);
  await page.waitForFunction(() => document.getElementById('count')?.textContent === '1 left');
  await page.fill('input', 'Ship it');
  await page.click('button');
  await page.waitForFunction(() => document.getElementById('count').textContent === '2 left');
  await page.click('li >> nth=0');
  await page.waitForFunction(() => document.getElementById('count').textContent === '1 left');
  const look = await page.evaluate(() => ({
    done: getComputedStyle(document.querySelector('li')).textDecorationLine,
    radius: getComputedStyle(document.querySelector('.rounded')).borderTopLeftRadius,
  }));
  assert.deepEqual(look, { done: 'line-through', radius: '4px' }); // v3's rounded
  await page.screenshot({ path: join(world.SHOTS, 'chatgpt-todo.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a Claude-style page: three.js r128, d3, math.js and Font Awesome from cdnjs, with their integrity pins", async () => {
  const page_ = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<title>Orbit Explorer</title>
<link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.5.1/css/all.min.css" integrity="sha512-DTOQO9RWCH3ppGqcWaEA1BIZOC6xxalwEsw9c2QQeAIftl+Vegovlnee1c9QX4TctnWMn13TZye+giMm8e2LwA==" crossorigin="anonymous" referrerpolicy="no-referrer" />
<script src="https://cdnjs.cloudflare.com/ajax/libs/three.js/r128/three.min.js"></script>
<script src="https://cdnjs.cloudflare.com/ajax/libs/d3/7.8.5/d3.min.js"></script>
<script src="https://cdnjs.cloudflare.com/ajax/libs/mathjs/11.8.0/math.min.js"></script>
<style>body { margin: 0; font-family: system-ui; } #bars { display: block; }</style>
</head>
<body>
<h2><i class="fa-solid fa-rocket" id="icon"></i> Orbit Explorer</h2>
<div id="scene"></div>
<svg id="bars" width="300" height="100"></svg>
<script>
const scene = new THREE.Scene();
const camera = new THREE.PerspectiveCamera(75, 2, 0.1, 1000);
const renderer = new THREE.WebGLRenderer({ preserveDrawingBuffer: true });
renderer.setSize(320, 160);
document.getElementById('scene').appendChild(renderer.domElement);
const cube = new THREE.Mesh(new THREE.BoxGeometry(), new THREE.MeshNormalMaterial());
scene.add(cube);
camera.position.z = 2;
renderer.render(scene, camera);
window.revision = THREE.REVISION;
window.orbit = math.format(math.evaluate('2 * pi * 6371 km to mi'), { precision: 4 });
d3.select('#bars').selectAll('rect').data([30, 80, 45, 60]).enter().append('rect')
  .attr('x', (d, i) => i * 70).attr('y', (d) => 100 - d).attr('width', 60).attr('height', (d) => d).attr('fill', 'steelblue');
</script>
</body>
</html>
`;
  const e = await world.dropLink('orbit.html', page_);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.doesNotMatch(html, /integrity=/, 'the CDN file\'s pin is dropped with its address');
  await page.waitForFunction(() => window.revision === '128');
  assert.equal(await page.evaluate(() => window.orbit), '24870 mi');
  assert.equal(await page.locator('#bars rect').count(), 4);
  await page.waitForFunction(() => document.fonts.check('900 16px "Font Awesome 6 Free"'));
  const icon = await page.evaluate(() => {
    const before = getComputedStyle(document.getElementById('icon'), '::before');
    return { family: before.fontFamily, content: before.content };
  });
  assert.match(icon.family, /Font Awesome 6 Free/);
  assert.notEqual(icon.content, 'none');
  await page.screenshot({ path: join(world.SHOTS, 'claude-orbit.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('an Alpine.js page with p5.js, Tone.js and DOMPurify from jsDelivr and cdnjs runs its sketch and its state', async () => {
  const e = await world.dropLink('sketch.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Generative Melody</title>
  <script defer src="https://cdn.jsdelivr.net/npm/alpinejs@3.x.x/dist/cdn.min.js"></script>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/p5.js/1.9.0/p5.min.js"></script>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/tone/14.8.49/Tone.js"></script>
  <script src="https://cdn.jsdelivr.net/npm/dompurify@3.0.6/dist/purify.min.js"></script>
</head>
<body>
  <div x-data="{ notes: 3 }">
    <button id="more" @click="notes++">More notes</button>
    <span id="notes" x-text="notes"></span>
  </div>
  <div id="note"></div>
  <script>
    function setup() {
      createCanvas(200, 120).parent(document.body);
      background(30);
      fill(255, 200, 0);
      circle(100, 60, 80);
      noLoop();
      window.sketchDrawn = true;
    }
    const synth = new Tone.Synth().toDestination();
    window.toneReady = typeof synth.triggerAttackRelease === 'function';
    document.getElementById('note').innerHTML = DOMPurify.sanitize('<b>C4</b><img src=x onerror=alert(1)>');
  </script>
</body>
</html>
`);
  const { page, context } = await world.open(e);
  await page.waitForFunction(() => window.sketchDrawn && window.toneReady);
  assert.equal(await page.textContent('#notes'), '3');
  await page.click('#more');
  await page.waitForFunction(() => document.getElementById('notes').textContent === '4');
  assert.equal(await page.innerHTML('#note'), '<b>C4</b><img src="x">');
  const yellow = await page.evaluate(() => {
    const canvas = document.querySelector('canvas');
    const [r, g, b] = canvas.getContext('2d').getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data;
    return [r, g, b];
  });
  assert.deepEqual(yellow, [255, 200, 0]);
  await page.screenshot({ path: join(world.SHOTS, 'alpine-p5.png') });
  // The page's own `<img src=x>` (kept by DOMPurify) is the one request that fails.
  assert.deepEqual(page.problems.filter((p) => !/\/x: net::ERR|Failed to load resource/.test(p)), []);
  await context.close();
});

test('a notes page renders its markdown with marked and its math with KaTeX and auto-render, from jsDelivr', async () => {
  const e = await world.dropLink('notes.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Study Notes</title>
  <link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/katex.min.css">
  <script defer src="https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/katex.min.js"></script>
  <script defer src="https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/contrib/auto-render.min.js"></script>
  <script src="https://cdn.jsdelivr.net/npm/marked/marked.min.js"></script>
</head>
<body>
  <article id="content"></article>
  <script>
    const notes = '# Quadratic formula\\n\\nThe roots of $ax^2 + bx + c = 0$ are:\\n\\n$$x = \\\\frac{-b \\\\pm \\\\sqrt{b^2 - 4ac}}{2a}$$\\n\\n- **a** is not zero';
    document.getElementById('content').innerHTML = marked.parse(notes);
    window.addEventListener('DOMContentLoaded', () => {
      renderMathInElement(document.getElementById('content'), {
        delimiters: [{ left: '$$', right: '$$', display: true }, { left: '$', right: '$', display: false }],
      });
      window.mathDone = true;
    });
  </script>
</body>
</html>
`);
  const { page, context } = await world.open(e);
  await page.waitForFunction(() => window.mathDone);
  assert.equal(await page.textContent('h1'), 'Quadratic formula');
  assert.equal(await page.locator('li strong').count(), 1);
  assert.equal(await page.locator('.katex-display').count(), 1);
  assert.equal(await page.locator('.katex').count(), 2);
  await page.waitForFunction(() => document.fonts.check('16px KaTeX_Main'));
  await page.screenshot({ path: join(world.SHOTS, 'katex-notes.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a version Plug does not hold is left as the page wrote it', async () => {
  const e = await world.dropLink('old.html', `<!doctype html><html><head>
<script src="https://cdn.jsdelivr.net/npm/chart.js@1.0.2/Chart.min.js"></script>
<script src="https://unpkg.com/react@17/umd/react.production.min.js"></script>
</head><body><p>old</p></body></html>`);
  const res = await world.app.open(e.url);
  assert.match(res.text, /src="https:\/\/cdn\.jsdelivr\.net\/npm\/chart\.js@1\.0\.2\/Chart\.min\.js"/);
  assert.match(res.text, /src="https:\/\/unpkg\.com\/react@17\/umd\/react\.production\.min\.js"/);
});

test('a public, indexed page with its badge off, served with no other change, still gets its CDN libraries from the drop', async () => {
  const { owner } = await world.app.world();
  const content = '<!doctype html><html><head><script src="https://cdn.jsdelivr.net/npm/chart.js"></script></head><body><p>chart</p></body></html>';
  const e = await world.app.dropLive(owner, { file: { name: 'no-badge.html', content }, fields: { scope: 'personal', visibility: 'link' } });
  for (const [path, json] of [[`/api/v2/inspirations/${e.entity_id}`, { visibility: 'link', link_indexed: true }], [`/api/v2/entities/${e.entity_id}`, { badge_mode: 'off' }]]) {
    const res = await world.app.request('PATCH', path, { token: owner.token, json });
    assert.equal(res.status, 200, res.text);
  }
  const res = await world.app.open(e.url);
  assert.doesNotMatch(res.text, /robots|badge\.js/, 'nothing else is added');
  assert.match(res.text, /<script src="\/_plug\/vendor\/cdn\/chart\.umd\.js"><\/script>/);
});
