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

async function withPictureFillsFirst(bytes) {
  const zip = await JSZip.loadAsync(bytes);
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

try {
  setStatus("Loading slides…");
  const [renderer, bytes] = await Promise.all([import(vendor + "pptx-renderer.min.mjs"), fetchBytes(fileUrl)]);
  const deck = await withPictureFillsFirst(bytes);
  if (!deck) setStatus("This presentation has no slides.");
  else {
    clearStatus();
    await renderer.PptxViewer.open(deck, slidesBox, {
      zipLimits: renderer.RECOMMENDED_ZIP_LIMITS,
      fitMode: "contain",
      lazySlides: true,
      lazyMedia: true,
      listOptions: { windowed: true, initialSlides: 4, batchSize: 4 },
      pdfjs: { moduleUrl: vendor + "pdf.min.mjs", workerUrl: vendor + "pdf.worker.min.mjs" },
    });
  }
} catch (error) {
  fail("These slides could not be displayed.", error);
}
