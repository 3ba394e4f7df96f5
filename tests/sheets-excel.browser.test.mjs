// What Excel shows that a workbook written by XlsxWriter does not store: the values a dynamic
// array formula spills (write_dynamic_array_formula stores the anchor cell alone), #### for a
// negative date or time, and 0 for a formula that refers to an empty cell. XlsxWriter (the
// project venv) writes each workbook during the run; it is dropped through the real Worker and
// read in Chromium at each cell's place on screen, as a person reads it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { atCell, textAt, texts, useSheetWorld } from './support/sheet-pages.mjs';
import { writtenBy } from './support/python.mjs';

const world = useSheetWorld('sheets-excel');
const { SHOTS } = world;

const DYNAMIC = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Fruit')
sheet.write_column('A1', ['pear', 'apple', 'fig', 'apple', 'kiwi'])
sheet.write_column('B1', [3, 1, 4, 1, 5])
sheet.write_dynamic_array_formula('D1', '=SORT(A1:A5)')
sheet.write_dynamic_array_formula('E1', '=UNIQUE(A1:A5)')
sheet.write_dynamic_array_formula('F1', '=FILTER(A1:B5,B1:B5>2)')
sheet.write_dynamic_array_formula('H1', '=SEQUENCE(3,2)')
# A spill into cells with a format of their own takes it, as in Excel.
money = book.add_format({'num_format': '0.00', 'bold': True})
sheet.write_blank('J2', None, money)
sheet.write_dynamic_array_formula('J1', '=SEQUENCE(3)*1.5', money)
# Past the sheet's last stored row: the sheet grows to hold it.
sheet.write_dynamic_array_formula('L1', '=SEQUENCE(60)')
sheet.write("M1", "=SUM(L1#)")
# A spill reference, as XlsxWriter passes it and as Excel saves it.
sheet.write_dynamic_array_formula('N1', '=E1#&"!"')
sheet.write('O1', '=COUNTA(_xlfn.ANCHORARRAY(E1))')
sheet.write('O2', '=SUM(Z1#)')
book.close()
`;

test('dynamic array formulas XlsxWriter stored without values spill as in Excel', async () => {
  const { page, context } = await world.openWorkbook('spills.xlsx', writtenBy(DYNAMIC));
  assert.deepEqual(await texts(page, ['D1', 'D2', 'D3', 'D4', 'D5', 'D6']), { D1: 'apple', D2: 'apple', D3: 'fig', D4: 'kiwi', D5: 'pear', D6: '' });
  assert.deepEqual(await texts(page, ['E1', 'E2', 'E3', 'E4', 'E5']), { E1: 'pear', E2: 'apple', E3: 'fig', E4: 'kiwi', E5: '' });
  assert.deepEqual(await texts(page, ['F1', 'G1', 'F2', 'G2', 'F3', 'G3', 'F4']), { F1: 'pear', G1: '3', F2: 'fig', G2: '4', F3: 'kiwi', G3: '5', F4: '' });
  assert.deepEqual(await texts(page, ['H1', 'I1', 'H2', 'I2', 'H3', 'I3']), { H1: '1', I1: '2', H2: '3', I2: '4', H3: '5', I3: '6' });
  assert.deepEqual(await texts(page, ['J1', 'J2', 'J3']), { J1: '1.50', J2: '3.00', J3: '4.5' });
  assert.deepEqual(await texts(page, ['L1', 'L2', 'L30']), { L1: '1', L2: '2', L30: '30' });
  // A spill reference names the range its anchor spilled into; one to a cell that spilled
  // nothing the engine cannot read, and it shows its formula rather than a wrong 0.
  assert.deepEqual(await texts(page, ['M1', 'N1', 'N2', 'N3', 'N4', 'N5', 'O1', 'O2']), { M1: '1830', N1: 'pear!', N2: 'apple!', N3: 'fig!', N4: 'kiwi!', N5: '', O1: '4', O2: '=SUM(Z1#)' });
  await page.screenshot({ path: join(SHOTS, 'spills.png') });
  await page.evaluate(async () => {
    const sheet = document.querySelector('.plug-sheet');
    sheet.scrollTop = sheet.scrollHeight;
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
  });
  assert.equal(await textAt(page, 'L60'), '60');
  assert.deepEqual(page.errors, []);
  await context.close();
});

const EXCEL_SHOWS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Times')
time = book.add_format({'num_format': 'h:mm'})
date = book.add_format({'num_format': 'yyyy-mm-dd'})
sheet.write('A1', 'Start')
sheet.write_number('B1', 0.25, time)
sheet.write('A2', 'End')
sheet.write_number('B2', 0.5, time)
sheet.write('A3', 'Late by')
sheet.write_formula('B3', '=B1-B2', time)
sheet.write('A4', 'Stored')
sheet.write_number('B4', -0.25, time)
sheet.write('A5', 'Date')
sheet.write_number('B5', -3, date)
sheet.write('A6', 'Elapsed')
sheet.write_formula('B6', '=B2-B1', time)
sheet.write('A8', 'Empty')
sheet.write_formula('B8', '=C8')
sheet.write_formula('B9', '=IF(TRUE,C9)')
sheet.write_formula('B10', '=C10&""')
sheet.write_formula('B11', "=Other!A1")
book.add_worksheet('Other')
book.close()
`;

