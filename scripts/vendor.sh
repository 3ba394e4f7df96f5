#!/usr/bin/env bash
# Copies the browser libraries Plug's generated pages load (React scaffold, pdf.js reader,
# docx/xlsx/pptx viewers) from node_modules into public/vendor/, which the Worker serves at
# /_plug/vendor/. Idempotent: files already up to date are left alone. No CDN, no network.
#
#   NODE_MODULES=/path/to/node_modules scripts/vendor.sh     (default: ./node_modules)
#   VENDOR_OUT=/path/to/out scripts/vendor.sh                (default: <repo>/public/vendor)
#
# The file names here are the URLs crates/render/src/vendor.rs hands to the pages.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
node_modules="$(cd "${NODE_MODULES:-./node_modules}" && pwd)"
out="${VENDOR_OUT:-$repo/public/vendor}"
esbuild="${ESBUILD:-$node_modules/@esbuild/linux-x64/bin/esbuild}"
[ -x "$esbuild" ] || esbuild="$node_modules/.bin/esbuild"

# package@version the pages were tested with; another version only earns a warning.
expected_versions=(
  react@18.3.1
  react-dom@18.3.1
  sucrase@3.35.1
  pdfjs-dist@6.5.438
  jszip@3.10.1
  docx-preview@0.4.1
  @cj-tech-master/excelts@10.2.0
  @fontsource/carlito@5.3.0
  @fontsource/caladea@5.3.0
  @aiden0z/pptx-renderer@1.3.0
  mermaid@12.3.0
  katex@0.19.1
  gemoji@8.1.0
  highlight.js@11.12.0
  # What single-file React components may import (README, "Single-file React"); the kit is built by
  # scripts/vendor-react-kit.mjs.
  lucide-react@0.383.0
  # Only its icon names: which of them 0.383.0 has under an older name, or lacks.
  lucide-react-newer@0.577.0
  recharts@2.15.4
  mathjs@13.2.3
  lodash@4.17.21
  papaparse@5.4.1
  framer-motion@11.18.2
  d3@7.9.0
  three@0.128.0
  chart.js@4.4.9
  tone@15.1.22
  plotly.js-dist-min@2.35.3
  react-plotly.js@2.6.0
  mammoth@1.9.1
  sonner@2.0.8
  @mhsdesign/jit-browser-tailwindcss@0.4.2
  class-variance-authority@0.7.1
  clsx@2.1.1
  tailwind-merge@2.6.0
  react-chartjs-2@5.3.1
  react-router-dom@6.30.3
  uuid@14.0.3
  next-themes@0.4.6
  @radix-ui/react-icons@1.3.2
  react-markdown@9.1.0
  remark-gfm@4.0.1
  canvas-confetti@1.9.4
  axios@1.21.1
  # shadcn/ui's components beyond ui.mjs, each its own module, and what they are used with.
  @radix-ui/react-toast@1.3.1
  @radix-ui/react-menubar@1.2.1
  @radix-ui/react-navigation-menu@1.4.1
  @radix-ui/react-context-menu@2.4.1
  @radix-ui/react-toggle-group@1.2.1
  react-day-picker@9.14.0
  date-fns@4.1.0
  cmdk@1.1.1
  embla-carousel-react@8.6.0
  react-hook-form@7.92.0
  @hookform/resolvers@5.9.2
  zod@3.25.76
  vaul@1.1.2
  input-otp@1.4.2
  react-resizable-panels@2.1.9
  # CDN libraries of HTML pages (crates/render/src/cdn.rs): the line each stands for.
  @babel/standalone@7.29.12
  lucide@1.65.0
  @fortawesome/fontawesome-free@6.7.2
  @tailwindcss/browser@4.3.4
  alpinejs@3.17.5
  dompurify@3.4.18
  html2canvas@1.4.1
  p5@1.11.13
  marked@16.4.2
  jquery@3.8.0
  bootstrap@5.3.9
  bootstrap-icons@1.13.2
  @popperjs/core@2.11.8
  vue@3.5.45
  plotly.js-dist-min-1@1.58.5
  @highlightjs/cdn-assets@11.12.0
  prismjs@1.30.0
  animate.css@4.1.1
  animejs@3.2.2
  leaflet@1.9.4
  three-160@0.160.1
  font-awesome@4.7.0
  fontawesome-free-5@5.15.4
  hljs-cdn-assets-10@10.7.3
  aos@2.3.4
  chart.js-3@3.9.1
  chart.js-2@2.9.4
  chartjs-plugin-datalabels@2.2.0
  typed.js@2.1.0
  swiper@11.2.9
  htmx.org@2.0.11
  htmx.org-1@1.9.12
  daisyui@5.8.1
  daisyui-4@4.12.24
  flowbite@2.5.2
  lottie-web@5.13.0
  @lottiefiles/lottie-player@2.0.12
  mathjax@3.2.2
  remixicon@4.6.0
  @phosphor-icons/web@2.1.2
  tsparticles@2.12.0
  flowbite-1@1.8.1
  remixicon-3@3.7.0
  remixicon-2@2.5.0
  @alpinejs/collapse@3.17.5
  @alpinejs/focus@3.17.5
  @alpinejs/intersect@3.17.4
  @alpinejs/persist@3.17.5
  @alpinejs/mask@3.17.5
  echarts-5@5.6.0
  jspdf@2.5.2
  jspdf-autotable@5.0.9
  jspdf-autotable-3@3.8.4
  three-180@0.180.0
  gsap@3.15.0
  phaser@3.90.0
)

