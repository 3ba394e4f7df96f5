// docx-preview turns the document into HTML pages; narrow windows zoom the pages to fit.
const pagesBox = main.querySelector(".plug-docx");

function fitPages() {
  const wrapper = pagesBox.querySelector(".docx-wrapper");
  const page = wrapper && wrapper.querySelector("section.docx");
  if (!page) return;
  wrapper.style.zoom = "";
  const needed = page.offsetWidth + 32;
  wrapper.style.zoom = needed > pagesBox.clientWidth ? String(pagesBox.clientWidth / needed) : "";
}

// Word's bullets are characters of the Symbol and Wingdings fonts at their private-use code
// points (U+F0B7 for Word's default "•", U+F0A7 for its third level's square), which no
// browser font draws: every bulleted list of a Word or LibreOffice document showed boxes.
// docx-preview writes them into its list styles' `content`, where the Unicode character each
// one draws replaces it (an unknown one becomes "•").
const SYMBOL_BULLETS = { "\uf0b7": "•", "\uf0a7": "▪", "\uf0d8": "➢", "\uf0fc": "✓", "\uf076": "❖", "\uf06e": "■", "\uf06c": "●", "\uf0a8": "◆" };

function readableBullets() {
  for (const style of pagesBox.querySelectorAll("style")) {
    const css = style.textContent;
    if (!/[\uf020-\uf0ff]/.test(css)) continue;
    style.textContent = css.replace(/content:\s*"[^"]*"/g, (content) =>
      content.replace(/[\uf020-\uf0ff]/g, (c) => SYMBOL_BULLETS[c] || "•"));
  }
}

// A picture inserted with "Link to File" (Word) or kept as a link (LibreOffice saves an HTML
// page's <img> so) is `<a:blip r:link>` naming an external address, with nothing in the file.
// docx-preview reads only `r:embed`, so its <img> got the source "null" (a request for /null,
// a 404). Word, when it cannot follow the link, draws a box saying so in the picture's place;
// that box is drawn here, as an image part added to the package (the viewer never fetches the
// linked address: a page requests nothing outside Plug). A picture both linked and saved with
// the document shows the saved copy, as in Word.
const LINKED_ID = "plugLinkedImage";
// docx-preview finds a part's type by its extension (its match on an Override's part name misses
// the leading slash), so the placeholder has an extension of its own.
const LINKED_PART = "media/plug-linked-image.plugsvg";
const LINKED_TEXT = "The linked image cannot be displayed.";
// Word's box: a thin grey frame, a red cross, and its words wrapped to the picture's width.
const LINKED_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%">
<foreignObject width="100%" height="100%"><div xmlns="http://www.w3.org/1999/xhtml" style="box-sizing:border-box;height:100%;overflow:hidden;border:1px solid #a6a6a6;background:#fff;padding:4px 6px;font:12px/1.35 Calibri,Carlito,Arial,sans-serif;color:#333">
<span style="float:left;width:12px;height:12px;margin:1px 6px 2px 0;border:1px solid #a6a6a6;color:#d00;font:bold 11px/12px Arial,sans-serif;text-align:center">×</span>${LINKED_TEXT} The file may have been moved, renamed, or deleted. Verify that the link points to the correct file and location.</div></foreignObject>
</svg>`;
const BLIP = /<a:blip\b[^>]*>/g;

async function drawLinkedImages(zip) {
  let linked = false;
  for (const name of Object.keys(zip.files).filter((n) => /^word\/[^/]+\.xml$/.test(n))) {
    const xml = await zip.file(name).async("string");
    if (!/<a:blip\b[^>]*\blink="/.test(xml)) continue;
    const fixed = xml.replace(BLIP, (blip) =>
      /\bembed="/.test(blip) ? blip : blip.replace(/\b([A-Za-z]+):link="[^"]*"/, `$1:embed="${LINKED_ID}"`));
    if (fixed === xml) continue;
    zip.file(name, fixed);
    const relsName = name.replace(/^word\//, "word/_rels/") + ".rels";
    const rels = zip.file(relsName)
      ? await zip.file(relsName).async("string")
      : '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
    const rel = `<Relationship Id="${LINKED_ID}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${LINKED_PART}"/>`;
    zip.file(relsName, rels.replace("</Relationships>", `${rel}</Relationships>`));
    linked = true;
  }
  if (!linked) return false;
  zip.file(`word/${LINKED_PART}`, LINKED_SVG);
  const types = await zip.file("[Content_Types].xml").async("string");
  zip.file("[Content_Types].xml", types.replace("</Types>", '<Default Extension="plugsvg" ContentType="image/svg+xml"/></Types>'));
  return true;
}

// SmartArt (Insert > SmartArt: a process, a cycle, an org chart) is a diagram whose data Word lays
// out itself; the file keeps the last layout Word drew as plain shapes (the diagram drawing part,
// `word/diagrams/drawingN.xml`, named by the data part's `dsp:dataModelExt`), for readers that
// cannot lay it out. docx-preview draws neither, so the diagram's place was blank. Each diagram
// becomes a picture of its drawing, an SVG at the frame's size: the shapes Word drew (rectangles,
// rounded ones, ellipses, arrows, chevrons; any other outline as its box when it holds text), in
// the theme's colours, with their text. A diagram saved without its drawing stays blank, as in
// readers older than Word 2007's.
const DIAGRAM_DATA = /<a:graphicData\b[^>]*uri="http:\/\/schemas\.openxmlformats\.org\/drawingml\/2006\/diagram"[^>]*>([\s\S]*?)<\/a:graphicData>/g;
const DSP_NS = "http://schemas.microsoft.com/office/drawing/2008/diagram";
const DRAWING_NS = "http://schemas.openxmlformats.org/drawingml/2006/main";
const EMU_PER_PT = 12700;
const diagramTexts = new Map(); // the SVG's part name -> its words, for the picture's alt text

function partPath(from, target) {
  const path = [];
  for (const piece of (target.startsWith("/") ? target.slice(1) : `${from}/${target}`).split("/")) {
    if (piece === "..") path.pop();
    else if (piece && piece !== ".") path.push(piece);
  }
  return path.join("/");
}

async function themeColors(zip) {
  const colors = {};
  const file = zip.file("word/theme/theme1.xml");
  if (!file) return colors;
  const doc = new DOMParser().parseFromString(await file.async("string"), "application/xml");
  const scheme = doc.getElementsByTagNameNS(DRAWING_NS, "clrScheme")[0];
  for (const slot of scheme ? scheme.children : []) {
    const value = slot.firstElementChild;
    if (value) colors[slot.localName] = value.getAttribute("lastClr") || value.getAttribute("val");
  }
  const font = doc.getElementsByTagNameNS(DRAWING_NS, "minorFont")[0];
  const latin = font && font.getElementsByTagNameNS(DRAWING_NS, "latin")[0];
  colors.font = latin ? latin.getAttribute("typeface") : "Calibri";
  return colors;
}

const SCHEME_ALIAS = { tx1: "dk1", tx2: "dk2", bg1: "lt1", bg2: "lt2" };

// A fill's colour as [r, g, b, alpha], from srgbClr, schemeClr or sysClr and their tint, shade,
// lumMod, lumOff and alpha; null for none.
function drawnColor(fill, theme) {
  const value = fill && [...fill.children].find((c) => /^(srgbClr|schemeClr|sysClr|prstClr)$/.test(c.localName));
  if (!value) return null;
  let hex = value.localName === "schemeClr" ? theme[SCHEME_ALIAS[value.getAttribute("val")] || value.getAttribute("val")] : value.getAttribute("lastClr") || value.getAttribute("val");
  if (!/^[0-9a-f]{6}$/i.test(hex || "")) hex = value.localName === "prstClr" && value.getAttribute("val") === "white" ? "ffffff" : "000000";
  let rgb = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  let alpha = 1;
  for (const change of value.children) {
    const amount = parseInt(change.getAttribute("val"), 10) / 100000;
    if (!Number.isFinite(amount)) continue;
    if (change.localName === "tint") rgb = rgb.map((c) => c + (1 - c) * (1 - amount));
    else if (change.localName === "shade") rgb = rgb.map((c) => c * amount);
    else if (change.localName === "lumMod") rgb = rgb.map((c) => c * amount);
    else if (change.localName === "lumOff") rgb = rgb.map((c) => c + amount);
    else if (change.localName === "alpha") alpha = amount;
  }
  return `rgba(${rgb.map((c) => Math.round(Math.min(1, Math.max(0, c)) * 255)).join(",")},${alpha})`;
}

function child(el, name, ns = DRAWING_NS) {
  return el ? [...el.children].find((c) => c.localName === name && c.namespaceURI === ns) || null : null;
}

function guide(geometry, name, fallback) {
  const gd = [...geometry.getElementsByTagNameNS(DRAWING_NS, "gd")].find((g) => g.getAttribute("name") === name);
  const value = gd && /val\s+(-?\d+)/.exec(gd.getAttribute("fmla") || "");
  return (value ? parseInt(value[1], 10) : fallback) / 100000;
}

// The outline of a preset shape in a w x h box at the origin, as an SVG element's markup.
function presetOutline(preset, geometry, w, h) {
  const ss = Math.min(w, h);
  const points = (list) => `<polygon points="${list.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ")}"`;
  const arrow = (length, thickness, flip) => {
    const head = Math.min(length, ss * guide(geometry, "adj2", 50000));
    const half = (thickness * guide(geometry, "adj1", 50000)) / 2;
    const mid = thickness / 2;
    const list = [[0, mid - half], [length - head, mid - half], [length - head, 0], [length, mid], [length - head, thickness], [length - head, mid + half], [0, mid + half]];
    return list.map(([a, b]) => flip(a, b));
  };
  switch (preset) {
    case "rect": case "flowChartProcess": case "snip1Rect": return `<rect width="${w}" height="${h}"`;
    case "roundRect": case "flowChartAlternateProcess": case "round2SameRect": { const r = ss * guide(geometry, "adj", 16667); return `<rect width="${w}" height="${h}" rx="${r}" ry="${r}"`; }
    case "ellipse": case "flowChartConnector": return `<ellipse cx="${w / 2}" cy="${h / 2}" rx="${w / 2}" ry="${h / 2}"`;
    case "triangle": return points([[w * guide(geometry, "adj", 50000), 0], [w, h], [0, h]]);
    case "diamond": case "flowChartDecision": return points([[w / 2, 0], [w, h / 2], [w / 2, h], [0, h / 2]]);
    case "rightArrow": return points(arrow(w, h, (a, b) => [a, b]));
    case "leftArrow": return points(arrow(w, h, (a, b) => [w - a, b]));
    case "downArrow": return points(arrow(h, w, (a, b) => [b, a]));
    case "upArrow": return points(arrow(h, w, (a, b) => [b, h - a]));
    case "chevron": { const d = ss * guide(geometry, "adj", 50000); return points([[0, 0], [w - d, 0], [w, h / 2], [w - d, h], [0, h], [d, h / 2]]); }
    case "homePlate": { const d = ss * guide(geometry, "adj", 50000); return points([[0, 0], [w - d, 0], [w, h / 2], [w - d, h], [0, h]]); }
    case "hexagon": { const d = ss * guide(geometry, "adj", 25000); return points([[d, 0], [w - d, 0], [w, h / 2], [w - d, h], [d, h], [0, h / 2]]); }
    case "line": case "straightConnector1": return `<line x1="0" y1="0" x2="${w}" y2="${h}"`;
    default: return null;
  }
}

