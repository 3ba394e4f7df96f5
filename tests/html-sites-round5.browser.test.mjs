// Round 5 of AI tools' pages and zipped sites, opened in Chromium against the real Worker: a page
// on Google Fonts (a `<link>` and a `<style>`'s `@import`) where fonts.googleapis.com hangs (a
// firewall that drops its packets, a country that blocks it: the request neither answers nor
// fails for minutes); round 5's CDN libraries (canvas-confetti, axios); a page whose `<base href>`
// names another host; sites built for a GitHub Pages project path with `<base href="/repo/">`, as
// `flutter build web --base-href` and `ng build --base-href` write them, zipped from their output
// folder; and what a page may fetch. The fixtures are written here in the shape those tools write
// (docs/serving.md: CDN libraries in HTML pages; what an HTML page may reach; zipped sites).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './support/worker.mjs';
import { BROWSER_UA } from './support/harness.mjs';
import { useBrowserWorld } from './support/browser-world.mjs';
import { zip } from './support/fixtures.mjs';

const world = useBrowserWorld('html-sites-round5');

async function dropSite(name, content) {
  const { owner } = await world.app.world();
  return world.app.dropLive(owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link' } });
}

async function open(e, path = '', routes = {}) {
  const context = await world.browser.newContext({ userAgent: BROWSER_UA });
  for (const [pattern, handler] of Object.entries(routes)) await context.route(pattern, handler);
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (m) => { if (m.type() === 'error') page.problems.push(m.text()); });
  page.on('pageerror', (err) => page.problems.push(String(err)));
  // `commit`: a page held back by a stylesheet never reaches its load event.
  const response = await page.goto(e.url + path, { waitUntil: 'commit' });
  return { page, context, response };
}

const FONTS = 'https://fonts.googleapis.com/**';

