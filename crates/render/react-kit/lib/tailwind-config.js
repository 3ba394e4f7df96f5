// The Tailwind configuration of a single-file React drop: Tailwind v3's defaults plus shadcn/ui's
// theme colours (CSS variables, its default palette). Shared by the Tailwind worker (the
// component's own classes, in the browser) and scripts/vendor-react-kit.mjs (preflight and the ui
// kit's classes, compiled once at build time), so both produce the same CSS.
import tailwindcssAnimate from "tailwindcss-animate";
export const THEME_VARIABLES = `:root{--background:0 0% 100%;--foreground:222.2 84% 4.9%;--card:0 0% 100%;--card-foreground:222.2 84% 4.9%;--popover:0 0% 100%;--popover-foreground:222.2 84% 4.9%;--primary:222.2 47.4% 11.2%;--primary-foreground:210 40% 98%;--secondary:210 40% 96.1%;--secondary-foreground:222.2 47.4% 11.2%;--muted:210 40% 96.1%;--muted-foreground:215.4 16.3% 46.9%;--accent:210 40% 96.1%;--accent-foreground:222.2 47.4% 11.2%;--destructive:0 84.2% 60.2%;--destructive-foreground:210 40% 98%;--border:214.3 31.8% 91.4%;--input:214.3 31.8% 91.4%;--ring:222.2 84% 4.9%;--radius:0.5rem;--chart-1:12 76% 61%;--chart-2:173 58% 39%;--chart-3:197 37% 24%;--chart-4:43 74% 66%;--chart-5:27 87% 67%;--sidebar-background:0 0% 98%;--sidebar-foreground:240 5.3% 26.1%;--sidebar-primary:240 5.9% 10%;--sidebar-primary-foreground:0 0% 98%;--sidebar-accent:240 4.8% 95.9%;--sidebar-accent-foreground:240 5.9% 10%;--sidebar-border:220 13% 91%;--sidebar-ring:217.2 91.2% 59.8%}
.dark{--background:222.2 84% 4.9%;--foreground:210 40% 98%;--card:222.2 84% 4.9%;--card-foreground:210 40% 98%;--popover:222.2 84% 4.9%;--popover-foreground:210 40% 98%;--primary:210 40% 98%;--primary-foreground:222.2 47.4% 11.2%;--secondary:217.2 32.6% 17.5%;--secondary-foreground:210 40% 98%;--muted:217.2 32.6% 17.5%;--muted-foreground:215 20.2% 65.1%;--accent:217.2 32.6% 17.5%;--accent-foreground:222.2 47.4% 11.2%;--destructive:0 62.8% 30.6%;--destructive-foreground:210 40% 98%;--border:217.2 32.6% 17.5%;--input:217.2 32.6% 17.5%;--ring:212.7 26.8% 83.9%;--chart-1:220 70% 50%;--chart-2:160 60% 45%;--chart-3:30 80% 55%;--chart-4:280 65% 60%;--chart-5:340 75% 55%;--sidebar-background:240 5.9% 10%;--sidebar-foreground:240 4.8% 95.9%;--sidebar-primary:224.3 76.3% 48%;--sidebar-primary-foreground:0 0% 100%;--sidebar-accent:240 3.7% 15.9%;--sidebar-accent-foreground:240 4.8% 95.9%;--sidebar-border:240 3.7% 15.9%;--sidebar-ring:217.2 91.2% 59.8%}
`;

