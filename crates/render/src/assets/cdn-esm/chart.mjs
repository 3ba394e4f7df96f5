// Chart.js 4 as jsDelivr's `+esm` and esm.sh serve it (`import { Chart, registerables } from
// "https://cdn.jsdelivr.net/npm/chart.js@4/+esm"`): react-kit's build of the same 4.4.9
// (crates/render/src/cdn.rs), with its default export. jsDelivr's `+esm` of a package without a
// default export adds `export default null`, so pages write `import Chart from "…/chart.js@4/+esm"`
// as Chart.js documents `import Chart from "chart.js/auto"`, and on jsDelivr get `null`; what they
// mean is `chart.js/auto`'s Chart, which react-kit's default is (react-kit/entries/chart.js.js: it
// registers every part when a chart is made with it; the named `Chart` stays Chart.js's own).
export * from "../../react-kit/chart.js.mjs";
export { default } from "../../react-kit/chart.js.mjs";
