// A virtualised spreadsheet grid: only the cells in view (plus a margin) are in the DOM, so a
// sheet of 100,000 rows scrolls like one of 100. The scroller's content is a CSS grid of four
// overlapping panes: the body, the frozen rows with the column letters (sticky top), the frozen
// columns with the row numbers (sticky left) and the corner (both). The browser scrolls and
// keeps the sticky panes in place; JavaScript only adds and drops blocks of rows as they come
// into view. A block is one positioned element holding plain flex rows: a cell sits at its
// column through its margin and the row's background draws the gridlines, so the browser lays
// out and paints one layer per block rather than one per cell. Cell text is set with textContent.
const HEADER_HEIGHT = 22;
const ROW_BLOCK = 16; // rows are rendered in blocks of this many, a block of margin each side
const COL_BLOCK = 8; // and the scrolling pane's columns in tiles of this many
const KIND_TITLES = {
  4: "Calculating…",
  5: "Not calculated: this formula uses a function the viewer does not support",
  6: "Not calculated: circular reference",
  9: "Not calculated: calculating the workbook took too long",
  10: "Not calculated: its ranges hold more cells than the viewer reads",
};
const KIND_PENDING = 4;
const KIND_UNSUPPORTED = 5;
const KIND_LATE = 9; // a formula still waiting when calculating was abandoned
const KIND_TOO_LARGE = 10; // a formula over ranges too large to read, drawn as unsupported
const KIND_TEXT = 0;
const KIND_NUMBER = 1;
const KIND_EMPTY = 7;
const KIND_GENERAL = 8;
const FLAG_FILL = 1;
const FLAG_WRAP = 2;
const FLAG_ALIGNED = 4;
const FLAG_RIGHT = 8;
const FLAG_CENTER = 16;
const FLAG_TURNED = 1024;
const FLAG_LEFT = 2048;
const FLAG_SHRINK = 4096;
const FLAG_BORDER = 8192;
// Dotted or dashed borders, drawn as background layers (see xlsx-worker-styles.js).
const FLAG_DASHES = 16384;

function columnName(index) {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

// Prefix sums of row heights or column widths: offsets[i] is where row/column i starts.
function offsets(count, size, custom) {
  const sizes = new Float64Array(count).fill(size);
  for (const [index, pixels] of custom) if (index < count) sizes[index] = pixels;
  const starts = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) starts[i + 1] = starts[i] + sizes[i];
  return starts;
}

// The last index whose start is <= position (binary search over prefix sums).
function indexAt(starts, position) {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= position) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

// Merged ranges by row, so a covered cell is found without scanning every merge.
function mergeIndex(merges) {
  const byRow = new Map();
  for (const merge of merges) {
    const [top, left, bottom, right] = merge;
    for (let r = top; r <= bottom; r++) {
      if (!byRow.has(r)) byRow.set(r, []);
      byRow.get(r).push([left, right]);
    }
  }
  return byRow;
}

function isMerged(layout, row, col) {
  const spans = layout.mergedRows.get(row);
  return Boolean(spans && spans.some(([left, right]) => col >= left && col <= right));
}

