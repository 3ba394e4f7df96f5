// Images cut short by a copy or a transfer that stopped, written by Pillow as a phone or a
// screenshot tool writes them and cut, in the image viewer against the real Worker: the browser
// draws the part that arrived, and the viewer says the rest is missing; whole pictures, with a
// transparent edge or not, show with nothing said and are downloaded once. SVGs in fonts the
// reader lacks letter in their kind of face; one that embeds its font keeps it. A picture of
// 400 megapixels shows without the check freezing the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { writtenBy } from './support/python.mjs';

const SHOTS = join(ROOT, 'test-output', 'realfiles-images');
let app;
let browser;
let owner;
before(async () => { ({ app, browser, owner } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

async function openImage(name, content) {
  const e = await app.dropLive(owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'image' } });
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  const fileRequests = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => { if (/\/_plug\/file$/.test(request.url())) fileRequests.push(request.url()); });
  await page.goto(e.url);
  await page.waitForFunction(() => document.querySelector('.plug-image img')?.complete);
  return { page, context, errors, fileRequests };
}

// A phone photo (EXIF, orientation 6), an RGBA screenshot and a logo whose lower rows
// are transparent; `keep` is the share of the bytes that arrived.
const picture = (kind, keep) => `
import io, sys
from PIL import Image, ImageDraw
if '${kind}' == 'photo':
    im = Image.new('RGB', (1600, 1200), (30, 120, 200))
    ImageDraw.Draw(im).ellipse((400, 200, 1200, 1000), fill=(240, 200, 40))
    exif = Image.Exif(); exif[0x0112] = 6; exif[0x010f] = 'Google'; exif[0x0110] = 'Pixel 8'
    out = io.BytesIO(); im.save(out, 'JPEG', quality=90, exif=exif)
elif '${kind}' == 'screenshot':
    im = Image.new('RGBA', (1400, 900), (250, 250, 250, 255))
    draw = ImageDraw.Draw(im)
    for y in range(0, 900, 30): draw.line((0, y, 1400, y), fill=(y % 255, 90, 160, 255), width=3)
    out = io.BytesIO(); im.save(out, 'PNG')
else:
    im = Image.new('RGBA', (600, 600), (0, 0, 0, 0))
    ImageDraw.Draw(im).rectangle((100, 100, 500, 300), fill=(200, 30, 60, 255))
    out = io.BytesIO(); im.save(out, 'PNG')
data = out.getvalue()
open(sys.argv[1], 'wb').write(data[:int(len(data) * ${keep})])
`;

const NOTE = '.plug-image-note';

