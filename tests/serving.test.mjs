// Serving (openapi.yaml; docs/model.md "The badge"; README "What runs where"): every source type on
// the serving origin, per-viewer access, the badge tag streamed into HTML across the seven
// resolution rows, security headers, sessions, scope moves and the sitemap.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError, fetchLocal } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const get = (url, opts = {}) => app.request('GET', url, opts);
// A `url` opened as a client does: through the link origin into the Inspiration's content origin.
const open = (url, opts = {}) => app.open(url, opts);
const TAG = /<script src="([^"]+)" data-platform-tag="badge"[^>]*><\/script>/g;
const tags = (html) => [...html.matchAll(TAG)];
const attr = (tag, name) => (tag.match(new RegExp(`${name}="([^"]*)"`)) || [])[1];

async function linkDrop(owner, file, source_type = 'html', extra = {}) {
  return app.dropLive(owner, { file, fields: { scope: 'personal', visibility: 'link', source_type, ...extra } });
}

test('an HTML drop is served at its URL with exactly one badge tag before </body>', async () => {
  const { owner, grid } = await app.world();
  const e = await linkDrop(owner, { name: 'page.html', content: fx.html('Launch') });
  const res = await open(e.url);
  assert.equal(res.status, 200, res.text);
  assert.match(res.headers.get('content-type'), /^text\/html/);
  const found = tags(res.text);
  assert.equal(found.length, 1, res.text);
  const tag = found[0][0];
  assert.equal(found[0][1], `${app.baseUrl}/badge.js`);
  assert.equal(attr(tag, 'data-platform-entity'), e.entity_id);
  assert.equal(attr(tag, 'data-platform-org'), grid.slug);
  assert.equal(attr(tag, 'data-platform-badge-mode'), 'auto');
  assert.ok(/data-platform-badge[\s>]/.test(tag));
  assert.ok(res.text.indexOf(tag) < res.text.indexOf('</body>'), 'before </body>');
  assert.ok(res.text.includes('<h1>Hello</h1>'));
});

test('served pages carry nosniff, a CSP that lets badge.js start its wasm, a referrer policy and noindex', async () => {
  const { owner } = await app.world();
  const e = await linkDrop(owner, { name: 'page.html', content: fx.html() });
  const res = await open(e.url);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  const csp = res.headers.get('content-security-policy');
  assert.ok(csp.includes("'wasm-unsafe-eval'"), csp);
  assert.ok(csp.includes(app.baseUrl), csp);
  assert.ok(res.headers.get('referrer-policy'));
  assert.match(res.headers.get('x-robots-tag'), /noindex/);
  assert.equal((res.text.match(/<meta name="robots" content="noindex, nofollow">/g) || []).length, 1, 'and the tag');
  assert.equal(res.headers.get('set-cookie'), null, 'no cookies');
  await app.request('PATCH', `/api/v2/entities/${e.entity_id}/visibility`, { token: owner.token, json: { visibility: 'link', link_indexed: true } });
  const indexed = await open(e.url);
  assert.equal(indexed.headers.get('x-robots-tag'), null, 'link + indexed pages may be indexed');
  assert.ok(!indexed.text.includes('name="robots"'));
});

