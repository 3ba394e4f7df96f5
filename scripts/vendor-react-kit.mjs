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
const pageConst = (name) => new Function(`${pageScript.match(new RegExp(`^const ${name} = \\{$[^]*?^\\};$`, "m"))[0]}\nreturn ${name};`)();
const UI_BUNDLES = pageConst("UI_BUNDLES");
const KIT_DEPENDENCIES = pageConst("KIT_DEPENDENCIES");
const entryPoints = {};
for (const [name, file] of [...Object.entries(LIBRARIES), ...Object.entries(UI_BUNDLES).map(([n, f]) => [`@/components/ui/${n}`, f])]) {
  const own = join(kit, "entries", `${file}.js`);
  const component = join(kit, "ui", `${file.replace(/^ui-/, "")}.jsx`);
  entryPoints[file] ??= existsSync(own) ? own : file.startsWith("ui-") ? component : name;
}
// The modules that take shared code from others (KIT_DEPENDENCIES): built after them, see below.
// One named by its package (a Radix primitive imported directly, @dnd-kit/sortable) is a file that
// re-exports it, so the package's own module is an import the consumers' build can read from its
// provider rather than an entry point it must bundle whole.
const consumerEntries = {};
const reexports = `${out}.entries`;
rmSync(reexports, { recursive: true, force: true });
for (const file of Object.keys(KIT_DEPENDENCIES)) {
  consumerEntries[file] = entryPoints[file];
  if (!consumerEntries[file].startsWith("/")) {
    mkdirSync(reexports, { recursive: true });
    consumerEntries[file] = join(reexports, `${file}.js`);
    writeFileSync(consumerEntries[file], `export * from ${JSON.stringify(entryPoints[file])};\n`);
  }
  delete entryPoints[file];
}
// dayjs's plugins, each its own module (dayjs-plugin/<name>.mjs; they take dayjs as an argument).
for (const file of readdirSync(join(nodeModules, "dayjs/plugin")).filter((f) => f.endsWith(".js"))) {
  entryPoints[`dayjs-plugin/${file.slice(0, -3)}`] = `dayjs/plugin/${file}`;
}
// Tailwind's compiler runs in a worker the page starts itself.
entryPoints["tailwind-worker"] = join(kit, "entries/tailwind-worker.js");
// @tailwindcss/typography's `prose`, which the Tailwind worker imports only for a source naming it.
entryPoints["tailwind-typography"] = "@tailwindcss/typography";
// The stand-in for an icon lucide-react 0.383 lacks, which the page imports itself (below).
entryPoints["lucide-missing"] = join(kit, "entries/lucide-missing.js");
// React 19's API on the page's React 18, which the page loads itself for a source that uses it.
entryPoints.react19 = join(kit, "entries/react19.js");

