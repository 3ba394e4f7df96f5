// Fit the image to the window; a click (or Enter) toggles actual size, centred on the click. An
// SVG (the page marks it `plug-vector`: its URL, `_plug/file`, has no extension to tell) is scaled
// up to the window too; one larger than the window (a big diagram) toggles to actual size as well.
const frame = main.querySelector(".plug-image");
const image = frame.querySelector("img");

function update() {
  const larger = image.naturalWidth > frame.clientWidth || image.naturalHeight > frame.clientHeight;
  frame.classList.toggle("plug-zoomable", larger);
  // A web page captured whole (1280 x 12,000, a browser's "full size screenshot") fitted to the
  // window was a sliver a few dozen pixels wide: a picture taller than the window that would fill
  // under a quarter of its width is fitted to the width instead and scrolls down, as its page did.
  const fitted = (image.naturalWidth * frame.clientHeight) / image.naturalHeight;
  const tall = image.naturalHeight > frame.clientHeight && fitted < frame.clientWidth / 4;
  frame.classList.toggle("plug-tall", tall && !frame.classList.contains("plug-vector"));
}

function toggle(xRatio, yRatio) {
  if (!frame.classList.contains("plug-zoomable") && !frame.classList.contains("plug-actual")) return;
  const actual = frame.classList.toggle("plug-actual");
  image.setAttribute("aria-pressed", String(actual));
  if (actual) {
    frame.scrollLeft = xRatio * image.naturalWidth - frame.clientWidth / 2;
    frame.scrollTop = yRatio * image.naturalHeight - frame.clientHeight / 2;
  }
}

// A file cut short (a copy or transfer that stopped) still "loads": the browser draws what arrived
// and leaves the rest empty, so half a photo showed with nothing said. A picture whose last row is
// not all opaque is checked against its bytes (a JPEG's segments up to its end marker, a PNG's
// chunks up to IEND, a WebP's RIFF length), and one that ends early says so above it. An
// opaque last row (nearly every photo) costs no second download.
function endsEarly(bytes) {
  const b = new Uint8Array(bytes);
  const u16 = (i) => (b[i] << 8) | b[i + 1];
  const u32 = (i) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    for (let i = 8; i + 8 <= b.length; i += 12 + u32(i)) {
      if (String.fromCharCode(b[i + 4], b[i + 5], b[i + 6], b[i + 7]) === "IEND") return false;
    }
    return true;
  }
  if (b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 1 < b.length) {
      if (b[i] !== 0xff) return false; // not a marker where one belongs: not ours to judge
      while (b[i + 1] === 0xff && i + 2 < b.length) i++;
      const marker = b[i + 1];
      if (marker === 0xd9) return false;
      if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        i += 2;
        continue;
      }
      if (i + 3 >= b.length) return true;
      i += 2 + u16(i + 2);
      if (marker === 0xda) {
        // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
        while (i + 1 < b.length && !(b[i] === 0xff && b[i + 1] !== 0 && (b[i + 1] < 0xd0 || b[i + 1] > 0xd7))) i++;
      }
    }
    return true;
  }
  if (String.fromCharCode(...b.subarray(0, 4)) === "RIFF" && String.fromCharCode(...b.subarray(8, 12)) === "WEBP") {
    return b[4] + (b[5] << 8) + (b[6] << 16) + ((b[7] << 24) >>> 0) + 8 > b.length;
  }
  return false;
}

