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
