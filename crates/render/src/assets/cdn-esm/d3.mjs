// d3 7 as jsDelivr's `+esm` and esm.sh serve it (`import * as d3 from
// "https://cdn.jsdelivr.net/npm/d3@7/+esm"`, the way d3's own documentation writes it): react-kit's
// build of the same d3 7.9.0 (crates/render/src/cdn.rs).
export * from "../../react-kit/d3.mjs";
