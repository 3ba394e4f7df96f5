// Zipped sites as people have them, round 2, dropped and opened in Chromium: a project page that
// links the markdown files beside it (its README, a guide in docs/, a changelog) and whose own
// script reads its README's source, as docsify-style pages do; a VitePress build for a sub-path
// whose page chunks are named after their markdown. The fixtures are written here in the shape
// such zips have.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld, openWatched, chipShown } from './support/browser.mjs';
import { zip } from './support/fixtures.mjs';

const SHOTS = join(ROOT, 'test-output', 'realfiles-sites2');
let app;
let browser;
before(async () => { ({ app, browser } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

async function dropSite(name, content, user) {
  return app.dropLive(user, { file: { name, content }, fields: { scope: 'personal', visibility: 'link' } });
}

const open = (e, path = '') => openWatched(browser, e.url + path);


// A project page zipped with its markdown: the page links them, and its script shows the
// README's first line from its source, as a docsify-style page reads its markdown.
const PROJECT_INDEX = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Orbit</title></head>
<body>
  <h1>Orbit</h1>
  <nav><a id="readme" href="README.md">Read me</a> <a id="guide" href="docs/guide.md">Guide</a></nav>
  <pre id="source"></pre>
  <script>
    fetch('README.md').then((r) => r.text()).then((t) => { document.getElementById('source').textContent = t.split('\\n')[0]; });
  </script>
</body></html>
`;

const README = `# Orbit

Jobs that run on time. See the [guide](docs/guide.md#configure) and the [changelog](CHANGELOG.md).

| Flag | Meaning |
|------|---------|
| \`--mode a\\|b\` | pick a mode |
`;

const GUIDE = `# Guide

![Architecture](img/arch.svg)

## Configure

Set \`ORBIT_HOME\`. Back to the [README](../README.md).
`;

const ARCH_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="teal"/></svg>';

test("a zipped site's .md files are drawn when opened, their links and images reaching the files beside them; the site's own script still reads the source", async () => {
  const { owner } = await app.world();
  const e = await dropSite('orbit-site.zip', zip([
    { name: 'index.html', content: PROJECT_INDEX },
    { name: 'README.md', content: README },
    { name: 'CHANGELOG.md', content: '# Changelog\n\n## 1.0.0\n\n- First release\n' },
    { name: 'docs/guide.md', content: GUIDE },
    { name: 'docs/img/arch.svg', content: ARCH_SVG },
  ]), owner);
  const { page, context } = await open(e);
  // The page's own fetch gets the markdown as written, not a page.
  await page.waitForFunction(() => document.getElementById('source').textContent !== '');
  assert.equal(await page.textContent('#source'), '# Orbit');

  await Promise.all([page.waitForURL(/\/README\.md$/), page.click('#readme')]);
  assert.equal(await page.textContent('article h1'), 'Orbit', 'the README is drawn as a markdown page');
  assert.equal(await page.textContent('article td code'), '--mode a|b');
  await chipShown(page);
  // Its relative links are links into the zip, not dotted text saying the file is elsewhere.
  const guide = page.locator('article a', { hasText: 'guide' });
  assert.equal(await guide.getAttribute('title'), null);
  await Promise.all([page.waitForURL(/\/docs\/guide\.md#configure$/), guide.click()]);
  assert.equal(await page.textContent('article h1'), 'Guide');
  await page.waitForFunction(() => document.querySelector('article img')?.complete);
  assert.equal(await page.$eval('article img', (img) => img.naturalWidth), 120, 'the image beside it in the zip shows');
  await page.screenshot({ path: join(SHOTS, 'guide.png') });
  await Promise.all([page.waitForURL(/\/README\.md$/), page.click('article a:has-text("README")')]);
  assert.equal(await page.textContent('article h1'), 'Orbit');

  // "Download original" gives the file as written; a script's fetch says the answer varies.
  const download = await Promise.all([page.waitForEvent('download'), page.click('.plug-download')]).then(([d]) => d);
  assert.equal(download.suggestedFilename(), 'README.md');
  const got = await page.evaluate(async () => {
    const href = document.querySelector('.plug-download').href;
    const r = await fetch(href);
    const raw = await fetch('README.md');
    return { href: new URL(href).pathname + new URL(href).search, type: r.headers.get('content-type'),
      text: await r.text(), vary: raw.headers.get('vary') };
  });
  assert.equal(got.href, '/README.md?download=1');
  assert.match(got.type, /^text\/markdown/);
  assert.equal(got.text, README);
  assert.match(got.vary, /Sec-Fetch-Mode/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

// VitePress 1 with `base: '/orbit/'` and `cleanUrls: true`, as its build writes it: pages as
// `guide/setup.html` linked `/orbit/guide/setup`, and each page's code in a chunk named for its
// markdown source (`assets/guide_setup.md.<hash>.js`), found through the hash map the page holds.
// Those chunks are JavaScript, not markdown files to draw.
const vitepressPage = (title, chunk) => `<!DOCTYPE html>
<html lang="en-US" dir="ltr">
  <head>
    <meta charset="utf-8">
    <title>${title} | Orbit</title>
    <meta name="generator" content="VitePress v1.6.4">
    <link rel="preload stylesheet" href="/orbit/assets/style.5FKiHxy2.css" as="style">
    <script type="module" src="/orbit/assets/app.CuqF6_Jb.js"></script>
    <link rel="modulepreload" href="/orbit/assets/${chunk}.lean.js">
  </head>
  <body>
    <div id="app"><h1>${title}</h1></div>
    <script>window.__VP_HASH_MAP__=JSON.parse("{\\"guide_setup.md\\":\\"CCq_39Sh\\",\\"index.md\\":\\"M05FG6cF\\"}");</script>
  </body>
</html>
`;

const VITEPRESS_APP = `const base = '/orbit/';
const route = location.pathname.slice(base.length).replace(/\\.html$/, '') || 'index';
const key = route.replace(/\\//g, '_') + '.md';
const chunk = await import(base + 'assets/' + key + '.' + window.__VP_HASH_MAP__[key] + '.lean.js');
document.getElementById('app').innerHTML = '<h1 id="drawn">' + chunk.title + '</h1><a id="setup" href="/orbit/guide/setup">Setup</a>';
document.getElementById('setup').addEventListener('click', (e) => { e.preventDefault(); history.pushState(null, '', e.target.href); location.reload(); });
`;

test("a VitePress site built for /orbit/ with clean URLs opens there, its page chunks named *.md.<hash>.js load as scripts, and a clean URL reloads", async () => {
  const { owner } = await app.world();
  const e = await dropSite('docs.zip', zip([
    { name: 'index.html', content: vitepressPage('Orbit', 'index.md.M05FG6cF') },
    { name: 'guide/setup.html', content: vitepressPage('Setup', 'guide_setup.md.CCq_39Sh') },
    { name: '404.html', content: vitepressPage('404', 'index.md.M05FG6cF') },
    { name: 'hashmap.json', content: '{"guide_setup.md":"CCq_39Sh","index.md":"M05FG6cF"}' },
    { name: 'assets/style.5FKiHxy2.css', content: 'h1 { color: rgb(52, 81, 178); }' },
    { name: 'assets/app.CuqF6_Jb.js', content: VITEPRESS_APP },
    { name: 'assets/index.md.M05FG6cF.lean.js', content: 'export const title = "Orbit home";' },
    { name: 'assets/guide_setup.md.CCq_39Sh.lean.js', content: 'export const title = "Setup guide";' },
  ]), owner);
  const { page, context } = await open(e);
  assert.match(page.url(), /\/orbit\/$/);
  await page.waitForSelector('#drawn');
  assert.equal(await page.textContent('#drawn'), 'Orbit home');
  await Promise.all([page.waitForURL(/\/orbit\/guide\/setup$/), page.click('#setup')]);
  await page.waitForFunction(() => document.getElementById('drawn')?.textContent === 'Setup guide');
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(52, 81, 178)');
  assert.deepEqual(page.problems, []);
  await context.close();
});
