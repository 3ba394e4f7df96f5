// SheetJS (`xlsx` 0.18.5, the last release on npm, its ES module build), which Claude's library
// list names: artifacts read a workbook (`XLSX.read(buffer, { type: "array" })`, `sheet_to_json`)
// and write one (`json_to_sheet`, `book_new`, `writeFile`, a download). Its own exports, and the
// module as its default too, for `import XLSX from "xlsx"` (what a CommonJS bundler gives).
import * as XLSX from "xlsx";

export * from "xlsx";
export default XLSX;