// The entrances a project's own tailwind.config defines and its components name (Lovable's and
// v0's landing pages: `opacity-0 animate-fade-in-up [animation-delay:200ms]`). A single file
// carries no config, so the class made no CSS and such a heading stayed at opacity 0, never seen.
// Each ends where the element is drawn without it and holds there (`both`: through a delay too,
// over the `opacity-0` it is written with); they move with `translate` and `scale`, not
// `transform`, so an element's own `-translate-x-1/2` still applies. A file's tailwind.config
// defining one of these names replaces it.
const ENTRANCES = {
  "fade-in": [],
  "fade-in-up": ["translate", "0 1.25rem"],
  "fade-in-down": ["translate", "0 -1.25rem"],
  "fade-in-left": ["translate", "-1.25rem 0"],
  "fade-in-right": ["translate", "1.25rem 0"],
  "fade-up": ["translate", "0 1.25rem"],
  "fade-down": ["translate", "0 -1.25rem"],
  "slide-up": ["translate", "0 1.25rem"],
  "slide-down": ["translate", "0 -1.25rem"],
  "slide-in-left": ["translate", "-1.25rem 0"],
  "slide-in-right": ["translate", "1.25rem 0"],
  "slide-in-up": ["translate", "0 1.25rem"],
  "slide-in-bottom": ["translate", "0 1.25rem"],
  "scale-in": ["scale", "0.95"],
  "zoom-in": ["scale", "0.95"],
  appear: [],
  reveal: ["translate", "0 1.25rem"],
};
const ENTRANCE_KEYFRAMES = Object.fromEntries(
  Object.entries(ENTRANCES).map(([name, [property, from]]) => [
    name,
    property ? { from: { opacity: "0", [property]: from }, to: { opacity: "1", [property]: "none" } } : { from: { opacity: "0" }, to: { opacity: "1" } },
  ]),
);
const ENTRANCE_ANIMATIONS = Object.fromEntries(Object.keys(ENTRANCES).map((name) => [name, `${name} 0.6s ease-out both`]));

const themeColour = (name) => `hsl(var(--${name}))`;
const pair = (name) => ({ DEFAULT: themeColour(name), foreground: themeColour(`${name}-foreground`) });

export const TAILWIND_CONFIG = {
  darkMode: ["class"],
  theme: {
    extend: {
      colors: {
        border: themeColour("border"),
        input: themeColour("input"),
        ring: themeColour("ring"),
        background: themeColour("background"),
        foreground: themeColour("foreground"),
        primary: pair("primary"),
        secondary: pair("secondary"),
        destructive: pair("destructive"),
        muted: pair("muted"),
        accent: pair("accent"),
        popover: pair("popover"),
        card: pair("card"),
        sidebar: {
          DEFAULT: themeColour("sidebar-background"),
          foreground: themeColour("sidebar-foreground"),
          primary: themeColour("sidebar-primary"),
          "primary-foreground": themeColour("sidebar-primary-foreground"),
          accent: themeColour("sidebar-accent"),
          "accent-foreground": themeColour("sidebar-accent-foreground"),
          border: themeColour("sidebar-border"),
          ring: themeColour("sidebar-ring"),
        },
        chart: Object.fromEntries([1, 2, 3, 4, 5].map((n) => [n, themeColour(`chart-${n}`)])),
      },
      // input-otp's caret, and the entrances below.
      keyframes: { "caret-blink": { "0%,70%,100%": { opacity: "1" }, "20%,50%": { opacity: "0" } }, ...ENTRANCE_KEYFRAMES },
      animation: { "caret-blink": "caret-blink 1.25s ease-out infinite", ...ENTRANCE_ANIMATIONS },
      // Tailwind v4's new smallest steps (v3's `shadow-sm`, `rounded-sm` and `blur-sm` renamed one
      // down), which the tools' models now write; v3's own names keep v3's values.
      boxShadow: { "2xs": "0 1px rgb(0 0 0 / 0.05)", xs: "0 1px 2px 0 rgb(0 0 0 / 0.05)" },
      borderRadius: { xs: "0.125rem", "4xl": "2rem" },
      blur: { xs: "4px" },
    },
  },
  // tailwindcss-animate: shadcn's `animate-in fade-in-0 zoom-in-95 slide-in-from-top-2` and
  // `data-[state=open]:animate-in`, in every shadcn project's configuration and v0's components.
  plugins: [tailwindFourNames, tailwindcssAnimate],
};

