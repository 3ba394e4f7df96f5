// A workbook's charts read from its parts (for xlsx-charts.js): the zip's directory, then sheet ->
// drawing -> chart through their relationships, whatever prefixes the writer used.

// ------------------------------------------------------------------ zip

// The zip's directory and parts, read by the viewer's worker (xlsx-worker.js, `self.PlugZip`),
// which loads this bundle into itself: one reader of the workbook's bytes for both.
const zipDirectory = (bytes) => self.PlugZip.directory(bytes);
const zipText = (bytes, entries, name) => self.PlugZip.text(bytes, entries, name);
const zipBytes = (bytes, entries, name) => self.PlugZip.bytes(bytes, entries, name);

const PICTURE_TYPES = { png: "image/png", jpeg: "image/jpeg", jpg: "image/jpeg", gif: "image/gif", bmp: "image/bmp", webp: "image/webp" };

// ------------------------------------------------------------------ xml

// A small XML reader: elements by local name (prefixes dropped), attributes by local name,
// text with the five entities and character references decoded. Enough for OOXML parts.
function parseXml(text) {
  const root = { name: "#root", attrs: {}, children: [], text: "" };
  const stack = [root];
  const tag = /<(\/?)([A-Za-z_][\w.-]*:)?([\w.-]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>/g;
  let last = 0;
  let match;
  while ((match = tag.exec(text))) {
    const top = stack[stack.length - 1];
    if (match.index > last) top.text += decode(text.slice(last, match.index));
    last = tag.lastIndex;
    if (match[6] !== undefined) {
      top.text += match[6];
      continue;
    }
    if (!match[3]) continue;
    if (match[1]) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const attrs = {};
    for (const a of (match[4] || "").matchAll(/([^\s=/>:]+:)?([^\s=/>:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attrs[a[2]] = decode(a[3] ?? a[4] ?? "");
    }
    const node = { name: match[3], attrs, children: [], text: "" };
    top.children.push(node);
    if (!match[5]) stack.push(node);
  }
  return root;
}

function decode(text) {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1));
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : "";
    }
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[e.toLowerCase()];
  });
}

const child = (node, name) => (node && node.children.find((c) => c.name === name)) || null;
const children = (node, name) => (node ? node.children.filter((c) => c.name === name) : []);
const path = (node, ...names) => names.reduce((n, name) => child(n, name), node);
const val = (node, name) => {
  const found = child(node, name);
  return found ? found.attrs.val : undefined;
};
function allText(node, name) {
  if (!node) return "";
  if (node.name === name) return node.text;
  return node.children.map((c) => allText(c, name)).join("");
}

// ------------------------------------------------------------------ parts

// Resolves a relationship target against the folder of the part that names it.
function resolvePart(from, target) {
  if (target.startsWith("/")) return target.slice(1);
  const parts = from.split("/").slice(0, -1);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== ".") parts.push(piece);
  }
  return parts.join("/");
}

async function relationships(bytes, entries, part) {
  const folder = part.split("/").slice(0, -1).join("/");
  const file = part.split("/").pop();
  const xml = await zipText(bytes, entries, `${folder}/_rels/${file}.rels`);
  const map = new Map();
  if (!xml) return map;
  for (const rel of parseXml(xml).children.flatMap((r) => children(r, "Relationship"))) {
    if (rel.attrs.TargetMode === "External") continue;
    map.set(rel.attrs.Id, resolvePart(part, rel.attrs.Target || ""));
  }
  return map;
}

/**
 * The workbook's sheets in tab order ({ name, chartsheet }) and every chart of every sheet
 * ({ sheet, anchor, chart }, `chart` the model `draw` takes). A chart sheet's drawing is read
 * like a worksheet's.
 * `cellValue(sheetName, row, col)` answers { number, text } from the workbook's cells, so a
 * series shows the sheet's values (and formulas calculated by the viewer) where the writer
 * left no cached values (openpyxl writes none).
 */
