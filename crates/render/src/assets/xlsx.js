// The spreadsheet viewer: the workbook is read and its formulas calculated in a Web Worker
// (sheetWorker, started from a blob: URL so the page never freezes), then shown in the
// virtualised grid, with tabs to switch sheets. Formula results arrive after the first paint.
const tabs = main.querySelector(".plug-sheet-tabs");
const sheetBox = main.querySelector(".plug-sheet");
// Past these, the page gives up waiting on the worker rather than spinning forever.
const OPEN_TIMEOUT_MS = 120_000;
const CALCULATE_TIMEOUT_MS = 60_000;
// The grid on screen, which follows the links to places in the workbook clicked in it.
let shownGrid = null;

// Carlito has Calibri's metrics: columns hold what they hold in Excel where Calibri is missing.
function loadSheetFont() {
  const faces = [["400", "normal"], ["400", "italic"], ["700", "normal"], ["700", "italic"]];
  return Promise.allSettled(faces.map(([weight, style]) => {
    const face = new FontFace("Carlito", `url(${vendor + "carlito/carlito-latin-"}${weight}-${style}.woff2)`, { weight, style });
    document.fonts.add(face);
    return face.load();
  }));
}

// The worker starts loading its library at once, while the page fetches the file.
function startWorker() {
  const source = `${sheetFormulas}\n${sheetStyles}\n${sheetConditional}\n(${sheetWorker})();`;
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const worker = new Worker(url);
  URL.revokeObjectURL(url);
  const absolute = (name) => new URL(vendor + name, location.href).href;
  worker.postMessage({ library: absolute("excelts.min.js"), charts: absolute("plug-xlsx-charts.js"), font: absolute("carlito/carlito-latin-") });
  return worker;
}

// A line under the grid while formulas are calculated (the grid is already usable).
function setNote(text) {
  let note = main.querySelector(".plug-sheet-note");
  if (!note) {
    note = document.createElement("p");
    note.className = "plug-sheet-note";
    note.setAttribute("aria-live", "polite");
    main.appendChild(note);
  }
  note.textContent = text;
  note.hidden = !text;
}

