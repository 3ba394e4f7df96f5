// The HTTP layer attacked as an independent suite would, over raw sockets where fetch would tidy
// the request: a header sent twice (two tokens, two grids), an absolute-form request target naming
// another drop's origin, conditional and ranged requests and HEAD on a private file before any
// ticket, HEAD and OPTIONS at the link origin, and preflights on each origin. None of these found
// a bug in sweep 4; they hold what was checked, so a change that lets one through fails here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, fetchLocal } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const statusOf = (answer) => Number(answer.split('\r\n')[0].split(' ')[1]);

test('a token or grid header sent twice authenticates as neither', async () => {
  const { grid, other, owner, outsider } = await app.world();
  const ask = (headers) => app.raw(`GET /api/v2/inspirations?limit=1 HTTP/1.1\r\nHost: localhost:${app.port}\r\n${headers}Connection: close\r\n\r\n`);
  const single = await ask(`Authorization: Bearer ${owner.token}\r\nX-Platform-Grid: ${grid.slug}\r\n`);
  assert.equal(statusOf(single), 200, single);
  for (const [first, second] of [[owner.token, owner.token], [outsider.token, owner.token], [owner.token, outsider.token]]) {
    const twice = await ask(`Authorization: Bearer ${first}\r\nAuthorization: Bearer ${second}\r\nX-Platform-Grid: ${grid.slug}\r\n`);
    assert.equal(statusOf(twice), 401, twice);
  }
  const glued = await ask(`Authorization: Bearer ${owner.token}, Bearer ${outsider.token}\r\nX-Platform-Grid: ${grid.slug}\r\n`);
  assert.equal(statusOf(glued), 401, glued);
  const twoGrids = await ask(`Authorization: Bearer ${owner.token}\r\nX-Platform-Grid: ${other.slug}\r\nX-Platform-Grid: ${grid.slug}\r\n`);
  assert.equal(statusOf(twoGrids), 403, twoGrids);
  assert.match(twoGrids, /ORG_NOT_ACCESSIBLE/);
});

test('the Host decides the origin: an absolute-form target naming a private drop\'s origin serves only the Host\'s drop', async () => {
  const { owner } = await app.world();
  const secret = await app.dropLive(owner, { file: { name: 'a.html', content: fx.html('Secret', '<h1>PRIVATE-abs-9</h1>') }, fields: { scope: 'personal', visibility: 'private' } });
  const open = await app.dropLive(owner, { file: { name: 'b.html', content: fx.html('Open', '<h1>open-abs-9</h1>') }, fields: { scope: 'personal', visibility: 'link' } });
  const secretHost = new URL(app.contentUrl(secret.entity_id)).host;
  const openHost = new URL(app.contentUrl(open.entity_id)).host;
  const viaOpen = await app.raw(`GET http://${secretHost}/ HTTP/1.1\r\nHost: ${openHost}\r\nConnection: close\r\n\r\n`);
  assert.doesNotMatch(viaOpen, /PRIVATE-abs-9/);
  const viaSecret = await app.raw(`GET http://${openHost}/ HTTP/1.1\r\nHost: ${secretHost}\r\nConnection: close\r\n\r\n`);
  assert.equal(statusOf(viaSecret), 404, viaSecret.slice(0, 300));
  assert.doesNotMatch(viaSecret, /PRIVATE-abs-9|open-abs-9/);
});

