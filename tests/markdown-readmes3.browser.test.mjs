// A README as GitHub's most copied template writes it (othneildrew's Best-README-Template and its
// kind), in Chromium against the real Worker: its "back to top" links (`#readme-top`, `#top`,
// GitHub's `#readme`) reach the top of the page, a collapsible table of contents whose summary is
// a heading shows the heading beside its marker, and the footnotes start under a rule in a
// document that also has an alert and a centred header. The fixture is written here in that style.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { useBrowserWorld } from './support/browser-world.mjs';

const world = useBrowserWorld('markdown-readmes3');

const filler = (what) => `${`${what} goes on for a while, as a project's README does.\n\n`.repeat(25)}`;

const README = `<a id="readme-top"></a>

<br />
<div align="center">
  <h3 align="center">Acme Widgets</h3>
  <p align="center">An awesome README template to jumpstart your projects!</p>
</div>

<details open>
  <summary><h2>Table of Contents</h2></summary>
  <ol>
    <li><a href="#about-the-project">About The Project</a></li>
    <li><a href="#usage">Usage</a></li>
  </ol>
</details>

## About The Project

> [!NOTE]
> Widgets are measured in metric units.[^units]

${filler('The story')}
<p align="right">(<a href="#readme-top">back to top</a>)</p>

## Usage

${filler('Usage')}
**[⬆ back to top](#top)** · <a href="#readme">Back to the README's top</a> · [up](#)

[^units]: Millimetres, as the ISO standard says.
`;

test("a template README's back-to-top links reach the top, its summary heading stands beside its marker, and its notes start under a rule", async () => {
  const { owner } = await world.app.world();
  const drop = await world.app.dropLive(owner, { file: { name: 'README.md', content: README }, fields: { scope: 'personal', visibility: 'link', source_type: 'markdown' } });
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(drop.url);
  await page.waitForSelector('article.plug-prose');

  // Each "back to top" link: scrolled to the foot of the page, a click comes back to the top.
  // (`#top` and `#readme` were `#user-content-top`, a link to nothing: the page did not move.)
  for (const name of ['back to top', '⬆ back to top', "Back to the README's top", 'up']) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const before = await page.evaluate(() => window.scrollY);
    assert.ok(before > 1000, 'the page is long enough to scroll');
    await page.getByRole('link', { name, exact: true }).click();
    await page.waitForFunction(() => window.scrollY < 100, null, { timeout: 3000 })
      .catch(() => assert.fail(`"${name}" reaches the top of the page (it stayed at ${before})`));
  }

  // The summary's heading stands on its marker's line, as on GitHub (a block heading sat a line
  // below a lone ▸, under a rule of its own).
  const summary = await page.$eval('summary', (s) => {
    const h = s.querySelector('h2');
    return { summary: s.getBoundingClientRect().height, heading: h.getBoundingClientRect().height, rule: getComputedStyle(h).borderBottomStyle };
  });
  assert.ok(summary.summary < summary.heading * 1.5, `the summary is one line: ${JSON.stringify(summary)}`);
  assert.equal(summary.rule, 'none');

  // The notes start under a rule, though the document has other divs (the alert, the header).
  const note = await page.$eval('.footnote-definition', (n) => getComputedStyle(n).borderTopWidth);
  assert.equal(note, '1px', 'the first note has the rule above it');
  await page.locator('.footnote-definition').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(world.SHOTS, 'template-foot.png') });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(world.SHOTS, 'template-top.png') });
  assert.deepEqual(errors, []);
  await context.close();
});
