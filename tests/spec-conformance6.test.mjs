// A sixth reading of the interface to the letter (openapi.yaml, docs/api.md): what rounds 1 to 5
// left open. A list parameter sent twice (the create form already refuses a repeated field); the
// feedback endpoint's Content-Type, which the interface names (`application/json`); the feedback's
// optional strings, where an empty one is none, as an empty link note is; and the events the
// interface does not show, which Plug does not publish.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError } from './support/harness.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const runtime = (grid, owner, fields = {}) => app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, {
  owner_id: owner.user_id, kind: 'app', name: `app-${Math.random().toString(36).slice(2, 8)}`, status: 'running', ...fields,
});

// The flat shape of the feedback POST (interface 4.12), readable by the badge on any origin.
const flat = (res, status, code) => {
  assert.equal(res.status, status, res.text.slice(0, 300));
  assert.deepEqual(Object.keys(res.body ?? {}).sort(), ['code', 'error'], res.text);
  assert.equal(res.body.code, code);
  assert.equal(typeof res.body.error, 'string');
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
};

// A new Inspiration; none of these checks needs it live (feedback is taken while it provisions, 3.2).
const made = async (user, options) => {
  const res = await app.drop(user, options);
  assert.equal(res.status, 201, res.text);
  return res.body;
};

let ip = 0;
const feedback = (entityId, body, contentType = 'application/json') => {
  ip += 1;
  const headers = { 'cf-connecting-ip': `198.51.100.${ip}` };
  if (contentType !== null) headers['content-type'] = contentType;
  // A Buffer body: fetch adds no Content-Type of its own, so `null` sends none at all.
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return app.request('POST', `/api/v2/entities/${entityId}/feedback`, { body: Buffer.from(raw), headers });
};

test('a list parameter sent twice is 400 VALIDATION_FAILED naming it, on every list, as the create form refuses a repeated field', async () => {
  const { owner, grid } = await app.world();
  const e = await made(owner, { grid: grid.slug });
  const rt = await runtime(grid, owner);
  const repeated = [
    ['/api/v2/inspirations?limit=1&limit=100', 'limit'],
    ['/api/v2/inspirations?sort=view_count_desc&sort=created_at_desc', 'sort'],
    [`/api/v2/inspirations?owner=me&owner=${owner.slug}`, 'owner'],
    ['/api/v2/inspirations?cursor=&limit=5&cursor=', 'cursor'],
    ['/api/v2/runtimes?kind=app&kind=agent', 'kind'],
    ['/api/v2/runtimes?limit=5&limit=5', 'limit'],
    [`/api/v2/runtimes?space_id=&space_id=${e.entity_id}`, 'space_id'],
    [`/api/v2/runtimes/${rt.entity_id}/inspirations?limit=1&limit=2`, 'limit'],
    [`/api/v2/inspirations/${e.entity_id}/inspired-runtimes?limit=5&limit=5`, 'limit'],
    [`/api/v2/entities/${e.entity_id}/feedback?limit=1&limit=1`, 'limit'],
  ];
  for (const [path, field] of repeated) {
    const error = expectError(assert, await app.request('GET', path, { token: owner.token, grid: grid.slug }), 400, 'VALIDATION_FAILED');
    assert.deepEqual(error.details.map((d) => [d.field, d.issue]), [[field, 'repeated']], path);
  }
  // A parameter the list does not read stays ignored, however often it comes.
  const plain = await app.list(owner, '?limit=1', { grid: grid.slug });
  const tagged = await app.list(owner, '?utm_source=a&limit=1&utm_source=b', { grid: grid.slug });
  assert.equal(tagged.status, 200, tagged.text);
  assert.deepEqual(tagged.body.items.map((i) => i.entity_id), plain.body.items.map((i) => i.entity_id));
});

test('feedback takes its JSON under a JSON Content-Type only: text/plain, a form or none is a flat 415 and stores nothing', async () => {
  const { owner } = await app.world();
  const e = await made(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const entry = { category: 'comment', text: 'typed', source: 'badge' };
  for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', null, '', 'text/json', 'application/jsonp']) {
    const res = await feedback(e.entity_id, entry, type);
    flat(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    assert.match(res.body.error, /application\/json/, 'the error names the type to send');
  }
  // The type is checked before the body: a wrong type with a bad body is still 415.
  flat(await feedback(e.entity_id, '{', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON ; charset="UTF-8"']) {
    const res = await feedback(e.entity_id, entry, type);
    assert.equal(res.status, 200, `${type}: ${res.text}`);
    assert.deepEqual(res.body, { ok: true });
  }
  const inbox = await app.request('GET', `/api/v2/entities/${e.entity_id}/feedback?limit=100`, { token: owner.token });
  assert.equal(inbox.body.items.length, 3, 'only the JSON-typed entries are stored');
});

test('feedback: an empty or blank user_agent or page_url is stored as none (null), as an empty link note is, and the rest trimmed', async () => {
  const { owner, grid } = await app.world();
  const e = await made(owner, { grid: grid.slug });
  const rt = await runtime(grid, owner);
  const sent = [
    [{ user_agent: '', page_url: '' }, { user_agent: null, page_url: null }],
    [{ user_agent: ' \t', page_url: '\n ' }, { user_agent: null, page_url: null }],
    [{ user_agent: ' Mozilla/5.0 ', page_url: ` ${e.url} ` }, { user_agent: 'Mozilla/5.0', page_url: e.url }],
  ];
  for (const [extra] of sent) {
    const res = await feedback(e.entity_id, { category: 'bug', text: 'blank', source: 'badge', ...extra });
    assert.equal(res.status, 200, res.text);
  }
  const inbox = await app.request('GET', `/api/v2/entities/${e.entity_id}/feedback?limit=100`, { token: owner.token });
  const stored = inbox.body.items.reverse().map((i) => ({ user_agent: i.user_agent, page_url: i.page_url }));
  assert.deepEqual(stored, sent.map(([, want]) => want));
  // The link note it matches: empty is null.
  const link = await app.request('POST', `/api/v2/runtimes/${rt.entity_id}/inspirations`, {
    token: owner.token, grid: grid.slug, json: { inspiration_entity_id: e.entity_id, note: '' },
  });
  assert.equal(link.status, 201, link.text);
  assert.equal(link.body.note, null);
});

test('events are not shown (interface 6): there is no events or webhooks route, only the usual 404', async () => {
  const { owner, grid } = await app.world();
  for (const path of ['/api/v2/events', '/api/v2/webhooks']) {
    for (const method of ['GET', 'POST']) {
      expectError(assert, await app.request(method, path, { token: owner.token, grid: grid.slug, json: method === 'POST' ? {} : undefined }), 404, 'NOT_FOUND');
    }
  }
});