export async function read(buffer, cellValue) {
  const bytes = new Uint8Array(buffer);
  const entries = zipDirectory(bytes);
  const workbookXml = await zipText(bytes, entries, "xl/workbook.xml");
  if (!workbookXml) return [];
  const workbookRels = await relationships(bytes, entries, "xl/workbook.xml");
  const found = [];
  const order = [];
  const pictures = [];
  let pictureBytes = 0;
  for (const sheet of children(child(parseXml(workbookXml).children[0], "sheets"), "sheet")) {
    const sheetPart = workbookRels.get(sheet.attrs.id);
    if (!sheetPart) continue;
    const hidden = sheet.attrs.state === "hidden" || sheet.attrs.state === "veryHidden";
    order.push({ name: sheet.attrs.name, chartsheet: sheetPart.includes("/chartsheets/"), hidden });
    const sheetRels = await relationships(bytes, entries, sheetPart);
    const sheetXml = await zipText(bytes, entries, sheetPart);
    const drawingId = sheetXml && /<(?:\w+:)?drawing\s[^>]*?(?:\w+:)?id="([^"]+)"/.exec(sheetXml);
    const drawingPart = drawingId && sheetRels.get(drawingId[1]);
    if (!drawingPart) continue;
    const drawingXml = await zipText(bytes, entries, drawingPart);
    if (!drawingXml) continue;
    const drawingRels = await relationships(bytes, entries, drawingPart);
    for (const anchorNode of parseXml(drawingXml).children.flatMap((d) => d.children)) {
      const anchor = readAnchor(anchorNode);
      // A picture (a logo): its bytes through the drawing's relationship, raster types only
      // (EMF/WMF are not drawn by browsers), 40 a sheet and 20 MB in all at most.
      const pic = anchor && child(anchorNode, "pic");
      const blip = pic && findNamed(pic, "blip");
      const mediaPart = blip && drawingRels.get(blip.attrs.embed);
      const type = mediaPart && PICTURE_TYPES[mediaPart.split(".").pop().toLowerCase()];
      if (type && pictures.filter((p) => p.sheet === sheet.attrs.name).length < 40) {
        const data = await zipBytes(bytes, entries, mediaPart);
        if (data && pictureBytes + data.byteLength <= 20_000_000) {
          pictureBytes += data.byteLength;
          const props = findNamed(pic, "cNvPr");
          pictures.push({ sheet: sheet.attrs.name, anchor, type, name: String((props && (props.attrs.descr || props.attrs.name)) || "Picture").slice(0, 200), bytes: data });
        }
        continue;
      }
      const ref = anchor && findChartRef(anchorNode);
      const chartPart = ref && drawingRels.get(ref);
      if (!chartPart) continue;
      const chartXml = await zipText(bytes, entries, chartPart);
      if (!chartXml) continue;
      try {
        found.push({ sheet: sheet.attrs.name, anchor, chart: readChart(parseXml(chartXml), sheet.attrs.name, cellValue) });
      } catch (error) {
        found.push({ sheet: sheet.attrs.name, anchor, chart: { failed: String((error && error.message) || error) } });
      }
    }
  }
  return { sheets: order, charts: found, pictures };
}

function findNamed(node, name) {
  if (node.name === name) return node;
  for (const c of node.children) {
    const found = findNamed(c, name);
    if (found) return found;
  }
  return null;
}

const EMU_PER_PIXEL = 9525;

// A cell anchor in the grid's terms: from (and to) a column/row with offsets in pixels, or a
// size in pixels.
function readAnchor(node) {
  const point = (n) => n && {
    col: Number(allText(child(n, "col"), "col")) || 0,
    colOff: (Number(allText(child(n, "colOff"), "colOff")) || 0) / EMU_PER_PIXEL,
    row: Number(allText(child(n, "row"), "row")) || 0,
    rowOff: (Number(allText(child(n, "rowOff"), "rowOff")) || 0) / EMU_PER_PIXEL,
  };
  const ext = child(node, "ext");
  const size = ext && { width: Number(ext.attrs.cx) / EMU_PER_PIXEL || 480, height: Number(ext.attrs.cy) / EMU_PER_PIXEL || 288 };
  if (node.name === "twoCellAnchor") return { from: point(child(node, "from")), to: point(child(node, "to")) };
  if (node.name === "oneCellAnchor") return { from: point(child(node, "from")), size };
  if (node.name === "absoluteAnchor") {
    const pos = child(node, "pos");
    return { at: { x: Number(pos && pos.attrs.x) / EMU_PER_PIXEL || 0, y: Number(pos && pos.attrs.y) / EMU_PER_PIXEL || 0 }, size };
  }
  return null;
}

