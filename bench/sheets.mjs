// The spreadsheet viewer (issue 15) against its baseline: a plain HTML table of the same cells,
// dropped to the same Worker and opened in the same Chromium in the same run. Two figures per
// size: time to first paint (navigation to the first frame with a cell in it) and the frame time
// while scrolling down by SCROLL_STEP pixels a frame. The workbook is written by XlsxWriter like
// the tests' (a formula column with no stored results); the table holds the calculated values.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UA } from '../tests/support/harness.mjs';
import { ROOT } from '../tests/support/worker.mjs';
import { launchChromium } from '../tests/support/browser.mjs';

const SIZES = [10_000, 100_000];
const SCROLL_STEP = 200;
const SCROLL_FRAMES = 120;
// A page that has not painted by then is reported as such rather than waited on for ever.
const PAINT_LIMIT_MS = 180_000;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

// Writes the workbook with XlsxWriter and the same rows as an HTML table, in one Python run.
const WRITER = String.raw`
import sys, html, xlsxwriter
rows, xlsx_path, html_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
book = xlsxwriter.Workbook(xlsx_path, {'constant_memory': True})
sheet = book.add_worksheet('Orders')
sheet.write_row(0, 0, ['Order', 'Customer', 'Qty', 'Price', 'Total'], book.add_format({'bold': True}))
lines = ['<!doctype html><html><head><meta charset="utf-8"><title>Orders</title><style>',
         'table{border-collapse:collapse;font:11pt Calibri,Carlito,sans-serif}',
         'th,td{border:1px solid #e1e1e1;padding:0 3px;height:19px;white-space:nowrap}td.n{text-align:right}',
         '</style></head><body><table><thead><tr><th>Order</th><th>Customer</th><th>Qty</th><th>Price</th><th>Total</th></tr></thead><tbody>']
for i in range(1, rows + 1):
    qty, price, name = i % 7, (i % 13) * 1.25, f'customer {i % 997}'
    sheet.write_number(i, 0, i)
    sheet.write_string(i, 1, name)
    sheet.write_number(i, 2, qty)
    sheet.write_number(i, 3, price)
    sheet.write_formula(i, 4, f'=C{i + 1}*D{i + 1}')
    lines.append(f'<tr><td class=n>{i}</td><td>{html.escape(name)}</td><td class=n>{qty}</td><td class=n>{price:g}</td><td class=n>{qty * price:g}</td></tr>')
sheet.freeze_panes(1, 0)
book.close()
lines.append('</tbody></table></body></html>')
with open(html_path, 'w') as out:
    out.write('\n'.join(lines))
`;

function writeBook(rows) {
  const dir = mkdtempSync(join(tmpdir(), 'plug-bench-sheet-'));
  const xlsx = join(dir, `orders-${rows}.xlsx`);
  const html = join(dir, `orders-${rows}.html`);
  execFileSync(join(ROOT, '.venv', 'bin', 'python'), ['-c', WRITER, String(rows), xlsx, html], { stdio: 'pipe' });
  return { xlsx: readFileSync(xlsx), html: readFileSync(html) };
}

// Milliseconds from navigation to the first animation frame in which `selector` matches (the
// frame that paints it), or null past PAINT_LIMIT_MS; the page is left open for scrolling.
async function firstPaint(browser, url, selector, ready) {
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 800 } });
  await context.addInitScript((selector) => {
    const poll = () => {
      if (document.querySelector(selector)) window.firstCellFrame = performance.now();
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  }, selector);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  try {
    await page.waitForFunction(() => window.firstCellFrame !== undefined, null, { timeout: PAINT_LIMIT_MS, polling: 250 });
    await page.waitForFunction(ready, null, { timeout: PAINT_LIMIT_MS, polling: 250 });
  } catch {
    await context.close();
    return { paint: null };
  }
  const paint = await page.evaluate(() => window.firstCellFrame);
  return { paint, page, context };
}

