// chart.js 4 as the tools' components import it: its named exports, and a default export, which
// the package has not. Models trained on Chart.js 2's code (whose CommonJS module was its Chart)
// write `import Chart from "chart.js"` and `new Chart(canvas, config)` with nothing registered,
// which is what `chart.js/auto` gives: the default registers every part when a chart is made with
// it. The named `Chart` stays Chart.js's own, so a component registering only some parts keeps
// Chart.js's behaviour for the rest. (The HTML pages' `+esm` module does the same,
// assets/cdn-esm/chart.mjs.)
import { Chart, registerables } from "chart.js";

export * from "chart.js";

export default class AutoChart extends Chart {
  constructor(item, config) {
    Chart.register(...registerables);
    super(item, config);
  }
}