// Tailwind v4's names for what v3 has under others, which models trained on v4 (v0 and shadcn
// moved to it in 2025) write into components that otherwise read as v3: without them a v4 hero's
// `bg-linear-to-r … bg-clip-text text-transparent` heading has no gradient and is invisible. The
// gradients use v3's stops (`from-*`, `via-*`, `to-*`); `@container` and its `@md:` variants are
// v4's (and v3's container-queries plugin's) sizes; `text-shadow-*` is v4.1's.
const SIDES = { t: "top", tr: "top right", r: "right", br: "bottom right", b: "bottom", bl: "bottom left", l: "left", tl: "top left" };
const CONTAINERS = { "3xs": "16rem", "2xs": "18rem", xs: "20rem", sm: "24rem", md: "28rem", lg: "32rem", xl: "36rem", "2xl": "42rem",
  "3xl": "48rem", "4xl": "56rem", "5xl": "64rem", "6xl": "72rem", "7xl": "80rem" };
const TEXT_SHADOWS = {
  "2xs": "0px 1px 0px rgb(0 0 0 / 0.15)",
  xs: "0px 1px 1px rgb(0 0 0 / 0.2)",
  sm: "0px 1px 0px rgb(0 0 0 / 0.075), 0px 1px 1px rgb(0 0 0 / 0.075), 0px 2px 2px rgb(0 0 0 / 0.075)",
  md: "0px 1px 1px rgb(0 0 0 / 0.1), 0px 1px 2px rgb(0 0 0 / 0.1), 0px 2px 4px rgb(0 0 0 / 0.1)",
  lg: "0px 1px 2px rgb(0 0 0 / 0.1), 0px 3px 2px rgb(0 0 0 / 0.1), 0px 4px 8px rgb(0 0 0 / 0.1)",
  none: "none",
};
// v4's 3D transforms (a flashcard's flip: `perspective-distant`, `transform-3d`, `rotate-y-180`,
// `backface-hidden`), as v4 writes them: `rotate-x-*` and `rotate-y-*` set their own transform.
const PERSPECTIVES = { dramatic: "100px", near: "300px", normal: "500px", midrange: "800px", distant: "1200px", none: "none" };
const ROTATE_3D = "var(--tw-rotate-x,) var(--tw-rotate-y,)";
// v4's `not-*`, `nth-*` and `starting:` variants over the pseudo-classes models put behind them.
const NOT = { first: ":first-child", last: ":last-child", only: ":only-child", odd: ":nth-child(odd)", even: ":nth-child(even)",
  disabled: ":disabled", checked: ":checked", empty: ":empty", hover: ":hover", focus: ":focus" };
// v4's inset shadows and rings (`inset-shadow-sm`, `inset-shadow-black/10`, `inset-ring`,
// `inset-ring-white/10`): a shadow of their own beside v3's `shadow-*` and `ring-*`, whose variables
// the box-shadow here adds up (these rules come after v3's, so an element with both gets all).
const INSET_SHADOWS = { "2xs": "inset 0 1px", xs: "inset 0 1px 1px", sm: "inset 0 2px 4px" };
const BOX_SHADOW = "var(--tw-inset-shadow, 0 0 #0000), var(--tw-inset-ring-shadow, 0 0 #0000), var(--tw-ring-offset-shadow, 0 0 #0000), var(--tw-ring-shadow, 0 0 #0000), var(--tw-shadow, 0 0 #0000)";
// v4.1's masks (`mask-b-from-60%`, `mask-x-from-90%`, `mask-radial-from-40%`, `mask-linear-to-80%`):
// each side, the radial and the linear mask a layer of their own, opaque where not set, intersected,
// as v4 composes them. Without @property, a masked element's variables reach its descendants: a
// masked element inside another masked one takes its sides too.
const OPAQUE = "linear-gradient(#fff, #fff)";
const MASK_SIDES = { t: ["top"], r: ["right"], b: ["bottom"], l: ["left"], x: ["left", "right"], y: ["top", "bottom"] };
const MASK_IMAGE = ["top", "right", "bottom", "left", "radial", "linear"].map((layer) => `var(--tw-mask-${layer}, ${OPAQUE})`).join(", ");
const maskStops = (layer) =>
  `var(--tw-mask-${layer}-from-color, black) var(--tw-mask-${layer}-from-position, 0%), var(--tw-mask-${layer}-to-color, transparent) var(--tw-mask-${layer}-to-position, 100%)`;
