// Zipped sites as build tools write them, round 2, opened in Chromium: a Hugo blog built with
// the `baseURL = "https://example.org/"` that `hugo new site` writes, as people build it before
// setting their own, zipped from its `public/` folder by macOS's Finder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { BROWSER_UA } from './support/harness.mjs';
import { zip } from './support/fixtures.mjs';

const SHOTS = join(ROOT, 'test-output', 'sites-tools2');
let app;
let browser;
before(async () => { ({ app, browser } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

// Hugo 0.14x's output with a theme in PaperMod's and hugo-coder's shape: the fingerprinted
// stylesheet and the favicon through `.Permalink`/`absURL`, the header, menu and post links as
// permalinks, an alias page (`posts/page/1/`) that refreshes to the list, and a 404.html.
const CSS = 'assets/css/stylesheet.3b1e8a7c9d2f40e6b1c5a9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8.css';
const page = (title, body) => `<!DOCTYPE html>
<html lang="en" dir="auto">
<head><meta charset="utf-8">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
<meta name="robots" content="index, follow">
<title>${title}</title>
<meta name="generator" content="Hugo 0.147.8">
<link rel="canonical" href="https://example.org/">
<link crossorigin="anonymous" href="https://example.org/${CSS}" rel="preload stylesheet" as="style">
<link rel="icon" href="https://example.org/favicon.ico">
<link rel="alternate" type="application/rss+xml" href="https://example.org/index.xml">
<meta property="og:url" content="https://example.org/">
</head>
<body class="list" id="top">
<header class="header"><nav class="nav"><div class="logo"><a id="logo" href="https://example.org/" accesskey="h" title="My New Hugo Site (Alt + H)">My New Hugo Site</a></div>
<ul id="menu"><li><a id="menu-posts" href="https://example.org/posts/" title="Posts"><span>Posts</span></a></li></ul></nav></header>
<main class="main">${body}</main>
<footer class="footer"><span>Powered by <a href="https://gohugo.io/" rel="noopener noreferrer" target="_blank">Hugo</a></span></footer>
</body>
</html>
`;
const post = `<article class="post-entry"><header class="entry-header"><h2>First post</h2></header>
<a id="entry" class="entry-link" aria-label="post link to First post" href="https://example.org/posts/first-post/"></a></article>`;
const alias = `<!DOCTYPE html>
<html lang="en-us">
  <head>
    <title>https://example.org/posts/</title>
    <link rel="canonical" href="https://example.org/posts/">
    <meta charset="utf-8">
    <meta http-equiv="refresh" content="0; url=https://example.org/posts/">
  </head>
</html>
`;

test("a Hugo site built with its default baseURL (https://example.org/) is styled and its links stay on the drop", async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, {
    file: {
      name: 'public.zip',
      content: zip([
        { name: 'public/index.html', content: page('My New Hugo Site', post) },
        { name: 'public/posts/index.html', content: page('Posts | My New Hugo Site', post) },
        { name: 'public/posts/first-post/index.html', content: page('First post | My New Hugo Site', '<article><h1 id="title">First post</h1></article>') },
        { name: 'public/posts/page/1/index.html', content: alias },
        { name: 'public/404.html', content: page('404 Page not found', '<h1>404</h1>') },
        { name: `public/${CSS}`, content: 'body { background: rgb(29, 30, 32); } .entry-link { position: absolute; inset: 0; } .post-entry { position: relative; height: 80px; }' },
        { name: 'public/favicon.ico', content: Buffer.from([0, 0, 1, 0]) },
        { name: 'public/index.xml', content: '<?xml version="1.0" encoding="utf-8"?><rss version="2.0"/>' },
        { name: 'public/.DS_Store', content: Buffer.alloc(16) },
        { name: '__MACOSX/public/._index.html', content: Buffer.alloc(16) },
      ]),
    },
    fields: { scope: 'personal', visibility: 'link' },
  });
 
  const context = await browser.newContext({ userAgent: BROWSER_UA });
  const away = [];
  await context.route(/^https?:\/\/(www\.)?example\.org\//, (route) => { away.push(route.request().url()); return route.abort(); });
  const tab = await context.newPage();
  const res = await tab.goto(e.url);
  assert.equal(res.status(), 200);
  await tab.waitForLoadState('load');
  const origin = new URL(tab.url()).origin;
  assert.equal(await tab.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(29, 30, 32)', 'its stylesheet came from the drop');
  await tab.screenshot({ path: join(SHOTS, 'hugo-home.png') });
  await Promise.all([tab.waitForURL(`${origin}/posts/first-post/`), tab.click('#entry')]);
  assert.equal(await tab.textContent('#title'), 'First post');
  await Promise.all([tab.waitForURL(`${origin}/posts/`), tab.click('#menu-posts')]);
  await Promise.all([tab.waitForURL(`${origin}/`), tab.click('#logo')]);
 
  // Hugo alias refreshes to its target, on the drop.
  await tab.goto(`${origin}/posts/page/1/`);
  await tab.waitForURL(`${origin}/posts/`);
  assert.equal(await tab.getAttribute('link[rel=icon]', 'href'), '/favicon.ico');
  assert.equal(await tab.getAttribute('a[href^="https://gohugo.io"]', 'href'), 'https://gohugo.io/', 'other hosts are left');
  assert.deepEqual(away, [], 'nothing went to example.org');
  await context.close();
});
