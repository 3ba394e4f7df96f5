// pptx-renderer draws every slide as HTML/SVG; slides mount lazily as they scroll into view.
const slidesBox = main.querySelector(".plug-slides");

// A shape's own fill (spPr) wins over its theme style's fill (fillRef) in PowerPoint, but
// pptx-renderer 1.3 paints the style's fill over a picture fill, so the picture hides behind a
// theme gradient. Where a shape has a picture fill, its style's fill reference is set to none
// (idx 0): the same slide by the format's rules, drawn the way PowerPoint draws it.
const SHAPE = /<p:sp[\s>][\s\S]*?<\/p:sp>/g;
const OWN_PROPERTIES = /<p:spPr[\s>][\s\S]*?<\/p:spPr>/;
const STYLE_FILL = /<a:fillRef idx="\d+"/;
const PARTS = /^ppt\/(slides|slideLayouts|slideMasters)\/[^/]+\.xml$/;

function pictureFillsFirst(xml) {
  return xml.replace(SHAPE, (shape) => {
    const own = shape.match(OWN_PROPERTIES);
    return own && own[0].includes("<a:blipFill") ? shape.replace(STYLE_FILL, '<a:fillRef idx="0"') : shape;
  });
}

async function withPictureFillsFirst(zip, bytes) {
  // A deck without slides (every one deleted, or a template saved as it came) drew nothing at
  // all: it is said instead.
  if (!Object.keys(zip.files).some((name) => /^ppt\/slides\/[^/]+\.xml$/.test(name))) return null;
  let changed = false;
  for (const name of Object.keys(zip.files).filter((n) => PARTS.test(n))) {
    const xml = await zip.file(name).async("string");
    const fixed = pictureFillsFirst(xml);
    if (fixed !== xml) {
      zip.file(name, fixed);
      changed = true;
    }
  }
  return changed ? zip.generateAsync({ type: "arraybuffer" }) : bytes;
}

// ------------------------------------------------------------------ speaker notes

// Each slide's speaker notes (python-pptx's `notes_slide.notes_text_frame`, PowerPoint's notes
// pane): the text of the body placeholder of the notes slide its relationships name, in the
// deck's slide order (presentation.xml's slide list). Paragraphs are kept; a line break inside
// one is a newline. Text only: read with DOMParser as XML and shown with textContent.
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const DRAWING_NS = "http://schemas.openxmlformats.org/drawingml/2006/main";
const PRESENTATION_NS = "http://schemas.openxmlformats.org/presentationml/2006/main";

async function readXml(zip, name) {
  const file = zip.file(name);
  if (!file) return null;
  const doc = new DOMParser().parseFromString(await file.async("string"), "application/xml");
  return doc.getElementsByTagName("parsererror").length ? null : doc;
}

// The part a relationship of `part` points at (targets are relative to the part's folder).
async function relationTargets(zip, part) {
  const slash = part.lastIndexOf("/");
  const rels = await readXml(zip, `${part.slice(0, slash)}/_rels/${part.slice(slash + 1)}.rels`);
  const targets = new Map();
  if (!rels) return targets;
  for (const rel of rels.getElementsByTagName("Relationship")) {
    if (rel.getAttribute("TargetMode") === "External") continue;
    const target = rel.getAttribute("Target") || "";
    const parts = (target.startsWith("/") ? target.slice(1) : `${part.slice(0, slash)}/${target}`).split("/");
    const path = [];
    for (const piece of parts) {
      if (piece === "..") path.pop();
      else if (piece !== ".") path.push(piece);
    }
    targets.set(rel.getAttribute("Id"), { type: rel.getAttribute("Type") || "", path: path.join("/") });
  }
  return targets;
}

async function speakerNotes(zip) {
  const presentation = await readXml(zip, "ppt/presentation.xml");
  if (!presentation) return [];
  const targets = await relationTargets(zip, "ppt/presentation.xml");
  const notes = [];
  for (const slideId of presentation.getElementsByTagNameNS(PRESENTATION_NS, "sldId")) {
    const slide = targets.get(slideId.getAttributeNS(REL_NS, "id"));
    if (!slide) continue;
    const slideRels = await relationTargets(zip, slide.path);
    const notesPart = [...slideRels.values()].find((rel) => rel.type.endsWith("/notesSlide"));
    notes.push(notesPart ? notesText(await readXml(zip, notesPart.path)) : []);
  }
  return notes;
}

