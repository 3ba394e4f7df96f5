// Real images, PDFs, markdown and saved pages as other people's tools write them, dropped through
// the real Worker and opened in Chromium: a phone photo with an EXIF orientation and a 10000x8000
// screenshot (Pillow); a matplotlib chart saved as SVG, with the W3C DOCTYPE it writes, and a big
// draw.io diagram; an answer exported from ChatGPT or Claude with `\( \)` and `\[ \]` math; an
// Obsidian note; a PDF printed by Chromium whose body was lost, and one with JavaScript actions
// added; pages saved as windows-1252 and UTF-16 by Notepad; a page saved with Chrome's "Save page
// as… complete" and zipped.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { zip } from './support/fixtures.mjs';
import { writtenBy } from './support/python.mjs';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

const SHOTS = join(ROOT, 'test-output', 'realfiles-media');
let app;
let browser;
before(async () => { ({ app, browser } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

const link = (source_type) => ({ scope: 'personal', visibility: 'link', source_type });

/** The colour of a screenshot's pixel, decoded in a blank page (the viewers' CSP allows no fetch of data:). */
async function rgbAt(png, x = 0, y = 0) {
  const context = await browser.newContext();
  const blank = await context.newPage();
  const rgb = await blank.evaluate(async ([b64, x, y]) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
    const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    return [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
  }, [png.toString('base64'), x, y]);
  await context.close();
  return rgb;
}

async function open(url, viewport = { width: 1000, height: 700 }) {
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  await page.goto(url);
  return { page, context };
}

test('a phone photo stands upright by its EXIF orientation, and a 10000x8000 screenshot fits and zooms to actual size', async () => {
  // Drops count against a per-user limit (10 a minute): each test drops as a user of its own.
  const { owner } = await app.world();
  // An iPhone stores the sensor's landscape pixels and says "rotate 90° clockwise" (Orientation 6):
  // the red strip on the stored left edge is the top of the photo as it was taken.
  const photo = writtenBy(`
import sys
from PIL import Image, ImageDraw
img = Image.new('RGB', (400, 200), (30, 120, 200))
ImageDraw.Draw(img).rectangle([0, 0, 40, 200], fill=(220, 0, 0))
exif = Image.Exif(); exif[0x0112] = 6; exif[0x010F] = 'Apple'; exif[0x0110] = 'iPhone 15'
img.save(sys.argv[1], exif=exif.tobytes(), quality=90)
`, 'IMG_0001.jpg');
  const e = await app.dropLive(owner, { file: { name: 'IMG_0001.jpg', content: photo }, fields: link('image') });
  const { page, context } = await open(e.url);
  const image = page.locator('.plug-image img');
  await page.waitForFunction(() => document.querySelector('.plug-image img')?.complete);
  const size = await image.evaluate((img) => [img.naturalWidth, img.naturalHeight]);
  assert.deepEqual(size, [200, 400], 'shown portrait, as the phone showed it');
  const box = await image.boundingBox();
  const top = await page.screenshot({ clip: { x: box.x + box.width / 2, y: box.y + 4, width: 1, height: 1 } });
  const bottom = await page.screenshot({ clip: { x: box.x + box.width / 2, y: box.y + box.height - 6, width: 1, height: 1 } });
  await page.screenshot({ path: join(SHOTS, 'exif-photo.png') });
  const [r1, , b1] = await rgbAt(top);
  const [r2, , b2] = await rgbAt(bottom);
  assert.ok(r1 > 180 && b1 < 80, `the red strip is at the top: ${[r1, b1]}`);
  assert.ok(r2 < 80 && b2 > 150, `blue below it: ${[r2, b2]}`);
  await context.close();

  const screenshot = writtenBy(`
import sys
from PIL import Image, ImageDraw
img = Image.new('RGB', (10000, 8000), (245, 245, 245))
ImageDraw.Draw(img).rectangle([4900, 3900, 5100, 4100], fill=(200, 0, 0))
img.save(sys.argv[1])
`, 'Screenshot.png');
  const big = await app.dropLive(owner, { file: { name: 'Screenshot 2026-11-26 at 10.00.00.png', content: screenshot }, fields: link('image') });
  const shown = await open(big.url);
  const bigImage = shown.page.locator('.plug-image img');
  await shown.page.waitForFunction(() => document.querySelector('.plug-image.plug-zoomable'), null, { timeout: 30_000 });
  const fitted = await bigImage.boundingBox();
  assert.ok(fitted.width <= 1000 && fitted.height <= 700 - 50, `fits the window: ${JSON.stringify(fitted)}`);
  await bigImage.click({ position: { x: fitted.width / 2, y: fitted.height / 2 } });
  assert.equal(await bigImage.getAttribute('aria-pressed'), 'true');
  assert.equal((await bigImage.boundingBox()).width, 10000, 'actual size after a click');
  await shown.page.screenshot({ path: join(SHOTS, 'screenshot-actual-size.png') });
  assert.deepEqual(shown.page.errors, []);
  await shown.context.close();
});

// matplotlib's savefig('chart.svg') as it writes it: XML declaration, the W3C DOCTYPE, sizes in pt.
const MATPLOTLIB_SVG = `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"
  "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns:xlink="http://www.w3.org/1999/xlink" width="460.8pt" height="345.6pt" viewBox="0 0 460.8 345.6" xmlns="http://www.w3.org/2000/svg" version="1.1">
 <metadata>
  <rdf:RDF xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:cc="http://creativecommons.org/ns#" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
   <cc:Work>
    <dc:type rdf:resource="http://purl.org/dc/dcmitype/StillImage"/>
    <dc:date>2026-11-26T10:00:00.000000</dc:date>
    <dc:format>image/svg+xml</dc:format>
    <dc:creator>
     <cc:Agent>
      <dc:title>Matplotlib v3.9.2, https://matplotlib.org/</dc:title>
     </cc:Agent>
    </dc:creator>
   </cc:Work>
  </rdf:RDF>
 </metadata>
 <defs>
  <style type="text/css">*{stroke-linejoin: round; stroke-linecap: butt}</style>
 </defs>
 <g id="figure_1">
  <g id="patch_1">
   <path d="M 0 345.6 L 460.8 345.6 L 460.8 0 L 0 0 z" style="fill: #ffffff"/>
  </g>
  <g id="axes_1">
   <g id="line2d_1">
    <path d="M 57.6 307.584 L 414.72 41.472" clip-path="url(#p0123456789)" style="fill: none; stroke: #1f77b4; stroke-width: 24; stroke-linecap: square"/>
   </g>
  </g>
 </g>
 <defs>
  <clipPath id="p0123456789">
   <rect x="57.6" y="41.472" width="357.12" height="266.112"/>
  </clipPath>
 </defs>
</svg>
`;

test("a matplotlib chart saved as SVG (with the W3C DOCTYPE it writes) is taken and fitted to the window, a big draw.io diagram zooms to actual size, Illustrator's namespace entities are taken, one reading a file is still refused", async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { file: { name: 'chart.svg', content: MATPLOTLIB_SVG }, fields: link('image') });
  const { page, context } = await open(e.url);
  await page.waitForFunction(() => document.querySelector('.plug-image img')?.naturalWidth > 0);
  const size = await page.$eval('.plug-image img', (img) => [img.naturalWidth, img.naturalHeight]);
  assert.ok(Math.abs(size[0] - 614.4) < 1.5 && Math.abs(size[1] - 460.8) < 1.5, `460.8pt x 345.6pt: ${size}`);
  // A vector is scaled up to the window (it stays sharp): the frame's height, less its padding.
  assert.equal(await page.locator('.plug-image.plug-vector').count(), 1);
  const frame = await page.locator('.plug-image').boundingBox();
  const drawn = await page.$eval('.plug-image img', (img) => img.getBoundingClientRect().height);
  assert.ok(drawn > frame.height - 40 && drawn > 600, `fitted to ${frame.height}: ${drawn}`);
  // The chart's blue line crosses the middle of the picture.
  const box = await page.locator('.plug-image img').boundingBox();
  const middle = await page.screenshot({ clip: { x: box.x + box.width / 2 - 2, y: box.y + box.height / 2 - 2, width: 4, height: 4 } });
  await page.screenshot({ path: join(SHOTS, 'matplotlib-chart.png') });
  const [r, g, b] = await rgbAt(middle, 2, 2);
  assert.ok(b > 150 && r < 100 && g < 160, `the chart's line is drawn: ${[r, g, b]}`);
  await context.close();

  // A big draw.io diagram (its export sizes the SVG in px) fits the window and a click shows it
  // at actual size, to read its labels.
  const diagram = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Do not edit this file with editors other than draw.io -->
<svg xmlns="http://www.w3.org/2000/svg" style="background: transparent; background-color: transparent;" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="3001px" height="2001px" viewBox="-0.5 -0.5 3001 2001" content="&lt;mxfile&gt;&lt;/mxfile&gt;"><defs/><g><g><rect x="0" y="0" width="3000" height="2000" rx="9" ry="9" fill="rgb(255, 255, 255)" stroke="rgb(0, 0, 0)" pointer-events="all"/></g><g><g transform="translate(-0.5 -0.5)"><switch><foreignObject style="overflow: visible; text-align: left;" pointer-events="none" width="100%" height="100%" requiredFeatures="http://www.w3.org/TR/SVG11/feature#Extensibility"><div xmlns="http://www.w3.org/1999/xhtml" style="display: flex; align-items: unsafe center; justify-content: unsafe center; width: 2998px; height: 1px; padding-top: 1000px; margin-left: 1px;"><div style="box-sizing: border-box; font-size: 0px; text-align: center;"><div style="display: inline-block; font-size: 12px; font-family: Helvetica; color: rgb(0, 0, 0); line-height: 1.2; pointer-events: all; white-space: normal; overflow-wrap: normal;">Start</div></div></div></foreignObject><text x="1500" y="1004" fill="rgb(0, 0, 0)" font-family="&quot;Helvetica&quot;" font-size="12px" text-anchor="middle">Start</text></switch></g></g></g></svg>`;
  const big = await app.dropLive(owner, { file: { name: 'architecture.drawio.svg', content: diagram }, fields: link('image') });
  const shown = await open(big.url);
  await shown.page.waitForFunction(() => document.querySelector('.plug-image.plug-vector.plug-zoomable'));
  const image = shown.page.locator('.plug-image img');
  assert.ok((await image.boundingBox()).width <= 1000);
  await image.press('Enter');
  assert.equal(await image.getAttribute('aria-pressed'), 'true');
  assert.equal(Math.round((await image.boundingBox()).width), 3001, 'actual size');
  await shown.page.screenshot({ path: join(SHOTS, 'drawio-actual-size.png') });
  await shown.context.close();

  // Illustrator's "Save As SVG" with its editing capabilities kept declares its namespaces as
  // entities: shown as any SVG. An entity that reads a file is still refused.
  const illustrator = `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 24.1.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
	<!ENTITY ns_extend "http://ns.adobe.com/Extensibility/1.0/">
	<!ENTITY ns_ai "http://ns.adobe.com/AdobeIllustrator/10.0/">
	<!ENTITY ns_graphs "http://ns.adobe.com/Graphs/1.0/">
	<!ENTITY ns_vars "http://ns.adobe.com/Variables/1.0/">
	<!ENTITY ns_sfw "http://ns.adobe.com/SaveForWeb/1.0/">
]>
<svg version="1.1" id="Layer_1" xmlns:x="&ns_extend;" xmlns:i="&ns_ai;" xmlns:graph="&ns_graphs;"
	 xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px" width="240px"
	 height="120px" viewBox="0 0 240 120" style="enable-background:new 0 0 240 120;" xml:space="preserve">
<switch>
	<foreignObject requiredExtensions="&ns_ai;" x="0" y="0" width="1" height="1">
		<i:aipgfRef  xlink:href="#adobe_illustrator_pgf"></i:aipgfRef>
	</foreignObject>
	<g i:extraneous="self">
		<rect x="0" y="0" style="fill:#E30613;" width="240" height="120"/>
		<circle style="fill:#FFFFFF;" cx="120" cy="60" r="40"/>
	</g>
</switch>
</svg>`;
  const logo = await app.dropLive(owner, { file: { name: 'acme-logo.svg', content: illustrator }, fields: link('image') });
  const seen = await open(logo.url);
  await seen.page.waitForFunction(() => {
    const img = document.querySelector('.plug-image img');
    return img && img.complete && img.naturalWidth > 0;
  });
  assert.equal(await seen.page.evaluate(() => document.querySelector('.plug-image img').naturalWidth), 240);
  await seen.page.screenshot({ path: join(SHOTS, 'illustrator-svg.png') });
  await seen.context.close();
  const withExternal = MATPLOTLIB_SVG.replace('svg11.dtd">', 'svg11.dtd" [<!ENTITY logo SYSTEM "file:///etc/passwd">]>');
  const res = await app.drop(owner, { file: { name: 'legacy.svg', content: withExternal }, fields: link('image') });
  assert.equal(res.status, 422, res.text);
  assert.match(res.body.error.message, /more than plain text entities/);
});

// An answer as ChatGPT and Claude write it (and as their "copy" and exports give it): LaTeX's own
// delimiters, which CommonMark reads as escaped brackets.
const CHAT_ANSWER = String.raw`## Solving the quadratic

The roots of \( ax^2 + bx + c = 0 \) are given by the quadratic formula:

\[
x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}
\]

1. The discriminant \(\Delta = b^2 - 4ac\) decides how many real roots there are:
   \[
   \Delta > 0 \implies \{x_1, x_2\} \subset \mathbb{R}
   \]
2. In code you would write CODE literally.

References are written \[1\] in the text.
`.replace('CODE', '`\\(not math\\)`');

test("an answer exported from ChatGPT or Claude shows its \\( \\) and \\[ \\] math as formulas, code and prose brackets as written", async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { file: { name: 'answer.md', content: CHAT_ANSWER }, fields: link('markdown') });
  const { page, context } = await open(e.url);
  await page.waitForFunction(() => document.querySelectorAll('.katex').length >= 4, null, { timeout: 30_000 });
  const formulas = await page.$$eval('.katex', (all) => all.map((k) => ({
    tex: k.querySelector('annotation')?.textContent.trim(),
    display: Boolean(k.closest('.katex-display')),
  })));
  assert.deepEqual(formulas, [
    { tex: 'ax^2 + bx + c = 0', display: false },
    { tex: String.raw`x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}`, display: true },
    { tex: String.raw`\Delta = b^2 - 4ac`, display: false },
    { tex: String.raw`\Delta > 0 \implies \{x_1, x_2\} \subset \mathbb{R}`, display: true },
  ]);
  const text = await page.locator('article').innerText();
  assert.ok(!text.includes('\\frac'), 'no TeX source left in the prose');
  assert.match(await page.locator('article code').innerText(), /^\\\(not math\\\)$/);
  assert.match(text, /References are written \[1\] in the text\./);
  await page.screenshot({ path: join(SHOTS, 'chat-answer-math.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
  await context.close();
});

// A meeting note from an Obsidian vault: front matter, wikilinks, a highlight, callouts.
const OBSIDIAN_NOTE = `---
tags: [meeting]
aliases: [Weekly]
---
# Weekly sync

