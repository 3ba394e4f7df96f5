// Chart.js 4 as jsDelivr's `+esm` and esm.sh serve it (`import { Chart, registerables } from
// "https://cdn.jsdelivr.net/npm/chart.js@4/+esm"`): react-kit's build of the same 4.4.9
// (crates/render/src/cdn.rs).
import { Chart, registerables } from "../../react-kit/chart.js.mjs";

export * from "../../react-kit/chart.js.mjs";

// jsDelivr's `+esm` of a package without a default export adds `export default null`, so pages
// write `import Chart from "…/chart.js@4/+esm"` as Chart.js documents `import Chart from
// "chart.js/auto"`, and on jsDelivr get `null`. What such a page means is `chart.js/auto`'s Chart:
// this one registers every part when a chart is made with it. The named `Chart` is Chart.js's own,
// so a page registering only some parts keeps Chart.js's behaviour for the rest (no legend where
// it registered none).
export default class AutoChart extends Chart {
  constructor(item, config) {
    Chart.register(...registerables);
    super(item, config);
  }
}
