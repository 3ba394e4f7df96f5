// The page's one ReactDOM (react-dom/client's createRoot lives on it in React 18's UMD build),
// read when used rather than when a library loads: the libraries run as soon as React is in,
// while ReactDOM, three times its size, still loads.
const KEYS = ["createPortal", "flushSync", "findDOMNode", "render", "hydrate", "unmountComponentAtNode",
  "unstable_batchedUpdates", "unstable_renderSubtreeIntoContainer", "createRoot", "hydrateRoot", "version",
  "__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED"];
for (const key of KEYS) Object.defineProperty(module.exports, key, { enumerable: true, get: () => window.ReactDOM[key] });
