// Bundles pptx-renderer's browser build for the deck viewer with fixes to its charts (number
// formats, a bar chart's crowded axis); called by scripts/vendor.sh.
//
//   node scripts/vendor-pptx-renderer.mjs <node_modules> <outfile>
//
// pptx-renderer 1.3.0 writes a number in a chart's format keeping its digits, separators and
// percent only: a currency sign, a quoted unit, a thousands scale (`#,##0,"K"`) and a negative
// section were dropped, so an axis in `$#,##0` read 1,000 where PowerPoint shows $1,000. Its
// formatter first asks `plugChartNumber` (scripts/pptx-chart-number.js), which writes such formats
// as Excel does and leaves dates and anything it does not know to the renderer. And a data label's
// own format (`<c:dLbls><c:numFmt formatCode="0%">`, python-pptx's `data_labels.number_format`)
// was ignored for the series' cells' format: a pie's shares read 0.4 for 40%. Each patch must
// match exactly once; the build fails otherwise, so a new version is looked at again rather
// than patched blindly.
import { readFile, writeFile } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const [nodeModules, outfile] = process.argv.slice(2);
if (!nodeModules || !outfile) throw new Error('usage: vendor-pptx-renderer.mjs <node_modules> <outfile>');

const SOURCE = join(nodeModules, '@aiden0z/pptx-renderer/dist/aiden0z-pptx-renderer.browser.es.js');
const FORMATTER = join(dirname(fileURLToPath(import.meta.url)), 'pptx-chart-number.js');
const PATCHES = [
  // The number formatter asks Plug's first.
  {
    from: 'function rn(e, t) {\n  if (!t || t === "General")',
    to: 'function rn(e, t) {\n  const plug = plugChartNumber(e, t);\n  if (plug !== void 0) return plug;\n  if (!t || t === "General")',
  },
  // A data labels element's own format is read with its other settings…
  {
    from: '      showPercent: o,\n      position: c,\n      showLeaderLines: s,',
    to: '      showPercent: o,\n      numFmt: plugLabelFormat(r),\n      position: c,\n      showLeaderLines: s,',
  },
  // …kept when a point's own labels are merged over the series'…
  {
    from: '      showPercent: (e == null ? void 0 : e.showPercent) ?? !1,\n      position: e == null ? void 0 : e.position,',
    to: '      showPercent: (e == null ? void 0 : e.showPercent) ?? !1,\n      numFmt: e == null ? void 0 : e.numFmt,\n      position: e == null ? void 0 : e.position,',
  },
  // …and wins over the series' cells' format (pies and doughnuts, bars and columns, lines and areas).
  {
    from: 'n.showVal && o.push(rn(a.value, t))',
    to: 'n.showVal && o.push(rn(a.value, n.numFmt ?? t))',
  },
  { from: 'rn(st, v ? "0%" : It)', to: 'rn(st, v ? "0%" : tt.numFmt ?? It)' },
  { from: 'it.push(rn(se, d ? "0%" : P))', to: 'it.push(rn(se, d ? "0%" : zt.numFmt ?? P))' },
  // A bar chart's value axis runs across, and the renderer labels every tick of ECharts' scale
  // however narrow the chart: "$1,000" ran into "$1,500". Labels that would overlap the one before
  // are left out, as PowerPoint spaces its labels to fit.
  { from: 'v && fT(D), Li(D, k, "value");', to: 'v && fT(D), Li(D, k, "value"), D.axisLabel = { ...D.axisLabel, hideOverlap: !0 };' },
  // A bar whose value is negative was drawn white with a black outline unless its series said
  // `<c:invertIfNegative val="0"/>`; the element left out means no inverting (the schema's
  // default, and PowerPoint's drawing), and python-pptx and Google Slides leave it out, so every
  // loss in a profit chart was a white box. Only a series that asks is inverted.
  { from: 'j.invertIfNegative !== !1 && ut < 0', to: 'j.invertIfNegative === !0 && ut < 0' },
  // A pie's labels outside its slices (`dLblPos` outEnd or bestFit, the default) were laid out
  // around a pie of the same radius as one without, so they ran past the chart's edges and were
  // cut ("North America 38%" lost its first letters at the left). PowerPoint shrinks the pie to
  // make room for them: the radius is cut to 72% where a pie (not a doughnut) has such labels.
  {
    from: 'v = ZV(o, n, f, d, p)',
    to: 'v = ZV(o, n, f && !n && h.some((_) => !_.labelsExplicitlyOff && [_.sharedLabels, ..._.pointOverrides.values()].some((S) => { const $ = rd(_.sharedLabels, S); return $ && qs($) && aY($.position) === "outside"; })) ? "out" : f, d, p)',
  },
  // A column's data label outside its end (`outEnd`, PowerPoint's default for columns) was drawn
  // above the column whatever its sign, so a loss's label sat on the zero line over the category
  // name; PowerPoint puts it past the column's end, below a negative one (and inside the end or
  // the base likewise turned over). Columns only: a horizontal bar's labels are left as they were.
  {
    from: '      return !Ut && !Pt ? st : {',
    to: '      const plugFlip = !o && typeof st == "number" && st < 0 && (Pt ?? W) && { top: "bottom", insideTop: "insideBottom", insideBottom: "insideTop" }[(Pt ?? W).position];\n      plugFlip && (Pt = Pt ? { ...Pt, position: plugFlip } : { position: plugFlip });\n      return !Ut && !Pt ? st : {',
  },
  { from: '(a === "top" || a === "bottom") && (s -= 4), !t)', to: '(a === "top" || a === "bottom") && (s -= 4), r === "out" && (s = Math.round(s * 0.72)), !t)' },
];

let code = await readFile(SOURCE, 'utf8');
for (const { from, to } of PATCHES) {
  const count = code.split(from).length - 1;
  if (count !== 1) throw new Error(`vendor-pptx-renderer: expected one ${JSON.stringify(from.slice(0, 60))} in pptx-renderer, found ${count}`);
  code = code.replace(from, to);
}
code += '\n' + (await readFile(FORMATTER, 'utf8'));
const entry = `${outfile}.src.mjs`;
await writeFile(entry, code);
try {
  await build({ entryPoints: [entry], outfile, minify: true, legalComments: 'none', logLevel: 'warning', format: 'esm', target: 'es2022' });
} finally {
  await (await import('node:fs/promises')).rm(entry, { force: true });
}
