// Hardening of the origins and hand-offs (issue 24): each case here is an attack that an
// independent run found answered, and is now refused. A content origin's bytes reach only its own
// pages and navigations to it; a token makes no link scan cheaper; hand-offs send browsers only to
// Plug's own origins; only Plug's hosts are answered; an origin with nothing behind it serves
// nothing, and no path of a drop is a 500; only the visitor's own choice switches counting off;
// /mcp refuses foreign origins; `inspired_by` names no source its reader may not read.
// (The script include driven from a real page is in origins.browser.test.mjs; the provider's
// audience, `iat` and time limits in oidc.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { startWorker, expectError, BROWSER_UA } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const NAV = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' };

/** A GET with exactly these headers (undici's fetch adds its own `Sec-Fetch-Mode`). */
function rawGet(url, headers = {}) {
  const u = new URL(url);
  return getWithHost(u.host, u.pathname + u.search, headers);
}

/** A private site with a script of globals, opened by its owner: the content cookie it set. */
async function privateSiteWithCookie(owner) {
  const e = await app.dropLive(owner, {
    file: { name: 'site.zip', content: fx.zip([
      { name: 'index.html', content: fx.html('Plans', '<h1>Plans</h1><script src="/data.js"></script>') },
      { name: 'data.js', content: "window.SECRET_PLANS = 'PRIVATE-7f3a';" },
      { name: 'chart.png', content: fx.png() },
    ]) },
    fields: { scope: 'personal', visibility: 'private' },
  });
  const hop = await app.request('GET', e.url, { token: owner.token });
  const first = await app.request('GET', hop.headers.get('location'), { headers: NAV });
  assert.equal(first.status, 200, first.text);
  return { e, cookie: first.headers.get('set-cookie').split(';')[0] };
}

