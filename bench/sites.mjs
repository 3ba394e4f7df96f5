// Big zipped sites (issue 15): how long a 50 MB zip at each site cap takes to be checked (the
// 201) and stored (live), against a 50 MB single file dropped to the same Worker in the same run,
// and how long a file deep inside a 20,000-file site takes to serve against a one-file page.
import { randomBytes } from 'node:crypto';
import * as fx from '../tests/support/fixtures.mjs';
import { SITE_MAX_FILES } from '../web/src/intake.js';

const MB = 1024 * 1024;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;

/** Drops `file` and returns the times to the 201 and to live, and the read body. */
async function timedDrop(app, owner, file) {
  const t0 = performance.now();
  const res = await app.drop(owner, { file, fields: { scope: 'personal', visibility: 'link', name: 'bench-site' } });
  if (res.status !== 201) throw new Error(`drop of ${file.name} failed: ${res.status} ${res.text.slice(0, 300)}`);
  const created = performance.now() - t0;
  const body = await app.waitFor(owner, res.body.entity_id, (b) => b.status === 'live', 300_000);
  return { created, live: performance.now() - t0, body };
}

/** Bytes that deflate about 56:1, inside the 100:1 bomb guard: 16 KB of noise in every MB. */
function compressible(bytes) {
  const chunks = [];
  for (let at = 0; at < bytes; at += MB) {
    const chunk = Buffer.alloc(MB, 0x20);
    randomBytes(16 * 1024).copy(chunk, 0);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

export async function benchSites(app, owner, line) {
  const baseline = await timedDrop(app, owner, { name: 'big.html', content: Buffer.alloc(49 * MB, 'a') });
  line('drop: 49 MB HTML file, to live (baseline)', ms(baseline.live));

  const files = [{ name: 'index.html', content: '<!doctype html><title>Docs</title><h1>Docs</h1>' }];
  const each = Math.floor((48 * MB) / SITE_MAX_FILES);
  for (let i = 1; i < SITE_MAX_FILES; i += 1) {
    files.push({ name: `api/m${Math.floor(i / 100)}/item_${i}.html`, content: randomBytes(each).toString('base64').slice(0, each) });
  }
  const manyZip = fx.zip(files);
  const many = await timedDrop(app, owner, { name: 'docs.zip', content: manyZip });
  line(`drop: ${(manyZip.length / MB).toFixed(0)} MB zip of ${SITE_MAX_FILES} files, to 201`, ratio(many.created, baseline.live), ms(many.created));
  line(`drop: ${(manyZip.length / MB).toFixed(0)} MB zip of ${SITE_MAX_FILES} files, to live`, ratio(many.live, baseline.live), ms(many.live));

  const big = compressible(50 * MB);
  const unpacked = [{ name: 'index.html', content: '<h1>Data</h1>' }];
  for (let i = 0; i < 20; i += 1) unpacked.push({ name: `data/part-${i}.json`, content: big });
  const bigZip = fx.zip(unpacked);
  const inflating = await timedDrop(app, owner, { name: 'data.zip', content: bigZip });
  line(`drop: ${(bigZip.length / MB).toFixed(0)} MB zip unpacking to 1000 MB, to 201`, ratio(inflating.created, baseline.live), ms(inflating.created));

  const onePage = await timedDrop(app, owner, { name: 'page.html', content: files[1].content });
  const deep = `${many.body.url.replace(/\/$/, '')}/api/m${Math.floor((SITE_MAX_FILES - 1) / 100)}/item_${SITE_MAX_FILES - 1}.html`;
  const get = async (url) => {
    const t0 = performance.now();
    const res = await app.open(url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return performance.now() - t0;
  };
  const times = async (url) => { const xs = []; for (let i = 0; i < 15; i += 1) xs.push(await get(url)); return median(xs); };
  const page = await times(onePage.body.url);
  const deepFile = await times(deep);
  line('serve: a file deep in the 20,000-file site (link url)', ratio(deepFile, page), `${ms(deepFile)} vs ${ms(page)} for a one-file page`);
}
