// Single-file React components in shapes the AI tools write that the earlier sweeps did not cover
// (tests/support/ai-components-sweep7.mjs): a v0 page copied without its layout (its toasts and
// theme provider), a component's fixed and sticky bars against Plug's sticky header, and the
// entrance animations of shadcn's and Lovable's projects. Dropped on the real Worker and opened in
// Chromium; what is asserted is what a person sees, and the console.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { eventually } from './support/browser.mjs';
import { useReactWorld, quiet, style, text } from './support/react-pages.mjs';
import * as C from './support/ai-components-sweep7.mjs';

const world = useReactWorld('react-kit-sweep7');
const { SHOTS, dropReact, open } = world;

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const rect = (page, selector) => page.$eval(selector, (el) => el.getBoundingClientRect().toJSON());
const headerHeight = (page) => page.$eval('.plug-header', (el) => el.offsetHeight);
/** Whether what a click at (x, y) lands on is Plug's own header. */
const plugHeaderAt = (page, x, y) => page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('.plug-header'), [x, y]);

test("a v0 page without its layout: sonner's and shadcn's toasts show, and the theme toggle switches", async () => {
  const e = await dropReact('page.tsx', C.V0_WITHOUT_LAYOUT);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #save');
  // Before: no <ThemeProvider> above useTheme(), so resolvedTheme was undefined and setTheme did nothing.
  assert.equal((await text(page, '#root #mode')).trim(), 'Theme: light');
  await page.click('#root #theme');
  await eventually(async () => (await text(page, '#root #mode')).trim() === 'Theme: dark', 'the toggle switched to dark');
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains('dark')));
  assert.equal(await style(page, '#root > div', 'backgroundColor'), 'rgb(2, 8, 23)');
  await page.click('#root #theme');
  await eventually(async () => (await text(page, '#root #mode')).trim() === 'Theme: light', 'and back');
  // Before: toast() went to a store no <Toaster /> read; nothing showed.
  await page.click('#root #save');
  await page.waitForSelector('[data-sonner-toast] >> text=Profile saved');
  await page.click('#root #schedule');
  await page.waitForSelector('li >> text=Scheduled: Catch up');
  // shadcn's toast is drawn, in the window (its viewport's own classes came with it), above the chip.
  const viewport = await page.evaluate(() => innerHeight);
  const toast = await rect(page, 'li:has-text("Scheduled: Catch up")');
  assert.ok(toast.bottom <= viewport - 40 && toast.top > viewport / 2, `shadcn's toast at the bottom of the window: ${JSON.stringify(toast)}`);
  assert.notEqual(await style(page, 'li:has-text("Scheduled: Catch up")', 'backgroundColor'), 'rgba(0, 0, 0, 0)');
  await shot(page, 'v0-without-layout');
  quiet(page);
  await context.close();
});

test("a component's sticky header sticks below Plug's header, and Plug's header stays on top", async () => {
  const e = await dropReact('page.tsx', C.V0_WITHOUT_LAYOUT.replace('<main className="container space-y-4 py-10">', '<main className="container space-y-4 py-10 h-[2400px]">'));
  const { page, context } = await open(e);
  await page.waitForSelector('#root header');
  const height = await headerHeight(page);
  assert.ok(height > 30);
  await page.mouse.wheel(0, 800);
  await eventually(async () => (await page.evaluate(() => scrollY)) > 500, 'scrolled');
  // Before: `sticky top-0 z-50` stuck at the window's top, over Plug's title and download button.
  await eventually(async () => Math.round((await rect(page, '#root header')).top) === height, "the header's top is Plug's header's bottom");
  assert.ok(await plugHeaderAt(page, 200, height / 2), "Plug's header is what is under its own row");
  await shot(page, 'sticky-header-scrolled');
  quiet(page);
  await context.close();
});