const shimFiles = {
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
      const shim = shimFiles[args.path];
      if (!shim) throw new Error(`no shim for ${args.path} (imported by ${args.importer})`);
      return { path: join(kit, "shims", shim) };
    });
    // react-plotly.js uses the Plotly module beside it rather than a second 3.5 MB copy.
    build.onResolve({ filter: /^plug-kit:/ }, (args) => ({ path: `./${args.path.slice(9)}.mjs`, external: true }));
    // jsPDF's `html()` loads html2canvas and DOMPurify when called: the page's own modules of
    // those names, fetched then, not copies inside jspdf.mjs. canvg (`addSvgAsImage`) is not
    // provided: that call rejects saying so.
    build.onResolve({ filter: /^(html2canvas|dompurify|canvg)$/ }, (args) =>
      args.kind === "dynamic-import" && /[\\/]jspdf[\\/]/.test(args.importer)
        ? args.path === "canvg" ? { path: "canvg", namespace: "plug-missing" } : { path: `./${args.path}.mjs`, external: true }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "plug-missing" }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not provided to single-file React drops (jsPDF's addSvgAsImage needs it)`)});`,
      loader: "js",
    }));
    build.onResolve({ filter: /kit-css\.generated\.js$/ }, () => ({ path: "kit-css", namespace: "plug-kit" }));
    build.onLoad({ filter: /.*/, namespace: "plug-kit" }, () => {
      const { extraData, ...own } = precompiledCss;
      return { contents: `export default ${JSON.stringify(own)};`, loader: "js" };
    });
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
  // Variant class -> the ui files that hold it. Those of ui.mjs's components come with every page
  // that imports the kit; those only the separately loaded ones (calendar, chart, …) hold come only
  // with a page that imports one of them.
  const variants = new Map();
  const core = new Set([...readFileSync(join(kit, "entries/ui.js"), "utf8").matchAll(/from "\.\.\/ui\/([\w-]+)\.jsx"/g)].map((m) => m[1]));
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsx"))) {
    const own = new Set();
    const name = file.replace(/\.jsx$/, "");
    for (const string of readFileSync(join(dir, file), "utf8").match(/"[^"\n]*"/g) ?? []) {
      if (!/[a-z]-/.test(string)) continue;
      for (const c of string.slice(1, -1).split(/\s+/)) {
        if (!c) continue;
        if (precompiled(c)) variants.set(c, (variants.get(c) ?? new Set()).add(name));
        else own.add(c);
      }
    }
    classes[name] = [...own].join(" ");
  }
  const importers = {};
  // A component built on another's classes (alert-dialog's and pagination's buttonVariants) brings
  // them along: the page asks for the classes of the ui names its source imports.
  for (const file of Object.keys(classes)) {
    const source = readFileSync(join(dir, `${file}.jsx`), "utf8");
    for (const [, used] of source.matchAll(/from "\.\/([\w-]+)\.jsx"/g)) {
      if (used !== "icons" && classes[used]) classes[file] += ` ${classes[used]}`;
      (importers[used] ??= []).push(file);
    }
  }
  // What a file of ui.mjs imports is in ui.mjs too (menu-parts, the parts the three menus share).
  for (const name of [...core]) {
    const source = readFileSync(join(dir, `${name}.jsx`), "utf8");
    for (const [, used] of source.matchAll(/from "\.\/([\w-]+)\.jsx"/g)) if (used !== "icons") core.add(used);
  }
  const ownersOf = (holders) => {
    if ([...holders].some((h) => core.has(h))) return null;
    const owners = new Set(holders);
    for (const h of holders) for (const i of importers[h] ?? []) owners.add(i);
    return [...owners].sort();
  };
  const compiler = createTailwindcss({ tailwindConfig: TAILWIND_CONFIG });
  const generate = (css, content) => compiler.generateStylesFromContent(css, [content.join(" ")]);
  const minify = (css) => esbuild.transformSync(css, { loader: "css", minify: true }).code.trim();
  // Each rule's selector names its class escaped; the class whose escaped form it holds owns it.
  const escaped = [...variants.keys()].map((c) => [c, `.${c.replace(/[^\w-]/g, (ch) => `\\${ch}`)}`]).sort((a, b) => b[1].length - a[1].length);
  const variantRules = postcss.parse(await generate("@tailwind utilities;", [...variants.keys()])).nodes.map((node) => {
    const rule = node.type === "rule" ? node : node.nodes.find((n) => n.type === "rule");
    const holders = new Set(escaped.filter(([, e]) => rule.selector.includes(e)).flatMap(([c]) => [...variants.get(c)]));
    // A selector not matched to its class (an escape written otherwise) goes to every page.
    const owners = holders.size ? ownersOf(holders) : null;
    return owners ? [rule.selector, minify(node.toString()), owners] : [rule.selector, minify(node.toString())];
  });
  if (variantRules.length < 50) throw new Error("the kit's variant classes compiled to almost nothing");
  const { corePluginKeys } = await import(pathToFileURL(join(kit, "lib/tailwind-plugins.mjs")));
  const plugins = corePluginKeys(nodeModules, TAILWIND_CONFIG);
  // The worker enables only the plugins a component's text reaches (unusedCorePlugins): the CSS
  // must be Tailwind's own. Checked on the kit's classes and a sample of the tools' kinds of class.
  const sample = [...Object.values(classes), ...variants.keys(), SAMPLE_CLASSES].join(" ");
  const lean = createTailwindcss({ tailwindConfig: { ...TAILWIND_CONFIG, corePlugins: unusedCorePlugins(sample, plugins) } });
  const want = await generate("@tailwind components;\n@tailwind utilities;", [sample]);
  const got = await lean.generateStylesFromContent("@tailwind components;\n@tailwind utilities;", [sample]);
  if (got !== want) {
    const [full, only] = [want.split("\n"), got.split("\n")];
    console.error("missing:", full.filter((l) => !only.includes(l)), "extra:", only.filter((l) => !full.includes(l)));
    throw new Error("Tailwind with only the core plugins the classes reach generates other CSS");
  }
  // The separately loaded components' classes and variants are modules of their own
  // (kit-css/<name>.mjs), which the worker imports only for a page that imports the component: in
  // the worker's own module they cost every styled page about 6 KB gzip. Each variant keeps its
  // place in Tailwind's order, so the worker merges them back in that order.
  const extras = {};
  const coreClasses = {};
  for (const [name, text] of Object.entries(classes)) {
    if (core.has(name) || name === "icons") coreClasses[name] = text;
    else extras[name] = { classes: text, variants: [] };
  }
  const coreVariants = [];
  variantRules.forEach(([selector, css, owners], order) => {
    if (!owners) coreVariants.push([selector, css, order]);
    else for (const owner of owners) (extras[owner] ??= { classes: "", variants: [] }).variants.push([selector, css, order]);
  });
  return {
    base: minify(await generate("@tailwind base;", [])),
    variants: coreVariants,
    classes: coreClasses,
    extras: Object.keys(extras).sort(),
    extraData: extras,
    plugins,
  };
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