const CLAUDE_LANDING = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Bloom Studio</title>
  <link rel="preconnect" href="https://fonts.googleapis.com">
  <link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>
  <link href="https://fonts.googleapis.com/css2?family=Playfair+Display:wght@600&display=swap" rel="stylesheet">
  <style>
    @import url('https://fonts.googleapis.com/css2?family=Inter:wght@400;500&display=swap');
    body { font-family: 'Inter', system-ui, sans-serif; margin: 0; color: #1f2937; }
    h1 { font-family: 'Playfair Display', Georgia, serif; font-size: 48px; }
  </style>
</head>
<body>
  <header><h1 id="title">Bloom Studio</h1></header>
  <p id="count">0 bouquets</p>
  <script>
    let n = 0;
    const count = document.getElementById('count');
    document.getElementById('title').addEventListener('click', () => { n += 1; count.textContent = n + ' bouquets'; });
    count.dataset.ready = 'yes';
  </script>
</body>
</html>
`;

test("a page on Google Fonts is drawn and its script runs in its next font where fonts.googleapis.com hangs; once it answers, the font is used", async () => {
  const e = await world.dropLink('bloom.html', CLAUDE_LANDING);
  // The font host never answers: before, the page stayed blank and its script waited on it.
  const held = await open(e, '', { [FONTS]: () => {} });
  await held.page.waitForFunction(() => document.getElementById('count')?.dataset.ready === 'yes', null, { timeout: 5000 });
  // The script can run before the first frame: the paint is waited for, not sampled.
  await held.page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length, null, { timeout: 5000 });
  const seen = await held.page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint').length,
    title: document.getElementById('title').getBoundingClientRect().height > 0,
  }));
  assert.deepEqual(seen, { painted: 1, title: true });
  await held.page.click('#title');
  assert.equal(await held.page.textContent('#count'), '1 bouquets');
  await held.context.close();
  // The host answers: the stylesheet then applies to the whole page, its faces in use.
  const css = "@font-face { font-family: 'Playfair Display'; font-weight: 600; font-display: swap; src: local('DejaVu Serif'), local('Liberation Serif'); }";
  const served = await open(e, '', { [FONTS]: (route) => route.fulfill({ contentType: 'text/css', body: css }) });
  const applied = await served.page.waitForFunction(() => {
    const links = [...document.querySelectorAll('link[href*="fonts.googleapis.com/css2"]')];
    return links.every((l) => l.sheet && l.media === 'all') && [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Playfair Display') && links.map((l) => new URL(l.href).searchParams.get('family'));
  }, null, { timeout: 5000 });
  // The `@import` of the page's `<style>` is loaded the same way, right after it.
  assert.deepEqual(await applied.jsonValue(), ['Playfair Display:wght@600', 'Inter:wght@400;500']);
  assert.deepEqual(served.page.problems, []);
  await served.context.close();
});

// Round 5's libraries (docs/serving.md: CDN libraries in HTML pages): canvas-confetti 1 and
// axios 1, which ChatGPT's and Claude's pages load for a celebration and an API call. This machine's
// DNS knows no CDN, so what runs came from the drop.
test("round 5's files are in the vendored static assets, with their licences", () => {
  for (const file of ['confetti.browser.js', 'confetti.module.mjs', 'axios.min.js', 'axios/esm/axios.min.js', 'axios/esm/axios.js', 'licenses/canvas-confetti.txt', 'licenses/axios.txt']) {
    assert.ok(existsSync(join(ROOT, 'public/vendor/cdn', file)), file);
  }
});

test('a habit page with canvas-confetti from jsDelivr, its ES module from esm.sh, and axios from cdnjs: the API answer is shown, confetti is drawn', async () => {
  const e = await world.dropLink('habits.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Habit Streak</title>
  <script src="https://cdn.jsdelivr.net/npm/canvas-confetti@1.6.0/dist/confetti.browser.min.js"></script>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/axios/1.6.7/axios.min.js" integrity="sha512-NQfB/bDaB8kaSXF8E77JjhHG5PM6XVRxvHzkZiwl3ddWCEPBa23T76MuWSwAJdMGJnmQqM0VeY9kFszsrBEFrQ==" crossorigin="anonymous" referrerpolicy="no-referrer"></script>
</head>
<body>
  <h1>Habit Streak</h1>
  <p id="quote">Loading…</p>
  <button id="done">I did it!</button>
  <script>
    axios.get('https://api.quotable.io/random').then((res) => {
      document.getElementById('quote').textContent = res.data.content;
    }).catch(() => { document.getElementById('quote').textContent = 'offline'; });
    document.getElementById('done').addEventListener('click', () => {
      confetti({ particleCount: 150, spread: 70, origin: { y: 0.6 } });
    });
  </script>
  <script type="module">
    import confetti from 'https://esm.sh/canvas-confetti@1.9.3';
    window.moduleConfetti = typeof confetti.create;
  </script>
</body>
</html>
`);
  const { page, context } = await open(e, '', {
    'https://api.quotable.io/**': (route) => route.fulfill({ contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: '{"content": "Small steps every day."}' }),
  });
  await page.waitForFunction(() => document.getElementById('quote')?.textContent !== 'Loading…' && window.moduleConfetti);
  assert.equal(await page.textContent('#quote'), 'Small steps every day.');
  assert.equal(await page.evaluate(() => window.moduleConfetti), 'function');
  await page.click('#done');
  // confetti draws on a full-window canvas of its own while the particles fall.
  const drawn = await page.waitForFunction(() => {
    const canvas = [...document.querySelectorAll('body > canvas')].find((c) => c.width > 0);
    return canvas && canvas.getBoundingClientRect().width === innerWidth && canvas.width;
  });
  assert.ok(await drawn.jsonValue() > 0);
  assert.deepEqual(page.problems, []);
  await context.close();
});

// A page saved from a GitHub Pages site keeps its `<base href>`, so its relative images come from
// there; its Chart.js from jsDelivr was pointed at the drop's `/_plug/vendor/`, which that base sent
// to github.io, and the chart was never drawn, online or not.
test("a page whose <base href> names another host keeps its CDN addresses as written, and they load", async () => {
  const e = await world.dropLink('report.html', `<!DOCTYPE html>
<html><head><meta charset="utf-8"><base href="https://octo.github.io/q3-report/">
<title>Q3 report</title><script src="https://cdn.jsdelivr.net/npm/chart.js@4.4.1/dist/chart.umd.min.js"></script></head>
<body><h1>Q3</h1><canvas id="c"></canvas><script>document.body.dataset.chart = typeof Chart;</script></body></html>`);
  const jsdelivr = [];
  const { page, context } = await open(e, '', {
    'https://cdn.jsdelivr.net/**': (route) => { jsdelivr.push(route.request().url()); return route.fulfill({ contentType: 'text/javascript', body: 'window.Chart = function Chart() {};' }); },
    'https://octo.github.io/**': (route) => route.fulfill({ status: 404, body: '' }),
  });
  await page.waitForFunction(() => document.body?.dataset.chart);
  assert.equal(await page.evaluate(() => document.body.dataset.chart), 'function');
  assert.deepEqual(jsdelivr, ['https://cdn.jsdelivr.net/npm/chart.js@4.4.1/dist/chart.umd.min.js']);
  await context.close();
});

