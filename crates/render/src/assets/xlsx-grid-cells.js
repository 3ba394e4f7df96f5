// The spreadsheet grid's rows and cells (see xlsx-grid.js, which this file follows in the same
// scope).

// ------------------------------------------------------------------ rows and cells

// Rows `rows` (half-open) of columns `cols`, stacked in one positioned element at the columns'
// left (with the row numbers, at the pane's left).
function blockElement(grid, rows, cols, rowHeaders) {
  const { layout } = grid;
  const block = document.createElement("div");
  block.className = "plug-block";
  block.style.top = `${layout.headerHeight + layout.rowTop[rows[0]]}px`;
  if (!rowHeaders) block.style.left = `${layout.headerWidth + layout.colLeft[cols[0]]}px`;
  for (let r = rows[0]; r < rows[1]; r++) {
    if (layout.rowTop[r + 1] > layout.rowTop[r]) block.appendChild(rowElement(grid, r, cols, rowHeaders));
  }
  return block;
}

// One row as a flex line: its number (in the left panes), then its stored cells, each moved to
// its column by a margin. Merged cells are drawn by mergeLayer instead.
function rowElement(grid, r, cols, rowHeaders) {
  const { layout } = grid;
  const { sheet, colLeft, headerWidth } = layout;
  const row = document.createElement("div");
  row.className = "plug-row";
  const start = headerWidth + colLeft[cols[0]];
  row.style.cssText = `height:${layout.rowTop[r + 1] - layout.rowTop[r]}px;width:${rowHeaders ? headerWidth + colLeft[cols[1]] : colLeft[cols[1]] - colLeft[cols[0]]}px`;
  if (rowHeaders && headerWidth) {
    const head = document.createElement("div");
    head.className = "plug-rowhead";
    head.style.width = `${headerWidth}px`;
    head.textContent = String(r + 1);
    row.appendChild(head);
  }
  const lineStyle = lineStyleOf(grid, r);
  if (r >= sheet.rows) {
    if (lineStyle) lineCells(grid, row, r, cols[0], cols[1], start, lineStyle);
    return row;
  }
  let x = start;
  const rowFirst = sheet.rowStart[r];
  const end = sheet.rowStart[r + 1];
  let first = firstCellAtOrAfter(sheet, rowFirst, end, cols[0]);
  // A text in a frozen column that spills past the frozen edge (a long label in column A under
  // a frozen column A) continues in the scrolling pane, as in Excel: the last stored cell left of
  // the drawn columns is drawn here too at its own place, its frozen part under the frozen pane.
  if (!rowHeaders && first > rowFirst && sheet.cols[first - 1] < layout.frozenCols) first -= 1;
  // In the scrolling pane a text spills across the tiles' edges (each tile draws the cells stored
  // in its columns), stopping where the text stored before the tile ends.
  let taken = rowHeaders ? x - headerWidth : tileStart(grid, r, first, rowFirst, end, cols);
  for (let i = first; i < end && sheet.cols[i] < cols[1]; i++) {
    const c = sheet.cols[i];
    const width = colLeft[c + 1] - colLeft[c];
    if (width <= 0 || isMerged(layout, r, c)) continue;
    // A frozen column's text measures its spill over the whole row in both panes, so the two
    // parts meet at the frozen edge; the frozen pane clips its own.
    const frozenCell = c < layout.frozenCols;
    const range = frozenCell ? [0, layout.colCount] : rowHeaders ? cols : [layout.frozenCols, layout.colCount];
    const [from, to] = overflowRange(grid, i, r, c, rowFirst, end, range, frozenCell && c < cols[0] ? -Infinity : taken);
    if (to < cols[0]) continue;
    if (lineStyle && from > cols[0]) x = lineCells(grid, row, r, colAt(colLeft, taken), from, x, lineStyle);
    const left = headerWidth + colLeft[from];
    const cell = cellElement(grid, i, colLeft[to + 1] - colLeft[from], to > from, r);
    if (hasFilterButton(sheet, r, c)) cell.classList.add("plug-filter");
    cell.style.marginLeft = `${left - x}px`;
    if (to > from && sheet.styleIds[i] >= 0 && grid.styles.flags[sheet.styleIds[i]] & FLAG_BORDER) {
      ownBorders(grid, row, cell, sheet.styleIds[i], headerWidth + colLeft[c] - (rowHeaders ? 0 : start), width);
    }
    x = left + colLeft[to + 1] - colLeft[from];
    taken = x - headerWidth;
    row.appendChild(cell);
  }
  if (lineStyle) lineCells(grid, row, r, colAt(colLeft, taken), cols[1], x, lineStyle);
  return row;
}

