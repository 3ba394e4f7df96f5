// Zipped sites and single pages as generators and older tools write them, dropped and opened in
// Chromium: a Unity WebGL build compressed ahead of time (`Build/*.wasm.gz`, `.js.br`), pages in
// the older encodings they declare (Shift_JIS, GBK, ISO-8859-1) alone and inside zips, and a site
// zipped by macOS's Finder, whose accented file names are decomposed (NFD) while its pages link
// them composed (NFC); accented names as Windows tools write them; a docs site's mistyped address;
// a site's audio asked for in byte ranges. The fixtures are written here in the shape those tools
// give them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld, openWatched, chipShown } from './support/browser.mjs';
import { zip } from './support/fixtures.mjs';

const SHOTS = join(ROOT, 'test-output', 'realfiles-sites');
let app;
let browser;
before(async () => { ({ app, browser } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

// Drops count against a per-user limit: each test drops as a user of its own.
async function dropSite(name, content, user) {
  return app.dropLive(user, { file: { name, content }, fields: { scope: 'personal', visibility: 'link' } });
}

const open = (e, path = '') => openWatched(browser, e.url + path);


// A wasm module exporting add(i32, i32) -> i32, as small as the format allows.
const ADD_WASM = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 7, 1, 0x60, 2, 0x7f, 0x7f, 1, 0x7f,
  3, 2, 1, 0, 7, 7, 1, 3, 0x61, 0x64, 0x64, 0, 0, 10, 9, 1, 7, 0, 0x20, 0, 0x20, 1, 0x6a, 0x0b]);

// Unity 6's WebGL template with "Compression Format: Gzip" and no "Decompression Fallback": the
// loader adds the framework as a <script src="….framework.js.gz"> and compiles the wasm as it
// streams in, which needs `Content-Encoding: gzip` and `application/wasm`.
const UNITY_INDEX = `<!DOCTYPE html>
<html lang="en-us">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Type" content="text/html; charset=utf-8">
    <title>Unity Web Player | Kart</title>
    <link rel="stylesheet" href="TemplateData/style.css">
  </head>
  <body>
    <div id="unity-container" class="unity-desktop"><canvas id="unity-canvas" width=960 height=600 tabindex="-1"></canvas></div>
    <p id="status">Loading</p>
    <script>
      var buildUrl = "Build";
      var config = {
        dataUrl: buildUrl + "/Kart.data.gz",
        frameworkUrl: buildUrl + "/Kart.framework.js.gz",
        codeUrl: buildUrl + "/Kart.wasm.gz",
        brotliCodeUrl: buildUrl + "/Kart.wasm.br",
      };
      var script = document.createElement("script");
      script.src = config.frameworkUrl;
      script.onload = async () => {
        const status = document.getElementById("status");
        try {
          const { instance } = await WebAssembly.instantiateStreaming(fetch(config.codeUrl));
          const viaBrotli = await WebAssembly.instantiateStreaming(fetch(config.brotliCodeUrl));
          const data = await (await fetch(config.dataUrl)).arrayBuffer();
          status.textContent = "Ready " + instance.exports.add(2, 3) + " " + viaBrotli.instance.exports.add(4, 5)
            + " " + unityFramework + " " + data.byteLength;
        } catch (e) { status.textContent = "Failed: " + e; }
      };
      document.body.appendChild(script);
    </script>
  </body>
</html>
`;

test('a Unity WebGL build compressed ahead of time loads: its .gz and .br files arrive decoded, the wasm compiles as it streams', async () => {
  const { owner } = await app.world();
  const data = Buffer.alloc(5000, 7);
  const e = await dropSite('kart-webgl.zip', zip([
    { name: 'index.html', content: UNITY_INDEX },
    { name: 'TemplateData/style.css', content: 'body { background: rgb(35, 31, 32); }' },
    // Unity stores its already compressed files without compressing them again.
    { name: 'Build/Kart.framework.js.gz', content: gzipSync('var unityFramework = "framework";'), store: true },
    { name: 'Build/Kart.wasm.gz', content: gzipSync(ADD_WASM), store: true },
    { name: 'Build/Kart.wasm.br', content: brotliCompressSync(ADD_WASM), store: true },
    { name: 'Build/Kart.data.gz', content: gzipSync(data), store: true },
    { name: 'sitemap.xml.gz', content: gzipSync('<urlset/>'), store: true },
  ]), owner);
  const { page, context } = await open(e);
  await page.waitForFunction(() => /^(Ready|Failed)/.test(document.getElementById('status').textContent));
  assert.equal(await page.textContent('#status'), 'Ready 5 9 framework 5000', page.problems.join('\n'));
  await chipShown(page);
  await page.screenshot({ path: join(SHOTS, 'unity-gzip.png') });
  const origin = new URL(page.url()).origin;
  const heads = await page.evaluate(async (o) => Promise.all(['/Build/Kart.wasm.gz', '/Build/Kart.framework.js.gz', '/sitemap.xml.gz']
    .map(async (p) => { const r = await fetch(o + p); await r.arrayBuffer(); return r.headers.get('content-type'); })), origin);
  assert.deepEqual(heads, ['application/wasm', 'text/javascript; charset=utf-8', 'application/octet-stream'],
    'the wasm and the script by what they hold; a sitemap.xml.gz stays the gzip file it is');
  // The length of what is sent, on the wire (`no-store`), for Unity's progress bar: it went chunked.
  const sent = await page.evaluate(async (o) => (await fetch(o + '/Build/Kart.data.gz', { cache: 'no-store' })).headers.get('content-length'), origin);
  assert.equal(sent, String(gzipSync(data).length));
  assert.deepEqual(page.problems, []);
  await context.close();
});

// An old Japanese homepage (Shift_JIS), a Chinese one (GBK) and a Western one (ISO-8859-1), each
// declaring its encoding in a <meta> as the editors of the time wrote it.
const legacyPage = (charsetMeta, title, heading) => `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html><head>${charsetMeta}<title>${title}</title></head>
<body bgcolor="#FFFFFF"><h1>${heading}</h1><p><a href="about.html">${title}</a></p></body></html>
`;
const SJIS_META = '<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">';
const SJIS_BYTES = Buffer.from([
  ...Buffer.from(`<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">\n<html><head>${SJIS_META}<title>`),
  0x82, 0xe6, 0x82, 0xa4, 0x82, 0xb1, 0x82, 0xbb, // ようこそ
  ...Buffer.from('</title></head>\n<body><h1>'),
  0x83, 0x5c, 0x94, 0x5c, 0x95, 0x5c, // ソ能表: second bytes 0x5C, a backslash in ASCII
  ...Buffer.from('</h1></body></html>\n'),
]);
const GBK_BYTES = Buffer.from([
  ...Buffer.from('<html><head><meta charset="gb2312"><title>'),
  0xbb, 0xb6, 0xd3, 0xad, // 欢迎
  ...Buffer.from('</title></head><body><h1>'),
  0xd6, 0xd0, 0xce, 0xc4, // 中文
  ...Buffer.from('</h1></body></html>'),
]);
const LATIN1_BYTES = Buffer.from(legacyPage('<meta charset="iso-8859-1">', 'Caf\u00e9', 'Cr\u00e8me br\u00fbl\u00e9e'), 'latin1');

test('pages in the older encoding they declare read as written, alone or inside a zip, with the badge', async () => {
  const { owner, admin } = await app.world();
  const drops = [
    ['sjis.html', SJIS_BYTES, 'ようこそ', 'ソ能表', 'Shift_JIS', owner],
    ['gbk.htm', GBK_BYTES, '欢迎', '中文', 'GBK', owner],
    ['homepage.zip', zip([{ name: 'index.html', content: SJIS_BYTES }, { name: 'about.html', content: SJIS_BYTES }]), 'ようこそ', 'ソ能表', 'Shift_JIS', admin],
    ['latin1-site.zip', zip([{ name: 'index.html', content: LATIN1_BYTES }]), 'Café', 'Crème brûlée', 'windows-1252', admin],
  ];
  for (const [name, content, title, heading, charset, user] of drops) {
    const e = await dropSite(name, content, user);
    const { page, context, response } = await open(e);
    assert.equal(response.headers()['content-type'], `text/html; charset=${charset}`, name);
    assert.equal(await page.title(), title, name);
    assert.equal(await page.textContent('h1'), heading, name);
    await chipShown(page);
    if (name === 'homepage.zip') {
      const about = await page.goto(new URL('/about.html', page.url()).toString());
      assert.equal(about.headers()['content-type'], 'text/html; charset=Shift_JIS');
      assert.equal(await page.textContent('h1'), heading, 'a second page of the site');
    }
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
    await context.close();
  }
  // A page of UTF-8 bytes under a stale Latin-1 declaration stays UTF-8, as it was served before.
  const stale = Buffer.from(legacyPage('<meta charset="iso-8859-1">', 'Café', 'Crème brûlée'));
  const e = await dropSite('stale.zip', zip([{ name: 'index.html', content: stale }]), admin);
  const { page, context, response } = await open(e);
  assert.equal(response.headers()['content-type'], 'text/html; charset=utf-8');
  assert.equal(await page.textContent('h1'), 'Crème brûlée');
  await context.close();
});

test("a site zipped by macOS's Finder opens its accented pages: decomposed names answer composed links, its __MACOSX twins are not served", async () => {
  const { owner } = await app.world();
  const page = (title, body = '') => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
  // Archive Utility: one top folder, names in UTF-8 without the zip's UTF-8 flag and decomposed
  // as macOS's file system returns them, an AppleDouble `._` twin of each file, a .DS_Store.
  const nfd = (s) => s.normalize('NFD');
  const content = zip([
    { name: 'Portfolio/', content: '' },
    { name: 'Portfolio/index.html', content: page('Home', '<a id="cafe" href="caf%C3%A9.html">Café</a> <a id="resume" href="R%C3%A9sum%C3%A9/">Résumé</a>') },
    { name: nfd('Portfolio/café.html'), content: page('Café') },
    { name: nfd('Portfolio/Résumé/index.html'), content: page('Résumé') },
    { name: 'Portfolio/.DS_Store', content: Buffer.from('\0\0\0\x01Bud1') },
    { name: '__MACOSX/Portfolio/._index.html', content: Buffer.from('\0\x05\x16\x07\0\x02\0\0Mac OS X') },
    { name: nfd('__MACOSX/Portfolio/._café.html'), content: Buffer.from('\0\x05\x16\x07\0\x02\0\0Mac OS X') },
  ]);
  const e = await dropSite('Portfolio.zip', content, owner);
  const { page: tab, context } = await open(e);
  await tab.waitForSelector('#cafe');
  await Promise.all([tab.waitForURL(/caf%C3%A9\.html$/), tab.click('#cafe')]);
  assert.equal(await tab.textContent('h1'), 'Café', 'the composed link finds the decomposed name');
  await chipShown(tab);
  await tab.goBack();
  await Promise.all([tab.waitForURL(/R%C3%A9sum%C3%A9\/$/), tab.click('#resume')]);
  assert.equal(await tab.textContent('h1'), 'Résumé', 'a decomposed folder too');
  const origin = new URL(tab.url()).origin;
  for (const path of ['/__MACOSX/Portfolio/._index.html', '/.DS_Store', '/caf%C3%A9.htm']) {
    assert.equal((await tab.goto(origin + path)).status(), 404, path);
  }
  await context.close();
});

// MkDocs with `use_directory_urls` (its default): each page a folder's index.html, every link
// relative (`../about/`), and a 404.html it writes for the host to answer misses with.
test('a mistyped address on a docs site gets its 404 page, not its home page; a single-page app still answers a route with a slash', async () => {
  const { owner } = await app.world();
  const page = (title, prefix) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} - My Docs</title>
<link rel="stylesheet" href="${prefix}assets/stylesheets/main.css"></head><body><h1>${title}</h1>
<nav><a id="home" href="${prefix}">Home</a> <a id="about" href="${prefix}about/">About</a></nav></body></html>`;
  const docs = await dropSite('site.zip', zip([
    { name: 'index.html', content: page('Welcome to MkDocs', '') },
    { name: 'about/index.html', content: page('About', '../') },
    { name: '404.html', content: page('404 - Not found', '/') },
    { name: 'assets/stylesheets/main.css', content: 'h1 { color: rgb(63, 81, 181); }' },
    { name: 'sitemap.xml', content: '<?xml version="1.0" encoding="UTF-8"?><urlset/>' },
  ]), owner);
  const { page: tab, context } = await open(docs);
  await Promise.all([tab.waitForURL(/\/about\/$/), tab.click('#about')]);
  assert.equal(await tab.textContent('h1'), 'About');
  const origin = new URL(tab.url()).origin;
  for (const path of ['/nope/', '/nope/about/', '/abuot/']) {
    const res = await tab.goto(origin + path);
    assert.equal(res.status(), 404, path);
    assert.equal(await tab.textContent('h1'), '404 - Not found', `${path}: the site's own 404 page`);
  }
  await context.close();
  const spa = await dropSite('spa.zip', zip([
    { name: 'index.html', content: '<!doctype html><html><head><meta charset="utf-8"><title>App</title><script type="module" src="/assets/index-4f2a.js"></script></head><body><div id="root"></div></body></html>' },
    { name: 'assets/index-4f2a.js', content: 'document.getElementById("root").innerHTML = "<h1 id=route>" + location.pathname + "</h1>";' },
  ]), owner);
  const s = await open(spa, 'dashboard/');
  assert.equal(s.response.status(), 200);
  await s.page.waitForSelector('#route');
  assert.equal(await s.page.textContent('#route'), '/dashboard/');
  await s.context.close();
});

