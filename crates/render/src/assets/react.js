// Fetch the single-file component, compile JSX/TypeScript/ES modules with Sucrase, load the
// libraries it imports (the AI tools' contract, vendored under /_plug/vendor/react-kit/), generate
// its Tailwind CSS, run it with a tiny `require`, and render its component into #root: the default
// export, `App`, or the one component the file exports (a Storybook-style named export).
const root = document.getElementById("root");
let selfRendered = false;

// Storybook-style components declare propTypes; the checks only ever warn, so they are no-ops.
const modules = { "prop-types": propTypes() };

/** What a component may import of React itself, once React is loaded. */
function addReact() {
  // The module may mount itself with createRoot or render; then there is nothing left to do. A
  // file written for another page's mount point (`getElementById("app")`, null here) gets #root.
  const domModule = Object.assign({}, ReactDOM, {
    createRoot(container, ...rest) {
      selfRendered = true;
      return ReactDOM.createRoot(container ?? root, ...rest);
    },
    render(element, container, ...rest) {
      selfRendered = true;
      return ReactDOM.render(element, container ?? root, ...rest);
    },
  });
  const jsx = (type, props, key) =>
    modules.react.createElement(type, key === undefined ? props : Object.assign({}, props, { key }));
  Object.assign(modules, {
    react: React,
    "react-dom": domModule,
    "react-dom/client": domModule,
    "react/jsx-runtime": { jsx, jsxs: jsx, Fragment: React.Fragment },
    "react/jsx-dev-runtime": { jsxDEV: jsx, Fragment: React.Fragment },
  });
}

// React 19's API (`use`, `useActionState`, `useOptimistic`, `useFormStatus`, `<form action={fn}>`,
// `<Context value>`, `ref` as a prop, a `<title>` anywhere) on the page's React 18, from react-kit/entries/react19.js,
// loaded only for a source naming one of them (README, "Single-file React components").
const REACT_19 = /\b(?:useActionState|useOptimistic|useFormStatus|useFormState|requestFormReset|useEffectEvent)\b|<Activity\s+mode=|\buse\(|\b(?:action|formAction)=\{|\bref=\{\s*(?:\(\s*\w*\s*(?::[^)]*)?\)|\w+)\s*=>|Context\s+value=|<title[\s>]|\(\s*\{[^}]*\bref\b[^}]*\}\s*[:)]/;
async function addReact19() {
  const { react19 } = await importKit("react19");
  const { react, dom } = react19(React, modules["react-dom"]);
  Object.assign(modules, { react, "react-dom": dom, "react-dom/client": dom });
}

function propTypes() {
  const check = () => null;
  check.isRequired = check;
  const factory = () => check;
  const makers = ["shape", "oneOf", "oneOfType", "arrayOf", "objectOf", "instanceOf", "exact"];
  const types = new Proxy({}, {
    get: (_, key) => (key === "__esModule" ? false : key === "default" ? types : makers.includes(key) ? factory : check),
  });
  return types;
}

// What starter templates import beside React (Vite, Create React App): stylesheets become no-ops
// and assets a neutral placeholder, each with one quiet warning, so the component still renders.
const STYLESHEET = /\.(css|scss|sass|less|styl)$/i;
const ASSET = /\.(svg|png|jpe?g|gif|webp|avif|ico|bmp|mp4|webm|mp3|wav|woff2?|ttf|otf)$/i;
const PLACEHOLDER =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#e5e7eb"/><path d="M18 44l10-12 8 9 6-7 8 10z" fill="#9ca3af"/><circle cx="24" cy="24" r="5" fill="#9ca3af"/></svg>',
  );
