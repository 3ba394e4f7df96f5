// Round 6 of AI tools' pages and zipped sites, opened in Chromium against the real Worker: round 6's
// CDN libraries (ECharts 5, jsPDF 2); a zipped site's own modules, Web Workers (a sibling file, a
// module worker as Vite writes it, a Blob) and frames; Emscripten output, whose wasm compiles as it
// streams; a Flutter web build where www.gstatic.com is out of reach; and a site's video resumed
// with `If-Range` (RFC 9110 13.1.5). The fixtures are written here in the shape those tools write
// (docs/serving.md: CDN libraries in HTML pages; zipped sites).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './support/worker.mjs';
import { BROWSER_UA } from './support/harness.mjs';
import { useBrowserWorld } from './support/browser-world.mjs';
import { zip } from './support/fixtures.mjs';

const world = useBrowserWorld('html-sites-round6');

async function dropSite(name, content) {
  const { owner } = await world.app.world();
  return world.app.dropLive(owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link' } });
}

/** The drop in a fresh context; `routes` answer other hosts (none is reachable from this machine). */
async function open(e, routes = {}) {
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, acceptDownloads: true });
  for (const [pattern, handler] of Object.entries(routes)) await context.route(pattern, handler);
  const page = await context.newPage();
  page.problems = [];
  page.warnings = [];
  page.on('console', (m) => {
    if (m.type() === 'error') page.problems.push(m.text());
    if (m.type() === 'warning') page.warnings.push(m.text());
  });
  page.on('pageerror', (err) => page.problems.push(String(err)));
  await page.goto(e.url);
  return { page, context };
}

// Round 6's libraries (docs/serving.md: CDN libraries in HTML pages): ECharts 5 and jsPDF 2,
// which ChatGPT's, Claude's and DeepSeek's dashboards load for their charts and a "Download PDF"
// button (with html2canvas, vendored before). This machine's DNS knows no CDN, so what runs came
// from the drop.
test("round 6's files are in the vendored static assets, with their licences", () => {
  for (const file of ['echarts.min.js', 'jspdf.umd.min.js', 'licenses/echarts-5.txt', 'licenses/echarts-5-NOTICE.txt', 'licenses/echarts-5-d3.txt', 'licenses/jspdf.txt']) {
    assert.ok(existsSync(join(ROOT, 'public/vendor/cdn', file)), file);
  }
  assert.match(readFileSync(join(ROOT, 'public/vendor/cdn/echarts.min.js'), 'latin1').slice(0, 4000), /Apache|echarts/i);
});

