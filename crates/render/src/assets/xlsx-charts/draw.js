// A chart model (from read.js) as drawing primitives [tag, attributes, text] (for xlsx-charts.js).

// Office's default accents, then darker and lighter turns of them, as Excel cycles them.
const PALETTE = ["#4472c4", "#ed7d31", "#a5a5a5", "#ffc000", "#5b9bd5", "#70ad47", "#264478", "#9e480e", "#636363", "#997300", "#255e91", "#43682b"];
const FONT = "Calibri, Carlito, Arial, sans-serif";

/**
 * The chart as primitives [tag, attributes, text?] for an SVG of `width` x `height`.
 * `format(value, code)` shows a number in a number format as a cell shows it (axis labels and
 * data labels in the source cells' format, `$1,000` and `25%`); without it, plain numbers.
 */
export function draw(chart, width, height, format = null) {
  const out = [["rect", { x: 0.5, y: 0.5, width: width - 1, height: height - 1, fill: "#ffffff", stroke: "#d9d9d9" }]];
  const text = (x, y, value, attrs = {}) => out.push(["text", { x, y, "font-family": FONT, "font-size": 12, fill: "#595959", ...attrs }, String(value)]);
  if (chart.failed) {
    text(width / 2, height / 2, `Chart not shown: ${chart.failed}`, { "text-anchor": "middle" });
    return out;
  }
  let top = 10;
  if (chart.title) {
    for (const line of chart.title.split("\n")) {
      top += 20;
      text(width / 2, top, line, { "text-anchor": "middle", "font-size": 16, fill: "#404040", class: "plug-chart-title" });
    }
    top += 6;
  }
  const pie = chart.plots[0].kind === "pie" || chart.plots[0].kind === "doughnut";
  const series = chart.plots.flatMap((p) => p.series);
  series.forEach((s, i) => {
    s.fill = s.color || PALETTE[i % PALETTE.length];
  });
  // The legend: series (or, for a pie, categories) with their colours.
  const legendItems = pie
    ? series[0].categories.map((c, i) => ({ name: c || String(i + 1), fill: (series[0].pointColors || [])[i] || PALETTE[i % PALETTE.length] }))
    : series.map((s) => ({ name: s.name, fill: s.fill }));
  let box = { left: 10, top, right: width - 10, bottom: height - 10 };
  if (chart.legend && legendItems.length > 0) box = drawLegend(out, text, chart.legend, legendItems, box);
  const shown = (v, code) => (format && code && !/^general$/i.test(code) ? format(v, code) : formatTick(v));
  if (pie) drawPie(out, text, chart.plots[0], box, shown);
  else if (chart.plots[0].kind === "radar") drawRadar(out, text, chart, box, shown);
  else drawAxesAndPlots(out, text, chart, box, shown);
  return out;
}

function drawLegend(out, text, position, items, box) {
  const shown = items.slice(0, 30);
  const itemWidth = (item) => Math.min(160, 22 + item.name.length * 6.5);
  if (position === "r" || position === "l") {
    const width = Math.max(...shown.map(itemWidth)) + 10;
    const x = position === "r" ? box.right - width + 10 : box.left;
    let y = (box.top + box.bottom) / 2 - (shown.length * 18) / 2;
    for (const item of shown) {
      out.push(["rect", { x, y: y + 3, width: 9, height: 9, fill: item.fill }]);
      text(x + 14, y + 12, item.name, { class: "plug-chart-legend" });
      y += 18;
    }
    return position === "r" ? { ...box, right: box.right - width } : { ...box, left: box.left + width };
  }
  const total = shown.reduce((sum, item) => sum + itemWidth(item) + 8, 0);
  let x = Math.max(box.left, (box.left + box.right) / 2 - total / 2);
  const y = position === "t" ? box.top : box.bottom - 14;
  for (const item of shown) {
    out.push(["rect", { x, y: y + 3, width: 9, height: 9, fill: item.fill }]);
    text(x + 14, y + 12, item.name, { class: "plug-chart-legend" });
    x += itemWidth(item) + 8;
  }
  return position === "t" ? { ...box, top: box.top + 22 } : { ...box, bottom: box.bottom - 22 };
}

// A data label's text: the category, the value in its format, the share, as Excel joins them.
function labelText(s, k, v, share, shown) {
  const parts = [];
  const labels = s.labels;
  if (labels.category && s.categories[k] !== undefined) parts.push(s.categories[k]);
  if (labels.value) parts.push(shown(v, labels.numFmt && !labels.numFmt.linked ? labels.numFmt.code : s.format));
  if (labels.percent && share !== null) parts.push(shown(share, "0%"));
  return parts.join(labels.separator);
}