// The style of a whole row or column (see lineStyles in xlsx-worker.js) for the cells of row `r`
// the file does not list: a function of the column, or null when neither has one.
function lineStyleOf(grid, r) {
  const { sheet } = grid.layout;
  if (!grid.lineStyles || grid.lineStyles.sheet !== sheet) {
    const rows = new Map((sheet.rowStyles || []).map(([row, style]) => [row, style]));
    const cols = (sheet.colStyles || []).length ? new Int32Array(16384).fill(-1) : null;
    for (const [first, last, style] of sheet.colStyles || []) cols.fill(style, first, last + 1);
    grid.lineStyles = { sheet, rows, cols };
  }
  const { rows, cols } = grid.lineStyles;
  const own = rows.get(r);
  if (own !== undefined) return () => own;
  return cols ? (c) => (c < 16384 ? cols[c] : -1) : null;
}

// The first column whose left edge is at or past `px` (where a text drawn before has ended).
function colAt(colLeft, px) {
  let lo = 0;
  let hi = colLeft.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (colLeft[mid] < px) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// Empty cells of columns [from, to) in a row or column styled as a whole, each in that style,
// appended after `x` (the row's drawn edge, in the row's pixels); returns the new edge.
function lineCells(grid, row, r, from, to, x, styleOf) {
  const { layout } = grid;
  const { colLeft, headerWidth } = layout;
  for (let c = from; c < to; c++) {
    const style = styleOf(c);
    const width = colLeft[c + 1] - colLeft[c];
    if (style < 0 || width <= 0 || isMerged(layout, r, c)) continue;
    const left = headerWidth + colLeft[c];
    if (left < x) continue;
    const el = document.createElement("div");
    el.className = `plug-c k${KIND_EMPTY} ${grid.styles.prefix}${style}`;
    el.style.width = `${width}px`;
    el.style.marginLeft = `${left - x}px`;
    row.appendChild(el);
    x = left + width;
  }
  return x;
}

// A text that spills keeps its cell's borders at its own column, as Excel and LibreOffice draw
// them, the text running on past the right one ("Total Result" in a pivot table's bordered last
// column was boxed with the empty cell it ran into). The spilling element draws no border; an
// empty box of the cell's style at the cell's place in the row does.
function ownBorders(grid, row, cell, style, left, width) {
  cell.style.boxShadow = grid.layout.sheet.gridLines ? "inset -1px -1px 0 0 var(--plug-gridline)" : "none";
  const edge = document.createElement("div");
  edge.className = `plug-edge ${grid.styles.prefix}${style}`;
  // Dotted or dashed borders are background layers: the edge keeps them, the spilling text not.
  const dashes = grid.styles.flags[style] & FLAG_DASHES;
  if (dashes) cell.style.backgroundImage = "none";
  edge.style.cssText = `position:absolute;top:0;height:100%;left:${left}px;width:${width}px;padding:0;${dashes ? "background-color:transparent" : "background:none"};pointer-events:none`;
  row.style.position = "relative";
  row.appendChild(edge);
}

// Where the room a tile's first cell may spill leftwards into begins (in the sheet's pixels):
// the right end of the text stored before the tile, spill included.
function tileStart(grid, r, first, rowFirst, end, cols) {
  const { layout } = grid;
  const before = first - 1;
  if (before < rowFirst || layout.sheet.cols[before] < layout.frozenCols) return layout.colLeft[Math.max(cols[0], layout.frozenCols)];
  const c = layout.sheet.cols[before];
  if (isMerged(layout, r, c)) return layout.colLeft[c + 1];
  const [, to] = overflowRange(grid, before, r, c, rowFirst, end, [layout.frozenCols, layout.colCount], -Infinity);
  return layout.colLeft[to + 1];
}

// Whether the cell is a header of an AutoFilter range or a table, where Excel draws its filter
// button (see xlsx-worker.js).
function hasFilterButton(sheet, r, c) {
  if (!sheet.filters) return false;
  return sheet.filters.some(([row, left, right]) => row === r && c >= left && c <= right);
}

function firstCellAtOrAfter(sheet, start, end, col) {
  let lo = start;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sheet.cols[mid] < col) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function cellIndex(sheet, r, c) {
  if (r >= sheet.rows) return -1;
  const end = sheet.rowStart[r + 1];
  const i = firstCellAtOrAfter(sheet, sheet.rowStart[r], end, c);
  return i < end && sheet.cols[i] === c ? i : -1;
}

// The columns [from, to] an unwrapped text spills over, as Excel lets it: as many empty
// neighbours as its width needs, to the right of a left-aligned text, to the left of a
// right-aligned one, both ways for a centred one; never past a stored cell, a merged cell, the
// edge of the pane's columns `cols`, or `taken` (where the cell drawn before it ends, in pixels).
function overflowRange(grid, i, r, c, rowFirst, end, cols, taken) {
  const { sheet, colLeft } = grid.layout;
  if (sheet.kinds[i] !== KIND_TEXT || !sheet.texts[i]) return [c, c];
  const style = sheet.styleIds[i];
  const flags = style >= 0 ? grid.styles.flags[style] : 0;
  if (flags & (FLAG_FILL | FLAG_WRAP | FLAG_TURNED | FLAG_SHRINK)) return [c, c];
  const right = Boolean(flags & FLAG_RIGHT) || (!(flags & (FLAG_ALIGNED | FLAG_LEFT)) && RIGHT_TO_LEFT_TEXT.test(sheet.texts[i]));
  const center = Boolean(flags & FLAG_CENTER);
  if (flags & FLAG_ALIGNED && !right && !center) return [c, c];
  const own = colLeft[c + 1] - colLeft[c];
  const needed = textWidth(grid, style, sheet.texts[i]) + CELL_PADDING + ((flags >> 5) & 15) * 9;
  if (needed <= own) return [c, c];
  const next = i + 1 < end ? sheet.cols[i + 1] : Infinity;
  const previous = i > rowFirst ? sheet.cols[i - 1] : -1;
  const last = Math.min(next, cols[1]) - 1;
  const firstAllowed = Math.max(previous + 1, cols[0]);
  let from = c;
  let to = c;
  const room = () => colLeft[to + 1] - colLeft[from];
  const free = (col) => !isMerged(grid.layout, r, col);
  if (center) {
    const side = (needed - own) / 2;
    while (colLeft[c] - colLeft[from] < side && from - 1 >= firstAllowed && colLeft[from - 1] >= taken && free(from - 1)) from -= 1;
    while (colLeft[to + 1] - colLeft[c + 1] < side && to + 1 <= last && free(to + 1)) to += 1;
  } else if (sheet.rightToLeft ? !right : right) {
    // (In a sheet laid out right to left, lower columns lie to the right: a left-aligned text
    // spills there, a right-aligned one into higher columns.)
    while (room() < needed && from - 1 >= firstAllowed && colLeft[from - 1] >= taken && free(from - 1)) from -= 1;
  } else {
    while (room() < needed && to + 1 <= last && free(to + 1)) to += 1;
  }
  return [from, to];
}

const CELL_PADDING = 6;
const DEFAULT_FONT = '11pt Calibri, Carlito, "Segoe UI", Arial, sans-serif';

// The canvas keeps its font as it normalises it, never as set, so the font last set is kept
// beside it: setting it again for every cell parsed it again each time, most of the time it took
// to draw a screen of numbers.
function textWidth(grid, style, text) {
  const font = style >= 0 ? grid.styles.fonts[style] : DEFAULT_FONT;
  if (grid.measureFont !== font) {
    grid.measure.font = font;
    grid.measureFont = font;
  }
  return grid.measure.measureText(text).width;
}

// A number's width as Excel lays it out: Windows draws a font's digits at whole pixels (Arial
// 10's 7.41 px digit is 7 px there, Calibri 11's 7.04 px is 7), the unit column widths are
// counted in, so a text is scaled by its font's digit rounded over its digit as measured.
// LibreOffice's optimal width for a column of dates in Arial 10 (73 px for "2024-03-01", 68 px
// measured unhinted) showed a column of ####, where Excel and LibreOffice show the dates.
function numberWidth(grid, style, text) {
  if (!grid.digits) grid.digits = new Map();
  let digit = grid.digits.get(style);
  if (digit === undefined) grid.digits.set(style, (digit = textWidth(grid, style, "0")));
  const width = textWidth(grid, style, text);
  return digit > 0 ? (width * Math.max(1, Math.round(digit))) / digit : width;
}

// A negative date or time, which Excel shows as a cell full of # (see xlsx-worker.js).
const HASHES = "\u0002";

// A number wider than its cell: "General" drops decimals until it fits, others show ####
// (as Excel does rather than cut digits off).
function fitNumber(grid, i, width) {
  const { sheet } = grid.layout;
  const text = sheet.texts[i];
  const kind = sheet.kinds[i];
  if (kind !== KIND_NUMBER && kind !== KIND_GENERAL) return text;
  const style = sheet.styleIds[i];
  const room = width - CELL_PADDING;
  if (style >= 0 && grid.styles.flags[style] & FLAG_SHRINK && text !== HASHES) return text;
  if (text === HASHES) return "#".repeat(Math.max(1, Math.floor(room / textWidth(grid, style, "#"))));
  if (numberWidth(grid, style, text.includes(FILL) ? text.replace(/\u0001[^]?/g, "") : text) <= room) return text;
  const value = Number(text);
  if (kind === KIND_GENERAL && Number.isFinite(value) && /\./.test(text) && !/e/i.test(text)) {
    for (let decimals = text.split(".")[1].length - 1; decimals >= 0; decimals--) {
      const shorter = String(Number(value.toFixed(decimals)));
      if (numberWidth(grid, style, shorter) <= room) return shorter;
    }
  }
  // A General number too long even without decimals goes to scientific form, as Excel's does,
  // with as many digits as fit (123456789 in a narrow column is 1.2E+08).
  if (kind === KIND_GENERAL && Number.isFinite(value) && value !== 0) {
    for (let decimals = 4; decimals >= 0; decimals--) {
      const [mantissa, exponent] = value.toExponential(decimals).split("e");
      const e = Number(exponent);
      const shorter = `${mantissa.includes(".") ? mantissa.replace(/\.?0+$/, "") : mantissa}E${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
      if (numberWidth(grid, style, shorter) <= room) return shorter;
    }
  }
  return "#".repeat(Math.max(1, Math.floor(room / textWidth(grid, style, "#"))));
}

// A cell `width` pixels wide; a spilling or merged cell hides the gridlines it covers. A
// conditional format (row r) adds its declarations, computed by the worker, inline.
function cellElement(grid, i, width, covering, r) {
  const { sheet } = grid.layout;
  const el = document.createElement("div");
  const style = sheet.styleIds[i];
  const kind = sheet.kinds[i];
  // A formula abandoned after the time limit is drawn as an unsupported one (grey italics).
  el.className = `plug-c k${kind === KIND_LATE || kind === KIND_TOO_LARGE ? KIND_UNSUPPORTED : kind}${style >= 0 ? ` ${grid.styles.prefix}${style}` : ""}${covering ? " plug-cover" : ""}`;
  el.style.width = `${width}px`;
  if (KIND_TITLES[kind]) el.title = KIND_TITLES[kind];
  const conditional = sheet.conditional && sheet.conditional.get(r * 16384 + sheet.cols[i]);
  if (conditional) {
    el.style.cssText += `;${conditional}`;
    el.classList.add("plug-cf");
  }
  const note = noteOf(sheet, i);
  if (note) {
    el.classList.add("plug-note");
    el.title = note;
  }
  if (kind === KIND_EMPTY) return el;
  const text = kind === KIND_PENDING ? "…" : fitNumber(grid, i, width);
  const fill = text.indexOf(FILL);
  const runs = kind === KIND_TEXT ? richRuns(sheet, i) : null;
  if (kind === KIND_TEXT && !(style >= 0 && grid.styles.flags[style] & (FLAG_ALIGNED | FLAG_LEFT)) && RIGHT_TO_LEFT_TEXT.test(text)) {
    el.style.justifyContent = "flex-end";
    el.style.textAlign = "right";
  }
  if (style >= 0 && grid.styles.flags[style] & FLAG_SHRINK && !runs) shrinkToFit(grid, el, style, kind, text, width);
  if (runs) el.appendChild(runsElement(runs));
  else if (fill >= 0) spreadFill(grid, el, style, text, fill, width);
  else if (style >= 0 && grid.styles.flags[style] & FLAG_TURNED) {
    // Turned text (see turnCss in xlsx-worker-styles.js) is drawn in a span the style turns.
    const turned = document.createElement("span");
    turned.className = "plug-turn";
    turned.textContent = text;
    // Text at an angle keeps the room its turned box takes (a transform alone takes none), so
    // it sits on the cell's bottom as Excel draws it rather than half below it.
    const turn = grid.styles.turns && grid.styles.turns[style];
    if (turn) {
      const angle = (turn[0] * Math.PI) / 180;
      const long = textWidth(grid, style, text);
      const sin = Math.abs(Math.sin(angle));
      const cos = Math.abs(Math.cos(angle));
      turned.style.margin = `${((long * sin + turn[1] * cos - turn[1]) / 2).toFixed(1)}px ${((long * cos + turn[1] * sin - long) / 2).toFixed(1)}px`;
    }
    el.appendChild(turned);
  } else el.textContent = text;
  const link = linkOf(sheet, i);
  if (link) el.appendChild(linkElement(link, el));
  return el;
}

// Shrink to fit (Format Cells > Alignment): text or a number wider than its cell is drawn in a
// font as much smaller as it needs to fit, as Excel and LibreOffice draw it (it spilled into its
// neighbours, or showed ####).
function shrinkToFit(grid, el, style, kind, text, width) {
  const indent = ((grid.styles.flags[style] >> 5) & 15) * 9;
  const clean = text.includes(FILL) ? text.replace(/\u0001[^]?/g, "") : text;
  const needed = (kind === KIND_TEXT ? textWidth(grid, style, clean) : numberWidth(grid, style, clean)) + indent;
  const room = width - CELL_PADDING;
  const size = Number((/([\d.]+)pt/.exec(grid.styles.fonts[style]) || [])[1]) || 11;
  if (needed > room && room > 0) el.style.fontSize = `${Math.max(1, (size * room) / needed).toFixed(2)}pt`;
}

// A cell's hyperlink (see linkOf in xlsx-worker.js): its content becomes a link, in the cell's own
// look. A web or mail address opens in a new tab without this page as its opener; a place in the
// workbook (`#'My Sheet'!B5`) is followed by the page (followLink in xlsx.js).
function linkElement(link, el) {
  const a = document.createElement("a");
  a.className = "plug-link";
  a.href = link;
  if (link[0] !== "#") {
    a.target = "_blank";
    a.rel = "noopener noreferrer";
  }
  if (!el.title) el.title = link[0] === "#" ? link.slice(1) : link;
  a.append(...el.childNodes);
  return a;
}

function linkOf(sheet, i) {
  if (!sheet.links || sheet.links.length === 0) return null;
  if (!sheet.linkMap) sheet.linkMap = new Map(sheet.links);
  return sheet.linkMap.get(i) || null;
}

// A rich-text cell's runs, each a span with its own font (declarations the worker computed),
// in one inline box so runs of different sizes share a baseline.
function richRuns(sheet, i) {
  if (!sheet.runs || sheet.runs.length === 0) return null;
  if (!sheet.runMap) sheet.runMap = new Map(sheet.runs);
  return sheet.runMap.get(i) || null;
}

// A cell's note (comment): Excel marks the cell with a red corner and shows the note on hover.
function noteOf(sheet, i) {
  if (!sheet.notes || sheet.notes.length === 0) return null;
  if (!sheet.noteMap) sheet.noteMap = new Map(sheet.notes);
  return sheet.noteMap.get(i) || null;
}

function runsElement(runs) {
  const box = document.createElement("span");
  for (const [text, css] of runs) {
    const span = document.createElement("span");
    span.textContent = text;
    if (css) span.style.cssText = css;
    box.appendChild(span);
  }
  return box;
}

// A format's fill (`*x`; the accounting formats' `_($* #,##0.00_)`) repeats x across whatever
// the rest of the text leaves of the cell, as Excel draws it: "$" at the left edge, the number
// at the right. Only the first fill of a text counts, as in Excel.
const FILL = "\u0001";

function spreadFill(grid, el, style, text, at, width) {
  const before = text.slice(0, at);
  const character = text.slice(at + 1, at + 2);
  const after = text.slice(at + 2).replaceAll(FILL, "");
  el.classList.add("plug-filled");
  const run = document.createElement("span");
  run.className = "plug-fill";
  const room = width - CELL_PADDING - textWidth(grid, style, before + after);
  const one = character.trim() ? textWidth(grid, style, character) : 0;
  if (one > 0 && room > 0) run.textContent = character.repeat(Math.floor(room / one));
  el.append(before, run, after);
}

// Merged ranges that reach into the rows and columns drawn, each one positioned cell with the
// top-left cell's text and style. A range across the frozen edge is drawn in both panes, each
// showing its part, as Excel splits it.
function mergeLayer(grid, rows, cols) {
  const { layout } = grid;
  const { sheet, rowTop, colLeft, headerWidth } = layout;
  const layer = document.createElement("div");
  layer.className = "plug-merges";
  for (const [top, left, bottom, right] of sheet.merges) {
    if (bottom < rows[0] || top >= rows[1] || right < cols[0] || left >= cols[1]) continue;
    const width = colLeft[Math.min(right + 1, layout.colCount)] - colLeft[left];
    const height = rowTop[Math.min(bottom + 1, layout.rowCount)] - rowTop[top];
    if (width <= 0 || height <= 0) continue;
    const i = cellIndex(sheet, top, left);
    const el = i < 0 ? document.createElement("div") : cellElement(grid, i, width, true, top);
    if (i < 0) el.className = "plug-c plug-cover";
    el.style.cssText += `;position:absolute;left:${headerWidth + colLeft[left]}px;top:${layout.headerHeight + rowTop[top]}px;width:${width}px;height:${height}px`;
    el.dataset.merge = `${columnName(left)}${top + 1}:${columnName(right)}${bottom + 1}`;
    layer.appendChild(el);
  }
  return layer;
}

// The column letters: a row at the top of the top pane (with the corner box in the corner pane).
function headerRow(layout, cols, corner) {
  const { colLeft, headerWidth } = layout;
  const row = document.createElement("div");
  row.className = "plug-headrow";
  if (!layout.headerHeight) return row;
  row.style.cssText = `height:${HEADER_HEIGHT}px;width:${headerWidth + colLeft[cols[1]]}px;padding-left:${corner ? 0 : headerWidth + colLeft[cols[0]]}px`;
  if (corner) {
    const box = document.createElement("div");
    box.className = "plug-corner";
    box.style.width = `${headerWidth}px`;
    row.appendChild(box);
  }
  for (let c = cols[0]; c < cols[1]; c++) {
    const width = colLeft[c + 1] - colLeft[c];
    if (width <= 0) continue;
    const head = document.createElement("div");
    head.className = "plug-colhead";
    head.style.width = `${width}px`;
    head.textContent = columnName(c);
    row.appendChild(head);
  }
  return row;
}
