// Real files as other people's tools write them (issue 15), dropped and opened in Chromium: the
// starter components of Vite and Create React App (stylesheet and asset imports), a Storybook-style
// named export, and a component importing a library Plug cannot provide, which names it and its line;
// a README opening with GitHub-style HTML; a python-pptx deck whose shape has a picture fill; a
// 15,000-file documentation site zipped by Info-ZIP; components chats hand over without an export,
// or importing motion/react and lodash methods; a README with a table of contents and footnotes, a
// Hugo post; a Next.js static export and a PowerShell-zipped site; a single-page app's routes, and
// Vite and Docusaurus builds made for a sub-path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { useBrowserWorld } from './support/browser-world.mjs';
import { zip } from './support/fixtures.mjs';

const world = useBrowserWorld('realfiles');
const { SHOTS } = world;

// `npm create vite@latest -- --template react`, src/App.jsx as written.
const VITE_APP = `import { useState } from 'react'
import reactLogo from './assets/react.svg'
import viteLogo from '/vite.svg'
import './App.css'

function App() {
  const [count, setCount] = useState(0)

  return (
    <>
      <div>
        <a href="https://vite.dev" target="_blank">
          <img src={viteLogo} className="logo" alt="Vite logo" />
        </a>
        <a href="https://react.dev" target="_blank">
          <img src={reactLogo} className="logo react" alt="React logo" />
        </a>
      </div>
      <h1>Vite + React</h1>
      <div className="card">
        <button onClick={() => setCount((count) => count + 1)}>
          count is {count}
        </button>
        <p>
          Edit <code>src/App.jsx</code> and save to test HMR
        </p>
      </div>
      <p className="read-the-docs">
        Click on the Vite and React logos to learn more
      </p>
    </>
  )
}

export default App
`;

// `npx create-react-app`, src/App.js as written.
const CRA_APP = `import logo from './logo.svg';
import './App.css';

function App() {
  return (
    <div className="App">
      <header className="App-header">
        <img src={logo} className="App-logo" alt="logo" />
        <p>
          Edit <code>src/App.js</code> and save to reload.
        </p>
        <a
          className="App-link"
          href="https://reactjs.org"
          target="_blank"
          rel="noopener noreferrer"
        >
          Learn React
        </a>
      </header>
    </div>
  );
}

export default App;
`;

// Storybook's example Button (stories/Button.jsx): a named export, prop-types and a stylesheet.
const STORYBOOK_BUTTON = `import React from 'react';

import PropTypes from 'prop-types';

import './button.css';

/** Primary UI component for user interaction */
export const Button = ({ primary = false, backgroundColor = null, size = 'medium', label = 'Button', ...props }) => {
  const mode = primary ? 'storybook-button--primary' : 'storybook-button--secondary';
  return (
    <button
      type="button"
      className={['storybook-button', \`storybook-button--\${size}\`, mode].join(' ')}
      style={backgroundColor && { backgroundColor }}
      {...props}
    >
      {label}
    </button>
  );
};

Button.propTypes = {
  primary: PropTypes.bool,
  backgroundColor: PropTypes.string,
  size: PropTypes.oneOf(['small', 'medium', 'large']),
  label: PropTypes.string.isRequired,
  onClick: PropTypes.func,
};
`;

// Drops count against a per-user limit (10 a minute): a test that drops several uses a user of its
// own (`(await world.app.world()).owner`).
async function dropReact(name, content, user = world.owner) {
  return world.app.dropLive(user, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'react_single_file' } });
}

async function openPage(e) {
  const context = await world.browser.newContext({ userAgent: BROWSER_UA });
  const page = await context.newPage();
  page.warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') page.warnings.push(m.text()); });
  await page.goto(e.url);
  return { page, context };
}

