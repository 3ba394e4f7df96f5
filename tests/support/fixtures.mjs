// Small, real files of every source type, and hostile archives, built in memory for tests.
import { deflateRawSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A zip archive from entries { name, content, store?, mode?, declaredSize?, utf8? } (deflated unless
 * `store`). `name` may be a Buffer of the bytes a tool wrote; `utf8` sets the UTF-8 name flag.
 * `mode` sets unix permission bits (0o120777 makes a symlink); `declaredSize` lies about the
 * uncompressed size in the headers.
 */
export function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const raw = Buffer.isBuffer(e.content) ? e.content : Buffer.from(e.content ?? '');
    const data = e.store ? raw : deflateRawSync(raw);
    const method = e.store ? 0 : 8;
    const crc = crc32(raw);
    const size = e.declaredSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.utf8 ? 0x800 : 0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.mode ? 0x0314 : 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.utf8 ? 0x800 : 0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(e.mode ? (e.mode << 16) >>> 0 : 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export const html = (title = 'Demo', body = '<h1>Hello</h1>') =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="A demo page about ${title}"></head><body>${body}</body></html>`;

export const site = () => zip([
  { name: 'index.html', content: html('Site', '<h1>Site</h1><link rel="stylesheet" href="css/site.css"><a href="docs/about.html">About</a>') },
  { name: 'css/site.css', content: 'body { color: #123456 }' },
  { name: 'docs/about.html', content: html('About', '<p>About page</p>') },
  { name: 'img/dot.png', content: png(), store: true },
]);

/** A valid 1x1 PNG. */
export function png() {
  return Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201' +
      'f1f4c7b00000000049454e44ae426082',
    'hex',
  );
}

export const svg = () => '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

export function pdf() {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
      '3 0 obj << /Title (Quarterly plan) >> endobj\ntrailer << /Root 1 0 R /Info 3 0 R >>\n%%EOF\n',
  );
}

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"></Types>';
export const docx = () => zip([{ name: '[Content_Types].xml', content: CONTENT_TYPES }, { name: 'word/document.xml', content: '<w:document/>' }]);
export const xlsx = () => zip([{ name: '[Content_Types].xml', content: CONTENT_TYPES }, { name: 'xl/workbook.xml', content: '<workbook/>' }]);
export const pptx = () => zip([{ name: '[Content_Types].xml', content: CONTENT_TYPES }, { name: 'ppt/presentation.xml', content: '<p:presentation/>' }]);

export const jsx = () => "import React, { useState } from 'react';\nexport default function App() {\n  const [n, setN] = useState(0);\n  return <button onClick={() => setN(n + 1)}>Clicked {n}</button>;\n}\n";

export const markdown = () => '# Release notes\n\nThe first paragraph explains the release.\n\n- one\n- two\n';

/** One example of every source type: [source_type, file]. */
export function everyType() {
  return [
    ['html', { name: 'page.html', content: html() }],
    ['html', { name: 'site.zip', content: site() }],
    ['react_single_file', { name: 'App.jsx', content: jsx() }],
    ['markdown', { name: 'notes.md', content: markdown() }],
    ['pdf', { name: 'plan.pdf', content: pdf() }],
    ['pptx', { name: 'deck.pptx', content: pptx() }],
    ['docx', { name: 'memo.docx', content: docx() }],
    ['xlsx', { name: 'sheet.xlsx', content: xlsx() }],
    ['image', { name: 'dot.png', content: png() }],
    ['image', { name: 'shape.svg', content: svg() }],
  ];
}
