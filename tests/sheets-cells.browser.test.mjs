// What a cell itself holds beyond text and number, as Excel 365 and LibreOffice save it: a picture
// placed in a cell, text turned at an angle or stacked, a sheet laid out right to left. Workbooks
// are written during the run by XlsxWriter and openpyxl in .venv, dropped through the real Worker
// and read in Chromium as a person reads them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { atCell, textAt, useSheetWorld } from './support/sheet-pages.mjs';
import { writtenBy } from './support/python.mjs';

const world = useSheetWorld('sheets-cells');
const { SHOTS } = world;


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
  const { page, context } = await world.openWorkbook('in-cell.xlsx', writtenBy(IN_CELL));
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

// openpyxl's Alignment(textRotation=…): 45 and 90 degrees anticlockwise, 135 (45 clockwise), 180
// (90 clockwise) and 255 (letters stacked), as Format Cells > Alignment > Orientation saves them,
// in a row made tall enough for them.
const TURNED = String.raw`
import sys
from openpyxl import Workbook
from openpyxl.styles import Alignment
book = Workbook()
sheet = book.active
for column, rotation in zip('ABCDEF', [0, 45, 90, 135, 180, 255]):
    sheet[column + '1'] = 'Turn %d' % rotation
    sheet[column + '1'].alignment = Alignment(textRotation=rotation)
    sheet[column + '2'] = rotation
sheet.row_dimensions[1].height = 110
book.save(sys.argv[1])
`;

test('text turned at an angle, sideways or stacked is drawn so, inside its cell', async () => {
  const { page, context } = await world.openWorkbook('turned.xlsx', writtenBy(TURNED));
  const look = (cell) => {
    const turned = cell && cell.querySelector('.plug-turn');
    if (!turned) return { level: cell && cell.textContent };
    const style = getComputedStyle(turned);
    const box = turned.getBoundingClientRect();
    const own = cell.getBoundingClientRect();
    const angle = style.transform === 'none' ? 0 : Math.round(Math.atan2(new DOMMatrix(style.transform).b, new DOMMatrix(style.transform).a) * 180 / Math.PI);
    return { text: turned.textContent, writing: style.writingMode, upright: style.textOrientation === 'upright', angle, tall: box.height > box.width * 2, inside: box.bottom <= own.bottom + 1 && box.top >= own.top - 1 };
  };
  assert.deepEqual(await atCell(page, 'A1', look), { level: 'Turn 0' });
  assert.deepEqual(await atCell(page, 'B1', look), { text: 'Turn 45', writing: 'horizontal-tb', upright: false, angle: -45, tall: false, inside: true });
  assert.deepEqual(await atCell(page, 'C1', look), { text: 'Turn 90', writing: 'vertical-rl', upright: false, angle: 180, tall: true, inside: true });
  assert.deepEqual(await atCell(page, 'D1', look), { text: 'Turn 135', writing: 'horizontal-tb', upright: false, angle: 45, tall: false, inside: true });
  assert.deepEqual(await atCell(page, 'E1', look), { text: 'Turn 180', writing: 'vertical-rl', upright: false, angle: 0, tall: true, inside: true });
  assert.deepEqual(await atCell(page, 'F1', look), { text: 'Turn 255', writing: 'vertical-rl', upright: true, angle: 0, tall: true, inside: true });
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'turned.png'), clip: { x: 0, y: 40, width: 500, height: 240 } });
  await context.close();
});

// A Hebrew sheet saved right to left (openpyxl's sheet_view.rightToLeft, Excel's Sheet
// Right-to-Left), and an English sheet holding Hebrew text.
const RIGHT_TO_LEFT = String.raw`
import sys
from openpyxl import Workbook
book = Workbook()
sheet = book.active
sheet.title = 'מכירות'
sheet.sheet_view.rightToLeft = True
sheet.append(['שם', 'כמות'])
sheet.append(['תפוח', 12])
sheet['D1'] = 'Latin notes spill'
sheet['A3'] = 'abc'
other = book.create_sheet('Plain')
other['A1'] = 'שלום'
other['A2'] = 'hello'
book.save(sys.argv[1])
`;