const MASK_LAYERS = {
  ...Object.fromEntries(["top", "right", "bottom", "left"].map((side) => [side, `linear-gradient(to ${side}, ${maskStops(side)})`])),
  radial: `radial-gradient(var(--tw-mask-radial-shape, ellipse) var(--tw-mask-radial-size, farthest-corner) at var(--tw-mask-radial-position, center), ${maskStops("radial")})`,
  linear: `linear-gradient(var(--tw-mask-linear-angle, 0deg), ${maskStops("linear")})`,
};
const flatten = (colors, prefix = "") =>
  Object.entries(colors).flatMap(([name, value]) =>
    typeof value === "object" ? flatten(value, `${prefix}${name}-`) : [[name === "DEFAULT" ? prefix.slice(0, -1) : `${prefix}${name}`, value]]);
function tailwindFourNames({ addUtilities, matchUtilities, matchVariant, addVariant, theme }) {
  const colours = Object.fromEntries(flatten(theme("colors")));
  matchUtilities(
    { "inset-shadow": (value) => ({ "--tw-inset-shadow": value === "none" ? "0 0 #0000" : `${value} var(--tw-inset-shadow-color, rgb(0 0 0 / 0.05))`, "box-shadow": BOX_SHADOW }) },
    { values: { ...INSET_SHADOWS, none: "none" } },
  );
  matchUtilities({ "inset-shadow": (value) => ({ "--tw-inset-shadow-color": value }) }, { values: colours, type: "color" });
  matchUtilities(
    { "inset-ring": (value) => ({ "--tw-inset-ring-shadow": `inset 0 0 0 ${value} var(--tw-inset-ring-color, currentColor)`, "box-shadow": BOX_SHADOW }) },
    { values: { DEFAULT: "1px", 0: "0px", 1: "1px", 2: "2px", 4: "4px", 8: "8px" } },
  );
  matchUtilities({ "inset-ring": (value) => ({ "--tw-inset-ring-color": value }) }, { values: colours, type: "color" });
  const positions = { ...theme("spacing"), ...Object.fromEntries(Array.from({ length: 101 }, (_, n) => [`${n}%`, `${n}%`])) };
  const mask = (layers, end, value) =>
    Object.assign({ "mask-image": MASK_IMAGE, "mask-composite": "intersect" }, ...layers.map((layer) => ({ [`--tw-mask-${layer}`]: MASK_LAYERS[layer], [`--tw-mask-${layer}-${end}-position`]: value })));
  for (const [key, layers] of Object.entries({ ...MASK_SIDES, radial: ["radial"], linear: ["linear"] })) {
    for (const end of ["from", "to"]) {
      matchUtilities({ [`mask-${key}-${end}`]: (value) => mask(layers, end, value) }, { values: positions, type: ["percentage", "length"] });
    }
  }
  matchUtilities(
    { "mask-linear": (value) => ({ "--tw-mask-linear-angle": value }) },
    { values: Object.fromEntries([0, 45, 90, 135, 180, 225, 270, 315].map((n) => [n, `${n}deg`])), supportsNegativeValues: true },
  );
  addUtilities({
    ".mask-none": { "mask-image": "none" },
    ".mask-circle": { "--tw-mask-radial-shape": "circle" },
    ".mask-ellipse": { "--tw-mask-radial-shape": "ellipse" },
    ".mask-radial-closest-side": { "--tw-mask-radial-size": "closest-side" },
    ".mask-radial-farthest-side": { "--tw-mask-radial-size": "farthest-side" },
    ".mask-radial-closest-corner": { "--tw-mask-radial-size": "closest-corner" },
    ".mask-radial-farthest-corner": { "--tw-mask-radial-size": "farthest-corner" },
    ...Object.fromEntries(Object.entries({ center: "center", top: "top", bottom: "bottom", left: "left", right: "right", "top-left": "top left",
      "top-right": "top right", "bottom-left": "bottom left", "bottom-right": "bottom right" }).map(([k, v]) => [`.mask-radial-at-${k}`, { "--tw-mask-radial-position": v }])),
  });
  addUtilities({
    ".transform-3d": { "transform-style": "preserve-3d" },
    ".transform-flat": { "transform-style": "flat" },
    ".backface-hidden": { "backface-visibility": "hidden" },
    ".backface-visible": { "backface-visibility": "visible" },
    ".field-sizing-content": { "field-sizing": "content" },
    ".field-sizing-fixed": { "field-sizing": "fixed" },
    ".wrap-break-word": { "overflow-wrap": "break-word" },
    ".wrap-anywhere": { "overflow-wrap": "anywhere" },
  });
  matchUtilities({ perspective: (value) => ({ perspective: value }) }, { values: PERSPECTIVES });
  matchUtilities(
    {
      "rotate-x": (value) => ({ "--tw-rotate-x": `rotateX(${value})`, transform: ROTATE_3D }),
      "rotate-y": (value) => ({ "--tw-rotate-y": `rotateY(${value})`, transform: ROTATE_3D }),
    },
    { values: theme("rotate"), supportsNegativeValues: true },
  );
  matchVariant("not", (value) => `&:not(${value})`, { values: NOT });
  matchVariant("nth", (value) => `&:nth-child(${value})`, { values: Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => [n, String(n)])) });
  addVariant("starting", "@starting-style");

  const stops = "var(--tw-gradient-stops)";
  addUtilities(Object.fromEntries(Object.entries(SIDES).map(([k, side]) => [`.bg-linear-to-${k}`, { "background-image": `linear-gradient(to ${side}, ${stops})` }])));
  matchUtilities(
    { "bg-linear": (angle) => ({ "background-image": `linear-gradient(${angle}, ${stops})` }) },
    { values: Object.fromEntries([0, 45, 90, 135, 180, 225, 270, 315].map((n) => [n, `${n}deg`])), supportsNegativeValues: true },
  );
  addUtilities({
    ".bg-radial": { "background-image": `radial-gradient(${stops})` },
    ".bg-conic": { "background-image": `conic-gradient(${stops})` },
    ".outline-hidden": { outline: "2px solid transparent", "outline-offset": "2px" },
    ".\\@container": { "container-type": "inline-size" },
  });
  matchUtilities({ "text-shadow": (value) => ({ "text-shadow": value }) }, { values: TEXT_SHADOWS });
  const size = (value) => Number.parseFloat(value) || 0;
  matchVariant("@", (value) => `@container (min-width: ${value})`, { values: CONTAINERS, sort: (a, b) => size(a.value) - size(b.value) });
  matchVariant("@max", (value) => `@container (width < ${value})`, { values: CONTAINERS, sort: (a, b) => size(b.value) - size(a.value) });
}

