// Bundles the parts of ExcelTS the spreadsheet viewer's Web Worker uses (reader, streaming
// reader, number formats, formula engine) into one IIFE exposing `ExcelTS`; called by
// scripts/vendor.sh.
//
//   node scripts/vendor-excelts.mjs <node_modules> <outfile>
//
// The chart registry's setter is exported too: ExcelTS refuses to load a workbook holding a
// chart unless chart support is installed, and its chart support is 1.2 MB. The viewer installs
// a stand-in that skips chart parts (it reads and draws charts itself, xlsx-charts.js).
//
// Fixes and readings are applied while bundling (PATCHES). The first: ExcelTS 10.2.0 parses
// every formula into an LRU cache bounded at 10,000 entries, then compiles each formula by looking its text up in that cache:
// a workbook with more than 10,000 distinct formulas (a formula column of 100,000 rows) finds
// the early ones evicted and leaves them uncalculated. The bound is lifted for the one
// calculation the worker runs; the build fails if the line is no longer there, so a new
// ExcelTS version is looked at again rather than patched blindly.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

const [nodeModules, outfile] = process.argv.slice(2);
if (!nodeModules || !outfile) throw new Error('usage: vendor-excelts.mjs <node_modules> <outfile>');

// Not in the package's exports map, so named by path (the browser build, as the bundle uses).
const REGISTRY = join(nodeModules, '@cj-tech-master/excelts/dist/browser/modules/excel/chart-host-registry.js');
const ENTRY = `
export { Workbook, WorkbookReader, formatCellValue } from "@cj-tech-master/excelts";
export { calculateFormulas, tokenize, parse, createFormulaSyntaxProbe } from "@cj-tech-master/excelts/formula";
export { registerChartSupport } from ${JSON.stringify(REGISTRY)};
`;
const PATCHES = [
  {
    file: /[\\/]modules[\\/]formula[\\/]integration[\\/]calculate-formulas-impl\.js$/,
    from: 'const AST_CACHE_MAX_ENTRIES = 10000;',
    to: 'const AST_CACHE_MAX_ENTRIES = Infinity;',
  },
  // Not a fix, a reading: keep calcPr's calcId, which ExcelTS drops. A workbook without one was
  // not last calculated by Excel (LibreOffice saves without), and Excel recalculates it on open.
  {
    file: /[\\/]xform[\\/]book[\\/]workbook-calc-properties-xform\.js$/,
    from: 'fullCalcOnLoad: attrs.fullCalcOnLoad === "1",',
    to: 'fullCalcOnLoad: attrs.fullCalcOnLoad === "1", calcId: attrs.calcId,',
  },
  // Not a fix, a reading: the number formats Excel has built in by id and writes without their
  // code (openpyxl too: `'@'` is 49, `'[h]:mm:ss'` is 46, its accounting strings 41-44), which
  // ExcelTS's style reader lacks, so such cells showed as General (-9876 for $(9,876.00)).
  // The codes are ExcelTS's own, from its formatter's table (en-US, as Excel shows them there).
  {
    file: /[\\/]xlsx[\\/]defaultnumformats\.js$/,
    from: '45: { f: "mm:ss" },',
    to: `5: { f: "$#,##0_);($#,##0)" },
    6: { f: "$#,##0_);[Red]($#,##0)" },
    7: { f: "$#,##0.00_);($#,##0.00)" },
    8: { f: "$#,##0.00_);[Red]($#,##0.00)" },
    41: { f: '_(* #,##0_);_(* (#,##0);_(* "-"_);_(@_)' },
    42: { f: '_($* #,##0_);_($* (#,##0);_($* "-"_);_(@_)' },
    43: { f: '_(* #,##0.00_);_(* (#,##0.00);_(* "-"??_);_(@_)' },
    44: { f: '_($* #,##0.00_);_($* (#,##0.00);_($* "-"??_);_(@_)' },
    45: { f: "mm:ss" },
    46: { f: "[h]:mm:ss" },
    47: { f: "mmss.0" },
    48: { f: "##0.0E+0" },
    49: { f: "@" },`,
  },
  // A fix: a fraction with a variable denominator (`# ??/??`) stepped one convergent past its
  // bound before giving up, and its fallback to the previous one had already been overwritten, so
  // 0.3333 showed 3333/10000 (Excel: 1/3). It stops at the last convergent within the bound.
  {
    file: /[\\/]excel[\\/]utils[\\/]cell-format\.js$/,
    from: '        q = a * q1 + q0;\n',
    to: '        q = a * q1 + q0;\n        if (q > maxDenom) { p = p1; q = q1; break; }\n',
  },
  // A fix: a table's totals row cell that the table part gives no function or label (openpyxl
  // writes the row's `=SUBTOTAL(109,Sales[Qty])` into the sheet alone; LibreOffice drops
  // totalsRowFunction when it saves) was emptied on load, as ExcelTS rewrites the table's cells
  // from its definition, and the first one became "Total" whatever the sheet said. Excel shows
  // what the sheet stores: such cells are put back after the rewrite. And a table part without
  // tableStyleInfo (LibreOffice writes none) is a table without a style, as Excel and LibreOffice
  // draw it: ExcelTS gave it TableStyleMedium2, so the viewer filled its header blue.
  {
    file: /[\\/]modules[\\/]excel[\\/]table\.js$/,
    from: '            this.validate();\n            this.store();\n',
    to: `            const plugTotals = table.totalsRow && table.tableRef ? colCache.decode(table.tableRef) : null;
            const plugKept = plugTotals && "dimensions" in plugTotals ? (table.columns || []).map((column, j) => (j === 0 ? column.totalsRowLabel === undefined : column.totalsRowFunction === undefined) ? worksheet.getRow(plugTotals.bottom).getCell(plugTotals.left + j).value : undefined) : [];
            const plugPlain = !table.style;
            this.validate();
            this.store();
            if (plugPlain) table.style.theme = undefined;
            plugKept.forEach((value, j) => { if (value !== undefined) worksheet.getRow(plugTotals.bottom).getCell(plugTotals.left + j).value = value; });
`,
  },
  // A fix: a sheet view's booleans as LibreOffice writes them (`rightToLeft="true"`,
  // `tabSelected="true"`, `showGridLines="false"`; XML Schema's boolean allows true/false as well
  // as 1/0) were read as their defaults, so a right-to-left sheet Calc saved was drawn left to
  // right and the workbook opened on its first tab rather than the one selected.
  {
    file: /[\\/]xform[\\/]sheet[\\/]sheet-view-xform\.js$/,
    from: `                    rightToLeft: node.attributes.rightToLeft === "1",
                    tabSelected: node.attributes.tabSelected === "1",
                    showRuler: !(node.attributes.showRuler === "0"),
                    showRowColHeaders: !(node.attributes.showRowColHeaders === "0"),
                    showGridLines: !(node.attributes.showGridLines === "0"),
`,
    to: `                    rightToLeft: node.attributes.rightToLeft === "1" || node.attributes.rightToLeft === "true",
                    tabSelected: node.attributes.tabSelected === "1" || node.attributes.tabSelected === "true",
                    showRuler: !(node.attributes.showRuler === "0" || node.attributes.showRuler === "false"),
                    showRowColHeaders: !(node.attributes.showRowColHeaders === "0" || node.attributes.showRowColHeaders === "false"),
                    showGridLines: !(node.attributes.showGridLines === "0" || node.attributes.showGridLines === "false"),
`,
  },
  // The same for the workbook's 1904 date system as LibreOffice writes it (`date1904="true"`):
  // read as the 1900 system, every date of a Mac workbook Calc saved was four years and a day early.
  {
    file: /[\\/]xform[\\/]book[\\/]workbook-properties-xform\.js$/,
    from: 'date1904: node.attributes.date1904 === "1"',
    to: 'date1904: node.attributes.date1904 === "1" || node.attributes.date1904 === "true"',
  },
];

let patched = 0;
const liftAstCacheBound = {
  name: 'patch-excelts',
  setup(bundle) {
    for (const patch of PATCHES) {
      bundle.onLoad({ filter: patch.file }, async ({ path }) => {
        const source = await readFile(path, 'utf8');
        if (source.split(patch.from).length !== 2) throw new Error(`${path} no longer holds "${patch.from}"`);
        patched += 1;
        return { contents: source.replace(patch.from, patch.to), loader: 'js' };
      });
    }
  },
};

await build({
  stdin: { contents: ENTRY, sourcefile: 'excelts-entry.js', resolveDir: process.cwd() },
  nodePaths: [nodeModules],
  bundle: true,
  minify: true,
  legalComments: 'none',
  format: 'iife',
  globalName: 'ExcelTS',
  platform: 'browser',
  target: 'es2022',
  outfile,
  logLevel: 'warning',
  plugins: [liftAstCacheBound],
});
if (patched !== PATCHES.length) throw new Error(`expected to patch ExcelTS ${PATCHES.length} times, patched ${patched} times`);
