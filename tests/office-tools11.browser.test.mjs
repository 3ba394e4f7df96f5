// Documents, workbooks and decks as the real tools save them, round 11: where a table stands in a
// Word document. python-docx's template (Word 2010's compatibility mode, as LibreOffice saves and
// pandoc writes) measures a table's indent to its first cell's text, so the text of the cells lines
// up with the paragraphs around the table; Word 2013 and later and Google Docs measure it to the
// table's edge, and Google writes a table widened into the margins as a negative indent. The
// positions asserted are LibreOffice's (its PDF export of the same files, read with pypdf). Each
// file is written during the run, dropped through the real Worker and opened in Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBrowserWorld } from './support/browser-world.mjs';
import { openDocument } from './support/sheet-pages.mjs';
import { writtenBy } from './support/python.mjs';

const world = useBrowserWorld('office-tools11');

// A paragraph, a table in Table Grid, a paragraph, the same table indented half an inch (Table
// Properties > Indent from left), a paragraph.
const INDENTS = String.raw`
import sys
from docx import Document
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
doc = Document()
doc.add_paragraph('Body text at the margin.')
for indent in (None, 720):
    t = doc.add_table(rows=2, cols=2); t.style = 'Table Grid'
    for i, r in enumerate(t.rows):
        for j, c in enumerate(r.cells): c.text = 'T%s r%dc%d' % (indent or 0, i, j)
    if indent:
        e = OxmlElement('w:tblInd'); e.set(qn('w:w'), str(indent)); e.set(qn('w:type'), 'dxa'); t._tbl.tblPr.append(e)
    doc.add_paragraph('Between.')
doc.save(sys.argv[1])
`;