function findChartRef(node) {
  if (node.name === "chart" && node.attrs.id) return node.attrs.id;
  for (const c of node.children) {
    const id = findChartRef(c);
    if (id) return id;
  }
  return null;
}

// ------------------------------------------------------------------ chart model

const PLOTS = {
  barChart: "bar", bar3DChart: "bar", lineChart: "line", line3DChart: "line", areaChart: "area", area3DChart: "area",
  pieChart: "pie", pie3DChart: "pie", ofPieChart: "pie", doughnutChart: "doughnut", scatterChart: "scatter",
  radarChart: "radar", bubbleChart: "scatter", stockChart: "stock",
};

function readChart(doc, sheetName, cellValue) {
  const chartNode = path(doc.children[0], "chart");
  const plotArea = child(chartNode, "plotArea");
  if (!plotArea) throw new Error("the chart has no plot area");
  const plots = [];
  // Each plot's value axis: its valAx (a scatter's vertical one). A combo chart's plot whose value
  // axis is not the first plot's is drawn against a scale of its own, at the right (a secondary
  // axis: XlsxWriter's y2_axis, Excel's Format Data Series > Secondary Axis).
  const valueAxes = new Map(children(plotArea, "valAx").map((ax) => [val(ax, "axId"), ax]));
  const valueAxisOf = (node) => {
    const ids = children(node, "axId").map((a) => a.attrs.val).filter((id) => valueAxes.has(id));
    return ids.find((id) => !/^[bt]$/.test(val(valueAxes.get(id), "axPos") || "")) ?? ids[0];
  };
  for (const node of plotArea.children) {
    const kind = PLOTS[node.name];
    if (!kind) continue;
    const axis = valueAxisOf(node);
    const labels = child(node, "dLbls");
    plots.push({
      kind,
      axis,
      secondary: plots.length > 0 && axis !== undefined && plots[0].axis !== undefined && axis !== plots[0].axis,
      horizontal: val(node, "barDir") === "bar",
      grouping: val(node, "grouping") || "clustered",
      holeSize: Number(val(node, "holeSize")) || 50,
      bubble: node.name === "bubbleChart",
      firstSliceAng: Number(val(node, "firstSliceAng")) || 0,
      bubbleScale: Number(val(node, "bubbleScale")) || 100,
      // A radar's style (marker, standard: lines; filled: areas); a stock chart's high-low lines
      // and up-down bars (between its first and last series: open and close).
      radarStyle: val(node, "radarStyle") || "marker",
      hiLowLines: Boolean(child(node, "hiLowLines")),
      upDownBars: child(node, "upDownBars") ? { up: seriesColor(child(child(node, "upDownBars"), "upBars")), down: seriesColor(child(child(node, "upDownBars"), "downBars")) } : null,
      series: children(node, "ser").map((ser, i) => readSeries(ser, i, sheetName, cellValue, kind, labels, node.name === "bubbleChart")),
    });
  }
  if (plots.length === 0) {
    const other = plotArea.children.find((c) => /Chart$/.test(c.name));
    throw new Error(`${other ? other.name.replace(/Chart$/, "") : "this"} charts are not drawn`);
  }
  const allSeries = plots.flatMap((p) => p.series);
  let title = readTitle(child(chartNode, "title"), sheetName, cellValue);
  const autoDeleted = val(chartNode, "autoTitleDeleted") === "1";
  // Excel titles a one-series chart with no title of its own by the series' name.
  if (title === null && !autoDeleted && allSeries.length === 1 && allSeries[0].named) title = allSeries[0].name;
  // Category (x) and value (y) axes by their kind; a scatter chart's first value axis is its x.
  const axes = {};
  const second = plots.find((p) => p.secondary);
  if (second) {
    const node = valueAxes.get(second.axis);
    axes.y2 = { title: readTitle(child(node, "title"), sheetName, cellValue), deleted: val(node, "delete") === "1", numFmt: readNumFmt(node), scaling: readScaling(node) };
  }
  for (const node of plotArea.children) {
    if (!/^(catAx|valAx|dateAx)$/.test(node.name)) continue;
    if (second && node.name === "valAx" && val(node, "axId") === second.axis) continue;
    const which = node.name !== "valAx" || (plots[0].kind === "scatter" && !axes.x) ? "x" : "y";
    if (axes[which]) continue;
    axes[which] = {
      title: readTitle(child(node, "title"), sheetName, cellValue),
      deleted: val(node, "delete") === "1",
      numFmt: readNumFmt(node),
      scaling: node.name === "valAx" ? readScaling(node) : { reverse: val(child(node, "scaling"), "orientation") === "maxMin" },
      gridlines: Boolean(child(node, "majorGridlines")),
    };
  }
  const legend = child(chartNode, "legend");
  return {
    title,
    plots,
    axes,
    legend: legend ? val(legend, "legendPos") || "r" : null,
    onTicks: val(children(plotArea, "valAx")[0], "crossBetween") === "midCat",
  };
}

