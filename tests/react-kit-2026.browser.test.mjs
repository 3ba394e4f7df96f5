// Single-file React components as the AI tools write them in 2025-2026 (tests/support/
// ai-components-2026.mjs): React 19's API on the page's React 18, Tailwind v4's class names,
// shadcn's CardAction, zustand and TanStack Query, Motion's package names, a name a module lacks,
// and files saved with a BOM, CRLF and tabs. Dropped on the real Worker and opened in Chromium;
// what is asserted is what a person sees, and the console.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { eventually } from './support/browser.mjs';
import { useReactWorld, quiet, style, text } from './support/react-pages.mjs';
import * as C from './support/ai-components-2026.mjs';

const world = useReactWorld('react-kit-2026');
const { SHOTS, dropReact, open } = world;

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

test("v0's React 19 form: useActionState runs the form's action, useFormStatus shows it pending, useOptimistic shows the item at once", async () => {
  const e = await dropReact('newsletter.tsx', C.REACT19_FORMS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #submit');
  const address = page.url();
  await page.fill('#root #email', 'nope');
  await page.click('#root #submit');
  // The submit does not navigate: the action runs, its button says so while it does.
  await eventually(async () => (await text(page, '#root #submit')) === 'Subscribing...', 'the pending button');
  assert.equal(await text(page, '#root #pending'), 'pending');
  assert.equal(await page.$eval('#root #submit', (b) => b.disabled), true);
  await eventually(async () => (await text(page, '#root #message')) === 'Please enter a valid email', 'the action\'s message');
  await page.fill('#root #email', 'ada@example.com');
  await page.click('#root #submit');
  await eventually(async () => (await text(page, '#root #message')) === 'Subscribed ada@example.com', 'the second state');
  assert.equal(await text(page, '#root #count'), '1 subscribers', 'the action got the previous state');
  assert.equal(await text(page, '#root #submit'), 'Subscribe');
  assert.equal(await text(page, '#root #pending'), 'idle');
  // As in React 19, a form whose action succeeded is reset.
  assert.equal(await page.inputValue('#root #email'), '');
  assert.equal(page.url(), address, 'the page did not navigate');
  await page.fill('#root #todo', 'Call Bob');
  await page.click('#root #add');
  await eventually(async () => (await text(page, '#root #todos')).includes('Call Bob (saving)'), 'the optimistic item');
  await eventually(async () => (await page.$$eval('#root #todos li', (l) => l.map((x) => x.textContent))).join('|') === 'Buy milk|Call Bob', 'the saved item');
  await shot(page, 'react19-forms');
  quiet(page);
  await context.close();
});

test('React 19: use() reads a promise under Suspense and a context given as <Context value>, ref is a prop, useEffectEvent', async () => {
  const e = await dropReact('quote.tsx', C.REACT19_USE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #quote');
  assert.equal(await text(page, '#root #quote'), 'Stay hungry, stay foolish.');
  assert.equal(await page.getAttribute('#root #quote', 'data-theme'), 'dark', 'the context rendered as its provider');
  assert.equal(await text(page, '#root #total'), '5');
  await page.click('#root #focus');
  await eventually(async () => (await text(page, '#root #focused')) === 'focused', 'the field focused through its ref prop');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'name');
  quiet(page);
  await context.close();
});

test("Tailwind v4's names: a gradient heading shows, shadow-xs, rounded-xs, bg-radial, @container's @md: and text-shadow apply", async () => {
  const e = await dropReact('hero.jsx', C.TAILWIND_V4_HERO);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #title');
  await eventually(() => page.$('#plug-tailwind'), 'the Tailwind CSS');
  // The heading's text is transparent: without its gradient it would be invisible.
  assert.match(await style(page, '#root #title', 'backgroundImage'), /^linear-gradient\(to right, rgb\(96, 165, 250\)/);
  assert.match(await style(page, '#root #hero', 'backgroundImage'), /^linear-gradient\(to right bottom, rgb\(15, 23, 42\)/);
  assert.match(await style(page, '#root #card', 'boxShadow'), /, rgba\(0, 0, 0, 0\.05\) 0px 1px 2px 0px$/);
  assert.equal(await style(page, '#root #card', 'borderRadius'), '2px');
  assert.equal(await style(page, '#root #card', 'width'), '192px', 'size-48');
  assert.match(await style(page, '#root #glow', 'backgroundImage'), /^radial-gradient\(rgb\(236, 72, 153\)/);
  assert.equal((await style(page, '#root #features', 'gridTemplateColumns')).split(' ').length, 3, '@md:grid-cols-3 in a wide container');
  assert.match(await style(page, '#root #tagline', 'textShadow'), /rgba\(0, 0, 0, 0\.1\) 0px 4px 8px/);
  await page.setViewportSize({ width: 400, height: 900 });
  await eventually(async () => (await style(page, '#root #features', 'gridTemplateColumns')).split(' ').length === 1, 'one column in a narrow container');
  await shot(page, 'tailwind-v4');
  quiet(page);
  await context.close();
});

test("shadcn's CardAction sits at the header's top right, and v0's sonner toast shows", async () => {
  const e = await dropReact('event-card.tsx', C.CARD_ACTION);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #edit');
  await eventually(() => page.$('#plug-tailwind'), 'the Tailwind CSS');
  const [title, edit] = await Promise.all(['#title', '#edit'].map((s) => page.$eval(`#root ${s}`, (el) => el.getBoundingClientRect().toJSON())));
  assert.ok(edit.left > title.left + 200, `the action is to the right of the title (${edit.left} vs ${title.left})`);
  assert.ok(Math.abs(edit.top - title.top) < 20, `on the title's row (${edit.top} vs ${title.top})`);
  await page.click('#root #create');
  await page.waitForSelector('[data-sonner-toast]');
  assert.match(await text(page, '[data-sonner-toast]'), /Event created.*Sunday at 9/);
  quiet(page);
  await context.close();
});

test('a name a module does not export is named with its line, not React\'s error #130', async () => {
  const e = await dropReact('toolbar.tsx', C.MISSING_EXPORT);
  const { page, context } = await open(e);
  await page.waitForSelector('.plug-error');
  const said = await text(page, '.plug-error');
  assert.match(said, /imports "ButtonGroup" from "@\/components\/ui\/button", which Plug does not have/);
  assert.match(said, /line 1: import \{ Button, ButtonGroup \} from "@\/components\/ui\/button"/);
  assert.doesNotMatch(said, /#130/);
  await context.close();
});

test("Bolt's zustand store: persist keeps the cart across a reload, useShallow picks its actions", async () => {
  const e = await dropReact('Shop.tsx', C.ZUSTAND_CART);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #add-tea');
  await page.click('#root #add-tea');
  await page.click('#root #add-tea');
  await page.click('#root #add-mug');
  await page.click('#root #remove-tea');
  assert.equal(await text(page, '#root #qty-tea'), '1');
  assert.equal(await text(page, '#root #cart-count'), '2');
  assert.equal(await page.$$eval('#root svg.lucide', (s) => s.length), 5);
  await page.reload();
  await page.waitForSelector('#root #qty-mug');
  await eventually(async () => (await text(page, '#root #cart-count')) === '2', 'the persisted cart');
  assert.equal(await text(page, '#root #qty-mug'), '1');
  quiet(page);
  await context.close();
});

test("Lovable's TanStack Query: a query loads, a mutation saves and its invalidation refetches", async () => {
  const e = await dropReact('Tasks.tsx', C.TANSTACK_QUERY);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #tasks li');
  assert.equal(await text(page, '#root #tasks'), 'Write the brief');
  await page.fill('#root #task', 'Review the draft');
  await page.click('#root #save');
  await eventually(async () => (await text(page, '#root #save')) === 'Saving…', 'the pending mutation');
  await eventually(async () => (await page.$$('#root #tasks li')).length === 2, 'the refetched list');
  assert.equal(await text(page, '#root #tasks li:last-child'), 'Review the draft');
  quiet(page);
  await context.close();
});

test('Motion by its package names: animate() and stagger from "motion", AnimatePresence from "motion/react"', async () => {
  const e = await dropReact('Intro.tsx', C.MOTION_PACKAGE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #note');
  await eventually(async () => (await page.$$eval('#root #steps li', (l) => l.map((x) => getComputedStyle(x).opacity))).join() === '1,1,1', 'the list animated in');
  await page.click('#root #toggle');
  await eventually(async () => !(await page.$('#root #note')), 'the note animated out');
  quiet(page);
  await context.close();
});

test('files as editors save them: a BOM, CRLF and tabs; a banner, @ts-nocheck and the TypeScript ChatGPT writes', async () => {
  const e = await dropReact('Counter.jsx', C.CRLF_BOM_TABS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #b');
  await page.click('#root #b');
  assert.equal(await text(page, '#root #b'), 'Clicked 1');
  assert.equal(await style(page, '#root #b', 'backgroundColor'), 'rgb(59, 130, 246)');
  quiet(page);
  const ts = await dropReact('Inventory.tsx', C.TS_HABITS);
  const { page: second } = await open(ts, context);
  await second.waitForSelector('#root #inventory td');
  assert.equal(await text(second, '#root #first'), 'Box ×3');
  assert.deepEqual(await second.$$eval('#root #inventory td:first-child', (t) => t.map((x) => x.textContent)), ['Apples', 'Kiwis', 'Pears']);
  assert.equal(await style(second, '#root #inventory tr:nth-child(2) td:last-child', 'color'), 'rgb(220, 38, 38)');
  quiet(second);
  await context.close();
});

test('react-icons and Heroicons draw, loading only the chunks and icons named; a name a set lacks is named with its line', async () => {
  const e = await dropReact('Footer.jsx', C.ICON_SETS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #social svg');
  assert.equal(await page.$$eval('#root #social svg', (s) => s.filter((x) => x.querySelector('path, circle, line, polyline') && x.getBoundingClientRect().width === 24).length), 6);
  assert.equal(await page.$eval('#root #open-icon', (s) => [s.getAttribute('stroke'), s.getBoundingClientRect().width].join()), 'currentColor,24');
  assert.equal(await style(page, '#root #check', 'color'), 'rgb(34, 197, 94)');
  await page.click('#root #menu');
  await page.waitForSelector('#root #close-icon');
  const kit = [...new Set(page.requested.filter((p) => /\/react-kit\/(react-icons|heroicons)\//.test(p)).map((p) => p.replace(/.*\/react-kit\//, '')))].sort();
  assert.deepEqual(kit, ['heroicons/20/solid/CheckCircleIcon.mjs', 'heroicons/24/outline/Bars3Icon.mjs', 'heroicons/24/outline/XMarkIcon.mjs',
    'react-icons/fa/G.mjs', 'react-icons/fa/L.mjs', 'react-icons/fa/T.mjs', 'react-icons/fi/M.mjs', 'react-icons/fi/S.mjs', 'react-icons/hi/OutlineM.mjs']);
  quiet(page);
  const missing = await dropReact('Links.jsx', C.ICON_MISSING);
  const { page: second } = await open(missing, context);
  await second.waitForSelector('.plug-error');
  assert.match(await text(second, '.plug-error'), /imports "FaBlueskyLogo" from "react-icons\/fa".*line 1: import \{ FaGithub, FaBlueskyLogo \}/s);
  await context.close();
});

test("React 19's ref cleanup: a callback ref's returned function runs when its element goes, not the ref with null", async () => {
  const e = await dropReact('Measured.tsx', C.REF_CLEANUP);
  const { page, context } = await open(e);
  await eventually(async () => (await text(page, '#root #width')) === '256', 'the observed width');
  assert.equal(await page.evaluate(() => window.__observing), 1);
  await page.click('#root #toggle');
  await eventually(async () => (await page.evaluate(() => window.__observing)) === 0, 'the cleanup');
  assert.equal(await page.$('#root #box'), null);
  await page.click('#root #toggle');
  await page.waitForSelector('#root #box');
  await eventually(async () => (await page.evaluate(() => window.__observing)) === 1, 'observed again');
  await page.click('#root #toggle');
  await eventually(async () => (await page.evaluate(() => window.__observing)) === 0, 'the second cleanup');
  quiet(page);
  await context.close();
});

test("shadcn's Button written into the file renders its link child through @radix-ui/react-slot's Slot", async () => {
  const e = await dropReact('Actions.tsx', C.INLINE_SLOT_BUTTON);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #docs');
  assert.equal(await page.$eval('#root #docs', (a) => [a.tagName, a.dataset.slot, a.parentElement.tagName].join()), 'A,button,DIV', 'the link is the button');
  assert.match(await page.getAttribute('#root #docs', 'class'), /rounded-md.*border/);
  assert.equal(await style(page, '#root #save', 'backgroundColor'), 'rgb(15, 23, 42)');
  quiet(page);
  await context.close();
});

test("date-fns's locales by name (from date-fns/locale and date-fns/locale/<code>), each its own small module", async () => {
  const e = await dropReact('Agenda.jsx', C.DATE_LOCALES);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #es');
  assert.equal(await text(page, '#root #es'), 'lunes 5 de enero');
  assert.equal(await text(page, '#root #pt'), 'há 3 dias');
  assert.equal(await text(page, '#root #de'), 'Montag');
  const locales = [...new Set(page.requested.filter((p) => p.includes('/date-fns-locale/')).map((p) => p.split('/').pop()))].sort();
  assert.deepEqual(locales, ['de.mjs', 'es.mjs', 'ptBR.mjs']);
  quiet(page);
  await context.close();
});

test("React 19's <title> in a component names the tab and follows its state; an SVG's <title> stays the SVG's", async () => {
  const e = await dropReact('inbox.jsx', C.REACT19_TITLE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #count');
  await eventually(async () => (await page.title()) === '(3) Inbox', 'the component\'s title');
  await page.click('#root #read');
  await eventually(async () => (await page.title()) === '(2) Inbox', 'the title after a state change');
  await page.click('#root #compose-open');
  await eventually(async () => (await page.title()) === 'New message', 'the title rendered last');
  await page.click('#root #close');
  await eventually(async () => (await page.title()) === '(2) Inbox', 'the inbox\'s title back');
  assert.equal(await page.textContent('#root #badge title'), 'Unread messages', 'the SVG keeps its tooltip');
  quiet(page);
  await context.close();
});
