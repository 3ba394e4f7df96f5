// Attack sweep 8: is a view "counted honestly" (platform.md 7, "every real browser visit counts at
// most once")? Before, any page on the web could make each of its visitors count a view of
// someone's drop they never saw: the beacon took any page's word (`navigator.sendBeacon` at
// `/api/v2/views/<id>` from a site or a sibling drop), and a drop whose badge is off counted every
// request for its page, an `<img>`, a no-cors `fetch` or a prefetch of it included; the API's read
// counted a no-cors include too. Every visitor brings a real browser and a real address, so neither
// the user-agent rules nor the per-address day key held it. This drives it from a page of another
// site in real Chromium, then opens the same drops in the same browser to show that a real visit
// still counts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { BROWSER_UA } from './support/harness.mjs';
import { launchChromium, eventually } from './support/browser.mjs';
import { startWorker } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
let browser;
let site;
let sitePage = '';
before(async () => {
  [app, browser] = await Promise.all([startWorker(), launchChromium()]);
  site = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(sitePage);
  });
  await new Promise((r) => site.listen(0, '127.0.0.1', r));
});
after(async () => {
  site?.close();
  await browser?.close();
  await app?.stop();
});

/** A page of another site that makes its visitor's browser "view" two drops it never shows. */
const inflating = ({ api, beaconId, page, readId }) => `<!doctype html><meta charset="utf-8"><title>Cat pictures</title>
<link rel="prefetch" href="${page}"><body><h1>Cats</h1><script>
(async () => {
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  navigator.sendBeacon('${api}/api/v2/views/${beaconId}');
  await fetch('${api}/api/v2/views/${beaconId}', { method: 'POST', mode: 'no-cors', keepalive: true }).catch(() => {});
  const frame = document.createElement('iframe');
  frame.sandbox = 'allow-scripts';
  frame.srcdoc = '<script>navigator.sendBeacon("${api}/api/v2/views/${beaconId}")<\\/script>';
  document.body.append(frame);
  await new Promise((r) => { const img = new Image(); img.onload = img.onerror = r; img.src = '${page}'; });
  await fetch('${page}', { mode: 'no-cors', credentials: 'include' }).catch(() => {});
  const s = document.createElement('script');
  s.src = '${api}/api/v2/inspirations/${readId}';
  document.body.append(s);
  await wait(1500);
  document.title = 'done';
})();
</script></body>`;

test('a page elsewhere cannot make its visitors count views of drops they never saw; a real visit still counts once', async () => {
  const { owner, grid } = await app.world();
  const withBadge = await app.dropLive(owner, { file: { name: 'launch.html', content: fx.html('Launch', '<h1>launch plan</h1>') }, fields: { scope: 'personal', visibility: 'link' } });
  const noBadge = await app.dropLive(owner, { file: { name: 'notes.html', content: fx.html('Notes', '<h1>notes</h1>') }, fields: { scope: 'personal', visibility: 'link' } });
  const off = await app.request('PATCH', `/api/v2/entities/${noBadge.entity_id}`, { token: owner.token, grid: grid.slug, json: { badge_mode: 'off' } });
  assert.equal(off.status, 200, off.text);
  const views = async (e) => (await app.read(owner, e.entity_id)).body.view_count;

  sitePage = inflating({ api: app.baseUrl, beaconId: withBadge.entity_id, page: `${app.contentUrl(noBadge.entity_id)}/`, readId: noBadge.entity_id });
  const context = await browser.newContext({ userAgent: BROWSER_UA });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${site.address().port}/cats`);
  await page.waitForFunction(() => document.title === 'done', null, { timeout: 30_000 });
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(await views(withBadge), 0, 'beacons from another site counted a view of a drop with a badge');
  assert.equal(await views(noBadge), 0, 'an include, fetch or prefetch counted a view of a drop without a badge');

  // The same browser opening both drops is counted, once each: the zeros above are the rule's doing.
  for (const e of [withBadge, noBadge]) {
    const tab = await context.newPage();
    await tab.goto(e.url);
    await tab.waitForURL((u) => u.origin === app.contentUrl(e.entity_id));
    await eventually(async () => (await views(e)) === 1, `${e.name} counted once`);
    await tab.reload();
    await new Promise((r) => setTimeout(r, 800));
    assert.equal(await views(e), 1, `${e.name}: a second visit the same day adds nothing`);
    await tab.close();
  }
  await context.close();
});
