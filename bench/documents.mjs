// Issue 26's figures, each against a baseline of the same document without the new part,
// dropped to the same Worker and opened in the same Chromium in the same run:
// - a markdown document with 10 mermaid diagrams against the same document with the diagrams
//   left out: first paint (navigation to the first frame showing the heading) and the time until
//   every diagram is drawn;
// - a workbook with a chart against the same workbook without it: first paint of a cell, and the
//   time until the chart is drawn.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UA } from '../tests/support/harness.mjs';
import { ROOT } from '../tests/support/worker.mjs';
import { launchChromium } from '../tests/support/browser.mjs';

const RUNS = 3;
const LIMIT_MS = 120_000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

function markdown(withDiagrams) {
  const parts = ['# Architecture notes\n'];
  for (let i = 1; i <= 10; i++) {
    parts.push(`## Step ${i}\n\nThe service receives request ${i}, checks it and answers.\n`);
    if (withDiagrams) {
      parts.push(i % 2
        ? `\`\`\`mermaid\nflowchart LR\n  A${i}[Client] --> B${i}{Valid?}\n  B${i} -->|yes| C${i}[Store]\n  B${i} -->|no| D${i}[Reject]\n\`\`\`\n`
        : `\`\`\`mermaid\nsequenceDiagram\n  participant U as User\n  participant W as Worker\n  U->>W: request ${i}\n  W-->>U: answer ${i}\n\`\`\`\n`);
    }
  }
  return parts.join('\n');
}

const WORKBOOK = String.raw`
import sys, xlsxwriter
path, with_chart = sys.argv[1], sys.argv[2] == '1'
book = xlsxwriter.Workbook(path)
sheet = book.add_worksheet('Sales')
sheet.write_row(0, 0, ['Month', 'North', 'South'])
for i in range(1, 1001):
    sheet.write_row(i, 0, [f'M{i}', i * 3 % 101, i * 7 % 89])
if with_chart:
    chart = book.add_chart({'type': 'column'})
    for col in 'BC':
        chart.add_series({'name': '=Sales!$%s$1' % col, 'categories': '=Sales!$A$2:$A$13', 'values': '=Sales!$%s$2:$%s$13' % (col, col)})
    chart.set_title({'name': 'First year'})
    sheet.insert_chart('E2', chart)
book.close()
`;

function workbook(withChart) {
  const path = join(mkdtempSync(join(tmpdir(), 'plug-bench-book-')), 'book.xlsx');
  execFileSync(join(ROOT, '.venv', 'bin', 'python'), ['-c', WORKBOOK, path, withChart ? '1' : '0'], { stdio: 'pipe' });
  return readFileSync(path);
}

// Milliseconds from navigation to the first frame where `first` matches, then to the first
// frame where `done` does; null for what did not happen within LIMIT_MS.
async function timings(browser, url, first, done) {
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 800 } });
  await context.addInitScript(({ first, done }) => {
    const poll = () => {
      if (window.firstFrame === undefined && document.querySelector(first)) window.firstFrame = performance.now();
      if (window.doneFrame === undefined && document.querySelector(done)) window.doneFrame = performance.now();
      if (window.doneFrame === undefined) requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  }, { first, done });
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.doneFrame !== undefined, null, { timeout: LIMIT_MS, polling: 100 });
    return await page.evaluate(() => ({ first: window.firstFrame, done: window.doneFrame }));
  } catch {
    return { first: null, done: null };
  } finally {
    await context.close();
  }
}

async function compare(browser, line, label, base, extra) {
  const results = { base: [], extra: [] };
  for (let i = 0; i < RUNS; i++) {
    results.base.push(await timings(browser, base.url, base.first, base.done));
    results.extra.push(await timings(browser, extra.url, extra.first, extra.done));
  }
  const pick = (list, key) => (list.every((r) => r[key] !== null) ? median(list.map((r) => r[key])) : null);
  const basePaint = pick(results.base, 'first');
  const extraPaint = pick(results.extra, 'first');
  const extraDone = pick(results.extra, 'done');
  line(`${label}: without, first paint`, basePaint === null ? 'n/a' : ms(basePaint), 'baseline');
  line(`${label}: with, first paint`, basePaint && extraPaint ? `${(extraPaint / basePaint).toFixed(2)}x` : 'n/a', extraPaint === null ? 'not painted' : ms(extraPaint));
  line(`${label}: with, all drawn`, basePaint && extraDone ? `${(extraDone / basePaint).toFixed(2)}x` : 'n/a', extraDone === null ? `not within ${LIMIT_MS / 1000} s` : ms(extraDone));
}

export async function benchDocuments(app, owner, line) {
  const browser = await launchChromium();
  const fields = { scope: 'personal', visibility: 'link' };
  try {
    const plain = await app.dropLive(owner, { file: { name: 'notes.md', content: markdown(false) }, fields: { ...fields, source_type: 'markdown' } });
    const diagrams = await app.dropLive(owner, { file: { name: 'diagrams.md', content: markdown(true) }, fields: { ...fields, source_type: 'markdown' } });
    await compare(browser, line, 'markdown, 10 mermaid diagrams',
      { url: plain.url, first: 'article h1', done: 'article h2' },
      { url: diagrams.url, first: 'article h1', done: 'article[data-extras="done"]' });
    const book = await app.dropLive(owner, { file: { name: 'sales.xlsx', content: workbook(false) }, fields: { ...fields, source_type: 'xlsx' } });
    const charted = await app.dropLive(owner, { file: { name: 'sales-chart.xlsx', content: workbook(true) }, fields: { ...fields, source_type: 'xlsx' } });
    await compare(browser, line, 'workbook, 1,000 rows and a chart',
      { url: book.url, first: '.plug-pane-body .plug-c', done: '#plug-main[data-state="ready"]' },
      { url: charted.url, first: '.plug-pane-body .plug-c', done: 'svg.plug-chart' });
  } finally {
    await browser.close();
  }
}
