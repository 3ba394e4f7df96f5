// `react-plotly.js` built on the vendored Plotly module (its default entry would bundle its own).
import createPlotlyComponent from "react-plotly.js/factory";
import Plotly from "plug-kit:plotly";

export default createPlotlyComponent(Plotly);
