// The badge's cost to a page's first paint, taken apart: the Worker's own answer for a light page
// (`fx.html`, as `npm run bench -- badge` drops it), served from a plain Node server as written and
// with parts of it changed, badge.js fetched from the real Worker. Each variant loads in a fresh
// context, in interleaved rounds (reversed every other round), and prints its medians: first
// contentful paint, LCP (and its mean: LCP times move in 4 ms steps), DOMContentLoaded and the
// first frame with the chip's box on screen. Run it on an idle machine:
//   node bench/badge-variants.mjs                       (R=20 rounds)
//   V=none,classic,defer R=30 node bench/badge-variants.mjs
// `worker` and `workeroff` load the page from the Worker itself, with the badge and without.
// docs/speed.md ("Tried and not kept") holds what it showed.
import http from 'node:http';
import { startWorker, fetchLocal } from '../tests/support/harness.mjs';
import { launchChromium } from '../tests/support/browser.mjs';
import * as fx from '../tests/support/fixtures.mjs';

const app = await startWorker();
const { owner } = await app.world();
const e = await app.dropLive(owner, { file: { name: 'p.html', content: fx.html('Bench') }, fields: { scope: 'personal', visibility: 'link' } });
const written = await (await fetchLocal(`${app.contentUrl(e.entity_id)}/`)).text();
// The same page served by the Worker itself, with the badge and (a drop of its own) without it.
const plainDrop = await app.dropLive(owner, { file: { name: 'p.html', content: fx.html('Bench') }, fields: { scope: 'personal', visibility: 'link' } });
await app.request('PATCH', `/api/v2/entities/${plainDrop.entity_id}`, { token: owner.token, json: { badge_mode: 'off' } });
const WORKER = { worker: `${app.contentUrl(e.entity_id)}/`, workeroff: `${app.contentUrl(plainDrop.entity_id)}/` };
const tag = written.match(/<script [^>]*data-platform-tag="badge"[^>]*><\/script>/)[0];
const shell = written.match(/<platform-badge data-platform-shell[\s\S]*?<\/platform-badge>/)[0];
const bare = tag.replace(/ (defer|async)(?=[ >])/g, '');
const withAttribute = (name) => written.replace(tag, bare.replace('></script>', ` ${name}></script>`));
const noShell = written.replace(shell, '');
const shellWith = (from, to) => written.replace(shell, shell.replace(from, to));
const PAGES = {
  none: noShell.replace(tag, ''), // no shell, no tag: the page as if the badge were off
  classic: written.replace(tag, bare), // shell and the classic tag, as served
  defer: withAttribute('defer'),
  async: withAttribute('async'),
  shellonly: written.replace(tag, ''),
  classicns: noShell.replace(tag, bare), // the tag alone, no shell
  deferns: noShell.replace(tag, bare.replace('></script>', ' defer></script>')),
  asyncns: noShell.replace(tag, bare.replace('></script>', ' async></script>')),
  noanim: shellWith('animation:o 0s 10s forwards', ''),
  nosvg: shellWith(/<svg[\s\S]*?<\/svg>/, ''),
  noshadow: shellWith('box-shadow:var(--badge-shadow);', ''),
  nofixed: shellWith('position:fixed!important;', ''),
  emptyshell: written.replace(shell, '<platform-badge data-platform-shell></platform-badge>'),
  styleonly: shellWith(/<div class="b"[\s\S]*<\/template>/, '</template>'),
};
for (const [name, page] of Object.entries(PAGES)) {
  if (name !== 'classic' && page === PAGES.classic) console.log(`note: variant ${name} is the page as written (did the Worker's markup change?)`);
}

const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(PAGES[req.url.slice(1)] ?? '');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await launchChromium();
const variants = (process.env.V ?? 'none,classic,shellonly,classicns,defer,async').split(',');
const results = Object.fromEntries(variants.map((v) => [v, { fcp: [], lcp: [], dcl: [], chip: [], start: [], end: [] }]));
try {
  for (let i = 0; i < Number(process.env.R ?? 20); i++) {
    for (const v of i % 2 ? [...variants].reverse() : variants) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.__lcp = [];
        new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__lcp.push(entry.startTime); })
          .observe({ type: 'largest-contentful-paint', buffered: true });
        const watch = () => {
          if ([...document.querySelectorAll('platform-badge')].some((h) => h.getBoundingClientRect().width > 0)) window.__chip = performance.now();
          else requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      });
      await page.goto(WORKER[v] ?? `http://127.0.0.1:${server.address().port}/${v}`);
      await page.waitForTimeout(800);
      const t = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        lcp: window.__lcp.at(-1),
        dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
        chip: window.__chip ?? NaN,
        start: performance.getEntriesByType('navigation')[0].responseStart,
        end: performance.getEntriesByType('navigation')[0].responseEnd,
      }));
      for (const k of Object.keys(t)) results[v][k].push(t[k]);
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.close();
  await app.stop();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const base = results.none && median(results.none.lcp);
for (const [v, r] of Object.entries(results)) {
  console.log(
    `${v.padEnd(11)} fcp ${median(r.fcp).toFixed(0)}  lcp ${median(r.lcp).toFixed(0)} (mean ${mean(r.lcp).toFixed(1)})` +
      `  dcl ${median(r.dcl).toFixed(0)}  chip ${median(r.chip).toFixed(0)}  response ${median(r.start).toFixed(0)}-${median(r.end).toFixed(0)}` +
      (base ? `  lcp against none ${(median(r.lcp) / base).toFixed(2)}x` : ''),
  );
}
