// pdf.js renders each page to a canvas (plus a selectable text layer and the annotation layer:
// links and fillable form fields) only when it nears the viewport; far-away pages are released
// again so long documents stay light. What is typed into a form lives in the document's
// annotation storage, so it survives a page being released, and "Download" then saves a copy
// of the PDF with it (pdf.js saveDocument).
const pagesBox = main.querySelector(".plug-pages");
const counter = main.querySelector(".plug-page-counter");
const KEEP_RENDERED = 16;
const rendered = [];
// Each page's slot takes the first page's shape until its own size is read (sizePages); a jump to
// a page waits for that, so it lands on the page asked for.
let pagesSized = Promise.resolve();

function showFallback(error) {
  console.error(error);
  const object = document.createElement("object");
  object.className = "plug-pdf-object";
  object.type = "application/pdf";
  object.data = fileUrl;
  const link = document.createElement("a");
  link.href = fileUrl;
  link.textContent = "Open the PDF";
  const text = document.createElement("p");
  text.className = "plug-status";
  text.append("This browser could not show the PDF inline. ", link, ".");
  object.append(text);
  main.replaceChildren(object);
}

// What pdf.js asks of a viewer for links: web and mail links open in a new tab, other schemes
// are not followed, and links inside the document scroll to their page. No scripting.
function linkService(doc) {
  const scrollTo = async (dest) => {
    await pagesSized;
    const explicit = typeof dest === "string" ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit)) return;
    const index = typeof explicit[0] === "object" && explicit[0] ? await doc.getPageIndex(explicit[0]) : Number(explicit[0]);
    pagesBox.children[index]?.scrollIntoView();
  };
  return {
    externalLinkEnabled: true,
    eventBus: null,
    page: 1,
    rotation: 0,
    isInPresentationMode: false,
    addLinkAttributes(link, url) {
      if (!/^(https?:|mailto:)/i.test(String(url))) return;
      link.href = url;
      link.target = "_blank";
      link.rel = "noopener noreferrer nofollow";
    },
    getDestinationHash: () => "#",
    getAnchorUrl: () => "#",
    goToDestination: (dest) => scrollTo(dest).catch(() => {}),
    goToPage: (number) => pagesSized.then(() => pagesBox.children[number - 1]?.scrollIntoView()),
    executeNamedAction() {},
    executeSetOCGState() {},
    getAttachmentContent: async () => null,
  };
}

// Links and form fields over the page (forms on, scripting off).
async function renderAnnotations(doc, page, slot, viewport, pdfjs, links) {
  const annotations = await page.getAnnotations({ intent: "display" });
  if (annotations.length === 0) return;
  const div = document.createElement("div");
  div.className = "annotationLayer";
  slot.append(div);
  const flat = viewport.clone({ dontFlip: true });
  const layer = new pdfjs.AnnotationLayer({
    div, page, viewport: flat, linkService: links, annotationStorage: doc.annotationStorage,
    accessibilityManager: null, annotationCanvasMap: null, annotationEditorUIManager: null, structTreeLayer: null,
  });
  // A sticky note (a reviewer's comment) is drawn by pdf.js as an <img> of its icon from
  // `imageResourcesPath`: "" asked the content origin for `annotation-note.svg`, a 404, and the
  // note showed the broken-image icon. The path is a data: address that fetches nothing, and each
  // note's picture is Acrobat's kind of icon, a yellow note, drawn here.
  await layer.render({ annotations, viewport: flat, div, page, linkService: links, renderForms: true, enableScripting: false, hasJSActions: false, imageResourcesPath: "data:," });
  for (const icon of div.querySelectorAll(".textAnnotation > img")) {
    icon.src = NOTE_ICON;
    icon.alt = "Comment";
  }
}

const NOTE_ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 22 22"><path d="M2 2h18v13h-9l-5 5v-5H2z" fill="#ffe25c" stroke="#6b5b00" stroke-width="1.2" stroke-linejoin="round"/><path d="M5 6.5h12M5 9.5h12M5 12.5h8" stroke="#6b5b00" stroke-width="1.2"/></svg>')}`;