test('a file of a private drop is answered only to its own origin\'s requests and to navigations', async () => {
  const { owner } = await app.world();
  const { e, cookie } = await privateSiteWithCookie(owner);
  const origin = app.contentUrl(e.entity_id);
  const own = await rawGet(`${origin}/data.js`, { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' });
  assert.equal(own.status, 200, 'its own page loads it');
  assert.match(own.text, /PRIVATE-7f3a/);
  assert.equal(own.headers['cross-origin-resource-policy'], 'same-origin');
  // Another drop's page (a sibling *.localhost origin: same-site) or any site including it.
  for (const site of ['same-site', 'cross-site']) {
    for (const [path, dest] of [['/data.js', 'script'], ['/chart.png', 'image'], ['/', 'script'], ['/_plug/file', 'empty']]) {
      const res = await rawGet(`${origin}${path}`, { cookie, 'sec-fetch-site': site, 'sec-fetch-mode': dest === 'empty' ? 'cors' : 'no-cors', 'sec-fetch-dest': dest });
      assert.equal(res.status, 404, `${site} ${path}`);
      assert.equal(JSON.parse(res.text).error.code, 'NOT_FOUND');
      assert.doesNotMatch(res.text, /PRIVATE-7f3a/, `${site} ${path}`);
      assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin');
    }
  }
  // A navigation from elsewhere (a link in a chat) still opens it.
  const nav = await rawGet(`${origin}/`, { ...NAV, cookie, 'sec-fetch-site': 'cross-site' });
  assert.equal(nav.status, 200, `${nav.status} ${nav.headers.location}`);
  assert.match(nav.text, /<h1>Plans<\/h1>/);
});

test('every content-origin answer says only its own origin may load it', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const origin = app.contentUrl(e.entity_id);
  for (const path of ['/', '/_plug/file', '/robots.txt', '/favicon.ico', '/nope.css', '/_plug/vendor/react.production.min.js']) {
    const res = await app.request('GET', `${origin}${path}`);
    assert.equal(res.headers.get('cross-origin-resource-policy'), 'same-origin', path);
  }
  const missing = await app.request('GET', `${app.contentUrl(randomUUID())}/`);
  assert.equal(missing.headers.get('cross-origin-resource-policy'), 'same-origin');
});

test('misses at the link origin count against a token\'s user as against an IP', async () => {
  const { owner, grid, member } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  let limited = null;
  let misses = 0;
  for (let i = 0; i < 80 && !limited; i += 1) {
    // A different address each time: only the user ties the guesses together.
    const headers = { 'cf-connecting-ip': `198.51.100.${i + 1}` };
    const res = await app.request('GET', `${app.serveUrl}/${grid.slug}/guess-${i.toString(16).padStart(4, '0')}/`, { token: member.token, headers });
    if (res.status === 429) limited = res;
    else { assert.equal(res.status, 404); misses += 1; }
  }
  assert.ok(limited, 'a scan with a token is stopped');
  assert.equal(misses, 60);
  const error = expectError(assert, limited, 429, 'RATE_LIMITED');
  assert.equal(error.details[0].issue, 'link_misses_per_user');
  assert.ok(Number(limited.headers.get('retry-after')) >= 1);
  assert.equal((await app.request('GET', e.url, { token: member.token })).status, 429, 'hits too while the scan lasts');
  assert.equal((await app.request('GET', e.url, { token: owner.token })).status, 302, 'other users are not slowed');
});

test('the hand-off sends a browser back only to a content origin, scheme and port as configured', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const host = new URL(app.contentUrl(e.entity_id)).host;
  const good = await app.request('GET', `/_plug/handoff?to=${encodeURIComponent(`http://${host}/a?b=1`)}`, { origin: 'serve', token: owner.token });
  assert.equal(good.status, 302);
  assert.match(good.headers.get('location'), new RegExp(`^http://${host}/a\\?b=1&plug_ticket=`));
  const elsewhere = [
    `javascript://${host}/%0aalert(document.domain)`,
    `data://${host}/,hi`,
    `ftp://${host}/`,
    `ws://${host}/`,
    `https://${host}/`,
    `http://${host.replace(/:\d+$/, ':1')}/`,
    `http://${host.split(':')[0]}/`,
    `http://user:pw@${host}/`,
  ];
  for (const to of elsewhere) {
    for (const token of [owner.token, undefined]) {
      const res = await app.request('GET', `/_plug/handoff?to=${encodeURIComponent(to)}`, { origin: 'serve', token, headers: NAV });
      const location = res.headers.get('location') ?? '';
      assert.ok(!location.includes('plug_ticket'), `${to}: no ticket goes anywhere (${location})`);
      assert.ok(location === '' || location.startsWith(`${app.baseUrl}/enter?`), `${to} -> ${location}`);
    }
  }
  // The sign-in hand-off (a serve session for the hand-off) ends on the not-shared page instead.
  const minted = await app.request('POST', '/api/v2/serve-sessions', {
    token: owner.token, json: { url: `${app.serveUrl}/_plug/handoff?to=${encodeURIComponent(elsewhere[0])}` },
  });
  assert.equal(minted.status, 201, minted.text);
  const redeemed = await app.request('GET', minted.body.url, { headers: NAV });
  assert.equal(redeemed.status, 404);
  assert.equal(redeemed.headers.get('location'), null);
  assert.match(redeemed.text, /not shared with you/);
});

/** A GET to the Worker's port with any `Host` header (what a rebinding DNS name sends). */
function getWithHost(host, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: new URL(app.baseUrl).port, path, headers: { ...headers, host } }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('only Plug\'s own hosts are answered; any other Host gets nothing of the API, the app or content', async () => {
  const { owner } = await app.world();
  const port = new URL(app.baseUrl).port;
  const auth = { authorization: `Bearer ${owner.token}` };
  for (const host of ['evil.example', `evil.example:${port}`, `a_b.localhost:${port}`, `xlocalhost:${port}`, 'localhost', 'localhost:1', `a.b.localhost:${port}`]) {
    for (const path of ['/', '/api/v2/inspirations', '/badge.js', '/healthz']) {
      const res = await getWithHost(host, path, auth);
      assert.equal(res.status, 421, `${host}${path}: ${res.status}`);
      const body = JSON.parse(res.text);
      assert.equal(body.error.code, 'MISDIRECTED_REQUEST', `${host}${path}`);
      assert.equal(res.headers['x-request-id'], body.error.request_id);
    }
  }
  assert.equal((await getWithHost(`localhost:${port}`, '/api/v2/inspirations', auth)).status, 200, 'the real host still works');
});

test('a Host spelled another way names the same origin or none: a trailing dot or other case never reaches another drop', async () => {
  const { owner } = await app.world();
  const { e, cookie } = await privateSiteWithCookie(owner);
  const other = await privateSiteWithCookie(owner);
  const port = new URL(app.baseUrl).port;
  const own = { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' };
  // A fully qualified name is another origin to a browser (its own cookies, its own storage): Plug
  // does not answer it, on any of its hosts.
  for (const host of [`${e.entity_id}.localhost.:${port}`, `localhost.:${port}`]) {
    const res = await getWithHost(host, '/data.js', own);
    assert.equal(res.status, 421, `${host}: ${res.status}`);
    assert.doesNotMatch(res.text, /PRIVATE-7f3a/);
  }
  // Case is not part of a DNS name: the same drop, with the same cookie rules.
  const upper = await getWithHost(`${e.entity_id.toUpperCase()}.LOCALHOST:${port}`, '/data.js', own);
  assert.equal(upper.status, 200);
  assert.match(upper.text, /PRIVATE-7f3a/);
  const otherUpper = await getWithHost(`${other.e.entity_id.toUpperCase()}.LOCALHOST:${port}`, '/data.js', own);
  assert.equal(otherUpper.status, 404, 'one drop\'s cookie opens no other, whatever the spelling');
});

test('a content cookie opens its drop only while the viewer may still read it', async () => {
  const { owner, spaceMember, space } = await app.world();
  const e = await app.dropLive(owner, {
    file: { name: 'site.zip', content: fx.zip([
      { name: 'index.html', content: fx.html('Plans', '<h1>Plans</h1>') },
      { name: 'data.js', content: "window.SECRET_PLANS = 'SPACE-51c9';" },
    ]) },
    fields: { scope: 'space', visibility: 'space', space_id: space.space_id },
  });
  const opened = await app.open(e.url, { token: spaceMember.token, headers: NAV });
  assert.equal(opened.status, 200);
  const host = new URL(app.contentUrl(e.entity_id)).host;
  const cookie = [...opened.jar.get(host)].map(([k, v]) => `${k}=${v}`).join('; ');
  const own = { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' };
  assert.match((await getWithHost(host, '/data.js', own)).text, /SPACE-51c9/, 'the member reads it');
  const unshared = await app.request('PATCH', `/api/v2/inspirations/${e.entity_id}/visibility`, { token: owner.token, json: { visibility: 'private' } });
  assert.equal(unshared.status, 200, unshared.text);
  for (const [path, headers] of [['/data.js', own], ['/', { ...NAV, cookie }], ['/_plug/file', own]]) {
    const res = await getWithHost(host, path, headers);
    assert.doesNotMatch(res.text, /SPACE-51c9/, `${path} after the unshare`);
    assert.ok([302, 404].includes(res.status), `${path}: ${res.status}`);
  }
});

test('an origin with no Inspiration behind it serves nothing, and never a 500', async () => {
  const labels = ['www', 'admin', 'xn--zz', 'xn--a', randomUUID()];
  for (const label of labels) {
    // A raw Host: Node's URL parser refuses an invalid punycode label before it is ever sent.
    const host = `${label}.localhost:${new URL(app.baseUrl).port}`;
    for (const path of ['/', '/robots.txt', '/_plug/vendor/react.production.min.js', '/favicon.ico', '/_plug/file']) {
      const res = await getWithHost(host, path);
      assert.equal(res.status, 404, `${label}${path}: ${res.status} ${res.text.slice(0, 200)}`);
      assert.equal(JSON.parse(res.text).error.code, 'NOT_FOUND', `${label}${path}`);
    }
    const page = await getWithHost(host, '/', NAV);
    if (label.includes('-') && label.length === 36) {
      // An entity id is answered as a hidden drop would be: the hand-off, which ends on the
      // not-shared page; nothing tells a missing drop from a hidden one.
      assert.equal(page.status, 302);
      assert.match(page.headers.location, /\/_plug\/handoff\?to=/);
    } else {
      assert.equal(page.status, 404);
      assert.match(page.text, /not shared with you/);
    }
  }
});

test('a path too long to name a stored file is a 404 on a zipped site, never a 500', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, {
    file: { name: 'site.zip', content: fx.zip([
      { name: 'index.html', content: fx.html('Site', '<h1>Site</h1>') },
      // A long name the zip may hold: the site's files are found by path, whatever their length.
      { name: `${'deep/'.repeat(200)}page.txt`, content: 'deep page' },
    ]) },
    fields: { scope: 'personal', visibility: 'link' },
  });
  const origin = app.contentUrl(e.entity_id);
  // R2 stores keys of at most 1024 bytes; a request that would make a longer one is missing.
  for (const path of ['a'.repeat(1000), `${'b'.repeat(1100)}.html`, `${'c'.repeat(2000)}/`, 'é'.repeat(500), 'd'.repeat(8000)]) {
    const res = await app.request('GET', `${origin}/${encodeURI(path)}`);
    assert.equal(res.status, 404, `${path.length} characters: ${res.status} ${res.text.slice(0, 200)}`);
    assert.equal(res.body.error.code, 'NOT_FOUND');
  }
  const deep = await app.request('GET', `${origin}/${'deep/'.repeat(200)}page.txt`);
  assert.equal(deep.status, 200);
  assert.equal(deep.text, 'deep page');
});

test('robots.txt on a content origin tells a hidden drop from a missing one neither by answer nor by timing', async () => {
  const { owner } = await app.world();
  const hidden = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  // Someone opened it a moment ago: the isolate's memo holds it.
  await app.open(hidden.url, { token: owner.token });
  const answers = [];
  for (const id of [hidden.entity_id, randomUUID()]) {
    const res = await app.request('GET', `${app.contentUrl(id)}/robots.txt`);
    answers.push([res.status, res.body?.error?.code, res.body?.error?.message, res.headers.get('server-timing')]);
  }
  assert.deepEqual(answers[0], answers[1]);
  assert.equal(answers[0][0], 404);
  assert.equal(answers[0][3], null, 'no Server-Timing');
  // A link drop anyone may open says how it may be crawled, without Server-Timing either.
  const open = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const robots = await app.request('GET', `${app.contentUrl(open.entity_id)}/robots.txt`);
  assert.equal(robots.status, 200);
  assert.equal(robots.text, 'User-agent: *\nDisallow: /\n');
  assert.equal(robots.headers.get('server-timing'), null);
});

test('a shared link cannot switch a visitor\'s counting off, and the link origin passes on no hand-off parameters', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const browser = { 'user-agent': BROWSER_UA, ...NAV };
  // Someone else's parameters on a shared url are dropped before the hop.
  const hop = await app.request('GET', `${e.url}?plug_nc=1&plug_ticket=abc&q=1`, { headers: browser });
  assert.equal(hop.status, 302);
  assert.equal(hop.headers.get('location'), `${app.contentUrl(e.entity_id)}/?q=1`);
  // Straight at the content origin: `plug_nc=1`, an old-style flag, or a pass made for another drop.
  const other = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const passFor = async (drop) => {
    const res = await app.request('GET', drop.url, { headers: { ...browser, cookie: 'platform-no-count=1' } });
    return new URL(res.headers.get('location')).searchParams.get('plug_nc');
  };
  const otherPass = await passFor(other);
  assert.match(otherPass, /^\d+\.[0-9a-f]{32}$/);
  for (const nc of ['1', otherPass, `${Date.now() + 30000}.${'0'.repeat(32)}`]) {
    const res = await app.request('GET', `${app.contentUrl(e.entity_id)}/?plug_nc=${encodeURIComponent(nc)}`, { headers: browser });
    assert.equal(res.status, 200);
    assert.deepEqual(res.headers.getSetCookie(), [], `plug_nc=${nc} sets no cookie`);
  }
  // The viewer's own choice, carried by the link origin, still works.
  const mine = await passFor(e);
  const res = await app.request('GET', `${app.contentUrl(e.entity_id)}/?plug_nc=${encodeURIComponent(mine)}`, { headers: browser });
  assert.match(res.headers.getSetCookie().join('\n'), /^platform-no-count=1; Path=\/; SameSite=Lax$/m);
});

