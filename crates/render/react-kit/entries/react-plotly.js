// `react-plotly.js` built on the vendored Plotly (its default entry would look for plotly.js itself).
import createPlotlyComponent from "react-plotly.js/factory";
import Plotly from "plotly.js-dist-min";

export default createPlotlyComponent(Plotly);