Attendees: [[Alice Martin]], [[Bob|Bob D.]] (see [[Projects/Roadmap#Q3|the roadmap]]).

Decision: ==ship on Friday==.

> [!tip] Remember the demo
> Bring the laptop.

> [!bug]- Crash on save
> Reproduced twice.

> [!note]
> A plain note.
`;

test('an Obsidian note shows its wikilinks as text, its highlight marked and its titled callouts as alerts', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { file: { name: 'Weekly sync.md', content: OBSIDIAN_NOTE }, fields: link('markdown') });
  const { page, context } = await open(e.url);
  const article = page.locator('article');
  const text = await article.innerText();
  assert.match(text, /Attendees: Alice Martin, Bob D\. \(see the roadmap\)\./);
  assert.ok(!text.includes('[[') && !text.includes('==') && !text.includes('[!'), text);
  assert.equal(await page.locator('article mark').innerText(), 'ship on Friday');
  const alerts = await page.$$eval('[class^="markdown-alert-"]', (all) => all.map((a) => [a.className, a.innerText.replace(/\s+/g, ' ').trim()]));
  assert.deepEqual(alerts.map(([c]) => c.match(/markdown-alert-(\w+)/)[1]), ['tip', 'caution', 'note']);
  assert.match(alerts[0][1], /Remember the demo Bring the laptop\./);
  assert.match(alerts[1][1], /Crash on save Reproduced twice\./);
  assert.equal(await page.locator('[class^="markdown-alert-"] strong').first().innerText(), 'Remember the demo');
  await page.screenshot({ path: join(SHOTS, 'obsidian-note.png'), fullPage: true });
  await context.close();
});

test('a PDF whose body was lost says it is damaged instead of handing it to the browser viewer', async () => {
  const { owner } = await app.world();
  const context = await browser.newContext();
  const maker = await context.newPage();
  await maker.setContent('<h1>Quarterly report</h1><p>Revenue grew.</p>');
  const printed = Buffer.from(await maker.pdf({ format: 'A4' }));
  await context.close();
  // A failed copy or sync zeroes the middle: the header and the trailer (with %%EOF) survive.
  const damaged = Buffer.concat([printed.subarray(0, 9), Buffer.alloc(printed.length - 9 - 600), printed.subarray(printed.length - 600)]);
  const e = await app.dropLive(owner, { file: { name: 'report.pdf', content: damaged }, fields: link('pdf') });
  const { page, context: viewer } = await open(e.url);
  const alert = page.locator('.plug-error[role=alert]');
  await alert.waitFor({ timeout: 20_000 });
  assert.match(await alert.innerText(), /This PDF is damaged[\s\S]*export or print it to PDF again/);
  assert.equal(await page.locator('object, embed').count(), 0, "not the browser's own viewer");
  await page.screenshot({ path: join(SHOTS, 'damaged-pdf.png') });
  await viewer.close();
});

test("a Chromium-printed PDF's web link opens in a new tab, and the JavaScript actions added to it never run", async () => {
  const { owner } = await app.world();
  const maker = await browser.newContext();
  const page0 = await maker.newPage();
  await page0.setContent('<h1>Release notes</h1><p>Read <a href="https://example.com/changelog">the changelog</a>.</p>');
  const printed = await page0.pdf({ format: 'A4' });
  await maker.close();
  // As a hostile or careless tool writes them: an open action, a JavaScript link, a javascript: URI.
  const doc = await PDFDocument.load(printed);
  const script = (js) => doc.context.obj({ S: 'JavaScript', JS: PDFString.of(js) });
  doc.catalog.set(PDFName.of('OpenAction'), script("app.alert('open action ran')"));
  const page = doc.getPage(0);
  let annots = page.node.lookup(PDFName.of('Annots'));
  if (!annots) {
    annots = doc.context.obj([]);
    page.node.set(PDFName.of('Annots'), annots);
  }
  const linkAt = (y, action) => doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [50, y, 300, y + 40], Border: [0, 0, 0], A: action }));
  annots.push(linkAt(300, script("app.alert('link ran')")));
  annots.push(linkAt(200, doc.context.obj({ S: 'URI', URI: PDFString.of('javascript:alert(document.domain)') })));
  const e = await app.dropLive(owner, { file: { name: 'release-notes.pdf', content: Buffer.from(await doc.save()) }, fields: link('pdf') });
  const { page: viewer, context } = await open(e.url);
  const dialogs = [];
  viewer.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  const web = viewer.locator('.annotationLayer a[href="https://example.com/changelog"]');
  await web.waitFor({ timeout: 30_000 });
  assert.equal(await web.getAttribute('target'), '_blank');
  assert.match(await web.getAttribute('rel'), /noopener/);
  assert.equal(await viewer.locator('a[href^="javascript:" i]').count(), 0);
  const sections = viewer.locator('.annotationLayer .linkAnnotation');
  assert.equal(await sections.count(), 3, 'the web link and both script links are drawn');
  for (const section of await sections.all()) {
    if (await section.locator('a[href^="https:"]').count()) continue;
    await section.click({ force: true });
  }
  await viewer.waitForTimeout(500);
  assert.deepEqual(dialogs, []);
  assert.equal(context.pages().length, 1, 'no tab opened');
  await context.close();
});

test("pages saved by older Windows editors (Notepad's ANSI, windows-1252; its Unicode, UTF-16) show their accents, quotes and euro signs", async () => {
  const { owner } = await app.world();
  const text = 'Café crème, “quoted”, 20 €';
  const html = `<!DOCTYPE html>\r\n<html><head><title>Menu</title></head><body><h1>${text}</h1></body></html>\r\n`;
  // windows-1252 as Notepad's "ANSI" writes it on a Western Windows, no charset declared: é is
  // E9 as in Latin-1, the curly quotes 93 and 94, the euro sign 80.
  const cp1252 = Buffer.from(html.replace('“', '\u0093').replace('”', '\u0094').replace('€', '\u0080'), 'latin1');
  const unicode = Buffer.concat([Buffer.from([0xFF, 0xFE]), Buffer.from(html, 'utf16le')]);
  for (const [name, content] of [['menu-ansi.html', cp1252], ['menu-unicode.htm', unicode]]) {
    const e = await app.dropLive(owner, { file: { name, content }, fields: link('html') });
    const { page, context } = await open(e.url);
    assert.equal(await page.locator('h1').innerText(), text, name);
    assert.equal(await page.title(), 'Menu');
    assert.ok(await page.locator('platform-badge').count() > 0, 'the badge is there');
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
    await context.close();
  }
});

test("a page saved with Chrome's \"Save page as… complete\" and zipped is told which file to rename, and works once renamed", async () => {
  const { owner } = await app.world();
  const html = `<!DOCTYPE html>
<!-- saved from url=(0033)https://example.com/blog/post.html -->
<html lang="en"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8">
<title>A blog post</title>
<link rel="stylesheet" href="./A blog post_files/style.css"></head>
<body><h1>A blog post</h1><p>Saved for later.</p></body></html>`;
  const files = (page) => zip([
    { name: page, content: html },
    { name: 'A blog post_files/style.css', content: 'h1 { color: rgb(102, 51, 153); }' },
  ]);
  const res = await app.drop(owner, { file: { name: 'post.zip', content: files('A blog post.html') }, fields: link('html') });
  assert.equal(res.status, 422, res.text);
  assert.match(res.body.error.message, /rename 'A blog post\.html' to index\.html/);

  const e = await app.dropLive(owner, { file: { name: 'post.zip', content: files('index.html') }, fields: link('html') });
  const { page, context } = await open(e.url);
  await page.waitForFunction(() => getComputedStyle(document.querySelector('h1')).color === 'rgb(102, 51, 153)');
  assert.ok(await page.locator('platform-badge').count() > 0, 'the badge is there');
  await context.close();
});