// Once a field is changed, "Download" saves the PDF with what was typed; until then it is the
// original file, fetched as before.
function offerFilledDownload(doc) {
  const link = document.querySelector(".plug-download");
  if (!link) return;
  const label = [...link.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.data.trim());
  doc.annotationStorage.onSetModified = () => {
    link.dataset.filled = "true";
    if (label) label.data = "Download with your entries";
  };
  link.addEventListener("click", async (event) => {
    if (link.dataset.filled !== "true") return;
    event.preventDefault();
    try {
      // The uploaded file's name, from the Content-Disposition pdf.js saw when it fetched it.
      const { contentDispositionFilename } = await doc.getMetadata().catch(() => ({}));
      const name = contentDispositionFilename || "document.pdf";
      const bytes = await doc.saveDocument();
      const url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
      const save = document.createElement("a");
      save.href = url;
      save.download = name.endsWith(".pdf") ? name : `${name}.pdf`;
      document.body.append(save);
      save.click();
      save.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      console.error("saving the filled PDF failed", error);
      location.href = link.href;
    }
  });
}

// Text in a layer the PDF keeps hidden (optional content switched off: a reviewer's remarks, a
// draft stamp, another language's labels) is not drawn, but pdf.js put it in the text layer all
// the same: the browser's find stopped on blank paper and a copy took words nobody saw. In a
// document with a hidden layer, a page's drawing operations say which layer each marked section
// belongs to; its text, read with the same sections in the same order, leaves out what lies in a
// hidden one. Where the two readings do not pair up, every word is kept, as before.
async function visibleText(page, layers, pdfjs) {
  const { OPS } = pdfjs;
  const [content, ops] = await Promise.all([
    page.getTextContent({ includeMarkedContent: true }),
    page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE }),
  ]);
  const shown = [];
  const stack = [true];
  ops.fnArray.forEach((fn, i) => {
    if (fn === OPS.beginMarkedContent || fn === OPS.beginMarkedContentProps) {
      const [tag, props] = ops.argsArray[i];
      stack.push(stack.at(-1) && (fn === OPS.beginMarkedContent || tag !== "OC" || layers.isVisible(props)));
      shown.push(stack.at(-1));
    } else if (fn === OPS.endMarkedContent && stack.length > 1) stack.pop();
  });
  const opens = (item) => item.type === "beginMarkedContent" || item.type === "beginMarkedContentProps";
  if (content.items.filter(opens).length !== shown.length) return content;
  let next = 0;
  const open = [true];
  content.items = content.items.filter((item) => {
    if (opens(item)) open.push(shown[next++]);
    else if (item.type === "endMarkedContent") open.length > 1 && open.pop();
    else return open.at(-1);
    return true;
  });
  return content;
}

async function renderPage(doc, slot, pdfjs, links, layers) {
  const number = Number(slot.dataset.page);
  const page = await doc.getPage(number);
  const unscaled = page.getViewport({ scale: 1 });
  slot.style.aspectRatio = `${unscaled.width} / ${unscaled.height}`;
  const scale = slot.clientWidth / unscaled.width;
  const viewport = page.getViewport({ scale });
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement("canvas");
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.setAttribute("aria-label", `Page ${number}`);
  const transform = ratio === 1 ? null : [ratio, 0, 0, ratio, 0, 0];
  await page.render({ canvas, canvasContext: canvas.getContext("2d"), viewport, transform }).promise;
  const text = document.createElement("div");
  text.className = "textLayer";
  slot.style.setProperty("--total-scale-factor", String(scale));
  slot.replaceChildren(canvas, text);
  slot.dataset.width = String(slot.clientWidth);
  const textContentSource = layers ? await visibleText(page, layers, pdfjs) : page.streamTextContent();
  await new pdfjs.TextLayer({ textContentSource, container: text, viewport }).render();
  if (text.textContent.trim()) pageHasText();
  await renderAnnotations(doc, page, slot, viewport, pdfjs, links);
  page.cleanup();
}

function release(slot) {
  slot.replaceChildren();
  delete slot.dataset.width;
}

function track(slot, visible) {
  const index = rendered.indexOf(slot);
  if (index >= 0) rendered.splice(index, 1);
  rendered.push(slot);
  while (rendered.length > KEEP_RENDERED) {
    const oldest = rendered.findIndex((candidate) => !visible.has(candidate));
    if (oldest < 0) break;
    release(rendered.splice(oldest, 1)[0]);
  }
}