// An axis's or labels' number format: its code, and whether it follows the source cells'
// format (sourceLinked="1", what Excel and XlsxWriter write by default) instead.
function readNumFmt(node) {
  const fmt = child(node, "numFmt");
  return fmt ? { code: fmt.attrs.formatCode || "General", linked: fmt.attrs.sourceLinked === "1" } : null;
}

// The number format of a series' values as the sheet holds it: the first referred cell's format
// (XlsxWriter and openpyxl cache "General" whatever the cells show), else the cache's formatCode.
function sourceFormat(node, sheetName, cellValue) {
  const ref = child(node, "numRef");
  const cells = ref ? rangeCells(allText(child(ref, "f"), "f"), sheetName) : null;
  for (const at of (cells || []).slice(0, 50)) {
    const live = cellValue(at.sheet, at.row, at.col);
    if (live && typeof live.number === "number") return live.format || "General";
  }
  const cache = ref ? child(ref, "numCache") : child(node, "numLit");
  return allText(child(cache, "formatCode"), "formatCode") || "General";
}

// A value axis's own bounds, major unit, logarithmic base and order (orientation maxMin: the
// values run down from the top), where the writer gave them.
function readScaling(node) {
  const scaling = child(node, "scaling");
  const number = (n, name) => {
    const v = Number(val(n, name));
    return val(n, name) !== undefined && Number.isFinite(v) ? v : undefined;
  };
  return { min: number(scaling, "min"), max: number(scaling, "max"), log: number(scaling, "logBase"), major: number(node, "majorUnit"), reverse: val(scaling, "orientation") === "maxMin" };
}

// A series' error bars: which way they reach (errBarType both, plus, minus) and how far
// (errValType: a fixed value, a percentage of each value, the standard error, a number of
// standard deviations, or custom ranges).
function readErrorBars(node, sheetName, cellValue) {
  if (!node) return null;
  const kind = val(node, "errValType") || "fixedVal";
  const amount = Number(val(node, "val"));
  if (!["fixedVal", "percentage", "stdErr", "stdDev", "cust"].includes(kind)) return null;
  const range = (name) => (child(node, name) ? numberData(child(node, name), sheetName, cellValue) : null);
  return { way: val(node, "errBarType") || "both", kind, amount: Number.isFinite(amount) ? amount : kind === "percentage" ? 5 : 1, plus: kind === "cust" ? range("plus") : null, minus: kind === "cust" ? range("minus") : null, color: seriesColor(node) };
}

// Data labels of a series (its own <c:dLbls>, else its plot's): what each shows and in which
// format; null where none show.
function readLabels(node) {
  if (!node || val(node, "delete") === "1") return null;
  const on = (name) => val(node, name) === "1";
  const labels = { value: on("showVal"), percent: on("showPercent"), category: on("showCatName"), numFmt: readNumFmt(node), position: val(node, "dLblPos") || null, separator: child(node, "separator") ? child(node, "separator").text : ", " };
  return labels.value || labels.percent || labels.category ? labels : null;
}

