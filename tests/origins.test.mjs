// The three kinds of origin (issue 13; README "What runs where", "Signing in"; docs/model.md "Wire
// details"): the link origin sends readers on to one content origin per Inspiration, with a ticket
// that works once and only there; the content origin's cookie authorizes that Inspiration alone; a
// browser without a session is sent to sign in, an API client gets JSON; missing and hidden look
// exactly alike; scanning is rate limited.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError, fetchLocal } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const NAV = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'sec-fetch-mode': 'navigate' };

test('a reader is sent from the url to the same path and query at the Inspiration\'s own origin, with a one-time ticket', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, { file: { name: 'site.zip', content: fx.site() } });
  const hop = await app.request('GET', `${e.url}css/site.css?v=3`, { token: member.token });
  assert.equal(hop.status, 302);
  const to = new URL(hop.headers.get('location'));
  assert.equal(to.origin, app.contentUrl(e.entity_id));
  assert.equal(to.pathname, '/css/site.css');
  assert.equal(to.searchParams.get('v'), '3');
  const ticket = to.searchParams.get('plug_ticket');
  assert.match(ticket, /^[0-9a-f]{64}$/);
  assert.equal(hop.headers.get('x-content-type-options'), 'nosniff');

  const first = await app.request('GET', to.toString());
  assert.equal(first.status, 200, first.text);
  assert.equal(first.text, 'body { color: #123456 }');
  const cookie = first.headers.get('set-cookie');
  assert.match(cookie, /^plug_content=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
  assert.doesNotMatch(cookie, /Domain=/i, 'host-only');
  assert.equal((await app.request('GET', to.toString())).status, 404, 'a ticket works once');

  // The cookie opens this Inspiration's origin, and no other.
  const jar = cookie.split(';')[0];
  assert.equal((await app.request('GET', `${app.contentUrl(e.entity_id)}/css/site.css`, { headers: { cookie: jar } })).status, 200);
  const other = await app.dropLive(owner, {});
  assert.equal((await app.request('GET', `${app.contentUrl(other.entity_id)}/`, { headers: { cookie: jar } })).status, 404);
  assert.equal((await app.request('GET', `${app.contentUrl(other.entity_id)}/`, { token: member.token })).status, 200, 'a Bearer token opens a content origin directly');

  // A ticket made for one Inspiration does nothing on another's origin.
  const elsewhere = new URL((await app.request('GET', e.url, { token: member.token })).headers.get('location'));
  const stolen = `${app.contentUrl(other.entity_id)}/?plug_ticket=${elsewhere.searchParams.get('plug_ticket')}`;
  assert.equal((await app.request('GET', stolen)).status, 404);
  assert.equal((await app.request('GET', elsewhere.toString())).status, 200, 'and stays good for its own');
});

test('link content needs no ticket and no cookie; anonymous readers go straight through', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const hop = await app.request('GET', e.url);
  assert.equal(hop.status, 302);
  assert.equal(hop.headers.get('location'), `${app.contentUrl(e.entity_id)}/`);
  const page = await app.open(e.url);
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('set-cookie'), null);
  assert.equal(page.headers.get('link'), `<${e.url}>; rel="canonical"`, 'the content points back at its url');
  assert.match(page.text, /<h1>Hello<\/h1>/);
});

test('a browser without a session is sent to sign in, for a hidden and a missing url alike; API clients get JSON', async () => {
  const { owner, grid } = await app.world();
  const e = await app.dropLive(owner, {});
  const missing = `${app.serveUrl}/${grid.slug}/nothing-abcd/`;
  const hidden = await app.request('GET', e.url, { headers: NAV });
  const absent = await app.request('GET', missing, { headers: NAV });
  for (const [res, url] of [[hidden, e.url], [absent, missing]]) {
    assert.equal(res.status, 302);
    const to = new URL(res.headers.get('location'));
    assert.equal(`${to.origin}${to.pathname}`, `${app.baseUrl}/enter`);
    assert.equal(to.searchParams.get('to'), url);
  }
  expectError(assert, await app.request('GET', e.url), 404, 'NOT_FOUND');
  expectError(assert, await app.request('GET', missing), 404, 'NOT_FOUND');
  // The sign-in page itself is the web app.
  const enter = await app.request('GET', new URL(hidden.headers.get('location')).pathname);
  assert.equal(enter.status, 200);
  assert.match(enter.headers.get('content-type'), /text\/html/);
  assert.equal(enter.headers.get('x-frame-options'), 'DENY');
});

