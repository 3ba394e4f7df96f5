// The spreadsheet worker's styles (see xlsx-worker.js): cell styles as CSS classes, and theme
// colours. Stringified into the worker beside sheetWorker; it uses no outer names.
function sheetStyles() {
  "use strict";

  // What the grid needs to know of a style to let text overflow into empty neighbours.
  const STYLE_FLAG = { fill: 1, wrap: 2, aligned: 4, right: 8, center: 16 };

  // Deduplicates cell styles into CSS classes `.s0`, `.s1`… Only values this code computes
  // (numbers, hex colours, keywords, font names stripped to safe characters) reach the CSS.
  class StyleTable {
    constructor(theme, prefix) {
      this.theme = theme;
      this.prefix = prefix;
      this.ids = new Map();
      this.rules = [];
      this.flags = [];
      this.fonts = [];
      this.sizes = [];
    }

    fontSize(id) {
      return id < 0 ? 11 : this.sizes[id];
    }

    id(style) {
      if (!style || !(style.font || style.fill || style.border || style.alignment)) return -1;
      const key = styleKey(style);
      let id = this.ids.get(key);
      if (id === undefined) {
        id = this.rules.length;
        this.ids.set(key, id);
        this.rules.push(styleRules(style, this.theme, `${this.prefix}${id}`));
        this.flags.push(styleFlags(style));
        this.fonts.push(canvasFont(style.font));
        this.sizes.push(Number(style.font && style.font.size) || 11);
      }
      return id;
    }

    css() {
      return this.rules.join("\n");
    }

    // A colour (argb, theme slot and tint, indexed) as #rrggbb, or null.
    color(color) {
      return resolveColor(color, this.theme);
    }

    // A rich-text run's font as inline declarations (the same computed values as a class).
    runCss(font) {
      return font ? fontCss(font, this.theme).join(";") : "";
    }
  }

  function styleKey(style) {
    const f = style.font || {};
    const a = style.alignment || {};
    return [
      f.name, f.size, f.bold, f.italic, f.underline, f.strike, colorKey(f.color),
      fillKey(style.fill), borderKey(style.border),
      a.horizontal, a.vertical, a.wrapText, a.indent,
    ].join("|");
  }

  function colorKey(color) {
    if (!color) return "";
    return `${color.argb || ""}/${color.theme ?? ""}/${color.tint ?? ""}/${color.indexed ?? ""}`;
  }

  function fillKey(fill) {
    if (!fill) return "";
    if (fill.type === "gradient") return `g${fill.degree}:${(fill.stops || []).map((s) => `${s.position}@${colorKey(s.color)}`).join(",")}`;
    return `${fill.pattern}:${colorKey(fill.fgColor)}:${colorKey(fill.bgColor)}`;
  }

  function borderKey(border) {
    if (!border) return "";
    return ["top", "right", "bottom", "left"].map((side) => {
      const b = border[side];
      return b && b.style ? `${b.style}:${colorKey(b.color)}` : "";
    }).join(",");
  }

  const SHEET_FONT = 'Calibri, Carlito, "Segoe UI", Arial, sans-serif';

  // The style's font as a canvas font string, for measuring text that spills over.
  function canvasFont(font) {
    if (!font) return `11pt ${SHEET_FONT}`;
    const name = String(font.name || "").replace(/[^A-Za-z0-9 _-]/g, "").trim();
    const size = Number(font.size) > 0 && Number(font.size) < 410 ? Number(font.size) : 11;
    return `${font.italic ? "italic " : ""}${font.bold ? "700 " : ""}${size}pt ${name ? `"${name}", ` : ""}${SHEET_FONT}`;
  }

  function styleFlags(style) {
    const fill = style.fill && (style.fill.type === "gradient" || (style.fill.pattern && style.fill.pattern !== "none"));
    const alignment = style.alignment || {};
    const aligned = alignment.horizontal && alignment.horizontal !== "left" && alignment.horizontal !== "general";
    // Right and centred text spill to the left and both ways (see xlsx-grid-cells.js); an indent
    // (in steps of 9 px, up to 15) widens what a text needs.
    const indent = Math.max(0, Math.min(15, Math.floor(Number(alignment.indent) || 0)));
    return (fill ? STYLE_FLAG.fill : 0) | (alignment.wrapText ? STYLE_FLAG.wrap : 0) | (aligned ? STYLE_FLAG.aligned : 0)
      | (alignment.horizontal === "right" ? STYLE_FLAG.right : 0) | (alignment.horizontal === "center" ? STYLE_FLAG.center : 0)
      | (indent << 5);
  }

  function styleRules(style, theme, className) {
    const css = [...fontCss(style.font, theme), ...fillCss(style.fill, theme), ...alignmentCss(style.alignment), ...borderCss(style.border, theme)];
    return `.plug-grid .${className}{${css.join(";")}}`;
  }

  function fontCss(font, theme) {
    if (!font) return [];
    const css = [];
    const name = String(font.name || "").replace(/[^A-Za-z0-9 _-]/g, "").trim();
    if (name) css.push(`font-family:"${name}",${fallbackFamily(name)}`);
    if (Number(font.size) > 0 && Number(font.size) < 410) css.push(`font-size:${Number(font.size)}pt`);
    if (font.bold) css.push("font-weight:700");
    if (font.italic) css.push("font-style:italic");
    const lines = [];
    if (font.underline && font.underline !== "none") lines.push(String(font.underline).startsWith("double") ? "underline double" : "underline");
    if (font.strike) lines.push("line-through");
    if (lines.length) css.push(`text-decoration:${lines.join(" ")}`);
    const color = resolveColor(font.color, theme);
    if (color) css.push(`color:${color}`);
    return css;
  }

  function fallbackFamily(name) {
    if (/courier|consolas|mono/i.test(name)) return "monospace";
    if (/times|cambria|georgia|garamond|serif/i.test(name) && !/sans/i.test(name)) return "serif";
    return "var(--plug-sheet-font)";
  }

  function fillCss(fill, theme) {
    if (!fill) return [];
    if (fill.type === "gradient") {
      const stops = (fill.stops || []).map((s) => `${resolveColor(s.color, theme) || "#ffffff"} ${Math.round(Number(s.position) * 100) || 0}%`);
      if (stops.length < 2) return [];
      return [`background:linear-gradient(${(Number(fill.degree) || 0) + 90}deg,${stops.join(",")})`];
    }
    if (!fill.pattern || fill.pattern === "none") return [];
    const color = resolveColor(fill.fgColor, theme) || resolveColor(fill.bgColor, theme);
    return color ? [`background:${color}`] : [];
  }

  function alignmentCss(alignment) {
    if (!alignment) return [];
    const css = [];
    const horizontal = { left: "flex-start", center: "center", centerContinuous: "center", right: "flex-end", justify: "flex-start", distributed: "center", fill: "flex-start" }[alignment.horizontal];
    if (horizontal) css.push(`justify-content:${horizontal}`, `text-align:${horizontal === "flex-end" ? "right" : horizontal === "center" ? "center" : "left"}`);
    const vertical = { top: "flex-start", middle: "center", center: "center", bottom: "flex-end", justify: "flex-start", distributed: "center" }[alignment.vertical];
    if (vertical) css.push(`align-items:${vertical}`);
    if (alignment.wrapText) css.push("white-space:pre-wrap", "overflow-wrap:anywhere");
    const indent = Number(alignment.indent);
    if (indent > 0 && indent < 100) css.push(`padding-${alignment.horizontal === "right" ? "right" : "left"}:${3 + indent * 9}px`);
    return css;
  }

  // Border thickness by style. Borders are drawn as box-shadows on the cell's edges (top and
  // left just outside it, over the neighbour's gridline, as Excel centres them), so a dashed or
  // dotted border shows as a solid line.
  const BORDER_WIDTHS = {
    thin: 1, hair: 1, dotted: 1, dashed: 1, dashDot: 1, dashDotDot: 1,
    medium: 2, mediumDashed: 2, mediumDashDot: 2, mediumDashDotDot: 2, slantDashDot: 2, thick: 3, double: 3,
  };

  function borderCss(border, theme) {
    if (!border) return [];
    const side = (name) => {
      const b = border[name];
      const width = b && BORDER_WIDTHS[b.style];
      return width ? { width, color: resolveColor(b.color, theme) || "#000000" } : null;
    };
    const [top, right, bottom, left] = ["top", "right", "bottom", "left"].map(side);
    const shadows = [];
    if (top) shadows.push(`0 -${top.width}px 0 0 ${top.color}`);
    if (left) shadows.push(`-${left.width}px 0 0 0 ${left.color}`);
    if (top && left) shadows.push(`-${left.width}px -${top.width}px 0 0 ${top.color}`);
    if (right) shadows.push(`inset -${right.width}px 0 0 0 ${right.color}`);
    if (bottom) shadows.push(`inset 0 -${bottom.width}px 0 0 ${bottom.color}`);
    return shadows.length ? [`box-shadow:${shadows.join(",")}`] : [];
  }

  // ------------------------------------------------------------------ colours

  // argb, a theme slot with an optional tint, or the legacy indexed palette, as #rrggbb.
  function resolveColor(color, theme) {
    if (!color) return null;
    if (typeof color.argb === "string" && /^[0-9A-Fa-f]{8}$/.test(color.argb)) return `#${color.argb.slice(2).toLowerCase()}`;
    if (typeof color.argb === "string" && /^[0-9A-Fa-f]{6}$/.test(color.argb)) return `#${color.argb.toLowerCase()}`;
    if (Number.isInteger(color.theme) && theme[color.theme]) return tint(theme[color.theme], Number(color.tint) || 0);
    if (Number.isInteger(color.indexed) && INDEXED[color.indexed]) return `#${INDEXED[color.indexed]}`;
    return null;
  }

  // The workbook's theme colours in the order cells name them (lt1, dk1, lt2, dk2, accents…).
  function themeColors(workbook) {
    const xml = (workbook && workbook._themes && workbook._themes.theme1) || "";
    const scheme = /<a:clrScheme\b[\s\S]*?<\/a:clrScheme>/.exec(xml);
    const found = {};
    if (scheme) {
      for (const match of scheme[0].matchAll(/<a:(\w+)>\s*<a:(?:srgbClr val|sysClr [^>]*?lastClr)="([0-9A-Fa-f]{6})"/g)) {
        found[match[1]] = match[2];
      }
    }
    const order = ["lt1", "dk1", "lt2", "dk2", "accent1", "accent2", "accent3", "accent4", "accent5", "accent6", "hlink", "folHlink"];
    return order.map((slot, i) => `#${(found[slot] || OFFICE_THEME[i]).toLowerCase()}`);
  }

  const OFFICE_THEME = ["FFFFFF", "000000", "E7E6E6", "44546A", "4472C4", "ED7D31", "A5A5A5", "FFC000", "5B9BD5", "70AD47", "0563C1", "954F72"];

  // Excel's tint: lighten (positive) or darken (negative) the colour's HSL lightness.
  function tint(hex, amount) {
    if (!amount) return hex;
    const [h, s, l] = rgbToHsl(parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16));
    const lightness = amount < 0 ? l * (1 + amount) : l * (1 - amount) + amount;
    return hslToHex(h, s, Math.min(1, Math.max(0, lightness)));
  }

  function rgbToHsl(r, g, b) {
    r /= 255; g /= 255; b /= 255;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const l = (max + min) / 2;
    if (max === min) return [0, 0, l];
    const d = max - min;
    const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    return [h / 6, s, l];
  }

  function hslToHex(h, s, l) {
    const hex = (v) => Math.round(v * 255).toString(16).padStart(2, "0");
    if (s === 0) return `#${hex(l)}${hex(l)}${hex(l)}`;
    const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
    const p = 2 * l - q;
    const channel = (t) => {
      t = (t + 1) % 1;
      if (t < 1 / 6) return p + (q - p) * 6 * t;
      if (t < 1 / 2) return q;
      if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
      return p;
    };
    return `#${hex(channel(h + 1 / 3))}${hex(channel(h))}${hex(channel(h - 1 / 3))}`;
  }

  // The legacy 64-colour palette (indexed colours 0-63); 64 is the system foreground.
  const INDEXED = [
    "000000", "FFFFFF", "FF0000", "00FF00", "0000FF", "FFFF00", "FF00FF", "00FFFF",
    "000000", "FFFFFF", "FF0000", "00FF00", "0000FF", "FFFF00", "FF00FF", "00FFFF",
    "800000", "008000", "000080", "808000", "800080", "008080", "C0C0C0", "808080",
    "9999FF", "993366", "FFFFCC", "CCFFFF", "660066", "FF8080", "0066CC", "CCCCFF",
    "000080", "FF00FF", "FFFF00", "00FFFF", "800080", "800000", "008080", "0000FF",
    "00CCFF", "CCFFFF", "CCFFCC", "FFFF99", "99CCFF", "FF99CC", "CC99FF", "FFCC99",
    "3366FF", "33CCCC", "99CC00", "FFCC00", "FF9900", "FF6600", "666699", "969696",
    "003366", "339966", "003300", "333300", "993300", "993366", "333399", "333333",
    "000000",
  ];

  return { StyleTable, themeColors };
}