// The notes slide's body placeholder as a list of paragraphs (empty when it says nothing).
function notesText(doc) {
  if (!doc) return [];
  for (const shape of doc.getElementsByTagNameNS(PRESENTATION_NS, "sp")) {
    const placeholder = shape.getElementsByTagNameNS(PRESENTATION_NS, "ph")[0];
    if (!placeholder || placeholder.getAttribute("type") !== "body") continue;
    const paragraphs = [...shape.getElementsByTagNameNS(DRAWING_NS, "p")].map((p) => {
      let text = "";
      for (const node of p.getElementsByTagNameNS(DRAWING_NS, "*")) {
        if (node.localName === "t") text += node.textContent;
        else if (node.localName === "br") text += "\n";
      }
      return text;
    });
    while (paragraphs.length && !paragraphs[paragraphs.length - 1].trim()) paragraphs.pop();
    return paragraphs.some((p) => p.trim()) ? paragraphs : [];
  }
  return [];
}

// Under each slide with notes, a disclosure ("Speaker notes"), closed at first; one button above
// the deck opens or closes all of them. The renderer mounts and unmounts each slide's drawing
// inside its own item as it scrolls, and may lay the list out again: the notes are put back on
// any item that lost them.
function showSpeakerNotes(notes) {
  const count = notes.filter((n) => n.length).length;
  if (count === 0) return;
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "plug-notes-toggle";
  toggle.setAttribute("aria-pressed", "false");
  const label = (open) => `${open ? "Hide" : "Show"} speaker notes (${count} ${count === 1 ? "slide" : "slides"})`;
  toggle.textContent = label(false);
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-pressed") !== "true";
    toggle.setAttribute("aria-pressed", String(open));
    toggle.textContent = label(open);
    for (const details of slidesBox.querySelectorAll("details.plug-notes")) details.open = open;
  });
  const bar = document.createElement("div");
  bar.className = "plug-notes-bar";
  bar.append(toggle);
  slidesBox.before(bar);

  const attach = () => {
    for (const item of slidesBox.querySelectorAll("[data-slide-index]")) {
      const index = Number(item.dataset.slideIndex);
      const paragraphs = notes[index];
      if (!paragraphs || !paragraphs.length || item.querySelector(":scope > details.plug-notes")) continue;
      const details = document.createElement("details");
      details.className = "plug-notes";
      details.open = toggle.getAttribute("aria-pressed") === "true";
      const summary = document.createElement("summary");
      summary.textContent = "Speaker notes";
      summary.setAttribute("aria-label", `Speaker notes, slide ${index + 1}`);
      const body = document.createElement("div");
      body.className = "plug-notes-text";
      for (const text of paragraphs) {
        const p = document.createElement("p");
        p.textContent = text;
        body.append(p);
      }
      details.append(summary, body);
      item.append(details);
    }
  };
  attach();
  new MutationObserver(attach).observe(slidesBox, { childList: true });
}

// ------------------------------------------------------------------ slide size

// The deck's slide size (`p:sldSz`: 16:9, 4:3, A4 portrait, a custom banner), as width over
// height. The slides' column is as wide as lets a slide fit the window's height, as PowerPoint's
// Normal view and a slide show fit it: the column assumed 16:9, so a 4:3 slide on a laptop and a
// portrait one anywhere stood taller than the window, its foot out of view.
async function slideRatio(zip) {
  const presentation = await readXml(zip, "ppt/presentation.xml");
  const size = presentation && presentation.getElementsByTagNameNS(PRESENTATION_NS, "sldSz")[0];
  const ratio = size ? Number(size.getAttribute("cx")) / Number(size.getAttribute("cy")) : NaN;
  return Number.isFinite(ratio) && ratio > 0.1 && ratio < 10 ? ratio : 16 / 9;
}