function readSeries(ser, i, sheetName, cellValue, kind, plotLabels, bubble) {
  const index = Number(val(ser, "idx") ?? i);
  const tx = child(ser, "tx");
  const name = tx ? stringData(tx, sheetName, cellValue).join(" ") || `Series${index + 1}` : `Series${index + 1}`;
  const cat = child(ser, "cat") || child(ser, "xVal");
  const values = numberData(child(ser, "val") || child(ser, "yVal"), sheetName, cellValue);
  const categories = cat ? stringData(cat, sheetName, cellValue) : [];
  // Dates or numbers as categories, for an axis with a format of its own (a date axis in dd/mm).
  const categoryNumbers = cat && child(cat, "numRef") ? numberData(cat, sheetName, cellValue) : null;
  const xValues = kind === "scatter" && cat ? numberData(cat, sheetName, cellValue) : null;
  // A scatter series is drawn with lines between its points unless its line is turned off
  // (XlsxWriter's default scatter writes <a:ln><a:noFill/>; "straight" and Excel's own
  // "Scatter with Straight Lines and Markers" write none); markers unless their symbol is none.
  const line = path(ser, "spPr", "ln");
  const noLine = Boolean(line && child(line, "noFill"));
  const noMarker = val(child(ser, "marker"), "symbol") === "none";
  const markerSize = Number(val(child(ser, "marker"), "size")) || null;
  const smooth = val(ser, "smooth") === "1";
  // Colours given to single points (a pie's slices, one bar picked out: <c:dPt>), by index;
  // LibreOffice writes one for every slice of a pie.
  const pointColors = [];
  for (const point of children(ser, "dPt")) {
    const at = Number(val(point, "idx"));
    const color = seriesColor(point);
    if (Number.isInteger(at) && at >= 0 && at < 100_000 && color) pointColors[at] = color;
  }
  const valueNode = child(ser, "val") || child(ser, "yVal");
  const format = valueNode ? sourceFormat(valueNode, sheetName, cellValue) : "General";
  const xFormat = kind === "scatter" && cat ? sourceFormat(cat, sheetName, cellValue) : "General";
  const labels = readLabels(child(ser, "dLbls") || plotLabels);
  // Trendlines (Excel's Add Trendline): linear, exponential, logarithmic, polynomial of an order,
  // power, moving average of a period; how far each reaches past the points (forward, backward).
  const trends = children(ser, "trendline").slice(0, 4).map((t) => ({
    type: val(t, "trendlineType") || "linear",
    order: Math.min(6, Math.max(2, Number(val(t, "order")) || 2)),
    period: Math.max(2, Number(val(t, "period")) || 2),
    forward: Math.max(0, Number(val(t, "forward")) || 0),
    backward: Math.max(0, Number(val(t, "backward")) || 0),
    color: seriesColor(t),
  })).filter((t) => ["linear", "exp", "log", "poly", "power", "movingAvg"].includes(t.type));
  // Error bars along the values (errDir y, or none given: a line's or a bar's) and, for a scatter,
  // along x (errDir x; a horizontal bar's run along its values whatever they say).
  const bars = children(ser, "errBars");
  const along = (dir) => bars.find((b) => (val(b, "errDir") || "y") === dir);
  const errors = readErrorBars(along("y") || (kind !== "scatter" ? along("x") : null), sheetName, cellValue);
  const xErrors = kind === "scatter" ? readErrorBars(along("x"), sheetName, cellValue) : null;
  // A bubble chart's sizes (its third range).
  const sizes = bubble ? numberData(child(ser, "bubbleSize"), sheetName, cellValue) : null;
  return { name, named: Boolean(tx), index, values, categories, categoryNumbers, xValues, sizes, color: seriesColor(ser), noLine, noMarker, markerSize, smooth, pointColors, format, xFormat, labels, trends, errors, xErrors };
}