// The spreadsheet worker's conditional formats (Excel's "Conditional Formatting"), evaluated once
// per sheet against the stored and calculated values, after calculation and spills. Each cell a
// rule formats gets inline declarations computed here (hex colours, keywords, percentages only):
// a rule's format (dxf: fill, font colour, bold, italic, underline, strike), a colour scale's
// fill, a data bar as a gradient background. Rules are applied in priority order; a property set
// by a rule of higher priority is kept, as Excel combines them. Stringified into the worker
// beside sheetWorker; it uses no outer names but `resolve` (a colour as #rrggbb).
function sheetConditional(resolve) {
  "use strict";

  const MAX_CELLS = 2_000_000;

  // [[row, col, css]…] (0-based) for the sheet's formatted cells.
  function conditionalCss(sheet, lastRow, lastCol) {
    const list = (sheet.conditionalFormattings || []).flatMap((cf) => (cf.rules || []).map((rule) => ({ ref: cf.ref, rule })));
    list.sort((a, b) => (Number(a.rule.priority) || 0) - (Number(b.rule.priority) || 0));
    const cells = new Map();
    const value = (r, c) => cellValue(sheet, r, c);
    let budget = MAX_CELLS;
    for (const { ref, rule } of list) {
      const areas = parseRef(ref, lastRow, lastCol);
      const at = [];
      for (const [top, left, bottom, right] of areas) {
        for (let r = top; r <= bottom && budget > 0; r++) {
          for (let c = left; c <= right; c++, budget--) if (sheet.findCell(r, c)) at.push([r, c]);
        }
      }
      if (at.length === 0) continue;
      let apply;
      try {
        apply = ruleFor(rule, at, areas[0], value);
      } catch {
        continue; // a rule this code cannot read formats nothing rather than the wrong cells
      }
      if (!apply) continue;
      for (const [r, c] of at) {
        const key = r * 16384 + c;
        if (cells.has(key) && cells.get(key).stop) continue;
        let props = null;
        try {
          props = apply(r, c);
        } catch {
          props = null; // an error in a rule's formula is false, as in Excel
        }
        if (!props) continue;
        const own = cells.get(key) || {};
        for (const [name, v] of Object.entries(props)) if (!(name in own)) own[name] = v;
        cells.set(key, own);
        if (rule.stopIfTrue) own.stop = true;
      }
    }
    const out = [];
    for (const [key, props] of cells) {
      const css = Object.entries(props).filter(([name]) => name !== "stop").map(([name, v]) => `${name}:${v}`).join(";");
      if (css) out.push([Math.floor(key / 16384) - 1, (key % 16384) - 1, css]);
    }
    return out;
  }

  // A cell's value for comparing: number (dates as serials), string, boolean, error object, null.
  function cellValue(sheet, r, c) {
    const cell = sheet.findCell(r, c);
    if (!cell) return null;
    let v = cell.type === 6 ? cell.result : cell.value;
    if (v && typeof v === "object" && !(v instanceof Date)) {
      if (typeof v.error === "string") return v;
      if (Array.isArray(v.richText)) v = v.richText.map((run) => run.text || "").join("");
      else if (v.text !== undefined) v = v.text;
      else if (v.result !== undefined) v = v.result;
      else if (v.formula !== undefined || v.sharedFormula !== undefined) v = null;
    }
    if (v instanceof Date) return (v.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
    return v === undefined ? null : v;
  }

  function parseRef(ref, lastRow, lastCol) {
    const areas = [];
    for (const part of String(ref || "").trim().split(/\s+/).slice(0, 100)) {
      const m = /^\$?([A-Z]{1,3})?\$?(\d+)?(?::\$?([A-Z]{1,3})?\$?(\d+)?)?$/i.exec(part);
      if (!m || (!m[1] && !m[2])) continue;
      const left = m[1] ? columnNumber(m[1]) : 1;
      const top = m[2] ? Number(m[2]) : 1;
      const right = m[3] ? columnNumber(m[3]) : m[1] && !m[4] && part.includes(":") ? lastCol : m[1] && !part.includes(":") ? left : lastCol;
      const bottom = m[4] ? Number(m[4]) : part.includes(":") || !m[2] ? lastRow : top;
      areas.push([top, left, Math.min(bottom, lastRow), Math.min(right, lastCol)]);
    }
    return areas;
  }

  function columnNumber(letters) {
    let n = 0;
    for (const ch of letters.toUpperCase()) n = n * 26 + ch.charCodeAt(0) - 64;
    return n;
  }

  function isNumber(v) {
    return typeof v === "number" && Number.isFinite(v);
  }

  function dxfCss(style) {
    if (!style) return null;
    const props = {};
    const fill = style.fill;
    if (fill && fill.type === "pattern" && fill.pattern !== "none") {
      const color = resolve(fill.bgColor) || resolve(fill.fgColor);
      if (color) props["background-color"] = color;
    } else if (fill && fill.type === "gradient" && fill.stops && fill.stops[0]) {
      const color = resolve(fill.stops[0].color);
      if (color) props["background-color"] = color;
    }
    const font = style.font || {};
    const color = resolve(font.color);
    if (color) props.color = color;
    if (font.bold !== undefined) props["font-weight"] = font.bold ? "700" : "400";
    if (font.italic !== undefined) props["font-style"] = font.italic ? "italic" : "normal";
    const lines = [];
    if (font.underline && font.underline !== "none") lines.push("underline");
    if (font.strike) lines.push("line-through");
    if (lines.length) props["text-decoration"] = lines.join(" ");
    return Object.keys(props).length ? props : null;
  }

  // What a rule does to the cell at (r, c), as a function of r and c, or null for a rule type
  // that is not drawn (icon sets, time periods).
  function ruleFor(rule, at, home, value) {
    const [top, left] = home;
    const numbers = () => at.map(([r, c]) => value(r, c)).filter(isNumber);
    if (rule.type === "colorScale") return colorScale(rule, numbers(), value);
    if (rule.type === "dataBar") return dataBar(rule, numbers(), value);
    if (rule.type === "iconSet") return iconSet(rule, numbers(), value);
    const css = dxfCss(rule.style);
    if (!css) return null;
    const when = (test) => (r, c) => (test(r, c) ? css : null);
    const formula = (i, r, c) => evaluate(compile(rule.formulae[i]), r - top, c - left, value, r, c);
    switch (rule.type) {
      case "expression":
        return when((r, c) => truthy(formula(0, r, c)));
      case "cellIs":
        return when((r, c) => cellIs(rule.operator, value(r, c), () => formula(0, r, c), () => formula(1, r, c)));
      case "containsText": {
        const text = rule.text !== undefined ? String(rule.text) : textOf(rule.formulae);
        if (text === null) {
          if (!rule.formulae) return null;
          return when((r, c) => truthy(formula(0, r, c)));
        }
        const needle = text.toLowerCase();
        const op = rule.operator || "containsText";
        return when((r, c) => {
          const v = value(r, c);
          if (v === null || typeof v === "object") return op === "notContains" && v === null;
          const s = (typeof v === "boolean" ? (v ? "TRUE" : "FALSE") : String(v)).toLowerCase();
          if (op === "notContains") return !s.includes(needle);
          if (op === "beginsWith") return s.startsWith(needle);
          if (op === "endsWith") return s.endsWith(needle);
          return s.includes(needle);
        });
      }
      case "beginsWith":
      case "endsWith":
      case "notContainsText":
      case "containsBlanks":
      case "notContainsBlanks":
      case "containsErrors":
      case "notContainsErrors":
        if (!rule.formulae) return null;
        return when((r, c) => truthy(formula(0, r, c)));
      case "top10": {
        const sorted = numbers().sort((a, b) => (rule.bottom ? a - b : b - a));
        if (sorted.length === 0) return null;
        const rank = Math.max(1, Number(rule.rank) || 10);
        const n = rule.percent ? Math.max(1, Math.floor((sorted.length * rank) / 100)) : rank;
        const edge = sorted[Math.min(n, sorted.length) - 1];
        return when((r, c) => {
          const v = value(r, c);
          return isNumber(v) && (rule.bottom ? v <= edge : v >= edge);
        });
      }
      case "aboveAverage": {
        const list = numbers();
        if (list.length === 0) return null;
        const mean = list.reduce((a, b) => a + b, 0) / list.length;
        const sd = Math.sqrt(list.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, list.length - 1));
        const above = rule.aboveAverage !== false;
        const shift = (Number(rule.stdDev) || 0) * sd;
        return when((r, c) => {
          const v = value(r, c);
          if (!isNumber(v)) return false;
          if (above) return rule.equalAverage ? v >= mean + shift : v > mean + shift;
          return rule.equalAverage ? v <= mean - shift : v < mean - shift;
        });
      }
      case "duplicateValues":
      case "uniqueValues": {
        const key = (v) => (v === null || typeof v === "object" ? null : typeof v === "string" ? `s${v.toLowerCase()}` : `${typeof v}${v}`);
        const counts = new Map();
        for (const [r, c] of at) {
          const k = key(value(r, c));
          if (k !== null) counts.set(k, (counts.get(k) || 0) + 1);
        }
        const duplicate = rule.type === "duplicateValues";
        return when((r, c) => {
          const k = key(value(r, c));
          return k !== null && (counts.get(k) > 1) === duplicate;
        });
      }
      default:
        return null;
    }
  }

  // The text of a "text contains" rule from its formula, as Excel writes it
  // (NOT(ISERROR(SEARCH("apple",E2))), LEFT(E2,LEN("x"))="x"), or null.
  function textOf(formulae) {
    const m = formulae && /"((?:[^"]|"")*)"/.exec(formulae[0] || "");
    return m ? m[1].replace(/""/g, '"') : null;
  }

  function cellIs(operator, v, a, b) {
    const x = v === null ? 0 : v;
    if (x && typeof x === "object") return false;
    switch (operator) {
      case "between":
      case "notBetween": {
        const lo = a();
        const hi = b();
        const inside = (compare(x, lo) >= 0 && compare(x, hi) <= 0) || (compare(x, hi) >= 0 && compare(x, lo) <= 0);
        return operator === "between" ? inside : !inside;
      }
      case "equal":
        return compare(x, a()) === 0;
      case "notEqual":
        return compare(x, a()) !== 0;
      case "greaterThan":
        return compare(x, a()) > 0;
      case "lessThan":
        return compare(x, a()) < 0;
      case "greaterThanOrEqual":
        return compare(x, a()) >= 0;
      case "lessThanOrEqual":
        return compare(x, a()) <= 0;
      default:
        return false;
    }
  }

  // Excel's order: numbers < text < booleans; text compared without case.
  function compare(a, b) {
    if (a === null) a = typeof b === "string" ? "" : 0;
    if (b === null) b = typeof a === "string" ? "" : 0;
    if (a && typeof a === "object") throw new Error("error value");
    if (b && typeof b === "object") throw new Error("error value");
    const rank = (v) => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);
    if (rank(a) !== rank(b)) return rank(a) - rank(b);
    if (typeof a === "string") {
      const x = a.toLowerCase();
      const y = b.toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    }
    return a < b ? -1 : a > b ? 1 : 0;
  }

  function truthy(v) {
    if (v && typeof v === "object") return false;
    if (typeof v === "string") return /^true$/i.test(v);
    return Boolean(v);
  }

  // ------------------------------------------------------------------ scales and bars

  function threshold(cfvo, list, value, fallback) {
    if (!cfvo) return fallback;
    const n = Number(cfvo.value);
    const min = Math.min(...list);
    const max = Math.max(...list);
    switch (cfvo.type) {
      case "min":
        return min;
      case "max":
        return max;
      case "num":
        return Number.isFinite(n) ? n : fallback;
      case "percent":
        return min + ((max - min) * n) / 100;
      case "percentile": {
        const sorted = [...list].sort((a, b) => a - b);
        const pos = ((sorted.length - 1) * Math.min(100, Math.max(0, n))) / 100;
        const lo = Math.floor(pos);
        return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (pos - lo);
      }
      case "formula": {
        const v = evaluate(compile(String(cfvo.value)), 0, 0, value, 1, 1);
        return isNumber(v) ? v : fallback;
      }
      default:
        return fallback;
    }
  }

  function rgb(hex) {
    return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  }

  function hex(parts) {
    return `#${parts.map((p) => Math.round(Math.max(0, Math.min(255, p))).toString(16).padStart(2, "0")).join("")}`;
  }

  function mix(a, b, t) {
    const x = rgb(a);
    const y = rgb(b);
    return hex(x.map((v, i) => v + (y[i] - v) * t));
  }

  function colorScale(rule, list, value) {
    const colors = (rule.color || []).map((c) => resolve(c)).filter(Boolean);
    const cfvo = rule.cfvo || [];
    if (list.length === 0 || colors.length < 2 || colors.length !== cfvo.length) return null;
    const min = Math.min(...list);
    const max = Math.max(...list);
    const points = cfvo.map((v, i) => threshold(v, list, value, i === 0 ? min : max));
    return (r, c) => {
      const v = value(r, c);
      if (!isNumber(v)) return null;
      let color = colors[colors.length - 1];
      if (v <= points[0]) color = colors[0];
      else {
        for (let i = 1; i < points.length; i++) {
          if (v <= points[i]) {
            const span = points[i] - points[i - 1];
            color = mix(colors[i - 1], colors[i], span > 0 ? (v - points[i - 1]) / span : 1);
            break;
          }
        }
      }
      return { "background-color": color };
    };
  }

  // A data bar as Excel 2010 and later draw it: a gradient from the bar's colour to near white,
  // as long as the value's share of the range, from 0 when all values share a sign (automatic
  // minimum and maximum), with negative values drawn red leftwards of an axis at 0.
  function dataBar(rule, list, value) {
    const color = resolve(rule.color) || "#638ec6";
    if (list.length === 0) return null;
    const cfvo = rule.cfvo || [];
    let low = threshold(cfvo[0], list, value, Math.min(...list));
    let high = threshold(cfvo[1], list, value, Math.max(...list));
    const auto = (v) => !v || v.type === "min" || v.type === "max" || v.type === "autoMin" || v.type === "autoMax";
    if (auto(cfvo[0]) && low > 0) low = 0;
    if (auto(cfvo[1]) && high < 0) high = 0;
    if (!(high > low)) high = low + 1;
    const axis = low < 0 && high > 0 ? -low / (high - low) : low >= 0 ? 0 : 1;
    const pale = mix(color, "#ffffff", 0.9);
    return (r, c) => {
      const v = value(r, c);
      if (!isNumber(v)) return null;
      const at = Math.min(1, Math.max(0, (v - low) / (high - low)));
      const from = Math.round(Math.min(axis, at) * 1000) / 10;
      const to = Math.round(Math.max(axis, at) * 1000) / 10;
      if (to <= from) return null;
      const negative = v < 0;
      const [a, b] = negative ? ["#fbe0e0", "#ff0000"] : [color, pale];
      return {
        "background-image": `linear-gradient(90deg,transparent ${from}%,${a} ${from}%,${b} ${to}%,transparent ${to}%)`,
        "background-size": "100% calc(100% - 4px)",
        "background-repeat": "no-repeat",
        "background-position": "0 2px",
      };
    };
  }

  // An icon set as Excel draws it: the icon at the cell's left, picked by the highest threshold
  // the value reaches (percent 0/33/67 by default). Arrows are drawn as arrows, every other
  // family (traffic lights, signs, flags, symbols, ratings) as Excel's coloured discs, red to
  // green. The icon is an SVG made here from fixed shapes and colours, as a data: URL.
  const ICON_COLORS = { 3: ["#e3342f", "#f7b924", "#2fa84f"], 4: ["#e3342f", "#f7b924", "#9bbf3b", "#2fa84f"], 5: ["#e3342f", "#f08c2e", "#f7b924", "#9bbf3b", "#2fa84f"] };
  const ARROW_PATHS = { up: "M8 2 L14 9 H10 V14 H6 V9 H2 Z", right: "M14 8 L7 2 V6 H2 V10 H7 V14 Z", down: "M8 14 L14 7 H10 V2 H6 V7 H2 Z", upRight: "M13 3 V11 L10 8 L5 13 L3 11 L8 6 L5 3 Z", downRight: "M13 13 V5 L10 8 L5 3 L3 5 L8 10 L5 13 Z" };
  const ARROWS = { 3: ["down", "right", "up"], 4: ["down", "downRight", "upRight", "up"], 5: ["down", "downRight", "right", "upRight", "up"] };

  function iconSet(rule, list, value) {
    const name = String(rule.iconSet || "3TrafficLights1");
    const count = Number(name[0]);
    const cfvo = rule.cfvo || [];
    if (!ICON_COLORS[count] || list.length === 0 || rule.custom) return null;
    const min = Math.min(...list);
    const max = Math.max(...list);
    const points = Array.from({ length: count }, (_, i) => (cfvo[i] ? threshold(cfvo[i], list, value, min + ((max - min) * i) / count) : min + ((max - min) * i) / count));
    const arrows = /Arrows/.test(name);
    const icons = ICON_COLORS[count].map((color, i) => {
      const shape = arrows ? `<path d='${ARROW_PATHS[ARROWS[count][i]]}' fill='${/Gray/.test(name) ? "#808080" : color}'/>` : `<circle cx='8' cy='8' r='6' fill='${color}'/>`;
      return `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16' viewBox='0 0 16 16'>${shape}</svg>`)}")`;
    });
    if (rule.reverse) icons.reverse();
    return (r, c) => {
      const v = value(r, c);
      if (!isNumber(v)) return null;
      let at = 0;
      for (let i = 1; i < count; i++) {
        const gte = !cfvo[i] || cfvo[i].gte !== false;
        if (gte ? v >= points[i] : v > points[i]) at = i;
      }
      const props = {
        "background-image": icons[at],
        "background-size": "14px 14px",
        "background-repeat": "no-repeat",
        "background-position": "3px center",
        "padding-left": "20px",
      };
      if (rule.showValue === false) props.color = "transparent";
      return props;
    };
  }

  // ------------------------------------------------------------------ formulas

  // A small evaluator for the formulas of rules (`$C2>100`, `MOD(ROW(),2)=0`,
  // `AND($B2>=10,$B2<20)`, `COUNTIF($A$2:$A$99,A2)>1`), with relative references moved from the
  // rule's top-left cell to each cell, as Excel reads them. A function it does not know throws,
  // and the rule formats nothing.
  const compiled = new Map();

  function compile(text) {
    let tree = compiled.get(text);
    if (tree) return tree;
    const tokens = String(text).replace(/^=/, "").match(/"(?:[^"]|"")*"|\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?(?![\w(])|\d+(?:\.\d+)?(?:E[+-]?\d+)?|[A-Z_][A-Z0-9_.]*(?=\()|TRUE|FALSE|<>|<=|>=|[-+*/^&=<>(),%:]|\S/gi) || [];
    let i = 0;
    const peek = () => tokens[i];
    const next = () => tokens[i++];
    const expect = (t) => {
      if (next() !== t) throw new Error("syntax");
    };
    const binary = (ops, sub) => () => {
      let left = sub();
      while (ops.includes(peek())) {
        const op = next();
        left = { op, args: [left, sub()] };
      }
      return left;
    };
    const primary = () => {
      const t = next();
      if (t === undefined) throw new Error("syntax");
      if (t === "-" || t === "+") return { op: t === "-" ? "neg" : "pos", args: [primary()] };
      if (t === "(") {
        const inner = comparison();
        expect(")");
        return inner;
      }
      if (t[0] === '"') return { lit: t.slice(1, -1).replace(/""/g, '"') };
      if (/^\d/.test(t)) return { lit: Number(t) };
      if (/^(TRUE|FALSE)$/i.test(t) && peek() !== "(") return { lit: /^TRUE$/i.test(t) };
      if (peek() === "(" && /^[A-Z_]/i.test(t)) {
        next();
        const args = [];
        if (peek() !== ")") {
          do args.push(comparison());
          while (peek() === "," && next());
        }
        expect(")");
        return { fn: t.toUpperCase().replace(/^_XLFN\./, ""), args };
      }
      const ref = /^(\$?)([A-Z]{1,3})(\$?)(\d+)(?::(\$?)([A-Z]{1,3})(\$?)(\d+))?$/i.exec(t);
      if (ref) {
        const a = { absCol: ref[1] === "$", col: columnNumber(ref[2]), absRow: ref[3] === "$", row: Number(ref[4]) };
        if (!ref[6]) return { ref: a };
        return { ref: a, to: { absCol: ref[5] === "$", col: columnNumber(ref[6]), absRow: ref[7] === "$", row: Number(ref[8]) } };
      }
      throw new Error(`unknown token ${t}`);
    };
    const percent = () => {
      let v = primary();
      while (peek() === "%") {
        next();
        v = { op: "/", args: [v, { lit: 100 }] };
      }
      return v;
    };
    const power = binary(["^"], percent);
    const product = binary(["*", "/"], power);
    const sum = binary(["+", "-"], product);
    const concat = binary(["&"], sum);
    const comparison = binary(["=", "<>", "<", ">", "<=", ">="], concat);
    tree = comparison();
    if (i !== tokens.length) throw new Error("syntax");
    if (compiled.size > 10_000) compiled.clear();
    compiled.set(text, tree);
    return tree;
  }

  const ERROR = { error: "#VALUE!" };

  function evaluate(node, dr, dc, value, r, c) {
    const at = (ref) => [ref.absRow ? ref.row : ref.row + dr, ref.absCol ? ref.col : ref.col + dc];
    const range = (n) => {
      if (!n.ref) return [ev(n)];
      const [r1, c1] = at(n.ref);
      const [r2, c2] = n.to ? at(n.to) : [r1, c1];
      const out = [];
      for (let y = Math.min(r1, r2); y <= Math.max(r1, r2) && out.length < 1_000_000; y++) {
        for (let x = Math.min(c1, c2); x <= Math.max(c1, c2); x++) out.push(value(y, x));
      }
      return out;
    };
    const num = (v) => {
      if (v === null || v === "") return 0;
      if (typeof v === "boolean") return v ? 1 : 0;
      if (typeof v === "number") return v;
      if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
      throw new Error("#VALUE!");
    };
    const str = (v) => (v === null ? "" : typeof v === "boolean" ? (v ? "TRUE" : "FALSE") : typeof v === "object" ? "" : String(v));
    function ev(n) {
      if ("lit" in n) return n.lit;
      if (n.ref) {
        if (n.to) throw new Error("range");
        const [y, x] = at(n.ref);
        return value(y, x);
      }
      if (n.op) {
        const [a, b] = n.args.map(ev);
        if (a && typeof a === "object") return a;
        if (b && typeof b === "object") return b;
        switch (n.op) {
          case "neg": return -num(a);
          case "pos": return a;
          case "+": return num(a) + num(b);
          case "-": return num(a) - num(b);
          case "*": return num(a) * num(b);
          case "/": return num(b) === 0 ? { error: "#DIV/0!" } : num(a) / num(b);
          case "^": return num(a) ** num(b);
          case "&": return str(a) + str(b);
          case "=": return compare(a, b) === 0;
          case "<>": return compare(a, b) !== 0;
          case "<": return compare(a, b) < 0;
          case ">": return compare(a, b) > 0;
          case "<=": return compare(a, b) <= 0;
          case ">=": return compare(a, b) >= 0;
        }
      }
      return call(n);
    }
    function safe(n) {
      try {
        return ev(n);
      } catch {
        return ERROR;
      }
    }
    function call(n) {
      const args = n.args;
      const numbers = () => args.flatMap(range).filter(isNumber);
      switch (n.fn) {
        case "AND": return args.flatMap(range).every((v) => truthy(v) || v === null);
        case "OR": return args.flatMap(range).some((v) => truthy(v));
        case "NOT": return !truthy(ev(args[0]));
        case "IF": return truthy(ev(args[0])) ? (args[1] ? ev(args[1]) : true) : args[2] ? ev(args[2]) : false;
        case "ISBLANK": return ev(args[0]) === null;
        case "ISERROR": { const v = safe(args[0]); return Boolean(v && typeof v === "object"); }
        case "ISNUMBER": return isNumber(ev(args[0]));
        case "ISTEXT": return typeof ev(args[0]) === "string";
        case "SEARCH":
        case "FIND": {
          const needle = str(ev(args[0]));
          const hay = str(ev(args[1]));
          const start = args[2] ? num(ev(args[2])) - 1 : 0;
          const i = n.fn === "SEARCH" ? hay.toLowerCase().indexOf(needle.toLowerCase(), start) : hay.indexOf(needle, start);
          return i < 0 ? ERROR : i + 1;
        }
        case "LEN": return str(ev(args[0])).length;
        case "LEFT": return str(ev(args[0])).slice(0, args[1] ? num(ev(args[1])) : 1);
        case "RIGHT": { const s = str(ev(args[0])); const k = args[1] ? num(ev(args[1])) : 1; return k > 0 ? s.slice(-k) : ""; }
        case "UPPER": return str(ev(args[0])).toUpperCase();
        case "LOWER": return str(ev(args[0])).toLowerCase();
        case "TRIM": return str(ev(args[0])).trim().replace(/ +/g, " ");
        case "EXACT": return str(ev(args[0])) === str(ev(args[1]));
        case "MOD": { const a = num(ev(args[0])); const b = num(ev(args[1])); return b === 0 ? { error: "#DIV/0!" } : a - b * Math.floor(a / b); }
        case "ABS": return Math.abs(num(ev(args[0])));
        case "ROW": return args[0] && args[0].ref ? at(args[0].ref)[0] : r;
        case "COLUMN": return args[0] && args[0].ref ? at(args[0].ref)[1] : c;
        case "SUM": return numbers().reduce((a, b) => a + b, 0);
        case "COUNT": return numbers().length;
        case "AVERAGE": { const l = numbers(); return l.length ? l.reduce((a, b) => a + b, 0) / l.length : { error: "#DIV/0!" }; }
        case "MIN": { const l = numbers(); return l.length ? Math.min(...l) : 0; }
        case "MAX": { const l = numbers(); return l.length ? Math.max(...l) : 0; }
        case "COUNTIF": {
          const want = ev(args[1]);
          const m = typeof want === "string" ? /^(<>|<=|>=|=|<|>)(.*)$/.exec(want) : null;
          const op = m ? m[1] : "=";
          let target = m ? m[2] : want;
          if (typeof target === "string" && target.trim() !== "" && Number.isFinite(Number(target))) target = Number(target);
          return range(args[0]).filter((v) => {
            if (v === null) return op === "<>" ? target !== "" : target === "";
            if (typeof v === "object" || typeof v !== typeof target) return op === "<>";
            const k = compare(v, target);
            return { "=": k === 0, "<>": k !== 0, "<": k < 0, ">": k > 0, "<=": k <= 0, ">=": k >= 0 }[op];
          }).length;
        }
        case "TODAY": return Math.floor((Date.now() - Date.UTC(1899, 11, 30)) / 86_400_000);
        default:
          throw new Error(`unknown function ${n.fn}`);
      }
    }
    return ev(node);
  }

  return { conditionalCss };
}