die() { echo "vendor.sh: $*" >&2; exit 1; }

# The top-level "version" (the least indented one: a package may nest others, dompurify's engines).
package_version() {
  awk 'match($0, /^[[:space:]]*"version":[[:space:]]*"[^"]*"/) {
      indent = match($0, /[^[:space:]]/); value = $0
      sub(/^[[:space:]]*"version":[[:space:]]*"/, "", value); sub(/".*/, "", value)
      if (best == "" || indent < best) { best = indent; version = value }
    } END { print version }' "$node_modules/$1/package.json"
}

check_packages() {
  local spec name version actual
  for spec in "${expected_versions[@]}"; do
    name="${spec%@*}"
    version="${spec##*@}"
    [ -f "$node_modules/$name/package.json" ] || die "$name is not installed in $node_modules (run npm install)"
    actual="$(package_version "$name")"
    [ "$actual" = "$version" ] || echo "vendor.sh: warning: $name is $actual, pages were tested with $version" >&2
  done
}

# sync_file SRC DEST: copy only when the content differs, so reruns touch nothing.
sync_file() {
  [ -f "$1" ] || die "missing $1"
  if ! cmp -s "$1" "$2" 2>/dev/null; then
    mkdir -p "$(dirname "$2")"
    cp "$1" "$2.tmp" && mv "$2.tmp" "$2"
  fi
}

# sync_dir SRC DEST: mirror a directory of data files (pdf.js cmaps, fonts, wasm).
sync_dir() {
  [ -d "$1" ] || die "missing $1"
  local file
  while IFS= read -r -d '' file; do
    sync_file "$1/$file" "$2/$file"
  done < <(cd "$1" && find . -type f -print0)
}

# build SRC DEST ESBUILD_ARGS...: run esbuild into a temp file, keep it only if it changed.
build() {
  local src="$1" dest="$2"
  shift 2
  [ -x "$esbuild" ] || die "esbuild not found (set ESBUILD or npm install esbuild)"
  [ -f "$src" ] || die "missing $src"
  mkdir -p "$(dirname "$dest")"
  "$esbuild" "$src" --minify --legal-comments=none --log-level=warning "$@" --outfile="$dest.build"
  keep_if_changed "$dest"
}

# keep_if_changed DEST: move DEST.build over DEST only when it differs, so reruns touch nothing.
keep_if_changed() {
  if cmp -s "$1.build" "$1" 2>/dev/null; then rm "$1.build"; else mv "$1.build" "$1"; fi
}

check_packages
mkdir -p "$out"
nm="$node_modules"

# Libraries the pages no longer load are removed, so they are no longer served either
# (SheetJS 0.18.5 carried a prototype-pollution advisory; ExcelTS reads spreadsheets now).
rm -f "$out/xlsx.mini.min.js" "$out/licenses/xlsx.txt"

# React scaffold: React 18 UMD builds and Sucrase, which ships no browser build of its
# own, bundled into one IIFE exposing `window.sucrase` (200 KB against Babel's 3 MB), with its
# parser's tokens (scripts/sucrase-entry.mjs).
sync_file "$nm/react/umd/react.production.min.js" "$out/react.production.min.js"
sync_file "$nm/react-dom/umd/react-dom.production.min.js" "$out/react-dom.production.min.js"
build "$repo/scripts/sucrase-entry.mjs" "$out/sucrase.min.js" \
  --bundle --format=iife --global-name=sucrase --platform=browser --target=es2020

# Single-file React: the libraries and the shadcn/ui-compatible kit a component may import, and
# Tailwind's compiler, as ES modules under react-kit/ (loaded only when a component imports them).
# Built into react-kit.build/, which replaces react-kit/ only when something changed.
# (Skipped when react-kit/.stamp says its inputs have not changed.)
node "$repo/scripts/vendor-react-kit.mjs" "$node_modules" "$out/react-kit"
if [ -d "$out/react-kit.build" ]; then
  if diff -r -q "$out/react-kit.build" "$out/react-kit" >/dev/null 2>&1; then
    rm -rf "$out/react-kit.build"
  else
    rm -rf "$out/react-kit" && mv "$out/react-kit.build" "$out/react-kit"
  fi
fi

# PDF reader: pdf.js (modern build) and the data it fetches on demand.
sync_file "$nm/pdfjs-dist/build/pdf.min.mjs" "$out/pdf.min.mjs"
sync_file "$nm/pdfjs-dist/build/pdf.worker.min.mjs" "$out/pdf.worker.min.mjs"
for dir in cmaps standard_fonts wasm iccs; do
  sync_dir "$nm/pdfjs-dist/$dir" "$out/pdfjs/$dir"
done

