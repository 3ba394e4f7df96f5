// Not part of `npm run bench`: the work a page's renderer does before its Largest Contentful Paint,
// with the badge and without, counted from Chrome traces rather than read off the LCP's clock
// (which moves by whole frames on a busy machine; docs/speed.md, session 25). Loads the bench's
// light page as the Worker writes it, the shell alone, the tag alone, the page without the
// badge, and the tag pointing at an empty script (the Worker's answer served from a plain server,
// badge.js from the real Worker), each in a fresh context with a trace, in interleaved rounds, and prints per variant the medians of: the
// LCP, the renderer main thread's busy time before it (its top-level tasks), that time by kind of
// work, and the frames its main thread committed before it.
//   [LOADER=1] node bench/trace-lcp-work.mjs [rounds]
import http from 'node:http';
import { startWorker, fetchLocal } from '../tests/support/harness.mjs';
import { launchChromium } from '../tests/support/browser.mjs';
import * as fx from '../tests/support/fixtures.mjs';

const rounds = Number(process.argv[2] ?? 10);
const app = await startWorker();
const browser = await launchChromium();
const server = http.createServer();
try {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { file: { name: 'p.html', content: fx.html('Bench') }, fields: { scope: 'personal', visibility: 'link' } });
  const written = await (await fetchLocal(`${app.contentUrl(e.entity_id)}/`)).text();
  const tag = written.match(/<script [^>]*data-platform-tag="badge"[^>]*><\/script>/)[0];
  const shell = written.match(/<platform-badge data-platform-shell[\s\S]*?<\/platform-badge>/)[0];
  const pages = {
    'with the badge': written,
    'the shell alone': written.replace(tag, ''),
    'the tag alone': written.replace(shell, ''),
    'without the badge': written.replace(shell, '').replace(tag, ''),
    // The floor for the tag the spec asks for (a classic script before `</body>`): the same tag
    // pointing at an empty script of this server (session 27: it alone moved the LCP 1.10x-1.21x).
    'an empty script': written.replace(tag, tag.replace(/src="[^"]*"/, 'src="/empty.js"')),
    // LOADER=1: the tag pointing at a tiny script of this server's that appends the real tag only
    // after the page's first frame (a task queued from requestAnimationFrame): what a badge.js
    // split into a loader and its chip would cost before the LCP (docs/speed.md, session 26).
    ...(process.env.LOADER ? { 'a loader after the first frame': written.replace(tag, tag.replace(/src="[^"]*"/, 'src="/loader.js"')) } : {}),
    ...Object.fromEntries((process.env.EXTRA ?? '').split(',').filter(Boolean).map((v) => [v, written.replace(shell, shell.replace(...variantEdit(v)))])),
  };
  // ONLY=name,name: just those variants.
  const names = Object.keys(pages).filter((n) => !process.env.ONLY || process.env.ONLY.split(',').includes(n));
  const badgeSrc = tag.match(/src="([^"]*)"/)[1];
  const loader = `(function(){var t=document.currentScript;requestAnimationFrame(function(){setTimeout(function(){
var s=document.createElement('script');for(var i=0;i<t.attributes.length;i++)s.setAttribute(t.attributes[i].name,t.attributes[i].value);
s.src=${JSON.stringify(badgeSrc)};t.after(s)},0)})})();`;
  server.on('request', (req, res) => {
    if (req.url === '/loader.js' || req.url === '/empty.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(req.url === '/loader.js' ? loader : '');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(pages[decodeURIComponent(req.url.slice(1))] ?? '');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const results = Object.fromEntries(names.map((n) => [n, { lcp: [], busy: [], frames: [], afterPaint: [], framesAfter: [], kinds: {} }]));
  const categories = ['blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'loading', 'cc', 'benchmark', 'blink'];
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 ? [...names].reverse() : names) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.__lcp = [];
        new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__lcp.push(entry.startTime); })
          .observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const url = `http://127.0.0.1:${server.address().port}/${encodeURIComponent(name)}`;
      await browser.startTracing(page, { categories });
      await page.goto(url);
      await page.waitForTimeout(800);
      const lcpAt = await page.evaluate(() => window.__lcp.at(-1));
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
      await context.close();
      const nav = traceEvents.filter((ev) => ev.name === 'navigationStart' && ev.args?.data?.documentLoaderURL === url).at(-1);
      if (!nav || lcpAt === undefined) continue;
      const threads = new Map(traceEvents.filter((ev) => ev.name === 'thread_name' && ev.pid === nav.pid).map((ev) => [ev.tid, ev.args.name]));
      const until = nav.ts + lcpAt * 1000;
      const onMain = traceEvents.filter((ev) => ev.pid === nav.pid && threads.get(ev.tid) === 'CrRendererMain' && ev.ph === 'X' && ev.ts >= nav.ts && ev.ts < until);
      // Top-level tasks only: `RunTask` and `ThreadControllerImpl::RunTask` nest in each other.
      const runs = onMain.filter((ev) => ev.name === 'ThreadControllerImpl::RunTask' || ev.name === 'RunTask');
      const tasks = runs.filter((ev) => !runs.some((o) => o !== ev && o.ts <= ev.ts && o.ts + o.dur >= ev.ts + ev.dur));
      const busy = tasks.reduce((sum, ev) => sum + Math.min(ev.dur ?? 0, until - ev.ts), 0) / 1000;
      const r = results[name];
      r.lcp.push(lcpAt);
      r.busy.push(busy);
      r.frames.push(onMain.filter((ev) => ev.name === 'Commit').length);
      // From the end of the main thread's first Paint to the LCP's time (its frame on screen).
      const paint = onMain.find((ev) => ev.name === 'Paint');
      r.afterPaint.push(paint ? lcpAt - (paint.ts + paint.dur - nav.ts) / 1000 : NaN);
      // The compositor's frames begun between that Paint and the LCP: 1 when the paint shows in
      // the next frame.
      const begun = traceEvents.filter((ev) => ev.pid === nav.pid && threads.get(ev.tid) === 'Compositor' && ev.name === 'Scheduler::BeginFrame');
      r.framesAfter.push(paint ? begun.filter((ev) => ev.ts > paint.ts && ev.ts < until).length : NaN);
      // The kinds of work inside those tasks, each counted at its outermost occurrence.
      const kinds = ['ParseHTML', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'EvaluateScript', 'v8.compile', 'FunctionCall', 'ResourceReceivedData'];
      for (const kind of kinds) {
        const own = onMain.filter((ev) => ev.name === kind);
        const outer = own.filter((ev) => !own.some((o) => o !== ev && o.ts <= ev.ts && o.ts + o.dur >= ev.ts + ev.dur));
        (r.kinds[kind] ??= []).push(outer.reduce((sum, ev) => sum + (ev.dur ?? 0), 0) / 1000);
        (r.kinds[`${kind} count`] ??= []).push(outer.length);
      }
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const base = results['without the badge'];
  for (const [name, r] of Object.entries(results)) {
    if (!r.lcp.length) continue;
    const kinds = Object.entries(r.kinds).map(([k, xs]) => `${k} ${median(xs).toFixed(1)}`).join(', ');
    console.log(
      `${name.padEnd(18)} LCP ${median(r.lcp).toFixed(0)} ms (${(median(r.lcp) / median(base.lcp)).toFixed(2)}x); ` +
        `main thread busy before it ${median(r.busy).toFixed(1)} ms (${(median(r.busy) - median(base.busy)).toFixed(1)} ms more); ` +
        `frames committed ${median(r.frames)}; paint to LCP ${median(r.afterPaint).toFixed(1)} ms, frames ${mean(r.framesAfter).toFixed(2)}; ${r.lcp.length} loads\n    ${kinds}`,
    );
  }
} finally {
  server.close();
  await browser.close();
  await app.stop();
}

// EXTRA=nosvg,noshadow,... variants of the shell, as bench/badge-variants.mjs names them.
function variantEdit(name) {
  return {
    noanim: ['animation:o 0s 10s forwards', ''],
    opacity: ['@keyframes o{to{visibility:hidden}}', '@keyframes o{to{opacity:0}}'],
    paused: ['animation:o 0s 10s forwards', 'animation:o 0s 10s forwards paused'],
    smil: [/animation:o 0s 10s forwards([\s\S]*?)<\/path><\/svg>|animation:o 0s 10s forwards([\s\S]*?)\/><\/svg>/, (_, a, b) => `${a ?? b}/><set attributeName="visibility" to="hidden" begin="10s" fill="freeze"/></svg>`],
    nosvg: [/<svg[\s\S]*?<\/svg>/, ''],
    noshadow: ['box-shadow:var(--badge-shadow);', ''],
    nofixed: ['position:fixed!important;', ''],
  }[name];
}
