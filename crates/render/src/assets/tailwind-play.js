// Tailwind's Play CDN (`<script src="https://cdn.tailwindcss.com">`), which AI tools' HTML pages
// load, answered from the drop's own origin (crates/render/src/cdn.rs; docs/serving.md: CDN
// libraries in HTML pages). Like the Play CDN it reads `tailwind.config` (set by the page's next
// script), `<style type="text/tailwindcss">` blocks (`@apply`, `@layer`), and compiles the
// classes the page holds and later gains into one `<style>`, with Tailwind v3's own compiler.
//
// Like the Play CDN it compiles in a MutationObserver, before the page's scripts run: the parser
// delivers the records of what it has read before it runs each script (HTML's microtask
// checkpoint at a `</script>`), so a page's inline script at the end of `<body>` finds its
// classes styled and measures the layout the page shows. An ECharts or D3 chart sized from its
// container's width there was drawn for the unstyled, full-width box (a pie off the edge of its
// card) when the compile waited for DOMContentLoaded. The page stays hidden until its first CSS is in (a page
// with no script after its markup is compiled once it is parsed), and for at most HIDE_MS.
import { createTailwindcss } from "@mhsdesign/jit-browser-tailwindcss";

const HIDE_MS = 3000;
const tailwind = (window.tailwind = window.tailwind || {});
const hide = document.createElement("style");
hide.textContent = "html{visibility:hidden!important}";
document.head.append(hide);
const reveal = () => hide.remove();
setTimeout(reveal, HIDE_MS);

// The Play CDN's `?plugins=` (`cdn.tailwindcss.com?plugins=forms,typography`): typography, which
// pages rendering Markdown with marked into `prose` ask for, is the module the React viewer's
// Tailwind worker imports for `prose` (react-kit/); forms (inputs with their borders, checkboxes
// drawn) is @tailwindcss/forms beside this file. Each is fetched at once beside the page's parse;
// until they are in (or fail) the page stays hidden, as for its first CSS, for at most HIDE_MS:
// the compiles before lack them, the one after has them. Other plugins are ignored.
const PLUGINS = { typography: "../react-kit/tailwind-typography.mjs", forms: "./tailwind-forms.mjs" };
const own = document.currentScript?.src;
const names = own ? (new URL(own).searchParams.get("plugins") || "").split(",").map((name) => name.trim()) : [];
const asked = [...new Set(names)].filter((name) => Object.hasOwn(PLUGINS, name)).map((name) => PLUGINS[name]);
let plugins = [];
let pluginsPending = false;
if (asked.length) {
  pluginsPending = true;
  Promise.all(asked.map((path) => import(new URL(path, own).href).then(
    (m) => m.default,
    (error) => console.warn("Tailwind: a plugin did not load", path, error),
  )))
    .then((loaded) => (plugins = loaded.filter(Boolean)))
    .finally(() => {
      pluginsPending = false;
      compile();
    });
}

const output = document.createElement("style");
let compiledConfig;
let compiledCustom;
const seen = new Set();

function customCss() {
  return [...document.querySelectorAll('style[type="text/tailwindcss"]')].map((s) => s.textContent).join("\n");
}

// Tailwind v3's own compiler, run on the whole document as it stands. Its answer is a promise,
// but nothing in it waits for a task (no I/O, no timer): started in the observer's callback, its
// every step runs in the same microtask checkpoint, before the parser runs the next script.
let compiler = null;
async function compile() {
  compiledConfig = tailwind.config;
  compiledCustom = customCss();
  try {
    if (!compiler || compiler.config !== compiledConfig || compiler.plugins !== plugins) {
      const config = compiledConfig || {};
      compiler = createTailwindcss({ tailwindConfig: { ...config, plugins: [...(config.plugins || []), ...plugins] } });
      compiler.config = compiledConfig;
      compiler.plugins = plugins;
    }
    output.textContent = await compiler.generateStylesFromContent(
      `@tailwind base;\n@tailwind components;\n@tailwind utilities;\n${compiledCustom}`,
      [document.documentElement.outerHTML],
    );
    if (!output.isConnected) document.head.append(output);
  } catch (error) {
    console.warn("Tailwind:", error);
  }
  if (!pluginsPending) reveal();
}

// A class not seen before, anywhere in the page, is what makes Tailwind's answer change.
function hasNewClass(node) {
  let fresh = false;
  const visit = (el) => {
    for (const name of el.classList || []) {
      if (!seen.has(name)) {
        seen.add(name);
        fresh = true;
      }
    }
  };
  if (node.nodeType !== 1) return false;
  visit(node);
  for (const el of node.querySelectorAll("[class]")) visit(el);
  return fresh;
}

// A script the parser is about to run: a classic one, not `async` or `defer` (those, modules and
// `text/babel` run once the document is parsed, after `interactive` below).
function runsNow(node) {
  if (node.nodeName !== "SCRIPT" || node.async || node.defer) return false;
  const type = node.type.trim().toLowerCase();
  return type === "" || /^(text|application)\/(x-)?(java|ecma)script$/.test(type);
}

let owed = hasNewClass(document.documentElement);

function compileIfOwed() {
  if (owed || tailwind.config !== compiledConfig) {
    owed = false;
    compile();
  }
}

function onChange(records) {
  let scriptNext = false;
  for (const record of records) {
    if (record.type === "attributes") owed = hasNewClass(record.target) || owed;
    else for (const node of record.addedNodes) {
      owed = hasNewClass(node) || owed;
      scriptNext ||= runsNow(node);
    }
    // A `<style type="text/tailwindcss">` added or edited (never this file's own two).
    const twStyle = (n) => n.nodeName === "STYLE" && n.type === "text/tailwindcss";
    if (twStyle(record.target) || [...record.addedNodes].some(twStyle)) owed = true;
  }
  // While the page is parsed, compile only before a script runs, once the body has begun (the
  // head's scripts set `tailwind.config`, the one after this file's among them); the rest of the
  // parse is compiled at `interactive`.
  if (document.readyState === "loading" && !(scriptNext && document.body)) return;
  compileIfOwed();
}

new MutationObserver(onChange).observe(document.documentElement, {
  attributes: true,
  attributeFilter: ["class"],
  childList: true,
  subtree: true,
});
// The parse is over (before deferred and module scripts run, and before DOMContentLoaded): a
// config set in the last script, and the first reveal of a page with no class. The records since
// the last script reach `onChange` right after this callback, while the state is `interactive`.
const parsed = () => {
  if (customCss() !== compiledCustom || !output.isConnected) owed = true;
  compileIfOwed();
};
if (document.readyState === "loading") {
  document.addEventListener("readystatechange", parsed, { once: true });
} else parsed();