# Office viewers.
sync_file "$nm/jszip/dist/jszip.min.js" "$out/jszip.min.js"
sync_file "$nm/docx-preview/dist/docx-preview.min.js" "$out/docx-preview.min.js"
# The spreadsheet viewer's Web Worker: ExcelTS's reader, its number formats and its formula engine,
# only the parts the viewer imports (ExcelTS ships PDF, Word and more besides), with one fix
# (see the script).
node "$repo/scripts/vendor-excelts.mjs" "$node_modules" "$out/excelts.min.js.build"
keep_if_changed "$out/excelts.min.js"
# The spreadsheet viewer's own chart reader and drawer (not a library: Plug's code, kept out of
# the Worker's upload and loaded by the viewer's worker only for workbooks that hold charts).
# Its reader and drawer are modules of their own (xlsx-charts/), bundled into one classic script
# for the worker's importScripts.
build "$repo/crates/render/src/assets/xlsx-charts.js" "$out/plug-xlsx-charts.js" --target=es2022 --bundle --format=iife
# The spreadsheet grid's default font: Carlito has Calibri's metrics (Excel's default font), so a
# column holds what it holds in Excel on machines without Calibri.
for face in 400-normal 400-italic 700-normal 700-italic; do
  sync_file "$nm/@fontsource/carlito/files/carlito-latin-$face.woff2" "$out/carlito/carlito-latin-$face.woff2"
done
# Word's Cambria (headings of Word 2007-2013's default theme, and many a body): Caladea has its
# metrics, so lines and pages break where Word breaks them. Loaded only by documents naming it.
for face in 400-normal 400-italic 700-normal 700-italic; do
  sync_file "$nm/@fontsource/caladea/files/caladea-latin-$face.woff2" "$out/caladea/caladea-latin-$face.woff2"
done
# The deck renderer, with its chart number formats mended (see the script).
node "$repo/scripts/vendor-pptx-renderer.mjs" "$node_modules" "$out/pptx-renderer.min.mjs.build"
keep_if_changed "$out/pptx-renderer.min.mjs"

# Markdown pages: Plug's own script for diagrams, math and shortcodes, and what it loads when a
# document needs it: mermaid (one IIFE bundle), KaTeX with its stylesheet and fonts, and GitHub's
# emoji names (gemoji) as one table `self.PlugEmoji = {name: emoji}`.
build "$repo/crates/render/src/assets/markdown-extras.js" "$out/plug-markdown.js" --target=es2022
# Code colours: highlight.js's common languages in one classic script, and GitHub's colours.
build "$repo/crates/render/src/assets/markdown-highlight.js" "$out/plug-highlight.js" --target=es2022 --bundle --format=iife
sync_file "$repo/crates/render/src/assets/markdown-highlight.css" "$out/plug-highlight.css"
sync_file "$nm/mermaid/dist/mermaid.min.js" "$out/mermaid/mermaid.min.js"
sync_file "$nm/katex/dist/katex.min.js" "$out/katex/katex.min.js"
sync_file "$nm/katex/dist/katex.min.css" "$out/katex/katex.min.css"
sync_dir "$nm/katex/dist/fonts" "$out/katex/fonts"
node --input-type=module -e '
  const { gemoji } = await import(process.argv[1]);
  const table = {};
  for (const { emoji, names } of gemoji) for (const name of names) table[name] = emoji;
  process.stdout.write(`self.PlugEmoji=${JSON.stringify(table)};\n`);
' "$nm/gemoji/index.js" > "$out/plug-emoji.js.build"
keep_if_changed "$out/plug-emoji.js"

# The viewer pages' own scripts (crates/render/src/assets): each page's files after the shared
# helpers, in one async function so they may `await` and leak no globals, minified. Static files
# rather than inline scripts, so they are not carried in the Worker's upload.
viewer() {
  local name="$1" file
  shift
  mkdir -p "$repo/build/viewers"
  {
    printf '(async () => {\n'
    cat "$repo/crates/render/src/assets/common.js"
    for file in "$@"; do cat "$repo/crates/render/src/assets/$file"; done
    printf '})();\n'
  } > "$repo/build/viewers/$name.js"
  build "$repo/build/viewers/$name.js" "$out/plug-viewer-$name.js" --target=es2022
}
viewer image image.js
viewer pdf pdf.js
viewer docx docx.js
# The workbook is read in a Web Worker started from the source of `sheetWorker` and its two
# helpers `sheetFormulas` and `sheetStyles` (a blob: URL).
viewer xlsx xlsx-worker.js xlsx-worker-formulas.js xlsx-worker-styles.js xlsx-grid.js xlsx-grid-cells.js xlsx.js
viewer pptx pptx.js
viewer react claude-storage.js react-globals.js react.js
# Claude's globals for an HTML page that calls them: no viewer around it, so no common.js.
{
  printf '(() => {\n'
  cat "$repo/crates/render/src/assets/claude-storage.js" "$repo/crates/render/src/assets/tool-globals.js"
  printf '})();\n'
} > "$repo/build/viewers/tool-globals.js"
build "$repo/build/viewers/tool-globals.js" "$out/plug-tool-globals.js" --target=es2022

