// A browser test file's world, set up before its tests and ended after them: the Worker, the
// Chromium, the screenshots' folder, and drops opened as a viewer would, with everything the page
// said recorded. (bench/ drives Chromium through browser.mjs, which stays free of node:test.)
import { before, after } from 'node:test';
import { join } from 'node:path';
import { BROWSER_UA } from './harness.mjs';
import { ROOT } from './worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './browser.mjs';

/**
 * `world.app` and `world.browser` once started (`vars` are the Worker's settings, as `startWorker`
 * takes them, or an async function returning them, for a Worker that needs a provider started
 * first; `setup(world)` runs once both are up: a file's `before` hooks start at once, side by
 * side, so what needs the Worker goes there); `world.SHOTS`, the folder under test-output;
 * `world.dropLink(name, content)`, a live link-visible drop by a user of its own (one user may
 * create only 10 drops a minute); `world.open(drop)`, its `url` in a fresh context, with every
 * console error, page error and failed request in `page.problems`.
 */
export function useBrowserWorld(shotsFolder, { vars, setup } = {}) {
  const world = { SHOTS: join(ROOT, 'test-output', shotsFolder) };
  before(async () => {
    Object.assign(world, await openBrowserWorld(world.SHOTS, { vars: typeof vars === 'function' ? await vars() : vars }));
    await setup?.(world);
  });
  after(() => closeBrowserWorld(world));
  world.dropLink = async (name, content) => {
    const { owner } = await world.app.world();
    return world.app.dropLive(owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link' } });
  };
  world.open = async (drop, path = '') => {
    const context = await world.browser.newContext({ userAgent: BROWSER_UA });
    const page = await context.newPage();
    page.problems = [];
    page.on('console', (m) => { if (m.type() === 'error') page.problems.push(m.text()); });
    page.on('pageerror', (err) => page.problems.push(String(err)));
    page.on('requestfailed', (r) => page.problems.push(`${r.url()}: ${r.failure()?.errorText}`));
    const response = await page.goto(drop.url + path);
    return { page, context, response };
  };
  return world;
}