// A PDF that needs a password to open asks for it here (it fell back to the browser's own
// viewer, which only some browsers have); a wrong one asks again. The password goes to pdf.js
// in this page only.
function askPassword(answer, wrong) {
  clearStatus();
  const form = document.createElement("form");
  form.className = "plug-pdf-password";
  const label = document.createElement("label");
  label.textContent = wrong ? "That password is not right. Try again: " : "This PDF is protected by a password: ";
  const input = document.createElement("input");
  input.type = "password";
  input.autocomplete = "off";
  const button = document.createElement("button");
  button.type = "submit";
  button.textContent = "Open";
  label.append(input);
  form.append(label, " ", button);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    form.remove();
    setStatus("Opening the PDF…");
    answer(input.value);
  });
  main.prepend(form);
  input.focus();
}

// A PDF's bookmarks (LaTeX's hyperref, Word's and LibreOffice's headings) as a "Contents" list
// above the pages, nested as in the file, closed at first; an entry scrolls to its page.
async function showOutline(doc, links) {
  const outline = await doc.getOutline().catch(() => null);
  if (!outline || outline.length === 0) return;
  let count = 0;
  const list = (items) => {
    const ol = document.createElement("ol");
    for (const item of items) {
      count++;
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = item.title || "(untitled)";
      button.addEventListener("click", () => {
        if (item.dest) links.goToDestination(item.dest);
        else if (item.url && /^(https?:|mailto:)/i.test(item.url)) window.open(item.url, "_blank", "noopener,noreferrer");
      });
      li.append(button);
      if (item.items?.length) li.append(list(item.items));
      ol.append(li);
    }
    return ol;
  };
  const details = document.createElement("details");
  details.className = "plug-pdf-outline";
  const summary = document.createElement("summary");
  const tree = list(outline);
  summary.textContent = `Contents (${count})`;
  details.append(summary, tree);
  pagesBox.before(details);
}

// Every page's slot gets its page's own shape (a landscape cover before portrait pages, a
// landscape table in a report, a scan's mixed sizes, a page turned by /Rotate). The slots took
// the first page's shape until drawn, so the pages drawn above a bookmark's or link's target as
// it came into view grew or shrank and pushed it away: a jump to page 80 of a report with a
// landscape cover showed page 79. Reading a page's size parses only its dictionary.
async function sizePages(doc) {
  for (let number = 2; number <= doc.numPages; number++) {
    // A page pdf.js cannot read keeps the first page's shape; the others still get theirs.
    const page = await doc.getPage(number).catch(() => null);
    if (!page) continue;
    const viewport = page.getViewport({ scale: 1 });
    pagesBox.children[number - 1].style.aspectRatio = `${viewport.width} / ${viewport.height}`;
  }
}

// A scan saved as PDF (a copier's, a phone app's without text recognition) is pictures of pages:
// the browser's find found nothing in it, a drag selected nothing, and nothing said why. Some
// pages' text is read (pictures are not decoded for it) until one has some: the first few and a
// few spread over the rest, so a long document without text (a scanned book, a drawing set with
// its lettering turned to outlines) is not read through to its last page in the background, each
// page's drawing parsed once more. Where none has text, a note above the pages says so; a page
// drawn later that turns out to have text takes the note away (pageHasText). The pages' box is
// marked with what was found.
const TEXT_PROBES = 12;

function probedPages(count) {
  if (count <= TEXT_PROBES) return Array.from({ length: count }, (_, i) => i + 1);
  const head = TEXT_PROBES / 2;
  const numbers = new Set(Array.from({ length: head }, (_, i) => i + 1));
  for (let k = 1; k <= TEXT_PROBES - head; k++) numbers.add(head + Math.round((k * (count - head)) / (TEXT_PROBES - head)));
  return [...numbers];
}

function pageHasText() {
  if (pagesBox.dataset.text === "some") return;
  pagesBox.dataset.text = "some";
  document.querySelector(".plug-pdf-note")?.remove();
}