# The libraries AI tools' HTML pages load from CDNs (crates/render/src/cdn.rs), as those CDNs
# serve them, and a stand-in for Tailwind's Play CDN built on Tailwind v3's own compiler.
sync_file "$nm/@babel/standalone/babel.min.js" "$out/cdn/babel.min.js"
sync_file "$nm/chart.js/dist/chart.umd.js" "$out/cdn/chart.umd.js"
sync_file "$nm/d3/dist/d3.min.js" "$out/cdn/d3.min.js"
sync_file "$nm/three/build/three.min.js" "$out/cdn/three.min.js"
sync_file "$nm/lodash/lodash.min.js" "$out/cdn/lodash.min.js"
sync_file "$nm/papaparse/papaparse.min.js" "$out/cdn/papaparse.min.js"
sync_file "$nm/mathjs/lib/browser/math.js" "$out/cdn/math.js"
sync_file "$nm/alpinejs/dist/cdn.min.js" "$out/cdn/alpine.min.js"
sync_file "$nm/dompurify/dist/purify.min.js" "$out/cdn/purify.min.js"
sync_file "$nm/html2canvas/dist/html2canvas.min.js" "$out/cdn/html2canvas.min.js"
sync_file "$nm/p5/lib/p5.min.js" "$out/cdn/p5.min.js"
sync_file "$nm/tone/build/Tone.js" "$out/cdn/Tone.js"
sync_file "$nm/marked/lib/marked.umd.js" "$out/cdn/marked.umd.js"
sync_file "$nm/katex/dist/contrib/auto-render.min.js" "$out/katex/auto-render.min.js"
sync_file "$nm/lucide/dist/umd/lucide.min.js" "$out/cdn/lucide.min.js"
sync_file "$nm/@tailwindcss/browser/dist/index.global.js" "$out/cdn/tailwindcss-browser.js"
sync_file "$nm/@fortawesome/fontawesome-free/css/all.min.css" "$out/cdn/fontawesome/css/all.min.css"
for face in brands-400 regular-400 solid-900 v4compatibility; do
  sync_file "$nm/@fortawesome/fontawesome-free/webfonts/fa-$face.woff2" "$out/cdn/fontawesome/webfonts/fa-$face.woff2"
done
build "$repo/crates/render/src/assets/tailwind-play.js" "$out/cdn/tailwind-play.js" --target=es2022 --bundle --format=iife
# The Play CDN's `?plugins=forms`, a module the stand-in imports only for a page asking for it.
build "$nm/@tailwindcss/forms/src/index.js" "$out/cdn/tailwind-forms.mjs" --target=es2022 --bundle --format=esm
# Trees (cdn.rs: a `vendored` folder): the package's files at the paths the CDNs serve them,
# after its `dist/` or `build/`; source maps left out.
for file in jquery.js jquery.min.js jquery.slim.js jquery.slim.min.js; do
  sync_file "$nm/jquery/dist/$file" "$out/cdn/jquery/$file"
done
for file in "$nm"/bootstrap/dist/css/*.css "$nm"/bootstrap/dist/js/*.js; do
  sync_file "$file" "$out/cdn/bootstrap/${file#"$nm"/bootstrap/dist/}"
done
sync_dir "$nm/bootstrap-icons/font" "$out/cdn/bootstrap-icons/font"
sync_file "$nm/@popperjs/core/dist/umd/popper.min.js" "$out/cdn/popper.min.js"
sync_file "$nm/vue/dist/vue.global.prod.js" "$out/cdn/vue.global.prod.js"
sync_file "$nm/vue/dist/vue.esm-browser.prod.js" "$out/cdn/vue.esm-browser.prod.js"
# mermaid's ES module, which a page's module script imports, and the chunks it imports beside it
# (their source maps left out).
sync_file "$nm/mermaid/dist/mermaid.esm.min.mjs" "$out/mermaid/mermaid.esm.min.mjs"
for file in "$nm"/mermaid/dist/chunks/mermaid.esm.min/*.mjs; do
  sync_file "$file" "$out/mermaid/chunks/mermaid.esm.min/${file##*/}"
done
# Plotly 2, and the 1.58.5 that cdn.plot.ly's plotly-latest.min.js stopped at.
sync_file "$nm/plotly.js-dist-min/plotly.min.js" "$out/cdn/plotly.min.js"
sync_file "$nm/plotly.js-dist-min-1/plotly.min.js" "$out/cdn/plotly-1.min.js"
sync_file "$nm/@highlightjs/cdn-assets/highlight.js" "$out/cdn/hljs/highlight.js"
sync_file "$nm/@highlightjs/cdn-assets/highlight.min.js" "$out/cdn/hljs/highlight.min.js"
sync_dir "$nm/@highlightjs/cdn-assets/languages" "$out/cdn/hljs/languages"
sync_dir "$nm/@highlightjs/cdn-assets/styles" "$out/cdn/hljs/styles"
# Prism's package has its default build as prism.js only; the CDNs also answer prism.min.js.
sync_file "$nm/prismjs/prism.js" "$out/cdn/prism/prism.js"
sync_file "$nm/prismjs/prism.js" "$out/cdn/prism/prism.min.js"
for dir in components plugins themes; do
  sync_dir "$nm/prismjs/$dir" "$out/cdn/prism/$dir"
done
for file in animate.css animate.min.css animate.compat.css; do
  sync_file "$nm/animate.css/$file" "$out/cdn/animate/$file"
done
sync_file "$nm/animejs/lib/anime.min.js" "$out/cdn/anime.min.js"
# Leaflet's map (its tiles stay on the tile server the page names); cdnjs also names its files
# .min.js and .min.css.
for file in leaflet.js leaflet-src.js leaflet-src.esm.js leaflet.css; do
  sync_file "$nm/leaflet/dist/$file" "$out/cdn/leaflet/$file"
