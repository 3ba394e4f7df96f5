// Not part of `npm run bench`: which fonts a page's first frame loads, with the badge and without.
// Every font family a frame lays text in is looked up and loaded before that frame's Layout ends,
// so a badge that brought a family of its own would delay the page's LCP (docs/speed.md, "The
// shell without words"). Loads the bench's light page as the Worker writes it with the badge, the
// shell alone (badge.js's tag taken out), the shell with its words hidden in it as it was until
// session 24, and the page without the badge, each in a fresh context
// with a trace, and prints the font lookups (`FontCache::GetFontPlatformData`) before and after
// the page's LCP:
//   node bench/trace-fonts.mjs [rounds]
import { startWorker, fetchLocal } from '../tests/support/harness.mjs';
import { launchChromium } from '../tests/support/browser.mjs';
import * as fx from '../tests/support/fixtures.mjs';

const rounds = Number(process.argv[2] ?? 3);
const app = await startWorker();
const browser = await launchChromium();
try {
  const { owner } = await app.world();
  const fields = { scope: 'personal', visibility: 'link' };
  const badged = await app.dropLive(owner, { file: { name: 'p.html', content: fx.html('Bench') }, fields });
  const plain = await app.dropLive(owner, { file: { name: 'p.html', content: fx.html('Bench') }, fields });
  await app.request('PATCH', `/api/v2/entities/${plain.entity_id}`, { token: owner.token, json: { badge_mode: 'off' } });
  const written = await (await fetchLocal(`${app.contentUrl(badged.entity_id)}/`)).text();
  const pages = {
    'with the badge': { entity: badged },
    'the shell alone': { entity: badged, html: written.replace(/<script [^>]*data-platform-tag="badge"[^>]*><\/script>/, '') },
    // The shell as it was until session 24: the label's words, hidden, sized the box.
    'hidden words': { entity: badged, html: written.replace('<i></i>', '<span style="visibility:hidden">Running on Plug</span>') },
    'without the badge': { entity: plain },
  };
  for (let round = 0; round < rounds; round++) {
    for (const [name, { entity, html }] of Object.entries(pages)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const url = `${app.contentUrl(entity.entity_id)}/`;
      if (html) await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
      await browser.startTracing(page, { categories: ['fonts', 'devtools.timeline', 'loading', 'blink.user_timing'] });
      await page.goto(url);
      await page.waitForTimeout(1000);
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
      await context.close();
      const nav = traceEvents.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url).at(-1);
      const mine = traceEvents.filter((e) => e.pid === nav?.pid);
      const lcp = mine.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1);
      // Only the outermost lookups: one may call another for a fallback family.
      const lookups = mine.filter((e) => e.name === 'FontCache::GetFontPlatformData' && e.ph === 'X')
        .filter((e, i, all) => !all.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur));
      const ms = (e) => ((e.ts - nav.ts) / 1000).toFixed(0);
      const before = lookups.filter((e) => lcp && e.ts < lcp.ts);
      console.log(`${name.padEnd(18)} LCP ${lcp ? ms(lcp) : '-'} ms; fonts before it ${before.length} (${before.map(ms).join(', ')} ms), after it ${lookups.length - before.length}`);
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
