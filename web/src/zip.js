// A small zip writer for folder drops: each entry deflated with the browser's own
// CompressionStream('deflate-raw') (stored when that does not help or is missing), UTF-8 names.

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes) {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Formats that are compressed already: deflating them again only costs time. */
const PACKED = /\.(png|jpe?g|gif|webp|avif|woff2?|zip|gz|mp[34]|webm|pdf|pptx|docx|xlsx)$/i;

async function deflate(bytes) {
  if (typeof CompressionStream === 'undefined') return null;
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function dosTime(date) {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return [time, day];
}

/**
 * Zips `entries` ([{ path, file }], path relative with `/` separators) into one Blob.
 * `onEntry(done, total)` reports progress.
 * @param {{ path: string, file: Blob & { lastModified?: number } }[]} entries
 * @param {(done: number, total: number) => void} [onEntry]
 * @returns {Promise<Blob>}
 */
export async function zip(entries, onEntry = () => {}) {
  const encoder = new TextEncoder();
  const parts = [];
  const central = [];
  let offset = 0;
  let done = 0;
  for (const { path, file } of entries) {
    const name = encoder.encode(path);
    const raw = new Uint8Array(await file.arrayBuffer());
    const packed = PACKED.test(path) ? null : await deflate(raw);
    const useDeflate = packed && packed.length < raw.length;
    const data = useDeflate ? packed : raw;
    const header = {
      method: useDeflate ? 8 : 0, crc: crc32(raw), compressed: data.length, size: raw.length,
      when: dosTime(new Date(file.lastModified || Date.now())), name,
    };
    parts.push(localHeader(header), name, data);
    central.push(centralHeader(header, offset), name);
    offset += 30 + name.length + data.length;
    onEntry(++done, entries.length);
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  return new Blob([...parts, ...central, endRecord(entries.length, centralSize, offset)], { type: 'application/zip' });
}

const UTF8_FLAG = 0x0800;

function localHeader({ method, crc, compressed, size, when, name }) {
  const b = new DataView(new ArrayBuffer(30));
  b.setUint32(0, 0x04034b50, true);
  b.setUint16(4, 20, true);
  b.setUint16(6, UTF8_FLAG, true);
  b.setUint16(8, method, true);
  b.setUint16(10, when[0], true);
  b.setUint16(12, when[1], true);
  b.setUint32(14, crc, true);
  b.setUint32(18, compressed, true);
  b.setUint32(22, size, true);
  b.setUint16(26, name.length, true);
  return new Uint8Array(b.buffer);
}

function centralHeader({ method, crc, compressed, size, when, name }, offset) {
  const b = new DataView(new ArrayBuffer(46));
  b.setUint32(0, 0x02014b50, true);
  b.setUint16(4, 20, true);
  b.setUint16(6, 20, true);
  b.setUint16(8, UTF8_FLAG, true);
  b.setUint16(10, method, true);
  b.setUint16(12, when[0], true);
  b.setUint16(14, when[1], true);
  b.setUint32(16, crc, true);
  b.setUint32(20, compressed, true);
  b.setUint32(24, size, true);
  b.setUint16(28, name.length, true);
  b.setUint32(42, offset, true);
  return new Uint8Array(b.buffer);
}

function endRecord(count, centralSize, centralOffset) {
  const b = new DataView(new ArrayBuffer(22));
  b.setUint32(0, 0x06054b50, true);
  b.setUint16(8, count, true);
  b.setUint16(10, count, true);
  b.setUint32(12, centralSize, true);
  b.setUint32(16, centralOffset, true);
  return new Uint8Array(b.buffer);
}

/**
 * The files a zip holds and the bytes they unpack to, from its central directory (what the zip
 * claims: the server counts real bytes). Folders and `__MACOSX`/`.DS_Store` are not counted, as
 * on the server. Null when the directory cannot be read here (ZIP64, damage): the server decides.
 */
export async function zipContents(file) {
  const tailStart = Math.max(0, file.size - (0xffff + 22));
  const tail = new DataView(await file.slice(tailStart).arrayBuffer());
  let end = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (tail.getUint32(i, true) === 0x06054b50) { end = i; break; }
  }
  if (end < 0) return null;
  const entries = tail.getUint16(end + 10, true);
  const size = tail.getUint32(end + 12, true);
  const offset = tail.getUint32(end + 16, true);
  if (entries === 0xffff || offset === 0xffffffff || offset + size > file.size) return null;
  const dir = new DataView(await file.slice(offset, offset + size).arrayBuffer());
  const names = new TextDecoder();
  let files = 0;
  let unpacked = 0;
  for (let at = 0, n = 0; n < entries; n++) {
    if (at + 46 > dir.byteLength || dir.getUint32(at, true) !== 0x02014b50) return null;
    const nameLength = dir.getUint16(at + 28, true);
    const name = names.decode(new Uint8Array(dir.buffer, at + 46, nameLength));
    if (!isClutter(name)) {
      files += 1;
      unpacked += dir.getUint32(at + 24, true);
    }
    at += 46 + nameLength + dir.getUint16(at + 30, true) + dir.getUint16(at + 32, true);
  }
  return { files, unpacked };
}

const isClutter = (path) => path.endsWith('/') || path.split('/')[0] === '__MACOSX' || path.split('/').pop() === '.DS_Store';