test('a sheet saved right to left has column A at the right, and Hebrew text sits at its cell\'s right', async () => {
  const { page, context } = await world.openWorkbook('rtl.xlsx', writtenBy(RIGHT_TO_LEFT));
  const at = (selector, text) => page.evaluate(([selector, text]) => {
    const r = [...document.querySelectorAll(selector)].find((e) => e.textContent === text).getBoundingClientRect();
    return { left: r.left, right: r.right };
  }, [selector, text]);
  const [a, b, d, e, one] = [await at('.plug-colhead', 'A'), await at('.plug-colhead', 'B'), await at('.plug-colhead', 'D'), await at('.plug-colhead', 'E'), await at('.plug-rowhead', '1')];
  assert.ok(a.left > b.left && b.left > d.left, JSON.stringify({ a, b, d }));
  assert.ok(one.left >= a.right - 1, 'the row numbers are at the right');
  // Where a cell's text is drawn, and whether it reads left to right (its first letter's box
  // left of its last one's).
  const drawn = (cell) => {
    const node = [...cell.childNodes].find((n) => n.nodeType === 3) || cell.firstChild.firstChild;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    const letter = (k) => { const one = document.createRange(); one.setStart(node, k); one.setEnd(node, k + 1); return one.getBoundingClientRect().left; };
    return { text: node.data, left: box.left, right: box.right, forwards: letter(0) < letter(node.data.length - 1) };
  };
  const hebrew = await atCell(page, 'A1', drawn);
  assert.equal(hebrew.text, 'שם');
  assert.ok(Math.abs(hebrew.right - (a.right - 3)) < 3, JSON.stringify({ hebrew, a }));
  const latin = await atCell(page, 'A3', drawn);
  assert.equal(latin.text, 'abc');
  assert.ok(latin.forwards, 'Latin text reads left to right');
  assert.ok(Math.abs(latin.left - (a.left + 3)) < 3, JSON.stringify({ latin, a }));
  // Left-aligned text starts at its cell's left edge and spills to the right, over the empty C.
  const notes = await atCell(page, 'D1', drawn);
  assert.ok(Math.abs(notes.left - (d.left + 3)) < 3 && notes.right > d.right, JSON.stringify({ notes, d }));
  assert.ok(notes.forwards);
  assert.equal(await textAt(page, 'B2'), '12');
  assert.ok(e.right <= d.left + 1);
  await page.screenshot({ path: join(SHOTS, 'rtl.png'), clip: { x: 0, y: 40, width: 1200, height: 160 } });
  // In a sheet laid out left to right, Hebrew text with General alignment sits at the right too.
  await page.click('.plug-sheet-tabs button:text-is("Plain")');
  await page.waitForFunction(() => document.querySelector('.plug-sheet-tabs [aria-selected="true"]').textContent === 'Plain');
  const plainA = await at('.plug-colhead', 'A');
  assert.ok((await at('.plug-colhead', 'B')).left > plainA.left);
  const shalom = await atCell(page, 'A1', drawn);
  assert.ok(Math.abs(shalom.right - (plainA.right - 3)) < 3, JSON.stringify({ shalom, plainA }));
  const hello = await atCell(page, 'A2', drawn);
  assert.ok(Math.abs(hello.left - (plainA.left + 3)) < 3, JSON.stringify({ hello, plainA }));
  assert.deepEqual(page.errors, []);
  await context.close();
});

// Icon sets Excel 2010 added (3 Stars, 3 Triangles) exist only in the extension at the end of
// the sheet part, as Excel saves them: XlsxWriter and openpyxl cannot write them, so the
// extension is added to an XlsxWriter workbook in Excel's own XML.
const EXTENSION_ICONS = String.raw`
import sys, zipfile, io, xlsxwriter
buffer = io.BytesIO()
book = xlsxwriter.Workbook(buffer)
sheet = book.add_worksheet('Ratings')
for row, value in enumerate([10, 50, 90]):
    sheet.write(row, 0, value)
    sheet.write(row, 1, value)
book.close()
def rule(priority, name, ref, extra, cfvo):
    return ('<x14:conditionalFormatting xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main">'
        '<x14:cfRule type="iconSet" priority="%d" id="{00000000-0000-0000-0000-00000000000%d}"><x14:iconSet iconSet="%s"%s>%s</x14:iconSet></x14:cfRule>'
        '<xm:sqref>%s</xm:sqref></x14:conditionalFormatting>') % (priority, priority, name, extra, cfvo, ref)
percent = ''.join('<x14:cfvo type="percent"><xm:f>%d</xm:f></x14:cfvo>' % p for p in (0, 33, 67))
numbers = '<x14:cfvo type="percent"><xm:f>0</xm:f></x14:cfvo><x14:cfvo type="num" gte="0"><xm:f>40</xm:f></x14:cfvo><x14:cfvo type="num"><xm:f>80</xm:f></x14:cfvo>'
ext = ('<extLst><ext xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main" uri="{78C0D931-6437-407d-A8EE-F0AAD7539E65}"><x14:conditionalFormattings>'
    + rule(1, '3Stars', 'A1:A3', '', percent) + rule(2, '3Triangles', 'B1:B3', ' reverse="1"', numbers)
    + '</x14:conditionalFormattings></ext></extLst>')
source = zipfile.ZipFile(buffer)
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as out:
    for item in source.infolist():
        data = source.read(item.filename)
        if item.filename == 'xl/worksheets/sheet1.xml':
            data = data.replace(b'</worksheet>', ext.encode() + b'</worksheet>')
        out.writestr(item, data)
`;