done
sync_file "$nm/leaflet/dist/leaflet.js" "$out/cdn/leaflet/leaflet.min.js"
sync_file "$nm/leaflet/dist/leaflet.css" "$out/cdn/leaflet/leaflet.min.css"
sync_dir "$nm/leaflet/dist/images" "$out/cdn/leaflet/images"
# React 18 as an ES module (esm.sh, `+esm`), its JSX runtime, and esm.sh's lucide-react and
# recharts (and, for any page, d3 7 and Chart.js 4) as react-kit's builds: small modules over the drop's one UMD React (assets/cdn-esm).
for file in react react-dom jsx-runtime recharts d3 chart chart-auto; do
  sync_file "$repo/crates/render/src/assets/cdn-esm/$file.mjs" "$out/cdn/esm/$file.mjs"
done
# lucide-react's module, with the names newer releases have that react-kit's 0.383.0 build lacks
# (react-kit's lucide/ holds a file for each: the renamed icon, or a line naming a missing one).
node -e '
const { readFileSync, readdirSync } = require("node:fs");
const [kit, head] = process.argv.slice(1);
const full = readFileSync(`${kit}/lucide-react.mjs`, "utf8");
const exported = new Set([...full.slice(full.lastIndexOf("export{")).matchAll(/(\w+)(?=[,}])/g)].map((m) => m[1]));
let out = readFileSync(head, "utf8");
const standIns = [];
for (const file of readdirSync(`${kit}/lucide`).sort()) {
  const name = file.slice(0, -4);
  const names = [name, `${name}Icon`, `Lucide${name}`].filter((n) => !exported.has(n));
  if (names.length === 0) continue;
  if (readFileSync(`${kit}/lucide/${file}`, "utf8").startsWith("export const missing")) {
    standIns.push(...names.map((n) => `${n} = missing("${name}")`));
  } else {
    out += `export { ${names.map((n) => `default as ${n}`).join(", ")} } from "../../react-kit/lucide/${file}";\n`;
  }
}
process.stdout.write(`${out}export const ${standIns.join(",\n  ")};\n`);
' "$out/react-kit" "$repo/crates/render/src/assets/cdn-esm/lucide-react.mjs" > "$out/cdn/esm/lucide-react.mjs.build"
keep_if_changed "$out/cdn/esm/lucide-react.mjs"
# three.js r160's module build and its addons (examples/jsm), without the decoders' wasm and
# rhino3dm under libs/ that a page names by its own path.
for file in three.module.js three.module.min.js three.min.js three.js; do
  sync_file "$nm/three-160/build/$file" "$out/cdn/three160/$file"
done
(cd "$nm/three-160" && find examples/jsm -type f -name '*.js' ! -path 'examples/jsm/libs/*/*' ! -name 'ammo.wasm.js') |
  while read -r file; do sync_file "$nm/three-160/$file" "$out/cdn/three160/$file"; done
# Font Awesome 4.7 and 5.15 (their class names differ from 6's): the CSS with its woff2 fonts.
for file in font-awesome.css font-awesome.min.css; do
  sync_file "$nm/font-awesome/css/$file" "$out/cdn/fa4/css/$file"
done
sync_file "$nm/font-awesome/fonts/fontawesome-webfont.woff2" "$out/cdn/fa4/fonts/fontawesome-webfont.woff2"
for file in "$nm"/fontawesome-free-5/css/*.css; do
  sync_file "$file" "$out/cdn/fa5/css/${file##*/}"
done
for file in all.js all.min.js; do
  sync_file "$nm/fontawesome-free-5/js/$file" "$out/cdn/fa5/js/$file"
done
for face in brands-400 regular-400 solid-900; do
  sync_file "$nm/fontawesome-free-5/webfonts/fa-$face.woff2" "$out/cdn/fa5/webfonts/fa-$face.woff2"
done
# highlight.js 10 (10.7.3), whose `highlightBlock` 11 renamed.
sync_file "$nm/hljs-cdn-assets-10/highlight.js" "$out/cdn/hljs10/highlight.js"
sync_file "$nm/hljs-cdn-assets-10/highlight.min.js" "$out/cdn/hljs10/highlight.min.js"
sync_dir "$nm/hljs-cdn-assets-10/languages" "$out/cdn/hljs10/languages"
sync_dir "$nm/hljs-cdn-assets-10/styles" "$out/cdn/hljs10/styles"
for file in aos.css aos.js; do
  sync_file "$nm/aos/dist/$file" "$out/cdn/aos/$file"
done
# Chart.js 3 and 2 for pages written for their options (2's `scales.yAxes`), the datalabels plugin
# (2.x, for Chart.js 3 and 4), Typed.js and Swiper 11's bundles.
sync_file "$nm/chart.js-3/dist/chart.min.js" "$out/cdn/chart3.min.js"
for file in Chart.min.js Chart.bundle.min.js; do
  sync_file "$nm/chart.js-2/dist/$file" "$out/cdn/chart2/$file"
