// What AI tools' HTML pages load next after Tailwind, React and Chart.js (docs/serving.md: CDN
// libraries in HTML pages): jQuery from code.jquery.com, Bootstrap 5 with its icons, Vue 3's
// global build, Plotly from cdn.plot.ly, mermaid, highlight.js and Prism with their themes and
// languages, animate.css with anime.js, Leaflet. Each page is written the way ChatGPT's and
// Gemini's canvases, Claude's artifacts and hand-made demos write it, opened in Chromium on this
// machine, whose DNS knows none of the CDNs, and checked for what a person sees. Every request that
// fails is recorded in `page.problems`: an empty list means every library came from the drop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { useBrowserWorld } from './support/browser-world.mjs';
import { ROOT } from './support/worker.mjs';

const world = useBrowserWorld('html-cdn-libraries');

test("every file and folder cdn.rs's table points at is in the vendored static assets, with its licence", () => {
  const source = readFileSync(join(ROOT, 'crates/render/src/cdn.rs'), 'utf8');
  const table = source.match(/const LIBRARIES: &str = "\\\n([^"]*)";/)[1].trim().split('\n');
  assert.ok(table.length > 30, `${table.length} libraries`);
  for (const row of table) {
    const fields = row.split(' ');
    assert.equal(fields.length, 4, row);
    // A `*` in the served path stands for each file the row names (GSAP's ES modules).
    const served = fields[3].includes('*') ? fields[2].split(',').map((f) => fields[3].replace('*', f)) : [fields[3]];
    for (const file of served) {
      const path = join(ROOT, 'public/vendor', file);
      assert.ok(existsSync(path), `${row}: ${path}`);
      assert.equal(statSync(path).isDirectory(), file.endsWith('/'), row);
    }
  }
  // A folder (a tree) answers any path under it: what the CDN holds there must be in it.
  for (const file of ['jquery/jquery.slim.js', 'bootstrap/css/bootstrap.rtl.min.css', 'bootstrap/js/bootstrap.esm.min.js',
    'bootstrap-icons/font/bootstrap-icons.json', 'bootstrap-icons/font/fonts/bootstrap-icons.woff2', 'leaflet/leaflet-src.esm.js',
    'leaflet/images/marker-shadow.png', 'hljs/styles/base16/dracula.min.css', 'hljs/languages/typescript.min.js',
    'prism/plugins/line-numbers/prism-line-numbers.min.css', 'prism/components/prism-jsx.min.js', 'animate/animate.compat.css',
    'three180/three.core.js', 'three180/examples/jsm/controls/OrbitControls.js', 'gsap/ScrollTrigger.min.js', 'gsap/esm/utils/paths.js']) {
    assert.ok(existsSync(join(ROOT, 'public/vendor/cdn', file)), file);
  }
  const versions = readFileSync(join(ROOT, 'public/vendor/VERSIONS.txt'), 'utf8');
  for (const name of ['jquery', 'bootstrap', 'bootstrap-icons', '@popperjs/core', 'vue', 'plotly.js-dist-min-1', '@highlightjs/cdn-assets', 'prismjs', 'animate.css', 'animejs', 'leaflet', 'three-180', 'gsap', 'phaser']) {
    assert.match(versions, new RegExp(`^${name.replace(/[.]/g, '\\.')}@`, 'm'), name);
    assert.ok(existsSync(join(ROOT, 'public/vendor/cdn/licenses', `${name.replace('/', '+')}.txt`)), name);
  }
});