// ------------------------------------------------------------------ hidden slides

// A hidden slide (`<p:sld show="0">`, PowerPoint's "Hide Slide") is skipped in a slide show but
// is part of the file: PowerPoint's editing view shows it dimmed, with its number struck through.
// A reader of the file sees it too, dimmed, under a line saying it is hidden.
async function hiddenSlides(zip) {
  const presentation = await readXml(zip, "ppt/presentation.xml");
  if (!presentation) return [];
  const targets = await relationTargets(zip, "ppt/presentation.xml");
  const hidden = [];
  for (const slideId of presentation.getElementsByTagNameNS(PRESENTATION_NS, "sldId")) {
    const slide = targets.get(slideId.getAttributeNS(REL_NS, "id"));
    if (!slide) continue;
    const doc = await readXml(zip, slide.path);
    const show = doc && doc.documentElement.getAttribute("show");
    hidden.push(show === "0" || show === "false");
  }
  return hidden;
}

function markHiddenSlides(hidden) {
  if (!hidden.some(Boolean)) return;
  const attach = () => {
    for (const item of slidesBox.querySelectorAll("[data-slide-index]")) {
      const index = Number(item.dataset.slideIndex);
      if (!hidden[index] || item.querySelector(":scope > .plug-hidden-label")) continue;
      item.classList.add("plug-hidden-slide");
      const label = document.createElement("p");
      label.className = "plug-hidden-label";
      label.textContent = `Slide ${index + 1} is hidden: it is skipped in a slide show.`;
      item.prepend(label);
    }
  };
  attach();
  new MutationObserver(attach).observe(slidesBox, { childList: true });
}

// ------------------------------------------------------------------ sections

// PowerPoint's sections (`p14:sectionLst` in presentation.xml: "Introduction", "Results"), which
// its slide sorter and thumbnails show as headings over their slides: each section's name stands
// above its first slide. An empty section has nothing to stand over and is not shown.
const SECTIONS_NS = "http://schemas.microsoft.com/office/powerpoint/2010/main";

async function sections(zip) {
  const presentation = await readXml(zip, "ppt/presentation.xml");
  if (!presentation) return new Map();
  const order = [...presentation.getElementsByTagNameNS(PRESENTATION_NS, "sldId")].map((s) => s.getAttribute("id"));
  const starts = new Map();
  for (const section of presentation.getElementsByTagNameNS(SECTIONS_NS, "section")) {
    const first = section.getElementsByTagNameNS(SECTIONS_NS, "sldId")[0];
    const index = first ? order.indexOf(first.getAttribute("id")) : -1;
    if (index >= 0 && !starts.has(index)) starts.set(index, section.getAttribute("name") || "Untitled section");
  }
  return starts;
}

function showSections(starts) {
  if (starts.size === 0) return;
  const attach = () => {
    for (const item of slidesBox.querySelectorAll("[data-slide-index]")) {
      const name = starts.get(Number(item.dataset.slideIndex));
      if (name === undefined || item.querySelector(":scope > .plug-section")) continue;
      const heading = document.createElement("h2");
      heading.className = "plug-section";
      heading.textContent = name;
      heading.style.cssText = "width:0;min-width:100%;margin:0.75rem 0 0.4rem;font-size:1.05rem;font-weight:600;color:var(--fg)";
      item.prepend(heading);
    }
  };
  attach();
  new MutationObserver(attach).observe(slidesBox, { childList: true });
}

// ------------------------------------------------------------------ video and audio