// A 16-bit mono PCM WAV of `seconds` of a tone, as any recorder saves one.
function wav(seconds, rate = 8000) {
  const samples = seconds * rate;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0); out.writeUInt32LE(36 + samples * 2, 4); out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16); out.writeUInt16LE(1, 20); out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24); out.writeUInt32LE(rate * 2, 28); out.writeUInt16LE(2, 32); out.writeUInt16LE(16, 34);
  out.write('data', 36); out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) out.writeInt16LE(Math.round(8000 * Math.sin(i / 10)), 44 + i * 2);
  return out;
}

test("a site's media answers byte ranges, stored or deflated in the zip, so a clip seeks (and plays in Safari)", async () => {
  const { owner } = await app.world();
  const clip = wav(10);
  const e = await dropSite('podcast.zip', zip([
    { name: 'index.html', content: '<!doctype html><html><head><meta charset="utf-8"><title>Episode 1</title></head><body><h1>Episode 1</h1><audio id="player" controls preload="auto" src="media/episode-1.wav"></audio></body></html>' },
    { name: 'media/episode-1.wav', content: clip },
    { name: 'media/stored.wav', content: clip, store: true },
  ]), owner);
  const { page, context } = await open(e);
  const origin = new URL(page.url()).origin;
  for (const file of ['episode-1.wav', 'stored.wav']) {
    const got = await page.evaluate(async ([o, f]) => {
      const ask = async (range) => {
        // `no-store`: the Worker answers, not Chromium's cache, which keeps the parts of a file with a
        // strong ETag and answers a 416 of its own (`bytes 0-0/size`).
        const r = await fetch(`${o}/media/${f}`, { headers: { range }, cache: 'no-store' });
        return { status: r.status, range: r.headers.get('content-range'), length: r.headers.get('content-length'), bytes: [...new Uint8Array(await r.arrayBuffer())] };
      };
      return [await ask('bytes=1000-1099'), await ask('bytes=-4'), await ask('bytes=999999-')];
    }, [origin, file]);
    assert.deepEqual(got[0].bytes, [...clip.subarray(1000, 1100)], `${file}: the part asked for`);
    assert.equal(got[0].status, 206);
    assert.equal(got[0].range, `bytes 1000-1099/${clip.length}`);
    // On the wire (`no-store`): the runtime sent a streamed part chunked, without it.
    assert.equal(got[0].length, '100');
    assert.deepEqual([got[1].status, got[1].bytes], [206, [...clip.subarray(clip.length - 4)]], `${file}: the last bytes`);
    assert.deepEqual([got[2].status, got[2].range], [416, `bytes */${clip.length}`], `${file}: past the end`);
  }
  // Chromium asks for the rest of the clip from where it seeks to.
  const seeked = await page.evaluate(() => new Promise((resolve) => {
    const player = document.getElementById('player');
    const go = () => { player.addEventListener('seeked', () => resolve([player.currentTime, player.seekable.end(0)]), { once: true }); player.currentTime = 8; };
    if (player.readyState >= 1) go(); else player.addEventListener('loadedmetadata', go, { once: true });
  }));
  assert.ok(Math.abs(seeked[0] - 8) < 0.1 && Math.abs(seeked[1] - 10) < 0.1, `${seeked}`);
  await context.close();
});

