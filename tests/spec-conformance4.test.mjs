// A fourth reading of the interface to the letter (openapi.yaml, docs/api.md, docs/model.md "Wire
// details"): what rounds 1 to 3 left unchecked. The create form takes one value per field (4.1:
// `file` is one binary, each other field one string) and only `inspired_by` repeats (UUID[]), so
// a field sent twice is refused rather than half of it silently dropped.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError } from './support/harness.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const FIELDS = { name: 'twice', scope: 'org', visibility: 'org', source_type: 'html', uploaded_via: 'api' };
const page = (text) => new Blob([`<!doctype html><title>${text}</title><h1>${text}</h1>`], { type: 'text/html' });

/** A create form: `FIELDS` with `extra` appended (arrays append once per value), then `files`. */
function form(extra = {}, files = [['index.html', page('one')]]) {
  const f = new FormData();
  for (const [k, v] of Object.entries(FIELDS)) if (!(k in extra)) f.append(k, v);
  for (const [k, v] of Object.entries(extra)) (Array.isArray(v) ? v : [v]).forEach((x) => f.append(k, x));
  for (const [name, blob] of files) f.append('file', blob, name);
  return f;
}

test('a create form with two files, or any single-valued field twice, is 400 VALIDATION_FAILED naming it, and stores nothing', async () => {
  const { owner, grid } = await app.world();
  const create = (f) => app.request('POST', '/api/v2/inspirations', { token: owner.token, grid: grid.slug, form: f });

  const two = await create(form({}, [['index.html', page('one')], ['about.html', page('two')]]));
  const err = expectError(assert, two, 400, 'VALIDATION_FAILED');
  assert.deepEqual(err.details.map((d) => [d.field, d.issue]), [['file', 'repeated']], two.text);
  assert.match(err.details[0].hint, /\.zip/, 'the hint says how to drop several files');

  for (const [field, values] of [
    ['name', ['first', 'second']],
    ['display_name', ['One', 'Two']],
    ['scope', ['org', 'personal']],
    ['visibility', ['org', 'org']],
    ['source_type', ['html', 'html']],
    ['uploaded_via', ['api', 'cli']],
    ['expires_in_days', ['7', '30']],
  ]) {
    const res = await create(form({ [field]: values }));
    const e = expectError(assert, res, 400, 'VALIDATION_FAILED');
    assert.deepEqual(e.details.map((d) => [d.field, d.issue]), [[field, 'repeated']], `${field}: ${res.text}`);
  }

  const list = await app.list(owner, '', { grid: grid.slug });
  assert.equal(list.body.total_returned, 0, 'nothing was stored');

  // inspired_by is the one list field: repeated once per id, as the CLI and the web app send it.
  const source = await app.dropLive(owner, { grid: grid.slug });
  const other = await app.dropLive(owner, { grid: grid.slug });
  const ok = await create(form({ inspired_by: [source.entity_id, other.entity_id] }));
  assert.equal(ok.status, 201, ok.text);
  assert.deepEqual([...ok.body.inspired_by].sort(), [source.entity_id, other.entity_id].sort());
});