test("a fixed nav bar and a full-window layer start below Plug's header; a sticky table head in its own box and a bottom bar are as written", async () => {
  const e = await dropReact('landing.jsx', C.FIXED_AND_STICKY);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #nav');
  const height = await headerHeight(page);
  // Before: the nav (fixed top-0 z-50) covered Plug's header, title and download button.
  assert.equal(Math.round((await rect(page, '#root #nav')).top), height);
  assert.ok(await plugHeaderAt(page, 200, height / 2));
  await page.mouse.wheel(0, 600);
  await eventually(async () => (await page.evaluate(() => scrollY)) > 300, 'scrolled');
  assert.equal(Math.round((await rect(page, '#root #nav')).top), height);
  // The table's head sticks to its own scrolling box's top, untouched.
  await page.$eval('#root #box', (el) => { el.scrollTop = 300; });
  await eventually(async () => Math.round((await rect(page, '#root #thead')).top) === Math.round((await rect(page, '#root #box')).top) + 1, 'the head sticks to the top of its box');
  assert.equal(await style(page, '#root #thead', 'top'), '0px');
  assert.equal(await page.$eval('#root #thead', (el) => el.hasAttribute('data-plug-below-header')), false);
  // The bottom bar is at the window's bottom.
  assert.equal(Math.round((await rect(page, '#root #bar')).bottom), await page.evaluate(() => innerHeight));
  // A full-window layer (`fixed inset-0`) fills the window below the header.
  await page.click('#root #burger');
  await page.waitForSelector('#root #sheet');
  const sheet = await rect(page, '#root #sheet');
  assert.equal(Math.round(sheet.top), height);
  assert.equal(Math.round(sheet.bottom), await page.evaluate(() => innerHeight));
  await shot(page, 'fixed-nav-and-layer');
  quiet(page);
  await context.close();
});

test("tailwindcss-animate's entrances play and end visible; a project's own `animate-fade-in-up` is not stuck at opacity 0", async () => {
  const e = await dropReact('hero.tsx', C.ENTRANCES);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #title');
  // `animate-in fade-in slide-in-from-bottom-4 duration-1000`: tailwindcss-animate's `enter`.
  assert.equal(await style(page, '#root #title', 'animationName'), 'enter');
  assert.equal(await style(page, '#root #title', 'animationDuration'), '1s');
  // Before: `animate-fade-in-up` made no CSS, so `opacity-0` kept the lead invisible for good.
  assert.equal(await style(page, '#root #lead', 'animationName'), 'fade-in-up');
  assert.equal(await style(page, '#root #lead', 'animationDelay'), '0.2s');
  await eventually(async () => (await style(page, '#root #lead', 'opacity')) === '1', 'the lead ends visible');
  await eventually(async () => (await style(page, '#root #title', 'opacity')) === '1', 'the title ends visible');
  // The dialog written into the file animates in and ends visible, centred (its own translate
  // classes still apply), and out when closed (Radix waits for the exit animation, then removes it).
  await page.click('#root #open');
  await page.waitForSelector('#dialog');
  assert.equal(await style(page, '#dialog', 'animationName'), 'enter');
  await eventually(async () => (await page.$eval('#dialog', (el) => el.getAnimations().length)) === 0, 'the entrance finished');
  assert.equal(await style(page, '#dialog', 'opacity'), '1');
  const box = await rect(page, '#dialog');
  assert.ok(Math.abs(box.left + box.width / 2 - 600) < 2, `centred: ${JSON.stringify(box)}`);
  await shot(page, 'entrances-dialog');
  await page.click('#close');
  await page.waitForSelector('#dialog', { state: 'detached' });
  // The popover likewise.
  await page.click('#root #more');
  await page.waitForSelector('#popover');
  assert.equal(await style(page, '#popover', 'animationName'), 'enter');
  await eventually(async () => (await page.$eval('#popover', (el) => el.getAnimations().length)) === 0, 'the popover entrance finished');
  assert.equal(await style(page, '#popover', 'opacity'), '1');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#popover', { state: 'detached' });
  await shot(page, 'entrances');
  quiet(page);
  await context.close();
});

