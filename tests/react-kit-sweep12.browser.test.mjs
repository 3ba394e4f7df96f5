// Single-file React components of sweep 12 (tests/support/ai-components-sweep12.mjs), written with
// Tailwind v4's names as v0 and models trained on v4 now write them into otherwise v3 components: a
// v0 profile card on bare numbers v3's scales lack (`max-w-120`, `aspect-4/3`, `size-18`,
// `grid-cols-15`, `bg-black/12`, `z-60`, `duration-400`), `bg-(--var)` and `not-last:`, and a flashcard flipping
// with v4's 3D transforms. Before, each of those classes made no CSS: the card spanned the window,
// the cover had no height, the avatar its image's size, the activity grid one column, and the
// flashcard showed its answer from the start, never flipping. Dropped on the real Worker and opened
// in Chromium; what is asserted is what a person sees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useReactWorld, quiet, style } from './support/react-pages.mjs';
import * as C from './support/ai-components-sweep12.mjs';

const world = useReactWorld('react-kit-sweep12');
const { SHOTS, dropReact, open } = world;

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
const notices = (page) => page.$$eval('.plug-notice', (ns) => ns.map((n) => n.textContent));
const box = (page, selector) => page.$eval(selector, (el) => {
  const r = el.getBoundingClientRect();
  return { width: Math.round(r.width), height: Math.round(r.height) };
});

/** The colour painted at the centre of an element, read from a screenshot of the page. */
async function paintedAt(page, selector) {
  const { x, y } = await page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { x: Math.round(r.x + r.width / 2), y: Math.round(r.y + r.height / 4) };
  });
  const png = (await page.screenshot({ clip: { x, y, width: 1, height: 1 } })).toString('base64');
  return page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = new OffscreenCanvas(1, 1);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
  }, png);
}

test("v0's profile card on Tailwind v4's bare numbers, bg-(--var) and not-last: sized, laid out and ruled as v4 draws it", async () => {
  const e = await dropReact('profile-card.tsx', C.V0_PROFILE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #activity > div');
  // max-w-120 is 30rem; aspect-4/3 gives the cover its height from that width.
  assert.equal((await box(page, '#root #card')).width, 480);
  assert.deepEqual(await box(page, '#root #cover'), { width: 480, height: 360 });
  // size-18: 4.5rem square.
  assert.deepEqual(await box(page, '#root #avatar'), { width: 72, height: 72 });
  // grid-cols-15: fifteen columns.
  assert.equal((await style(page, '#root #activity', 'grid-template-columns')).split(' ').length, 15);
  assert.equal(await style(page, '#root #cover > div', 'background-color'), 'rgba(0, 0, 0, 0.12)');
  assert.equal(await style(page, '#root #toast', 'z-index'), '60');
  // bg-(--accent-color): the variable the card sets.
  assert.equal(await style(page, '#root #dot', 'background-color'), 'rgb(249, 115, 22)');
  assert.equal(await style(page, '#root #follow', 'transition-duration'), '0.4s');
  // not-last: every link but the last is ruled.
  assert.deepEqual(await page.$$eval('#root #links li', (lis) => lis.map((li) => getComputedStyle(li).borderBottomWidth)), ['1px', '1px', '0px']);
  await page.hover('#root #follow');
  await page.waitForFunction(() => getComputedStyle(document.querySelector('#root #follow')).transform === 'matrix(1.02, 0, 0, 1.02, 0, 0)');
  await page.click('#root #follow');
  assert.equal(await page.textContent('#root #toast'), 'You follow Maya');
  await shot(page, 'v0-profile-v4');
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});

test('a flashcard flipped with Tailwind v4\'s 3D transforms: the question shows first, a click turns the card to its answer, and back', async () => {
  const e = await dropReact('Flashcards.jsx', C.V4_FLASHCARDS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #front');
  assert.equal(await style(page, '#root #card', 'perspective'), '1200px');
  assert.equal(await style(page, '#root #inner', 'transform-style'), 'preserve-3d');
  assert.equal(await style(page, '#root #back', 'backface-visibility'), 'hidden');
  // The question's indigo face is the one seen, not the answer's emerald one laid over it.
  assert.deepEqual(await paintedAt(page, '#root #card'), [0x4f, 0x46, 0xe5]);
  await page.click('#root #card');
  await page.waitForFunction(() => getComputedStyle(document.querySelector('#root #inner')).transform.startsWith('matrix3d(-1,'));
  assert.deepEqual(await paintedAt(page, '#root #card'), [0x10, 0xb9, 0x81]);
  await shot(page, 'v4-flashcard-flipped');
  await page.click('#root #next');
  assert.equal(await page.textContent('#root #count'), 'Card 2 of 3');
  await page.waitForFunction(() => getComputedStyle(document.querySelector('#root #inner')).transform === 'none');
  assert.deepEqual(await paintedAt(page, '#root #card'), [0x4f, 0x46, 0xe5]);
  assert.deepEqual(await notices(page), []);
  quiet(page);
  await context.close();
});
