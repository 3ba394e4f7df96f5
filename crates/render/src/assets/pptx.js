// pptx-renderer draws every slide as HTML/SVG; slides mount lazily as they scroll into view.
const slidesBox = main.querySelector(".plug-slides");

try {
  setStatus("Loading slides…");
  const [renderer, bytes] = await Promise.all([import(vendor + "pptx-renderer.min.mjs"), fetchBytes(fileUrl)]);
  clearStatus();
  await renderer.PptxViewer.open(bytes, slidesBox, {
    zipLimits: renderer.RECOMMENDED_ZIP_LIMITS,
    fitMode: "contain",
    lazySlides: true,
    lazyMedia: true,
    listOptions: { windowed: true, initialSlides: 4, batchSize: 4 },
    pdfjs: { moduleUrl: vendor + "pdf.min.mjs", workerUrl: vendor + "pdf.worker.min.mjs" },
  });
} catch (error) {
  fail("These slides could not be displayed.", error);
}