test('accented names from Windows tools: CP437 without the UTF-8 flag (Explorer before Windows 11), UTF-8 with it (7-Zip, Python), and backslashes (PowerShell)', async () => {
  const { owner } = await app.world();
  const page = (title, body = '') => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
  const links = '<a id="menu" href="men%C3%BC.html">Menü</a> <a id="notes" href="notes/r%C3%A9sum%C3%A9.html">Résumé</a>';
  const cp437 = (s) => Buffer.from([...s].map((c) => ({ ü: 0x81, é: 0x82 }[c] ?? c.charCodeAt(0))));
  const zips = {
    'explorer.zip': zip([
      { name: 'index.html', content: page('Home', links) },
      { name: cp437('menü.html'), content: page('Menü') },
      { name: cp437('notes/résumé.html'), content: page('Résumé') },
    ]),
    '7zip.zip': zip([
      { name: 'index.html', content: page('Home', links) },
      { name: 'menü.html', content: page('Menü'), utf8: true },
      { name: 'notes/résumé.html', content: page('Résumé'), utf8: true },
    ]),
    'compress-archive.zip': zip([
      { name: 'index.html', content: page('Home', links) },
      { name: 'menü.html', content: page('Menü'), utf8: true },
      { name: 'notes\\résumé.html', content: page('Résumé'), utf8: true },
    ]),
  };
  for (const [name, content] of Object.entries(zips)) {
    const e = await dropSite(name, content, owner);
    const { page: tab, context } = await open(e);
    for (const [link, title] of [['#menu', 'Menü'], ['#notes', 'Résumé']]) {
      await tab.waitForSelector(link);
      await Promise.all([tab.waitForURL(/\.html$/), tab.click(link)]);
      assert.equal(await tab.textContent('h1'), title, `${name}: ${link}`);
      await tab.goBack();
    }
    await context.close();
  }
});
