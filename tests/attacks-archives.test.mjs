// Hostile zipped sites beyond tests/inspirations-create.test.mjs's (which holds `../`, absolute paths,
// symlinks, duplicates, bombs and lying sizes): the Windows spellings of a path out of the
// archive, names with control characters (a NUL, an escape sequence, a header line), a name that
// is both a file and a folder, password-protected entries. Each is 422 CONTENT_MALFORMED before
// anything is stored. Then what a site may hold, as README "Security" decides: paths are
// case-sensitive, and a folder named like a host stays a folder of its own origin. Sweep 4 found
// the archive reading holding and keeps it so: what zip tools write around entries (a
// self-extracting stub, zip64 end records, two names for one entry's bytes) serves the right bytes
// at the right offsets; end records claiming more entries than there are, sizes past the file or
// short of it are 422; a comment holding a second archive gives one site, never a mix.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker, expectError, fetchLocal } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const index = { name: 'index.html', content: fx.html('Home') };

/** A zip whose second entry says it is encrypted (general-purpose flag bit 0), as `zip -e` writes. */
function encrypted() {
  const z = fx.zip([index, { name: 'secret.html', content: 'secret', store: true }]);
  for (const signature of [0x04034b50, 0x02014b50]) {
    let seen = 0;
    for (let i = 0; i + 4 <= z.length; i += 1) {
      if (z.readUInt32LE(i) !== signature) continue;
      seen += 1;
      if (seen === 2) z.writeUInt16LE(1, i + (signature === 0x04034b50 ? 6 : 8));
    }
  }
  return z;
}

test('Windows paths out of the archive, control characters, file-and-folder names and encrypted entries are 422', async () => {
  const cases = {
    backslashSlip: fx.zip([index, { name: '..\\evil.html', content: 'x' }]),
    backslashNested: fx.zip([index, { name: 'a\\..\\..\\evil.html', content: 'x' }]),
    mixedSlashes: fx.zip([index, { name: 'a/..\\../evil.html', content: 'x' }]),
    driveSlash: fx.zip([index, { name: 'C:/evil.html', content: 'x' }]),
    driveRelative: fx.zip([index, { name: 'C:evil.html', content: 'x' }]),
    unc: fx.zip([index, { name: '\\\\server\\share\\evil.html', content: 'x' }]),
    nul: fx.zip([index, { name: 'a\u0000.html', content: 'x' }]),
    escape: fx.zip([index, { name: 'a\u001b[31m.html', content: 'x' }]),
    headerLine: fx.zip([index, { name: 'a\r\nSet-Cookie: x=1.html', content: 'x' }]),
    fileAndFolder: fx.zip([index, { name: 'a', content: 'x' }, { name: 'a/b.html', content: 'y' }]),
    indexAsFolder: fx.zip([index, { name: 'index.html/', content: '' }]),
    encrypted: encrypted(),
  };
  const before = app.r2BlobCount();
  let owner;
  let n = 0;
  for (const [name, content] of Object.entries(cases)) {
    // Ten drops a minute per user (interface 8): a new user every few.
    if (n++ % 8 === 0) {
      const { owner: fresh } = await app.world();
      owner = fresh;
    }
    const res = await app.drop(owner, { file: { name: `${name}.zip`, content }, fields: { name: 'hostile' } });
    expectError(assert, res, 422, 'CONTENT_MALFORMED');
  }
  assert.equal(app.r2BlobCount(), before, 'nothing was stored');
});

test('a site\'s paths are case-sensitive and each name serves its own bytes', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, {
    file: { name: 'site.zip', content: fx.zip([index, { name: 'A.css', content: 'upper' }, { name: 'a.css', content: 'lower' }]) },
    fields: { scope: 'personal', visibility: 'link' },
  });
  const origin = app.contentUrl(e.entity_id);
  assert.equal((await app.request('GET', `${origin}/A.css`)).text, 'upper');
  assert.equal((await app.request('GET', `${origin}/a.css`)).text, 'lower');
  assert.equal((await app.request('GET', `${origin}/%41.css`)).text, 'upper');
});

/** Runs Info-ZIP's `zip` in a fresh folder holding `files` (and `out.zip`, when given), with
 * `args`; returns `out.zip`. */
