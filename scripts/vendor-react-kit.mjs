// Bundles the libraries a single-file React component may import (the contract of the AI tools
// that write such files, see the README's "Single-file React") into browser ES modules, with
// React itself left to the page's one UMD copy, lucide's icons one module each, Tailwind's compiler
// in a Web Worker fed the ui kit's classes, and every bundled package's licence.
//
//   node scripts/vendor-react-kit.mjs <node_modules> <out dir>
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [nodeModules, out] = process.argv.slice(2).map((p) => resolve(p));
const kit = join(dirname(fileURLToPath(import.meta.url)), "..", "crates", "render", "react-kit");
const esbuild = createRequire(join(nodeModules, "noop.js"))("esbuild");

// The page's own map of specifier -> file under react-kit/ (LIBRARIES in react.js, read from it so
// both agree). Output name (under <out>) -> entry module, each bundled whole (no chunks to chase,
// one request per library): Plug's entry in react-kit/entries/ when it has one, else the first
// specifier that maps to it (`chart.js/auto` for chart.js-auto).
const pageScript = readFileSync(join(kit, "..", "src", "assets", "react.js"), "utf8");
const LIBRARIES = new Function(`${pageScript.match(/^const LIBRARIES = \{$[^]*?^\};$/m)[0]}\nreturn LIBRARIES;`)();
const entryPoints = {};
for (const [name, file] of Object.entries(LIBRARIES)) {
  const own = join(kit, "entries", `${file}.js`);
  entryPoints[file] ??= existsSync(own) ? own : name;
}
// Tailwind's compiler runs in a worker the page starts itself.
entryPoints["tailwind-worker"] = join(kit, "entries/tailwind-worker.js");

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
    // react-plotly.js uses the Plotly module beside it rather than a second 3.5 MB copy.
    build.onResolve({ filter: /^plug-kit:/ }, (args) => ({ path: `./${args.path.slice(9)}.mjs`, external: true }));
    build.onResolve({ filter: /kit-css\.generated\.js$/ }, () => ({ path: "kit-css", namespace: "plug-kit" }));
    build.onLoad({ filter: /.*/, namespace: "plug-kit" }, () => ({ contents: `export default ${JSON.stringify(precompiledCss)};`, loader: "js" }));
  },
};

// Classes of the kinds the AI tools write, on which the build checks unusedCorePlugins (below).
const SAMPLE_CLASSES = `items.filter((x) => x) text-[10px] bg-[#1e293b] w-[140px] h-[300px] -mt-2 !p-4 hover:bg-gray-100 md:grid-cols-3
  space-y-4 space-x-reverse divide-y divide-gray-200 rounded shadow bg-opacity-50 flex-shrink-0 shrink grow flex-1
  ring-2 ring-offset-2 sr-only truncate line-clamp-2 [mask-type:luminance] group group-hover:opacity-100 w-1/2
  inset-x-0 top-1/2 -translate-x-1/2 -rotate-45 animate-spin animate-pulse backdrop-blur-sm bg-gradient-to-r
  from-blue-500 via-purple-500 to-pink-500 text-transparent bg-clip-text tracking-tight leading-none
  grid-cols-[repeat(3,minmax(0,1fr))] col-span-2 row-span-3 gap-x-2 place-items-center self-end justify-self-start
  overflow-x-auto overflow-hidden whitespace-nowrap break-words select-none cursor-pointer pointer-events-none
  transition-all duration-300 ease-in-out delay-150 scale-95 opacity-0 z-50 fixed sticky aspect-video
  object-cover border-2 border-dashed border-l-4 outline-none focus:outline-none focus-visible:ring-2
  dark:bg-slate-900 sm:px-6 lg:text-4xl xl:max-w-7xl peer-checked:bg-green-500 disabled:opacity-50 italic
  underline decoration-wavy underline-offset-4 list-disc list-inside font-mono uppercase text-center
  min-h-screen max-h-96 size-8 fill-current stroke-2 container mx-auto columns-2 table-auto border-collapse`;