async function noteWithoutText(doc) {
  for (const number of probedPages(doc.numPages)) {
    if (pagesBox.dataset.text === "some") return;
    const page = await doc.getPage(number);
    const content = await page.getTextContent();
    page.cleanup();
    if (content.items.some((item) => item.str.trim())) {
      pageHasText();
      return;
    }
  }
  if (pagesBox.dataset.text === "some") return;
  pagesBox.dataset.text = "none";
  const note = document.createElement("p");
  note.className = "plug-pdf-note";
  note.setAttribute("role", "note");
  note.textContent =
    "This PDF has no text, only pictures of its pages (a scan): its words cannot be found, selected or copied here. A copy saved with text recognition (OCR) can be searched.";
  pagesBox.before(note);
}

async function open() {
  setStatus("Loading PDF…");
  let pdfjs;
  try {
    pdfjs = await import(vendor + "pdf.min.mjs");
  } catch (error) {
    // Without pdf.js the browser's own PDF viewer is the next best thing.
    showFallback(error);
    return;
  }
  pdfjs.GlobalWorkerOptions.workerSrc = vendor + "pdf.worker.min.mjs";
  const task = pdfjs.getDocument({
    url: fileUrl,
    withCredentials: true,
    cMapUrl: vendor + "pdfjs/cmaps/",
    cMapPacked: true,
    standardFontDataUrl: vendor + "pdfjs/standard_fonts/",
    wasmUrl: vendor + "pdfjs/wasm/",
    iccUrl: vendor + "pdfjs/iccs/",
  });
  task.onPassword = (answer, reason) => askPassword(answer, reason === pdfjs.PasswordResponses.INCORRECT_PASSWORD);
  const doc = await task.promise;
  const first = (await doc.getPage(1)).getViewport({ scale: 1 });
  const links = linkService(doc);
  // The layers (optional content) as the file opens them, where one of them starts hidden.
  const config = await doc.getOptionalContentConfig().catch(() => null);
  const layers = config && [...config].some(([, group]) => !group.visible) ? config : null;
  offerFilledDownload(doc);
  clearStatus();
  const visible = new Set();
  const pending = new Set();
  const schedule = (slot) => {
    if (pending.has(slot) || slot.dataset.width === String(slot.clientWidth)) return;
    pending.add(slot);
    renderPage(doc, slot, pdfjs, links, layers)
      .then(() => track(slot, visible))
      .catch((error) => console.error(`page ${slot.dataset.page}`, error))
      .finally(() => pending.delete(slot));
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          visible.add(entry.target);
          schedule(entry.target);
        } else {
          visible.delete(entry.target);
        }
      }
    },
    { rootMargin: "150% 0px" },
  );
  const pageObserver = new IntersectionObserver(
    (entries) => {
      // The page crossing the middle of the window is the current one.
      const current = entries.find((entry) => entry.isIntersecting);
      if (current) counter.textContent = `${current.target.dataset.page} / ${doc.numPages}`;
    },
    { rootMargin: "-50% 0px -50% 0px" },
  );
  for (let number = 1; number <= doc.numPages; number++) {
    const slot = document.createElement("div");
    slot.className = "plug-page";
    slot.dataset.page = String(number);
    slot.style.aspectRatio = `${first.width} / ${first.height}`;
    pagesBox.append(slot);
    observer.observe(slot);
    pageObserver.observe(slot);
  }
  pagesSized = sizePages(doc).catch((error) => console.error("reading the page sizes", error));
  pagesSized.then(() => noteWithoutText(doc)).catch((error) => console.error("reading the text", error));
  counter.textContent = `1 / ${doc.numPages}`;
  counter.hidden = false;
  await showOutline(doc, links);
  let resizeTimer;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => visible.forEach(schedule), 250);
  });
}

try {
  await open();
} catch (error) {
  // A missing file is an error to report, and so is a damaged one: pdf.js rebuilds a broken
  // cross-reference table itself, so a file it calls invalid has no pages to find, and handing
  // it to the browser's own viewer only showed that viewer's "Failed to load PDF document" with
  // a Reload button that cannot help. Anything else may still open natively.
  if (error && error.name === "ResponseException") fail("This PDF could not be loaded.", error);
  else if (error && error.name === "InvalidPDFException") {
    fail("This PDF is damaged: no pages could be read from it.", {
      plain: true,
      message: `${error.message} It may have been changed or cut short after it was saved: export or print it to PDF again and upload that file.`,
    });
  } else showFallback(error);
}
