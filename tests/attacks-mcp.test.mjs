// /mcp attacked as an independent suite would: batches too long to answer, tool arguments that are
// huge, deeply nested or carry fields no tool has, tool calls at another person's drops, and
// methods Plug does not serve. Before, a JSON-RPC batch was parsed and answered whole, however
// long: a 46 MB batch of a million pings took seconds of the Worker's CPU and an answer as big.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, fetchLocal } from './support/harness.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const BATCH_MAX = 64; // crates/mcp/src/rpc.rs

const headersOf = (user, grid) => ({
  authorization: `Bearer ${user.token}`, 'x-platform-grid': grid.slug,
  'content-type': 'application/json', accept: 'application/json, text/event-stream',
});

async function post(headers, body) {
  const res = await fetchLocal(`${app.baseUrl}/mcp`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  let parsed = null;
  try { parsed = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, text, body: parsed };
}

const ping = (id) => ({ jsonrpc: '2.0', id, method: 'ping' });
const call = (id, name, args) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

test('a JSON-RPC batch longer than 64 messages is one 400 error, answered before the rest is parsed, and none of it runs', async () => {
  const { grid, owner } = await app.world();
  const headers = headersOf(owner, grid);
  const e = await app.dropLive(owner, { fields: { name: 'batched', scope: 'personal', visibility: 'private' } });

  // A batch of the cap is answered, message by message.
  const full = await post(headers, Array.from({ length: BATCH_MAX }, (_, i) => ping(i + 1)));
  assert.equal(full.status, 200, full.text.slice(0, 200));
  assert.equal(full.body.length, BATCH_MAX);
  assert.deepEqual(full.body.map((a) => a.id), Array.from({ length: BATCH_MAX }, (_, i) => i + 1));

  // One more is refused whole: its first message, an archive, does not run.
  const over = await post(headers, [call(1, 'archive', { id: e.entity_id }), ...Array.from({ length: BATCH_MAX }, (_, i) => ping(i + 2))]);
  assert.equal(over.status, 400, over.text.slice(0, 200));
  assert.equal(over.body.jsonrpc, '2.0');
  assert.equal(over.body.id, null);
  assert.equal(over.body.error.code, -32600);
  assert.match(over.body.error.message, /at most 64 messages/);
  const after = await app.read(owner, e.entity_id, { grid: grid.slug });
  assert.equal(after.body.status, 'live');

  // The million pings of 46 MB: refused at once, the answer a few dozen bytes, whatever follows
  // the 65th message (here, not even JSON) never parsed.
  const one = JSON.stringify(ping(1));
  const huge = `[${Array(1_200_000).fill(one).join(',')}, this is never read`;
  assert.ok(huge.length > 46_000_000, `${huge.length}`);
  const started = Date.now();
  const big = await post(headers, huge);
  const ms = Date.now() - started;
  assert.equal(big.status, 400, big.text.slice(0, 200));
  assert.equal(big.body.error.code, -32600);
  assert.match(big.body.error.message, /at most 64 messages/);
  assert.ok(big.text.length < 300);
  assert.ok(ms < 3000, `${ms} ms`);

  // A short batch still works, and one that is not JSON after its last message is a parse error.
  const short = await post(headers, [ping('a'), { jsonrpc: '2.0', method: 'notifications/initialized' }]);
  assert.equal(short.status, 200);
  assert.deepEqual(short.body.map((a) => a.id), ['a']);
  const broken = await post(headers, `[${one},${one}] trailing`);
  assert.equal(broken.status, 400);
  assert.equal(broken.body.error.code, -32700);
});

test('tool arguments that are huge, nested past the parser\'s depth or carry unknown fields change nothing', async () => {
  const { grid, owner } = await app.world();
  const headers = headersOf(owner, grid);
  const e = await app.dropLive(owner, { fields: { name: 'args', scope: 'personal', visibility: 'private' } });
  const answerOf = (res) => res.body?.result?.structuredContent?.error;

  // An unknown field: refused by the schema, nothing changed.
  const unknown = await post(headers, call(1, 'set_visibility', { id: e.entity_id, visibility: 'link', owner_id: 'someone-else' }));
  assert.equal(unknown.status, 200);
  assert.equal(unknown.body.result.isError, true);
  assert.equal(answerOf(unknown).code, 'VALIDATION_FAILED');
  // A 4 MB title: the API's length rule answers; nothing is created.
  const before = (await app.list(owner, '?limit=100', { grid: grid.slug })).body.items.length;
  const huge = await post(headers, call(2, 'drop', { file_name: 'a.html', content: '<p>hi</p>', title: 'x'.repeat(4 * 1024 * 1024) }));
  assert.equal(huge.status, 200);
  assert.equal(huge.body.result.isError, true, huge.text.slice(0, 300));
  assert.equal(answerOf(huge).code, 'VALIDATION_FAILED');
  // Arguments nested 10,000 deep: a parse error (the parser stops at its depth), not a crash.
  const deep = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read","arguments":{"id":${'['.repeat(10_000)}${']'.repeat(10_000)}}}}`;
  const nested = await post(headers, deep);
  assert.equal(nested.status, 400);
  assert.equal(nested.body.error.code, -32700);
  // The same depth inside a batch.
  const deepBatch = await post(headers, `[${deep}]`);
  assert.equal(deepBatch.status, 400);
  assert.equal(deepBatch.body.error.code, -32700);
  const read = await app.read(owner, e.entity_id, { grid: grid.slug });
  assert.equal(read.body.visibility, 'private');
  assert.equal((await app.list(owner, '?limit=100', { grid: grid.slug })).body.items.length, before);
  const health = await app.request('GET', '/healthz');
  assert.equal(health.status, 200);
});

test('a tool call at another person\'s private drop finds nothing and changes nothing; resources/read is not served', async () => {
  const { grid, owner, member } = await app.world();
  const e = await app.dropLive(owner, { fields: { name: 'mine', scope: 'personal', visibility: 'private' } });
  const headers = headersOf(member, grid);
  const calls = [
    ['read', { id: e.entity_id, include_text: true }],
    ['context', { id: e.entity_id }],
    ['set_visibility', { id: e.entity_id, visibility: 'link' }],
    ['archive', { id: e.entity_id }],
    ['pin', { id: e.entity_id, pin_reason: 'mine now' }],
    ['react', { id: e.entity_id, kind: 'useful' }],
  ];
  const missing = '00000000-0000-4000-8000-000000000000';
  for (const [name, args] of calls) {
    const res = await post(headers, [call(1, name, args), call(2, name, { ...args, id: missing })]);
    assert.equal(res.status, 200);
    const [theirs, none] = res.body;
    assert.equal(theirs.result.isError, true, `${name}: ${JSON.stringify(theirs).slice(0, 300)}`);
    assert.equal(theirs.result.structuredContent.error.code, 'NOT_FOUND', name);
    // Told apart from a missing id by nothing but the id itself.
    assert.equal(theirs.result.structuredContent.error.message.replaceAll(e.entity_id, 'ID'),
      none.result.structuredContent.error.message.replaceAll(missing, 'ID'), name);
    assert.doesNotMatch(JSON.stringify(theirs), /mine now|"name":"mine"/);
    // By name, as the tools also take it: the same.
    const byName = await post(headers, call(4, name, { ...args, id: 'mine' }));
    assert.equal(byName.body.result.isError, true, name);
    assert.equal(byName.body.result.structuredContent.error.code, 'NOT_FOUND', name);
  }
  // The list tool lists none of it either.
  const list = await post(headers, call(3, 'list', { limit: 100 }));
  assert.doesNotMatch(list.text, new RegExp(e.entity_id));
  const read = await app.read(owner, e.entity_id, { grid: grid.slug });
  assert.equal(read.body.status, 'live');
  assert.equal(read.body.visibility, 'private');
  assert.equal(read.body.pinned ?? false, false);
  // A drop the member may read (org): its feedback inbox is still the owner's and admins' alone.
  const team = await app.dropLive(owner, { fields: { name: 'team-page', scope: 'org', visibility: 'org' } });
  const sent = await app.request('POST', `/api/v2/entities/${team.entity_id}/feedback`, { json: { category: 'comment', source: 'badge', text: 'INBOX-only-owner-4k' } });
  assert.equal(sent.status, 200, sent.text);
  const theirs = await post(headers, call(5, 'context', { id: team.entity_id }));
  assert.equal(theirs.body.result.isError ?? false, false, theirs.text.slice(0, 300));
  assert.equal(theirs.body.result.structuredContent.feedback, null);
  assert.equal(theirs.body.result.structuredContent.feedback_error.code, 'FORBIDDEN');
  assert.doesNotMatch(theirs.text, /INBOX-only-owner-4k/);
  const own = await post(headersOf(owner, grid), call(6, 'context', { id: team.entity_id }));
  assert.match(own.text, /INBOX-only-owner-4k/);
  // Methods Plug does not serve are JSON-RPC errors, whatever id they name.
  for (const method of ['resources/read', 'resources/list', 'prompts/get']) {
    const res = await post(headers, { jsonrpc: '2.0', id: 9, method, params: { uri: `plug://inspirations/${e.entity_id}` } });
    assert.equal(res.status, 200);
    assert.equal(res.body.error.code, -32601, method);
    assert.doesNotMatch(res.text, /mine/);
  }
});