const escapeXml = (text) => text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]);

function shapeSvg(sp, theme, words) {
  const props = child(sp, "spPr", DSP_NS);
  const xfrm = child(props, "xfrm");
  const off = child(xfrm, "off");
  const ext = child(xfrm, "ext");
  if (!off || !ext) return "";
  const pt = (el, name) => (parseInt(el.getAttribute(name), 10) || 0) / EMU_PER_PT;
  const [x, y, w, h] = [pt(off, "x"), pt(off, "y"), pt(ext, "cx"), pt(ext, "cy")];
  const geometry = child(props, "prstGeom");
  const style = child(sp, "style", DSP_NS);
  const styleColor = (name) => drawnColor(child(style, name), theme);
  const fillEl = child(props, "solidFill") || child(props, "gradFill");
  const fill = child(props, "noFill") ? null : fillEl ? drawnColor(fillEl.localName === "gradFill" ? fillEl.getElementsByTagNameNS(DRAWING_NS, "gs")[0] : fillEl, theme) : styleColor("fillRef");
  const line = child(props, "ln");
  const stroke = line && child(line, "noFill") ? null : line && child(line, "solidFill") ? drawnColor(child(line, "solidFill"), theme) : null;
  const strokeWidth = line ? (parseInt(line.getAttribute("w"), 10) || 9525) / EMU_PER_PT : 0;
  const rotation = (parseInt(xfrm.getAttribute("rot"), 10) || 0) / 60000;
  const flip = `${xfrm.getAttribute("flipH") === "1" ? `translate(${w} 0) scale(-1 1) ` : ""}${xfrm.getAttribute("flipV") === "1" ? `translate(0 ${h}) scale(1 -1)` : ""}`;
  const body = child(sp, "txBody", DSP_NS);
  const paragraphs = body ? [...body.getElementsByTagNameNS(DRAWING_NS, "p")] : [];
  const hasText = paragraphs.some((p) => p.textContent.trim());
  let outline = presetOutline(geometry ? geometry.getAttribute("prst") : "rect", geometry || sp, w, h);
  if (!outline && hasText) outline = `<rect width="${w}" height="${h}"`;
  let svg = `<g transform="translate(${x} ${y})${rotation ? ` rotate(${rotation} ${w / 2} ${h / 2})` : ""}">`;
  if (outline && (fill || stroke)) svg += `<g transform="${flip}">${outline} fill="${fill || "none"}" stroke="${stroke || "none"}" stroke-width="${strokeWidth}"/></g>`;
  svg += "</g>";
  if (!hasText) return svg;
  // The text in its own box (txXfrm) when Word gave one, upright, inside the body's insets.
  const textXfrm = child(sp, "txXfrm", DSP_NS);
  const tOff = child(textXfrm, "off") || off;
  const tExt = child(textXfrm, "ext") || ext;
  const bodyPr = child(body, "bodyPr");
  const inset = (name) => (bodyPr && bodyPr.hasAttribute(name) ? parseInt(bodyPr.getAttribute(name), 10) : 91440) / EMU_PER_PT;
  const anchor = { t: "flex-start", b: "flex-end" }[bodyPr && bodyPr.getAttribute("anchor")] || "center";
  const fontColor = styleColor("fontRef") || "rgb(0,0,0)";
  const html = paragraphs.map((p) => {
    const pPr = child(p, "pPr");
    const align = { l: "left", r: "right", just: "justify" }[pPr && pPr.getAttribute("algn")] || "center";
    const runs = [...p.children].filter((r) => r.localName === "r" || r.localName === "br").map((r) => {
      if (r.localName === "br") return "<br/>";
      const rPr = child(r, "rPr");
      const size = rPr && rPr.getAttribute("sz") ? parseInt(rPr.getAttribute("sz"), 10) / 100 : 18;
      const color = drawnColor(child(rPr, "solidFill"), theme) || fontColor;
      const text = child(r, "t") ? child(r, "t").textContent : "";
      words.push(text);
      const bold = rPr && /^(1|true)$/.test(rPr.getAttribute("b") || "") ? "font-weight:bold;" : "";
      const italic = rPr && /^(1|true)$/.test(rPr.getAttribute("i") || "") ? "font-style:italic;" : "";
      return `<span style="font-size:${size}px;color:${color};${bold}${italic}">${escapeXml(text)}</span>`;
    }).join("");
    return `<div style="text-align:${align}">${runs || "&#8203;"}</div>`;
  }).join("");
  const family = `'${escapeXml(theme.font || "Calibri").replace(/'/g, "")}',${/^calibri/i.test(theme.font || "Calibri") ? "Carlito," : ""}sans-serif`;
  return `${svg}<foreignObject x="${pt(tOff, "x") + inset("lIns")}" y="${pt(tOff, "y") + inset("tIns")}" width="${Math.max(0, pt(tExt, "cx") - inset("lIns") - inset("rIns"))}" height="${Math.max(0, pt(tExt, "cy") - inset("tIns") - inset("bIns"))}"><div xmlns="http://www.w3.org/1999/xhtml" style="display:flex;flex-direction:column;justify-content:${anchor};height:100%;font-family:${family};line-height:1.15;overflow-wrap:break-word">${html}</div></foreignObject>`;
}

async function drawSmartArt(zip) {
  let drawn = false;
  let count = 0;
  let theme = null;
  for (const name of Object.keys(zip.files).filter((n) => /^word\/[^/]+\.xml$/.test(n))) {
    const xml = await zip.file(name).async("string");
    if (!DIAGRAM_DATA.test(xml)) continue;
    DIAGRAM_DATA.lastIndex = 0;
    theme = theme || (await themeColors(zip));
    const relsName = name.replace(/^word\//, "word/_rels/") + ".rels";
    const relsFile = zip.file(relsName);
    if (!relsFile) continue;
    let rels = await relsFile.async("string");
    const target = (id) => {
      const rel = new RegExp(`<Relationship\\b(?=[^>]*\\bId="${id.replace(/[^\w-]/g, "")}")[^>]*>`).exec(rels);
      const to = rel && /\bTarget="([^"]*)"/.exec(rel[0]);
      return to ? partPath("word", to[1]) : null;
    };
    const replacements = [];
    for (const match of xml.matchAll(DIAGRAM_DATA)) {
      const dataId = (/\br:dm="([^"]*)"/.exec(match[1]) || [])[1];
      const dataPart = dataId && target(dataId);
      const dataXml = dataPart && zip.file(dataPart) && (await zip.file(dataPart).async("string"));
      const drawingId = dataXml && (/<(?:\w+:)?dataModelExt\b[^>]*\brelId="([^"]*)"/.exec(dataXml) || [])[1];
      // Word relates the drawing to the document; some writers relate it to the data part.
      let drawingPart = drawingId && target(drawingId);
      if (drawingId && !(drawingPart && zip.file(drawingPart))) {
        const dataRels = dataPart && zip.file(dataPart.replace(/([^/]+)$/, "_rels/$1.rels"));
        const own = dataRels && new RegExp(`Id="${drawingId.replace(/[^\w-]/g, "")}"[^>]*Target="([^"]*)"|Target="([^"]*)"[^>]*Id="${drawingId.replace(/[^\w-]/g, "")}"`).exec(await dataRels.async("string"));
        drawingPart = own ? partPath(dataPart.replace(/\/[^/]+$/, ""), own[1] || own[2]) : null;
      }
      const drawingFile = drawingPart && zip.file(drawingPart);
      if (!drawingFile) continue;
      const drawing = new DOMParser().parseFromString(await drawingFile.async("string"), "application/xml");
      if (drawing.getElementsByTagName("parsererror").length) continue;
      // The frame's size: the drawing's extent (wp:extent) just before the graphic.
      const extent = [...xml.slice(0, match.index).matchAll(/<wp:extent\b[^>]*\bcx="(\d+)"[^>]*\bcy="(\d+)"/g)].pop();
      if (!extent) continue;
      const [cx, cy] = [parseInt(extent[1], 10), parseInt(extent[2], 10)];
      const words = [];
      const shapes = [...drawing.getElementsByTagNameNS(DSP_NS, "sp")].map((sp) => shapeSvg(sp, theme, words)).join("");
      count += 1;
      const part = `media/plug-diagram-${count}.plugsvg`;
      const id = `plugDiagram${count}`;
      zip.file(`word/${part}`, `<svg xmlns="http://www.w3.org/2000/svg" data-plug-diagram="${count}" width="${cx / EMU_PER_PT}pt" height="${cy / EMU_PER_PT}pt" viewBox="0 0 ${cx / EMU_PER_PT} ${cy / EMU_PER_PT}">${shapes}</svg>`);
      diagramTexts.set(count, words.join(" ").replace(/\s+/g, " ").trim());
      rels = rels.replace("</Relationships>", `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${part}"/></Relationships>`);
      replacements.push([match, `<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="0" name="plug-diagram-${count}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:embed="${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData>`]);
    }
    if (!replacements.length) continue;
    let fixed = "";
    let at = 0;
    for (const [match, picture] of replacements) {
      fixed += xml.slice(at, match.index) + picture;
      at = match.index + match[0].length;
    }
    zip.file(name, fixed + xml.slice(at));
    zip.file(relsName, rels);
    drawn = true;
  }
  if (!drawn) return false;
  const types = await zip.file("[Content_Types].xml").async("string");
  if (!types.includes('Extension="plugsvg"')) zip.file("[Content_Types].xml", types.replace("</Types>", '<Default Extension="plugsvg" ContentType="image/svg+xml"/></Types>'));
  return true;
}

// Each diagram's picture reads as its words to a screen reader.
function describeDiagrams() {
  for (const img of pagesBox.querySelectorAll('img[src^="data:image/svg+xml"]')) {
    const svg = atob(img.src.split(",")[1] || "");
    const which = /^<svg [^>]*data-plug-diagram="(\d+)"/.exec(svg);
    if (which) img.alt = `Diagram: ${diagramTexts.get(parseInt(which[1], 10)) || ""}`.trim();
  }
}

// A section with no header or footer of its own shows the previous section's in Word (each of
// the default, first-page and even-page kinds separately), which is how python-docx's
// `add_section` and Word's "Link to Previous" write it; docx-preview drew such a section (a
// landscape page in a portrait report) bare. The inherited references are written into the
// section before drawing.
const SECTION = /<w:sectPr\b[^>]*?(?:\/>|>[\s\S]*?<\/w:sectPr>)/g;
const REFERENCE = /<w:(header|footer)Reference\b[^>]*\/>/g;

async function inheritHeadersAndFooters(zip) {
  const file = zip.file("word/document.xml");
  if (!file) return false;
  const xml = await file.async("string");
  const previous = new Map();
  let changed = false;
  const fixed = xml.replace(SECTION, (section) => {
    const own = new Map();
    for (const reference of section.match(REFERENCE) || []) {
      const part = reference.match(/w:(header|footer)Reference/)[1];
      own.set(`${part}:${(reference.match(/\bw:type="(\w+)"/) || [])[1] || "default"}`, reference);
    }
    const missing = [...previous].filter(([kind]) => !own.has(kind)).map(([, reference]) => reference);
    for (const [kind, reference] of own) previous.set(kind, reference);
    if (!missing.length) return section;
    changed = true;
    return section.endsWith("/>")
      ? `${section.slice(0, -2)}>${missing.join("")}</w:sectPr>`
      : section.replace(/^<w:sectPr\b[^>]*>/, (open) => open + missing.join(""));
  });
  if (changed) zip.file("word/document.xml", fixed);
  return changed;
}

