// Tailwind CSS v3's JIT compiler in a Web Worker, so the page's thread parses the component's
// libraries meanwhile. Asked with { content, kit }: the component's source, and whether it imports
// the `@/components/ui` kit. Answers { css }: the theme variables, preflight, the kit's classes when
// it is used, and the component's own classes, or "" when the component has no Tailwind class.
//
// Preflight and the kit's classes were compiled at build time (scripts/vendor-react-kit.mjs): the
// kit's variant classes (`data-[state=open]:…`, `[&>svg]:…`) are the slowest Tailwind generates,
// and they are the same on every page. Order as Tailwind's own: preflight, the kit's plain
// utilities, the component's utilities (with the kit's screen variants), then the kit's other
// variants, less those the component's CSS already holds.
import { createTailwindcss } from "@mhsdesign/jit-browser-tailwindcss";
import colors from "tailwindcss/colors";
import precompiled from "../kit-css.generated.js";
import { TAILWIND_CONFIG, THEME_VARIABLES } from "../lib/tailwind-config.js";

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

async function compile({ content, kit }) {
  const texts = kit ? [content, precompiled.screenClasses] : [content];
  const theme = { ...TAILWIND_CONFIG.theme, colors: paletteFor(texts.join("\n")) };
  const compiler = createTailwindcss({ tailwindConfig: { ...TAILWIND_CONFIG, theme } });
  const own = (await compiler.generateStylesFromContent("@tailwind components;\n@tailwind utilities;", texts)).trim();
  if (!kit && !own) return "";
  const variants = kit ? precompiled.variants.filter(([selector]) => !own.includes(selector)).map(([, css]) => css) : [];
  return [THEME_VARIABLES, precompiled.base, kit ? precompiled.plain : "", own, ...variants].join("\n");
}

self.onmessage = async ({ data }) => {
  try {
    self.postMessage({ css: await compile(data) });
  } catch (error) {
    self.postMessage({ error: String((error && error.stack) || error) });
  }
};
