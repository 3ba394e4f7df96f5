// Images cut short by a copy or a transfer that stopped, written by Pillow as a phone or a
// screenshot tool writes them and cut, in the image viewer against the real Worker: the browser
// draws the part that arrived, and the viewer says the rest is missing; whole pictures, with a
// transparent edge or not, show with nothing said and are downloaded once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
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