// A PNG whose chunks are all there but whose picture data is garbled or short (a bad copy, a
// broken encoder) draws its top part over transparency, like one cut short, and the chunk walk
// finds nothing missing: its data is inflated (the browser's own deflate) and measured against
// the rows the header promises. Interlaced pictures are not measured.
async function pngDataIsDamaged(bytes) {
  const b = new Uint8Array(bytes);
  const view = new DataView(bytes);
  if (b[0] !== 0x89 || b[1] !== 0x50 || b.length < 33 || b[28] !== 0) return false;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[b[25]];
  if (!channels) return false;
  const expected = (Math.ceil((view.getUint32(16) * channels * b[24]) / 8) + 1) * view.getUint32(20);
  const parts = [];
  for (let i = 8; i + 8 <= b.length; i += 12 + view.getUint32(i)) {
    const type = String.fromCharCode(...b.subarray(i + 4, i + 8));
    if (type === "IDAT") parts.push(b.subarray(i + 8, i + 8 + view.getUint32(i)));
    if (type === "IEND") break;
  }
  const reader = new Blob(parts).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total >= expected) {
        reader.cancel().catch(() => {});
        return false;
      }
    }
  } catch {
    return true; // not a deflate stream, or one that stops short
  }
  return total < expected;
}

// A note above the picture saying what is wrong with it (the picture itself stays shown).
function sayAboveImage(text) {
  const note = document.createElement("p");
  note.className = "plug-image-note";
  note.setAttribute("role", "status");
  note.style.cssText = "margin:0;padding:0.5rem 1rem;text-align:center;background:#fef3c7;color:#78350f";
  note.textContent = text;
  frame.before(note);
}

function sayDamaged() {
  sayAboveImage("This image is damaged: part of its picture data is garbled or missing, so only part of it is shown. Export the image again and upload it.");
}

function sayCutShort() {
  sayAboveImage("This image is cut short: only the part that arrived is shown. Upload the original file again.");
}

// Reading one row of pixels makes the browser decode the whole picture at full size, on the main
// thread: a 200-megapixel phone photo froze the page for 6 s and a 20,000 x 20,000 PNG for 15 s,
// where the browser alone draws either, scaled to the window, at once. Past this many pixels
// the bytes are read instead (from the browser's cache), which decodes nothing.
const PIXELS_TO_READ = 24_000_000;

// The bytes the picture came in, from the browser's cache where it kept them (the file is
// served "no-cache": a plain fetch downloaded a 48-megapixel photo a second time).
async function cachedBytes() {
  const response = await fetch(fileUrl, { credentials: "same-origin", cache: "force-cache" });
  if (!response.ok) throw new Error(`Fetching the file answered ${response.status} ${response.statusText}`);
  return response.arrayBuffer();
}

