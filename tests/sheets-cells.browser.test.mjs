// What a cell itself holds beyond text and number, as Excel 365 and LibreOffice save it: a picture
// placed in a cell, text turned at an angle or stacked, a sheet laid out right to left. Workbooks
// are written during the run by XlsxWriter and openpyxl in .venv, dropped through the real Worker
// and read in Chromium as a person reads them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { openWorkbook, atCell, textAt } from './support/sheet-pages.mjs';
import { writtenBy } from './support/python.mjs';

const SHOTS = join(ROOT, 'test-output', 'sheets-cells');
let app;
let browser;
before(async () => { ({ app, browser } = await openBrowserWorld(SHOTS)); });
after(() => closeBrowserWorld({ app, browser }));

// Each test drops as a user of its own (10 drops a minute each).
const freshUser = async () => (await app.world()).owner;

// Where the cell at column `letters`, row `number` lies on screen, from its column letter's and
// row number's headers (an empty cell has no element of its own).
const cellBox = (page, letters, number) => page.evaluate(([letters, number]) => {
  const head = (selector, text) => [...document.querySelectorAll(selector)].find((e) => e.textContent === text).getBoundingClientRect();
  const column = head('.plug-colhead', letters);
  const row = head('.plug-rowhead', number);
  return { left: column.left, top: row.top, width: column.width, height: row.height };
}, [letters, number]);

// A PNG of one colour, w x h, written with zlib alone (no imaging library in .venv).
const PNG = String.raw`
import struct, zlib
def png(w, h, rgb):
    raw = b''.join(b'\x00' + bytes(rgb) * w for _ in range(h))
    chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
`;

// XlsxWriter's embed_image writes a picture into a cell as Excel 365's "Place in Cell" does: the
// cell stores #VALUE! for older readers, and its value metadata leads to the picture through
// xl/metadata.xml and xl/richData.
const IN_CELL = String.raw`
import sys, os, tempfile, xlsxwriter
${PNG}
path = os.path.join(tempfile.mkdtemp(), 'logo.png')
open(path, 'wb').write(png(80, 40, (30, 120, 200)))
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Staff')
sheet.write_row('A1', ['Name', 'Photo', 'Team'])
sheet.write('A2', 'Ann')
sheet.embed_image('B2', path)
sheet.write('C2', 'Sales')
sheet.set_row(1, 60)
sheet.set_column('B:B', 30)
book.close()
`;

test('a picture placed in a cell shows in the cell, fitted with its proportions, not as #VALUE!', async () => {
  const { page, context } = await openWorkbook({ app, browser, user: await freshUser() }, 'in-cell.xlsx', writtenBy(IN_CELL));
  assert.equal(await textAt(page, 'B2'), '');
  assert.deepEqual([await textAt(page, 'A2'), await textAt(page, 'C2')], ['Ann', 'Sales']);
  const picture = await page.waitForFunction(() => {
    const img = document.querySelector('img.plug-picture');
    return img && img.complete && img.naturalWidth > 0 && img;
  }, null, { timeout: 15_000 });
  const box = await picture.evaluate((img) => { const r = img.getBoundingClientRect(); return { left: r.left, top: r.top, width: r.width, height: r.height }; });
  const cell = await cellBox(page, 'B', '2');
  // Inside the cell, as tall as the cell allows (60 pt = 80 px), twice as wide as tall.
  assert.ok(box.left >= cell.left - 1 && box.left + box.width <= cell.left + cell.width + 1, JSON.stringify({ box, cell }));
  assert.ok(box.top >= cell.top - 1 && box.top + box.height <= cell.top + cell.height + 1, JSON.stringify({ box, cell }));
  assert.ok(box.height > cell.height - 6, JSON.stringify({ box, cell }));
  assert.ok(Math.abs(box.width / box.height - 2) < 0.1, JSON.stringify(box));
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'in-cell.png'), clip: { x: 0, y: 40, width: 500, height: 200 } });
  await context.close();
});
