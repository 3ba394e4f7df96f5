// Markdown as real repositories and tools write it, in Chromium against the real Worker: a README's
// logo sized by its height alone, GitHub's #gh-dark-mode-only / #gh-light-mode-only images in each
// colour scheme, a table of contents linking a heading that carries badges, a flag written in
// prose; a chat tool's answer with file names after its code fences' languages and GitHub's
// $`…`$ math; an Obsidian note with a callout inside a callout; an AI tool's README whose emoji
// headings carry U+FE0F, with a footnote and a nested checklist; a Claude skill's front matter; a
// project's README with a nested table of contents and links to files its repository has and the
// drop does not; a report in Arabic, Hebrew and English.
// The fixtures are written here in the styles those tools produce.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA, expectError } from './support/harness.mjs';
import { fromFileList } from '../web/src/intake.js';
import { useBrowserWorld } from './support/browser-world.mjs';
import { png } from './support/fixtures.mjs';

const world = useBrowserWorld('markdown-readmes');
const { SHOTS } = world;

async function dropMarkdown(name, content) {
  return world.app.dropLive(world.owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'markdown' } });
}

async function open(e, colorScheme = 'light') {
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1100, height: 800 }, colorScheme });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(e.url);
  await page.waitForSelector('article.plug-prose');
  return { page, context, errors };
}

const extrasDone = (page) => page.waitForFunction(() => document.querySelector('.plug-prose')?.dataset.extras === 'done', null, { timeout: 60_000 });

// A 1x1 PNG as a data: URL stands in for the repository's images (the drop is one file).
const PIXEL = `data:image/png;base64,${png().toString('base64')}`;

const README = `<p align="center">
  <img src="${PIXEL}" height="48" alt="Acme logo">
</p>
<p align="center">
  <img src="${PIXEL}#gh-light-mode-only" alt="Wordmark for light backgrounds" width="160">
  <img src="${PIXEL}#gh-dark-mode-only" alt="Wordmark for dark backgrounds" width="160">
</p>

<picture>
  <source media="(prefers-color-scheme: dark)" srcset="banner-dark.png">
  <source media="(prefers-color-scheme: light)" srcset="banner-light.png">
  <img alt="Acme banner" src="banner-light.png">
</picture>

# Acme

- [Install](#install)
- [Contributors](#contributors--)

Try it with --dry-run first, then "acme deploy".

## Install

Lots of text.

${'Paragraph to push the next heading down the page.\n\n'.repeat(40)}
## Contributors [![Contributors](${PIXEL})](https://example.com/graphs) [![Good first issues](${PIXEL})](https://example.com/issues)

Thanks to everyone.

${'More about the people behind it.\n\n'.repeat(30)}
> [!WARNING]
> Version 2 drops Node 18.
`;

