// d3 7 as jsDelivr's `+esm` and esm.sh serve it (`import * as d3 from
// "https://cdn.jsdelivr.net/npm/d3@7/+esm"`, the way d3's own documentation writes it): react-kit's
// build of the same d3 7.9.0 (crates/render/src/cdn.rs).
import * as d3 from "../../react-kit/d3.mjs";

export * from "../../react-kit/d3.mjs";
// jsDelivr's `+esm` gives a package without a default export `export default null`: a page's
// `import d3 from "…/d3@7/+esm"` loads there and means the namespace (without a default, the whole
// module script stopped with a SyntaxError).
export default d3;