test('a Bootstrap 5 page with jQuery from code.jquery.com and Bootstrap Icons: styled, its modal opens, its handlers run', async () => {
  const e = await world.dropLink('bootstrap.html', `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Team Directory</title>
    <link href="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css" rel="stylesheet" integrity="sha384-QWTKZyjpPEjISv5WaRU9OFeRpok6YctnYmDr5pNlyT2bRjXh0JMhjY6hW+ALEwIH" crossorigin="anonymous">
    <link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/bootstrap-icons@1.11.3/font/bootstrap-icons.min.css">
    <script src="https://code.jquery.com/jquery-3.7.1.min.js" integrity="sha256-/JqT3SQfawRcv/BIHPThkBvs0OEvtFFmqPF/lYI/Cxo=" crossorigin="anonymous"></script>
  </head>
  <body>
    <nav class="navbar navbar-expand-lg navbar-dark bg-dark">
      <div class="container">
        <a class="navbar-brand" href="#"><i class="bi bi-people-fill" id="brand-icon"></i> Team</a>
      </div>
    </nav>
    <main class="container py-4">
      <div class="row g-3">
        <div class="col-md-4"><div class="card shadow-sm"><div class="card-body">
          <h5 class="card-title">Ada Lovelace</h5>
          <p class="card-text text-muted">Engineering</p>
          <button type="button" class="btn btn-primary" data-bs-toggle="modal" data-bs-target="#contact">Contact</button>
        </div></div></div>
        <div class="col-md-4"><div class="card shadow-sm"><div class="card-body">
          <h5 class="card-title">Alan Turing</h5>
          <p class="card-text text-muted">Research</p>
          <button type="button" class="btn btn-outline-secondary" id="follow">Follow</button>
        </div></div></div>
      </div>
    </main>
    <div class="modal fade" id="contact" tabindex="-1" aria-hidden="true">
      <div class="modal-dialog"><div class="modal-content">
        <div class="modal-header"><h5 class="modal-title">Contact Ada</h5>
          <button type="button" class="btn-close" data-bs-dismiss="modal" aria-label="Close"></button></div>
        <div class="modal-body">ada@example.com</div>
      </div></div>
    </div>
    <script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js" integrity="sha384-YvpcrYf0tY3lHB60NNkmXc5s9fDVZLESaAA55NDzOxhy9GkcIdslK1eN7N6jIeHz" crossorigin="anonymous"></script>
    <script>
      $(function () {
        $('#follow').on('click', function () {
          $(this).toggleClass('btn-outline-secondary btn-success').text('Following');
        });
      });
    </script>
  </body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /href="\/_plug\/vendor\/cdn\/bootstrap\/css\/bootstrap\.min\.css"/);
  assert.match(html, /src="\/_plug\/vendor\/cdn\/jquery\/jquery\.min\.js"/);
  assert.match(html, /src="\/_plug\/vendor\/cdn\/bootstrap\/js\/bootstrap\.bundle\.min\.js"/);
  assert.doesNotMatch(html, /integrity=/);

  const look = await page.evaluate(() => {
    const cs = (q) => getComputedStyle(document.querySelector(q));
    return {
      button: cs('.btn-primary').backgroundColor,
      navbar: cs('.navbar').backgroundColor,
      radius: cs('.card').borderTopLeftRadius,
      columns: document.querySelector('.col-md-4').getBoundingClientRect().width < 500,
      font: cs('body').fontFamily.startsWith('system-ui'),
    };
  });
  assert.deepEqual(look, { button: 'rgb(13, 110, 253)', navbar: 'rgb(33, 37, 41)', radius: '6px', columns: true, font: true });
  await page.waitForFunction(() => document.fonts.check('16px bootstrap-icons'));
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('brand-icon'), '::before').fontFamily), 'bootstrap-icons');

  await page.click('#follow');
  assert.equal(await page.textContent('#follow'), 'Following');
  // Bootstrap's btn-success, once the pointer has left it and its colour transition has run.
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => getComputedStyle(document.getElementById('follow')).backgroundColor === 'rgb(25, 135, 84)');
  await page.click('.btn-primary');
  await page.waitForSelector('#contact.show', { state: 'visible' });
  assert.equal(await page.locator('.modal-backdrop').count(), 1);
  await page.waitForFunction(() => document.getAnimations().length === 0 && getComputedStyle(document.getElementById('contact')).opacity === '1');
  await page.screenshot({ path: join(world.SHOTS, 'bootstrap-jquery.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a Plotly chart from cdn.plot.ly draws its SVG; plotly-latest.min.js gets the 1.58.5 the CDN froze it at, whose Plotly.plot v2 removed', async () => {
  const e = await world.dropLink('plotly.html', `<!DOCTYPE html>
<html>
<head>
  <meta charset="utf-8">
  <title>Monthly Revenue</title>
  <script src="https://cdn.plot.ly/plotly-2.27.0.min.js" charset="utf-8"></script>
  <style>body { font-family: Arial, sans-serif; margin: 20px; }</style>
</head>
<body>
  <h2>Monthly Revenue</h2>
  <div id="chart" style="width:700px;height:400px;"></div>
  <script>
    const trace = { x: ['Jan', 'Feb', 'Mar', 'Apr'], y: [20, 14, 23, 31], type: 'bar', marker: { color: '#636efa' } };
    const line = { x: ['Jan', 'Feb', 'Mar', 'Apr'], y: [18, 16, 21, 27], type: 'scatter', mode: 'lines+markers', name: 'Target' };
    Plotly.newPlot('chart', [trace, line], { title: 'Revenue (k$)' }).then(() => { window.plotted = Plotly.version; });
  </script>
</body>
</html>
`);
  const { page, context } = await world.open(e);
  await page.waitForFunction(() => window.plotted);
  assert.equal(await page.evaluate(() => window.plotted), '2.35.3');
  assert.equal(await page.locator('#chart svg.main-svg .bars .point').count(), 4);
  assert.equal(await page.locator('#chart svg.main-svg .scatterlayer .point').count(), 4);
  await page.screenshot({ path: join(world.SHOTS, 'plotly.png') });
  assert.deepEqual(page.problems, []);
  await context.close();

  const old = await world.dropLink('plotly-latest.html', `<html><head>
<script src="https://cdn.plot.ly/plotly-latest.min.js"></script></head>
<body><div id="pie"></div>
<script>Plotly.plot('pie', [{ values: [19, 26, 55], labels: ['Residential', 'Non-Residential', 'Utility'], type: 'pie' }]).then(() => { window.plotted = Plotly.version; });</script>
</body></html>`);
  const second = await world.open(old);
  await second.page.waitForFunction(() => window.plotted);
  assert.equal(await second.page.evaluate(() => window.plotted), '1.58.5');
  assert.equal(await second.page.locator('#pie .slice').count(), 3);
  assert.deepEqual(second.page.problems, []);
  await second.context.close();
});

test('a mermaid 10 page from jsDelivr draws its diagram', async () => {
  const e = await world.dropLink('flow.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Release Flow</title>
  <script src="https://cdn.jsdelivr.net/npm/mermaid@10.6.1/dist/mermaid.min.js"></script>
</head>
<body>
  <h1>Release Flow</h1>
  <div class="mermaid">
    graph TD
      A[Feature branch] --> B{Tests pass?}
      B -->|Yes| C[Merge to main]
      B -->|No| D[Fix]
      D --> B
  </div>
  <script>
    mermaid.initialize({ startOnLoad: true, theme: 'default' });
  </script>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  assert.match(await response.text(), /src="\/_plug\/vendor\/mermaid\/mermaid\.min\.js"/);
  // mermaid puts its svg in first and draws into it after.
  await page.waitForFunction(() => document.querySelectorAll('.mermaid svg .nodeLabel').length === 4);
  const labels = await page.locator('.mermaid svg .nodeLabel').allTextContents();
  assert.deepEqual(labels.sort(), ['Feature branch', 'Fix', 'Merge to main', 'Tests pass?']);
  await page.screenshot({ path: join(world.SHOTS, 'mermaid.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('code is highlighted by highlight.js 11 from cdnjs and jsDelivr (theme and extra language) and by Prism with its autoloader', async () => {
  const e = await world.dropLink('snippets.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Snippets</title>
  <link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/highlight.js/11.9.0/styles/github-dark.min.css">
  <script src="https://cdnjs.cloudflare.com/ajax/libs/highlight.js/11.9.0/highlight.min.js"></script>
  <script src="https://cdn.jsdelivr.net/gh/highlightjs/cdn-release@11.9.0/build/languages/elixir.min.js"></script>
  <script>hljs.highlightAll();</script>
</head>
<body>
  <pre><code class="language-python" id="py">def greet(name):
    return f"Hello, {name}!"</code></pre>
  <pre><code class="language-elixir" id="ex">defmodule Greeter do
  def hello, do: :world
end</code></pre>
</body>
</html>
`);
  const { page, context } = await world.open(e);
  await page.waitForSelector('#py .hljs-keyword');
  const hljs = await page.evaluate(() => {
    const keyword = document.querySelector('#py .hljs-keyword');
    return {
      keyword: keyword.textContent,
      colour: getComputedStyle(keyword).color,
      background: getComputedStyle(document.getElementById('py')).backgroundColor,
    };
  });
  // github-dark's keyword red on its dark background.
  assert.deepEqual(hljs, { keyword: 'def', colour: 'rgb(255, 123, 114)', background: 'rgb(13, 17, 23)' });
  // Elixir is not among highlight.min.js's languages: its file came from the drop.
  assert.ok(await page.locator('#ex .hljs-keyword').count() > 0);
  await page.screenshot({ path: join(world.SHOTS, 'highlight-js.png') });
  assert.deepEqual(page.problems, []);
  await context.close();

  const prismPage = await world.dropLink('prism.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Rust notes</title>
  <link href="https://cdnjs.cloudflare.com/ajax/libs/prism/1.29.0/themes/prism-tomorrow.min.css" rel="stylesheet" />
</head>
<body>
  <pre><code class="language-rust" id="rs">fn main() { let x: u32 = 5; println!("{}", x); }</code></pre>
  <pre><code class="language-javascript" id="js">const answer = 42;</code></pre>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/prism/1.29.0/prism.min.js"></script>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/prism/1.29.0/plugins/autoloader/prism-autoloader.min.js"></script>
</body>
</html>
`);
  const second = await world.open(prismPage);
  // prism.min.js holds JavaScript; its autoloader fetched the Rust grammar from next to itself,
  // which is the drop.
  await second.page.waitForSelector('#rs .token.keyword');
  await second.page.waitForSelector('#js .token.keyword');
  const prism = await second.page.evaluate(() => ({
    keyword: getComputedStyle(document.querySelector('#rs .token.keyword')).color,
    background: getComputedStyle(document.getElementById('rs').parentElement).backgroundColor,
  }));
  assert.deepEqual(prism, { keyword: 'rgb(204, 153, 205)', background: 'rgb(45, 45, 45)' }); // prism-tomorrow
  await second.page.screenshot({ path: join(world.SHOTS, 'prism.png') });
  assert.deepEqual(second.page.problems, []);
  await second.context.close();
});

test("a Vue 3 page on its global build from unpkg mounts and reacts", async () => {
  const e = await world.dropLink('vue.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Shopping List</title>
  <script src="https://unpkg.com/vue@3/dist/vue.global.js"></script>
</head>
<body>
  <div id="app">
    <h1>{{ title }}</h1>
    <input v-model="draft" @keyup.enter="add" placeholder="Add an item">
    <ul><li v-for="item in items" :key="item">{{ item }}</li></ul>
    <p id="total">{{ items.length }} items</p>
  </div>
  <script>
    const { createApp, ref } = Vue;
    createApp({
      setup() {
        const items = ref(['Milk', 'Bread']);
        const draft = ref('');
        const add = () => { if (draft.value) { items.value.push(draft.value); draft.value = ''; } };
        return { title: 'Shopping List', items, draft, add };
      },
    }).mount('#app');
  </script>
</body>
</html>
`);
  const { page, context } = await world.open(e);
  await page.waitForFunction(() => document.getElementById('total').textContent === '2 items');
  assert.equal(await page.textContent('h1'), 'Shopping List');
  await page.fill('input', 'Eggs');
  await page.press('input', 'Enter');
  await page.waitForFunction(() => document.getElementById('total').textContent === '3 items');
  assert.deepEqual(await page.locator('li').allTextContents(), ['Milk', 'Bread', 'Eggs']);
  await page.screenshot({ path: join(world.SHOTS, 'vue.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('animate.css and anime.js from cdnjs animate; a Leaflet map is laid out with its marker, its tiles stay on their server', async () => {
  const e = await world.dropLink('map.html', `<!DOCTYPE html>
<html>
<head>
  <meta charset="utf-8">
  <title>Offices</title>
  <link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/animate.css/4.1.1/animate.min.css"/>
  <link rel="stylesheet" href="https://unpkg.com/leaflet@1.9.4/dist/leaflet.css" integrity="sha256-p4NxAoJBhIIN+hmNHrzRCf9tD/miZyoHS5obTRR9BMY=" crossorigin=""/>
  <script src="https://unpkg.com/leaflet@1.9.4/dist/leaflet.js" integrity="sha256-20nQCchB9co0qIjJZRGuk2/Z9VM+kNiyxNV1lvTlZBo=" crossorigin=""></script>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/animejs/3.2.1/anime.min.js"></script>
  <style>#map { height: 300px; width: 500px; }</style>
</head>
<body>
  <h1 class="animate__animated animate__fadeInDown" id="title">Our Offices</h1>
  <div id="box" style="width:40px;height:40px;background:#e11d48"></div>
  <div id="map"></div>
  <script>
    const map = L.map('map').setView([51.505, -0.09], 13);
    L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { maxZoom: 19, attribution: '&copy; OpenStreetMap' }).addTo(map);
    L.marker([51.5, -0.09]).addTo(map).bindPopup('London office');
    anime({ targets: '#box', translateX: 250, duration: 200, easing: 'linear', complete: () => { window.moved = true; } });
  </script>
</body>
</html>
`);
  const { page, context } = await world.open(e);
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('title')).animationName), 'fadeInDown');
  await page.waitForFunction(() => window.moved);
  assert.equal(await page.evaluate(() => document.getElementById('box').style.transform), 'translateX(250px)');
  // Leaflet's stylesheet laid the map out; its marker image came from the drop.
  const map = await page.evaluate(() => {
    const icon = document.querySelector('.leaflet-marker-icon');
    return {
      overflow: getComputedStyle(document.getElementById('map')).overflow,
      icon: new URL(icon.src).pathname,
      loaded: icon.complete && icon.naturalWidth,
    };
  });
  assert.deepEqual(map, { overflow: 'hidden', icon: '/_plug/vendor/cdn/leaflet/images/marker-icon.png', loaded: 25 });
  await page.click('.leaflet-marker-icon');
  await page.waitForSelector('.leaflet-popup-content');
  assert.equal(await page.textContent('.leaflet-popup-content'), 'London office');
  await page.waitForFunction(() => document.getElementById('title').getAnimations().every((a) => a.playState === 'finished') && getComputedStyle(document.querySelector('.leaflet-popup')).opacity === '1');
  await page.screenshot({ path: join(world.SHOTS, 'leaflet-anime.png') });
  // The map's tiles are the one thing fetched from elsewhere, and fail here.
  const others = page.problems.filter((p) => !/^https:\/\/tile\.openstreetmap\.org\//.test(p) && p !== 'Failed to load resource: net::ERR_NAME_NOT_RESOLVED');
  assert.deepEqual(others, []);
  assert.ok(page.problems.length > 0, 'the tiles were asked for');
  await context.close();
});

test('jQuery 4, Bootstrap 4, Vue 2 and Plotly 3 are left as the page wrote them', async () => {
  const e = await world.dropLink('others.html', `<!doctype html><html><head>
<script src="https://code.jquery.com/jquery-4.0.0.min.js"></script>
<script src="https://code.jquery.com/jquery-latest.min.js"></script>
<link rel="stylesheet" href="https://stackpath.bootstrapcdn.com/bootstrap/4.5.2/css/bootstrap.min.css">
<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/bootstrap@4.6.2/dist/css/bootstrap.min.css">
<script src="https://cdn.jsdelivr.net/npm/vue@2.7.16/dist/vue.js"></script>
<script src="https://cdn.plot.ly/plotly-3.0.1.min.js"></script>
</head><body><p>old</p></body></html>`);
  const res = await world.app.open(e.url);
  for (const url of [
    'https://code.jquery.com/jquery-4.0.0.min.js',
    'https://code.jquery.com/jquery-latest.min.js',
    'https://stackpath.bootstrapcdn.com/bootstrap/4.5.2/css/bootstrap.min.css',
    'https://cdn.jsdelivr.net/npm/bootstrap@4.6.2/dist/css/bootstrap.min.css',
    'https://cdn.jsdelivr.net/npm/vue@2.7.16/dist/vue.js',
    'https://cdn.plot.ly/plotly-3.0.1.min.js',
  ]) {
    assert.ok(res.text.includes(`"${url}"`), url);
  }
  // None is pointed at the drop; each script only has the note for when its CDN is out of reach.
  assert.doesNotMatch(res.text, /(src|href)="\/_plug\/vendor\/cdn/);
  assert.equal(res.text.split(`onerror="import('/_plug/vendor/cdn/missing.mjs')`).length - 1, 4);
});

test("module scripts: mermaid's ES module imported as its docs write it, and Vue's through the page's import map", async () => {
  const e = await world.dropLink('modules.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Architecture</title>
  <script type="importmap">
    {
      "imports": {
        "vue": "https://unpkg.com/vue@3/dist/vue.esm-browser.js"
      }
    }
  </script>
</head>
<body>
  <div id="app"><h1>{{ heading }}</h1><button @click="count++">Clicked {{ count }}</button></div>
  <pre class="mermaid">
sequenceDiagram
    Browser->>Worker: GET /
    Worker-->>Browser: page
  </pre>
  <script type="module">
    import mermaid from 'https://cdn.jsdelivr.net/npm/mermaid@10/dist/mermaid.esm.min.mjs';
    mermaid.initialize({ startOnLoad: true });
  </script>
  <script type="module">
    import { createApp, ref } from 'vue';
    createApp({ setup: () => ({ heading: 'Architecture', count: ref(0) }) }).mount('#app');
  </script>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /"vue": "\/_plug\/vendor\/cdn\/vue\.esm-browser\.prod\.js"/);
  assert.match(html, /import mermaid from '\/_plug\/vendor\/mermaid\/mermaid\.esm\.min\.mjs';/);
  // mermaid puts its svg in first and draws into it after.
  await page.waitForFunction(() => document.querySelector('pre.mermaid svg')?.textContent.includes('Worker'));
  const drawn = await page.textContent('pre.mermaid svg');
  for (const label of ['Browser', 'Worker', 'GET /', 'page']) assert.ok(drawn.includes(label), `${label} in ${drawn}`);
  await page.waitForFunction(() => document.querySelector('h1').textContent === 'Architecture');
  await page.click('button');
  await page.waitForFunction(() => document.querySelector('button').textContent === 'Clicked 1');
  await page.screenshot({ path: join(world.SHOTS, 'modules.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});