// A pie, or a doughnut of one ring a series (the first innermost, as Excel draws them), from
// the angle of its first slice (firstSliceAng: Format Data Series > Angle of first slice).
function drawPie(out, text, plot, box, shown) {
  const cx = (box.left + box.right) / 2;
  const cy = (box.top + box.bottom) / 2;
  const r = Math.max(4, Math.min(box.right - box.left, box.bottom - box.top) / 2 - 6);
  const hole = plot.kind === "doughnut" ? (r * plot.holeSize) / 100 : 0;
  const rings = plot.kind === "doughnut" ? plot.series.slice(0, 10) : plot.series.slice(0, 1);
  const width = (r - hole) / rings.length;
  const labels = [];
  rings.forEach((s, ring) => {
    const inner = hole ? hole + width * ring : 0;
    const outer = hole ? inner + width : r;
    const values = s.values.map((v) => (v > 0 ? v : 0));
    const total = values.reduce((a, b) => a + b, 0);
    let angle = -Math.PI / 2 + ((plot.firstSliceAng || 0) * Math.PI) / 180;
    values.forEach((v, i) => {
      if (!total || !v) return;
      const sweep = (v / total) * Math.PI * 2;
      const fill = (s.pointColors || [])[i] || PALETTE[i % PALETTE.length];
      const point = (radius, a) => `${(cx + radius * Math.cos(a)).toFixed(2)} ${(cy + radius * Math.sin(a)).toFixed(2)}`;
      const large = sweep > Math.PI ? 1 : 0;
      const end = angle + Math.min(sweep, Math.PI * 2 - 1e-4);
      const d = inner
        ? `M${point(outer, angle)}A${outer} ${outer} 0 ${large} 1 ${point(outer, end)}L${point(inner, end)}A${inner} ${inner} 0 ${large} 0 ${point(inner, angle)}Z`
        : `M${cx} ${cy}L${point(outer, angle)}A${outer} ${outer} 0 ${large} 1 ${point(outer, end)}Z`;
      out.push(["path", { d, fill, stroke: "#ffffff", "stroke-width": 1, class: "plug-chart-point", "data-series": s.name, "data-value": String(v) }]);
      if (s.labels) {
        const middle = angle + sweep / 2;
        const at = inner ? (outer + inner) / 2 : r * 0.65;
        labels.push([cx + at * Math.cos(middle), cy + at * Math.sin(middle) + 4, labelText(s, i, v, v / total, shown)]);
      }
      angle += sweep;
    });
  });
  // Labels over the slices, drawn after them all.
  for (const [x, y, label] of labels) text(x, y, label, { "text-anchor": "middle", "font-size": 11, fill: "#404040", class: "plug-chart-label" });
}

function niceScale(min, max) {
  if (min === max) {
    max = min === 0 ? 1 : min + Math.abs(min);
    if (min > 0) min = 0;
  }
  const span = max - min;
  const rough = span / 5;
  const power = Math.pow(10, Math.floor(Math.log10(rough)));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) || rough;
  return { min: Math.floor(min / step) * step, max: Math.ceil(max / step) * step, step };
}

function formatTick(v) {
  if (Math.abs(v) >= 1e6 || (Math.abs(v) < 1e-3 && v !== 0)) return v.toExponential(1);
  return String(Math.round(v * 1e6) / 1e6);
}

// The nice scale of the plots' values, stacking where a plot stacks; lines and scatters whose
// values sit far above 0 start near their smallest.
function valueScale(plots, count, axis) {
  let lo = 0;
  let hi = 0;
  let positive = Infinity;
  for (const plot of plots) {
    const stacked = plot.grouping === "stacked" || plot.grouping === "percentStacked";
    if (plot.grouping === "percentStacked") {
      hi = Math.max(hi, 1);
      continue;
    }
    for (let k = 0; k < count; k++) {
      let pos = 0;
      let neg = 0;
      for (const s of plot.series) {
        const v = s.values[k];
        if (v === null || v === undefined) continue;
        if (v > 0) positive = Math.min(positive, v);
        if (stacked) {
          if (v >= 0) pos += v;
          else neg += v;
        } else {
          hi = Math.max(hi, v);
          lo = Math.min(lo, v);
        }
      }
      hi = Math.max(hi, pos);
      lo = Math.min(lo, neg);
    }
  }
  // Bubbles (at most a quarter of the plot across) keep inside it: the axis reaches a sixth
  // further each way, as Excel widens a bubble chart's axes.
  if (plots.some((p) => p.bubble)) {
    const pad = (hi - lo) / 6;
    hi += pad;
    if (lo < 0) lo -= pad;
  }
  // The axis reaches the error bars' ends too.
  for (const s of plots.flatMap((p) => (p.grouping === "stacked" || p.grouping === "percentStacked" ? [] : p.series))) {
    if (!s.errors) continue;
    errorSpans(s, s.errors, s.values).forEach((r) => {
      if (!r) return;
      hi = Math.max(hi, r[1]);
      lo = Math.min(lo, r[0]);
    });
  }
  if (plots.every((p) => p.kind === "line" || p.kind === "scatter" || p.kind === "stock" || p.kind === "radar")) {
    const all = plots.flatMap((p) => p.series).flatMap((s) => s.values).filter((v) => v !== null);
    if (all.length) {
      const min = Math.min(...all);
      if (min > 0 && min > (hi - min) * 2) lo = min;
    }
  }
  return axisScale(lo, hi, positive, axis);
}

// The scale an axis is drawn to: its ticks and `frac(v)`, where v sits from 0 (the axis's start)
// to 1. The axis's own bounds, major unit, logarithmic base and reversed order (Format Axis in
// Excel, XlsxWriter's min, max, major_unit, log_base, reverse) win over the data's nice bounds.
function axisScale(lo, hi, positive, axis) {
  const own = (axis && axis.scaling) || {};
  let scale;
  if (own.log > 1) {
    const log = (v) => Math.log(v) / Math.log(own.log);
    const from = Math.floor(log(own.min > 0 ? own.min : Number.isFinite(positive) ? positive : 1));
    const to = Math.max(from + 1, Math.ceil(log(own.max > 0 ? own.max : hi > 0 ? hi : 1)));
    const ticks = [];
    for (let e = from; e <= to && ticks.length < 40; e++) ticks.push(own.log ** e);
    scale = { min: ticks[0], max: ticks[ticks.length - 1], ticks, frac: (v) => (v > 0 ? Math.max(0, (log(v) - from) / (to - from)) : 0) };
  } else {
    const fixedMin = Number.isFinite(own.min);
    const fixedMax = Number.isFinite(own.max);
    const nice = niceScale(fixedMin ? own.min : lo, fixedMax ? own.max : hi);
    const min = fixedMin ? own.min : nice.min;
    const max = fixedMax && own.max > min ? own.max : nice.max;
    const step = own.major > 0 && (max - min) / own.major <= 200 ? own.major : nice.step;
    const ticks = [];
    for (let v = min; v <= max + step / 2 && ticks.length < 200; v += step) ticks.push(Math.round(v * 1e9) / 1e9);
    scale = { min, max, step, ticks, frac: (v) => (v - min) / (max - min) };
  }
  if (own.reverse) {
    const frac = scale.frac;
    scale.frac = (v) => 1 - frac(v);
  }
  return scale;
}