// A different first page (`w:titlePg`) with no first-page header or footer of its own (python-docx
// writes only the ones a script filled in; Word's cover page before anything is typed there) is
// blank there in Word and LibreOffice; docx-preview fell back to the running one, so a cover
// showed the running footer. Such a section is given an empty part for it. Runs after the
// references are inherited (a section inherits the previous section's first-page ones).
const EMPTY_PART = { header: "plugEmptyHeader", footer: "plugEmptyFooter" };

async function blankFirstPages(zip) {
  const file = zip.file("word/document.xml");
  const rels = zip.file("word/_rels/document.xml.rels");
  if (!file || !rels) return false;
  const xml = await file.async("string");
  if (!/<w:titlePg\b(?![^>]*w:val="(?:0|false|off)")/.test(xml)) return false;
  const used = new Set();
  const fixed = xml.replace(SECTION, (section) => {
    if (!/<w:titlePg\b(?![^>]*w:val="(?:0|false|off)")/.test(section) || section.endsWith("/>")) return section;
    const missing = ["header", "footer"].filter((part) => !new RegExp(`<w:${part}Reference\\b[^>]*w:type="first"`).test(section));
    if (!missing.length) return section;
    for (const part of missing) used.add(part);
    const references = missing.map((part) => `<w:${part}Reference w:type="first" r:id="${EMPTY_PART[part]}"/>`).join("");
    return section.replace(/^<w:sectPr\b[^>]*>/, (open) => open + references);
  });
  if (!used.size) return false;
  const root = fixed.match(/<w:document\b[^>]*>/);
  const withR = root && !/\bxmlns:r=/.test(root[0]) ? fixed.replace(root[0], root[0].replace(/>$/, ' xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">')) : fixed;
  zip.file("word/document.xml", withR);
  let relsXml = await rels.async("string");
  let types = await zip.file("[Content_Types].xml").async("string");
  for (const part of used) {
    const tag = part === "header" ? "hdr" : "ftr";
    const name = `plug-empty-${part}.xml`;
    zip.file(`word/${name}`, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:${tag} xmlns:w="${W_NS}"><w:p/></w:${tag}>`);
    relsXml = relsXml.replace("</Relationships>", `<Relationship Id="${EMPTY_PART[part]}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${part}" Target="${name}"/></Relationships>`);
    types = types.replace("</Types>", `<Override PartName="/word/${name}" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.${part}+xml"/></Types>`);
  }
  zip.file("word/_rels/document.xml.rels", relsXml);
  zip.file("[Content_Types].xml", types);
  return true;
}

// Page numbers: a header's or footer's PAGE field ("Page 1 of 3" is PAGE and NUMPAGES) keeps
// the number it had when the file was saved, and a file made by a script (python-docx,
// pandoc's reference documents) or LibreOffice has "1" there on every page. docx-preview draws
// that saved text, so every page said "Page 1 of 1". The field's result is replaced by a marker
// before drawing and the marker by the page's number (and the number of pages) after it, counted
// in the pages as drawn.
const FIELD_MARK = { PAGE: "\u2063plug-page\u2063", NUMPAGES: "\u2063plug-pages\u2063", SECTIONPAGES: "\u2063plug-pages\u2063" };
const W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

function pageFieldKind(instruction) {
  const name = (instruction || "").trim().split(/\s+/)[0].toUpperCase();
  return FIELD_MARK[name] ? name : null;
}

function markedRun(doc, kind, like) {
  const run = doc.createElementNS(W_NS, "w:r");
  const props = like && like.getElementsByTagNameNS(W_NS, "rPr")[0];
  if (props) run.appendChild(props.cloneNode(true));
  const text = doc.createElementNS(W_NS, "w:t");
  text.textContent = FIELD_MARK[kind];
  run.appendChild(text);
  return run;
}

function markPageFields(doc) {
  let changed = false;
  for (const field of [...doc.getElementsByTagNameNS(W_NS, "fldSimple")]) {
    const kind = pageFieldKind(field.getAttributeNS(W_NS, "instr") || field.getAttribute("w:instr"));
    if (!kind) continue;
    const like = field.getElementsByTagNameNS(W_NS, "r")[0];
    field.parentNode.replaceChild(markedRun(doc, kind, like), field);
    changed = true;
  }
  let field = null;
  for (const run of [...doc.getElementsByTagNameNS(W_NS, "r")]) {
    const char = run.getElementsByTagNameNS(W_NS, "fldChar")[0];
    const type = char && (char.getAttributeNS(W_NS, "fldCharType") || char.getAttribute("w:fldCharType"));
    if (type === "begin") {
      field = field ? { ...field, depth: field.depth + 1 } : { instruction: "", kind: null, result: false, wrote: false, depth: 0 };
      continue;
    }
    if (!field) continue;
    if (field.depth > 0) {
      if (type === "end") field.depth -= 1;
      continue;
    }
    if (type === "separate" || type === "end") {
      field.kind = field.kind || pageFieldKind(field.instruction);
      if (type === "end") {
        if (field.kind && !field.wrote) {
          run.parentNode.insertBefore(markedRun(doc, field.kind, run), run);
          changed = true;
        }
        field = null;
      } else field.result = true;
      continue;
    }
    if (!field.result) {
      for (const text of run.getElementsByTagNameNS(W_NS, "instrText")) field.instruction += text.textContent;
      continue;
    }
    if (!field.kind) continue;
    for (const text of [...run.getElementsByTagNameNS(W_NS, "t")]) {
      text.textContent = field.wrote ? "" : FIELD_MARK[field.kind];
      field.wrote = true;
      changed = true;
    }
  }
  return changed;
}

async function markPageNumbers(zip) {
  let changed = false;
  for (const name of Object.keys(zip.files).filter((n) => /^word\/(header|footer)[^/]*\.xml$/.test(n))) {
    const xml = await zip.file(name).async("string");
    if (!/PAGE/i.test(xml)) continue;
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    if (doc.getElementsByTagName("parsererror").length || !markPageFields(doc)) continue;
    zip.file(name, new XMLSerializer().serializeToString(doc));
    changed = true;
  }
  return changed;
}

function numberPages() {
  const pages = [...pagesBox.querySelectorAll("section.docx")];
  pages.forEach((page, index) => {
    const walker = document.createTreeWalker(page, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.data.includes("\u2063plug-")) continue;
      node.data = node.data
        .replaceAll(FIELD_MARK.PAGE, String(index + 1))
        .replaceAll(FIELD_MARK.NUMPAGES, String(pages.length));
    }
  });
}

// Links: one to an address opens it in a new tab, with no way back to this page (http, https
// and mail addresses only; any other scheme, `javascript:` or `file:`, is not followed); one to
// a bookmark in the document (Word's "Place in This Document", a table of contents entry)
// scrolls to it.
function safeLinks() {
  for (const link of pagesBox.querySelectorAll("a[href]")) {
    const href = link.getAttribute("href");
    if (href.startsWith("#")) continue;
    let url = null;
    try {
      url = new URL(href);
    } catch {
      url = null;
    }
    if (url && /^(https?|mailto):$/.test(url.protocol)) {
      link.target = "_blank";
      link.rel = "noopener noreferrer";
    } else {
      link.removeAttribute("href");
    }
  }
}

// Comments: Word shows them beside the text. docx-preview marks each with a speech bubble whose
// comment (author, date, text) shows while the pointer is on it; the bubble is a keyboard stop
// too, showing the comment while it has focus, and says what it is to a screen reader. Its
// bubble was the emoji "💬", a box where no emoji font is installed: it is drawn by the page's
// CSS instead, and the commented words are highlighted as in Word.
function reachableComments() {
  for (const bubble of pagesBox.querySelectorAll(".docx-comment-ref")) {
    bubble.textContent = "";
    bubble.tabIndex = 0;
    bubble.setAttribute("role", "note");
    const popover = bubble.nextElementSibling;
    if (popover) bubble.setAttribute("aria-label", `Comment: ${popover.textContent.trim()}`);
  }
}

// Equations (Word's OMML; pandoc writes them from $…$, LibreOffice from its formulas): docx-preview
// puts each math run's text in MathML's <ms>, a string literal, so "E=mc²" read as plain upright
// text with no room around "=". Word sets a letter as an italic variable, a number upright and an
// operator with space around it: each run becomes those tokens (a function name such as "sin"
// stays one upright word, as in Word).
const MATHML_NS = "http://www.w3.org/1998/Math/MathML";
const MATH_TOKEN = /(\p{L}+)|(\p{Nd}+(?:[.,]\p{Nd}+)*)|(\S)/gu;

const MATH_FUNCTIONS = new Set("sin cos tan cot sec csc sinh cosh tanh arcsin arccos arctan log ln lg exp lim max min sup inf det arg deg gcd mod Pr".split(" "));

function mathTokens() {
  for (const literal of pagesBox.querySelectorAll("math ms")) {
    // Already inside a token (docx-preview's <mn> of a superscript): the text goes in it.
    if (/^(mi|mn|mo|mtext)$/.test(literal.parentElement.localName)) {
      literal.replaceWith(literal.textContent);
      continue;
    }
    const row = document.createElementNS(MATHML_NS, "mrow");
    const style = literal.getAttribute("style");
    if (style) row.setAttribute("style", style);
    for (const [, letters, number, symbol] of literal.textContent.matchAll(MATH_TOKEN)) {
      const pieces = letters && !MATH_FUNCTIONS.has(letters) ? [...letters] : [letters || number || symbol];
      for (const piece of pieces) {
        const token = document.createElementNS(MATHML_NS, letters ? "mi" : number ? "mn" : "mo");
        token.textContent = piece;
        row.append(token);
      }
    }
    literal.replaceWith(row);
  }
}

// A document without a section's page size (pandoc writes no `w:sectPr` at all) is set by Word on
// its default page, US Letter with 1-inch margins, as LibreOffice does too; docx-preview drew it
// as one borderless column as wide as the window. The default is written in before drawing.

const DEFAULT_SIZE = '<w:pgSz w:w="12240" w:h="15840"/>';
const DEFAULT_MARGINS = '<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';

// A simple field (`<w:fldSimple w:instr=" SEQ Figure ">`: the number of a caption Word inserts,
// NUMPAGES, a document property, a cross-reference, as python-docx recipes and docx4j write
// them) holds its result as runs inside it. docx-preview drops the element and its runs, so
// "Figure 1" showed as "Figure " and "Page 1 of 3" as "Page 1 of". Each is replaced by the
// runs it holds, the result Word shows until the field is updated (page numbers in headers
// and footers are counted as drawn, by markPageNumbers, before this).
const SIMPLE_FIELD = /<w:fldSimple\b[^>]*?(?:\/>|>([\s\S]*?)<\/w:fldSimple>)/g;

