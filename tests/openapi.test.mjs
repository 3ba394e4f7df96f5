// openapi.yaml against the real Worker: every documented operation reaches a handler, every link-origin
// route sends readers on, and the Worker serves the document itself (the route lists are held equal to
// the document natively: worker/src/origins/openapi.rs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startWorker } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { zip } from './support/fixtures.mjs';

const DOC_PATH = join(ROOT, 'openapi.yaml');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The document as JSON, read by PyYAML (a dependency of schemathesis in .venv, or the system's). */
function loadDocument() {
  const pythons = [join(ROOT, '.venv', 'bin', 'python'), 'python3'].filter((p) => p === 'python3' || existsSync(p));
  const script = 'import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)';
  for (const python of pythons) {
    try {
      return JSON.parse(execFileSync(python, ['-c', script, DOC_PATH], { encoding: 'utf8' }));
    } catch { /* try the next interpreter */ }
  }
  throw new Error('no Python with PyYAML: run scripts/setup.sh (it installs schemathesis, which brings PyYAML, into .venv)');
}

const doc = loadDocument();

// Both origins' route lists and openapi.yaml are held equal by a native test of the Worker crate
// (worker/src/origins/openapi.rs): the API origin's table (`origins::api::ROUTES`) and the link
// origin's pages and `url` forms (`origins::link::PAGES`, `URL_FORMS`), read as values, not as
// source text. The tests below request every documented route of the real Worker.

test('every operation has an operationId, a tag, security, and a documented X-Request-Id on each response', () => {
  const ids = new Set();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      const label = `${m.toUpperCase()} ${path}`;
      assert.ok(op.operationId && !ids.has(op.operationId), `${label}: unique operationId`);
      ids.add(op.operationId);
      assert.ok(op.tags?.length, `${label}: tagged`);
      assert.ok(Array.isArray(op.security), `${label}: states its security`);
      for (const [status, response] of Object.entries(op.responses)) {
        const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').pop()] : response;
        assert.ok(resolved?.headers?.['X-Request-Id'], `${label} ${status}: X-Request-Id documented`);
      }
    }
  }
});

test('the security schemes are the Bearer JWT, both grid headers, the operator token and the serving session', () => {
  const schemes = doc.components.securitySchemes;
  assert.equal(schemes.bearerAuth.scheme, 'bearer');
  assert.equal(schemes.bearerAuth.bearerFormat, 'JWT');
  assert.deepEqual([schemes.gridHeader.in, schemes.gridHeader.name], ['header', 'X-Platform-Grid']);
  assert.deepEqual([schemes.orgHeader.in, schemes.orgHeader.name], ['header', 'X-Platform-Org']);
  assert.equal(schemes.operatorToken.scheme, 'bearer');
  assert.deepEqual([schemes.serveSession.in, schemes.serveSession.name], ['cookie', 'plug_session']);
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/admin/v1')) continue;
    for (const m of METHODS) if (item[m]) assert.deepEqual(item[m].security, [{ operatorToken: [] }], `${m} ${path}`);
  }
});

test('every error code the Worker answers with is one the error schema allows', () => {
  const codes = doc.components.schemas.Error.properties.error.properties.code.enum;
  for (const code of ['VALIDATION_FAILED', 'SCOPE_INVALID', 'SPACE_REQUIRED', 'SPACE_NOT_MEMBER', 'SPACE_NOT_FOUND',
    'INSPIRED_BY_INVALID', 'ORG_HEADER_REQUIRED', 'ORG_NOT_ACCESSIBLE', 'FORBIDDEN', 'NOT_OWNER', 'NOT_FOUND',
    'NAME_COLLISION', 'BADGE_POLICY_OVERRIDE', 'CLI_UPGRADE_REQUIRED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE',
    'CONTENT_MALFORMED', 'RATE_LIMITED', 'INTERNAL', 'UNAVAILABLE']) {
    assert.ok(codes.includes(code), code);
  }
});

// ------------------------------------------------------------------ against the real Worker

let app;
// A minimum client version no real `plug` reaches, so every write from one must answer 426.
before(async () => { app = await startWorker({ vars: { MIN_CLI_VERSION: '99.0.0' } }); });
after(async () => { await app?.stop(); });

const SOME_UUID = '00000000-0000-4000-8000-000000000000';

/** A concrete URL path for a documented path: every parameter becomes a harmless placeholder. */
const fill = (path) => path.replace(/\{[^}]+\}/g, (p) => (p === '{grid}' || p === '{name}' || p === '{file}' ? 'x' : SOME_UUID));

