// The spreadsheet viewer's charts. Not compiled into the Worker: scripts/vendor.sh copies this
// file to /_plug/vendor/plug-xlsx-charts.js and the viewer's Web Worker loads it with
// importScripts only when the workbook holds a chart part. It reads the parts itself (the zip's
// directory, then sheet -> drawing -> chart through their relationships), whatever prefixes the
// writer used (Excel and XlsxWriter write `c:`/`xdr:`, openpyxl default namespaces), and turns
// each chart into drawing primitives ([tag, attributes, text]) that the page builds as SVG with
// createElementNS and textContent, so nothing from the file is ever parsed as markup.
self.PlugCharts = (() => {
  "use strict";

  // ------------------------------------------------------------------ zip

  // Entry name -> { method, offset, size } from the central directory.
  function zipDirectory(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let end = -1;
    for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
      if (view.getUint32(i, true) === 0x06054b50) {
        end = i;
        break;
      }
    }
    if (end < 0) throw new Error("not a zip file");
    const count = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    const entries = new Map();
    const decoder = new TextDecoder();
    for (let n = 0; n < count && view.getUint32(at, true) === 0x02014b50; n++) {
      const method = view.getUint16(at + 10, true);
      const size = view.getUint32(at + 20, true);
      const nameLength = view.getUint16(at + 28, true);
      const extra = view.getUint16(at + 30, true);
      const comment = view.getUint16(at + 32, true);
      const offset = view.getUint32(at + 42, true);
      const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      entries.set(name.replace(/^\//, ""), { method, offset, size });
      at += 46 + nameLength + extra + comment;
    }
    return entries;
  }

  // Chart parts are small; a part over 8 MB is not read.
  async function zipText(bytes, entries, name) {
    const entry = entries.get(name);
    if (!entry || entry.size > 8_000_000) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
    const raw = bytes.subarray(start, start + entry.size);
    if (entry.method === 0) return new TextDecoder().decode(raw);
    if (entry.method !== 8) return null;
    const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return new Response(stream).text();
  }

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
  async function read(buffer, cellValue) {
    const bytes = new Uint8Array(buffer);
    const entries = zipDirectory(bytes);
    const workbookXml = await zipText(bytes, entries, "xl/workbook.xml");
    if (!workbookXml) return [];
    const workbookRels = await relationships(bytes, entries, "xl/workbook.xml");
    const found = [];
    const order = [];
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
    return { sheets: order, charts: found };
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
    radarChart: "line", bubbleChart: "scatter", stockChart: "line",
  };

  function readChart(doc, sheetName, cellValue) {
    const chartNode = path(doc.children[0], "chart");
    const plotArea = child(chartNode, "plotArea");
    if (!plotArea) throw new Error("the chart has no plot area");
    const plots = [];
    for (const node of plotArea.children) {
      const kind = PLOTS[node.name];
      if (!kind) continue;
      plots.push({
        kind,
        horizontal: val(node, "barDir") === "bar",
        grouping: val(node, "grouping") || "clustered",
        holeSize: Number(val(node, "holeSize")) || 50,
        series: children(node, "ser").map((ser, i) => readSeries(ser, i, sheetName, cellValue, kind)),
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
    for (const node of plotArea.children) {
      if (!/^(catAx|valAx|dateAx)$/.test(node.name)) continue;
      const which = node.name !== "valAx" || (plots[0].kind === "scatter" && !axes.x) ? "x" : "y";
      if (axes[which]) continue;
      axes[which] = {
        title: readTitle(child(node, "title"), sheetName, cellValue),
        deleted: val(node, "delete") === "1",
      };
    }
    const legend = child(chartNode, "legend");
    return {
      title,
      plots,
      axes,
      legend: legend ? val(legend, "legendPos") || "r" : null,
    };
  }

  function readSeries(ser, i, sheetName, cellValue, kind) {
    const index = Number(val(ser, "idx") ?? i);
    const tx = child(ser, "tx");
    const name = tx ? stringData(tx, sheetName, cellValue).join(" ") || `Series${index + 1}` : `Series${index + 1}`;
    const cat = child(ser, "cat") || child(ser, "xVal");
    const values = numberData(child(ser, "val") || child(ser, "yVal"), sheetName, cellValue);
    const categories = cat ? stringData(cat, sheetName, cellValue) : [];
    const xValues = kind === "scatter" && cat ? numberData(cat, sheetName, cellValue) : null;
    return { name, named: Boolean(tx), index, values, categories, xValues, color: seriesColor(ser) };
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

  // Office's default accents, then darker and lighter turns of them, as Excel cycles them.
  const PALETTE = ["#4472c4", "#ed7d31", "#a5a5a5", "#ffc000", "#5b9bd5", "#70ad47", "#264478", "#9e480e", "#636363", "#997300", "#255e91", "#43682b"];
  const FONT = "Calibri, Carlito, Arial, sans-serif";

  /** The chart as primitives [tag, attributes, text?] for an SVG of `width` x `height`. */
  function draw(chart, width, height) {
    const out = [["rect", { x: 0.5, y: 0.5, width: width - 1, height: height - 1, fill: "#ffffff", stroke: "#d9d9d9" }]];
    const text = (x, y, value, attrs = {}) => out.push(["text", { x, y, "font-family": FONT, "font-size": 12, fill: "#595959", ...attrs }, String(value)]);
    if (chart.failed) {
      text(width / 2, height / 2, `Chart not shown: ${chart.failed}`, { "text-anchor": "middle" });
      return out;
    }
    let top = 10;
    if (chart.title) {
      for (const line of chart.title.split("\n")) {
        top += 20;
        text(width / 2, top, line, { "text-anchor": "middle", "font-size": 16, fill: "#404040", class: "plug-chart-title" });
      }
      top += 6;
    }
    const pie = chart.plots[0].kind === "pie" || chart.plots[0].kind === "doughnut";
    const series = chart.plots.flatMap((p) => p.series);
    series.forEach((s, i) => {
      s.fill = s.color || PALETTE[i % PALETTE.length];
    });
    // The legend: series (or, for a pie, categories) with their colours.
    const legendItems = pie
      ? series[0].categories.map((c, i) => ({ name: c || String(i + 1), fill: (series[0].pointColors || [])[i] || PALETTE[i % PALETTE.length] }))
      : series.map((s) => ({ name: s.name, fill: s.fill }));
    let box = { left: 10, top, right: width - 10, bottom: height - 10 };
    if (chart.legend && legendItems.length > 0) box = drawLegend(out, text, chart.legend, legendItems, box);
    if (pie) drawPie(out, chart.plots[0], box);
    else drawAxesAndPlots(out, text, chart, box);
    return out;
  }

  function drawLegend(out, text, position, items, box) {
    const shown = items.slice(0, 30);
    const itemWidth = (item) => Math.min(160, 22 + item.name.length * 6.5);
    if (position === "r" || position === "l") {
      const width = Math.max(...shown.map(itemWidth)) + 10;
      const x = position === "r" ? box.right - width + 10 : box.left;
      let y = (box.top + box.bottom) / 2 - (shown.length * 18) / 2;
      for (const item of shown) {
        out.push(["rect", { x, y: y + 3, width: 9, height: 9, fill: item.fill }]);
        text(x + 14, y + 12, item.name, { class: "plug-chart-legend" });
        y += 18;
      }
      return position === "r" ? { ...box, right: box.right - width } : { ...box, left: box.left + width };
    }
    const total = shown.reduce((sum, item) => sum + itemWidth(item) + 8, 0);
    let x = Math.max(box.left, (box.left + box.right) / 2 - total / 2);
    const y = position === "t" ? box.top : box.bottom - 14;
    for (const item of shown) {
      out.push(["rect", { x, y: y + 3, width: 9, height: 9, fill: item.fill }]);
      text(x + 14, y + 12, item.name, { class: "plug-chart-legend" });
      x += itemWidth(item) + 8;
    }
    return position === "t" ? { ...box, top: box.top + 22 } : { ...box, bottom: box.bottom - 22 };
  }

  function drawPie(out, plot, box) {
    const s = plot.series[0];
    const values = s.values.map((v) => (v > 0 ? v : 0));
    const total = values.reduce((a, b) => a + b, 0);
    const cx = (box.left + box.right) / 2;
    const cy = (box.top + box.bottom) / 2;
    const r = Math.max(4, Math.min(box.right - box.left, box.bottom - box.top) / 2 - 6);
    const inner = plot.kind === "doughnut" ? (r * plot.holeSize) / 100 : 0;
    let angle = -Math.PI / 2;
    values.forEach((v, i) => {
      if (!total || !v) return;
      const sweep = (v / total) * Math.PI * 2;
      const fill = PALETTE[i % PALETTE.length];
      const point = (radius, a) => `${(cx + radius * Math.cos(a)).toFixed(2)} ${(cy + radius * Math.sin(a)).toFixed(2)}`;
      const large = sweep > Math.PI ? 1 : 0;
      const end = angle + Math.min(sweep, Math.PI * 2 - 1e-4);
      const d = inner
        ? `M${point(r, angle)}A${r} ${r} 0 ${large} 1 ${point(r, end)}L${point(inner, end)}A${inner} ${inner} 0 ${large} 0 ${point(inner, angle)}Z`
        : `M${cx} ${cy}L${point(r, angle)}A${r} ${r} 0 ${large} 1 ${point(r, end)}Z`;
      out.push(["path", { d, fill, stroke: "#ffffff", "stroke-width": 1, class: "plug-chart-point", "data-series": s.name, "data-value": String(v) }]);
      angle += sweep;
    });
  }

  function niceScale(min, max) {
    if (min === max) {
      max = min === 0 ? 1 : min + Math.abs(min);
      if (min > 0) min = 0;
    }
    const span = max - min;
    const rough = span / 5;
    const power = Math.pow(10, Math.floor(Math.log10(rough)));
    const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) || rough;
    return { min: Math.floor(min / step) * step, max: Math.ceil(max / step) * step, step };
  }

  function formatTick(v) {
    if (Math.abs(v) >= 1e6 || (Math.abs(v) < 1e-3 && v !== 0)) return v.toExponential(1);
    return String(Math.round(v * 1e6) / 1e6);
  }

  function drawAxesAndPlots(out, text, chart, box) {
    const plots = chart.plots;
    const horizontal = plots.some((p) => p.kind === "bar" && p.horizontal);
    const scatter = plots.every((p) => p.kind === "scatter");
    const series = plots.flatMap((p) => p.series);
    const categories = (series.find((s) => s.categories.length) || { categories: [] }).categories;
    const count = Math.max(categories.length, ...series.map((s) => s.values.length), 1);
    // Value range, stacking where the plot stacks.
    let lo = 0;
    let hi = 0;
    for (const plot of plots) {
      const stacked = plot.grouping === "stacked" || plot.grouping === "percentStacked";
      if (plot.grouping === "percentStacked") {
        hi = Math.max(hi, 1);
        continue;
      }
      for (let k = 0; k < count; k++) {
        let pos = 0;
        let neg = 0;
        for (const s of plot.series) {
          const v = s.values[k];
          if (v === null || v === undefined) continue;
          if (stacked) {
            if (v >= 0) pos += v;
            else neg += v;
          } else {
            hi = Math.max(hi, v);
            lo = Math.min(lo, v);
          }
        }
        hi = Math.max(hi, pos);
        lo = Math.min(lo, neg);
      }
    }
    if (plots.every((p) => p.kind === "line" || p.kind === "scatter")) {
      const all = series.flatMap((s) => s.values).filter((v) => v !== null);
      if (all.length) {
        const min = Math.min(...all);
        if (min > 0 && min > (hi - min) * 2) lo = min;
      }
    }
    const scale = niceScale(lo, hi);
    // A horizontal bar chart has its categories up the side and its values along the bottom.
    const categoryTitle = chart.axes.x && chart.axes.x.title;
    const valueTitle = chart.axes.y && chart.axes.y.title;
    const yTitle = horizontal ? categoryTitle : valueTitle;
    const xTitle = horizontal ? valueTitle : categoryTitle;
    const plot = { left: box.left + 44 + (yTitle ? 18 : 0), top: box.top + 6, right: box.right - 8, bottom: box.bottom - 22 - (xTitle ? 18 : 0) };
    if (horizontal) plot.left = box.left + Math.min(120, 12 + Math.max(0, ...categories.map((c) => c.length)) * 6.5) + (yTitle ? 18 : 0);
    if (plot.right - plot.left < 20 || plot.bottom - plot.top < 20) return;
    const valueAxisLength = horizontal ? plot.right - plot.left : plot.bottom - plot.top;
    const toValue = (v) => ((v - scale.min) / (scale.max - scale.min)) * valueAxisLength;
    // Gridlines and value labels.
    for (let v = scale.min; v <= scale.max + scale.step / 2; v += scale.step) {
      const at = toValue(v);
      const label = plots.some((p) => p.grouping === "percentStacked") ? `${Math.round(v * 100)}%` : formatTick(v);
      if (horizontal) {
        out.push(["line", { x1: plot.left + at, y1: plot.top, x2: plot.left + at, y2: plot.bottom, stroke: "#d9d9d9" }]);
        text(plot.left + at, plot.bottom + 16, label, { "text-anchor": "middle", "font-size": 11 });
      } else {
        out.push(["line", { x1: plot.left, y1: plot.bottom - at, x2: plot.right, y2: plot.bottom - at, stroke: "#d9d9d9" }]);
        text(plot.left - 6, plot.bottom - at + 4, label, { "text-anchor": "end", "font-size": 11 });
      }
    }
    // Category labels (thinned to fit).
    const categoryLength = horizontal ? plot.bottom - plot.top : plot.right - plot.left;
    const band = categoryLength / count;
    if (!scatter) {
      // Every label whose width fits its band (about 6 px a character at 11 px), thinned to fit.
      const widest = Math.max(1, ...categories.slice(0, 1000).map((c) => String(c).length)) * 6 + 8;
      const every = Math.max(1, Math.ceil((horizontal ? 14 : widest) / band));
      for (let k = 0; k < count; k += every) {
        const label = categories[k] !== undefined ? categories[k] : String(k + 1);
        // Excel draws a bar chart's first category at the bottom.
        if (horizontal) text(plot.left - 6, plot.top + band * (count - 1 - k + 0.5) + 4, label, { "text-anchor": "end", "font-size": 11, class: "plug-chart-category" });
        else text(plot.left + band * (k + 0.5), plot.bottom + 16, label, { "text-anchor": "middle", "font-size": 11, class: "plug-chart-category" });
      }
    }
    if (yTitle) text(box.left + 12, (plot.top + plot.bottom) / 2, yTitle, { "text-anchor": "middle", transform: `rotate(-90 ${box.left + 12} ${(plot.top + plot.bottom) / 2})`, class: "plug-chart-axis-title" });
    if (xTitle) text((plot.left + plot.right) / 2, box.bottom - 2, xTitle, { "text-anchor": "middle", class: "plug-chart-axis-title" });
    const zero = toValue(Math.max(scale.min, Math.min(0, scale.max)));
    const barPlots = plots.filter((p) => p.kind === "bar");
    const clusters = barPlots.reduce((n, p) => n + (p.grouping === "clustered" || p.grouping === "standard" ? p.series.length : 1), 0);
    let slot = 0;
    for (const p of plots) {
      if (p.kind === "bar") slot = drawBars(out, p, { plot, band, count, toValue, zero, horizontal, clusters, slot });
      else if (p.kind === "scatter") drawScatter(out, p, plot, toValue, series);
      else drawLines(out, p, { plot, band, count, toValue, area: p.kind === "area" });
    }
    out.push(["line", { x1: plot.left, y1: horizontal ? plot.top : plot.bottom - zero, x2: horizontal ? plot.left : plot.right, y2: plot.bottom - (horizontal ? 0 : zero), stroke: "#bfbfbf" }]);
  }

  function drawBars(out, plot, { plot: area, band, count, toValue, zero, horizontal, clusters, slot }) {
    const stacked = plot.grouping === "stacked" || plot.grouping === "percentStacked";
    const groupWidth = band * 0.66;
    const barWidth = groupWidth / Math.max(1, clusters);
    const totals = [];
    if (plot.grouping === "percentStacked") {
      for (let k = 0; k < count; k++) totals[k] = plot.series.reduce((sum, s) => sum + Math.abs(s.values[k] || 0), 0) || 1;
    }
    const pos = new Array(count).fill(0);
    const neg = new Array(count).fill(0);
    plot.series.forEach((s, i) => {
      const at = stacked ? slot : slot + i;
      for (let k = 0; k < count; k++) {
        let v = s.values[k];
        if (v === null || v === undefined) continue;
        if (totals.length) v /= totals[k];
        let from = 0;
        if (stacked) {
          from = v >= 0 ? pos[k] : neg[k];
          if (v >= 0) pos[k] += v;
          else neg[k] += v;
        }
        const a = toValue(from);
        const b = toValue(from + v);
        const start = band * (horizontal ? count - 1 - k : k) + (band - groupWidth) / 2 + barWidth * at;
        const rect = horizontal
          ? { x: area.left + Math.min(a, b), y: area.top + start, width: Math.abs(b - a), height: barWidth }
          : { x: area.left + start, y: area.bottom - Math.max(a, b), width: barWidth, height: Math.abs(b - a) };
        out.push(["rect", { ...rect, fill: s.fill, class: "plug-chart-point", "data-series": s.name, "data-value": String(s.values[k]) }]);
      }
    });
    return slot + (stacked ? 1 : plot.series.length);
  }

  function drawLines(out, plot, { plot: area, band, count, toValue, area: filled }) {
    const stacked = plot.grouping === "stacked" || plot.grouping === "percentStacked";
    const base = new Array(count).fill(0);
    for (const s of plot.series) {
      const points = [];
      for (let k = 0; k < count; k++) {
        const v = s.values[k];
        if (v === null || v === undefined) continue;
        const y = stacked ? base[k] + v : v;
        if (stacked) base[k] = y;
        points.push([area.left + band * (k + 0.5), area.bottom - toValue(y), v]);
      }
      if (points.length === 0) continue;
      const d = points.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(2)} ${y.toFixed(2)}`).join("");
      if (filled) {
        out.push(["path", { d: `${d}L${points[points.length - 1][0].toFixed(2)} ${area.bottom}L${points[0][0].toFixed(2)} ${area.bottom}Z`, fill: s.fill, "fill-opacity": 0.85, class: "plug-chart-series", "data-series": s.name }]);
      } else {
        out.push(["path", { d, fill: "none", stroke: s.fill, "stroke-width": 2.25, "stroke-linejoin": "round", class: "plug-chart-series", "data-series": s.name }]);
      }
      // Markers only while they stay apart (a series of thousands of points is its line).
      if (points.length > 500) continue;
      for (const [x, y, v] of points) out.push(["circle", { cx: x, cy: y, r: filled ? 0 : 2.5, fill: s.fill, class: "plug-chart-point", "data-series": s.name, "data-value": String(v) }]);
    }
  }

  function drawScatter(out, plot, area, toValue, allSeries) {
    const xs = allSeries.flatMap((s) => s.xValues || s.values.map((_, k) => k + 1)).filter((v) => v !== null);
    const scale = niceScale(Math.min(0, ...xs), Math.max(...xs, 1));
    const toX = (v) => area.left + ((v - scale.min) / (scale.max - scale.min)) * (area.right - area.left);
    for (const s of plot.series) {
      s.values.forEach((v, k) => {
        const x = s.xValues ? s.xValues[k] : k + 1;
        if (v === null || x === null || x === undefined) return;
        out.push(["circle", { cx: toX(x), cy: area.bottom - toValue(v), r: 3.5, fill: s.fill, class: "plug-chart-point", "data-series": s.name, "data-value": String(v) }]);
      });
    }
  }

  return { read, draw };
})();
