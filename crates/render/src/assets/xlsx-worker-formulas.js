// The spreadsheet worker's formulas (see xlsx-worker.js): calculation with the workbook's own
// engine, and the circular-reference search. Stringified into the worker beside sheetWorker, so it
// sees only what sheetWorker hands it.
function sheetFormulas(shared) {
  "use strict";
  const { KIND, FORMULA, display, hidesZero } = shared;

  const MAX_EDGES = 4_000_000; // circular-reference search gives up past this many dependencies
  // The engine reads a range as a dense rectangle of its cells (whole columns and rows cut to the
  // sheet's used rows and columns): a formula whose ranges hold more cells than this is not
  // handed to it. 16 whole columns of a full sheet; `=SUM(D:XFD)` beside a stray cell at
  // XFD1048576 is 17 billion cells, which kept every formula of the workbook waiting for the
  // 60 s limit.
  const MAX_RANGE_CELLS = 16_777_216;
  // What such a formula is handed over as: a function the engine does not know, so it and
  // every formula depending on it gets #NAME? and shows its formula, as for any function the
  // viewer does not support.
  const TOO_LARGE = "PLUGRANGETOOLARGE()";
  // A table's calculated column as XlsxWriter writes it (`[[#This Row],Q1]`, Excel 2007's form
  // with the column name bare), which Excel reads and the engine does not: it left the column
  // and every total over it blank. The same reference in the form the engine reads.
  const THIS_ROW = /\[\[#This Row\],\s*([^[\]]+?)\]/gi;

  // A bracket at the formula's top level that no name, sheet or bracket comes before and none
  // after: a table column named without its table.
  const BARE_COLUMN = /(?:^|[^\w\].'\\])\[(?![@#[])[^[\]]+\](?![\w!'[])/;
  function qualifyColumns(text, name) {
    let out = "";
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === "[" && depth === 0) {
        const bare = /^\[(?![@#[])[^[\]]+\](?![\w!'[])/.exec(text.slice(i));
        if (bare && !/[\w\].'\\]/.test(text[i - 1] || "")) {
          out += name + bare[0];
          i += bare[0].length - 1;
          continue;
        }
      }
      if (c === "[") depth++;
      else if (c === "]") depth = Math.max(0, depth - 1);
      out += c;
    }
    return out;
  }

  // The name of the table whose range holds the cell, or null.
  function tableAt(cell) {
    let tables = [];
    try {
      tables = cell.worksheet && typeof cell.worksheet.getTables === "function" ? cell.worksheet.getTables() : [];
    } catch {
      return null;
    }
    for (const table of tables) {
      const model = table && (table.table || table.model);
      const box = model && /^\$?([A-Z]+)\$?(\d+):\$?([A-Z]+)\$?(\d+)$/.exec(model.tableRef || model.ref || "");
      if (!box || !model.name) continue;
      const column = (letters) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
      if (cell.row >= Number(box[2]) && cell.row <= Number(box[4]) && cell.col >= column(box[1]) && cell.col <= column(box[3])) return model.name;
    }
    return null;
  }

  // `change` applied to a formula's text outside its quoted strings.
  function outsideQuotes(formula, change) {
    return formula.split(/("(?:[^"]|"")*")/).map((part, i) => (i % 2 ? part : change(part))).join("");
  }

  // Calculates the workbook, then reads back each pending cell: a function the engine does not
  // know (#NAME?) or a circular reference shows the formula itself rather than a wrong number.
  function calculate(workbook, sheets, pending, restyle) {
    for (const { cell } of pending) {
      const value = cell.value || {};
      const formula = value.formula;
      if (typeof formula === "string" && THIS_ROW.test(formula)) cell.value = { ...value, formula: formula.replace(THIS_ROW, "[@[$1]]") };
      // A column named without its table (`SUBTOTAL(109,[qty])`, as LibreOffice saves a totals
      // row) means the table the cell is in, as Excel reads it; the engine gave #REF!.
      if (typeof cell.value.formula === "string" && BARE_COLUMN.test(cell.value.formula)) {
        const name = tableAt(cell);
        if (name) cell.value = { ...cell.value, formula: outsideQuotes(cell.value.formula, (part) => qualifyColumns(part, name)) };
      }
      // A one-cell array formula entered with Ctrl+Shift+Enter (`{=SUM(C2:C5*2)}`, XlsxWriter's
      // write_array_formula) gets no result from the engine, which evaluates the same formula
      // plain over arrays: it is handed over plain.
      if (typeof formula === "string" && value.shareType === "array" && !value.isDynamicArray && !String(value.ref || "").includes(":")) {
        cell.value = { formula: cell.value.formula };
      }
      // A LAMBDA called where it is written (`=LAMBDA(a,b,a*b)(C2,3)`, how Excel's own help has
      // a LAMBDA tried before it is named), which the engine cannot parse, as the LET it means.
      if (typeof cell.value.formula === "string" && LAMBDA_CALL.test(cell.value.formula)) {
        const called = letOfLambdaCalls(cell.value.formula);
        if (called !== cell.value.formula) cell.value = { ...cell.value, formula: called };
      }
      cell.result = undefined;
    }
    const tooLarge = setAsideLarge(workbook, pending);
    const before = filledBefore(pending);
    let failure = null;
    try {
      ExcelTS.calculateFormulas(workbook);
      // A spill reference names the range its anchor spilled into, known only now: the formulas
      // that name one are pointed at that range and the workbook is calculated again.
      if (before.size > 0 && pointAtSpills(pending, before)) ExcelTS.calculateFormulas(workbook);
    } catch (error) {
      failure = error;
    }
    // The set-aside aggregates, added up from the stored cells; a formula depending on one got
    // #NAME? from its stand-in, so then each becomes its value and the workbook is calculated
    // once more (`=B1*2` beside `B1: =SUM(D:XFD)`).
    const sums = new Map();
    if (!failure && tooLarge.size > 0) {
      for (const [cell, formula] of tooLarge) {
        const value = aggregateSparse(workbook, cell, formula);
        if (value !== undefined) sums.set(cell, value);
      }
      const waiting = pending.some(({ cell }) => !tooLarge.has(cell) && cell.result && cell.result.error === "#NAME?");
      if (sums.size > 0 && waiting) {
        for (const [cell, value] of sums) cell.value = value;
        try {
          ExcelTS.calculateFormulas(workbook);
        } catch (error) {
          failure = error;
        }
      }
    }
    const circular = failure ? new Set() : findCircular(workbook);
    const spills = failure ? [] : spilled(before);
    const updates = sheets.map(() => ({ at: [], texts: [], kinds: [], styleIds: [] }));
    for (const item of pending) {
      const shown = failure ? null : readResult(item, circular);
      const update = updates[item.sheet];
      update.at.push(item.at);
      const large = tooLarge.get(item.cell);
      const sparse = large && !failure ? sums.get(item.cell) : undefined;
      const counted = sparse !== undefined && (display(sparse, item.numFmt) || { text: "", kind: KIND.empty });
      if (counted) {
        update.texts.push(counted.text);
        update.kinds.push(counted.kind);
        update.styleIds.push(counted.kind === KIND.number || counted.kind === KIND.general ? restyle(item, sparse) : -1);
      } else if (large) {
        update.texts.push(`=${large}`);
        update.kinds.push(KIND.tooLarge);
        update.styleIds.push(-1);
      } else if (shown) {
        update.texts.push(shown.text);
        update.kinds.push(shown.kind);
        update.styleIds.push(shown.kind === KIND.number || shown.kind === KIND.general ? restyle(item, item.cell.result) : -1);
      } else {
        update.texts.push(`=${item.cell.formula}`);
        update.kinds.push(circular.has(item.cell) ? KIND.circular : KIND.unsupported);
        update.styleIds.push(-1);
      }
    }
    return {
      updates: updates.map((u, sheet) => ({ sheet, at: Int32Array.from(u.at), texts: u.texts, kinds: Uint8Array.from(u.kinds), styleIds: Int32Array.from(u.styleIds) })),
      spills,
    };
  }

  // The pending formulas whose ranges hold more than MAX_RANGE_CELLS cells, each handed to the
  // engine as TOO_LARGE instead: Map cell -> its own formula text.
  function setAsideLarge(workbook, pending) {
    const set = new Map();
    const sheetIndex = new Map(workbook.worksheets.map((sheet, s) => [sheet.name.toLowerCase(), s]));
    const used = new Map();
    const dimensions = (s) => {
      if (!used.has(s)) {
        const d = workbook.worksheets[s].dimensions;
        used.set(s, d && Number(d.bottom) > 0 ? { top: d.top, left: d.left, bottom: d.bottom, right: d.right } : null);
      }
      return used.get(s);
    };
    for (const { cell } of pending) {
      const formula = cell.value && cell.value.formula;
      // Only a formula naming a whole column or row, or a range of more than a million cells in
      // its text, can pass the bound: the rest are not tokenized again.
      if (typeof formula !== "string" || !/(?:^|[^\w.])\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}(?![\w(])|\d:\$?\d|[A-Za-z]{1,3}\$?\d{5,}/.test(formula)) continue;
      const home = workbook.worksheets.indexOf(cell.worksheet);
      let cells = 0;
      for (const ref of references(formula, home, sheetIndex)) {
        for (const s of ref.sheets) {
          let { top, left, bottom, right } = ref;
          const whole = [top === 1 && bottom === MAX_ROW, left === 1 && right === MAX_COL];
          if (whole[0] || whole[1]) {
            const d = dimensions(s);
            if (!d) continue;
            if (whole[0]) [top, bottom] = [d.top, d.bottom];
            if (whole[1]) [left, right] = [d.left, d.right];
          }
          cells += Math.max(0, bottom - top + 1) * Math.max(0, right - left + 1);
        }
      }
      if (cells > MAX_RANGE_CELLS) {
        set.set(cell, formula);
        cell.value = { formula: TOO_LARGE };
      }
    }
    return set;
  }

  // A formula set aside for its size that is one aggregate of ranges (`=SUM(D:XFD)`,
  // `=COUNTA(Data!A:Z)`, as a total over "everything to the right" is written) is calculated here
  // from the cells the sheets store, after the engine (a formula cell counts with its result):
  // Excel ignores text and booleans in such ranges, as here, and an error in them is the result.
  // Undefined for any other formula, which keeps its formula text.
  const AGGREGATE = /^\s*=?\s*(SUM|COUNT|COUNTA|MIN|MAX|AVERAGE)\s*\(([^()"]*)\)\s*$/i;
  const RANGE_ARGUMENT = /^\s*(?:(?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?(?:\$?[A-Za-z]{1,3}\$?\d*:\$?[A-Za-z]{1,3}\$?\d*|\$?\d+:\$?\d+|\$?[A-Za-z]{1,3}\$?\d+)\s*$/;
  function aggregateSparse(workbook, cell, formula) {
    const call = AGGREGATE.exec(formula);
    if (!call || !call[2].split(",").every((part) => RANGE_ARGUMENT.test(part))) return undefined;
    const sheetIndex = new Map(workbook.worksheets.map((sheet, s) => [sheet.name.toLowerCase(), s]));
    const refs = references(formula, workbook.worksheets.indexOf(cell.worksheet), sheetIndex);
    const name = call[1].toUpperCase();
    let sum = 0;
    let count = 0;
    let filled = 0;
    let min = Infinity;
    let max = -Infinity;
    let error = null;
    for (const ref of refs) {
      for (const s of ref.sheets) {
        workbook.worksheets[s].eachRow((row, r) => {
          if (r < ref.top || r > ref.bottom) return;
          row.eachCell((c, col) => {
            // The cells a merged range covers repeat its value (ExcelTS's Merge type, 1).
            if (col < ref.left || col > ref.right || c === cell || c.type === 1) return;
            let value = c.type === FORMULA ? c.result : c.value;
            if (value === null || value === undefined || value === "") return;
            filled += 1;
            // A date counts as its serial (1900 system).
            if (value instanceof Date) value = (value.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
            if (value && typeof value === "object" && typeof value.error === "string") error = error || value;
            else if (typeof value === "number" && Number.isFinite(value)) {
              sum += value;
              count += 1;
              min = Math.min(min, value);
              max = Math.max(max, value);
            }
          });
        });
      }
    }
    if (name === "COUNT") return count;
    if (name === "COUNTA") return filled;
    if (error) return error;
    if (name === "SUM") return sum;
    if (name === "MIN") return count ? min : 0;
    if (name === "MAX") return count ? max : 0;
    return count ? sum / count : { error: "#DIV/0!" };
  }

  // A formula's result as Excel shows it. A reference to an empty cell (`=C1`) is 0 in Excel;
  // the engine leaves no result, which showed blank. It leaves none either for a spill reference
  // (`=SUM(L1#)`), which it does not read: that shows its formula, as an unknown function does.
  // Nor does it for a formula it cannot parse (a LAMBDA called with an optional parameter left
  // out, `=LAMBDA(x,[y],…)(1)`), which showed 0 too: that shows its formula. A LAMBDA that is
  // the whole formula is never called, and Excel shows #CALC! there.
  const SPILL_REFERENCE = /(?:^|[^"\w.])\$?[A-Za-z]{1,3}\$?\d+#/;
  const BARE_LAMBDA = /^\s*=?\s*(?:_xlfn\.)?LAMBDA\s*\(/i;
  function readResult({ cell, numFmt }, circular) {
    if (circular.has(cell)) return null;
    let result = cell.result;
    if (result && typeof result === "object" && result.error === "#NAME?") return null;
    if (result === null || result === undefined) {
      const formula = String(cell.formula || "");
      if (SPILL_REFERENCE.test(formula) || !parses(formula)) return null;
      result = BARE_LAMBDA.test(formula) && callAt(formula, formula.indexOf("("))?.end === formula.trimEnd().length - 1 ? { error: "#CALC!" } : 0;
    }
    return (!hidesZero(cell, result) && display(result, numFmt)) || { text: "", kind: KIND.empty };
  }

  // A dynamic array formula without stored results (XlsxWriter's write_dynamic_array_formula
  // stores the anchor alone: `ref` is its own cell) spills: the engine writes the rest of its
  // values into cells the sheet's model does not have. Before calculating, the cells that hold
  // something on each sheet with such a formula are noted; after, every new one is a spilled
  // value, sent to the page as [row, col, text, kind] (0-based) to add to its sheet.
  function filledBefore(pending) {
    const sheets = new Map();
    for (const { sheet, cell } of pending) {
      const value = cell.value || {};
      if (!value.isDynamicArray || sheets.has(sheet) || !cell.worksheet) continue;
      const filled = new Set();
      cell.worksheet.eachRow((row) => row.eachCell((c) => filled.add(c.row * 16384 + c.col)));
      sheets.set(sheet, { worksheet: cell.worksheet, filled });
    }
    return sheets;
  }

  // `I1#` (as XlsxWriter writes it) or `_xlfn.ANCHORARRAY(I1)` (as Excel saves it), on the
  // formula's own sheet or another one: the cells the formula at I1 spilled into, which the
  // engine does not read (`=SUMIFS(F:F,B:B,I1#)` beside `=UNIQUE(B2:B21)` showed its formula).
  const SPILL_REFERENCES = /_xlfn\.ANCHORARRAY\(\s*((?:'[^']+'|[A-Za-z_][\w.]*)!)?(\$?[A-Za-z]{1,3}\$?\d+)\s*\)|((?:'[^']+'|[A-Za-z_][\w.]*)!)?(\$?[A-Za-z]{1,3}\$?\d+)#/g;

  function pointAtSpills(pending, before) {
    const filledBy = new Map([...before.values()].map(({ worksheet, filled }) => [worksheet, filled]));
    const anchors = new Map();
    for (const { cell } of pending) {
      const filled = filledBy.get(cell.worksheet);
      if (!filled || !(cell.value || {}).isDynamicArray) continue;
      const spilledAt = (row, col) => {
        const c = cell.worksheet.findCell(row, col);
        return Boolean(c) && c.type !== FORMULA && !filled.has(row * 16384 + col) && c.value !== null && c.value !== undefined;
      };
      let bottom = cell.row;
      let right = cell.col;
      while (spilledAt(bottom + 1, cell.col)) bottom += 1;
      while (spilledAt(cell.row, right + 1)) right += 1;
      anchors.set(`${cell.worksheet.name.toLowerCase()}!${cell.row}:${cell.col}`, `${columnName(cell.col)}${cell.row}:${columnName(right)}${bottom}`);
    }
    let changed = false;
    for (const { cell } of pending) {
      const value = cell.value || {};
      if (typeof value.formula !== "string" || !/#|ANCHORARRAY/i.test(value.formula)) continue;
      const lifted = value.isDynamicArray ? liftOverSpills(value.formula) : value.formula;
      const formula = lifted.replace(SPILL_REFERENCES, (whole, prefixA, addressA, prefixB, addressB) => {
        const prefix = prefixA || prefixB || "";
        const at = parseAddress(addressA || addressB);
        const sheet = prefix ? prefix.slice(0, -1).replace(/^'(.*)'$/, "$1").replace(/''/g, "'") : cell.worksheet.name;
        const range = at && anchors.get(`${sheet.toLowerCase()}!${at.row}:${at.col}`);
        return range ? prefix + range : whole;
      });
      if (formula === value.formula) continue;
      cell.value = { ...value, formula };
      cell.result = undefined;
      changed = true;
    }
    return changed;
  }

  // Excel lifts a function over an array given where it takes one value: `=SUMIFS(F:F,B:B,I1#)`
  // beside `=UNIQUE(B2:B21)` spills one sum per name. The engine does not (it gives the first
  // value only), but it calculates MAP and LAMBDA: in a dynamic array formula, a call of one of
  // these functions with a spill reference at a one-value place is written as
  // `MAP(I1#,LAMBDA(plug_a,SUMIFS(F:F,B:B,plug_a)))`. Places by function (0-based); `odd`/`even`
  // are every such place from 1 or 2 on (the criteria of COUNTIFS and SUMIFS).
  const ONE_VALUE_PLACES = {
    SUMIF: [1], COUNTIF: [1], AVERAGEIF: [1], SUMIFS: "even", AVERAGEIFS: "even", MAXIFS: "even", MINIFS: "even", COUNTIFS: "odd",
    VLOOKUP: [0], HLOOKUP: [0], XLOOKUP: [0], MATCH: [0], XMATCH: [0], LEN: [0], UPPER: [0], LOWER: [0], TRIM: [0], PROPER: [0],
    LEFT: [0, 1], RIGHT: [0, 1], MID: [0, 1, 2], TEXT: [0, 1], VALUE: [0], ABS: [0], INT: [0], ROUND: [0, 1], YEAR: [0], MONTH: [0], DAY: [0],
  };
  const CALLS = new RegExp(`(?:_xlfn\\.)?\\b(${Object.keys(ONE_VALUE_PLACES).join("|")})\\s*\\(`, "gi");
  const HAS_SPILL = /_xlfn\.ANCHORARRAY\(|\$?[A-Za-z]{1,3}\$?\d+#/i;

  function liftOverSpills(formula) {
    const starts = [];
    for (const m of formula.matchAll(CALLS)) if (!insideString(formula, m.index)) starts.push({ at: m.index, name: m[1].toUpperCase(), open: m.index + m[0].length - 1 });
    let text = formula;
    for (const { at, name, open } of starts.reverse()) {
      const call = callAt(text, open);
      if (!call) continue;
      const places = ONE_VALUE_PLACES[name];
      const lifted = call.args.map((arg, i) => {
        const one = Array.isArray(places) ? places.includes(i) : places === "odd" ? i % 2 === 1 : i >= 2 && i % 2 === 0;
        return one && HAS_SPILL.test(arg);
      });
      if (!lifted.some(Boolean)) continue;
      const names = [];
      const arrays = [];
      const args = call.args.map((arg, i) => {
        if (!lifted[i]) return arg;
        const param = `plug_${String.fromCharCode(97 + names.length)}`;
        names.push(param);
        arrays.push(`(${arg})`);
        return param;
      });
      const inner = `${text.slice(at, open + 1)}${args.join(",")})`;
      text = `${text.slice(0, at)}MAP(${arrays.join(",")},LAMBDA(${names.join(",")},${inner}))${text.slice(call.end + 1)}`;
    }
    return text;
  }

  function parses(formula) {
    try {
      ExcelTS.parse(ExcelTS.tokenize(formula.replace(/^\s*=/, "")));
      return true;
    } catch {
      return false;
    }
  }

  // `LAMBDA(p1,p2,body)(a1,a2)` as `LET(p1,a1,p2,a2,body)`, innermost first, where each
  // parameter is given (an optional `[p]` left out stays, and shows its formula).
  const LAMBDA_CALL = /(?:_xlfn\.)?\bLAMBDA\s*\(/i;
  function letOfLambdaCalls(formula) {
    let text = formula;
    for (let guard = 0; guard < 50; guard++) {
      const starts = [...text.matchAll(new RegExp(LAMBDA_CALL.source, "gi"))].filter((m) => !insideString(text, m.index));
      let changed = false;
      for (const m of starts.reverse()) {
        const open = m.index + m[0].length - 1;
        const lambda = callAt(text, open);
        if (!lambda || text[lambda.end + 1] !== "(") continue;
        const call = callAt(text, lambda.end + 1);
        const params = lambda.args.slice(0, -1).map((p) => p.trim());
        if (!call || params.length === 0 || params.length !== call.args.length || params.some((p) => !/^[A-Za-z_][\w.]*$/.test(p))) continue;
        const pairs = params.map((p, i) => `${p},${call.args[i]}`).join(",");
        text = `${text.slice(0, m.index)}${m[0].startsWith("_xlfn.") ? "_xlfn." : ""}LET(${pairs},${lambda.args[lambda.args.length - 1]})${text.slice(call.end + 1)}`;
        changed = true;
        break;
      }
      if (!changed) break;
    }
    return text;
  }

  function insideString(text, index) {
    let quotes = 0;
    for (let i = 0; i < index; i++) if (text[i] === '"') quotes += 1;
    return quotes % 2 === 1;
  }

  // The arguments of the call whose "(" is at `open`, and the index of its ")".
  function callAt(text, open) {
    const args = [];
    let depth = 0;
    let from = open + 1;
    let quoted = false;
    for (let i = open; i < text.length; i++) {
      const ch = text[i];
      if (ch === '"') quoted = !quoted;
      if (quoted) continue;
      if (ch === "(" || ch === "{") depth += 1;
      else if (ch === ")" || ch === "}") {
        depth -= 1;
        if (depth === 0) {
          args.push(text.slice(from, i));
          return { args, end: i };
        }
      } else if (ch === "," && depth === 1) {
        args.push(text.slice(from, i));
        from = i + 1;
      }
    }
    return null;
  }

  function columnName(col) {
    let name = "";
    for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    return name;
  }

  function spilled(before) {
    const spills = [];
    for (const [sheet, { worksheet, filled }] of before) {
      const cells = [];
      worksheet.eachRow((row) => row.eachCell((c) => {
        if (c.type === FORMULA || filled.has(c.row * 16384 + c.col)) return;
        const shown = !hidesZero(c, c.value) && display(c.value, c.numFmt);
        if (shown) cells.push([c.row - 1, c.col - 1, shown.text, shown.kind]);
      }));
      if (cells.length) spills.push({ sheet, cells });
    }
    return spills;
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

  return { calculate };
}