function infoZip(files, args, existing) {
  const dir = mkdtempSync(join(tmpdir(), 'plug-zip-'));
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    if (existing) writeFileSync(join(dir, 'out.zip'), existing);
    execFileSync('zip', ['-q', ...args, 'out.zip', ...Object.keys(files)], { cwd: dir });
    return readFileSync(join(dir, 'out.zip'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The offset of the last `signature` in `z`. */
const lastOf = (z, signature) => {
  for (let i = z.length - 4; i >= 0; i -= 1) if (z.readUInt32LE(i) === signature) return i;
  return -1;
};
/** The central-directory record of `name` in `z`. */
const centralOf = (z, name) => {
  for (let i = 0; i + 46 <= z.length; i += 1) {
    if (z.readUInt32LE(i) !== 0x02014b50) continue;
    if (z.subarray(i + 46, i + 46 + z.readUInt16LE(i + 28)).toString() === name) return i;
  }
  return -1;
};

test('what zip tools write around the entries: a self-extracting stub, zip64 records, overlapping entries; and their lies', async () => {
  const files = {
    'index.html': '<!doctype html><title>Home</title><h1>home</h1>',
    'clip.bin': Buffer.from(Array.from({ length: 10_240 }, (_, i) => i % 251)),
  };
  const stored = infoZip(files, ['-0']);
  const stub = Buffer.alloc(5000, 0x4d); // an unzipsfx-sized stub before the archive
  const withEocd = (z, edit) => { const c = Buffer.from(z); edit(c); return c; };
  const zip64 = infoZip(files, ['-0', '-fz']);
  assert.ok(lastOf(zip64, 0x06064b50) > 0, 'zip -fz writes a zip64 end record');
  const eocd64 = lastOf(zip64, 0x06064b50);
  const eocd = lastOf(stored, 0x06054b50);
  const clip = centralOf(stored, 'clip.bin');
  // A second central record `clap.bin` pointing at clip.bin's local header and bytes.
  const overlapping = (() => {
    const size = stored.readUInt32LE(eocd + 12);
    const start = stored.readUInt32LE(eocd + 16);
    const record = Buffer.from(stored.subarray(clip, clip + 46 + 8 + stored.readUInt16LE(clip + 30) + stored.readUInt16LE(clip + 32)));
    record.write('clap.bin', 46);
    const end = Buffer.from(stored.subarray(eocd));
    end.writeUInt16LE(3, 8); end.writeUInt16LE(3, 10); end.writeUInt32LE(size + record.length, 12);
    return Buffer.concat([stored.subarray(0, start + size), record, end]);
  })();
  const live = {
    selfExtractingAsCat: Buffer.concat([stub, stored]),
    // `zip -A` after the stub is put in front, as unzipsfx's manual says: offsets then count it.
    selfExtractingAdjusted: infoZip({}, ['-A'], Buffer.concat([stub, stored])),
    zip64,
    overlapping,
  };
  const refused = {
    zip64ClaimsBillions: withEocd(zip64, (c) => { c.writeBigUInt64LE(2n ** 40n, eocd64 + 24); c.writeBigUInt64LE(2n ** 40n, eocd64 + 32); }),
    eocdClaims65535: withEocd(stored, (c) => { c.writeUInt16LE(65535, eocd + 8); c.writeUInt16LE(65535, eocd + 10); }),
    sizeBeyondTheFile: withEocd(stored, (c) => { c.writeUInt32LE(10_000_000, clip + 20); c.writeUInt32LE(10_000_000, clip + 24); }),
    sizeShorterThanStored: withEocd(stored, (c) => { c.writeUInt32LE(100, clip + 20); c.writeUInt32LE(100, clip + 24); }),
  };
  let owner;
  let n = 0;
  const user = async () => { if (n++ % 8 === 0) ({ owner } = await app.world()); return owner; };
  for (const [name, content] of Object.entries(refused)) {
    const before = app.r2BlobCount();
    const res = await app.drop(await user(), { file: { name: `${name}.zip`, content }, fields: { name: 'hostile' } });
    expectError(assert, res, 422, 'CONTENT_MALFORMED');
    assert.equal(app.r2BlobCount(), before, `${name}: nothing was stored`);
  }
  for (const [name, content] of Object.entries(live)) {
    const by = await user();
    const res = await app.drop(by, { file: { name: `${name}.zip`, content }, fields: { name: 'tool-zip', scope: 'personal', visibility: 'link' } });
    assert.equal(res.status, 201, `${name}: ${res.text}`);
    const e = await app.waitFor(by, res.body.entity_id, (b) => b.status !== 'provisioning');
    assert.equal(e.status, 'live', name);
    const origin = app.contentUrl(e.entity_id);
    assert.match((await app.request('GET', `${origin}/`)).text, /<h1>home<\/h1>/, name);
    for (const path of name === 'overlapping' ? ['/clip.bin', '/clap.bin'] : ['/clip.bin']) {
      const whole = await fetchLocal(`${origin}${path}`);
      assert.ok(Buffer.from(await whole.arrayBuffer()).equals(files['clip.bin']), `${name} ${path}`);
      // A range of a stored file is read from the archive at the offset Plug recorded.
      const part = await fetchLocal(`${origin}${path}`, { headers: { range: 'bytes=5000-5099' } });
      assert.equal(part.status, 206, `${name} ${path}`);
      assert.ok(Buffer.from(await part.arrayBuffer()).equals(files['clip.bin'].subarray(5000, 5100)), `${name} ${path} range`);
    }
  }
});

test('an archive whose comment holds a second archive is read as one: the site served is the one its files come from', async () => {
  const { owner } = await app.world();
  const outer = fx.zip([{ name: 'index.html', content: '<h1>outer</h1>' }, { name: 'outer.css', content: 'outer' }]);
  const inner = fx.zip([{ name: 'index.html', content: '<h1>inner</h1>' }, { name: 'inner.css', content: 'inner' }]);
  const z = Buffer.concat([outer, inner]);
  z.writeUInt16LE(inner.length, lastOf(outer, 0x06054b50) + 20); // the outer end record's comment length
  const res = await app.drop(owner, { file: { name: 'two.zip', content: z }, fields: { name: 'two-in-one', scope: 'personal', visibility: 'link' } });
  if (res.status !== 201) { expectError(assert, res, 422, 'CONTENT_MALFORMED'); return; }
  const e = await app.waitFor(owner, res.body.entity_id, (b) => b.status !== 'provisioning');
  assert.equal(e.status, 'live');
  const origin = app.contentUrl(e.entity_id);
  const home = (await app.request('GET', `${origin}/`)).text;
  const which = /<h1>inner<\/h1>/.test(home) ? 'inner' : 'outer';
  const other = which === 'inner' ? 'outer' : 'inner';
  assert.match(home, new RegExp(`<h1>${which}</h1>`));
  assert.equal((await app.request('GET', `${origin}/${which}.css`)).text, which);
  assert.equal((await app.request('GET', `${origin}/${other}.css`)).status, 404, 'never a mix of the two');
});