// A slide's video or audio plays from the deck in the browser's own player. One the browser
// cannot play (a .wmv or .avi from an older PowerPoint, a damaged file) left a black box at 0:00
// that did nothing: the player is replaced by a box saying so, at its size, over its poster frame.
function explainUnplayableMedia() {
  const explain = (media) => {
    if (media.dataset.plugWatched) return;
    media.dataset.plugWatched = "1";
    media.addEventListener("error", () => {
      const kind = media.localName === "audio" ? "audio" : "video";
      const box = document.createElement("div");
      box.className = "plug-media-missing";
      box.setAttribute("role", "note");
      box.textContent = `This ${kind} cannot be played in the browser. Download the presentation to play it.`;
      box.style.cssText = media.style.cssText;
      box.style.backgroundColor = "";
      // The video's poster frame (its picture on the slide in PowerPoint) stays, the words on a
      // band across its foot, as LibreOffice shows such a slide.
      if (media.poster) {
        const words = document.createElement("span");
        words.textContent = box.textContent;
        words.style.cssText = "background:rgba(17,24,39,0.85);padding:0.4rem 0.8rem;border-radius:4px";
        box.replaceChildren(words);
        box.style.cssText += `;background:#000 url("${media.poster}") center / contain no-repeat;align-items:flex-end;padding-bottom:0.75rem`;
      }
      media.replaceWith(box);
    });
  };
  // A picture the browser cannot decode (a TIFF pasted into PowerPoint for Mac, a WMF from an
  // old Windows deck) showed the browser's broken-image icon in an empty frame: a box says so
  // in its place, at its size.
  const picture = (img) => {
    if (img.dataset.plugWatched) return;
    img.dataset.plugWatched = "1";
    const replace = () => {
      if (!img.isConnected || img.naturalWidth || !img.getAttribute("src")) return;
      const box = document.createElement("div");
      box.className = "plug-media-missing";
      box.setAttribute("role", "note");
      box.textContent = "This picture cannot be shown in the browser. Download the presentation to see it.";
      box.style.cssText = img.style.cssText;
      if (!box.style.width) box.style.width = "100%";
      if (!box.style.height) box.style.height = "100%";
      box.style.objectFit = "";
      box.style.display = "flex";
      img.replaceWith(box);
    };
    // decode() also gives up when the renderer sets another src meanwhile: then the error, if
    // any, of the picture it ends up with decides.
    img.decode().catch(() => (img.complete ? replace() : img.addEventListener("error", replace, { once: true })));
  };
  const scan = () => {
    slidesBox.querySelectorAll("video, audio").forEach(explain);
    slidesBox.querySelectorAll("img").forEach(picture);
  };
  scan();
  new MutationObserver(scan).observe(slidesBox, { childList: true, subtree: true });
}

// ------------------------------------------------------------------ fonts

