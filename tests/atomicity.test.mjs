// Every multi-statement change is one D1 batch, one transaction (issue 16): a failure injected
// between two of its statements leaves nothing half-done. The Worker runs with PLUG_TEST_HOOKS=on, so
// a request may carry `X-Plug-Fault: <batch>:<after>` and its `batch`-th batch fails right after
// `after` statements, as a crash between two writes would. Each test then reads the local D1
// database itself: the rows, the counters and the rate-limit events are exactly as before.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError, unique } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';
import { settleWithin } from './support/worker.mjs';

let app;
before(async () => { app = await startWorker({ vars: { PLUG_TEST_HOOKS: 'on' } }); });
after(async () => { await app?.stop(); });

const fault = (spec) => ({ 'x-plug-fault': spec });

/** Everything a failed write could have touched, as plain numbers. */
async function snapshot() {
  const count = async (table) => (await app.sql(`SELECT count(*) AS n FROM ${table}`))[0].n;
  return {
    entities: await count('entities'),
    siteFiles: await count('site_files'),
    links: await count('links'),
    visibilitySpaces: await count('visibility_spaces'),
    reactions: await count('reactions'),
    reactionCounts: JSON.stringify(await app.sql('SELECT entity_id, kind, count FROM reaction_counts ORDER BY 1, 2')),
    reactionTotals: JSON.stringify(await app.sql('SELECT entity_id, reaction_total FROM entities ORDER BY 1')),
    feedback: await count('feedback'),
    rateEvents: await count('rate_events'),
    blobs: app.r2BlobCount(),
  };
}

test('a drop that fails between its statements leaves no row, no index, no rate-limit slot and no object', async () => {
  const { owner } = await app.world();
  const source = await app.dropLive(owner, {});
  const before = await snapshot();
  // Batch 1 is the sign-in; batch 2 admits the two create limits, then writes the entity, the
  // site index, the inspired_by link and reads it back. Fail it at every seam.
  for (const after of [1, 2, 3, 4]) {
    const res = await app.drop(owner, {
      file: { name: 'site.zip', content: fx.site() },
      fields: { name: unique('torn'), inspired_by: source.entity_id },
      headers: fault(`2:${after}`),
    });
    expectError(assert, res, 500, 'INTERNAL');
  }
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(await snapshot(), before, 'nothing of the four failed drops is left');
  const ok = await app.drop(owner, { file: { name: 'site.zip', content: fx.site() }, fields: { inspired_by: source.entity_id } });
  assert.equal(ok.status, 201, 'the next drop goes through');
  const rows = await app.sql('SELECT count(*) AS n FROM site_files WHERE entity_id = ?', ok.body.entity_id);
  assert.ok(rows[0].n > 0, 'a whole drop writes its index');
});

test('a reaction toggle that fails half way keeps the reaction and both counters as they were', async () => {
  const { owner, member } = await app.world();
  const page = await app.dropLive(owner, {});
  const on = await app.request('POST', `/api/v2/inspirations/${page.entity_id}/reactions`, { token: member.token, json: { kind: 'sparked' } });
  assert.equal(on.status, 200);
  assert.equal(on.body.reactions.sparked, 1);
  const before = await snapshot();
  // Batch 2 is the toggle: take back, put on, read back. Fail after the take-back.
  const torn = await app.request('POST', `/api/v2/inspirations/${page.entity_id}/reactions`, {
    token: member.token, json: { kind: 'sparked' }, headers: fault('2:1'),
  });
  expectError(assert, torn, 500, 'INTERNAL');
  const after = await snapshot();
  assert.equal(after.reactions, before.reactions, 'the reaction row is still there');
  assert.equal(after.reactionCounts, before.reactionCounts, 'the per-kind count did not move');
  assert.equal(after.reactionTotals, before.reactionTotals, "the entity's total did not move");
  // The limit slot of the failed toggle was admitted in the sign-in batch before it: that one
  // request counts against the user's minute, as any request that reached the Worker does.
  assert.equal(after.rateEvents, before.rateEvents + 1);
  const read = await app.request('GET', `/api/v2/inspirations/${page.entity_id}`, { token: member.token });
  assert.equal(read.body.reactions.sparked, 1);
  const off = await app.request('POST', `/api/v2/inspirations/${page.entity_id}/reactions`, { token: member.token, json: { kind: 'sparked' } });
  assert.equal(off.body.reactions.sparked, 0, 'the next toggle takes it back');
  assert.deepEqual(off.body.user_reactions, []);
});

