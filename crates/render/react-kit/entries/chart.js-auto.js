// `chart.js/auto` on the page's one chart.js (KIT_DEPENDENCIES): every part registered and `Chart`
// the default export, as chart.js's own `auto` entry, without a second copy of Chart.js (200 KB)
// beside a component's `import { Chart } from "chart.js"` or react-chartjs-2's.
import { Chart, registerables } from "chart.js";

Chart.register(...registerables);

export * from "chart.js";
export default Chart;
