// Open redirects, attacked the way an independent suite would: every parameter or path that ends
// up in a `Location` (a zipped site's folder redirect, `/enter`'s and the hand-off's `to`, a
// serve session's `url`, the no-count `return`, an OAuth client's redirect URI) given `//evil`,
// `/\evil`, `https:evil`, encoded and userinfo variants, `javascript:`, control characters and
// look-alike hosts. A browser must only ever be sent to one of Plug's own origins, or to the exact
// redirect URI an OAuth client registered, whose host the consent page names as the browser reads
// it, beside a client name that cannot turn the page's words around.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const NAV = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' };

/** Where a browser at `from` goes with this `Location`: its origin, as the browser resolves it. */
const resolvedOrigin = (location, from) => new URL(location, from).origin;

test('a zipped site\'s folder redirect never names another host, however the path spells it', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, {
    file: { name: 'site.zip', content: fx.zip([
      { name: 'index.html', content: fx.html('Home') },
      { name: 'docs/index.html', content: fx.html('Docs') },
      // A folder named like a host: the site's own, or any that a path could be made to reach.
      { name: 'evil.example/index.html', content: fx.html('Folder') },
    ]) },
    fields: { scope: 'personal', visibility: 'link' },
  });
  const origin = app.contentUrl(e.entity_id);
  const good = await app.request('GET', `${origin}/docs`, { headers: NAV });
  assert.equal(good.status, 301);
  assert.equal(good.headers.get('location'), '/docs/');
  for (const path of ['//evil.example', '/%2Fevil.example', '//%2Fevil.example', '/%2F%2Fevil.example', '//docs', '/%2Fdocs', '/\\evil.example']) {
    const res = await app.request('GET', `${origin}${path}`, { headers: NAV });
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400) {
      assert.doesNotMatch(location, /^[/\\]{2}/, `${path} -> ${location}`);
      assert.equal(resolvedOrigin(location, `${origin}${path}`), origin, `${path} -> ${location}`);
    }
  }
  // The same paths reached through the link origin land on the content origin, and no further.
  for (const rest of ['%2Fevil.example', '/evil.example']) {
    const res = await app.open(`${e.url}${rest}`, { headers: NAV, maxHops: 4 });
    for (const hop of res.hops) {
      assert.ok([new URL(app.serveUrl).origin, origin].includes(new URL(hop).origin), `${rest}: ${res.hops.join(' -> ')}`);
    }
  }
});

test('hand-off, sign-in and no-count parameters lead only to Plug\'s own origins', async () => {
  const { owner } = await app.world();
  const serve = app.serveUrl;
  const ours = new Set([app.baseUrl, serve].map((u) => new URL(u).origin));
  const hostile = [
    '//evil.example/', '/\\evil.example/', 'https:evil.example', 'https://evil.example/', 'javascript:alert(1)',
    'java\tscript:alert(1)', ' javascript:alert(1)', `${serve}@evil.example/`, `${serve}.evil.example/`,
    `${serve}%2F%2Fevil.example`, `${serve}\\@evil.example`, 'http://еvil.example/', `${app.baseUrl}@evil.example/`,
    '%2F%2Fevil.example', 'data:text/html,<script>alert(1)</script>', `http://evil.example/${serve}/`,
  ];
  for (const to of hostile) {
    const q = encodeURIComponent(to);
    // /enter (the page, or with no cookie: nothing to follow), POST /enter, a serve session.
    const page = await app.request('GET', `/enter?to=${q}`, { headers: NAV });
    if (page.status >= 300 && page.status < 400) assert.ok(ours.has(resolvedOrigin(page.headers.get('location'), app.baseUrl)), to);
    const now = await app.request('POST', `/enter?to=${q}`, { token: owner.token });
    assert.equal(now.status, 400, `POST /enter ${to}`);
    const session = await app.request('POST', '/api/v2/serve-sessions', { token: owner.token, json: { url: to } });
    assert.equal(session.status, 400, `serve session ${to}`);
    // The hand-off sends nobody anywhere it was not asked by Plug.
    for (const token of [owner.token, undefined]) {
      const res = await app.request('GET', `/_plug/handoff?to=${q}`, { origin: 'serve', token, headers: NAV });
      const location = res.headers.get('location');
      if (location) assert.ok(ours.has(resolvedOrigin(location, serve)), `handoff ${to} -> ${location}`);
    }
    // The no-count choice goes back only to the web app.
    const choice = await app.request('GET', `/api/v2/no-count?on=1&return=${q}`, { headers: { 'sec-fetch-site': 'same-origin' } });
    assert.equal(choice.status, 303);
    const onward = await app.request('GET', choice.headers.get('location'));
    if (onward.status >= 300 && onward.status < 400) {
      assert.equal(resolvedOrigin(onward.headers.get('location'), serve), new URL(app.baseUrl).origin, `no-count ${to}`);
    }
  }
});