test("a README's logo keeps its HTML height, GitHub's dark- and light-mode images show in their mode only, and a heading with badges is where its table of contents points", async () => {
  const e = await dropMarkdown('README.md', README);
  for (const scheme of ['light', 'dark']) {
    const { page, context, errors } = await open(e, scheme);
    const logo = await page.$eval('img[alt="Acme logo"]', (img) => [img.getBoundingClientRect().width, img.getBoundingClientRect().height]);
    assert.deepEqual(logo, [48, 48], 'height="48" on a square image draws it 48 by 48 (CSS height:auto drew it 1 pixel high)');
    const shown = await page.$$eval('img[alt^="Wordmark"]', (all) => all.filter((img) => getComputedStyle(img).display !== 'none').map((img) => img.alt));
    assert.deepEqual(shown, [scheme === 'light' ? 'Wordmark for light backgrounds' : 'Wordmark for dark backgrounds'], scheme);
    // A <picture>'s source for the reader's colour scheme, as GitHub's README banners pick theirs.
    const banner = await page.$eval('img[alt="Acme banner"]', (img) => img.currentSrc);
    assert.equal(new URL(banner).pathname, `/banner-${scheme}.png`, scheme);
    // The alert's title in GitHub's colour for the scheme: its light one (#9a6700) was dim on the dark page.
    const warning = await page.$eval('.markdown-alert-warning', (q) => [getComputedStyle(q, '::before').color, getComputedStyle(q).borderInlineStartColor]);
    assert.deepEqual(warning, Array(2).fill(scheme === 'light' ? 'rgb(154, 103, 0)' : 'rgb(210, 153, 34)'), scheme);
    if (scheme === 'light') {
      // Dashes and quotes as typed, as GitHub shows them: the flag can be copied.
      assert.match(await page.textContent('article'), /Try it with --dry-run first, then "acme deploy"\./);
      await page.click('a[href$="#user-content-contributors--"]');
      await page.waitForFunction(() => window.scrollY > 500);
      const top = await page.$eval('#user-content-contributors--', (h) => ({
        text: h.textContent.trim(),
        below: Math.round(h.getBoundingClientRect().top - document.querySelector('.plug-header').getBoundingClientRect().bottom),
      }));
      assert.equal(top.text, 'Contributors');
      // Scrolled to the top of the window, it stopped under the sticky header bar.
      assert.ok(top.below >= 0 && top.below < 60, `the heading is just below the header: ${top.below}`);
      await page.screenshot({ path: join(SHOTS, 'readme-contributors.png') });
    } else {
      await page.screenshot({ path: join(SHOTS, 'readme-dark.png') });
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// A chat tool's answer saved as .md: Cursor and Copilot chat write a file name after the language
// (```python:app/main.py); Rust READMEs write flags (```rust,ignore); GitHub's inline math form.
const ANSWER = `Here's the handler:

\`\`\`python:app/main.py
def handler(event):
    return {"status": 200}
\`\`\`

\`\`\`rust,ignore
fn main() { let answer = 42; }
\`\`\`

The root $\`\\sqrt{2}\`$ is irrational.
`;

test("a chat answer's code fences with a file name or flags after the language are coloured, and GitHub's $`…`$ math is typeset without its backticks", async () => {
  const e = await dropMarkdown('answer.md', ANSWER);
  const { page, context, errors } = await open(e);
  await extrasDone(page);
  const keywords = await page.$$eval('pre > code .hljs-keyword', (all) => all.map((k) => k.textContent));
  assert.deepEqual(keywords, ['def', 'return', 'fn', 'let']);
  const math = await page.$eval('.math-inline', (span) => ({
    tex: span.querySelector('annotation')?.textContent,
    text: span.querySelector('.katex-html')?.textContent,
  }));
  assert.equal(math.tex, '\\sqrt{2}');
  assert.doesNotMatch(math.text, /[`‘]/, 'no backtick is drawn in the formula');
  await page.screenshot({ path: join(SHOTS, 'answer.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

const NOTE = `# Design review

> [!info] Context
> The team met on Monday.
> > [!warning] Open risk
> > The migration is not reversible.
`;

test('an Obsidian callout inside a callout is drawn as an alert of its own, not as its syntax', async () => {
  const e = await dropMarkdown('Design review.md', NOTE);
  const { page, context, errors } = await open(e);
  const inner = await page.$eval('.markdown-alert-note .markdown-alert-warning', (q) => ({
    text: q.textContent.replace(/\s+/g, ' ').trim(),
    label: getComputedStyle(q, '::before').content,
  }));
  assert.deepEqual(inner, { text: 'Open risk The migration is not reversible.', label: '"Warning"' });
  assert.doesNotMatch(await page.textContent('article'), /\[!/);
  await page.screenshot({ path: join(SHOTS, 'nested-callout.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// An AI tool's README: headings led by emoji, two of them with U+FE0F (`🛠️`, `⚙️`), whose anchors
// on GitHub keep that invisible character, so the table of contents the tool writes links
// `#️-tech-stack`; a footnote named like a heading above it; a checklist with a nested one.
const AI_README = `# TaskFlow

## 📋 Table of Contents

- [Features](#-features)
- [Tech Stack](#️-tech-stack)
- [Configuration](#%EF%B8%8F-configuration)
- [Usage](#-usage)

## ✨ Features

- [x] Boards
  - [ ] Swimlanes
  - [x] Labels
- [ ] Offline mode

${'Feature notes to push the next headings down the page.\n\n'.repeat(30)}
## 🛠️ Tech Stack

### Notes

Next.js 14 and PostgreSQL[^notes].

${'Details of the stack.\n\n'.repeat(30)}
## ⚙️ Configuration

Copy \`.env.example\`.

${'Configuration details.\n\n'.repeat(30)}
## 🚀 Usage

Run \`npm run dev\`.

${'More on running it.\n\n'.repeat(30)}
[^notes]: Any PostgreSQL from 14 on.
`;

// Where a click on `selector` scrolls: the element the address now names, and how far its top
// is below the sticky header (the window is scrolled to the top first).
async function follow(page, selector) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click(selector);
  await page.waitForFunction(() => location.hash && window.scrollY > 300);
  return page.evaluate(() => {
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    return target && {
      tag: target.tagName,
      text: target.textContent.replace(/\s+/g, ' ').trim(),
      below: Math.round(target.getBoundingClientRect().top - document.querySelector('.plug-header').getBoundingClientRect().bottom),
    };
  });
}

test("an AI README's table of contents reaches headings whose emoji carry U+FE0F, a footnote named like a heading is the one its reference reaches and links back, and a nested checklist is indented", async () => {
  const e = await dropMarkdown('README.md', AI_README);
  const { page, context, errors } = await open(e);
  for (const [link, heading] of [['Tech Stack', '🛠️ Tech Stack'], ['Configuration', '⚙️ Configuration'], ['Usage', '🚀 Usage']]) {
    const target = await follow(page, `article li a:text-is("${link}")`);
    assert.equal(target?.text, heading, `${link} scrolls to its heading (it went nowhere: the id had no U+FE0F)`);
    assert.ok(target.below >= 0 && target.below < 80, `${link}: ${target.below}`);
  }
  // `[^notes]` and `### Notes` were both `user-content-notes`: the reference went to the heading.
  const note = await follow(page, 'sup.footnote-reference a');
  assert.deepEqual([note?.tag, note?.text], ['DIV', '1 Any PostgreSQL from 14 on. ↩']);
  await page.click('a.footnote-backref');
  await page.waitForFunction(() => location.hash.endsWith('fnref-notes'));
  const back = await page.$eval('sup.footnote-reference a', (a) => Math.round(a.getBoundingClientRect().top));
  assert.ok(back > 40 && back < 800, `the ↩ brings the reference into view: ${back}`);
  // GitHub hangs the box where the bullet was, so the nested checklist sits one level in.
  const boxes = await page.$$eval('article input[type=checkbox]', (all) => all.map((b) => Math.round(b.getBoundingClientRect().left)));
  assert.equal(boxes.length, 4);
  assert.equal(boxes[1], boxes[2]);
  assert.equal(boxes[0], boxes[3]);
  assert.ok(boxes[1] - boxes[0] > 15, `the nested checklist is indented: ${boxes}`);
  await page.screenshot({ path: join(SHOTS, 'ai-readme.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// A Claude skill as its folder holds it: what the skill is for lives only in its front matter,
// which GitHub shows as a table (Plug left it out, so the page began at the first heading).
const SKILL = `---
name: invoice-forms
description: >
  Fill invoice PDF forms from a spreadsheet. Use when the user asks to fill,
  complete or batch-produce invoice forms.
allowed-tools: [Read, Bash]
---

# Invoice forms

Read the sheet, then fill one form per row.
`;

test("a skill's YAML front matter is shown as GitHub shows it, a table of its keys over their values", async () => {
  const e = await dropMarkdown('SKILL.md', SKILL);
  const { page, context, errors } = await open(e);
  const table = await page.$eval('article > :first-child', (t) => ({
    tag: t.tagName,
    keys: [...t.querySelectorAll('th')].map((th) => th.textContent),
    values: [...t.querySelectorAll('td')].map((td) => td.textContent),
    fits: t.getBoundingClientRect().right <= document.querySelector('article').getBoundingClientRect().right,
  }));
  assert.deepEqual(table, {
    tag: 'TABLE',
    keys: ['name', 'description', 'allowed-tools'],
    values: ['invoice-forms', 'Fill invoice PDF forms from a spreadsheet. Use when the user asks to fill, complete or batch-produce invoice forms.', 'Read, Bash'],
    fits: true,
  });
  assert.doesNotMatch(await page.textContent('article'), /---|name:/);
  await page.screenshot({ path: join(SHOTS, 'skill-front-matter.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// A project's README as GitHub shows it inside its repository: a table of contents with a nested
// entry, and links to other files of the repository (`docs/guide.md`, a badge linking `LICENSE`),
// which a single `.md` drop does not have.
const PROJECT = `# Quiver

<p align="center">
  <a href="LICENSE"><img src="${PIXEL}" alt="License: MIT"></a>
</p>

## Table of Contents

- [Installation](#installation)
  - [From source](#from-source)
- [Usage](#usage)
- [License](#license)

## Installation

See the [guide](docs/guide.md) or [the changelog](./CHANGELOG.md "What changed").

### From source

Build it.

## Usage

Run it.

## License

MIT
`;

test("a README's nested table of contents stays tight, and its links to files of its repository are text that says why, not a way to a JSON error", async () => {
  const e = await dropMarkdown('README.md', PROJECT);
  const { page, context, errors } = await open(e);
  // The nested list kept a paragraph's gap below it, splitting the table of contents in two.
  const gaps = await page.$$eval('article > ul:first-of-type > li', (items) => items.slice(1).map((li) => Math.round(li.getBoundingClientRect().top - li.previousElementSibling.getBoundingClientRect().bottom)));
  assert.equal(gaps.length, 2);
  assert.ok(Math.max(...gaps) - Math.min(...gaps) <= 1, `entries are evenly spaced: ${gaps}`);
  // A click on `guide` went to the drop's origin and showed {"error":{"code":"NOT_FOUND"…}}.
  const links = await page.$$eval('article a', (all) => all.map((a) => [a.textContent.trim() || a.querySelector('img')?.alt, a.getAttribute('href'), a.title]));
  assert.deepEqual(links.filter(([, href]) => !href?.startsWith('#')), [
    ['License: MIT', null, 'LICENSE is not part of this drop'],
    ['guide', null, 'docs/guide.md is not part of this drop'],
    ['the changelog', null, 'What changed'],
  ]);
  const guide = page.locator('article a:text-is("guide")');
  await guide.click();
  assert.equal(new URL(page.url()).pathname, '/', 'the page stays');
  assert.match(await guide.evaluate((a) => getComputedStyle(a).textDecorationStyle), /dotted/);
  // The table of contents still scrolls.
  await page.click('article a:text-is("From source")');
  await page.waitForFunction(() => location.hash === '#user-content-from-source');
  // A heading pointed at shows its link to itself, as on GitHub, so a section's address can be
  // copied (it had none); the heading's text is unchanged.
  const usage = page.locator('article h2', { hasText: 'Usage' });
  const anchor = usage.locator('a.anchor');
  assert.equal(await anchor.evaluate((a) => getComputedStyle(a).opacity), '0');
  await usage.hover();
  await page.waitForFunction(() => getComputedStyle(document.querySelector('#user-content-usage > a.anchor')).opacity === '1');
  assert.equal(await usage.evaluate((h) => h.textContent), 'Usage');
  await anchor.click();
  await page.waitForFunction(() => location.hash === '#user-content-usage');
  await page.screenshot({ path: join(SHOTS, 'project-readme.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// An AI tool's report in Arabic, Hebrew and English, as ChatGPT writes one for a Gulf client.
const RTL_REPORT = `# Quarterly report

## الملخص التنفيذي

ارتفعت الإيرادات بنسبة 12% في الربع الثالث.

- نمو قوي في الرياض
- تراجع طفيف في جدة

## סיכום

ההכנסות עלו ב-12%.

## Summary

Revenue grew 12% in Q3.

| المنطقة | الإيرادات |
|---|---:|
| الرياض | 1,234 |
`;

test('a report in Arabic and Hebrew reads right to left, paragraph by paragraph, as on GitHub, beside its English', async () => {
  const e = await dropMarkdown('report.md', RTL_REPORT);
  const { page, context, errors } = await open(e);
  const blocks = await page.$$eval('article h2, article p, article ul, article th', (all) => {
    const article = document.querySelector('article').getBoundingClientRect();
    return all.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el.tagName === 'UL' ? el.querySelector('li') : el);
      const text = range.getBoundingClientRect();
      return { text: el.textContent.trim().slice(0, 12).trim(), direction: getComputedStyle(el).direction, right: Math.round(article.right - text.right) };
    });
  });
  const direction = Object.fromEntries(blocks.map((b) => [b.text, b.direction]));
  assert.deepEqual(direction, {
    'الملخص التنف': 'rtl', 'ارتفعت الإير': 'rtl', 'نمو قوي في ا': 'rtl', 'סיכום': 'rtl', 'ההכנסות עלו': 'rtl',
    Summary: 'ltr', 'Revenue grew': 'ltr', 'المنطقة': 'rtl', 'الإيرادات': 'rtl',
  });
  // Right to left, a paragraph starts at the column's right edge, and a list's bullets hang there.
  const paragraph = blocks.find((b) => b.text.startsWith('ارتفعت'));
  assert.ok(paragraph.right < 40, `the Arabic paragraph starts at the right: ${paragraph.right}`);
  const bullet = await page.$eval('article ul', (ul) => Math.round(ul.getBoundingClientRect().right - ul.querySelector('li').getBoundingClientRect().right));
  assert.ok(bullet > 15, `the list is indented from the right, its bullets there: ${bullet}`);
  await page.screenshot({ path: join(SHOTS, 'rtl-report.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// A CLI's README as projects write them: a centred banner, shields.io badges, a command too long
// for a phone, a wide options table, a pipeline drawn left to right, code in TypeScript and a diff.
const CLI_README = `<p align="center">
  <img src="${PIXEL}#gh-light-mode-only" width="800" alt="Quill banner (light)">
  <img src="${PIXEL}#gh-dark-mode-only" width="800" alt="Quill banner (dark)">
</p>
<p align="center">
  <a href="https://github.com/quill-dev/quill/actions"><img src="https://img.shields.io/github/actions/workflow/status/quill-dev/quill/ci.yml?branch=main" alt="CI"></a>
  <a href="https://www.npmjs.com/package/@quill-dev/cli"><img src="https://img.shields.io/npm/v/@quill-dev/cli.svg" alt="npm"></a>
</p>

# Quill

## Install

\`\`\`console
$ npm install --save-dev @quill-dev/cli @quill-dev/plugin-typescript @quill-dev/plugin-markdown-frontmatter @quill-dev/reporter-junit
\`\`\`

## Options

| Flag | Short | Type | Default | Env var | Since | Deprecated | Scope | Description |
|------|:-----:|------|--------:|---------|-------|------------|-------|-------------|
| \`--config\` | \`-c\` | \`path\` | \`quill.config.ts\` | \`QUILL_CONFIG\` | 1.0.0 | no | all | Where the configuration file lives, relative to the working directory |
| \`--concurrency\` | \`-j\` | \`number\` | \`os.availableParallelism()\` | \`QUILL_JOBS\` | 1.4.0 | no | build | How many files are compiled at once |

## How it works

\`\`\`mermaid
flowchart LR
  Source[Source files] --> Parse[Parse frontmatter] --> Transform[Run plugins] --> Bundle[Bundle output] --> Report[Write the JUnit report] --> Publish[Publish to the registry]
\`\`\`

\`\`\`ts title="quill.config.ts"
import { defineConfig } from "@quill-dev/cli";
export default defineConfig({ plugins: ["typescript", "markdown-frontmatter"], output: { dir: "dist", format: "esm", sourcemap: true } });
\`\`\`

\`\`\`diff
- "quill": "^1.9.0"
+ "@quill-dev/cli": "^2.0.0"
\`\`\`

> [!TIP]
> Run \`quill doctor\` first.
`;

// One drop for the phone and the paper (a user may create only 10 drops a minute).
let cliDrop;
const cliReadme = async () => (cliDrop ??= await dropMarkdown('README.md', CLI_README));

test('on a phone a README stays in its column: the wide table and the long command scroll in their boxes, the banner fits, and a wide flowchart is drawn readable, scrolling sideways', async () => {
  const e = await cliReadme();
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(e.url);
  await extrasDone(page);
  const seen = await page.evaluate(() => {
    const box = (el) => ({ right: Math.round(el.getBoundingClientRect().right), scroll: el.scrollWidth, client: el.clientWidth });
    const svg = document.querySelector('.plug-mermaid svg');
    return {
      page: document.documentElement.scrollWidth,
      table: box(document.querySelector('article table')),
      command: box(document.querySelector('article pre')),
      banner: Math.round(document.querySelector('img[alt="Quill banner (light)"]').getBoundingClientRect().right),
      diagram: { drawn: svg.getBoundingClientRect().width, size: parseFloat(svg.style.maxWidth), ...box(svg.parentElement) },
    };
  });
  assert.equal(seen.page, 375, 'nothing pushes the page sideways');
  for (const [what, b] of Object.entries({ table: seen.table, command: seen.command })) {
    assert.ok(b.right <= 375 && b.scroll > b.client, `the ${what} stays in the column and scrolls inside its box: ${JSON.stringify(b)}`);
  }
  assert.ok(seen.banner <= 375, `the banner is fitted to the column: ${seen.banner}`);
  // Fitted to 343 px, this flowchart's labels were some 5 px high.
  assert.ok(seen.diagram.size > 800 && seen.diagram.drawn >= seen.diagram.size * 0.6 - 1, `the flowchart is drawn at 60% of its size at least: ${JSON.stringify(seen.diagram)}`);
  assert.ok(seen.diagram.right <= 375 && seen.diagram.scroll > seen.diagram.client, `its figure scrolls sideways in the column: ${JSON.stringify(seen.diagram)}`);
  await page.screenshot({ path: join(SHOTS, 'phone-readme.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("printed from a browser in dark mode, a README comes out as GitHub's light page, its long code lines wrapped and its wide table on the paper", async () => {
  const e = await cliReadme();
  // 700 px: an A4 page's printable width at 96 dpi within the print dialog's default margins.
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 700, height: 1000 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto(e.url);
  await extrasDone(page);
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  const seen = await page.evaluate(() => {
    const article = document.querySelector('article').getBoundingClientRect();
    const pre = [...document.querySelectorAll('article pre')];
    const table = document.querySelector('article table').getBoundingClientRect();
    const cells = [...document.querySelectorAll('article th, article td')].map((c) => c.getBoundingClientRect().right);
    return {
      text: getComputedStyle(document.querySelector('article p')).color,
      keyword: getComputedStyle(document.querySelector('.hljs-keyword')).color,
      tip: getComputedStyle(document.querySelector('.markdown-alert-tip'), '::before').color,
      banners: [...document.querySelectorAll('img[alt^="Quill banner"]')].filter((img) => getComputedStyle(img).display !== 'none').map((img) => img.alt),
      cut: pre.filter((p) => p.scrollWidth > p.clientWidth).map((p) => p.textContent.slice(0, 30)),
      tableRight: Math.round(Math.max(table.right, ...cells) - article.right),
      downloadShown: getComputedStyle(document.querySelector('.plug-download')).display !== 'none',
    };
  });
  assert.equal(seen.text, 'rgb(31, 35, 40)', "the text is GitHub's dark ink, not the dark theme's near-white greyed on paper");
  assert.equal(seen.keyword, 'rgb(207, 34, 46)', "code is in GitHub's light colours");
  assert.equal(seen.tip, 'rgb(26, 127, 55)', "an alert's title is in its light colour");
  assert.deepEqual(seen.banners, ['Quill banner (light)'], 'the banner for light backgrounds is the one printed');
  assert.deepEqual(seen.cut, [], 'no code line is cut at the edge of the paper');
  assert.ok(seen.tableRight <= 1, `the options table is on the paper: ${seen.tableRight} px past the column`);
  assert.equal(seen.downloadShown, false);
  await page.pdf({ path: join(SHOTS, 'printed-readme.pdf'), format: 'A4', margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } });
  await context.close();
});

// A docs site's page in MDX, as Docusaurus and Nextra write them.
const MDX_PAGE = `---
title: Getting started
sidebar_position: 1
---
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

# Getting started

<Tabs>
  <TabItem value="npm" label="npm">

\`\`\`bash
npm install @quill-dev/cli
\`\`\`

  </TabItem>
</Tabs>

<Callout type="warning">Quill needs Node 20 or later.</Callout>
`;

test('a notebook, an MDX page, reStructuredText, AsciiDoc and a .markdown file are refused saying what to do; an MDX page renamed to .md reads as its text', async () => {
  const mine = async () => (await world.app.list(world.owner, '?owner=me&limit=100')).body.items.map((i) => i.id);
  const before = await mine();
  assert.ok(before.length > 0);
  for (const [name, content, says] of [
    ['analysis.ipynb', JSON.stringify({ cells: [{ cell_type: 'markdown', metadata: {}, source: ['# Churn analysis'] }], metadata: {}, nbformat: 4, nbformat_minor: 5 }), /jupyter nbconvert --to html/],
    ['getting-started.mdx', MDX_PAGE, /renamed to \.md it is drawn as Markdown, its imports as text/],
    ['README.rst', 'Quill\n=====\n\nA build tool.\n', /pandoc README\.rst -o README\.md and upload the \.md/],
    ['README.adoc', '= Quill\n\nA build tool.\n', /asciidoctor README\.adoc and upload the \.html/],
    ['2024-05-01-launch.markdown', '# Launch\n', /It is Markdown: rename it to \.md\./],
  ]) {
    const error = expectError(assert, await world.app.drop(world.owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'markdown' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    assert.match(error.message, says, name);
    const [dropped] = fromFileList([new File([content], name)]);
    assert.match(dropped.problem, says, `the drop dialog says it too: ${name}`);
  }
  assert.deepEqual(await mine(), before, 'a refused drop makes nothing');
  // What the hint promises: the imports and the components' text read as written, nothing runs.
  const e = await dropMarkdown('getting-started.md', MDX_PAGE);
  const { page, context, errors } = await open(e);
  const text = await page.textContent('article');
  assert.match(text, /import Tabs from '@theme\/Tabs';/);
  assert.match(text, /npm install @quill-dev\/cli/);
  assert.match(text, /Quill needs Node 20 or later\./);
  assert.equal(await page.$$eval('article tabs, article callout, article script', (all) => all.length), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

// An AI tool's data export: a table of 30,000 rows, past what Plug draws as Markdown on a view.
const EXPORT = `# Orders export\n\n| order_id | date | region | sku | qty | unit_price | total | status |\n|---|---|---|---|--:|--:|--:|---|\n${Array.from({ length: 30_000 }, (_, i) => `| ORD-${100000 + i} | 2026-0${1 + (i % 9)}-1${i % 10} | ${['EMEA', 'APAC', 'AMER'][i % 3]} | SKU-${(i * 7919) % 10000} | ${1 + (i % 5)} | ${(9.99 + (i % 40)).toFixed(2)} | ${((9.99 + (i % 40)) * (1 + (i % 5))).toFixed(2)} | ${i % 11 ? 'shipped' : 'returned'} |`).join('\n')}\n`;

test('a document too dense to draw is shown as its text in blocks the browser lays out only when scrolled to, all of it there', async () => {
  const e = await dropMarkdown('orders-export.md', EXPORT);
  const { page, context, errors } = await open(e);
  const seen = await page.evaluate(() => {
    const blocks = [...document.querySelectorAll('pre.plug-text > span')];
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      note: document.querySelector('.plug-too-large').textContent,
      blocks: blocks.length,
      skipped: blocks.slice(0, -1).every((b) => getComputedStyle(b).contentVisibility === 'auto'),
      text: document.querySelector('pre.plug-text').textContent,
      shownAfter: Math.round(nav.domInteractive - nav.responseStart),
    };
  });
  assert.match(seen.note, /more structure than Plug draws as Markdown on a page \(30,004 lines\)/);
  // One text of 5 MB kept Chromium 5 s from showing the page; blocks of 1,000 lines take 0.3 s.
  assert.equal(seen.blocks, 31, `1,000 lines a block (shown ${seen.shownAfter} ms after the first byte)`);
  assert.ok(seen.skipped, 'every full block is laid out only when scrolled to');
  assert.equal(seen.text, EXPORT, 'the text is all there, as written');
  // Scrolled to its end, the last rows are on screen.
  const end = await page.evaluate(async () => {
    scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const last = document.querySelector('pre.plug-text > span:last-child').getBoundingClientRect();
    return { scrolled: Math.round(scrollY), top: Math.round(last.top), bottom: Math.round(last.bottom), height: innerHeight };
  });
  assert.ok(end.scrolled > 100_000 && end.top < end.height && end.bottom > 0, `the end of the text is reached: ${JSON.stringify(end)}`);
  assert.deepEqual(errors, []);
  await context.close();
});