// The format of a value axis's labels: its own code, or where it follows its source (Excel's
// default) the format of its first series' cells.
function axisFormat(axis, plots) {
  const first = plots.flatMap((p) => p.series)[0];
  if (axis && axis.numFmt && !axis.numFmt.linked) return axis.numFmt.code;
  return first ? first.format : "General";
}

function drawAxesAndPlots(out, text, chart, box, shown) {
  const plots = chart.plots;
  const horizontal = plots.some((p) => p.kind === "bar" && p.horizontal);
  const scatter = plots.every((p) => p.kind === "scatter");
  const series = plots.flatMap((p) => p.series);
  const first = series.find((s) => s.categories.length) || { categories: [] };
  // A category axis with a number format of its own (not linked to its cells) shows its dates
  // or numbers in it: XlsxWriter's date_axis with num_format, Excel's Format Axis > Number.
  const own = chart.axes.x && chart.axes.x.numFmt && !chart.axes.x.numFmt.linked && !/^general$/i.test(chart.axes.x.numFmt.code) && first.categoryNumbers;
  const categories = own ? first.categories.map((c, k) => (Number.isFinite(first.categoryNumbers[k]) ? shown(first.categoryNumbers[k], chart.axes.x.numFmt.code) : c)) : first.categories;
  const count = Math.max(categories.length, ...series.map((s) => s.values.length), 1);
  const primary = plots.filter((p) => !p.secondary);
  const secondary = plots.filter((p) => p.secondary);
  const scale = valueScale(primary.length ? primary : plots, count, chart.axes.y);
  const scale2 = secondary.length && primary.length && !horizontal ? valueScale(secondary, count, chart.axes.y2) : null;
  const axis2 = scale2 && chart.axes.y2 && !chart.axes.y2.deleted ? chart.axes.y2 : scale2 && !chart.axes.y2 ? {} : null;
  const y2Title = axis2 && axis2.title;
  // A horizontal bar chart has its categories up the side and its values along the bottom.
  const categoryTitle = chart.axes.x && chart.axes.x.title;
  const valueTitle = chart.axes.y && chart.axes.y.title;
  const yTitle = horizontal ? categoryTitle : valueTitle;
  const xTitle = horizontal ? valueTitle : categoryTitle;
  const plot = { left: box.left + 44 + (yTitle ? 18 : 0), top: box.top + 6, right: box.right - 8 - (axis2 ? 40 + (y2Title ? 18 : 0) : 0), bottom: box.bottom - 22 - (xTitle ? 18 : 0) };
  if (horizontal) plot.left = box.left + Math.min(120, 12 + Math.max(0, ...categories.map((c) => c.length)) * 6.5) + (yTitle ? 18 : 0);
  if (plot.right - plot.left < 20 || plot.bottom - plot.top < 20) return;
  const valueAxisLength = horizontal ? plot.right - plot.left : plot.bottom - plot.top;
  // Values past an axis's own bounds stop at its ends (a bar from 0 on an axis from 500).
  const clamp = (f) => Math.max(0, Math.min(1, f));
  const toValue = (v) => clamp(scale.frac(v)) * valueAxisLength;
  const toValue2 = scale2 ? (v) => clamp(scale2.frac(v)) * valueAxisLength : toValue;
  const format1 = axisFormat(chart.axes.y, scale2 ? primary : plots);
  // Gridlines (unless the value axis has none: majorGridlines absent) and value labels (unless
  // the axis is deleted, as a chart labelled by its data labels often has it).
  const valueAxis = chart.axes.y || {};
  for (const v of scale.ticks) {
    const at = toValue(v);
    const label = (scale2 ? primary : plots).some((p) => p.grouping === "percentStacked") ? `${Math.round(v * 100)}%` : shown(v, format1);
    if (horizontal) {
      if (valueAxis.gridlines !== false) out.push(["line", { x1: plot.left + at, y1: plot.top, x2: plot.left + at, y2: plot.bottom, stroke: "#d9d9d9" }]);
      if (!valueAxis.deleted) text(plot.left + at, plot.bottom + 16, label, { "text-anchor": "middle", "font-size": 11 });
    } else {
      if (valueAxis.gridlines !== false) out.push(["line", { x1: plot.left, y1: plot.bottom - at, x2: plot.right, y2: plot.bottom - at, stroke: "#d9d9d9" }]);
      if (!valueAxis.deleted) text(plot.left - 6, plot.bottom - at + 4, label, { "text-anchor": "end", "font-size": 11 });
    }
  }
  // The secondary value axis's labels at the right, on the primary's gridlines where they meet.
  if (axis2) {
    const percent = secondary.some((p) => p.grouping === "percentStacked");
    const format2 = axisFormat(axis2, secondary);
    for (const v of scale2.ticks) {
      const label = percent ? `${Math.round(v * 100)}%` : shown(v, format2);
      text(plot.right + 6, plot.bottom - toValue2(v) + 4, label, { "font-size": 11, class: "plug-chart-tick2" });
    }
    if (y2Title) {
      const x = box.right - 8 - 6;
      text(x, (plot.top + plot.bottom) / 2, y2Title, { "text-anchor": "middle", transform: `rotate(90 ${x} ${(plot.top + plot.bottom) / 2})`, class: "plug-chart-axis-title" });
    }
  }
  // Category labels (thinned to fit).
  const categoryLength = horizontal ? plot.bottom - plot.top : plot.right - plot.left;
  const band = categoryLength / count;
  // Points on the tick marks (crossBetween midCat, what Excel and XlsxWriter write for an area
  // chart): the first category at the left edge, the last at the right, the area filling the plot.
  const onTicks = chart.onTicks && count > 1 && !horizontal && !plots.some((p) => p.kind === "bar");
  const categoryX = (k) => (onTicks ? plot.left + (k * (plot.right - plot.left)) / (count - 1) : plot.left + band * (k + 0.5));
  if (!scatter && !(chart.axes.x && chart.axes.x.deleted)) {
    // Every label whose width fits its band (about 6 px a character at 11 px), thinned to fit.
    const widest = Math.max(1, ...categories.slice(0, 1000).map((c) => String(c).length)) * 6 + 8;
    const every = Math.max(1, Math.ceil((horizontal ? 14 : widest) / band));
    for (let k = 0; k < count; k += every) {
      const label = categories[k] !== undefined ? categories[k] : String(k + 1);
      // Excel draws a bar chart's first category at the bottom.
      if (horizontal) text(plot.left - 6, plot.top + band * (count - 1 - k + 0.5) + 4, label, { "text-anchor": "end", "font-size": 11, class: "plug-chart-category" });
      else text(categoryX(k), plot.bottom + 16, label, { "text-anchor": "middle", "font-size": 11, class: "plug-chart-category" });
    }
  }
  if (yTitle) text(box.left + 12, (plot.top + plot.bottom) / 2, yTitle, { "text-anchor": "middle", transform: `rotate(-90 ${box.left + 12} ${(plot.top + plot.bottom) / 2})`, class: "plug-chart-axis-title" });
  if (xTitle) text((plot.left + plot.right) / 2, box.bottom - 2, xTitle, { "text-anchor": "middle", class: "plug-chart-axis-title" });
  const zero = toValue(Math.max(scale.min, Math.min(0, scale.max)));
  const zero2 = scale2 ? toValue2(Math.max(scale2.min, Math.min(0, scale2.max))) : zero;
  // Bars on the secondary axis are laid over the primary's, as Excel draws them, each group
  // with its own slots.
  const slots = (group) => group.filter((p) => p.kind === "bar").reduce((n, p) => n + (p.grouping === "clustered" || p.grouping === "standard" ? p.series.length : 1), 0);
  const clusters = scale2 ? slots(primary) : slots(plots);
  const clusters2 = scale2 ? slots(secondary) : clusters;
  let slot = 0;
  let slot2 = 0;
  for (const p of plots) {
    const own = scale2 && p.secondary;
    const at = own ? { toValue: toValue2, zero: zero2, clusters: clusters2, slot: slot2 } : { toValue, zero, clusters, slot };
    if (p.kind === "bar") {
      const next = drawBars(out, text, p, { plot, band, count, horizontal, shown, ...at });
      if (own) slot2 = next;
      else slot = next;
    } else if (p.kind === "scatter") drawScatter(out, text, p, plot, at.toValue, series, !own && p === plots.find((q) => q.kind === "scatter"), shown, chart.axes.x);
    else {
      if (p.kind === "stock") drawStockMarks(out, p, { plot, count, band, toValue: at.toValue, categoryX });
      drawLines(out, text, p, { plot, count, toValue: at.toValue, area: p.kind === "area", shown, categoryX });
    }
  }
  out.push(["line", { x1: plot.left, y1: horizontal ? plot.top : plot.bottom - zero, x2: horizontal ? plot.left : plot.right, y2: plot.bottom - (horizontal ? 0 : zero), stroke: "#bfbfbf" }]);
}

