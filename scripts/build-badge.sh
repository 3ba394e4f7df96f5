#!/usr/bin/env bash
# Builds build/badge.js (the chip) and build/badge-panel.js (the About/Feedback panel the chip loads
# when the viewer reaches for it), each one file with its wasm inlined, and their .etag files, from
# the plug-badge crate (the `panel` feature picks the second):
# cargo (profile badge) -> wasm-bindgen --target no-modules -> wasm-opt -Oz -> wrap, inline, minify.
#
# Tools, each overridable by environment: WASM_BINDGEN (default: wasm-bindgen on PATH, then
# ~/.cargo/bin), WASM_OPT (default: node_modules/.bin/wasm-opt, which needs Node >= 22 first on
# PATH: node_modules/.bin/node is put there), ESBUILD (default: node_modules/.bin/esbuild).
# BADGE_INLINE=plain inlines plain base64 instead of gzip'd base64 (kept for size comparisons).
# The gzip is Zopfli's (the @gfx/zopfli devDependency).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$root/node_modules/.bin:$PATH"

wasm_bindgen="${WASM_BINDGEN:-$(command -v wasm-bindgen || echo "$HOME/.cargo/bin/wasm-bindgen")}"
wasm_opt="${WASM_OPT:-$root/node_modules/.bin/wasm-opt}"
esbuild="${ESBUILD:-$root/node_modules/.bin/esbuild}"
# cargo writes where CARGO_TARGET_DIR says (a target directory shared between checkouts).
target="${CARGO_TARGET_DIR:-$root/target}"
work="$root/target/badge-bundle"
out="$root/build"

for tool in "$wasm_bindgen" "$wasm_opt" "$esbuild"; do
  if [[ ! -x "$tool" ]]; then
    echo "build-badge: missing $tool (run scripts/setup.sh, or set WASM_BINDGEN/WASM_OPT/ESBUILD)" >&2
    exit 1
  fi
done

rm -rf "$work" && mkdir -p "$work" "$out"

# One crate, two wasm files: cargo writes both to the same path, so each is copied away first.
for bundle in badge badge-panel; do
  features=()
  [[ "$bundle" == badge-panel ]] && features=(--features panel)
  cargo build -p plug-badge --target wasm32-unknown-unknown --profile badge "${features[@]}"
  mkdir -p "$work/$bundle"
  cp "$target/wasm32-unknown-unknown/badge/plug_badge.wasm" "$work/$bundle/plug_badge.wasm"

  # No default module path: the wasm travels inside the script, never fetched from next to it.
  "$wasm_bindgen" --target no-modules --no-typescript --omit-default-module-path \
    --remove-name-section --remove-producers-section \
    --out-dir "$work/$bundle" "$work/$bundle/plug_badge.wasm"

  # rustc 1.95 emits these post-MVP features; wasm-opt must be told so it keeps (and may use) them.
  # The module always starts on fresh zeroed memory whose low kilobyte Rust never uses (its stack and
  # data begin at 1 MiB), which lets wasm-opt drop zero data and fold low addresses.
  "$wasm_opt" --low-memory-unused --zero-filled-memory -Oz --converge --strip-debug --strip-producers --strip-target-features \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-multivalue --enable-reference-types \
    "$work/$bundle/plug_badge_bg.wasm" -o "$work/$bundle/plug_badge.opt.wasm"
done

version="$(cargo metadata --no-deps --format-version 1 |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).packages.find(p=>p.name==="plug-badge").version))')"

# The wrapper: returns at once when a badge already runs (the no-modules glue declares a
# top-level `let`, so a second unwrapped copy would throw), sets the one global synchronously so
# even a second copy loaded before the first finished is a no-op, then unpacks and starts the wasm.
BADGE_VERSION="$version" BADGE_INLINE="${BADGE_INLINE:-gzip}" WORK="$work" node --input-type=module - <<'EOF'
import { readFileSync, writeFileSync } from "node:fs";
import { gzipAsync as zopfli } from "@gfx/zopfli";