// A tiny wasm module exporting `add(a, b)`, standing in for CanvasKit's.
const ADD_WASM = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 7, 1, 0x60, 2, 0x7f, 0x7f, 1, 0x7f,
  3, 2, 1, 0, 7, 7, 1, 3, 0x61, 0x64, 0x64, 0, 0, 10, 9, 1, 7, 0, 0x20, 0, 0x20, 1, 0x6a, 0x0b]);

// `flutter build web --base-href /habits/` (Flutter 3.24's template): a `<base href>`, every file
// linked relatively; flutter_bootstrap.js registers flutter_service_worker.js, which it gives up
// on when refused, then loads main.dart.js beside itself, which reads its assets and compiles
// CanvasKit's wasm from `canvaskit/`. Routes are paths (`usePathUrlStrategy`) and there is no
// 404.html. The zip is of `build/web/`'s contents, as the Flutter docs say to deploy it.
const FLUTTER_INDEX = `<!DOCTYPE html>
<html>
<head>
  <base href="/habits/">

  <meta charset="UTF-8">
  <meta content="IE=Edge" http-equiv="X-UA-Compatible">
  <meta name="description" content="A new Flutter project.">

  <!-- iOS meta tags & icons -->
  <meta name="apple-mobile-web-app-capable" content="yes">
  <meta name="apple-mobile-web-app-status-bar-style" content="black">
  <meta name="apple-mobile-web-app-title" content="habits">
  <link rel="apple-touch-icon" href="icons/Icon-192.png">

  <!-- Favicon -->
  <link rel="icon" type="image/png" href="favicon.png"/>

  <title>habits</title>
  <link rel="manifest" href="manifest.json">
</head>
<body>
  <script src="flutter_bootstrap.js" async></script>
</body>
</html>
`;
const FLUTTER_BOOTSTRAP = `(() => {
  const base = document.baseURI;
  const loadEntrypoint = () => {
    const script = document.createElement('script');
    script.src = new URL('main.dart.js', base).href;
    script.type = 'application/javascript';
    document.body.append(script);
  };
  const serviceWorker = navigator.serviceWorker
    ? navigator.serviceWorker.register(new URL('flutter_service_worker.js?v=2546452347', base).href)
        .then((reg) => { window.__swRegistered = true; return reg; })
        .catch((error) => { window.__swRefused = String(error.name); console.warn('Exception while loading service worker:', error); })
    : Promise.resolve();
  Promise.race([serviceWorker, new Promise((resolve) => setTimeout(resolve, 4000))]).then(loadEntrypoint);
})();
`;
const FLUTTER_MAIN = `(async () => {
  const manifest = await (await fetch('assets/AssetManifest.bin.json')).json();
  const font = await fetch('assets/fonts/MaterialIcons-Regular.otf');
  const { instance } = await WebAssembly.instantiateStreaming(fetch('canvaskit/canvaskit.wasm'));
  const view = document.createElement('flutter-view');
  const route = location.pathname.slice(new URL(document.baseURI).pathname.length) || '/';
  view.innerHTML = '<flt-semantics id="app">' + manifest.title + ': ' + instance.exports.add(2, 3) + ' habits at ' + route + ' (' + font.status + ')</flt-semantics>';
  document.body.append(view);
})();
`;

