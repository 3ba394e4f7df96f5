// Zipped sites as build tools write them, round 4, opened in Chromium: a Docusaurus site built
// with `baseUrl: '/repo/'` and `trailingSlash: false`, Astro's `build.format: 'file'` beside its
// default 'directory', an Eleventy site's pretty URLs and permalinks, and a SvelteKit app built by
// adapter-static with `fallback: '404.html'` (its SPA shell named as a not-found page). Each is
// written in the shape the tool emits (small, by hand), zipped from its output folder, dropped
// through the Worker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld, openWatched } from './support/browser.mjs';
import { zip } from './support/fixtures.mjs';
import { SK, skShell } from './support/sveltekit.mjs';

const SHOTS = join(ROOT, 'test-output', 'sites-tools4');
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

/** Where a navigation to `path` ends, and with what status. */
const visit = async (page, origin, path) => {
  const response = await page.goto(`${origin}${path}`);
  return { at: new URL(page.url()).pathname, status: response.status() };
};

// Docusaurus 3 with `baseUrl: '/repo/'` (a GitHub Pages project site) and `trailingSlash: false`:
// every page is `{route}.html` (`docs/intro.html`), linked as `/repo/docs/intro`; its 404.html is a
// page of its own. The client here is Docusaurus's in small: it marks the page hydrated, and a
// click on a link of the site loads the route's chunk and draws it without a page load.
const docuPage = (title, route, main) => `<!doctype html>
<html lang="en" dir="ltr" class="plugin-docs plugin-id-default" data-has-hydrated="false">
<head>
<meta charset="UTF-8">
<meta name="generator" content="Docusaurus v3.5.2">
<title data-rh="true">${title} | Widgets</title><meta data-rh="true" name="viewport" content="width=device-width,initial-scale=1"><meta data-rh="true" property="og:url" content="https://acme.github.io/repo${route}"><link data-rh="true" rel="icon" href="/repo/img/favicon.ico"><link data-rh="true" rel="canonical" href="https://acme.github.io/repo${route}">
<link rel="stylesheet" href="/repo/assets/css/styles.8f2c41d3.css">
<script src="/repo/assets/js/runtime~main.5e6f7a8b.js" defer="defer"></script>
<script src="/repo/assets/js/main.1a2b3c4d.js" defer="defer"></script>
</head>
<body class="navigation-with-keyboard">
<div id="__docusaurus"><nav class="navbar"><a class="navbar__brand" href="/repo/">Widgets</a><a id="to-intro" class="navbar__item" href="/repo/docs/intro">Tutorial</a></nav><div id="__docusaurus_skipToContent_fallback" class="main-wrapper"><main>${main}</main></div></div>
</body>
</html>
`;
const docuFiles = [
  { name: 'build/index.html', content: docuPage('Hello from Widgets', '/', '<h1>Widgets</h1>') },
  { name: 'build/docs/intro.html', content: docuPage('Tutorial Intro', '/docs/intro', '<h1>Tutorial Intro</h1>') },
  { name: 'build/404.html', content: docuPage('Page Not Found', '/404.html', '<h1 class="hero__title">Page Not Found</h1>') },
  { name: 'build/img/favicon.ico', content: 'ico' },
  { name: 'build/assets/css/styles.8f2c41d3.css', content: 'h1 { color: rgb(46, 133, 85); }\n' },
  { name: 'build/assets/js/runtime~main.5e6f7a8b.js', content: 'window.__docusaurusRuntime = true;\n' },
  { name: 'build/assets/js/935f2afb.0c1d2e3f.js', content: 'export default "<h1>Tutorial Intro</h1>";\n' },
  { name: 'build/assets/js/main.1a2b3c4d.js', content: `document.documentElement.dataset.hasHydrated = 'true';
document.addEventListener('click', async (event) => {
  const a = event.target.closest('a');
  if (!a || a.origin !== location.origin) return;
  event.preventDefault();
  const chunk = await import('/repo/assets/js/935f2afb.0c1d2e3f.js');
  history.pushState({}, '', a.href);
  document.querySelector('main').innerHTML = chunk.default;
  window.__clientNavigations = (window.__clientNavigations || 0) + 1;
});
` },
];

