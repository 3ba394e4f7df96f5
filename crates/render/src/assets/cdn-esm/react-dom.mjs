// ReactDOM 18 as an ES module, for `react-dom` and `react-dom/client` alike (see react.mjs): the
// drop's UMD build, which reads the `self.React` react.mjs has set, run once.
import "./react.mjs";
import "../../react-dom.production.min.js";

const ReactDOM = self.ReactDOM;
export default ReactDOM;
export const {
  __SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED,
  createPortal,
  createRoot,
  findDOMNode,
  flushSync,
  hydrate,
  hydrateRoot,
  render,
  unmountComponentAtNode,
  unstable_batchedUpdates,
  unstable_renderSubtreeIntoContainer,
  version,
} = ReactDOM;