// Geometry of one sheet for a viewport of the given size; built when its tab is first shown.
function sheetLayout(sheet, viewWidth, viewHeight) {
  // A zoomed-out sheet shows more rows and columns in the same room.
  viewWidth /= sheet.zoom || 1;
  viewHeight /= sheet.zoom || 1;
  let rowCount = Math.max(sheet.rows, sheet.frozenRows, Math.ceil(viewHeight / sheet.defaultRowHeight));
  let colCount = Math.max(sheet.colCount, sheet.frozenCols, Math.ceil(viewWidth / sheet.defaultColWidth));
  let rowTop = offsets(rowCount, sheet.defaultRowHeight, sheet.rowHeights);
  let colLeft = offsets(colCount, sheet.defaultColWidth, sheet.colWidths);
  // The sheet reaches as far as its charts and pictures do.
  const charts = [...(sheet.charts || []), ...(sheet.pictures || [])];
  const bottom = Math.max(0, ...charts.map((c) => c.box.top + c.box.height)) + sheet.defaultRowHeight;
  const right = Math.max(0, ...charts.map((c) => c.box.left + c.box.width)) + sheet.defaultColWidth;
  if (charts.length && bottom > rowTop[rowCount]) {
    rowCount += Math.ceil((bottom - rowTop[rowCount]) / sheet.defaultRowHeight);
    rowTop = offsets(rowCount, sheet.defaultRowHeight, sheet.rowHeights);
  }
  if (charts.length && right > colLeft[colCount]) {
    colCount += Math.ceil((right - colLeft[colCount]) / sheet.defaultColWidth);
    colLeft = offsets(colCount, sheet.defaultColWidth, sheet.colWidths);
  }
  // A sheet whose view hides its headings (View > Headings off, `showRowColHeaders="0"`, as
  // dashboards are saved) shows no column letters or row numbers, as in Excel.
  const headings = sheet.headings !== false;
  const headerWidth = headings ? Math.max(40, String(rowCount).length * 8 + 16) : 0;
  const headerHeight = headings ? HEADER_HEIGHT : 0;
  return {
    sheet,
    rowCount,
    colCount,
    rowTop,
    colLeft,
    headerWidth,
    headerHeight,
    frozenRows: Math.min(sheet.frozenRows, rowCount),
    frozenCols: Math.min(sheet.frozenCols, colCount),
    width: headerWidth + colLeft[colCount],
    height: headerHeight + rowTop[rowCount],
    mergedRows: mergeIndex(sheet.merges),
    scrollTop: 0,
    scrollLeft: 0,
  };
}

// ------------------------------------------------------------------ the grid element

// A sheet laid out right to left (Excel's Page Layout > Sheet Right-to-Left, `rightToLeft` in
// its view, the default for Arabic and Hebrew): column A at the right, the row numbers and the
// vertical scroll bar at the right and left as Excel draws them; each cell aligned as
// LibreOffice draws such a sheet (numbers at the right, Latin text at the left, Hebrew and
// Arabic text at the right: RIGHT_TO_LEFT_TEXT). The scroller is mirrored as a whole, so
// scrolling, sticky panes and the rows and columns in view are reckoned as for any sheet, and
// everything that holds text or a picture is mirrored back about its own middle so it reads as
// written. Only this page's static script carries these rules (xlsx.css is in the Worker's upload).
const RIGHT_TO_LEFT_CSS = ".plug-rtl{transform:scaleX(-1)}.plug-rtl .plug-c,.plug-rtl .plug-colhead,.plug-rtl .plug-rowhead,.plug-rtl .plug-chart,.plug-rtl .plug-picture,.plug-rtl .plug-edge{transform:scaleX(-1)}";