test('a negative time or date shows ####, and a formula referring to an empty cell shows 0, as in Excel', async () => {
  const { page, context } = await world.openWorkbook('times.xlsx', writtenBy(EXCEL_SHOWS));
  const shown = await texts(page, ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B8', 'B9', 'B10', 'B11']);
  for (const address of ['B3', 'B4', 'B5']) assert.match(shown[address], /^#{4,}$/, `${address}: ${JSON.stringify(shown)}`);
  assert.deepEqual({ ...shown, B3: '#', B4: '#', B5: '#' }, { B1: '6:00', B2: '12:00', B3: '#', B4: '#', B5: '#', B6: '6:00', B8: '0', B9: '0', B10: '', B11: '0' });
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'times.png') });
  await context.close();
});

const SPILLING_TEXT = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Report')
title = book.add_format({'bold': True, 'font_size': 16, 'align': 'center', 'bg_color': '#DDEBF7'})
sheet.merge_range('A1:H1', 'Quarterly sales report for the northern region', title)
sheet.freeze_panes(2, 1)
sheet.write('A2', 'Region')
sheet.write_row('B2', ['Q1', 'Q2', 'Q3', 'Q4'])
sheet.write('A3', 'A very long region name that spills')
sheet.write('A4', 'North')
sheet.write_row('B4', [1, 2, 3, 4])
sheet.write('A6', 'Indented long label text here', book.add_format({'indent': 2}))
sheet.write('C8', 'Indented in the body spills right', book.add_format({'indent': 1}))
sheet.write('F10', 'Right aligned text spills left', book.add_format({'align': 'right'}))
sheet.write('H12', 'A centred text spills both ways', book.add_format({'align': 'center'}))
sheet.write('C14', 'Stops at the next cell')
sheet.write('D14', 'x')
book.close()
`;

test('text spills as in Excel: out of a frozen column into the scrolling part, from an indented cell, leftwards when right-aligned, both ways when centred', async () => {
  const { page, context } = await world.openWorkbook('spilling.xlsx', writtenBy(SPILLING_TEXT));
  const title = 'Quarterly sales report for the northern region';
  assert.deepEqual(await texts(page, ['A1', 'C1', 'H1']), { A1: title, C1: title, H1: title });
  const long = 'A very long region name that spills';
  assert.deepEqual(await texts(page, ['A3', 'B3', 'C3', 'F3']), { A3: long, B3: long, C3: long, F3: '' });
  const indented = 'Indented long label text here';
  assert.deepEqual(await texts(page, ['A6', 'B6']), { A6: indented, B6: indented });
  // The frozen and scrolling parts meet at the frozen edge: the text continues at the same height
  // and offset, so it reads as one line.
  const parts = await page.evaluate((long) => [...document.querySelectorAll('.plug-c')].filter((e) => e.textContent === long)
    .map((e) => Math.round(e.getBoundingClientRect().left)), long);
  assert.equal(new Set(parts).size, 1, `both parts start at column A: ${parts}`);
  assert.deepEqual(await texts(page, ['C8', 'D8']), { C8: 'Indented in the body spills right', D8: 'Indented in the body spills right' });
  const right = 'Right aligned text spills left';
  assert.deepEqual(await texts(page, ['D10', 'E10', 'F10', 'G10']), { D10: right, E10: right, F10: right, G10: '' });
  const centred = 'A centred text spills both ways';
  assert.deepEqual(await texts(page, ['G12', 'H12', 'I12']), { G12: centred, H12: centred, I12: centred });
  assert.deepEqual(await texts(page, ['C14', 'D14']), { C14: 'Stops at the next cell', D14: 'x' });
  await page.screenshot({ path: join(SHOTS, 'spilling.png') });
  // Scrolled sideways, the part in the scrolling columns moves with them and the frozen part stays.
  await page.evaluate(async () => {
    const sheet = document.querySelector('.plug-sheet');
    sheet.scrollLeft = 64;
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
  });
  assert.deepEqual(await texts(page, ['A3', 'C3']), { A3: long, C3: long });
  await page.screenshot({ path: join(SHOTS, 'spilling-scrolled.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

const RICH = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Notes')
bold = book.add_format({'bold': True})
red = book.add_format({'italic': True, 'font_color': 'red'})
sheet.write_rich_string('A1', 'This is ', bold, 'bold', ' and ', red, 'red italic', ' text.')
sheet.write('A3', 'Plain text')
book.close()
`;