test('the Vite React starter renders, its counter works, and its CSS and logos are stood in for quietly', async () => {
  const e = await dropReact('App.jsx', VITE_APP);
  const { page, context } = await openPage(e);
  await page.waitForSelector('#root h1');
  assert.equal(await page.textContent('#root h1'), 'Vite + React');
  await page.click('#root button');
  await page.click('#root button');
  assert.equal((await page.textContent('#root button')).trim(), 'count is 2');
  const logos = await page.$$eval('#root img', (imgs) => imgs.map((i) => i.getAttribute('src')));
  assert.equal(logos.length, 2);
  for (const src of logos) assert.match(src, /^data:image\/svg\+xml,/);
  assert.equal(page.warnings.filter((w) => w.includes('./App.css')).length, 1, 'one quiet warning for the stylesheet');
  await page.screenshot({ path: join(SHOTS, 'vite-app.png') });
  await context.close();
});

test('the Create React App starter renders with its logo stood in for', async () => {
  const e = await dropReact('App.js', CRA_APP);
  const { page, context } = await openPage(e);
  await page.waitForSelector('#root .App-link');
  assert.equal((await page.textContent('#root .App-link')).trim(), 'Learn React');
  assert.match(await page.getAttribute('#root .App-logo', 'src'), /^data:image\/svg\+xml,/);
  await context.close();
});

test('a Storybook-style file whose one component is a named export renders it', async () => {
  const e = await dropReact('Button.jsx', STORYBOOK_BUTTON);
  const { page, context } = await openPage(e);
  await page.waitForSelector('#root button.storybook-button');
  assert.equal((await page.textContent('#root button')).trim(), 'Button');
  await context.close();
});

test('an import Plug cannot provide is named in the error, with its line', async () => {
  // TensorFlow.js is not among what Plug provides (axios, once the example here, now is).
  const source = "import React from 'react';\nimport * as tf from '@tensorflow/tfjs';\n\nexport default function App() {\n  return <p>{typeof tf}</p>;\n}\n";
  const e = await dropReact('Model.jsx', source);
  const { page, context } = await openPage(e);
  await page.waitForFunction(() => /@tensorflow\/tfjs/.test(document.body.innerText));
  const text = await page.evaluate(() => document.body.innerText);
  assert.match(text, /@tensorflow\/tfjs/);
  assert.match(text, /line 2/);
  await context.close();
});

// A README as projects write them on GitHub: an HTML header before the markdown.
const README = `<p align="center">
  <img src="https://example.com/logo.png" width="120" alt="Logo" onerror="window.__xss = 1">
</p>
<h1 align="center">Widget<br><sup>fast &amp; small</sup></h1>
<p align="center"><kbd>Ctrl</kbd> + <kbd>K</kbd> opens it.</p>

<script>window.__xss = 2</script>

## Install

\`\`\`sh
npm install widget
\`\`\`

<details>
<summary>Advanced options</summary>

Set \`WIDGET_MODE=fast\`.

</details>
`;

test('a README opening with GitHub-style HTML shows its centred header, kbd and details, and runs nothing', async () => {
  const e = await world.app.dropLive(world.owner, { file: { name: 'README.md', content: README }, fields: { scope: 'personal', visibility: 'link', source_type: 'markdown' } });
  const { page, context } = await openPage(e);
  await page.waitForSelector('article h2');
  const header = await page.$eval('h1[align=center]', (h) => ({ text: h.textContent, align: getComputedStyle(h).textAlign }));
  assert.match(header.text, /Widget/);
  assert.equal(header.align, 'center');
  const logo = await page.$eval('p[align=center] img', (img) => ({ width: img.getAttribute('width'), onerror: img.getAttribute('onerror') }));
  assert.deepEqual(logo, { width: '120', onerror: null });
  assert.equal(await page.$$eval('kbd', (k) => k.length), 2);
  assert.equal(await page.textContent('details summary'), 'Advanced options');
  assert.equal(await page.$$eval('pre.plug-raw-html', (p) => p.length), 0, 'no escaped code boxes');
  assert.equal(await page.evaluate(() => window.__xss), undefined);
  await page.screenshot({ path: join(SHOTS, 'readme.png'), fullPage: true });
  await context.close();
});

