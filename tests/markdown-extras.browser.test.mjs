// Markdown as GitHub shows it (issue 26): mermaid diagrams drawn as SVG, math typeset by KaTeX by
// GitHub's rules, bare URLs linked and :shortcode: emoji, in Chromium against the real Worker.
// Also: a document with none of these loads no script at all, the page's CSP holds (no
// violation reported), and injection through a diagram or a formula runs nothing; code in the less
// common languages coloured from highlight.js's per-language files; a gantt chart at the column's
// width and a broken diagram without mermaid's error drawing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { useBrowserWorld } from './support/browser-world.mjs';

const world = useBrowserWorld('markdown-extras');
const { SHOTS } = world;

/** Drops a markdown file and opens it, recording CSP violations, dialogs and script requests. */
async function openMarkdown(name, content, colorScheme = 'light') {
  const e = await world.app.dropLive(world.owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'markdown' } });
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1100, height: 900 }, colorScheme });
  const page = await context.newPage();
  page.seen = { errors: [], dialogs: [], scripts: [], violations: [] };
  page.on('pageerror', (error) => page.seen.errors.push(error.message));
  page.on('dialog', async (dialog) => {
    page.seen.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script') page.seen.scripts.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) page.seen.violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample} ${event.sourceFile}:${event.lineNumber} ${event.target?.outerHTML?.slice(0, 200) ?? event.target}`);
    });
  });
  await page.goto(e.url);
  return { page, context };
}

const extrasDone = (page) => page.waitForFunction(() => document.querySelector('.plug-prose')?.dataset.extras === 'done', null, { timeout: 60_000 });

const README = `# Release pipeline :rocket:

> [!NOTE]
> Shipped in version 2 :tada: — see https://example.com/docs/pipeline for details, or www.example.org.

It costs $5 and $10 to run, and the energy is $E = mc^2$ per build.

$$
\\int_0^1 x^2 \\, dx = \\frac{1}{3}
$$

\`\`\`math
\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}
\`\`\`

\`\`\`mermaid
flowchart LR
  Upload[Upload file] --> Review{Looks good?}
  Review -->|yes| Publish[Publish link]
  Review -->|no| Fix[Fix it]
\`\`\`

\`\`\`mermaid
sequenceDiagram
  participant Alice
  participant Worker
  Alice->>Worker: POST /inspirations
  Worker-->>Alice: 201 Created
\`\`\`

\`\`\`mermaid
pie title Where the time goes
  "Parsing" : 45
  "Layout" : 35
  "Paint" : 20
\`\`\`

Inline \`:tada:\` and \`$x$\` in code stay as written.
`;

