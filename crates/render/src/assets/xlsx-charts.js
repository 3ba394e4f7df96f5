// The spreadsheet viewer's charts. Not compiled into the Worker: scripts/vendor.sh bundles this
// file and xlsx-charts/ into /_plug/vendor/plug-xlsx-charts.js and the viewer's Web Worker loads it with
// importScripts only when the workbook holds a chart part. It reads the parts itself (the zip's
// directory, then sheet -> drawing -> chart through their relationships), whatever prefixes the
// writer used (Excel and XlsxWriter write `c:`/`xdr:`, openpyxl default namespaces), and turns
// each chart into drawing primitives ([tag, attributes, text]) that the page builds as SVG with
// createElementNS and textContent, so nothing from the file is ever parsed as markup.
import { read } from "./xlsx-charts/read.js";
import { draw } from "./xlsx-charts/draw.js";

self.PlugCharts = { read, draw };