test('/mcp refuses an Origin it does not trust, before anything else', async () => {
  const { owner, grid } = await app.world();
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
  const call = (origin) => app.request('POST', '/mcp', {
    token: owner.token, grid: grid.slug, json: initialize,
    headers: { accept: 'application/json, text/event-stream', ...(origin ? { origin } : {}) },
  });
  for (const origin of ['https://evil.example', 'null', app.contentUrl(randomUUID()), app.serveUrl, `${app.baseUrl}.evil.example`, 'http://localhost:1']) {
    const res = await call(origin);
    expectError(assert, res, 403, 'FORBIDDEN');
  }
  assert.equal((await call(undefined)).status, 200, 'agents send no Origin');
  assert.equal((await call(app.baseUrl)).status, 200, 'Plug\'s own origin is trusted');
});

test('inspired_by names only the sources the reader may read: a hidden or private source leaves no id', async () => {
  const { owner, member, admin, grid } = await app.world();
  const [open, hidden, archived] = await Promise.all([
    app.dropLive(owner, { fields: { name: 'open-src', scope: 'personal', visibility: 'link' } }),
    app.dropLive(owner, { fields: { name: 'hidden-src' } }),
    app.dropLive(owner, { fields: { name: 'archived-src' } }),
  ]);
  const child = await app.dropLive(member, { fields: { name: 'child', scope: 'personal', visibility: 'link', inspired_by: [open.entity_id, hidden.entity_id, archived.entity_id] } });
  // Linked in one write, the three come back in no set order.
  const all = [open.entity_id, hidden.entity_id, archived.entity_id].sort();
  assert.deepEqual([...child.inspired_by].sort(), all, 'all three were readable when linked');
  // Later the owner makes one private and archives another: the member can read neither.
  const changed = await app.request('PATCH', `/api/v2/entities/${hidden.entity_id}/visibility`, { token: owner.token, grid: grid.slug, json: { visibility: 'private' } });
  assert.equal(changed.status, 200, changed.text);
  const gone = await app.request('POST', `/api/v2/inspirations/${archived.entity_id}/archive`, { token: owner.token, grid: grid.slug });
  assert.equal(gone.status, 200, gone.text);
  for (const id of [hidden.entity_id, archived.entity_id]) {
    assert.equal((await app.request('GET', `/api/v2/inspirations/${id}`, { token: member.token })).status, 404);
  }
  const read = (token) => app.request('GET', `/api/v2/inspirations/${child.entity_id}`, { token });
  // An anonymous reader of the link drop, and its owner, see only the source they may read ...
  for (const token of [undefined, member.token]) {
    const res = await read(token);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.inspired_by, [open.entity_id], token ? 'the member' : 'anonymous');
  }
  // ... as in the owner's own answer to an update, while the sources' owner and a grid admin see all three.
  const renamed = await app.request('PATCH', `/api/v2/inspirations/${child.entity_id}`, { token: member.token, grid: grid.slug, json: { display_name: 'Child' } });
  assert.equal(renamed.status, 200, renamed.text);
  assert.deepEqual(renamed.body.inspired_by, [open.entity_id]);
  for (const who of [owner, admin]) {
    assert.deepEqual([...(await read(who.token)).body.inspired_by].sort(), all);
  }
});