test('a private file before its ticket: GET, HEAD, Range and If-None-Match answer exactly as for a missing drop', async () => {
  const { owner } = await app.world();
  const site = await app.dropLive(owner, {
    file: { name: 'site.zip', content: fx.zip([
      { name: 'index.html', content: '<!doctype html><title>Plans</title><h1>plans</h1>' },
      { name: 'video.bin', content: Buffer.alloc(5000, 7) },
    ]) },
    fields: { scope: 'personal', visibility: 'private' },
  });
  const missing = '00000000-0000-4000-8000-000000000000';
  const shape = async (label, path, init) => {
    const res = await fetchLocal(`${app.contentUrl(label)}${path}`, { redirect: 'manual', ...init });
    const body = await res.text();
    const headers = [...res.headers].filter(([k]) => !['date', 'x-request-id', 'content-length'].includes(k)).map(([k, v]) => `${k}: ${v}`);
    return { status: res.status, headers, body: body.replace(/"request_id":"[0-9a-f]+"/, '') };
  };
  const asks = [
    ['/video.bin', {}],
    ['/video.bin', { method: 'HEAD' }],
    ['/video.bin', { headers: { range: 'bytes=0-9' } }],
    ['/video.bin', { headers: { range: 'bytes=9000-9999' } }],
    ['/video.bin', { headers: { 'if-none-match': '*' } }],
    ['/', { headers: { 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' } }],
    ['/_plug/file', { headers: { range: 'bytes=0-1' } }],
    ['/', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } }],
  ];
  for (const [path, init] of asks) {
    const there = await shape(site.entity_id, path, init);
    const none = await shape(missing, path, init);
    assert.deepEqual(there, none, `${init.method ?? 'GET'} ${path} ${JSON.stringify(init.headers ?? {})}`);
    assert.ok([404, 405].includes(there.status), `${path}: ${there.status}`);
    assert.ok(!there.headers.some((h) => /^(etag|last-modified|content-range|access-control-allow-origin):/i.test(h)), there.headers.join('\n'));
  }
  // The owner's own Range works: the same file is there.
  const own = await fetchLocal(`${app.contentUrl(site.entity_id)}/video.bin`, { headers: { authorization: `Bearer ${owner.token}`, range: 'bytes=0-9' } });
  assert.equal(own.status, 206);
  assert.equal((await own.arrayBuffer()).byteLength, 10);
});

test('preflights from another site are granted nowhere but the anonymous badge routes', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const preflight = (url, headers = 'authorization') => fetchLocal(url, {
    method: 'OPTIONS',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
  });
  for (const url of [
    `${app.baseUrl}/api/v2/inspirations`, `${app.baseUrl}/api/v2/serve-sessions`, `${app.baseUrl}/enter`,
    `${app.baseUrl}/api/v2/enter-session`, `${app.baseUrl}/mcp`, `${app.serveUrl}/_plug/handoff`,
    `${app.contentUrl(e.entity_id)}/`,
  ]) {
    const res = await preflight(url);
    assert.ok(res.status >= 400, `${url}: ${res.status}`);
    assert.equal(res.headers.get('access-control-allow-origin'), null, url);
    assert.equal(res.headers.get('access-control-allow-credentials'), null, url);
  }
  // The badge's feedback is open to any page, without credentials.
  const feedback = await preflight(`${app.baseUrl}/api/v2/entities/${e.entity_id}/feedback`, 'content-type');
  assert.ok(feedback.status < 300, String(feedback.status));
  assert.equal(feedback.headers.get('access-control-allow-credentials'), null);
});

test('GET, HEAD and OPTIONS at the link origin tell a private url from a missing one by nothing, signed in or not', async () => {
  const { grid, owner, outsider } = await app.world();
  const priv = await app.dropLive(owner, { fields: { name: 'privx', scope: 'personal', visibility: 'private' } });
  const missing = `${app.serveUrl}/${grid.slug}/u/${owner.slug}/nothing-zz/`;
  const NAV = { 'sec-fetch-mode': 'navigate', accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/156.0.0.0' };
  const blank = (s) => s.replace(/nothing-zz|privx-[a-z0-9]+/g, 'X').replace(/flow=[0-9a-f]+/, 'flow=F').replace(/"request_id":"[0-9a-f]+"/, '');
  for (const token of [null, outsider.token]) {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      for (const headers of [{}, NAV]) {
        const [a, b] = await Promise.all([priv.url, missing].map(async (u) => {
          const r = await fetchLocal(u, { method, redirect: 'manual', headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
          const kept = [...r.headers].filter(([k]) => !['date', 'x-request-id', 'set-cookie'].includes(k)).map(([k, v]) => `${k}: ${blank(v)}`);
          return { status: r.status, headers: kept, body: blank(await r.text()) };
        }));
        assert.deepEqual(a, b, `${token ? 'outsider' : 'anonymous'} ${method} ${headers.accept ? 'navigation' : 'client'}`);
      }
    }
  }
});

test('a link-origin answer that depends on who asks is never kept by a shared cache', async () => {
  const { owner, space } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  const moved = await app.request('PATCH', `/api/v2/inspirations/${e.entity_id}`, { token: owner.token, json: { scope: 'space', space_id: space.space_id, visibility: 'private' } });
  assert.equal(moved.status, 200, moved.text);
  // The old url's 301 names a private drop's new url (its space) to a reader only; its new url's
  // form without the slash moves a reader only. Neither may reach anyone else from a cache.
  for (const [url, to] of [[e.url, moved.body.url], [moved.body.url.replace(/\/$/, ''), moved.body.url]]) {
    const res = await app.request('GET', url, { token: owner.token });
    assert.equal(res.status, 301, `${url}: ${res.text}`);
    assert.equal(res.headers.get('location'), to);
    assert.match(res.headers.get('cache-control') ?? '', /private|no-store/, `${url}: ${res.headers.get('cache-control')}`);
    const stranger = await app.request('GET', url);
    assert.equal(stranger.status, 404);
  }
});
