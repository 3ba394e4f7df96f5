// Single-file React components in shapes the AI tools write that the earlier sweeps did not cover
// (tests/support/ai-components-sweep4.mjs): a CommonJS file, `tailwind.config` set in the file,
// deep imports of the libraries' build files, a file that mounts itself and exports App, classes
// built in template strings, @apply in a <style>, and components that throw. Dropped on the real
// Worker and opened in Chromium; what is asserted is what a person sees, and the console.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { eventually } from './support/browser.mjs';
import { useReactWorld, quiet, style, text } from './support/react-pages.mjs';
import * as C from './support/ai-components-sweep4.mjs';

const world = useReactWorld('react-kit-sweep4');
const { SHOTS, dropReact, open } = world;

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

test('a CommonJS file that declares its own React and sets module.exports renders and works', async () => {
  const e = await dropReact('quiz.js', C.COMMONJS_QUIZ);
  const { page, context } = await open(e);
  // Before: "Identifier 'React' has already been declared", nothing rendered.
  await page.waitForSelector('#root #verdict');
  assert.equal(await text(page, '#root #verdict'), 'Pick one');
  await page.click('#root button:has-text("Paris")');
  await eventually(async () => (await text(page, '#root #verdict')) === 'Correct!', 'the answer');
  quiet(page);
  await context.close();
});

test("tailwind.config set in the file (for the Tailwind CDN's global) is applied: its colours and font", async () => {
  const e = await dropReact('brand.jsx', C.TAILWIND_CONFIG_BRAND);
  const { page, context } = await open(e);
  // Before: "tailwind is not defined", nothing rendered.
  await page.waitForSelector('#root #b');
  assert.equal(await style(page, '#root #b', 'backgroundColor'), 'rgb(124, 58, 237)', 'bg-brand-500');
  assert.equal(await style(page, '#root #h', 'color'), 'rgb(91, 33, 182)', 'text-brand-700');
  assert.match(await style(page, '#root #h', 'fontFamily'), /^Georgia/, 'font-display');
  // The theme's own classes are still there beside the extension.
  assert.equal(await style(page, '#root #b', 'color'), 'rgb(255, 255, 255)');
  assert.equal(await style(page, '#root #b', 'borderRadius'), '4px');
  await shot(page, 'tailwind-config');
  quiet(page);
  await context.close();
});

test('deep imports: a lucide icon by its file, recharts/lib, framer-motion/dist, cn from @/utils and shadcn by relative path', async () => {
  const e = await dropReact('weekly.jsx', C.DEEP_IMPORTS);
  const { page, context } = await open(e);
  // Before: 'Cannot import "lucide-react/dist/esm/icons/x"', nothing rendered.
  await page.waitForSelector('#root #chart .recharts-line-curve');
  assert.equal(await page.getAttribute('#root #home', 'class'), 'lucide lucide-home');
  assert.equal(await page.getAttribute('#root #x', 'class'), 'lucide lucide-x');
  assert.equal(await page.getAttribute('#root #home', 'width'), '20');
  // An icon 0.383 never drew is its dashed square, named in a notice, as with a named import.
  assert.equal(await page.$eval('#root #binoculars', (svg) => svg.tagName), 'svg');
  assert.match(await text(page, '.plug-notice'), /no icon "Binoculars" \(line 4\)/);
  assert.equal(await style(page, '#root > div', 'backgroundColor'), 'rgb(248, 250, 252)', "cn's bg-slate-50");
  await page.click('#root #close');
  await eventually(async () => (await text(page, '#root #close')).trim() === 'Open', 'the button works');
  assert.equal(await style(page, '#root > div', 'backgroundColor'), 'rgba(0, 0, 0, 0)');
  assert.equal(await page.$$eval('#root #chart .recharts-cartesian-axis-tick-value', (t) => t.length) >= 3, true);
  await shot(page, 'deep-imports');
  quiet(page);
  await context.close();
});

