// Fetch the single-file component, compile JSX/TypeScript/ES modules with Sucrase, run it with
// a tiny `require` that knows React, and render its component into #root: the default export,
// `App`, or the one component the file exports (a Storybook-style named export).
const root = document.getElementById("root");
let selfRendered = false;

// The module may mount itself with createRoot or render; then there is nothing left to do.
const domModule = Object.assign({}, ReactDOM, {
  createRoot(...args) {
    selfRendered = true;
    return ReactDOM.createRoot(...args);
  },
  render(...args) {
    selfRendered = true;
    return ReactDOM.render(...args);
  },
});

function jsx(type, props, key) {
  return React.createElement(type, key === undefined ? props : Object.assign({}, props, { key }));
}

const modules = {
  react: React,
  "react-dom": domModule,
  "react-dom/client": domModule,
  "react/jsx-runtime": { jsx, jsxs: jsx, Fragment: React.Fragment },
  "react/jsx-dev-runtime": { jsxDEV: jsx, Fragment: React.Fragment },
  // Storybook-style components declare propTypes; the checks only ever warn, so they are no-ops.
  "prop-types": propTypes(),
};

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

let sourceText = "";

/** " (line N: …)" of the first line naming `name` in the source, for the error. */
function lineOf(name) {
  const lines = sourceText.split("\n");
  const index = lines.findIndex((line) => line.includes(`"${name}"`) || line.includes(`'${name}'`));
  return index < 0 ? "" : ` (line ${index + 1}: ${lines[index].trim()})`;
}

function requireModule(name) {
  if (Object.prototype.hasOwnProperty.call(modules, name)) return modules[name];
  if (STYLESHEET.test(name)) return stylesheet(name);
  if (ASSET.test(name)) return asset(name);
  throw Object.assign(
    new Error(
      `Cannot import "${name}"${lineOf(name)}: a single-file React drop can use react, react-dom and react/jsx-runtime, stylesheets and assets only. Bundle the component with its libraries, or drop the built site as a .zip.`,
    ),
    { title: `This component imports "${name}".`, plain: true },
  );
}

const isComponent = (value) => typeof value === "function";

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

// The offending line with its neighbours and a caret under the column (line 1-based, column 0-based).
function codeFrame(source, line, column) {
  const lines = source.split("\n");
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 1);
  const width = String(last).length;
  const out = [];
  for (let n = first; n <= last; n++) {
    out.push(`${n === line ? ">" : " "} ${String(n).padStart(width)} | ${lines[n - 1]}`);
    if (n === line) out.push(`  ${" ".repeat(width)} | ${" ".repeat(column)}^`);
  }
  return out.join("\n");
}

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
    const error = this.state.error;
    return React.createElement(
      "section",
      { className: "plug-error", role: "alert" },
      React.createElement("h2", null, "The component crashed while rendering."),
      React.createElement("pre", null, String(error.stack || error.message || error)),
    );
  }
}

window.addEventListener("error", (event) => {
  if (!root.hasChildNodes()) fail("The component failed.", event.error || event.message);
});

try {
  setStatus("Loading component…");
  const response = await fetch(fileUrl, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`Fetching the source answered ${response.status} ${response.statusText}`);
  const source = await response.text();
  sourceText = source;
  const lastSegment = new URL(fileUrl, location.href).pathname.split("/").pop();
  const fileName = decodeURIComponent(lastSegment || "App.tsx").replace(/[^\w.-]/g, "_");
  let code;
  try {
    code = sucrase.transform(source, {
      transforms: ["jsx", "typescript", "imports"],
      jsxRuntime: "classic",
      production: true,
      disableESTransforms: true,
      filePath: fileName,
    }).code;
  } catch (error) {
    const frame = error.loc ? `\n\n${codeFrame(source, error.loc.line, error.loc.column)}` : "";
    throw Object.assign(new Error(`${error.message}${frame}`), { title: "This component does not compile.", plain: true });
  }
  const module = { exports: {} };
  try {
    new Function("require", "module", "exports", "React", `${code}\n//# sourceURL=${fileName}`)(
      requireModule,
      module,
      module.exports,
      React,
    );
  } catch (error) {
    throw Object.assign(error, { title: "The component threw while loading." });
  }
  clearStatus();
  const component = pickComponent(module.exports);
  if (component) {
    ReactDOM.createRoot(root).render(React.createElement(Boundary, null, React.createElement(component)));
  } else if (!selfRendered) {
    throw Object.assign(new Error("Export the component as default, name it App, or export exactly one component."), {
      title: "Nothing to render.",
      plain: true,
    });
  }
} catch (error) {
  fail(error.title || "This component could not be displayed.", error);
}
