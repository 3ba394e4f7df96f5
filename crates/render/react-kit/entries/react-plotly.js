// `react-plotly.js` built on the vendored Plotly module (its default entry would bundle its own).
import factory from "react-plotly.js/factory";
import Plotly from "plug-kit:plotly";

// The factory is CommonJS with `exports.default`; imported from an ES module it is that object.
const createPlotlyComponent = factory.default ?? factory;

export default createPlotlyComponent(Plotly);
