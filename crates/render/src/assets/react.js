// Fetch the single-file component, compile JSX/TypeScript/ES modules with Sucrase, run it with
// a tiny `require` that knows React, and render its default export (or `App`) into #root.
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
};

function requireModule(name) {
  if (Object.prototype.hasOwnProperty.call(modules, name)) return modules[name];
  if (/\.css$/i.test(name)) return {};
  throw Object.assign(
    new Error(`Cannot import "${name}": a single-file React drop can use react, react-dom and react/jsx-runtime only.`),
    { plain: true },
  );
}

function pickComponent(exported) {
  if (typeof exported === "function") return exported;
  if (exported && typeof exported.default === "function") return exported.default;
  if (exported && typeof exported.App === "function") return exported.App;
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
    throw Object.assign(new Error("Export the component as default, or name it App."), {
      title: "Nothing to render.",
      plain: true,
    });
  }
} catch (error) {
  fail(error.title || "This component could not be displayed.", error);
}
