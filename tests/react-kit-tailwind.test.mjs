// The Tailwind worker of single-file React pages enables only the core plugins a component's text
// can reach (unusedCorePlugins, crates/render/react-kit/lib/tailwind-config.js): on every component
// of tests/support/ai-components.mjs, ai-components-shadcn.mjs and ai-components-libraries.mjs, and on text whose words only look like classes, the CSS must
// be what Tailwind generates with all of them. Real Tailwind (the browser build the worker bundles),
// no Worker needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './support/worker.mjs';
import * as base from './support/ai-components.mjs';
import * as shadcn from './support/ai-components-shadcn.mjs';
import * as libraries from './support/ai-components-libraries.mjs';

const components = { ...base, ...shadcn, ...libraries };

const nodeModules = join(ROOT, 'node_modules');
const kit = join(ROOT, 'crates/render/react-kit/lib');
const { createTailwindcss } = await import(pathToFileURL(join(nodeModules, '@mhsdesign/jit-browser-tailwindcss/dist/module.esm.js')));
const { TAILWIND_CONFIG, unusedCorePlugins } = await import(pathToFileURL(join(kit, 'tailwind-config.js')));
const { corePluginKeys } = await import(pathToFileURL(join(kit, 'tailwind-plugins.mjs')));
const keys = corePluginKeys(nodeModules, TAILWIND_CONFIG);
const CSS = '@tailwind components;\n@tailwind utilities;';
const generate = (content, corePlugins) =>
  createTailwindcss({ tailwindConfig: corePlugins ? { ...TAILWIND_CONFIG, corePlugins } : TAILWIND_CONFIG }).generateStylesFromContent(CSS, [content]);

test('only the core plugins a component reaches: the same CSS as all of them, with most of them off', async () => {
  const sources = Object.entries(components).filter(([, v]) => typeof v === 'string');
  assert.ok(sources.length >= 8);
  for (const [name, source] of sources) {
    const unused = unusedCorePlugins(source, keys);
    assert.ok(Object.keys(unused).length > 100, `${name}: ${Object.keys(unused).length} plugins off`);
    assert.equal(await generate(source, unused), await generate(source), name);
  }
});

test('words that only look like classes, in code and arbitrary values, keep their plugins', async () => {
  const text = `const shown = items.filter((x) => x.visible).map((x) => x.transform);
    <div className={\`\${open ? "!-mt-2 hover:shadow-lg" : "blur-sm"} bg-[#0f172a]/50 [&>svg]:size-4\`} />`;
  const unused = unusedCorePlugins(text, keys);
  for (const plugin of ['filter', 'transform', 'margin', 'boxShadow', 'blur', 'backgroundColor', 'size']) {
    if (keys[plugin]) assert.ok(!(plugin in unused), plugin);
  }
  assert.equal(await generate(text, unused), await generate(text));
});

