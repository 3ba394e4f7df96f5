// Not part of `npm run bench`: one Chromium performance trace of each React drop page (the kit
// dashboard and the React-only one), summarised: each thread's CPU time until first paint, the
// longest tasks on the page's thread, and when each file's request started and ended.
//   node bench/trace-react.mjs [out dir]
// ROUNDS=n traces each page n times (2 by default); TRACE=0 leaves tracing out (it slows the pages,
// V8's compiles most) and prints only the marks and every file's request, first byte and end.
import { writeFileSync, readFileSync, mkdirSync } from 'node:fs';
import { startWorker, BROWSER_UA } from '../tests/support/harness.mjs';
import { launchChromium } from '../tests/support/browser.mjs';
import { DASHBOARD, REACT_ONLY_DASHBOARD } from '../tests/support/ai-components.mjs';

const out = process.argv[2] ?? '/tmp';
mkdirSync(out, { recursive: true });
const FIRST_PAINT = () => {
  new MutationObserver((_, observer) => {
    const root = document.getElementById('root');
    if (!root || !root.firstElementChild) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__plugFirstPaint = performance.now(); }, 0));
  }).observe(document, { childList: true, subtree: true });
};

function summarise(file, paintMs) {
  const { traceEvents } = JSON.parse(readFileSync(file, 'utf8'));
  const names = new Map();
  for (const e of traceEvents) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  // The page's own navigation (a later navigationStart with no URL, as the context closes, is not).
  const start = traceEvents
    .filter((e) => e.name === 'navigationStart' && /^http/.test(e.args?.data?.documentLoaderURL ?? ''))
    .map((e) => e.ts)
    .sort((a, b) => a - b)[0];
  const end = start + paintMs * 1000;
  // Each thread's tasks, their CPU time (`tdur`: the wall time of a task on a loaded machine
  // includes the time its thread waited for a core), counted once where RunTask wraps
  // ThreadControllerImpl::RunTask; the thread pool's threads (V8's streaming parse and compile of
  // each script, raster) summed as one.
  const tasks = new Map();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || !e.dur || e.ts < start || e.ts > end) continue;
    if (e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask' && e.name !== 'ThreadPool_RunTask') continue;
    const key = `${e.pid}:${e.tid}`;
    if (!tasks.has(key)) tasks.set(key, []);
    tasks.get(key).push(e);
  }
  const busy = new Map();
  const longest = [];
  for (const [key, list] of tasks) {
    const thread = names.get(key) ?? key;
    const name = thread.startsWith('ThreadPool') ? 'ThreadPool' : thread;
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    let total = 0;
    let topEnd = -Infinity;
    for (const e of list) {
      if (e.ts < topEnd) continue;
      topEnd = e.ts + e.dur;
      total += (e.tdur ?? e.dur) / 1000;
      if (name === 'CrRendererMain') longest.push([((e.ts - start) / 1000).toFixed(0), Math.round(e.dur / 1000)]);
    }
    busy.set(name, (busy.get(name) ?? 0) + total);
  }
  // What ran on the page's thread, by event name, inside tasks (top-level X events only roughly).
  const kinds = new Map();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || !e.dur || e.ts < start || e.ts > end) continue;
    if (names.get(`${e.pid}:${e.tid}`) !== 'CrRendererMain') continue;
    if (!['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML', 'v8.run', 'TimerFire', 'FireAnimationFrame', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'CompileScript', 'ParseAuthorStyleSheet', 'RunMicrotasks', 'v8.parseOnBackground', 'V8.CompileCode', 'V8.ParseFunction'].includes(e.name)) continue;
    kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
  }
  // Each script's parse (and, for a file marked allFunctionsCalledOnLoad, its whole compile) on a
  // background thread as it streams in: its CPU time, and the wall time from its first bytes to
  // the end of the compile (which includes waiting for the rest of the file).
  const background = new Map();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || e.name !== 'v8.parseOnBackground' || e.ts < start || e.ts > end) continue;
    const file = (e.args?.data?.url ?? '').split('/').pop();
    if (!/\.m?js$/.test(file) || !e.args.data.url.startsWith('http')) continue;
    const [cpu, wall] = background.get(file) ?? [0, 0];
    background.set(file, [cpu + (e.tdur ?? e.dur) / 1000, wall + e.dur / 1000]);
  }
  return {
    background: [...background].filter(([, [, wall]]) => wall > 5).map(([f, [cpu, wall]]) => `${f} ${Math.round(cpu)}/${Math.round(wall)}`).join(', '),
    busy: Object.fromEntries([...busy].filter(([, v]) => v > 5).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v)])),
    longest: longest.sort((a, b) => b[1] - a[1]).slice(0, 12).map(([at, d]) => `${d}ms@${at}`).join(' '),
    kinds: Object.fromEntries([...kinds].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v)])),
  };
}

const app = await startWorker();
try {
  const { owner } = await app.world();
  const drop = async (name, content) =>
    (await app.dropLive(owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'react_single_file' } })).url;
  const urls = { plain: await drop('PlainDashboard.jsx', REACT_ONLY_DASHBOARD), kit: await drop('SalesDashboard.tsx', DASHBOARD) };
  const browser = await launchChromium();
  const rounds = Number(process.env.ROUNDS ?? 2);
  for (let round = 0; round < rounds; round += 1) {
    for (const [label, url] of Object.entries(urls)) {
      const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(FIRST_PAINT);
      const file = `${out}/trace-${label}-${round}.json`;
      const tracing = process.env.TRACE !== '0';
      if (tracing) await browser.startTracing(page, { path: file, categories: ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing', 'loading', 'navigation', 'disabled-by-default-v8.compile'] });
      await page.goto(url);
      const paint = await page.waitForFunction(() => window.__plugFirstPaint, null, { timeout: 60_000 }).then((h) => h.jsonValue());
      await page.waitForTimeout(300);
      if (tracing) await browser.stopTracing();
      const info = await page.evaluate(() => ({
        marks: Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('plug:')).map((m) => [m.name.slice(5), Math.round(m.startTime)])),
        res: performance.getEntriesByType('resource').map((e) => `${e.name.split('/').pop().slice(0, 24)} ${Math.round(e.startTime)}-${Math.round(e.responseStart)}-${Math.round(e.responseEnd)} ${Math.round(e.transferSize / 1024)}K`),
      }));
      await context.close();
      console.log(`\n== ${label} round ${round}: paint ${paint.toFixed(0)} ms`, JSON.stringify(info.marks));
      if (tracing) {
        const s = summarise(file, paint);
        console.log('  CPU until paint (ms):', JSON.stringify(s.busy));
        console.log('  main-thread kinds:', JSON.stringify(s.kinds));
        console.log('  background parse/compile, CPU/wall ms:', s.background);
        console.log('  longest main tasks (dur@start):', s.longest);
      }
      for (const r of info.res) console.log('   ', r);
    }
  }
  await browser.close();
} finally {
  await app.stop();
}