test('a signed-in viewer who may not read it gets one HTML page, the same for missing and hidden', async () => {
  const { owner, outsider, grid } = await app.world();
  const e = await app.dropLive(owner, {});
  const pageFor = async (url) => {
    const s = await app.request('POST', '/api/v2/serve-sessions', { token: outsider.token, json: { url } });
    assert.equal(s.status, 201, s.text);
    return app.open(s.body.url, { headers: NAV });
  };
  const hidden = await pageFor(e.url);
  const absent = await pageFor(`${app.serveUrl}/${grid.slug}/nothing-abcd/`);
  for (const res of [hidden, absent]) {
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type'), /^text\/html/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.match(res.text, /not shared with you/);
    assert.ok(res.text.includes(`signed in as ${outsider.name} (${outsider.slug})`), res.text);
    assert.doesNotMatch(res.text, /"error"/, 'no JSON');
  }
  assert.equal(hidden.text, absent.text, 'nothing tells an existing Inspiration from a missing one');
  assert.equal(hidden.hops.length, absent.hops.length);
  // The sign-in the link origin starts itself, through /enter on the /enter cookie and its flow
  // cookie, signs this browser in too.
  const jar = new Map();
  const set = await app.request('POST', '/api/v2/enter-session', { token: outsider.token });
  jar.set(new URL(app.baseUrl).host, new Map([['plug_enter', set.headers.getSetCookie()[0].split(';')[0].slice('plug_enter='.length)]]));
  const first = await app.open(e.url, { headers: NAV, jar });
  assert.equal(first.status, 404);
  assert.equal(first.text, hidden.text);
  assert.equal(first.hops.length, 3, first.hops.join(' ')); // the url, /enter, /_plug/session
  // Once signed in, the link origin answers the page itself, for both.
  for (const url of [e.url, `${app.serveUrl}/${grid.slug}/nothing-abcd/`]) {
    const again = await app.open(url, { headers: NAV, jar });
    assert.equal(again.status, 404);
    assert.equal(again.text, hidden.text);
    assert.equal(again.hops.length, 1);
  }
});