function drawBars(out, text, plot, { plot: area, band, count, toValue, zero, horizontal, clusters, slot, shown }) {
  const stacked = plot.grouping === "stacked" || plot.grouping === "percentStacked";
  const groupWidth = band * 0.66;
  const barWidth = groupWidth / Math.max(1, clusters);
  const totals = [];
  if (plot.grouping === "percentStacked") {
    for (let k = 0; k < count; k++) totals[k] = plot.series.reduce((sum, s) => sum + Math.abs(s.values[k] || 0), 0) || 1;
  }
  const pos = new Array(count).fill(0);
  const neg = new Array(count).fill(0);
  plot.series.forEach((s, i) => {
    const at = stacked ? slot : slot + i;
    for (let k = 0; k < count; k++) {
      let v = s.values[k];
      if (v === null || v === undefined) continue;
      if (totals.length) v /= totals[k];
      let from = 0;
      if (stacked) {
        from = v >= 0 ? pos[k] : neg[k];
        if (v >= 0) pos[k] += v;
        else neg[k] += v;
      }
      const a = toValue(from);
      const b = toValue(from + v);
      const start = band * (horizontal ? count - 1 - k : k) + (band - groupWidth) / 2 + barWidth * at;
      const rect = horizontal
        ? { x: area.left + Math.min(a, b), y: area.top + start, width: Math.abs(b - a), height: barWidth }
        : { x: area.left + start, y: area.bottom - Math.max(a, b), width: barWidth, height: Math.abs(b - a) };
      out.push(["rect", { ...rect, fill: (s.pointColors || [])[k] || s.fill, class: "plug-chart-point", "data-series": s.name, "data-value": String(s.values[k]) }]);
      // A data label where its position says (dLblPos): past the bar's end (Excel's Outside
      // End, its default), inside the end, centred (a stacked segment's default), inside the base.
      if (s.labels) {
        const label = labelText(s, k, s.values[k], totals.length ? v : null, shown);
        const style = { "font-size": 11, fill: "#404040", class: "plug-chart-label" };
        const position = ["outEnd", "inEnd", "ctr", "inBase"].includes(s.labels.position) && !(stacked && s.labels.position === "outEnd") ? s.labels.position : stacked ? "ctr" : "outEnd";
        if (horizontal) {
          const out = v >= 0 ? 1 : -1;
          const [end, base] = v >= 0 ? [rect.x + rect.width, rect.x] : [rect.x, rect.x + rect.width];
          const at = { outEnd: [end + out * 4, out], inEnd: [end - out * 4, -out], ctr: [(end + base) / 2, 0], inBase: [base + out * 4, out] }[position];
          text(at[0], rect.y + rect.height / 2 + 4, label, { ...style, "text-anchor": at[1] > 0 ? "start" : at[1] < 0 ? "end" : "middle" });
        } else {
          const out = v >= 0 ? -1 : 1;
          const [end, base] = v >= 0 ? [rect.y, rect.y + rect.height] : [rect.y + rect.height, rect.y];
          const middle = { outEnd: end + out * 10, inEnd: end - out * 10, ctr: (end + base) / 2, inBase: base + out * 10 }[position];
          text(rect.x + rect.width / 2, middle + 4, label, { ...style, "text-anchor": "middle" });
        }
      }
    }
    const middle = (k) => band * (horizontal ? count - 1 - k : k) + (band - groupWidth) / 2 + barWidth * (slot + i + 0.5);
    if (s.errors && !stacked) drawErrorBars(out, s, s.errors, s.values, (k, v) => (horizontal ? [area.left + toValue(v), area.top + middle(k)] : [area.left + middle(k), area.bottom - toValue(v)]), horizontal);
    // Trendlines reckon the categories 1, 2, 3… as Excel does (a logarithmic fit needs x > 0).
    if (!stacked) drawTrends(out, s, s.values.map((v, k) => [k + 1, v]), (x, v) => (horizontal ? [area.left + toValue(v), area.top + middle(x - 1)] : [area.left + middle(x - 1), area.bottom - toValue(v)]));
  });
  return slot + (stacked ? 1 : plot.series.length);
}