test('rich text keeps the font of each run: a bold word, a red italic one', async () => {
  const { page, context } = await world.openWorkbook('rich.xlsx', writtenBy(RICH));
  assert.equal(await textAt(page, 'A1'), 'This is bold and red italic text.');
  assert.equal(await textAt(page, 'C1'), 'This is bold and red italic text.', 'it spills as one text');
  const runs = await page.evaluate(() => {
    const cell = [...document.querySelectorAll('.plug-c')].find((e) => e.textContent.startsWith('This is'));
    return [...cell.querySelectorAll('span > span')].map((s) => {
      const style = getComputedStyle(s);
      return [s.textContent, style.fontWeight, style.fontStyle, style.color];
    });
  });
  assert.deepEqual(runs, [
    ['This is ', '400', 'normal', 'rgb(0, 0, 0)'],
    ['bold', '700', 'normal', 'rgb(0, 0, 0)'],
    [' and ', '400', 'normal', 'rgb(0, 0, 0)'],
    ['red italic', '400', 'italic', 'rgb(255, 0, 0)'],
    [' text.', '400', 'normal', 'rgb(0, 0, 0)'],
  ]);
  assert.equal(await textAt(page, 'A3'), 'Plain text');
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'rich.png'), clip: { x: 0, y: 50, width: 500, height: 120 } });
  await context.close();
});