test('a README shows its mermaid diagrams as SVG, its math typeset, bare URLs linked and emoji, under the page CSP', async () => {
  const { page, context } = await openMarkdown('README.md', README);
  await extrasDone(page);
  const figures = await page.$$eval('figure.plug-mermaid svg', (svgs) => svgs.map((svg) => [...svg.querySelectorAll('text, tspan')].map((t) => t.textContent.trim()).filter(Boolean).join('|')));
  assert.equal(figures.length, 3, 'three diagrams drawn');
  for (const label of ['Upload file', 'Looks good?', 'Publish link', 'Fix it']) assert.ok(figures[0].includes(label), `${label} in ${figures[0]}`);
  for (const label of ['Alice', 'Worker', 'POST /inspirations', '201 Created']) assert.ok(figures[1].includes(label), `${label} in ${figures[1]}`);
  for (const label of ['Where the time goes', 'Parsing', 'Layout', 'Paint']) assert.ok(figures[2].includes(label), `${label} in ${figures[2]}`);
  assert.equal(await page.$$eval('pre > code.language-mermaid', (c) => c.length), 0, 'no diagram left as source');

  // Math: typeset by KaTeX, its source kept in the MathML annotation.
  const formulas = await page.$$eval('.katex', (all) => all.map((k) => ({
    tex: k.querySelector('annotation[encoding="application/x-tex"]')?.textContent.trim(),
    display: Boolean(k.closest('.katex-display')),
    visible: k.querySelector('.katex-html')?.getBoundingClientRect().width > 0,
  })));
  assert.deepEqual(formulas.map((f) => [f.tex, f.display]), [
    ['E = mc^2', false],
    ['\\int_0^1 x^2 \\, dx = \\frac{1}{3}', true],
    ['\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}', true],
  ]);
  assert.ok(formulas.every((f) => f.visible));
  const prose = await page.$eval('article', (a) => [...a.querySelectorAll('p')].map((p) => p.textContent).find((t) => t.startsWith('It costs')));
  assert.match(prose, /^It costs \$5 and \$10 to run/, 'dollar amounts stay text');

  // Bare URLs, the alert, emoji (not inside code).
  const links = await page.$$eval('article a', (as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  assert.ok(links.some(([t, h]) => t === 'https://example.com/docs/pipeline' && h === 'https://example.com/docs/pipeline'), JSON.stringify(links));
  assert.ok(links.some(([t, h]) => t === 'www.example.org' && h === 'http://www.example.org'), JSON.stringify(links));
  assert.equal(await page.$$eval('blockquote.markdown-alert-note', (b) => b.length), 1);
  assert.equal(await page.textContent('article h1'), 'Release pipeline 🚀');
  assert.match(await page.textContent('blockquote'), /Shipped in version 2 🎉/);
  assert.deepEqual(await page.$$eval('p code', (c) => c.map((x) => x.textContent)), [':tada:', '$x$']);

  assert.deepEqual(page.seen.violations, []);
  assert.deepEqual(page.seen.errors, []);
  assert.ok(page.seen.scripts.some((s) => s.endsWith('/mermaid/mermaid.min.js')));
  assert.ok(page.seen.scripts.some((s) => s.endsWith('/katex/katex.min.js')));
  await page.screenshot({ path: join(SHOTS, 'readme.png'), fullPage: true });
  await context.close();
});

test('a document without diagrams, math or shortcodes loads no script; one with math only loads KaTeX, not mermaid', async () => {
  const plain = await openMarkdown('plain.md', '# Notes\n\nIt costs $5 and $10. Meet at 10:30.\n');
  await plain.page.waitForSelector('article h1');
  assert.deepEqual(plain.page.seen.scripts.filter((s) => s.includes('/_plug/vendor/')), []);
  await plain.context.close();
  const mathOnly = await openMarkdown('math.md', 'Area: $\\pi r^2$.\n');
  await extrasDone(mathOnly.page);
  assert.ok(mathOnly.page.seen.scripts.some((s) => s.endsWith('/katex/katex.min.js')));
  assert.ok(!mathOnly.page.seen.scripts.some((s) => s.includes('mermaid')));
  await mathOnly.context.close();
});

// Injection through the new surfaces: mermaid's click callbacks, links and HTML labels, and
// KaTeX's \href, \url and \htmlData. Nothing may run, and no javascript: link may appear.
const INJECTION = `# Hostile

\`\`\`mermaid
flowchart TD
  A["<img src=x onerror=alert('label')>"] --> B["<script>alert('script')</script>"]
  click A "javascript:alert('click')" "tip"
  click B callback "tip"
  C["<a href='javascript:alert(1)'>link</a>"]
\`\`\`

\`\`\`mermaid
%%{init: {"securityLevel": "loose", "flowchart": {"htmlLabels": true}}}%%
flowchart LR
  X["<iframe src='javascript:alert(2)'></iframe>"] --> Y
  click X "javascript:alert('init')"
\`\`\`

\`\`\`mermaid
sequenceDiagram
  participant A as <img src=x onerror=alert('seq')>
  A->>A: <script>alert('msg')</script>
\`\`\`

Formula: $\\href{javascript:alert('href')}{click}$ and $\\url{javascript:alert('url')}$ and $\\htmlData{onclick=alert(1)}{x}$.

$$\\text{<img src=x onerror=alert('text')>}$$
`;

test('diagram and formula injection runs nothing and leaves no javascript: link', async () => {
  const { page, context } = await openMarkdown('hostile.md', INJECTION);
  await extrasDone(page);
  // Click everything drawn, as a curious reader would.
  for (const element of await page.$$('figure.plug-mermaid g, .katex a, article a')) await element.click({ force: true, timeout: 1000 }).catch(() => {});
  await page.waitForTimeout(300);
  assert.deepEqual(page.seen.dialogs, []);
  const dangerous = await page.evaluate(() => {
    const found = [];
    for (const el of document.querySelectorAll('article *')) {
      for (const attr of el.attributes) {
        const value = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (attr.name.startsWith('on')) found.push(`${el.tagName} ${attr.name}`);
        if (/^(href|xlink:href|src|action)$/.test(attr.name) && value.startsWith('javascript:')) found.push(`${el.tagName} ${attr.name}=${attr.value}`);
      }
      if (/^(SCRIPT|IFRAME|OBJECT|EMBED)$/i.test(el.tagName)) found.push(el.tagName);
    }
    return found;
  });
  assert.deepEqual(dangerous, []);
  // mermaid 12.3 puts a flowchart label's markup into a detached element of the page while it
  // lays the label out, so an <img onerror> label tries to run its handler: the page's CSP
  // (no 'unsafe-inline' for scripts) blocks it, which is all that may show here.
  const unexpected = page.seen.violations.filter((v) => !/inline event handler|script-src-attr inline/.test(v));
  assert.deepEqual(unexpected, []);
  await page.screenshot({ path: join(SHOTS, 'hostile.png'), fullPage: true });
  await context.close();
});

// Older READMEs put an `<a name="…">` before a heading and link to it, as GitHub still honours.
const NAMED_ANCHORS = `# Tool

[Jump to install](#install)

${'Filler paragraph.\n\n'.repeat(60)}
<a name="install"></a>
## Installation steps

${'More filler.\n\n'.repeat(60)}
`;

test('a link to an old-style <a name> anchor scrolls to it', async () => {
  const { page, context } = await openMarkdown('anchors.md', NAMED_ANCHORS);
  await page.click('text=Jump to install');
  await page.waitForFunction(() => window.scrollY > 0, null, { timeout: 5_000 });
  // At the top of the view, just below the sticky header bar (it was under it).
  const top = await page.evaluate(() => document.querySelector('a[name="user-content-install"]').getBoundingClientRect().top
    - document.querySelector('.plug-header').getBoundingClientRect().bottom);
  assert.ok(top >= 0 && top < 30, `the anchor is just below the header: ${top}px`);
  assert.equal(new URL(page.url()).hash, '#user-content-install');
  assert.deepEqual(page.seen.errors, []);
  await context.close();
});

// Fenced code as a README has it, coloured as GitHub colours it: keywords red, strings dark
// blue, comments grey, function names purple (Primer's light colours); a block without a
// language or with one highlight.js does not know stays plain, as on GitHub.
const CODE = `# Install

\`\`\`rust
// Starts the server.
fn main() {
    let name = "plug";
    println!("{name}");
}
\`\`\`

\`\`\`js
const answer = 42; // <img src=x onerror=alert(1)>
\`\`\`

\`\`\`
plain text, no language
\`\`\`

\`\`\`nosuchlanguage
stays plain
\`\`\`
`;

test('fenced code with a language is coloured as on GitHub, under the page CSP; other code stays plain', async () => {
  const { page, context } = await openMarkdown('install.md', CODE);
  await extrasDone(page);
  const colours = await page.evaluate(() => {
    const colour = (selector, text) => {
      const span = [...document.querySelectorAll(selector)].find((e) => e.textContent === text);
      return span ? getComputedStyle(span).color : null;
    };
    return {
      keyword: colour('code.language-rust .hljs-keyword', 'fn'),
      string: colour('code.language-rust .hljs-string', '"plug"'),
      comment: colour('code.language-rust .hljs-comment', '// Starts the server.'),
      title: colour('code.language-rust .hljs-title', 'main'),
      number: colour('code.language-js .hljs-number', '42'),
    };
  });
  assert.deepEqual(colours, {
    keyword: 'rgb(207, 34, 46)',
    string: 'rgb(10, 48, 105)',
    comment: 'rgb(89, 99, 110)',
    title: 'rgb(102, 57, 186)',
    number: 'rgb(5, 80, 174)',
  });
  // The code reads as it was written; markup in it is text.
  assert.equal(await page.textContent('code.language-js'), 'const answer = 42; // <img src=x onerror=alert(1)>\n');
  assert.equal(await page.$('code.language-js img'), null);
  const plain = await page.$$eval('pre > code', (all) => all.filter((c) => !c.querySelector('span')).map((c) => c.textContent.trim()));
  assert.deepEqual(plain, ['plain text, no language', 'stays plain']);
  assert.deepEqual(page.seen.scripts.filter((s) => s.startsWith('/_plug/vendor/')), ['/_plug/vendor/plug-markdown.js', '/_plug/vendor/plug-highlight.js']);
  assert.deepEqual(page.seen.violations, []);
  assert.deepEqual(page.seen.dialogs, []);
  assert.deepEqual(page.seen.errors, []);
  await page.screenshot({ path: join(SHOTS, 'code.png') });
  await context.close();
});

// A README's code in the languages past highlight.js's common set that projects use (Elixir,
// Haskell by its short name, a Windows batch file, a Vue component, a GeoJSON sample), coloured
// from highlight.js's own per-language files, loaded only for such a block; HCL, which
// highlight.js does not know, and a `constructor` that is no language stay plain.
const MORE_CODE = `# Polyglot

\`\`\`elixir
defmodule Greeter do
  def hello(name), do: "Hello, #{name}"
end
\`\`\`

\`\`\`hs
main :: IO ()
main = putStrLn "hi"
\`\`\`

\`\`\`bat
@echo off
if exist build rmdir /s /q build
\`\`\`

\`\`\`vue
<template><p>{{ msg }}</p></template>
<script setup>
const msg = "hi";
</script>
\`\`\`

\`\`\`geojson
{ "type": "Point", "coordinates": [102.0, 0.5] }
\`\`\`

\`\`\`hcl
resource "aws_s3_bucket" "site" {}
\`\`\`

\`\`\`constructor
stays plain
\`\`\`
`;

test("code in Elixir, Haskell, batch, Vue and GeoJSON is coloured as on GitHub, each language's file loaded only then; unknown ones stay plain", async () => {
  const { page, context } = await openMarkdown('polyglot.md', MORE_CODE);
  await extrasDone(page);
  const coloured = await page.$$eval('pre > code', (all) => all.map((c) => [c.className.split(' ')[0], c.querySelectorAll('[class^="hljs-"]').length > 0]));
  assert.deepEqual(coloured, [
    ['language-elixir', true], ['language-hs', true], ['language-bat', true], ['language-vue', true], ['language-geojson', true],
    ['language-hcl', false], ['language-constructor', false],
  ]);
  assert.equal(await page.$eval('code.language-elixir .hljs-keyword', (k) => k.textContent), 'defmodule');
  assert.equal(await page.textContent('code.language-vue'), '<template><p>{{ msg }}</p></template>\n<script setup>\nconst msg = "hi";\n</script>\n');
  const vendored = page.seen.scripts.filter((s) => s.startsWith('/_plug/vendor/')).sort();
  assert.deepEqual(vendored, ['/_plug/vendor/cdn/hljs/languages/dos.min.js', '/_plug/vendor/cdn/hljs/languages/elixir.min.js', '/_plug/vendor/cdn/hljs/languages/haskell.min.js', '/_plug/vendor/plug-highlight.js', '/_plug/vendor/plug-markdown.js']);
  assert.deepEqual(page.seen.violations, []);
  assert.deepEqual(page.seen.errors, []);
  await page.screenshot({ path: join(SHOTS, 'polyglot.png') });
  await context.close();
});

// An AI report's diagrams: a gantt chart in a README column, and a flowchart with a typo.
const PLAN = `# Plan

\`\`\`mermaid
gantt
    title Launch plan
    dateFormat YYYY-MM-DD
    section Build
        API          :a1, 2025-01-06, 20d
        Web app      :after a1, 15d
\`\`\`

\`\`\`mermaid
flowchart TD
    A[Start --> B{oops
\`\`\`

The end.
`;

test("a gantt chart fills the column it is drawn in, and a broken diagram leaves only its line, not mermaid's error bomb at the page's end", async () => {
  const { page, context } = await openMarkdown('plan.md', PLAN, 'dark');
  await extrasDone(page);
  // Drawn for the window's width and shrunk into the column, its labels came out tiny.
  const gantt = await page.$eval('figure.plug-mermaid svg[aria-roledescription="gantt"]', (svg) => ({
    drawn: svg.viewBox.baseVal.width,
    shown: Math.round(svg.getBoundingClientRect().width),
  }));
  assert.ok(Math.abs(gantt.drawn - gantt.shown) <= 2, `drawn at the width it is shown: ${JSON.stringify(gantt)}`);
  // Where and why: mermaid's first line named the line, its last what it expected there.
  assert.match(await page.textContent('.plug-extra-error'), /^This diagram could not be drawn: Parse error on line 2: Expecting .+, got '[A-Z_]+'$/);
  // The line is in the page's red for its scheme (#b91c1c was hard to read on the dark page).
  assert.equal(await page.$eval('.plug-extra-error', (p) => getComputedStyle(p).color), 'rgb(248, 81, 73)');
  // mermaid drew "Syntax error in text" into <body>, after the page's footer.
  const stray = await page.$$eval('body > *', (all) => all.filter((el) => !el.matches('header, main, footer, script, .plug-header, .plug-main, [class^="plug-"], plug-badge') && /error/i.test(el.textContent)).map((el) => el.outerHTML.slice(0, 120)));
  assert.deepEqual(stray, []);
  assert.equal(await page.$('svg[aria-roledescription="error"]'), null);
  assert.doesNotMatch(await page.evaluate(() => document.body.innerText), /Syntax error in text/);
  assert.deepEqual(page.seen.violations, []);
  await page.screenshot({ path: join(SHOTS, 'plan.png'), fullPage: true });
  await context.close();
});