done
sync_file "$nm/chartjs-plugin-datalabels/dist/chartjs-plugin-datalabels.min.js" "$out/cdn/chartjs-plugin-datalabels.min.js"
sync_file "$nm/typed.js/dist/typed.umd.js" "$out/cdn/typed.umd.js"
for file in swiper-bundle.css swiper-bundle.min.css swiper-bundle.js swiper-bundle.min.js swiper-element-bundle.min.js; do
  sync_file "$nm/swiper/$file" "$out/cdn/swiper/$file"
done
# Round 4: htmx 2 and 1, DaisyUI 5 and 4 (jsDelivr minifies 4's `full.css` for `full.min.css`:
# the same rules), Flowbite 2 and 1 (1.8.1), Lottie (lottie-web and the lottie-player element), MathJax 3's
# `es5/` (its combined components load fonts and extensions from beside themselves), Remix Icon
# 4.6.0 (the last release under Apache-2.0: 4.7 and later are under a licence of their own), 3.7.0, 2.5.0 and
# Phosphor's stylesheets with their woff2 fonts; tsparticles 2's bundle.
sync_file "$nm/htmx.org/dist/htmx.min.js" "$out/cdn/htmx.min.js"
sync_file "$nm/htmx.org-1/dist/htmx.min.js" "$out/cdn/htmx1.min.js"
sync_file "$nm/daisyui/daisyui.css" "$out/cdn/daisyui5/daisyui.css"
sync_file "$nm/daisyui/themes.css" "$out/cdn/daisyui5/themes.css"
sync_file "$nm/daisyui-4/dist/full.css" "$out/cdn/daisyui4.css"
for file in flowbite.css flowbite.min.css flowbite.js flowbite.min.js; do
  sync_file "$nm/flowbite/dist/$file" "$out/cdn/flowbite/$file"
  sync_file "$nm/flowbite-1/dist/$file" "$out/cdn/flowbite1/$file"
done
sync_file "$nm/lottie-web/build/player/lottie.min.js" "$out/cdn/lottie.min.js"
sync_file "$nm/@lottiefiles/lottie-player/dist/lottie-player.js" "$out/cdn/lottie-player.js"
sync_file "$nm/tsparticles/tsparticles.bundle.min.js" "$out/cdn/tsparticles.bundle.min.js"
# Round 5: canvas-confetti 1 (the browser build and its ES module; the package react-kit pins) and
# axios 1's browser build.
sync_file "$nm/canvas-confetti/dist/confetti.browser.js" "$out/cdn/confetti.browser.js"
sync_file "$nm/canvas-confetti/dist/confetti.module.mjs" "$out/cdn/confetti.module.mjs"
sync_file "$nm/axios/dist/axios.min.js" "$out/cdn/axios.min.js"
for file in axios.js axios.min.js; do
  sync_file "$nm/axios/dist/esm/$file" "$out/cdn/axios/esm/$file"
done
# Round 6: ECharts 5 (its last release, 5.6.0) and jsPDF 2's browser build (2.5.2), which AI pages load
# for dashboards and a "Download PDF" button.
sync_file "$nm/echarts-5/dist/echarts.min.js" "$out/cdn/echarts.min.js"
sync_file "$nm/jspdf/dist/jspdf.umd.min.js" "$out/cdn/jspdf.umd.min.js"
# Sweep 10: jspdf-autotable, the table plugin those "Download PDF" buttons use (`doc.autoTable`
# on jsPDF's global): 5 (5.0.9, npm's latest) and 3 (3.8.4, the line cdnjs's addresses of
# Claude's and ChatGPT's pages still name).
sync_file "$nm/jspdf-autotable/dist/jspdf.plugin.autotable.min.js" "$out/cdn/jspdf.plugin.autotable.min.js"
sync_file "$nm/jspdf-autotable-3/dist/jspdf.plugin.autotable.min.js" "$out/cdn/jspdf-autotable3.min.js"
sync_file "$nm/jspdf-autotable/LICENSE.txt" "$out/cdn/licenses/jspdf-autotable.txt"
sync_file "$nm/jspdf-autotable-3/LICENSE.txt" "$out/cdn/licenses/jspdf-autotable-3.txt"
sync_file "$nm/echarts-5/NOTICE" "$out/cdn/licenses/echarts-5-NOTICE.txt"
sync_file "$nm/echarts-5/licenses/LICENSE-d3" "$out/cdn/licenses/echarts-5-d3.txt"
# React 19 as ES modules (esm.sh, `+esm`): the registry's production builds, installed in a package
# of their own (scripts/react19: npm will not put react-dom 19 beside React 18, its peer, in one
# tree), bundled into one module that react.mjs, react-dom.mjs and jsx-runtime.mjs re-export.
r19="$repo/scripts/react19/node_modules"
build "$repo/crates/render/src/assets/cdn-esm19/bundle.js" "$out/cdn/esm19/bundle.js" --bundle --format=esm \
  --alias:react="$r19/react" --alias:react-dom="$r19/react-dom" --define:process.env.NODE_ENV='"production"'
for file in react react-dom jsx-runtime; do
  sync_file "$repo/crates/render/src/assets/cdn-esm19/$file.mjs" "$out/cdn/esm19/$file.mjs"
done
sync_file "$r19/react/LICENSE" "$out/cdn/licenses/react19.txt"
# Alpine's official plugins, which pages load (before Alpine) from `@alpinejs/<name>@3.x.x/dist/cdn.min.js`.
for plugin in collapse focus intersect persist mask; do
  sync_file "$nm/@alpinejs/$plugin/dist/cdn.min.js" "$out/cdn/alpine/$plugin.min.js"
