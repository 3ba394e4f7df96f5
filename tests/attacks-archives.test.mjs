// Hostile zipped sites beyond tests/inspirations-create.test.mjs's (which holds `../`, absolute paths,
// symlinks, duplicates, bombs and lying sizes): the Windows spellings of a path out of the
// archive, names with control characters (a NUL, an escape sequence, a header line), a name that
// is both a file and a folder, password-protected entries. Each is 422 CONTENT_MALFORMED before
// anything is stored. Then what a site may hold, as README "Security" decides: paths are
// case-sensitive, and a folder named like a host stays a folder of its own origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError } from './support/harness.mjs';
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
