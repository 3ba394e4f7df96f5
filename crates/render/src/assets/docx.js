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

async function withLinkedImagesDrawn(bytes) {
  const zip = await JSZip.loadAsync(bytes);
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
  if (!linked) return bytes;
  zip.file(`word/${LINKED_PART}`, LINKED_SVG);
  const types = await zip.file("[Content_Types].xml").async("string");
  zip.file("[Content_Types].xml", types.replace("</Types>", '<Default Extension="plugsvg" ContentType="image/svg+xml"/></Types>'));
  return zip.generateAsync({ type: "arraybuffer" });
}

// The placeholder boxes say what they are to a screen reader too.
function describeLinkedImages() {
  for (const img of pagesBox.querySelectorAll('img[src^="data:image/svg+xml"]')) {
    if (atob(img.src.split(",")[1] || "").includes(LINKED_TEXT)) img.alt = LINKED_TEXT;
  }
}

try {
  setStatus("Loading document…");
  const bytes = await withLinkedImagesDrawn(await fetchBytes(fileUrl));
  await window.docx.renderAsync(bytes, pagesBox, null, {
    className: "docx",
    inWrapper: true,
    breakPages: true,
    ignoreLastRenderedPageBreak: true,
    renderHeaders: true,
    renderFooters: true,
    renderFootnotes: true,
    renderEndnotes: true,
    useBase64URL: true,
  });
  readableBullets();
  describeLinkedImages();
  clearStatus();
  fitPages();
  window.addEventListener("resize", fitPages);
} catch (error) {
  fail("This document could not be displayed.", error);
}