test('an update or a visibility change that fails half way changes nothing', async () => {
  const { owner } = await app.world();
  const page = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link', display_name: 'Before' } });
  const before = await snapshot();
  // Batch 2 writes the columns, then replaces the listed spaces, then reads back: fail after the
  // columns are written.
  const update = await app.request('PATCH', `/api/v2/inspirations/${page.entity_id}`, {
    token: owner.token, json: { display_name: 'After', visibility: 'private' }, headers: fault('2:1'),
  });
  expectError(assert, update, 500, 'INTERNAL');
  const visibility = await app.request('PATCH', `/api/v2/inspirations/${page.entity_id}/visibility`, {
    token: owner.token, json: { visibility: 'private' }, headers: fault('2:1'),
  });
  expectError(assert, visibility, 500, 'INTERNAL');
  assert.deepEqual(await snapshot(), before);
  const read = await app.request('GET', `/api/v2/inspirations/${page.entity_id}`, { token: owner.token });
  assert.equal(read.body.display_name, 'Before');
  assert.equal(read.body.visibility, 'link');
  assert.equal((await app.open(page.url)).status, 200, 'still open to anyone with the link');
});

test('feedback that fails after its rate-limit admissions leaves neither the entry nor the slots', async () => {
  const { owner } = await app.world();
  const page = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const send = (headers = {}) => app.request('POST', `/api/v2/entities/${page.entity_id}/feedback`, {
    json: { category: 'comment', text: 'half', source: 'badge' }, headers: { 'cf-connecting-ip': '198.51.100.7', ...headers },
  });
  const before = await snapshot();
  for (const after of [1, 2]) assert.equal((await send(fault(`1:${after}`))).status, 500);
  assert.deepEqual(await snapshot(), before);
  // All five of this IP's slots are still free: a refused or failed entry counted for nothing.
  for (let i = 0; i < 5; i += 1) assert.equal((await send()).status, 200, `entry ${i + 1} of 5`);
  assert.equal((await send()).status, 429);
});

test('refused uploads of every type leave no row, no object and no rate-limit slot: twelve in a row, then a drop goes through', async () => {
  const { owner } = await app.world();
  const before = await snapshot();
  const office = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
  const refused = [
    ['html', 'index.html', ''], ['html', 'site.zip', fx.site().subarray(0, 200)], ['react_single_file', 'App.jsx', '\uFEFF'],
    ['markdown', 'notes.md', fx.png()], ['pdf', 'report.pdf', fx.html('Report')], ['pdf', 'report.pdf', fx.pdf().subarray(0, 40)],
    ['docx', 'plan.docx', office], ['xlsx', 'book.xlsx', 'Region,Revenue\nNorth,120\n'], ['pptx', 'deck.pptx', fx.pptx().subarray(0, 90)],
    ['image', 'photo.png', fx.png().subarray(0, 33)], ['image', 'photo.jpg', fx.pdf()], ['image', 'logo.svg', '<svg'],
  ];
  for (const [source_type, name, content] of refused) {
    const res = await app.drop(owner, { file: { name, content }, fields: { source_type, name: unique('bad') } });
    expectError(assert, res, 422, 'CONTENT_MALFORMED');
  }
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(await snapshot(), before, 'nothing of the twelve refused drops is left');
  const ok = await app.drop(owner, { fields: { name: unique('good') } });
  assert.equal(ok.status, 201, `the create limit (10 a minute) counted none of them: ${ok.text}`);
});

