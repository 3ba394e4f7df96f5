// Zipped sites that need SharedArrayBuffer (a Godot 4.0-4.2 web export, an Emscripten `-pthread`
// build, ffmpeg.wasm's threaded core) ask to be cross-origin isolated the two ways such sites do:
// a `_headers` file as Netlify and Cloudflare Pages read it, or `coi-serviceworker.js`, which
// would add the headers from a service worker (a drop may not register one); or show it by
// Emscripten's pthread worker beside their wasm, or by a main script that is its own pthread
// worker (Emscripten 3.1.58 on). Opened in Chromium
// through the shared `url`: the page, its worker and its shared memory are isolated, the badge
// still loads under `require-corp`, and a site that asks for nothing is served as before. The
// fixtures are written here in the shape those tools give them (docs/serving.md: cross-origin
// isolation).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBrowserWorld } from './support/browser-world.mjs';
import { chipShown } from './support/browser.mjs';
import { zip } from './support/fixtures.mjs';

const world = useBrowserWorld('sites-isolation');
const { dropLink: dropSite, open } = world;


// Godot 4.2's export shell, cut to what decides whether the game starts: the engine lists the
// features it misses (cross-origin isolation and SharedArrayBuffer for a threaded build) and
// shows them instead of the game; its threads are workers that share the wasm memory.
const GODOT_INDEX = `<!DOCTYPE html>
<html lang="en">
	<head>
		<meta charset="utf-8">
		<meta name="viewport" content="width=device-width, user-scalable=no, initial-scale=1.0">
		<title>Dodge the Creeps</title>
		<style>html, body, #canvas { margin: 0; padding: 0; border: 0; } body { color: white; background-color: black; }</style>
	</head>
	<body>
		<canvas id="canvas">Your browser does not support the canvas tag.</canvas>
		<div id="status-notice"></div>
		<script src="index.js"></script>
		<script>
const GODOT_CONFIG = {"args":[],"canvasResizePolicy":2,"executable":"index","experimentalVK":false,"fileSizes":{"index.pck":1024,"index.wasm":41},"focusCanvas":true,"gdextensionLibs":[]};
const engine = new Engine(GODOT_CONFIG);
const statusNotice = document.getElementById('status-notice');
const missing = Engine.getMissingFeatures();
if (missing.length !== 0) {
	statusNotice.textContent = 'Error\\nThe following features required to run Godot projects on the Web are missing:\\n' + missing.join('\\n');
} else {
	engine.startGame().then((threads) => { statusNotice.textContent = 'Started with ' + threads; },
		(err) => { statusNotice.textContent = 'Failed: ' + err; });
}
		</script>
	</body>
</html>
`;

const GODOT_ENGINE = `var Engine = (function () {
  function Engine(config) { this.config = config; }
  Engine.getMissingFeatures = function () {
    const missing = [];
    if (!window.crossOriginIsolated) missing.push('Cross Origin Isolation - Check web server configuration (send correct headers)');
    if (typeof SharedArrayBuffer === 'undefined') missing.push('SharedArrayBuffer - Check web server configuration (send correct headers)');
    return missing;
  };
  Engine.prototype.startGame = function () {
    const memory = new WebAssembly.Memory({ initial: 1, maximum: 2, shared: true });
    const counter = new Int32Array(memory.buffer);
    const worker = new Worker('index.worker.js');
    return new Promise((resolve, reject) => {
      worker.onmessage = (e) => resolve('threads: ' + e.data + ', counter ' + Atomics.load(counter, 0));
      worker.onerror = (e) => reject(e.message || 'worker failed');
      worker.postMessage(memory);
    });
  };
  return Engine;
})();
`;

const GODOT_WORKER = `self.onmessage = (e) => {
  const counter = new Int32Array(e.data.buffer);
  Atomics.add(counter, 0, 42);
  postMessage(self.crossOriginIsolated ? 'isolated' : 'not isolated');
};
`;