// Median and 95th percentile of the frame interval while scrolling `scroller` down. A frame
// that never comes counts as 5 s, and the run stops after a minute (a 100,000-row table can
// take seconds a frame); null if the page stops answering altogether.
async function scrollFrames(page, scroller) {
  const run = page.evaluate(async ({ scroller, step, frames }) => {
    const el = scroller ? document.querySelector(scroller) : document.scrollingElement;
    const nextFrame = () => new Promise((resolve) => {
      requestAnimationFrame(resolve);
      setTimeout(resolve, 5000);
    });
    const times = [];
    const start = performance.now();
    let last = start;
    for (let i = 0; i < frames && last - start < 60_000; i++) {
      el.scrollTop += step;
      await nextFrame();
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
  }, { scroller, step: SCROLL_STEP, frames: SCROLL_FRAMES });
  const stuck = new Promise((resolve) => setTimeout(() => resolve(null), 180_000));
  return Promise.race([run.catch(() => null), stuck]);
}

async function measure(browser, url, kind) {
  const viewer = kind === 'viewer';
  const opened = await firstPaint(browser, url, viewer ? '.plug-pane-body .plug-c' : 'td',
    viewer ? () => document.getElementById('plug-main').dataset.state === 'ready' : () => document.readyState === 'complete');
  if (opened.paint === null) return { paint: null, frames: null };
  const frames = await scrollFrames(opened.page, viewer ? '.plug-sheet' : null);
  await opened.context.close();
  return { paint: opened.paint, frames };
}

export async function benchSheets(app, owner, line) {
  const browser = await launchChromium();
  try {
    for (const rows of SIZES) {
      const { xlsx, html } = writeBook(rows);
      const fields = { scope: 'personal', visibility: 'link' };
      const sheet = await app.dropLive(owner, { file: { name: `orders-${rows}.xlsx`, content: xlsx }, fields: { ...fields, source_type: 'xlsx' } });
      const table = await app.dropLive(owner, { file: { name: `orders-${rows}.html`, content: html }, fields });
      const runs = rows > 50_000 ? 1 : 3;
      const results = { table: [], viewer: [] };
      for (let i = 0; i < runs; i++) {
        results.table.push(await measure(browser, table.url, 'table'));
        results.viewer.push(await measure(browser, sheet.url, 'viewer'));
      }
      report(line, rows, results);
    }
  } finally {
    await browser.close();
  }
}

function report(line, rows, results) {
  const label = `${rows.toLocaleString('en-US')} rows`;
  const pick = (list, get) => {
    const values = list.map(get).filter((v) => v !== null && v !== undefined);
    return values.length === list.length ? median(values) : null;
  };
  const tablePaint = pick(results.table, (r) => r.paint);
  const viewerPaint = pick(results.viewer, (r) => r.paint);
  const tableFrame = pick(results.table, (r) => r.frames?.median);
  const viewerFrame = pick(results.viewer, (r) => r.frames?.median);
  const viewerP95 = pick(results.viewer, (r) => r.frames?.p95);
  const tableP95 = pick(results.table, (r) => r.frames?.p95);
  const limit = `not painted within ${PAINT_LIMIT_MS / 1000} s`;
  line(`sheet ${label}: plain HTML table, first paint`, tablePaint === null ? limit : ms(tablePaint), 'baseline');
  if (viewerPaint === null) line(`sheet ${label}: viewer, first paint`, limit);
  else if (tablePaint === null) line(`sheet ${label}: viewer, first paint`, `< ${(viewerPaint / PAINT_LIMIT_MS).toFixed(2)}x`, ms(viewerPaint));
  else line(`sheet ${label}: viewer, first paint`, `${(viewerPaint / tablePaint).toFixed(2)}x`, ms(viewerPaint));
  line(`sheet ${label}: plain HTML table, scroll frame (${SCROLL_STEP} px)`, tableFrame === null ? 'n/a' : ms(tableFrame), tableP95 === null ? 'baseline' : `baseline; p95 ${ms(tableP95)}`);
  if (viewerFrame !== null) {
    const ratio = tableFrame === null ? 'n/a' : `${(viewerFrame / tableFrame).toFixed(2)}x`;
    line(`sheet ${label}: viewer, scroll frame (${SCROLL_STEP} px)`, ratio, `${ms(viewerFrame)}; p95 ${ms(viewerP95)}; 16.7 ms is one frame at 60 Hz`);
  }
}