test('a Flutter web build for /habits/ (`--base-href`) starts at /habits/: its bootstrap, main.dart.js, assets and CanvasKit wasm load, the refused service worker is given up on, a deep link reloads', async () => {
  const e = await dropSite('web.zip', zip([
    { name: 'index.html', content: FLUTTER_INDEX },
    { name: 'flutter_bootstrap.js', content: FLUTTER_BOOTSTRAP },
    { name: 'flutter_service_worker.js', content: "self.addEventListener('fetch', () => {});\n" },
    { name: 'main.dart.js', content: FLUTTER_MAIN },
    { name: 'manifest.json', content: '{"name": "habits", "start_url": ".", "display": "standalone"}' },
    { name: 'version.json', content: '{"app_name":"habits","version":"1.0.0","build_number":"1","package_name":"habits"}' },
    { name: 'favicon.png', content: Buffer.from('89504e470d0a1a0a', 'hex') },
    { name: 'icons/Icon-192.png', content: Buffer.from('89504e470d0a1a0a', 'hex') },
    { name: 'assets/AssetManifest.bin.json', content: '{"title": "Habit tracker"}' },
    { name: 'assets/fonts/MaterialIcons-Regular.otf', content: Buffer.from('4f54544f', 'hex') },
    { name: 'canvaskit/canvaskit.wasm', content: ADD_WASM },
    { name: 'canvaskit/canvaskit.js', content: 'var CanvasKitInit = () => {};\n' },
  ]));
  const { page, context } = await open(e);
  await page.waitForSelector('#app');
  assert.match(page.url(), /\/habits\/$/);
  assert.equal(await page.textContent('#app'), 'Habit tracker: 5 habits at / (200)');
  const worker = await page.evaluate(() => [window.__swRefused, window.__swRegistered ?? false, navigator.serviceWorker.controller]);
  assert.match(String(worker[0]), /Error$/, 'the registration was refused');
  assert.deepEqual(worker.slice(1), [false, null]);
  // A route of the app, opened from a shared address or reloaded: the app draws it.
  const origin = new URL(page.url()).origin;
  const deep = await page.goto(`${origin}/habits/settings`);
  assert.equal(deep.status(), 200);
  await page.waitForSelector('#app');
  assert.equal(await page.textContent('#app'), 'Habit tracker: 5 habits at settings (200)');
  assert.deepEqual(page.problems.filter((p) => !/^A bad HTTP response code \(403\) was received when fetching the script\.$/.test(p)), []);
  // A program asking for the sub-path's page still gets no home page there.
  assert.equal((await page.evaluate(async (o) => (await fetch(`${o}/habits/`)).status, origin)), 404);
  await context.close();
});

// `ng build --base-href /shop/` (Angular 18's application builder): a `<base href>`, hashed files
// linked relatively, its critical CSS inlined and the rest loaded with `media="print"`, routes
// the router reads past the base, no 404.html.
const ANGULAR_INDEX = `<!doctype html>
<html lang="en" data-critters-container>
<head>
  <meta charset="utf-8">
  <title>Shop</title>
  <base href="/shop/">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" type="image/x-icon" href="favicon.ico">
<style>body{margin:0;font-family:Roboto,"Helvetica Neue",sans-serif}</style><link rel="stylesheet" href="styles-5INURTSO.css" media="print" onload="this.media='all'"><noscript><link rel="stylesheet" href="styles-5INURTSO.css"></noscript></head>
<body>
  <app-root></app-root>
<script src="polyfills-FFHMD2TL.js" type="module"></script><script src="main-UQKM4VZX.js" type="module"></script></body>
</html>
`;
const ANGULAR_MAIN = `const base = new URL(document.baseURI).pathname;
const root = document.querySelector('app-root');
function render() {
  const route = location.pathname.slice(base.length);
  const product = /^products\\/(\\d+)$/.exec(route);
  root.innerHTML = product
    ? '<h1 id="view">Product ' + product[1] + '</h1><a id="back" href="">All products</a>'
    : '<h1 id="view">All products</h1><a id="item" href="products/42">Lamp</a>';
  root.querySelector('a').addEventListener('click', (event) => {
    event.preventDefault();
    history.pushState(null, '', event.target.href);
    render();
  });
}
addEventListener('popstate', render);
render();
`;