test('the fault switch is off unless the instance turned it on', async () => {
  const plain = await startWorker();
  try {
    const { owner } = await plain.world();
    const res = await plain.drop(owner, { fields: { name: unique('safe') }, headers: fault('2:1') });
    assert.equal(res.status, 201, 'the header is ignored');
  } finally {
    await plain.stop();
  }
});

/** Runs the Worker's ten-minute sweep the way Cloudflare's scheduler would. */
async function runSweep() {
  for (const path of ['/cdn-cgi/local/scheduled', '/cdn-cgi/mf/scheduled', '/__scheduled']) {
    const res = await app.request('GET', `${path}?cron=*/10+*+*+*+*`, { origin: 'serve' });
    if (res.status === 200) return;
  }
  throw new Error('no scheduled trigger endpoint answered');
}

test('a Worker killed in the middle of uploads leaves no half-written drop, and answers again', async (t) => {
  const { owner } = await app.world();
  const blobsBefore = app.r2BlobCount();
  const page = fx.html('Crash', `<p>${'x'.repeat(2 * 1024 * 1024)}</p>`);
  let landed;
  const firstLanded = new Promise((r) => { landed = r; });
  const uploads = Array.from({ length: 12 }, (_, i) => {
    const file = i % 3 === 0 ? { name: 'site.zip', content: fx.site() } : { name: 'page.html', content: page };
    return app.drop(owner, { file, fields: { name: unique('crash') } })
      .then((res) => { if (res.status === 201) landed(); return res; }, () => null);
  });
  await settleWithin(firstLanded, 10_000);
  await app.crashAndRestart({ PLUG_TEST_HOOKS: 'on' });
  const answered = (await Promise.all(uploads)).filter((r) => r?.status === 201).map((r) => r.body.entity_id);

  const rows = await app.sql("SELECT entity_id, status, source_type, file_name FROM entities WHERE name LIKE 'crash%'");
  for (const id of answered) assert.ok(rows.some((r) => r.entity_id === id), 'every 201 has its row');
  for (const row of rows.filter((r) => r.file_name === 'site.zip')) {
    const [index] = await app.sql('SELECT count(*) AS n FROM site_files WHERE entity_id = ?', row.entity_id);
    assert.ok(index.n > 0, 'a site row never stands without its index: they are one batch');
  }
  assert.ok(app.r2BlobCount() - blobsBefore <= rows.length, 'no object was stored without its row');

  // What the crash cut off before it was stored becomes failed with its reason at the sweep,
  // once past the deadline; never provisioning (503) forever.
  const stuck = rows.filter((r) => r.status === 'provisioning');
  t.diagnostic(`12 uploads: ${answered.length} answered 201 before the kill, ${rows.length} rows, ${stuck.length} cut off before stored`);
  for (const row of stuck) {
    await app.mustAdmin('PATCH', `/entities/${row.entity_id}`, { created_at: new Date(Date.now() - 3_600_000).toISOString() });
  }
  await runSweep();
  await new Promise((r) => setTimeout(r, 500));
  for (const row of rows) {
    const read = await app.request('GET', `/api/v2/inspirations/${row.entity_id}`, { token: owner.token });
    assert.equal(read.status, 200);
    assert.ok(['live', 'failed'].includes(read.body.status), `settled: ${read.body.status}`);
    if (read.body.status === 'live') {
      const served = await app.open(`${app.contentUrl(row.entity_id)}/`, { token: owner.token });
      assert.equal(served.status, 200, 'a live drop is really stored');
    }
  }
  const again = await app.dropLive(owner, { fields: { name: unique('after') } });
  assert.equal(again.status, 'live', 'the restarted Worker takes drops again');
});
