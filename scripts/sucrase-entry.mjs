// The Sucrase bundle the React scaffold loads as `window.sucrase` (scripts/vendor.sh): its API,
// plus its parser and token types. Sucrase's parser lets a JSX `{` that is never closed through,
// and its JSX transform then fails with no position ("Unexpected token when processing JSX
// children."); react.js walks the tokens to point at the line of that `{`.
export * from "sucrase/dist/esm/index.js";
export { parse } from "sucrase/dist/esm/parser/index.js";
export { TokenType } from "sucrase/dist/esm/parser/tokenizer/types.js";
