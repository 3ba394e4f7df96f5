// Tailwind's Play CDN (`<script src="https://cdn.tailwindcss.com">`), which AI tools' HTML pages
// load, answered from the drop's own origin (crates/render/src/cdn.rs; README "Decisions": CDN
// libraries in HTML pages). Like the Play CDN it reads `tailwind.config` (set by the page's next
// script), `<style type="text/tailwindcss">` blocks (`@apply`, `@layer`), and compiles the
// classes the page holds and later gains into one `<style>`, with Tailwind v3's own compiler.
//
// The compiler answers asynchronously, so the page stays hidden until its first CSS is in (as the
// Play CDN's synchronous first run does) and for at most HIDE_MS, so a failure shows the page.
import { createTailwindcss } from "@mhsdesign/jit-browser-tailwindcss";

const HIDE_MS = 3000;
const tailwind = (window.tailwind = window.tailwind || {});
const hide = document.createElement("style");
hide.textContent = "html{visibility:hidden!important}";
document.head.append(hide);
const reveal = () => hide.remove();
setTimeout(reveal, HIDE_MS);

const output = document.createElement("style");
let compiler = null;
let compiledConfig;
const seen = new Set();
let pending = false;

function customCss() {
  return [...document.querySelectorAll('style[type="text/tailwindcss"]')].map((s) => s.textContent).join("\n");
}

async function compile() {
  pending = false;
  const config = tailwind.config || {};
  if (!compiler || config !== compiledConfig) {
    compiledConfig = config;
    compiler = createTailwindcss({ tailwindConfig: config });
  }
  const content = document.documentElement.outerHTML;
  const css = await compiler.generateStylesFromContent(
    `@tailwind base;\n@tailwind components;\n@tailwind utilities;\n${customCss()}`,
    [content],
  );
  output.textContent = css;
  if (!output.isConnected) document.head.append(output);
}

function schedule() {
  if (pending) return;
  pending = true;
  queueMicrotask(() => compile().catch((error) => console.warn("Tailwind:", error)).finally(reveal));
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

function start() {
  hasNewClass(document.documentElement);
  schedule();
  new MutationObserver((records) => {
    let fresh = false;
    for (const record of records) {
      if (record.type === "attributes") fresh = hasNewClass(record.target) || fresh;
      else for (const node of record.addedNodes) fresh = hasNewClass(node) || fresh;
      // A `<style type="text/tailwindcss">` added or edited (never this file's own two).
      const twStyle = (n) => n.nodeName === "STYLE" && n.type === "text/tailwindcss";
      if (twStyle(record.target) || [...record.addedNodes].some(twStyle)) fresh = true;
    }
    if (fresh) schedule();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["class"], childList: true, subtree: true });
}

// `tailwind.config = {...}` comes in the page's next script: compile once the document is parsed.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