// Preflight and the ui kit's variant classes (`data-[state=open]:…`, `[&>svg]:…`, `focus-visible:…`),
// compiled once here rather than on every page: they are the same everywhere, and the slowest
// classes Tailwind generates. The kit's other classes go to the Tailwind worker with the
// component's own, per ui component, so Tailwind orders them together (a card's `p-6 pt-0` against
// a component's `p-6`). See entries/tailwind-worker.js.
async function kitCss() {
  const { createTailwindcss } = await import(pathToFileURL(join(nodeModules, "@mhsdesign/jit-browser-tailwindcss/dist/module.esm.js")));
  const postcss = createRequire(join(nodeModules, "noop.js"))("postcss");
  const { TAILWIND_CONFIG, SCREEN_VARIANT, unusedCorePlugins } = await import(pathToFileURL(join(kit, "lib/tailwind-config.js")));
  const dir = join(kit, "ui");
  const precompiled = (c) => c.includes(":") && !SCREEN_VARIANT.test(c);
  const classes = {};
  const variants = new Set();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsx"))) {
    const own = new Set();
    for (const string of readFileSync(join(dir, file), "utf8").match(/"[^"\n]*"/g) ?? []) {
      if (!/[a-z]-/.test(string)) continue;
      for (const name of string.slice(1, -1).split(/\s+/)) if (name) (precompiled(name) ? variants : own).add(name);
    }
    classes[file.replace(/\.jsx$/, "")] = [...own].join(" ");
  }
  // A component built on another's classes (alert-dialog's and pagination's buttonVariants) brings
  // them along: the page asks for the classes of the ui names its source imports.
  for (const file of Object.keys(classes)) {
    const source = readFileSync(join(dir, `${file}.jsx`), "utf8");
    for (const [, used] of source.matchAll(/from "\.\/([\w-]+)\.jsx"/g)) {
      if (used !== "icons" && classes[used]) classes[file] += ` ${classes[used]}`;
    }
  }
  const compiler = createTailwindcss({ tailwindConfig: TAILWIND_CONFIG });
  const generate = (css, content) => compiler.generateStylesFromContent(css, [content.join(" ")]);
  const minify = (css) => esbuild.transformSync(css, { loader: "css", minify: true }).code.trim();
  const variantRules = postcss.parse(await generate("@tailwind utilities;", [...variants])).nodes.map((node) => {
    const rule = node.type === "rule" ? node : node.nodes.find((n) => n.type === "rule");
    return [rule.selector, minify(node.toString())];
  });
  if (variantRules.length < 50) throw new Error("the kit's variant classes compiled to almost nothing");
  const { corePluginKeys } = await import(pathToFileURL(join(kit, "lib/tailwind-plugins.mjs")));
  const plugins = corePluginKeys(nodeModules, TAILWIND_CONFIG);
  // The worker enables only the plugins a component's text reaches (unusedCorePlugins): the CSS
  // must be Tailwind's own. Checked on the kit's classes and a sample of the tools' kinds of class.
  const sample = [...Object.values(classes), ...variants, SAMPLE_CLASSES].join(" ");
  const lean = createTailwindcss({ tailwindConfig: { ...TAILWIND_CONFIG, corePlugins: unusedCorePlugins(sample, plugins) } });
  const want = await generate("@tailwind components;\n@tailwind utilities;", [sample]);
  const got = await lean.generateStylesFromContent("@tailwind components;\n@tailwind utilities;", [sample]);
  if (got !== want) {
    const [full, only] = [want.split("\n"), got.split("\n")];
    console.error("missing:", full.filter((l) => !only.includes(l)), "extra:", only.filter((l) => !full.includes(l)));
    throw new Error("Tailwind with only the core plugins the classes reach generates other CSS");
  }
  return { base: minify(await generate("@tailwind base;", [])), variants: variantRules, classes, plugins };
}

const common = {
  absWorkingDir: nodeModules,
  nodePaths: [nodeModules],
  outExtension: { ".js": ".mjs" },
  bundle: true,
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
};

