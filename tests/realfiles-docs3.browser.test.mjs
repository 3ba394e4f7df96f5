// Documents as the real tools write them, dropped through the real Worker and looked at in
// Chromium beside how Word and LibreOffice draw them. A python-docx schedule whose "Day" cells
// are merged down over their sessions (Word's vertical merge) breaks across pages inside one
// of those cells: the cell goes on, empty, at the top of the next page, as Word and LibreOffice
// draw it, where the moved rows lost the cell that held their first column and slid left under
// the wrong headings ("14:00" under "Day", "Session 4.6" under "Time"). Its header row, set to
// repeat (Word's "Repeat as header row", `w:tblHeader`), heads the table again on the next page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBrowserWorld } from './support/browser-world.mjs';
import { openDocument } from './support/sheet-pages.mjs';
import { writtenBy } from './support/python.mjs';

const world = useBrowserWorld('realfiles-docs3');

const SCHEDULE = `
import sys
from docx import Document
from docx.oxml import OxmlElement
doc = Document()
doc.add_heading('Conference schedule', 1)
for i in range(12):
    doc.add_paragraph('Intro paragraph %d for spacing the table further down the page.' % i)
t = doc.add_table(rows=1, cols=3)
t.style = 'Table Grid'
h = t.rows[0].cells
h[0].text = 'Day'; h[1].text = 'Time'; h[2].text = 'Session'
t.rows[0]._tr.get_or_add_trPr().append(OxmlElement('w:tblHeader'))  # Repeat as header row
for d in range(6):
    start = len(t.rows)
    for s in range(6):
        r = t.add_row().cells
        r[1].text = '%02d:00' % (9 + s); r[2].text = 'Session %d.%d' % (d + 1, s + 1)
    t.cell(start, 0).merge(t.cell(start + 5, 0)).text = 'Day %d' % (d + 1)
doc.save(sys.argv[1])
`;

test('a table cell merged down across a page break goes on empty on the next page, the rows moved there keep their columns, and the header row is repeated', async () => {
  const docx = writtenBy(SCHEDULE, 'schedule.docx');
  const { page, context } = await openDocument({ app: world.app, browser: world.browser, user: world.owner }, 'schedule.docx', docx);
  const laid = await page.evaluate(() => {
    const pages = [...document.querySelectorAll('.plug-docx section.docx')];
    const cell = (text) => [...document.querySelectorAll('.plug-docx td')].find((td) => td.textContent.trim() === text);
    const heads = pages.map((p) => p.querySelector('table tr')?.textContent.trim() ?? null);
    const where = (td) => ({ page: pages.findIndex((p) => p.contains(td)), left: Math.round(td.getBoundingClientRect().left) });
    const day4 = cell('Day 4');
    const moved = cell('Session 4.6').parentElement;
    return {
      pages: pages.length,
      heads,
      columns: ['Day', 'Time', 'Session'].map((t) => where(cell(t))),
      day4: { ...where(day4), span: day4.rowSpan },
      // Every row of the schedule has three columns: its own cells plus those merged down into it.
      moved: ((shown) => ({ ...where(shown[0]), cells: shown.length, first: shown[0].textContent.trim() }))([...moved.cells].filter((td) => getComputedStyle(td).display !== 'none')),
      time: where([...moved.cells].find((td) => td.textContent.trim() === '14:00')),
      session: where(cell('Session 4.6')),
      last: where(cell('Session 4.5')),
    };
  });
  assert.ok(laid.pages >= 2, `the schedule runs onto a second page: ${JSON.stringify(laid)}`);
  assert.equal(laid.day4.page, 0, 'Day 4 starts on the first page');
  assert.ok(laid.session.page > laid.day4.page, `Day 4's last session is on the next page: ${JSON.stringify(laid)}`);
  assert.equal(laid.moved.cells, 3, `the moved row has its Day cell, empty, then its time and session: ${JSON.stringify(laid.moved)}`);
  assert.equal(laid.moved.first, '');
  assert.equal(laid.moved.left, laid.columns[0].left, 'the continued cell stands under Day');
  assert.equal(laid.time.left, laid.columns[1].left, '14:00 stands under Time');
  assert.equal(laid.session.left, laid.columns[2].left, 'Session 4.6 stands under Session');
  assert.equal(laid.last.left, laid.columns[2].left);
  assert.deepEqual(laid.heads.slice(1).map((h) => h && h.replace(/\s+/g, ' ')), laid.heads.slice(1).map(() => 'DayTimeSession'),
    `the header row Word repeats ("Repeat as header row") heads the table on every page: ${JSON.stringify(laid.heads)}`);
  assert.ok(laid.day4.span < 6, `Day 4 ends at the foot of its page: rowspan ${laid.day4.span}`);
  await page.screenshot({ path: join(world.SHOTS, 'schedule.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
  await context.close();
});