// python-pptx writes autoshapes with a theme style (`fillRef idx="3"`: the theme's gradient); a
// picture fill goes into the shape's own properties, as PowerPoint writes it when "Picture or
// texture fill" is chosen. The picture is half red, half green.
const PICTURE_FILL_DECK = `
import sys
from lxml import etree
from PIL import Image
from pptx import Presentation
from pptx.enum.shapes import MSO_SHAPE
from pptx.oxml.ns import qn
from pptx.util import Inches
out = sys.argv[1]
img = Image.new('RGB', (200, 100), (220, 30, 30))
img.paste((30, 200, 30), (100, 0, 200, 100))
img.save(out + '/picture.png')
deck = Presentation()
slide = deck.slides.add_slide(deck.slide_layouts[6])
shape = slide.shapes.add_shape(MSO_SHAPE.ROUNDED_RECTANGLE, Inches(1), Inches(1), Inches(6), Inches(3))
_, rid = slide.part.get_or_add_image_part(out + '/picture.png')
fill = etree.Element(qn('a:blipFill'))
etree.SubElement(fill, qn('a:blip')).set(qn('r:embed'), rid)
etree.SubElement(etree.SubElement(fill, qn('a:stretch')), qn('a:fillRect'))
shape._element.spPr.find(qn('a:prstGeom')).addnext(fill)
deck.save(out + '/picture-fill.pptx')
`;