test("Docusaurus with baseUrl '/repo/' and trailingSlash false: moved under /repo/, navigated client-side, reloaded, its slashed address and 404 page answered", async () => {
  const e = await drop('build.zip', docuFiles);
  const { page, context } = await openWatched(browser, e.url);
  const origin = new URL(page.url()).origin;
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  assert.equal(new URL(page.url()).pathname, '/repo/', 'moved to the sub-path it was built for');
  await page.click('#to-intro');
  await page.waitForURL(`${origin}/repo/docs/intro`);
  assert.equal(await page.evaluate(() => window.__clientNavigations), 1, 'no page load');
  const again = await page.reload();
  assert.equal(again.status(), 200);
  assert.equal(await page.textContent('h1'), 'Tutorial Intro');
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(46, 133, 85)', 'styled');
  // The page by its folder's address, as a typed or old link has it, moves to the page.
  assert.deepEqual(await visit(page, origin, '/repo/docs/intro/'), { at: '/repo/docs/intro', status: 200 });
  assert.equal(await page.textContent('h1'), 'Tutorial Intro');
  const missing = await visit(page, origin, '/repo/docs/nope');
  assert.equal(missing.status, 404);
  assert.equal(await page.textContent('h1'), 'Page Not Found');
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(46, 133, 85)', 'the 404 page styled');
  await page.screenshot({ path: join(SHOTS, 'docusaurus-404.png') });
  await context.close();
});

