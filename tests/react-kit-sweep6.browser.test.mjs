// Single-file React components in shapes the AI tools write that the earlier sweeps did not cover
// (tests/support/ai-components-sweep6.mjs): Markdown in @tailwindcss/typography's `prose`, immer
// (zustand's middleware, `produce`, `useImmer`), jotai with its utilities, the TypeScript the
// models write, and a canvas game on requestAnimationFrame and the keyboard. Dropped on the real
// Worker and opened in Chromium; what is asserted is what a person sees, and the console.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { eventually } from './support/browser.mjs';
import { useReactWorld, quiet, style, text } from './support/react-pages.mjs';
import * as C from './support/ai-components-sweep6.mjs';

const world = useReactWorld('react-kit-sweep6');
const { SHOTS, dropReact, open } = world;

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const px = (value) => Number.parseFloat(value);

test("Markdown in `prose` is set as @tailwindcss/typography sets it: headings, bullets, quotes, tables", async () => {
  const e = await dropReact('chat.jsx', C.PROSE_CHAT);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #md h1');
  // Before: `prose` made no CSS, so the heading was body text and the list had no bullets.
  // lg:prose-lg at 1200 px wide: its h1 is 2.666em of 18 px.
  assert.equal(await style(page, '#root #md', 'fontSize'), '18px');
  assert.equal(await style(page, '#root #md h1', 'fontSize'), '48px');
  assert.equal(await style(page, '#root #md h1', 'fontWeight'), '800');
  assert.equal(await style(page, '#root #md h2', 'fontWeight'), '700');
  assert.equal(await style(page, '#root #md ul', 'listStyleType'), 'disc');
  assert.ok(px(await style(page, '#root #md ul', 'paddingLeft')) > 20, 'the list is indented');
  assert.ok(px(await style(page, '#root #md p', 'marginTop')) > 10, 'paragraphs are spaced');
  assert.equal(await style(page, '#root #md blockquote', 'fontStyle'), 'italic');
  assert.ok(px(await style(page, '#root #md blockquote', 'borderLeftWidth')) >= 4, "the quote's rule");
  assert.equal(await style(page, '#root #md thead', 'borderBottomStyle'), 'solid');
  assert.equal(await style(page, '#root #md a', 'textDecorationLine'), 'underline');
  // prose-slate's body colour; dark:prose-invert is not on (no .dark).
  assert.equal(await style(page, '#root #md', 'color'), 'rgb(51, 65, 85)');
  // max-w-none beats prose's 65ch; `container` still centres the column.
  assert.equal(await style(page, '#root #md', 'maxWidth'), 'none');
  assert.equal(await style(page, '#root > div', 'marginLeft'), await style(page, '#root > div', 'marginRight'));
  assert.ok(page.requested.some((p) => p.endsWith('/react-kit/tailwind-typography.mjs')));
  await shot(page, 'prose');
  quiet(page);
  await context.close();
});

test("zustand's immer middleware inside persist: mutations update the list and last across a reload", async () => {
  const e = await dropReact('store.tsx', C.ZUSTAND_IMMER);
  const { page, context } = await open(e);
  // Before: 'Cannot import "zustand/middleware/immer"', nothing rendered.
  await page.waitForSelector('#root #add');
  await page.click('#root #add');
  await page.click('#root #add');
  await eventually(async () => (await page.$$('#root #todos li')).length === 2, 'two todos');
  await page.click('#root #todos li >> nth=0');
  await eventually(async () => (await style(page, '#root #todos li >> nth=0', 'textDecorationLine')) === 'line-through', 'toggled');
  assert.equal(await style(page, '#root #todos li >> nth=1', 'textDecorationLine'), 'none');
  // It is a library without a page of its own: no prose module for a page that names none.
  assert.ok(!page.requested.some((p) => p.endsWith('/tailwind-typography.mjs')));
  await page.reload();
  await page.waitForSelector('#root #todos li >> nth=1');
  assert.equal(await style(page, '#root #todos li >> nth=0', 'textDecorationLine'), 'line-through', 'persisted');
  quiet(page);
  await context.close();
});