done
(cd "$nm/mathjax" && find es5 -type f ! -name node-main.js) | while read -r file; do
  sync_file "$nm/mathjax/$file" "$out/cdn/mathjax/$file"
done
for line in "" 3 2; do
  for file in remixicon.css remixicon.woff2; do
    sync_file "$nm/remixicon${line:+-$line}/fonts/$file" "$out/cdn/remixicon$line/fonts/$file"
  done
done
(cd "$nm/@phosphor-icons/web" && find src -name style.css -o -name '*.woff2') | while read -r file; do
  sync_file "$nm/@phosphor-icons/web/$file" "$out/cdn/phosphor/$file"
done
# Round 7: three.js r180 (for r170 to r187: its module builds, the core they import, and the
# addons, as for r160), GSAP 3 (its UMD builds from dist/, and the package's ES modules with the
# utils they import, for `+esm` and esm.sh) and Phaser 3.90 (the full build, also for the arcade-only
# and unminified addresses, and its ES module). GSAP ships no licence file: its files' headers
# name its terms, and a notice beside them says what they are.
for file in three.module three.core three.webgpu three.webgpu.nodes three.tsl; do
  for min in "" .min; do
    sync_file "$nm/three-180/build/$file$min.js" "$out/cdn/three180/$file$min.js"
  done
done
(cd "$nm/three-180" && find examples/jsm -type f -name '*.js' ! -path 'examples/jsm/libs/*/*' ! -name 'ammo.wasm.js') |
  while read -r file; do sync_file "$nm/three-180/$file" "$out/cdn/three180/$file"; done
# Sweep 14: the same addons as ES modules built to stand alone, for jsDelivr's `…/OrbitControls.js/+esm`
# and esm.sh's addresses, which a page imports with no import map: each import of `three` (and
# r180's `three/webgpu`, `three/tsl`, `three/addons/`) names the drop's own file, the one
# `three@…/+esm` gets, so the page and its addons share one three.
node -e '
const fs = require("fs"), path = require("path");
const [nm, out] = process.argv.slice(1);
for (const [pkg, dir] of [["three-160", "three160"], ["three-180", "three180"]]) {
  const base = `/_plug/vendor/cdn/${dir}/`;
  const map = { "three": "three.module.min.js", "three/webgpu": "three.webgpu.min.js", "three/tsl": "three.tsl.min.js" };
  const walk = (rel) => fs.readdirSync(path.join(nm, pkg, rel), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (rel === "examples/jsm/libs" ? [] : walk(`${rel}/${e.name}`)) : e.name.endsWith(".js") && e.name !== "ammo.wasm.js" ? [`${rel}/${e.name}`] : []);
  for (const file of walk("examples/jsm")) {
    const text = fs.readFileSync(path.join(nm, pkg, file), "utf8").replace(/(\bfrom\s*|\bimport\s*\(?\s*)(["\x27])(three(?:\/webgpu|\/tsl|\/addons\/[^"\x27]+)?)\2/g,
      (all, lead, q, spec) => lead + q + base + (map[spec] ?? "+esm/examples/jsm/" + spec.slice("three/addons/".length)) + q);
    const dest = path.join(out, "cdn", dir, "+esm", file);
    if (fs.existsSync(dest) && fs.readFileSync(dest, "utf8") === text) continue;
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, text);
  }
}
' "$nm" "$out"
sync_file "$nm/gsap/dist/gsap.js" "$out/cdn/gsap/gsap.js"
for file in "$nm"/gsap/dist/*.min.js; do
  sync_file "$file" "$out/cdn/gsap/${file##*/}"