async function simpleFieldResults(zip) {
  let changed = false;
  for (const name of Object.keys(zip.files).filter((n) => /^word\/(document|footnotes|endnotes|header[^/]*|footer[^/]*)\.xml$/.test(n))) {
    const xml = await zip.file(name).async("string");
    if (!xml.includes("<w:fldSimple")) continue;
    zip.file(name, xml.replace(SIMPLE_FIELD, (whole, result) => result || ""));
    changed = true;
  }
  return changed;
}

// A table of contents that was never built: pandoc's `--toc` (and a script's TOC field) writes
// the field with no result, marked to be updated, and Word builds the list from the headings
// when it opens the file; docx-preview showed the "Table of Contents" title over nothing. Such a
// field gets the list Word would build: one entry per heading of the levels it asks for (`\o
// "1-3"`, headings 1 to 3 where it names none), indented by level, each a link to its heading. A
// field with a result (Word's, LibreOffice's) is left as it is.
const PARAGRAPH = /<w:p\b(?:[^>]*\/>|[^>]*>[\s\S]*?<\/w:p>)/g;
const EMPTY_TOC = /<w:instrText\b[^>]*>\s*TOC\b([^<]*)<\/w:instrText>(?:(?!<w:t\b)[\s\S])*?<w:fldChar\b[^>]*w:fldCharType="separate"[^>]*(?:\/>|><\/w:fldChar>)(?:<\/w:r>\s*<w:r\b[^>]*>|\s|<w:rPr\/>|<w:rPr>[\s\S]*?<\/w:rPr>)*<w:fldChar\b[^>]*w:fldCharType="end"/;

