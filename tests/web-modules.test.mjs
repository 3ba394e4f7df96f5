// Unit tests of the web app's pure modules (web/src: format.js, intake.js, zip.js, state.js), run
// in Node as they are: no Worker and no browser, so their rules are pinned down one by one. The zip
// writer's output is read back by Python's zipfile, and the zip reader reads zips Python wrote.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ago, bytes, count, expiry, hue, placeOf, reactionEntries, reactionTotal, statusLabel, webUrl } from '../web/src/format.js';
import { deriveName, fromFileList, siteOverCaps, sourceTypeOf, SITE_MAX_FILES } from '../web/src/intake.js';
import { crc32, zip, zipContents } from '../web/src/zip.js';
import { mergeItem, resetList, state } from '../web/src/state.js';
import { PYTHON, writtenBy } from './support/python.mjs';
import { scratchDir } from './support/scratch.mjs';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const DAY = 86_400_000;

test('counts, sizes and ages read as people say them', () => {
  assert.equal(count(0), '0');
  assert.equal(count(undefined), '0');
  assert.equal(count(1234), '1.2K');
  assert.equal(bytes(512), '512 B');
  assert.equal(bytes(2048), '2.0 KB');
  assert.equal(bytes(50 * 1024), '50 KB');
  assert.equal(bytes(3.5 * 1024 * 1024), '3.5 MB');
  assert.equal(ago(new Date(NOW - 20_000).toISOString(), NOW), 'just now');
  assert.equal(ago(new Date(NOW - 5 * 60_000).toISOString(), NOW), '5 min ago');
  assert.equal(ago(new Date(NOW - 3 * 3_600_000).toISOString(), NOW), '3 h ago');
  assert.equal(ago(new Date(NOW - DAY).toISOString(), NOW), '1 day ago');
  assert.equal(ago(new Date(NOW - 12 * DAY).toISOString(), NOW), '12 days ago');
  assert.equal(ago('2025-01-05T12:00:00Z', NOW), 'Jan 5, 2025');
});

test('the expiry countdown says pinned, hours, days or expired, and how soon', () => {
  const at = (ms) => ({ expires_at: new Date(NOW + ms).toISOString() });
  assert.deepEqual(expiry({ expires_at: null }, NOW), { text: 'Pinned', tone: 'pinned' });
  assert.deepEqual(expiry({ expires_at: null, pinned: false }, NOW), { text: 'No expiry', tone: 'pinned' });
  assert.deepEqual(expiry(at(-1), NOW), { text: 'Expired', tone: 'expired' });
  assert.deepEqual(expiry(at(30 * 60_000), NOW), { text: 'Expires in < 1 h', tone: 'soon' });
  assert.deepEqual(expiry(at(5 * 3_600_000), NOW), { text: 'Expires in 5 h', tone: 'soon' });
  assert.deepEqual(expiry(at(DAY + 1), NOW), { text: 'Expires in 2 days', tone: 'soon' });
  assert.deepEqual(expiry(at(12 * DAY), NOW), { text: 'Expires in 12 days', tone: 'later' });
});

test('reactions list the pressable kinds first, then retired and unknown keys read-only', () => {
  const entries = reactionEntries({ useful: 2, love: 1, brand_new: 4 });
  assert.deepEqual(entries.map(([k, , , pressable, n]) => [k, pressable, n]), [
    ['sparked', true, 0], ['useful', true, 2], ['build_on', true, 0], ['impressive', true, 0], ['discuss', true, 0],
    ['love', false, 1], ['brand_new', false, 4],
  ]);
  assert.equal(entries.find(([k]) => k === 'brand_new')[2], 'brand new');
  assert.equal(reactionTotal({ useful: 2, love: 1, odd: 'x' }), 3);
  assert.equal(reactionTotal(), 0);
  assert.equal(statusLabel('provisioning'), 'Starting');
  assert.equal(statusLabel('something_new'), 'something_new');
});

test("an Inspiration's place is read from its serving URL", () => {
  assert.deepEqual(placeOf('https://link.example/acme/s/design/deck'), { scope: 'space', space: 'design' });
  assert.deepEqual(placeOf('https://link.example/acme/u/ana/notes'), { scope: 'personal', user: 'ana' });
  assert.deepEqual(placeOf('https://link.example/acme/deck'), { scope: 'org' });
  assert.deepEqual(placeOf('not a url'), { scope: 'org' });
  assert.equal(hue('deck'), hue('deck'));
  assert.ok(hue('deck') >= 0 && hue('deck') < 360);
});

test('links drawn from what others wrote are http(s) or nothing', () => {
  assert.equal(webUrl('https://link.example/o/x/'), 'https://link.example/o/x/');
  assert.equal(webUrl('http://localhost:8787/a'), 'http://localhost:8787/a');
  for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>x', 'vbscript:x', '/relative', '', null, undefined]) {
    assert.equal(webUrl(bad), null, String(bad));
  }
});

test('names derive by the same rule as plug (cli/src/pack.rs)', () => {
  assert.equal(deriveName('Q3 Plan (final)'), 'q3-plan-final');
  assert.equal(deriveName('my_site'), 'my-site');
  assert.equal(deriveName('--Hello--World--'), 'hello-world');
  assert.equal(deriveName('2024 report'), 'drop-2024-report');
  assert.equal(deriveName('日本語'), 'drop');
  assert.equal(deriveName('a'), 'a-drop');
  assert.equal(deriveName('ab'), 'ab-drop');
  assert.equal(deriveName('abc'), 'abc');
  assert.equal(deriveName('the quarterly planning document for the whole engineering org'), 'the-quarterly-planning-document-for-the');
  assert.equal(deriveName('x'.repeat(60)).length, 40);
});