const FILTERS = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Data')
sheet.write_row('A1', ['Region', 'Units'])
sheet.write_row('A2', ['North', 3])
sheet.write_row('A3', ['South', 5])
sheet.autofilter('A1:B3')
sheet.add_table('D1:E3', {'data': [['Ann', 1], ['Bob', 2]], 'columns': [{'header': 'Name'}, {'header': 'Qty'}]})
book.close()
`;

test("the headers of an AutoFilter range and a table show Excel's filter button", async () => {
  const { page, context } = await world.openWorkbook('filters.xlsx', writtenBy(FILTERS));
  const buttons = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.plug-c')]
    .filter((e) => e.textContent).map((e) => [e.textContent, getComputedStyle(e, '::after').content])));
  assert.deepEqual(buttons, { Region: '"▾"', Units: '"▾"', North: 'none', 3: 'none', South: 'none', 5: 'none', Name: '"▾"', Qty: '"▾"', Ann: 'none', 1: 'none', Bob: 'none', 2: 'none' });
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'filters.png'), clip: { x: 0, y: 50, width: 500, height: 120 } });
  await context.close();
});

const NOTES = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Data')
sheet.write('A1', 'Budget')
sheet.write_comment('A1', 'Approved by the board in May.')
sheet.write('A2', 'Plain')
book.close()
`;

test("a cell with a note shows Excel's red corner and the note on hover", async () => {
  const { page, context } = await world.openWorkbook('notes.xlsx', writtenBy(NOTES));
  const marked = await page.evaluate(() => [...document.querySelectorAll('.plug-c')].map((e) => [e.textContent, e.title, getComputedStyle(e, '::before').borderRightColor]));
  assert.deepEqual(marked.filter(([, title]) => title), [
    ['Budget', 'Approved by the board in May.', 'rgb(192, 0, 0)'],
  ]);
  assert.ok(marked.some(([text, title]) => text === 'Plain' && title === ''), JSON.stringify(marked));
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'notes.png'), clip: { x: 0, y: 50, width: 400, height: 120 } });
  await context.close();
});

// A total over "everything to the right" (`=SUM(D:XFD)`) on a sheet that also stores a cell at
// XFD1048576, the last cell Excel has: the engine reads a range as a dense rectangle of its
// cells, 17 billion here, so every formula of the workbook (`=1+1` too) waited for the 60 s
// limit and then showed its formula. Such a formula is now set aside: a plain aggregate of ranges
// is added up from the cells the sheet stores (and a formula using its result calculated with
// it), anything else shows its formula with a note.
const FAR_CELL = String.raw`
import sys, xlsxwriter
book = xlsxwriter.Workbook(sys.argv[1])
sheet = book.add_worksheet('Totals')
sheet.write_column('A1', ['sum', 'plain', 'count', 'max', 'scaled', 'from the sum'])
sheet.write_formula('B1', '=SUM(D:XFD)')
sheet.write_formula('B2', '=1+1')
sheet.write_formula('B3', '=COUNTA(D:XFD)')
sheet.write_formula('B4', '=MAX(D:XFD)')
sheet.write_formula('B5', '=SUM(D:XFD)*2')
sheet.write_formula('B6', '=B1*2')
sheet.write('D1', 1)
sheet.write_formula('E2', '=D1+1')
sheet.write('F3', 'text is not added')
sheet.write('XFD1048576', 5)
sheet.set_column('B:B', 16)
book.close()
`;

test('=SUM(D:XFD) beside a cell at XFD1048576 is added up at once from the stored cells; the other formulas no longer wait out the limit', async () => {
  const { page, context, seconds } = await world.openWorkbook('far-cell.xlsx', writtenBy(FAR_CELL));
  assert.ok(seconds < 30, `ready after ${seconds} s`);
  assert.deepEqual(await texts(page, ['B1', 'B2', 'B3', 'B4', 'B6', 'E2']), { B1: '8', B2: '2', B3: '4', B4: '5', B6: '16', E2: '2' });
  const scaled = await atCell(page, 'B5', (cell) => ({ text: cell.textContent, title: cell.title, italic: getComputedStyle(cell).fontStyle }));
  assert.deepEqual(scaled, { text: '=SUM(D:XFD)*2', title: 'Not calculated: its ranges hold more cells than the viewer reads', italic: 'italic' });
  assert.doesNotMatch(await page.textContent('main'), /took too long/);
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(SHOTS, 'far-cell.png'), clip: { x: 0, y: 40, width: 600, height: 160 } });
  await context.close();
});