// The renderer names a run's font as the deck does ("Helvetica Neue", Keynote's; Montserrat or
// Roboto, Google Slides' themes; Consolas) with no kind after it, so where the browser lacks the
// font the text fell back to the browser's default serif face: a Keynote or Google Slides deck
// read in Times. Each lone family gets its kind after it (monospace for code faces, serif for
// serif ones, sans-serif otherwise: slides are set in sans faces far more often than not), and
// Calibri and Cambria (the Office 2007-2019 themes) get the vendored Carlito and Caladea first,
// which have their metrics, so a title breaks where PowerPoint breaks it. The faces are only
// declared: the browser fetches one when some text is laid out in it (not where Calibri is
// installed).
const MONO = /mono|code|courier|consolas|menlo|monaco|console|inconsolata/i;
const SERIF = /serif|times|georgia|cambria|caladea|garamond|palatino|baskerville|playfair|merriweather|lora$|bodoni|didot|antiqua|constantia|schoolbook|slab|minion|charter|crimson|cardo/i;
const SYMBOL = /^(symbol|wingdings.*|webdings|marlett|segoe (ui )?(symbol|emoji)|.*icons?)$/i;
const GENERIC = /^(serif|sans-serif|monospace|cursive|fantasy|system-ui|emoji|math|inherit|initial|unset|var\(.*)$/i;

function fontStack(value) {
  const families = value.split(",").map((f) => f.trim().replace(/^['"]|['"]$/g, "")).filter(Boolean);
  if (families.length === 0 || families.some((f) => GENERIC.test(f))) return value;
  const first = families[0];
  if (SYMBOL.test(first)) return value;
  const quoted = families.map((f) => `"${f.replace(/["\\]/g, "")}"`);
  if (/^(calibri.*|carlito)$/i.test(first)) return [...quoted, "Carlito", "sans-serif"].join(", ");
  if (/^(cambria.*|caladea)$/i.test(first)) return [...quoted, "Caladea", "serif"].join(", ");
  const kind = MONO.test(first) ? "monospace" : SERIF.test(first) && !/sans/i.test(first) ? "serif" : "sans-serif";
  return [...quoted, kind].join(", ");
}

function declareFace(family) {
  const file = family.toLowerCase();
  for (const [weight, style] of [["400", "normal"], ["400", "italic"], ["700", "normal"], ["700", "italic"]]) {
    document.fonts.add(new FontFace(family, `url(${vendor + file}/${file}-latin-${weight}-${style}.woff2)`, { weight, style }));
  }
}

function fontFallbacks() {
  declareFace("Carlito");
  declareFace("Caladea");
  const fix = (root) => {
    const elements = root.matches?.('[style*="font-family"]') ? [root] : [];
    elements.push(...root.querySelectorAll('[style*="font-family"]'));
    for (const el of elements) {
      const family = el.style.fontFamily;
      const stack = family && fontStack(family);
      if (stack && stack !== family) el.style.fontFamily = stack;
    }
  };
  fix(slidesBox);
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node.nodeType === 1) fix(node);
  }).observe(slidesBox, { childList: true, subtree: true });
}

// PowerPoint sets a legend at the bottom of a chart under the category labels: the plot shrinks
// to make room, unless the legend is set to overlap the chart. pptx-renderer draws the legend as a
// box of its own at 5% from the chart's foot and leaves a fixed 35 px under the plot for the
// labels, so labels at 14 pt ran into the legend ("Europe" written over its swatches). Where the
// renderer fits the labels inside the plot's grid (no manual layout of the plot) and its legend
// box stands below the plot, the grid ends above the legend.
function roomForBottomLegend(chart) {
  try {
    const grid = chart.getOption().grid?.[0];
    const plot = chart.getDom();
    const legend = plot.parentElement.querySelector(":scope > .pptx-chart-custom-legend");
    if (!grid?.containLabel || typeof grid.bottom !== "number" || !legend?.style.bottom) return chart;
    const needed = Math.ceil(plot.offsetTop + plot.offsetHeight - legend.offsetTop + 4);
    if (grid.bottom < needed && needed < plot.offsetHeight / 3) chart.setOption({ grid: { bottom: needed } });
  } catch (error) {
    console.error("making room for a chart's legend", error);
  }
  return chart;
}

try {
  setStatus("Loading slides…");
  const [renderer, bytes] = await Promise.all([import(vendor + "pptx-renderer.min.mjs"), fetchBytes(fileUrl)]);
  const zip = await JSZip.loadAsync(bytes);
  const deck = await withPictureFillsFirst(zip, bytes);
  if (!deck) setStatus("This presentation has no slides.");
  else {
    clearStatus();
    main.style.setProperty("--plug-slide-ratio", String(await slideRatio(zip).catch(() => 16 / 9)));
    fontFallbacks();
    const notes = await speakerNotes(zip).catch(() => []);
    const hidden = await hiddenSlides(zip).catch(() => []);
    const sectionStarts = await sections(zip).catch(() => new Map());
    // PptxViewer.open(deck, box, options) in two steps, to reach the viewer before it draws.
    const options = {
      zipLimits: renderer.RECOMMENDED_ZIP_LIMITS,
      fitMode: "contain",
      lazySlides: true,
      lazyMedia: true,
      listOptions: { windowed: true, initialSlides: 4, batchSize: 4 },
      pdfjs: { moduleUrl: vendor + "pdf.min.mjs", workerUrl: vendor + "pdf.worker.min.mjs" },
    };
    const viewer = new renderer.PptxViewer(slidesBox, options);
    // Each chart the renderer draws (an ECharts instance) passes through this set as it is made.
    const charts = viewer.chartInstances;
    charts.add = (chart) => Set.prototype.add.call(charts, roomForBottomLegend(chart));
    await viewer.open(deck, options);
    showSpeakerNotes(notes);
    markHiddenSlides(hidden);
    showSections(sectionStarts);
    explainUnplayableMedia();
  }
} catch (error) {
  fail("These slides could not be displayed.", error);
}
