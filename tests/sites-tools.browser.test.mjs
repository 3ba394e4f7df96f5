// Zipped sites as build tools write them and people's zip tools pack them, opened in Chromium: a
// React app built here by Vite itself (absolute `/assets/` paths, hashed names, React Router) and
// zipped by Info-ZIP's `zip -r` from its parent folder (directory entries, one top folder, a
// Finder `.DS_Store` inside); what the browser keeps of it between visits; GitHub's "Download
// ZIP" of a repository whose site is one of its folders; a static Storybook's story frame; and a
// Vue app built by Vite with `base: './'`, zipped by Finder (`__MACOSX/` twins).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectError } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld, openWatched } from './support/browser.mjs';
import { zip } from './support/fixtures.mjs';

const SHOTS = join(ROOT, 'test-output', 'sites-tools');
// Under the repository, so the project's imports resolve to its node_modules.
const WORK = join(SHOTS, 'projects');
let app;
let browser;
before(async () => {
  ({ app, browser } = await openBrowserWorld(SHOTS));
  mkdirSync(WORK, { recursive: true });
});
after(async () => {
  rmSync(WORK, { recursive: true, force: true });
  await closeBrowserWorld({ app, browser });
});

const open = (e, path = '') => openWatched(browser, e.url + path);

// `npm create vite@latest -- --template react` with React Router added: `index.html` loads
// `/src/main.jsx`; the build writes `dist/` with `/assets/index-<hash>.js` and `.css`.
function writeViteProject(dir) {
  const files = {
    'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/vite.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Team Board</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`,
    'src/main.jsx': `import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Routes, Route, Link } from 'react-router-dom';
import logo from './assets/logo.svg';
import './index.css';

function Home() {
  const [team, setTeam] = useState(null);
  useEffect(() => { fetch('/team.json').then((r) => r.json()).then(setTeam); }, []);
  return <main><h1>Team Board</h1><p id="team">{team ? team.members.join(', ') : 'Loading'}</p></main>;
}

function About() {
  return <main><h1>About the board</h1></main>;
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <BrowserRouter>
      <nav><img id="logo" src={logo} alt="logo" width="32" height="32" /><Link id="to-home" to="/">Home</Link> <Link id="to-about" to="/about">About</Link></nav>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/about" element={<About />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
`,
    'src/index.css': 'h1 { color: rgb(100, 108, 255); font-family: system-ui, sans-serif; }\nnav { display: flex; gap: 12px; }\n',
    'src/assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#646cff"/></svg>\n',
    'public/vite.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#41d1ff"/></svg>\n',
    'public/team.json': '{ "members": ["Ada", "Grace", "Linus"] }\n',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
}

test('a React app built by Vite and zipped with zip -r renders, follows and reloads its routes, and its hashed assets are kept while the rest is revalidated', async () => {
  const { owner } = await app.world();
  const dir = join(WORK, 'team-board');
  writeViteProject(dir);
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  await build({
    root: dir, configFile: false, logLevel: 'warn', cacheDir: join(dir, '.vite'), plugins: [react()],
    // The logo is a file of its own, as any logo past Vite's 4 KB inline limit is.
    build: { outDir: 'dist', assetsInlineLimit: 0 },
  });
  const built = readdirSync(join(dir, 'dist', 'assets'));
  const script = built.find((f) => /^index-[\w-]{8}\.js$/.test(f));
  assert.ok(script, `Vite's hashed entry among ${built}`);
  assert.match(readFileSync(join(dir, 'dist', 'index.html'), 'utf8'), new RegExp(`src="/assets/${script}"`));
  // Finder leaves a .DS_Store in any folder it showed; `zip -r` takes it along.
  writeFileSync(join(dir, 'dist', '.DS_Store'), Buffer.alloc(64, 0));
  execFileSync('zip', ['-r', '-q', 'team-board.zip', 'dist'], { cwd: dir });
  const listing = execFileSync('unzip', ['-Z1', 'team-board.zip'], { cwd: dir, encoding: 'utf8' });
  assert.match(listing, /^dist\/$/m, 'zip -r writes folder entries');
  const e = await app.dropLive(owner, {
    file: { name: 'team-board.zip', content: readFileSync(join(dir, 'team-board.zip')) },
    fields: { name: 'team-board', scope: 'personal', visibility: 'link' },
  });

  const { page, context } = await open(e);
  await page.waitForFunction(() => document.querySelector('#team')?.textContent === 'Ada, Grace, Linus');
  assert.equal(await page.textContent('h1'), 'Team Board');
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(100, 108, 255)', 'its CSS from /assets/ applies');
  assert.ok(await page.$eval('#logo', (i) => i.complete && i.naturalWidth === 32), 'its hashed logo loads');
  const origin = new URL(page.url()).origin;
  // A link is the router's: the page stays, the path changes.
  await page.evaluate(() => { window.stayed = true; });
  await page.click('#to-about');
  await page.waitForURL(`${origin}/about`);
  assert.equal(await page.textContent('h1'), 'About the board');
  assert.equal(await page.evaluate(() => window.stayed), true, 'no page load for a route');
  // Reloaded (or opened from a shared address), the route is the app's, drawn by its router.
  const reloaded = await page.reload();
  assert.equal(reloaded.status(), 200);
  await page.waitForSelector('main h1');
  assert.equal(await page.textContent('h1'), 'About the board');
  await page.screenshot({ path: join(SHOTS, 'vite-react-about.png') });

  // What a second visit costs: the hashed files come from the browser's cache without a request;
  // team.json (its name says nothing of its bytes) is asked again and answered 304.
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => document.querySelector('#team')?.textContent === 'Ada, Grace, Linus');
  // Resource Timing's transferSize is 0 for what came from the cache, the bytes on the wire else.
  const sizes = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('resource')
    .map((r) => [new URL(r.name).pathname, r.transferSize])));
  const css = built.find((f) => f.endsWith('.css'));
  for (const path of [`/assets/${script}`, `/assets/${css}`]) {
    assert.equal(sizes[path], 0, `${path} from the cache without a request: ${JSON.stringify(sizes)}`);
  }
  assert.ok(sizes['/team.json'] > 0, `team.json is asked for again: ${JSON.stringify(sizes)}`);
  const fresh = await page.evaluate(async (path) => {
    const first = await fetch(path, { cache: 'no-store' });
    const etag = first.headers.get('etag');
    const again = await fetch(path, { cache: 'no-store', headers: { 'If-None-Match': etag } });
    return { etag, cache: first.headers.get('cache-control'), status: again.status };
  }, '/team.json');
  assert.ok(fresh.etag, 'team.json carries an ETag');
  assert.equal(fresh.cache, 'private, no-cache', 'team.json is revalidated');
  assert.equal(fresh.status, 304, 'and answered 304 when the browser has it');
  const hashedHeaders = await page.evaluate(async (path) => (await fetch(path, { cache: 'no-store' })).headers.get('cache-control'), `/assets/${script}`);
  assert.equal(hashedHeaders, 'private, max-age=31536000, immutable');
  // The page itself is always asked for: it carries the badge, and who may read it can change.
  const home = await page.evaluate(async () => (await fetch('/', { cache: 'no-store' })).headers.get('cache-control'));
  assert.equal(home, 'private, no-cache');
  await page.screenshot({ path: join(SHOTS, 'vite-react-home.png') });
  assert.deepEqual(page.problems, []);
  // The zip's .DS_Store is Finder's clutter, not a file of the site.
  assert.equal(await page.evaluate(async () => (await fetch('/.DS_Store')).status), 404);
  await context.close();
});

