// Tailwind CSS v3's JIT compiler in a Web Worker, so the page's thread parses the component's
// libraries meanwhile. Asked with { content, kit, config }: the component's source, the
// `@/components/ui` components it imports and the `tailwind.config` it set, if any. Answers { css }: the theme variables, preflight and the
// CSS of the component's classes and its kit components', or "" when it has no Tailwind class.
//
// Preflight and the kit's variant classes (`data-[state=open]:…`, `[&>svg]:…`, the slowest Tailwind
// generates) were compiled at build time (scripts/vendor-react-kit.mjs). The kit components' other
// classes are compiled here with the component's own, so Tailwind orders them as one; the
// precompiled variants follow, less those the component's CSS already holds. Only the order
// between a kit variant and a component's variant on one element can differ from Tailwind's own.
import { createTailwindcss } from "@mhsdesign/jit-browser-tailwindcss";
import colors from "tailwindcss/colors";
import precompiled from "../kit-css.generated.js";
import { TAILWIND_CONFIG, THEME_VARIABLES, tailwindFourValues, tailwindFourVariables, unusedCorePlugins } from "../lib/tailwind-config.js";

// Tailwind v3's default palette. A class can only use a colour family whose name it contains, so
// the palette handed to Tailwind keeps just the families the content names: the CSS is the same,
// and Tailwind, which flattens the palette once per colour utility, runs about three times faster.
// Gray and blue stay: preflight's placeholder and border colours and the ring default use them.
const FAMILIES = ["slate", "gray", "zinc", "neutral", "stone", "red", "orange", "amber", "yellow", "lime", "green",
  "emerald", "teal", "cyan", "sky", "blue", "indigo", "violet", "purple", "fuchsia", "pink", "rose"];

function paletteFor(text) {
  const palette = { inherit: "inherit", current: "currentColor", transparent: "transparent", black: colors.black, white: colors.white };
  for (const family of FAMILIES) {
    if (family === "gray" || family === "blue" || text.includes(family)) palette[family] = colors[family];
  }
  return palette;
}

// The classes and variants of a separately loaded component (calendar, chart, …), a module beside
// this one (scripts/vendor-react-kit.mjs), imported only when the page imports that component.
const extra = (name) => import(new URL(`kit-css/${name}.mjs`, import.meta.url).href).then((m) => m.default);

// @tailwindcss/typography (`prose`, `prose-slate`, `lg:prose-xl`, `dark:prose-invert`), which chat
// screens and blog posts wrap rendered Markdown in: a module beside this one, imported only when
// the text names `prose` (22 KB gzip with its selector parser and palette, which no other page needs).
let typography;
async function pluginsFor(text) {
  if (!/(^|[^\w-])prose\b/.test(text)) return TAILWIND_CONFIG.plugins;
  typography ??= import(new URL("tailwind-typography.mjs", import.meta.url).href).then((m) => m.default);
  return [...TAILWIND_CONFIG.plugins, await typography];
}

// The component's own `tailwind.config = { theme, darkMode }` (written for the Tailwind CDN's global),
// over Plug's: its `extend` merged key by key into the kit's, its other theme keys replacing v3's.
// A shadcn project's (v0's, Lovable's: a source importing from "@/…" or "next/…") `container` is
// centred with 2rem of padding and 1400px wide at most, as every such project's tailwind.config
// sets it; v3's own (left-aligned, no padding, up to 1536px) drew a v0 page's header and content
// against the window's left edge.
const SHADCN_CONTAINER = { center: true, padding: "2rem", screens: { "2xl": "1400px" } };
const SHADCN_PROJECT = /\bfrom\s*["'](?:@\/|next\/)/;
function configFor(text, user = {}) {
  const { extend: userExtend = {}, ...userTheme } = user.theme ?? {};
  const extend = { ...TAILWIND_CONFIG.theme.extend };
  // v4's bare numbers (`w-18`, `z-60`, `aspect-4/3`) the text names, under the file's own extend.
  for (const [key, value] of Object.entries(tailwindFourValues(text))) extend[key] = { ...value, ...extend[key] };
  for (const [key, value] of Object.entries(userExtend)) extend[key] = { ...extend[key], ...value };
  const container = SHADCN_PROJECT.test(text) ? { container: SHADCN_CONTAINER } : {};
  const theme = { ...TAILWIND_CONFIG.theme, colors: paletteFor(text), ...container, ...userTheme, extend };
  return { ...TAILWIND_CONFIG, theme, ...(user.darkMode ? { darkMode: user.darkMode } : {}) };
}

async function compile({ content, kit, config, input }) {
  if (input !== undefined) {
    // A later pass (react.js): classes the rendered page holds that its source never spelt out
    // (`bg-${color}-500`) and the `@apply` of its <style> elements; only their CSS.
    // v4's `w-(--sidebar-width)` as v3's `w-[var(--sidebar-width)]`, renamed back after.
    const four = tailwindFourVariables(`${content}\n${input}`);
    const text = `${content}\n${input}\n${four.extra}`;
    const corePlugins = unusedCorePlugins(text, precompiled.plugins);
    const plugins = await pluginsFor(text);
    const compiler = createTailwindcss({ tailwindConfig: { ...configFor(text, config), corePlugins, plugins } });
    return four.rename((await compiler.generateStylesFromContent(`@tailwind components;\n@tailwind utilities;\n${input}`, [content, four.extra])).trim());
  }
  const extras = await Promise.all(kit.filter((name) => precompiled.extras.includes(name)).map(extra));
  const four = tailwindFourVariables(content);
  const texts = [content, four.extra, ...kit.map((name) => precompiled.classes[name] ?? ""), ...extras.map((e) => e.classes)];
  const text = texts.join("\n");
  // Only the core plugins the text can reach: a cold run takes about a third of the time.
  const corePlugins = unusedCorePlugins(text, precompiled.plugins);
  const plugins = await pluginsFor(text);
  const compiler = createTailwindcss({ tailwindConfig: { ...configFor(text, config), corePlugins, plugins } });
  const own = four.rename((await compiler.generateStylesFromContent("@tailwind components;\n@tailwind utilities;", texts)).trim());
  if (kit.length === 0 && !own) return "";
  // The kit's variants with those of the separate components it imports, in Tailwind's order.
  const rules = new Map();
  for (const rule of [...precompiled.variants, ...extras.flatMap((e) => e.variants)]) rules.set(rule[2], rule);
  const ordered = [...rules.values()].sort((a, b) => a[2] - b[2]);
  const variants = kit.length ? ordered.filter(([selector]) => !own.includes(selector)).map(([, css]) => css) : [];
  return [THEME_VARIABLES, precompiled.base, own, ...variants].join("\n");
}

self.onmessage = async ({ data }) => {
  try {
    self.postMessage({ css: await compile(data) });
  } catch (error) {
    self.postMessage({ error: String((error && error.stack) || error) });
  }
};
