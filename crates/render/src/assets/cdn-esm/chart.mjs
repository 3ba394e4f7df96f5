// Chart.js 4 as jsDelivr's `+esm` and esm.sh serve it (`import { Chart, registerables } from
// "https://cdn.jsdelivr.net/npm/chart.js@4/+esm"`): react-kit's build of the same 4.4.9
// (crates/render/src/cdn.rs).
export * from "../../react-kit/chart.js.mjs";
