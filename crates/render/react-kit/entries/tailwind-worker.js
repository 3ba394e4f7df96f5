// Tailwind CSS v3's JIT compiler in a Web Worker, so the page's thread parses the component's
// libraries meanwhile. Asked with { css, content, config, kit }: kit names the ui components whose
// classes join the component's own.
import { createTailwindcss } from "@mhsdesign/jit-browser-tailwindcss";
import colors from "tailwindcss/colors";
import kitClasses from "../ui-classes.generated.js";

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

self.onmessage = async ({ data }) => {
  try {
    const content = [data.content, ...data.kit.map((name) => kitClasses[name] ?? "")];
    const theme = { ...data.config.theme, colors: paletteFor(content.join("\n")) };
    const compiler = createTailwindcss({ tailwindConfig: { ...data.config, theme } });
    self.postMessage({ css: await compiler.generateStylesFromContent(data.css, content) });
  } catch (error) {
    self.postMessage({ error: String((error && error.stack) || error) });
  }
};
