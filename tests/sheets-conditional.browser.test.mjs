// Conditional formatting as Excel shows it: cell-is rules, formula rules, "text contains",
// top N, duplicates, colour scales and data bars, evaluated against stored and calculated values
// (a spilled range too). XlsxWriter and openpyxl (the project venv) write each workbook during the
// run, LibreOffice saves one again when installed; each is dropped through the real Worker and
// read in Chromium at each cell's place on screen: its computed colours and bar lengths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { atCell, useSheetWorld } from './support/sheet-pages.mjs';
import { writtenBy } from './support/python.mjs';
import { scratchDir } from './support/scratch.mjs';

const world = useSheetWorld('sheets-conditional');
const { SHOTS } = world;

/**
 * What a person sees at a cell's place (the element under its column letter's middle and its row
 * number's): text, background colour, font colour and weight, and a data bar's span in percent of
 * the cell's width (from the gradient's stops), or null.
 */
function lookAt(page, address) {
  return atCell(page, address, (cell) => {
    if (!cell) return null;
    const style = getComputedStyle(cell);
    const hex = (css) => {
      const m = /rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)/.exec(css);
      if (!m || m[4] === '0') return null;
      return `#${[m[1], m[2], m[3]].map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
    };
    const stops = [...style.backgroundImage.matchAll(/(rgba?\([^)]*\)) ([\d.]+)%/g)].map((m) => [hex(m[1]), Number(m[2])]).filter(([c]) => c);
    const bar = stops.length >= 2 ? { from: stops[0][1], to: stops[stops.length - 1][1], color: stops[0][0] } : null;
    return { text: cell.textContent, fill: hex(style.backgroundColor), color: hex(style.color), bold: Number(style.fontWeight) >= 700, bar };
  });
}

async function looks(page, addresses) {
  const shown = {};
  for (const address of addresses) shown[address] = await lookAt(page, address);
  return shown;
}

const XLSXWRITER = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Sales')
red = book.add_format({'bg_color': '#FFC7CE', 'font_color': '#9C0006'})
green = book.add_format({'bg_color': '#C6EFCE', 'font_color': '#006100'})
yellow = book.add_format({'bold': True, 'bg_color': '#FFEB9C'})
sheet.write_row(0, 0, ['Name', 'Amount', 'Scale', 'Bar', 'Text', 'Code', 'Double', 'Cost', 'Sorted'])
for r in range(1, 11):
    sheet.write(r, 0, 'Item %d' % r)
    sheet.write(r, 1, r * 20)
    sheet.write(r, 2, r)
    sheet.write(r, 3, r * 10)
    sheet.write(r, 4, 'apple pie' if r % 3 == 0 else 'banana')
    sheet.write(r, 5, [7, 3, 7, 5, 9, 3, 1, 8, 2, 4][r - 1])
    sheet.write_formula(r, 6, '=B%d*2' % (r + 1))
    sheet.write(r, 7, r * 15)
sheet.conditional_format('B2:B11', {'type': 'cell', 'criteria': '>', 'value': 150, 'format': red})
sheet.conditional_format('B2:B11', {'type': 'cell', 'criteria': 'between', 'minimum': 40, 'maximum': 60, 'format': green})
sheet.conditional_format('C2:C11', {'type': '3_color_scale'})
sheet.conditional_format('D2:D11', {'type': 'data_bar', 'bar_color': '#638EC6'})
sheet.conditional_format('E2:E11', {'type': 'text', 'criteria': 'containing', 'value': 'apple', 'format': yellow})
sheet.conditional_format('F2:F11', {'type': 'duplicate', 'format': red})
# Formula cells with XlsxWriter's placeholder 0: ranked on the values the viewer calculates.
sheet.conditional_format('G2:G11', {'type': 'top', 'value': 3, 'format': green})
sheet.conditional_format('A2:A11', {'type': 'formula', 'criteria': '=$H2>100', 'format': yellow})
# A spilled range (stored as its anchor alone) is formatted once spilled.
sheet.write_dynamic_array_formula('I2', '=SORT(B2:B11)')
sheet.conditional_format('I2:I11', {'type': 'cell', 'criteria': '>=', 'value': 180, 'format': red})
book.close()
`;

const RED = '#ffc7ce';
const GREEN = '#c6efce';
const YELLOW = '#ffeb9c';

test('conditional formats XlsxWriter writes show as in Excel, on calculated and spilled values', async () => {
  const { page, context } = await world.openWorkbook('conditional.xlsx', writtenBy(XLSXWRITER), { console: true });
  await page.screenshot({ path: join(SHOTS, 'xlsxwriter.png') });
  const seen = await looks(page, ['B2', 'B3', 'B4', 'B5', 'B9', 'B10', 'C2', 'C11', 'D2', 'D6', 'D11', 'E4', 'E5', 'F2', 'F3', 'F5', 'F7', 'F9', 'G2', 'G9', 'G11', 'A2', 'A8', 'A11', 'I2', 'I10', 'I11']);
  // Cell is: > 150 red with dark red text, between 40 and 60 green; others as they were.
  assert.deepEqual([seen.B2.fill, seen.B3.fill, seen.B4.fill, seen.B5.fill, seen.B9.fill, seen.B10.fill], [null, GREEN, GREEN, null, RED, RED]);
  assert.equal(seen.B10.color, '#9c0006');
  assert.equal(seen.B10.text, '180');
  // XlsxWriter's 3-colour scale: red at the minimum, green at the maximum.
  assert.equal(seen.C2.fill, '#f8696b');
  assert.equal(seen.C11.fill, '#63be7b');
  // Data bars from 0 (automatic minimum) to the maximum: 10 of 100 is a tenth of the cell.
  assert.equal(seen.D2.bar.color, '#638ec6');
  assert.deepEqual([seen.D2.bar.from, seen.D2.bar.to, seen.D6.bar.to, seen.D11.bar.to], [0, 10, 50, 100]);
  assert.equal(seen.C2.bar, null);
  // Text contains "apple": filled and bold.
  assert.deepEqual([seen.E4.fill, seen.E4.bold, seen.E5.fill, seen.E5.bold], [YELLOW, true, null, false]);
  // Duplicates: 7 and 3 appear twice, 5 and 8 once.
  assert.deepEqual([seen.F2.fill, seen.F3.fill, seen.F5.fill, seen.F7.fill, seen.F9.fill], [RED, RED, null, RED, null]);
  // Top 3 of the calculated doubles (2*B: 40…400): rows 9-11.
  assert.deepEqual([seen.G2.text, seen.G2.fill, seen.G9.fill, seen.G11.fill, seen.G11.text], ['40', null, GREEN, GREEN, '400']);
  // A formula rule with a relative row (=$H2>100): H is 15 × row, so rows 8-11.
  assert.deepEqual([seen.A2.fill, seen.A8.fill, seen.A11.fill, seen.A8.bold], [null, YELLOW, YELLOW, true]);
  // The spill (sorted amounts) is formatted where it landed.
  assert.deepEqual([seen.I2.text, seen.I2.fill, seen.I10.text, seen.I10.fill, seen.I11.fill], ['20', null, '180', RED, RED]);
  assert.deepEqual(page.errors, []);
  await context.close();
});

const OPENPYXL = String.raw`
import sys
from openpyxl import Workbook
from openpyxl.styles import PatternFill, Font
from openpyxl.styles.differential import DifferentialStyle
from openpyxl.formatting.rule import ColorScaleRule, DataBarRule, CellIsRule, FormulaRule, Rule
book = Workbook()
sheet = book.active
sheet.title = 'Report'
sheet.append(['Region', 'Units', 'Margin', 'Score', 'Growth', 'Sales'])
for row in [('North', 120, 0.12, 3, 5, 10), ('South', 80, -0.05, 9, -2, 40), ('East', 200, 0.30, 5, 8, 20), ('West', 50, 0.02, 7, -6, 50), ('Centre', 150, 0.18, 1, 0, 30)]:
    sheet.append(row)
sheet.conditional_formatting.add('B2:B6', CellIsRule(operator='lessThan', formula=['100'], fill=PatternFill(bgColor='FFC7CE', fill_type='solid'), font=Font(color='9C0006')))
sheet.conditional_formatting.add('C2:C6', FormulaRule(formula=['C2<0'], font=Font(color='FF0000', bold=True)))
sheet.conditional_formatting.add('D2:D6', ColorScaleRule(start_type='min', start_color='FFFFFF', end_type='max', end_color='5A8AC6'))
sheet.conditional_formatting.add('E2:E6', DataBarRule(start_type='min', end_type='max', color='63BE7B'))
sheet.conditional_formatting.add('F2:F6', Rule(type='aboveAverage', aboveAverage=True, dxf=DifferentialStyle(fill=PatternFill(bgColor='C6EFCE', fill_type='solid'))))
# Banded rows under everything else (lowest priority): a fill where no rule above set one.
sheet.conditional_formatting.add('A2:F6', FormulaRule(formula=['MOD(ROW(),2)=0'], fill=PatternFill(bgColor='EEEEEE', fill_type='solid')))
book.save(sys.argv[1])
`;

test('conditional formats openpyxl writes: cell is, formula, 2-colour scale, data bars across 0, above average, banding', async () => {
  const { page, context } = await world.openWorkbook('report.xlsx', writtenBy(OPENPYXL), { console: true });
  await page.screenshot({ path: join(SHOTS, 'openpyxl.png') });
  const seen = await looks(page, ['A2', 'A3', 'B2', 'B3', 'B5', 'C3', 'C4', 'D3', 'D6', 'D2', 'E2', 'E3', 'E4', 'E5', 'F3', 'F4', 'F5', 'F6']);
  // Units < 100, red; where no rule fills, even rows get the banding.
  assert.deepEqual([seen.B2.fill, seen.B3.fill, seen.B5.fill, seen.B3.color], ['#eeeeee', RED, RED, '#9c0006']);
  assert.deepEqual([seen.A2.fill, seen.A3.fill], ['#eeeeee', null]);
  // A negative margin in bold red (the format's font over the banding's fill).
  assert.deepEqual([seen.C3.color, seen.C3.bold, seen.C4.color, seen.C4.bold, seen.C4.fill], ['#ff0000', true, '#000000', false, '#eeeeee']);
  // White to blue: 9 the most, 1 the least, 3 a quarter of the way.
  assert.deepEqual([seen.D3.fill, seen.D6.fill, seen.D2.fill], ['#5a8ac6', '#ffffff', '#d6e2f1']);
  // Growth -6…8: an axis at 6/14 of the width, positive bars green rightwards, negative red leftwards.
  assert.equal(seen.E2.bar.color, '#63be7b');
  assert.deepEqual([seen.E2.bar.from, seen.E2.bar.to, seen.E4.bar.to], [42.9, 78.6, 100]);
  assert.deepEqual([seen.E5.bar.from, seen.E5.bar.to, seen.E3.bar.from, seen.E3.bar.to], [0, 42.9, 28.6, 42.9]);
  assert.equal(seen.E5.bar.color, '#fbe0e0');
  // Above the average (30): 40 and 50.
  assert.deepEqual([seen.F3.fill, seen.F5.fill, seen.F4.fill, seen.F6.fill], [GREEN, GREEN, '#eeeeee', '#eeeeee']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

// LibreOffice Calc saves conditional formats its own way (its dxfs, data bars with Excel 2010's
// extension). Skipped with a note where LibreOffice is not installed.
const SOFFICE = ['/usr/bin/soffice', '/usr/local/bin/soffice', '/usr/lib/libreoffice/program/soffice'].find((p) => existsSync(p));

test('conditional formats LibreOffice Calc saves show as in Excel', { skip: SOFFICE ? false : 'LibreOffice (soffice) is not installed' }, async () => {
  const dir = scratchDir('soffice');
  writeFileSync(join(dir, 'in.xlsx'), writtenBy(XLSXWRITER));
  execFileSync(SOFFICE, [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', join(dir, 'out'), join(dir, 'in.xlsx')], { stdio: 'pipe', timeout: 180_000 });
  const { page, context } = await world.openWorkbook('libreoffice.xlsx', readFileSync(join(dir, 'out', 'in.xlsx')), { console: true });
  await page.screenshot({ path: join(SHOTS, 'libreoffice.png') });
  const seen = await looks(page, ['B2', 'B3', 'B10', 'C2', 'C11', 'D2', 'D11', 'E4', 'E5', 'F2', 'F5', 'A2', 'A8']);
  assert.deepEqual([seen.B2.fill, seen.B3.fill, seen.B10.fill, seen.B10.color], [null, GREEN, RED, '#9c0006']);
  assert.deepEqual([seen.C2.fill, seen.C11.fill], ['#f8696b', '#63be7b']);
  assert.ok(seen.D2.bar && seen.D11.bar && seen.D2.bar.to < seen.D11.bar.to, JSON.stringify([seen.D2, seen.D11]));
  assert.deepEqual([seen.E4.fill, seen.E5.fill, seen.F2.fill, seen.F5.fill, seen.A2.fill, seen.A8.fill], [YELLOW, null, RED, null, null, YELLOW]);
  assert.deepEqual(page.errors, []);
  await context.close();
});

const BIG = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Big')
sheet.write_row(0, 0, ['Row', 'Value', 'Bar'])
for r in range(1, 10001):
    sheet.write(r, 0, r)
    sheet.write(r, 1, r)
    sheet.write(r, 2, r)
sheet.conditional_format('B2:B10001', {'type': '2_color_scale', 'min_color': '#FFFFFF', 'max_color': '#FF0000'})
sheet.conditional_format('C2:C10001', {'type': 'data_bar'})
sheet.conditional_format('A2:A10001', {'type': 'formula', 'criteria': '=MOD($A2,10)=0', 'format': book.add_format({'bold': True})})
book.close()
`;

test('a sheet of 10,000 rows with a colour scale and data bars opens promptly, formatted to its last row', async () => {
  // The same sheet without its rules, to compare like with like on a loaded machine.
  const plain = await world.openWorkbook('plain.xlsx', writtenBy(BIG.replace(/^sheet\.conditional_format.*$/gm, '')), { console: true });
  await plain.context.close();
  const { page, context, seconds } = await world.openWorkbook('big.xlsx', writtenBy(BIG), { console: true });
  console.log(`10,000 rows: ${seconds.toFixed(1)} s with conditional formats, ${plain.seconds.toFixed(1)} s without`);
  assert.ok(seconds < Math.max(20, plain.seconds * 2), `${seconds} s against ${plain.seconds} s`);
  const top = await looks(page, ['A2', 'B2', 'C2', 'A11', 'C11']);
  assert.deepEqual([top.B2.fill, top.A2.bold, top.A11.bold], ['#ffffff', false, true]);
  // 1 of 10,000 rounds to a bar of 0.0%, which draws nothing; 10 is 0.1%.
  assert.equal(top.C2.bar, null);
  assert.deepEqual([top.C11.bar.from, top.C11.bar.to], [0, 0.1]);
  await page.evaluate(async () => {
    const sheet = document.querySelector('.plug-sheet');
    sheet.scrollTop = sheet.scrollHeight;
    for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
  });
  const bottom = await looks(page, ['B10001', 'C10001', 'A10001']);
  assert.deepEqual([bottom.B10001.fill, bottom.C10001.bar.to, bottom.A10001.bold], ['#ff0000', 100, true]);
  await page.screenshot({ path: join(SHOTS, 'big-bottom.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

// A logo in a report: XlsxWriter's insert_image (a two-cell anchor, `xdr:` prefixes as Excel writes).
const PICTURE = String.raw`
import sys, io, struct, zlib, xlsxwriter
def png(w, h, rgb):
    raw = b''.join(b'\x00' + bytes(rgb) * w for _ in range(h))
    def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Report')
sheet.write('A1', 'Quarterly report')
sheet.insert_image('C2', 'logo.png', {'image_data': io.BytesIO(png(120, 40, (200, 30, 30))), 'x_offset': 10, 'y_offset': 5})
book.close()
`;

// openpyxl's add_image: a one-cell anchor with its size, in a drawing without namespace prefixes.
const OPENPYXL_PICTURE = String.raw`
import sys, io, struct, zlib
from openpyxl import Workbook
from openpyxl.drawing.image import Image
def png(w, h, rgb):
    raw = b''.join(b'\x00' + bytes(rgb) * w for _ in range(h))
    def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
book = Workbook()
sheet = book.active
sheet['A1'] = 'Quarterly report'
sheet.add_image(Image(io.BytesIO(png(120, 40, (200, 30, 30)))), 'C2')
book.save(sys.argv[1])
`;

for (const [writer, script, offset] of [['XlsxWriter', PICTURE, [10, 5]], ['openpyxl', OPENPYXL_PICTURE, [0, 0]]]) test(`a picture ${writer} anchors in a sheet shows at its cell, at its size`, async () => {
  const { page, context } = await world.openWorkbook('logo.xlsx', writtenBy(script), { console: true });
  await page.screenshot({ path: join(SHOTS, `picture-${writer}.png`) });
  const shown = await page.evaluate(() => {
    const img = document.querySelector('.plug-pane-body img.plug-picture');
    if (!img) return null;
    const box = img.getBoundingClientRect();
    const heads = (selector, text) => [...document.querySelectorAll(selector)].find((e) => e.textContent === text).getBoundingClientRect();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0);
    const pixel = [...g.getImageData(5, 5, 1, 1).data].slice(0, 3);
    return { complete: img.complete, natural: [img.naturalWidth, img.naturalHeight], size: [box.width, box.height], left: box.left - heads('.plug-colhead', 'C').left, top: box.top - heads('.plug-rowhead', '2').top, pixel };
  });
  assert.ok(shown, 'no picture drawn');
  assert.deepEqual([shown.complete, shown.natural, shown.pixel], [true, [120, 40], [200, 30, 30]]);
  assert.deepEqual(shown.size.map(Math.round), [120, 40]);
  assert.deepEqual([Math.round(shown.left), Math.round(shown.top)], offset);
  assert.deepEqual(page.errors, []);
  await context.close();
});

const ICONS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Icons')
for r in range(10):
    sheet.write(r, 0, r + 1)
    sheet.write(r, 1, r + 1)
sheet.conditional_format('A1:A10', {'type': 'icon_set', 'icon_style': '3_traffic_lights'})
sheet.conditional_format('B1:B10', {'type': 'icon_set', 'icon_style': '3_arrows'})
book.close()
`;

test('icon sets: traffic lights and arrows by Excel’s default thresholds (33% and 67%)', async () => {
  const { page, context } = await world.openWorkbook('icons.xlsx', writtenBy(ICONS), { console: true });
  await page.screenshot({ path: join(SHOTS, 'icons.png') });
  const icons = await page.evaluate(() => {
    const out = {};
    for (const cell of document.querySelectorAll('.plug-pane-body .plug-c.plug-cf')) {
      const image = decodeURIComponent(getComputedStyle(cell).backgroundImage);
      const color = /fill='(#[0-9a-f]{6})'/.exec(image);
      out[cell.textContent] = out[cell.textContent] || [];
      out[cell.textContent].push(`${image.includes('<circle') ? 'disc' : 'arrow'} ${color && color[1]}`);
    }
    return out;
  });
  const [red, yellow, green] = ['#e3342f', '#f7b924', '#2fa84f'];
  assert.deepEqual(icons['3'], [`disc ${red}`, `arrow ${red}`]);
  assert.deepEqual(icons['4'], [`disc ${yellow}`, `arrow ${yellow}`]);
  assert.deepEqual(icons['7'], [`disc ${yellow}`, `arrow ${yellow}`]);
  assert.deepEqual(icons['8'], [`disc ${green}`, `arrow ${green}`]);
  assert.deepEqual(page.errors, []);
  await context.close();
});

// Formula rules calculated by the workbook's engine: a lookup into another sheet, functions beyond
// comparisons and arithmetic (VLOOKUP, ISODD, TEXT), a sheet name with a space.
const LOOKUP = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Stock levels')
limits = book.add_worksheet('Limits')
limits.write_row(0, 0, ['Item', 'Minimum'])
for i, (item, low) in enumerate([('bolts', 50), ('nuts', 20), ('washers', 100)]):
    limits.write_row(i + 1, 0, [item, low])
sheet.write_row(0, 0, ['Item', 'Count'])
for i, (item, count) in enumerate([('bolts', 40), ('nuts', 30), ('washers', 90), ('bolts', 60), ('nuts', 10)]):
    sheet.write_row(i + 1, 0, [item, count])
red = book.add_format({'bg_color': '#FFC7CE'})
sheet.conditional_format('A2:B6', {'type': 'formula', 'criteria': '=$B2<VLOOKUP($A2,Limits!$A$2:$B$4,2,FALSE)', 'format': red})
sheet.conditional_format('C2:C6', {'type': 'formula', 'criteria': '=AND(ISODD(ROW()),TEXT($B2,"000")="030")', 'format': red})
for r in range(1, 6):
    sheet.write(r, 2, 'x')
book.close()
`;

test('formula rules are calculated by the workbook’s engine: a lookup into another sheet, ISODD, TEXT', async () => {
  const { page, context } = await world.openWorkbook('stock.xlsx', writtenBy(LOOKUP), { console: true });
  await page.screenshot({ path: join(SHOTS, 'lookup.png') });
  const seen = await looks(page, ['A2', 'B2', 'A3', 'A4', 'B4', 'A5', 'A6', 'C2', 'C3', 'C4']);
  // Below its minimum: bolts 40 < 50, washers 90 < 100, nuts 10 < 20; not nuts 30, bolts 60.
  assert.deepEqual(['A2', 'B2', 'A3', 'A4', 'B4', 'A5', 'A6'].map((a) => seen[a].fill), [RED, RED, null, RED, RED, null, RED]);
  // Row 3 is odd and holds 30.
  assert.deepEqual([seen.C2.fill, seen.C3.fill, seen.C4.fill], [null, RED, null]);
  assert.deepEqual(page.errors, []);
  await context.close();
});