async function checkComplete() {
  if (frame.classList.contains("plug-vector") || !image.naturalWidth) return;
  if (image.naturalWidth * image.naturalHeight > PIXELS_TO_READ) {
    if (endsEarly(await cachedBytes())) sayCutShort();
    return;
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.min(image.naturalWidth, 2048);
  canvas.height = 1;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.drawImage(image, 0, image.naturalHeight - 1, image.naturalWidth, 1, 0, 0, canvas.width, 1);
  const row = context.getImageData(0, 0, canvas.width, 1).data;
  let opaque = true;
  for (let i = 3; i < row.length && opaque; i += 4) opaque = row[i] === 255;
  if (opaque) return;
  const bytes = await cachedBytes();
  if (endsEarly(bytes)) sayCutShort();
  else if (await pngDataIsDamaged(bytes)) sayDamaged();
}

// An SVG names its fonts as the drawing tool saw them (Illustrator's "MyriadPro-Regular", Figma's
// Inter, Inkscape's "Helvetica Neue") with nothing after them, so where the reader lacks the font
// its text fell back to the browser's default serif face: a logo's sans lettering read in Times.
// The viewer reads the SVG's text once and gives each such list its kind (monospace for code
// faces, serif for serif ones, sans-serif otherwise: lettering in drawings is mostly sans), in
// the font-family attributes, style attributes and style sheets, and shows that copy (a blob:
// URL, still an image, where scripts never run). "Download original" gives the file as it came.
const MONO = /mono|code|courier|consolas|menlo|monaco|console|inconsolata/i;
const SERIF = /serif|times|georgia|cambria|garamond|palatino|baskerville|playfair|merriweather|minion|bodoni|didot|antiqua|caslon|slab|charter|crimson/i;
const GENERIC = /^(serif|sans-serif|monospace|cursive|fantasy|system-ui|emoji|math|inherit|initial|unset)$/i;
const SYMBOL = /^(symbol|wingdings.*|webdings|.*icons?)$/i;

function withKind(list) {
  const families = list.split(",").map((f) => f.trim().replace(/^(&quot;|&#39;|['"])|(&quot;|&#39;|['"])$/g, "")).filter(Boolean);
  if (families.length === 0 || families.some((f) => GENERIC.test(f)) || SYMBOL.test(families[0])) return list;
  const kind = MONO.test(families[0]) ? "monospace" : SERIF.test(families[0]) && !/sans/i.test(families[0]) ? "serif" : "sans-serif";
  return `${list.trimEnd()}, ${kind}`;
}

async function svgFontKinds() {
  if (!frame.classList.contains("plug-vector")) return;
  // A drawing of megabytes (a diagram with photos in it) is not downloaded a second time for this.
  const entry = performance.getEntriesByName(new URL(image.getAttribute("src"), location.href).href)[0];
  if (entry && entry.decodedBodySize > 4_000_000) return;
  // UTF-8 only (a file in another encoding is left as it is: `fatal` throws on it).
  const text = new TextDecoder("utf-8", { fatal: true }).decode(await fetchBytes(fileUrl));
  if (/^\s*<\?xml[^>]*encoding\s*=\s*["'](?!utf-?8["'])/i.test(text)) return;
  // `font-family="…"` / `'…'` attributes, and `font-family: …` in style attributes and sheets
  // (up to `;`, `}`, a quote that closes the attribute, or `<`; `&quot;` is part of the list).
  const fixed = text
    .replace(/(font-family\s*=\s*)"([^"]*)"/gi, (whole, head, list) => `${head}"${withKind(list)}"`)
    .replace(/(font-family\s*=\s*)'([^']*)'/gi, (whole, head, list) => `${head}'${withKind(list)}'`)
    .replace(/(font-family\s*:\s*)((?:&quot;|&#39;|[^;}"<])+?)(\s*(?:!important\s*)?[;}"<])/gi, (whole, head, list, tail, at, all) => {
      // An @font-face rule's family is a name, not a list: left alone, so an embedded font stays.
      const face = all.lastIndexOf("@font-face", at);
      if (face >= 0 && !all.slice(face, at).includes("}")) return whole;
      return `${head}${withKind(list)}${tail}`;
    });
  if (fixed === text) return;
  const url = URL.createObjectURL(new Blob([fixed], { type: "image/svg+xml" }));
  image.src = url;
}

// Once, when the file has come (not again for the SVG's copy).
let checked = false;
function checkOnce() {
  if (checked) return;
  checked = true;
  checkComplete().catch((error) => console.error("checking the image", error));
  svgFontKinds().catch((error) => console.error("reading the SVG's fonts", error));
}

image.addEventListener("load", update);
image.addEventListener("load", checkOnce);
// A picture the browser cannot decode at all says why, from its bytes: cut short before the part
// a browser needs to draw anything, or damaged. (The upload refuses a picture that ends before
// its picture data; one damaged inside it, or whose header lies about its size, gets here.)
let failed = false;
async function cannotShow() {
  if (failed) return;
  failed = true;
  const bytes = await cachedBytes().catch(() => null);
  const message = bytes && endsEarly(bytes)
    ? "The file is cut short: it ends before enough of the picture arrived for the browser to draw any of it. Upload the complete file."
    : "The browser could not decode the picture: the file is damaged. Export the image again and upload it.";
  fail("This image could not be displayed.", { plain: true, message });
}

image.addEventListener("error", cannotShow);
window.addEventListener("resize", update);
image.addEventListener("click", (event) => toggle(event.offsetX / image.clientWidth, event.offsetY / image.clientHeight));
image.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    toggle(0.5, 0.5);
  }
});
// The picture may have loaded, or failed, before this script ran (it is small, or cached).
if (image.complete && image.naturalWidth) {
  update();
  checkOnce();
} else if (image.complete) {
  // Complete without a width is broken, or an SVG without a size of its own: decode() tells them apart.
  image.decode().catch(cannotShow);
}