test('a drop only its viewers may read is framed only by itself, the web app and the link origin; a link drop may be embedded anywhere', async () => {
  const { owner, member } = await app.world();
  const hidden = await app.dropLive(owner, { file: { name: 'site.zip', content: fx.site() } });
  const framed = (csp) => (csp ?? '').split(/[;,]\s*/).find((d) => d.startsWith('frame-ancestors'));
  for (const path of ['/', '/css/site.css']) {
    const page = await app.request('GET', `${app.contentUrl(hidden.entity_id)}${path}`, { token: member.token });
    assert.equal(framed(page.headers.get('content-security-policy')), `frame-ancestors 'self' ${app.baseUrl} ${app.serveUrl}`, `${path}: ${page.status}`);
  }
  // The page's own policy still applies beside it.
  const page = await app.request('GET', `${app.contentUrl(hidden.entity_id)}/`, { token: member.token });
  assert.match(page.headers.get('content-security-policy'), /script-src /);

  const open = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const shared = await app.open(open.url);
  assert.equal(shared.status, 200);
  assert.equal(framed(shared.headers.get('content-security-policy')), undefined);

  // A link drop in a hidden state is its owner's and admins' alone, seen with their cookie or
  // token like a private one: framed only by Plug, and never indexed, though it is still `link`.
  const indexed = { scope: 'personal', visibility: 'link' };
  const [archived, expired] = await Promise.all([app.dropLive(owner, { fields: indexed }), app.dropLive(owner, { fields: indexed })]);
  for (const e of [archived, expired]) {
    const res = await app.request('PATCH', `/api/v2/entities/${e.entity_id}/visibility`, { token: owner.token, json: { visibility: 'link', link_indexed: true } });
    assert.equal(res.status, 200, res.text);
  }
  assert.equal((await app.request('POST', `/api/v2/inspirations/${archived.entity_id}/archive`, { token: owner.token })).status, 200);
  assert.equal((await app.admin('PATCH', `/entities/${expired.entity_id}`, { expires_at: new Date(Date.now() - 60_000).toISOString() })).status, 200);
  for (const e of [archived, expired]) {
    assert.equal((await app.request('GET', `${app.contentUrl(e.entity_id)}/`)).status, 404, 'hidden from anyone else');
    const own = await app.request('GET', `${app.contentUrl(e.entity_id)}/`, { token: owner.token });
    assert.equal(own.status, 200);
    const read = await app.request('GET', `/api/v2/inspirations/${e.entity_id}`, { token: owner.token });
    assert.deepEqual([read.body.visibility, read.body.link_indexed], ['link', true], 'its stored visibility is unchanged');
    assert.equal(framed(own.headers.get('content-security-policy')), `frame-ancestors 'self' ${app.baseUrl} ${app.serveUrl}`);
    assert.equal(own.headers.get('x-robots-tag'), 'noindex, nofollow');
  }
});

test('a content origin hit directly by a browser it does not know goes through the hand-off and comes back', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, { file: { name: 'site.zip', content: fx.site() } });
  const direct = `${app.contentUrl(e.entity_id)}/docs/about.html?x=1`;
  const res = await app.request('GET', direct, { headers: NAV });
  assert.equal(res.status, 302);
  const handoff = new URL(res.headers.get('location'));
  assert.equal(`${handoff.origin}${handoff.pathname}`, `${app.serveUrl}/_plug/handoff`);
  assert.equal(handoff.searchParams.get('to'), direct);
  // Signed in on the link origin, the hand-off sends it back with a ticket.
  const s = await app.request('POST', '/api/v2/serve-sessions', { token: member.token, json: { url: handoff.toString() } });
  const back = await app.open(s.body.url, { headers: NAV });
  assert.equal(back.status, 200, back.text);
  assert.equal(new URL(back.url).pathname, '/docs/about.html');
  assert.equal(new URL(back.url).searchParams.get('x'), '1');
  // The hand-off marks the browser for its way back (a minute): a ticket that does not work then
  // ends on the page, never in a loop.
  const marked = res.headers.getSetCookie().find((c) => c.startsWith('plug_handoff='));
  assert.match(marked, /^plug_handoff=1; Path=\/; HttpOnly; SameSite=Lax; Max-Age=60$/);
  const spent = await app.open(`${direct}&plug_ticket=${'0'.repeat(64)}`, { headers: { ...NAV, cookie: 'plug_handoff=1' } });
  assert.equal(spent.status, 404);
  assert.match(spent.text, /not shared with you/);
  assert.equal(spent.hops.length, 1);
  // Unmarked, a ticket that does not work is an old address (copied from the address bar, a
  // bookmark): it goes through the hand-off like the address without it.
  const old = await app.request('GET', `${direct}&plug_ticket=${'0'.repeat(64)}`, { headers: NAV });
  assert.equal(old.status, 302);
  assert.equal(new URL(old.headers.get('location')).searchParams.get('to'), direct);
});

