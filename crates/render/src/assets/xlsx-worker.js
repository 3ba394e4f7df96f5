// The spreadsheet viewer's Web Worker, run from a blob: URL so parsing and calculating never
// block the page. Self-contained: the page stringifies this function, so it sees no outer names.
// It streams the first rows out for a first paint, reads the workbook with ExcelTS, posts a
// compact model (display text, style classes, geometry), then calculates the formulas that
// have no usable stored result and posts their text.
function sheetWorker() {
  "use strict";

  // What a cell shows, which decides its default alignment and its tooltip.
  const KIND = { text: 0, number: 1, bool: 2, error: 3, pending: 4, unsupported: 5, circular: 6, empty: 7, general: 8 };
  const FORMULA = 6; // ExcelTS ValueType.Formula
  const MERGE = 1; // ExcelTS ValueType.Merge: a covered cell of a merged range
  const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
  const MAX_EDGES = 4_000_000; // circular-reference search gives up past this many dependencies

  // Past this the streamed preview is given up and the whole workbook is read instead: a
  // fallback should ExcelTS's streaming reader stall on some other part layout (see preview).
  const PREVIEW_TIMEOUT_MS = 8_000;
  let chartsLibrary = null;
  let previewAbandoned = false;

  // First the libraries' URLs (the reader loads while the page still fetches the file; the chart
  // reader only if the workbook has charts), then the file.
  self.onmessage = async (event) => {
    try {
      if (event.data.library) {
        importScripts(event.data.library);
        chartsLibrary = event.data.charts;
        // Without chart support installed ExcelTS throws on a workbook holding a chart; this
        // stand-in lets it skip the chart parts, which readCharts reads instead.
        ExcelTS.registerChartSupport({
          createChartSpaceXform: () => ({ parseStream: async () => null }),
          createChart: () => null,
          parseChartEx: () => {
            throw new Error("chartEx parts are not read");
          },
        });
      }
      if (event.data.bytes) await open(event.data.bytes);
    } catch (error) {
      self.postMessage({ type: "error", message: String((error && error.message) || error) });
    }
  };

  function progress(text) {
    self.postMessage({ type: "progress", text });
  }

  async function open(bytes) {
    progress("Reading the workbook…");
    const previewed = await Promise.race([preview(bytes), new Promise((resolve) => setTimeout(resolve, PREVIEW_TIMEOUT_MS, false))]);
    if (!previewed) {
      previewAbandoned = true;
      progress("Reading the whole workbook…");
    }
    const workbook = new ExcelTS.Workbook();
    try {
      await workbook.xlsx.load(bytes);
    } catch (error) {
      throw new Error(`The workbook could not be read (${String((error && error.message) || error).slice(0, 200)}). It may be damaged or not an Excel workbook.`);
    }
    progress("Laying out the sheets…");
    const styles = new StyleTable(themeColors(workbook), "s");
    const pending = [];
    // Excel recalculates on open a workbook marked so, and one last calculated by another program
    // (no calcId: LibreOffice saves formulas it did not recalculate with their old results).
    const calc = workbook.calcProperties || {};
    const recalcOnLoad = Boolean(calc.fullCalcOnLoad || !calc.calcId);
    const visible = workbook.worksheets.filter((sheet) => !sheet.state || sheet.state === "visible");
    const sheets = visible.map((sheet, index) => describeSheet(sheet, index, styles, pending, recalcOnLoad));
    const { charts, order } = await readCharts(bytes, workbook);
    addChartSheets(sheets, order, charts, styles, pending);
    placeCharts(sheets, charts);
    postSheets("workbook", sheets, styles);
    if (pending.length > 0) {
      progress(`Calculating ${pending.length.toLocaleString("en-US")} formulas…`);
      self.postMessage({ type: "formulas", updates: calculate(workbook, sheets, pending) });
      // Series may be drawn from formula cells: read the charts again with their results.
      if (charts.length > 0) {
        placeCharts(sheets, (await readCharts(bytes, workbook)).charts);
        self.postMessage({ type: "charts", charts: sheets.map((s) => s.charts) });
      }
    }
    self.postMessage({ type: "done" });
  }

  // ------------------------------------------------------------------ charts

  // Whether the zip names a chart part (its central directory is at the end of the file).
  function hasCharts(bytes) {
    const tail = new Uint8Array(bytes, Math.max(0, bytes.byteLength - 4_000_000));
    return new TextDecoder("latin1").decode(tail).includes("xl/charts/chart");
  }

  // The workbook's charts, read and drawn by xlsx-charts.js (loaded only now). A chart that
  // cannot be read shows why in its place; a failure to read any leaves the cells shown.
  async function readCharts(bytes, workbook) {
    const none = { charts: [], order: [] };
    if (!chartsLibrary || !hasCharts(bytes)) return none;
    try {
      if (!self.PlugCharts) importScripts(chartsLibrary);
      const { sheets, charts } = await self.PlugCharts.read(bytes, (sheetName, row, col) => cellValue(workbook, sheetName, row, col));
      return { charts, order: sheets };
    } catch (error) {
      self.postMessage({ type: "notice", text: `The workbook's charts could not be read: ${String((error && error.message) || error).slice(0, 200)}` });
      return none;
    }
  }

  // A chart sheet (a tab that is one chart; ExcelTS does not list them) becomes an empty sheet
  // holding its chart, at its place among the tabs. Formulas waiting for results name their
  // sheet by index, so those indices move with the tabs.
  function addChartSheets(sheets, order, charts, styles, pending) {
    const extra = order.filter((s) => s.chartsheet && !s.hidden && charts.some((c) => c.sheet === s.name));
    if (extra.length === 0) return;
    const byName = new Map(sheets.map((sheet, index) => [sheet.name, { sheet, index }]));
    const ordered = [];
    for (const entry of order) {
      if (byName.has(entry.name)) ordered.push(byName.get(entry.name).sheet);
      else if (extra.includes(entry)) {
        const empty = new RowCollector(styles, false).finish({ name: entry.name, merges: [], frozenRows: 0, frozenCols: 0, gridLines: false });
        empty.colWidths = [];
        ordered.push(empty);
      }
    }
    for (const sheet of sheets) if (!ordered.includes(sheet)) ordered.push(sheet);
    const moved = new Map(sheets.map((sheet, index) => [index, ordered.indexOf(sheet)]));
    for (const item of pending) item.sheet = moved.get(item.sheet);
    sheets.splice(0, sheets.length, ...ordered);
  }

  // A cell's value for a chart: its number (dates as Excel serials) and its text as shown.
  function cellValue(workbook, sheetName, row, col) {
    const sheet = workbook.getWorksheet(sheetName);
    const cell = sheet && sheet.findCell(row, col);
    if (!cell) return null;
    const value = cell.type === FORMULA ? cell.result : cell.value;
    const shown = display(value, cell.numFmt);
    const number = typeof value === "number" ? value : value instanceof Date ? (value.getTime() - EXCEL_EPOCH_MS) / 86_400_000 : null;
    return { number, text: shown ? shown.text : "" };
  }

  // Each chart's box in sheet pixels (from its anchor and the sheet's column widths and row
  // heights) and its drawing, on its sheet's model.
  function placeCharts(sheets, charts) {
    for (const sheet of sheets) {
      sheet.charts = charts.filter((c) => c.sheet === sheet.name).map(({ anchor, chart }) => {
        const box = anchorBox(sheet, anchor);
        return { box, title: chart.title || "", primitives: self.PlugCharts.draw(chart, box.width, box.height) };
      });
    }
  }

  function anchorBox(sheet, anchor) {
    const widths = new Map(sheet.colWidths);
    const heights = new Map(sheet.rowHeights);
    const x = (col, off) => {
      let px = 0;
      for (let c = 0; c < col; c++) px += widths.has(c) ? widths.get(c) : sheet.defaultColWidth;
      return px + off;
    };
    const y = (row, off) => {
      let px = 0;
      for (let r = 0; r < row; r++) px += heights.has(r) ? heights.get(r) : sheet.defaultRowHeight;
      return px + off;
    };
    const left = anchor.at ? anchor.at.x : x(anchor.from.col, anchor.from.colOff);
    const top = anchor.at ? anchor.at.y : y(anchor.from.row, anchor.from.rowOff);
    const width = anchor.to ? x(anchor.to.col, anchor.to.colOff) - left : anchor.size.width;
    const height = anchor.to ? y(anchor.to.row, anchor.to.rowOff) - top : anchor.size.height;
    return { left, top, width: Math.max(60, Math.min(4000, width)), height: Math.max(40, Math.min(4000, height)) };
  }

  function postSheets(type, sheets, styles) {
    const transfer = sheets.flatMap((s) => [s.rowStart.buffer, s.cols.buffer, s.styleIds.buffer, s.kinds.buffer]);
    const message = { type, sheets, styles: { css: styles.css(), flags: styles.flags, fonts: styles.fonts, prefix: styles.prefix } };
    self.postMessage(message, transfer);
  }

  // Reading a whole workbook of 100,000 rows takes seconds, so the first rows of the first
  // sheet are streamed out first and shown meanwhile (default theme, no merges or frozen panes
  // yet: the streaming reader does not read those). Best effort: any failure is left to the
  // full read.
  const PREVIEW_ROWS = 200;

  async function preview(bytes) {
    try {
      // hyperlinks "cache", not "ignore": with "ignore" ExcelTS 10.2 never reads a sheet's
      // relationships part, and the zip stream then stalls for ever on any sheet that has one (a
      // chart, a picture, a comment or a link): the preview of such a workbook never came.
      const reader = new ExcelTS.WorkbookReader(new Uint8Array(bytes), {
        worksheets: "emit", sharedStrings: "cache", styles: "cache", hyperlinks: "cache", entries: "ignore",
      });
      for await (const sheet of reader) {
        if (sheet.state && sheet.state !== "visible") continue;
        const styles = new StyleTable(themeColors(null), "p");
        // Whether the workbook asks for recalculation is not known yet: a stored 0 waits too.
        const rows = new RowCollector(styles, true);
        for await (const row of sheet) {
          if (row.number > PREVIEW_ROWS) break;
          rows.add(row, row.number);
        }
        const model = rows.finish({ name: sheet.name, merges: [], frozenRows: 0, frozenCols: 0 });
        model.colWidths = columnWidths((c) => (sheet.columns || [])[c - 1] || {}, model.colCount);
        // A preview that arrives after it was given up would cover the whole workbook.
        if (!previewAbandoned) postSheets("preview", [model], styles);
        break;
      }
    } catch {
      // The full read reports what is wrong with the file.
    }
    return true;
  }

  // ------------------------------------------------------------------ one sheet

  function describeSheet(sheet, index, styles, pending, recalcOnLoad) {
    const view = (sheet.views && sheet.views[0]) || {};
    const frozen = view.state === "frozen";
    const rows = new RowCollector(styles, recalcOnLoad, (at, cell) => pending.push({ sheet: index, at, cell, numFmt: cell.numFmt }));
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => rows.add(row, rowNumber));
    const model = rows.finish({
      name: sheet.name,
      merges: (sheet.mergedRegions || []).map((m) => [m.top - 1, m.left - 1, m.bottom - 1, m.right - 1]),
      frozenRows: frozen ? Math.max(0, Math.floor(view.ySplit || 0)) : 0,
      frozenCols: frozen ? Math.max(0, Math.floor(view.xSplit || 0)) : 0,
      gridLines: view.showGridLines !== false,
      selected: Boolean(view.tabSelected),
      defaultRowHeight: pointsToPixels((sheet.properties && sheet.properties.defaultRowHeight) || 15),
      defaultColWidth: widthToPixels(sheet.properties && sheet.properties.defaultColWidth) || 64,
    });
    model.colWidths = columnWidths((c) => sheet.getColumn(c), Math.max(model.colCount, model.frozenCols));
    return model;
  }

  // Gathers a sheet's rows, in order, into the columnar model the page draws: per stored cell
  // its column, text, style class and kind, with each row's start in `rowStart`.
  class RowCollector {
    constructor(styles, recalcOnLoad, onPending = () => {}) {
      this.styles = styles;
      this.recalcOnLoad = recalcOnLoad;
      this.onPending = onPending;
      this.rowStart = [0];
      this.cols = [];
      this.texts = [];
      this.styleIds = [];
      this.kinds = [];
      this.heights = new Map();
      this.lastRow = 0;
      this.lastCol = 0;
    }

    add(row, rowNumber) {
      while (this.rowStart.length < rowNumber) this.rowStart.push(this.cols.length);
      let largestFont = 0;
      row.eachCell({ includeEmpty: true }, (cell, colNumber) => {
        const shown = describeCell(cell, this.styles, this.recalcOnLoad);
        if (!shown) return;
        largestFont = Math.max(largestFont, this.styles.fontSize(shown.styleId));
        if (shown.kind === KIND.pending) this.onPending(this.cols.length, cell);
        this.cols.push(colNumber - 1);
        this.texts.push(shown.text);
        this.styleIds.push(shown.styleId);
        this.kinds.push(shown.kind);
        this.lastRow = Math.max(this.lastRow, rowNumber);
        this.lastCol = Math.max(this.lastCol, colNumber);
      });
      if (row.hidden) this.heights.set(rowNumber - 1, 0);
      else if (row.height) this.heights.set(rowNumber - 1, pointsToPixels(row.height));
      else if (largestFont > 11) this.heights.set(rowNumber - 1, autoRowHeight(largestFont));
    }

    finish(sheet) {
      let { lastRow, lastCol } = this;
      for (const [, , bottom, right] of sheet.merges) {
        lastRow = Math.max(lastRow, bottom + 1);
        lastCol = Math.max(lastCol, right + 1);
      }
      while (this.rowStart.length <= lastRow) this.rowStart.push(this.cols.length);
      return {
        gridLines: true,
        selected: false,
        defaultRowHeight: 20,
        defaultColWidth: 64,
        ...sheet,
        rows: lastRow,
        colCount: lastCol,
        cols: Int32Array.from(this.cols),
        rowStart: Int32Array.from(this.rowStart),
        texts: this.texts,
        styleIds: Int32Array.from(this.styleIds),
        kinds: Uint8Array.from(this.kinds),
        rowHeights: [...this.heights],
      };
    }
  }

  // [column index, pixels] for every column with its own width (0 when hidden).
  function columnWidths(columnAt, count) {
    const widths = [];
    for (let c = 1; c <= count; c++) {
      const column = columnAt(c);
      if (column.hidden) widths.push([c - 1, 0]);
      else if (column.width) widths.push([c - 1, widthToPixels(column.width)]);
    }
    return widths;
  }

  // Excel stores widths in characters of the default font's widest digit (7 px for Calibri 11).
  function widthToPixels(width) {
    if (!width) return 0;
    return Math.trunc(((256 * width + Math.trunc(128 / 7)) / 256) * 7);
  }

  // A row with no height of its own grows with its largest font, as Excel sizes it (15 pt for 11 pt).
  function autoRowHeight(fontPoints) {
    return Math.ceil(pointsToPixels(fontPoints * (15 / 11)));
  }

  function pointsToPixels(points) {
    return Math.round((points * 96) / 72);
  }

  // ------------------------------------------------------------------ one cell

  // The cell's text, kind and style class, or null for a cell that shows nothing at all.
  function describeCell(cell, styles, recalcOnLoad) {
    const styleId = styles.id(cell.style);
    if (cell.type === MERGE) return styleId < 0 ? null : { text: "", kind: KIND.empty, styleId };
    if (cell.type === FORMULA) return describeFormula(cell, styleId, recalcOnLoad);
    const shown = display(cell.value, cell.numFmt);
    if (!shown) return styleId < 0 ? null : { text: "", kind: KIND.empty, styleId };
    return { ...shown, styleId };
  }

  // A stored result is shown as stored, except the placeholder 0 (or "") that XlsxWriter and
  // friends write into a workbook marked for recalculation on load: that one is calculated.
  function describeFormula(cell, styleId, recalcOnLoad) {
    const stored = cell.result;
    const usable = stored !== undefined && stored !== null && !(recalcOnLoad && isPlaceholder(stored));
    if (usable) {
      const shown = display(stored, cell.numFmt);
      return { ...(shown || { text: "", kind: KIND.empty }), styleId };
    }
    return { text: "", kind: KIND.pending, styleId };
  }

  function isPlaceholder(value) {
    if (value === 0 || value === "") return true;
    return value instanceof Date && value.getTime() === EXCEL_EPOCH_MS;
  }

  // Text as Excel would show it, and its kind; null when the value shows nothing.
  function display(value, numFmt) {
    if (value === null || value === undefined) return null;
    const format = typeof numFmt === "string" ? numFmt : (numFmt && numFmt.formatCode) || "General";
    if (typeof value === "number") {
      // A "General" number may lose decimals to fit its column, as in Excel; others show ####.
      return { text: formatNumber(value, format), kind: /^general$/i.test(format) ? KIND.general : KIND.number };
    }
    if (value instanceof Date) return { text: formatNumber(value, format), kind: KIND.number };
    if (typeof value === "boolean") return { text: value ? "TRUE" : "FALSE", kind: KIND.bool };
    if (typeof value === "string") return value === "" ? null : { text: value, kind: KIND.text };
    if (typeof value === "object") {
      if (typeof value.error === "string") return { text: value.error, kind: KIND.error };
      if (Array.isArray(value.richText)) return { text: value.richText.map((run) => run.text || "").join(""), kind: KIND.text };
      if (value.text !== undefined) return display(value.text, numFmt);
      if (value.result !== undefined) return display(value.result, numFmt);
    }
    return { text: String(value), kind: KIND.text };
  }

  // Number formats cost microseconds a cell, so a sheet of 100,000 rows formats each distinct
  // (format, value) once, and General's common cases never reach the formatter.
  const formatted = new Map();

  function formatNumber(value, format) {
    if (typeof value === "number" && /^general$/i.test(format)) {
      const plain = String(value);
      if (plain.length <= 11 && !plain.includes("e")) return plain;
    }
    let cache = formatted.get(format);
    if (!cache || cache.size > 100_000) formatted.set(format, (cache = new Map()));
    const key = value instanceof Date ? `date:${value.getTime()}` : value;
    let text = cache.get(key);
    if (text === undefined) {
      try {
        text = ExcelTS.formatCellValue(value, format);
      } catch {
        text = String(value);
      }
      cache.set(key, text);
    }
    return text;
  }

  // ------------------------------------------------------------------ formulas

  // Calculates the workbook, then reads back each pending cell: a function the engine does not
  // know (#NAME?) or a circular reference shows the formula itself rather than a wrong number.
  function calculate(workbook, sheets, pending) {
    for (const { cell } of pending) cell.result = undefined;
    let failure = null;
    try {
      ExcelTS.calculateFormulas(workbook);
    } catch (error) {
      failure = error;
    }
    const circular = failure ? new Set() : findCircular(workbook);
    const updates = sheets.map(() => ({ at: [], texts: [], kinds: [] }));
    for (const item of pending) {
      const shown = failure ? null : readResult(item, circular);
      const update = updates[item.sheet];
      update.at.push(item.at);
      if (shown) {
        update.texts.push(shown.text);
        update.kinds.push(shown.kind);
      } else {
        update.texts.push(`=${item.cell.formula}`);
        update.kinds.push(circular.has(item.cell) ? KIND.circular : KIND.unsupported);
      }
    }
    return updates.map((u, sheet) => ({ sheet, at: Int32Array.from(u.at), texts: u.texts, kinds: Uint8Array.from(u.kinds) }));
  }

  function readResult({ cell, numFmt }, circular) {
    if (circular.has(cell)) return null;
    const result = cell.result;
    if (result && typeof result === "object" && result.error === "#NAME?") return null;
    return display(result, numFmt) || { text: "", kind: KIND.empty };
  }

  // The formula cells that take part in a reference cycle (the engine quietly uses 0 there).
  // Static references only: INDIRECT, OFFSET and names are not followed.
  function findCircular(workbook) {
    const graph = formulaGraph(workbook);
    if (!graph) return new Set();
    const members = stronglyConnected(graph.edges);
    return new Set(members.map((id) => graph.cells[id]));
  }

  function formulaGraph(workbook) {
    const cells = [];
    const homes = [];
    const sheetIndex = new Map();
    const byAddress = workbook.worksheets.map(() => new Map());
    const byColumn = workbook.worksheets.map(() => new Map());
    workbook.worksheets.forEach((sheet, s) => {
      sheetIndex.set(sheet.name.toLowerCase(), s);
      sheet.eachRow((row) => row.eachCell((cell) => {
        if (cell.type !== FORMULA) return;
        const id = cells.push(cell) - 1;
        homes.push(s);
        byAddress[s].set(cell.row * 16384 + cell.col, id);
        if (!byColumn[s].has(cell.col)) byColumn[s].set(cell.col, []);
        byColumn[s].get(cell.col).push([cell.row, id]);
      }));
    });
    for (const columns of byColumn) for (const list of columns.values()) list.sort((a, b) => a[0] - b[0]);
    const edges = cells.map(() => []);
    let budget = MAX_EDGES;
    for (let id = 0; id < cells.length; id++) {
      for (const ref of references(cells[id].formula, homes[id], sheetIndex)) {
        budget -= addEdges(edges[id], ref, byAddress, byColumn);
        if (budget < 0) return null;
      }
    }
    return { cells, edges };
  }

  // Every cell or range a formula names: { sheets: [index], top, left, bottom, right } (1-based).
  function references(formula, home, sheetIndex) {
    let tokens;
    try {
      tokens = ExcelTS.tokenize(formula);
    } catch {
      return [];
    }
    const refs = [];
    let sheets = [home];
    for (const token of tokens) {
      if (token.type === 7) {
        sheets = sheetSpan(token, sheetIndex);
        continue;
      }
      const area = tokenArea(token);
      if (area) refs.push({ sheets, ...area });
      sheets = [home];
    }
    return refs;
  }

  function sheetSpan(token, sheetIndex) {
    const first = sheetIndex.get(String(token.sheetName).toLowerCase());
    if (first === undefined) return [];
    if (!token.endSheetName) return [first];
    const last = sheetIndex.get(String(token.endSheetName).toLowerCase());
    if (last === undefined) return [first];
    const span = [];
    for (let s = Math.min(first, last); s <= Math.max(first, last); s++) span.push(s);
    return span;
  }

  const MAX_ROW = 1048576;
  const MAX_COL = 16384;

  function tokenArea(token) {
    if (token.type === 5) {
      const row = Number(token.row);
      const col = columnNumber(token.col);
      return { top: row, bottom: row, left: col, right: col };
    }
    if (token.type === 6) {
      const [a, b] = String(token.value).split(":").map(parseAddress);
      if (!a || !b) return null;
      return { top: Math.min(a.row, b.row), bottom: Math.max(a.row, b.row), left: Math.min(a.col, b.col), right: Math.max(a.col, b.col) };
    }
    if (token.type === 20) {
      const [a, b] = String(token.value).replace(/\$/g, "").split(":").map(columnNumber);
      return { top: 1, bottom: MAX_ROW, left: Math.min(a, b), right: Math.max(a, b) };
    }
    if (token.type === 21) {
      const [a, b] = String(token.value).replace(/\$/g, "").split(":").map(Number);
      return { top: Math.min(a, b), bottom: Math.max(a, b), left: 1, right: MAX_COL };
    }
    return null;
  }

  function parseAddress(text) {
    const match = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(text || "");
    return match ? { col: columnNumber(match[1]), row: Number(match[2]) } : null;
  }

  function columnNumber(letters) {
    let n = 0;
    for (const ch of String(letters).replace(/\$/g, "").toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
    return n;
  }

  // Adds an edge to every formula cell inside `ref`; returns how many were added.
  function addEdges(out, ref, byAddress, byColumn) {
    let added = 0;
    for (const s of ref.sheets) {
      if (ref.top === ref.bottom && ref.left === ref.right) {
        const id = byAddress[s].get(ref.top * 16384 + ref.left);
        if (id !== undefined) {
          out.push(id);
          added += 1;
        }
        continue;
      }
      for (const [col, list] of byColumn[s]) {
        if (col < ref.left || col > ref.right) continue;
        for (let i = lowerBound(list, ref.top); i < list.length && list[i][0] <= ref.bottom; i++) {
          out.push(list[i][1]);
          added += 1;
        }
      }
    }
    return added;
  }

  function lowerBound(list, row) {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid][0] < row) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // Tarjan's algorithm without recursion: the nodes of every cycle (a component of two or
  // more, or one that refers to itself).
  function stronglyConnected(edges) {
    const n = edges.length;
    const index = new Int32Array(n).fill(-1);
    const low = new Int32Array(n);
    const onStack = new Uint8Array(n);
    const stack = [];
    const members = [];
    let counter = 0;
    for (let start = 0; start < n; start++) {
      if (index[start] !== -1) continue;
      const work = [[start, 0]];
      index[start] = low[start] = counter++;
      stack.push(start);
      onStack[start] = 1;
      while (work.length > 0) {
        const frame = work[work.length - 1];
        const [node, next] = frame;
        if (next < edges[node].length) {
          frame[1] += 1;
          const to = edges[node][next];
          if (index[to] === -1) {
            index[to] = low[to] = counter++;
            stack.push(to);
            onStack[to] = 1;
            work.push([to, 0]);
          } else if (onStack[to]) {
            low[node] = Math.min(low[node], index[to]);
          }
          continue;
        }
        work.pop();
        if (work.length > 0) {
          const parent = work[work.length - 1][0];
          low[parent] = Math.min(low[parent], low[node]);
        }
        if (low[node] !== index[node]) continue;
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack[member] = 0;
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || edges[node].includes(node)) members.push(...component);
      }
    }
    return members;
  }

  // ------------------------------------------------------------------ styles

  // What the grid needs to know of a style to let text overflow into empty neighbours.
  const STYLE_FLAG = { fill: 1, wrap: 2, aligned: 4 };

  // Deduplicates cell styles into CSS classes `.s0`, `.s1`… Only values this code computes
  // (numbers, hex colours, keywords, font names stripped to safe characters) reach the CSS.
  class StyleTable {
    constructor(theme, prefix) {
      this.theme = theme;
      this.prefix = prefix;
      this.ids = new Map();
      this.rules = [];
      this.flags = [];
      this.fonts = [];
      this.sizes = [];
    }

    fontSize(id) {
      return id < 0 ? 11 : this.sizes[id];
    }

    id(style) {
      if (!style || !(style.font || style.fill || style.border || style.alignment)) return -1;
      const key = styleKey(style);
      let id = this.ids.get(key);
      if (id === undefined) {
        id = this.rules.length;
        this.ids.set(key, id);
        this.rules.push(styleRules(style, this.theme, `${this.prefix}${id}`));
        this.flags.push(styleFlags(style));
        this.fonts.push(canvasFont(style.font));
        this.sizes.push(Number(style.font && style.font.size) || 11);
      }
      return id;
    }

    css() {
      return this.rules.join("\n");
    }
  }

  function styleKey(style) {
    const f = style.font || {};
    const a = style.alignment || {};
    return [
      f.name, f.size, f.bold, f.italic, f.underline, f.strike, colorKey(f.color),
      fillKey(style.fill), borderKey(style.border),
      a.horizontal, a.vertical, a.wrapText, a.indent,
    ].join("|");
  }

  function colorKey(color) {
    if (!color) return "";
    return `${color.argb || ""}/${color.theme ?? ""}/${color.tint ?? ""}/${color.indexed ?? ""}`;
  }

  function fillKey(fill) {
    if (!fill) return "";
    if (fill.type === "gradient") return `g${fill.degree}:${(fill.stops || []).map((s) => `${s.position}@${colorKey(s.color)}`).join(",")}`;
    return `${fill.pattern}:${colorKey(fill.fgColor)}:${colorKey(fill.bgColor)}`;
  }

  function borderKey(border) {
    if (!border) return "";
    return ["top", "right", "bottom", "left"].map((side) => {
      const b = border[side];
      return b && b.style ? `${b.style}:${colorKey(b.color)}` : "";
    }).join(",");
  }

  const SHEET_FONT = 'Calibri, Carlito, "Segoe UI", Arial, sans-serif';

  // The style's font as a canvas font string, for measuring text that spills over.
  function canvasFont(font) {
    if (!font) return `11pt ${SHEET_FONT}`;
    const name = String(font.name || "").replace(/[^A-Za-z0-9 _-]/g, "").trim();
    const size = Number(font.size) > 0 && Number(font.size) < 410 ? Number(font.size) : 11;
    return `${font.italic ? "italic " : ""}${font.bold ? "700 " : ""}${size}pt ${name ? `"${name}", ` : ""}${SHEET_FONT}`;
  }

  function styleFlags(style) {
    const fill = style.fill && (style.fill.type === "gradient" || (style.fill.pattern && style.fill.pattern !== "none"));
    const alignment = style.alignment || {};
    const aligned = alignment.horizontal && alignment.horizontal !== "left" && alignment.horizontal !== "general";
    return (fill ? STYLE_FLAG.fill : 0) | (alignment.wrapText ? STYLE_FLAG.wrap : 0) | (aligned ? STYLE_FLAG.aligned : 0);
  }

  function styleRules(style, theme, className) {
    const css = [...fontCss(style.font, theme), ...fillCss(style.fill, theme), ...alignmentCss(style.alignment), ...borderCss(style.border, theme)];
    return `.plug-grid .${className}{${css.join(";")}}`;
  }

  function fontCss(font, theme) {
    if (!font) return [];
    const css = [];
    const name = String(font.name || "").replace(/[^A-Za-z0-9 _-]/g, "").trim();
    if (name) css.push(`font-family:"${name}",${fallbackFamily(name)}`);
    if (Number(font.size) > 0 && Number(font.size) < 410) css.push(`font-size:${Number(font.size)}pt`);
    if (font.bold) css.push("font-weight:700");
    if (font.italic) css.push("font-style:italic");
    const lines = [];
    if (font.underline && font.underline !== "none") lines.push(String(font.underline).startsWith("double") ? "underline double" : "underline");
    if (font.strike) lines.push("line-through");
    if (lines.length) css.push(`text-decoration:${lines.join(" ")}`);
    const color = resolveColor(font.color, theme);
    if (color) css.push(`color:${color}`);
    return css;
  }

  function fallbackFamily(name) {
    if (/courier|consolas|mono/i.test(name)) return "monospace";
    if (/times|cambria|georgia|garamond|serif/i.test(name) && !/sans/i.test(name)) return "serif";
    return "var(--plug-sheet-font)";
  }

  function fillCss(fill, theme) {
    if (!fill) return [];
    if (fill.type === "gradient") {
      const stops = (fill.stops || []).map((s) => `${resolveColor(s.color, theme) || "#ffffff"} ${Math.round(Number(s.position) * 100) || 0}%`);
      if (stops.length < 2) return [];
      return [`background:linear-gradient(${(Number(fill.degree) || 0) + 90}deg,${stops.join(",")})`];
    }
    if (!fill.pattern || fill.pattern === "none") return [];
    const color = resolveColor(fill.fgColor, theme) || resolveColor(fill.bgColor, theme);
    return color ? [`background:${color}`] : [];
  }

  function alignmentCss(alignment) {
    if (!alignment) return [];
    const css = [];
    const horizontal = { left: "flex-start", center: "center", centerContinuous: "center", right: "flex-end", justify: "flex-start", distributed: "center", fill: "flex-start" }[alignment.horizontal];
    if (horizontal) css.push(`justify-content:${horizontal}`, `text-align:${horizontal === "flex-end" ? "right" : horizontal === "center" ? "center" : "left"}`);
    const vertical = { top: "flex-start", middle: "center", center: "center", bottom: "flex-end", justify: "flex-start", distributed: "center" }[alignment.vertical];
    if (vertical) css.push(`align-items:${vertical}`);
    if (alignment.wrapText) css.push("white-space:pre-wrap", "overflow-wrap:anywhere");
    const indent = Number(alignment.indent);
    if (indent > 0 && indent < 100) css.push(`padding-${alignment.horizontal === "right" ? "right" : "left"}:${3 + indent * 9}px`);
    return css;
  }

  // Border thickness by style. Borders are drawn as box-shadows on the cell's edges (top and
  // left just outside it, over the neighbour's gridline, as Excel centres them), so a dashed or
  // dotted border shows as a solid line.
  const BORDER_WIDTHS = {
    thin: 1, hair: 1, dotted: 1, dashed: 1, dashDot: 1, dashDotDot: 1,
    medium: 2, mediumDashed: 2, mediumDashDot: 2, mediumDashDotDot: 2, slantDashDot: 2, thick: 3, double: 3,
  };

  function borderCss(border, theme) {
    if (!border) return [];
    const side = (name) => {
      const b = border[name];
      const width = b && BORDER_WIDTHS[b.style];
      return width ? { width, color: resolveColor(b.color, theme) || "#000000" } : null;
    };
    const [top, right, bottom, left] = ["top", "right", "bottom", "left"].map(side);
    const shadows = [];
    if (top) shadows.push(`0 -${top.width}px 0 0 ${top.color}`);
    if (left) shadows.push(`-${left.width}px 0 0 0 ${left.color}`);
    if (top && left) shadows.push(`-${left.width}px -${top.width}px 0 0 ${top.color}`);
    if (right) shadows.push(`inset -${right.width}px 0 0 0 ${right.color}`);
    if (bottom) shadows.push(`inset 0 -${bottom.width}px 0 0 ${bottom.color}`);
    return shadows.length ? [`box-shadow:${shadows.join(",")}`] : [];
  }

  // ------------------------------------------------------------------ colours

  // argb, a theme slot with an optional tint, or the legacy indexed palette, as #rrggbb.
  function resolveColor(color, theme) {
    if (!color) return null;
    if (typeof color.argb === "string" && /^[0-9A-Fa-f]{8}$/.test(color.argb)) return `#${color.argb.slice(2).toLowerCase()}`;
    if (typeof color.argb === "string" && /^[0-9A-Fa-f]{6}$/.test(color.argb)) return `#${color.argb.toLowerCase()}`;
    if (Number.isInteger(color.theme) && theme[color.theme]) return tint(theme[color.theme], Number(color.tint) || 0);
    if (Number.isInteger(color.indexed) && INDEXED[color.indexed]) return `#${INDEXED[color.indexed]}`;
    return null;
  }

  // The workbook's theme colours in the order cells name them (lt1, dk1, lt2, dk2, accents…).
  function themeColors(workbook) {
    const xml = (workbook && workbook._themes && workbook._themes.theme1) || "";
    const scheme = /<a:clrScheme\b[\s\S]*?<\/a:clrScheme>/.exec(xml);
    const found = {};
    if (scheme) {
      for (const match of scheme[0].matchAll(/<a:(\w+)>\s*<a:(?:srgbClr val|sysClr [^>]*?lastClr)="([0-9A-Fa-f]{6})"/g)) {
        found[match[1]] = match[2];
      }
    }
    const order = ["lt1", "dk1", "lt2", "dk2", "accent1", "accent2", "accent3", "accent4", "accent5", "accent6", "hlink", "folHlink"];
    return order.map((slot, i) => `#${(found[slot] || OFFICE_THEME[i]).toLowerCase()}`);
  }

  const OFFICE_THEME = ["FFFFFF", "000000", "E7E6E6", "44546A", "4472C4", "ED7D31", "A5A5A5", "FFC000", "5B9BD5", "70AD47", "0563C1", "954F72"];

  // Excel's tint: lighten (positive) or darken (negative) the colour's HSL lightness.
  function tint(hex, amount) {
    if (!amount) return hex;
    const [h, s, l] = rgbToHsl(parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16));
    const lightness = amount < 0 ? l * (1 + amount) : l * (1 - amount) + amount;
    return hslToHex(h, s, Math.min(1, Math.max(0, lightness)));
  }

  function rgbToHsl(r, g, b) {
    r /= 255; g /= 255; b /= 255;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const l = (max + min) / 2;
    if (max === min) return [0, 0, l];
    const d = max - min;
    const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    return [h / 6, s, l];
  }

  function hslToHex(h, s, l) {
    const hex = (v) => Math.round(v * 255).toString(16).padStart(2, "0");
    if (s === 0) return `#${hex(l)}${hex(l)}${hex(l)}`;
    const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
    const p = 2 * l - q;
    const channel = (t) => {
      t = (t + 1) % 1;
      if (t < 1 / 6) return p + (q - p) * 6 * t;
      if (t < 1 / 2) return q;
      if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
      return p;
    };
    return `#${hex(channel(h + 1 / 3))}${hex(channel(h))}${hex(channel(h - 1 / 3))}`;
  }

  // The legacy 64-colour palette (indexed colours 0-63); 64 is the system foreground.
  const INDEXED = [
    "000000", "FFFFFF", "FF0000", "00FF00", "0000FF", "FFFF00", "FF00FF", "00FFFF",
    "000000", "FFFFFF", "FF0000", "00FF00", "0000FF", "FFFF00", "FF00FF", "00FFFF",
    "800000", "008000", "000080", "808000", "800080", "008080", "C0C0C0", "808080",
    "9999FF", "993366", "FFFFCC", "CCFFFF", "660066", "FF8080", "0066CC", "CCCCFF",
    "000080", "FF00FF", "FFFF00", "00FFFF", "800080", "800000", "008080", "0000FF",
    "00CCFF", "CCFFFF", "CCFFCC", "FFFF99", "99CCFF", "FF99CC", "CC99FF", "FFCC99",
    "3366FF", "33CCCC", "99CC00", "FFCC00", "FF9900", "FF6600", "666699", "969696",
    "003366", "339966", "003300", "333300", "993300", "993366", "333399", "333333",
    "000000",
  ];
}
