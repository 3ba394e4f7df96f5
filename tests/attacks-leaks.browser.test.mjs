// Cross-site leaks (sweep 5), in real Chromium: a drop's page opens another drop's `url` in a popup
// and watches the window it gets back. Before, a private drop the viewer could read ended as its
// own page there (its frames countable by `win.length`, the window open and navigable by the
// opener), and one they could not as the link origin's not-shared page (no frames): any drop could
// tell whether its viewer was let into a private drop it named. Every link- and content-origin
// answer now carries `Cross-Origin-Opener-Policy: same-origin-allow-popups`, so a page of Plug's
// opened by another site's is cut off from it either way (the popup reads as closed), while a
// drop's own popups (an OAuth sign-in window) keep their opener.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { signedInContext } from '../web/bench.mjs';
import * as fx from './support/fixtures.mjs';

const SHOTS = join(ROOT, 'test-output', 'attacks-leaks');
let app;
let browser;
before(async () => ({ app, browser } = await openBrowserWorld(SHOTS)));
after(() => closeBrowserWorld({ app, browser }));

/** A drop's page that opens `?target=` in a popup and keeps what a cross-origin window shows. */
const PROBE = `<!doctype html><meta charset="utf-8"><title>Quiz</title><body><h1>Quiz</h1><script>
(async () => {
  const target = new URLSearchParams(location.search).get('target');
  const w = window.open(target, '_blank');
  const seen = { frames: 0, closed: false };
  for (let i = 0; i < 30; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    try { seen.frames = Math.max(seen.frames, w.length); } catch (e) { seen.frames = 'refused'; }
    seen.closed = w.closed;
  }
  try { w.close(); } catch (e) { /* cut off */ }
  // A popup of its own to a page that asks nothing (an OAuth provider's sign-in window) stays its.
  const own = window.open(new URLSearchParams(location.search).get('own'), '_blank');
  await new Promise((r) => setTimeout(r, 1500));
  seen.ownPopupKept = !own.closed;
  own.close();
  window.__seen = seen;
  document.title = 'done';
})();
</script></body>`;

/** What `viewer`'s browser, signed in on the link origin, shows the probe page about `target`. */
async function probe(viewer, grid, probePage, target) {
  const context = await signedInContext(browser, { user: viewer, grid, baseUrl: app.baseUrl, userAgent: BROWSER_UA, bypassCSP: true });
  // Signed in on the link origin: the viewer opened a url of the grid before.
  const warm = await context.newPage();
  await warm.goto(target.url);
  await warm.close();
  const page = await context.newPage();
  await page.goto(`${probePage.url}?target=${encodeURIComponent(target.url)}&own=${encodeURIComponent(`${app.baseUrl}/healthz`)}`);
  await page.waitForFunction(() => document.title === 'done', null, { timeout: 30_000 });
  assert.equal(new URL(page.url()).origin, app.contentUrl(probePage.entity_id), 'the probe runs on its own origin');
  const seen = await page.evaluate(() => window.__seen);
  await context.close();
  return seen;
}

test('a drop that opens another drop\'s url in a popup cannot tell whether its viewer may read it', async () => {
  const { owner, spaceMember, member, grid, outsider, space } = await app.world();
  // A drop of a space with a frame in it, as many pages have (a video, a map, a form).
  const secret = await app.dropLive(owner, {
    file: { name: 'plans.html', content: fx.html('Plans', '<h1>Plans</h1><iframe srcdoc="<p>map</p>"></iframe>') },
    fields: { scope: 'space', visibility: 'space', space_id: space.space_id },
  });
  const quiz = await app.dropLive(outsider, { file: { name: 'quiz.html', content: PROBE }, fields: { scope: 'personal', visibility: 'link' } });
  const asReader = await probe(spaceMember, grid, quiz, secret);
  const asMember = await probe(member, grid, quiz, secret);
  assert.deepEqual(asReader, asMember, 'the reader and the viewer who may not read it look the same to the opener');
  assert.deepEqual(asReader, { frames: 0, closed: true, ownPopupKept: true }, 'the opener is cut off from any page of Plug it opens, and keeps its own popup to a page that asks nothing');
});

test('a drop that opens the web app in a popup is cut off from it: it cannot send the app\'s tab elsewhere later', async () => {
  const { owner, grid, outsider } = await app.world();
  const quiz = await app.dropLive(outsider, { file: { name: 'quiz.html', content: PROBE }, fields: { scope: 'personal', visibility: 'link' } });
  const context = await signedInContext(browser, { user: owner, grid, baseUrl: app.baseUrl, userAgent: BROWSER_UA, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${quiz.url}?target=${encodeURIComponent(`${app.baseUrl}/`)}&own=${encodeURIComponent(`${app.baseUrl}/healthz`)}`);
  await page.waitForFunction(() => document.title === 'done', null, { timeout: 30_000 });
  const seen = await page.evaluate(() => window.__seen);
  // Before, the drop held the app's window and could later point it at a look-alike sign-in page
  // (reverse tabnabbing) while the person thought it was Plug.
  assert.equal(seen.closed, true, 'the opener holds no handle on the signed-in app');
  await context.close();
});
