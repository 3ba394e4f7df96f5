// Single-file React drops opened in Chromium as a viewer would, with everything the page says
// recorded: the react-kit browser tests share these.
import assert from 'node:assert/strict';
import { BROWSER_UA } from './harness.mjs';
import { useBrowserWorld } from './browser-world.mjs';

/** A react-kit test file's world: a Worker and a Chromium started before its tests and ended
 * after them (`world.app`, `world.browser`), its screenshots' folder (`world.SHOTS`), and its
 * drops opened as a viewer would (`world.dropReact(name, content)`, `world.open(drop)`). */
export function useReactWorld(shotsFolder) {
  const world = useBrowserWorld(shotsFolder);
  world.dropReact = (name, content) => dropReact(world.app, name, content);
  world.open = (drop, context) => openWatched(world.browser, drop.url, context);
  return world;
}

/** What a person sees of a page, and what its console said. */
export const quiet = (page) => assert.deepEqual(page.console, [], 'nothing in the console');
export const style = (page, selector, property) => page.$eval(selector, (el, p) => getComputedStyle(el)[p], property);
export const text = (page, selector) => page.textContent(selector);

/** Drops `content` as a live link-visible React component, from a user of its own world (one
 * user may create only 10 drops a minute). */
export async function dropReact(app, name, content) {
  const { owner } = await app.world();
  return app.dropLive(owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'react_single_file' } });
}

/** Opens `url` with every console message, page error and failed request in `page.console`, and
 * every requested path in `page.requested`. */
export async function openWatched(browser, url, context) {
  context ??= await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.console = [];
  page.on('console', (m) => page.console.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (err) => page.console.push(`pageerror: ${err.message}`));
  // A request cancelled (a reload or navigation while it was in flight, as Tailwind's worker
  // module can be) is nothing a person sees; any other failure is.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') page.console.push(`requestfailed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.requested = [];
  page.on('request', (r) => page.requested.push(new URL(r.url()).pathname));
  await page.goto(url);
  return { page, context };
}
