// Bundles the libraries a single-file React component may import (the contract of the AI tools
// that write such files, see the README's "Single-file React") into browser ES modules, with
// code splitting so shared parts (React shims, Radix internals, d3 pieces) load once, and React
// itself left to the page's one UMD copy. Also writes `ui-classes.mjs` (the Tailwind classes the
// `@/components/ui/*` kit uses, for the in-browser Tailwind run) and every bundled package's licence.
//
//   node scripts/vendor-react-kit.mjs <node_modules> <out dir>
import { createRequire } from "node:module";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const [nodeModules, out] = process.argv.slice(2).map((p) => resolve(p));
const kit = join(dirname(fileURLToPath(import.meta.url)), "..", "crates", "render", "react-kit");
const esbuild = createRequire(join(nodeModules, "noop.js"))("esbuild");

// Output name (under <out>) -> entry module. The specifiers that map to each are in
// crates/render/src/assets/react.js (LIBRARIES).
const entryPoints = {
  "lucide-react": "lucide-react",
  recharts: "recharts",
  mathjs: "mathjs",
  lodash: "lodash",
  papaparse: "papaparse",
  "framer-motion": "framer-motion",
  d3: "d3",
  three: "three",
  "chart.js": "chart.js",
  "chart.js-auto": "chart.js/auto",
  tone: "tone",
  plotly: join(kit, "entries/plotly.js"),
  "react-plotly": join(kit, "entries/react-plotly.js"),
  mammoth: join(kit, "entries/mammoth.js"),
  tailwind: "@mhsdesign/jit-browser-tailwindcss",
  "lib/utils": join(kit, "lib/utils.js"),
};
const uiNames = readdirSync(join(kit, "ui")).filter((f) => f.endsWith(".jsx") && f !== "icons.jsx");
for (const file of uiNames) entryPoints[`ui/${file.replace(/\.jsx$/, "")}`] = join(kit, "ui", file);

const shims = {
  react: "react.cjs",
  "react-dom": "react-dom.cjs",
  "react-dom/client": "react-dom.cjs",
  "react/jsx-runtime": "jsx-runtime.cjs",
  "react/jsx-dev-runtime": "jsx-runtime.cjs",
};
const onePageReact = {
  name: "one-page-react",
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
      const shim = shims[args.path];
      if (!shim) throw new Error(`no shim for ${args.path} (imported by ${args.importer})`);
      return { path: join(kit, "shims", shim) };
    });
  },
};

const staging = `${out}.build`;
rmSync(staging, { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints,
  absWorkingDir: nodeModules,
  nodePaths: [nodeModules],
  outdir: staging,
  chunkNames: "chunks/[hash]",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: "es2020",
  minify: true,
  legalComments: "none",
  jsx: "automatic",
  loader: { ".js": "jsx" },
  define: { "process.env.NODE_ENV": '"production"', global: "globalThis" },
  plugins: [onePageReact],
  metafile: true,
  logLevel: "warning",
});

// The kit's class names, for Tailwind to generate their CSS beside the component's own.
const uiSource = readdirSync(join(kit, "ui"))
  .map((f) => readFileSync(join(kit, "ui", f), "utf8"))
  .join("\n");
const classes = [...new Set(uiSource.match(/"[^"\n]*"/g).map((s) => s.slice(1, -1)).filter((s) => /[a-z]-/.test(s)))];
writeFileSync(join(staging, "ui-classes.mjs"), `export default ${JSON.stringify(classes.join("\n"))};\n`);

// Licences of every package that ended up in a bundle.
const packages = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const path = relative(nodeModules, resolve(nodeModules, input));
  const m = path.match(/^((?:@[^/]+\/)?[^/]+)\//);
  if (m && !path.startsWith("..") && !input.includes(":")) packages.add(m[1]);
}
mkdirSync(join(staging, "licenses"), { recursive: true });
for (const name of [...packages].sort()) {
  const dir = join(nodeModules, name);
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
  const target = join(staging, "licenses", `${name.replace("/", "+")}.txt`);
  if (file) {
    cpSync(join(dir, file), target);
  } else {
    // Some packages (the Radix primitives) ship no licence file; their package.json names it.
    const { version, license, author } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const who = typeof author === "string" ? author : author?.name ?? "its authors";
    writeFileSync(target, `${name}@${version}: ${license} licence, (c) ${who}. No licence file is shipped in the package.\n`);
  }
}
if (!existsSync(join(staging, "lucide-react.mjs"))) throw new Error("bundle incomplete");
console.log(`vendor-react-kit: ${Object.keys(entryPoints).length} entries, ${packages.size} packages`);