// Loading text with the seconds waited, so a big workbook visibly makes progress.
function ticker(render) {
  const started = performance.now();
  let text = "";
  const update = () => {
    const seconds = Math.floor((performance.now() - started) / 1000);
    render(seconds >= 2 ? `${text} ${seconds} s` : text);
  };
  const timer = setInterval(update, 1000);
  return {
    set(next) {
      text = next;
      update();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

function renderTabs(sheets, onSelect, selected) {
  const buttons = sheets.map((sheet, index) => {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.role = "tab";
    tab.textContent = sheet.name;
    // The sheet's tab colour (Format > Tab Color, openpyxl's tabColor), as a bar under its name.
    if (/^#[0-9a-f]{6}$/.test(sheet.tabColor || "")) tab.style.boxShadow = `inset 0 -4px 0 ${sheet.tabColor}`;
    tab.setAttribute("aria-selected", String(index === selected));
    tab.addEventListener("click", () => {
      for (const other of buttons) other.setAttribute("aria-selected", String(other === tab));
      onSelect(index);
    });
    return tab;
  });
  tabs.replaceChildren(...buttons);
  tabs.hidden = sheets.length < 2;
}

function installStyles(css) {
  const style = document.createElement("style");
  style.textContent = css;
  document.head.appendChild(style);
}

// Writes the worker's formula results into the sheets' cell arrays.
function applyFormulas(sheets, updates) {
  for (const { sheet, at, texts, kinds, styleIds } of updates) {
    const target = sheets[sheet];
    for (let k = 0; k < at.length; k++) {
      target.texts[at[k]] = texts[k];
      target.kinds[at[k]] = kinds[k];
      if (styleIds && styleIds[k] >= 0) target.styleIds[at[k]] = styleIds[k];
    }
  }
}

// Adds the values a dynamic array formula spilled (see xlsx-worker-formulas.js) to their sheets:
// [row, col, text, kind] each, 0-based. A cell the model already has (a styled empty one) takes
// the value; the others are inserted in order, and the sheet grows to hold them. Returns the
// indices of the sheets that changed.
function applySpills(sheets, spills) {
  const changed = [];
  for (const { sheet: index, cells } of spills || []) {
    const sheet = sheets[index];
    const added = [];
    for (const cell of cells) {
      const [r, c, text, kind] = cell;
      const i = cellIndex(sheet, r, c);
      if (i >= 0) {
        sheet.texts[i] = text;
        sheet.kinds[i] = kind;
      } else added.push(cell);
    }
    changed.push(index);
    if (added.length === 0) continue;
    added.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const rows = Math.max(sheet.rows, added[added.length - 1][0] + 1);
    const total = sheet.cols.length + added.length;
    const cols = new Int32Array(total);
    const styleIds = new Int32Array(total);
    const kinds = new Uint8Array(total);
    const texts = new Array(total);
    const rowStart = new Int32Array(rows + 1);
    const moved = new Int32Array(sheet.cols.length);
    let k = 0;
    let n = 0;
    for (let r = 0; r < rows; r++) {
      rowStart[r] = n;
      const from = r < sheet.rows ? sheet.rowStart[r] : sheet.cols.length;
      const to = r < sheet.rows ? sheet.rowStart[r + 1] : sheet.cols.length;
      let i = from;
      while (i < to || (k < added.length && added[k][0] === r)) {
        if (k < added.length && added[k][0] === r && (i >= to || added[k][1] < sheet.cols[i])) {
          [, cols[n], texts[n], kinds[n]] = added[k];
          styleIds[n] = -1;
          k += 1;
        } else {
          cols[n] = sheet.cols[i];
          texts[n] = sheet.texts[i];
          kinds[n] = sheet.kinds[i];
          styleIds[n] = sheet.styleIds[i];
          moved[i] = n;
          i += 1;
        }
        n += 1;
      }
    }
    rowStart[rows] = n;
    // Rich-text runs and notes are kept by cell index, which the inserted cells move.
    const runs = (sheet.runs || []).map(([index, cellRuns]) => [moved[index], cellRuns]);
    const notes = (sheet.notes || []).map(([index, note]) => [moved[index], note]);
    const links = (sheet.links || []).map(([index, link]) => [moved[index], link]);
    Object.assign(sheet, { rows, rowStart, cols, texts, styleIds, kinds, runs, runMap: null, notes, noteMap: null, links, linkMap: null });
    sheet.colCount = Math.max(sheet.colCount, ...added.map((cell) => cell[1] + 1));
  }
  return changed;
}

// Cells still waiting when calculation is abandoned show their formula instead.
function abandonFormulas(sheets) {
  for (const sheet of sheets) {
    for (let i = 0; i < sheet.kinds.length; i++) {
      if (sheet.kinds[i] === KIND_PENDING) sheet.kinds[i] = KIND_LATE;
    }
  }
}

// Draws the sheets of a "preview" or "workbook" message, replacing whatever was drawn before
// (the preview's scroll position carries over).
function showWorkbook(message, previous) {
  clearStatus();
  installStyles(message.styles.css);
  const { sheets } = message;
  if (sheets.length === 0) throw Object.assign(new Error("This workbook has no visible sheets."), { plain: true });
  sheetBox.tabIndex = 0;
  sheetBox.setAttribute("role", "region");
  const scroll = { top: sheetBox.scrollTop, left: sheetBox.scrollLeft };
  previous?.destroy();
  const grid = createGrid(sheetBox, message.styles);
  shownGrid = grid;
  const layouts = new Map();
  const select = (index) => {
    if (!layouts.has(index)) layouts.set(index, sheetLayout(sheets[index], sheetBox.clientWidth, sheetBox.clientHeight));
    showSheet(grid, layouts.get(index));
  };
  const first = Math.max(0, sheets.findIndex((s) => s.selected));
  renderTabs(sheets, select, first);
  if (previous && first === 0) {
    layouts.set(0, Object.assign(sheetLayout(sheets[0], sheetBox.clientWidth, sheetBox.clientHeight), { scrollTop: scroll.top, scrollLeft: scroll.left }));
  }
  select(first);
  // A link to a place in the workbook (`#'My Sheet'!B5`) opens that sheet at that cell, as in Excel.
  grid.followLink = (target) => {
    const place = /^#(?:'((?:[^']|'')+)'|([^!]+))!\$?([A-Za-z]{1,3})\$?(\d+)/.exec(target) || /^#()()\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(target);
    if (!place) return;
    const name = place[1] ? place[1].replace(/''/g, "'") : place[2];
    const index = name ? sheets.findIndex((s) => s.name.toLowerCase() === name.toLowerCase()) : sheets.indexOf(grid.layout.sheet);
    if (index < 0) return;
    if (sheets[index] !== grid.layout.sheet) tabs.children[index].click();
    const layout = grid.layout;
    let col = 0;
    for (const letter of place[3].toUpperCase()) col = col * 26 + letter.charCodeAt(0) - 64;
    const row = Math.min(Number(place[4]), layout.rowCount) - 1;
    col = Math.min(col, layout.colCount) - 1;
    const zoom = layout.sheet.zoom || 1;
    sheetBox.scrollTo(
      (col < layout.frozenCols ? 0 : layout.colLeft[col] - layout.colLeft[layout.frozenCols]) * zoom,
      (row < layout.frozenRows ? 0 : layout.rowTop[row] - layout.rowTop[layout.frozenRows]) * zoom,
    );
  };
  grid.relayout = (index) => {
    const layout = layouts.get(index);
    if (!layout) return;
    const fresh = sheetLayout(sheets[index], sheetBox.clientWidth, sheetBox.clientHeight);
    layouts.set(index, fresh);
    if (grid.layout !== layout) return;
    fresh.scrollTop = sheetBox.scrollTop;
    fresh.scrollLeft = sheetBox.scrollLeft;
    grid.layout = null;
    showSheet(grid, fresh);
  };
  return grid;
}

function openWorkbook(worker, bytes, fonts) {
  return new Promise((resolve, reject) => {
    const progress = ticker(setStatus);
    const calculating = ticker(setNote);
    let grid = null;
    let sheets = null;
    const notices = [];
    let deadline = setTimeout(() => giveUp(new Error("Reading the workbook took too long.")), OPEN_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(deadline);
      progress.stop();
      calculating.stop();
      worker.terminate();
    };
    const giveUp = (error) => {
      finish();
      // The first rows were shown but the rest could not be read: keep them, and say so.
      if (!sheets && grid) {
        setNote(`Only the first rows are shown: ${error.message}`);
        return resolve();
      }
      if (!sheets) return reject(Object.assign(error, { plain: true }));
      abandonFormulas(sheets);
      refreshGrid(grid);
      setNote("Some formulas took too long to calculate; they show their formula instead.");
      resolve();
    };
    worker.onerror = (event) => giveUp(new Error(event.message || "The spreadsheet reader stopped."));
    worker.onmessage = ({ data }) => {
      try {
        if (data.type === "progress") (grid ? calculating : progress).set(data.text);
        else if (data.type === "error") giveUp(new Error(data.message));
        else if (data.type === "preview") {
          progress.stop();
          grid = showWorkbook(data, grid);
          calculating.set("Showing the first rows while the whole workbook is read…");
        } else if (data.type === "workbook") {
          progress.stop();
          calculating.set("");
          sheets = data.sheets;
          grid = showWorkbook(data, grid);
          // Text widths were measured with whatever font was there; measure again with Carlito.
          fonts.then(() => refreshGrid(grid));
          clearTimeout(deadline);
          deadline = setTimeout(() => giveUp(new Error("Calculating took too long.")), CALCULATE_TIMEOUT_MS);
        } else if (data.type === "charts") {
          data.charts.forEach((charts, index) => {
            sheets[index].charts = charts;
          });
          refreshGrid(grid);
        } else if (data.type === "conditional") {
          data.formats.forEach((list, index) => {
            if (!list || !sheets[index]) return;
            sheets[index].conditional = new Map(list.map(([r, c, css]) => [r * 16384 + c, css]));
            // An empty cell a rule formats (Excel formats blanks too) becomes a cell of the model.
            const empty = list.filter(([r, c]) => cellIndex(sheets[index], r, c) < 0).map(([r, c]) => [r, c, "", KIND_EMPTY]);
            if (empty.length) for (const changed of applySpills(sheets, [{ sheet: index, cells: empty }])) grid.relayout(changed);
          });
          refreshGrid(grid);
        } else if (data.type === "notice") {
          notices.push(data.text);
        } else if (data.type === "formulas") {
          // Styles made for results drawn in their format's colour: the page's table grows.
          if (data.styles) {
            installStyles(data.styles.css);
            Object.assign(grid.styles, { flags: data.styles.flags, fonts: data.styles.fonts, turns: data.styles.turns });
          }
          applyFormulas(sheets, data.updates);
          // A spill may reach past the sheet's last row or column: its layout is made again.
          for (const index of applySpills(sheets, data.spills)) grid.relayout(index);
          refreshGrid(grid);
        } else if (data.type === "done") {
          finish();
          setNote(notices.join(" "));
          resolve();
        }
      } catch (error) {
        finish();
        reject(error);
      }
    };
    worker.postMessage({ bytes }, [bytes]);
  });
}

sheetBox.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a.plug-link");
  if (!link || link.getAttribute("href")[0] !== "#") return;
  event.preventDefault();
  shownGrid?.followLink(link.getAttribute("href"));
});

try {
  setStatus("Loading spreadsheet…");
  const fonts = loadSheetFont();
  const worker = startWorker();
  const bytes = await fetchBytes(fileUrl).catch((error) => {
    worker.terminate();
    throw error;
  });
  await openWorkbook(worker, bytes, fonts);
  main.dataset.state = "ready";
} catch (error) {
  fail("This spreadsheet could not be displayed.", error);
}