// shadcn's heavier components (calendar, form, chart, …) are modules of their own, loaded only when
// imported, yet must not carry a second copy of what ui.mjs holds: Radix's layers, portals and
// focus scopes keep their state in module-level React contexts (a Select inside a Drawer must see
// the Drawer), and the bytes would be paid twice. So ui.mjs also exports `__plugShared`, the
// namespaces of every module of its own that the other components import, and in their builds
// each import that resolves to such a module reads it from ./ui.mjs. Whole libraries they use
// (react-hook-form, date-fns, recharts) are the page's own modules of those names, imported from
// beside them. Found in two passes: which modules each side bundles, then the real builds.
const PROVIDED = Object.fromEntries(
  Object.values(KIT_DEPENDENCIES).flat().filter((f) => f !== "ui").map((f) => [Object.keys(LIBRARIES).find((n) => LIBRARIES[n] === f), f]),
);
const providedLibraries = {
  name: "provided-libraries",
  setup(build) {
    build.onResolve({ filter: /^[\w@]/ }, (args) => (PROVIDED[args.path] ? { path: `./${PROVIDED[args.path]}.mjs`, external: true } : undefined));
  },
};
const modulesOf = (result) =>
  new Set(Object.keys(result.metafile.inputs).filter((i) => !i.includes(":")).map((i) => resolve(nodeModules, i)));
const uiAlone = await esbuild.build({ ...common, entryPoints: { ui: entryPoints.ui }, outdir: staging, write: false });
const consumersAlone = await esbuild.build({
  ...common, plugins: [onePageReact, providedLibraries], entryPoints: consumerEntries, outdir: staging, write: false,
});
const uiModules = modulesOf(uiAlone);
const shims = new Set(Object.values(shimFiles).map((f) => join(kit, "shims", f)));
// Only the modules of ui.mjs that a consumer's own code imports (the rest come along inside them).
// A Radix primitive imported directly (radix-<name>.mjs) carries the primitive's own module, a few
// KB, and takes what it is built on (layers, portals, focus scopes, presence, where the state
// that must be one lives) from ui.mjs: handing the primitives' whole exports over instead grew
// ui.mjs, which every page of the kit loads, by 1.5 KB gzip. `targets` are those own modules.
const isReexport = (path) => path.startsWith(`${reexports}/`);
const inputsOf = (result) => Object.entries(result.metafile.inputs).filter(([input]) => !input.includes(":"));
const targets = new Set(
  inputsOf(consumersAlone)
    .filter(([input]) => isReexport(resolve(nodeModules, input)))
    .flatMap(([, { imports }]) => imports.map((i) => resolve(nodeModules, i.path))),
);
const shared = [...new Set(
  inputsOf(consumersAlone)
    .filter(([input]) => !isReexport(resolve(nodeModules, input)) && (!uiModules.has(resolve(nodeModules, input)) || targets.has(resolve(nodeModules, input))))
    .flatMap(([, { imports }]) => imports.map((i) => resolve(nodeModules, i.path)))
    .filter((m) => uiModules.has(m) && !shims.has(m)),
)].sort();
const sharedIndex = new Map(shared.map((m, i) => [m, i]));
// Each shared module's export names, then the ones the others use: ui.mjs hands over only those,
// so Radix's exports no component calls still fall to tree shaking (the whole namespaces cost
// ui.mjs about 1.7 KB gzip). Found in a build where each shared module is an external
// `plug-shared:<n>` whose imports (named, or a namespace and the properties read off it) stay in the
// unminified output.
const exportsOf = new Map(
  shared.length
    ? await esbuild
        .build({ ...common, entryPoints: Object.fromEntries(shared.map((m, i) => [`s${i}`, m])), outdir: staging, write: false })
        .then((r) => Object.values(r.metafile.outputs).filter((o) => o.entryPoint).map((o) => [resolve(nodeModules, o.entryPoint), o.exports]))
    : [],
);
const resolveShared = (build, args) =>
  args.kind === "entry-point" || args.pluginData?.fromUi || args.namespace !== "file" || isReexport(args.importer)
    ? undefined
    : build
        .resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { fromUi: true } })
        .then((found) => (sharedIndex.has(found.path) ? sharedIndex.get(found.path) : undefined));
