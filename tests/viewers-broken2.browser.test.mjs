// Broken, odd and extreme files, round 2 (round 1 is tests/viewers-broken.browser.test.mjs): files
// whose bytes are another type than their name in every direction, zero-byte files of the types
// round 1 left out, uploads cut off mid-body, text saved as UTF-16 as Windows tools write it, JSX
// whose closing tag names another element, and valid files at the far end of what people make
// (a PDF page 20,000 points long, a markdown file that is one 5 MB line, a photo carrying a
// 1 MB colour profile). A file the upload can tell is bad is refused in the error shape, saying
// what it is, and leaves nothing behind; one that passes is shown, or the viewer says why, within
// a bound (README "Broken files"). Files are made here by python-docx, python-pptx, XlsxWriter
// and Pillow as they write them, then renamed or altered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expectError } from './support/harness.mjs';
import { useBrowserWorld } from './support/browser-world.mjs';
import { PYTHON } from './support/python.mjs';
import * as fx from './support/fixtures.mjs';

const world = useBrowserWorld('viewers-broken2');

const TOOLS = `
import os, random, sys
from PIL import Image, ImageCms, ImageDraw
out = sys.argv[1]
path = lambda name: os.path.join(out, name)
import docx, pptx, xlsxwriter
d = docx.Document(); d.add_paragraph('A letter.'); d.save(path('letter.docx'))
wb = xlsxwriter.Workbook(path('book.xlsx')); wb.add_worksheet('Sheet1').write(0, 0, 'Total'); wb.close()
p = pptx.Presentation(); p.slides.add_slide(p.slide_layouts[5]).shapes.title.text = 'Deck'; p.save(path('deck.pptx'))
# A colour profile of 1 MB, as print and camera workflows embed (a real sRGB profile, then padding
# its header counts as its own: ICC readers go by the tag table).
icc = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile('sRGB')).tobytes())
icc += random.Random(7).randbytes(1_000_000 - len(icc))
icc[0:4] = len(icc).to_bytes(4, 'big')
photo = Image.new('RGB', (320, 200), (200, 60, 40))
ImageDraw.Draw(photo).rectangle([40, 40, 280, 160], fill=(20, 120, 200))
photo.save(path('icc.jpg'), quality=85, icc_profile=bytes(icc))
`;
function makeFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'plug-broken2-'));
  try {
    execFileSync(PYTHON, ['-c', TOOLS, dir], { stdio: 'pipe' });
    return Object.fromEntries(readdirSync(dir).map((n) => [n, readFileSync(join(dir, n))]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const files = makeFiles();

const utf16le = (text, bom = true) => Buffer.concat([Buffer.from(bom ? [0xff, 0xfe] : []), Buffer.from(text, 'utf16le')]);
const site = fx.zip([{ name: 'index.html', content: fx.html('Site') }, { name: 'app.css', content: 'h1{color:red}'.repeat(100) }]);

/** A PDF of one page `width` x `height` points with a line of text near its top and its bottom. */
function pdfPage(width, height) {
  const text = `BT /F1 36 Tf 20 ${height - 60} Td (Top of the page) Tj ET BT /F1 36 Tf 20 30 Td (Bottom of the page) Tj ET`;
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => { const at = body.length; body += `${i + 1} 0 obj\n${o}\nendobj\n`; return at; });
  const xref = `xref\n0 6\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  return Buffer.from(`${body}${xref}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`);
}

/** Everything a refused upload could have left behind, as plain numbers. */
async function leftovers() {
  const count = async (table) => (await world.app.sql(`SELECT count(*) AS n FROM ${table}`))[0].n;
  return { entities: await count('entities'), siteFiles: await count('site_files'), rateEvents: await count('rate_events'), blobs: world.app.r2BlobCount() };
}

/**
 * A create request written by hand on a socket: its multipart body of `page` as index.html, cut
 * to `send` bytes (the connection then closed) or sent whole without its closing boundary.
 */
function cutUpload(token, { send, closingBoundary = true }) {
  const B = 'plugCutBoundary';
  const field = (k, v) => `--${B}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  const fields = { name: 'cut-off', scope: 'personal', visibility: 'link', source_type: 'html', uploaded_via: 'api' };
  const body = Buffer.from(Object.entries(fields).map(([k, v]) => field(k, v)).join('') +
    `--${B}\r\nContent-Disposition: form-data; name="file"; filename="index.html"\r\nContent-Type: text/html\r\n\r\n` +
    `<!doctype html><h1>Cut</h1>${'<p>paragraph</p>'.repeat(10_000)}` + (closingBoundary ? `\r\n--${B}--\r\n` : ''));
  const sent = send ? body.subarray(0, send) : body;
  return new Promise((resolve) => {
    const socket = connect(world.app.port, '127.0.0.1', () => {
      socket.write(`POST /api/v2/inspirations HTTP/1.1\r\nHost: localhost:${world.app.port}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${B}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
      socket.write(sent, () => { if (send) setTimeout(() => socket.end(), 100); });
    });
    let data = '';
    socket.on('data', (chunk) => { data += chunk; });
    socket.on('close', () => resolve(data));
    socket.on('error', () => resolve(data));
    setTimeout(() => { socket.destroy(); resolve(data); }, 10_000).unref();
  });
}

test('files of one type named as another, zero-byte files and uploads cut off mid-body are refused saying what they are, and leave nothing behind', async () => {
  const { owner } = await world.app.world();
  const tar = Buffer.alloc(1024);
  tar.write('site/index.html', 0);
  tar.write('ustar\0', 257, 'latin1');
  // [source_type, file name, bytes, status, what the message must say]
  const cases = [
    // A .zip that is not a zip says what it holds, as a misnamed PDF, picture or Office file does.
    ['html', 'site.zip', Buffer.from(fx.html('Home')), 422, /^This file is named \.zip but holds a web page \(HTML\), not a zip archive\. Upload a single page named \.html, or zip your site's folder/],
    ['html', 'site.zip', gzipSync(tar), 422, /holds a gzip-compressed file \(\.gz or \.tar\.gz\), not a zip archive\. Plug takes zipped sites only as \.zip: unpack it/],
    ['html', 'site.zip', files['letter.docx'], 422, /named \.zip but holds a Word document \(\.docx\), not a zipped site\. Upload it as \.docx with source_type docx/],
    ['html', 'site.zip', fx.pdf(), 422, /holds a PDF, not a zip archive/],
    ['html', 'site.zip', site.subarray(0, site.length - 30), 422, /^The zip is not a readable zip archive: it ends before the list of its files, so it was cut off \(truncated\)/],
    // Office files under each other's names, and other files under Office names.
    ['xlsx', 'letter.xlsx', files['letter.docx'], 422, /Word/],
    ['pptx', 'book.pptx', files['book.xlsx'], 422, /Excel|workbook/],
    ['docx', 'deck.docx', files['deck.pptx'], 422, /PowerPoint|presentation|deck/],
    ['docx', 'site.docx', site, 422, /\[Content_Types\]\.xml|not a Word document/],
    ['pptx', 'photo.pptx', files['icc.jpg'], 422, /holds a JPEG image/],
    // A component pasted into index.html, which a browser showed as a screen of code.
    ['html', 'index.html', Buffer.from(fx.jsx()), 422, /^This file is named \.html but holds a React component .* Upload it as \.jsx or \.tsx with source_type react_single_file/],
    // Text types holding binary: invalid UTF-8 at once, or zeros that UTF-8 allows.
    ['markdown', 'notes.md', Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(200, 1)]), 422, /Markdown document is not text: it holds a zero byte at position 15/],
    ['react_single_file', 'App.jsx', files['icc.jpg'], 422, /React component is not valid UTF-8 text/],
    ['html', 'index.html', Buffer.from('<!doctype html><title>\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd</title><p>\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd\x81\x42</p>', 'latin1'), 422, /not valid UTF-8 text .* Or declare its encoding at the top of the page instead, as <meta charset="shift_jis">/],
    // Zero bytes, of the types round 1 did not send.
    ...[['html', 'index.htm'], ['html', 'site.zip'], ['markdown', 'notes.md'], ['react_single_file', 'App.tsx'], ['react_single_file', 'app.js'],
      ['xlsx', 'book.xlsx'], ['image', 'photo.jpg'], ['image', 'photo.jpeg'], ['image', 'logo.svg']]
      .map(([type, name]) => [type, name, Buffer.alloc(0), 422, /^The file is empty \(0 bytes\)/]),
  ];
  const before = await leftovers();
  for (const [source_type, name, content, status, says] of cases) {
    const res = await world.app.drop(owner, { file: { name, content }, fields: { source_type, scope: 'personal', visibility: 'link' } });
    assert.equal(res.status, status, `${source_type} ${name}: ${res.text}`);
    const error = expectError(assert, res, status, 'CONTENT_MALFORMED');
    assert.match(error.message, says, `${source_type} ${name} (${content.length} bytes)`);
    assert.deepEqual(error.details.map((d) => d.field), ['file']);
  }
  // Cut off: the body ends before its closing boundary (a proxy gave up), or the connection
  // drops half way (the runtime ends the request; the client is gone).
  const whole = await cutUpload(owner.token, { closingBoundary: false });
  assert.match(whole, /^HTTP\/1\.1 400 /);
  const body = JSON.parse(whole.slice(whole.indexOf('\r\n\r\n') + 4));
  assert.equal(body.error.code, 'VALIDATION_FAILED');
  assert.match(body.error.message, /could not be read as multipart\/form-data: it ends before its closing boundary \(cut off on its way\) or is malformed\. Nothing was stored; send it again/);
  assert.deepEqual(body.error.details, [{ field: 'file', issue: 'unreadable', hint: 'send the whole request again' }]);
  await cutUpload(owner.token, { send: 40_000 });
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(await leftovers(), before, 'no row, no object and no rate-limit slot is left by a refused or cut-off upload');
  const ok = await world.app.drop(owner, { file: { name: 'site.zip', content: site }, fields: { source_type: 'html', scope: 'personal', visibility: 'link' } });
  assert.equal(ok.status, 201, ok.text);
});

/** Opens a drop in a fresh context. */
async function view(name, content, source_type) {
  const { owner } = await world.app.world();
  const drop = await world.app.dropLive(owner, { file: { name, content }, fields: { source_type, scope: 'personal', visibility: 'link' } });
  return world.open(drop);
}
const alert = (page) => page.locator('[role="alert"]');

test('a component saved as UTF-16 by a Windows editor, and a page saved as UTF-16 without its byte order mark, show their text', async () => {
  const component = `import { useState } from "react";\r\nexport default function Gruss() {\r\n  const [n, setN] = useState(0);\r\n  return <button onClick={() => setN(n + 1)}>Grüße {n}</button>;\r\n}\r\n`;
  for (const [name, content, type, shown] of [
    ['Gruss.jsx', utf16le(component), 'react_single_file', 'Grüße 0'],
    ['page.html', utf16le('<!doctype html><title>Seite</title><h1>Schöne Grüße</h1>', false), 'html', 'Schöne Grüße'],
  ]) {
    const { page, context } = await view(name, content, type);
    await page.getByText(shown, { exact: true }).waitFor({ timeout: 15_000 });
    assert.equal(await alert(page).count(), 0, name);
    await context.close();
  }
});

test('JSX whose closing tag names another element says so, with both lines, where it rendered with its tags paired wrongly; a page named .jsx says it is a page', async () => {
  const source = `export default function Card() {
  return (
    <div className="card">
      <h2>Title</h2>
      <p>Body text
    </div>
  );
}
`.replace('    </div>', '    </span>\n    </div>');
  const { page, context } = await view('Card.jsx', source, 'react_single_file');
  await alert(page).waitFor({ timeout: 15_000 });
  const text = await alert(page).innerText();
  assert.match(text, /This component does not compile\./);
  assert.match(text, /Line 6: the closing tag <\/span> does not match <p>, opened on line 5\. Close <p> with <\/p>/);
  assert.match(text, />\s*6 \|\s+<\/span>/);
  await page.screenshot({ path: join(world.SHOTS, 'jsx-mismatch.png') });
  await context.close();
  // The other way round: a whole page under a component's name says what it is.
  {
    const { page, context } = await view('Page.jsx', fx.html('Home'), 'react_single_file');
    await alert(page).waitFor({ timeout: 15_000 });
    assert.match(await alert(page).innerText(), /This file is a web page, not a component\.[\s\S]*Upload it named \.html with source_type html/);
    await context.close();
  }
});

test('extreme but valid files show within a bound: a PDF page 20,000 points tall, a markdown file of one 5 MB line, a JPEG with a 1 MB colour profile', async () => {
  {
    const name = 'tall.pdf';
    const { page, context } = await view(name, pdfPage(612, 20_000), 'pdf');
    const canvas = page.locator('.plug-page canvas').first();
    await canvas.waitFor({ timeout: 15_000 });
    // Drawn, not a blank sheet: the canvas (about 1,000 x 32,000 pixels) holds the text's pixels
    // near its top, and the text layer both lines. (A page as wide draws its text 2 pixels tall.)
    await page.waitForFunction(() => {
      const c = document.querySelector('.plug-page canvas');
      if (!c || !c.width || !c.height) return false;
      const { data } = c.getContext('2d').getImageData(0, 0, c.width, Math.min(c.height, 300));
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] && data[i] < 200) return true;
      return false;
    }, null, { timeout: 15_000 });
    await page.getByText('Bottom of the page').waitFor({ state: 'attached', timeout: 5000 });
    assert.equal(await alert(page).count(), 0, name);
    await page.screenshot({ path: join(world.SHOTS, `${name}.png`) });
    await context.close();
  }
  {
    const words = 'lorem ipsum dolor sit amet consectetur adipiscing elit '.repeat(Math.ceil(5_000_000 / 56));
    const started = Date.now();
    const { page, context } = await view('long-line.md', `# One line\n\n${words}END-OF-LINE`, 'markdown');
    await page.getByRole('heading', { name: 'One line' }).waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => document.body.innerText.includes('END-OF-LINE'), null, { timeout: 20_000 });
    const asked = Date.now();
    await page.evaluate(() => document.title);
    assert.ok(Date.now() - asked < 2000, 'the tab answers');
    assert.ok(Date.now() - started < 30_000, `shown in ${Date.now() - started} ms`);
    await context.close();
  }
  {
    // JPEG splits the profile over 16 APP2 segments of 64 KB; Chromium joins them to read it.
    const name = 'icc.jpg';
    assert.ok(files[name].length > 1_000_000, `${name} carries its profile`);
    const { page, context } = await view(name, files[name], 'image');
    await page.waitForFunction(() => document.querySelector('.plug-image img')?.naturalWidth === 320, null, { timeout: 15_000 });
    assert.equal(await alert(page).count(), 0, name);
    await context.close();
  }
});