const warned = new Set();
function warnOnce(message) {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

function stylesheet(name) {
  warnOnce(`Plug: "${name}" is not part of this drop; its styles are left out.`);
  // A CSS module's class names map to themselves, so className={styles.x} still reads "x".
  const classNames = new Proxy({}, { get: (_, key) => String(key) });
  return new Proxy({ __esModule: true, default: classNames }, {
    get: (target, key) => (key in target ? target[key] : String(key)),
  });
}

function asset(name) {
  warnOnce(`Plug: "${name}" is not part of this drop; a placeholder stands in for it.`);
  const ReactComponent = (props) => React.createElement("img", Object.assign({ src: PLACEHOLDER, alt: "" }, props));
  return { __esModule: true, default: PLACEHOLDER, ReactComponent };
}

// v0 draws its blocks' images as "/placeholder.svg?height=400&width=600" (and "/placeholder-user.jpg",
// "/placeholder-logo.svg"), files v0's own preview serves; a drop's origin has none (each a 404 in
// the console and a broken image). A literal of that form becomes a grey image of that size.
const V0_PLACEHOLDER = /(["'`])\/placeholder(?:-[a-z]+)?\.(?:svg|png|jpe?g|webp)(\?[^"'`\s$]*)?\1/g;
function placeholderImage(query) {
  const params = new URLSearchParams(query || "");
  const size = (name) => Math.min(4096, Math.max(1, Number.parseInt(params.get(name), 10) || 400));
  const [w, h] = [size("width"), size("height")];
  const r = Math.max(2, Math.min(w, h) / 8);
  return (
    "data:image/svg+xml," +
    encodeURIComponent(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#e5e7eb"/>` +
        `<circle cx="${w / 2 - r}" cy="${h / 2 - r / 2}" r="${r / 2}" fill="#9ca3af"/><path d="M${w / 2 - 2 * r} ${h / 2 + r}l${r} -${r}l${r / 2} ${r / 2}l${r} -${r}l${r} ${1.5 * r}z" fill="#9ca3af"/></svg>`,
    )
  );
}

let sourceText = "";

/** " (line N: …)" of the first line naming `name` in the source, for the error. */
function lineOf(name) {
  const lines = sourceText.split("\n");
  const index = lines.findIndex((line) => line.includes(`"${name}"`) || line.includes(`'${name}'`));
  return index < 0 ? "" : ` (line ${index + 1}: ${lines[index].trim()})`;
}

// Bare imports beyond React: what Claude's artifacts, ChatGPT's canvas, Gemini and v0 provide to
// the components they write, each an ES module built by scripts/vendor-react-kit.mjs that uses the
// page's one React. Specifier -> file under react-kit/ (README, "Single-file React");
// scripts/vendor-react-kit.mjs reads this very map to know what to build.
const LIBRARIES = {
  "lucide-react": "lucide-react",
  recharts: "recharts",
  mathjs: "mathjs",
  lodash: "lodash",
  "lodash-es": "lodash",
  papaparse: "papaparse",
  "framer-motion": "framer-motion",
  // framer-motion's own new name (Motion 11.11+); the same API. `motion` itself is its DOM
  // functions (`animate`, `scroll`, `inView`, `stagger`), which framer-motion exports too.
  "motion/react": "framer-motion",
  "motion/react-client": "framer-motion",
  motion: "framer-motion",
  d3: "d3",
  three: "three",
  "chart.js": "chart.js",
  "chart.js/auto": "chart.js-auto",
  tone: "tone",
  plotly: "plotly",
  "plotly.js": "plotly",
  "plotly.js-dist": "plotly",
  "plotly.js-dist-min": "plotly",
  "react-plotly.js": "react-plotly",
  mammoth: "mammoth",
  // v0's toasts: `toast()` and `<Toaster />`.
  sonner: "sonner",
  // shadcn's `@/components/ui/sonner`, which v0 imports `<Toaster />` from, is sonner's own.
  "@/components/ui/sonner": "sonner",
  // v0's blocks are Next.js code: Plug's own small adapters (react-kit/entries/next-*.js).
  "next/link": "next-link",
  "next/image": "next-image",
  "next/navigation": "next-navigation",
  "next/font/google": "next-font",
  "next/font/local": "next-font",
  "@/lib/utils": "ui",
  // What shadcn's form, calendar and toast are used with: react-hook-form with zod's schemas, and
  // date-fns's `format` beside a date picker. shadcn's older toasts take `useToast` from the hooks
  // folder too.
  "react-hook-form": "react-hook-form",
  "@hookform/resolvers/zod": "hookform-zod",
  zod: "zod",
  "date-fns": "date-fns",
  "@/hooks/use-toast": "ui-toast",
  // shadcn's sidebar's own hook.
  "@/hooks/use-mobile": "ui-sidebar",
  // What `cn` is made of, which v0's blocks also import directly (`cva` for their own variants).
  "class-variance-authority": "class-variance-authority",
  clsx: "clsx",
  "tailwind-merge": "tailwind-merge",
  // r128's OrbitControls (Claude's three.js artifacts import it though its list says "no
  // OrbitControls"), on the page's one three.
  "three/examples/jsm/controls/OrbitControls": "three-orbit-controls",
  "three/examples/jsm/controls/OrbitControls.js": "three-orbit-controls",
  "three/addons/controls/OrbitControls.js": "three-orbit-controls",
  // Stand-ins for what the tools' own pages provide and a drop cannot (README): Gemini Canvas's
  // Firebase keeps its data in this browser, the Gemini API says so where called.
  "firebase/app": "firebase",
  "firebase/auth": "firebase",
  "firebase/firestore": "firebase",
  "@google/genai": "google-genai",
  "@google/generative-ai": "google-genai",
  // SheetJS, Claude's list's spreadsheets (npm's last build, 0.18.5: docs/react.md says why), and
  // the kanban boards written on react-beautiful-dnd's API: its maintained fork, which the old
  // name also loads.
  xlsx: "xlsx",
  "@hello-pangea/dnd": "hello-pangea-dnd",
  "react-beautiful-dnd": "hello-pangea-dnd",
  // What ChatGPT's canvases add now and then: chart.js's React components (on the page's one
  // chart.js) and React Router 6 (`Routes`, `<Route element>`, the API the tools write).
  "react-chartjs-2": "react-chartjs-2",
  "react-router-dom": "react-router-dom",
  "react-router": "react-router-dom",
  // `uuidv4()` for the ids of a list's items; v0's theme toggles (`useTheme`, `ThemeProvider`); the
  // icons of shadcn's "new-york" style, which v0's blocks of 2024 import.
  uuid: "uuid",
  "next-themes": "next-themes",
  "@radix-ui/react-icons": "radix-icons",
  // Chat screens render the model's answers as Markdown (react-markdown 9, safe by default: no raw
  // HTML), with GitHub's tables and lists; a finished quiz or goal gets confetti.
  "react-markdown": "react-markdown",
  "remark-gfm": "remark-gfm",
  "canvas-confetti": "canvas-confetti",
  // ChatGPT's components fetch public APIs with it as often as with fetch.
  axios: "axios",
  // shadcn's Button written into the file itself (`asChild` renders its child through Slot).
  "@radix-ui/react-slot": "radix-slot",
  // Bolt's and Lovable's apps keep state in zustand stores (`create`, `persist`, `useShallow`) and
  // fetch with TanStack Query (Lovable's template wraps every app in a QueryClientProvider).
  zustand: "zustand",
  "zustand/middleware": "zustand-middleware",
  "zustand/shallow": "zustand-shallow",
  "zustand/react/shallow": "zustand-shallow",
  "@tanstack/react-query": "tanstack-react-query",
  // What ChatGPT's, Bolt's and v0's components add beside those (README): shadcn's data table on
  // TanStack Table, ids, Bolt's toasts, dates, sortable lists and boards, Tailwind UI's Headless UI.
  "@tanstack/react-table": "tanstack-react-table",
  nanoid: "nanoid",
  "react-hot-toast": "react-hot-toast",
  dayjs: "dayjs",
  "@dnd-kit/core": "dnd-kit-core",
  "@dnd-kit/sortable": "dnd-kit-sortable",
  "@dnd-kit/utilities": "dnd-kit-utilities",
  "@dnd-kit/modifiers": "dnd-kit-modifiers",
  "@headlessui/react": "headlessui",
  // Sweep 6: Bolt's stores write their updates as mutations through zustand's immer middleware,
  // and ChatGPT's components use immer's `produce` and `useImmer`; jotai's atoms are the other
  // store the tools' React apps keep state in. zustand's middleware and use-immer read the page's
  // one immer; jotai's entry points are one module (react-kit/entries/jotai.js), so its utilities
  // (`atomWithStorage`) and hooks share one default store and Provider.
  immer: "immer",
  "use-immer": "use-immer",
  "zustand/middleware/immer": "zustand-middleware-immer",
  // Chat screens draw a model's code blocks with react-syntax-highlighter (react-kit/entries/
  // react-syntax-highlighter.js: the languages answers are written in) and one of its themes.
  "react-syntax-highlighter": "react-syntax-highlighter",
  "react-syntax-highlighter/dist/esm/styles/prism": "react-syntax-highlighter-prism-styles",
  "react-syntax-highlighter/dist/cjs/styles/prism": "react-syntax-highlighter-prism-styles",
  "react-syntax-highlighter/dist/esm/styles/hljs": "react-syntax-highlighter-hljs-styles",
  "react-syntax-highlighter/dist/cjs/styles/hljs": "react-syntax-highlighter-hljs-styles",
  // ChatGPT's components style with styled-components now and then (styled.button`…`, keyframes,
  // ThemeProvider, createGlobalStyle), and debounce a search field with use-debounce.
  "styled-components": "styled-components",
  "use-debounce": "use-debounce",
  // What shadcn's command, drawer, input-otp, carousel and resizable are built on, imported directly
  // when a component writes shadcn's part into the file itself (`Command as CommandPrimitive` from
  // cmdk, `Drawer as DrawerPrimitive` from vaul, `useEmblaCarousel`): the ui module's own copy,
  // handed over whole (PACKAGES_IN_KIT), so a page importing both has one cmdk, one vaul.
  cmdk: "ui-command",
  vaul: "ui-drawer",
  "input-otp": "ui-input-otp",
  "embla-carousel-react": "ui-carousel",
  "react-resizable-panels": "ui-resizable",
  jotai: "jotai",
  "jotai/react": "jotai",
  "jotai/vanilla": "jotai",
  "jotai/utils": "jotai",
  "jotai/react/utils": "jotai",
  "jotai/vanilla/utils": "jotai",
  // Sweep 10: a "Download PDF" button (jsPDF 2 with jspdf-autotable's tables, or html2canvas's
  // picture of an element), sanitised HTML, and a Lottie animation written into the file.
  // jsPDF loads html2canvas and DOMPurify beside it only when its `html()` is called.
  jspdf: "jspdf",
  "jspdf-autotable": "jspdf-autotable",
  html2canvas: "html2canvas",
  dompurify: "dompurify",
  "lottie-react": "lottie-react",
  // The Radix primitives imported directly (a shadcn component written into the file itself, or a
  // Radix example): each module is the primitive's whole export, read from ui.mjs's own copy (one
  // copy of Radix's layers, portals and focus scopes with the kit's components).
  "@radix-ui/react-accordion": "radix-accordion",
  "@radix-ui/react-alert-dialog": "radix-alert-dialog",
  "@radix-ui/react-aspect-ratio": "radix-aspect-ratio",
  "@radix-ui/react-avatar": "radix-avatar",
  "@radix-ui/react-checkbox": "radix-checkbox",
  "@radix-ui/react-collapsible": "radix-collapsible",
  "@radix-ui/react-context-menu": "radix-context-menu",
  "@radix-ui/react-dialog": "radix-dialog",
  "@radix-ui/react-dropdown-menu": "radix-dropdown-menu",
  "@radix-ui/react-hover-card": "radix-hover-card",
  "@radix-ui/react-label": "radix-label",
  "@radix-ui/react-menubar": "radix-menubar",
  "@radix-ui/react-navigation-menu": "radix-navigation-menu",
  "@radix-ui/react-popover": "radix-popover",
  "@radix-ui/react-progress": "radix-progress",
  "@radix-ui/react-radio-group": "radix-radio-group",
  "@radix-ui/react-scroll-area": "radix-scroll-area",
  "@radix-ui/react-select": "radix-select",
  "@radix-ui/react-separator": "radix-separator",
  "@radix-ui/react-slider": "radix-slider",
  "@radix-ui/react-switch": "radix-switch",
  "@radix-ui/react-tabs": "radix-tabs",
  "@radix-ui/react-toast": "radix-toast",
  "@radix-ui/react-toggle": "radix-toggle",
  "@radix-ui/react-toggle-group": "radix-toggle-group",
  "@radix-ui/react-tooltip": "radix-tooltip",
  // Sweep 11: QR codes for a link, a menu or guest Wi-Fi (v0's and ChatGPT's components): 4.x's
  // QRCodeSVG and QRCodeCanvas, and 3.x's default export (react-kit/entries/qrcode-react.js).
  "qrcode.react": "qrcode-react",
  // A won game's or finished quiz's confetti over the whole window (`<Confetti />`, the Tenzies
  // games the models learnt React from), beside canvas-confetti's function.
  "react-confetti": "react-confetti",
};
// The export of those ui modules that is the package itself (react-kit/ui/*.jsx).
const PACKAGES_IN_KIT = { cmdk: "__cmdk", vaul: "__vaul", "input-otp": "__inputOtp", "embla-carousel-react": "__embla", "react-resizable-panels": "__panels" };
const UI_KIT = [
  "accordion", "alert", "alert-dialog", "aspect-ratio", "avatar", "badge", "breadcrumb", "button", "card",
  "checkbox", "collapsible", "dialog", "dropdown-menu", "hover-card", "input", "label", "pagination",
  "popover", "progress", "radio-group", "scroll-area", "select", "separator", "sheet", "skeleton", "slider",
  "switch", "table", "tabs", "textarea", "toggle", "tooltip",
];
// shadcn/ui's heavier and rarer components, each a module of its own loaded only when imported; they
// take Radix, the kit's own parts (buttonVariants, Dialog, Label) and React from ui.mjs rather
// than carrying copies (scripts/vendor-react-kit.mjs).
const UI_BUNDLES = {
  calendar: "ui-calendar",
  carousel: "ui-carousel",
  chart: "ui-chart",
  command: "ui-command",
  "context-menu": "ui-context-menu",
  drawer: "ui-drawer",
  "button-group": "ui-button-group",
  empty: "ui-empty",
  field: "ui-field",
  form: "ui-form",
  "input-group": "ui-input-group",
  "input-otp": "ui-input-otp",
  item: "ui-item",
  kbd: "ui-kbd",
  menubar: "ui-menubar",
  "navigation-menu": "ui-navigation-menu",
  resizable: "ui-resizable",
  sidebar: "ui-sidebar",
  spinner: "ui-spinner",
  toast: "ui-toast",
  toaster: "ui-toast",
  "use-toast": "ui-toast",
  "toggle-group": "ui-toggle-group",
};
// The modules each of those imports (fetched at once with it rather than after it); the build
// checks this against what esbuild wrote.
const KIT_DEPENDENCIES = {
  "ui-calendar": ["ui", "date-fns"],
  "ui-carousel": ["ui"],
  "ui-chart": ["ui", "recharts"],
  "ui-command": ["ui"],
  "ui-context-menu": ["ui"],
  "ui-drawer": ["ui"],
  "ui-button-group": ["ui"],
  "ui-empty": ["ui"],
  "ui-field": ["ui"],
  "ui-form": ["ui", "react-hook-form"],
  "ui-input-group": ["ui"],
  "ui-input-otp": ["ui"],
  "ui-item": ["ui"],
  "ui-kbd": ["ui"],
  "ui-menubar": ["ui"],
  "ui-navigation-menu": ["ui"],
  "ui-resizable": ["ui"],
  "ui-sidebar": ["ui"],
  "ui-spinner": ["ui"],
  "ui-toast": ["ui"],
  "ui-toggle-group": ["ui"],
  "hookform-zod": ["react-hook-form"],
  "three-orbit-controls": ["three"],
  "jspdf-autotable": ["jspdf"],
  "dnd-kit-sortable": ["dnd-kit-core"],
  "zustand-middleware-immer": ["immer"],
  "use-immer": ["immer"],
  "radix-accordion": ["ui"],
  "radix-alert-dialog": ["ui"],
  "radix-aspect-ratio": ["ui"],
  "radix-avatar": ["ui"],
  "radix-checkbox": ["ui"],
  "radix-collapsible": ["ui"],
  "radix-context-menu": ["ui"],
  "radix-dialog": ["ui"],
  "radix-dropdown-menu": ["ui"],
  "radix-hover-card": ["ui"],
  "radix-label": ["ui"],
  "radix-menubar": ["ui"],
  "radix-navigation-menu": ["ui"],
  "radix-popover": ["ui"],
  "radix-progress": ["ui"],
  "radix-radio-group": ["ui"],
  "radix-scroll-area": ["ui"],
  "radix-select": ["ui"],
  "radix-separator": ["ui"],
  "radix-slider": ["ui"],
  "radix-switch": ["ui"],
  "radix-tabs": ["ui"],
  "radix-toast": ["ui"],
  "radix-toggle": ["ui"],
  "radix-toggle-group": ["ui"],
  "radix-tooltip": ["ui"],
  "react-chartjs-2": ["chart.js"],
  "chart.js-auto": ["chart.js"],
};
const kitUrl = (file) => new URL(`${vendor}react-kit/${file}.mjs`, location.href).href;
// Each react-kit module is imported (run) once; the libraries run needs React loaded first.
const kitModules = new Map();
function importKit(file) {
  if (!kitModules.has(file)) kitModules.set(file, import(kitUrl(file)));
  return kitModules.get(file);
}

// shadcn's folders written as paths rather than the "@/" alias (ChatGPT's canvases now and then:
// "./components/ui/card", "../lib/utils", "src/components/ui/button", "~/lib/utils") are the same
// modules.
const KIT_PATH = /^(?:@\/|~\/|(?:\.\.?\/)+)?(?:src\/)?((?:components\/ui|lib|hooks)\/[\w.-]+)$/;
const kitAlias = (name) => {
  const path = KIT_PATH.exec(name);
  return path ? `@/${path[1]}` : name;
};

/** The react-kit file behind an import, or null when Plug does not provide it. */
function kitFile(specifier) {
  const name = kitAlias(specifier);
  if (Object.prototype.hasOwnProperty.call(LIBRARIES, name)) return LIBRARIES[name];
  const ui = /^@\/components\/ui\/([a-z-]+?)(?:\.[jt]sx?)?$/.exec(name);
  if (ui && UI_KIT.includes(ui[1])) return "ui";
  if (ui && Object.prototype.hasOwnProperty.call(UI_BUNDLES, ui[1])) return UI_BUNDLES[ui[1]];
  if (/^@\/lib\/utils(?:\.[jt]s)?$/.test(name)) return "ui";
  // `cn` kept elsewhere than shadcn's lib/utils ("@/utils", "./utils/cn"): the same helper.
  if (/^(?:@\/|~\/|(?:\.\.?\/)+)(?:src\/)?(?:utils|lib\/cn|utils\/cn)(?:\.[jt]s)?$/.test(specifier)) return "ui";
  // Deep imports of a library's own build files, as the models write them now and then
  // ("lucide-react/dist/esm/icons/x", "recharts/lib/chart/LineChart", "framer-motion/dist/framer-motion"):
  // one lucide icon is its module (its default export), the others are the library itself.
  const icon = LUCIDE_DEEP.exec(name);
  if (icon) return `lucide/${lucideFile(icon[1].replace(/(?:^|-)([a-z0-9])/g, (_, c) => c.toUpperCase()))}`;
  if (/^recharts\/(?:lib|es6|types)\/[\w/.-]+$/.test(name)) return "recharts";
  if (/^framer-motion\/dist\/[\w/.-]+$/.test(name)) return "framer-motion";
  if (/^@\/hooks\/use-toast(?:\.[jt]sx?)?$/.test(name)) return "ui-toast";
  if (/^@\/hooks\/use-mobile(?:\.[jt]sx?)?$/.test(name)) return "ui-sidebar";
  if (LODASH_METHOD.test(name)) return "lodash";
  const dayjsPlugin = DAYJS_PLUGIN.exec(name);
  if (dayjsPlugin) return `dayjs-plugin/${dayjsPlugin[1]}`;
  if (REACT_ICONS.test(name) || HEROICONS.test(name) || DATE_LOCALES.test(name)) return "icon-set";
  if (PHOSPHOR.test(name)) return "phosphor";
  return null;
}
const LUCIDE_DEEP = /^lucide-react\/(?:dist\/(?:esm|cjs)\/)?icons\/([a-z0-9-]+)(?:\.m?js)?$/;
// `import debounce from "lodash/debounce"`: one method of lodash as its default export.
const LODASH_METHOD = /^lodash(?:-es)?\/([a-zA-Z]+)(?:\.js)?$/;
// `import relativeTime from "dayjs/plugin/relativeTime"`: each of dayjs's plugins a module of its own.
const DAYJS_PLUGIN = /^dayjs\/plugin\/([a-zA-Z]+)(?:\.js)?$/;

// lucide-react's icons are one module each (lucide/<Name>.mjs): a component names a handful of
// 1,500. Named imports only; anything else (`* as Icons`, `icons`, `createLucideIcon`) takes the
// whole set. `HomeIcon` and `LucideHome` are `Home`.
// The file of an icon's export name: `HomeIcon` and `LucideHome` are `Home`, `Grid2x2` is `Grid2X2`
// (icon files differ by more than letter case). scripts/vendor-react-kit.mjs names the files with
// this very line.
const lucideFile = (name) => name.replace(/^Lucide(?=[A-Z0-9])/, "").replace(/(?<=.)Icon$/, "").replace(/(\d)x(\d)/g, "$1X$2").replace(/(\d)d$/, "$1D").replace(/(Az|Za)$/, (m) => m.toUpperCase());
const LUCIDE_IMPORT = /import\s*(?:type\s+)?([^'";]*?)\s*from\s*(['"])lucide-react\2/g;
/** The icon names a source imports from lucide-react, or null when it needs the whole set. */
function lucideNames(source) {
  const names = [];
  for (const [, clause] of source.matchAll(LUCIDE_IMPORT)) {
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    if (!named) return null;
    for (const part of named[1].split(",")) {
      // `type LucideIcon` and the types are gone once compiled: no file to fetch for them.
      if (/^type\s/.test(part.trim())) continue;
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name && !["LucideIcon", "LucideProps", "IconNode"].includes(name)) names.push(name);
    }
  }
  if (names.some((n) => !/^[A-Z]\w*$/.test(n) || ["Icon", "LucideIcon", "LucideProvider"].includes(n))) return null;
  return names;
}

async function lucideModule(source) {
  const names = lucideNames(source);
  if (names === null || names.length === 0) return importKit("lucide-react");
  // A name 0.383 lacks (newer releases' icons have files that draw a stand-in, or the old icon they
  // renamed): a dashed square, and the page names it, rather than the whole component failing.
  // An icon a newer release draws has a file that only names it (`missing`), so its notice has the line.
  const icons = await Promise.all(
    names.map(async (n) => {
      const icon = await importKit(`lucide/${lucideFile(n)}`).catch(() => ({ missing: n }));
      if (!icon.missing) return icon;
      const line = sourceText.split("\n").findIndex((l) => new RegExp(`\\b${n}\\b`).test(l) && /lucide-react|\{|,/.test(l));
      const { missingIcon } = await importKit("lucide-missing");
      return { default: missingIcon(n, line < 0 ? 0 : line + 1) };
    }),
  );
  return Object.fromEntries(names.map((n, i) => [n, icons[i].default]));
}

// One icon imported by its file's path ("lucide-react/dist/esm/icons/x"): its default export, or
// the dashed square with a notice, as a name 0.383 lacks.
async function lucideIcon(file, specifier) {
  const icon = await importKit(file).catch(() => ({ missing: file.slice(7) }));
  if (!icon.missing) return icon;
  const line = sourceText.split("\n").findIndex((l) => l.includes(specifier));
  const { missingIcon } = await importKit("lucide-missing");
  return { default: missingIcon(icon.missing, line < 0 ? 0 : line + 1) };
}

// @radix-ui/react-icons likewise, one module per icon (radix-icons/<Name>.mjs, 1 KB each; the
// whole set is 100 KB gzip): the names a source imports, or null when it needs the whole set.
const RADIX_ICONS_IMPORT = /import\s*([^'";]*?)\s*from\s*(['"])@radix-ui\/react-icons\2/g;
function radixIconNames(source) {
  const names = [];
  for (const [, clause] of source.matchAll(RADIX_ICONS_IMPORT)) {
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    if (!named) return null;
    for (const part of named[1].split(",")) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name && !/^type\s/.test(name)) names.push(name);
    }
  }
  return names.every((n) => /^[A-Z]\w*Icon$/.test(n)) ? names : null;
}
async function radixIconsModule(source) {
  const names = radixIconNames(source);
  if (names === null || names.length === 0) return importKit("radix-icons");
  const icons = await Promise.all(
    names.map((n) => importKit(`radix-icons/${n}`).catch(() => Promise.reject(unavailable(`@radix-ui/react-icons (its icon ${n})`)))),
  );
  return Object.fromEntries(names.map((n, i) => [n, icons[i].default]));
}

// react-icons (ChatGPT's and Bolt's `FaGithub` from "react-icons/fa") and Heroicons (Tailwind UI's
// `Bars3Icon` from "@heroicons/react/24/outline"). react-icons' sets hold 300 to 9,000 icons
// each, 50,000 in all: one module per icon would be too many files, so each set is cut by the
// first letter of the icon's name after the set's prefix and a style word (react-icons/fa/G.mjs
// holds FaGithub …, md/OutlineE.mjs MdOutlineEmail …, 0.mjs the names that go on with a digit). Heroicons (650 a style) are one module per icon, as
// lucide's. scripts/vendor-react-kit.mjs names the files with these very lines.
const REACT_ICONS = /^react-icons\/([a-z0-9]+)$/;
const HEROICONS = /^@heroicons\/react\/(16\/solid|20\/solid|24\/outline|24\/solid)$/;
// date-fns's locales (`import { es } from "date-fns/locale"`, a calendar in the reader's language)
// likewise, one module per locale (2-6 KB gzip; all 95 are 330 KB).
const DATE_LOCALES = /^date-fns\/locale(?:\/[a-zA-Z-]+)?(?:\.js)?$/;
const reactIconChunk = (name) => {
  const rest = name.replace(/^[A-Z][a-z]+/, "");
  const style = /^(?:Outline|Outlined|Round|Sharp|TwoTone|Ios|Md|Logo|Fill|Solid)(?=[A-Z0-9])/.exec(rest)?.[0] ?? "";
  const first = rest[style.length] || "0";
  return style + (/[A-Za-z]/.test(first) ? first.toUpperCase() : "0");
};
/** The names a source imports from `specifier`, or null for a namespace or default import. */
function namedImports(source, specifier) {
  const names = [];
  const escaped = specifier.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  for (const [, clause] of source.matchAll(new RegExp(`import\\s*([^'";]*?)\\s*from\\s*(['"])${escaped}\\2`, "g"))) {
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    if (!named) return null;
    for (const part of named[1].split(",")) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name && !/^type\s/.test(name)) names.push(name);
    }
  }
  return names.every((n) => /^[A-Za-z]\w*$/.test(n)) ? names : null;
}
/** The react-kit files of the icons (or locales) a source imports from a set's specifier. */
function iconFiles(source, specifier) {
  const names = namedImports(source, specifier) ?? [];
  if (DATE_LOCALES.test(specifier)) return names.map((n) => `date-fns-locale/${n}`);
  const set = REACT_ICONS.exec(specifier);
  if (set) return [...new Set(names.map((n) => `react-icons/${set[1]}/${reactIconChunk(n)}`))];
  return names.map((n) => `heroicons/${HEROICONS.exec(specifier)[1]}/${n}`);
}
async function iconSetModule(specifier) {
  const names = namedImports(sourceText, specifier);
  if (names === null) throw Object.assign(unavailable(specifier), { message: `Import the icons of "${specifier}" by name (import { … } from "${specifier}")${lineOf(specifier)}: Plug loads only the icons a component names.` });
  const files = iconFiles(sourceText, specifier);
  const loaded = await Promise.all(files.map((f) => importKit(f).catch(() => null)));
  if (HEROICONS.test(specifier) || DATE_LOCALES.test(specifier)) {
    const missing = names.find((_, i) => !loaded[i]);
    if (missing) throw unavailable(`${specifier} (its ${HEROICONS.test(specifier) ? "icon" : "locale"} ${missing})`);
    return Object.fromEntries(names.map((n, i) => [n, loaded[i].default]));
  }
  // A name no chunk has is reported by missingExports with its line.
  return Object.assign({}, ...loaded.filter(Boolean));
}

// Phosphor's own React package (`@phosphor-icons/react`, its `/dist/ssr` entry, and
// `phosphor-react`, its 1.x name), which Bolt's and ChatGPT's components import: its icons are
// react-icons' `pi` set (Phosphor's), where each weight is an icon of its own (PiHouse,
// PiHouseBold, PiHouseFill, …, all in one chunk), so a name loads that chunk and draws the weight
// its `weight` prop (or IconContext) asks for, with Phosphor's `size` ("1em"), `color`
// ("currentColor") and `mirrored`. `HouseIcon`, 2.1's other name, is `House`. An icon the set
// lacks is reported by missingExports with its line; the types (`Icon`, `IconProps`) are not
// values.
const PHOSPHOR = /^@phosphor-icons\/react(?:\/dist\/ssr)?$|^phosphor-react$/;
const PHOSPHOR_WEIGHTS = { regular: "", bold: "Bold", fill: "Fill", duotone: "Duotone", light: "Light", thin: "Thin" };
const phosphorBase = (name) => (name.length > 4 ? name.replace(/Icon$/, "") : name);
function phosphorFiles(source, specifier) {
  const names = (namedImports(source, specifier) ?? []).filter((n) => !/^Icon(?:Context|Base|Props|Weight)?$/.test(n));
  return [...new Set(names.map((n) => `react-icons/pi/${reactIconChunk(`Pi${phosphorBase(n)}`)}`))];
}
async function phosphorModule(specifier) {
  const names = namedImports(sourceText, specifier);
  if (names === null) throw Object.assign(unavailable(specifier), { message: `Import Phosphor's icons by name (import { House } from "${specifier}")${lineOf(specifier)}: Plug loads only the icons a component names.` });
  const drawn = Object.assign({}, ...(await Promise.all(phosphorFiles(sourceText, specifier).map((f) => importKit(f).catch(() => ({}))))));
  const IconContext = React.createContext({ color: "currentColor", size: "1em", weight: "regular", mirrored: false });
  const exports = { IconContext };
  for (const name of names) {
    const base = phosphorBase(name);
    if (!drawn[`Pi${base}`]) continue;
    const PhosphorIcon = ({ size, color, weight, mirrored, style, ...props }) => {
      const context = React.useContext(IconContext);
      const Weight = drawn[`Pi${base}${PHOSPHOR_WEIGHTS[weight ?? context.weight] ?? ""}`] ?? drawn[`Pi${base}`];
      const flipped = mirrored ?? context.mirrored ? Object.assign({ transform: "scale(-1, 1)" }, style) : style;
      return React.createElement(Weight, Object.assign({ size: size ?? context.size ?? "1em", color: color ?? context.color ?? "currentColor", style: flipped }, props));
    };
    PhosphorIcon.displayName = base;
    exports[name] = PhosphorIcon;
  }
  return exports;
}

/** A library's module as Sucrase's interop expects it: named exports, `default`, `__esModule`. */
function asModule(namespace) {
  const keys = Object.keys(namespace);
  const value = namespace.default;
  if (keys.length === 1 && keys[0] === "default" && value && (typeof value === "object" || typeof value === "function")) {
    // A CommonJS library (lodash, papaparse, Plotly): its properties are the named exports.
    return Object.assign({}, value, { __esModule: true, default: value });
  }
  return Object.assign({}, namespace, { __esModule: true });
}

const RADIX_PRIMITIVE = /^@radix-ui\/react-(?!icons$|slot$)/;
const AVAILABLE = () =>
  `react, react-dom, ${Object.keys(LIBRARIES).filter((k) => !k.startsWith("@/") && !RADIX_PRIMITIVE.test(k)).join(", ")}, ` +
  `@radix-ui/react-{${Object.keys(LIBRARIES).filter((k) => RADIX_PRIMITIVE.test(k)).map((k) => k.slice(16)).join(",")}}, dayjs/plugin/<name>, ` +
  `react-icons/<set>, @phosphor-icons/react, @heroicons/react/{16/solid,20/solid,24/outline,24/solid}, date-fns/locale, ` +
  `@/components/ui/{${[...UI_KIT, ...Object.keys(UI_BUNDLES)].sort().join(",")}}, @/lib/utils, @/hooks/use-toast, @/hooks/use-mobile, stylesheets and assets`;

// What to use instead, for the libraries the tools' components reach for most that Plug leaves out
// (docs/react.md says why): named first, before the long list.
const INSTEAD = [
  [/^@react-three\/(?:fiber|drei)$|^react-three-fiber$/, "React Three Fiber is not provided (it needs a newer three than the tools' r128); three r128 and its OrbitControls are: create the scene, camera and renderer with three in an effect. "],
  [/^three\/(?:examples\/jsm|addons)\//, "Of three's add-ons (three/examples/jsm, three/addons) only r128's OrbitControls is provided, on the page's three r128; the others (loaders, post-processing, other controls) are not. "],
  [/^@lottiefiles\//, "LottieFiles' players are not provided; lottie-react is, with the animation's JSON written into the file (`<Lottie animationData={animationData} />`). "],
  [/^react-use(?:\/|$)/, "react-use is not provided (a hundred hooks and their dependencies, for the one or two a component uses): react-confetti sizes itself to the window without its useWindowSize, and a resize listener in an effect, or another hook written into the file, does the rest. "],
  [/^ai(?:\/|$)|^@ai-sdk\//, "The AI SDK (ai, @ai-sdk/*) is not provided: its useChat posts to the app's own route (/api/chat) on a server, where the model's API key is kept, and a drop has no server. "],
  [/\.json$/, "A JSON file beside the component is not part of a single-file drop: write its data into the file as a constant (a Lottie animation's JSON into the file as `const animationData = {…}`). "],
];
function unavailable(name) {
  const instead = INSTEAD.find(([pattern]) => pattern.test(name))?.[1] ?? "";
  return Object.assign(
    new Error(
      `Cannot import "${name}"${lineOf(name)}. ${instead}A single-file React drop can import ${AVAILABLE()}. ` +
        "For anything else, build the project and drop the built site (its dist/ or build/ folder) as a .zip.",
    ),
    { title: `This component imports "${name}".`, plain: true },
  );
}

function requireModule(name) {
  if (Object.prototype.hasOwnProperty.call(modules, name)) return modules[name];
  if (STYLESHEET.test(name)) return stylesheet(name);
  if (ASSET.test(name)) return asset(name);
  throw unavailable(name);
}

/** Loads every library the compiled module requires, before it runs; the first unknown one stops. */
async function loadImports(code) {
  if (/\brequire\((['"])lucide-react\1\)/.test(code) && !LUCIDE_IMPORT.test(sourceText)) {
    // Re-exported or required some other way: the named-import fast path cannot see it.
    modules["lucide-react"] = asModule(await importKit("lucide-react"));
  }
  LUCIDE_IMPORT.lastIndex = 0;
  const names = new Set([...code.matchAll(/\brequire\((['"])([^'"]+)\1\)/g)].map((m) => m[2]));
  const wanted = [];
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(modules, name) || STYLESHEET.test(name) || ASSET.test(name)) continue;
    const file = kitFile(name);
    if (!file) throw unavailable(name);
    wanted.push([name, file]);
  }
  await Promise.all(
    wanted.map(async ([name, file]) => {
      const namespace = await (file === "lucide-react" ? lucideModule(sourceText) : file.startsWith("lucide/") ? lucideIcon(file, name) : file === "radix-icons" ? radixIconsModule(sourceText) : file === "icon-set" ? iconSetModule(name) : file === "phosphor" ? phosphorModule(name) : file.startsWith("dayjs-plugin/") ? importKit(file).catch(() => Promise.reject(unavailable(name))) : importKit(file));
      const method = LODASH_METHOD.exec(name);
      if (method && typeof namespace.default?.[method[1]] !== "function") throw unavailable(name);
      if (file === "next-font") {
        // Any export name is a font: the module is its default, a Proxy (asModule would copy no keys).
        modules[name] = namespace.default;
        return;
      }
      const own = Object.prototype.hasOwnProperty.call(PACKAGES_IN_KIT, name) ? namespace[PACKAGES_IN_KIT[name]] : namespace;
      modules[name] = method ? { __esModule: true, default: namespace.default[method[1]] } : asModule(own);
    }),
  );
  missingExports(code);
}

// A name the module does not export (a newer shadcn part, React 19.2's newest hook) was undefined
// where the component used it: React's error #130, naming nothing. Named imports compile to
// `_module.Name`; each is looked up before the component runs, and the first missing one is named
// with its line. Proxies (a font of next/font, a stylesheet) answer any name.
function missingExports(code) {
  for (const [, local, , name] of code.matchAll(/\bvar (_\w+) = require\((['"])([^'"]+)\2\);/g)) {
    const module = modules[name];
    if (!module || typeof module !== "object" || kitFile(name) === "next-font" || name === "prop-types") continue;
    for (const [, used] of code.matchAll(new RegExp(`\\b${local}\\.([A-Za-z_$][\\w$]*)`, "g"))) {
      // A CommonJS library's names are its default export's (a class's statics are not copied).
      if (used !== "default" && !(used in module) && !(module.default && used in Object(module.default))) {
        throw Object.assign(
          new Error(`Plug's "${name}" has no export "${used}"${lineOf(name)}. The rest of what it exports is there; this one is newer than the version Plug provides, or misspelt.`),
          { title: `This component imports "${used}" from "${name}", which Plug does not have.`, plain: true },
        );
      }
    }
  }
}

// Tailwind CSS v3 (its JIT compiler, bundled for the browser, with preflight and the
// `@/components/ui` kit's classes compiled at build time) over the component's source, in a
// worker: generated before the first render, so nothing paints unstyled. The kit's colours are
// shadcn/ui's theme variables, default palette (react-kit/lib/tailwind-config.js).
function runTailwind(request) {
  // The worker's thread takes a while to start and ask for its script; the page asks first, ahead
  // of the libraries, and the worker finds the file in the HTTP cache (vendor files are cacheable).
  fetch(kitUrl("tailwind-worker")).then((r) => r.arrayBuffer()).catch(() => {});
  // Likewise @tailwindcss/typography, which the worker imports for a source naming `prose`.
  if (/(^|[^\w-])prose\b/.test(request.content)) fetch(kitUrl("tailwind-typography")).then((r) => r.arrayBuffer()).catch(() => {});
  return new Promise((resolve, reject) => {
    const worker = new Worker(kitUrl("tailwind-worker"), { type: "module" });
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new Error("Tailwind CSS took longer than 20 s"));
    }, 20_000);
    worker.onmessage = ({ data }) => {
      clearTimeout(timer);
      worker.terminate();
      if (data.error) reject(new Error(data.error));
      else resolve(data.css);
    };
    worker.onerror = (event) => {
      clearTimeout(timer);
      worker.terminate();
      reject(new Error(event.message || "the Tailwind worker failed to start"));
    };
    worker.postMessage(request);
  });
}

/** The `@/components/ui/*` components a source imports (their glyphs come with select, dialog …). */
function kitComponents(source) {
  const names = [...source.matchAll(/from\s*(['"])(?:@\/|~\/|(?:\.\.?\/)+)?(?:src\/)?components\/ui\/([a-z-]+)/g)].map((m) => m[2]);
  const known = (n) => UI_KIT.includes(n) || Object.prototype.hasOwnProperty.call(UI_BUNDLES, n);
  // `useToast` from the hooks folder: the page renders the Toaster its layout would (withLayout).
  if (/\bfrom\s*(['"])(?:@\/|~\/|(?:\.\.?\/)+)?(?:src\/)?(?:hooks|components\/ui)\/use-toast/.test(source)) names.push("toaster");
  return names.length ? [...new Set([...names.filter(known), "icons"])] : [];
}

async function applyTailwind(source) {
  // The kit's components are styled by Tailwind even when the component names no class itself.
  const kit = kitComponents(source);
  if (kit.length === 0 && !/\bclass(Name)?\s*=|\bcn\(|\bclassName:/.test(source)) return;
  // The classes of the separately loaded ones the worker will import, fetched now into the cache.
  for (const name of kit) {
    if (Object.prototype.hasOwnProperty.call(UI_BUNDLES, name)) fetch(kitUrl(`kit-css/${name}`)).catch(() => {});
  }
  const css = await runTailwind({ content: source, kit });
  performance.mark("plug:tailwind");
  // No Tailwind class in the component: leave the page's own styles (and the browser's) alone.
  if (!css) return;
  const style = document.createElement("style");
  style.id = "plug-tailwind";
  style.textContent = css;
  document.head.append(style);
}

// `tailwind.config = { theme: { extend: … } }` in the component (written for the Tailwind CDN's
// global): the CSS is made again with its theme before the first render, and later passes use it.
let twConfig = null;
let userTailwindConfig;
async function restyle(source, config) {
  let plain;
  try {
    plain = JSON.parse(JSON.stringify({ theme: config.theme, darkMode: config.darkMode }));
  } catch {
    return;
  }
  if (!plain.theme && !plain.darkMode) return;
  userTailwindConfig = plain;
  try {
    const css = await runTailwind({ content: source, kit: kitComponents(source), config: plain });
    if (!css) return;
    const style = document.getElementById("plug-tailwind") ?? document.head.appendChild(Object.assign(document.createElement("style"), { id: "plug-tailwind" }));
    style.textContent = css;
  } catch (error) {
    console.warn("Plug: Tailwind CSS with the component's tailwind.config failed.", error);
  }
}

// Classes the rendered page holds that its source never spells out (`bg-${color}-500`, built in a
// template string), and `@apply` in the component's own <style> elements. Claude's artifacts carry
// Tailwind's whole CSS and ChatGPT's canvas the Tailwind CDN, which watches the page, so there
// they are styled; here the CSS comes from the source, so a later pass compiles them after the
// render that brings them (into #plug-tailwind-late). Classes that look like no utility (no `-`,
// `:` or `[`), those the CSS has, and libraries' own (recharts', lucide's) are not asked for.
const LIBRARY_CLASS = /^(?:recharts|lucide|plug|sonner|cmdk|rdp|embla|radix|vaul|js|legend-item|task-list|contains-task)-/;
function lateTailwind(source) {
  const seen = new Set();
  const styles = new WeakSet();
  let known = null;
  let classes = new Set();
  let applies = [];
  let timer = 0;
  let chain = Promise.resolve();
  const collect = (el) => {
    const value = el.getAttribute("class");
    if (value) {
      for (const c of value.split(/\s+/)) {
        if (!c || seen.has(c)) continue;
        seen.add(c);
        // `group/name` and `peer/name` mark an element for variants and have no CSS of their own.
        if (/[-:[]/.test(c) && !LIBRARY_CLASS.test(c) && !/^(?:group|peer)\//.test(c) && !source.includes(c)) classes.add(c);
      }
    }
    if (el.tagName === "STYLE" && !el.id.startsWith("plug-") && !styles.has(el) && /@apply\b/.test(el.textContent)) {
      styles.add(el);
      applies.push(el.textContent);
    }
  };
  const compile = () => {
    timer = 0;
    if (classes.size) {
      // The CSS's class selectors, unescaped (`\:` and `\2c ` for a comma).
      known ??= new Set(
        [...(document.getElementById("plug-tailwind")?.textContent ?? "").matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)].map((m) =>
          m[1].replace(/\\([0-9a-fA-F]{1,6}) ?/g, (_, hex) => String.fromCodePoint(parseInt(hex, 16))).replace(/\\(.)/g, "$1"),
        ),
      );
      for (const c of classes) if (known.has(c)) classes.delete(c);
    }
    if (!classes.size && !applies.length) return;
    const request = { content: [...classes].join(" "), kit: [], config: userTailwindConfig, input: applies.join("\n") };
    classes = new Set();
    applies = [];
    chain = chain
      .then(() => runTailwind(request))
      .then((css) => {
        if (!css) return;
        const style = document.getElementById("plug-tailwind-late") ?? document.head.appendChild(Object.assign(document.createElement("style"), { id: "plug-tailwind-late" }));
        style.append(`${css}\n`);
      })
      .catch((error) => console.warn("Plug: Tailwind CSS for the rendered classes failed.", error));
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") collect(record.target);
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        collect(node);
        for (const el of node.querySelectorAll("[class],style")) collect(el);
      }
    }
    if (!timer && (classes.size || applies.length)) timer = setTimeout(compile, 16);
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
}

// The libraries a source imports start downloading (and compiling, off the main thread) as soon as
// the source is here: modulepreload fetches without running. Once React is in they run, while
// ReactDOM and Sucrase still load.
function importedFiles(source) {
  const files = new Set();
  for (const [, , name] of source.matchAll(/\b(?:from|import)\s*(['"])([^'"]+)\1/g)) {
    const file = kitFile(name);
    if (file === "icon-set") for (const icon of iconFiles(source, name)) files.add(icon);
    else if (file === "phosphor") for (const icon of phosphorFiles(source, name)) files.add(icon);
    else if (file && file !== "lucide-react" && file !== "radix-icons") files.add(file);
    for (const dependency of (file && KIT_DEPENDENCIES[file]) || []) files.add(dependency);
  }
  if (REACT_19.test(source)) files.add("react19");
  const icons = lucideNames(source);
  if (icons === null) files.add("lucide-react");
  else for (const name of icons) files.add(`lucide/${lucideFile(name)}`);
  if (RADIX_ICONS_IMPORT.test(source)) {
    const radix = radixIconNames(source);
    if (radix === null) files.add("radix-icons");
    else for (const name of radix) files.add(`radix-icons/${name}`);
  }
  RADIX_ICONS_IMPORT.lastIndex = 0;
  return [...files];
}

function preload(files) {
  for (const file of files) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = kitUrl(file);
    document.head.append(link);
  }
}

/** Starts Tailwind (when the source uses it) and the libraries the source imports. */
function startStyling(source) {
  let files = [];
  try {
    files = importedFiles(source);
  } catch (error) {
    console.warn("Plug: preloading the component's libraries failed.", error);
  }
  // Over HTTP/1.1 a host gets six connections, and React, ReactDOM and Sucrase hold three: lucide's
  // icons (1 KB each) are asked for first, so they do not wait behind the big files until these
  // are in (the dashboard's icons came last, and the libraries waited for them); then Tailwind,
  // then the libraries.
  const icon = (file) => /^(?:lucide|radix-icons|heroicons)\//.test(file);
  preload(files.filter(icon));
  const css = applyTailwind(source);
  preload(files.filter((file) => !icon(file)));
  reactCoreReady.then(() => {
    // A failure is reported where loadImports awaits the same import.
    for (const file of files) if (!READS_REACT_DOM_ON_LOAD.has(file)) importKit(file).catch(() => {});
  });
  reactReady.then(() => {
    for (const file of files) if (READS_REACT_DOM_ON_LOAD.has(file)) importKit(file).catch(() => {});
  });
  return css;
}

// Libraries that read ReactDOM as they load (React Router takes `flushSync` off it then), which
// therefore run once ReactDOM is in too.
const READS_REACT_DOM_ON_LOAD = new Set(["react-router-dom"]);

// A function, or what React.memo, forwardRef and lazy return (`export default memo(App)`).
const isComponent = (value) =>
  typeof value === "function" || (typeof value === "object" && value !== null && typeof value.$$typeof === "symbol");

/** The component to render: the default export, `App`, or the one component the file exports. */
function pickComponent(exported) {
  if (isComponent(exported)) return exported;
  if (!exported) return null;
  if (isComponent(exported.default)) return exported.default;
  if (isComponent(exported.App)) return exported.App;
  const named = Object.keys(exported).filter((k) => k !== "default" && isComponent(exported[k]));
  const capitalised = named.filter((k) => /^[A-Z]/.test(k));
  if (capitalised.length === 1) return exported[capitalised[0]];
  if (named.length === 1) return exported[named[0]];
  return null;
}

// A file that exports nothing and mounts nothing (a chat's code block cut before its last lines,
// or written for a page that renders it): the capitalised names it declares at the top level, so
// the page can render `App`, else the last of them (the tools write the main component last).
function topLevelNames(source) {
  const names = new Set();
  for (const match of source.matchAll(/^(?:export\s+)?(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Z][\w$]*)/gm)) {
    names.add(match[1]);
  }
  return [...names];
}

function pickLocal(locals) {
  if (isComponent(locals.App)) return locals.App;
  const found = Object.keys(locals).filter((k) => isComponent(locals[k]));
  return found.length ? locals[found[found.length - 1]] : null;
}

// The offending line with its neighbours and a caret under the column (line 1-based, column 0-based;
// no caret without one).
function codeFrame(source, line, column) {
  const lines = source.split("\n");
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 1);
  const width = String(last).length;
  const out = [];
  for (let n = first; n <= last; n++) {
    out.push(`${n === line ? ">" : " "} ${String(n).padStart(width)} | ${lines[n - 1]}`);
    if (n === line && column !== null) out.push(`  ${" ".repeat(width)} | ${" ".repeat(column)}^`);
  }
  return out.join("\n");
}

// Sucrase's parser lets a `{` among a JSX element's children that is never closed through
// (`<p>Clicked {count times</p>`), and its transform then fails far below with no position. The
// tokens say where: a closing tag met while such a `{` is still open. Its line and column
// (1-based, 0-based), or null.
function unclosedJsxBrace(source) {
  const { parse, TokenType: T } = sucrase;
  let tokens;
  try {
    tokens = parse(source, true, true, false).tokens; // as compile() parses: JSX and TypeScript
  } catch {
    return null;
  }
  const stack = []; // { jsx: true } for an open element, { brace, children } for a `{` or `${`
  let openTag = null; // the opening tag being read: its `<` token index
  for (let i = 0; i < tokens.length; i++) {
    const type = tokens[i].type;
    if (type === T.jsxTagStart) {
      if (tokens[i + 1]?.type === T.slash) {
        const top = stack[stack.length - 1];
        if (top && top.brace && top.children) {
          const before = source.slice(0, top.brace.start).split("\n");
          return { line: before.length, column: before[before.length - 1].length };
        }
        if (top && top.jsx) stack.pop();
        while (i < tokens.length && tokens[i].type !== T.jsxTagEnd) i++;
      } else openTag = i;
    } else if (type === T.jsxTagEnd && openTag !== null) {
      if (tokens[i - 1].type !== T.slash) stack.push({ jsx: true });
      openTag = null;
    } else if (type === T.braceL || type === T.dollarBraceL) {
      const top = stack[stack.length - 1];
      stack.push({ brace: tokens[i], children: openTag === null && Boolean(top?.jsx) });
    } else if (type === T.braceR && stack[stack.length - 1]?.brace) {
      stack.pop();
    }
  }
  return null;
}

// Sucrase takes a closing tag that names another element (`<div>…</span>`) and closes the open
// element with it, where Babel, TypeScript and esbuild (the tools' own previews) refuse it: the
// page rendered with the tags paired wrongly, or failed somewhere unrelated. The tokens pair them:
// the first closing tag whose name is not its element's, with both places, or null.
function mismatchedJsxTag(source) {
  const { parse, TokenType: T } = sucrase;
  let tokens;
  try {
    tokens = parse(source, true, true, false).tokens;
  } catch {
    return null;
  }
  const place = (at) => {
    const before = source.slice(0, at).split("\n");
    return { line: before.length, column: before[before.length - 1].length };
  };
  // The tag's name (`div`, `Foo.Bar`, `svg:rect`, "" for a fragment) from token j, and the token after it.
  const nameAt = (j) => {
    let name = "";
    if (tokens[j]?.type !== T.jsxName) return { name, next: j };
    name = source.slice(tokens[j].start, tokens[j].end);
    j++;
    while ((tokens[j]?.type === T.dot || tokens[j]?.type === T.colon) && (tokens[j + 1]?.type === T.jsxName || tokens[j + 1]?.type === T.name)) {
      name += source.slice(tokens[j].start, tokens[j].end) + source.slice(tokens[j + 1].start, tokens[j + 1].end);
      j += 2;
    }
    return { name, next: j };
  };
  // Opening tags still reading their attributes (which may hold elements), then open elements.
  const stack = [];
  for (let i = 0; i < tokens.length; i++) {
    const type = tokens[i].type;
    if (type === T.jsxTagStart && tokens[i + 1]?.type === T.slash) {
      const { name } = nameAt(i + 2);
      const open = stack.pop();
      if (open && !open.header && open.name !== name) {
        return { open: open.name, opened: place(open.at).line, close: name, ...place(tokens[i].start) };
      }
      while (i < tokens.length && tokens[i].type !== T.jsxTagEnd) i++;
    } else if (type === T.jsxTagStart) {
      stack.push({ header: true, name: nameAt(i + 1).name, at: tokens[i].start });
    } else if (type === T.jsxTagEnd && stack[stack.length - 1]?.header) {
      const top = stack.pop();
      if (tokens[i - 1].type !== T.slash) stack.push({ ...top, header: false });
    }
  }
  return null;
}

// A Next.js page written as a server component (`export default async function Page()`, v0's
// pages): React 18 in the browser cannot render the promise it returns (its error #31, naming
// nothing), so the page awaits it once and renders what it resolves to. An async component inside
// it still cannot render; describeError says why.
const AsyncFunction = (async () => {}).constructor;
function awaited(component) {
  if (!(component instanceof AsyncFunction)) return component;
  return function AwaitedPage(props) {
    const [state, setState] = React.useState(null);
    React.useEffect(() => {
      let live = true;
      component(props).then(
        (element) => live && setState({ element }),
        (error) => live && setState({ error }),
      );
      return () => {
        live = false;
      };
    }, []);
    if (state?.error) throw state.error;
    return state ? state.element : null;
  };
}

// The code of a chat's answer saved whole ("Here is the component:", a ```jsx fence, the code, the
// closing fence, more prose): every line outside the block blanked, so the lines keep their numbers.
function fencedBlock(source) {
  const lines = source.split("\n");
  const open = lines.findIndex((l) => /^\s*```[\w+-]*\s*$/.test(l));
  if (open < 0) return null;
  const close = lines.findIndex((l, i) => i > open && /^\s*```\s*$/.test(l));
  return lines.map((l, i) => (i > open && (close < 0 || i < close) ? l : "")).join("\n");
}

// The component runs in a `new Function`, whose own first two lines ("function anonymous(…\n) {")
// come before the source's: a frame of it names a line two past the source's (Sucrase keeps lines).
const WRAPPER_LINES = 2;
/** An error of the component as a person reads it: its message, the source's line it was thrown
 * at with its neighbours, and the stack less React's and the libraries' frames, lines corrected. */
function describeError(error, file) {
  if (!error || typeof error !== "object") return String(error);
  const frame = new RegExp(`(?<![\\w.-])${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(\\d+):(\\d+)`, "g");
  let line = 0;
  const stack = String(error.stack || "")
    .split("\n")
    .filter((l) => !/^\s+at .*\/_plug\/vendor\//.test(l) && !/^\s+at new Function \(<anonymous>\)$/.test(l))
    .map((l) =>
      l.replace(frame, (_, n, column) => {
        const at = Number(n) - WRAPPER_LINES;
        if (!line && at >= 1 && at <= sourceText.split("\n").length) line = at;
        return `${file}:${at}:${column}`;
      }),
    );
  let message = `${error.name || "Error"}: ${error.message}`;
  if (/Minified React error #31;.*object%20Promise/.test(error.message)) {
    message = "A component rendered a promise: it is an async function (a Next.js server component), which React renders only on a server. Make it a plain function that loads its data in an effect.";
  }
  const rest = stack[0]?.includes(String(error.message)) ? stack.slice(1) : stack;
  const where = line ? `\n\nLine ${line} of the component:\n${codeFrame(sourceText, line, null)}` : "";
  return `${message}${where}${rest.length ? `\n\n${rest.join("\n")}` : ""}`;
}

// Sucrase keeps TypeScript's decorators (`@observable count = 0`, `@sealed class`) as written, and
// no browser runs them yet: the compiled code was a bare "SyntaxError: Invalid or unexpected
// token", with no line. Looked for only after such an error; CSS at-rules in template strings
// (`@media (…) {`, `@apply …;`) are not decorators.
const DECORATOR = /^[ \t]*(?:export[ \t]+(?:default[ \t]+)?)?@(?!(?:import|media|keyframes|apply|tailwind|layer|font-face|supports|container|charset|page|property)\b)([A-Za-z_$][\w$]*(?:\.[\w$]+)*)(?:\([^\n]*\))?[ \t]*(?:\r?\n[ \t]*)*(?:(?:export[ \t]+)?(?:default[ \t]+)?(?:abstract[ \t]+)?(class)\b|(?:(?:public|private|protected|static|readonly|async|get|set|accessor|override|declare)[ \t]+)*#?[A-Za-z_$][\w$]*[ \t]*[(:=;!?])/m;
function decorators(source) {
  const match = DECORATOR.exec(source);
  if (!match) return;
  const line = source.slice(0, match.index).split("\n").length;
  throw Object.assign(
    new Error(`Line ${line} uses a decorator (@${match[1]}). The compiler Plug runs in the browser (Sucrase) leaves decorators as they are, and browsers do not run them yet. ${match[2] ? `Call it on the class instead: const Name = ${match[1]}(class Name { … }).` : "Do by hand what it does instead: wrap the method, or set the field, in the constructor."}\n\n${codeFrame(source, line, null)}`),
    { title: "This component uses decorators.", plain: true },
  );
}

// `sticky top-0` elements whose scrolling box is the page get data-plug-below-header (above),
// each looked at once, after the renders that bring them (a frame later, off React's commit).
function stickToPage() {
  const seen = new WeakSet();
  let frame = 0;
  const look = () => {
    frame = 0;
    for (const el of root.querySelectorAll(".sticky.top-0")) {
      if (seen.has(el)) continue;
      seen.add(el);
      let up = el.parentElement;
      while (up && up !== root && !/^(?:auto|scroll|hidden)$/.test(getComputedStyle(up).overflowY)) up = up.parentElement;
      if (!up || up === root) el.setAttribute("data-plug-below-header", "");
    }
  };
  new MutationObserver(() => {
    frame ||= requestAnimationFrame(look);
  }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
}

// A component's own button or panel in the corner where Plug's badge chip sits (a chat bubble and
// its window, a "+" button: `fixed bottom-6 right-6`, or `position: fixed` in its style) was drawn
// partly under the chip, which Plug keeps above everything. Such elements, anchored to the bottom
// and to the chip's side (not the other side, nor the top: a bottom bar or a side sheet is as
// written), get data-plug-above-chip and are lifted together by the chip's height and inset
// (`--plug-chip-lift`), as if the window ended at the chip's top: a chat window opened above its
// bubble stays above it. Looked at a frame after the renders, class or style changes that may
// bring one, and when the chip comes, goes or the window is resized (the chip is smaller on phones).
function clearOfChip() {
  let frame = 0;
  const look = () => {
    frame = 0;
    // Nothing fixed, nothing to read (framer-motion's style changes call this every frame).
    const fixed = root.querySelectorAll('.fixed,[style*="fixed"]');
    if (!fixed.length) return;
    const box = document.querySelector("platform-badge")?.getBoundingClientRect();
    const side = box?.height && box.top > innerHeight / 2 ? (box.left + box.width / 2 > innerWidth / 2 ? "right" : "left") : null;
    const lift = side ? `${Math.ceil(innerHeight - box.top)}px` : "0px";
    if (document.documentElement.style.getPropertyValue("--plug-chip-lift") !== lift) document.documentElement.style.setProperty("--plug-chip-lift", lift);
    const auto = (map, edge) => String(map.get(edge)) === "auto";
    for (const el of fixed) {
      let above = false;
      if (side && el.computedStyleMap && getComputedStyle(el).position === "fixed") {
        const map = el.computedStyleMap();
        above = !auto(map, "bottom") && auto(map, "top") && !auto(map, side) && auto(map, side === "right" ? "left" : "right");
      }
      if (el.hasAttribute("data-plug-above-chip") !== above) el.toggleAttribute("data-plug-above-chip", above);
    }
  };
  const later = () => {
    frame ||= requestAnimationFrame(look);
  };
  new MutationObserver(later).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["class", "style"] });
  new MutationObserver(later).observe(document.body, { childList: true });
  addEventListener("resize", later);
}

// What a Next.js app's layout.tsx gives every page and a v0 page copied alone leaves out: the page
// calls `toast()` (sonner's, or shadcn's older `useToast`) and `useTheme()`, while `<Toaster />`
// and next-themes' `<ThemeProvider>` are in the layout. Without them its toasts never showed and
// its theme toggle did nothing. A source naming `Toaster` or `ThemeProvider` renders its own.
function loadedAs(file) {
  const name = Object.keys(modules).find((n) => kitFile(n) === file);
  return name && modules[name];
}
function withLayout(element, source) {
  const themes = loadedAs("next-themes");
  // Light by default, as Plug's canvas for a component (docs/react.md); the toggle then switches it.
  if (themes?.ThemeProvider && !/\bThemeProvider\b/.test(source)) {
    element = React.createElement(themes.ThemeProvider, { attribute: "class", defaultTheme: "light" }, element);
  }
  if (/\bToaster\b/.test(source)) return element;
  // A file with shadcn's toaster written into it (its own `ToastViewport`) draws shadcn's toasts itself.
  const toasters = [loadedAs("sonner"), !/\bToastViewport\b/.test(source) && loadedAs("ui-toast")].filter((m) => m?.Toaster);
  return toasters.length ? React.createElement(React.Fragment, null, element, ...toasters.map((m, key) => React.createElement(m.Toaster, { key }))) : element;
}

// The source comes inlined in the page (the Worker reads it with the page, so the libraries it
// imports and Tailwind start at once, no second round trip), else it is fetched (a large source).
const inlined = root.dataset.source;
root.removeAttribute("data-source");
// Plug's page header (sticky at the top) keeps its height in --plug-header-height: the kit's
// sidebar, fixed to the viewport in shadcn's, starts below it rather than covering the file's title.
const header = document.querySelector(".plug-header");
if (header) {
  // A component's own global CSS (Claude's `body { background: #0f172a; color: #e2e8f0 }`, `h1 {
  // … }`, v0's unscoped `<style jsx>`, createGlobalStyle) is the component's page, as in the tool's
  // frame: the light canvas is the body's (#root has no colours of its own: they hid such a body's)
  // and the body's colours reach the component. The header keeps its own type and colour, which
  // came from the body: the title took the component's colours (a class beats the type selectors
  // such CSS is written with; the page's own style comes before the component's).
  const own = document.createElement("style");
  own.textContent = `body{background:#fff;color:#111}.plug-header{color:var(--fg);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;letter-spacing:normal;text-transform:none;text-align:left;text-shadow:none}.plug-header h1{color:inherit;font-family:inherit;font-style:normal;letter-spacing:inherit;text-transform:inherit;text-decoration:none;text-shadow:inherit}`;
  // A component's own top bar and full-window layers (`fixed top-0`, `fixed inset-0`) and its
  // sticky header (`sticky top-0`, every v0 page's) start below Plug's header, as in the tool's
  // frame, which has no header above it: fixed, they covered the file's title and download
  // button (a z-50 bar) or hid under them; sticky, they slid under Plug's header or over it once
  // scrolled. A sticky element inside a scrolling box (a table's head in `overflow-auto`) sticks
  // to that box's top, so only one whose nearest such box is the page is moved (stickToPage).
  // One with a top of its own at some width (shadcn's toast viewport: `top-0 … sm:top-auto`) is
  // left as written.
  const free = ':not([class*=":top-"]):not([class*=":inset-"])';
  own.textContent += `${["#root .fixed.top-0", "#root .fixed.inset-0", "#root .fixed.inset-y-0", "#root [data-plug-below-header]"].map((s) => s + free).join(",")}{top:var(--plug-header-height,0px)}`;
  own.textContent += "#root [data-plug-above-chip]{margin-bottom:var(--plug-chip-lift,0px)}";
  document.head.append(own);
  stickToPage();
  clearOfChip();
  // Observed, not read now: reading it here would force a layout before anything is loaded. The
  // first call comes with the first frame, before the component's.
  new ResizeObserver(() => document.documentElement.style.setProperty("--plug-header-height", `${header.offsetHeight}px`)).observe(header);
}
// plug:* performance marks say where a page's time went (start, scripts, compiled, libraries,
// tailwind, styled), for anyone profiling it; they cost nothing.
performance.mark("plug:start");

function loadScript(name) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = vendor + name;
    script.async = false;
    // An inserted script is fetched at low priority, and over HTTP/1.1 Chromium hands a host's six
    // connections to its high-priority requests first: the libraries' modulepreloads and the
    // Tailwind worker (seven of them for the dashboard) went ahead, and React, ReactDOM and
    // Sucrase, which every component waits for, arrived last. High, they go first.
    script.fetchPriority = "high";
    script.onload = resolve;
    script.onerror = () => reject(new Error(`${name} did not load`));
    document.head.append(script);
  });
}
const sourceReady =
  inlined !== undefined
    ? Promise.resolve(inlined)
    : fetch(fileUrl, { credentials: "same-origin" }).then((response) => {
        if (!response.ok) throw new Error(`Fetching the source answered ${response.status} ${response.statusText}`);
        return response.text();
      });
// React, ReactDOM and Sucrase are asked for first: every component needs them, and on HTTP/1.1
// they would otherwise queue behind the libraries. None of these needs the others. The libraries
// run once React is in (their ReactDOM is read when used, react-kit/shims/react-dom.cjs), while
// ReactDOM and Sucrase still load.
const reactCoreReady = loadScript("react.production.min.js");
const reactReady = Promise.all([reactCoreReady, loadScript("react-dom.production.min.js")]);
const scriptsReady = Promise.all([reactReady, loadScript("sucrase.min.js")]);
// Tailwind and the libraries start as soon as the source is here (at once when it is inlined).
const styled = (inlined !== undefined ? startStyling(inlined) : sourceReady.then(startStyling)).catch((error) =>
  console.warn("Plug: Tailwind CSS failed.", error),
);
// Awaited later; a failure is reported there, not as an unhandled rejection now.
scriptsReady.catch(() => {});
reactReady.catch(() => {});
reactCoreReady.catch(() => {});
sourceReady.catch(() => {});

window.addEventListener("error", (event) => {
  if (!root.hasChildNodes()) fail("The component failed.", event.error || event.message);
});

try {
  setStatus("Loading component…");
  let source = await sourceReady;
  sourceText = source;
  await scriptsReady;
  performance.mark("plug:scripts");
  addReact();
  if (REACT_19.test(source)) await addReact19();
  class Boundary extends React.Component {
    constructor(props) {
      super(props);
      this.state = { error: null };
    }
    static getDerivedStateFromError(error) {
      return { error };
    }
    render() {
      if (!this.state.error) return this.props.children;
      return React.createElement(
        "section",
        { className: "plug-error", role: "alert" },
        React.createElement("h2", null, "The component crashed while rendering."),
        React.createElement("pre", null, describeError(this.state.error, fileName)),
      );
    }
  }

  const lastSegment = new URL(fileUrl, location.href).pathname.split("/").pop();
  const fileName = decodeURIComponent(lastSegment || "App.tsx").replace(/[^\w.-]/g, "_");
  let code;
  const compile = (text) =>
    sucrase.transform(text, {
      transforms: ["jsx", "typescript", "imports"],
      jsxRuntime: "classic",
      production: true,
      disableESTransforms: true,
      filePath: fileName,
    }).code;
  // A file that opens with a fence is the chat's block (```tsx compiles: an empty template as a tag).
  if (/^\s*```[\w+-]*[ \t]*\r?\n/.test(source)) source = sourceText = fencedBlock(source);
  try {
    code = compile(source);
  } catch (error) {
    // A code block copied from the chat with its fences and the prose around it compiles as the
    // block (tried only when the file itself does not compile: a fence may sit in a template string).
    const block = fencedBlock(source);
    try {
      if (block === null) throw error;
      code = compile(block);
      source = sourceText = block;
    } catch {
      // A whole web page saved under a component's name (the page a tool exported, renamed .jsx).
      if (/^\s*<(!doctype\s+html|html[\s>])/i.test(source)) {
        throw Object.assign(
          new Error(`This file is a web page (it starts with ${source.trim().slice(0, 15)}), not a React component. Upload it named .html with source_type html, and Plug serves it as the page it is.`),
          { title: "This file is a web page, not a component.", plain: true },
        );
      }
      const brace = error.loc ? null : unclosedJsxBrace(source);
      const frame = error.loc
        ? `\n\n${codeFrame(source, error.loc.line, error.loc.column)}`
        : brace
          ? `\n\nLine ${brace.line}: this { is not closed by a } before the closing tag after it.\n\n${codeFrame(source, brace.line, brace.column)}`
          : "";
      throw Object.assign(new Error(`${error.message}${frame}`), { title: "This component does not compile.", plain: true });
    }
  }
  const mismatch = mismatchedJsxTag(source);
  if (mismatch) {
    const tag = (name) => `<${name}>`;
    throw Object.assign(
      new Error(
        `Line ${mismatch.line}: the closing tag </${mismatch.close}> does not match ${tag(mismatch.open)}, opened on line ${mismatch.opened}. ` +
          `Close ${tag(mismatch.open)} with </${mismatch.open}> (and every element inside it before it).\n\n${codeFrame(source, mismatch.line, mismatch.column)}`,
      ),
      { title: "This component does not compile.", plain: true },
    );
  }
  // Sucrase drops a TypeScript namespace whole (it keeps types only), so a namespace of values was
  // "X is not defined" where first used; one the compiled code reads is named with its line. A
  // namespace of types alone (read only in types, gone from the compiled code) is fine, and so is
  // one in a string (a C# sample in a template literal), which the compiled code still holds.
  for (const match of source.matchAll(/^[ \t]*(?:export[ \t]+)?namespace[ \t]+([A-Za-z_$][\w$]*)[ \t]*\{/gm)) {
    const name = match[1];
    if (code.includes(match[0].trim())) continue;
    if (!new RegExp(`(?<![\\w$.])${name}\\s*\\.`).test(code) || new RegExp(`\\b(?:const|let|var|function|class)\\s+${name}\\b`).test(code)) continue;
    const line = source.slice(0, match.index).split("\n").length;
    throw Object.assign(
      new Error(`TypeScript namespace "${name}" (line ${line}: ${match[0].trim()}) holds values, and the compiler Plug runs in the browser (Sucrase) keeps only a namespace's types. Write it as an object (const ${name} = { … }) or as plain declarations.`),
      { title: "This component uses a TypeScript namespace.", plain: true },
    );
  }
  // `import.meta` cannot appear in a function body; the tools' pages give it an empty `env`.
  code = code.replace(/\bimport\.meta\b/g, "__plugImportMeta");
  code = code.replace(V0_PLACEHOLDER, (_, quote, query) => JSON.stringify(placeholderImage(query)));
  performance.mark("plug:compiled");
  setStatus("Loading libraries…");
  await loadImports(code);
  performance.mark("plug:libraries");
  await styled;
  performance.mark("plug:styled");
  // Watching from before the module runs: a file that mounts itself renders while it runs.
  if (document.getElementById("plug-tailwind") || /@apply\b/.test(source)) lateTailwind(source);
  const module = { exports: {} };
  // Read at the end of the module's body, where every top-level declaration is done; `typeof`
  // leaves a name the scan found in a string or a nested block alone.
  const names = topLevelNames(source);
  const locals = { values: {} };
  const readLocals = names.map((n) => `if (typeof ${n} !== "undefined") __plugLocals.values.${n} = ${n};`).join("\n");
  try {
    // `ReactDOM` is there for files written for a page with React's UMD scripts
    // (`ReactDOM.render(<App />, document.getElementById("root"))` without imports).
    // A file that declares its own `ReactDOM` keeps it (a parameter of that name would clash).
    const domName = /\b(?:const|let|class)\s+ReactDOM\b/.test(code) ? "__plugReactDOM" : "ReactDOM";
    // `process.env.X` is how Create React App and Google AI Studio hand a component its settings
    // (their builds write the values in); here every setting is unset, as in a build without it.
    const processName = /\b(?:const|let|var|class|function)\s+process\b/.test(code) ? "__plugProcess" : "process";
    // `const React = require("react")` (a CommonJS file) declares its own React.
    const reactName = /\b(?:const|let|class)\s+React\b/.test(code) ? "__plugReact" : "React";
    // `tailwind.config = { theme: { extend: … } }`, written for the Tailwind CDN's global: kept,
    // and the CSS made again with it before the first render.
    const twName = /\btailwind\.config\b/.test(code) && !/\b(?:const|let|var|class|function)\s+tailwind\b/.test(code) ? "tailwind" : "__plugTailwind";
    twConfig = { config: undefined };
    // `window.tailwind.config = …` is the same through the global (`window.tailwind` was undefined:
    // a TypeError before anything rendered); a file setting `window.tailwind = { config }` whole is
    // read after it runs.
    if (/\b(?:window|globalThis|self)\.tailwind\b/.test(code) && window.tailwind === undefined) window.tailwind = twConfig;
    new Function(
      "require",
      "module",
      "exports",
      reactName,
      domName,
      "__plugImportMeta",
      processName,
      "__plugLocals",
      twName,
      `${code}\n;${readLocals}\n//# sourceURL=${fileName}`,
    )(requireModule, module, module.exports, modules.react, modules["react-dom"], { env: {}, url: new URL(fileUrl, location.href).href }, { env: { NODE_ENV: "production" } }, locals, twConfig);
  } catch (error) {
    if (error instanceof SyntaxError) decorators(source);
    throw Object.assign(new Error(describeError(error, fileName)), { title: "The component threw while loading.", plain: true });
  }
  const userConfig = twConfig?.config ?? window.tailwind?.config;
  if (userConfig && typeof userConfig === "object") await restyle(source, userConfig);
  clearStatus();
  // A file that mounts itself (`createRoot(…).render(<App />)` at its end, as AI Studio's
  // index.tsx) and also exports App is rendered once: a second root on #root ran every effect of
  // the component twice (two intervals, two fetches), the first copy unseen.
  const component = awaited(selfRendered ? null : pickComponent(module.exports) || pickLocal(locals.values));
  if (component) {
    ReactDOM.createRoot(root).render(React.createElement(Boundary, null, withLayout(React.createElement(component), source)));
  } else if (!selfRendered) {
    throw Object.assign(new Error("Export the component as default, name it App, or export exactly one component."), {
      title: "Nothing to render.",
      plain: true,
    });
  }
} catch (error) {
  fail(error.title || "This component could not be displayed.", error);
}