test("immer's produce and use-immer's useImmer", async () => {
  const e = await dropReact('settings.jsx', C.IMMER_HOOK);
  const { page, context } = await open(e);
  // Before: 'Cannot import "immer"'.
  await page.waitForSelector('#root #name');
  assert.equal((await text(page, '#root #name')).trim(), 'Ada a,b');
  await page.fill('#root #q', 'hi');
  await page.click('#root #rename');
  await eventually(async () => (await text(page, '#root #name')).trim() === 'Grace a,b hi', 'the draft renamed');
  // zustand's middleware and use-immer take the page's one immer.
  assert.equal(page.requested.filter((p) => p.endsWith('/react-kit/immer.mjs')).length, 1);
  quiet(page);
  await context.close();
});

test("jotai's atoms with atomWithStorage and useResetAtom from jotai/utils share one store", async () => {
  const e = await dropReact('counter.jsx', C.JOTAI);
  const { page, context } = await open(e);
  // Before: 'Cannot import "jotai"'.
  await page.waitForSelector('#root #v');
  await page.click('#root #inc');
  await page.click('#root #inc');
  await eventually(async () => (await text(page, '#root #v')) === '2 4', 'the derived atom');
  await page.click('#root #th');
  await eventually(async () => (await text(page, '#root #th')) === 'dark', 'theme set');
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), '"dark"');
  await page.reload();
  await page.waitForSelector('#root #th');
  assert.equal(await text(page, '#root #th'), 'dark', 'kept in the drop origin\'s localStorage');
  // useResetAtom (jotai/utils) writes through the same store the component reads: with a copy of
  // its own the button would reset an atom nobody shows.
  await page.click('#root #reset');
  await eventually(async () => (await text(page, '#root #th')) === 'light', 'reset');
  quiet(page);
  await context.close();
});

test('TypeScript shapes the models write compile and run: enums, satisfies, merged interfaces, abstract classes, <T,>', async () => {
  const e = await dropReact('board.tsx', C.TS_SHAPES);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #first');
  assert.equal(await text(page, '#root #first'), 'xbDONE');
  await page.fill('#root #title', 'Write');
  await page.click('#root #add');
  await page.waitForSelector('#root li');
  assert.equal(await text(page, '#root li'), 'Write: todo');
  assert.equal(await style(page, '#root li', 'backgroundColor'), 'rgb(226, 232, 240)', 'COLORS.todo');
  await page.click('#root li');
  await eventually(async () => (await text(page, '#root li')) === 'Write: doing', 'the reducer advanced it');
  assert.equal(await style(page, '#root li', 'backgroundColor'), 'rgb(253, 230, 138)');
  quiet(page);
  await context.close();
});