test("a repository from GitHub's Download ZIP is refused with the folder that holds its site, which then drops and opens", async () => {
  const { owner } = await app.world();
  const page = '<!doctype html><html><head><meta charset="utf-8"><title>Handbook</title><link rel="stylesheet" href="assets/site.css"></head><body><h1>Handbook</h1></body></html>';
  // GitHub Pages published from docs/: the repository's README and sources sit beside it.
  const repo = zip([
    { name: 'handbook-main/', content: '' },
    { name: 'handbook-main/README.md', content: '# Handbook\n' },
    { name: 'handbook-main/package.json', content: '{ "name": "handbook" }\n' },
    { name: 'handbook-main/docs/', content: '' },
    { name: 'handbook-main/docs/index.html', content: page },
    { name: 'handbook-main/docs/assets/site.css', content: 'h1 { color: rgb(9, 105, 218); }' },
  ]);
  const stored = app.r2BlobCount();
  const refused = await app.drop(owner, { file: { name: 'handbook-main.zip', content: repo }, fields: { name: 'handbook', scope: 'personal' } });
  expectError(assert, refused, 422, 'CONTENT_MALFORMED');
  assert.match(refused.body.error.message, /the site is the folder 'handbook-main\/docs', so zip that folder by itself/);
  assert.doesNotMatch(refused.body.error.message, /npm run build/, 'the site is built: no advice to build it');
  assert.equal(app.r2BlobCount(), stored, 'a refused drop stores nothing');
  // Done as it says: the docs folder zipped by itself.
  const e = await app.dropLive(owner, {
    file: { name: 'docs.zip', content: zip([
      { name: 'docs/index.html', content: page },
      { name: 'docs/assets/site.css', content: 'h1 { color: rgb(9, 105, 218); }' },
    ]) },
    fields: { name: 'handbook', scope: 'personal', visibility: 'link' },
  });
  const { page: tab, context } = await open(e);
  assert.equal(await tab.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(9, 105, 218)');
  assert.deepEqual(tab.problems, []);
  await context.close();
});

test("a static Storybook opens its story in iframe.html?id=…, and a Next.js export's _next/static files are kept", async () => {
  const { owner } = await app.world();
  // `storybook build` writes storybook-static/: the manager page frames iframe.html with the
  // story's id in the query, and the preview draws the story that id names.
  const manager = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>@storybook/core - Storybook</title>
<link rel="stylesheet" href="./sb-common-assets/fonts.css"></head><body><div id="root">
<iframe id="storybook-preview-iframe" title="storybook-preview-iframe" src="iframe.html?id=example-button--primary&amp;viewMode=story" width="400" height="200"></iframe>
</div><script type="module" src="./sb-manager/globals-runtime.js"></script></body></html>`;
  const preview = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Storybook</title>
<script type="module" crossorigin src="./assets/iframe-D6zN8Qb1.js"></script></head><body><div id="storybook-root"></div></body></html>`;
  const e = await app.dropLive(owner, {
    file: { name: 'storybook-static.zip', content: zip([
      { name: 'storybook-static/index.html', content: manager },
      { name: 'storybook-static/iframe.html', content: preview },
      { name: 'storybook-static/sb-common-assets/fonts.css', content: 'body { margin: 0; }' },
      { name: 'storybook-static/sb-manager/globals-runtime.js', content: 'window.__manager = true;' },
      { name: 'storybook-static/assets/iframe-D6zN8Qb1.js', content: `const id = new URLSearchParams(location.search).get('id');
document.getElementById('storybook-root').innerHTML = '<button id="story">' + id + '</button>';` },
      { name: 'storybook-static/_next/static/chunks/main-app.js', content: '' },
    ]) },
    fields: { name: 'storybook', scope: 'personal', visibility: 'link' },
  });
  const { page, context } = await open(e);
  const frame = page.frameLocator('#storybook-preview-iframe');
  assert.equal(await frame.locator('#story').textContent(), 'example-button--primary');
  assert.equal(await page.evaluate(() => window.__manager), true);
  const cache = await page.evaluate(async () => (await fetch('/_next/static/chunks/main-app.js', { cache: 'no-store' })).headers.get('cache-control'));
  assert.equal(cache, 'private, max-age=31536000, immutable');
  await page.screenshot({ path: join(SHOTS, 'storybook.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a Vue app built by Vite with base './' and zipped by macOS's Finder renders from its relative assets", async () => {
  const { owner } = await app.world();
  const dir = join(WORK, 'survey');
  const files = {
    'index.html': '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Survey</title>\n  </head>\n  <body>\n    <div id="app"></div>\n    <script type="module" src="/src/main.js"></script>\n  </body>\n</html>\n',
    'src/main.js': `import { createApp, h, ref } from 'vue';
import './style.css';
createApp({
  setup() {
    const votes = ref(0);
    return () => h('main', [h('h1', 'Lunch survey'), h('button', { id: 'vote', onClick: () => { votes.value += 1; } }, 'Votes: ' + votes.value)]);
  },
}).mount('#app');
`,
    'src/style.css': 'h1 { color: rgb(66, 184, 131); }\n',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  const { build } = await import('vite');
  await build({ root: dir, configFile: false, logLevel: 'warn', cacheDir: join(dir, '.vite'), base: './', build: { outDir: 'dist' } });
  const index = readFileSync(join(dir, 'dist', 'index.html'), 'utf8');
  assert.match(index, /src="\.\/assets\/index-[\w-]{8}\.js"/, 'base ./ links its assets relatively');
  // Finder's "Compress": the folder, plus an AppleDouble twin of each file under __MACOSX/.
  const entries = [];
  const walk = (rel) => {
    for (const name of readdirSync(join(dir, 'dist', rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${name.name}` : name.name;
      if (name.isDirectory()) { entries.push({ name: `dist/${path}/`, content: '' }); walk(path); continue; }
      entries.push({ name: `dist/${path}`, content: readFileSync(join(dir, 'dist', path)) });
      const slash = path.lastIndexOf('/');
      entries.push({ name: `__MACOSX/dist/${path.slice(0, slash + 1)}._${path.slice(slash + 1)}`, content: Buffer.from([0, 5, 22, 7, 0, 2, 0, 0]) });
    }
  };
  walk('');
  const e = await app.dropLive(owner, {
    file: { name: 'dist.zip', content: zip(entries) },
    fields: { name: 'survey', scope: 'personal', visibility: 'link' },
  });
  const { page, context } = await open(e);
  await page.click('#vote');
  await page.click('#vote');
  assert.equal(await page.textContent('#vote'), 'Votes: 2');
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(66, 184, 131)');
  await page.screenshot({ path: join(SHOTS, 'vite-vue.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});