test('every source type renders as its own kind of page, with a download of the original', async () => {
  const { owner } = await app.world();
  const expectations = {
    'notes.md': [/<h1[^>]*>Release notes<a class="anchor"[^>]*><\/a><\/h1>/, 'text/markdown'],
    'plan.pdf': [/pdf/i, 'application/pdf'],
    'deck.pptx': [/pptx|slides|presentation/i, 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    'memo.docx': [/docx|document/i, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    'sheet.xlsx': [/xlsx|sheet/i, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    'dot.png': [/<img/i, 'image/png'],
    'shape.svg': [/<img/i, 'image/svg+xml'],
    'App.jsx': [/react/i, null],
  };
  for (const [source_type, file] of fx.everyType()) {
    if (!(file.name in expectations)) continue;
    const [pattern, originalType] = expectations[file.name];
    const e = await linkDrop(owner, file, source_type, { display_name: `Title of ${file.name}` });
    const page = await open(e.url);
    assert.equal(page.status, 200, `${file.name}: ${page.text}`);
    assert.match(page.headers.get('content-type'), /^text\/html/);
    assert.match(page.text, pattern, file.name);
    assert.ok(page.text.includes(`Title of ${file.name}`), `${file.name} has its title`);
    assert.ok(page.text.includes('_plug/file?download=1'), `${file.name} links the original`);
    assert.equal(tags(page.text).length, 1, `${file.name} has one badge`);
    assert.ok(!/https?:\/\/(unpkg|cdn|cdnjs|jsdelivr)/.test(page.text), `${file.name} uses no third-party CDN`);
    const original = await open(`${e.url}_plug/file?download=1`);
    assert.equal(original.status, 200);
    if (originalType) assert.ok(original.headers.get('content-type').startsWith(originalType), `${file.name}: ${original.headers.get('content-type')}`);
    assert.match(original.headers.get('content-disposition'), /^attachment/);
    assert.equal(tags(original.text).length, 0, 'no badge in the original bytes');
  }
});

test('markdown is rendered sanitised: raw HTML and javascript: links do not survive', async () => {
  const { owner } = await app.world();
  const md = '# Hi\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[click](javascript:alert(3))\n';
  const e = await linkDrop(owner, { name: 'x.md', content: md }, 'markdown');
  const page = await open(e.url);
  const withoutBadge = page.text.replace(TAG, '');
  assert.ok(!/<script>alert/.test(withoutBadge));
  assert.ok(!/<img[^>]+onerror/i.test(withoutBadge));
  assert.ok(!/href="javascript:/i.test(withoutBadge));
});

test('a zipped site serves nested files with their content types, badges only its HTML, and moves folders to their index', async () => {
  const { owner } = await app.world();
  const e = await linkDrop(owner, { name: 'site.zip', content: fx.site() });
  const index = await open(e.url);
  assert.equal(index.status, 200);
  assert.equal(tags(index.text).length, 1);
  const css = await open(`${e.url}css/site.css`);
  assert.equal(css.status, 200);
  assert.match(css.headers.get('content-type'), /^text\/css/);
  assert.equal(css.text, 'body { color: #123456 }');
  const png = await open(`${e.url}img/dot.png`);
  assert.equal(png.headers.get('content-type'), 'image/png');
  const about = await open(`${e.url}docs/about.html`);
  assert.equal(tags(about.text).length, 1);
  const folder = await open(`${e.url}docs`);
  assert.equal(folder.status, 404, 'docs/ has no index.html, and docs is a folder of the site');
  // A route with no file: a navigation (a reload of a single-page app's /dashboard) gets the
  // home page, as Cloudflare Pages answers a site without 404.html; a program's request stays 404.
  assert.equal((await open(`${e.url}dashboard`)).status, 404);
  const route = await open(`${e.url}dashboard`, { headers: { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' } });
  assert.equal(route.status, 200);
  assert.match(route.text, /<h1>Site<\/h1>/);
  assert.equal((await open(`${e.url}missing.html`)).status, 404);
  assert.equal((await open(`${e.url}..%2F..%2Fetc%2Fpasswd`)).status, 404);
});

test('a zipped old-style site whose home page is index.htm is refused with the file named and the fix', async () => {
  const { owner } = await app.world();
  const content = fx.zip([
    { name: 'index.htm', content: '<html><body><h1>Welcome to my homepage</h1><a href="page2.htm">next</a></body></html>' },
    { name: 'page2.htm', content: '<html><body><h1>Page two</h1></body></html>' },
  ]);
  const res = await app.drop(owner, { file: { name: 'homepage.zip', content }, fields: { scope: 'personal', visibility: 'link' } });
  const error = expectError(assert, res, 422, 'CONTENT_MALFORMED');
  assert.match(error.message, /it has 'index\.htm'.*rename 'index\.htm' to index\.html/);
});

test('a URL without its trailing slash redirects to it; API-origin content paths move to the serving origin', async () => {
  const { owner } = await app.world();
  const e = await linkDrop(owner, { name: 'page.html', content: fx.html() });
  const bare = await get(e.url.slice(0, -1));
  assert.equal(bare.status, 301);
  assert.equal(bare.headers.get('location'), e.url);
  const onApi = await get(e.url.replace(app.serveUrl, app.baseUrl));
  assert.equal(onApi.status, 302);
  assert.equal(onApi.headers.get('location'), e.url);
});

test('serving honours visibility per viewer: anonymous, Bearer header and session cookie', async () => {
  const { owner, member, outsider } = await app.world();
  const e = await app.dropLive(owner, {});
  assert.equal((await open(e.url)).status, 404, 'grid content is hidden from anonymous viewers');
  assert.equal((await open(e.url, { token: member.token })).status, 200);
  assert.equal((await open(e.url, { token: outsider.token })).status, 404);
  const session = await app.request('POST', '/api/v2/serve-sessions', { token: member.token, json: { url: e.url } });
  assert.equal(session.status, 201, session.text);
  assert.ok(session.body.url.startsWith(`${app.serveUrl}/_plug/session?ticket=`));
  const redeem = await get(session.body.url);
  assert.equal(redeem.status, 302);
  assert.ok(redeem.headers.get('location').startsWith(`${app.contentUrl(e.entity_id)}/?plug_ticket=`), 'straight on to the content origin');
  // Opening it sets the link origin's session, as the interface defines a serve session.
  const cookie = redeem.headers.getSetCookie().find((c) => c.startsWith('plug_session='));
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Lax/);
  const withCookie = await open(e.url, { headers: { cookie: cookie.split(';')[0] } });
  assert.equal(withCookie.status, 200);
  assert.equal(new URL(withCookie.url).origin, app.contentUrl(e.entity_id));
  assert.equal((await get(session.body.url)).status, 401, 'a ticket works once');
  const asApiToken = await app.request('GET', '/api/v2/inspirations', { token: cookie.split(';')[0].split('=')[1] });
  assert.equal(asApiToken.status, 401, 'a session cookie is not an API token');
  expectError(assert, await app.request('POST', '/api/v2/serve-sessions', { token: member.token, json: { url: 'https://evil.example/' } }), 400, 'VALIDATION_FAILED');
});

test('content answers 503 with Retry-After while provisioning and 404 to those who may not see it', async () => {
  const { owner } = await app.world();
  const e = await linkDrop(owner, { name: 'page.html', content: fx.html() });
  await app.admin('PATCH', `/entities/${e.entity_id}`, { status: 'provisioning' });
  const res = await open(e.url);
  assert.equal(res.status, 503);
  assert.ok(Number(res.headers.get('retry-after')) >= 1);
  await app.admin('PATCH', `/entities/${e.entity_id}`, { status: 'archived' });
  assert.equal((await open(e.url)).status, 404);
  assert.equal((await open(e.url, { token: owner.token })).status, 200, 'the owner still sees archived content');
});

test('a scope move sends readers to the new URL and answers 404 to others', async () => {
  const { owner, member, space } = await app.world();
  const e = await app.dropLive(owner, {});
  const moved = await app.request('PATCH', `/api/v2/inspirations/${e.entity_id}`, { token: owner.token, json: { scope: 'space', space_id: space.space_id, visibility: 'private' } });
  assert.equal(moved.status, 200, moved.text);
  const old = await get(e.url, { token: owner.token });
  assert.equal(old.status, 301);
  assert.equal(old.headers.get('location'), moved.body.url);
  assert.equal((await open(e.url, { token: member.token })).status, 404);
  assert.equal((await open(e.url)).status, 404);
});

test('the chip\'s shell comes right before the tag; a viewer who hid the badge gets the tag alone unless a policy forces it', async () => {
  const { owner, grid } = await app.world();
  const e = await linkDrop(owner, { name: 'page.html', content: fx.html('Launch') });
  const direct = async (cookie) => (await fetchLocal(`${app.contentUrl(e.entity_id)}/`, { headers: cookie ? { cookie } : {} })).text();
  const SHELL = /<platform-badge data-platform-shell aria-hidden="true"><template shadowrootmode="closed">[\s\S]*?<\/template><\/platform-badge>/g;
  const shells = (html) => html.match(SHELL) ?? [];
  const html = await direct();
  assert.equal(shells(html).length, 1, html);
  assert.equal(html.indexOf(shells(html)[0]) + shells(html)[0].length, html.indexOf(tags(html)[0][0]), 'the shell, then at once the tag');
  assert.ok(!/Running on Plug/.test(html), 'no words in the page: the shell holds their place with an empty box');
  // The cookie "Hide for this session" sets beside its sessionStorage flag (badge-panel.js).
  const hidden = await direct('other=1; platform-badge-dismissed=1');
  assert.equal(tags(hidden).length, 1, 'badge.js still comes: sessionStorage decides');
  assert.equal(shells(hidden).length, 0, 'no shell to flash');
  const gridPolicy = (policy) => app.admin('PUT', `/grids/${grid.slug}/badge-policy`, { policy });
  try {
    await gridPolicy('force_on');
    const locked = await direct('platform-badge-dismissed=1');
    assert.equal(attr(tags(locked)[0][0], 'data-platform-badge-mode'), 'locked-show');
    assert.equal(shells(locked).length, 1, 'a forced badge ignores the choice, and so does its shell');
  } finally {
    await gridPolicy('none');
  }
});

test('badge resolution: all seven rows of the table decide the tag and its mode', async () => {
  const { owner, grid } = await app.world();
  const e = await linkDrop(owner, { name: 'page.html', content: fx.html() });
  const platform = (policy) => app.admin('PUT', '/badge-policy', { policy });
  const gridPolicy = (policy) => app.admin('PUT', `/grids/${grid.slug}/badge-policy`, { policy });
  const setMode = async (mode) => {
    await platform('none');
    await gridPolicy('none');
    if (mode) assert.equal((await app.request('PATCH', `/api/v2/entities/${e.entity_id}`, { token: owner.token, json: { badge_mode: mode } })).status, 200);
  };
  const rows = [
    ['off', 'force_on', 'force_off', 'force-show'],
    ['on', 'force_off', 'force_on', null],
    ['off', 'none', 'force_on', 'locked-show'],
    ['on', 'none', 'force_off', null],
    ['on', 'none', 'none', 'auto'],
    ['off', 'none', 'none', null],
  ];
  try {
    for (const [mode, p, g, expected] of rows) {
      await setMode(mode);
      await platform(p);
      await gridPolicy(g);
      const page = await open(e.url);
      const found = tags(page.text);
      if (expected) {
        assert.equal(found.length, 1, `${mode}/${p}/${g}`);
        assert.equal(attr(found[0][0], 'data-platform-badge-mode'), expected);
      } else {
        assert.equal(found.length, 0, `${mode}/${p}/${g}: no tag at all when off`);
        assert.ok(!page.text.includes('badge.js'));
      }
    }
    const fresh = await linkDrop(owner, { name: 'page.html', content: fx.html() });
    await platform('none');
    await gridPolicy('none');
    assert.equal(attr(tags((await open(fresh.url)).text)[0][0], 'data-platform-badge-mode'), 'auto', 'row 7: default on');
  } finally {
    await platform('none');
  }
});

test('badge_mode changes are refused with 403 BADGE_POLICY_OVERRIDE naming the source and direction', async () => {
  const { owner, grid, member } = await app.world();
  const e = await linkDrop(owner, { name: 'page.html', content: fx.html() });
  const url = `/api/v2/entities/${e.entity_id}`;
  const ok = await app.request('PATCH', url, { token: owner.token, json: { badge_mode: 'off' } });
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.body.badge_mode, 'off');
  assert.equal(ok.body.badge_state, 'off');
  assert.ok(ok.body.updated_at);
  await app.admin('PUT', `/grids/${grid.slug}/badge-policy`, { policy: 'force_on' });
  const refused = expectError(assert, await app.request('PATCH', url, { token: owner.token, json: { badge_mode: 'off' } }), 403, 'BADGE_POLICY_OVERRIDE');
  assert.match(refused.message, /grid/);
  assert.match(refused.message, /forces on/);
  await app.admin('PUT', `/grids/${grid.slug}/badge-policy`, { policy: 'none' });
  try {
    await app.admin('PUT', '/badge-policy', { policy: 'force_off' });
    const platformRefusal = expectError(assert, await app.request('PATCH', url, { token: owner.token, json: { badge_mode: 'on' } }), 403, 'BADGE_POLICY_OVERRIDE');
    assert.match(platformRefusal.message, /platform/);
    assert.match(platformRefusal.message, /forces off/);
  } finally {
    await app.admin('PUT', '/badge-policy', { policy: 'none' });
  }
  expectError(assert, await app.request('PATCH', url, { token: owner.token, json: { badge_mode: 'maybe' } }), 400, 'VALIDATION_FAILED');
  expectError(assert, await app.request('PATCH', url, { token: member.token, json: { badge_mode: 'on' } }), 403, 'FORBIDDEN');
});

test('a grid badge style is emitted as data-platform-theme and data-platform-position, escaped', async () => {
  const { owner, grid } = await app.world();
  const style = await app.admin('PUT', `/grids/${grid.slug}/badge-style`, { theme: { bg: '#111111', font: '"Inter", sans-serif' }, position: 'top-left' });
  assert.equal(style.status, 200, style.text);
  const e = await linkDrop(owner, { name: 'page.html', content: fx.html() });
  const page = await open(e.url);
  const tag = tags(page.text)[0][0];
  assert.equal(attr(tag, 'data-platform-position'), 'top-left');
  const theme = JSON.parse(attr(tag, 'data-platform-theme').replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
  assert.deepEqual(theme, { bg: '#111111', font: '"Inter", sans-serif' });
});

test('badge.js is served with a day of caching, must-revalidate and a strong ETag', async () => {
  const res = await get('/badge.js');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'public, max-age=86400, must-revalidate');
  const etag = res.headers.get('etag');
  assert.match(etag, /^"[^"]+"$/);
  assert.match(res.headers.get('content-type'), /javascript/);
  const again = await get('/badge.js', { headers: { 'if-none-match': etag } });
  assert.equal(again.status, 304);
});

test('the sitemap lists only live link + indexed Inspirations', async () => {
  const { owner } = await app.world();
  const indexed = await linkDrop(owner, { name: 'page.html', content: fx.html() });
  const plain = await linkDrop(owner, { name: 'page.html', content: fx.html() });
  await app.request('PATCH', `/api/v2/entities/${indexed.entity_id}/visibility`, { token: owner.token, json: { visibility: 'link', link_indexed: true } });
  const sitemap = await get('/sitemap.xml', { origin: 'serve' });
  assert.equal(sitemap.status, 200);
  assert.ok(sitemap.text.includes(`<loc>${indexed.url}</loc>`));
  assert.ok(!sitemap.text.includes(plain.url));
  const robots = await get('/robots.txt', { origin: 'serve' });
  assert.match(robots.text, /Sitemap: .*sitemap\.xml/);
});

test('the vendor scripts of the viewer pages are served from the serving origin', async () => {
  const res = await get('/_plug/vendor/react.production.min.js', { origin: 'serve' });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /javascript/);
  assert.equal((await get('/_plug/vendor/nope.js', { origin: 'serve' })).status, 404);
});

test('a served page without a badge counts the visit itself, once per viewer per day', async () => {
  const { owner } = await app.world();
  const e = await linkDrop(owner, { name: 'page.html', content: fx.html() });
  await app.request('PATCH', `/api/v2/entities/${e.entity_id}`, { token: owner.token, json: { badge_mode: 'off' } });
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36', 'cf-connecting-ip': '198.51.100.4' };
  await open(e.url, { headers: browser });
  await open(e.url, { headers: browser });
  await open(e.url, { headers: { ...browser, cookie: 'platform-no-count=1', 'cf-connecting-ip': '198.51.100.5' } });
  await new Promise((r) => setTimeout(r, 500));
  assert.equal((await app.request('GET', `/api/v2/inspirations/${e.entity_id}`, { token: owner.token })).body.view_count, 1);
});