async function builtContents(zip) {
  const file = zip.file("word/document.xml");
  if (!file) return false;
  const xml = await file.async("string");
  if (!/<w:instrText\b[^>]*>\s*TOC\b/.test(xml)) return false;
  const styles = zip.file("word/styles.xml") ? await zip.file("word/styles.xml").async("string") : "";
  // A heading style's level: its id (Heading2) or its name ("heading 2"), as Word knows it.
  const levels = new Map();
  for (const style of styles.match(/<w:style\b[\s\S]*?<\/w:style>/g) || []) {
    const id = style.match(/w:styleId="([^"]+)"/)?.[1];
    const level = (id && id.match(/^Heading([1-9])$/i)) || style.match(/<w:name w:val="heading ([1-9])"/i);
    if (id && level) levels.set(id, Number(level[1]));
  }
  let toc = null;
  let range = [1, 3];
  const headings = [];
  for (const match of xml.matchAll(PARAGRAPH)) {
    const paragraph = match[0];
    const empty = toc === null && paragraph.match(EMPTY_TOC);
    if (empty) {
      toc = match.index;
      const outline = empty[1].match(/\\o\s*(?:"|&quot;)(\d)-(\d)/);
      if (outline) range = [Number(outline[1]), Number(outline[2])];
      continue;
    }
    const level = levels.get(paragraph.match(/<w:pStyle w:val="([^"]+)"/)?.[1]);
    const text = [...paragraph.matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join("");
    if (level && text.trim()) headings.push({ index: match.index, level, text });
  }
  // Every heading of the document, those above the list too, as Word lists them.
  const shown = toc === null ? [] : headings.filter((h) => h.level >= range[0] && h.level <= range[1]);
  if (shown.length === 0) return false;
  const named = new Map(shown.map((h, n) => [h.index, { ...h, n, name: `_PlugToc${n + 1}` }]));
  const entries = [...named.values()].map((h) =>
    `<w:p><w:pPr><w:pStyle w:val="TOC${h.level}"/><w:spacing w:before="0" w:after="100"/><w:ind w:left="${(h.level - range[0]) * 220}"/></w:pPr><w:hyperlink w:anchor="${h.name}"><w:r><w:t xml:space="preserve">${h.text}</w:t></w:r></w:hyperlink></w:p>`);
  zip.file("word/document.xml", xml.replace(PARAGRAPH, (paragraph, offset) => {
    if (offset === toc) return entries.join("");
    const h = named.get(offset);
    if (!h) return paragraph;
    // The heading's own bookmark, just inside its paragraph (after its properties).
    const id = 990000 + h.n;
    return paragraph.replace(/(<w:p\b[^>]*>(?:\s*<w:pPr>[\s\S]*?<\/w:pPr>)?)/, `$1<w:bookmarkStart w:id="${id}" w:name="${h.name}"/><w:bookmarkEnd w:id="${id}"/>`);
  }));
  return true;
}

// A text box as LibreOffice saves it (and as the VML that Word's files carry for older readers)
// is a `v:rect` holding a `v:textbox`. docx-preview draws the rectangle as an SVG <rect> and
// puts the text inside it as a <foreignObject>, which SVG never draws inside a <rect>: the box
// showed empty and its text was lost. Such a rectangle becomes a `v:shape` (drawn as a group)
// holding the rectangle, with its fill and stroke, and then the text box.
const VML_RECT_TEXT = /<v:rect\b([^>]*)>((?:(?!<\/v:rect>)[\s\S])*?)(<v:textbox\b[\s\S]*?<\/v:textbox>)([\s\S]*?)<\/v:rect>/g;

async function vmlTextBoxes(zip) {
  let changed = false;
  for (const name of Object.keys(zip.files).filter((n) => /^word\/(document|header[^/]*|footer[^/]*)\.xml$/.test(n))) {
    const xml = await zip.file(name).async("string");
    if (!xml.includes("<v:textbox")) continue;
    const fixed = xml.replace(VML_RECT_TEXT, (whole, attrs, before, box, after) => {
      // A box the text wraps around (square, tight, top and bottom) takes its room in the flow
      // rather than floating over the paragraphs after it; one in front of or behind the text
      // stays where it floats.
      const wraps = /<w10:wrap\b[^>]*\btype="(square|tight|through|topAndBottom)"/.test(before + after);
      const placed = wraps ? attrs.replace(/position:\s*absolute;?/, "") : attrs;
      return `<v:shape${placed}><v:rect>${before}${after}</v:rect>${box}</v:shape>`;
    });
    if (fixed === xml) continue;
    zip.file(name, fixed);
    changed = true;
  }
  return changed;
}

async function defaultPage(zip) {
  const file = zip.file("word/document.xml");
  if (!file) return false;
  const xml = await file.async("string");
  let fixed = xml;
  if (!/<w:sectPr\b/.test(xml)) fixed = xml.replace(/<\/w:body>(?![\s\S]*<\/w:body>)/, `<w:sectPr>${DEFAULT_SIZE}${DEFAULT_MARGINS}</w:sectPr></w:body>`);
  else {
    // pandoc writes an empty `<w:sectPr />`; a section may lack its size or its margins alone.
    fixed = xml.replace(SECTION, (section) => {
      const missing = (/<w:pgSz\b/.test(section) ? "" : DEFAULT_SIZE) + (/<w:pgMar\b/.test(section) ? "" : DEFAULT_MARGINS);
      if (!missing) return section;
      return section.endsWith("/>") ? `${section.slice(0, -2).trimEnd()}>${missing}</w:sectPr>` : section.replace(/^<w:sectPr\b[^>]*>/, (open) => open + missing);
    });
  }
  if (fixed === xml) return false;
  zip.file("word/document.xml", fixed);
  return true;
}

// Word's "Don't add space between paragraphs of the same style" (`w:contextualSpacing`): set on
// its List Paragraph style, so on every list made in Word, and on python-docx's list styles. Word
// leaves out the space before or after such a paragraph where the paragraph beside it has the same
// style; docx-preview ignores the setting, so the items of a list stood 10 pt apart, the list half
// as tall again as in Word. Before drawing, each such paragraph gets a spacing of 0 on each side
// where it meets a paragraph of its own style (bookmarks and the like between them aside).
const BETWEEN_PARAGRAPHS = new Set(["bookmarkStart", "bookmarkEnd", "proofErr", "permStart", "permEnd", "commentRangeStart", "commentRangeEnd"]);
const wordChild = (el, name) => [...el.children].find((c) => c.namespaceURI === W_NS && c.localName === name) || null;
const switchedOn = (flag) => !/^(0|false|off)$/i.test(flag.getAttributeNS(W_NS, "val") || "");

async function contextualSpacing(zip) {
  const stylesFile = zip.file("word/styles.xml");
  const file = zip.file("word/document.xml");
  if (!stylesFile || !file) return false;
  const [stylesXml, xml] = await Promise.all([stylesFile.async("string"), file.async("string")]);
  if (!stylesXml.includes("contextualSpacing") && !xml.includes("contextualSpacing")) return false;
  const styles = new DOMParser().parseFromString(stylesXml, "application/xml");
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  if (styles.getElementsByTagName("parsererror").length || doc.getElementsByTagName("parsererror").length) return false;
  const own = new Map();
  const basedOn = new Map();
  let normal = null;
  for (const style of styles.getElementsByTagNameNS(W_NS, "style")) {
    if (style.getAttributeNS(W_NS, "type") !== "paragraph") continue;
    const id = style.getAttributeNS(W_NS, "styleId");
    if (/^(1|true|on)$/i.test(style.getAttributeNS(W_NS, "default") || "")) normal = id;
    const pPr = wordChild(style, "pPr");
    const flag = pPr && wordChild(pPr, "contextualSpacing");
    if (flag) own.set(id, switchedOn(flag));
    const parent = wordChild(style, "basedOn");
    if (parent) basedOn.set(id, parent.getAttributeNS(W_NS, "val"));
  }
  const styleSays = (id, depth = 0) => (own.has(id) ? own.get(id) : basedOn.has(id) && depth < 20 ? styleSays(basedOn.get(id), depth + 1) : false);
  const styleOf = (p) => {
    const pPr = wordChild(p, "pPr");
    const named = pPr && wordChild(pPr, "pStyle");
    return named ? named.getAttributeNS(W_NS, "val") : normal;
  };
  const beside = (p, side) => {
    let next = p[side];
    while (next && next.namespaceURI === W_NS && BETWEEN_PARAGRAPHS.has(next.localName)) next = next[side];
    return next && next.namespaceURI === W_NS && next.localName === "p" ? next : null;
  };
  let changed = false;
  for (const p of [...doc.getElementsByTagNameNS(W_NS, "p")]) {
    const pPr = wordChild(p, "pPr");
    const flag = pPr && wordChild(pPr, "contextualSpacing");
    const style = styleOf(p);
    if (!(flag ? switchedOn(flag) : styleSays(style))) continue;
    const sides = [["previousElementSibling", "before"], ["nextElementSibling", "after"]]
      .filter(([direction]) => { const other = beside(p, direction); return other && styleOf(other) === style; })
      .map(([, side]) => side);
    if (!sides.length) continue;
    let props = pPr;
    if (!props) props = p.insertBefore(doc.createElementNS(W_NS, "w:pPr"), p.firstChild);
    let spacing = wordChild(props, "spacing");
    if (!spacing) spacing = props.appendChild(doc.createElementNS(W_NS, "w:spacing"));
    for (const side of sides) {
      spacing.setAttributeNS(W_NS, `w:${side}`, "0");
      spacing.removeAttributeNS(W_NS, `${side}Autospacing`);
      spacing.removeAttributeNS(W_NS, `${side}Lines`);
    }
    changed = true;
  }
  if (changed) zip.file("word/document.xml", new XMLSerializer().serializeToString(doc));
  return changed;
}

// Fonts a browser here does not have (Word's Aptos, Calibri, Cambria, Consolas; LibreOffice's
// Liberation fonts, Carlito, Caladea) fell back to the browser's default serif face, so pandoc's
// Aptos body and its Consolas code blocks both came out in Times. Each family named by the
// document keeps its name first and gets its kind after it (Calibri and Carlito get the vendored
// Carlito, which has Calibri's metrics, then sans-serif; code fonts monospace; serif faces serif).
const SANS = /^(aptos.*|calibri.*|carlito|arial.*|helvetica.*|liberation sans.*|segoe ui.*|verdana|tahoma|trebuchet ms|candara|corbel|gill sans.*|open sans|roboto|noto sans|dejavu sans|lato|source sans.*|century gothic|franklin gothic.*|lucida sans.*)$/i;
const SERIF = /^(cambria.*|caladea|times.*|liberation serif|georgia|garamond|book antiqua|palatino.*|constantia|dejavu serif|noto serif|baskerville.*|century schoolbook)$/i;
const MONO = /^(consolas|courier.*|liberation mono|menlo|monaco|source code pro|cascadia.*|lucida console|dejavu sans mono|noto sans mono|inconsolata)$/i;
const CARLITO = /^(calibri.*|carlito)$/i;
const CALADEA = /^(cambria.*|caladea)$/i;

function fontStack(value) {
  const families = value.split(",").map((f) => f.trim()).filter(Boolean);
  if (families.length !== 1 || /^var\(|^(serif|sans-serif|monospace|inherit|initial)$/i.test(families[0])) return value;
  const name = families[0].replace(/^['"]|['"]$/g, "");
  const quoted = `'${name.replace(/'/g, "")}'`;
  if (CARLITO.test(name)) return `${quoted}, Carlito, sans-serif`;
  if (CALADEA.test(name)) return `${quoted}, Caladea, serif`;
  if (SANS.test(name)) return `${quoted}, sans-serif`;
  if (SERIF.test(name)) return `${quoted}, serif`;
  if (MONO.test(name)) return `${quoted}, monospace`;
  return value;
}

const FONT_DECLARATION = /(font-family|--docx-[\w-]*-font)\s*:\s*([^;}]+)/g;

// The default paragraph style (Normal) reaches runs only through `p.docx_normal span`, but a
// paragraph without a style of its own has no class, so its runs took the document defaults
// (`.docx span`: the theme's body font, 11 pt) over Normal's font and size: a python-docx
// document whose Normal is Arial 12 pt showed in Cambria 11 pt. The rule also reaches runs of
// unstyled paragraphs (and cells of unstyled tables) at the defaults' own specificity, so a
// paragraph or character style still wins over it, as in Word.
const DEFAULT_STYLE_RULE = /\.docx (\w+), \1\.(docx_[\w-]+) (\w+) \{/g;

function defaultStyleRuns() {
  for (const style of pagesBox.querySelectorAll("style")) {
    const css = style.textContent;
    const fixed = css.replace(DEFAULT_STYLE_RULE, (whole, target, name, inner) => `.docx ${target}, .docx :where(${target}) ${inner}, ${target}.${name} ${inner} {`);
    if (fixed !== css) style.textContent = fixed;
  }
}

function fontFallbacks() {
  const fix = (css) => css.replace(FONT_DECLARATION, (whole, property, value) => `${property}: ${fontStack(value.trim())}`);
  for (const style of pagesBox.querySelectorAll("style")) {
    const css = style.textContent;
    const fixed = fix(css);
    if (fixed !== css) style.textContent = fixed;
  }
  for (const el of pagesBox.querySelectorAll('[style*="font-family"]')) {
    const family = el.style.fontFamily;
    const stack = family && fontStack(family);
    if (stack && stack !== family) el.style.fontFamily = stack;
  }
}

// The vendored metric-compatible face `family` (Carlito for Calibri, Caladea for Cambria). A lazy
// face is only declared: the browser fetches it when some text is laid out in it.
function loadFace(family, lazy = false) {
  const faces = [["400", "normal"], ["400", "italic"], ["700", "normal"], ["700", "italic"]];
  const file = family.toLowerCase();
  return Promise.allSettled(faces.map(([weight, style]) => {
    const face = new FontFace(family, `url(${vendor + file}/${file}-latin-${weight}-${style}.woff2)`, { weight, style });
    document.fonts.add(face);
    return lazy ? null : face.load();
  }));
}

// A list's number or bullet is drawn by docx-preview as the paragraph's ::before, which takes the
// paragraph's font; docx-preview sets fonts on the runs only, so "1." came out in the page's
// font beside a paragraph in Aptos or Calibri. Word draws it in the font of the paragraph (its
// mark, which is the runs' font in all but hand-made documents): the paragraph takes its first
// run's family and size, and a numbering level's own font (Symbol bullets) still wins.
// The number then stands in the paragraph's hanging indent and its text starts at the indent,
// as Word's tab after a number puts it (docx-preview's tab collapsed to a space, so a list's text
// started right after its number, and "10." items did not line up with "9.").
function listNumberFonts() {
  let hanging = false;
  for (const paragraph of pagesBox.querySelectorAll('p[class*="docx-num-"]')) {
    const run = paragraph.querySelector("span");
    if (run && run.textContent.trim()) {
      const font = getComputedStyle(run);
      paragraph.style.fontFamily = font.fontFamily;
      paragraph.style.fontSize = font.fontSize;
    }
    const indent = parseFloat(getComputedStyle(paragraph).textIndent);
    if (indent < 0) {
      paragraph.style.setProperty("--plug-hanging", `${-indent}px`);
      hanging = true;
    }
  }
  if (hanging) {
    const style = document.createElement("style");
    style.textContent = '.plug-docx p[class*="docx-num-"]::before { display: inline-block; min-width: var(--plug-hanging, auto); text-indent: 0; }';
    pagesBox.append(style);
  }
}

// Table styles: docx-preview draws a style's first row, last row, first and last column and bands
// only on rows and cells marked so, and only Word marks them (`w:cnfStyle`); pandoc, python-docx
// and LibreOffice leave it to the table's look (`w:tblLook`), so their header rows and banding
// ("Light List Accent 1", pandoc's rule under the header) were not drawn. The marks are set
// from the look on tables that have none. A border with no width or colour (pandoc's
// `<w:bottom w:val="single"/>`) became `null solid null`, which CSS drops: Word draws it thin and
// black.
function tableLooks() {
  for (const style of pagesBox.querySelectorAll("style")) {
    const css = style.textContent;
    // The document's default table style was written for `.docx table` itself whatever part it
    // styles (`.docx table, table.docx_table tr.first-row td`): the part goes after it too.
    const fixed = css.replace(/\.docx table, (table\.[\w-]+) ([^{},]+?)\s*\{/g, (whole, own, part) => `.docx table ${part}, ${own} ${part} {`)
      .replace(/(border(?:-[a-z]+)*\s*:\s*)([^;}]*\bnull\b[^;}]*)/g, (whole, property, value) =>
        property + value.trim().split(/\s+/).map((part, i) => (part !== "null" ? part : i === 0 ? "0.5pt" : "black")).join(" "));
    if (fixed !== css) style.textContent = fixed;
  }
  for (const table of pagesBox.querySelectorAll("table")) {
    const rows = [...table.rows];
    if (!rows.length || rows.some((row) => /(^|\s)(first|last|odd|even)-row(\s|$)/.test(row.className))) continue;
    const look = table.classList;
    const head = look.contains("first-row") ? 1 : 0;
    const foot = look.contains("last-row") && rows.length > 1 ? 1 : 0;
    if (head) rows[0].classList.add("first-row");
    if (foot) rows[rows.length - 1].classList.add("last-row");
    if (!look.contains("no-hband")) rows.slice(head, rows.length - foot).forEach((row, i) => row.classList.add(i % 2 === 0 ? "odd-row" : "even-row"));
    for (const row of rows) {
      const cells = [...row.cells];
      const first = look.contains("first-col") && cells.length ? 1 : 0;
      const last = look.contains("last-col") && cells.length > 1 ? 1 : 0;
      if (first) cells[0].classList.add("first-col");
      if (last) cells[cells.length - 1].classList.add("last-col");
      if (!look.contains("no-vband")) cells.slice(first, cells.length - last).forEach((cell, i) => cell.classList.add(i % 2 === 0 ? "odd-col" : "even-col"));
    }
  }
}

// A display equation (OMML's oMathPara, pandoc's $$…$$) is a paragraph of its own, centred by
// default in Word; docx-preview drew it as inline text at the left margin.
function displayEquations() {
  for (const span of pagesBox.querySelectorAll("span")) {
    const kids = [...span.children];
    if (!kids.length || !kids.every((k) => k.localName === "math") || span.textContent.trim() !== [...kids].map((k) => k.textContent).join("").trim()) continue;
    if ([...span.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.data.trim())) continue;
    span.style.display = "block";
    span.style.textAlign = "center";
    for (const math of kids) math.setAttribute("display", "block");
  }
}

// Pages: docx-preview breaks pages only where the document says (page and section breaks), so a
// document with none was one tall page. Word breaks where the text runs past the page's bottom
// margin; here a page's blocks (paragraphs, tables, pictures) that end below it move to a new
// page of the same size with the same header and footer, a table between its rows (its header
// rows repeated, as Word repeats them) and a heading with the block after it (Word's "Keep
// with next" of the heading styles) and a paragraph between its lines (splitParagraph). A block
// taller than a page that cannot be split stays whole on its own page.
const MAX_PAGES = 2000;

function paginate() {
  const wrapper = pagesBox.querySelector(".docx-wrapper");
  if (!wrapper) return;
  let made = 0;
  let page = wrapper.querySelector(":scope > section.docx");
  while (page && made < MAX_PAGES) {
    const next = splitPage(page);
    if (next) made += 1;
    page = next || nextPage(page);
  }
}

function nextPage(page) {
  let el = page.nextElementSibling;
  while (el && !(el.localName === "section" && el.classList.contains("docx"))) el = el.nextElementSibling;
  return el;
}

const HEADING = /(^|\s)docx_(heading\d|title|subtitle)(\s|$)/;

// Moves what runs past `page`'s bottom margin to a new page after it; returns the new page.
function splitPage(page) {
  const height = parseFloat(getComputedStyle(page).minHeight);
  const article = page.querySelector(":scope > article");
  if (!article || !(height > 0)) return null;
  const columned = (parseInt(getComputedStyle(article).columnCount, 10) || 1) > 1 && page.querySelectorAll(":scope > article").length === 1;
  if (!columned && page.offsetHeight <= height + 1) return null;
  const style = getComputedStyle(page);
  const footer = page.querySelector(":scope > footer");
  const footerRoom = footer ? Math.max(0, footer.offsetHeight + parseFloat(getComputedStyle(footer).marginBottom || "0")) : 0;
  const top = page.getBoundingClientRect().top;
  const bottom = top + height - parseFloat(style.paddingBottom) - footerRoom + 0.5;
  const blocks = [...article.children];
  if (columned) return splitColumns(page, article, blocks, bottom);
  const notes = footnotesOf(page, article);
  // The footnotes of the references that stay take room at the page's foot.
  const noteRoom = (upTo) => {
    const kept = notes ? notes.refs.filter((ref) => blocks.slice(0, upTo).some((b) => b.contains(ref))).length : 0;
    return kept ? notes.chrome + notes.items.slice(0, kept).reduce((sum, item) => sum + item.getBoundingClientRect().height, 0) : 0;
  };
  // A block's foot includes its space after (the page's text box holds it).
  const foot = (block) => block.getBoundingClientRect().bottom + Math.max(0, parseFloat(getComputedStyle(block).marginBottom) || 0);
  let limit = bottom;
  let cut = blocks.findIndex((block) => foot(block) > limit);
  for (let pass = 0; pass < 3 && cut >= 0 && notes; pass++) {
    limit = bottom - noteRoom(cut);
    cut = blocks.findIndex((block) => foot(block) > limit);
  }
  if (cut < 0) return null;
  let carried = null;
  if (blocks[cut].localName === "table") carried = splitTable(blocks[cut], limit);
  else if (blocks[cut].localName === "p") carried = splitParagraph(blocks[cut], limit);
  if (!carried) {
    while (cut > 0 && HEADING.test(blocks[cut - 1].className || "")) cut -= 1;
    if (cut === 0) {
      // One block taller than the page: it stays, the rest goes on.
      if (blocks.length === 1) return null;
      cut = 1;
    }
  } else cut += 1;
  return carryOver(page, article, blocks, cut, carried, notes);
}

// Continuous section breaks (Word's Layout > Breaks > Continuous, to set a part of a page in two
// columns; LibreOffice writes one around each of its sections): the next section goes on on the
// same page, its columns balanced where it ends. docx-preview's option that keeps a Word file's
// saved page breaks out of the drawing also starts a page at every section, so a newsletter's
// title, its two columns and its closing line were three pages, the columns holding all their
// text in the left one. The first paragraph of each section that starts continuous is marked
// before drawing, and its page is drawn into the one before (the same size): a section in columns
// as one block whose columns CSS balances, as Word balances them at such a break. Where the
// balanced columns would run past the foot of the page, the section keeps a page of its own
// (filled column by column there, as before).
const CONTINUOUS_MARK = "plugContinuous-";
const SECTION_TYPE = /<w:type\b[^>]*\bw:val="(\w+)"/;

async function markContinuousSections(zip) {
  const file = zip.file("word/document.xml");
  if (!file) return false;
  const xml = await file.async("string");
  const sections = [...xml.matchAll(SECTION)];
  let fixed = "";
  let at = 0;
  sections.forEach((section, index) => {
    const next = sections[index + 1];
    if (!next || (next[0].match(SECTION_TYPE) || [])[1] !== "continuous") return;
    // The paragraph after the one holding this section's properties starts the next section.
    const end = xml.indexOf("</w:p>", section.index + section[0].length);
    const start = end < 0 ? null : /^\s*<w:p\b(?:[^>]*[^/])?>(?:\s*<w:pPr\b[\s\S]*?<\/w:pPr>|\s*<w:pPr\/>)?/.exec(xml.slice(end + 6, next.index));
    if (!start) return;
    const cut = end + 6 + start[0].length;
    fixed += `${xml.slice(at, cut)}<w:bookmarkStart w:id="${990000 + index}" w:name="${CONTINUOUS_MARK}${index}"/><w:bookmarkEnd w:id="${990000 + index}"/>`;
    at = cut;
  });
  if (!at) return false;
  zip.file("word/document.xml", fixed + xml.slice(at));
  return true;
}

// A page's text box as one block of the page it is drawn into: its own children, or a block
// holding them in its columns.
function sectionBlocks(article) {
  const columns = parseInt(article.style.columnCount, 10) || 1;
  const children = [...article.childNodes];
  if (columns < 2) return children;
  const block = document.createElement("div");
  block.className = "plug-section-columns";
  block.style.columnCount = article.style.columnCount;
  block.style.columnGap = article.style.columnGap;
  block.style.columnRule = article.style.columnRule;
  block.append(...children);
  return [block];
}

function continuousSections() {
  for (const mark of pagesBox.querySelectorAll(`span[id^="${CONTINUOUS_MARK}"]`)) {
    const page = mark.closest("section.docx");
    const before = page && page.previousElementSibling;
    const articles = page ? page.querySelectorAll(":scope > article") : [];
    if (!before || !before.matches("section.docx") || articles.length !== 1 || !articles[0].contains(mark)) continue;
    if (page.querySelector(":scope > :not(header, article, footer)") || before.querySelector(":scope > :not(header, article, footer)")) continue;
    if (before.style.width !== page.style.width || before.style.minHeight !== page.style.minHeight || before.style.padding !== page.style.padding) continue;
    const target = before.querySelector(":scope > article:last-of-type");
    const source = articles[0];
    const undo = { target: [...target.childNodes], style: target.getAttribute("style"), source: [...source.childNodes] };
    const blocks = [...sectionBlocks(target), ...sectionBlocks(source)];
    target.style.columnCount = target.style.columnGap = target.style.columnRule = "";
    target.replaceChildren(...blocks);
    const height = parseFloat(getComputedStyle(before).minHeight);
    const footer = before.querySelector(":scope > footer");
    const bottom = before.getBoundingClientRect().top + height - parseFloat(getComputedStyle(before).paddingBottom) - (footer ? footer.offsetHeight : 0) + 0.5;
    const columned = [...target.children].filter((block) => block.classList.contains("plug-section-columns"));
    if (columned.some((block) => block.getBoundingClientRect().bottom > bottom)) {
      target.replaceChildren(...undo.target);
      if (undo.style === null) target.removeAttribute("style");
      else target.setAttribute("style", undo.style);
      source.replaceChildren(...undo.source);
      continue;
    }
    page.remove();
  }
}

// Moves `blocks` from `cut` on, after `carried` (the rest of a block split at the break), to a new
// page after `page` with the same header and footer; returns the new page.
function carryOver(page, article, blocks, cut, carried, notes) {
  const footer = page.querySelector(":scope > footer");
  const fresh = page.cloneNode(false);
  const freshArticle = article.cloneNode(false);
  // A first page's own header and footer stay on it; the pages after it take the section's others.
  const following = page.plugFollowing;
  fresh.plugFollowing = following;
  fresh.plugEven = page.plugEven;
  const header = following ? following.header : page.querySelector(":scope > header");
  if (header) fresh.append(header.cloneNode(true));
  fresh.append(freshArticle);
  if (carried) freshArticle.append(carried);
  for (const block of blocks.slice(cut)) freshArticle.append(block);
  // Footnotes whose reference moved go with it, numbered on (Word numbers them through the
  // document); the rest of the page (endnotes, the footer) follows as it was.
  if (notes) {
    const moved = notes.items.filter((item, i) => freshArticle.contains(notes.refs[i]));
    if (moved.length) {
      const list = notes.list.cloneNode(false);
      list.start = (notes.list.start || 1) + notes.items.length - moved.length;
      list.append(...moved);
      fresh.append(list);
      if (!notes.list.children.length) notes.list.remove();
    }
  }
  for (const part of [...page.children]) {
    if (part === article || part.localName === "header" || (notes && part === notes.list)) continue;
    if (part.localName !== "footer") fresh.append(part);
  }
  const ownFooter = following ? following.footer : footer;
  if (ownFooter) fresh.append(ownFooter.cloneNode(true));
  page.after(fresh);
  return fresh;
}

// The lines of `paragraph` below `limit`, as a paragraph of its own that continues it (no number,
// no first-line indent, no space before), or null when it is not to be split there. Word's widow
// and orphan control (on in Normal) keeps two lines at least on each side; a heading is kept
// whole, and so is a paragraph holding a picture or an equation (their boxes are not lines).
const LINE_KEEP = 2;

function splitParagraph(paragraph, limit) {
  if (HEADING.test(paragraph.className || "") || paragraph.querySelector("img, svg, math, canvas, object, table")) return null;
  const lines = lineBoxes(paragraph);
  let kept = lines.filter((line) => line.bottom <= limit).length;
  kept = Math.min(kept, lines.length - LINE_KEEP);
  if (kept < LINE_KEEP) return null;
  const top = lines[kept].top;
  const start = textStart(paragraph, (box) => box.top + box.height / 2 >= top);
  return start ? carryRest(paragraph, start) : null;
}

// The paragraph's text from `start` on, moved into a paragraph of its own that continues it.
function carryRest(paragraph, start) {
  const range = document.createRange();
  range.setStart(start.node, start.offset);
  range.setEnd(paragraph, paragraph.childNodes.length);
  const rest = paragraph.cloneNode(false);
  rest.append(range.extractContents());
  rest.classList.add("plug-continued");
  rest.style.textIndent = "0";
  rest.style.marginTop = "0";
  rest.style.counterSet = "";
  rest.style.listStyleType = "none";
  // The lines left behind end the page, not the paragraph: no space after, and a justified
  // paragraph's last line there is justified too, as Word sets it.
  paragraph.style.marginBottom = "0";
  if (getComputedStyle(paragraph).textAlign === "justify") paragraph.style.textAlignLast = "justify";
  return rest;
}

// The paragraph's line boxes, top to bottom: its text's boxes grouped by the line they sit on.
function lineBoxes(paragraph) {
  const range = document.createRange();
  range.selectNodeContents(paragraph);
  const boxes = [...range.getClientRects()].filter((r) => r.height > 0).sort((a, b) => a.top - b.top);
  const lines = [];
  for (const box of boxes) {
    const line = lines[lines.length - 1];
    if (line && box.top < line.bottom - Math.min(box.height, line.bottom - line.top) / 2) {
      line.top = Math.min(line.top, box.top);
      line.bottom = Math.max(line.bottom, box.bottom);
    } else lines.push({ top: box.top, bottom: box.bottom });
  }
  return lines;
}

// The text position of the first character whose box `isAfter` holds for (the start of the line
// at a given top, or of the first line past the last column): a binary search over the
// paragraph's characters, which are drawn in order.
function textStart(paragraph, isAfter) {
  const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
  const nodes = [];
  let total = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ node, from: total });
    total += node.data.length;
  }
  const range = document.createRange();
  const at = (index) => {
    let i = nodes.length - 1;
    while (i > 0 && nodes[i].from > index) i -= 1;
    return { node: nodes[i].node, offset: index - nodes[i].from };
  };
  // Whether the character at `index`, or the next drawn one (a collapsed space has no box), is
  // after the break.
  const after = (index) => {
    for (let i = index; i < total; i++) {
      const { node, offset } = at(i);
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      const box = [...range.getClientRects()].find((r) => r.height > 0);
      if (box) return isAfter(box);
    }
    return true;
  };
  let low = 0;
  let high = total;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (after(mid)) high = mid;
    else low = mid + 1;
  }
  return low > 0 && low < total ? at(low) : null;
}