done
for file in "$nm"/gsap/*.js "$nm"/gsap/utils/*.js; do
  sync_file "$file" "$out/cdn/gsap/esm/${file#"$nm"/gsap/}"
done
sync_file "$nm/phaser/dist/phaser.min.js" "$out/cdn/phaser.min.js"
# The note a page shows when a library it loads from a CDN, in a line Plug does not hold, fails.
sync_file "$repo/crates/render/src/assets/cdn-missing.mjs" "$out/cdn/missing.mjs"
sync_file "$nm/phaser/dist/phaser.esm.min.js" "$out/cdn/phaser.esm.min.js"
sync_file "$nm/three-180/LICENSE" "$out/cdn/licenses/three-180.txt"
sync_file "$nm/phaser/LICENSE.md" "$out/cdn/licenses/phaser.txt"
printf '%s\n' "gsap@$(package_version gsap): (c) GreenSock, all rights reserved; GreenSock's Standard \"No Charge\" License (https://gsap.com/standard-license), which lets anyone use and reproduce it on any website free of charge, commercial ones included, except in a no-code visual animation builder that competes with Webflow's. No licence file is shipped in the package: each file's header names these terms and is kept." \
  > "$out/cdn/licenses/gsap.txt.build"
keep_if_changed "$out/cdn/licenses/gsap.txt"
# Font Awesome 4's package has its licences (OFL for the font, MIT for the CSS) in its README.
for license in three-160/LICENSE font-awesome/README.md fontawesome-free-5/LICENSE.txt \
  hljs-cdn-assets-10/LICENSE aos/LICENSE chart.js-3/LICENSE.md chart.js-2/LICENSE.md \
  chartjs-plugin-datalabels/LICENSE.md typed.js/LICENSE.txt swiper/LICENSE htmx.org/LICENSE \
  htmx.org-1/LICENSE daisyui/LICENSE daisyui-4/LICENSE flowbite/LICENSE.md lottie-web/LICENSE.md \
  mathjax/LICENSE remixicon/License tsparticles/LICENSE flowbite-1/LICENSE.md remixicon-3/License \
  remixicon-2/License echarts-5/LICENSE; do
  sync_file "$nm/$license" "$out/cdn/licenses/${license%/*}.txt"
done
for license in @babel/standalone/LICENSE chart.js/LICENSE.md d3/LICENSE three/LICENSE lodash/LICENSE \
  papaparse/LICENSE mathjs/LICENSE lucide/LICENSE dompurify/LICENSE \
  html2canvas/LICENSE p5/license.txt tone/LICENSE.md marked/LICENSE.md @tailwindcss/browser/LICENSE @tailwindcss/forms/LICENSE @fortawesome/fontawesome-free/LICENSE.txt \
  tailwindcss/LICENSE postcss/LICENSE jquery/LICENSE.txt bootstrap/LICENSE bootstrap-icons/LICENSE \
  @popperjs/core/LICENSE.md vue/LICENSE plotly.js-dist-min/LICENSE plotly.js-dist-min-1/LICENSE \
  @highlightjs/cdn-assets/LICENSE prismjs/LICENSE animate.css/LICENSE animejs/LICENSE.md leaflet/LICENSE \
  @lottiefiles/lottie-player/LICENSE @phosphor-icons/web/LICENSE canvas-confetti/LICENSE axios/LICENSE jspdf/LICENSE; do
  name="${license%/*}"
  sync_file "$nm/$license" "$out/cdn/licenses/${name/\//+}.txt"
done
printf '%s\n' "@mhsdesign/jit-browser-tailwindcss@$(package_version @mhsdesign/jit-browser-tailwindcss): MIT licence, (c) Marc Henry Schultz. No licence file is shipped in the package." \
  > "$out/cdn/licenses/@mhsdesign+jit-browser-tailwindcss.txt.build"
keep_if_changed "$out/cdn/licenses/@mhsdesign+jit-browser-tailwindcss.txt"
printf '%s\n' "alpinejs@$(package_version alpinejs): MIT licence, (c) Caleb Porzio and contributors. No licence file is shipped in the package." \
  > "$out/cdn/licenses/alpinejs.txt.build"
keep_if_changed "$out/cdn/licenses/alpinejs.txt"
printf '%s\n' "@alpinejs/collapse, focus, intersect, persist and mask@$(package_version @alpinejs/collapse): MIT licence, (c) Caleb Porzio and contributors. No licence file is shipped in the packages." \
  > "$out/cdn/licenses/@alpinejs+plugins.txt.build"
keep_if_changed "$out/cdn/licenses/@alpinejs+plugins.txt"

# Licences travel with the code they cover.
sync_file "$nm/react/LICENSE" "$out/licenses/react.txt"
sync_file "$nm/react-dom/LICENSE" "$out/licenses/react-dom.txt"
sync_file "$nm/sucrase/LICENSE" "$out/licenses/sucrase.txt"
sync_file "$nm/pdfjs-dist/LICENSE" "$out/licenses/pdfjs-dist.txt"
sync_file "$nm/jszip/LICENSE.markdown" "$out/licenses/jszip.txt"
sync_file "$nm/docx-preview/LICENSE" "$out/licenses/docx-preview.txt"
sync_file "$nm/@cj-tech-master/excelts/LICENSE" "$out/licenses/excelts.txt"
sync_file "$nm/@cj-tech-master/excelts/THIRD_PARTY_NOTICES.md" "$out/licenses/excelts-third-party.md"
sync_file "$nm/@fontsource/carlito/LICENSE" "$out/licenses/carlito.txt"
sync_file "$nm/@fontsource/caladea/LICENSE" "$out/licenses/caladea.txt"
sync_file "$nm/@aiden0z/pptx-renderer/LICENSE" "$out/licenses/pptx-renderer.txt"
sync_file "$nm/@aiden0z/pptx-renderer/THIRD_PARTY_NOTICES.md" "$out/licenses/pptx-renderer-third-party.md"
sync_file "$nm/mermaid/LICENSE" "$out/licenses/mermaid.txt"
sync_file "$nm/katex/LICENSE" "$out/licenses/katex.txt"
sync_file "$nm/gemoji/license" "$out/licenses/gemoji.txt"
sync_file "$nm/highlight.js/LICENSE" "$out/licenses/highlight.js.txt"

versions="$(for spec in "${expected_versions[@]}"; do echo "${spec%@*}@$(package_version "${spec%@*}")"; done)"
if [ "$(cat "$out/VERSIONS.txt" 2>/dev/null)" != "$versions" ]; then
  echo "$versions" > "$out/VERSIONS.txt"
fi
echo "vendor.sh: $(find "$out" -type f | wc -l) files in $out ($(du -sh "$out" | cut -f1))"