// The kit's classes with a screen variant (`sm:flex-row`) are compiled with the component's own, not
// at build time, so media queries keep Tailwind's order (`sm:` before the component's `lg:`).
export const SCREEN_VARIANT = /^(?:max-)?(?:sm|md|lg|xl|2xl):/;

// Tailwind's core plugins a text cannot use, as `corePlugins` settings ({ name: false }): creating
// Tailwind's context runs every enabled plugin, most of a cold run's time, and a component names a
// few dozen of the 178. `keys` is each plugin's class roots (`bg`, `flex-row`, `sr-only`), read at
// build time from Tailwind's own context (scripts/vendor-react-kit.mjs). A class reaches a plugin
// through a root that is a prefix of it ending at a dash, once its variants (`hover:`), `!` and
// `-` are off; anything that looks like one keeps the plugin, so a stray word costs time, never a
// style.
// The build checks the CSS is Tailwind's own on the kit's classes and a sample.
export function unusedCorePlugins(text, keys) {
  const roots = new Set();
  // Every root is letters, digits and dashes, so every run of those is looked at (`items.filter(`
  // has the class `filter` to Tailwind's extractor, `bg-[#fff]` the root `bg`).
  for (const piece of text.split(/[^A-Za-z0-9-]+/)) {
    const name = piece.replace(/^-+/, "");
    for (let at = name.indexOf("-"); at > 0; at = name.indexOf("-", at + 1)) roots.add(name.slice(0, at));
    roots.add(name);
  }
  const unused = { preflight: false };
  for (const [plugin, pluginKeys] of Object.entries(keys)) {
    // The colour plugins read whether their *Opacity plugin is on (`bg-gray-50` sets --tw-bg-opacity).
    if (!plugin.endsWith("Opacity") && !pluginKeys.some((key) => roots.has(key))) unused[plugin] = false;
  }
  return unused;
}