// The span of a series' error bars at each point, [low, high] in values (null where none).
// Standard deviation bars are centred on the series' mean, not on each point, as Excel draws
// them (each the same, a number of the values' sample standard deviations each way); standard
// error bars reach the standard error of the mean either side of each point.
function errorSpans(s, e, values) {
  const finite = values.filter((v) => Number.isFinite(v));
  const mean = finite.reduce((a, b) => a + b, 0) / (finite.length || 1);
  const deviation = finite.length > 1 ? Math.sqrt(finite.reduce((a, v) => a + (v - mean) ** 2, 0) / (finite.length - 1)) : 0;
  return values.map((v, k) => {
    if (!Number.isFinite(v)) return null;
    let centre = v;
    let up = e.amount;
    let down = e.amount;
    if (e.kind === "percentage") up = down = (Math.abs(v) * e.amount) / 100;
    else if (e.kind === "stdErr") up = down = deviation / Math.sqrt(finite.length || 1);
    else if (e.kind === "stdDev") {
      centre = mean;
      up = down = deviation * e.amount;
    } else if (e.kind === "cust") [up, down] = [(e.plus || [])[k] || 0, (e.minus || [])[k] || 0];
    return [centre - (e.way === "plus" ? 0 : down), centre + (e.way === "minus" ? 0 : up)];
  });
}

// Error bars as Excel draws them: a line from the value's low to its high with a cap at each end,
// in the bars' own colour or dark grey. `place(k, v)` gives the pixel of point k at value v;
// `across` draws them left to right (a horizontal bar's, a scatter's x error bars).
function drawErrorBars(out, s, e, values, place, across) {
  errorSpans(s, e, values).forEach((r, k) => {
    if (!r || r[0] === r[1]) return;
    const [x1, y1] = place(k, r[0]);
    const [x2, y2] = place(k, r[1]);
    const caps = across ? [[x1, y1 - 4, x1, y1 + 4], [x2, y2 - 4, x2, y2 + 4]] : [[x1 - 4, y1, x1 + 4, y1], [x2 - 4, y2, x2 + 4, y2]];
    const ends = [e.way !== "plus", e.way !== "minus"];
    const d = `M${x1.toFixed(2)} ${y1.toFixed(2)}L${x2.toFixed(2)} ${y2.toFixed(2)}` + caps.filter((_, i) => ends[i]).map(([a, b, c, f]) => `M${a.toFixed(2)} ${b.toFixed(2)}L${c.toFixed(2)} ${f.toFixed(2)}`).join("");
    out.push(["path", { d, fill: "none", stroke: e.color || "#404040", "stroke-width": 1, class: across ? "plug-chart-error plug-chart-error-x" : "plug-chart-error", "data-series": s.name }]);
  });
}

