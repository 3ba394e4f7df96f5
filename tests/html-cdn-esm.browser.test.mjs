// CDN libraries of HTML pages, round 3 (docs/serving.md: CDN libraries in HTML pages): React 18
// imported as an ES module from esm.sh, unpkg's `?module` and jsDelivr's `+esm` (Gemini's canvas
// and Claude's hand-off pages write it, with esm.sh's lucide-react and recharts beside it), three.js
// r160's module build with its addons through an import map, Font Awesome 4 and 5, highlight.js 10
// and AOS. Each page is written the way those tools write it, opened in Chromium on this machine,
// whose DNS knows none of the CDNs, and checked for what a person sees. Every request that fails is
// recorded in `page.problems`: an empty list means every library came from the drop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { useBrowserWorld } from './support/browser-world.mjs';
import { paintedPixels } from './support/browser.mjs';
import { ROOT } from './support/worker.mjs';

const world = useBrowserWorld('html-cdn-esm');

test("round 3's files are in the vendored static assets, with their licences", () => {
  for (const file of ['esm/react.mjs', 'esm/react-dom.mjs', 'esm/jsx-runtime.mjs', 'esm/lucide-react.mjs', 'esm/recharts.mjs',
    'three160/three.module.js', 'three160/examples/jsm/controls/OrbitControls.js', 'three160/examples/jsm/loaders/GLTFLoader.js',
    'three160/examples/jsm/libs/lil-gui.module.min.js', 'three160/examples/jsm/postprocessing/UnrealBloomPass.js',
    'fa4/css/font-awesome.min.css', 'fa4/fonts/fontawesome-webfont.woff2', 'fa5/css/all.min.css', 'fa5/css/v4-shims.min.css',
    'fa5/webfonts/fa-solid-900.woff2', 'fa5/js/all.min.js', 'hljs10/highlight.min.js', 'hljs10/languages/elixir.min.js',
    'hljs10/styles/atom-one-dark.min.css', 'aos/aos.css', 'aos/aos.js', 'chart3.min.js', 'chart2/Chart.bundle.min.js',
    'chartjs-plugin-datalabels.min.js', 'typed.umd.js', 'swiper/swiper-bundle.min.js', 'swiper/swiper-element-bundle.min.js']) {
    assert.ok(existsSync(join(ROOT, 'public/vendor/cdn', file)), file);
  }
  // The decoders' wasm a page points at by its own path is left out.
  assert.ok(!existsSync(join(ROOT, 'public/vendor/cdn/three160/examples/jsm/libs/draco')));
  const versions = readFileSync(join(ROOT, 'public/vendor/VERSIONS.txt'), 'utf8');
  for (const name of ['three-160', 'font-awesome', 'fontawesome-free-5', 'hljs-cdn-assets-10', 'aos', 'chart.js-3', 'chart.js-2',
    'chartjs-plugin-datalabels', 'typed.js', 'swiper']) {
    assert.match(versions, new RegExp(`^${name}@`, 'm'), name);
    assert.ok(existsSync(join(ROOT, 'public/vendor/cdn/licenses', `${name}.txt`)), name);
  }
});