// A document in the shape Google Docs exports (File > Download > Microsoft Word), written here:
// compatibility mode 15, lengths as decimals ("9360.0"), every property spelled out, tables in
// "Table1" with cell margins of 100 twips; the second table widened into both margins, which
// Google writes as a negative indent.
const GOOGLE_DOC = String.raw`
# A document in the shape Google Docs exports (File > Download > .docx): compatibility mode 15,
# lengths written as decimals ("9360.0"), every property spelled out with w:val="0"/"1", a table
# in "Table1" with cell margins of 100 twips, widened into the margins (Google writes the move as
# a negative tblInd).
import sys, zipfile
NS = ('xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
      'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
      'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" mc:Ignorable="w14"')
DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
RPR = ('<w:rFonts w:ascii="Arial" w:cs="Arial" w:eastAsia="Arial" w:hAnsi="Arial"/>'
       '<w:b w:val="0"/><w:i w:val="0"/><w:smallCaps w:val="0"/><w:strike w:val="0"/><w:color w:val="000000"/>'
       '<w:sz w:val="22"/><w:szCs w:val="22"/><w:u w:val="none"/><w:shd w:fill="auto" w:val="clear"/><w:vertAlign w:val="baseline"/><w:rtl w:val="0"/>')
def para(text, style=None, spacing='w:after="0" w:before="0" w:line="276" w:lineRule="auto"'):
    ps = '<w:pStyle w:val="%s"/>' % style if style else ''
    return ('<w:p><w:pPr>%s<w:keepNext w:val="0"/><w:keepLines w:val="0"/><w:widowControl w:val="0"/>'
            '<w:spacing %s/><w:ind w:left="0" w:right="0" w:firstLine="0"/><w:jc w:val="left"/><w:rPr/></w:pPr>'
            '<w:r><w:rPr><w:rtl w:val="0"/></w:rPr><w:t xml:space="preserve">%s</w:t></w:r></w:p>') % (ps, spacing, text)
def cell(text, width, fill=None):
    shd = '<w:shd w:fill="%s" w:val="clear"/>' % (fill or 'auto')
    return ('<w:tc><w:tcPr>%s<w:tcMar><w:top w:w="100.0" w:type="dxa"/><w:left w:w="100.0" w:type="dxa"/>'
            '<w:bottom w:w="100.0" w:type="dxa"/><w:right w:w="100.0" w:type="dxa"/></w:tcMar><w:vAlign w:val="top"/></w:tcPr>%s</w:tc>'
            % (shd, para(text, spacing='w:after="0" w:before="0" w:line="240" w:lineRule="auto"')))
def table(rows, widths, indent):
    border = ''.join('<w:%s w:color="000000" w:space="0" w:sz="8" w:val="single"/>' % s for s in ('top', 'left', 'bottom', 'right', 'insideH', 'insideV'))
    ind = '<w:tblInd w:w="%s" w:type="dxa"/>' % indent if indent is not None else ''
    return ('<w:tbl><w:tblPr><w:tblStyle w:val="Table1"/><w:tblW w:w="%d.0" w:type="dxa"/><w:jc w:val="left"/>%s'
            '<w:tblBorders>%s</w:tblBorders><w:tblLayout w:type="fixed"/><w:tblLook w:val="0600"/></w:tblPr>'
            '<w:tblGrid>%s</w:tblGrid>%s</w:tbl>') % (
        sum(widths), ind, border, ''.join('<w:gridCol w:w="%d"/>' % w for w in widths),
        ''.join('<w:tr><w:trPr><w:cantSplit w:val="0"/><w:tblHeader w:val="0"/></w:trPr>%s</w:tr>'
                % ''.join(cell(t, w, 'd9ead3' if i == 0 else None) for t, w in zip(r, widths)) for i, r in enumerate(rows)))
body = (para('Quarterly budget', 'Title') + para('Body text starts at the left margin, one inch in.')
        + table([['Item', 'Owner', 'Cost'], ['Venue', 'Ana', '$1,200']], [3120, 3120, 3120], None)
        + para('')
        + table([['Wide item', 'Owner', 'Notes', 'Cost'], ['Catering', 'Ben', 'Lunch both days', '$2,400']], [2700, 2700, 2700, 2700], '-720.0')
        + para('After the tables.'))
sect = ('<w:sectPr><w:pgSz w:h="15840" w:w="12240" w:orient="portrait"/><w:pgMar w:bottom="1440" w:top="1440" '
        'w:left="1440" w:right="1440" w:header="720" w:footer="720"/><w:pgNumType w:start="1"/></w:sectPr>')
document = DECL + '<w:document %s><w:body>%s%s</w:body></w:document>' % (NS, body, sect)
styles = (DECL + '<w:styles %s><w:docDefaults><w:rPrDefault><w:rPr>%s<w:lang w:val="en"/></w:rPr></w:rPrDefault>'
          '<w:pPrDefault><w:pPr><w:keepNext w:val="0"/><w:keepLines w:val="0"/><w:widowControl w:val="1"/>'
          '<w:spacing w:after="0" w:before="0" w:line="276" w:lineRule="auto"/><w:ind w:left="0" w:right="0" w:firstLine="0"/><w:jc w:val="left"/></w:pPr></w:pPrDefault></w:docDefaults>'
          '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="normal"/><w:qFormat w:val="1"/></w:style>'
          '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/>'
          '<w:pPr><w:keepNext w:val="1"/><w:keepLines w:val="1"/><w:spacing w:after="60" w:lineRule="auto"/></w:pPr><w:rPr><w:sz w:val="52"/><w:szCs w:val="52"/></w:rPr></w:style>'
          '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/>'
          '<w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>'
          '<w:style w:type="table" w:styleId="Table1"><w:basedOn w:val="TableNormal"/><w:pPr><w:spacing w:line="240" w:lineRule="auto"/></w:pPr>'
          '<w:tblPr><w:tblStyleRowBandSize w:val="1"/><w:tblStyleColBandSize w:val="1"/><w:tblCellMar><w:top w:w="100.0" w:type="dxa"/>'
          '<w:left w:w="100.0" w:type="dxa"/><w:bottom w:w="100.0" w:type="dxa"/><w:right w:w="100.0" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>'
          '</w:styles>') % (NS, RPR)
settings = (DECL + '<w:settings %s><w:displayBackgroundShape w:val="1"/><w:defaultTabStop w:val="720"/><w:compat>'
            '<w:compatSetting w:val="15" w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word"/></w:compat></w:settings>') % NS
rels = (DECL + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>')
types = (DECL + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
         '<Default ContentType="application/xml" Extension="xml"/><Default ContentType="application/vnd.openxmlformats-package.relationships+xml" Extension="rels"/>'
         '<Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml" PartName="/word/settings.xml"/>'
         '<Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml" PartName="/word/styles.xml"/>'
         '<Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml" PartName="/word/document.xml"/></Types>')
root = (DECL + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>')
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
    for name, data in (('_rels/.rels', root), ('word/document.xml', document), ('word/styles.xml', styles), ('word/settings.xml', settings), ('word/_rels/document.xml.rels', rels), ('[Content_Types].xml', types)):
        z.writestr(name, data)
`;

