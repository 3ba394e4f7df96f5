// The automatic JSX runtime on top of the page's React: key travels as the third argument.
const React = window.React;
function jsx(type, props, key) {
  return React.createElement(type, key === undefined ? props : Object.assign({}, props, { key }));
}
module.exports = { jsx, jsxs: jsx, jsxDEV: jsx, Fragment: React.Fragment };