// Text whose first letter is of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko),
// which Excel's and LibreOffice's General alignment puts at the cell's right (reading order
// "Context"), in a sheet of either direction; it spills leftwards, as right-aligned text does.
const RIGHT_TO_LEFT_TEXT = /^[^A-Za-z\u00C0-\u02AF\u0370-\u058F\u0900-\u1FFF\u3040-\u9FFF\uAC00-\uD7AF\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]*[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

function createGrid(scroller, styles) {
  if (!document.querySelector("style.plug-rtl-rules")) {
    const rules = document.createElement("style");
    rules.className = "plug-rtl-rules";
    rules.textContent = RIGHT_TO_LEFT_CSS;
    document.head.appendChild(rules);
  }
  const content = document.createElement("div");
  content.className = "plug-grid";
  const panes = {};
  for (const name of ["body", "top", "left", "corner"]) {
    const el = document.createElement("div");
    el.className = `plug-pane plug-pane-${name}`;
    content.appendChild(el);
    panes[name] = { el, blocks: new Map(), merges: null, lines: null };
  }
  scroller.replaceChildren(content);
  const measure = document.createElement("canvas").getContext("2d");
  const grid = { scroller, content, panes, styles, measure, layout: null, rows: null, cols: null, frame: 0 };
  const onScroll = () => scheduleRender(grid);
  const resize = new ResizeObserver(onScroll);
  scroller.addEventListener("scroll", onScroll, { passive: true });
  resize.observe(scroller);
  grid.destroy = () => {
    scroller.removeEventListener("scroll", onScroll);
    resize.disconnect();
    cancelAnimationFrame(grid.frame);
  };
  return grid;
}

function showSheet(grid, layout) {
  if (grid.layout) {
    grid.layout.scrollTop = grid.scroller.scrollTop;
    grid.layout.scrollLeft = grid.scroller.scrollLeft;
  }
  grid.layout = layout;
  const { content, panes } = grid;
  const frozenWidth = layout.headerWidth + layout.colLeft[layout.frozenCols];
  const frozenHeight = layout.headerHeight + layout.rowTop[layout.frozenRows];
  content.style.width = `${layout.width}px`;
  content.style.height = `${layout.height}px`;
  content.classList.toggle("plug-gridlines", layout.sheet.gridLines);
  grid.scroller.classList.toggle("plug-rtl", Boolean(layout.sheet.rightToLeft));
  // The sheet's own zoom, as Excel opens it: cells, headers, charts and pictures all scale (CSS
  // zoom, so the layout's pixels stay the sheet's own; scroll positions are in zoomed pixels).
  content.style.zoom = layout.sheet.zoom && layout.sheet.zoom !== 1 ? String(layout.sheet.zoom) : "";
  panes.body.el.style.cssText = `width:${layout.width}px;height:${layout.height}px`;
  panes.top.el.style.cssText = `width:${layout.width}px;height:${frozenHeight}px`;
  panes.left.el.style.cssText = `width:${frozenWidth}px;height:${layout.height}px`;
  panes.corner.el.style.cssText = `width:${frozenWidth}px;height:${frozenHeight}px`;
  panes.top.el.classList.toggle("plug-frozen-edge", layout.frozenRows > 0);
  panes.left.el.classList.toggle("plug-frozen-edge", layout.frozenCols > 0);
  grid.scroller.setAttribute("aria-label", `Sheet ${layout.sheet.name}`);
  grid.scroller.scrollTo(layout.scrollLeft, layout.scrollTop);
  refreshGrid(grid);
}

function scheduleRender(grid) {
  if (grid.frame) return;
  grid.frame = requestAnimationFrame(() => {
    grid.frame = 0;
    render(grid);
  });
}

// Draws everything again: a new sheet, formula results, or the font arriving.
function refreshGrid(grid) {
  if (!grid.layout) return;
  const { layout, panes } = grid;
  grid.digits = null; // measured again: the sheet's font may have arrived since
  for (const pane of Object.values(panes)) {
    pane.blocks.clear();
    pane.merges = null;
    pane.lines = null;
    pane.el.replaceChildren();
  }
  grid.rows = null;
  grid.cols = null;
  const frozenCols = [0, layout.frozenCols];
  setColumnLines(panes.left, layout, frozenCols);
  panes.corner.el.append(
    columnLines(layout, frozenCols),
    headerRow(layout, frozenCols, true),
    blockElement(grid, [0, layout.frozenRows], frozenCols, true),
    mergeLayer(grid, [0, layout.frozenRows], frozenCols),
  );
  panes.body.el.appendChild(chartLayer(layout));
  render(grid);
}

// The sheet's charts, over the cells where the workbook anchors them. The worker sends each as
// primitives ([tag, attributes, text]); only these tags and attributes become SVG, and text is
// set as text, so nothing read from the file is parsed as markup.
const SVG_NS = "http://www.w3.org/2000/svg";
const CHART_TAGS = new Set(["rect", "line", "path", "circle", "text"]);
const CHART_ATTRIBUTES = /^(x|y|x1|y1|x2|y2|cx|cy|r|width|height|d|fill|fill-opacity|stroke|stroke-width|stroke-dasharray|stroke-linejoin|font-family|font-size|text-anchor|transform|class|data-series|data-value)$/;

function chartLayer(layout) {
  const layer = document.createElement("div");
  layer.className = "plug-charts";
  for (const chart of layout.sheet.charts || []) {
    const { left, top, width, height } = chart.box;
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("class", "plug-chart");
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", chart.title ? `Chart: ${chart.title}` : "Chart");
    svg.style.left = `${layout.headerWidth + left}px`;
    svg.style.top = `${layout.headerHeight + top}px`;
    for (const [tag, attributes, text] of chart.primitives) {
      if (!CHART_TAGS.has(tag)) continue;
      const element = document.createElementNS(SVG_NS, tag);
      for (const [name, value] of Object.entries(attributes)) {
        if (CHART_ATTRIBUTES.test(name)) element.setAttribute(name, String(value));
      }
      if (text !== undefined) element.textContent = text;
      svg.appendChild(element);
    }
    layer.appendChild(svg);
  }
  // Pictures (a logo), from the bytes the worker read, through a blob: URL made once each.
  for (const picture of layout.sheet.pictures || []) {
    const { left, top, width, height } = picture.box;
    if (!picture.url) picture.url = URL.createObjectURL(new Blob([picture.bytes], { type: picture.type }));
    const img = document.createElement("img");
    img.className = "plug-picture";
    img.src = picture.url;
    img.alt = picture.name;
    img.style.cssText = `left:${layout.headerWidth + left}px;top:${layout.headerHeight + top}px;width:${width}px;height:${height}px`;
    layer.appendChild(img);
  }
  return layer;
}

// The rows and columns of the scrolling part now in view.
function visibleWindow(grid) {
  const { layout, scroller } = grid;
  const { rowTop, colLeft, frozenRows, frozenCols, headerWidth } = layout;
  const zoom = layout.sheet.zoom || 1;
  const top = scroller.scrollTop / zoom + rowTop[frozenRows];
  const bottom = scroller.scrollTop / zoom + Math.max(0, scroller.clientHeight / zoom - layout.headerHeight);
  const left = scroller.scrollLeft / zoom + colLeft[frozenCols];
  const right = scroller.scrollLeft / zoom + Math.max(0, scroller.clientWidth / zoom - headerWidth);
  return {
    rows: [Math.max(frozenRows, indexAt(rowTop, top)), Math.min(layout.rowCount, indexAt(rowTop, bottom) + 1)],
    cols: [Math.max(frozenCols, indexAt(colLeft, left)), Math.min(layout.colCount, indexAt(colLeft, right) + 1)],
  };
}

// Widens a range to whole blocks plus one block of margin each side.
function padded([from, to], block, min, max) {
  return [Math.max(min, (Math.floor(from / block) - 1) * block), Math.min(max, (Math.ceil(to / block) + 1) * block)];
}

function covers(outer, inner) {
  return Boolean(outer) && outer[0] <= inner[0] && outer[1] >= inner[1];
}

function sameRange(a, b) {
  return Boolean(a) && Boolean(b) && a[0] === b[0] && a[1] === b[1];
}

// Brings the panes up to the scroll position: the scrolling pane is drawn in tiles of ROW_BLOCK
// rows by COL_BLOCK columns, so scrolling down or sideways adds the tiles that come into view and
// drops those that left. (Sideways, every row of the view was drawn again each time four columns
// passed: a sheet thousands of columns wide scrolled at a few frames a second.)
function render(grid) {
  const { layout, panes } = grid;
  if (!layout) return;
  const wanted = visibleWindow(grid);
  const cols = covers(grid.cols, wanted.cols) ? grid.cols : padded(wanted.cols, COL_BLOCK, layout.frozenCols, layout.colCount);
  if (!sameRange(cols, grid.cols)) {
    setColumnLines(panes.body, layout, cols);
    panes.top.el.replaceChildren(
      columnLines(layout, cols),
      headerRow(layout, cols, false),
      blockElement(grid, [0, layout.frozenRows], cols, false),
      mergeLayer(grid, [0, layout.frozenRows], cols),
    );
  }
  const rows = covers(grid.rows, wanted.rows) ? grid.rows : padded(wanted.rows, ROW_BLOCK, layout.frozenRows, layout.rowCount);
  const frozenCols = [0, layout.frozenCols];
  syncTiles(grid, panes.body, rows, cols);
  syncBlocks(grid, panes.left, rows, frozenCols, true);
  // Merged ranges come into view sideways too (they were drawn for the rows alone, so a merge
  // right of the first screen never showed).
  if (!sameRange(rows, grid.rows) || !sameRange(cols, grid.cols) || !panes.body.merges) {
    setMerges(panes.body, mergeLayer(grid, rows, cols));
    if (!sameRange(rows, grid.rows) || !panes.left.merges) setMerges(panes.left, mergeLayer(grid, rows, frozenCols));
  }
  grid.rows = rows;
  grid.cols = cols;
}

// Keeps exactly the tiles that overlap `rows` and `cols` in the scrolling pane, keyed by their
// row block and column block.
const TILE_KEY = 4096; // more than the column blocks of Excel's 16,384 columns
function syncTiles(grid, pane, rows, cols) {
  const { layout } = grid;
  const [top, bottom] = [Math.floor(rows[0] / ROW_BLOCK), Math.floor((rows[1] - 1) / ROW_BLOCK)];
  const [left, right] = [Math.floor(cols[0] / COL_BLOCK), Math.floor((cols[1] - 1) / COL_BLOCK)];
  for (const [key, tile] of pane.blocks) {
    const [r, c] = [Math.floor(key / TILE_KEY), key % TILE_KEY];
    if (r < top || r > bottom || c < left || c > right) {
      tile.remove();
      pane.blocks.delete(key);
    }
  }
  for (let r = top; r <= bottom; r++) {
    for (let c = left; c <= right; c++) {
      const key = r * TILE_KEY + c;
      if (pane.blocks.has(key)) continue;
      const tileRows = [Math.max(r * ROW_BLOCK, layout.frozenRows), Math.min((r + 1) * ROW_BLOCK, layout.rowCount)];
      const tileCols = [Math.max(c * COL_BLOCK, layout.frozenCols), Math.min((c + 1) * COL_BLOCK, layout.colCount)];
      if (tileRows[0] >= tileRows[1] || tileCols[0] >= tileCols[1]) continue;
      const tile = blockElement(grid, tileRows, tileCols, false);
      pane.el.insertBefore(tile, pane.merges);
      pane.blocks.set(key, tile);
    }
  }
}

// Keeps exactly the blocks of ROW_BLOCK rows that overlap `rows` in the pane.
function syncBlocks(grid, pane, rows, cols, rowHeaders) {
  const { layout } = grid;
  const first = Math.floor(rows[0] / ROW_BLOCK);
  const last = Math.floor((rows[1] - 1) / ROW_BLOCK);
  for (const [index, block] of pane.blocks) {
    if (index < first || index > last) {
      block.remove();
      pane.blocks.delete(index);
    }
  }
  for (let index = first; index <= last; index++) {
    if (pane.blocks.has(index)) continue;
    const from = Math.max(index * ROW_BLOCK, layout.frozenRows);
    const to = Math.min((index + 1) * ROW_BLOCK, layout.rowCount);
    const block = blockElement(grid, [from, to], cols, rowHeaders);
    pane.el.insertBefore(block, pane.merges);
    pane.blocks.set(index, block);
  }
}

function setMerges(pane, layer) {
  if (pane.merges) pane.merges.replaceWith(layer);
  else pane.el.appendChild(layer);
  pane.merges = layer;
}

// The vertical gridlines of the drawn columns: one element per column, as tall as the pane,
// under the rows (whose own background draws the horizontal lines).
function columnLines(layout, cols) {
  const { colLeft, headerWidth } = layout;
  const layer = document.createElement("div");
  layer.className = "plug-lines";
  for (let c = cols[0]; c < cols[1]; c++) {
    if (colLeft[c + 1] <= colLeft[c]) continue;
    const line = document.createElement("div");
    line.style.left = `${headerWidth + colLeft[c + 1] - 1}px`;
    layer.appendChild(line);
  }
  return layer;
}

function setColumnLines(pane, layout, cols) {
  const layer = columnLines(layout, cols);
  if (pane.lines) pane.lines.replaceWith(layer);
  else pane.el.prepend(layer);
  pane.lines = layer;
}