const probe = await esbuild.build({
  ...common,
  minify: false,
  write: false,
  outdir: staging,
  entryPoints: consumerEntries,
  plugins: [onePageReact, providedLibraries, {
    name: "probe-shared",
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        const index = await resolveShared(build, args);
        return index === undefined ? undefined : { path: `plug-shared:${index}`, external: true };
      });
    },
  }],
});
const used = shared.map(() => new Set());
for (const { text } of probe.outputFiles) {
  for (const [, clause, index] of text.matchAll(/\bimport\s+([^;]*?)\s*from\s*"plug-shared:(\d+)"/g)) {
    const all = exportsOf.get(shared[index]);
    const names = used[index];
    const named = /\{([^}]*)\}/.exec(clause);
    for (const part of named ? named[1].split(",") : []) if (part.trim()) names.add(part.trim().split(/\s+as\s+/)[0]);
    const space = /\*\s+as\s+([\w$]+)/.exec(clause);
    if (space) {
      // A namespace: the properties read off it, or everything when it is used any other way.
      const uses = [...text.matchAll(new RegExp(`(?<![\\w$.])${space[1].replace(/\$/g, "\\$")}(?![\\w$])(\\.[\\w$]+)?`, "g"))].slice(1);
      for (const [, property] of uses) {
        if (property && all.includes(property.slice(1))) names.add(property.slice(1));
        else if (!property) for (const n of all) names.add(n);
      }
    }
    const plain = clause.replace(/\{[^}]*\}/, "").replace(/\*\s+as\s+[\w$]+/, "").replace(/,/g, "").trim();
    if (plain) names.add("default");
  }
  for (const [, index] of text.matchAll(/\bexport\s*\*\s*from\s*"plug-shared:(\d+)"/g)) for (const n of exportsOf.get(shared[index])) used[index].add(n);
}
const handed = used.map((names) => [...names].sort());
const uiEntry = {
  name: "ui-entry",
  setup(build) {
    build.onResolve({ filter: /^plug-ui-entry$/ }, () => ({ path: "ui", namespace: "plug-ui-entry" }));
    build.onLoad({ filter: /.*/, namespace: "plug-ui-entry" }, () => ({
      resolveDir: join(kit, "entries"),
      loader: "js",
      contents: [
        `export * from ${JSON.stringify(entryPoints.ui)};`,
        ...shared.map((m, i) => `import { ${handed[i].map((n, j) => `${n === "default" ? "default" : n} as s${i}_${j}`).join(", ")} } from ${JSON.stringify(m)};`),
        `export const __plugShared = [${handed.map((names, i) => `{ ${names.map((n, j) => `${JSON.stringify(n)}: s${i}_${j}`).join(", ")} }`).join(", ")}];`,
      ].join("\n"),
    }));
  },
};
const fromUi = {
  name: "from-ui",
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      const index = await resolveShared(build, args);
      return index === undefined ? undefined : { path: shared[index], namespace: "plug-from-ui" };
    });
    build.onLoad({ filter: /.*/, namespace: "plug-from-ui" }, (args) => {
      const index = sharedIndex.get(args.path);
      const names = handed[index];
      const plain = names.filter((n) => n !== "default");
      return {
        loader: "js",
        contents: [
          `import { __plugShared } from "./ui.mjs";`,
          `const shared = __plugShared[${index}];`,
          plain.length ? `export const { ${plain.join(", ")} } = shared;` : "",
          names.includes("default") ? "export default shared.default;" : "",
        ].join("\n"),
      };
    });
    build.onResolve({ filter: /^\.\/ui\.mjs$/ }, () => ({ path: "./ui.mjs", external: true }));
  },
};
const libraries = await esbuild.build({
  ...common, plugins: [...common.plugins, uiEntry], entryPoints: { ...entryPoints, ui: "plug-ui-entry" }, outdir: staging,
});
const consumers = await esbuild.build({
  ...common, plugins: [onePageReact, providedLibraries, fromUi], entryPoints: consumerEntries, outdir: staging,
});
// What each consumer imports is what the page fetches beside it (KIT_DEPENDENCIES), and no
// consumer holds a module ui.mjs or a provided library holds (a duplicate would be a second copy
// of code and, for Radix, of its state).
const providerModules = new Map();
for (const [out, meta] of Object.entries(libraries.metafile.outputs)) {
  for (const input of Object.keys(meta.inputs)) if (!input.includes(":")) providerModules.set(resolve(nodeModules, input), out);
}
const duplicates = [];
const inConsumers = {};
for (const [out, meta] of Object.entries(consumers.metafile.outputs)) {
  if (!out.endsWith(".mjs")) continue;
  const file = out.split("/").pop().replace(/\.mjs$/, "");
  const imports = [...new Set(meta.imports.map((i) => i.path.replace(/^\.\//, "").replace(/\.mjs$/, "")))].sort();
  const want = [...KIT_DEPENDENCIES[file]].sort();
  if (imports.join() !== want.join()) throw new Error(`${file}.mjs imports ${imports.join(", ")}; KIT_DEPENDENCIES in react.js says ${want.join(", ")}`);
  for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) {
    // Two of the separate components holding the same module (a page rarely imports both).
    if (!input.includes(":") && !shims.has(resolve(nodeModules, input)) && bytesInOutput > 0) {
      (inConsumers[input] ??= []).push(`${file}.mjs`);
    }
    const also = targets.has(resolve(nodeModules, input)) && isReexport(consumerEntries[file]) ? undefined : providerModules.get(resolve(nodeModules, input));
    if (also && !shims.has(resolve(nodeModules, input)) && bytesInOutput > 0) duplicates.push(`${file}.mjs and ${also.split("/").pop()}: ${input} (${bytesInOutput} bytes)`);
  }
}
const uiDuplicates = duplicates.filter((d) => / and ui\.mjs: /.test(d));
if (uiDuplicates.length) throw new Error(`modules bundled twice:\n${uiDuplicates.join("\n")}`);
for (const [input, files] of Object.entries(inConsumers)) if (files.length > 1) duplicates.push(`${files.join(" and ")}: ${input}`);
if (duplicates.length) console.log(`vendor-react-kit: modules in two bundles:\n  ${duplicates.join("\n  ")}`);
// V8 compiles a function the first time it runs, on the page's thread, unless told otherwise: the
// dashboard's first render compiled some 2,300 functions of recharts and the ui kit there, each
// parsed twice (once skimmed with the file, once in full when called). With this magic comment at
// the top of a file (Chromium 136+; other engines read a comment), V8 compiles all of it at once
// on the background thread that parses it as it downloads, and the page's thread only runs it: in
// traces of the dashboard the page's thread went from 890-1070 ms of work to about 530
// (README "Single-file React"). Only for the libraries a component's first render runs much of:
// for one that holds much it never calls (mathjs, Plotly, the whole lucide set) eager compiling
// is waste, and the Tailwind worker's compiler measured no better with it.
for (const name of Object.keys(UI_BUNDLES)) {
  if (!precompiledCss.extras.includes(name)) throw new Error(`@/components/ui/${name} has no ui/${name}.jsx for its classes`);
}
mkdirSync(join(staging, "kit-css"), { recursive: true });
for (const [name, data] of Object.entries(precompiledCss.extraData)) {
  writeFileSync(join(staging, "kit-css", `${name}.mjs`), `export default ${JSON.stringify(data)};\n`);
}
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
// The tools' models know newer lucide releases than the 0.383.0 they pin: ChatGPT's and Gemini's
// components name `House`, `ChartNoAxesColumn`, `CircleCheck`. From a newer release's index
// (lucide-react-newer, an npm alias), each name 0.383 lacks gets a file: the old icon it renamed
// (`House` is `Home`), or, for an icon 0.383 never drew, a line naming it (`missing`), which the
// page draws as lucide-missing's dashed square with a notice giving its line. No name the tools write then asks for a missing file.
const newerIndex = readFileSync(join(nodeModules, "lucide-react-newer/dist/esm/lucide-react.js"), "utf8");
const taken = new Set(Object.keys(iconEntries).map((k) => k.toLowerCase()));
const standIns = [];
let renamed = 0;
for (const [, names] of newerIndex.matchAll(/export \{([^}]*)\} from '\.\/icons\/[\w-]+\.js';/g)) {
  const canonical = [...new Set([...names.matchAll(/default as (\w+)/g)].map(([, n]) => lucideFile(n)))];
  const old = canonical.map((c) => iconEntries[`lucide/${c}`]).find(Boolean);
  for (const name of canonical) {
    if (taken.has(`lucide/${name}`.toLowerCase())) continue;
    taken.add(`lucide/${name}`.toLowerCase());
    if (old) {
      iconEntries[`lucide/${name}`] = old;
      renamed++;
    } else {
      standIns.push(name);
    }
  }
}
if (renamed < 30 || standIns.length < 100) throw new Error(`lucide-react-newer's index changed shape (${renamed} renamed, ${standIns.length} new)`);
// Each icon carries lucide's 1 KB icon factory rather than importing it: one request per icon,
// none behind it.
const icons = await esbuild.build({ ...common, entryPoints: iconEntries, outdir: staging });

// @radix-ui/react-icons likewise, one module per icon (radix-icons/<Name>.mjs): each entry
// re-exports one icon of the package, and tree shaking leaves only it.
const radixIndex = readFileSync(join(nodeModules, "@radix-ui/react-icons/dist/react-icons.esm.js"), "utf8");
const radixNames = /export \{([^}]*)\};\s*(?:\/\/.*)?\s*$/.exec(radixIndex)?.[1].split(",").map((n) => n.trim()).filter(Boolean) ?? [];
if (radixNames.length < 300) throw new Error("@radix-ui/react-icons' index changed shape");
const radixIcons = await esbuild.build({
  ...common,
  entryPoints: Object.fromEntries(radixNames.map((n) => [`radix-icons/${n}`, `plug-radix-icon:${n}`])),
  outdir: staging,
  plugins: [...common.plugins, {
    name: "radix-icon",
    setup(build) {
      build.onResolve({ filter: /^plug-radix-icon:/ }, (args) => ({ path: args.path.slice(16), namespace: "plug-radix-icon" }));
      build.onLoad({ filter: /.*/, namespace: "plug-radix-icon" }, (args) => ({
        contents: `export { ${args.path} as default } from "@radix-ui/react-icons";`, resolveDir: nodeModules, loader: "js",
      }));
    },
  }],
});
for (const name of radixNames) {
  if (readFileSync(join(staging, "radix-icons", `${name}.mjs`)).length > 12000) throw new Error(`radix-icons/${name}.mjs holds more than its icon`);
}

// react-icons: each set cut by the first letter of its icons' names after the set's prefix
// (react-icons/fa/G.mjs), and Heroicons one module per icon (heroicons/24/outline/<Name>.mjs); the
// page names the files with the same lines (react.js: reactIconChunk, iconFiles).
const reactIconChunk = new Function(`${pageScript.match(/^const reactIconChunk = [^]*?^\};$/m)[0]}\nreturn reactIconChunk;`)();
const iconChunks = {};
const iconsDir = join(nodeModules, "react-icons");
for (const set of readdirSync(iconsDir).filter((d) => d !== "lib" && existsSync(join(iconsDir, d, "index.mjs")))) {
  const names = [...readFileSync(join(iconsDir, set, "index.mjs"), "utf8").matchAll(/^export function (\w+)/gm)].map((m) => m[1]);
  if (names.length < 20) throw new Error(`react-icons/${set} changed shape`);
  for (const name of names) (iconChunks[`react-icons/${set}/${reactIconChunk(name)}`] ??= []).push(name);
}
if (Object.keys(iconChunks).length < 300) throw new Error("react-icons changed shape");
const heroEntries = {};
for (const style of ["16/solid", "20/solid", "24/outline", "24/solid"]) {
  const dir = join(nodeModules, "@heroicons/react", style, "esm");
  for (const file of readdirSync(dir).filter((f) => /^[A-Z]\w*Icon\.js$/.test(f))) heroEntries[`heroicons/${style}/${file.slice(0, -3)}`] = join(dir, file);
}
if (Object.keys(heroEntries).length < 1200) throw new Error("@heroicons/react changed shape");
// date-fns's locales, one module per locale named by its export (`ptBR` from pt-BR.js), each its
// default export.
const localeEntries = {};
const localeDir = join(nodeModules, "date-fns/locale");
for (const file of readdirSync(localeDir).filter((f) => /^[a-zA-Z-]+\.js$/.test(f))) {
  const name = /^export const (\w+) = \{/m.exec(readFileSync(join(localeDir, file), "utf8"))?.[1];
  if (name) localeEntries[`date-fns-locale/${name}`] = `plug-date-locale:${join(localeDir, file)}|${name}`;
}
if (Object.keys(localeEntries).length < 90) throw new Error("date-fns's locales changed shape");
const iconSets = await esbuild.build({
  ...common,
  entryPoints: { ...heroEntries, ...localeEntries, ...Object.fromEntries(Object.keys(iconChunks).map((chunk) => [chunk, `plug-icon-chunk:${chunk}`])) },
  outdir: staging,
  plugins: [...common.plugins, {
    name: "icon-chunk",
    setup(build) {
      build.onResolve({ filter: /^plug-date-locale:/ }, (args) => ({ path: args.path.slice(17), namespace: "plug-date-locale" }));
      build.onLoad({ filter: /.*/, namespace: "plug-date-locale" }, (args) => {
        const [file, name] = args.path.split("|");
        return { contents: `export { ${name} as default } from ${JSON.stringify(file)};`, resolveDir: nodeModules, loader: "js" };
      });
      build.onResolve({ filter: /^plug-icon-chunk:/ }, (args) => ({ path: args.path.slice(16), namespace: "plug-icon-chunk" }));
      build.onLoad({ filter: /.*/, namespace: "plug-icon-chunk" }, (args) => ({
        contents: `export { ${iconChunks[args.path].join(", ")} } from "${args.path.replace(/\/[^/]+$/, "")}";`, resolveDir: nodeModules, loader: "js",
      }));
    },
  }],
});

// Licences of every package that ended up in a bundle.
const packages = new Set();
for (const input of [...Object.keys(libraries.metafile.inputs), ...Object.keys(consumers.metafile.inputs), ...Object.keys(icons.metafile.inputs), ...Object.keys(radixIcons.metafile.inputs), ...Object.keys(iconSets.metafile.inputs)]) {
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
for (const name of standIns) {
  writeFileSync(join(staging, "lucide", `${name}.mjs`), `export const missing = ${JSON.stringify(name)};\n`);
}
// Every icon name the page may ask for has its file (esbuild merges output names that differ only
// in letter case, which lucideFile avoids).
for (const name of Object.keys(iconEntries)) {
  if (!existsSync(join(staging, `${name}.mjs`))) throw new Error(`${name}.mjs was not written`);
}
writeFileSync(join(staging, ".stamp"), stamp);
rmSync(reexports, { recursive: true, force: true });
console.log(
  `vendor-react-kit: ${Object.keys(entryPoints).length + Object.keys(consumerEntries).length} libraries, ${Object.keys(iconEntries).length} icons (${renamed} under newer names), ${standIns.length} newer icons stood in for, ${packages.size} packages`,
);
