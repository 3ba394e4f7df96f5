// SheetJS reads the workbook; each sheet becomes a table built with textContent (cell text
// is never parsed as HTML), with tabs to switch sheets. Huge sheets show their first rows.
const MAX_ROWS = 2000;
const MAX_COLUMNS = 200;
const tabs = main.querySelector(".plug-sheet-tabs");
const sheetBox = main.querySelector(".plug-sheet");

function columnName(index) {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

function cellText(cell) {
  if (!cell) return "";
  if (cell.w !== undefined) return cell.w;
  return cell.v === undefined || cell.v === null ? "" : String(cell.v);
}

// Merged ranges: the top-left cell spans, the others are skipped.
function mergeMap(sheet) {
  const spans = new Map();
  const hidden = new Set();
  for (const merge of sheet["!merges"] || []) {
    spans.set(`${merge.s.r}:${merge.s.c}`, { rows: merge.e.r - merge.s.r + 1, cols: merge.e.c - merge.s.c + 1 });
    for (let r = merge.s.r; r <= merge.e.r; r++) {
      for (let c = merge.s.c; c <= merge.e.c; c++) {
        if (r !== merge.s.r || c !== merge.s.c) hidden.add(`${r}:${c}`);
      }
    }
  }
  return { spans, hidden };
}

function renderSheet(workbook, name) {
  const sheet = workbook.Sheets[name];
  const fragment = document.createDocumentFragment();
  if (!sheet || !sheet["!ref"]) {
    const empty = document.createElement("p");
    empty.className = "plug-status";
    empty.textContent = "This sheet is empty.";
    sheetBox.replaceChildren(empty);
    return;
  }
  const range = XLSX.utils.decode_range(sheet["!ref"]);
  const lastRow = Math.min(range.e.r, range.s.r + MAX_ROWS - 1);
  const lastCol = Math.min(range.e.c, range.s.c + MAX_COLUMNS - 1);
  const dense = Array.isArray(sheet["!data"]) ? sheet["!data"] : null;
  const { spans, hidden } = mergeMap(sheet);
  const table = document.createElement("table");
  const head = table.createTHead().insertRow();
  head.appendChild(document.createElement("th"));
  for (let c = range.s.c; c <= lastCol; c++) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = columnName(c);
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (let r = range.s.r; r <= lastRow; r++) {
    const row = body.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = String(r + 1);
    row.appendChild(th);
    for (let c = range.s.c; c <= lastCol; c++) {
      const key = `${r}:${c}`;
      if (hidden.has(key)) continue;
      const cell = dense ? dense[r] && dense[r][c] : sheet[XLSX.utils.encode_cell({ r, c })];
      const td = row.insertCell();
      td.textContent = cellText(cell);
      if (cell && cell.t === "n") td.className = "plug-number";
      const span = spans.get(key);
      if (span) {
        td.rowSpan = span.rows;
        td.colSpan = span.cols;
      }
    }
  }
  fragment.appendChild(table);
  if (lastRow < range.e.r || lastCol < range.e.c) {
    const note = document.createElement("p");
    note.className = "plug-status";
    note.textContent = `Showing the first ${lastRow - range.s.r + 1} rows and ${lastCol - range.s.c + 1} columns; download the file to see everything.`;
    fragment.appendChild(note);
  }
  sheetBox.replaceChildren(fragment);
  sheetBox.scrollTo(0, 0);
}

function renderTabs(workbook) {
  workbook.SheetNames.forEach((name, index) => {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.role = "tab";
    tab.textContent = name;
    tab.addEventListener("click", () => {
      for (const other of tabs.children) other.setAttribute("aria-selected", String(other === tab));
      renderSheet(workbook, name);
    });
    tab.setAttribute("aria-selected", String(index === 0));
    tabs.appendChild(tab);
  });
  tabs.hidden = workbook.SheetNames.length < 2;
}

try {
  setStatus("Loading spreadsheet…");
  const bytes = await fetchBytes(fileUrl);
  const workbook = XLSX.read(bytes, { type: "array", cellDates: true, cellHTML: false, cellFormula: false });
  clearStatus();
  renderTabs(workbook);
  renderSheet(workbook, workbook.SheetNames[0]);
} catch (error) {
  fail("This spreadsheet could not be displayed.", error);
}
