// `chart.js/auto` as jsDelivr's `+esm` and esm.sh serve it: every controller, element, scale and
// plugin registered, `Chart` the default export, as chart.js's own `auto` entry does, on the same
// module as chart.mjs, so a page importing both has one Chart.js (one registry, one `Chart`).
import { Chart, registerables } from "../../react-kit/chart.js.mjs";

Chart.register(...registerables);

export * from "../../react-kit/chart.js.mjs";
export default Chart;