// Runs in the page: where the text of the first element whose text starts with `start` begins, and
// the edges of the table holding it.
const PLACES = (starts) => {
  const page = document.querySelector('.plug-docx section.docx').getBoundingClientRect();
  const textLeft = (el) => { const range = document.createRange(); range.selectNodeContents(el); return range.getBoundingClientRect().left; };
  const find = (start) => [...document.querySelectorAll('.plug-docx p')].find((p) => p.textContent.startsWith(start));
  return {
    page: { left: page.left, right: page.right },
    ...Object.fromEntries(starts.map((start) => {
      const p = find(start);
      const table = p && p.closest('table');
      const box = table && table.getBoundingClientRect();
      return [start, p ? { text: textLeft(p), ...(box ? { left: box.left, right: box.right } : {}) } : null];
    })),
  };
};

const near = (actual, expected, message, slack = 1.5) => assert.ok(Math.abs(actual - expected) <= slack, `${message}: ${actual} for ${expected}`);

test("a python-docx table's cell text lines up with the paragraphs, and an indented one stands its indent in, as Word 2010 and LibreOffice lay them out", async () => {
  const { page, context } = await openDocument({ app: world.app, browser: world.browser, user: world.owner }, 'indents.docx', writtenBy(INDENTS, 'indents.docx'));
  const at = await page.evaluate(PLACES, ['Body text', 'T0 r0c0', 'T0 r1c0', 'T720 r0c0']);
  await page.screenshot({ path: join(world.SHOTS, 'indents.png') });
  // LibreOffice: the body text and T0's cells at 90.1 pt, T720's at 126.1 pt (half an inch in).
  near(at['T0 r0c0'].text, at['Body text'].text, 'the first cell\'s text starts where the body text does');
  near(at['T0 r1c0'].text, at['Body text'].text, 'so does the second row\'s');
  assert.ok(at['T0 r0c0'].left < at['Body text'].text - 5, `the table's edge stands out into the margin by its cell margin: ${JSON.stringify(at)}`);
  near(at['T720 r0c0'].text, at['Body text'].text + 48, 'the indented table\'s text starts half an inch in');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a Google Docs table stands at the margin, and one widened into the margins stands out into both, inside the page', async () => {
  const { page, context } = await openDocument({ app: world.app, browser: world.browser, user: world.owner }, 'budget.docx', writtenBy(GOOGLE_DOC, 'budget.docx'));
  const at = await page.evaluate(PLACES, ['Body text', 'Item', 'Wide item']);
  await page.screenshot({ path: join(world.SHOTS, 'google-doc.png') });
  // LibreOffice: the body text at 72.1 pt, Item at 77.6 pt (the edge at the margin, 5 pt of cell
  // margin in), Wide item at 41.6 pt (the edge half an inch out).
  near(at.Item.left, at['Body text'].text, 'the first table\'s edge is at the margin');
  near(at.Item.text - at.Item.left, 7.2, 'its text is the cell margin in', 2);
  near(at['Wide item'].left, at['Body text'].text - 48, 'the widened table starts half an inch into the left margin');
  near(at['Wide item'].right, at.page.right - 48, 'and ends half an inch into the right one, inside the page');
  assert.deepEqual(page.errors, []);
  await context.close();
});
