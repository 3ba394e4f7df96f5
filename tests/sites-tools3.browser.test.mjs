// Zipped sites as build tools write them, round 3, opened in Chromium: a SvelteKit app built by
// `adapter-static` with its SPA fallback `200.html` beside a prerendered home page, a Next.js
// static export whose router fetches each page's `.txt` RSC payload, a Hugo theme's search that
// writes its results from `index.json`'s placeholder permalinks, and a MkDocs Material site whose
// search runs in a worker over `search/search_index.json`. Each is written in the shape the tool
// emits (small, by hand), zipped from its output folder, dropped through the Worker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld, openWatched } from './support/browser.mjs';
import { zip } from './support/fixtures.mjs';
import { SK, skShell } from './support/sveltekit.mjs';
import { expectError } from './support/harness.mjs';

const SHOTS = join(ROOT, 'test-output', 'sites-tools3');
let app;
let browser;
before(async () => { ({ app, browser } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

const drop = async (name, files) => {
  const { owner } = await app.world();
  return app.dropLive(owner, {
    file: { name, content: zip(files) },
    fields: { scope: 'personal', visibility: 'link' },
  });
};

// SvelteKit 2's adapter-static with `fallback: '200.html'` and `prerender` on the home page:
// `index.html` is `/` rendered, linking `./_app/…` (`paths.relative`, the default) and hydrating
// the home route's nodes; `200.html` is the empty shell for every other route, linking `/_app/…`
// (a fallback page is always absolute). The kit here is a small router in SvelteKit's shape:
// `start(app, target, hydrate)` draws the route of `location.pathname` unless told to hydrate.
const skFiles = [
  { name: 'build/index.html', content: skShell('./', '<nav><a href="/">Home</a> <a id="to-settings" href="/settings/profile">Profile</a></nav><h1>Habits</h1>', ', { node_ids: [0, 2], data: [null,null], form: null, error: null }') },
  { name: 'build/200.html', content: skShell('/', '', '') },
  { name: `build/${SK}/assets/0.C4mT2kYq.css`, content: 'h1 { color: rgb(255, 62, 0); }\n' },
  { name: `build/${SK}/entry/app.Cq9d8e7F.js`, content: `export const routes = {
  '/': () => '<h1>Habits</h1>',
  '/settings/profile': () => '<h1>Your profile</h1>',
};
` },
  { name: `build/${SK}/entry/start.BdX3k2Q1.js`, content: `function draw(app, target) {
  const route = app.routes[location.pathname] ?? (() => '<h1>Not found</h1>');
  target.querySelector('main')?.remove();
  const main = document.createElement('main');
  main.innerHTML = '<nav><a href="/">Home</a> <a id="to-settings" href="/settings/profile">Profile</a></nav>' + route();
  target.prepend(main);
}
export function start(app, target, hydrate) {
  window.__started = hydrate ? 'hydrated' : 'rendered';
  if (!hydrate) draw(app, target);
  document.addEventListener('click', (event) => {
    const a = event.target.closest('a');
    if (!a || a.origin !== location.origin) return;
    event.preventDefault();
    history.pushState({}, '', a.href);
    draw(app, target);
  });
}
` },
];

test("a SvelteKit SPA by adapter-static: a deep link and a reload get its 200.html fallback, styled and routed, not the prerendered home page", async () => {
  const e = await drop('build.zip', skFiles);
  const { page, context } = await openWatched(browser, e.url);
  await page.waitForFunction(() => window.__started === 'hydrated');
  const origin = new URL(page.url()).origin;
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(255, 62, 0)');
  await page.click('#to-settings');
  await page.waitForURL(`${origin}/settings/profile`);
  assert.equal(await page.textContent('h1'), 'Your profile');
  // Reloaded, the route is the fallback's: the shell draws it, its /_app/ files load.
  const again = await page.reload();
  assert.equal(again.status(), 200);
  await page.waitForFunction(() => window.__started, null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => window.__started), 'rendered', 'the fallback shell, not the home page hydrated at the wrong path');
  assert.equal(await page.textContent('h1'), 'Your profile');
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(255, 62, 0)', 'styled');
  await page.screenshot({ path: join(SHOTS, 'sveltekit-profile.png') });
  assert.deepEqual(page.problems, []);
  // A script's request for a missing file is still a 404, not the shell.
  assert.equal(await page.evaluate(async () => (await fetch('/nope.json')).status), 404);
  assert.equal(await page.evaluate(async () => (await fetch('/settings/nope')).status), 404, 'a program gets no page in place of data');
  await context.close();
  // With no route prerendered, the build is 200.html alone: refused, saying to rename it.
  const { owner } = await app.world();
  const refused = await app.drop(owner, { file: { name: 'build.zip', content: zip(skFiles.filter((f) => f.name !== 'build/index.html')) }, fields: { scope: 'personal' } });
  expectError(assert, refused, 422, 'CONTENT_MALFORMED');
  assert.match(refused.body.error.message, /rename 'build\/200\.html' to index\.html/);
});

// `next build` with `output: 'export'` (Next 14/15, App Router): `out/about.html` beside
// `out/about.txt`, the page's RSC payload, which the router fetches as `/about.txt?_rsc=…` with
// an `RSC: 1` header when a <Link> is followed (and to prefetch); it takes a `text/plain`
// answer as a payload in an export, and goes for a full page load on anything else.
const NEXT_BUILD = 'x7Qk2mZ9aB3cD4eF5gH6i';
const nextPage = (title, body) => `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><link rel="stylesheet" href="/_next/static/css/6a1f0b2c9d3e4f5a.css" data-precedence="next"/><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/webpack-3b2c1d0e9f8a7b6c.js"/><script src="/_next/static/chunks/main-app-8e7d6c5b4a392817.js" async=""></script><title>${title}</title></head><body><nav><a id="to-home" href="/">Home</a> <a id="to-about" href="/about">About</a></nav><main>${body}</main><script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>`;
const nextFiles = [
  { name: 'out/index.html', content: nextPage('Acme', '<h1>Acme</h1>') },
  { name: 'out/about.html', content: nextPage('About · Acme', '<h1>About Acme</h1>') },
  { name: 'out/404.html', content: nextPage('404: This page could not be found.', '<h1>404</h1>') },
  { name: 'out/index.txt', content: `1:"$Sreact.fragment"\n0:{"b":"${NEXT_BUILD}","p":"","c":["",""],"i":false,"f":[[["",{"children":["__PAGE__",{}]},"$undefined","$undefined",true],["",["$","h1",null,{"children":"Acme"}]]]]}\n` },
  { name: 'out/about.txt', content: `1:"$Sreact.fragment"\n0:{"b":"${NEXT_BUILD}","p":"","c":["","about"],"i":false,"f":[[["",{"children":["about",{"children":["__PAGE__",{}]}]},"$undefined","$undefined",true],["",["$","h1",null,{"children":"About Acme"}]]]]}\n` },
  { name: 'out/_next/static/css/6a1f0b2c9d3e4f5a.css', content: 'h1 { color: rgb(0, 112, 243); }\n' },
  { name: 'out/_next/static/chunks/webpack-3b2c1d0e9f8a7b6c.js', content: 'self.__webpack_loaded = true;\n' },
  // The router's part that matters here, as Next's fetchServerResponse does it.
  { name: 'out/_next/static/chunks/main-app-8e7d6c5b4a392817.js', content: `window.__booted = true;
async function fetchServerResponse(href) {
  const url = new URL(href, location.href);
  url.pathname = (url.pathname === '/' ? '/index' : url.pathname.replace(/\\/$/, '')) + '.txt';
  url.searchParams.set('_rsc', '1ld3x');
  const res = await fetch(url, { credentials: 'same-origin', headers: { RSC: '1', 'Next-Router-State-Tree': encodeURIComponent('["",{"children":["__PAGE__",{}]},null,null,true]') } });
  const type = res.headers.get('content-type') || '';
  const flight = type.startsWith('text/x-component') || type.startsWith('text/plain');
  if (!flight || !res.ok || !res.body) return null;
  return res.text();
}
document.addEventListener('click', async (event) => {
  const a = event.target.closest('a');
  if (!a || a.origin !== location.origin) return;
  event.preventDefault();
  const payload = await fetchServerResponse(a.href);
  if (payload === null) { location.href = a.href; return; }
  if (!payload.includes('"b":"${NEXT_BUILD}"')) { location.href = a.href; return; }
  const text = /"h1",null,\\{"children":"([^"]*)"/.exec(payload)[1];
  history.pushState({}, '', a.href);
  document.querySelector('main').innerHTML = '<h1>' + text + '</h1>';
  window.__softNavigations = (window.__softNavigations || 0) + 1;
});
` },
  { name: `out/_next/static/${NEXT_BUILD}/_buildManifest.js`, content: 'self.__BUILD_MANIFEST={};\n' },
];

test("a Next.js static export: a <Link> is followed from its .txt RSC payload without a page load, and the page reloads by its clean URL", async () => {
  const e = await drop('out.zip', nextFiles);
  const { page, context } = await openWatched(browser, e.url);
  await page.waitForFunction(() => window.__booted);
  const origin = new URL(page.url()).origin;
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(0, 112, 243)');
  await page.evaluate(() => { window.stayed = true; });
  await page.click('#to-about');
  await page.waitForURL(`${origin}/about`);
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About Acme');
  assert.equal(await page.evaluate(() => window.stayed && window.__softNavigations), 1, 'the router drew it from about.txt');
  const rsc = await page.evaluate(async () => {
    const r = await fetch('/about.txt?_rsc=1ld3x', { headers: { RSC: '1' } });
    return { status: r.status, type: r.headers.get('content-type') };
  });
  assert.equal(rsc.status, 200);
  assert.match(rsc.type, /^text\/plain/);
  const again = await page.reload();
  assert.equal(again.status(), 200);
  assert.equal(await page.textContent('h1'), 'About Acme');
  assert.deepEqual(page.problems, []);
  await context.close();
});

// Hugo with PaperMod's search page, built with `hugo new site`'s `baseURL = "https://example.org/"`:
// the theme's script reads `index.json` (the home page's JSON output, each entry's `.Permalink`)
// and writes each result as `<a href="https://example.org/posts/…/">`, which no rewriter of the
// page's markup ever sees.
const hugoPage = (title, body) => `<!DOCTYPE html>
<html lang="en" dir="auto">
<head><meta charset="utf-8">
<title>${title}</title>
<meta name="generator" content="Hugo 0.147.8">
<link rel="canonical" href="https://example.org/search/">
<link crossorigin="anonymous" href="https://example.org/assets/css/stylesheet.8f3c1a2b.css" rel="preload stylesheet" as="style">
</head>
<body class="list" id="top">
<header class="header"><nav class="nav"><div class="logo"><a href="https://example.org/" accesskey="h">My New Hugo Site</a></div>
<ul id="menu"><li><a href="https://example.org/search/" title="Search (Alt + /)" accesskey=/><span>Search</span></a></li></ul></nav></header>
<main class="main">${body}</main>
</body>
</html>
`;
const hugoFiles = [
  { name: 'public/index.html', content: hugoPage('My New Hugo Site', '<a href="https://example.org/search/">Search</a>') },
  { name: 'public/search/index.html', content: hugoPage('Search | My New Hugo Site', `<header class="page-header"><h1>Search</h1></header>
<div id="searchbox"><input id="searchInput" autofocus placeholder="Search ↵" aria-label="search" type="search" autocomplete="off" maxlength="64">
<ul id="searchResults" aria-label="search results"></ul></div>
<script defer crossorigin="anonymous" src="/assets/js/search.93f2c1ab.js"></script>`) },
  { name: 'public/posts/first-post/index.html', content: hugoPage('First post | My New Hugo Site', '<article><h1 id="title">First post</h1></article>') },
  { name: 'public/404.html', content: hugoPage('404 Page not found', '<h1>404</h1>') },
  { name: 'public/index.json', content: '[{"content":"Hello from the first post.","permalink":"https://example.org/posts/first-post/","summary":"Hello from the first post.","title":"First post"}]' },
  { name: 'public/assets/css/stylesheet.8f3c1a2b.css', content: 'body { background: rgb(29, 30, 32); color: rgb(218, 218, 219); } #searchResults a { display: block; height: 40px; }\n' },
  // PaperMod's fastsearch.js, its Fuse search reduced to a substring match.
  { name: 'public/assets/js/search.93f2c1ab.js', content: `let fuse; let resList = document.getElementById('searchResults'); let sInput = document.getElementById('searchInput');
window.onload = function () {
  let xhr = new XMLHttpRequest();
  xhr.onreadystatechange = function () {
    if (xhr.readyState === 4 && xhr.status === 200) {
      let data = JSON.parse(xhr.responseText);
      fuse = { search: (q) => data.filter((d) => (d.title + d.content).toLowerCase().includes(q.toLowerCase())).map((item) => ({ item })) };
      window.__indexed = true;
    }
  };
  xhr.open('GET', '../index.json');
  xhr.send();
};
sInput.onkeyup = function () {
  if (!fuse) return;
  let results = fuse.search(this.value.trim());
  let resultSet = '';
  for (let item in results) {
    resultSet += \`<li class="post-entry"><header class="entry-header">\${results[item].item.title}&nbsp;»</header>\` +
      \`<a href="\${results[item].item.permalink}" aria-label="\${results[item].item.title}"></a></li>\`;
  }
  resList.innerHTML = resultSet;
};
` },
];

test("a Hugo site's search, built with the default baseURL, links its results on the drop", async () => {
  const e = await drop('public.zip', hugoFiles);
  const { page, context } = await openWatched(browser, e.url);
  const away = [];
  await context.route(/^https?:\/\/(www\.)?example\.org\//, (route) => { away.push(route.request().url()); return route.abort(); });
  const origin = new URL(page.url()).origin;
  await page.goto(`${origin}/search/`);
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(29, 30, 32)');
  await page.waitForFunction(() => window.__indexed);
  await page.type('#searchInput', 'first');
  await page.waitForSelector('#searchResults a');
  await Promise.all([page.waitForURL(`${origin}/posts/first-post/`, { timeout: 5000 }), page.click('#searchResults a')]);
  assert.equal(await page.textContent('#title'), 'First post');
  assert.deepEqual(away, []);
  await context.close();
});

// `mkdocs build` with Material: pages link each other and their assets relatively (`"base": ".."`
// in `__config`), the search runs in a web worker started from the config's `search` file, over
// `search/search_index.json` the bundle fetches; `sitemap.xml` and `sitemap.xml.gz` beside them.
const mkPage = (base, title, body) => `<!doctype html>
<html lang="en" class="no-js">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width,initial-scale=1">
    <meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.6.14">
    <title>${title}</title>
    <link rel="stylesheet" href="${base}/assets/stylesheets/main.342714a4.min.css">
  </head>
  <body dir="ltr">
    <header class="md-header"><a href="${base}/." class="md-header__button md-logo">Orbit</a>
      <input type="text" class="md-search__input" name="query" placeholder="Search" data-md-component="search-query" id="q">
      <ol class="md-search-result__list" role="presentation"></ol></header>
    <nav class="md-nav"><a href="${base}/getting-started/" class="md-nav__link">Getting started</a></nav>
    <main class="md-main"><article class="md-content__inner md-typeset">${body}</article></main>
    <script id="__config" type="application/json">{"base": "${base}", "features": [], "search": "${base}/assets/javascripts/workers/search.973d3a69.min.js", "translations": {"search.result.placeholder": "Type to start searching"}, "version": null}</script>
    <script src="${base}/assets/javascripts/bundle.13a4f30d.min.js"></script>
  </body>
</html>
`;
const mkFiles = [
  { name: 'site/index.html', content: mkPage('.', 'Orbit', '<h1 id="orbit">Orbit</h1>') },
  { name: 'site/getting-started/index.html', content: mkPage('..', 'Getting started - Orbit', '<h1 id="getting-started">Getting started</h1>') },
  { name: 'site/404.html', content: mkPage('/', 'Orbit', '<h1>404 - Not found</h1>') },
  { name: 'site/search/search_index.json', content: '{"config":{"lang":["en"],"separator":"[\\\\s\\\\-]+","pipeline":["stopWordFilter"]},"docs":[{"location":"","title":"Orbit","text":"Welcome"},{"location":"getting-started/","title":"Getting started","text":"Install the CLI"}]}' },
  { name: 'site/sitemap.xml', content: '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n    <url>\n         <loc>https://orbit.example.com/</loc>\n    </url>\n</urlset>' },
  { name: 'site/sitemap.xml.gz', content: Buffer.from('1f8b0800000000000003030000000000000000', 'hex') },
  { name: 'site/assets/stylesheets/main.342714a4.min.css', content: '.md-typeset h1 { color: rgb(63, 81, 181); } .md-search-result__list a { display: block; }\n' },
  { name: 'site/assets/javascripts/workers/search.973d3a69.min.js', content: `let docs = [];
addEventListener('message', ({ data }) => {
  if (data.type === 0) { docs = data.data.docs; postMessage({ type: 1 }); }
  if (data.type === 2) postMessage({ type: 3, data: docs.filter((d) => (d.title + ' ' + d.text).toLowerCase().includes(data.data.toLowerCase())) });
});
` },
  { name: 'site/assets/javascripts/bundle.13a4f30d.min.js', content: `(() => {
  const config = JSON.parse(document.getElementById('__config').textContent);
  const base = new URL(config.base + '/', location);
  const worker = new Worker(new URL(config.search, location));
  fetch(new URL('search/search_index.json', base)).then((r) => r.json()).then((index) => worker.postMessage({ type: 0, data: index }));
  worker.onmessage = ({ data }) => {
    if (data.type === 1) window.__searchReady = true;
    if (data.type === 3) document.querySelector('.md-search-result__list').innerHTML = data.data
      .map((d) => '<li><a href="' + new URL(d.location, base).href + '">' + d.title + '</a></li>').join('');
  };
  document.getElementById('q').addEventListener('input', (e) => worker.postMessage({ type: 2, data: e.target.value }));
})();
` },
];

test('a MkDocs Material site: styled, its search worker reads the index and its result opens the page, which reloads', async () => {
  const e = await drop('site.zip', mkFiles);
  const { page, context } = await openWatched(browser, e.url);
  const origin = new URL(page.url()).origin;
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(63, 81, 181)');
  await page.waitForFunction(() => window.__searchReady, null, { timeout: 5000 });
  await page.type('#q', 'install');
  await page.waitForSelector('.md-search-result__list a');
  await Promise.all([page.waitForURL(`${origin}/getting-started/`, { timeout: 5000 }), page.click('.md-search-result__list a')]);
  assert.equal(await page.textContent('h1'), 'Getting started');
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(63, 81, 181)');
  assert.equal((await page.reload()).status(), 200);
  assert.deepEqual(page.problems, []);
  // The site's own sitemap.xml is its file, as its own favicon.ico is.
  const sitemap = await page.evaluate(async () => (await fetch('/sitemap.xml')).text());
  assert.match(sitemap, /orbit\.example\.com/);
  await context.close();
});

// Vite with `base: './'` (set so the zip works in any folder) and a client-side router: the
// built index.html links `./assets/…`, which a reload at a nested route resolves under it.
test("a Vite app built with base './' reloads at a nested route: its relative assets are found without the route's folders", async () => {
  const e = await drop('dist.zip', [
    { name: 'dist/index.html', content: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Crew</title>
    <script type="module" crossorigin src="./assets/index-Bx9k2Q1a.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-C3d4e5F6.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
` },
    { name: 'dist/assets/index-Bx9k2Q1a.js', content: `const draw = () => { document.getElementById('root').innerHTML = '<a id="to-user" href="/users/42">Ada</a><h1>' + (location.pathname === '/' ? 'Crew' : 'User ' + location.pathname.split('/')[2]) + '</h1>'; };
document.addEventListener('click', (e) => { const a = e.target.closest('a'); if (a) { e.preventDefault(); history.pushState({}, '', a.href); draw(); } });
draw();
` },
    { name: 'dist/assets/index-C3d4e5F6.css', content: 'h1 { color: rgb(33, 53, 71); }\n' },
  ]);
  const { page, context } = await openWatched(browser, e.url);
  const origin = new URL(page.url()).origin;
  await page.click('#to-user');
  await page.waitForURL(`${origin}/users/42`);
  await page.reload();
  await page.waitForSelector('h1', { timeout: 5000 });
  assert.equal(await page.textContent('h1'), 'User 42');
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(33, 53, 71)');
  assert.deepEqual(page.problems, []);
  // A page is not found so: a program asking for /users/index.html still gets a 404.
  assert.equal(await page.evaluate(async () => (await fetch('/users/index.html')).status), 404);
  await context.close();
});
