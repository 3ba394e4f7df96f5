// Not part of `npm run bench`: one Chromium performance trace of each React drop page (the kit
// dashboard and the React-only one), summarised: each thread's busy time until first paint, the
// longest tasks on the page's thread, and when each file's request started and ended.
//   node bench/trace-react.mjs [out dir]
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
  const nav = traceEvents.find((e) => e.name === 'navigationStart' || e.name === 'NavigationTiming');
  const start = traceEvents.filter((e) => e.name === 'navigationStart').map((e) => e.ts).sort((a, b) => b - a)[0];
  const end = start + paintMs * 1000;
  const busy = new Map();
  const longest = [];
  for (const e of traceEvents) {
    if (e.ph !== 'X' || !e.dur || e.ts < start || e.ts > end) continue;
    if (e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask') continue;
    const key = `${e.pid}:${e.tid}`;
    const name = names.get(key) ?? key;
    busy.set(name, (busy.get(name) ?? 0) + e.dur / 1000);
    if (name === 'CrRendererMain') longest.push([((e.ts - start) / 1000).toFixed(0), (e.dur / 1000).toFixed(0)]);
  }
  // What ran on the page's thread, by event name, inside tasks (top-level X events only roughly).
  const kinds = new Map();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || !e.dur || e.ts < start || e.ts > end) continue;
    if (names.get(`${e.pid}:${e.tid}`) !== 'CrRendererMain') continue;
    if (!['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML', 'v8.run', 'TimerFire', 'FireAnimationFrame', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'CompileScript', 'ParseAuthorStyleSheet', 'RunMicrotasks', 'v8.parseOnBackground', 'V8.CompileCode', 'V8.ParseFunction'].includes(e.name)) continue;
    kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
  }
  return {
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
      await browser.startTracing(page, { path: file, categories: ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing', 'loading', 'navigation', 'disabled-by-default-v8.compile'] });
      await page.goto(url);
      const paint = await page.waitForFunction(() => window.__plugFirstPaint, null, { timeout: 60_000 }).then((h) => h.jsonValue());
      await page.waitForTimeout(300);
      await browser.stopTracing();
      const info = await page.evaluate(() => ({
        marks: Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('plug:')).map((m) => [m.name.slice(5), Math.round(m.startTime)])),
        res: performance.getEntriesByType('resource').map((e) => `${e.name.split('/').pop().slice(0, 24)} ${Math.round(e.startTime)}-${Math.round(e.responseStart)}-${Math.round(e.responseEnd)} ${Math.round(e.transferSize / 1024)}K`),
      }));
      await context.close();
      const s = summarise(file, paint);
      console.log(`\n== ${label} round ${round}: paint ${paint.toFixed(0)} ms`, JSON.stringify(info.marks));
      console.log('  busy until paint (ms):', JSON.stringify(s.busy));
      console.log('  main-thread kinds:', JSON.stringify(s.kinds));
      console.log('  longest main tasks (dur@start):', s.longest);
      for (const r of info.res) console.log('   ', r);
    }
  }
  await browser.close();
} finally {
  await app.stop();
}
