// recharts 2 through esm.sh: react-kit's build (which uses `window.React`), after react.mjs has
// set the page's one React.
import "./react.mjs";
export * from "../../react-kit/recharts.mjs";
