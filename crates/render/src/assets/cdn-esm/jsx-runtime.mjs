// `react/jsx-runtime` (and `jsx-dev-runtime`) for the React of react.mjs: what a compiled
// `jsx(type, props, key)` call means, as createElement.
import React from "./react.mjs";

export const Fragment = React.Fragment;
export function jsx(type, props, key) {
  return React.createElement(type, key === undefined ? props : Object.assign({}, props, { key }));
}
export { jsx as jsxs, jsx as jsxDEV };