test('an Angular build for /shop/ (`--base-href`) starts at /shop/ styled, its router follows a link, and a reload of the route draws it', async () => {
  const e = await dropSite('dist.zip', zip([
    { name: 'index.html', content: ANGULAR_INDEX },
    { name: 'favicon.ico', content: Buffer.from([0, 0, 1, 0]) },
    { name: 'styles-5INURTSO.css', content: 'h1 { color: rgb(63, 81, 181); }\n' },
    { name: 'polyfills-FFHMD2TL.js', content: 'globalThis.ngZone = true;\n' },
    { name: 'main-UQKM4VZX.js', content: ANGULAR_MAIN },
    { name: '3rdpartylicenses.txt', content: 'Package: @angular/core\nLicense: "MIT"\n' },
  ]));
  const { page, context } = await open(e);
  await page.waitForSelector('#item');
  assert.match(page.url(), /\/shop\/$/);
  await Promise.all([page.waitForURL(/\/shop\/products\/42$/), page.click('#item')]);
  assert.equal(await page.textContent('#view'), 'Product 42');
  const reloaded = await page.reload();
  assert.equal(reloaded.status(), 200);
  await page.waitForSelector('#back');
  const seen = await page.evaluate(() => ({ view: document.getElementById('view').textContent, color: getComputedStyle(document.getElementById('view')).color }));
  assert.deepEqual(seen, { view: 'Product 42', color: 'rgb(63, 81, 181)' });
  assert.deepEqual(page.problems, []);
  await context.close();
});

// What a page may reach (docs/serving.md: what an HTML page may reach): a file beside it in its
// zip and any public API on https that answers CORS, as on any static host; never plain http.
test('a zipped weather page reads the JSON beside it and a public https API; an http API is refused by the policy, the page says so; its localStorage is its own', async () => {
  const e = await dropSite('weather.zip', zip([
    { name: 'index.html', content: `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8"><title>Weather</title></head>
<body><h1>Weather</h1><ul id="cities"></ul><p id="legacy"></p>
<script>
  (async () => {
    const cities = await (await fetch('./data/cities.json')).json();
    const list = document.getElementById('cities');
    for (const city of cities) {
      const url = 'https://api.open-meteo.com/v1/forecast?latitude=' + city.lat + '&longitude=' + city.lon + '&current=temperature_2m';
      const data = await (await fetch(url)).json();
      list.insertAdjacentHTML('beforeend', '<li>' + city.name + ': ' + data.current.temperature_2m + ' °C</li>');
    }
    try { await fetch('http://api.example.test/v1/old'); document.getElementById('legacy').textContent = 'reached'; }
    catch (error) { document.getElementById('legacy').textContent = 'refused: ' + error.name; }
  })();
</script></body></html>
` },
    { name: 'data/cities.json', content: '[{"name": "Oslo", "lat": 59.91, "lon": 10.75}, {"name": "Lima", "lat": -12.05, "lon": -77.04}]' },
  ]));
  const asked = [];
  const { page, context } = await open(e, '', {
    'https://api.open-meteo.com/**': (route) => {
      const lat = Number(new URL(route.request().url()).searchParams.get('latitude'));
      asked.push(lat);
      return route.fulfill({ contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ current: { temperature_2m: lat > 0 ? 4.5 : 19 } }) });
    },
    'http://api.example.test/**': (route) => route.fulfill({ body: '{}', headers: { 'access-control-allow-origin': '*' } }),
  });
  await page.waitForFunction(() => document.getElementById('legacy')?.textContent);
  assert.deepEqual(await page.$$eval('#cities li', (items) => items.map((li) => li.textContent)), ['Oslo: 4.5 °C', 'Lima: 19 °C']);
  assert.deepEqual(asked, [59.91, -12.05]);
  assert.equal(await page.textContent('#legacy'), 'refused: TypeError');
  assert.ok(page.problems.some((p) => /^Connecting to 'http:\/\/api\.example\.test\/v1\/old' violates the following Content Security Policy directive: "connect-src /.test(p)), page.problems.join('\n'));
  // What it keeps in localStorage is its own: another drop in the same browser does not see it.
  await page.evaluate(() => localStorage.setItem('lastCity', 'Oslo'));
  const other = await world.dropLink('notes.html', '<!doctype html><title>Notes</title><h1>Notes</h1>');
  await page.goto(other.url);
  assert.deepEqual(await page.evaluate(() => [document.title, localStorage.getItem('lastCity')]), ['Notes', null]);
  await page.goto(e.url);
  assert.equal(await page.evaluate(() => localStorage.getItem('lastCity')), 'Oslo');
  await context.close();
});