test("Excel 2010's 3 Stars and 3 Triangles icon sets, kept only in the sheet's extension, are drawn", async () => {
  const { page, context } = await world.openWorkbook('stars.xlsx', writtenBy(EXTENSION_ICONS));
  await page.waitForFunction(() => [...document.querySelectorAll('.plug-c')].some((e) => e.style.backgroundImage.includes('svg')), null, { timeout: 30_000 });
  const icon = (cell) => decodeURIComponent(cell.style.backgroundImage);
  const icons = {};
  for (const address of ['A1', 'A2', 'A3', 'B1', 'B2', 'B3']) icons[address] = await atCell(page, address, icon);
  // An empty star, a half one (its left half clipped in gold) and a full gold one.
  assert.ok(icons.A1.includes("fill='#fff'") && !icons.A1.includes('#f7b924'), icons.A1);
  assert.ok(icons.A2.includes('clipPath') && icons.A2.includes('#f7b924'), icons.A2);
  assert.ok(icons.A3.includes("fill='#f7b924'") && !icons.A3.includes('#fff'), icons.A3);
  // Reversed, by numbers: 10 (under 40) takes the last icon, green up; 50 the bar; 90 red down.
  assert.ok(icons.B1.includes('#2fa84f') && icons.B1.includes('<path'), icons.B1);
  assert.ok(icons.B2.includes('<rect') && icons.B2.includes('#f7b924'), icons.B2);
  assert.ok(icons.B3.includes('#e3342f'), icons.B3);
  assert.equal(await textAt(page, 'A3'), '90');
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'stars.png'), clip: { x: 0, y: 40, width: 400, height: 120 } });
  await context.close();
});

// Apple Numbers exports every colour by its index into a palette of its own, written in
// styles.xml's <colors><indexedColors> (here through openpyxl, which keeps a workbook's palette as
// wb._colors when it saves a Numbers file again): slot 9 is its header grey and slot 10 its border
// grey, where the legacy palette has white and red. The sheet is named as Numbers names it.
const NUMBERS_PALETTE = String.raw`
import sys
from openpyxl import Workbook
from openpyxl.styles import Border, Color, Font, PatternFill, Side
from openpyxl.styles.colors import COLOR_INDEX
book = Workbook()
palette = list(COLOR_INDEX[:64])
palette[8], palette[9], palette[10] = '00000000', 'FFDBDBDB', 'FFA5A5A5'
book._colors = palette
sheet = book.active
sheet.title = 'Sheet 1 - Table 1'
grey = Side(style='thin', color=Color(indexed=10))
for row in (['Task', 'Hours'], ['Draft', 3.5], ['Review', 2]):
    sheet.append(row)
for row in sheet.iter_rows(min_row=1, max_row=3, max_col=2):
    for cell in row:
        cell.font = Font(name='Helvetica Neue', size=10, color=Color(indexed=8), bold=cell.row == 1)
        cell.border = Border(left=grey, right=grey, top=grey, bottom=grey)
        if cell.row == 1:
            cell.fill = PatternFill('solid', fgColor=Color(indexed=9))
book.save(sys.argv[1])
`;

test("a Numbers export's own indexed palette colours its header fill and borders (they showed white and red)", async () => {
  const { page, context } = await world.openWorkbook('numbers-palette.xlsx', writtenBy(NUMBERS_PALETTE));
  const look = (cell) => { const s = getComputedStyle(cell); return { fill: s.backgroundColor, border: s.boxShadow, text: cell.textContent }; };
  const header = await atCell(page, 'A1', look);
  const body = await atCell(page, 'B2', look);
  assert.equal(header.text, 'Task');
  assert.equal(header.fill, 'rgb(219, 219, 219)', JSON.stringify(header));
  assert.ok(body.border.includes('rgb(165, 165, 165)') && !body.border.includes('rgb(255, 0, 0)'), JSON.stringify(body));
  assert.equal(body.text, '3.5');
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'numbers-palette.png'), clip: { x: 0, y: 40, width: 400, height: 120 } });
  await context.close();
});
