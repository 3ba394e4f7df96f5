// Not part of `npm run bench`: where the chip's time goes on the light page `npm run bench -- badge`
// measures. Loads the page with and without the badge in fresh browser contexts (as the bench
// does) and prints the medians of each step, in ms after navigation start; `NO_SHELL=1` loads it
// with the cookie that leaves the chip's shell out (badge.js alone, as before the shell):
//   node bench/trace-badge.mjs [rounds]
import { startWorker } from '../tests/support/harness.mjs';
import { launchChromium } from '../tests/support/browser.mjs';
import * as fx from '../tests/support/fixtures.mjs';

const rounds = Number(process.argv[2] ?? 9);
const median = (xs) => { const s = xs.filter((x) => x != null).sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : null; };

// Stamps each step of the badge's path as it happens.
const instrument = () => {
  const t = (window.__t = {});
  const now = () => performance.now();
  let badge;
  Object.defineProperty(window, '__PlatformBadge', {
    configurable: true,
    get: () => badge,
    set: (v) => {
      badge = v;
      t.script ??= now();
      let ready;
      Object.defineProperty(v, 'ready', { configurable: true, get: () => ready, set: (p) => { ready = p; p.then(() => { t.ready = now(); }); } });
    },
  });
  new MutationObserver(() => {
    if (!t.host && document.querySelector('platform-badge:not([data-platform-shell])')) t.host = now();
  }).observe(document, { childList: true, subtree: true });
  // `shell`: the first frame with the Worker's shell on screen; `chip`: with badge.js's chip.
  const watch = () => {
    const shown = [...document.querySelectorAll('platform-badge')].filter((h) => h.getBoundingClientRect().width > 0);
    if (shown.some((h) => h.hasAttribute('data-platform-shell'))) t.shell ??= now();
    if (shown.some((h) => !h.hasAttribute('data-platform-shell'))) t.chip = now();
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  t.lcp = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) t.lcp.push(e.startTime); })
    .observe({ type: 'largest-contentful-paint', buffered: true });
};

const app = await startWorker();
const browser = await launchChromium();
try {
  const { owner } = await app.world();
  const fields = { scope: 'personal', visibility: 'link' };
  const e = await app.dropLive(owner, { file: { name: 'p.html', content: fx.html('Bench') }, fields });
  const plain = await app.dropLive(owner, { file: { name: 'p.html', content: fx.html('Bench') }, fields });
  await app.request('PATCH', `/api/v2/entities/${plain.entity_id}`, { token: owner.token, json: { badge_mode: 'off' } });
  const rows = {};
  const add = (k, v) => (rows[k] ??= []).push(v);
  const load = async (entity, badge) => {
    const context = await browser.newContext();
    if (badge && process.env.NO_SHELL) await context.addCookies([{ name: 'platform-badge-dismissed', value: '1', url: app.contentUrl(entity.entity_id) }]);
    await context.addInitScript(instrument);
    const page = await context.newPage();
    await page.goto(`${app.contentUrl(entity.entity_id)}/`);
    // No Playwright call into the page until the chip is up: its first waitForFunction evaluates
    // Playwright's own injected script (about 20 ms of the page's thread), right where the chip's
    // wasm would start.
    if (process.env.WAIT_FN && badge) await page.waitForFunction(() => window.__t.chip);
    await page.waitForTimeout(badge ? 800 : 200);
    if (badge) await page.waitForFunction(() => window.__t.chip);
    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const js = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/badge.js'));
      const fcp = performance.getEntriesByType('paint').find((p) => p.name === 'first-contentful-paint');
      return {
        ...window.__t, lcp: window.__t.lcp.at(-1),
        responseEnd: nav.responseEnd, dcl: nav.domContentLoadedEventEnd, fcp: fcp?.startTime,
        jsStart: js?.startTime, jsConnected: js?.connectEnd, jsRequest: js?.requestStart, jsFirstByte: js?.responseStart, jsEnd: js?.responseEnd,
      };
    });
    await context.close();
    return t;
  };
  for (let i = 0; i < rounds; i++) {
    const w = await load(e, true);
    for (const k of ['responseEnd', 'fcp', 'jsStart', 'jsConnected', 'jsRequest', 'jsFirstByte', 'jsEnd', 'script', 'dcl', 'ready', 'host', 'shell', 'chip', 'lcp']) add(`badge: ${k}`, w[k]);
    const p = await load(plain, false);
    for (const k of ['responseEnd', 'fcp', 'dcl', 'lcp']) add(`plain: ${k}`, p[k]);
  }
  for (const [k, v] of Object.entries(rows)) console.log(`${k.padEnd(22)} ${String(median(v)?.toFixed(1)).padStart(8)}   ${v.map((x) => x?.toFixed(0)).join(' ')}`);
} finally {
  await browser.close();
  await app.stop();
}