test('a deck shape with a picture fill shows the picture, not the theme gradient behind it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'plug-deck-'));
  try {
    execFileSync(join(ROOT, '.venv', 'bin', 'python'), ['-c', PICTURE_FILL_DECK, dir]);
    const content = readFileSync(join(dir, 'picture-fill.pptx'));
    const e = await world.app.dropLive(world.owner, { file: { name: 'picture-fill.pptx', content }, fields: { scope: 'personal', visibility: 'link', source_type: 'pptx' } });
    const { page, context } = await openPage(e);
    await page.waitForSelector('.plug-slides svg image');
    const shape = await page.$eval('.plug-slides svg image', async (image) => {
      const picture = new Image();
      picture.src = image.getAttribute('xlink:href') || image.getAttribute('href');
      await picture.decode();
      const after = [...image.parentNode.children].slice([...image.parentNode.children].indexOf(image) + 1);
      return { width: picture.naturalWidth, paintedOver: after.filter((p) => p.tagName === 'path' && p.getAttribute('fill') !== 'none').length };
    });
    assert.deepEqual(shape, { width: 200, paintedOver: 0 });
    await page.screenshot({ path: join(SHOTS, 'deck-picture-fill.png') });
    await context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A generated documentation site as Sphinx lays one out: a home page, static assets, and one page
 * per item in module folders that each have their own index.html. */
function writeDocsSite(root, files) {
  const page = (title, depth, body) => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="${'../'.repeat(depth)}_static/basic.css"><script src="${'../'.repeat(depth)}_static/doctools.js"></script></head>
<body><div class="body" role="main"><h1>${title}</h1>${body}</div></body></html>`;
  mkdirSync(join(root, '_static'), { recursive: true });
  writeFileSync(join(root, '_static', 'basic.css'), 'h1 { color: rgb(23, 107, 135); font-family: sans-serif; }\n');
  writeFileSync(join(root, '_static', 'doctools.js'),
    "document.addEventListener('DOMContentLoaded', () => { document.body.dataset.doctools = 'ready'; });\n");
  const perModule = 100;
  const items = files - 3 - Math.ceil((files - 3) / (perModule + 1));
  const modules = Math.ceil(items / perModule);
  let written = 3;
  for (let m = 0; m < modules; m += 1) {
    const dir = join(root, 'api', `module_${m}`);
    mkdirSync(dir, { recursive: true });
    const count = Math.min(perModule, items - m * perModule);
    const links = [];
    for (let i = 0; i < count; i += 1) {
      writeFileSync(join(dir, `item_${i}.html`), page(`module_${m}::item_${i}`, 2, `<p>Item ${i} of module ${m}.</p>`));
      links.push(`<li><a href="item_${i}.html">item_${i}</a></li>`);
    }
    writeFileSync(join(dir, 'index.html'), page(`module_${m}`, 2, `<ul>${links.join('')}</ul>`));
    written += count + 1;
  }
  const last = `api/module_${modules - 1}/item_${items - (modules - 1) * perModule - 1}.html`;
  writeFileSync(join(root, 'index.html'), page('Project documentation', 0,
    `<p>${written} files.</p><a id="last" href="${last}">The last item</a> <a id="module" href="api/module_${modules - 1}">The last module</a>`));
  return { written, last, lastModule: `api/module_${modules - 1}/` };
}

test('a 15,000-file documentation site zipped by Info-ZIP goes live and every page is reachable', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'plug-docs-'));
  try {
    const site = writeDocsSite(join(dir, 'html'), 15_000);
    assert.equal(site.written, 15_000);
    execFileSync('zip', ['-q', '-r', 'docs.zip', 'html'], { cwd: dir });
    const content = readFileSync(join(dir, 'docs.zip'));
    const started = Date.now();
    const e = await world.app.dropLive(world.owner, { file: { name: 'docs.zip', content }, fields: { scope: 'personal', visibility: 'link' } });
    t.diagnostic(`${content.length} B zip of 15,000 files live after ${Date.now() - started} ms`);
    const { page, context } = await openPage(e);
    await page.waitForSelector('body[data-doctools="ready"]');
    assert.equal(await page.textContent('h1'), 'Project documentation');
    assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(23, 107, 135)', 'the stylesheet from _static/ applies');
    await Promise.all([page.waitForURL(new RegExp(`${site.last}$`)), page.click('#last')]);
    await page.waitForSelector('body[data-doctools="ready"]');
    assert.match(await page.textContent('h1'), /^module_\d+::item_\d+$/);
    assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(23, 107, 135)', 'relative paths two folders down resolve');
    await page.goBack();
    await Promise.all([page.waitForURL(new RegExp(`${site.lastModule}$`)), page.click('#module')]);
    assert.match(await page.textContent('h1'), /^module_\d+$/, 'a folder link lands on its index.html');
    await page.screenshot({ path: join(SHOTS, 'docs-15000.png') });
    await context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Components as chats hand them over without the module's usual ending: written for a page with
// React's UMD scripts (globals, `ReactDOM.render`), cut before `export default`, or exported
// through `React.memo`.
const UMD_COMPONENT = `const { useState } = React;

function Counter() {
  const [n, setN] = useState(0);
  return <div><h1>Legacy counter</h1><button onClick={() => setN(n + 1)}>Count: {n}</button></div>;
}

ReactDOM.render(<Counter />, document.getElementById('root'));
`;
const UNEXPORTED_APP = `import { useState } from 'react';

function Toggle({ on }) {
  return <span className="toggle">{on ? 'On' : 'Off'}</span>;
}

function App() {
  const [on, setOn] = useState(false);
  return <button onClick={() => setOn(!on)}><Toggle on={on} /></button>;
}
`;
const UNEXPORTED_LAST = `import React, { useState } from 'react';

interface StatProps { label: string; value: string }

const Stat: React.FC<StatProps> = ({ label, value }) => <div className="stat"><b>{label}</b> {value}</div>;

const WeatherDashboard: React.FC = () => {
  const [city] = useState<string>('Paris');
  return <section><h1>Weather in {city}</h1><Stat label="Temp" value="21°C" /></section>;
};
`;
const MOUNT_ON_APP = `import React from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return <h1>Mounted on #app</h1>;
}

createRoot(document.getElementById('app')).render(<App />);
`;
const MEMO_DEFAULT = `import React, { memo } from 'react';

const Greeting = () => <h1>Memoised greeting</h1>;

export default memo(Greeting);
`;

test('a component without an export or with a memo default renders: UMD globals, App, the last component, memo, #app', async () => {
  const cases = [
    ['counter.jsx', UMD_COMPONENT, 'h1', 'Legacy counter'],
    ['toggle.jsx', UNEXPORTED_APP, 'button', 'Off'],
    ['weather.tsx', UNEXPORTED_LAST, 'h1', 'Weather in Paris'],
    ['greeting.jsx', MEMO_DEFAULT, 'h1', 'Memoised greeting'],
    ['mount.jsx', MOUNT_ON_APP, 'h1', 'Mounted on #app'],
  ];
  const { owner: user } = await world.app.world();
  for (const [name, source, selector, text] of cases) {
    const e = await dropReact(name, source, user);
    const { page, context } = await openPage(e);
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.waitForFunction((s) => document.querySelector(`#root ${s}`) || document.querySelector('.plug-error'), selector);
    assert.equal(await page.$eval('body', (b) => b.querySelector('.plug-error')?.textContent ?? null), null, name);
    assert.equal((await page.textContent(`#root ${selector}`)).trim(), text, name);
    if (name === 'counter.jsx') {
      await page.click('#root button');
      assert.equal((await page.textContent('#root button')).trim(), 'Count: 1');
      assert.equal(await page.$$eval('#root h1', (h) => h.length), 1, 'mounted once, by the file itself');
    }
    assert.deepEqual(errors, [], name);
    await context.close();
  }
});