// Godot's docs and Netlify's give the file in this shape; Cloudflare Pages reads the same.
const HEADERS_FILE = `# Godot 4 web exports need SharedArrayBuffer.
/*
  Cross-Origin-Opener-Policy: same-origin
  Cross-Origin-Embedder-Policy: require-corp
  Access-Control-Allow-Origin: *
  Content-Security-Policy: default-src *
`;

const godotExport = (extra) => zip([
  { name: 'dodge/index.html', content: GODOT_INDEX },
  { name: 'dodge/index.js', content: GODOT_ENGINE },
  { name: 'dodge/index.worker.js', content: GODOT_WORKER },
  { name: 'dodge/index.wasm', content: ADD_WASM, store: true },
  { name: 'dodge/index.pck', content: Buffer.alloc(1024, 1), store: true },
  ...extra,
]);

// A wasm module exporting add(i32, i32) -> i32: the engine's place in the export.
const ADD_WASM = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 7, 1, 0x60, 2, 0x7f, 0x7f, 1, 0x7f,
  3, 2, 1, 0, 7, 7, 1, 3, 0x61, 0x64, 0x64, 0, 0, 10, 9, 1, 7, 0, 0x20, 0, 0x20, 1, 0x6a, 0x0b]);

test('a threaded Godot export with a _headers file starts: isolated page and worker, shared memory, the badge still on', async () => {
    const e = await dropSite('dodge.zip', godotExport([{ name: 'dodge/_headers', content: HEADERS_FILE }]));
  const { page, context, response } = await open(e);
  const headers = response.headers();
  assert.equal(headers['cross-origin-opener-policy'], 'same-origin');
  assert.equal(headers['cross-origin-embedder-policy'], 'require-corp');
  // Only isolation is read from the file: the origin's own policy and CORS stay Plug's.
  assert.notEqual(headers['content-security-policy'], 'default-src *');
  assert.equal(headers['access-control-allow-origin'], undefined);
  await page.waitForFunction(() => document.getElementById('status-notice').textContent !== '');
  assert.equal(await page.textContent('#status-notice'), 'Started with threads: isolated, counter 42', page.problems.join('\n'));
  assert.equal(await page.evaluate(() => window.crossOriginIsolated), true);
  // badge.js and its panel come from the API origin: they must be loadable under require-corp.
  await chipShown(page);
  // The panel's script follows the chip; the view beacon's answer is no-cors (both need CORP).
  await page.waitForFunction(() => performance.getEntriesByType('resource')
    .some((r) => r.name.endsWith('/badge-panel.js') && r.responseEnd > 0));
  await page.screenshot({ path: join(world.SHOTS, 'godot-isolated.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the same export as Godot 4.2 writes it, with no _headers, is known by its pthread worker and starts', async () => {
    const e = await dropSite('dodge-export.zip', godotExport([]));
  const { page, context, response } = await open(e);
  assert.equal(response.headers()['cross-origin-embedder-policy'], 'require-corp');
  await page.waitForFunction(() => document.getElementById('status-notice').textContent !== '');
  assert.equal(await page.textContent('#status-notice'), 'Started with threads: isolated, counter 42', page.problems.join('\n'));
  await chipShown(page);
  assert.deepEqual(page.problems, []);
  await context.close();
});

// Godot 4.3 and later with thread support (Emscripten 3.1.58 on): no worker file; the engine's
// script starts its threads from itself, naming them `em-pthread`, and runs as one when so named.
const GODOT_43_ENGINE = `if (typeof window === 'undefined' && self.name.startsWith('em-pthread')) {
${GODOT_WORKER}} else {
${GODOT_ENGINE.replace("new Worker('index.worker.js')", "new Worker('index.js', { 'name': 'em-pthread' })")}}
`;

test("Godot 4.3's threaded export, whose engine script is its own pthread worker, is known by that script and starts", async () => {
  const e = await dropSite('dodge-43.zip', zip([
    { name: 'index.html', content: GODOT_INDEX },
    { name: 'index.js', content: GODOT_43_ENGINE },
    { name: 'index.wasm', content: ADD_WASM },
    { name: 'index.pck', content: Buffer.alloc(1024, 1), store: true },
    { name: 'index.audio.worklet.js', content: 'class GodotProcessor extends AudioWorkletProcessor {}\n' },
  ]));
  const { page, context, response } = await open(e);
  // It showed "The following features required to run Godot projects on the Web are missing".
  assert.equal(response.headers()['cross-origin-embedder-policy'], 'require-corp');
  await page.waitForFunction(() => document.getElementById('status-notice').textContent !== '');
  assert.equal(await page.textContent('#status-notice'), 'Started with threads: isolated, counter 42', page.problems.join('\n'));
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a site with coi-serviceworker.js is isolated without its service worker; a site that asks for nothing is not', async () => {
    // The script's shape: register itself as a service worker unless the page is isolated already.
  const coi = `/*! coi-serviceworker v0.1.7 - Guido Zuidhof and contributors, licensed under MIT */
if (typeof window === 'undefined') {
  self.addEventListener('fetch', () => {});
} else if (!window.crossOriginIsolated && window.isSecureContext) {
  navigator.serviceWorker.register(document.currentScript.src).then(
    () => window.location.reload(),
    (err) => console.error('COOP/COEP Service Worker failed to register:', err));
}
`;
  const ffmpegDemo = (extra) => zip([
    { name: 'index.html', content: `<!doctype html><html><head><meta charset="utf-8"><title>ffmpeg.wasm demo</title>
<script src="coi-serviceworker.js"></script></head><body><h1>Convert a clip</h1>
<p id="state"></p><script>document.getElementById('state').textContent =
  'isolated ' + window.crossOriginIsolated + ', shared memory ' + (typeof SharedArrayBuffer);</script></body></html>` },
    ...extra,
  ]);
  const isolated = await dropSite('ffmpeg-demo.zip', ffmpegDemo([{ name: 'coi-serviceworker.js', content: coi }]));
  const { page, context, response } = await open(isolated);
  assert.equal(response.headers()['cross-origin-embedder-policy'], 'require-corp');
  assert.equal(await page.textContent('#state'), 'isolated true, shared memory function');
  await chipShown(page);
  assert.deepEqual(page.problems, []);
  await context.close();

  const plain = await dropSite('plain-demo.zip', ffmpegDemo([{ name: 'app.js', content: 'console.log(1)' }]));
  const second = await open(plain);
  // Every content origin cuts off a cross-site opener (README "Security"); not isolation.
  assert.equal(second.response.headers()['cross-origin-opener-policy'], 'same-origin-allow-popups');
  assert.equal(second.response.headers()['cross-origin-embedder-policy'], undefined);
  assert.equal(await second.page.textContent('#state'), 'isolated false, shared memory undefined');
  await second.context.close();
});

test("a _headers file's credentialless policy is kept; one that sets only half of isolation is ignored", async () => {
    const site = (headers) => zip([
    { name: 'index.html', content: '<!doctype html><title>t</title><p id="s"></p><script>s.textContent = String(crossOriginIsolated)</script>' },
    { name: '_headers', content: headers },
  ]);
  const credentialless = await dropSite('cl.zip', site('/*\n  Cross-Origin-Embedder-Policy: credentialless\n  Cross-Origin-Opener-Policy: same-origin\n'));
  const first = await open(credentialless);
  assert.equal(first.response.headers()['cross-origin-embedder-policy'], 'credentialless');
  assert.equal(await first.page.textContent('#s'), 'true');
  await chipShown(first.page);
  await first.context.close();

  const half = await dropSite('half.zip', site('/*\n  Cross-Origin-Opener-Policy: same-origin\n'));
  const second = await open(half);
  // Every content origin cuts off a cross-site opener (README "Security"); not isolation.
  assert.equal(second.response.headers()['cross-origin-opener-policy'], 'same-origin-allow-popups');
  assert.equal(await second.page.textContent('#s'), 'false');
  await second.context.close();
});