const { BADGE_VERSION, BADGE_INLINE, WORK } = process.env;
const gzip = BADGE_INLINE === "gzip";
const unpack = gzip
  ? `new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()`
  : `Promise.resolve(bytes)`;

async function bundle(name) {
  let { wasm, glue } = minifyImports(
    readFileSync(`${WORK}/${name}/plug_badge.opt.wasm`),
    readFileSync(`${WORK}/${name}/plug_badge.js`, "utf8"),
  );
  glue = pruneLoader(glue);
  // Zopfli writes a gzip stream about 8% smaller than zlib's best (1 KB of badge.js) that any
  // gzip decoder, DecompressionStream included, reads; it is slow only at build time.
  const payload = Buffer.from(gzip ? await zopfli(wasm, { numiterations: 15 }) : wasm).toString("base64");
  return { glue, payload };
}

// wasm-bindgen names every import `__wbg_<name>_<16 hex digits>`, once in the wasm and once as a
// key of the glue's import object: about 4 KB of mostly incompressible text. Rename each to a
// short name in both places (and the import module name too). Every name must occur exactly once
// in the glue, so a change in wasm-bindgen's output fails the build instead of breaking the badge.
function minifyImports(wasm, glue) {
  let pos = 0;
  const leb = () => {
    let value = 0, shift = 0, byte;
    do {
      byte = wasm[pos++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const encodeLeb = (value) => {
    const bytes = [];
    do {
      let byte = value & 0x7f;
      value = Math.floor(value / 128);
      if (value) byte |= 0x80;
      bytes.push(byte);
    } while (value);
    return Buffer.from(bytes);
  };
  const name = () => {
    const length = leb();
    pos += length;
    return wasm.toString("utf8", pos - length, pos);
  };
  const encodeName = (text) => Buffer.concat([encodeLeb(Buffer.byteLength(text)), Buffer.from(text)]);
  const shortName = (index) => {
    const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let text = "";
    do {
      text = letters[index % 52] + text;
      index = Math.floor(index / 52) - 1;
    } while (index >= 0);
    return text;
  };
  const replaceOnce = (text, from, to) => {
    const parts = text.split(from);
    if (parts.length !== 2) throw new Error(`build-badge: ${from} occurs ${parts.length - 1} times in the glue`);
    return parts.join(to);
  };

  const sections = [wasm.subarray(0, 8)];
  pos = 8;
  while (pos < wasm.length) {
    const sectionStart = pos;
    const id = wasm[pos++];
    const size = leb();
    const end = pos + size;
    if (id !== 2) {
      pos = end;
      sections.push(wasm.subarray(sectionStart, end));
      continue;
    }
    const count = leb();
    const entries = [encodeLeb(count)];
    const modules = new Map();
    for (let index = 0; index < count; index++) {
      const module = name();
      const field = name();
      const descriptorStart = pos;
      const kind = wasm[pos++];
      if (kind === 0) leb(); // function: type index
      else if (kind === 1 || kind === 2) {
        if (kind === 1) pos++; // table: element type
        const flags = wasm[pos++];
        leb();
        if (flags & 1) leb();
      } else if (kind === 3) pos += 2; // global: value type, mutability
      else throw new Error(`build-badge: unexpected import kind ${kind}`);
      if (!modules.has(module)) modules.set(module, shortName(modules.size));
      const short = shortName(index);
      glue = replaceOnce(glue, `${field}:`, `${short}:`);
      entries.push(encodeName(modules.get(module)), encodeName(short), wasm.subarray(descriptorStart, pos));
    }
    for (const [module, short] of modules) glue = replaceOnce(glue, JSON.stringify(module), JSON.stringify(short));
    const body = Buffer.concat(entries);
    sections.push(Buffer.from([2]), encodeLeb(body.length), body);
    pos = end;
  }
  return { wasm: Buffer.concat(sections), glue };
}

// The glue's loader handles every way wasm-bindgen can be handed a module (a URL, a Response, a
// synchronous `initSync`), with warnings for each misuse; badge.js only ever passes the unpacked
// bytes. Each replaced function must be found exactly once, as for the import names above.
function pruneLoader(glue) {
  const replaceFunction = (text, header, body) => {
    const start = text.indexOf(header);
    if (start < 0 || text.indexOf(header, start + 1) >= 0) throw new Error(`build-badge: ${header} is not once in the glue`);
    const end = text.indexOf("\n    }\n", start);
    if (end < 0) throw new Error(`build-badge: no end of ${header}`);
    return text.slice(0, start) + body + text.slice(end + "\n    }\n".length);
  };
  glue = replaceFunction(glue, "    function initSync(module) {", "");
  glue = replaceFunction(glue, "    async function __wbg_load(module, imports) {",
    "    async function __wbg_load(module, imports) { return WebAssembly.instantiate(module, imports); }\n");
  glue = replaceFunction(glue, "    async function __wbg_init_once(module_or_path) {",
    "    async function __wbg_init_once({ module_or_path }) {\n" +
    "        const { instance, module } = await __wbg_load(module_or_path, __wbg_get_imports());\n" +
    "        return __wbg_finalize_init(instance, module);\n    }\n");
  // Text the bundles never run, cut where wasm-bindgen writes it (each block at most once):
  // - the script's own URL, for a default module path the build omits;
  // - the finalizer that frees a closure's Rust side once JS drops it: every badge closure lives
  //   as long as the page (events::listen, into_js_value), so there is nothing to free;
  // - passStringToWasm0's realloc path and the encodeInto fallback it needs: the plain encode path
  //   gives the same bytes (the realloc path only saves a copy of ASCII strings).
  const cutBlock = (text, start, end, replacement) => {
    const at = text.indexOf(start);
    if (at < 0) return text;
    if (text.indexOf(start, at + 1) >= 0) throw new Error(`build-badge: ${start} is more than once in the glue`);
    const stop = text.indexOf(end, at);
    if (stop < 0) throw new Error(`build-badge: no end of ${start}`);
    return text.slice(0, at) + replacement + text.slice(stop + end.length);
  };
  glue = cutBlock(glue, "    let script_src;\n", "toString();\n    }\n", "");
  glue = cutBlock(glue, "    const CLOSURE_DTORS = (typeof FinalizationRegistry", ";\n",
    "    const CLOSURE_DTORS = { register() {}, unregister() {} };\n");
  glue = cutBlock(glue, "    function passStringToWasm0(arg, malloc, realloc) {\n", "\n        WASM_VECTOR_LEN = offset;\n        return ptr;\n    }\n",
    "    function passStringToWasm0(arg, malloc) {\n" +
    "        const buf = cachedTextEncoder.encode(arg);\n" +
    "        const ptr = malloc(buf.length, 1) >>> 0;\n" +
    "        getUint8ArrayMemory0().subarray(ptr, ptr + buf.length).set(buf);\n" +
    "        WASM_VECTOR_LEN = buf.length;\n        return ptr;\n    }\n");
  glue = cutBlock(glue, "    if (!('encodeInto' in cachedTextEncoder)) {\n", "\n        };\n    }\n", "");
  if (/script_src|FinalizationRegistry|encodeInto|realloc\(/.test(glue)) throw new Error("build-badge: a glue cut did not take");
  const exported = "return Object.assign(__wbg_init, { initSync }, exports);";
  if (glue.split(exported).length !== 2) throw new Error("build-badge: the glue's export line changed");
  return glue.replace(exported, "return Object.assign(__wbg_init, exports);");
}

{
  const { glue, payload } = await bundle("badge");
  writeFileSync(`${WORK}/badge.wrapped.js`, `(function () {
  if (window.__PlatformBadge) return;
  var badge = (window.__PlatformBadge = { version: ${JSON.stringify(BADGE_VERSION)} });
${glue}
  // Where the Worker wrote the chip's shell, the chip is already on screen: badge.js then waits for
  // the page's first frame and the browser's next idle moment (at most 300 ms each) before it
  // unpacks and starts its wasm, so that none of its work lands before the page's own first paint
  // or its largest image (its LCP). Idle alone is not enough: Chromium grants idle time before the
  // first frame, and traces showed the chip's work there (docs/speed.md, session 27).
  // Without a shell (Runtimes' pages) the chip starts at once. A page that replaced its body
  // meanwhile (\`document.body.innerHTML = …\` at DOMContentLoaded or load) took this tag with it:
  // it goes back at the document's end (a script that has run never runs again), where the chip reads it.
  var tag = document.currentScript, shell = document.querySelector("platform-badge[data-platform-shell]");
  // Inside a promise so that a browser without DecompressionStream (or a CSP without
  // 'wasm-unsafe-eval') only resolves ready to false instead of throwing into the page.
  // A page the browser prerenders (speculation rules, a typed address) is not a visit until the
  // person opens it: badge.js starts, and sends its one beacon, only once it is shown.
  badge.ready = new Promise(function (go) {
    function start() {
      shell && window.requestIdleCallback ? afterFirstFrame(idle) : go();
    }
    function idle() {
      requestIdleCallback(go, { timeout: 300 });
    }
    // At most 300 ms after the tag ran when no frame comes (a hidden page draws none).
    function afterFirstFrame(then) {
      var done = false;
      function once() {
        if (done) return;
        done = true;
        then();
      }
      requestAnimationFrame(function () { setTimeout(once, 0); });
      setTimeout(once, 300);
    }
    document.prerendering ? document.addEventListener("prerenderingchange", start, { once: true }) : start();
  })
    .then(function () {
      tag.isConnected || document.documentElement.appendChild(tag);
      var bytes = Uint8Array.from(atob("${payload}"), function (c) { return c.charCodeAt(0); });
      return ${unpack};
    })
    .then(function (module) { return wasm_bindgen({ module_or_path: module }); })
    .then(function () { return true; }, function () { return false; })
    // The chip's shell the Worker wrote before this tag goes in the task that mounted the chip
    // (or found it hidden, or failed), so no frame shows both or neither.
    .then(function (ok) {
      if (shell) shell.remove();
      return ok;
    });
})();
`);
}
{
  // The panel starts only when the chip has put its hand-off on the global (badge/src/chip.rs);
  // if its wasm cannot start, the script's error event tells the chip, which says so.
  const { glue, payload } = await bundle("badge-panel");
  writeFileSync(`${WORK}/badge-panel.wrapped.js`, `(function () {
  var badge = window.__PlatformBadge, script = document.currentScript;
  if (!badge || !badge._h) return;
${glue}
  var bytes = Uint8Array.from(atob("${payload}"), function (c) { return c.charCodeAt(0); });
  Promise.resolve()
    .then(function () { return ${unpack}; })
    .then(function (module) { return wasm_bindgen({ module_or_path: module }); })
    .catch(function () { if (script) script.dispatchEvent(new Event("error")); });
})();
`);
}
EOF

for bundle in badge badge-panel; do
  "$esbuild" --minify --target=es2020 --log-level=warning \
    "$work/$bundle.wrapped.js" --outfile="$out/$bundle.js"
done

node --input-type=module - "$out/badge.js" "$out/badge-panel.js" <<'EOF'
import { readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";

for (const file of process.argv.slice(2)) {
  const bytes = readFileSync(file);
  const etag = `"${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}"`;
  writeFileSync(`${file}.etag`, etag);
  const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `${file.split("/").pop()}: ${kb(bytes.length)} raw, ${kb(gzipSync(bytes, { level: 9 }).length)} gzip, ` +
      `${kb(brotli.length)} brotli; ETag ${etag}`,
  );
}
EOF
