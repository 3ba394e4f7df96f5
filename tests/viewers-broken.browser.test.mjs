// Broken, truncated and odd files of every type Plug takes, dropped over HTTP on the real Worker as
// an outsider would and opened in Chromium. A file the upload can tell is bad is refused with 422
// CONTENT_MALFORMED (415 for a name that does not fit the source_type), a message saying what it is
// and what to do, and nothing left behind; one that passes the upload but cannot be shown says why
// within a bound, never a spinner or a blank page (README "Broken files"). Every file is made here:
// by Pillow, python-docx, XlsxWriter, python-pptx, pypdf and LibreOffice as they write them, then
// cut or altered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { expectError } from './support/harness.mjs';
import { useBrowserWorld } from './support/browser-world.mjs';
import { PYTHON } from './support/python.mjs';
import * as fx from './support/fixtures.mjs';

const world = useBrowserWorld('viewers-broken');

// The whole files, as the tools write them, in one run of Python and one of LibreOffice per format.
const TOOLS = `
import os, sys, zipfile
from PIL import Image, ImageDraw
out = sys.argv[1]
path = lambda name: os.path.join(out, name)
photo = Image.new('RGB', (640, 400), (30, 90, 160))
draw = ImageDraw.Draw(photo)
for i in range(0, 640, 40):
    draw.rectangle([i, 0, i + 20, 400], fill=(240, 200 - i // 4, 60))
photo.save(path('photo.png'))
photo.save(path('photo.jpg'), quality=85)
photo.save(path('photo.webp'), quality=80)
# 100 megapixels in a file of about 120 KB: a decompression bomb for the browser.
bomb = Image.new('L', (10000, 10000), 255)
ImageDraw.Draw(bomb).rectangle([2000, 2000, 8000, 8000], fill=0)
bomb.save(path('bomb.png'), optimize=True)
import docx, pptx, xlsxwriter, pypdf
d = docx.Document(); d.add_heading('Quarterly plan', 1); d.add_paragraph('The plan for the quarter.'); d.save(path('plan.docx'))
wb = xlsxwriter.Workbook(path('book.xlsx')); ws = wb.add_worksheet('Sales')
for r, row in enumerate([['Region', 'Revenue'], ['North', 120], ['South', 80]]): ws.write_row(r, 0, row)
wb.close()
p = pptx.Presentation(); s = p.slides.add_slide(p.slide_layouts[1]); s.shapes.title.text = 'Small deck'; p.save(path('deck.pptx'))
p = pptx.Presentation()
for n in range(1, 301):
    s = p.slides.add_slide(p.slide_layouts[1])
    s.shapes.title.text = f'Slide {n} of 300'
    s.placeholders[1].text = f'Point {n}'
p.save(path('deck300.pptx'))
# The workbook again without its shared strings (its relationships still name the part).
with zipfile.ZipFile(path('book.xlsx')) as src, zipfile.ZipFile(path('nostrings.xlsx'), 'w', zipfile.ZIP_DEFLATED) as dst:
    for item in src.infolist():
        if item.filename != 'xl/sharedStrings.xml':
            dst.writestr(item, src.read(item.filename))
w = pypdf.PdfWriter(); w.add_blank_page(612, 792); w.encrypt(user_password='secret', owner_password='owner', algorithm='RC4-128'); w.write(path('locked.pdf'))
`;

function makeFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'plug-broken-'));
  try {
    execFileSync(PYTHON, ['-c', TOOLS, dir], { stdio: 'pipe' });
    // Office 97-2003 files, as LibreOffice saves them (a renamed one is the usual "docx that is a .doc").
    for (const [from, to] of [['plan.docx', 'doc'], ['book.xlsx', 'xls'], ['deck.pptx', 'ppt']]) {
      try {
        execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', to, '--outdir', dir, join(dir, from)], { stdio: 'pipe', timeout: 120_000 });
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
      }
    }
    return Object.fromEntries(readdirSync(dir).filter((n) => n.includes('.')).map((n) => [n, readFileSync(join(dir, n))]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
// Made before the Worker starts: the tools block the event loop for a while.
const files = makeFiles();
const file = (name) => files[name];

/** A PDF of one page saying "Hello there", with its cross-reference table and trailer. */
const PDF_BODY = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
  '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>\nendobj\n' +
  '4 0 obj\n<< /Length 42 >>\nstream\nBT /F1 24 Tf 20 100 Td (Hello there) Tj ET\nendstream\nendobj\n' +
  '5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n';
function pdf({ xref = true, trailer = true } = {}) {
  const offsets = [...PDF_BODY.matchAll(/(\d) 0 obj/g)].map((m) => m.index);
  const table = `xref\n0 6\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  return Buffer.from(PDF_BODY + (xref ? table : '') + (trailer ? 'trailer\n<< /Size 6 /Root 1 0 R >>\n' : '') +
    (xref ? `startxref\n${PDF_BODY.length}\n` : '') + '%%EOF\n');
}

/**
 * A Compound File ([MS-CFB] version 3, 512-byte sectors) holding `streams` ({ name, data }) in its
 * root: what Office writes for a file saved with a password (the package encrypted whole into
 * EncryptedPackage, described by EncryptionInfo). Streams under 4096 bytes go in the mini stream.
 */
function compoundFile(streams) {
  const SECTOR = 512, MINI = 64, CUTOFF = 4096, END = 0xfffffffe, FREE = 0xffffffff, FATSECT = 0xfffffffd;
  const pad = (buf, size) => Buffer.concat([buf, Buffer.alloc((size - (buf.length % size)) % size)]);
  const u32s = (values) => { const b = Buffer.alloc(values.length * 4); values.forEach((v, i) => b.writeUInt32LE(v, i * 4)); return b; };
  const small = streams.filter((s) => s.data.length < CUTOFF);
  const large = streams.filter((s) => s.data.length >= CUTOFF);
  const miniFat = [];
  for (const s of small) {
    s.start = miniFat.length;
    const n = Math.ceil(s.data.length / MINI);
    for (let i = 0; i < n; i++) miniFat.push(i === n - 1 ? END : miniFat.length + 1);
  }
  const miniStream = Buffer.concat(small.map((s) => pad(s.data, MINI)));
  const counts = [Math.ceil(((1 + streams.length) * 128) / SECTOR), Math.ceil((miniFat.length * 4) / SECTOR), Math.ceil(miniStream.length / SECTOR), ...large.map((s) => Math.ceil(s.data.length / SECTOR))];
  let fatSectors = 1;
  while (fatSectors * 128 < fatSectors + counts.reduce((a, b) => a + b, 0)) fatSectors++;
  const fat = new Array(fatSectors * 128).fill(FREE).fill(FATSECT, 0, fatSectors);
  let next = fatSectors;
  const starts = counts.map((n) => {
    if (n === 0) return END;
    for (let i = 0; i < n; i++) fat[next + i] = i === n - 1 ? END : next + i + 1;
    next += n;
    return next - n;
  });
  large.forEach((s, i) => { s.start = starts[3 + i]; });
  // The root's children as a chain of right siblings, in CFB order (shorter names first).
  const ordered = [...streams].sort((a, b) => a.name.length - b.name.length || a.name.toUpperCase().localeCompare(b.name.toUpperCase()));
  const entry = (name, type, child, right, start, size) => {
    const e = Buffer.alloc(128);
    const utf16 = Buffer.from(`${name}\0`, 'utf16le');
    utf16.copy(e, 0);
    e.writeUInt16LE(utf16.length, 0x40);
    e[0x42] = type;
    e[0x43] = 1;
    e.writeUInt32LE(FREE, 0x44);
    e.writeUInt32LE(right, 0x48);
    e.writeUInt32LE(child, 0x4c);
    e.writeUInt32LE(start, 0x74);
    e.writeUInt32LE(size, 0x78);
    return e;
  };
  const directory = [entry('Root Entry', 5, 1, FREE, miniStream.length ? starts[2] : END, miniStream.length),
    ...ordered.map((s, i) => entry(s.name, 2, FREE, i + 1 < ordered.length ? i + 2 : FREE, s.start, s.data.length))];
  const header = Buffer.alloc(512);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(fatSectors, 0x2c);
  header.writeUInt32LE(starts[0], 0x30);
  header.writeUInt32LE(CUTOFF, 0x38);
  header.writeUInt32LE(starts[1], 0x3c);
  header.writeUInt32LE(counts[1], 0x40);
  header.writeUInt32LE(END, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i < fatSectors ? i : FREE, 0x4c + i * 4);
  return Buffer.concat([header, u32s(fat), pad(Buffer.concat(directory), SECTOR), pad(u32s(miniFat), SECTOR), pad(miniStream, SECTOR),
    ...large.map((s) => pad(s.data, SECTOR))].filter((b) => b.length));
}

/** An Office file saved with a password (agile encryption, as Office 2010 and later write it). */
function encryptedOffice() {
  const descriptor = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<encryption xmlns="http://schemas.microsoft.com/office/2006/encryption" ' +
    'xmlns:p="http://schemas.microsoft.com/office/2006/keyEncryptor/password"><keyData saltSize="16" blockSize="16" keyBits="256" hashSize="64" ' +
    'cipherAlgorithm="AES" cipherChaining="ChainingModeCBC" hashAlgorithm="SHA512" saltValue="M2K0dLaDGkgk5dMHC+Avjw=="/></encryption>';
  const info = Buffer.concat([Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]), Buffer.from(descriptor)]);
  const encrypted = Buffer.alloc(8 + 9216);
  encrypted.writeUInt32LE(9000, 0);
  for (let i = 8; i < encrypted.length; i++) encrypted[i] = (i * 7919) & 0xff;
  return compoundFile([{ name: 'EncryptionInfo', data: info }, { name: 'EncryptedPackage', data: encrypted }]);
}

const cut = (bytes, end) => Buffer.from(bytes.subarray(0, end < 0 ? bytes.length + end : end));
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const utf16 = (text) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const centralDirectory = (zip) => zip.indexOf(Buffer.from('PK\x01\x02'));
/** A PNG's bytes with `length` bytes of its first IDAT chunk's data overwritten. */
function garbledPng(png) {
  const at = png.indexOf(Buffer.from('IDAT')) + 4;
  const out = Buffer.from(png);
  for (let i = at + 2; i < at + 40; i++) out[i] ^= 0x5a;
  return out;
}
function withRiffSize(webp, size) {
  const out = Buffer.from(webp);
  out.writeUInt32LE(size, 4);
  return out;
}

/** Everything a refused upload could have left behind, as plain numbers. */
async function leftovers() {
  const count = async (table) => (await world.app.sql(`SELECT count(*) AS n FROM ${table}`))[0].n;
  return { entities: await count('entities'), siteFiles: await count('site_files'), rateEvents: await count('rate_events'), blobs: world.app.r2BlobCount() };
}

test('broken, cut, empty and misnamed files of every type are refused with what they are, and leave nothing behind', async () => {
  const { owner } = await world.app.world();
  const old = (name) => file(name) ?? null;
  const site = fx.zip([{ name: 'index.html', content: fx.html('Site') }, { name: 'app.css', content: 'body{color:red}'.repeat(200) }]);
  // [source_type, file name, bytes, status, what the message must say]
  const cases = [
    ['html', 'index.html', Buffer.alloc(0), 422, /empty \(0 bytes\)/],
    ['html', 'index.html', BOM, 422, /HTML page is empty/],
    ['html', 'site.zip', cut(site, centralDirectory(site) + 20), 422, /not a readable zip archive.*truncated/],
    ['html', 'site.zip', cut(site, 60), 422, /not a readable zip archive/],
    ['react_single_file', 'App.jsx', Buffer.alloc(0), 422, /empty \(0 bytes\)/],
    ['react_single_file', 'App.tsx', BOM, 422, /React component is empty/],
    ['markdown', 'notes.md', BOM, 422, /Markdown document is empty/],
    ['markdown', 'notes.md', file('photo.png'), 422, /not valid UTF-8 text/],
    ['pdf', 'report.pdf', Buffer.alloc(0), 422, /empty \(0 bytes\)/],
    ['pdf', 'report.pdf', Buffer.from(fx.html('Report')), 422, /named \.pdf but holds a web page \(HTML\), not a PDF/],
    ['pdf', 'report.pdf', cut(pdf(), 300), 422, /PDF is incomplete: its end marker \(%%EOF\) is missing/],
    ['docx', 'plan.docx', Buffer.alloc(0), 422, /empty \(0 bytes\)/],
    ['docx', 'plan.docx', BOM, 422, /holds no content \(only blank text\), not a Word document/],
    ['docx', 'plan.docx', cut(file('plan.docx'), centralDirectory(file('plan.docx')) + 30), 422, /\.docx file is incomplete.*cut off/],
    ['docx', 'plan.docx', cut(file('plan.docx'), 5000), 422, /\.docx file is incomplete/],
    ['docx', 'plan.docx', encryptedOffice(), 422, /password-protected: Word encrypted it.*Protect Document > Encrypt with Password/],
    ['docx', 'plan.docx', old('plan.doc'), 422, /old Word 97-2003 format \(\.doc\), not \.docx/],
    ['docx', 'plan.docx', old('book.xls'), 422, /holds an old Excel 97-2003 file \(\.xls\).*source_type xlsx/],
    ['xlsx', 'book.xlsx', encryptedOffice(), 422, /password-protected: Excel encrypted it.*Protect Workbook/],
    ['xlsx', 'book.xlsx', old('book.xls'), 422, /old Excel 97-2003 format \(\.xls\), not \.xlsx/],
    ['xlsx', 'book.xlsx', Buffer.from('Region,Revenue\nNorth,120\nSouth,80\n'), 422, /holds plain text such as CSV, not an Excel workbook.*save it as \.xlsx/],
    ['xlsx', 'book.xlsx', pdf(), 422, /holds a PDF, not an Excel workbook/],
    ['xlsx', 'book.xlsx', file('nostrings.xlsx'), 422, /text table \(xl\/sharedStrings\.xml.*\) is missing/],
    ['pptx', 'deck.pptx', Buffer.alloc(0), 422, /empty \(0 bytes\)/],
    ['pptx', 'deck.pptx', old('deck.ppt'), 422, /old PowerPoint 97-2003 format \(\.ppt\), not \.pptx/],
    ['pptx', 'deck.pptx', cut(file('deck.pptx'), 10_000), 422, /\.pptx file is incomplete/],
    ['pptx', 'deck.pptx', encryptedOffice(), 422, /password-protected: PowerPoint encrypted it/],
    ['image', 'photo.png', Buffer.alloc(0), 422, /empty \(0 bytes\)/],
    ['image', 'photo.png', BOM, 422, /holds no content/],
    ['image', 'photo.png', cut(file('photo.png'), 33), 422, /PNG image is damaged: it ends before any of its picture data/],
    ['image', 'photo.png', pdf(), 422, /named as a PNG image but holds a PDF/],
    ['image', 'photo.jpg', cut(file('photo.jpg'), 400), 422, /JPEG image is damaged: it ends before any of its picture data/],
    ['image', 'photo.webp', withRiffSize(file('photo.webp'), 100), 422, /WebP image is damaged: its header gives the file a length shorter than its picture data/],
    ['image', 'photo.webp', Buffer.alloc(0), 422, /empty \(0 bytes\)/],
    ['image', 'logo.svg', BOM, 422, /SVG image is empty/],
    ['image', 'logo.svg', Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>'), 422, /XXE/],
    ['image', 'logo.svg', Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&c;</text></svg>'), 422, /billion laughs/],
    // A name that does not fit the source_type is 415 whatever the bytes.
    ['docx', 'plan.doc', old('plan.doc') ?? Buffer.from('x'), 415, /source_type docx takes only \.docx/],
    ['image', 'scan.pdf', pdf(), 415, /Send it with source_type pdf/],
  ].filter(([, , bytes]) => bytes !== null);
  const before = await leftovers();
  for (const [source_type, name, content, status, says] of cases) {
    const res = await world.app.drop(owner, { file: { name, content }, fields: { source_type, scope: 'personal', visibility: 'link' } });
    const error = expectError(assert, res, status, status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'CONTENT_MALFORMED');
    assert.match(error.message, says, `${source_type} ${name} (${content.length} bytes)`);
    assert.deepEqual(error.details.map((d) => d.field), ['file']);
  }
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(await leftovers(), before, 'no row, no object and no rate-limit slot is left by a refused upload');
  // Not one of the refusals took a create slot (10 a minute): the owner's next drop goes through.
  const ok = await world.app.drop(owner, { file: { name: 'plan.docx', content: file('plan.docx') }, fields: { source_type: 'docx', scope: 'personal', visibility: 'link' } });
  assert.equal(ok.status, 201, ok.text);
});

/** Opens a drop in a fresh context; `says(page)` resolves to what the viewer shows. */
async function view(name, content, source_type) {
  const { owner } = await world.app.world();
  const drop = await world.app.dropLive(owner, { file: { name, content }, fields: { source_type, scope: 'personal', visibility: 'link' } });
  return world.open(drop);
}

const alert = (page) => page.locator('[role="alert"]');

test('a picture garbled inside its data says it is damaged; one cut inside it says it is cut short', async () => {
  for (const [name, content, says] of [
    ['garbled.png', garbledPng(file('photo.png')), /This image (is damaged: part of its picture data is garbled|could not be displayed[\s\S]*the file is damaged)/],
    ['cut.png', cut(file('photo.png'), 60), /This image is cut short/],
    ['cut.jpg', cut(file('photo.jpg'), 3000), /This image is cut short/],
    ['no-end.jpg', cut(file('photo.jpg'), -2), /This image is cut short/],
    ['long.webp', withRiffSize(file('photo.webp'), file('photo.webp').length * 3), /This image is cut short/],
  ]) {
    const { page, context } = await view(name, content, 'image');
    const message = page.locator('[role="alert"], .plug-image-note');
    await message.first().waitFor({ timeout: 10_000 });
    assert.match(await message.first().innerText(), says, name);
    await page.screenshot({ path: join(world.SHOTS, `${name}.png`) });
    await context.close();
  }
});

test('a 100-megapixel PNG of 120 KB (a decompression bomb) shows and the tab keeps answering', async () => {
  assert.ok(file('bomb.png').length < 400_000, `the bomb is small: ${file('bomb.png').length} bytes`);
  const { page, context } = await view('bomb.png', file('bomb.png'), 'image');
  const started = Date.now();
  await page.waitForFunction(() => document.querySelector('.plug-image img')?.naturalWidth === 10000, null, { timeout: 20_000 });
  // The page answers a script at once while it draws, and after.
  for (let i = 0; i < 5; i++) {
    const asked = Date.now();
    await page.evaluate(() => document.title);
    assert.ok(Date.now() - asked < 2000, `the tab answered in ${Date.now() - asked} ms`);
    await page.waitForTimeout(200);
  }
  assert.equal(await alert(page).count(), 0, 'nothing is said of a whole picture');
  assert.ok(Date.now() - started < 20_000);
  await context.close();
});

test('a password-protected PDF asks for its password; one without its cross-reference table shows; one without table or trailer says it is damaged', async () => {
  {
    const { page, context } = await view('locked.pdf', file('locked.pdf'), 'pdf');
    await page.getByText(/protected by a password/).waitFor({ timeout: 15_000 });
    await page.locator('input[type="password"]').fill('secret');
    await page.locator('input[type="password"]').press('Enter');
    await page.locator('.plug-page canvas').first().waitFor({ timeout: 15_000 });
    await context.close();
  }
  {
    const { page, context } = await view('no-xref.pdf', pdf({ xref: false }), 'pdf');
    await page.locator('.plug-page canvas').first().waitFor({ timeout: 15_000 });
    assert.equal(await alert(page).count(), 0);
    await context.close();
  }
  {
    const { page, context } = await view('no-trailer.pdf', pdf({ xref: false, trailer: false }), 'pdf');
    await alert(page).waitFor({ timeout: 15_000 });
    assert.match(await alert(page).innerText(), /This PDF is damaged: no pages could be read from it/);
    await context.close();
  }
});

test('a deck of 300 slides shows its first slides at once and its last when scrolled to', async () => {
  const { page, context } = await view('deck300.pptx', file('deck300.pptx'), 'pptx');
  await page.getByText('Slide 1 of 300', { exact: true }).waitFor({ timeout: 20_000 });
  const last = page.getByText('Slide 300 of 300', { exact: true });
  for (let i = 0; i < 100 && !(await last.count()); i++) {
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(100);
  }
  await last.waitFor({ timeout: 20_000 });
  assert.equal(await alert(page).count(), 0);
  await context.close();
});

test('a Next.js page whose JSX leaves a { open says so and points at its line', async () => {
  const source = `import Head from 'next/head'
import { useState } from 'react'

export default function Home() {
  const [count, setCount] = useState(0)
  return (
    <div className="container">
      <Head><title>Home</title></Head>
      <main>
        <h1 className="title">Welcome</h1>
        <button onClick={() => setCount(count + 1)}>Count {count}</button>
        <p>Clicked {count times</p>
        {[1, 2].map((x) => <i key={x}>{x}</i>)}
      </main>
    </div>
  )
}
`;
  const { page, context } = await view('index.jsx', source, 'react_single_file');
  await alert(page).waitFor({ timeout: 15_000 });
  const text = await alert(page).innerText();
  assert.match(text, /This component does not compile\./);
  assert.match(text, /Line 12: this \{ is not closed/);
  assert.match(text, />\s*12 \|\s+<p>Clicked \{count times<\/p>/);
  await page.screenshot({ path: join(world.SHOTS, 'jsx-line.png') });
  await context.close();
});

test('UTF-16 HTML and markdown, and markdown with a byte order mark, show their text', async () => {
  for (const [name, content, type, heading] of [
    ['page.html', utf16('<!doctype html><title>Page</title><h1>Grüße aus Köln</h1>'), 'html', 'Grüße aus Köln'],
    ['notes.md', utf16('# Notes d\'été\n\nBonjour.\n'), 'markdown', 'Notes d\'été'],
    ['readme.md', Buffer.concat([BOM, Buffer.from('# With a BOM\n\nText.\n')]), 'markdown', 'With a BOM'],
  ]) {
    const { page, context } = await view(name, content, type);
    await page.getByRole('heading', { name: heading }).waitFor({ timeout: 10_000 });
    await context.close();
  }
});

// Kept apart from the PNG encoder above: a file whose IDAT holds a whole zlib stream of the wrong
// length is "damaged", not "cut short", so the viewer's two messages are told apart on real bytes.
test('a PNG whose picture data is a valid stream of the wrong size is damaged, not cut short', async () => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(64, 0);
  ihdr.writeUInt32BE(64, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  // Eight rows of pixels where the header promises 64: CRCs are not checked by browsers.
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(8 * (1 + 64 * 3), 0x40))), chunk('IEND', Buffer.alloc(0))]);
  const { page, context } = await view('short-data.png', png, 'image');
  const message = page.locator('[role="alert"], .plug-image-note');
  await message.first().waitFor({ timeout: 10_000 });
  assert.match(await message.first().innerText(), /damaged|could not decode/);
  await context.close();
});