test('a sales dashboard on ECharts 5 (jsDelivr) with a jsPDF 2 and html2canvas export (cdnjs) draws its chart and downloads its PDF', async () => {
  const e = await world.dropLink('sales.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Q3 Sales Dashboard</title>
  <script src="https://cdn.jsdelivr.net/npm/echarts@5.4.3/dist/echarts.min.js"></script>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/html2canvas/1.4.1/html2canvas.min.js"></script>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/jspdf/2.5.1/jspdf.umd.min.js" integrity="sha512-qZvrmS2ekKPF2mSznTQsxqPgnpkI4DNTlrdUmTzrDgektczlKNRRhy5X5AAOnx5S09ydFYWWNSfcEqDTTHgtNA==" crossorigin="anonymous" referrerpolicy="no-referrer"></script>
  <style>
    body { font-family: system-ui, sans-serif; margin: 24px; }
    #chart { width: 640px; height: 360px; }
  </style>
</head>
<body>
  <div id="report">
    <h1>Q3 Sales</h1>
    <div id="chart"></div>
  </div>
  <button id="export">Download PDF</button>
  <script>
    const chart = echarts.init(document.getElementById('chart'));
    chart.setOption({
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: ['Jul', 'Aug', 'Sep'] },
      yAxis: { type: 'value' },
      series: [{ name: 'Revenue', type: 'bar', data: [120, 200, 150], itemStyle: { color: '#5470c6' } }]
    });
    chart.on('finished', () => { document.body.dataset.drawn = 'yes'; });
    document.getElementById('export').addEventListener('click', async () => {
      const { jsPDF } = window.jspdf;
      const canvas = await html2canvas(document.getElementById('report'));
      const pdf = new jsPDF('landscape', 'mm', 'a4');
      pdf.text('Q3 Sales', 10, 10);
      pdf.addImage(canvas.toDataURL('image/png'), 'PNG', 10, 20, 180, 100);
      pdf.save('q3-sales.pdf');
    });
  </script>
</body>
</html>
`);
  const { page, context } = await open(e);
  await page.waitForFunction(() => document.body.dataset.drawn === 'yes', null, { timeout: 10000 });
  const chart = await page.evaluate(() => {
    const canvas = document.querySelector('#chart canvas');
    // A pixel inside August's bar (the tallest), in the series colour.
    const x = canvas.width * 0.5;
    const y = canvas.height * 0.5;
    const [r, g, b] = canvas.getContext('2d').getImageData(x, y, 1, 1).data;
    return { version: echarts.version.split('.')[0], bar: [r, g, b], scripts: [...document.scripts].filter((s) => s.src && !/badge/.test(s.src)).map((s) => new URL(s.src).pathname) };
  });
  assert.deepEqual(chart, {
    version: '5',
    bar: [0x54, 0x70, 0xc6],
    scripts: ['/_plug/vendor/cdn/echarts.min.js', '/_plug/vendor/cdn/html2canvas.min.js', '/_plug/vendor/cdn/jspdf.umd.min.js'],
  });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  assert.equal(download.suggestedFilename(), 'q3-sales.pdf');
  const pdf = readFileSync(await download.path());
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  assert.match(pdf.toString('latin1'), /\/Subtype \/Image/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

// A Vite-built tool, zipped: an ES module importing its sibling, a worker from a file beside it
// (`new Worker('primes.js')`), a module worker as Vite writes `new Worker(new URL(…,
// import.meta.url), { type: 'module' })`, a worker made from a Blob, and a page of the same site in
// an `<iframe>` that reads the JSON beside it.
const TOOL_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Prime Lab</title>
    <script type="module" crossorigin src="./assets/index-Cq3x9Zk1.js"></script>
  </head>
  <body>
    <h1>Prime Lab</h1>
    <p>Primes below 100: <output id="classic"></output></p>
    <p>Sum: <output id="module"></output></p>
    <p>Squares: <output id="blob"></output></p>
    <iframe id="frame" src="chart.html" title="Chart" width="400" height="120"></iframe>
  </body>
</html>
`;
const TOOL_MAIN = `import { label } from './format-DlK2m0pQ.js';
const classic = new Worker('primes.js');
classic.onmessage = (event) => { document.getElementById('classic').textContent = label(event.data); };
classic.postMessage(100);
const summer = new Worker(new URL('./sum.worker-B7x1Qa9c.js', import.meta.url), { type: 'module' });
summer.onmessage = (event) => { document.getElementById('module').textContent = label([event.data]); };
summer.postMessage([1, 2, 3, 4]);
const code = 'onmessage = (e) => postMessage(e.data.map((n) => n * n));';
const blob = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
blob.onmessage = (event) => { document.getElementById('blob').textContent = label(event.data); };
blob.postMessage([2, 3]);
`;

test('a zipped tool imports its sibling module, runs workers from a sibling file, a module and a Blob, and frames a page of its own that reads its JSON', async () => {
  const e = await dropSite('prime-lab.zip', zip([
    { name: 'index.html', content: TOOL_INDEX },
    { name: 'assets/index-Cq3x9Zk1.js', content: TOOL_MAIN },
    { name: 'assets/format-DlK2m0pQ.js', content: "export const label = (list) => list.length + ': ' + list.join(', ');\n" },
    { name: 'assets/sum.worker-B7x1Qa9c.js', content: "import { label } from './format-DlK2m0pQ.js';\nself.onmessage = (e) => self.postMessage(label(e.data).length && e.data.reduce((a, b) => a + b, 0));\n" },
    { name: 'primes.js', content: 'self.onmessage = (e) => {\n  const found = [];\n  for (let n = 2; n < e.data; n += 1) if (found.every((p) => n % p)) found.push(n);\n  self.postMessage(found.slice(-3));\n};\n' },
    { name: 'chart.html', content: '<!doctype html><html><head><meta charset="utf-8"><title>Chart</title></head><body><p id="total">…</p><script>fetch("data/points.json").then((r) => r.json()).then((points) => { document.getElementById("total").textContent = "Total " + points.reduce((a, b) => a + b, 0); });</script></body></html>' },
    { name: 'data/points.json', content: '[3, 5, 8]' },
  ]));
  const { page, context } = await open(e);
  await page.waitForFunction(() => ['classic', 'module', 'blob'].every((id) => document.getElementById(id).textContent));
  const seen = await page.evaluate(() => Object.fromEntries(['classic', 'module', 'blob'].map((id) => [id, document.getElementById(id).textContent])));
  assert.deepEqual(seen, { classic: '3: 83, 89, 97', module: '1: 10', blob: '2: 4, 9' });
  const frame = page.frame({ url: /\/chart\.html$/ });
  await frame.waitForFunction(() => document.getElementById('total').textContent !== '…');
  assert.equal(await frame.textContent('#total'), 'Total 16');
  assert.deepEqual(page.problems, []);
  await context.close();
});

// `emcc hello.c -o hello.html`: the shell page, the glue and the wasm beside it, which the glue
// compiles as it streams when the answer is `application/wasm` and otherwise reads whole after a
// warning. Made here with binaryen from the text of what emcc emits for a `puts`.
async function helloWasm() {
  const { default: binaryen } = await import('binaryen');
  const module = binaryen.parseText(`(module
  (import "wasi_snapshot_preview1" "fd_write" (func $fd_write (param i32 i32 i32 i32) (result i32)))
  (memory (export "memory") 1)
  (data (i32.const 0) "\\10\\00\\00\\00\\0e\\00\\00\\00")
  (data (i32.const 16) "Hello, world!\\n")
  (func (export "main") (param i32 i32) (result i32)
    (drop (call $fd_write (i32.const 1) (i32.const 0) (i32.const 1) (i32.const 8)))
    (i32.const 0)))`);
  const bytes = Buffer.from(module.emitBinary());
  module.dispose();
  return bytes;
}

const EMSCRIPTEN_SHELL = `<!doctype html>
<html lang="en-us">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Type" content="text/html; charset=utf-8">
    <title>Emscripten-Generated Code</title>
  </head>
  <body>
    <div class="emscripten" id="status">Downloading...</div>
    <textarea class="emscripten" id="output" rows="8"></textarea>
    <script type='text/javascript'>
      var Module = {
        print: (text) => { document.getElementById('output').value += text + '\\n'; },
        setStatus: (text) => { document.getElementById('status').textContent = text; },
      };
    </script>
    <script async type="text/javascript" src="hello.js"></script>
  </body>
</html>
`;
const EMSCRIPTEN_GLUE = `var wasmBinaryFile = 'hello.wasm';
var HEAPU8;
var line = '';
function fd_write(fd, iov, iovcnt, pnum) {
  var view = new DataView(HEAPU8.buffer), num = 0;
  for (var i = 0; i < iovcnt; i++) {
    var ptr = view.getUint32(iov + i * 8, true), len = view.getUint32(iov + i * 8 + 4, true);
    for (var j = 0; j < len; j++) {
      var c = HEAPU8[ptr + j];
      if (c === 10) { Module.print(line); line = ''; } else line += String.fromCharCode(c);
    }
    num += len;
  }
  view.setUint32(pnum, num, true);
  return 0;
}
var info = { wasi_snapshot_preview1: { fd_write: fd_write } };
function instantiateArrayBuffer() {
  return fetch(wasmBinaryFile, { credentials: 'same-origin' }).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, info));
}
function instantiateAsync() {
  return WebAssembly.instantiateStreaming(fetch(wasmBinaryFile, { credentials: 'same-origin' }), info).then((r) => { Module.streamed = true; return r; }, (reason) => {
    console.warn('wasm streaming compile failed: ' + reason);
    console.warn('falling back to ArrayBuffer instantiation');
    return instantiateArrayBuffer();
  });
}
Module.setStatus('Running...');
instantiateAsync().then((result) => {
  HEAPU8 = new Uint8Array(result.instance.exports.memory.buffer);
  result.instance.exports.main(0, 0);
  Module.setStatus('');
}, (e) => Module.setStatus('Exception thrown, see JavaScript console'));
`;

test("Emscripten's output is refused until hello.html is named index.html; then it starts: its wasm, deflated in the zip, is application/wasm, compiles as it streams, and prints", async () => {
  const wasm = await helloWasm();
  const files = (page) => zip([
    { name: page, content: EMSCRIPTEN_SHELL },
    { name: 'hello.js', content: EMSCRIPTEN_GLUE },
    { name: 'hello.wasm', content: wasm },
  ]);
  // The spec's home page is index.html; the refusal says what to do, and the glue names its own
  // files, not its page's, so the renamed page starts.
  await assert.rejects(dropSite('hello.zip', files('hello.html')), /422 .*rename 'hello\.html' to index\.html/);
  const e = await dropSite('hello.zip', files('index.html'));
  const { page, context } = await open(e);
  await page.waitForFunction(() => document.getElementById('status').textContent === '' || /Exception/.test(document.getElementById('status').textContent));
  const seen = await page.evaluate(async () => {
    const response = await fetch('hello.wasm');
    return { path: location.pathname, output: document.getElementById('output').value, streamed: Module.streamed ?? false, type: response.headers.get('content-type') };
  });
  assert.deepEqual(seen, { path: '/', output: 'Hello, world!\n', streamed: true, type: 'application/wasm' });
  assert.deepEqual(page.warnings.filter((w) => /wasm/.test(w)), []);
  assert.deepEqual(page.problems, []);
  await context.close();
});

// `flutter build web` (Flutter 3.22 and later): flutter_bootstrap.js holds the loader and the
// build's config, then calls `load`; the loader takes CanvasKit from
// www.gstatic.com/flutter-canvaskit/<engine revision>/ unless the config says `useLocalCanvasKit`,
// though the build wrote the same files into canvaskit/. Written here as that loader decides.
const FLUTTER_INDEX = `<!DOCTYPE html>
<html>
<head>
  <base href="/">
  <meta charset="UTF-8">
  <meta content="IE=Edge" http-equiv="X-UA-Compatible">
  <meta name="description" content="A new Flutter project.">
  <title>tally</title>
  <link rel="manifest" href="manifest.json">
</head>
<body>
  <script src="flutter_bootstrap.js" async></script>
</body>
</html>
`;
const FLUTTER_BOOTSTRAP = `(function () {
  if (!window._flutter) { window._flutter = {}; }
  const base = (document.querySelector('base') && document.querySelector('base').getAttribute('href')) || '';
  const join = (...parts) => parts.filter(Boolean).map((p, i) => i ? p.replace(/^\\/+|\\/+$/g, '') : p.replace(/\\/+$/, '')).filter((p) => p.length).join('/');
  _flutter.loader = {
    async load(options = {}) {
      const config = options.config || {};
      const build = _flutter.buildConfig;
      const kit = config.canvasKitBaseUrl || (build.engineRevision && !build.useLocalCanvasKit
        ? join('https://www.gstatic.com/flutter-canvaskit', build.engineRevision) : '/canvaskit');
      window.__canvasKitFrom = join(base, kit, 'canvaskit.wasm');
      try {
        const { instance } = await WebAssembly.instantiateStreaming(fetch(window.__canvasKitFrom), {});
        const view = document.createElement('flutter-view');
        view.innerHTML = '<flt-semantics id="app">Tally: ' + instance.exports.add(40, 2) + '</flt-semantics>';
        document.body.append(view);
      } catch (error) {
        console.error('Failed to load CanvasKit', error);
      }
    },
  };
})();
if (!window._flutter) { window._flutter = {}; }
_flutter.buildConfig = {"engineRevision":"d2913632a4578ee4d0b8b1c4a69888c8a0672c4b","builds":[{"compileTarget":"dart2js","renderer":"canvaskit","mainJsPath":"main.dart.js"}]};
_flutter.loader.load();
`;
const ADD_WASM = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 7, 1, 0x60, 2, 0x7f, 0x7f, 1, 0x7f,
  3, 2, 1, 0, 7, 7, 1, 3, 0x61, 0x64, 0x64, 0, 0, 10, 9, 1, 7, 0, 0x20, 0, 0x20, 1, 0x6a, 0x0b]);

test('a Flutter web build draws where www.gstatic.com is out of reach: its loader takes CanvasKit from the canvaskit/ folder the build wrote', async () => {
  const e = await dropSite('build-web.zip', zip([
    { name: 'index.html', content: FLUTTER_INDEX },
    { name: 'flutter_bootstrap.js', content: FLUTTER_BOOTSTRAP },
    { name: 'manifest.json', content: '{"name": "tally", "start_url": ".", "display": "standalone"}' },
    { name: 'canvaskit/canvaskit.wasm', content: ADD_WASM },
    { name: 'canvaskit/canvaskit.js', content: 'var CanvasKitInit = () => {};\n' },
    { name: 'canvaskit/chromium/canvaskit.wasm', content: ADD_WASM },
  ]));
  const gstatic = [];
  const { page, context } = await open(e, { 'https://www.gstatic.com/**': (route) => { gstatic.push(route.request().url()); return route.abort('internetdisconnected'); } });
  await page.waitForSelector('#app', { timeout: 5000 });
  assert.equal(await page.textContent('#app'), 'Tally: 42');
  assert.deepEqual([await page.evaluate(() => window.__canvasKitFrom), gstatic], ['canvaskit/canvaskit.wasm', []]);
  assert.deepEqual(page.problems, []);
  await context.close();
});

// A site's video resumed (a download paused and picked up, a media cache filling its gaps): the
// browser asks for the rest `If-Range` the bytes it holds are still the file's. A stored site never
// changes, so its files carry a strong `ETag` a browser may resume against; a range under any other
// validator, or a date (Plug sends no `Last-Modified`), gets the whole file, never a splice. Each
// answer says its length on the wire (`no-store`), so a download shows its progress.
test("a site's video answers a resumed range under its own strong ETag, and the whole file under another validator", async () => {
  const clip = Buffer.alloc(64 * 1024);
  for (let i = 0; i < clip.length; i += 1) clip[i] = (i * 7 + (i >> 8)) & 0xff;
  const e = await dropSite('trailer.zip', zip([
    { name: 'index.html', content: '<!doctype html><html><head><meta charset="utf-8"><title>Trailer</title></head><body><video id="v" src="media/trailer.mp4" controls></video></body></html>' },
    { name: 'media/trailer.mp4', content: clip },
    { name: 'media/stored.mp4', content: clip, store: true },
  ]));
  const { page, context } = await open(e);
  for (const file of ['trailer.mp4', 'stored.mp4']) {
    const got = await page.evaluate(async (f) => {
      const first = await fetch(`media/${f}`, { headers: { range: 'bytes=0-999' }, cache: 'no-store' });
      const etag = first.headers.get('etag');
      const ask = async (ifRange) => {
        const r = await fetch(`media/${f}`, { headers: { range: 'bytes=1000-1999', 'if-range': ifRange }, cache: 'no-store' });
        const bytes = new Uint8Array(await r.arrayBuffer());
        return { status: r.status, range: r.headers.get('content-range'), sent: r.headers.get('content-length'), length: bytes.length, head: [...bytes.subarray(0, 4)] };
      };
      return {
        etag,
        first: first.status,
        same: await ask(etag),
        weak: await ask(`W/${etag}`),
        other: await ask('"0-1"'),
        date: await ask(new Date().toUTCString()),
      };
    }, file);
    assert.match(got.etag, /^"[0-9a-f]+-[0-9a-f]+"$/, `${file}: a strong tag`);
    const head = (at) => [...clip.subarray(at, at + 4)];
    assert.deepEqual({ ...got, etag: undefined }, {
      etag: undefined,
      first: 206,
      same: { status: 206, range: `bytes 1000-1999/${clip.length}`, sent: '1000', length: 1000, head: head(1000) },
      weak: { status: 200, range: null, sent: `${clip.length}`, length: clip.length, head: head(0) },
      other: { status: 200, range: null, sent: `${clip.length}`, length: clip.length, head: head(0) },
      date: { status: 200, range: null, sent: `${clip.length}`, length: clip.length, head: head(0) },
    }, file);
  }
  await context.close();
});
