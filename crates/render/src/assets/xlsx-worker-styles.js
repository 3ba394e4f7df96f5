// The spreadsheet worker's styles (see xlsx-worker.js): cell styles as CSS classes, and theme
// colours. Stringified into the worker beside sheetWorker; it uses no outer names.
function sheetStyles() {
  "use strict";

  // What the grid needs to know of a style to let text overflow into empty neighbours.
  const STYLE_FLAG = { fill: 1, wrap: 2, aligned: 4, right: 8, center: 16, turned: 1024, left: 2048, shrink: 4096, border: 8192, dashes: 16384 };

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
      // Per style, the angle of text turned other than upright or sideways (degrees anticlockwise)
      // and its line's height in pixels, else 0: the page makes room for the turned box.
      this.turns = [];
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
        const turn = style.alignment && turnDegrees(style.alignment.textRotation);
        this.turns.push(turn && Math.abs(turn) !== 90 ? [turn, Math.round(this.sizes[id] * 1.6)] : 0);
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
      a.horizontal, a.vertical, a.wrapText, a.indent, a.textRotation, a.shrinkToFit,
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
      | (indent << 5) | (turnCss(alignment.textRotation) ? STYLE_FLAG.turned : 0) | (alignment.horizontal === "left" ? STYLE_FLAG.left : 0)
      // Shrink to fit (Format Cells > Alignment): a text or number too wide for its cell is drawn
      // smaller, never spilling and never ####; wrapped text wraps instead, as in Excel.
      | (alignment.shrinkToFit && !alignment.wrapText ? STYLE_FLAG.shrink : 0)
      | (borderCss(style.border, {}).length ? STYLE_FLAG.border : 0)
      | (borderCss(style.border, {}).some((d) => d.startsWith("background-image")) ? STYLE_FLAG.dashes : 0);
  }

  // Text turned by Format Cells > Alignment > Orientation (`textRotation`: 1-90 degrees
  // anticlockwise, 91-180 clockwise by the value less 90, 255 letters stacked top to bottom;
  // ExcelTS gives the clockwise ones as negative degrees and 255 as "vertical"), as declarations
  // for the span the cell's text is drawn in (xlsx-grid-cells.js): upright and sideways text
  // through writing-mode, other angles turned about the text's centre. Such text does not spill
  // into its neighbours. The viewer drew it level.
  function turnDegrees(rotation) {
    let degrees = Number(rotation);
    if (!Number.isFinite(degrees) || degrees === 0) return null;
    if (degrees > 90 && degrees <= 180) degrees = 90 - degrees;
    return degrees < -90 || degrees > 90 ? null : Math.round(degrees);
  }

  function turnCss(rotation) {
    if (rotation === "vertical" || rotation === 255) return "writing-mode:vertical-rl;text-orientation:upright;letter-spacing:-0.1em";
    const degrees = turnDegrees(rotation);
    if (degrees === null) return null;
    if (degrees === -90) return "writing-mode:vertical-rl";
    if (degrees === 90) return "writing-mode:vertical-rl;transform:rotate(180deg)";
    return `display:inline-block;transform:rotate(${-degrees}deg)`;
  }

  function styleRules(style, theme, className) {
    const fill = fillCss(style.fill, theme);
    const painted = /^background:(.*)$/.exec(fill[0] || "");
    const solid = painted && painted[1].startsWith("#") ? painted[1] : "#ffffff";
    const image = painted && !painted[1].startsWith("#") ? painted[1] : null;
    const css = [...fontCss(style.font, theme), ...fill, ...alignmentCss(style.alignment), ...borderCss(style.border, theme, solid, image)];
    const turn = turnCss(style.alignment && style.alignment.textRotation);
    return `.plug-grid .${className}{${css.join(";")}}${turn ? `\n.plug-grid .${className}>.plug-turn{${turn}}` : ""}`;
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

  // Borders as Excel draws them at 100%. Solid ones (thin, medium, thick) are box-shadows on the
  // cell's edges (top and left just outside it, over the neighbour's gridline, as Excel centres
  // them). A double one is two 1-px lines with a 1-px gap in the cell's own fill between them
  // (it was one 3-px bar). Dotted, dashed and dash-dot ones are repeating gradients along the
  // edge inside the cell, their dashes as Excel's (hair every other pixel, dotted 2 on 2 off…;
  // they were drawn solid), laid over the cell's fill.
  const BORDER_WIDTHS = { thin: 1, medium: 2, thick: 3 };
  const BORDER_DASHES = {
    hair: [1, [1, 1]], dotted: [1, [2, 2]], dashed: [1, [4, 2]], dashDot: [1, [6, 2, 2, 2]],
    dashDotDot: [1, [6, 2, 2, 2, 2, 2]], mediumDashed: [2, [8, 3]], mediumDashDot: [2, [8, 3, 3, 3]],
    mediumDashDotDot: [2, [8, 3, 3, 3, 3, 3]], slantDashDot: [2, [10, 2, 3, 2]],
  };

  // The dashes of one edge: a gradient layer with its size and position.
  function dashLayer(name, color, [width, pattern]) {
    const across = name === "top" || name === "bottom";
    const stops = [];
    let at = 0;
    pattern.forEach((length, i) => {
      const paint = i % 2 === 0 ? color : "transparent";
      stops.push(`${paint} ${at}px ${at + length}px`);
      at += length;
    });
    return {
      image: `repeating-linear-gradient(${across ? 90 : 180}deg,${stops.join(",")})`,
      size: across ? `100% ${width}px` : `${width}px 100%`,
      position: { top: "0 0", bottom: "0 100%", left: "0 0", right: "100% 0" }[name],
    };
  }

  // `gap` is the colour between a double border's lines: the cell's solid fill, else white.
  function borderCss(border, theme, gap, fillImage) {
    if (!border) return [];
    const lines = [];
    const gaps = [];
    const inner = [];
    const layers = [];
    const edges = {};
    for (const name of ["top", "right", "bottom", "left"]) {
      const b = border[name];
      if (!b || !b.style) continue;
      const color = resolveColor(b.color, theme) || "#000000";
      const out = name === "top" || name === "left";
      const x = name === "left" ? 1 : name === "right" ? -1 : 0;
      const y = name === "top" ? 1 : name === "bottom" ? -1 : 0;
      const shadow = (width, inset, paint) => `${inset ? "inset " : ""}${x * (inset ? width : -width)}px ${y * (inset ? width : -width)}px 0 0 ${paint}`;
      if (BORDER_WIDTHS[b.style]) {
        const width = BORDER_WIDTHS[b.style];
        lines.push(shadow(width, !out, color));
        if (out) edges[name] = { width, color };
      } else if (b.style === "double") {
        if (out) {
          lines.push(shadow(1, false, color));
          gaps.push(shadow(1, true, gap));
          inner.push(shadow(2, true, color));
          edges[name] = { width: 1, color };
        } else {
          lines.push(shadow(1, true, color));
          gaps.push(shadow(2, true, gap));
          inner.push(shadow(3, true, color));
        }
      } else if (BORDER_DASHES[b.style]) {
        layers.push(dashLayer(name, color, BORDER_DASHES[b.style]));
      }
    }
    if (edges.top && edges.left) lines.push(`-${edges.left.width}px -${edges.top.width}px 0 0 ${edges.top.color}`);
    const shadows = [...lines, ...gaps, ...inner];
    const css = shadows.length ? [`box-shadow:${shadows.join(",")}`] : [];
    if (layers.length) {
      // A gradient fill stays the bottom layer under the dashes.
      if (fillImage) layers.push({ image: fillImage, size: "100% 100%", position: "0 0" });
      css.push(
        `background-image:${layers.map((l) => l.image).join(",")}`,
        `background-size:${layers.map((l) => l.size).join(",")}`,
        `background-position:${layers.map((l) => l.position).join(",")}`,
        "background-repeat:no-repeat",
      );
    }
    return css;
  }

  // ------------------------------------------------------------------ colours

  // argb, a theme slot with an optional tint, or the legacy indexed palette, as #rrggbb.
  function resolveColor(color, theme) {
    if (!color) return null;
    if (typeof color.argb === "string" && /^[0-9A-Fa-f]{8}$/.test(color.argb)) return `#${color.argb.slice(2).toLowerCase()}`;
    if (typeof color.argb === "string" && /^[0-9A-Fa-f]{6}$/.test(color.argb)) return `#${color.argb.toLowerCase()}`;
    if (Number.isInteger(color.theme) && theme[color.theme]) return tint(theme[color.theme], Number(color.tint) || 0);
    // A workbook's own palette (theme.indexed) replaces the legacy one where it names a colour.
    const own = Number.isInteger(color.indexed) && theme.indexed && theme.indexed[color.indexed];
    if (own) return `#${own.toLowerCase()}`;
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
// beside sheetWorker; it uses no outer names but `resolve` (a colour as #rrggbb) and the
// ExcelTS library (its formula engine calculates the formulas of rules).
function sheetConditional(resolve) {
  "use strict";

  const MAX_CELLS = 2_000_000;
  // Past this many cells (all sheets together) the engine is not asked for the formulas of rules
  // (0.3 to 0.7 s per 10,000 on a quiet machine, within the page's 60 s deadline under load):
  // the rules past it format nothing.
  const MAX_FORMULA_CELLS = 100_000;
  // Rule types whose formulas are read at each cell (a colour scale's `formula` threshold once).
  // The rule types that can hold for an empty cell, and how many empty cells all rules of a sheet
  // format at most (each becomes a cell of the page's model).
  const BLANK_TYPES = new Set(["expression", "cellIs", "containsBlanks", "notContainsText", "notContainsErrors", "notContains"]);
  const MAX_BLANK_CELLS = 50_000;
  const PER_CELL = new Set(["expression", "cellIs", "containsText", "beginsWith", "endsWith", "notContainsText", "containsBlanks", "notContainsBlanks", "containsErrors", "notContainsErrors"]);

  // [[row, col, css]…] (0-based) for each sheet's formatted cells, or null for a sheet without
  // rules or one whose rules could not be read (`failed(index, error)` says why). `jobs` is one
  // { sheet, lastRow, lastCol } (an ExcelTS worksheet and its extent) or null per sheet.
  function conditionalCss(workbook, jobs, failed) {
    const plans = jobs.map((job, index) => {
      if (!job) return null;
      try {
        return { ...job, rules: rulesOf(job.sheet, job.lastRow, job.lastCol) };
      } catch (error) {
        failed(index, error);
        return null;
      }
    });
    let results = new Map();
    try {
      results = calculateRules(workbook, plans.filter(Boolean));
    } catch (error) {
      failed(-1, error); // formula rules format nothing; the others still apply
    }
    return plans.map((plan, index) => {
      if (!plan) return null;
      try {
        return sheetCss(plan, results);
      } catch (error) {
        failed(index, error);
        return null;
      }
    });
  }

  // The sheet's rules in priority order, each with its areas and the cells it covers.
  function rulesOf(sheet, lastRow, lastCol) {
    const list = (sheet.conditionalFormattings || []).flatMap((cf) => (cf.rules || []).map((rule) => ({ ref: cf.ref, rule })));
    list.sort((a, b) => (Number(a.rule.priority) || 0) - (Number(b.rule.priority) || 0));
    let budget = MAX_CELLS;
    let blanks = MAX_BLANK_CELLS;
    const rules = [];
    for (const { ref, rule } of list) {
      // A rule that can hold for an empty cell (`cell equal to 0`, "blanks", a formula) formats
      // the empty cells of its range too, as Excel does, within the range as written (a whole
      // column stops at the sheet's last row).
      const withBlanks = BLANK_TYPES.has(rule.type) || (rule.type === "containsText" && BLANK_TYPES.has(rule.operator));
      const areas = parseRef(ref, lastRow, lastCol, withBlanks);
      const at = [];
      for (const [top, left, bottom, right] of areas) {
        for (let r = top; r <= bottom && budget > 0; r++) {
          for (let c = left; c <= right; c++, budget--) {
            if (sheet.findCell(r, c)) at.push([r, c]);
            else if (withBlanks && blanks > 0) {
              at.push([r, c]);
              blanks -= 1;
            }
          }
        }
      }
      if (at.length > 0) rules.push({ rule, areas, at });
    }
    return rules;
  }

  function sheetCss({ sheet, rules }, results) {
    const cells = new Map();
    const value = (r, c) => cellValue(sheet, r, c);
    for (const { rule, areas, at } of rules) {
      let apply;
      try {
        apply = ruleFor(rule, at, value, results.get(rule));
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

  // ------------------------------------------------------------------ formulas

  // The formulas of rules (`$C2>100`, `MOD(ROW(),2)=0`, `COUNTIF($A$2:$A$99,A2)>1`), calculated
  // by the workbook's own engine (ExcelTS's calculateFormulas, which calculated its cells): each
  // formula is written into a scratch sheet at the cells its rule covers, as a shared formula
  // from the rule's top-left cell, so the engine moves its relative references to each cell as
  // Excel reads them, and ROW() is the cell's own row (the scratch cells sit at the same
  // addresses); its references to the rule's own sheet are named so (through the engine's
  // tokenizer). A formula without references is calculated once. One calculation for all rules
  // of all sheets, after which the scratch sheets are removed. An error, or a function the engine
  // does not know (#NAME?), is false: the rule formats nothing there.
  // Returns Map rule → { [formula index]: (r, c) → value, cfvo: Map cfvo → value }.
  function calculateRules(workbook, plans) {
    const jobs = [];
    let budget = MAX_FORMULA_CELLS;
    for (const { sheet, rules } of plans) {
      for (const { rule, areas, at } of rules) {
        const home = [areas[0][0], areas[0][1]];
        if (PER_CELL.has(rule.type)) {
          (rule.formulae || []).forEach((text, index) => {
            const once = !varies(text);
            // Past the budget the empty cells of the range are left out first (they format nothing).
            let cells = at;
            if (!once && cells.length > budget) cells = at.filter(([r, c]) => sheet.findCell(r, c));
            if (!once && cells.length > budget) return;
            if (!once) budget -= cells.length;
            jobs.push({ sheet, rule, key: index, text, home, cells: once ? [home] : cells, once });
          });
        }
        for (const cfvo of rule.cfvo || []) {
          if (cfvo && cfvo.type === "formula") jobs.push({ sheet, rule, key: "cfvo", cfvo, text: String(cfvo.value), home, cells: [home], once: true });
        }
      }
    }
    const results = new Map();
    if (jobs.length === 0) return results;
    const scratches = [];
    try {
      for (const job of jobs) {
        let formula;
        try {
          formula = qualified(job.text, job.sheet.name);
        } catch {
          continue; // a formula the tokenizer cannot read formats nothing
        }
        const scratch = workbook.addWorksheet(scratchName(workbook));
        scratches.push(scratch);
        job.scratch = scratch;
        const [top, left] = job.home;
        let bottom = top;
        let right = left;
        for (const [r, c] of job.cells) {
          bottom = Math.max(bottom, r);
          right = Math.max(right, c);
        }
        const master = address(top, left);
        scratch.getCell(top, left).value = { formula, shareType: "shared", ref: `${master}:${address(bottom, right)}` };
        for (const [r, c] of job.cells) if (r !== top || c !== left) scratch.getCell(r, c).value = { sharedFormula: master };
      }
      if (scratches.length > 0) ExcelTS.calculateFormulas(workbook);
      for (const job of jobs) {
        if (!job.scratch) continue;
        const own = results.get(job.rule) || { cfvo: new Map() };
        results.set(job.rule, own);
        if (job.cfvo) {
          own.cfvo.set(job.cfvo, resultOf(job.scratch, job.home[0], job.home[1]));
          continue;
        }
        if (job.once) {
          const v = resultOf(job.scratch, job.home[0], job.home[1]);
          own[job.key] = () => v;
          continue;
        }
        const values = new Map();
        for (const [r, c] of job.cells) values.set(r * 16384 + c, resultOf(job.scratch, r, c));
        own[job.key] = (r, c) => {
          const key = r * 16384 + c;
          if (!values.has(key)) throw new Error("not calculated");
          return values.get(key);
        };
      }
    } finally {
      for (const scratch of scratches) workbook.removeWorksheet(scratch.id);
    }
    return results;
  }

  function scratchName(workbook) {
    let n = 1;
    while (workbook.getWorksheet(`PlugRule${n}`)) n++;
    return `PlugRule${n}`;
  }

  function resultOf(scratch, r, c) {
    const cell = scratch.findCell(r, c);
    let v = cell ? cell.result : null;
    if (v && typeof v === "object" && !(v instanceof Date) && typeof v.error !== "string") v = null;
    if (v instanceof Date) return (v.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
    return v === undefined ? null : v;
  }

  function address(row, col) {
    let name = "";
    for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    return `${name}${row}`;
  }

  const REFERENCE_TOKENS = new Set([5, 6, 7, 19, 20, 21, 22, 23]);
  const POSITIONAL = /^(?:_XLFN\.)?(?:ROW|COLUMN|ROWS|COLUMNS|CELL|INDIRECT|OFFSET|RAND|RANDBETWEEN|RANDARRAY|NOW|TODAY)$/;

  // Whether a formula's value can differ from cell to cell: it names a cell, range or name, or
  // asks for its position.
  function varies(text) {
    try {
      return ExcelTS.tokenize(String(text).replace(/^=/, "")).some((t) => REFERENCE_TOKENS.has(t.type) || (t.type === 8 && POSITIONAL.test(String(t.name).toUpperCase())));
    } catch {
      return true;
    }
  }

  // The formula with every reference that names no sheet pointed at `sheetName`, written back
  // from the engine's tokens. A token this does not write back (a table's structured reference)
  // throws.
  function qualified(text, sheetName) {
    const tokens = ExcelTS.tokenize(String(text).replace(/^=/, ""));
    const sheet = (name) => (/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`);
    const own = `${sheet(sheetName)}!`;
    let out = "";
    let named = false;
    for (const t of tokens) {
      const prefix = named ? "" : own;
      named = false;
      switch (t.type) {
        case 1: case 4: case 9: case 18: case 19: out += t.value; break;
        case 2: out += `"${String(t.value).replace(/"/g, '""')}"`; break;
        case 3: out += t.value; break;
        case 5: out += `${prefix}${t.colAbsolute ? "$" : ""}${t.col}${t.rowAbsolute ? "$" : ""}${t.row}`; break;
        case 6: case 20: case 21: out += `${prefix}${t.value}`; break;
        case 7: out += t.endSheetName ? `'${`${t.sheetName}:${t.endSheetName}`.replace(/'/g, "''")}'!` : `${sheet(t.sheetName)}!`; named = true; break;
        case 8: out += t.name; break;
        case 10: out += "("; break;
        case 11: out += ")"; break;
        case 12: out += ","; break;
        case 13: out += ":"; break;
        case 14: out += "%"; break;
        case 15: out += "{"; break;
        case 16: out += "}"; break;
        case 17: out += ";"; break;
        case 23: out += "@"; break;
        case 24: out += " "; break;
        default: throw new Error(`token ${t.type}`);
      }
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

  // `asWritten`: an explicit range keeps its own extent past the sheet's last row and column.
  function parseRef(ref, lastRow, lastCol, asWritten) {
    const areas = [];
    for (const part of String(ref || "").trim().split(/\s+/).slice(0, 100)) {
      const m = /^\$?([A-Z]{1,3})?\$?(\d+)?(?::\$?([A-Z]{1,3})?\$?(\d+)?)?$/i.exec(part);
      if (!m || (!m[1] && !m[2])) continue;
      const left = m[1] ? columnNumber(m[1]) : 1;
      const top = m[2] ? Number(m[2]) : 1;
      const right = m[3] ? columnNumber(m[3]) : m[1] && !m[4] && part.includes(":") ? lastCol : m[1] && !part.includes(":") ? left : lastCol;
      const bottom = m[4] ? Number(m[4]) : part.includes(":") || !m[2] ? lastRow : top;
      const range = part.includes(":");
      const rowEdge = asWritten && (range ? m[4] : m[2]) ? 1_048_576 : lastRow;
      const colEdge = asWritten && (range ? m[3] : m[1]) ? 16_384 : lastCol;
      areas.push([top, left, Math.min(bottom, rowEdge), Math.min(right, colEdge)]);
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
  function ruleFor(rule, at, value, results) {
    const numbers = () => at.map(([r, c]) => value(r, c)).filter(isNumber);
    const cfvoValues = (results && results.cfvo) || new Map();
    if (rule.type === "colorScale") return colorScale(rule, numbers(), value, cfvoValues);
    if (rule.type === "dataBar") return dataBar(rule, numbers(), value, cfvoValues);
    if (rule.type === "iconSet") return iconSet(rule, numbers(), value, cfvoValues);
    const css = dxfCss(rule.style);
    if (!css) return null;
    const when = (test) => (r, c) => (test(r, c) ? css : null);
    // A formula's value at (r, c), as the engine calculated it; one it did not calculate throws.
    const formula = (i, r, c) => {
      if (!results || !results[i]) throw new Error("not calculated");
      return results[i](r, c);
    };
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
    // An empty cell is 0 against a number and "" against a text (compare), as in Excel.
    const x = v;
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

  function threshold(cfvo, list, cfvoValues, fallback) {
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
        const v = cfvoValues.get(cfvo); // calculated by the engine at the rule's top-left cell
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

  function colorScale(rule, list, value, cfvoValues) {
    const colors = (rule.color || []).map((c) => resolve(c)).filter(Boolean);
    const cfvo = rule.cfvo || [];
    if (list.length === 0 || colors.length < 2 || colors.length !== cfvo.length) return null;
    const min = Math.min(...list);
    const max = Math.max(...list);
    const points = cfvo.map((v, i) => threshold(v, list, cfvoValues, i === 0 ? min : max));
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
  function dataBar(rule, list, value, cfvoValues) {
    const color = resolve(rule.color) || "#638ec6";
    if (list.length === 0) return null;
    const cfvo = rule.cfvo || [];
    let low = threshold(cfvo[0], list, cfvoValues, Math.min(...list));
    let high = threshold(cfvo[1], list, cfvoValues, Math.max(...list));
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

  // Excel 2010's 3 Stars (an empty, a half and a full gold star) and 3 Triangles (red down, a
  // yellow bar, green up), read from the sheet's extension (readExtIconSets in xlsx-worker.js).
  const STAR = "M8 1 L10.1 5.6 L15 6.1 L11.3 9.4 L12.4 14.6 L8 12 L3.6 14.6 L4.7 9.4 L1 6.1 L5.9 5.6 Z";
  const STARS = [
    `<path d='${STAR}' fill='#fff' stroke='#c99a06'/>`,
    `<clipPath id='h'><rect width='8' height='16'/></clipPath><path d='${STAR}' fill='#fff' stroke='#c99a06'/><path d='${STAR}' fill='#f7b924' stroke='#c99a06' clip-path='url(#h)'/>`,
    `<path d='${STAR}' fill='#f7b924' stroke='#c99a06'/>`,
  ];
  const TRIANGLES = ["<path d='M2 4 H14 L8 13 Z' fill='#e3342f'/>", "<rect x='2' y='6' width='12' height='4' fill='#f7b924'/>", "<path d='M2 12 H14 L8 3 Z' fill='#2fa84f'/>"];

  function iconSet(rule, list, value, cfvoValues) {
    const name = String(rule.iconSet || "3TrafficLights1");
    const count = Number(name[0]);
    const cfvo = rule.cfvo || [];
    if (!ICON_COLORS[count] || list.length === 0 || rule.custom) return null;
    const min = Math.min(...list);
    const max = Math.max(...list);
    const points = Array.from({ length: count }, (_, i) => (cfvo[i] ? threshold(cfvo[i], list, cfvoValues, min + ((max - min) * i) / count) : min + ((max - min) * i) / count));
    const arrows = /Arrows/.test(name);
    const icons = ICON_COLORS[count].map((color, i) => {
      let shape = arrows ? `<path d='${ARROW_PATHS[ARROWS[count][i]]}' fill='${/Gray/.test(name) ? "#808080" : color}'/>` : `<circle cx='8' cy='8' r='6' fill='${color}'/>`;
      if (name === "3Stars") shape = STARS[i];
      else if (name === "3Triangles") shape = TRIANGLES[i];
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

  return { conditionalCss };
}