// A README's table of contents links to its headings by GitHub's anchors; a Hugo post opens with
// TOML front matter between `+++` lines.
const TOC_README = `# Widget

## Table of contents
- [Install](#install)
- [Usage & examples](#usage--examples)
- [FAQ (again)](#faq-again-1)

## Install
Needs Node 22[^node].

[^node]: Or newer.

${'Install text.\n\n'.repeat(40)}
## Usage & examples
${'Usage text.\n\n'.repeat(40)}
## FAQ (again)
First FAQ.

## FAQ (again)
${'Second FAQ.\n\n'.repeat(40)}
+++
not front matter here
`;

test("a README's table of contents scrolls to GitHub's heading anchors, its footnotes come last, TOML front matter is not shown and YAML's after a BOM is a table", async () => {
  const { owner: user } = await world.app.world();
  const e = await world.app.dropLive(user, { file: { name: 'README.md', content: TOC_README }, fields: { scope: 'personal', visibility: 'link', source_type: 'markdown' } });
  const { page, context } = await openPage(e);
  await page.waitForSelector('article h2');
  for (const [link, heading] of [['Usage & examples', 'Usage & examples'], ['FAQ (again)', 'FAQ (again)']]) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click(`article li a:text-is("${link}")`);
    const top = await page.waitForFunction((wanted) => {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      return target && target.textContent === wanted && Math.abs(target.getBoundingClientRect().top) < 80 && location.hash;
    }, heading);
    assert.ok(await top.jsonValue());
  }
  assert.match(page.url(), /#user-content-faq-again-1$/, 'the second of two equal headings is -1, as on GitHub');
  const order = await page.$eval('article', (a) => a.textContent.indexOf('Or newer.') > a.textContent.lastIndexOf('Second FAQ.'));
  assert.ok(order, 'the footnote is listed at the end, as on GitHub');
  await context.close();
  const hugo = await world.app.dropLive(user, { file: { name: 'post.md', content: '+++\ntitle = "Hugo post"\ndraft = false\n+++\n\n# Hugo\n' }, fields: { scope: 'personal', visibility: 'link', source_type: 'markdown' } });
  const { page: post, context: postContext } = await openPage(hugo);
  await post.waitForSelector('article h1');
  const text = await post.textContent('article');
  assert.doesNotMatch(text, /Hugo post|\+\+\+/);
  await postContext.close();
  // Notepad saves UTF-8 with a byte order mark before the front matter: still front matter,
  // shown as GitHub shows YAML's, a table of its keys over their values.
  const notepad = await world.app.dropLive(user, { file: { name: 'notes.md', content: '\ufeff---\ntitle: Notepad\n---\n\n# Notes\n' }, fields: { scope: 'personal', visibility: 'link', source_type: 'markdown' } });
  const { page: notes, context: notesContext } = await openPage(notepad);
  await notes.waitForSelector('article h1');
  assert.deepEqual(await notes.$$eval('article > *', (all) => all.map((el) => `${el.tagName} ${el.textContent.replace(/\s+/g, ' ').trim()}`)),
    ['TABLE title Notepad', 'H1 Notes']);
  await notesContext.close();
});