test("a v0 page's `container` is centred with shadcn's 2rem of padding; a file that is not a shadcn project's keeps Tailwind's own", async () => {
  const e = await dropReact('page.tsx', C.V0_WITHOUT_LAYOUT);
  const { page, context } = await open(e);
  await page.waitForSelector('#root main');
  // Before: v3's container, left-aligned with no padding: "Settings" touched the window's edge.
  assert.equal(await style(page, '#root main', 'paddingLeft'), '32px');
  assert.equal(await style(page, '#root main', 'marginLeft'), await style(page, '#root main', 'marginRight'));
  // Below 1400 px the container is the window's width, less its padding.
  assert.equal(await style(page, '#root main', 'maxWidth'), 'none');
  await page.setViewportSize({ width: 1600, height: 900 });
  await eventually(async () => (await style(page, '#root main', 'maxWidth')) === '1400px', '1400px at 2xl');
  assert.equal(Math.round((await rect(page, '#root main')).left), 100);
  quiet(page);
  await context.close();
  // A Claude artifact (no "@/" or "next/" import) writes `container mx-auto px-4` against v3's.
  const plain = await dropReact('plain.jsx', 'export default function App() {\n  return <div id="c" className="container">Hi</div>;\n}\n');
  const other = await open(plain);
  await other.page.waitForSelector('#root #c');
  assert.equal(await style(other.page, '#root #c', 'paddingLeft'), '0px');
  assert.equal(await style(other.page, '#root #c', 'marginLeft'), '0px');
  quiet(other.page);
  await other.context.close();
});

test("React Three Fiber is named as not provided, with its line and what to use instead", async () => {
  const e = await dropReact('scene.jsx', C.R3F_SCENE);
  const { page, context } = await open(e);
  await eventually(async () => (await page.textContent('body')).includes('Cannot import "@react-three/fiber" (line 2'), 'the message');
  const body = await page.textContent('body');
  assert.ok(body.includes('three r128 and its OrbitControls are'), body.slice(0, 400));
  await shot(page, 'r3f-not-provided');
  await context.close();
});

test("cmdk, vaul, input-otp, embla-carousel-react and react-resizable-panels imported directly work, on the ui modules' own copies", async () => {
  const e = await dropReact('toolbox.tsx', C.DIRECT_PACKAGES);
  const { page, context } = await open(e);
  // Before: 'Cannot import "cmdk"', nothing rendered.
  await page.waitForSelector('#root [cmdk-input]');
  assert.equal(await page.$$eval('#root [cmdk-item]', (items) => items.length), 4);
  await page.fill('#root [cmdk-input]', 'an');
  await eventually(async () => (await page.$$eval('#root [cmdk-item]', (items) => items.map((i) => i.textContent).join())) === 'Banana', 'cmdk filters');
  // input-otp: typed digits fill the slots.
  await page.click('#root [data-input-otp]');
  await page.keyboard.type('42');
  await eventually(async () => (await page.$$eval('#root [data-slot]', (s) => s.map((x) => x.textContent).join('|'))) === '4|2||', 'the slots');
  // embla: the next button moves to the second slide.
  await page.click('#root #next');
  await eventually(async () => (await text(page, '#root #slide')) === '1', 'the second slide');
  // react-resizable-panels: 30 and 70.
  const widths = await page.$$eval('#root [data-panel]', (ps) => ps.map((p) => Math.round(p.getBoundingClientRect().width)));
  assert.equal(widths.length, 2);
  assert.ok(Math.abs(widths[0] / (widths[0] + widths[1]) - 0.3) < 0.02, `${widths}`);
  // vaul: the drawer opens from the bottom.
  await page.click('#root #drawer');
  await page.waitForSelector('#sheet >> text=Move goal');
  await eventually(async () => Math.round((await rect(page, '#sheet')).bottom) === 900, 'at the bottom');
  // Each package is its ui module's own copy: no second file for it.
  for (const file of ['ui-command', 'ui-drawer', 'ui-input-otp', 'ui-carousel', 'ui-resizable']) {
    assert.equal(page.requested.filter((p) => p.endsWith(`/react-kit/${file}.mjs`)).length, 1, file);
  }
  await shot(page, 'direct-packages');
  quiet(page);
  await context.close();
});

test("a file with shadcn's toaster written into it (its own ToastViewport) gets no second one", async () => {
  const e = await dropReact('copy.tsx', C.OWN_TOASTER);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #go');
  await page.click('#root #go');
  await page.waitForSelector('li >> text=Copied');
  await page.waitForTimeout(300);
  assert.equal(await page.$$eval('li', (items) => items.filter((li) => li.textContent.includes('Copied')).length), 1);
  assert.equal(await page.$$eval('ol', (lists) => lists.length), 1, 'one viewport');
  quiet(page);
  await context.close();
});