// Tailwind v4 takes any number where v3 has a fixed scale (`w-18`, `max-w-120`, `p-4.5`, `z-60`,
// `grid-cols-15`, `duration-400`, `aspect-4/3`, `bg-black/12`), and models trained on v4 write such
// numbers into otherwise v3 components: in v3 they made no CSS, so an avatar or a panel had no size.
// The theme keys the text names that v3's scale lacks, at v4's value (spacing: a quarter rem per step,
// multiples of 0.25 only); merged into `theme.extend` by the worker, so v3's own keys keep v3's values.
const SPACING_ROOTS = new Set(["w", "h", "size", "min-w", "min-h", "max-w", "max-h", "p", "px", "py", "pt", "pr", "pb", "pl", "ps", "pe",
  "m", "mx", "my", "mt", "mr", "mb", "ml", "ms", "me", "gap", "gap-x", "gap-y", "space-x", "space-y", "inset", "inset-x", "inset-y",
  "top", "right", "bottom", "left", "start", "end", "translate-x", "translate-y", "indent", "basis", "scroll-m", "scroll-mx", "scroll-my",
  "scroll-mt", "scroll-mb", "scroll-p", "scroll-px", "scroll-py", "scroll-pt", "scroll-pb", "border-spacing"]);
const percent = (n) => String(n / 100);
const BARE = {
  leading: ["lineHeight", (n) => `${n / 4}rem`],
  opacity: ["opacity", percent],
  z: ["zIndex", String],
  order: ["order", String],
  "grid-cols": ["gridTemplateColumns", (n) => `repeat(${n}, minmax(0, 1fr))`],
  "grid-rows": ["gridTemplateRows", (n) => `repeat(${n}, minmax(0, 1fr))`],
  "col-span": ["gridColumn", (n) => `span ${n} / span ${n}`, "span-"],
  "row-span": ["gridRow", (n) => `span ${n} / span ${n}`, "span-"],
  "col-start": ["gridColumnStart", String],
  "col-end": ["gridColumnEnd", String],
  "row-start": ["gridRowStart", String],
  "row-end": ["gridRowEnd", String],
  "line-clamp": ["lineClamp", String],
  columns: ["columns", String],
  duration: ["transitionDuration", (n) => `${n}ms`],
  delay: ["transitionDelay", (n) => `${n}ms`],
  scale: ["scale", percent],
  "scale-x": ["scale", percent],
  "scale-y": ["scale", percent],
  rotate: ["rotate", (n) => `${n}deg`],
  "rotate-x": ["rotate", (n) => `${n}deg`],
  "rotate-y": ["rotate", (n) => `${n}deg`],
  "skew-x": ["skew", (n) => `${n}deg`],
  "skew-y": ["skew", (n) => `${n}deg`],
  "hue-rotate": ["hueRotate", (n) => `${n}deg`],
  brightness: ["brightness", percent],
  contrast: ["contrast", percent],
  saturate: ["saturate", percent],
  grow: ["flexGrow", String],
  shrink: ["flexShrink", String],
  border: ["borderWidth", (n) => `${n}px`],
  "border-x": ["borderWidth", (n) => `${n}px`],
  "border-y": ["borderWidth", (n) => `${n}px`],
  "border-t": ["borderWidth", (n) => `${n}px`],
  "border-r": ["borderWidth", (n) => `${n}px`],
  "border-b": ["borderWidth", (n) => `${n}px`],
  "border-l": ["borderWidth", (n) => `${n}px`],
  ring: ["ringWidth", (n) => `${n}px`],
  outline: ["outlineWidth", (n) => `${n}px`],
  "divide-x": ["divideWidth", (n) => `${n}px`],
  "divide-y": ["divideWidth", (n) => `${n}px`],
  stroke: ["strokeWidth", String],
  decoration: ["textDecorationThickness", (n) => `${n}px`],
  "underline-offset": ["textUnderlineOffset", (n) => `${n}px`],
};
// The numbers v3's scales have (tailwindcss/defaultTheme's numeric keys, checked by
// tests/react-kit-tailwind.test.mjs; importing that module cost the worker 0.45 KB gzip).
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i)).join(" ");
const TIMES = "0 75 100 150 200 300 500 700 1000";
const WIDTHS = "0 1 2 4 8";
export const V3_NUMBERS = {
  spacing: `0 0.5 1 1.5 2 2.5 3 3.5 ${range(4, 12)} 14 16 20 24 28 32 36 40 44 48 52 56 60 64 72 80 96`,
  lineHeight: range(3, 10),
  opacity: range(0, 20).split(" ").map((n) => n * 5).join(" "),
  zIndex: "0 10 20 30 40 50",
  order: range(1, 12),
  gridTemplateColumns: range(1, 12),
  gridTemplateRows: range(1, 12),
  gridColumn: range(1, 12).replace(/\d+/g, "span-$&"),
  gridRow: range(1, 12).replace(/\d+/g, "span-$&"),
  gridColumnStart: range(1, 13),
  gridColumnEnd: range(1, 13),
  gridRowStart: range(1, 13),
  gridRowEnd: range(1, 13),
  lineClamp: range(1, 6),
  columns: range(1, 12),
  transitionDuration: TIMES,
  transitionDelay: TIMES,
  scale: "0 50 75 90 95 100 105 110 125 150",
  rotate: "0 1 2 3 6 12 45 90 180",
  skew: "0 1 2 3 6 12",
  hueRotate: "0 15 30 60 90 180",
  brightness: "0 50 75 90 95 100 105 110 125 150 200",
  contrast: "0 50 75 100 125 150 200",
  saturate: "0 50 100 150 200",
  flexGrow: "0",
  flexShrink: "0",
  borderWidth: "0 2 4 8",
  divideWidth: "0 2 4 8",
  ringWidth: WIDTHS,
  outlineWidth: WIDTHS,
  strokeWidth: "0 1 2",
  textDecorationThickness: WIDTHS,
  textUnderlineOffset: WIDTHS,
  aspectRatio: "",
};
export function tailwindFourValues(text) {
  const extend = {};
  const add = (key, name, value) => {
    if (V3_NUMBERS[key].split(" ").includes(name)) return;
    (extend[key] ??= {})[name] = value;
  };
  // A class's root and its number, after a variant, `-`, `!` or a non-class character.
  for (const [, root, number, ratio] of text.matchAll(/(?<![\w.[-])-?([a-z]+(?:-[a-z]+)*)-(\d+(?:\.\d+)?)(?:\/(\d+))?(?![\w.[-])/g)) {
    const n = Number(number);
    if (ratio !== undefined) {
      // `aspect-4/3`; `w-1/2` is v3's fraction; a colour's `/12` is its opacity.
      if (root === "aspect" && Number(ratio) > 0) add("aspectRatio", `${number}/${ratio}`, `${number} / ${ratio}`);
      else if (!SPACING_ROOTS.has(root) && Number(ratio) <= 100) add("opacity", ratio, percent(Number(ratio)));
      if (root === "aspect" || SPACING_ROOTS.has(root)) continue;
    }
    if (SPACING_ROOTS.has(root)) {
      if (n % 0.25 === 0) add("spacing", number, `${n / 4}rem`);
    } else if (BARE[root] && (Number.isInteger(n) || root === "leading")) {
      const [key, value, prefix = ""] = BARE[root];
      add(key, prefix + number, value(n));
    }
  }
  // A colour's opacity (`bg-black/12`, `ring-white/8`).
  for (const [, ratio] of text.matchAll(/(?<![\w.[-])[a-z]+(?:-[a-z]+)+\/(\d+)(?![\w.[-])/g)) {
    if (Number(ratio) <= 100) add("opacity", ratio, percent(Number(ratio)));
  }
  return extend;
}

// v4's CSS-variable shorthand, `w-(--sidebar-width)`, `bg-(--brand)`, `hover:bg-(image:--hero)`: v3
// writes it `w-[var(--sidebar-width)]` and cannot read the parentheses. Each class of that form the
// text names is handed to Tailwind in v3's form and its CSS renamed back; one whose v3 form the text
// also names is left (its rules would have to be copied, not renamed). Sweep 13: with an opacity,
// `bg-(--brand)/50` is v4's `color-mix(in oklab, var(--brand) 50%, transparent)` (v3's
// `bg-[var(--brand)]/50` makes no CSS); and v4's `!` at a class's end (`bg-red-500!`,
// `hover:bg-(--brand)!`), which shadcn's variants are overridden with, is v3's `!` before the
// utility (`hover:!bg-red-500`).
const escapeClass = (name) =>
  name.replace(/,/g, "\u0000").replace(/[^A-Za-z0-9_\u0000-]/g, "\\$&").replace(/\u0000/g, "\\2c ").replace(/^(-?)(\d)/, (_, dash, d) => `${dash}\\3${d} `);
const COLOUR_ROOTS = /^-?(?:bg|text|border(?:-[xytrblse])?|ring|ring-offset|outline|fill|stroke|from|via|to|shadow|decoration|accent|caret|divide|placeholder)-$/;
function threeForm(token) {
  // The utility is what follows the last variant's colon outside brackets and parentheses.
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) start = i + 1;
  }
  const variants = token.slice(0, start);
  let utility = token.slice(start);
  const important = utility.length > 1 && utility.endsWith("!") && !utility.startsWith("!");
  if (important) utility = utility.slice(0, -1);
  const m = /^(-?[a-z][a-z0-9-]*-)\((?:([a-z-]+):)?(--[A-Za-z0-9_-]+)\)(?:\/(\d{1,3}))?$/.exec(utility);
  if (m) {
    const [, root, type, variable, alpha] = m;
    if (alpha !== undefined) {
      if (type || !COLOUR_ROOTS.test(root) || Number(alpha) > 100) return null;
      utility = `${root}[color:color-mix(in_oklab,var(${variable})_${alpha}%,transparent)]`;
    } else utility = `${root}[${type ? `${type}:` : ""}var(${variable})]`;
  } else if (!important || !/^-?[a-z@]/.test(utility)) return null;
  return `${variants}${important ? "!" : ""}${utility}`;
}
export function tailwindFourVariables(text) {
  const pairs = new Map();
  for (const token of text.split(/[\s"'`{}]+/)) {
    if (!/\((?:[a-z-]+:)?--/.test(token) && !token.endsWith("!")) continue;
    const three = threeForm(token);
    if (three && !text.includes(three)) pairs.set(token, three);
  }
  const extra = [...pairs.values()].join(" ");
  const rename = (css) => {
    for (const [four, three] of pairs) {
      // The class whole: not the start of a longer one (`.\!bg-red-500` in `.\!bg-red-500\/50`).
      const from = new RegExp(`\\.${escapeClass(three).replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}(?![A-Za-z0-9_\\\\-])`, "g");
      css = css.replace(from, () => `.${escapeClass(four)}`);
    }
    return css;
  };
  return { extra, rename };
}