test('every documented API operation reaches a handler of the real Worker (no "no such route")', async () => {
  const misses = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (item.servers) continue;
    for (const m of METHODS) {
      if (!item[m]) continue;
      const res = await app.request(m.toUpperCase(), fill(path), { json: m === 'get' || m === 'options' ? undefined : {} });
      if (res.status === 404 && res.body?.error?.message?.startsWith('no such route')) misses.push(`${m} ${path}`);
      if (res.status === 405) misses.push(`${m} ${path}: 405`);
      if (m === 'options' && res.status !== 204) misses.push(`${m} ${path}: ${res.status}`);
    }
  }
  assert.deepEqual(misses, []);
});

test('every documented link-origin route answers for a real drop, and sends readers on to the content origin', async () => {
  const { owner, grid } = await app.world();
  const site = await app.dropLive(owner, {
    file: { name: 'site.zip', content: zip([{ name: 'index.html', content: '<h1>hi</h1>' }, { name: 'a.css', content: 'b{}' }]) },
  });
  const page = await app.dropLive(owner, {});
  const base = `/${grid.slug}/${site.name}`;
  const expectations = [
    ['/robots.txt', 200], ['/sitemap.xml', 200], ['/_plug/session?ticket=nope', 401],
    [`${base}/`, 302], [`/${grid.slug}/${page.name}/_plug/file`, 302], [`${base}/a.css`, 302], [base, 301],
    ['/favicon.ico', 200], ['/_plug/handoff?to=x', 404],
  ];
  for (const [path, status] of expectations) {
    const res = await app.request('GET', path, { token: owner.token, origin: 'serve' });
    assert.equal(res.status, status, `${path}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  // The content origin, at its root, with a Bearer token as API clients send it.
  const content = [
    [`${app.contentUrl(site.entity_id)}/`, 200], [`${app.contentUrl(site.entity_id)}/a.css`, 200],
    [`${app.contentUrl(page.entity_id)}/_plug/file`, 200], [`${app.contentUrl(page.entity_id)}/robots.txt`, 200],
    [`${app.contentUrl(page.entity_id)}/_plug/vendor/react.production.min.js`, 200],
  ];
  for (const [url, status] of content) {
    const res = await app.request('GET', url, { token: owner.token });
    assert.equal(res.status, status, `${url}: ${res.status} ${res.text.slice(0, 200)}`);
  }
});

/**
 * Writes that answer an old `plug` with something other than 426 today: open Worker bugs. The run
 * stays green while each still fails that way; one that passes fails the run until removed here.
 */
const CLI_VERSION_KNOWN_BUGS = [];

test('every authenticated write answers 426 CLI_UPGRADE_REQUIRED to a plug client below MIN_CLI_VERSION', async () => {
  const { owner, grid } = await app.world();
  const entity = await app.dropLive(owner, {});
  const writes = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v2/')) continue;
    for (const m of ['post', 'patch', 'put', 'delete']) {
      const op = item[m];
      if (!op || !op.security.some((alternative) => 'bearerAuth' in alternative) || op.security.some((a) => !Object.keys(a).length)) continue;
      writes.push({ label: `${m.toUpperCase()} ${path}`, method: m.toUpperCase(), path, op });
    }
  }
  assert.ok(writes.length >= 14, `${writes.length} writes found`);
  const wrong = [];
  for (const w of writes) {
    assert.ok(w.op.responses['426'], `${w.label} documents its 426`);
    const url = w.path.replace('{id}', entity.entity_id).replace(/\{[^}]+\}/g, SOME_UUID);
    const res = await app.request(w.method, url, { token: owner.token, grid: grid.slug, json: {}, headers: { 'user-agent': 'plug/0.1.0' } });
    if (res.status !== 426 || res.body?.error?.code !== 'CLI_UPGRADE_REQUIRED') wrong.push(`${w.label}: ${res.status} ${res.body?.error?.code ?? ''}`.trim());
  }
  const unexpected = wrong.filter((line) => !CLI_VERSION_KNOWN_BUGS.some((b) => line.startsWith(`${b.operation}:`)));
  const fixed = CLI_VERSION_KNOWN_BUGS.filter((b) => !wrong.some((line) => line.startsWith(`${b.operation}:`)));
  assert.deepEqual(unexpected, [], 'writes that let an old plug through');
  assert.deepEqual(fixed.map((b) => b.reason), [], 'CLI_VERSION_KNOWN_BUGS entries that pass now: remove them');
});

test('the Worker serves this very document at /api/v2/openapi.yaml', async (t) => {
  const res = await app.request('GET', '/api/v2/openapi.yaml');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^application\/yaml/);
  const onDisk = readFileSync(DOC_PATH, 'utf8');
  if (res.text !== onDisk) {
    // include_str! embeds the file at build time: a Worker built before the last edit serves the old one.
    const built = join(ROOT, 'worker', 'build', 'index_bg.wasm');
    const stale = !existsSync(built) || statSync(built).mtimeMs < statSync(DOC_PATH).mtimeMs;
    if (stale) return t.skip('worker/build predates openapi.yaml; `npm test` rebuilds it first');
  }
  assert.equal(res.text, onDisk);
});