// Text in columns (`w:cols`): docx-preview sets the section's columns as CSS columns, which
// balance the text over them however long it is, so a page of two columns held half a page's text
// in each of them and ran past its foot. Word fills a column to the page's bottom margin before
// the next: the text box is given the page's height and filled column by column, and what flows
// past the last column (a paragraph between its lines) goes on on a new page of the same columns.
function splitColumns(page, article, blocks, bottom) {
  article.style.height = `${Math.max(0, bottom - article.getBoundingClientRect().top)}px`;
  article.style.columnFill = "auto";
  const right = article.getBoundingClientRect().right - 1;
  const over = (box) => box.left >= right;
  let cut = blocks.findIndex((block) => [...block.getClientRects()].some(over));
  if (cut < 0) return null;
  let carried = null;
  const block = blocks[cut];
  if (block.localName === "p" && !over(block.getClientRects()[0]) && !HEADING.test(block.className || "") && !block.querySelector("img, svg, math, canvas, object, table")) {
    const start = textStart(block, over);
    if (start) carried = carryRest(block, start);
  }
  if (carried) cut += 1;
  else {
    while (cut > 0 && HEADING.test(blocks[cut - 1].className || "")) cut -= 1;
    if (cut === 0) return null;
  }
  return carryOver(page, article, blocks, cut, carried, null);
}

