// Single-file React drops opened in Chromium as a viewer would, with everything the page says
// recorded: the react-kit browser tests share these.
import { BROWSER_UA } from './harness.mjs';

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
  page.on('requestfailed', (r) => page.console.push(`requestfailed: ${r.url()}`));
  page.requested = [];
  page.on('request', (r) => page.requested.push(new URL(r.url()).pathname));
  await page.goto(url);
  return { page, context };
}
