// pdf.js renders each page to a canvas (plus a selectable text layer) only when it nears
// the viewport; far-away pages are released again so long documents stay light.
const pagesBox = main.querySelector(".plug-pages");
const counter = main.querySelector(".plug-page-counter");
const KEEP_RENDERED = 16;
const rendered = [];

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

async function renderPage(doc, slot, pdfjs) {
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
  await new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render();
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
  const doc = await pdfjs.getDocument({
    url: fileUrl,
    withCredentials: true,
    cMapUrl: vendor + "pdfjs/cmaps/",
    cMapPacked: true,
    standardFontDataUrl: vendor + "pdfjs/standard_fonts/",
    wasmUrl: vendor + "pdfjs/wasm/",
    iccUrl: vendor + "pdfjs/iccs/",
  }).promise;
  const first = (await doc.getPage(1)).getViewport({ scale: 1 });
  clearStatus();
  const visible = new Set();
  const pending = new Set();
  const schedule = (slot) => {
    if (pending.has(slot) || slot.dataset.width === String(slot.clientWidth)) return;
    pending.add(slot);
    renderPage(doc, slot, pdfjs)
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
  counter.textContent = `1 / ${doc.numPages}`;
  counter.hidden = false;
  let resizeTimer;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => visible.forEach(schedule), 250);
  });
}

try {
  await open();
} catch (error) {
  // A missing file is an error to report; a file pdf.js cannot parse may still open natively.
  if (error && error.name === "ResponseException") fail("This PDF could not be loaded.", error);
  else showFallback(error);
}