// The page's footnotes: docx-preview lists them in an <ol> after the text, one <li> per
// reference, and draws each reference as a <sup> holding its number (from the list's start).
// Null when the first list after the text is not that (endnotes only).
function footnotesOf(page, article) {
  const list = [...page.children].find((part) => part.localName === "ol");
  if (!list) return null;
  const items = [...list.children];
  const refs = [];
  let expected = list.start || 1;
  for (const sup of article.querySelectorAll("sup")) {
    if (sup.textContent !== String(expected) || sup.children.length) continue;
    refs.push(sup);
    expected += 1;
  }
  if (refs.length !== items.length || !items.length) return null;
  // The list's own room (its margins and padding) besides its items.
  const box = getComputedStyle(list);
  const chrome = list.getBoundingClientRect().height + parseFloat(box.marginTop) + parseFloat(box.marginBottom) - items.reduce((sum, item) => sum + item.getBoundingClientRect().height, 0);
  return { list, items, refs, chrome };
}

// The rows of `table` below `limit`, as a table of their own (the header rows repeated), or null
// when no row, or every row, fits.
function splitTable(table, limit) {
  const rows = [...table.querySelectorAll(":scope > tbody > tr, :scope > thead > tr, :scope > tr")];
  const first = rows.findIndex((row) => row.getBoundingClientRect().bottom > limit);
  let heads = rows.filter((row) => row.parentElement.localName === "thead");
  // Rows Word repeats at the top of each page (`w:tblHeader`, "Repeat as header row"), marked
  // before drawing: docx-preview reads the setting and draws them as plain rows.
  if (!heads.length) heads = rows.slice(0, Math.max(0, rows.findIndex((row) => !row.querySelector(`[id^="${HEADER_ROW}"]`))));
  if (first <= heads.length) return null;
  continueMergedCells(rows, first);
  const rest = table.cloneNode(false);
  for (const part of table.children) if (part.localName === "colgroup" || part.localName === "thead") rest.append(part.cloneNode(true));
  const body = document.createElement("tbody");
  if (heads[0]?.parentElement.localName !== "thead") for (const row of heads) body.append(row.cloneNode(true));
  for (const row of rows.slice(first)) body.append(row);
  rest.append(body);
  return rest;
}

// A cell merged down across the break (Word's vertical merge, a "Day 1" beside its sessions)
// ends on this page and goes on, empty, at the top of the next, as Word and LibreOffice draw it:
// the moved rows lost the cell that covered their first column, so their cells slid left under
// the wrong heading. Columns are counted through the rows above, spans included.
function continueMergedCells(rows, first) {
  const covered = []; // column -> rows still covered by a cell from above
  const starts = new Map(); // cell -> its first column
  const open = []; // cells of rows above `first` that reach into it, with their columns
  for (let r = 0; r <= first; r += 1) {
    let column = 0;
    // docx-preview keeps a merge's covered cells as hidden ones: they hold no column.
    for (const cell of [...rows[r].cells].filter((c) => c.style.display !== "none")) {
      while (covered[column] > 0) column += 1;
      starts.set(cell, column);
      if (r < first && r + cell.rowSpan > first) open.push({ cell, column, left: r + cell.rowSpan - first, keep: first - r });
      for (let c = column; c < column + cell.colSpan; c += 1) covered[c] = Math.max(covered[c] || 0, r < first ? cell.rowSpan : 0);
      column += cell.colSpan;
    }
    for (let c = 0; c < covered.length; c += 1) if (covered[c] > 0) covered[c] -= 1;
  }
  const target = rows[first];
  for (const { cell, column, left, keep } of open) {
    cell.rowSpan = keep;
    const rest = cell.cloneNode(false);
    rest.removeAttribute("id");
    rest.rowSpan = left;
    const after = [...target.cells].find((other) => starts.has(other) && starts.get(other) > column);
    target.insertBefore(rest, after || null);
  }
}

// Lists: Word keeps one count per list definition (abstractNum), shared by every list instance
// (num) that uses it, and an instance with a start override starts it again where it is first
// used. LibreOffice writes a list's first item with such an instance and the others with the
// plain one, so docx-preview, which counts per instance, numbered pandoc's list "1. 1. 2." once
// LibreOffice had saved it. The instances of one definition are read from numbering.xml before
// drawing; after it, their CSS counters become one and each override restarts it at its first
// paragraph.
const numberingAliases = new Map(); // numId -> the numId whose counters it shares
const numberingRestarts = new Map(); // numId -> [[level, start]…]

async function readNumbering(zip) {
  const file = zip.file("word/numbering.xml");
  if (!file) return false;
  const xml = await file.async("string");
  const first = new Map();
  for (const [, id, body] of xml.matchAll(/<w:num\b[^>]*\bw:numId="(\d+)"[^>]*>([\s\S]*?)<\/w:num>/g)) {
    const abstract = (/<w:abstractNumId\b[^>]*\bw:val="(\d+)"/.exec(body) || [])[1];
    if (abstract === undefined) continue;
    if (!first.has(abstract)) first.set(abstract, id);
    numberingAliases.set(id, first.get(abstract));
    const restarts = [...body.matchAll(/<w:lvlOverride\b[^>]*\bw:ilvl="(\d+)"[^>]*>[\s\S]*?<w:startOverride\b[^>]*\bw:val="(\d+)"/g)].map(([, level, start]) => [Number(level), Number(start)]);
    if (restarts.length) numberingRestarts.set(id, restarts);
  }
  return false;
}

function sharedListCounters() {
  if (![...numberingAliases].some(([id, to]) => id !== to)) return;
  const rename = (css) => css.replace(/(^|[^.\w-])docx-num-(\d+)-(\d+)/g, (whole, before, id, level) => `${before}docx-num-${numberingAliases.get(id) || id}-${level}`);
  for (const style of pagesBox.querySelectorAll("style")) {
    if (!style.textContent.includes("docx-num-")) continue;
    style.textContent = rename(style.textContent);
  }
  for (const [id, restarts] of numberingRestarts) {
    const to = numberingAliases.get(id) || id;
    for (const [level, start] of restarts) {
      const paragraph = pagesBox.querySelector(`p.docx-num-${id}-${level}`);
      if (!paragraph) continue;
      const deeper = Array.from({ length: 8 - level }, (_, i) => `docx-num-${to}-${level + 1 + i} 0`);
      paragraph.style.counterSet = [`docx-num-${to}-${level} ${start - 1}`, ...deeper].join(" ");
    }
  }
}

// Header rows Word repeats on each page a table runs onto (`<w:tblHeader/>`, a value of true or
// none): a bookmark in each one's first paragraph tells them apart once drawn (splitTable).
const HEADER_ROW = "_plug_header_row_";

async function markHeaderRows(zip) {
  const file = zip.file("word/document.xml");
  if (!file) return false;
  const xml = await file.async("string");
  if (!/<w:tblHeader\b/.test(xml)) return false;
  let n = 0;
  const fixed = xml.replace(/<w:trPr\b[^>]*>(?:(?!<\/w:trPr>)[\s\S])*?<w:tblHeader\b(?![^>]*\bw:val="(?:0|false|off)")[^>]*>[\s\S]*?<\/w:trPr>([\s\S]*?)(<w:p\b[^>]*?(?<!\/)>(?:\s*<w:pPr\b[^>]*?(?<!\/)>[\s\S]*?<\/w:pPr>|\s*<w:pPr\b[^>]*\/>)?)/g, (whole, between, open) => {
    n += 1;
    return whole + `<w:bookmarkStart w:id="${990000 + n}" w:name="${HEADER_ROW}${n}"/><w:bookmarkEnd w:id="${990000 + n}"/>`;
  });
  if (!n) return false;
  zip.file("word/document.xml", fixed);
  return true;
}

// Where a table stands. docx-preview reads a table's indent (`w:tblInd`, Table Properties > Indent
// from left) as a paragraph's, from a `w:left` it does not have (its width is `w:w`), so every
// table stood at the left margin: one Google Docs widened into the margins (it writes the move as
// a negative indent, "-720.0") ran off the page's right edge, one indented half an inch was not.
// Word 2013 and later (compatibility mode 15: Word's own documents, Google Docs) measure the
// indent to the table's edge; earlier versions (mode 14 and below, or none named: python-docx's
// template, LibreOffice's saves, pandoc) to the first cell's text, so the table's edge stands out
// into the margin by the cell's left margin and its text lines up with the paragraphs around it.
// LibreOffice lays both out so. Each table that is not centred or right-aligned gets its indent
// (its own or its style's) as one docx-preview reads, and after drawing, in the older mode, is
// moved left by its first cell's left padding.
const TABLE_ALIGNED = new Set(["center", "right", "end"]);

async function tableIndents(zip) {
  const file = zip.file("word/document.xml");
  if (!file) return { changed: false, legacy: false };
  const settingsFile = zip.file("word/settings.xml");
  const settingsXml = settingsFile ? await settingsFile.async("string") : "";
  const mode = /<w:compatSetting\b(?=[^>]*\bw:name="compatibilityMode")[^>]*\bw:val="(\d+)"/.exec(settingsXml);
  const legacy = !mode || Number(mode[1]) < 15;
  const xml = await file.async("string");
  if (!/<w:tbl[\s>]/.test(xml)) return { changed: false, legacy: false };
  const stylesFile = zip.file("word/styles.xml");
  const stylesXml = stylesFile ? await stylesFile.async("string") : "";
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  const styles = new DOMParser().parseFromString(stylesXml || "<w:styles xmlns:w=\"" + W_NS + "\"/>", "application/xml");
  if (doc.getElementsByTagName("parsererror").length) return { changed: false, legacy: false };
  const own = new Map();
  let fallback = null;
  for (const style of styles.getElementsByTagNameNS(W_NS, "style")) {
    if (style.getAttributeNS(W_NS, "type") !== "table") continue;
    const id = style.getAttributeNS(W_NS, "styleId");
    const parent = wordChild(style, "basedOn");
    own.set(id, { tblPr: wordChild(style, "tblPr"), parent: parent && parent.getAttributeNS(W_NS, "val") });
    if (/^(1|true|on)$/i.test(style.getAttributeNS(W_NS, "default") || "")) fallback = id;
  }
  // The first of the table's own properties and its style's (then the styles it is based on, then
  // the default table style) that names `name`.
  const property = (tblPr, name) => {
    const mine = tblPr && wordChild(tblPr, name);
    if (mine) return mine;
    const named = tblPr && wordChild(tblPr, "tblStyle");
    let id = named ? named.getAttributeNS(W_NS, "val") : fallback;
    for (let depth = 0; id && own.has(id) && depth < 20; depth += 1) {
      const style = own.get(id);
      const found = style.tblPr && wordChild(style.tblPr, name);
      if (found) return found;
      id = style.parent;
    }
    return null;
  };
  let changed = false;
  for (const tbl of [...doc.getElementsByTagNameNS(W_NS, "tbl")]) {
    let tblPr = wordChild(tbl, "tblPr");
    if (tblPr && (wordChild(tblPr, "tblpPr") || wordChild(tblPr, "bidiVisual"))) continue;
    const jc = property(tblPr, "jc");
    if (jc && TABLE_ALIGNED.has(jc.getAttributeNS(W_NS, "val"))) continue;
    const indent = property(tblPr, "tblInd");
    const type = indent && indent.getAttributeNS(W_NS, "type");
    const twips = indent && (!type || type === "dxa") ? Math.round(Number(indent.getAttributeNS(W_NS, "w")) || 0) : 0;
    if (!twips && !legacy) continue;
    if (!tblPr) tblPr = tbl.insertBefore(doc.createElementNS(W_NS, "w:tblPr"), tbl.firstChild);
    let mine = wordChild(tblPr, "tblInd");
    if (!mine) mine = tblPr.appendChild(doc.createElementNS(W_NS, "w:tblInd"));
    mine.setAttributeNS(W_NS, "w:left", String(twips));
    changed = true;
  }
  if (changed) zip.file("word/document.xml", new XMLSerializer().serializeToString(doc));
  return { changed, legacy: changed && legacy };
}