test('an OAuth client cannot register a redirect whose host reads as one name and resolves as another', async () => {
  const register = (uri, n) => app.request('POST', '/register', {
    json: { client_name: 'Look-alike', redirect_uris: [uri] },
    headers: { 'cf-connecting-ip': `203.0.113.${n}` },
  });
  const lookAlikes = [
    'https://еxample.com/cb', // a Cyrillic е
    'https://claude.ai%2Eevil.example/cb', // a percent-encoded dot, decoded by the browser
    'https://claude.ai\u3002evil.example/cb', // an ideographic full stop, read as a dot
    'https://claude.ai%E3%80%82evil.example/cb',
    'https://ｅｖｉｌ.example/cb', // full-width letters
  ];
  let n = 1;
  for (const uri of lookAlikes) {
    const res = await register(uri, n++);
    assert.equal(res.status, 400, `${uri}: ${res.text}`);
    assert.equal(res.body.error, 'invalid_redirect_uri');
  }
  // The same name in its ASCII form registers, and the consent page names exactly that.
  const ok = await register('https://xn--xample-2of.com/cb', n++);
  assert.equal(ok.status, 201, ok.text);
});

test('an OAuth client\'s name cannot turn the consent page\'s words around', async () => {
  let n = 50;
  for (const name of ['Evil\u202eedualC', 'App\u2066', 'Two\nlines', 'Nul\u0000', 'Mark\u200f']) {
    const res = await app.request('POST', '/register', {
      json: { client_name: name, redirect_uris: ['https://app.example/cb'] },
      headers: { 'cf-connecting-ip': `203.0.113.${n++}` },
    });
    assert.equal(res.status, 400, `${JSON.stringify(name)}: ${res.text}`);
    assert.equal(res.body.error, 'invalid_client_metadata');
  }
  const ok = await app.request('POST', '/register', {
    json: { client_name: 'Mühle 日本', redirect_uris: ['https://app.example/cb'] },
    headers: { 'cf-connecting-ip': `203.0.113.${n++}` },
  });
  assert.equal(ok.status, 201, ok.text);
});

/** Writes a row as a client registered before today's rules would have (node:sqlite on local D1). */
async function legacyClient(clientId, name, uri) {
  const { DatabaseSync } = await import('node:sqlite');
  const { readdirSync } = await import('node:fs');
  const { join } = await import('node:path');
  const dir = join(app.stateDir, 'v3', 'd1');
  const files = [];
  const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { const p = join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name.endsWith('.sqlite')) files.push(p); } };
  walk(dir);
  for (const file of files) {
    const db = new DatabaseSync(file);
    try {
      if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'oauth_clients'").get()) continue;
      db.prepare('INSERT INTO oauth_clients (client_id, client_name, redirect_uris, created_at) VALUES (?, ?, ?, ?)')
        .run(clientId, name, JSON.stringify([uri]), Date.now());
      return;
    } finally { db.close(); }
  }
  throw new Error('no local D1 database found');
}

test('a client registered before these rules is never named on a consent page with a look-alike host or a turned-around sentence', async () => {
  const authorize = (clientId, uri) => app.request('GET', `/authorize?${new URLSearchParams({
    client_id: clientId, redirect_uri: uri, response_type: 'code', code_challenge_method: 'S256',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSbW2JBE', state: 's',
  })}`, { headers: NAV });
  const lookAlike = 'https://claude.ai%2Eevil.example/cb';
  await legacyClient('plug_c_legacylookalike', 'Old app', lookAlike);
  const refused = await authorize('plug_c_legacylookalike', lookAlike);
  assert.equal(refused.status, 400, refused.text);
  assert.equal(refused.headers.get('location'), null, 'never a redirect there');
  assert.doesNotMatch(refused.text, /claude\.ai/);
  await legacyClient('plug_c_legacybidi', 'Evil\u202eedualC', 'https://app.example/cb');
  const shown = await authorize('plug_c_legacybidi', 'https://app.example/cb');
  assert.equal(shown.status, 200, shown.text);
  assert.match(shown.text, /<bdi>Evil\u202eedualC<\/bdi>/, 'the name is isolated from the words around it');
});

test('a zipped site\'s folder redirect names the folder a browser asked for, whatever its name holds', async () => {
  const { owner } = await app.world();
  // Folders named in Chinese, with an accent, a space, and a `?` or `#` in them: each its own page.
  const folders = ['文档', 'café', 'a b', 'q?x', 'h#x', '100%'];
  const e = await app.dropLive(owner, {
    file: { name: 'site.zip', content: fx.zip([
      { name: 'index.html', content: fx.html('Home') },
      ...folders.map((f, i) => ({ name: `${f}/index.html`, content: fx.html(`Folder ${i}`, `<h1>folder-${i}</h1>`) })),
    ]) },
    fields: { scope: 'personal', visibility: 'link' },
  });
  const origin = app.contentUrl(e.entity_id);
  for (const [i, folder] of folders.entries()) {
    const asked = `${origin}/${encodeURIComponent(folder)}`;
    const res = await app.request('GET', asked, { headers: NAV });
    assert.equal(res.status, 301, `${folder}: ${res.status} ${res.text.slice(0, 200)}`);
    const to = new URL(res.headers.get('location'), asked);
    assert.equal(to.origin, origin, folder);
    assert.equal(`${to.pathname}${to.search}${to.hash}`, `/${encodeURIComponent(folder)}/`, `${folder} -> ${res.headers.get('location')}`);
    const page = await app.request('GET', to.href, { headers: NAV });
    assert.equal(page.status, 200, folder);
    assert.match(page.text, new RegExp(`folder-${i}`), folder);
  }
});
