// The spreadsheet viewer's Web Worker, run from a blob: URL so parsing and calculating never
// block the page. The page stringifies this function with sheetFormulas and sheetStyles (the
// worker's other two files), so it sees no other outer names.
// It streams the first rows out for a first paint, reads the workbook with ExcelTS, posts a
// compact model (display text, style classes, geometry), then calculates the formulas that
// have no usable stored result and posts their text.
function sheetWorker() {
  "use strict";

  // What a cell shows, which decides its default alignment and its tooltip.
  const KIND = { text: 0, number: 1, bool: 2, error: 3, pending: 4, unsupported: 5, circular: 6, empty: 7, general: 8, tooLarge: 10 };
  const FORMULA = 6; // ExcelTS ValueType.Formula
  const MERGE = 1; // ExcelTS ValueType.Merge: a covered cell of a merged range
  const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
  const EPOCH_1904_MS = Date.UTC(1904, 0, 1);
  const DAYS_1900_TO_1904 = 1462;
  // A workbook saved with the 1904 date system (Excel for Mac before 2011, "Use 1904 date system"):
  // its serials count from 1904-01-01. Known once workbook.xml is read (the stream reads it first).
  let date1904 = false;

  // Past this the streamed preview is given up and the whole workbook is read instead: a
  // fallback should ExcelTS's streaming reader stall on some other part layout (see preview).
  const PREVIEW_TIMEOUT_MS = 8_000;
  let chartsLibrary = null;
  let previewAbandoned = false;
  // Sheets whose view hides zeros (Excel's Options > "Show a zero in cells that have zero value"
  // off, `showZeros="0"`; XlsxWriter's hide_zero), which ExcelTS does not read (see readZeroHiding).
  let zeroHiding = new Set();
  const hidesZero = (cell, value) => value === 0 && zeroHiding.size > 0 && Boolean(cell && cell.worksheet && zeroHiding.has(cell.worksheet.name));
  const { calculate } = sheetFormulas({ KIND, FORMULA, display, hidesZero });
  const { StyleTable, themeColors } = sheetStyles();

  // First the libraries' URLs (the reader loads while the page still fetches the file; the chart
  // reader only if the workbook has charts), then the file.
  self.onmessage = async (event) => {
    try {
      if (event.data.library) {
        importScripts(event.data.library);
        chartsLibrary = event.data.charts;
        fontLoaded = loadFont(event.data.font);
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
    // With a syntax probe ExcelTS reads a defined name that is a constant or a formula
    // (`rate` = 0.2, `total` = SUM(...)) as one the engine evaluates; without it such a name is
    // kept as opaque text and every formula using it showed as its text.
    const workbook = new ExcelTS.Workbook({ formulaSyntaxProbe: ExcelTS.createFormulaSyntaxProbe() });
    try {
      await workbook.xlsx.load(await boundedSheets(bytes));
      date1904 = Boolean(workbook.properties && workbook.properties.date1904);
    } catch (error) {
      throw new Error(`The workbook could not be read (${String((error && error.message) || error).slice(0, 200)}). It may be damaged or not an Excel workbook.`);
    }
    progress("Laying out the sheets…");
    const parts = await readSheetParts(bytes);
    zeroHiding = await readZeroHiding(bytes);
    addEmptyCellNotes(workbook, parts);
    addExtIconSets(workbook, parts);
    const cellPictures = await readCellPictures(bytes);
    clearPictureCells(workbook, cellPictures);
    const theme = themeColors(workbook);
    theme.indexed = await readPalette(bytes);
    const styles = new StyleTable(theme, "s");
    const pending = [];
    // Excel recalculates on open a workbook marked so, and one last calculated by another program
    // (no calcId: LibreOffice saves formulas it did not recalculate with their old results).
    const calc = workbook.calcProperties || {};
    const recalcOnLoad = Boolean(calc.fullCalcOnLoad || !calc.calcId);
    const visible = workbook.worksheets.filter((sheet) => !sheet.state || sheet.state === "visible");
    await Promise.race([fontLoaded, new Promise((resolve) => setTimeout(resolve, 3000))]);
    const sheets = visible.map((sheet, index) => describeSheet(sheet, index, styles, pending, recalcOnLoad, parts.get(sheet.name)));
    const checkboxes = await readCheckboxes(bytes);
    sheets.forEach((model) => markCheckboxes(model, checkboxes.get(model.name)));
    const sources = new Map(sheets.map((model, index) => [model, visible[index]]));
    const { charts, order, pictures } = await readCharts(bytes, workbook);
    addChartSheets(sheets, order, charts, styles, pending);
    placeCharts(sheets, charts);
    placePictures(sheets, pictures);
    await placeCellPictures(sheets, cellPictures);
    postSheets("workbook", sheets, styles);
    if (pending.length > 0) {
      progress(`Calculating ${pending.length.toLocaleString("en-US")} formulas…`);
      const known = styles.rules.length;
      const { updates, spills } = calculate(workbook, sheets, pending, (item, value) => resultStyle(item, value, styles));
      // A result drawn in its format's colour may need a style the page has not been sent.
      const added = styles.rules.length > known ? { css: styles.rules.slice(known).join("\n"), flags: styles.flags, fonts: styles.fonts, turns: styles.turns } : null;
      self.postMessage({ type: "formulas", updates, spills, styles: added });
      // Series may be drawn from formula cells: read the charts again with their results.
      if (charts.length > 0) {
        placeCharts(sheets, (await readCharts(bytes, workbook)).charts);
        self.postMessage({ type: "charts", charts: sheets.map((s) => s.charts) });
      }
    }
    postConditional(workbook, sheets, sources, styles, parts);
    self.postMessage({ type: "done" });
  }

  // Excel 365's checkboxes (Insert > Checkbox, XlsxWriter's insert_checkbox): a cell whose style
  // carries a feature property bag's cell control (`xfpb:xfComplement` in its xf's extension,
  // `xl/featurePropertyBag/featurePropertyBag.xml` naming a Checkbox bag) draws its TRUE as a
  // ticked box and its FALSE or nothing as an empty one. ExcelTS keeps no trace of the
  // extension, so the styles part and the sheet parts (8 MB zipped at most) are read for the
  // cells that have such a style: sheet name -> [row, column], 0-based.
  async function readCheckboxes(buffer) {
    const found = new Map();
    try {
      const data = new Uint8Array(buffer);
      const entries = zipDirectory(data);
      const bags = await zipText(data, entries, "xl/featurePropertyBag/featurePropertyBag.xml");
      if (!bags || !/<(?:\w+:)?bag\b[^>]*\btype="Checkbox"/.test(bags)) return found;
      const stylesXml = (await zipText(data, entries, "xl/styles.xml")) || "";
      const cellXfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(stylesXml);
      const xfs = cellXfs ? [...cellXfs[1].matchAll(/<(?:\w+:)?xf\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:\w+:)?xf>)/g)] : [];
      const boxed = new Set(xfs.flatMap((xf, i) => (/<(?:\w+:)?xfComplement\b/.test(xf[0]) ? [String(i)] : [])));
      if (boxed.size === 0) return found;
      for (const [part, name] of await sheetNames(data)) {
        const xml = await zipText(data, entries, part);
        const cells = [];
        for (const [, attrs] of (xml || "").matchAll(/<(?:\w+:)?c\b([^>]*)>/g)) {
          if (!boxed.has(xmlAttribute(attrs, "s"))) continue;
          const at = /^([A-Z]{1,3})(\d+)$/.exec(xmlAttribute(attrs, "r") || "");
          if (at) cells.push([Number(at[2]) - 1, columnNumber(at[1]) - 1]);
        }
        if (cells.length) found.set(name, cells);
      }
    } catch (error) {
      self.postMessage({ type: "notice", text: `The workbook's checkboxes could not be read: ${String((error && error.message) || error).slice(0, 200)}` });
    }
    return found;
  }

  function markCheckboxes(model, cells) {
    for (const [r, c] of cells || []) {
      if (r >= model.rows) continue;
      for (let i = model.rowStart[r]; i < model.rowStart[r + 1]; i++) {
        if (model.cols[i] !== c) continue;
        if (model.kinds[i] === KIND.bool || model.kinds[i] === KIND.empty) {
          model.texts[i] = model.kinds[i] === KIND.bool && model.texts[i] === "TRUE" ? "\u2611" : "\u2610";
          model.kinds[i] = KIND.bool;
        }
        break;
      }
    }
  }

  // A sheet part of more than SHEET_XML_LIMIT bytes of XML (a million cells or so: 100,000 rows
  // of 50 columns is 190 MB, which ExcelTS read in 100 s here, near the page's 120 s limit, and
  // held in memory many times over) is cut after its last whole row within the limit: the
  // workbook ExcelTS reads is the same zip with that part stored cut, everything after its rows
  // (merges, links, formats, the drawing) kept, and a notice says how many rows are shown.
  // Everything else (charts, pictures, notes) is read from the workbook as dropped.
  const SHEET_XML_LIMIT = 40_000_000;

  async function boundedSheets(buffer) {
    const data = new Uint8Array(buffer);
    let entries;
    try {
      entries = zipCentral(data);
    } catch {
      return buffer;
    }
    const large = entries.filter((e) => /^xl\/worksheets\/[^/]+\.xml$/i.test(e.name) && e.size > SHEET_XML_LIMIT && (e.method === 8 || e.method === 0));
    if (large.length === 0) return buffer;
    const names = await sheetNames(data);
    const replaced = new Map();
    for (const entry of large) {
      const cut = await cutSheet(data, entry);
      if (!cut) continue;
      replaced.set(entry.name, cut.bytes);
      const name = names.get(entry.name) || entry.name;
      const total = cut.total > cut.shown ? ` of ${cut.total.toLocaleString("en-US")}` : "";
      self.postMessage({ type: "notice", text: `The sheet "${name}" is too large to show whole: its first ${cut.shown.toLocaleString("en-US")}${total} rows are shown. Download the original for the rest.` });
    }
    return replaced.size ? rezip(data, entries, replaced) : buffer;
  }

  // The workbook's sheets in its order: each one's name (null when the tag has none) and its part
  // (null when its relationship names none), from the workbook part and its relationships.
  async function workbookSheets(data, entries) {
    const workbookXml = await zipText(data, entries, "xl/workbook.xml");
    if (!workbookXml) return [];
    const rels = await relationships(data, entries, "xl/workbook.xml");
    return [...workbookXml.matchAll(/<(?:\w+:)?sheet\b([^>]*)>/g)].map(([, tag]) => {
      const id = /\s[\w.-]+:id\s*=\s*"([^"]*)"/.exec(tag);
      return { name: xmlAttribute(tag, "name"), part: (id && rels.get(xmlText(id[1]))) || null };
    });
  }

  // Sheet part -> the sheet's name.
  async function sheetNames(data) {
    const names = new Map();
    for (const { name, part } of await workbookSheets(data, zipDirectory(data))) {
      if (part) names.set(part, name);
    }
    return names;
  }

  // The part inflated as a stream: its first SHEET_XML_LIMIT bytes cut after their last `</row>`,
  // and what follows `</sheetData>` at its end (the last 4 MB are kept while reading).
  async function cutSheet(data, entry) {
    const raw = data.subarray(entry.dataStart, entry.dataStart + entry.compressed);
    let stream = new Blob([raw]).stream();
    if (entry.method === 8) stream = stream.pipeThrough(new DecompressionStream("deflate-raw"));
    const head = new Uint8Array(SHEET_XML_LIMIT);
    let headLength = 0;
    let tail = [];
    let tailLength = 0;
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let chunk = value;
      if (headLength < SHEET_XML_LIMIT) {
        const room = Math.min(SHEET_XML_LIMIT - headLength, chunk.length);
        head.set(chunk.subarray(0, room), headLength);
        headLength += room;
        chunk = chunk.subarray(room);
      }
      if (chunk.length) {
        tail.push(chunk.slice());
        tailLength += chunk.length;
        while (tailLength - tail[0].length > 4_000_000) tailLength -= tail.shift().length;
      }
    }
    if (tailLength === 0) return null;
    const text = new TextDecoder().decode(head);
    const end = lastRowEnd(text);
    const open = /<(\w+:)?sheetData\b/.exec(text);
    if (end < 0 || !open) return null;
    const kept = text.slice(0, end);
    // The last row's number, or the rows counted where they carry none.
    const numbered = [...kept.slice(-200_000).matchAll(/<(?:\w+:)?row\b[^>]*?\sr="(\d+)"/g)];
    const shown = numbered.length ? Number(numbered[numbered.length - 1][1]) : (kept.match(/<(?:\w+:)?row[\s>]/g) || []).length;
    const dimension = /<(?:\w+:)?dimension\b[^>]*\sref="[A-Z]+\d+:[A-Z]+(\d+)"/.exec(text.slice(0, 4000));
    const rest = new TextDecoder().decode(concat(tail, tailLength));
    const prefix = open[1] || "";
    const close = rest.lastIndexOf(`</${prefix}sheetData>`);
    const after = close >= 0 ? rest.slice(close) : `</${prefix}sheetData></${prefix}worksheet>`;
    return { bytes: new TextEncoder().encode(kept + after), shown, total: dimension ? Number(dimension[1]) : 0 };
  }

  // Where the text's last `</row>` (or `</x:row>`) ends, or -1.
  function lastRowEnd(text) {
    for (let i = text.lastIndexOf("row>"); i > 0; i = text.lastIndexOf("row>", i - 1)) {
      if (/<\/(?:\w+:)?$/.test(text.slice(Math.max(0, i - 24), i))) return i + 4;
    }
    return -1;
  }

  function concat(chunks, length) {
    const out = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }

  // The central directory in full, for writing the zip again: each entry's name, method, CRC,
  // sizes, where its data starts, and its record's bytes.
  function zipCentral(data) {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    let { count, at } = zipEnd(view);
    const entries = [];
    for (let n = 0; n < count && at + 46 <= data.length && view.getUint32(at, true) === 0x02014b50; n++) {
      const nameLength = view.getUint16(at + 28, true);
      const offset = view.getUint32(at + 42, true);
      if (offset + 30 > data.length || view.getUint32(offset, true) !== 0x04034b50) throw new Error("a damaged zip entry");
      entries.push({
        name: new TextDecoder().decode(data.subarray(at + 46, at + 46 + nameLength)).replace(/^\//, ""),
        rawName: data.subarray(at + 46, at + 46 + nameLength),
        method: view.getUint16(at + 10, true),
        time: view.getUint32(at + 12, true),
        crc: view.getUint32(at + 16, true),
        compressed: view.getUint32(at + 20, true),
        size: view.getUint32(at + 24, true),
        dataStart: offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true),
      });
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return entries;
  }

  // The zip written again: each entry's data as it was, or stored anew where `replaced` has it.
  function rezip(data, entries, replaced) {
    const pieces = [];
    const central = [];
    let offset = 0;
    for (const entry of entries) {
      const fresh = replaced.get(entry.name);
      const body = fresh || data.subarray(entry.dataStart, entry.dataStart + entry.compressed);
      const fields = { method: fresh ? 0 : entry.method, crc: fresh ? crc32(fresh) : entry.crc, compressed: body.length, size: fresh ? fresh.length : entry.size };
      const local = new DataView(new ArrayBuffer(30));
      local.setUint32(0, 0x04034b50, true);
      local.setUint16(4, 20, true);
      local.setUint16(8, fields.method, true);
      local.setUint32(10, entry.time, true);
      local.setUint32(14, fields.crc, true);
      local.setUint32(18, fields.compressed, true);
      local.setUint32(22, fields.size, true);
      local.setUint16(26, entry.rawName.length, true);
      const record = new DataView(new ArrayBuffer(46));
      record.setUint32(0, 0x02014b50, true);
      record.setUint16(4, 20, true);
      record.setUint16(6, 20, true);
      record.setUint16(10, fields.method, true);
      record.setUint32(12, entry.time, true);
      record.setUint32(16, fields.crc, true);
      record.setUint32(20, fields.compressed, true);
      record.setUint32(24, fields.size, true);
      record.setUint16(28, entry.rawName.length, true);
      record.setUint32(42, offset, true);
      pieces.push(new Uint8Array(local.buffer), entry.rawName, body);
      central.push(new Uint8Array(record.buffer), entry.rawName);
      offset += 30 + entry.rawName.length + body.length;
    }
    const centralLength = central.reduce((n, piece) => n + piece.length, 0);
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, 0x06054b50, true);
    end.setUint16(8, entries.length, true);
    end.setUint16(10, entries.length, true);
    end.setUint32(12, centralLength, true);
    end.setUint32(16, offset, true);
    const all = [...pieces, ...central, new Uint8Array(end.buffer)];
    return concat(all, all.reduce((n, piece) => n + piece.length, 0)).buffer;
  }

  let crcTable = null;
  function crc32(bytes) {
    if (!crcTable) {
      crcTable = new Int32Array(256);
      for (let n = 0; n < 256; n++) {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        crcTable[n] = c;
      }
    }
    let crc = -1;
    for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
    return (crc ^ -1) >>> 0;
  }

  // Conditional formats, evaluated once per sheet against stored and calculated values (spills
  // included: the engine wrote them into the workbook), sent as inline CSS per cell. The formulas
  // of rules are calculated by the engine, once for all sheets.
  function postConditional(workbook, sheets, sources, styles, parts) {
    const { conditionalCss } = sheetConditional((color) => styles.color(color));
    const jobs = sheets.map((model) => {
      const sheet = sources.get(model);
      if (!sheet || !(sheet.conditionalFormattings || []).length) return null;
      return { sheet, lastRow: Math.max(model.rows, sheet.rowCount || 0), lastCol: Math.max(model.colCount, sheet.columnCount || 0) };
    });
    const failed = (index, error) => {
      const what = index < 0 ? "The formulas of the conditional formats could not be calculated" : "The sheet's conditional formats could not be read";
      self.postMessage({ type: "notice", text: `${what}: ${String((error && error.message) || error).slice(0, 200)}` });
    };
    const formats = jobs.some(Boolean) ? conditionalCss(workbook, jobs, failed) : sheets.map(() => null);
    sheets.forEach((model, index) => {
      const sheet = sources.get(model);
      const groups = sheet && parts.get(sheet.name) && parts.get(sheet.name).sparklines;
      if (!groups || !groups.length) return;
      try {
        const drawn = sparklineCss(workbook, sheet, groups, (color) => styles.color(color));
        if (!drawn.length) return;
        // A sparkline sits under whatever a rule set on its cell.
        const byCell = new Map((formats[index] || []).map(([r, c, css]) => [r * 16384 + c, css]));
        for (const [r, c, css] of drawn) byCell.set(r * 16384 + c, byCell.has(r * 16384 + c) ? `${css};${byCell.get(r * 16384 + c)}` : css);
        formats[index] = [...byCell].map(([key, css]) => [Math.floor(key / 16384), key % 16384, css]);
      } catch (error) {
        self.postMessage({ type: "notice", text: `The sheet's sparklines could not be drawn: ${String((error && error.message) || error).slice(0, 200)}` });
      }
    });
    if (formats.some(Boolean)) self.postMessage({ type: "conditional", formats });
  }

  // Each sparkline as its cell's background: an SVG of fixed shapes (a line, columns, or win/loss
  // bars) from the numbers of its range (stored or calculated; other cells are gaps), as a data:
  // URL, in the group's colours (negative points in the negative colour where the group asks).
  function sparklineCss(workbook, sheet, groups, resolve) {
    const out = [];
    const hex = (color, fallback) => {
      const c = color && resolve(color);
      return /^#[0-9a-f]{6}$/i.test(c || "") ? c : fallback;
    };
    for (const group of groups) {
      const stroke = hex(group.series, "#376092");
      const negative = group.negative ? hex(group.negative, "#d00000") : stroke;
      for (const { range, cell } of group.lines) {
        const at = boxOf(cell.split(/\s+/)[0]);
        const values = rangeNumbers(workbook, sheet, range);
        if (!at || !values || !values.some((v) => v !== null)) continue;
        const svg = sparklineSvg(group.type, values, stroke, negative);
        out.push([at[0], at[1], `background-image:url("data:image/svg+xml,${encodeURIComponent(svg)}");background-size:100% 100%;background-repeat:no-repeat`]);
      }
    }
    return out;
  }

  // The numbers of a one-row or one-column range (`Sheet!B2:B13`, `'My sheet'!A1:L1`), null
  // where a cell holds none; null for a range that cannot be read. 1,000 cells at most.
  function rangeNumbers(workbook, sheet, range) {
    const m = /^(?:(?:'((?:[^']|'')+)'|([^!]+))!)?\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$/i.exec(range);
    if (!m) return null;
    const name = m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2];
    const source = name !== undefined ? workbook.getWorksheet(name) : sheet;
    if (!source) return null;
    const [r1, c1, r2, c2] = [Number(m[4]), columnNumber(m[3].toUpperCase()), Number(m[6] || m[4]), columnNumber((m[5] || m[3]).toUpperCase())];
    if ((r2 - r1 + 1) * (c2 - c1 + 1) > 1000 || r2 < r1 || c2 < c1) return null;
    const values = [];
    for (let r = r1; r <= r2; r++) {
      for (let c = c1; c <= c2; c++) {
        const found = source.findCell(r, c);
        let v = found ? found.value : null;
        if (v && typeof v === "object" && "result" in v) v = v.result;
        values.push(typeof v === "number" && Number.isFinite(v) ? v : null);
      }
    }
    return values;
  }

  function sparklineSvg(type, values, stroke, negative) {
    const W = 100;
    const H = 20;
    const numbers = values.filter((v) => v !== null);
    const n = values.length;
    let shapes = "";
    if (type === "stacked") {
      const w = W / n;
      values.forEach((v, i) => {
        if (v === null || v === 0) return;
        shapes += `<rect x='${(i * w + w * 0.1).toFixed(2)}' y='${v > 0 ? 2 : H / 2}' width='${(w * 0.8).toFixed(2)}' height='${H / 2 - 2}' fill='${v > 0 ? stroke : negative}'/>`;
      });
    } else {
      const low = Math.min(0, ...numbers);
      const high = Math.max(...numbers);
      const lo = type === "column" ? low : Math.min(...numbers);
      const span = high - lo || 1;
      const y = (v) => (H - 2 - ((v - lo) / span) * (H - 4)).toFixed(2);
      if (type === "column") {
        const w = W / n;
        values.forEach((v, i) => {
          if (v === null) return;
          const top = Math.min(Number(y(v)), Number(y(0)));
          const height = Math.max(0.5, Math.abs(Number(y(v)) - Number(y(0))));
          shapes += `<rect x='${(i * w + w * 0.1).toFixed(2)}' y='${top.toFixed(2)}' width='${(w * 0.8).toFixed(2)}' height='${height.toFixed(2)}' fill='${v < 0 ? negative : stroke}'/>`;
        });
      } else {
        const x = (i) => (n === 1 ? W / 2 : 2 + (i * (W - 4)) / (n - 1)).toFixed(2);
        // A gap (a cell without a number) breaks the line, as Excel's default "show as gaps".
        let path = "";
        let pen = false;
        values.forEach((v, i) => {
          if (v === null) {
            pen = false;
            return;
          }
          path += `${pen ? "L" : "M"}${x(i)} ${y(v)}`;
          pen = true;
        });
        shapes = `<path d='${path}' fill='none' stroke='${stroke}' stroke-width='1.25' vector-effect='non-scaling-stroke' stroke-linejoin='round'/>`;
      }
    }
    return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${W} ${H}' preserveAspectRatio='none'>${shapes}</svg>`;
  }

  // ------------------------------------------------------------------ charts

  // Whether the zip names a chart part or a picture (its central directory is at the end of the
  // file).
  function hasCharts(bytes) {
    const tail = new TextDecoder("latin1").decode(new Uint8Array(bytes, Math.max(0, bytes.byteLength - 4_000_000)));
    return tail.includes("xl/charts/chart") || tail.includes("xl/media/");
  }

  // The workbook's charts, read and drawn by xlsx-charts.js (loaded only now). A chart that
  // cannot be read shows why in its place; a failure to read any leaves the cells shown.
  async function readCharts(bytes, workbook) {
    const none = { charts: [], order: [], pictures: [] };
    if (!chartsLibrary || !hasCharts(bytes)) return none;
    try {
      if (!self.PlugCharts) importScripts(chartsLibrary);
      const { sheets, charts, pictures } = await self.PlugCharts.read(bytes, (sheetName, row, col) => cellValue(workbook, sheetName, row, col));
      return { charts, order: sheets, pictures: pictures || [] };
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
    const number = typeof value === "number" ? value : value instanceof Date ? serialOf(value) : null;
    return { number, text: shown ? shown.text.replace(/\u0001[^]/, " ") : "", format: typeof cell.numFmt === "string" ? cell.numFmt : (cell.numFmt && cell.numFmt.formatCode) || "General" };
  }

  // Each chart's box in sheet pixels (from its anchor and the sheet's column widths and row
  // heights) and its drawing, on its sheet's model.
  function placeCharts(sheets, charts) {
    for (const sheet of sheets) {
      sheet.charts = charts.filter((c) => c.sheet === sheet.name).map(({ anchor, chart }) => {
        const box = anchorBox(sheet, anchor);
        return { box, title: chart.title || "", primitives: self.PlugCharts.draw(chart, box.width, box.height, chartNumber) };
      });
    }
  }

  // A chart's axis label or data label in a number format, as a cell in that format shows it.
  function chartNumber(value, format) {
    const shown = display(value, format);
    return shown ? shown.text.replace(/\u0001[^]/g, "").replace(/\s+/g, " ").trim() : "";
  }

  // Pictures anchored in a sheet (a logo: openpyxl's add_image, XlsxWriter's insert_image), read
  // by xlsx-charts.js with the charts (ExcelTS reads only `xdr:`-prefixed drawings, and openpyxl
  // writes none), as their bytes and box; the page shows them as <img> from a blob: URL.
  function placePictures(sheets, pictures) {
    for (const sheet of sheets) {
      sheet.pictures = pictures.filter((p) => p.sheet === sheet.name).map(({ anchor, type, name, bytes }) => ({ box: anchorBox(sheet, anchor, 1), type, name, bytes }));
    }
  }

  // Pictures placed in a cell (Excel 365's Insert > Pictures > Place in Cell, XlsxWriter's
  // `embed_image`): the cell stores the error #VALUE! for older readers and a value metadata
  // index (`vm`) that leads, through xl/metadata.xml and xl/richData, to the picture. Excel
  // shows the picture fitted in the cell, its proportions kept; the viewer showed "#VALUE!".
  // Sheet name -> [{ row, col, type, name, bytes }] (0-based), 40 a sheet and 20 MB in all.
  // A rich value that is not a local picture (IMAGE() of a web address, a linked data type)
  // leaves its cell as stored.
  const PICTURE_TYPES = { png: "image/png", jpeg: "image/jpeg", jpg: "image/jpeg", gif: "image/gif", bmp: "image/bmp", webp: "image/webp" };

  async function readCellPictures(bytes) {
    const found = new Map();
    try {
      const data = new Uint8Array(bytes);
      const entries = zipDirectory(data);
      // Excel and XlsxWriter name the parts rdrichvalue.xml and rdrichvaluestructure.xml; other
      // writers richValue.xml and richValueStructure.xml.
      const named = (pattern) => [...entries.keys()].find((name) => pattern.test(name));
      const valuesPart = named(/^xl\/richData\/(rd)?richValue\.xml$/i);
      const structuresPart = named(/^xl\/richData\/(rd)?richValueStructure\.xml$/i);
      const relsPart = named(/^xl\/richData\/richValueRel\.xml$/i);
      if (!valuesPart || !structuresPart || !relsPart || !entries.has("xl/metadata.xml")) return found;
      const metadata = await zipText(data, entries, "xl/metadata.xml");
      const types = [...(metadata || "").matchAll(/<(?:\w+:)?metadataType\b([^>]*)>/g)].map((m) => xmlAttribute(m[1], "name"));
      const future = /<(?:\w+:)?futureMetadata\b[^>]*\bname="XLRICHVALUE"[^>]*>([^]*?)<\/(?:\w+:)?futureMetadata>/.exec(metadata || "");
      const richIndex = future ? [...future[1].matchAll(/<(?:\w+:)?bk\b[^>]*>([^]*?)<\/(?:\w+:)?bk>/g)].map((bk) => {
        const rvb = /<(?:\w+:)?rvb\b([^>]*)>/.exec(bk[1]);
        return rvb ? Number(xmlAttribute(rvb[1], "i")) : -1;
      }) : [];
      const values = /<(?:\w+:)?valueMetadata\b[^>]*>([^]*?)<\/(?:\w+:)?valueMetadata>/.exec(metadata || "");
      // vm is 1-based into valueMetadata's blocks; each block's record names its type (1-based).
      const byVm = values ? [...values[1].matchAll(/<(?:\w+:)?bk\b[^>]*>([^]*?)<\/(?:\w+:)?bk>/g)].map((bk) => {
        const rc = /<(?:\w+:)?rc\b([^>]*)>/.exec(bk[1]);
        if (!rc || types[Number(xmlAttribute(rc[1], "t")) - 1] !== "XLRICHVALUE") return -1;
        const index = richIndex[Number(xmlAttribute(rc[1], "v"))];
        return index === undefined ? -1 : index;
      }) : [];
      const structures = [...((await zipText(data, entries, structuresPart)) || "").matchAll(/<(?:\w+:)?s\b([^>]*)>([^]*?)<\/(?:\w+:)?s>/g)]
        .map(([, attrs, body]) => ({ type: xmlAttribute(attrs, "t"), keys: [...body.matchAll(/<(?:\w+:)?k\b([^>]*)>/g)].map((k) => xmlAttribute(k[1], "n")) }));
      const rich = [...((await zipText(data, entries, valuesPart)) || "").matchAll(/<(?:\w+:)?rv\b([^>]*)>([^]*?)<\/(?:\w+:)?rv>/g)].map(([, attrs, body]) => {
        const structure = structures[Number(xmlAttribute(attrs, "s"))];
        if (!structure || structure.type !== "_localImage") return null;
        const v = [...body.matchAll(/<(?:\w+:)?v\b[^>]*>([^<]*)</g)].map((m) => xmlText(m[1]));
        const at = structure.keys.indexOf("_rvRel:LocalImageIdentifier");
        const alt = structure.keys.indexOf("Text");
        return at < 0 ? null : { rel: Number(v[at]), name: alt >= 0 && v[alt] ? v[alt] : "Picture" };
      });
      const relsXml = (await zipText(data, entries, relsPart)) || "";
      const relIds = [...relsXml.matchAll(/<(?:\w+:)?rel\b([^>]*)>/g)].map((m) => (/\s[\w.-]+:id\s*=\s*"([^"]*)"/.exec(m[1]) || [])[1]);
      const media = await relationships(data, entries, relsPart);
      let total = 0;
      for (const { name, part } of await workbookSheets(data, entries)) {
        const xml = part && (await zipText(data, entries, part));
        if (name === null || !xml || !/\svm="/.test(xml)) continue;
        const pictures = [];
        for (const [, attrs] of xml.matchAll(/<(?:\w+:)?c\b([^>]*\svm="[^>]*)>/g)) {
          const value = rich[byVm[Number(xmlAttribute(attrs, "vm")) - 1]];
          const target = value && media.get(relIds[value.rel]);
          const type = target && PICTURE_TYPES[target.split(".").pop().toLowerCase()];
          const at = type && boxOf(xmlAttribute(attrs, "r") || "");
          if (!at || pictures.length >= 40) continue;
          const picture = await zipBytes(data, entries, target);
          if (!picture || total + picture.byteLength > 20_000_000) continue;
          total += picture.byteLength;
          pictures.push({ row: at[0], col: at[1], type, name: String(value.name).slice(0, 200), bytes: picture });
        }
        if (pictures.length) found.set(name, pictures);
      }
    } catch {
      found.clear();
    }
    return found;
  }

  // The cell under a picture shows the picture, not the #VALUE! stored for older readers.
  function clearPictureCells(workbook, cellPictures) {
    for (const [name, pictures] of cellPictures) {
      const sheet = workbook.getWorksheet(name);
      for (const { row, col } of pictures) {
        const cell = sheet && sheet.findCell(row + 1, col + 1);
        if (cell) cell.value = null;
      }
    }
  }

  // Each picture fitted in its cell (a merged range: the range), its proportions kept, centred.
  async function placeCellPictures(sheets, cellPictures) {
    for (const sheet of sheets) {
      const pictures = cellPictures.get(sheet.name);
      if (!pictures) continue;
      for (const { row, col, type, name, bytes } of pictures) {
        const merge = (sheet.merges || []).find(([top, left]) => top === row && left === col);
        const [bottom, right] = merge ? [merge[2], merge[3]] : [row, col];
        const cell = anchorBox(sheet, { from: { row, col, rowOff: 0, colOff: 0 }, to: { row: bottom + 1, col: right + 1, rowOff: 0, colOff: 0 } }, 1);
        let scale = 1;
        try {
          const image = await createImageBitmap(new Blob([bytes], { type }));
          scale = Math.min(cell.width / image.width, cell.height / image.height);
          const width = Math.max(1, image.width * scale - 2);
          const height = Math.max(1, image.height * scale - 2);
          image.close();
          sheet.pictures.push({ box: { left: cell.left + (cell.width - width) / 2, top: cell.top + (cell.height - height) / 2, width, height }, type, name, bytes });
        } catch {
          // Not a picture the browser can decode: the cell stays empty.
        }
      }
    }
  }

  function anchorBox(sheet, anchor, smallest) {
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
    return { left, top, width: Math.max(smallest || 60, Math.min(4000, width)), height: Math.max(smallest || 40, Math.min(4000, height)) };
  }

  function postSheets(type, sheets, styles) {
    const transfer = sheets.flatMap((s) => [s.rowStart.buffer, s.cols.buffer, s.styleIds.buffer, s.kinds.buffer]);
    const message = { type, sheets, styles: { css: styles.css(), flags: styles.flags, fonts: styles.fonts, turns: styles.turns, prefix: styles.prefix } };
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
        date1904 = Boolean(reader.properties && reader.properties.model && reader.properties.model.date1904);
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

  function describeSheet(sheet, index, styles, pending, recalcOnLoad, parts) {
    const view = (sheet.views && sheet.views[0]) || {};
    const frozen = view.state === "frozen";
    const rows = new RowCollector(styles, recalcOnLoad, (at, cell, look) => pending.push({ sheet: index, at, cell, numFmt: cell.numFmt, look }));
    rows.tables = tableLooks(sheet);
    const defaultWidth = widthToPixels(sheet.properties && sheet.properties.defaultColWidth) || 64;
    rows.columnPixels = (c) => {
      const column = sheet.getColumn(c);
      return column.hidden ? Infinity : column.width ? widthToPixels(column.width) : defaultWidth;
    };
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => rows.add(row, rowNumber));
    const model = rows.finish({
      name: sheet.name,
      merges: (sheet.mergedRegions || []).map((m) => [m.top - 1, m.left - 1, m.bottom - 1, m.right - 1]),
      frozenRows: frozen ? Math.max(0, Math.floor(view.ySplit || 0)) : 0,
      frozenCols: frozen ? Math.max(0, Math.floor(view.xSplit || 0)) : 0,
      gridLines: view.showGridLines !== false,
      headings: view.showRowColHeaders !== false,
      selected: Boolean(view.tabSelected),
      tabColor: styles.color(sheet.properties && sheet.properties.tabColor),
      rightToLeft: Boolean(view.rightToLeft),
      // The sheet's zoom (View > Zoom, saved per sheet), 10% to 400% as Excel allows.
      zoom: Math.min(400, Math.max(10, Number(view.zoomScale) || 100)) / 100,
      defaultRowHeight: pointsToPixels((sheet.properties && sheet.properties.defaultRowHeight) || 15),
      defaultColWidth: widthToPixels(sheet.properties && sheet.properties.defaultColWidth) || 64,
    });
    model.colWidths = columnWidths((c) => sheet.getColumn(c), Math.max(model.colCount, model.frozenCols));
    model.filters = filterButtons(sheet, parts && parts.tables);
    Object.assign(model, lineStyles(sheet, styles));
    return model;
  }

  // Styles of whole rows and columns (`<row s="3" customFormat="1">`, `<col style="2">`:
  // XlsxWriter's set_row and set_column with a format, openpyxl's row_ and column_dimensions,
  // Excel's fill of a selected row or column), which Excel draws on every cell the file does not
  // list, to the sheet's edge (a header row's fill ran out at its last cell). Only what shows on an
  // empty cell counts: a fill or a border. The row's wins where both have one, as in Excel.
  // rowStyles: [[row, style]…]; colStyles: [[first, last, style]…], 0-based.
  function lineStyles(sheet, styles) {
    const shows = (style) => {
      const id = styles.id(style);
      // The style table's fill and border flags (STYLE_FLAG in xlsx-worker-styles.js).
      return id >= 0 && styles.flags[id] & (1 | 8192) ? id : -1;
    };
    const rowStyles = [];
    const colStyles = [];
    try {
      sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
        if (rowStyles.length >= 100_000 || !row.style || !Object.keys(row.style).length) return;
        const id = shows(row.style);
        if (id >= 0) rowStyles.push([rowNumber - 1, id]);
      });
      const columns = sheet.columns || [];
      for (let c = 0; c < Math.min(columns.length, 16384); c++) {
        const style = columns[c] && columns[c].style;
        const id = style && Object.keys(style).length ? shows(style) : -1;
        if (id < 0) continue;
        const last = colStyles[colStyles.length - 1];
        if (last && last[1] === c - 1 && last[2] === id) last[1] = c;
        else colStyles.push([c, c, id]);
      }
    } catch {
      // A row or column the reader could not make sense of keeps the plain look.
    }
    return { rowStyles, colStyles };
  }

  // The header cells that show Excel's filter button: the sheet's AutoFilter range and each
  // table's header row (ExcelTS gives every table a filter range, as Excel makes tables), as
  // [row, first column, last column], 0-based.
  // `tables`, read from the table parts themselves (readSheetParts), says which tables were saved
  // with their filter (Table Design's "Filter Button", XlsxWriter's `autofilter: False`) and
  // which columns hide their button; without it ExcelTS's tables are taken, each with a filter.
  function filterButtons(sheet, tables) {
    const refs = [];
    const own = sheet.autoFilter;
    if (typeof own === "string") refs.push(own);
    else if (own && own.from && own.to) refs.push(`${toAddress(own.from)}:${toAddress(own.to)}`);
    const buttons = [];
    if (tables) {
      for (const table of tables.slice(0, 1000)) {
        const box = table.filter && boxOf(table.filter);
        if (!box || !table.header) continue;
        for (let c = box[1]; c <= box[2]; c++) if (!table.hidden.has(c - box[1])) buttons.push([box[0], c, c]);
      }
    } else {
      try {
        for (const table of typeof sheet.getTables === "function" ? sheet.getTables() : []) {
          const model = table && (table.table || table.model);
          if (model && model.headerRow !== false && model.autoFilterRef) refs.push(model.autoFilterRef);
        }
      } catch {
        // A table the reader could not make sense of draws no buttons.
      }
    }
    for (const ref of refs.slice(0, 1000)) {
      const box = boxOf(ref);
      if (box) buttons.push(box);
    }
    return buttons;
  }

  // [row, first column, last column] of a reference's first row, 0-based.
  function boxOf(ref) {
    const box = /^\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$/.exec(String(ref).toUpperCase());
    return box ? [Number(box[2]) - 1, columnNumber(box[1]) - 1, columnNumber(box[3] || box[1]) - 1] : null;
  }

  // ------------------------------------------------------------------ parts ExcelTS drops

  // The sheets whose view turns off "Show a zero in cells that have zero value" (`showZeros="0"`,
  // or `"false"`): Excel leaves such cells empty, whatever their format. Read from the head of each
  // sheet part (its views come before its cells), so a large sheet costs a few kilobytes.
  async function readZeroHiding(bytes) {
    const found = new Set();
    try {
      const data = new Uint8Array(bytes);
      const entries = zipDirectory(data);
      for (const { name, part } of await workbookSheets(data, entries)) {
        const head = part && (await zipHead(data, entries, part, 65_536));
        const view = head && /<(?:\w+:)?sheetView\b([^>]*)>/.exec(head.split(/<(?:\w+:)?sheetData\b/)[0]);
        if (name !== null && view && /^(0|false)$/.test(xmlAttribute(view[1], "showZeros") || "")) found.add(name);
      }
    } catch {
      found.clear();
    }
    return found;
  }

  // The first `limit` characters (about) of a part, inflating no more of it than that.
  async function zipHead(bytes, entries, name, limit) {
    const part = await zipPart(bytes, entries, name, Infinity);
    if (!part || !part.body) return null;
    const reader = part.body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (text.length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (/<(?:\w+:)?sheetData\b/.test(text)) break;
    }
    reader.cancel().catch(() => {});
    return text;
  }

  // A workbook's own indexed palette (styles.xml's <colors><indexedColors>: Apple Numbers writes one
  // and names every border, fill and font colour by its index), which ExcelTS does not read: the
  // legacy palette drew Numbers' grey borders red and its grey header fill white. Null when the
  // workbook has none (the legacy palette holds).
  async function readPalette(bytes) {
    try {
      const data = new Uint8Array(bytes);
      const entries = zipDirectory(data);
      const xml = entries.has("xl/styles.xml") ? await zipText(data, entries, "xl/styles.xml") : null;
      const list = xml && /<(?:\w+:)?indexedColors\b[^>]*>([^]*?)<\/(?:\w+:)?indexedColors>/.exec(xml);
      if (!list) return null;
      const colors = [...list[1].matchAll(/<(?:\w+:)?rgbColor\b([^>]*)>/g)].slice(0, 64).map(([, attrs]) => {
        const rgb = xmlAttribute(attrs, "rgb") || "";
        return /^[0-9A-Fa-f]{8}$/.test(rgb) ? rgb.slice(2).toUpperCase() : /^[0-9A-Fa-f]{6}$/.test(rgb) ? rgb.toUpperCase() : null;
      });
      return colors.length ? colors : null;
    } catch {
      return null;
    }
  }

  // What ExcelTS does not keep, read from the sheets' own parts: whether each table was saved
  // with its filter (ExcelTS gives every table one) and the notes of cells the file stores
  // nothing else for (ExcelTS drops them). Map sheet name -> { tables, comments }; empty when
  // the zip has no such part, or cannot be read that way (the workbook still shows).
  async function readSheetParts(bytes) {
    const found = new Map();
    try {
      const data = new Uint8Array(bytes);
      const entries = zipDirectory(data);
      const named = [...entries.keys()].some((name) => /^xl\/(tables|comments)/i.test(name));
      for (const { name, part } of await workbookSheets(data, entries)) {
        if (name === null || !part) continue;
        const entry = entries.get(part);
        const sheetXml = entry && entry.size <= 1_000_000 ? await zipText(data, entries, part) : null;
        const sparklines = readSparklines(sheetXml);
        const iconSets = readExtIconSets(sheetXml);
        if (!named) {
          if (sparklines.length || iconSets.length) found.set(name, { tables: [], comments: [], sparklines, iconSets });
          continue;
        }
        const rels = await relationships(data, entries, part, true);
        const tables = [];
        const comments = [];
        for (const { type, target } of rels.values()) {
          if (/\/table$/.test(type) && tables.length < 1000) {
            const xml = await zipText(data, entries, target);
            const open = xml && /<(?:\w+:)?table\b([^>]*)>/.exec(xml);
            if (!open) continue;
            const filter = /<(?:\w+:)?autoFilter\b([^>]*)/.exec(xml);
            const hidden = new Set();
            for (const [, column] of xml.matchAll(/<(?:\w+:)?filterColumn\b([^>]*)/g)) {
              if (/^(1|true)$/.test(xmlAttribute(column, "hiddenButton") || "")) hidden.add(Number(xmlAttribute(column, "colId")));
            }
            tables.push({ filter: filter ? xmlAttribute(filter[1], "ref") : null, header: xmlAttribute(open[1], "headerRowCount") !== "0", hidden });
          } else if (/\/comments$/.test(type)) {
            const xml = await zipText(data, entries, target);
            for (const [, attrs, body] of (xml || "").matchAll(/<(?:\w+:)?comment\b([^>]*)>([^]*?)<\/(?:\w+:)?comment>/g)) {
              const text = [...body.matchAll(/<(?:\w+:)?t\b[^>]*>([^<]*)<\/(?:\w+:)?t>/g)].map((t) => xmlText(t[1])).join("");
              const ref = xmlAttribute(attrs, "ref");
              if (ref && comments.length < 10_000) comments.push([ref, text]);
            }
          }
        }
        found.set(name, { tables, comments, sparklines, iconSets });
      }
    } catch {
      found.clear();
    }
    return found;
  }

  // Sparklines (Excel 2010's x14 extension at the end of the sheet part, which ExcelTS does not
  // read): each group's type and colours, each sparkline's data range and cell. Sheet parts over
  // 1 MB zipped are not read for them.
  function readSparklines(xml) {
    if (!xml || !xml.includes("sparklineGroup")) return [];
    const groups = [];
    let count = 0;
    for (const [, attrs, body] of xml.matchAll(/<(?:\w+:)?sparklineGroup\b([^>]*)>([^]*?)<\/(?:\w+:)?sparklineGroup>/g)) {
      const color = (tag) => {
        const m = new RegExp(`<(?:\\w+:)?${tag}\\b([^>]*)>`).exec(body);
        if (!m) return null;
        const rgb = xmlAttribute(m[1], "rgb");
        const theme = xmlAttribute(m[1], "theme");
        const tint = Number(xmlAttribute(m[1], "tint")) || 0;
        return rgb ? { argb: rgb } : theme !== null ? { theme: Number(theme), tint } : null;
      };
      const text = (inner, tag) => {
        const m = new RegExp(`<(?:\\w+:)?${tag}\\b[^>]*>([^<]*)<`).exec(inner);
        return m ? xmlText(m[1]).trim() : "";
      };
      const lines = [];
      for (const [, inner] of body.matchAll(/<(?:\w+:)?sparkline\b[^>]*>([^]*?)<\/(?:\w+:)?sparkline>/g)) {
        if (count++ >= 10_000) break;
        lines.push({ range: text(inner, "f"), cell: text(inner, "sqref") });
      }
      groups.push({
        type: xmlAttribute(attrs, "type") || "line",
        series: color("colorSeries"),
        negative: /^(1|true)$/.test(xmlAttribute(attrs, "negative") || "") || xmlAttribute(attrs, "type") === "stacked" || xmlAttribute(attrs, "type") === "column" ? color("colorNegative") : null,
        lines,
      });
    }
    return groups;
  }

  // Icon sets that exist only in Excel 2010's extension at the end of the sheet part (3 Stars,
  // 3 Triangles, 5 Boxes, and any icon set Excel wrote there), which ExcelTS 10.2 drops: each
  // rule's icon set, order, thresholds (`<xm:f>` values) and range, as ExcelTS models the rules
  // it reads. Sheet parts over 1 MB zipped are not read for them.
  function readExtIconSets(xml) {
    if (!xml || !xml.includes("iconSet")) return [];
    const rules = [];
    for (const [, block] of xml.matchAll(/<(?:\w+:)?conditionalFormatting\b[^>]*>((?:(?!<\/(?:\w+:)?conditionalFormatting>)[^])*?<(?:\w+:)?sqref\b[^]*?)<\/(?:\w+:)?conditionalFormatting>/g)) {
      const ref = /<(?:\w+:)?sqref\b[^>]*>([^<]*)</.exec(block);
      const rule = /<(?:\w+:)?cfRule\b([^>]*)>[^]*?<(?:\w+:)?iconSet\b([^>]*)>([^]*?)<\/(?:\w+:)?iconSet>/.exec(block);
      if (!ref || !rule || xmlAttribute(rule[1], "type") !== "iconSet" || rules.length >= 1000) continue;
      const flag = (name) => xmlAttribute(rule[2], name);
      rules.push({
        ref: xmlText(ref[1]).trim(),
        rule: {
          type: "iconSet",
          priority: Number(xmlAttribute(rule[1], "priority")) || 1,
          iconSet: flag("iconSet") || "3TrafficLights1",
          reverse: /^(1|true)$/.test(flag("reverse") || ""),
          showValue: !/^(0|false)$/.test(flag("showValue") || ""),
          custom: /^(1|true)$/.test(flag("custom") || ""),
          cfvo: [...rule[3].matchAll(/<(?:\w+:)?cfvo\b([^>]*?)(?:\/>|>([^]*?)<\/(?:\w+:)?cfvo>)/g)].map(([, attrs, body]) => {
            const f = body && /<(?:\w+:)?f\b[^>]*>([^<]*)</.exec(body);
            const gte = xmlAttribute(attrs, "gte");
            return { type: xmlAttribute(attrs, "type") || "percent", value: f ? xmlText(f[1]) : undefined, gte: !/^(0|false)$/.test(gte || "") };
          }),
        },
      });
    }
    return rules;
  }

  // Adds those icon sets to the sheets' rules, where ExcelTS did not read one for the same range.
  function addExtIconSets(workbook, parts) {
    for (const [name, { iconSets }] of parts) {
      const sheet = workbook.getWorksheet(name);
      if (!sheet || !iconSets || !iconSets.length) continue;
      if (!sheet.conditionalFormattings) sheet.conditionalFormattings = [];
      for (const { ref, rule } of iconSets) {
        const known = sheet.conditionalFormattings.find((cf) => cf.ref === ref);
        if (known && (known.rules || []).some((r) => r.type === "iconSet")) continue;
        if (known) known.rules.push(rule);
        else sheet.conditionalFormattings.push({ ref, rules: [rule] });
      }
    }
  }

  // A note on a cell that holds nothing else becomes that cell's note, so it shows as Excel
  // shows it (the red corner, its text on hover).
  function addEmptyCellNotes(workbook, parts) {
    for (const [name, { comments }] of parts) {
      const sheet = workbook.getWorksheet(name);
      if (!sheet) continue;
      for (const [ref, text] of comments) {
        const at = boxOf(ref);
        if (!at) continue;
        const cell = sheet.findCell(at[0] + 1, at[1] + 1);
        if (!cell || !cell.note) sheet.getCell(at[0] + 1, at[1] + 1).note = text;
      }
    }
  }

  function xmlAttribute(attrs, name) {
    const m = new RegExp(`(?:^|\\s)${name.replace(".", "\\.")}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
    return m ? xmlText(m[1] !== undefined ? m[1] : m[2]) : null;
  }

  function xmlText(text) {
    return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi, (whole, hex, dec, named) => {
      if (named) return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[named.toLowerCase()];
      const code = hex ? parseInt(hex, 16) : Number(dec);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
  }

  // A part's relationships: Id -> target part, or with `typed` Id -> { type, target }.
  async function relationships(data, entries, part, typed) {
    const folder = part.split("/").slice(0, -1).join("/");
    const file = part.split("/").pop();
    const xml = await zipText(data, entries, `${folder}/_rels/${file}.rels`);
    const map = new Map();
    for (const [, attrs] of (xml || "").matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
      if (xmlAttribute(attrs, "TargetMode") === "External") continue;
      const target = resolvePart(folder, xmlAttribute(attrs, "Target") || "");
      map.set(xmlAttribute(attrs, "Id"), typed ? { type: xmlAttribute(attrs, "Type") || "", target } : target);
    }
    return map;
  }

  function resolvePart(folder, target) {
    const parts = target.startsWith("/") ? [] : folder.split("/").filter(Boolean);
    for (const piece of target.replace(/^\//, "").split("/")) {
      if (piece === "..") parts.pop();
      else if (piece && piece !== ".") parts.push(piece);
    }
    return parts.join("/");
  }

  // The end-of-central-directory record, searched back from the end (it may carry a comment of up
  // to 64 KiB): how many entries there are and where the first central record starts.
  function zipEnd(view) {
    for (let i = view.byteLength - 22; i >= Math.max(0, view.byteLength - 65_557); i--) {
      if (view.getUint32(i, true) === 0x06054b50) return { count: view.getUint16(i + 10, true), at: view.getUint32(i + 16, true) };
    }
    throw new Error("not a zip file");
  }

  // The zip's central directory: entry name -> { method, offset, size }. The chart reader
  // (plug-xlsx-charts.js, loaded into this worker) reads its parts through the same functions.
  function zipDirectory(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let { count, at } = zipEnd(view);
    const entries = new Map();
    const decoder = new TextDecoder();
    for (let n = 0; n < count && at + 46 <= bytes.length && view.getUint32(at, true) === 0x02014b50; n++) {
      const nameLength = view.getUint16(at + 28, true);
      const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      entries.set(name.replace(/^\//, ""), { method: view.getUint16(at + 10, true), offset: view.getUint32(at + 42, true), size: view.getUint32(at + 20, true) });
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return entries;
  }

  // A part's stored bytes, inflated (null for a method other than stored or deflate, or a part
  // over `max` bytes).
  async function zipPart(bytes, entries, name, max) {
    const entry = entries.get(name);
    if (!entry || entry.size > max) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
    const raw = bytes.subarray(start, start + entry.size);
    if (entry.method === 0) return new Response(raw.slice());
    if (entry.method !== 8) return null;
    return new Response(new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw")));
  }

  // A part's text (parts over 8 MB are not read).
  async function zipText(bytes, entries, name) {
    const part = await zipPart(bytes, entries, name, 8_000_000);
    return part && part.text();
  }

  // A part's bytes (a picture: 10 MB at most).
  async function zipBytes(bytes, entries, name) {
    const part = await zipPart(bytes, entries, name, 10_000_000);
    return part && new Uint8Array(await part.arrayBuffer());
  }

  self.PlugZip = { directory: zipDirectory, text: zipText, bytes: zipBytes };

  function toAddress(at) {
    if (typeof at === "string") return at;
    let letters = "";
    for (let n = Number(at.column || at.col); n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    return `${letters}${at.row}`;
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
      // "Center Across Selection" (centerContinuous): a text centred over the empty cells after it
      // that share the alignment, drawn as a merged range of them.
      this.across = [];
      this.acrossRun = null;
      // [cell index, [[text, css]…]] for each rich-text cell whose runs differ in font.
      this.runs = [];
      // [cell index, text] for each cell with a note (a comment), shown as Excel's red corner.
      this.notes = [];
      // [cell index, target] for each cell with a hyperlink (see linkOf).
      this.links = [];
    }

    add(row, rowNumber) {
      while (this.rowStart.length < rowNumber) this.rowStart.push(this.cols.length);
      let largestFont = 0;
      let tallest = 0;
      row.eachCell({ includeEmpty: true }, (cell, colNumber) => {
        this.centerAcross(cell, rowNumber - 1, colNumber - 1);
        let shown = describeCell(cell, this.styles, this.recalcOnLoad);
        const look = this.tables && tableLook(this.tables, rowNumber, colNumber);
        if (look) shown = withTableLook(shown || { text: "", kind: KIND.empty }, cell, look, this.styles);
        const note = noteText(cell);
        if (!shown && note) shown = { text: "", kind: KIND.empty, styleId: -1 };
        if (!shown) return;
        if (note) this.notes.push([this.cols.length, note]);
        const link = linkOf(cell);
        if (link) this.links.push([this.cols.length, link]);
        largestFont = Math.max(largestFont, this.styles.fontSize(shown.styleId));
        // Wrapped text makes a row without a height of its own as tall as its lines, its line
        // breaks (Alt+Enter) and the lines its column's width breaks it into, as Excel and
        // LibreOffice size it on opening (it showed the first line only). Not a merged cell's.
        if (shown.kind === KIND.text && cell.style && cell.style.alignment && cell.style.alignment.wrapText && !cell.isMerged) {
          const points = Math.max(11, this.styles.fontSize(shown.styleId));
          const width = this.columnPixels ? this.columnPixels(colNumber) - 6 : Infinity;
          tallest = Math.max(tallest, wrappedLines(shown.text, width, points) * autoRowHeight(points));
        }
        if (shown.kind === KIND.pending) this.onPending(this.cols.length, cell, look);
        const runs = richRuns(cell, this.styles);
        if (runs) this.runs.push([this.cols.length, runs]);
        this.cols.push(colNumber - 1);
        this.texts.push(shown.text);
        this.styleIds.push(shown.styleId);
        this.kinds.push(shown.kind);
        this.lastRow = Math.max(this.lastRow, rowNumber);
        this.lastCol = Math.max(this.lastCol, colNumber);
      });
      if (row.hidden) this.heights.set(rowNumber - 1, 0);
      else if (row.height) this.heights.set(rowNumber - 1, pointsToPixels(row.height));
      else if (largestFont > 11 || tallest > 0) this.heights.set(rowNumber - 1, Math.max(tallest, autoRowHeight(Math.max(11, largestFont))));
    }

    centerAcross(cell, r, c) {
      const alignment = cell.style && cell.style.alignment;
      if (!alignment || alignment.horizontal !== "centerContinuous") {
        this.acrossRun = null;
        return;
      }
      const run = this.acrossRun;
      const empty = cell.value === null || cell.value === undefined || cell.value === "";
      if (empty && run && run[0] === r && run[3] === c - 1) run[3] = c;
      else if (!empty) this.across.push((this.acrossRun = [r, c, r, c]));
      else this.acrossRun = null;
    }

    finish(sheet) {
      const across = this.across.filter(([, left, , right]) => right > left);
      if (across.length) sheet = { ...sheet, merges: [...sheet.merges, ...across] };
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
        runs: this.runs,
        notes: this.notes,
        links: this.links,
      };
    }
  }

  // A cell's hyperlink as the page may follow it: a place in the workbook (`#Sheet!A1`, as
  // ExcelTS reads both Excel's `location` and openpyxl's `#` relationship), or a web or mail
  // address; anything else (file:, javascript:, a relative path) is no link.
  // The HYPERLINK function counts when its address is written out (`=HYPERLINK("#Data!A1","Data")`,
  // the contents sheets scripts write); one it calculates (`HYPERLINK(A1&"!B2")`) does not.
  const HYPERLINK_FORMULA = /^=?\s*HYPERLINK\(\s*"((?:[^"]|"")*)"\s*[,)]/i;
  function linkOf(cell) {
    let target;
    try {
      const value = cell.value && typeof cell.value === "object" ? cell.value : null;
      target = value ? value.hyperlink : undefined;
      const formula = value && typeof value.formula === "string" ? HYPERLINK_FORMULA.exec(value.formula) : null;
      if (target === undefined && formula) target = formula[1].replace(/""/g, '"');
    } catch {
      return null;
    }
    if (typeof target !== "string" || target.length > 2000) return null;
    target = target.trim();
    return /^(#.|https?:\/\/|mailto:)/i.test(target) ? target : null;
  }

  // A cell's note (Excel's comment, XlsxWriter's write_comment) as plain text, or null.
  function noteText(cell) {
    const note = cell.note;
    if (!note) return null;
    const text = threadText(typeof note === "string" ? note : Array.isArray(note.texts) ? note.texts.map((t) => String(t.text || "")).join("") : "");
    return text.trim() ? text.slice(0, 2000) : null;
  }

  // Excel 365 keeps a threaded comment as a note too, for older readers: a fixed paragraph ("Your
  // version of Excel allows you to read this threaded comment; however…") ahead of the thread
  // under "Comment:" and "Reply:", each indented. The thread is what Excel shows: its text, each
  // reply on a line of its own after "Reply: ".
  const THREAD_HEAD = /^\[Threaded comment\][\s\S]*?\n[ \t]*Comment:[ \t]*\r?\n/;

  function threadText(text) {
    const head = THREAD_HEAD.exec(text);
    if (!head) return text;
    return text.slice(head[0].length).split(/\r?\n(?=Reply:)/).map((part, i) => {
      const body = part.replace(/^Reply:[ \t]*\r?\n/, "").replace(/^[ \t]+/gm, "").trim();
      return i === 0 ? body : `Reply: ${body}`;
    }).join("\n");
  }

  // A rich-text cell (a word in bold or red inside a sentence, XlsxWriter's write_rich_string,
  // Excel's formatting of part of a cell) as its runs: each run's text and its font as inline
  // CSS computed here. Null for any other cell, or runs that all look alike.
  function richRuns(cell, styles) {
    if (cell.type === FORMULA || cell.type === MERGE) return null;
    const value = cell.value;
    if (!value || !Array.isArray(value.richText) || value.richText.length < 2) return null;
    const runs = value.richText.slice(0, 200).map((run) => [String(run.text || ""), styles.runCss(run.font)]);
    return runs.some((run) => run[1]) ? runs : null;
  }

  // ------------------------------------------------------------------ tables

  // Excel's "Format as Table" draws its table style under the cells' own formats: a header row
  // filled with the style's colour in white bold, and banded rows in tints of it. The built-in
  // styles come in families of seven (the first in greys, the next six in the theme's accents
  // 1-6); each family is drawn by its look, fills and header only (no borders).
  function tableLooks(sheet) {
    let tables = [];
    try {
      tables = typeof sheet.getTables === "function" ? sheet.getTables() : [];
    } catch {
      return null;
    }
    const looks = [];
    for (const table of tables) {
      const model = table && (table.table || table.model);
      const ref = model && (model.tableRef || model.ref);
      const style = (model && model.style) || {};
      const m = /^TableStyle(Light|Medium|Dark)(\d+)$/.exec(style.theme || "");
      const box = ref && /^\$?([A-Z]+)\$?(\d+):\$?([A-Z]+)\$?(\d+)$/.exec(ref);
      if (!m || !box) continue;
      const n = Number(m[2]);
      const slot = (n - 1) % 7;
      looks.push({
        top: Number(box[2]),
        left: columnNumber(box[1]),
        bottom: Number(box[4]),
        right: columnNumber(box[3]),
        header: model.headerRow !== false,
        totals: Boolean(model.totalsRow),
        stripes: style.showRowStripes !== false,
        columnStripes: style.showColumnStripes === true,
        firstColumn: style.showFirstColumn === true,
        lastColumn: style.showLastColumn === true,
        family: `${m[1]}${Math.floor((n - 1) / 7)}`,
        // dk1 (text) for the grey styles, else accent 1-6 (theme slots 4-9).
        theme: slot === 0 ? 1 : slot + 3,
      });
    }
    return looks.length ? looks : null;
  }

  function columnNumber(letters) {
    let n = 0;
    for (const c of letters) n = n * 26 + c.charCodeAt(0) - 64;
    return n;
  }

  const TOTALS_LINE = { Light0: "thin", Light1: "double", Light2: "double", Medium0: "double", Medium2: "double", Medium3: "medium", Dark1: "double" };

  function tableLook(looks, row, col) {
    for (const t of looks) {
      if (row < t.top || row > t.bottom || col < t.left || col > t.right) continue;
      const tint = (value) => ({ type: "pattern", pattern: "solid", fgColor: { theme: t.theme, tint: value } });
      const strong = { type: "pattern", pattern: "solid", fgColor: { theme: t.theme } };
      if (t.header && row === t.top) {
        if (t.family === "Light0" || t.family === "Light2" || t.family === "Medium3") return { bold: true };
        if (t.family === "Dark0" || t.family === "Dark1") return { fill: { type: "pattern", pattern: "solid", fgColor: { theme: 1 } }, bold: true, white: true };
        return { fill: strong, bold: true, white: true };
      }
      if (t.totals && row === t.bottom) {
        // The line over a totals row, by family as Excel's built-in styles draw it: thin in Light
        // 1-7, double in Light 8-21, Medium 1-7 and 15-21 and Dark 8-11, medium in Medium 22-28,
        // in the style's colour (Medium 15-21's and Dark 8-11's in the text colour). Medium
        // 8-14 and Dark 1-7 fill their totals row instead, which is not drawn.
        const line = TOTALS_LINE[t.family];
        if (!line) return { bold: true };
        const theme = t.family === "Medium2" || t.family === "Dark1" ? 1 : t.theme;
        return { bold: true, top: { style: line, color: { theme } } };
      }
      // Banded rows and banded columns (Table Design's options) in the same tint; where both
      // are on, a cell in either band is filled. The first and last column (also options) are
      // bold, over the bands; Medium 8-14 fill them with the style's colour in white, Dark 1-7
      // with its darker shade, as the header.
      const body = row - t.top - (t.header ? 1 : 0);
      const banded = (t.stripes && body % 2 === 0) || (t.columnStripes && (col - t.left) % 2 === 0);
      const edge = (t.firstColumn && col === t.left) || (t.lastColumn && col === t.right);
      if (edge && t.family === "Medium1") return { fill: strong, bold: true, white: true };
      if (edge && t.family === "Dark0") return { fill: { type: "pattern", pattern: "solid", fgColor: { theme: t.theme, tint: -0.499984740745262 } }, bold: true, white: true };
      let look = null;
      if (t.family === "Medium1") look = { fill: tint(banded ? 0.5999938962981048 : 0.7999816888943144) };
      else if (t.family !== "Light1" && banded) look = { fill: tint(0.7999816888943144) };
      return edge ? { ...(look || {}), bold: true } : look;
    }
    return null;
  }

  // The cell with its table's look under its own format: its own fill and font colour win.
  function withTableLook(shown, cell, look, styles) {
    const style = cell.style || {};
    const ownFill = style.fill && !(style.fill.type === "pattern" && (!style.fill.pattern || style.fill.pattern === "none"));
    const font = { ...(style.font || {}) };
    if (look.bold) font.bold = true;
    // The default font's colour (none, or the theme's text colour) gives way to white.
    const automatic = !font.color || (font.color.theme === 1 && !font.color.tint && !font.color.argb);
    if (look.white && automatic) font.color = { argb: "FFFFFFFF" };
    const value = cell.type === FORMULA ? cell.result : cell.value;
    const format = typeof cell.numFmt === "string" ? cell.numFmt : (cell.numFmt && cell.numFmt.formatCode) || "";
    const sectionColour = typeof value === "number" ? sectionColor(format, value) : null;
    if (sectionColour) font.color = sectionColour;
    // The table's line over its totals row, where the cell has no top border of its own.
    const border = look.top && !(style.border && style.border.top && style.border.top.style) ? { ...(style.border || {}), top: look.top } : style.border;
    const styleId = styles.id({ ...style, font, border, fill: ownFill || !look.fill ? style.fill : look.fill });
    return { ...shown, styleId };
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

  // How many lines a wrapped cell's text takes in `width` pixels: each paragraph broken between
  // words, as Excel breaks it, measured in the sheet's font on an OffscreenCanvas (about 0.55 em a
  // character where there is none). At most 40 (Excel's rows stop at 409 pt).
  // The grid's font (Carlito, Calibri's metrics, as the page loads it), loaded into the worker
  // too: a worker's canvas sees only its own fonts.
  let measure;
  let fontLoaded = Promise.resolve();
  function loadFont(prefix) {
    if (!prefix || !self.fonts || typeof FontFace !== "function") return Promise.resolve();
    return Promise.allSettled(["400", "700"].map((weight) => {
      const face = new FontFace("Carlito", `url(${prefix}${weight}-normal.woff2)`, { weight });
      self.fonts.add(face);
      return face.load();
    }));
  }
  function wrappedLines(text, width, points) {
    const paragraphs = text.split("\n");
    if (!(width > 0) || text.length * points * 0.3 < width) return Math.min(40, paragraphs.length);
    if (measure === undefined) measure = typeof OffscreenCanvas === "function" ? new OffscreenCanvas(1, 1).getContext("2d") : null;
    const font = `${points}pt Calibri, Carlito, sans-serif`;
    const widthOf = (t) => (measure ? ((measure.font = font), measure.measureText(t).width) : (t.length * points * 4) / 3 * 0.55);
    let lines = 0;
    for (const paragraph of paragraphs) {
      let line = 0;
      lines++;
      for (const word of paragraph.split(/(?<= )/)) {
        const w = widthOf(word);
        if (line > 0 && line + widthOf(word.trimEnd()) > width) {
          lines++;
          line = w;
        } else line += w;
        if (lines >= 40) return 40;
      }
    }
    return lines;
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
    if (cell.type === FORMULA) return describeFormula(cell, styleId, recalcOnLoad, styles);
    const shown = hidesZero(cell, cell.value) ? null : display(cell.value, cell.numFmt);
    if (!shown) return styleId < 0 ? null : { text: "", kind: KIND.empty, styleId };
    return { ...shown, styleId: coloured(cell, cell.value, styleId, styles) };
  }

  // A number format's colour for its section (`#,##0;[Red]-#,##0` draws negatives red) is a
  // style of its own: the cell's style with that font colour, so it reaches the page as a class.
  function coloured(cell, value, styleId, styles) {
    const number = typeof value === "number" ? value : value instanceof Date ? 1 : null;
    const format = typeof cell.numFmt === "string" ? cell.numFmt : (cell.numFmt && cell.numFmt.formatCode) || "";
    const color = number === null ? null : sectionColor(format, number);
    if (!color) return styleId;
    const style = cell.style || {};
    return styles.id({ ...style, font: { ...(style.font || {}), color } });
  }

  // The style of a calculated result whose format draws it in a colour (`#,##0.00;[Red]-#,##0.00`
  // and a negative result: it was drawn black, the colour being known only from a stored value),
  // else -1 to keep the cell's style. The engine has written the result into the cell.
  function resultStyle({ cell, look }, value, styles) {
    const number = typeof value === "number" ? value : value instanceof Date ? 1 : null;
    const format = typeof cell.numFmt === "string" ? cell.numFmt : (cell.numFmt && cell.numFmt.formatCode) || "";
    if (number === null || !sectionColor(format, number)) return -1;
    if (look) return withTableLook({}, cell, look, styles).styleId;
    return coloured(cell, value, styles.id(cell.style), styles);
  }

  const COLOR_NAMES = { black: "FF000000", blue: "FF0000FF", cyan: "FF00FFFF", green: "FF00FF00", magenta: "FFFF00FF", red: "FFFF0000", white: "FFFFFFFF", yellow: "FFFFFF00" };
  const sectionColors = new Map();

  // The colour of the section Excel picks for `n`: one section for all; two, the second for
  // negatives; three or more, positive, negative, zero; with conditions (`[Red][>100]0;[Blue][<0]0;0`)
  // the first section whose condition holds (conditionalSection).
  function sectionColor(format, n) {
    if (!format.includes("[")) return null;
    let colors = sectionColors.get(format);
    if (colors === undefined) {
      colors = parseSectionColors(format);
      if (sectionColors.size > 10_000) sectionColors.clear();
      sectionColors.set(format, colors);
    }
    if (!colors) return null;
    const i = colors.conditional
      ? conditionalSection(colors.sections, n)
      : colors.length >= 3 ? (n > 0 ? 0 : n < 0 ? 1 : 2) : colors.length === 2 && n < 0 ? 1 : 0;
    return colors[i] || null;
  }

  function parseSectionColors(format) {
    const sections = format.replace(/"[^"]*"|\\./g, "").split(";");
    const colors = sections.map((s) => {
      const m = /\[(black|blue|cyan|green|magenta|red|white|yellow|color\s*(\d+))\]/i.exec(s);
      if (!m) return null;
      return m[2] ? { indexed: Number(m[2]) + 7 } : { argb: COLOR_NAMES[m[1].toLowerCase()] };
    });
    if (!colors.some(Boolean)) return null;
    if (sections.some((section) => CONDITION.test(section))) Object.assign(colors, { conditional: true, sections });
    return colors;
  }

  // A format with conditions (`[>100]`, `[<=9999999]`): Excel uses the first of the first two
  // sections whose condition holds; a section without a condition (the third, or the second after
  // a conditional first) takes every number the conditions before it left. -1 when none applies.
  const CONDITION = /\[(<=|>=|<>|<|>|=)\s*(-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\]/i;
  function conditionalSection(sections, n) {
    for (let i = 0; i < Math.min(sections.length, 3); i += 1) {
      const m = CONDITION.exec(sections[i]);
      if (!m || i === 2) return i;
      const limit = Number(m[2]);
      const holds = { "<": n < limit, ">": n > limit, "=": n === limit, "<=": n <= limit, ">=": n >= limit, "<>": n !== limit }[m[1]];
      if (holds) return i;
    }
    return -1;
  }

  // A stored result is shown as stored, except the placeholder 0 (or "") that XlsxWriter and
  // friends write into a workbook marked for recalculation on load: that one is calculated.
  function describeFormula(cell, styleId, recalcOnLoad, styles) {
    const stored = cell.result;
    const usable = stored !== undefined && stored !== null && !(recalcOnLoad && isPlaceholder(stored));
    if (usable) {
      const shown = hidesZero(cell, stored) ? null : display(stored, cell.numFmt);
      return { ...(shown || { text: "", kind: KIND.empty }), styleId: shown ? coloured(cell, stored, styleId, styles) : styleId };
    }
    // A waiting formula shows "…"; its text is the formula, which the page shows instead should
    // calculating be abandoned (after 60 s it showed an empty cell).
    return { text: `=${cell.formula}`, kind: KIND.pending, styleId };
  }

  function isPlaceholder(value) {
    if (value === 0 || value === "") return true;
    return value instanceof Date && serialOf(value) === 0;
  }

  // A date's serial in the workbook's own date system.
  function serialOf(date) {
    return (date.getTime() - (date1904 ? EPOCH_1904_MS : EXCEL_EPOCH_MS)) / 86_400_000;
  }

  // `[h]:mm:ss`, `[mm]:ss`, `[s]`: elapsed time, read from the serial itself rather than a date.
  const ELAPSED = /\[(?:h+|m+|s+)\]/i;
  // Whether a format shows a date or time: letters left once quoted text, escapes, brackets and
  // General are taken out (no other number format code is a letter but E of scientific).
  const dateFormats = new Map();
  function isDateFormat(format) {
    let known = dateFormats.get(format);
    if (known === undefined) {
      known = /[dmyhs]/i.test(format.replace(/"[^"]*"|\\.|\[[^\]]*\]|general/gi, ""));
      if (dateFormats.size > 10_000) dateFormats.clear();
      dateFormats.set(format, known);
    }
    return known;
  }

  // ExcelTS formats every date as a 1900-system serial. In a 1904 workbook that is right for a
  // calendar date read as a Date, but an elapsed time (`[h]:mm:ss`) must count from the workbook's
  // own serial (it showed 1,462 days too many), and a date the engine calculated arrives as a
  // 1904 serial, which is moved to the 1900 system for the formatter.
  function in1904(value, format) {
    if (value instanceof Date) return ELAPSED.test(format) ? serialOf(value) : value;
    if (ELAPSED.test(format) || !isDateFormat(format)) return value;
    return value + DAYS_1900_TO_1904;
  }

  // A negative number in a date or time format has no date in the 1900 system: Excel fills the
  // cell with #### (ExcelTS wrote `-6:00` for -0.25 as h:mm). The page draws HASHES as a row of
  // # as wide as the cell. The 1904 system shows negative times with a sign, as ExcelTS does.
  const HASHES = "\u0002";
  function negativeDate(value, format) {
    const n = typeof value === "number" ? value : value instanceof Date ? serialOf(value) : null;
    if (n === null || !(n < 0)) return false;
    const section = sectionFor(format, n);
    return isDateFormat(section === undefined ? format : section);
  }

  // Text as Excel would show it, and its kind; null when the value shows nothing.
  function display(value, numFmt) {
    if (value === null || value === undefined) return null;
    const format = typeof numFmt === "string" ? numFmt : (numFmt && numFmt.formatCode) || "General";
    if (!date1904 && negativeDate(value, format)) return { text: HASHES, kind: KIND.number };
    if (date1904 && (typeof value === "number" || value instanceof Date)) value = in1904(value, format);
    if (typeof value === "number") {
      // A section left empty (`;;;`, `0;-0;`) hides the value, as in Excel.
      if (sectionFor(format, value) === "") return null;
      // A "General" number may lose decimals to fit its column, as in Excel; others show ####.
      return { text: formatNumber(value, format), kind: /^general$/i.test(format) ? KIND.general : KIND.number };
    }
    if (value instanceof Date) return { text: formatNumber(value, format), kind: KIND.number };
    if (typeof value === "boolean") return { text: value ? "TRUE" : "FALSE", kind: KIND.bool };
    if (typeof value === "string") return value === "" ? null : { text: formatText(value, format), kind: KIND.text };
    if (typeof value === "object") {
      if (typeof value.error === "string") return { text: value.error, kind: KIND.error };
      if (Array.isArray(value.richText)) return { text: value.richText.map((run) => run.text || "").join(""), kind: KIND.text };
      // ExcelTS turns a linked cell's value into text (12.5 became "12.5", shown left-aligned
      // and unformatted); a number written as JavaScript writes it is taken back as the number.
      if (value.text !== undefined && value.hyperlink !== undefined && typeof value.text === "string" && value.text !== "" && String(Number(value.text)) === value.text) {
        return display(Number(value.text), numFmt);
      }
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
      if (Number.isFinite(value)) return generalNumber(value);
    }
    let cache = formatted.get(format);
    if (!cache || cache.size > 100_000) formatted.set(format, (cache = new Map()));
    const key = value instanceof Date ? `date:${value.getTime()}` : value;
    let text = cache.get(key);
    if (text === undefined) {
      try {
        const dbnum = /\[DBNum([123])\]/i.exec(format);
        const { masked, literals } = literalsOf(dbnum ? format.replace(/\[DBNum[123]\]/gi, "") : format);
        // A format of one section shows a negative number as the format shows its size with a
        // minus sign before everything, as Excel does: `$#,##0.00` gives -$12.50 (ExcelTS wrote
        // $-12.50, and £-12.50 for `[$£-809]#,##0.00`). Not dates and times (negatives are ####).
        const signFirst = typeof value === "number" && value < 0 && sectionsOf(format).length === 1 && !DATE_CODES.test(format.replace(/"[^"]*"?|\\.|\[[^\]]*\]?/g, ""));
        const calendar = calendarText(value, format) ?? fractionalTime(value, format);
        if (calendar !== null) {
          text = calendar;
        } else {
          text = signFirst ? `-${ExcelTS.formatCellValue(-value, masked)}` : ExcelTS.formatCellValue(value, masked);
          if (format.includes("[$")) text = localNames(text, value, format);
          if (literals.length) text = text.replace(/[\ue000-\ue0ff]/g, (c) => literals[c.charCodeAt(0) - 0xe000] ?? c);
          if (dbnum) text = text.replace(/\d+/g, (digits) => eastAsianNumber(digits, Number(dbnum[1]), true));
        }
      } catch {
        text = String(value);
      }
      cache.set(key, text);
    }
    return text;
  }

  // Excel's General fits a number in 11 characters: more than 11 digits, or a tiny number, in
  // scientific form (1.23457E+14), else rounded to the decimals that fit (45356.5883, where
  // ExcelTS wrote 45356.588299 and every digit of 123456789012345).
  function generalNumber(value) {
    const size = Math.abs(value);
    if (size >= 1e11 || (size < 1e-5 && size > 0)) return excelExponent(value, 5);
    const whole = String(Math.trunc(size)).length + (value < 0 ? 1 : 0);
    const fixed = value.toFixed(Math.max(0, 10 - whole));
    return fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
  }

  // A date format with a locale (`[$-407]dd. mmmm yyyy`, `[$-40C]dddd d mmmm yyyy`, as Excel and
  // LibreOffice write a date picked in another language) names its month and day in that
  // language, as Excel shows it: ExcelTS wrote English ("15. March 2023", and a French long date
  // too wide for its column showed ####). The locale's names come from the browser (Intl).
  const LOCALES = {
    0x405: "cs", 0x406: "da", 0x407: "de", 0x408: "el", 0x40a: "es", 0x40b: "fi", 0x40c: "fr", 0x40e: "hu",
    0x410: "it", 0x413: "nl", 0x414: "nb", 0x415: "pl", 0x416: "pt-BR", 0x418: "ro", 0x419: "ru", 0x41b: "sk",
    0x41d: "sv", 0x41f: "tr", 0x422: "uk", 0x424: "sl", 0x807: "de-CH", 0x80c: "fr-BE", 0x813: "nl-BE",
    0x816: "pt", 0xc07: "de-AT", 0xc0a: "es", 0xc0c: "fr-CA", 0x100c: "fr-CH", 0x81d: "sv-FI", 0x814: "nn",
    0x411: "ja", 0x412: "ko", 0x404: "zh-TW", 0x804: "zh-CN", 0x41e: "th", 0x401: "ar-SA", 0x40d: "he",
  };
  const EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  const EN_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
  const localeNames = new Map();
  function localNames(text, value, format) {
    const lcid = /\[\$[^\]-]*-([0-9A-Fa-f]{3,8})\]/.exec(format);
    const tag = lcid && LOCALES[parseInt(lcid[1], 16) & 0xffff];
    if (!tag || !isDateFormat(format) || ELAPSED.test(format)) return text;
    const date = value instanceof Date ? value : typeof value === "number" ? new Date(EXCEL_EPOCH_MS + Math.floor(value) * 86_400_000) : null;
    if (!date || !Number.isFinite(date.getTime())) return text;
    let names = localeNames.get(tag);
    if (!names) {
      const name = (options, at) => new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" }).format(at).replace(/\.$/, "");
      const separator = /\d(\D)\d/.exec(new Intl.DateTimeFormat(tag, { day: "2-digit", month: "2-digit", timeZone: "UTC" }).format(Date.UTC(2023, 2, 15)));
      names = {
        separator: separator ? separator[1] : "/",
        months: EN_MONTHS.map((_, m) => [name({ month: "long" }, Date.UTC(2023, m, 15)), name({ month: "short" }, Date.UTC(2023, m, 15))]),
        days: EN_DAYS.map((_, d) => [name({ weekday: "long" }, Date.UTC(2023, 0, 1 + d)), name({ weekday: "short" }, Date.UTC(2023, 0, 1 + d))]),
      };
      localeNames.set(tag, names);
    }
    const word = (english, local) => (out) => out.replace(new RegExp(`(?<![A-Za-z])${english}(?![A-Za-z])`, "g"), local);
    const m = date.getUTCMonth();
    const d = date.getUTCDay();
    // `/` in a date format is the date separator, the locale's own (LibreOffice saves a German
    // `dd. mmmm` as `dd/\ mmmm`); quoted and escaped slashes are masked here and stay.
    if (names.separator !== "/") text = text.replaceAll("/", names.separator);
    for (const swap of [word(EN_MONTHS[m], names.months[m][0]), word(EN_DAYS[d], names.days[d][0]), word(EN_MONTHS[m].slice(0, 3), names.months[m][1]), word(EN_DAYS[d].slice(0, 3), names.days[d][1])]) text = swap(text);
    return text;
  }

  // Dates in the calendars and eras Excel's Japanese, Thai, Arabic and Chinese date formats ask
  // for, which ExcelTS does not know: it wrote the codes as letters (`[$-411]ggge"年"m"月"d"日"`
  // showed "ggge年3月15日", `bbbb` "bbbb", `aaaa` "aaaa45001"), read `gge` as a number in
  // scientific form, left `[DBNum1]` in the text, and showed a Thai Buddhist (`[$-107041E]`,
  // calendar 7) or Hijri (`B2`, calendar 6) date as its Gregorian one: 2023 where Thailand
  // writes 2566. Such a format is drawn here: `g` `gg` `ggg` the Japanese era (R, 令, 令和), `e`
  // the year in it (元 for the first with `x-gannen`; the year itself outside Japanese), `b`
  // the Buddhist year, `aaa` `aaaa` the day of the week in the format's language (Japanese
  // without one), `B2` or calendar 6 the Hijri date (tabular, as Excel's Kuwaiti algorithm),
  // calendar 7 the Buddhist year for `yyyy`, `[DBNum1]` kanji numerals (the year digit by
  // digit, 二〇二三年三月十五日, as Excel and LibreOffice draw it), `[DBNum2]` their formal
  // forms, `[DBNum3]` full-width digits. Null for every other format.
  const CALENDAR_CODES = /[gb]|aaa|e(?![+-])/i;
  const CALENDAR_TOKEN = /"[^"]*"?|\\.|\[[^\]]*\]?|B[12]|y+|e+|g+|b+|m+|d+|a{3,}|h+|s+|AM\/PM|A\/P|\.0+|_.|\*.|[^]/gi;
  const JAPANESE_ERAS = [[Date.UTC(2019, 4, 1), "令和", "R"], [Date.UTC(1989, 0, 8), "平成", "H"], [Date.UTC(1926, 11, 25), "昭和", "S"], [Date.UTC(1912, 6, 30), "大正", "T"], [Date.UTC(1868, 0, 1), "明治", "M"]];
  const NATIVE_ZEROS = { 0x02: 0x660, 0x03: 0x6f0, 0x0d: 0xe50 };
  const calendarFormats = new Map();
  // A time with fractions of a second (`mm:ss.0`, `h:mm:ss.00`, `[h]:mm:ss.000`, `ss.00`: lap and
  // race times, a stopwatch's splits), which ExcelTS wrote with its seconds rounded to whole ones
  // before the fraction was added (10.63 s as "11.63") and `mm` before `:ss` as the month (10.6 s
  // in `mm:ss.0` read "12:11.6"; Excel shows "00:10.6"). Drawn here for a format of one section of
  // time codes only, rounded to the digits shown as Excel rounds it; anything else is ExcelTS's.
  const FRACTIONAL_TIME = /\[h+\]|\[m+\]|\[s+\]|h{1,2}|m{1,2}|s{1,2}|\.0{1,3}|AM\/PM|A\/P|[:\s]|"[^"]*"|\\./gi;
  function fractionalTime(value, format) {
    if (!/s\.0/i.test(format) || /[;[\]]/.test(format.replace(/\[(?:h+|m+|s+)\]/gi, ""))) return null;
    const tokens = format.match(FRACTIONAL_TIME) || [];
    if (tokens.join("") !== format) return null;
    const serial = value instanceof Date ? (value.getTime() - EXCEL_EPOCH_MS) / 86_400_000 : value;
    if (typeof serial !== "number" || !Number.isFinite(serial) || serial < 0) return null;
    const places = (tokens.find((t) => /^\.0/.test(t)) || ".0").length - 1;
    const scale = 10 ** places;
    const total = Math.round(serial * 86_400 * scale) / scale;
    const whole = Math.floor(total + 1e-9);
    const twelve = tokens.some((t) => /^A/i.test(t));
    const pad = (n, width) => String(n).padStart(width, "0");
    return tokens.map((t) => {
      const lower = t.toLowerCase();
      if (lower[0] === "[") {
        const n = lower[1] === "h" ? Math.floor(whole / 3600) : lower[1] === "m" ? Math.floor(whole / 60) : whole;
        return pad(n, lower.length - 2);
      }
      if (lower[0] === "h") {
        let h = Math.floor(whole / 3600) % 24;
        if (twelve) h = h % 12 || 12;
        return pad(h, lower.length);
      }
      if (lower[0] === "m") return pad(Math.floor(whole / 60) % 60, lower.length);
      if (lower[0] === "s") return pad(whole % 60, lower.length);
      if (lower[0] === ".") return `.${pad(Math.round((total - whole) * scale), places)}`;
      if (lower === "am/pm") return Math.floor(whole / 3600) % 24 < 12 ? "AM" : "PM";
      if (lower === "a/p") return Math.floor(whole / 3600) % 24 < 12 ? "A" : "P";
      if (t[0] === '"') return t.slice(1, -1);
      if (t[0] === "\\") return t[1];
      return t;
    }).join("");
  }

  function calendarText(value, format) {
    let plan = calendarFormats.get(format);
    if (plan === undefined) {
      plan = calendarPlan(format);
      if (calendarFormats.size > 10_000) calendarFormats.clear();
      calendarFormats.set(format, plan);
    }
    if (!plan) return null;
    const serial = value instanceof Date ? (value.getTime() - EXCEL_EPOCH_MS) / 86_400_000 : value;
    if (typeof serial !== "number" || !Number.isFinite(serial) || serial < 0) return null;
    let day = Math.floor(serial);
    let seconds = Math.round((serial - day) * 86_400);
    if (seconds >= 86_400) {
      day += 1;
      seconds -= 86_400;
    }
    const at = new Date(EXCEL_EPOCH_MS + day * 86_400_000);
    let [year, month, date] = [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()];
    const { tag, japanese, calendar, dbnum, tokens } = plan;
    const intl = (locale, options) => new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(at);
    if (plan.hijri) {
      const parts = new Intl.DateTimeFormat("en-u-ca-islamic-civil", { year: "numeric", month: "numeric", day: "numeric", timeZone: "UTC" }).formatToParts(at);
      const part = (type) => Number((parts.find((p) => p.type === type) || {}).value);
      [year, month, date] = [part("year"), part("month"), part("day")];
    } else if (calendar === 7) {
      year += 543;
    }
    const era = JAPANESE_ERAS.find(([start]) => at.getTime() >= start) || JAPANESE_ERAS[JAPANESE_ERAS.length - 1];
    const eraYear = japanese ? at.getUTCFullYear() - new Date(era[0]).getUTCFullYear() + 1 : calendar === 7 ? year : at.getUTCFullYear();
    const [hour, minute, second] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
    const twelve = tokens.some((t) => /^(AM\/PM|A\/P)$/i.test(t.text));
    const number = (n, width, positional) => {
      const digits = String(n).padStart(width, "0");
      if (plan.zero) return digits.replace(/\d/g, (d) => String.fromCharCode(plan.zero + Number(d)));
      return dbnum ? eastAsianNumber(digits, dbnum, positional) : digits;
    };
    const names = (options) => intl(plan.hijri ? `${tag || "en"}-u-ca-islamic-civil` : tag || "en-US", options);
    return tokens.map(({ text, kind }) => {
      const n = text.length;
      switch (kind) {
        case "y": return n <= 2 ? number(year % 100, 2, false) : number(year, 1, false);
        case "b": return n <= 2 ? number((at.getUTCFullYear() + 543) % 100, 2, false) : number(at.getUTCFullYear() + 543, 1, false);
        case "e": return japanese && eraYear === 1 && plan.gannen ? "元" : number(eraYear, n >= 2 ? 2 : 1, true);
        case "g": return japanese ? (n === 1 ? era[2] : n === 2 ? era[1][0] : era[1]) : "";
        case "month": return n >= 5 ? names({ month: "long" })[0] : n === 4 ? names({ month: "long" }) : n === 3 ? names({ month: "short" }) : number(month, n, true);
        case "d": return n >= 4 ? names({ weekday: "long" }) : n === 3 ? names({ weekday: "short" }) : number(date, n, true);
        case "a": return intl(tag || "ja", { weekday: n >= 4 ? "long" : "short" });
        case "h": return number(twelve ? ((hour + 11) % 12) + 1 : hour, Math.min(n, 2), true);
        case "minute": return number(minute, Math.min(n, 2), true);
        case "s": return number(second, Math.min(n, 2), true);
        case "ampm": return text.length > 3 ? (hour < 12 ? "AM" : "PM") : hour < 12 ? "A" : "P";
        default: return text;
      }
    }).join("");
  }

  function calendarPlan(format) {
    const section = format.includes(";") ? sectionsOf(format)[0] : format;
    const bare = section.replace(/"[^"]*"?|\\.|\[[^\]]*\]?/g, "");
    const locale = /\[\$[^\]-]*-([^\]]+)\]/.exec(section);
    const lcid = locale && /^[0-9A-Fa-f]{3,8}$/.test(locale[1]) ? parseInt(locale[1], 16) : null;
    const calendar = lcid === null ? 0 : (lcid >> 16) & 0xff;
    // The top byte of `[$-ttCCLLLL]` names the digits (LibreOffice saves `[DBNum1]` as
    // `[$-1B000411]`): 1B-1D Japanese DBNum1-3, 02 Arabic-Indic, 03 Eastern Arabic-Indic, 0D Thai.
    const shape = lcid === null ? 0 : lcid >>> 24;
    const dbnum = /\[DBNum([123])\]/i.exec(section) || (shape >= 0x1b && shape <= 0x1d ? [null, shape - 0x1a] : null);
    const zero = NATIVE_ZEROS[shape] || 0;
    const hijri = /^\s*B2/.test(bare) || calendar === 6;
    const codes = bare.replace(/^\s*B[12]/, "");
    if (/general/i.test(codes) || /[#0?@]/.test(codes.replace(/\.0+/g, "")) || !/[ydmgbe]|aaa/i.test(codes)) return null;
    if (!dbnum && !zero && !hijri && calendar !== 7 && !CALENDAR_CODES.test(codes) && !/^\s*B1/.test(bare)) return null;
    const tag = lcid !== null ? LOCALES[lcid & 0xffff] : locale ? locale[1].replace(/-x-.*$/, "") : null;
    const japanese = (lcid !== null && (lcid & 0xffff) === 0x411) || /^ja\b/i.test(locale ? locale[1] : "") || calendar === 3;
    const tokens = [];
    for (const text of section.match(CALENDAR_TOKEN) || []) {
      const c = text[0];
      if (c === '"') tokens.push({ text: text.slice(1, text.endsWith('"') && text.length > 1 ? -1 : undefined), kind: "literal" });
      else if (c === "\\") tokens.push({ text: text.slice(1), kind: "literal" });
      else if (c === "[" || /^B[12]$/.test(text) || c === "*") continue;
      else if (c === "_") tokens.push({ text: " ", kind: "literal" });
      else if (/^(AM\/PM|A\/P)$/i.test(text)) tokens.push({ text, kind: "ampm" });
      else if (/^a{3,}$/i.test(text)) tokens.push({ text, kind: "a" });
      else if (/^[yebgdhs]/i.test(text)) tokens.push({ text, kind: text[0].toLowerCase() === "y" ? "y" : text[0].toLowerCase() });
      else if (/^m/i.test(text)) tokens.push({ text, kind: "month" });
      else tokens.push({ text, kind: "literal" });
    }
    // `m` after an hour or before a second is minutes, as Excel reads it.
    const timed = tokens.filter((t) => t.kind !== "literal" && t.kind !== "ampm");
    timed.forEach((t, i) => {
      if (t.kind === "month" && t.text.length <= 2 && ((timed[i - 1] && timed[i - 1].kind === "h") || (timed[i + 1] && timed[i + 1].kind === "s"))) t.kind = "minute";
    });
    return { tag, japanese, calendar, hijri, gannen: /gannen/i.test(section), dbnum: dbnum ? Number(dbnum[1]) : 0, zero, tokens };
  }

  // Digits as `[DBNumN]` writes them: 1 kanji (positional: 千二百三十四, or digit by digit for a
  // year: 二〇二三), 2 the formal kanji, 3 full-width digits.
  function eastAsianNumber(digits, dbnum, positional) {
    if (dbnum === 3) return digits.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    const figures = dbnum === 2 ? "〇壱弐参四伍六七八九" : "〇一二三四五六七八九";
    if (!positional || digits.length > 16) return digits.replace(/\d/g, (d) => figures[d]);
    const units = dbnum === 2 ? ["", "拾", "百", "阡"] : ["", "十", "百", "千"];
    const groups = ["", dbnum === 2 ? "萬" : "万", "億", "兆"];
    const plain = digits.replace(/^0+(?=\d)/, "");
    if (/^0+$/.test(plain)) return figures[0];
    let out = "";
    const padded = plain.padStart(Math.ceil(plain.length / 4) * 4, "0");
    for (let g = 0; g < padded.length / 4; g++) {
      const group = padded.slice(g * 4, g * 4 + 4);
      if (group === "0000") continue;
      for (let p = 0; p < 4; p++) {
        const d = Number(group[p]);
        const unit = units[3 - p];
        if (d === 0) continue;
        out += d === 1 && unit && dbnum === 1 ? unit : figures[d] + unit;
      }
      out += groups[padded.length / 4 - 1 - g];
    }
    return out;
  }

  // The letters of a date or time format (outside its quoted text, escapes and brackets).
  const DATE_CODES = /[dmyhsgbe]/i;

  // A format's sections (split at `;` outside quotes, escapes and brackets), once per format.
  const sectionLists = new Map();
  function sectionsOf(format) {
    let sections = sectionLists.get(format);
    if (!sections) {
      sections = [""];
      for (const token of format.match(/"[^"]*"?|\\.|\[[^\]]*\]?|[^"\\[]/g) || []) {
        if (token === ";") sections.push("");
        else sections[sections.length - 1] += token;
      }
      if (sectionLists.size > 10_000) sectionLists.clear();
      sectionLists.set(format, sections);
    }
    return sections;
  }

  // The section Excel uses for the number `n` (undefined when a format's conditions leave none).
  function sectionFor(format, n) {
    if (!format.includes(";")) return undefined;
    const sections = sectionsOf(format);
    if (sections.some((section) => CONDITION.test(section))) return sections[conditionalSection(sections, n)];
    if (n < 0 && sections.length > 1) return sections[1];
    if (n === 0 && sections.length > 2) return sections[2];
    return sections[0];
  }

  // Text as a format's text section shows it: the fourth section, or a lone section holding
  // `@` (`"Total: "@`), with its quoted words and escapes, spaces for `_x`, and `@` the text.
  function formatText(text, format) {
    if (!format.includes("@") && !format.includes(";")) return text;
    const sections = sectionsOf(format);
    const section = sections.length > 3 ? sections[3] : sections.length === 1 && sections[0].includes("@") ? sections[0] : null;
    if (section === null || section === "@") return text;
    return (section.match(/"[^"]*"?|\\.|_.|\*.|\[[^\]]*\]?|[^]/g) || []).map((token) => {
      if (token[0] === '"') return token.slice(1, token.endsWith('"') && token.length > 1 ? -1 : undefined);
      if (token[0] === "\\") return token.slice(1);
      if (token[0] === "_") return " ";
      if (token[0] === "*" || token[0] === "[") return "";
      return token === "@" ? text : token;
    }).join("");
  }

  // `value` as Excel writes a number in scientific form: at most `decimals` decimals, trailing
  // zeros dropped, a signed exponent of at least two digits (1.23457E+14, 1E-07).
  function excelExponent(value, decimals) {
    const [mantissa, exponent] = value.toExponential(decimals).split("e");
    const e = Number(exponent);
    return `${mantissa.includes(".") ? mantissa.replace(/\.?0+$/, "") : mantissa}E${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }

  // ExcelTS reads the letters of a format's literal text as codes and drops the symbol of a
  // currency with its locale: `0" days"` showed "0 days" for 12, `"USD" #,##0.00` and
  // `#,##0.00 "CHF"` their format, and `#,##0.00 [$€-407]` (what Excel and LibreOffice write for
  // a currency picked with its country) lost the €. Each literal run (quoted text, a `\x` escape of
  // a letter, the symbol of `[$sym-locale]`) goes to it as a private-use character, which it
  // copies as it is, and is put back after. `[$-409]` (a locale alone) is left to ExcelTS.
  // A fill (`*x`, the accounting formats' `$* #,##0.00`: repeat x to fill the cell) goes the same
  // way and comes back as FILL followed by x, which the page spreads across the cell's width.
  const LITERAL = /"([^"]*)"|\\(.)|\[\$([^\]-]+)(?:-[^\]]*)?\]|\*(.)/g;
  const FILL = "\u0001";
  const masks = new Map();

  function literalsOf(format) {
    let mask = masks.get(format);
    if (!mask) {
      const literals = [];
      const masked = /["\\[*]/.test(format)
        ? format.replace(LITERAL, (whole, quoted, escaped, symbol, fill) => {
            if (literals.length === 256) return whole;
            literals.push(fill !== undefined ? FILL + fill : quoted ?? escaped ?? symbol);
            return String.fromCharCode(0xe000 + literals.length - 1);
          })
        : format;
      mask = { masked, literals };
      if (masks.size > 10_000) masks.clear();
      masks.set(format, mask);
    }
    return mask;
  }
}