// In the older mode, the indent is the first cell's text's: the table's edge stands its padding to
// the left (only tables given an indent above: not centred ones, nor floating ones).
function legacyTableIndents() {
  for (const table of pagesBox.querySelectorAll("table")) {
    if (!table.style.marginInlineStart) continue;
    const cell = table.rows[0] && table.rows[0].cells[0];
    const pad = cell ? parseFloat(getComputedStyle(cell).paddingLeft) || 0 : 0;
    if (!pad) continue;
    const margin = parseFloat(getComputedStyle(table).marginLeft) || 0;
    table.style.marginInlineStart = `${margin - pad}px`;
  }
}

async function prepared(bytes) {
  const zip = await JSZip.loadAsync(bytes);
  const changes = [await drawLinkedImages(zip), await drawSmartArt(zip), await inheritHeadersAndFooters(zip), await blankFirstPages(zip), await markPageNumbers(zip), await simpleFieldResults(zip), await builtContents(zip), await vmlTextBoxes(zip), await defaultPage(zip), await markContinuousSections(zip), await contextualSpacing(zip), await markHeaderRows(zip), await readNumbering(zip)];
  const indents = await tableIndents(zip);
  if (indents.changed) changes.push(true);
  const ready = changes.some(Boolean) ? await zip.generateAsync({ type: "arraybuffer" }) : bytes;
  const even = await evenPageVariant(zip);
  return { bytes: ready, following: even ? await withoutFirstPages(zip, true) : await withoutFirstPages(zip), even, legacyIndents: indents.legacy };
}

// Different odd and even pages (Word's setting `w:evenAndOddHeaders`: a book's page numbers at the
// outer edge): docx-preview picks the even header by its own count of pages, which the pages
// split after drawing do not follow, so a document without page breaks showed the odd one on
// every page. The document is drawn out of sight once more with each section's even header and
// footer as its only ones, and every page whose number is even takes those of the page it came
// from (the others, the section's default ones; a different first page keeps its own).
async function evenPageVariant(zip) {
  const settings = zip.file("word/settings.xml");
  const file = zip.file("word/document.xml");
  const settingsXml = settings && (await settings.async("string"));
  if (!file || !settingsXml || !/<w:evenAndOddHeaders\b(?![^>]*w:val="(?:0|false|off)")/.test(settingsXml)) return null;
  const xml = await file.async("string");
  const even = xml.replace(SECTION, (section) => section
    .replace(/<w:titlePg\b[^>]*\/>/g, "")
    .replace(REFERENCE, (reference) => {
      const type = (reference.match(/\bw:type="(\w+)"/) || [])[1] || "default";
      if (type === "even") return reference.replace(/\bw:type="even"/, 'w:type="default"');
      return type === "default" ? "" : reference;
    }));
  // Both drawings out of sight make no choice by parity themselves.
  zip.file("word/settings.xml", settingsXml.replace(/<w:evenAndOddHeaders\b[^>]*\/>/g, ""));
  const copy = await JSZip.loadAsync(await zip.generateAsync({ type: "arraybuffer" }));
  copy.file("word/document.xml", even);
  return copy.generateAsync({ type: "arraybuffer" });
}

// Runs after paginate: the header and footer of each page by its number's parity.
function evenAndOddPages() {
  const pages = [...pagesBox.querySelectorAll(".docx-wrapper > section.docx")];
  pages.forEach((page, index) => {
    const running = (index + 1) % 2 === 0 ? page.plugEven : page.plugFollowing;
    if (!running || page.plugOwnFirst) return;
    for (const [kind, from] of [["header", running.header], ["footer", running.footer]]) {
      const own = page.querySelector(`:scope > ${kind}`);
      const fresh = from ? from.cloneNode(true) : null;
      if (own && fresh) own.replaceWith(fresh);
      else if (own) own.remove();
      else if (fresh && kind === "header") page.prepend(fresh);
      else if (fresh) page.append(fresh);
    }
  });
}

// A section with a different first page (`w:titlePg`: a cover without the running header) shows
// its first page's header and footer on its first page only; docx-preview draws them on the
// one page it makes of the section, and the pages split from it need the section's others. The
// document without `titlePg` is drawn out of sight, and each of its pages lends its header and
// footer to the pages split from the same page of the document.
async function withoutFirstPages(zip, always = false) {
  const file = zip.file("word/document.xml");
  const xml = file && (await file.async("string"));
  if (!xml || !(always || /<w:titlePg\b/.test(xml))) return null;
  zip.file("word/document.xml", xml.replace(/<w:titlePg\b[^>]*\/>/g, ""));
  return zip.generateAsync({ type: "arraybuffer" });
}

async function followingHeaders(following, options, key = "plugFollowing") {
  if (!following) return;
  const box = document.createElement("div");
  box.style.position = "absolute";
  box.style.left = "-100000px";
  box.style.visibility = "hidden";
  document.body.append(box);
  try {
    await window.docx.renderAsync(following, box, null, options);
    const others = [...box.querySelectorAll(".docx-wrapper > section.docx")];
    [...pagesBox.querySelectorAll(".docx-wrapper > section.docx")].forEach((page, index) => {
      const other = others[index];
      if (other) page[key] = { header: other.querySelector(":scope > header"), footer: other.querySelector(":scope > footer") };
    });
  } catch {
    // The pages keep their own header and footer.
  } finally {
    box.remove();
  }
}

// A page drawn with its section's first-page header (titlePg): neither the running nor the even one.
function markOwnFirstPages() {
  const html = (part) => (part ? part.innerHTML : "");
  for (const page of pagesBox.querySelectorAll(".docx-wrapper > section.docx")) {
    if (!page.plugFollowing || !page.plugEven) continue;
    const own = html(page.querySelector(":scope > header")) + html(page.querySelector(":scope > footer"));
    const running = html(page.plugFollowing.header) + html(page.plugFollowing.footer);
    const even = html(page.plugEven.header) + html(page.plugEven.footer);
    page.plugOwnFirst = own !== running && own !== even;
  }
}

// The placeholder boxes say what they are to a screen reader too.
function describeLinkedImages() {
  for (const img of pagesBox.querySelectorAll('img[src^="data:image/svg+xml"]')) {
    if (atob(img.src.split(",")[1] || "").includes(LINKED_TEXT)) img.alt = LINKED_TEXT;
  }
}

// A picture the browser cannot decode (an EMF or WMF: a chart pasted from Excel, a Visio
// drawing, a MathType equation, pandoc's `![](chart.emf)`; a TIFF) showed the browser's
// broken-image icon in an empty frame. Word's kind of box says so in its place, at its size (the
// frame keeps its width and height, so the pages are laid out as before).
function pictureKind(src) {
  const head = atob((src.split(",")[1] || "").slice(0, 64));
  if (head.startsWith("\x01\0\0\0") && head.slice(40, 44) === " EMF") return "a Windows metafile (EMF)";
  if (head.startsWith("\xd7\xcd\xc6\x9a") || /^[\x01\x02]\0\x09\0/.test(head)) return "a Windows metafile (WMF)";
  if (head.startsWith("II*\0") || head.startsWith("MM\0*")) return "a TIFF";
  return null;
}

function unshownPictures() {
  for (const img of pagesBox.querySelectorAll('img[src^="data:"]:not([src^="data:image/svg+xml"])')) {
    img.decode().catch(() => {
      if (!img.isConnected || img.naturalWidth) return;
      const kind = pictureKind(img.src);
      const text = `${kind ? `This picture is ${kind}, which a browser cannot show.` : "This picture cannot be shown in the browser."} Download the document to see it.`;
      img.alt = text;
      img.src = `data:image/svg+xml,${encodeURIComponent(LINKED_SVG.replace(/<\/span>[\s\S]*<\/div>/, `</span>${text}</div>`))}`;
    });
  }
}

try {
  setStatus("Loading document…");
  const carlito = loadFace("Carlito");
  loadFace("Caladea", true);
  const { bytes, following, even, legacyIndents } = await prepared(await fetchBytes(fileUrl));
  // Pages are measured once drawn: Carlito first (loaded meanwhile), 3 s at most.
  await Promise.race([carlito, new Promise((resolve) => setTimeout(resolve, 3000))]);
  const options = {
    className: "docx",
    inWrapper: true,
    breakPages: true,
    ignoreLastRenderedPageBreak: true,
    renderHeaders: true,
    renderFooters: true,
    renderFootnotes: true,
    renderEndnotes: true,
    useBase64URL: true,
    renderComments: true,
  };
  await window.docx.renderAsync(bytes, pagesBox, null, options);
  await followingHeaders(following, options);
  if (even) {
    await followingHeaders(even, options, "plugEven");
    markOwnFirstPages();
  }
  readableBullets();
  defaultStyleRuns();
  fontFallbacks();
  // Pages are measured with Caladea where some text is in Cambria (laid out once here, so the
  // browser fetches the faces that text uses and no other), 3 s at most.
  void pagesBox.offsetHeight;
  await Promise.race([document.fonts.ready, new Promise((resolve) => setTimeout(resolve, 3000))]);
  tableLooks();
  if (legacyIndents) legacyTableIndents();
  sharedListCounters();
  listNumberFonts();
  displayEquations();
  describeLinkedImages();
  describeDiagrams();
  // Pages are laid out at their own width, whatever the window's (fitPages zooms after).
  continuousSections();
  paginate();
  if (even) evenAndOddPages();
  numberPages();
  safeLinks();
  reachableComments();
  mathTokens();
  unshownPictures();
  clearStatus();
  fitPages();
  window.addEventListener("resize", fitPages);
  main.dataset.state = "ready";
} catch (error) {
  fail("This document could not be displayed.", error);
}