test('file types come from extensions, and a site over the caps is refused with a reason', () => {
  assert.equal(sourceTypeOf('Deck.PPTX'), 'pptx');
  assert.equal(sourceTypeOf('app.tsx'), 'react_single_file');
  assert.equal(sourceTypeOf('site.zip'), 'html');
  assert.equal(sourceTypeOf('notes.txt'), null);
  assert.equal(sourceTypeOf('Makefile'), null);
  assert.equal(siteOverCaps(10, 1024), null);
  assert.match(siteOverCaps(SITE_MAX_FILES + 1, 0), /at most 20,000/);
  assert.match(siteOverCaps(1, 2 * 1024 * 1024 * 1024), /unpacks to 2048 MB/);
});

/** A File as an <input type=file webkitdirectory> gives it: with its path under the folder. */
function picked(path, text = 'x') {
  const file = new File([text], path.split('/').pop(), { type: 'text/plain' });
  Object.defineProperty(file, 'webkitRelativePath', { value: path.includes('/') ? path : '' });
  return file;
}

test('picked files become drops: a folder with index.html one site, other files one drop each', () => {
  const drops = fromFileList([
    picked('My Site/index.html', '<h1>hi</h1>'),
    picked('My Site/css/site.css', 'h1{}'),
    picked('My Site/.git/config'),
    picked('My Site/node_modules/x/index.js'),
    picked('Q3 Plan.pdf'),
    picked('notes.txt'),
  ]);
  assert.equal(drops.length, 3);
  const [site, pdf, txt] = drops;
  assert.equal(site.name, 'my-site');
  assert.equal(site.sourceType, 'html');
  assert.deepEqual(site.entries.map((e) => e.path), ['index.html', 'css/site.css']);
  assert.equal(site.count, 2);
  assert.equal(pdf.name, 'q3-plan');
  assert.equal(pdf.displayName, 'Q3 Plan');
  assert.equal(pdf.sourceType, 'pdf');
  assert.match(txt.problem, /\.txt files are not something Plug can serve/);
  const [noIndex] = fromFileList([picked('docs/readme.md')]);
  assert.match(noIndex.problem, /needs an index\.html/);
});

test('the zip writer writes zips that Python reads back, and its reader reads zips Python wrote', async () => {
  const long = 'Plug '.repeat(2000);
  const entries = [
    { path: 'index.html', file: new File([long], 'index.html', { lastModified: Date.parse('2026-01-02T03:04:06') }) },
    { path: 'img/logo.png', file: new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'logo.png') },
    { path: 'docs/ünïcode.md', file: new File(['# hé'], 'ünïcode.md') },
  ];
  const progress = [];
  const blob = await zip(entries, (done, total) => progress.push(`${done}/${total}`));
  assert.deepEqual(progress, ['1/3', '2/3', '3/3']);
  assert.ok(blob.size < long.length, 'the text entry is deflated');
  const dir = scratchDir('web-zip');
  const path = join(dir, 'site.zip');
  writeFileSync(path, Buffer.from(await blob.arrayBuffer()));
  const read = JSON.parse(execFileSync(PYTHON, ['-c', `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    assert z.testzip() is None
    print(json.dumps([[i.filename, i.compress_type, z.read(i).decode('latin-1')] for i in z.infolist()]))
`, path]).toString());
  // Deflated (8) when that makes it smaller; stored (0) when packed already or too small to gain.
  assert.deepEqual(read.map(([name, method]) => [name, method]), [['index.html', 8], ['img/logo.png', 0], ['docs/ünïcode.md', 0]]);
  assert.equal(read[0][2], long);
  assert.deepEqual(await zipContents(blob), { files: 3, unpacked: long.length + 7 + Buffer.byteLength('# hé') });

  const python = writtenBy(`
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
    z.writestr('site/', '')
    z.writestr('site/index.html', '<p>' + 'a' * 1000)
    z.writestr('__MACOSX/site/._index.html', 'junk')
    z.writestr('site/.DS_Store', 'junk')
`, 'python.zip');
  assert.deepEqual(await zipContents(new Blob([python])), { files: 1, unpacked: 1003 });
  assert.equal(await zipContents(new Blob([readFileSync(path).subarray(0, 40)])), null);
  assert.equal(crc32(new TextEncoder().encode('123456789')), 0xcbf43926);
});

test('the list state merges fresh fields into loaded rows and a reset starts a new generation', () => {
  resetList();
  const before = state.generation;
  const row = { entity_id: 'e1', display_name: 'Old', view_count: 1 };
  state.items.push(row);
  state.byId.set('e1', row);
  assert.equal(mergeItem({ entity_id: 'e1', display_name: 'New' }), row);
  assert.deepEqual(row, { entity_id: 'e1', display_name: 'New', view_count: 1 });
  assert.equal(mergeItem({ entity_id: 'e2', display_name: 'Elsewhere' }), null);
  state.cursor = 'abc';
  resetList();
  assert.equal(state.generation, before + 1);
  assert.deepEqual([state.items, state.byId.size, state.cursor, state.done], [[], 0, null, false]);
});