// The series' own solid fill (or line colour), else the theme's accent for its index.
function seriesColor(ser) {
  const spPr = child(ser, "spPr");
  const solid = path(spPr, "solidFill") || path(spPr, "ln", "solidFill");
  const rgb = solid && child(solid, "srgbClr");
  return rgb && /^[0-9A-Fa-f]{6}$/.test(rgb.attrs.val || "") ? `#${rgb.attrs.val.toLowerCase()}` : null;
}

function readTitle(node, sheetName, cellValue) {
  if (!node) return null;
  const tx = child(node, "tx");
  if (!tx) return null;
  const rich = child(tx, "rich");
  if (rich) {
    const text = children(rich, "p").map((p) => allText(p, "t")).join("\n").trim();
    return text || null;
  }
  return stringData(tx, sheetName, cellValue).join(" ") || null;
}

// A reference's cells as texts: live cells first, the cached points where a cell is empty.
function stringData(node, sheetName, cellValue) {
  const direct = child(node, "v");
  if (direct) return [direct.text];
  const ref = child(node, "strRef") || child(node, "numRef") || child(node, "multiLvlStrRef");
  const literal = child(node, "strLit") || child(node, "numLit");
  const cache = ref ? child(ref, "strCache") || child(ref, "numCache") || child(ref, "multiLvlStrCache") : literal;
  const cached = cachedPoints(cache);
  const cells = ref ? rangeCells(allText(child(ref, "f"), "f"), sheetName) : null;
  if (!cells) return cached.map((p) => (p === undefined ? "" : String(p)));
  return cells.map((at, k) => {
    const live = cellValue(at.sheet, at.row, at.col);
    return live && live.text !== "" ? live.text : cached[k] === undefined ? "" : String(cached[k]);
  });
}

function numberData(node, sheetName, cellValue) {
  if (!node) return [];
  const ref = child(node, "numRef");
  const cache = ref ? child(ref, "numCache") : child(node, "numLit");
  const cached = cachedPoints(cache).map((v) => (v === undefined || v === "" ? null : Number(v)));
  const cells = ref ? rangeCells(allText(child(ref, "f"), "f"), sheetName) : null;
  if (!cells) return cached.map((v) => (Number.isFinite(v) ? v : null));
  return cells.map((at, k) => {
    const live = cellValue(at.sheet, at.row, at.col);
    if (live && typeof live.number === "number" && Number.isFinite(live.number)) return live.number;
    return Number.isFinite(cached[k]) ? cached[k] : null;
  });
}

function cachedPoints(cache) {
  if (!cache) return [];
  const points = [];
  const count = Number(val(cache, "ptCount"));
  if (Number.isFinite(count)) points.length = Math.min(count, 100_000);
  for (const pt of children(cache, "pt")) {
    const idx = Number(pt.attrs.idx);
    if (idx >= 0 && idx < 100_000) points[idx] = allText(child(pt, "v"), "v");
  }
  // A multi-level cache holds its points one level down.
  if (points.length === 0) for (const lvl of children(cache, "lvl").slice(0, 1)) return cachedPoints(lvl);
  return points;
}

// `Sheet!$A$2:$A$7` or `'My Sheet'!B1` -> the cells in reading order (at most 10,000).
function rangeCells(formula, sheetName) {
  const match = /^\(?(?:'((?:[^']|'')+)'|([^'!]+))?!?\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?\)?$/.exec(String(formula).trim());
  if (!match) return null;
  const sheet = match[1] ? match[1].replace(/''/g, "'") : match[2] || sheetName;
  const c1 = columnNumber(match[3]);
  const r1 = Number(match[4]);
  const c2 = match[5] ? columnNumber(match[5]) : c1;
  const r2 = match[6] ? Number(match[6]) : r1;
  const cells = [];
  for (let r = Math.min(r1, r2); r <= Math.max(r1, r2); r++) {
    for (let c = Math.min(c1, c2); c <= Math.max(c1, c2); c++) {
      if (cells.length >= 10_000) return cells;
      cells.push({ sheet, row: r, col: c });
    }
  }
  return cells;
}

function columnNumber(letters) {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

// ------------------------------------------------------------------ drawing
