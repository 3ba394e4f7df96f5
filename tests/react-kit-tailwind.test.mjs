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