test('a canvas game runs on requestAnimationFrame and the arrow keys', async () => {
  const e = await dropReact('snake.jsx', C.SNAKE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #board');
  const green = () => page.$eval('#root #board', (c) => {
    // Read through a copy, so the test's readbacks do not make Chromium warn about the game's canvas.
    const copy = document.createElement('canvas');
    copy.width = c.width;
    copy.height = c.height;
    const ctx = copy.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(c, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const cells = [];
    for (let y = 0; y < 20; y++) for (let x = 0; x < 20; x++) {
      const i = ((y * 20 + 5) * c.width + x * 20 + 5) * 4;
      if (d[i + 1] > 150 && d[i] < 100) cells.push(`${x},${y}`);
    }
    return cells;
  });
  assert.deepEqual(await green(), ['10,10'], 'the snake drawn before it starts');
  await page.click('#root #start');
  await page.keyboard.press('ArrowDown');
  await eventually(async () => (await green()).some((cell) => cell.split(',')[1] !== '10'), 'it moved down');
  // The arrow key went to the game, not to scrolling the page.
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  // Space, with the focus off the Start button (which space would also press), pauses.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press(' ');
  await eventually(async () => (await text(page, '#root #start')) === 'Start', 'space pauses');
  await shot(page, 'snake');
  quiet(page);
  await context.close();
});

// The colour a highlighter gave the first token reading `word` inside `selector` (its themes' colours
// are inline styles: with a theme, react-syntax-highlighter writes no token classes).
const tokenColour = (page, selector, word) =>
  page.$$eval(`${selector} span`, (spans, w) => {
    const token = spans.find((s) => s.children.length === 0 && s.textContent === w);
    return token ? getComputedStyle(token).color : `no token "${w}"`;
  }, word);

test("a chat answer's code blocks drawn by react-syntax-highlighter's Prism in oneDark, by language", async () => {
  const e = await dropReact('chat-code.jsx', C.CHAT_CODE);
  const { page, context } = await open(e);
  // Before: 'Cannot import "react-syntax-highlighter"', nothing rendered.
  await page.waitForSelector('#root [data-lang="tsx"] pre');
  const tsx = '#root [data-lang="tsx"] pre';
  const plain = 'rgb(171, 178, 191)';
  assert.equal(await style(page, tsx, 'backgroundColor'), 'rgb(40, 44, 52)', "oneDark's background");
  assert.equal(await style(page, tsx, 'color'), plain, "oneDark's text");
  // Its keywords in oneDark's violet, its function in blue, its built-in type in green: the tsx grammar is there.
  assert.equal(await tokenColour(page, tsx, 'export'), 'rgb(198, 120, 221)');
  assert.equal(await tokenColour(page, tsx, 'add'), 'rgb(97, 175, 239)');
  assert.equal(await tokenColour(page, tsx, 'number'), 'rgb(152, 195, 121)');
  assert.equal(await text(page, tsx), '1export function add(a: number, b: number) {\n2  return a + b;\n3}', 'numbered lines');
  // `py` is Python's alias: `def` is a keyword.
  assert.equal(await tokenColour(page, '#root [data-lang="py"] pre', 'def'), 'rgb(198, 120, 221)');
  // A language it does not carry is the code as plain text, in the theme.
  const befunge = '#root [data-lang="befunge"] pre';
  assert.match(await text(page, befunge), />:#,_@/);
  assert.equal(await page.$$eval(`${befunge} span`, (spans, p) => spans.filter((s) => !s.matches('.linenumber') && getComputedStyle(s).color !== p).length, plain), 0);
  assert.equal(await style(page, befunge, 'backgroundColor'), 'rgb(40, 44, 52)');
  assert.equal(await text(page, '#root code.rounded'), 'add(1, 2)', 'inline code stays inline');
  await page.click('#root [data-lang="tsx"] button');
  await eventually(async () => (await text(page, '#root [data-lang="tsx"] button')) === 'Copied', 'the copy button');
  await shot(page, 'chat-code');
  quiet(page);
  await context.close();
});

test("react-syntax-highlighter's default export (highlight.js) with a theme from its CommonJS styles", async () => {
  const e = await dropReact('snippet.jsx', C.HLJS_SNIPPET);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #sql');
  assert.equal(await style(page, '#root #sql', 'backgroundColor'), 'rgb(40, 44, 52)', "atomOneDark's background");
  assert.equal(await tokenColour(page, '#root #sql', 'SELECT'), 'rgb(198, 120, 221)');
  assert.equal(await tokenColour(page, '#root #sql', 'GROUP'), 'rgb(198, 120, 221)');
  assert.equal(await tokenColour(page, '#root #sql', 'true'), 'rgb(86, 182, 194)');
  assert.match(await text(page, '#root #sql'), /GROUP BY name;/);
  quiet(page);
  await context.close();
});

test('styled-components: theme, props, transient props, css, attrs, keyframes and a global style', async () => {
  const e = await dropReact('cards.jsx', C.STYLED_CARDS);
  const { page, context } = await open(e);
  // Before: 'Cannot import "styled-components"', nothing rendered.
  await page.waitForSelector('#root #card');
  assert.equal(await style(page, '#root #card', 'borderRadius'), '12px', "the theme's radius");
  assert.equal(await style(page, '#root #card', 'backgroundColor'), 'rgb(255, 255, 255)');
  assert.match(await style(page, '#root #card', 'animationName'), /\w/, 'keyframes');
  assert.equal(await style(page, '#root #inc', 'backgroundColor'), 'rgb(79, 70, 229)', '$primary');
  assert.equal(await style(page, '#root #inc', 'color'), 'rgb(255, 255, 255)');
  assert.equal(await style(page, '#root #reset', 'backgroundColor'), 'rgba(0, 0, 0, 0)');
  assert.equal(await style(page, '#root #reset', 'color'), 'rgb(79, 70, 229)');
  assert.equal(await page.getAttribute('#root #inc', 'type'), 'button', 'attrs');
  assert.equal(await page.getAttribute('#root #inc', '$primary'), null, 'a transient prop stays off the DOM');
  assert.match(await style(page, '#root .app-root', 'fontFamily'), /^system-ui/, 'createGlobalStyle');
  assert.equal(await style(page, '#root #count', 'color'), 'rgb(17, 24, 39)');
  for (let i = 0; i < 3; i++) await page.click('#root #inc');
  await eventually(async () => (await text(page, '#root #count')) === '3', 'counted');
  assert.equal(await style(page, '#root #count', 'color'), 'rgb(220, 38, 38)', 'restyled from its props');
  await shot(page, 'styled-components');
  quiet(page);
  await context.close();
});

test("use-debounce: a debounced value filters the list once typing stops; a debounced callback saves", async () => {
  const e = await dropReact('search.jsx', C.DEBOUNCED_SEARCH);
  const { page, context } = await open(e);
  // Before: 'Cannot import "use-debounce"'.
  await page.waitForSelector('#root #q');
  assert.equal(await page.$$eval('#root #results li', (l) => l.length), 5);
  await page.type('#root #q', 'ap', { delay: 20 });
  const typed = Date.now();
  // Not at once: the value waits 300 ms after the last key (checked only while that is so on a
  // busy machine).
  const before = await page.$$eval('#root #results li', (l) => l.length);
  if (Date.now() - typed < 200) assert.equal(before, 5);
  await eventually(async () => (await page.$$eval('#root #results li', (l) => l.map((x) => x.textContent).join())) === 'Apple,Apricot', 'filtered');
  await eventually(async () => (await text(page, '#root #saved')) === 'Saved: ap', 'saved once');
  quiet(page);
  await context.close();
});

test("a component's global CSS (body colours, every h1, an unscoped <style jsx>) leaves Plug's header as it was", async () => {
  const e = await dropReact('terminal.jsx', C.GLOBAL_CSS_DARK);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #title');
  // The component's CSS is its page's, as in Claude's frame: before, #root's own white canvas and
  // #111 text hid the body's colours (dark grey on navy where the artifact was light on navy).
  assert.equal(await style(page, 'body', 'backgroundColor'), 'rgb(15, 23, 42)');
  assert.equal(await style(page, '#root', 'backgroundColor'), 'rgba(0, 0, 0, 0)');
  assert.equal(await style(page, '#root #title', 'color'), 'rgb(244, 114, 182)');
  assert.equal(await style(page, '#root #title', 'textTransform'), 'uppercase');
  assert.equal(await style(page, '#root #line', 'color'), 'rgb(226, 232, 240)');
  assert.match(await style(page, '#root #line', 'fontFamily'), /Courier New/);
  // Before: the title was pink, uppercase, spaced, glowing and in Georgia, its button's text in
  // Courier: the header's type and colour came from the body the component restyled.
  const title = '.plug-header h1';
  assert.equal(await style(page, title, 'color'), 'rgb(31, 35, 40)');
  assert.match(await style(page, title, 'fontFamily'), /^system-ui/);
  assert.equal(await style(page, title, 'textTransform'), 'none');
  assert.equal(await style(page, title, 'letterSpacing'), 'normal');
  assert.equal(await style(page, title, 'textShadow'), 'none');
  assert.match(await style(page, '.plug-download', 'fontFamily'), /^system-ui/);
  assert.equal(await style(page, '.plug-download', 'letterSpacing'), 'normal');
  // `header { background: #000 }` does not reach the header's own glass.
  assert.equal(await style(page, '.plug-header', 'backgroundColor'), 'rgba(255, 255, 255, 0.88)');
  await shot(page, 'global-css');
  quiet(page);
  await context.close();
});

test('a TypeScript namespace of values is named with its line; one of types alone, or one in a string, renders', async () => {
  const e = await dropReact('converter.tsx', C.TS_NAMESPACE_VALUES);
  const { page, context } = await open(e);
  // Before: "ReferenceError: Temperature is not defined" at its first use, the namespace unnamed.
  await page.waitForSelector('.plug-error');
  assert.equal(await text(page, '.plug-error h2'), 'This component uses a TypeScript namespace.');
  assert.match(await text(page, '.plug-error pre'), /^TypeScript namespace "Temperature" \(line 5: namespace Temperature \{\) holds values, .*\(Sucrase\) keeps only a namespace's types\. Write it as an object \(const Temperature = \{ … \}\)/);
  assert.equal(await page.$$eval('#root *', (n) => n.length), 0, 'nothing half-rendered');
  await context.close();
  const types = await dropReact('users.tsx', C.TS_NAMESPACE_TYPES);
  const opened = await open(types);
  await opened.page.waitForSelector('#root #u li');
  assert.equal(await text(opened.page, '#root #u'), 'Ada (admin)');
  assert.match(await text(opened.page, '#root #cs'), /^namespace Shop \{/);
  quiet(opened.page);
  await opened.context.close();
});