test("@tailwindcss/typography's prose, added by the worker for a source naming it, is the same with the plugins a component reaches", async () => {
  const { PROSE_CHAT } = await import('./support/ai-components-sweep6.mjs');
  const { default: typography } = await import(pathToFileURL(join(nodeModules, '@tailwindcss/typography/src/index.js')));
  const config = { ...TAILWIND_CONFIG, plugins: [...TAILWIND_CONFIG.plugins, typography] };
  const unused = unusedCorePlugins(PROSE_CHAT, keys);
  const css = (corePlugins) => createTailwindcss({ tailwindConfig: corePlugins ? { ...config, corePlugins } : config }).generateStylesFromContent(CSS, [PROSE_CHAT]);
  const lean = await css(unused);
  assert.match(lean, /\.prose :where\(h1\)/);
  assert.match(lean, /\.prose-slate \{/);
  assert.match(lean, /\.lg\\:prose-lg/);
  assert.equal(lean, await css());
});

test("Tailwind v4's bare numbers (sweep 12) add only the keys v3's scales lack, and v3's classes keep v3's CSS", async () => {
  const { tailwindFourValues, V3_NUMBERS } = await import(pathToFileURL(join(kit, 'tailwind-config.js')));
  const { default: defaults } = await import(pathToFileURL(join(nodeModules, 'tailwindcss/defaultTheme.js')));
  // The worker's table of v3's numbers is v3's own.
  for (const [key, numbers] of Object.entries(V3_NUMBERS)) {
    const scale = key === 'divideWidth' ? defaults.borderWidth : defaults[key];
    assert.deepEqual(numbers.split(' ').filter(Boolean).sort(), Object.keys(scale).filter((k) => /^(span-)?\d+(\.\d+)?$/.test(k)).sort(), key);
  }
  const v3 = '<div className="w-4 h-96 p-2.5 -mt-8 max-w-7xl opacity-75 z-50 grid-cols-12 col-span-6 duration-300 scale-95 rotate-45 border-2 leading-7 aspect-video bg-black/50 w-1/2 text-2xl">';
  assert.deepEqual(tailwindFourValues(v3), {});
  const v4 = '<div className="w-18 -mt-15 p-4.5 p-4.3 max-w-120 opacity-12 z-60 lg:grid-cols-15 col-span-13 duration-400 hover:scale-102 rotate-y-15 aspect-4/3 bg-black/12 leading-12 border-3">';
  assert.deepEqual(tailwindFourValues(v4), {
    spacing: { 18: '4.5rem', 15: '3.75rem', 4.5: '1.125rem', 120: '30rem' },
    opacity: { 12: '0.12' },
    zIndex: { 60: '60' },
    gridTemplateColumns: { 15: 'repeat(15, minmax(0, 1fr))' },
    gridColumn: { 'span-13': 'span 13 / span 13' },
    transitionDuration: { 400: '400ms' },
    scale: { 102: '1.02' },
    rotate: { 15: '15deg' },
    aspectRatio: { '4/3': '4 / 3' },
    lineHeight: { 12: '3rem' },
    borderWidth: { 3: '3px' },
  });
  const extend = { ...TAILWIND_CONFIG.theme.extend };
  for (const [key, value] of Object.entries(tailwindFourValues(v3 + v4))) extend[key] = { ...value, ...extend[key] };
  const four = await createTailwindcss({ tailwindConfig: { ...TAILWIND_CONFIG, theme: { ...TAILWIND_CONFIG.theme, extend } } }).generateStylesFromContent(CSS, [v3]);
  assert.equal(four, await generate(v3));
});

test("Tailwind v4's `w-(--var)` shorthand (sweep 12) gets v3's `w-[var(--var)]` CSS under its own name", async () => {
  const { tailwindFourVariables } = await import(pathToFileURL(join(kit, 'tailwind-config.js')));
  const text = '<aside className="w-(--sidebar-width) hover:bg-(--brand) md:h-(--header-h) bg-(image:--hero) p-[var(--pad)] p-(--pad)">';
  const four = tailwindFourVariables(text);
  const css = four.rename(await createTailwindcss({ tailwindConfig: TAILWIND_CONFIG }).generateStylesFromContent(CSS, [text, four.extra]));
  assert.match(css, /\.w-\\\(--sidebar-width\\\) \{\s*width: var\(--sidebar-width\)/);
  assert.match(css, /\.hover\\:bg-\\\(--brand\\\):hover \{\s*background-color: var\(--brand\)/);
  assert.match(css, /\.md\\:h-\\\(--header-h\\\) \{\s*height: var\(--header-h\)/);
  assert.match(css, /\.bg-\\\(image\\:--hero\\\) \{\s*background-image: var\(--hero\)/);
  // A class whose v3 form the text also names keeps that one; the v4 twin is left.
  assert.match(css, /\.p-\\\[var\\\(--pad\\\)\\\] \{/);
  assert.doesNotMatch(css, /\.p-\\\(--pad/);
  assert.doesNotMatch(css, /\[var\\\(--(sidebar|brand|header|hero)/);
});

test("Tailwind v4's `!` suffix and `(--var)/50` opacity (sweep 13) get v3's CSS under their own names; inset shadows and masks are v4's", async () => {
  const { tailwindFourVariables } = await import(pathToFileURL(join(kit, 'tailwind-config.js')));
  const text = '<b className="bg-red-500! bg-red-500/50! hover:bg-(--brand)! md:-mt-2! bg-(--status)/15 border-(--line)/40 w-(--w)/50 inset-shadow-sm inset-ring inset-ring-red-500/20 mask-b-from-40% mask-radial-to-70%">Saved!</b>';
  const four = tailwindFourVariables(text);
  const css = four.rename(await createTailwindcss({ tailwindConfig: TAILWIND_CONFIG }).generateStylesFromContent(CSS, [text, four.extra]));
  assert.match(css, /\.bg-red-500\\! \{\s*--tw-bg-opacity: 1 !important;\s*background-color: rgb\(239 68 68 \/ var\(--tw-bg-opacity\)\) !important/);
  // The whole class is renamed, not the start of a longer one.
  assert.match(css, /\.bg-red-500\\\/50\\! \{\s*background-color: rgb\(239 68 68 \/ 0\.5\) !important/);
  assert.match(css, /\.hover\\:bg-\\\(--brand\\\)\\!:hover \{\s*background-color: var\(--brand\) !important/);
  assert.match(css, /\.md\\:-mt-2\\! \{\s*margin-top: -0\.5rem !important/);
  assert.match(css, /\.bg-\\\(--status\\\)\\\/15 \{\s*background-color: color-mix\(in oklab,var\(--status\) 15%,transparent\)/);
  assert.match(css, /\.border-\\\(--line\\\)\\\/40 \{\s*border-color: color-mix\(in oklab,var\(--line\) 40%,transparent\)/);
  // An opacity is a colour's only: `w-(--w)/50` is nothing.
  assert.doesNotMatch(css, /--w/);
  assert.doesNotMatch(css, /\\!bg-|\[color\\:|Saved/);
  assert.match(css, /\.inset-shadow-sm \{\s*--tw-inset-shadow: inset 0 2px 4px var\(--tw-inset-shadow-color, rgb\(0 0 0 \/ 0\.05\)\);\s*box-shadow: var\(--tw-inset-shadow/);
  assert.match(css, /\.inset-ring-red-500\\\/20 \{\s*--tw-inset-ring-color: rgb\(239 68 68 \/ 0\.2\)/);
  assert.match(css, /\.mask-b-from-40\\% \{\s*mask-image: var\(--tw-mask-top, linear-gradient\(#fff, #fff\)\)[^}]*mask-composite: intersect;[^}]*--tw-mask-bottom-from-position: 40%/);
  assert.match(css, /\.mask-radial-to-70\\% \{[^}]*--tw-mask-radial: radial-gradient\(/);
});