// A smoothed line (Excel's Smoothed line, c:smooth) through the points: a cubic curve between
// each two, its tangents along the neighbours' chord (Catmull-Rom).
function smoothPath(points) {
  const f = (n) => n.toFixed(2);
  let d = `M${f(points[0][0])} ${f(points[0][1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const [p0, p1, p2, p3] = [points[i - 1] || points[i], points[i], points[i + 1], points[i + 2] || points[i + 1]];
    d += `C${f(p1[0] + (p2[0] - p0[0]) / 6)} ${f(p1[1] + (p2[1] - p0[1]) / 6)} ${f(p2[0] - (p3[0] - p1[0]) / 6)} ${f(p2[1] - (p3[1] - p1[1]) / 6)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

// Solves the square system a·x = b (Gaussian elimination with partial pivoting); null if singular.
function solve(a, b) {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) pivot = r;
    if (Math.abs(m[pivot][c]) < 1e-12) return null;
    [m[c], m[pivot]] = [m[pivot], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

// The least-squares fit of a trendline to the points [x, y], as a function of x; null where the
// fit cannot be made (Excel draws no exponential or power trendline through a value <= 0, no
// logarithmic or power one at an x <= 0).
function trendFunction(trend, points) {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  // A polynomial of `order` in x: the normal equations, x centred and scaled (dates as x).
  const poly = (order, px, py) => {
    const n = px.length;
    if (n <= order) return null;
    const mx = px.reduce((a, b) => a + b, 0) / n;
    const sx = Math.max(...px.map((x) => Math.abs(x - mx))) || 1;
    const u = px.map((x) => (x - mx) / sx);
    const a = Array.from({ length: order + 1 }, (_, i) => Array.from({ length: order + 1 }, (_, j) => u.reduce((t, x) => t + x ** (i + j), 0)));
    const b = Array.from({ length: order + 1 }, (_, i) => u.reduce((t, x, k) => t + x ** i * py[k], 0));
    const c = solve(a, b);
    return c && ((x) => c.reduce((t, ci, i) => t + ci * ((x - mx) / sx) ** i, 0));
  };
  switch (trend.type) {
    case "linear":
      return poly(1, xs, ys);
    case "poly":
      return poly(Math.min(trend.order, points.length - 1), xs, ys);
    case "exp": {
      if (ys.some((y) => y <= 0)) return null;
      const f = poly(1, xs, ys.map(Math.log));
      return f && ((x) => Math.exp(f(x)));
    }
    case "log": {
      if (xs.some((x) => x <= 0)) return null;
      const f = poly(1, xs.map(Math.log), ys);
      return f && ((x) => (x > 0 ? f(Math.log(x)) : NaN));
    }
    case "power": {
      if (xs.some((x) => x <= 0) || ys.some((y) => y <= 0)) return null;
      const f = poly(1, xs.map(Math.log), ys.map(Math.log));
      return f && ((x) => (x > 0 ? Math.exp(f(Math.log(x))) : NaN));
    }
    default:
      return null;
  }
}

// A series' trendlines (Excel's Add Trendline: linear, exponential, logarithmic, polynomial,
// power, moving average), dotted in their own colour (LibreOffice writes black) or the
// series', across the points' span and as far forward and backward as each says. A fitted
// curve is drawn through 64 points of it; a moving average joins the average of each `period`
// points, from the period's last point on. `place(x, v)` gives the pixel of a point.
function drawTrends(out, s, pairs, place) {
  const points = pairs.filter(([x, v]) => Number.isFinite(x) && Number.isFinite(v));
  for (const trend of s.trends || []) {
    let line = [];
    if (trend.type === "movingAvg") {
      for (let i = trend.period - 1; i < points.length; i++) {
        const window = points.slice(i - trend.period + 1, i + 1);
        line.push([points[i][0], window.reduce((a, [, v]) => a + v, 0) / trend.period]);
      }
    } else {
      const f = points.length >= 2 ? trendFunction(trend, points) : null;
      if (!f) continue;
      const xs = points.map(([x]) => x);
      const from = Math.min(...xs) - trend.backward;
      const to = Math.max(...xs) + trend.forward;
      if (!(to > from)) continue;
      const steps = trend.type === "linear" ? 1 : 64;
      for (let i = 0; i <= steps; i++) {
        const x = from + ((to - from) * i) / steps;
        const y = f(x);
        if (Number.isFinite(y)) line.push([x, y]);
      }
    }
    line = line.map(([x, v]) => place(x, v));
    if (line.length < 2) continue;
    const d = line.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(2)} ${y.toFixed(2)}`).join("");
    out.push(["path", { d, fill: "none", stroke: trend.color || s.fill, "stroke-width": 1.5, "stroke-dasharray": "2 2", class: "plug-chart-trend", "data-series": s.name }]);
  }
}

function drawLines(out, text, plot, { plot: area, count, toValue, area: filled, shown, categoryX }) {
  const stacked = plot.grouping === "stacked" || plot.grouping === "percentStacked";
  const base = new Array(count).fill(0);
  // A 100% stacked plot shows each point as its share of its category's total.
  const totals = [];
  if (plot.grouping === "percentStacked") {
    for (let k = 0; k < count; k++) totals[k] = plot.series.reduce((sum, s) => sum + Math.abs(s.values[k] || 0), 0) || 1;
  }
  for (const s of plot.series) {
    const points = [];
    const below = [];
    for (let k = 0; k < count; k++) {
      const raw = s.values[k];
      if (raw === null || raw === undefined) continue;
      const v = totals.length ? raw / totals[k] : raw;
      const y = stacked ? base[k] + v : v;
      const x = categoryX(k);
      below.push([x, area.bottom - toValue(stacked ? base[k] : 0)]);
      if (stacked) base[k] = y;
      points.push([x, area.bottom - toValue(y), raw, k, totals.length ? v : null]);
    }
    if (points.length === 0) continue;
    const d = s.smooth && !filled ? smoothPath(points) : points.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(2)} ${y.toFixed(2)}`).join("");
    if (filled) {
      // A stacked area fills from the series below it, not from the axis over it.
      const back = below.reverse().map(([x, y]) => `L${x.toFixed(2)} ${y.toFixed(2)}`).join("");
      out.push(["path", { d: `${d}${back}Z`, fill: s.fill, "fill-opacity": stacked ? 1 : 0.85, class: "plug-chart-series", "data-series": s.name }]);
    } else if (!s.noLine) {
      // A series whose line is turned off (<a:ln><a:noFill/>, a stock chart's as XlsxWriter and
      // Excel write them) shows its markers alone.
      out.push(["path", { d, fill: "none", stroke: s.fill, "stroke-width": 2.25, "stroke-linejoin": "round", class: "plug-chart-series", "data-series": s.name }]);
    }
    const values = Array.from({ length: count }, (_, k) => s.values[k]);
    if (s.errors && !stacked) drawErrorBars(out, s, s.errors, values, (k, v) => [categoryX(k), area.bottom - toValue(v)], false);
    if (!stacked) drawTrends(out, s, points.map(([, , v, k]) => [k + 1, v]), (x, v) => [categoryX(x - 1), area.bottom - toValue(v)]);
    // Markers only while they stay apart (a series of thousands of points is its line), and
    // not where the series' symbol is none (XlsxWriter's line charts, Excel's "Line" without
    // markers): such points stay as empty marks that carry their values.
    if (points.length > 500) continue;
    const r = filled || s.noMarker ? 0 : s.markerSize ? Math.min(10, Math.max(1.5, s.markerSize / 2)) : 2.5;
    for (const [x, y, v] of points) out.push(["circle", { cx: x, cy: y, r, fill: s.fill, class: "plug-chart-point", "data-series": s.name, "data-value": String(v) }]);
    // Data labels at the right of a line's points (Excel's default) or where their position
    // says (left, above, below, on the point), inside an area.
    if (s.labels) {
      const position = filled ? "area" : s.labels.position || "r";
      const [dx, dy, anchor] = { l: [-5, 4, "end"], t: [0, -7, "middle"], b: [0, 15, "middle"], ctr: [0, 4, "middle"], area: [0, 14, "middle"] }[position] || [5, 4, "start"];
      for (const [x, y, v, k, share] of points) text(x + dx, y + dy, labelText(s, k, v, share, shown), { "font-size": 11, fill: "#404040", "text-anchor": anchor, class: "plug-chart-label" });
    }
  }
}

// A scatter's x axis along the bottom with its own labels (drawn once, with the first scatter plot),
// its series as points joined by lines where the series has a line, as Excel draws them.
function drawScatter(out, text, plot, area, toValue, allSeries, labels, shown, xAxis) {
  const xs = allSeries.flatMap((s) => s.xValues || s.values.map((_, k) => k + 1)).filter((v) => v !== null);
  // The x axis reaches the ends of x error bars.
  for (const s of allSeries) {
    if (!s.xErrors) continue;
    const at = s.values.map((v, k) => (Number.isFinite(v) ? (s.xValues ? s.xValues[k] : k + 1) : null));
    for (const span of errorSpans(s, s.xErrors, at)) if (span) xs.push(...span);
  }
  const [xLo, xHi] = [Math.min(0, ...xs), Math.max(...xs, 1)];
  const pad = plot.bubble ? (xHi - xLo) / 6 : 0;
  const scale = axisScale(xLo < 0 ? xLo - pad : xLo, xHi + pad, Math.min(...xs.filter((v) => v > 0)), xAxis);
  const toX = (v) => area.left + scale.frac(v) * (area.right - area.left);
  const xCode = axisFormat(xAxis, []);
  // A bubble's area follows its size: the largest is a quarter of the plot's height across, as
  // Excel draws it at its default scale.
  const sizes = plot.series.flatMap((s) => s.sizes || []).filter((v) => v > 0);
  const biggest = Math.max(0, ...sizes);
  const radius = (size) => (Math.sqrt(size / biggest) * Math.min(area.right - area.left, area.bottom - area.top) * 0.25 * (plot.bubbleScale / 100)) / 2;
  if (labels) {
    for (const v of scale.ticks) {
      text(toX(v), area.bottom + 16, shown(v, xCode === "General" ? (allSeries[0] || {}).xFormat : xCode), { "text-anchor": "middle", "font-size": 11, class: "plug-chart-category" });
    }
  }
  for (const s of plot.series) {
    const points = [];
    s.values.forEach((v, k) => {
      const x = s.xValues ? s.xValues[k] : k + 1;
      if (v === null || v === undefined || x === null || x === undefined) return;
      points.push([toX(x), area.bottom - toValue(v), v]);
    });
    if (s.sizes) {
      s.values.forEach((v, k) => {
        const x = s.xValues ? s.xValues[k] : k + 1;
        const size = s.sizes[k];
        if (v === null || x === null || x === undefined || !(size > 0)) return;
        out.push(["circle", { cx: toX(x), cy: area.bottom - toValue(v), r: radius(size), fill: (s.pointColors || [])[k] || s.fill, "fill-opacity": 0.75, stroke: "#ffffff", class: "plug-chart-point plug-chart-bubble", "data-series": s.name, "data-value": String(v) }]);
      });
      continue;
    }
    if (!s.noLine && points.length > 1) {
      const d = s.smooth ? smoothPath(points) : points.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(2)} ${y.toFixed(2)}`).join("");
      out.push(["path", { d, fill: "none", stroke: s.fill, "stroke-width": 2.25, "stroke-linejoin": "round", class: "plug-chart-series", "data-series": s.name }]);
    }
    const xOf = (k) => (s.xValues ? s.xValues[k] : k + 1);
    if (s.errors) drawErrorBars(out, s, s.errors, s.values, (k, v) => [toX(xOf(k)), area.bottom - toValue(v)], false);
    // Error bars along x (errDir x), from each point's x, at its height.
    if (s.xErrors) drawErrorBars(out, s, s.xErrors, s.values.map((v, k) => (Number.isFinite(v) ? xOf(k) : null)), (k, x) => [toX(x), area.bottom - toValue(s.values[k])], true);
    drawTrends(out, s, s.values.map((v, k) => [xOf(k), v]), (x, v) => [toX(x), area.bottom - toValue(v)]);
    if (s.labels) for (const [x, y, v] of points) text(x + 5, y - 5, labelText(s, 0, v, null, shown), { "font-size": 11, fill: "#404040", class: "plug-chart-label" });
    if (s.noMarker && !s.noLine) continue;
    for (const [x, y, v] of points) out.push(["circle", { cx: x, cy: y, r: 3.5, fill: s.fill, class: "plug-chart-point", "data-series": s.name, "data-value": String(v) }]);
  }
}

// A stock chart's high-low lines (from each date's lowest to its highest value, over all its
// series) and up-down bars (from the first series to the last, open to close: white where the
// price rose, black where it fell, as Excel draws them), under the series' markers.
function drawStockMarks(out, plot, { plot: area, count, band, toValue, categoryX }) {
  for (let k = 0; k < count; k++) {
    const values = plot.series.map((s) => s.values[k]).filter((v) => Number.isFinite(v));
    if (values.length < 2) continue;
    const x = categoryX(k);
    if (plot.hiLowLines) {
      const [lo, hi] = [Math.min(...values), Math.max(...values)];
      out.push(["line", { x1: x, y1: area.bottom - toValue(lo), x2: x, y2: area.bottom - toValue(hi), stroke: "#404040", "stroke-width": 1, class: "plug-chart-hilow" }]);
    }
    const [open, close] = [plot.series[0].values[k], plot.series[plot.series.length - 1].values[k]];
    if (plot.upDownBars && Number.isFinite(open) && Number.isFinite(close) && plot.series.length > 1) {
      const up = close >= open;
      const [a, b] = [area.bottom - toValue(open), area.bottom - toValue(close)];
      const width = band / 2.5;
      out.push(["rect", { x: x - width / 2, y: Math.min(a, b), width, height: Math.max(1, Math.abs(a - b)), fill: (up ? plot.upDownBars.up : plot.upDownBars.down) || (up ? "#ffffff" : "#000000"), stroke: "#404040", class: up ? "plug-chart-up" : "plug-chart-down" }]);
    }
  }
}

// A radar chart as Excel draws it: the categories on spokes clockwise from the top, the value
// axis up the first spoke with its labels at its left, gridlines as polygons at its ticks, each
// series a closed line through its points (with markers in the marker style unless its symbol
// is none) or, in the filled style, a filled polygon.
function drawRadar(out, text, chart, box, shown) {
  const plot = chart.plots[0];
  const series = chart.plots.filter((p) => p.kind === "radar").flatMap((p) => p.series);
  const first = series.find((s) => s.categories.length) || { categories: [] };
  const count = Math.max(first.categories.length, ...series.map((s) => s.values.length), 3);
  const cx = (box.left + box.right) / 2;
  const cy = (box.top + box.bottom) / 2 + 4;
  const r = Math.min(box.right - box.left - 80, box.bottom - box.top - 36) / 2;
  if (r < 10) return;
  const scale = valueScale([{ ...plot, kind: "radar", grouping: "standard", series }], count, chart.axes.y);
  // Clockwise from the top, or anticlockwise where the category axis is reversed (LibreOffice
  // saves its radars so, and Calc and Excel draw them back so).
  const turn = chart.axes.x && chart.axes.x.scaling && chart.axes.x.scaling.reverse ? -1 : 1;
  const angle = (k) => -Math.PI / 2 + (turn * k * 2 * Math.PI) / count;
  const at = (k, v) => {
    const d = Math.max(0, Math.min(1, scale.frac(v))) * r;
    return [cx + d * Math.cos(angle(k)), cy + d * Math.sin(angle(k))];
  };
  const polygon = (pts) => pts.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(2)} ${y.toFixed(2)}`).join("") + "Z";
  const valueAxis = chart.axes.y || {};
  const format = axisFormat(valueAxis, [plot]);
  for (const v of scale.ticks) {
    if (valueAxis.gridlines !== false) out.push(["path", { d: polygon(Array.from({ length: count }, (_, k) => at(k, v))), fill: "none", stroke: "#d9d9d9", class: "plug-chart-grid" }]);
  }
  for (let k = 0; k < count; k++) {
    const [x, y] = at(k, scale.max);
    out.push(["line", { x1: cx, y1: cy, x2: x, y2: y, stroke: "#d9d9d9" }]);
    if (chart.axes.x && chart.axes.x.deleted) continue;
    const c = Math.cos(angle(k));
    const s = Math.sin(angle(k));
    const label = first.categories[k] !== undefined ? first.categories[k] : String(k + 1);
    text(cx + (r + 8) * c, cy + (r + 8) * s + 4 + s * 6, label, { "text-anchor": Math.abs(c) < 0.2 ? "middle" : c > 0 ? "start" : "end", "font-size": 11, class: "plug-chart-category" });
  }
  const filled = plot.radarStyle === "filled";
  for (const s of series) {
    const points = [];
    for (let k = 0; k < count; k++) if (Number.isFinite(s.values[k])) points.push([...at(k, s.values[k]), s.values[k], k]);
    if (points.length === 0) continue;
    if (filled) out.push(["path", { d: polygon(points), fill: s.fill, "fill-opacity": 0.85, class: "plug-chart-series", "data-series": s.name }]);
    else if (!s.noLine) out.push(["path", { d: polygon(points), fill: "none", stroke: s.fill, "stroke-width": 2.25, "stroke-linejoin": "round", class: "plug-chart-series", "data-series": s.name }]);
    const marked = !filled && plot.radarStyle !== "standard" && !s.noMarker;
    for (const [x, y, v] of points) out.push(["circle", { cx: x, cy: y, r: marked ? 2.5 : 0, fill: s.fill, class: "plug-chart-point", "data-series": s.name, "data-value": String(v) }]);
    if (s.labels) for (const [x, y, v, k] of points) text(x + 5, y - 5, labelText(s, k, v, null, shown), { "font-size": 11, fill: "#404040", class: "plug-chart-label" });
  }
  // The value labels over the series, as Excel draws them (a filled radar hid them).
  if (!valueAxis.deleted) for (const v of scale.ticks) text(cx - 4, at(0, v)[1] + 4, shown(v, format), { "text-anchor": "end", "font-size": 11 });
}