// Astro 4/5: `build.format: 'file'` writes `about.html` and `blog/first-post.html`, the default
// 'directory' writes `about/index.html`; links are as their author wrote them (`trailingSlash:
// 'ignore'`), so one site links `/about/` and another `/about`. Eleventy writes pretty URLs
// (`about/index.html`), and a permalink can name a file (`/feed.xml`, `/404.html`).
const astroPage = (title, body) => `<!DOCTYPE html><html lang="en"> <head><meta charset="UTF-8"><meta name="viewport" content="width=device-width"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><meta name="generator" content="Astro v5.1.2"><title>${title}</title><link rel="stylesheet" href="/_astro/about.BxQ9c2aF.css"></head> <body> <nav><a href="/">Home</a> <a id="to-about" href="/about/">About</a> <a id="to-post" href="/blog/first-post/">First post</a></nav> <main>${body}</main> </body></html>`;
const astroShared = [
  { name: 'dist/favicon.svg', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
  { name: 'dist/_astro/about.BxQ9c2aF.css', content: 'h1{color:#7c3aed}\n' },
  { name: 'dist/404.html', content: astroPage('Not found', '<h1>404: Not found</h1>') },
  { name: 'dist/index.html', content: astroPage('Home', '<h1>Home</h1>') },
];
const eleventyPage = (title, body) => `<!doctype html>
<html lang="en">
	<head>
		<meta charset="utf-8">
		<meta name="viewport" content="width=device-width, initial-scale=1.0">
		<title>${title}</title>
		<link rel="alternate" href="/feed.xml" type="application/atom+xml" title="Notes">
		<link rel="stylesheet" href="/css/index.css">
	</head>
	<body>
		<header><a href="/">Notes</a> <a id="to-about" href="/about/">About</a> <a id="to-post" href="/blog/firstpost/">First post</a></header>
		<main id="skip">${body}</main>
	</body>
</html>
`;

test("Astro's build.format 'file' and 'directory', and Eleventy's pretty URLs: each page opens by its linked address, with or without its slash", async () => {
  const file = await drop('dist.zip', [...astroShared,
    { name: 'dist/about.html', content: astroPage('About', '<h1>About</h1>') },
    { name: 'dist/blog/first-post.html', content: astroPage('First post', '<h1>First post</h1>') }]);
  const dir = await drop('dist.zip', [...astroShared,
    { name: 'dist/about/index.html', content: astroPage('About', '<h1>About</h1>') },
    { name: 'dist/blog/first-post/index.html', content: astroPage('First post', '<h1>First post</h1>') }]);
  const eleventy = await drop('_site.zip', [
    { name: '_site/index.html', content: eleventyPage('Notes', '<h1>Notes</h1>') },
    { name: '_site/about/index.html', content: eleventyPage('About', '<h1>About</h1>') },
    { name: '_site/blog/firstpost/index.html', content: eleventyPage('First post', '<h1>First post</h1>') },
    { name: '_site/404.html', content: eleventyPage('Not found', '<h1>Not found</h1>') },
    { name: '_site/feed.xml', content: '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Notes</title></feed>\n' },
    { name: '_site/css/index.css', content: 'h1 { color: rgb(10, 20, 30); }\n' },
  ]);
  const { page, context } = await openWatched(browser, file.url);
  const origin = (u) => new URL(u).origin;
  const o = origin(page.url());
  // format 'file': the linked `/about/` and `/blog/first-post/` move to the page's own address.
  await page.click('#to-about');
  await page.waitForURL(`${o}/about`);
  assert.equal(await page.textContent('h1'), 'About');
  assert.deepEqual(await visit(page, o, '/blog/first-post/'), { at: '/blog/first-post', status: 200 });
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(124, 58, 237)');
  assert.deepEqual(await visit(page, o, '/nope/'), { at: '/nope/', status: 404 }, "a missing folder is the site's 404 page");
  assert.equal(await page.textContent('h1'), '404: Not found');
  // format 'directory': `/about` moves to `/about/`.
  await page.goto(dir.url);
  const d = origin(page.url());
  assert.deepEqual(await visit(page, d, '/about'), { at: '/about/', status: 200 });
  assert.deepEqual(await visit(page, d, '/blog/first-post/'), { at: '/blog/first-post/', status: 200 });
  assert.equal(await page.textContent('h1'), 'First post');
  // Eleventy: its pretty URLs, its feed by its permalink, its 404 page.
  await page.goto(eleventy.url);
  const l = origin(page.url());
  await page.click('#to-post');
  await page.waitForURL(`${l}/blog/firstpost/`);
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(10, 20, 30)');
  assert.deepEqual(await visit(page, l, '/about'), { at: '/about/', status: 200 });
  const feed = await page.evaluate(async () => { const r = await fetch('/feed.xml'); return [r.status, r.headers.get('content-type')]; });
  assert.equal(feed[0], 200);
  assert.match(feed[1], /xml/);
  assert.equal((await visit(page, l, '/blog/lastpost/')).status, 404);
  assert.equal(await page.textContent('h1'), 'Not found');
  await context.close();
});

// SvelteKit 2's adapter-static with `fallback: '404.html'`, as its docs set it up for GitHub Pages:
// `index.html` is `/` prerendered, hydrating the home route; `404.html` is the SPA shell for every
// other route (absolute `/_app/` links, `kit.start(app, element)` with nothing to hydrate). Named
// as a not-found page, it is the app: a navigation to a route is drawn with 200.
const skFiles = [
  { name: 'build/index.html', content: skShell('./', '<main><h1>Habits</h1></main>', ', { node_ids: [0, 2], data: [null,null], form: null, error: null }', '9qk2x1') },
  { name: 'build/404.html', content: skShell('/', '', '', '9qk2x1') },
  { name: `build/${SK}/assets/0.C4mT2kYq.css`, content: 'h1 { color: rgb(255, 62, 0); }\n' },
  { name: `build/${SK}/entry/app.Cq9d8e7F.js`, content: `export const routes = {
  '/': () => '<h1>Habits</h1>',
  '/settings/profile': () => '<h1>Your profile</h1>',
};
` },
  { name: `build/${SK}/entry/start.BdX3k2Q1.js`, content: `export function start(app, target, hydrate) {
  window.__started = hydrate ? 'hydrated' : 'rendered';
  if (hydrate) return;
  const route = app.routes[location.pathname] ?? (() => '<h1>Not found</h1>');
  target.querySelector('main')?.remove();
  const main = document.createElement('main');
  main.innerHTML = route();
  target.prepend(main);
}
` },
];

test("SvelteKit's adapter-static with fallback '404.html': a route opened or reloaded is the app's, drawn with 200; a missing file stays a 404", async () => {
  const e = await drop('build.zip', skFiles);
  const { page, context } = await openWatched(browser, e.url);
  await page.waitForFunction(() => window.__started === 'hydrated');
  const origin = new URL(page.url()).origin;
  const opened = await visit(page, origin, '/settings/profile');
  assert.deepEqual(opened, { at: '/settings/profile', status: 200 });
  await page.waitForFunction(() => window.__started === 'rendered');
  assert.equal(await page.textContent('h1'), 'Your profile');
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(255, 62, 0)');
  assert.deepEqual(page.problems, []);
  // A program's request for a route, and anyone's for a missing file, are still 404s.
  assert.equal(await page.evaluate(async () => (await fetch('/settings/nope')).status), 404);
  assert.equal(await page.evaluate(async () => (await fetch('/nope.json')).status), 404);
  await context.close();
});
