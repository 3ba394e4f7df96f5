// The one headless Chromium the browser tests and the benchmarks drive: Debian's build (installed by
// scripts/setup.sh; CHROMIUM overrides it), with the background chatter that could reach past
// loopback turned off.
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const launchChromium = () => chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });

/** Polls `check` every 100 ms until it returns something truthy, which it then returns. */
export async function eventually(check, what, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A browser test file's world: a fresh Worker (`vars` as `startWorker` takes them), a Chromium, a
 * grid's owner, and the folder its screenshots go to. `closeBrowserWorld` ends what it started.
 */
export async function openBrowserWorld(shots, { vars } = {}) {
  const { mkdirSync } = await import('node:fs');
  const { startWorker } = await import('./harness.mjs');
  mkdirSync(shots, { recursive: true });
  const [app, browser] = await Promise.all([startWorker({ vars }), launchChromium()]);
  const { owner } = await app.world();
  return { app, browser, owner };
}

export async function closeBrowserWorld({ app, browser }) {
  await browser?.close();
  await app?.stop();
}

/**
 * Opens `url` in a fresh context with a browser's user agent (a headless one is a bot and counts
 * nothing), collecting the page's uncaught errors and console errors in `page.problems`.
 */
export async function openWatched(browser, url) {
  const { BROWSER_UA } = await import('./harness.mjs');
  const context = await browser.newContext({ userAgent: BROWSER_UA });
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (m) => { if (m.type() === 'error') page.problems.push(m.text()); });
  page.on('pageerror', (err) => page.problems.push(String(err)));
  const response = await page.goto(url);
  return { page, context, response };
}

/** Resolves once badge.js's chip (not the Worker's shell) is on screen. */
export const chipShown = (page) => page.waitForFunction(() => [...document.querySelectorAll('platform-badge')]
  .some((h) => !h.hasAttribute('data-platform-shell') && h.getBoundingClientRect().width > 0));

/** How many pixels of a screenshot (PNG bytes) differ from its top-left one: whether a canvas or
 * a part of the page was drawn at all. */
export async function paintedPixels(png) {
  const { default: sharp } = await import('sharp'); // only the files that count pixels load it
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const [r0, g0, b0] = data;
  let painted = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i] - r0) + Math.abs(data[i + 1] - g0) + Math.abs(data[i + 2] - b0) > 30) painted++;
  }
  return painted;
}