test('a photo or screenshot cut short says so above the part that arrived; whole pictures say nothing and are fetched once', async () => {
  for (const [name, kind] of [['PXL_20261127_081500.jpg', 'photo'], ['Screenshot 2026-11-27.png', 'screenshot']]) {
    const { page, context, errors } = await openImage(name, writtenBy(picture(kind, 0.55), 'cut'));
    // Before: the browser drew the top of the picture over an empty checkerboard, and nothing said why.
    await page.waitForSelector(NOTE, { timeout: 10_000 });
    assert.match(await page.textContent(NOTE), /cut short/);
    const [noteBottom, imageTop] = await page.evaluate(() => [
      document.querySelector('.plug-image-note').getBoundingClientRect().bottom,
      document.querySelector('.plug-image img').getBoundingClientRect().top,
    ]);
    assert.ok(noteBottom <= imageTop, `the note stands above the picture: ${noteBottom} ${imageTop}`);
    assert.equal(await page.$eval('.plug-image img', (img) => img.naturalWidth > 0), true, 'the part that arrived is still shown');
    await page.screenshot({ path: join(SHOTS, `cut-${kind}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
  for (const kind of ['photo', 'screenshot', 'logo']) {
    const { page, context, errors, fileRequests } = await openImage(`${kind}.${kind === 'photo' ? 'jpg' : 'png'}`, writtenBy(picture(kind, 1), 'whole'));
    // The logo's transparent last row makes the viewer read its bytes: they end with IEND.
    await page.waitForTimeout(kind === 'logo' ? 1500 : 500);
    assert.equal(await page.$(NOTE), null, `${kind}: nothing is said about a whole picture`);
    if (kind !== 'logo') assert.equal(fileRequests.length, 1, `${kind}: an opaque picture is downloaded once: ${fileRequests}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// A logo as Illustrator's "Export As SVG" writes it (its font by PostScript name in a class of the
// style sheet), Figma's frame export (a font-family attribute) and Inkscape's (a style attribute,
// with the family quoted as &quot;), none of whose fonts this machine has.
const LOGO = (family) => `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 28.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<svg version="1.1" xmlns="http://www.w3.org/2000/svg" x="0px" y="0px" width="600px" height="300px" viewBox="0 0 600 300" xml:space="preserve">
<style type="text/css">
	.st0{fill:#2E3192;}
	.st1{font-family:${family('\'MyriadPro-Regular\'')};}
	.st2{font-size:48px;}
</style>
<text transform="matrix(1 0 0 1 20 70)" class="st0 st1 st2">Illustrator Logo</text>
<text x="20" y="160" font-family="${family('Inter')}" font-size="48" fill="#1E1E1E">Figma frame</text>
<text x="20" y="250" style="font-size:48px;font-family:${family('&quot;Helvetica Neue&quot;')};fill:#000">Inkscape text</text>
</svg>
`;

/**
 * The mean per-channel distance between every two of the picture the viewer shows and `svgs`, each
 * drawn at width x height in the page: `[i][j]`, 0 being the shown picture.
 */
function pixelDistances(page, svgs, width, height) {
  return page.evaluate(async ([svgs, width, height]) => {
    const pixels = async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      context.drawImage(img, 0, 0, width, height);
      return context.getImageData(0, 0, width, height).data;
    };
    const url = (svg) => URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    const drawn = await Promise.all([pixels(document.querySelector('.plug-image img').src), ...svgs.map((svg) => pixels(url(svg)))]);
    const distance = (x, y) => { let d = 0; for (let i = 0; i < x.length; i++) d += Math.abs(x[i] - y[i]); return d / x.length; };
    return drawn.map((x) => drawn.map((y) => distance(x, y)));
  }, [svgs, width, height]);
}

test("an SVG logo in fonts the reader lacks draws its lettering in a sans face, not Times", async () => {
  const { page, context, errors } = await openImage('logo.svg', LOGO((f) => f));
  // The viewer reads the file's text once more and shows its copy with the families' kinds.
  await page.waitForTimeout(1500);
  await page.waitForFunction(() => document.querySelector('.plug-image img').complete);
  // The picture shown, drawn beside the same logo with every family set to sans-serif and to serif.
  const [shown, sans] = await pixelDistances(page, [LOGO(() => 'sans-serif'), LOGO(() => 'serif')], 600, 300);
  const diff = { sans: shown[1], serif: shown[2], apart: sans[2] };
  // Before: the shown logo was the serif one, its lettering in the browser's default face.
  assert.ok(diff.apart > 1, `the two faces differ visibly: ${JSON.stringify(diff)}`);
  assert.ok(diff.sans < 0.05, `the logo is lettered in the sans face: ${JSON.stringify(diff)}`);
  await page.screenshot({ path: join(SHOTS, 'logo.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test("an SVG that embeds its font (@font-face with the font's data) keeps drawing in it", async (t) => {
  // Any monospace or serif TrueType face the machine has, embedded as Inkscape and Illustrator
  // embed one; its name differs from every installed family's.
  const path = execFileSync('sh', ['-c', 'find /usr/share/fonts -name "*.ttf" | grep -i -e mono -e serif | head -1']).toString().trim();
  if (!path) return t.skip('no TrueType font on this machine to embed');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200">
<style>@font-face { font-family: 'Embedded Face'; src: url(data:font/ttf;base64,${readFileSync(path).toString('base64')}); }
.title { font-family: 'Embedded Face'; font-size: 40px; }</style>
<text x="10" y="80" class="title">iiiii WWWWW face</text>
</svg>`;
  const { page, context, errors } = await openImage('embedded.svg', svg);
  await page.waitForTimeout(1500);
  await page.waitForFunction(() => document.querySelector('.plug-image img').complete);
  const [, [distance]] = await pixelDistances(page, [svg], 600, 200);
  assert.ok(distance < 0.05, `drawn as the file draws it, in its own face: ${distance}`);
  assert.deepEqual(errors, []);
  await context.close();
});

// A plan scanned at 1 bit and saved as a 20,000 x 20,000 PNG: 76 KB that the browser decodes into
// 1.6 GB. `keep` is the share of the bytes that arrived.
const HUGE = (keep) => `
import io, sys
from PIL import Image, ImageDraw
im = Image.new('1', (20000, 20000), 1)
draw = ImageDraw.Draw(im)
for x in range(0, 20000, 500): draw.line((x, 0, x, 19999), fill=0, width=9)
out = io.BytesIO(); im.save(out, 'PNG')
data = out.getvalue()
open(sys.argv[1], 'wb').write(data[:int(len(data) * ${keep})])
`;

test('a 20,000 x 20,000 PNG shows without freezing the page, and one cut short still says so', async () => {
  // Its own user: the tests above use most of the owner's 10 drops a minute.
  const { owner: by } = await app.world();
  for (const keep of [1, 0.55]) {
    const e = await app.dropLive(by, { file: { name: 'plan.png', content: writtenBy(HUGE(keep), 'plan.png') }, fields: { scope: 'personal', visibility: 'link', source_type: 'image' } });
    const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1000, height: 800 } });
    // Every task that held the page's main thread for over 50 ms, and how long.
    await context.addInitScript(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration)); })
        .observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(e.url);
    await page.waitForFunction(() => document.querySelector('.plug-image img')?.complete, null, { timeout: 60_000 });
    if (keep < 1) await page.waitForSelector(NOTE, { timeout: 20_000 });
    else await page.waitForTimeout(1500);
    // Before: reading the last row of pixels decoded all 400 million at once, on the page's
    // thread: nothing on the page answered for 15 s.
    const longest = Math.max(0, ...await page.evaluate(() => window.longTasks));
    assert.ok(longest < 1000, `the page never stops answering for seconds: its longest task took ${longest} ms`);
    assert.equal(await page.$eval('.plug-image img', (img) => img.naturalWidth), 20000);
    assert.equal(await page.$(NOTE) !== null, keep < 1, `a note says the picture is cut short only when it is (${keep})`);
    // The bytes are read from the browser's copy: the file comes over the network once.
    const transfers = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => /\/_plug\/file$/.test(r.name)).map((r) => r.transferSize));
    assert.equal(transfers.filter((size) => size > 0).length, 1, `downloaded once: ${transfers}`);
    // (Only the cut one: drawing the whole one for a screenshot costs the browser seconds.)
    if (keep < 1) await page.screenshot({ path: join(SHOTS, "huge-cut.png") });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// Pictures in formats the image kind does not take, as people have them: an AVIF (Pillow writes
// it as image tools do) renamed to .jpg, and a photo from an iPhone still named .HEIC. Each is
// refused with what it is and how to convert it, not "the JPEG signature is missing".
test('an AVIF renamed to .jpg, or an iPhone photo named .HEIC, is refused with what it is and how to convert it', async () => {
  const avif = writtenBy(`
import sys
from PIL import Image
Image.new('RGB', (64, 48), (200, 80, 40)).save(sys.argv[1], 'AVIF')
`, 'photo.avif');
  const renamed = await app.drop(owner, { file: { name: 'holiday.jpg', content: avif }, fields: { scope: 'personal', visibility: 'link', source_type: 'image' } });
  assert.equal(renamed.status, 422, renamed.text);
  assert.match(renamed.body.error.message, /holds an AVIF image, which Plug does not show\. Convert it to JPEG, PNG or WebP/);
  const heic = await app.drop(owner, { file: { name: 'IMG_0412.HEIC', content: avif }, fields: { scope: 'personal', visibility: 'link', source_type: 'image' } });
  assert.equal(heic.status, 415, heic.text);
  assert.match(heic.body.error.message, /'IMG_0412\.HEIC' is a \.heic file, .* Convert it to JPEG, PNG or WebP/);
});

// A web page captured whole (a browser's "Capture full size screenshot", GoFullPage: 1280 x
// 9,000) fitted to the window was a sliver 110 px wide, its text unreadable; it is fitted to the
// width and scrolls down. A phone's screenshot (1170 x 2532) still fits the window whole.
const SCREENSHOT = (width, height) => `
import io, sys
from PIL import Image, ImageDraw
im = Image.new('RGB', (${width}, ${height}), (255, 255, 255))
draw = ImageDraw.Draw(im)
for y in range(0, ${height}, 300): draw.rectangle((40, y + 20, ${width} - 40, y + 260), fill=(225, 232, 248))
im.save(sys.argv[1], 'PNG', optimize=True)
`;

test('a full-page screenshot is fitted to the width and scrolls down; a phone screenshot fits the window whole', async () => {
  const { owner: by } = await app.world();
  const shown = async (name, width, height) => {
    const e = await app.dropLive(by, { file: { name, content: writtenBy(SCREENSHOT(width, height), name) }, fields: { scope: 'personal', visibility: 'link', source_type: 'image' } });
    const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    await page.goto(e.url);
    await page.waitForFunction(() => document.querySelector('.plug-image img')?.complete);
    await page.waitForTimeout(300);
    const box = await page.$eval('.plug-image', (frame) => {
      const img = frame.querySelector('img');
      return { width: img.clientWidth, height: img.clientHeight, frame: frame.clientHeight, scrolls: frame.scrollHeight > frame.clientHeight + 1 };
    });
    return { page, context, box };
  };

  const page1 = await shown('fireshot-capture-example.png', 1280, 9000);
  assert.ok(page1.box.width > 900, `the whole page is drawn across the window: ${JSON.stringify(page1.box)}`);
  assert.ok(Math.abs(page1.box.height / page1.box.width - 9000 / 1280) < 0.05, 'at its own proportions');
  assert.ok(page1.box.scrolls, 'and scrolls down');
  await page1.page.screenshot({ path: join(SHOTS, 'full-page-screenshot.png') });
  // A click still shows it at actual size.
  await page1.page.click('.plug-image img', { position: { x: 100, y: 100 } });
  assert.equal(await page1.page.$eval('.plug-image img', (img) => img.clientWidth), 1280);
  await page1.context.close();

  const phone = await shown('IMG_0042.PNG.png', 1170, 2532);
  assert.ok(phone.box.height <= phone.box.frame && !phone.box.scrolls, `the phone screenshot fits whole: ${JSON.stringify(phone.box)}`);
  await phone.context.close();
});