test('every link- and content-origin answer carries nosniff, robots and errors included', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const c = app.contentUrl(e.entity_id);
  for (const url of [`${app.serveUrl}/robots.txt`, `${app.serveUrl}/sitemap.xml`, `${app.serveUrl}/favicon.ico`,
    `${app.serveUrl}/nope`, `${app.serveUrl}/x/y/`, `${c}/`, `${c}/robots.txt`, `${c}/missing.css`, `${c}/favicon.ico`,
    `${c}/_plug/file`, `${app.contentUrl('00000000-0000-4000-8000-000000000000')}/`]) {
    const res = await app.request('GET', url);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff', url);
  }
  const icon = await app.request('GET', `${c}/favicon.ico`);
  assert.equal(icon.status, 200);
  assert.equal(icon.headers.get('content-type'), 'image/png');
  assert.match((await app.request('GET', `${c}/robots.txt`)).text, /Disallow: \//, 'not indexed: not crawlable');
});

test('JSON bodies that are not UTF-8 are refused, and nothing is stored', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, {});
  const res = await app.request('PATCH', `/api/v2/inspirations/${e.entity_id}`, {
    token: owner.token,
    headers: { 'content-type': 'application/json' },
    body: Buffer.concat([Buffer.from('{"display_name":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
  });
  expectError(assert, res, 400, 'VALIDATION_FAILED');
  const read = await app.request('GET', `/api/v2/inspirations/${e.entity_id}`, { token: owner.token });
  assert.equal(read.body.display_name, e.display_name);
});

test('"Download original" keeps a non-ASCII file name (RFC 6266)', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { file: { name: '資料 Übersicht.pdf', content: fx.pdf(), type: 'application/pdf' }, fields: { source_type: 'pdf', scope: 'personal', visibility: 'link' } });
  const res = await app.open(`${e.url}_plug/file?download=1`);
  assert.equal(res.status, 200);
  const disposition = res.headers.get('content-disposition');
  assert.match(disposition, /^attachment; filename="[ -~]+"; filename\*=UTF-8''/);
  const encoded = disposition.split("filename*=UTF-8''")[1];
  assert.equal(decodeURIComponent(encoded), '資料 Übersicht.pdf');
});

test('"Download original" never saves a name with a direction override or control characters', async () => {
  const { owner } = await app.world();
  // Shown as "invoicelmth.pdf" in a downloads list if the override survived; it is an HTML page.
  const e = await app.dropLive(owner, { file: { name: 'invoice\u202Efdp.html', content: fx.html('Invoice') }, fields: { scope: 'personal', visibility: 'link' } });
  const res = await app.open(`${e.url}_plug/file?download=1`);
  assert.equal(res.status, 200);
  const disposition = res.headers.get('content-disposition');
  assert.equal(disposition, "attachment; filename=\"invoice_fdp.html\"; filename*=UTF-8''invoice_fdp.html");
  assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8', 'the original HTML is data, not a page');
});

test('many misses from one client are answered 429 with Retry-After, hits included, while a token is not slowed', async () => {
  const { owner, grid } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const ip = { 'cf-connecting-ip': '203.0.113.77' };
  let limited = null;
  for (let i = 0; i < 80 && !limited; i += 1) {
    const res = await app.request('GET', `${app.serveUrl}/${grid.slug}/guess-${i.toString(16).padStart(4, '0')}/`, { headers: ip });
    if (res.status === 429) limited = res;
    else assert.equal(res.status, 404);
  }
  assert.ok(limited, 'a scan is stopped');
  const error = expectError(assert, limited, 429, 'RATE_LIMITED');
  assert.equal(error.details[0].issue, 'link_misses_per_ip');
  assert.ok(Number(limited.headers.get('retry-after')) >= 1);
  assert.equal((await app.request('GET', e.url, { headers: ip })).status, 429, 'a hit is refused too while the scan lasts');
  assert.equal((await app.request('GET', e.url, { headers: { 'cf-connecting-ip': '203.0.113.78' } })).status, 302, 'other clients are not');
  assert.equal((await app.request('GET', e.url, { headers: ip, token: owner.token })).status, 302, 'nor API clients with a token');
});

test('fetchLocal reaches content origins like a browser does', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const res = await fetchLocal(e.url);
  assert.equal(res.status, 200);
  assert.equal(new URL(res.url).origin, app.contentUrl(e.entity_id));
});