test("a Gemini-style React page: esm.sh's React, lucide-react and recharts through its import map share one React, mounted once", async () => {
  const e = await world.dropLink('dashboard.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Habit Tracker</title>
  <script src="https://cdn.tailwindcss.com"></script>
  <script src="https://unpkg.com/@babel/standalone/babel.min.js"></script>
  <script type="importmap">
  {
    "imports": {
      "react": "https://esm.sh/react@18.2.0",
      "react-dom/client": "https://esm.sh/react-dom@18.2.0/client",
      "lucide-react": "https://esm.sh/lucide-react@0.469.0?deps=react@18.2.0",
      "recharts": "https://esm.sh/recharts@2.12.7?external=react,react-dom"
    }
  }
  </script>
</head>
<body class="bg-slate-50">
  <div id="root"></div>
  <script type="text/babel" data-type="module">
    import React, { useState, useMemo } from 'react';
    import { createRoot } from 'react-dom/client';
    import { Flame, Plus, House, ChartSpline } from 'lucide-react';
    import { LineChart, Line, XAxis, YAxis, CartesianGrid } from 'recharts';

    const App = () => {
      const [days, setDays] = useState([3, 5, 2, 6, 4]);
      const total = useMemo(() => days.reduce((a, b) => a + b, 0), [days]);
      const data = days.map((v, i) => ({ day: 'D' + (i + 1), v }));
      return (
        <div className="app max-w-xl mx-auto p-6">
          <nav className="flex gap-3 text-slate-600"><House id="home" /><ChartSpline id="spline" /></nav>
          <h1 className="text-2xl font-bold flex items-center gap-2"><Flame className="text-orange-500" /> Streak: <span id="total">{total}</span></h1>
          <button id="add" className="mt-4 inline-flex items-center gap-1 rounded-lg bg-indigo-600 px-4 py-2 text-white" onClick={() => setDays([...days, 7])}>
            <Plus size={16} /> Add day
          </button>
          <LineChart width={480} height={220} data={data} className="mt-6">
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis />
            <Line type="monotone" dataKey="v" stroke="#4f46e5" isAnimationActive={false} />
          </LineChart>
        </div>
      );
    };
    createRoot(document.getElementById('root')).render(<App />);
  </script>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /"react": "\/_plug\/vendor\/cdn\/esm\/react\.mjs"/);
  assert.match(html, /"react-dom\/client": "\/_plug\/vendor\/cdn\/esm\/react-dom\.mjs"/);
  assert.match(html, /"lucide-react": "\/_plug\/vendor\/cdn\/esm\/lucide-react\.mjs"/);
  assert.match(html, /"recharts": "\/_plug\/vendor\/cdn\/esm\/recharts\.mjs"/);
  await page.waitForSelector('.recharts-line-curve');
  assert.equal(await page.locator('#root .app').count(), 1, 'the tree is mounted once');
  assert.equal(await page.textContent('#total'), '20');
  // lucide-react's icons are drawn: SVGs with their paths. The page pins 0.469, whose `House` is
  // react-kit's 0.383 `Home`; `ChartSpline`, which 0.383 never drew, is a dashed square rather
  // than an import that fails the whole page.
  assert.equal(await page.locator('h1 svg.lucide path').count() > 0, true);
  assert.equal(await page.locator('svg#home.lucide path').count() > 0, true);
  assert.equal(await page.locator('svg#spline.lucide rect[stroke-dasharray="3 3"]').count(), 1);
  await page.click('#add');
  // Hooks run in the page's one React: the state updates and recharts (whose hooks would throw
  // "Invalid hook call" on a second React) draws the new point.
  await page.waitForFunction(() => document.getElementById('total').textContent === '27');
  assert.equal(await page.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count(), 6);
  const look = await page.evaluate(() => ({
    button: getComputedStyle(document.getElementById('add')).backgroundColor,
    stroke: document.querySelector('.recharts-line-curve').getAttribute('stroke'),
  }));
  assert.deepEqual(look, { button: 'rgb(79, 70, 229)', stroke: '#4f46e5' });
  await page.screenshot({ path: join(world.SHOTS, 'gemini-react-esm.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('React imported by its full esm.sh, unpkg ?module and jsDelivr +esm addresses in a module script, with its JSX runtime', async () => {
  const e = await world.dropLink('counter.html', `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><title>Counter</title></head>
<body>
<div id="app"></div>
<script type="module">
  import React, { useState, useEffect } from "https://esm.sh/react@18";
  import { createRoot } from "https://esm.sh/react-dom@18/client";
  import { jsx, jsxs } from "https://esm.sh/react@18/jsx-runtime";
  import { flushSync } from "https://cdn.jsdelivr.net/npm/react-dom@18.3.1/+esm";
  import Same from "https://unpkg.com/react@18?module";

  function Counter() {
    const [n, setN] = useState(0);
    useEffect(() => { document.title = "Clicked " + n; }, [n]);
    return jsxs("div", { className: "counter", children: [
      jsx("button", { id: "inc", onClick: () => setN(n + 1), children: "+1" }),
      jsx("output", { id: "n", children: n }, "n"),
    ] });
  }
  window.oneReact = Same === React && typeof flushSync === "function";
  createRoot(document.getElementById("app")).render(React.createElement(Counter));
</script>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /from "\/_plug\/vendor\/cdn\/esm\/react\.mjs"/);
  assert.match(html, /from "\/_plug\/vendor\/cdn\/esm\/jsx-runtime\.mjs"/);
  assert.match(html, /from "\/_plug\/vendor\/cdn\/esm\/react-dom\.mjs"/);
  await page.waitForSelector('#n');
  assert.equal(await page.evaluate(() => window.oneReact), true);
  await page.click('#inc');
  await page.click('#inc');
  await page.waitForFunction(() => document.getElementById('n').textContent === '2' && document.title === 'Clicked 2');
  assert.equal(await page.locator('.counter').count(), 1);
  assert.deepEqual(page.problems, []);
  await context.close();
});

/** How many of an element's screenshot pixels differ from its top-left one. */
test("a three.js r160 scene through an import map with three/addons/ (OrbitControls): drawn, one three, the controls turn it", async () => {
  const e = await world.dropLink('planet.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Low-poly Planet</title>
  <style>body { margin: 0; overflow: hidden; background: #0b1020; } canvas { display: block; }</style>
  <script type="importmap">
    {
      "imports": {
        "three": "https://unpkg.com/three@0.160.0/build/three.module.js",
        "three/addons/": "https://unpkg.com/three@0.160.0/examples/jsm/"
      }
    }
  </script>
</head>
<body>
  <script type="module">
    import * as THREE from 'three';
    import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
    import { RoundedBoxGeometry } from 'three/addons/geometries/RoundedBoxGeometry.js';

    const scene = new THREE.Scene();
    scene.background = new THREE.Color(0x0b1020);
    const camera = new THREE.PerspectiveCamera(60, innerWidth / innerHeight, 0.1, 100);
    camera.position.set(0, 2, 6);
    const renderer = new THREE.WebGLRenderer({ antialias: true });
    renderer.setSize(innerWidth, innerHeight);
    document.body.appendChild(renderer.domElement);
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.enableDamping = true;

    scene.add(new THREE.AmbientLight(0xffffff, 0.5));
    const sun = new THREE.DirectionalLight(0xffffff, 2);
    sun.position.set(5, 5, 5);
    scene.add(sun);
    const planet = new THREE.Mesh(new THREE.IcosahedronGeometry(1.5, 1), new THREE.MeshStandardMaterial({ color: 0x4caf50, flatShading: true }));
    scene.add(planet);
    const moon = new THREE.Mesh(new RoundedBoxGeometry(0.5, 0.5, 0.5, 4, 0.1), new THREE.MeshStandardMaterial({ color: 0xffc107 }));
    moon.position.set(2.5, 0.5, 0);
    scene.add(moon);

    function animate() {
      requestAnimationFrame(animate);
      planet.rotation.y += 0.005;
      controls.update();
      renderer.render(scene, camera);
    }
    animate();
    window.scene3d = { camera, revision: THREE.REVISION };
  </script>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  const html = await response.text();
  assert.match(html, /"three": "\/_plug\/vendor\/cdn\/three160\/three\.module\.js"/);
  assert.match(html, /"three\/addons\/": "\/_plug\/vendor\/cdn\/three160\/examples\/jsm\/"/);
  await page.waitForFunction(() => window.scene3d?.revision === '160');
  await page.waitForTimeout(300);
  const canvas = page.locator('canvas');
  assert.equal(await canvas.count(), 1);
  const painted = await paintedPixels(await canvas.screenshot());
  assert.ok(painted > 5000, `the planet and its moon are drawn (${painted} pixels off the background)`);
  // OrbitControls (an addon importing 'three' through the page's map) turns the camera on a drag.
  const before = await page.evaluate(() => window.scene3d.camera.position.x);
  await page.mouse.move(400, 300);
  await page.mouse.down();
  await page.mouse.move(250, 280, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  const after = await page.evaluate(() => window.scene3d.camera.position.x);
  assert.ok(Math.abs(after - before) > 0.5, `the camera moved (${before} to ${after})`);
  assert.deepEqual(warnings.filter((w) => /Multiple instances of Three\.js/.test(w)), []);
  await page.screenshot({ path: join(world.SHOTS, 'three-r160-orbit.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a docs page on Font Awesome 4.7 and highlight.js 10, a landing page on Font Awesome 5 and AOS: icons drawn, code coloured, sections revealed', async () => {
  const docs = await world.dropLink('docs.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Acme CLI docs</title>
  <link rel="stylesheet" href="https://maxcdn.bootstrapcdn.com/font-awesome/4.7.0/css/font-awesome.min.css">
  <link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/highlight.js/10.7.3/styles/atom-one-dark.min.css">
  <style>body { font-family: sans-serif; margin: 24px; }</style>
</head>
<body>
  <h1><i class="fa fa-terminal fa-fw" id="fa4"></i> Acme CLI <a href="#"><i class="fa fa-github" id="fa4brand"></i></a></h1>
  <pre><code class="python" id="code">def deploy(app):
    return app.push(force=True)</code></pre>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/highlight.js/10.7.3/highlight.min.js"></script>
  <script>hljs.highlightBlock(document.getElementById('code'));</script>
</body>
</html>
`);
  const first = await world.open(docs);
  const html = await first.response.text();
  assert.match(html, /href="\/_plug\/vendor\/cdn\/fa4\/css\/font-awesome\.min\.css"/);
  assert.match(html, /src="\/_plug\/vendor\/cdn\/hljs10\/highlight\.min\.js"/);
  await first.page.waitForFunction(() => document.fonts.check('14px FontAwesome'));
  // Font Awesome 4's names (fa-github, not 6's fa-brands fa-github) drawn in its own font.
  const fa4 = await first.page.evaluate(() => ['fa4', 'fa4brand'].map((id) => {
    const before = getComputedStyle(document.getElementById(id), '::before');
    return [before.fontFamily, before.content];
  }));
  assert.deepEqual(fa4, [['FontAwesome', '"\uf120"'], ['FontAwesome', '"\uf09b"']]);
  // highlight.js 10's highlightBlock, which 11 renamed, coloured the code in its theme.
  const code = await first.page.evaluate(() => ({
    keyword: document.querySelector('#code .hljs-keyword')?.textContent,
    colour: getComputedStyle(document.querySelector('#code .hljs-keyword')).color,
    background: getComputedStyle(document.getElementById('code')).backgroundColor,
  }));
  assert.deepEqual(code, { keyword: 'def', colour: 'rgb(198, 120, 221)', background: 'rgb(40, 44, 52)' }); // atom-one-dark
  await first.page.screenshot({ path: join(world.SHOTS, 'docs-fa4-hljs10.png') });
  assert.deepEqual(first.page.problems, []);
  await first.context.close();

  const landing = await world.dropLink('landing.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Acme</title>
  <link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/font-awesome/5.15.4/css/all.min.css" integrity="sha512-1ycn6IcaQQ40/MKBW2W4Rhis/DbILU74C1vSrLJxCq57o941Ym01SwNsOMqvEBFlcgUa6xLiPY/NS5R+E6ztJQ==" crossorigin="anonymous" referrerpolicy="no-referrer" />
  <link href="https://unpkg.com/aos@2.3.1/dist/aos.css" rel="stylesheet">
  <link rel="preconnect" href="https://fonts.googleapis.com">
  <link href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap" rel="stylesheet">
  <style>
    body { font-family: 'Inter', sans-serif; margin: 0; }
    section { min-height: 80vh; padding: 40px; }
    .feature { font-size: 24px; }
  </style>
</head>
<body>
  <section>
    <h1>Ship faster</h1>
    <p class="feature"><i class="fas fa-rocket" id="fa5"></i> Fast &nbsp; <i class="far fa-heart" id="fa5regular"></i> Loved &nbsp; <i class="fab fa-github" id="fa5brand"></i> Open source</p>
  </section>
  <section id="below" data-aos="fade-up"><h2>Install in seconds</h2></section>
  <script src="https://unpkg.com/aos@2.3.1/dist/aos.js"></script>
  <script>AOS.init({ duration: 200, once: true });</script>
</body>
</html>
`);
  const { page, context, response } = await world.open(landing);
  const landingHtml = await response.text();
  assert.match(landingHtml, /href="\/_plug\/vendor\/cdn\/fa5\/css\/all\.min\.css"/);
  assert.match(landingHtml, /href="\/_plug\/vendor\/cdn\/aos\/aos\.css"/);
  assert.match(landingHtml, /src="\/_plug\/vendor\/cdn\/aos\/aos\.js"/);
  await page.waitForFunction(() => document.fonts.check('900 16px "Font Awesome 5 Free"') && document.fonts.check('400 16px "Font Awesome 5 Free"')
    && document.fonts.check('16px "Font Awesome 5 Brands"'));
  const icons = await page.evaluate(() => ['fa5', 'fa5regular', 'fa5brand'].map((id) => {
    const before = getComputedStyle(document.getElementById(id), '::before');
    return [before.fontFamily, before.fontWeight, before.content];
  }));
  assert.deepEqual(icons, [
    ['"Font Awesome 5 Free"', '900', '"\uf135"'],
    ['"Font Awesome 5 Free"', '400', '"\uf004"'],
    ['"Font Awesome 5 Brands"', '400', '"\uf09b"'],
  ]);
  // AOS hides the section below the fold and reveals it when it is scrolled to.
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('below')).opacity), '0');
  await page.locator('#below').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('below').classList.contains('aos-animate')
    && getComputedStyle(document.getElementById('below')).opacity === '1');
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: join(world.SHOTS, 'landing-fa5-aos.png') });
  // Google Fonts are left as written: unreachable here, the text is in the next font, laid out.
  assert.match(landingHtml, /href="https:\/\/fonts\.googleapis\.com\/css2\?family=Inter/);
  assert.equal(await page.evaluate(() => document.fonts.check('700 16px Inter')), true, 'no Inter face is declared');
  assert.ok((await page.locator('h1').boundingBox()).width > 100);
  assert.deepEqual(page.problems.filter((p) => !/fonts\.googleapis\.com|Failed to load resource/.test(p)), []);
  await context.close();
});

test("a portfolio page on Chart.js 2 (its yAxes options), Chart.js 3 with datalabels, Typed.js and Swiper 11: charts drawn, text typed, slides move", async () => {
  const e = await world.dropLink('portfolio.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Jane Doe - Portfolio</title>
  <link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/swiper@11/swiper-bundle.min.css" />
  <script src="https://cdnjs.cloudflare.com/ajax/libs/Chart.js/2.9.4/Chart.min.js"></script>
  <style>
    body { font-family: sans-serif; margin: 0; padding: 24px; }
    .swiper { width: 600px; height: 120px; }
    .swiper-slide { display: flex; align-items: center; justify-content: center; background: #e0e7ff; font-size: 28px; }
    .charts { display: flex; gap: 24px; }
  </style>
</head>
<body>
  <h1>Hi, I'm <span id="typed"></span></h1>
  <div class="swiper">
    <div class="swiper-wrapper">
      <div class="swiper-slide">Project one</div>
      <div class="swiper-slide">Project two</div>
      <div class="swiper-slide">Project three</div>
    </div>
    <div class="swiper-pagination"></div>
    <div class="swiper-button-next" id="next"></div>
  </div>
  <div class="charts">
    <canvas id="old" width="300" height="200"></canvas>
  </div>
  <script src="https://cdn.jsdelivr.net/npm/typed.js@2.0.12"></script>
  <script src="https://cdn.jsdelivr.net/npm/swiper@11/swiper-bundle.min.js"></script>
  <script>
    new Typed('#typed', { strings: ['a designer.'], typeSpeed: 5, showCursor: false });
    window.slides = new Swiper('.swiper', { pagination: { el: '.swiper-pagination' }, navigation: { nextEl: '.swiper-button-next' } });
    window.oldChart = new Chart(document.getElementById('old'), {
      type: 'bar',
      data: { labels: ['2021', '2022', '2023'], datasets: [{ label: 'Clients', data: [4, 9, 14], backgroundColor: 'rgb(220, 38, 38)' }] },
      options: { animation: false, responsive: false, scales: { yAxes: [{ ticks: { beginAtZero: true, max: 20 } }] } },
    });
  </script>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /src="\/_plug\/vendor\/cdn\/chart2\/Chart\.min\.js"/);
  assert.match(html, /src="\/_plug\/vendor\/cdn\/typed\.umd\.js"/);
  assert.match(html, /href="\/_plug\/vendor\/cdn\/swiper\/swiper-bundle\.min\.css"/);
  await page.waitForFunction(() => document.getElementById('typed').textContent === 'a designer.');
  // Chart.js 2 read the page's v2 options: the axis runs to its max of 20 (v4 would ignore yAxes).
  assert.equal(await page.evaluate(() => window.oldChart.scales['y-axis-0'].max), 20);
  const red = await page.evaluate(() => {
    const canvas = document.getElementById('old');
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] === 220 && data[i + 1] === 38 && data[i + 2] === 38) n++;
    return n;
  });
  assert.ok(red > 1000, `bars drawn (${red} red pixels)`);
  // Swiper laid the slides in a row and moves to the next on its arrow.
  assert.equal(await page.locator('.swiper-pagination-bullet').count(), 3);
  await page.click('#next');
  await page.waitForFunction(() => window.slides.activeIndex === 1
    && getComputedStyle(document.querySelector('.swiper-wrapper')).transform.includes('-600'));
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(world.SHOTS, 'portfolio-chart2-typed-swiper.png') });
  assert.deepEqual(page.problems, []);
  await context.close();

  const v3 = await world.dropLink('sales.html', `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Sales</title>
<script src="https://cdn.jsdelivr.net/npm/chart.js@3.9.1/dist/chart.min.js"></script>
<script src="https://cdn.jsdelivr.net/npm/chartjs-plugin-datalabels@2"></script>
</head><body>
<canvas id="pie" width="300" height="300"></canvas>
<script>
  Chart.register(ChartDataLabels);
  window.pie = new Chart(document.getElementById('pie'), {
    type: 'pie',
    data: { labels: ['North', 'South'], datasets: [{ data: [70, 30], backgroundColor: ['rgb(37, 99, 235)', 'rgb(22, 163, 74)'] }] },
    options: { animation: false, responsive: false, plugins: { datalabels: { color: '#fff', formatter: (v) => v + '%' } } },
  });
</script>
</body></html>
`);
  const second = await world.open(v3);
  const v3Html = await second.response.text();
  assert.match(v3Html, /src="\/_plug\/vendor\/cdn\/chart3\.min\.js"/);
  assert.match(v3Html, /src="\/_plug\/vendor\/cdn\/chartjs-plugin-datalabels\.min\.js"/);
  await second.page.waitForFunction(() => window.pie);
  const pie = await second.page.evaluate(() => ({
    version: Chart.version,
    labels: window.pie.$datalabels._labels.map((label) => label._model.lines.join('')).sort(),
  }));
  // datalabels (registered on Chart.js 3) laid out and drew a label on each slice.
  assert.deepEqual(pie, { version: '3.9.1', labels: ['30%', '70%'] });
  await second.page.screenshot({ path: join(world.SHOTS, 'chart3-datalabels.png') });
  assert.deepEqual(second.page.problems, []);
  await second.context.close();
});

test("what Plug does not hold is left as written: React 19 beside react-kit's React 18 lucide-react, React beside an esm.sh package it lacks, three r150, Font Awesome 7", async () => {
  const e = await world.dropLink('left.html', `<!DOCTYPE html>
<html><head>
<script type="importmap">{"imports": {"react": "https://esm.sh/react@18.2.0", "framer-motion": "https://esm.sh/framer-motion@11"}}</script>
<script type="importmap-x">{"imports": {"react": "https://esm.sh/react@19"}}</script>
<link rel="stylesheet" href="https://use.fontawesome.com/releases/v7.0.0/css/all.css">
</head><body>
<script type="module">import * as THREE from "https://unpkg.com/three@0.150.0/build/three.module.js"; import R from "https://esm.sh/react@19.1.0"; import { Camera } from "https://esm.sh/lucide-react@0.468.0";</script>
</body></html>
`);
  const { context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /"react": "https:\/\/esm\.sh\/react@18\.2\.0", "framer-motion": "https:\/\/esm\.sh\/framer-motion@11"/);
  assert.match(html, /href="https:\/\/use\.fontawesome\.com\/releases\/v7\.0\.0\/css\/all\.css"/);
  assert.match(html, /from "https:\/\/unpkg\.com\/three@0\.150\.0\/build\/three\.module\.js"; import R from "https:\/\/esm\.sh\/react@19\.1\.0"; import \{ Camera \} from "https:\/\/esm\.sh\/lucide-react@0\.468\.0";/);
  await context.close();
});
