// `plotly`, `plotly.js`, `plotly.js-dist` and `plotly.js-dist-min` all name Plotly's browser build.
import Plotly from "plotly.js-dist-min";

export default Plotly;