// `next build` with `output: 'export'` (trailingSlash off, the default) writes `about.html` and
// links it as `/about`; static hosts answer such clean URLs with the page. PowerShell 5's
// Compress-Archive writes folder separators as backslashes (`_next\static\app.css`).
test('a Next.js static export answers its clean URLs and misses with its 404.html, and a zip with Windows backslash paths is served', async () => {
  const page = (title) => `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/css/app.css"/><title>${title}</title></head><body><h1>${title}</h1><a id="about" href="/about">About</a> <a id="post" href="/blog/first-post">Post</a></body></html>`;
  const files = [
    { name: 'index.html', content: page('Home') },
    { name: 'about.html', content: page('About us') },
    { name: 'blog/first-post.html', content: page('First post') },
    { name: 'blog.txt', content: 'not a page' },
    { name: '404.html', content: page('This page could not be found.') },
    { name: '_next/static/css/app.css', content: 'h1 { color: rgb(0, 112, 243); }' },
  ];
  const { owner: user } = await world.app.world();
  for (const [name, sep] of [['next-export.zip', '/'], ['compress-archive.zip', '\\']]) {
    const content = zip(files.map((f) => ({ name: f.name.replaceAll('/', sep), content: f.content })));
    const e = await world.app.dropLive(user, { file: { name, content }, fields: { scope: 'personal', visibility: 'link' } });
    const { page: tab, context } = await openPage(e);
    await tab.waitForSelector('h1');
    assert.equal(await tab.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(0, 112, 243)', `${name}: the stylesheet in a subfolder`);
    for (const [link, path, title] of [['#about', /\/about$/, 'About us'], ['#post', /\/blog\/first-post$/, 'First post']]) {
      await Promise.all([tab.waitForURL(path), tab.click(link)]);
      await tab.waitForSelector('h1');
      assert.equal(await tab.textContent('h1'), title, `${name}: ${link}`);
      assert.equal(await tab.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(0, 112, 243)');
      await tab.goBack();
      await tab.waitForSelector('#about');
    }
    const origin = new URL(tab.url()).origin;
    const txt = await tab.evaluate(async (o) => (await fetch(`${o}/blog.txt`)).text(), origin);
    assert.equal(txt, 'not a page', 'a file keeps its own name before any page is looked for');
    for (const missing of ['/no-such-page', '/blog/gone.html']) {
      const res = await tab.goto(`${origin}${missing}`);
      assert.equal(res.status(), 404, missing);
      assert.equal(await tab.textContent('h1'), 'This page could not be found.', `${name}: the site's own 404.html for ${missing}`);
    }
    assert.equal(await tab.evaluate(async (o) => (await fetch(`${o}/missing.css`)).status, origin), 404);
    await context.close();
  }
});

// Newer AI output imports framer-motion by its new name (`motion/react`) and lodash by method.
const MOTION_AND_LODASH = `import { motion, AnimatePresence } from "motion/react";
import debounce from "lodash/debounce";
import { sum } from "lodash-es";

export default function App() {
  const log = debounce(() => {}, 100);
  log();
  return (
    <AnimatePresence>
      <motion.h1 initial={{ opacity: 0 }} animate={{ opacity: 1 }}>Total {sum([1, 2, 3])}</motion.h1>
    </AnimatePresence>
  );
}
`;

test('a component importing motion/react, lodash/debounce and lodash-es renders', async () => {
  const { owner: user } = await world.app.world();
  const e = await dropReact('Motion.jsx', MOTION_AND_LODASH, user);
  const { page, context } = await openPage(e);
  await page.waitForFunction(() => document.querySelector('#root h1') || document.querySelector('.plug-error'));
  assert.equal(await page.$eval('body', (b) => b.querySelector('.plug-error')?.textContent ?? null), null);
  assert.equal(await page.textContent('#root h1'), 'Total 6');
  await context.close();
  const bad = await dropReact('Bad.jsx', 'import nope from "lodash/notAMethod";\nexport default () => <p>{String(nope)}</p>;\n', user);
  const { page: badPage, context: badContext } = await openPage(bad);
  await badPage.waitForSelector('.plug-error');
  assert.match(await badPage.textContent('.plug-error'), /lodash\/notAMethod.*line 1/s);
  await badContext.close();
});

// A Vite build's index.html (`npm run build`), with `base` as the site was configured: its
// script reads the address as a router would, and its link moves by pushState.
function viteBuild(base) {
  const index = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="${base}vite.svg" />
    <title>Vite + React</title>
    <script type="module" crossorigin src="${base}assets/index-BxK3s9aP.js"></script>
    <link rel="stylesheet" crossorigin href="${base}assets/index-D8b4DwQx.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
  const app = `const base=${JSON.stringify(base)};const r=document.getElementById("root");const route=()=>location.pathname.startsWith(base)?"/"+location.pathname.slice(base.length):"no match for "+location.pathname;r.innerHTML="<h1>Vite app</h1><p id=route></p><a id=go href='"+base+"dashboard/settings'>Settings</a>";const show=()=>{document.getElementById("route").textContent=route()};show();document.getElementById("go").onclick=e=>{e.preventDefault();history.pushState({},"",e.target.getAttribute("href"));show()};`;
  return zip([
    { name: 'index.html', content: index },
    { name: 'vite.svg', content: '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#646cff"/></svg>' },
    { name: 'assets/index-BxK3s9aP.js', content: app },
    { name: 'assets/index-D8b4DwQx.css', content: 'h1 { color: rgb(100, 108, 255); }' },
  ]);
}

/** Opens `url` in a fresh page that records console errors, failed loads and page errors. */
async function openWatched(url) {
  const context = await world.browser.newContext({ userAgent: BROWSER_UA });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (err) => problems.push(err.message));
  const res = await page.goto(url, { timeout: 15_000 });
  return { page, context, problems, res };
}

test('a single-page app answers its routes when reloaded or shared, and a site built for a sub-path (Vite base, Docusaurus baseUrl) opens under it with its assets', async () => {
  const { owner: user } = await world.app.world();
  const drop = (name, content) => world.app.dropLive(user, { file: { name, content }, fields: { scope: 'personal', visibility: 'link' } });

  // Vite's default base, no 404.html: a route is the app's, not Plug's not-shared page.
  const spa = await drop('vite-spa.zip', viteBuild('/'));
  const { page, context, problems } = await openWatched(spa.url);
  await page.waitForSelector('#route', { timeout: 10_000 });
  assert.equal(await page.textContent('#route'), '/');
  await page.click('#go');
  assert.equal(new URL(page.url()).pathname, '/dashboard/settings');
  const reload = await page.reload();
  assert.equal(reload.status(), 200, 'a reload of a route answers the app');
  await page.waitForSelector('#route', { timeout: 10_000 });
  assert.equal(await page.textContent('#route'), '/dashboard/settings');
  assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(100, 108, 255)');
  assert.deepEqual(problems, []);
  const origin = new URL(page.url()).origin;
  assert.equal(await page.evaluate(async (o) => (await fetch(`${o}/assets/missing.js`)).status, origin), 404, 'a missing file stays a 404');
  await context.close();

  // `base: '/my-app/'`, as for a GitHub Pages project site: the home moves under it.
  const based = await drop('vite-base.zip', viteBuild('/my-app/'));
  const b = await openWatched(based.url);
  await b.page.waitForSelector('#route', { timeout: 10_000 });
  assert.equal(new URL(b.page.url()).pathname, '/my-app/');
  assert.equal(await b.page.textContent('#route'), '/', 'the router sees the base it was built for');
  assert.equal(await b.page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(100, 108, 255)', 'its stylesheet loads');
  await b.page.click('#go');
  await b.page.reload();
  await b.page.waitForSelector('#route', { timeout: 10_000 });
  assert.equal(await b.page.textContent('#route'), '/dashboard/settings');
  const icon = await b.page.evaluate(async () => (await fetch('/my-app/vite.svg')).headers.get('content-type'));
  assert.match(icon, /^image\/svg\+xml/);
  assert.deepEqual(b.problems, []);
  // A page under a folder the zip lacks is for navigations: a script asking for one gets 404.
  assert.equal(await b.page.evaluate(async () => (await fetch('/elsewhere/')).status), 404);
  // A program (an unfurler, curl) is not moved: it gets the home page itself.
  const fetched = await world.app.open(based.url);
  assert.equal(fetched.status, 200);
  assert.match(fetched.text, /\/my-app\/assets\//);
  await b.page.screenshot({ path: join(SHOTS, 'vite-base.png') });
  await b.context.close();

  // Docusaurus with `baseUrl: '/acme-docs/'`: pages, their folder URLs, styles and scripts.
  const docPage = (title) => `<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8"><title>${title} | Acme Docs</title><link rel="stylesheet" href="/acme-docs/assets/css/styles.7c9e1f2a.css"><script src="/acme-docs/assets/js/runtime~main.5e1b.js" defer></script></head><body><div id="__docusaurus"><h1>${title}</h1><a id="intro" href="/acme-docs/docs/intro">Intro</a></div></body></html>`;
  const docs = await drop('docusaurus-build.zip', zip([
    { name: 'index.html', content: docPage('Acme Docs') },
    { name: 'docs/intro/index.html', content: docPage('Introduction') },
    { name: 'assets/css/styles.7c9e1f2a.css', content: 'h1 { color: rgb(46, 133, 85); }' },
    { name: 'assets/js/runtime~main.5e1b.js', content: 'document.body.dataset.hydrated = location.pathname;' },
  ]));
  const d = await openWatched(docs.url);
  await d.page.waitForSelector('body[data-hydrated]', { timeout: 10_000 });
  assert.equal(await d.page.getAttribute('body', 'data-hydrated'), '/acme-docs/');
  assert.equal(await d.page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(46, 133, 85)');
  await Promise.all([d.page.waitForURL(/\/acme-docs\/docs\/intro\/$/), d.page.click('#intro')]);
  await d.page.waitForSelector('body[data-hydrated]', { timeout: 10_000 });
  assert.equal(await d.page.textContent('h1'), 'Introduction');
  assert.equal(await d.page.$eval('h1', (h) => getComputedStyle(h).color), 'rgb(46, 133, 85)');
  assert.deepEqual(d.problems, []);
  await d.context.close();
});

// Create React App hands settings over as `process.env.REACT_APP_…`, Google AI Studio its key as
// `process.env.API_KEY`: their builds write the values in, so the files read a `process` no
// browser has.
const PROCESS_ENV = `import React, { useState } from 'react';

const API_KEY = process.env.API_KEY;
const mode = process.env.NODE_ENV === 'production' ? 'prod' : 'dev';

const App: React.FC = () => {
  const [n, setN] = useState(0);
  const api = process.env.REACT_APP_API_URL || 'http://localhost:3000';
  return (
    <div className="p-8">
      <h1 className="text-4xl font-bold">Story Generator</h1>
      <p id="env">{API_KEY ? 'key set' : 'no key'}, {mode}, {api}</p>
      <button onClick={() => setN(n + 1)}>Clicked {n}</button>
    </div>
  );
};

export default App;
`;
const OWN_PROCESS = `const process = (s) => s.toUpperCase();
export default function App() { return <h1>{process('own process')}</h1>; }
`;

test('a component reading process.env (Create React App, AI Studio) renders with its settings unset', async () => {
  const { owner: user } = await world.app.world();
  const e = await dropReact('App.tsx', PROCESS_ENV, user);
  const { page, context, problems } = await openWatched(e.url);
  await page.waitForFunction(() => document.querySelector('#env') || document.querySelector('.plug-error'), null, { timeout: 15_000 });
  assert.equal(await page.$eval('body', (b) => b.querySelector('.plug-error')?.textContent ?? null), null);
  assert.equal(await page.textContent('#env'), 'no key, prod, http://localhost:3000');
  await page.click('button');
  assert.equal(await page.textContent('button'), 'Clicked 1');
  assert.deepEqual(problems, []);
  await context.close();
  const own = await dropReact('Own.jsx', OWN_PROCESS, user);
  const o = await openWatched(own.url);
  await o.page.waitForFunction(() => document.querySelector('#root h1') || document.querySelector('.plug-error'), null, { timeout: 15_000 });
  assert.equal(await o.page.textContent('#root h1'), 'OWN PROCESS', 'a file declaring its own process keeps it');
  await o.context.close();
});