test('a file that exports App and mounts it itself (AI Studio) is mounted once: its effects run once', async () => {
  const e = await dropReact('index.tsx', C.MOUNTS_ITSELF_AND_EXPORTS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #h');
  // The heading reads the count as the tick's render draws it, after the mount effects ran.
  await eventually(async () => Number(await text(page, '#root #ticks')) >= 1, 'a tick');
  // Before: Plug rendered the export again on a second root: "Mounted 2 time(s)", two intervals.
  assert.equal(await text(page, '#root #h'), 'Mounted 1 time(s)');
  assert.equal(await page.$$eval('#root #h', (h) => h.length), 1);
  const before = Number(await text(page, '#root #ticks'));
  const started = Date.now();
  await page.waitForTimeout(2200);
  const ticks = Number(await text(page, '#root #ticks')) - before;
  const seconds = (Date.now() - started) / 1000;
  assert.ok(ticks <= Math.ceil(seconds) + 1, `one interval: ${ticks} ticks in ${seconds} s`);
  quiet(page);
  await context.close();
});

test("classes built in template strings (bg-${c}-500) are styled, and those a click brings too", async () => {
  const e = await dropReact('palette.jsx', C.TEMPLATE_CLASSES);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #sw-red');
  // Before: the swatches had no size and no colour (their classes are nowhere in the source).
  await eventually(async () => (await style(page, '#root #sw-red', 'width')) === '64px', 'w-16 from `w-${size}`');
  assert.equal(await style(page, '#root #sw-red', 'height'), '64px');
  assert.equal(await style(page, '#root #sw-red', 'backgroundColor'), 'rgb(239, 68, 68)');
  assert.equal(await style(page, '#root #sw-purple', 'backgroundColor'), 'rgb(168, 85, 247)');
  assert.equal(await style(page, '#root #label', 'color'), 'rgb(37, 99, 235)', 'text-blue-600');
  assert.match(await style(page, '#root #sw-blue', 'boxShadow'), /rgb\(147, 197, 253\)/, 'ring-blue-300');
  // A class no render had before: text-green-600 and ring-green-300 come with the click.
  await page.click('#root #sw-green');
  await eventually(async () => (await style(page, '#root #label', 'color')) === 'rgb(22, 163, 74)', 'text-green-600 after the click');
  await eventually(async () => /rgb\(134, 239, 172\)/.test(await style(page, '#root #sw-green', 'boxShadow')), 'ring-green-300');
  await shot(page, 'template-classes');
  quiet(page);
  await context.close();
});

test('@apply in a <style> element the component renders is compiled: its classes are styled', async () => {
  const e = await dropReact('landing.jsx', C.APPLY_IN_STYLE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #btn');
  // Before: the browser dropped the @apply lines; an unstyled button on a bare card.
  await eventually(async () => (await style(page, '#root #btn', 'backgroundColor')) === 'rgb(37, 99, 235)', 'btn-primary: bg-blue-600');
  assert.equal(await style(page, '#root #btn', 'color'), 'rgb(255, 255, 255)');
  assert.equal(await style(page, '#root #btn', 'borderRadius'), '8px');
  assert.equal(await style(page, '#root #card', 'backgroundColor'), 'rgb(255, 255, 255)');
  assert.equal(await style(page, '#root #card', 'padding'), '24px');
  assert.notEqual(await style(page, '#root #card', 'boxShadow'), 'none');
  // The style's plain CSS (its keyframes) still applies, as before.
  assert.equal(await style(page, '#root h1', 'animationName'), 'wiggle');
  await page.hover('#root #btn');
  await eventually(async () => (await style(page, '#root #btn', 'backgroundColor')) === 'rgb(29, 78, 216)', 'hover:bg-blue-700');
  await shot(page, 'apply-in-style');
  quiet(page);
  await context.close();
});

test("a component that crashes while rendering shows the error with the source's line and its code, not React's frames", async () => {
  const e = await dropReact('profile.jsx', C.CRASH_IN_RENDER);
  const { page, context } = await open(e);
  await page.waitForSelector('.plug-error');
  const shown = await text(page, '.plug-error');
  assert.match(shown, /The component crashed while rendering/);
  assert.match(shown, /TypeError: Cannot read properties of undefined \(reading 'city'\)/);
  // Before: "at Profile (file:9:63)", two lines past the source's, and a dozen react-dom frames.
  assert.match(shown, /Line 7 of the component:/);
  assert.match(shown, />\s*7 \|\s+<p>\{user\.address\.city\}<\/p>/);
  assert.match(shown, /at Profile \(file:7:\d+\)/);
  assert.doesNotMatch(shown, /react-dom\.production/);
  await shot(page, 'crash-in-render');
  await context.close();
});

test("a module that throws as it loads shows the error with the source's line and its code", async () => {
  const e = await dropReact('config.jsx', C.THROWS_ON_LOAD);
  const { page, context } = await open(e);
  await page.waitForSelector('.plug-error');
  const shown = await text(page, '.plug-error');
  assert.match(shown, /The component threw while loading/);
  assert.match(shown, /SyntaxError: Unexpected end of JSON input/);
  assert.match(shown, /Line 3 of the component:/);
  assert.match(shown, />\s*3 \|\s+const config = JSON\.parse/);
  assert.doesNotMatch(shown, /file:5:/);
  await context.close();
});

test('a chat answer saved with its fences and prose renders the block; a block with only its fences too', async () => {
  const e = await dropReact('counter.jsx', C.FENCED_ANSWER);
  const { page, context } = await open(e);
  // Before: "This component does not compile" (the prose), and for the bare block
  // 'TypeError: "" is not a function' (```tsx is an empty template used as a tag).
  await page.waitForSelector('#root #b');
  assert.equal(await text(page, '#root #b'), 'Clicked 0');
  await page.click('#root #b');
  await eventually(async () => (await text(page, '#root #b')) === 'Clicked 1', 'the click');
  await eventually(() => page.$('#plug-tailwind'), 'the Tailwind CSS');
  assert.equal(await style(page, '#root #b', 'backgroundColor'), 'rgb(13, 148, 136)');
  quiet(page);
  const second = await dropReact('block.tsx', C.FENCED_BLOCK);
  const other = await open(second, context);
  await other.page.waitForSelector('#root #p');
  assert.equal(await text(other.page, '#root #p'), 'fenced tsx');
  quiet(other.page);
  await context.close();
});

test("v0's form on shadcn's field: legend, labels beside their switch, the separator's word and the error its errors give", async () => {
  const e = await dropReact('account.tsx', C.FIELD_FORM);
  const { page, context } = await open(e);
  // Before: 'Cannot import "@/components/ui/field"', nothing rendered.
  await page.waitForSelector('#root [data-slot=field-set]');
  await eventually(() => page.$('#plug-tailwind'), 'the Tailwind CSS');
  assert.equal(await page.$eval('#root [data-slot=field-set]', (f) => f.tagName), 'FIELDSET');
  assert.equal(await text(page, '#root [data-slot=field-legend]'), 'Profile');
  const fields = '#root [data-slot=field]';
  assert.equal(await page.$eval(fields, (f) => getComputedStyle(f).flexDirection), 'column', 'vertical: the label over its input');
  assert.equal(await page.$$eval(fields, (f) => getComputedStyle(f[1]).flexDirection), 'row', 'horizontal: the switch beside its label');
  assert.equal(await page.$eval('#root label[for=name]', (l) => l.dataset.slot), 'field-label');
  assert.equal(await text(page, '#root [data-slot=field-separator-content]'), 'or');
  assert.equal(await page.$('#root #err'), null, 'no error without errors');
  await page.fill('#root #name', 'A');
  await eventually(() => page.$('#root #err'), 'the error');
  assert.equal(await text(page, '#root #err'), 'Name must be at least 2 characters.');
  assert.equal(await page.getAttribute('#root #err', 'role'), 'alert');
  assert.equal(await style(page, '#root #err', 'color'), 'rgb(239, 68, 68)', 'text-destructive');
  await shot(page, 'field-form');
  quiet(page);
  await context.close();
});

test("v0's async page (a server component) renders what it resolves to; an async component inside one is explained", async () => {
  const e = await dropReact('page.tsx', C.ASYNC_PAGE);
  const { page, context } = await open(e);
  // Before: "Minified React error #31", naming nothing.
  await page.waitForSelector('#root #post-2');
  assert.equal(await text(page, '#root #post-1'), 'Hello');
  assert.equal(await text(page, '#root #post-2'), 'World');
  assert.equal(await page.$('.plug-error'), null);
  quiet(page);
  const second = await dropReact('stats.tsx', C.NESTED_ASYNC);
  const other = await open(second, context);
  await other.page.waitForSelector('.plug-error');
  const shown = await text(other.page, '.plug-error');
  assert.match(shown, /A component rendered a promise: it is an async function \(a Next\.js server component\)/);
  assert.doesNotMatch(shown, /Minified React error/);
  await context.close();
});

test("window.tailwind.config set in the file (ChatGPT, for the Tailwind CDN) is applied as the bare form is", async () => {
  const e = await dropReact('tides.jsx', C.WINDOW_TAILWIND_CONFIG);
  const { page, context } = await open(e);
  // Before: "Cannot set properties of undefined (setting 'config')", nothing rendered.
  await page.waitForSelector('#root #b');
  assert.equal(await page.$('.plug-error'), null);
  assert.equal(await style(page, '#root #b', 'backgroundColor'), 'rgb(3, 105, 161)', 'bg-ocean-600');
  assert.equal(await style(page, '#root main', 'backgroundColor'), 'rgb(224, 242, 254)', 'bg-ocean-100');
  assert.match(await style(page, '#root #h', 'fontFamily'), /^Georgia/, 'font-display');
  assert.equal(await style(page, '#root #b', 'color'), 'rgb(255, 255, 255)');
  await page.click('#root #b');
  await eventually(async () => (await text(page, '#root #b')) === 'Low tide', 'the button works');
  await shot(page, 'window-tailwind-config');
  quiet(page);
  const whole = await open(await dropReact('tides2.jsx', C.WINDOW_TAILWIND_WHOLE), context);
  await whole.page.waitForSelector('#root #h');
  await eventually(async () => (await style(whole.page, '#root #h', 'color')) === 'rgb(3, 105, 161)', 'text-ocean-600 from window.tailwind = { config }');
  quiet(whole.page);
  await context.close();
});

test('an icon newer than lucide 0.383 is its dashed square, and its notice names the line it is imported on', async () => {
  const e = await dropReact('birds.jsx', C.NEWER_LUCIDE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #p');
  assert.equal(await page.getAttribute('#root #s', 'class'), 'lucide lucide-search');
  assert.equal(await page.getAttribute('#root #bin', 'width'), '32');
  assert.match(await page.getAttribute('#root #bin', 'class'), /text-emerald-600/);
  const notices = () => page.$$eval('.plug-notice', (n) => n.map((p) => p.textContent).join('\n'));
  await eventually(async () => /Birdhouse/.test(await notices()), 'both notices');
  const notice = await notices();
  // Before: 'has no icon "Binoculars"; …' with no line, as for no other import error.
  assert.match(notice, /no icon "Binoculars" \(line 4\)/);
  assert.match(notice, /no icon "Birdhouse" \(line 5\)/);
  quiet(page);
  await context.close();
});

test("v0's share panel on shadcn's input-group, button-group and item: one bordered field, joined buttons, rows of people", async () => {
  const e = await dropReact('share-panel.tsx', C.V0_SHARE_PANEL);
  const { page, context } = await open(e);
  // Before: 'Cannot import "@/components/ui/button-group"', nothing rendered.
  await page.waitForSelector('#root #people [data-slot=item]');
  await eventually(() => page.$('#plug-tailwind'), 'the Tailwind CSS');
  assert.equal(await page.$('.plug-error'), null);
  // input-group: the group has the border, its input none; the prefix sits before the input.
  assert.equal(await style(page, '#root #link', 'borderTopWidth'), '1px');
  assert.equal(await style(page, '#root #url', 'borderTopWidth'), '0px');
  assert.equal(await page.getAttribute('#root #link', 'role'), 'group');
  const box = (sel) => page.$eval(sel, (el) => el.getBoundingClientRect().toJSON());
  assert.ok((await box('#root #link [data-slot=input-group-addon]')).right <= (await box('#root #url')).left + 1, 'https:// before the input');
  assert.ok((await box('#root #copy')).left >= (await box('#root #url')).right - 1, 'the copy button after it');
  assert.equal((await box('#root #copy')).width, 24, 'icon-xs');
  await page.click('#root #copy');
  await eventually(async () => (await text(page, '#root #copy >> xpath=../../following-sibling::p')) === 'Link copied', 'the button works');
  // An addon written after its input is drawn before it (align inline-start), and a click on it focuses the input.
  assert.ok((await box('#root #search-icon')).right <= (await box('#root #search')).left + 1, 'the icon before the search input');
  await page.click('#root #search-icon');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'search');
  await page.keyboard.type('oli');
  await eventually(async () => (await page.$$('#root #people [data-slot=item]')).length === 1, 'the search filters');
  await page.fill('#root #search', '');
  // button-group: joined, the inner edges square and one border between the two.
  assert.equal(await style(page, '#root #invite', 'borderTopRightRadius'), '0px');
  assert.equal(await style(page, '#root #more', 'borderTopLeftRadius'), '0px');
  assert.equal(await style(page, '#root #more', 'borderLeftWidth'), '0px');
  assert.notEqual(await style(page, '#root #invite', 'borderTopLeftRadius'), '0px');
  assert.ok(Math.abs((await box('#root #more')).left - (await box('#root #invite')).right) <= 2, 'side by side');
  assert.equal(await style(page, '#root #stack', 'flexDirection'), 'column');
  assert.equal(await style(page, '#root #stack > button', 'borderTopLeftRadius'), '0px', 'vertical: the lower one squared on top');
  // item: an outlined row, the icon in its muted box, the actions at the right.
  await eventually(async () => (await page.$$('#root #people [data-slot=item]')).length === 2, 'both people');
  const row = '#root #people [data-slot=item]';
  assert.equal(await style(page, row, 'flexDirection'), 'row');
  assert.equal(await style(page, row, 'borderTopWidth'), '1px');
  assert.equal(await style(page, `${row} [data-slot=item-media]`, 'width'), '32px');
  assert.equal(await text(page, `${row} [data-slot=item-title]`), 'Olivia Martin');
  assert.equal(await style(page, `${row} [data-slot=item-description]`, 'color'), await style(page, '#root #link [data-slot=input-group-addon]', 'color'), 'muted-foreground');
  assert.ok((await box(`${row} [data-slot=item-actions]`)).left > (await box(`${row} [data-slot=item-title]`)).right, 'Remove at the right');
  assert.equal(await page.$$eval('#root #people [data-slot=item-separator]', (s) => s.length), 1);
  await shot(page, 'v0-share-panel');
  quiet(page);
  await context.close();
});