// Nothing to do when the kit's sources, this script and the locked package versions are those the
// output was built from (the build takes seconds, and scripts/build.sh runs on every change).
const stampOf = () => {
  const hash = createHash("sha256");
  const files = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
  const inputs = [fileURLToPath(import.meta.url), join(kit, "..", "..", "..", "package-lock.json"), join(kit, "..", "src", "assets", "react.js")];
  for (const file of [...inputs, ...files(kit).sort()]) {
    hash.update(file).update(readFileSync(file));
  }
  return hash.digest("hex");
};
const stamp = stampOf();
const staging = `${out}.build`;
rmSync(staging, { recursive: true, force: true });
if (existsSync(join(out, ".stamp")) && readFileSync(join(out, ".stamp"), "utf8") === stamp) {
  console.log("vendor-react-kit: up to date");
  process.exit(0);
}
const precompiledCss = await kitCss();
const libraries = await esbuild.build({ ...common, entryPoints, outdir: staging });
// V8 compiles a function the first time it runs, on the page's thread, unless told otherwise: the
// dashboard's first render compiled some 2,300 functions of recharts and the ui kit there, each
// parsed twice (once skimmed with the file, once in full when called). With this magic comment at
// the top of a file (Chromium 136+; other engines read a comment), V8 compiles all of it at once
// on the background thread that parses it as it downloads, and the page's thread only runs it: in
// traces of the dashboard the page's thread went from 890-1070 ms of work to about 530
// (README "Single-file React"). Only for the libraries a component's first render runs much of:
// for one that holds much it never calls (mathjs, Plotly, the whole lucide set) eager compiling
// is waste, and the Tailwind worker's compiler measured no better with it.
const COMPILE_ON_LOAD = ["ui", "recharts"];
for (const file of COMPILE_ON_LOAD) {
  const path = join(staging, `${file}.mjs`);
  writeFileSync(path, `//# allFunctionsCalledOnLoad\n${readFileSync(path, "utf8")}`);
}

// lucide-react, one module per icon under lucide/<Name>.mjs (a component names a handful of its
// 1,500 icons; the whole set is lucide-react.mjs, for `import * as Icons`). Every export name maps
// to the file of its canonical name: `Home`, `HomeIcon` and `LucideHome` are all lucide/Home.mjs
// (the page's own `lucideFile`, read from react.js, so both agree).
const lucideFile = new Function(`${pageScript.match(/^const lucideFile = .*;$/m)[0]}\nreturn lucideFile;`)();
const lucideIndex = readFileSync(join(nodeModules, "lucide-react/dist/esm/lucide-react.js"), "utf8");
const iconEntries = {};
for (const [, names, file] of lucideIndex.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.js';/g)) {
  for (const [, name] of names.matchAll(/default as (\w+)/g)) {
    const canonical = lucideFile(name);
    const path = join(nodeModules, "lucide-react/dist/esm/icons", `${file}.js`);
    if (iconEntries[`lucide/${canonical}`] && iconEntries[`lucide/${canonical}`] !== path) {
      throw new Error(`lucide export ${name} is ambiguous`);
    }
    iconEntries[`lucide/${canonical}`] = path;
  }
}
if (Object.keys(iconEntries).length < 1000) throw new Error("lucide-react's index changed shape");
// Each icon carries lucide's 1 KB icon factory rather than importing it: one request per icon,
// none behind it.
const icons = await esbuild.build({ ...common, entryPoints: iconEntries, outdir: staging });

// Licences of every package that ended up in a bundle.
const packages = new Set();
for (const input of [...Object.keys(libraries.metafile.inputs), ...Object.keys(icons.metafile.inputs)]) {
  const path = relative(nodeModules, resolve(nodeModules, input));
  const m = path.match(/^((?:@[^/]+\/)?[^/]+)\//);
  if (m && !path.startsWith("..") && !input.includes(":")) packages.add(m[1]);
}
// The Tailwind browser build carries Tailwind and PostCSS inside its one file.
for (const name of ["tailwindcss", "postcss"]) if (existsSync(join(nodeModules, name))) packages.add(name);
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
// Every icon name the page may ask for has its file (esbuild merges output names that differ only
// in letter case, which lucideFile avoids).
for (const name of Object.keys(iconEntries)) {
  if (!existsSync(join(staging, `${name}.mjs`))) throw new Error(`${name}.mjs was not written`);
}
writeFileSync(join(staging, ".stamp"), stamp);
console.log(
  `vendor-react-kit: ${Object.keys(entryPoints).length} libraries, ${Object.keys(iconEntries).length} icons, ${packages.size} packages`,
);
