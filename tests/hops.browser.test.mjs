// A pasted `url` in as few hops as isolation allows (issue 28; README "How a viewer gets there"),
// in real Chromium against the real Worker: the exact requests on the way for a teammate signed in
// on the link origin and for a fresh browser signed in to the web app only (/enter redirects at
// once on the cookie the app leaves, else is a small page of its own, never the whole app), and
// the attacks on what changed: the /enter cookie is the API's to set, leads only to the link
// origin and opens nothing else; the ticket the link origin
// stores with its reads works once, on its own origin only, even when two requests race to spend
// it; one is never handed out for what the viewer may not read; /enter never leaves Plug's origins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { useBrowserWorld } from './support/browser-world.mjs';
import { signedInContext } from '../web/bench.mjs';
import * as fx from './support/fixtures.mjs';

const world = useBrowserWorld('hops');
const { SHOTS } = world;

const NAV = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'sec-fetch-mode': 'navigate', 'user-agent': BROWSER_UA };

/**
 * Every request `go()` makes in `page`, as `METHOD origin-name path status`, in order; `.navigations`
 * holds only the top-level navigation's hops. The page before may still send its view beacon or
 * load the badge's panel while `go()` runs, and its answers can land between those hops, so a
 * test that asserts a redirect chain compares `.navigations`.
 */
async function requestsOf(page, go, names) {
  const seen = [];
  const navigations = [];
  const onResponse = (res) => {
    const u = new URL(res.url());
    if (u.pathname === '/favicon.ico') return;
    const entry = `${res.request().method()} ${names.get(u.origin) ?? u.origin} ${u.pathname} ${res.status()}`;
    seen.push(entry);
    if (res.request().isNavigationRequest() && res.frame() === page.mainFrame()) navigations.push(entry);
  };
  page.on('response', onResponse);
  await go();
  page.off('response', onResponse);
  return Object.assign(seen, { navigations });
}

/**
 * The link origin's session cookie of `user`, the way a browser gets it: the link origin starts a
 * sign-in (its flow cookie), /enter mints it on the /enter cookie, the same browser spends it.
 */
async function linkCookie(user) {
  const set = await world.app.request('POST', '/api/v2/enter-session', { token: user.token });
  const enter = set.headers.getSetCookie().find((c) => c.startsWith('plug_enter=')).split(';')[0];
  const miss = await world.app.request('GET', `${world.app.serveUrl}/`, { headers: NAV });
  assert.equal(miss.status, 302);
  const flow = miss.headers.getSetCookie().find((c) => c.startsWith('plug_flow_')).split(';')[0];
  const at = await world.app.request('GET', miss.headers.get('location'), { headers: { ...NAV, cookie: enter } });
  assert.equal(at.status, 302);
  const res = await world.app.request('GET', at.headers.get('location'), { headers: { ...NAV, cookie: flow } });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('plug_session='));
  assert.ok(cookie, 'the session sets the link origin cookie');
  return cookie.split(';')[0];
}

test('a fresh browser signed in to the web app reaches the page through /enter\'s own small page straight to the content, then without a page, then in one hop', async () => {
  const { owner, member, grid } = await world.app.world();
  const e = await world.app.dropLive(owner, { file: { name: 'plan.html', content: fx.html('Plan', '<h1>Team plan</h1>') } });
  const content = world.app.contentUrl(e.entity_id);
  const names = new Map([[world.app.baseUrl, 'api'], [world.app.serveUrl, 'link'], [content, 'content']]);
  const context = await signedInContext(world.browser, { user: member, grid, baseUrl: world.app.baseUrl, userAgent: BROWSER_UA });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const first = await requestsOf(page, async () => {
    await page.goto(e.url);
    await page.waitForURL((u) => u.origin === content, { waitUntil: 'load' });
  }, names);
  const link = new URL(e.url).pathname;
  // The page makes one request, which answers with the content and its ticket and sets the
  // /enter cookie for next time: nothing else on the way, nothing beside it, no link-origin hop.
  const onTheWay = first.slice(0, first.indexOf(`GET content / 200`) + 1);
  assert.deepEqual(onTheWay, [
    `GET link ${link} 302`,
    'GET api /enter 200',
    'POST api /enter 201',
    'GET content / 200',
  ], first.join('\n'));
  // (Once the page is there, its badge may send the view beacon to the API before `go()` returns.)
  assert.ok(!onTheWay.some((r) => r.includes('/api/v2/')), `no API route on the way: ${first.join(', ')}`);
  assert.ok(!first.some((r) => r.includes('/app/')), `the web app is not loaded: ${first.join(', ')}`);
  assert.equal(await page.textContent('h1'), 'Team plan');
  assert.equal(new URL(page.url()).searchParams.get('plug_ticket')?.length, 64);

  // The next pasted url needs no page: the /enter cookie that answer set signs this browser in
  // on the link origin on the way (its flow bound to this browser), and from then on a pasted
  // url is one redirect.
  const other = await world.app.dropLive(owner, { file: { name: 'b.html', content: fx.html('B', '<h1>Budget</h1>') } });
  names.set(world.app.contentUrl(other.entity_id), 'other');
  const second = await requestsOf(page, async () => {
    await page.goto(other.url);
    await page.waitForURL((u) => u.origin === world.app.contentUrl(other.entity_id), { waitUntil: 'load' });
  }, names);
  assert.deepEqual(second.navigations, [
    `GET link ${new URL(other.url).pathname} 302`,
    'GET api /enter 302',
    'GET link /_plug/session 302',
    'GET other / 200',
  ], second.join('\n'));
  assert.equal(await page.textContent('h1'), 'Budget');
  const flows = (await context.cookies(world.app.serveUrl)).filter((c) => c.name.startsWith('plug_flow_'));
  assert.equal(flows.length, 1, 'the first flow is left to expire; the spent one is cleared');
  assert.ok(flows.every((c) => c.httpOnly && c.sameSite === 'Lax'));
  const third = await requestsOf(page, async () => {
    await page.goto(e.url);
    await page.waitForURL((u) => u.origin === content, { waitUntil: 'load' });
  }, names);
  assert.deepEqual(third.navigations, [`GET link ${link} 302`, 'GET content / 200'], third.join('\n'));
  assert.deepEqual(errors.filter((m) => !/favicon/.test(m)), []);
  // And the small page left the /enter cookie for the next time this browser has no link session:
  // a fresh tab whose link session is gone takes the four-redirect path, with no page.
  const left = (await context.cookies(`${world.app.baseUrl}/enter`)).find((c) => c.name === 'plug_enter');
  assert.ok(left, 'the /enter cookie is set');
  assert.equal(left.httpOnly, true);
  assert.equal(left.sameSite, 'Lax');
  assert.equal(left.path, '/enter');
  await context.clearCookies({ name: 'plug_session' });
  const fresh = await context.newPage();
  const again = await requestsOf(fresh, async () => {
    await fresh.goto(e.url);
    await fresh.waitForURL((u) => u.origin === content, { waitUntil: 'load' });
  }, names);
  assert.deepEqual(again.slice(0, again.indexOf('GET content / 200') + 1), [
    `GET link ${link} 302`,
    'GET api /enter 302',
    'GET link /_plug/session 302',
    'GET content / 200',
  ], again.join('\n'));
  await context.close();
});

test('where the web app has run, /enter needs no page: url, /enter, /_plug/session and the content are four redirects\' worth', async () => {
  const { owner, member, grid } = await world.app.world();
  const e = await world.app.dropLive(owner, { file: { name: 'plan.html', content: fx.html('Plan', '<h1>Team plan</h1>') } });
  const content = world.app.contentUrl(e.entity_id);
  const names = new Map([[world.app.baseUrl, 'api'], [world.app.serveUrl, 'link'], [content, 'content']]);
  const context = await signedInContext(world.browser, { user: member, grid, baseUrl: world.app.baseUrl, userAgent: BROWSER_UA });
  let page = await context.newPage();
  await page.goto(`${world.app.baseUrl}/`);
  await page.waitForSelector('#grid');
  let cookie;
  for (let t = 0; t < 100 && !cookie; t++) {
    cookie = (await context.cookies(`${world.app.baseUrl}/enter`)).find((c) => c.name === 'plug_enter');
    if (!cookie) await page.waitForTimeout(50);
  }
  assert.ok(cookie, 'the signed-in app asked for the /enter cookie');
  assert.equal(cookie.path, '/enter');
  assert.equal(cookie.httpOnly, true);
  assert.equal(cookie.sameSite, 'Lax');
  assert.ok(!(await context.cookies(`${world.app.baseUrl}/api/v2/me`)).some((c) => c.name === 'plug_enter'), 'sent to /enter alone');

  // A new tab, as a pasted link opens: the app's own late reads are not on the way.
  await page.close();
  page = await context.newPage();
  const seen = await requestsOf(page, async () => {
    await page.goto(e.url);
    await page.waitForURL((u) => u.origin === content, { waitUntil: 'load' });
  }, names);
  const onTheWay = seen.slice(0, seen.indexOf('GET content / 200') + 1);
  assert.deepEqual(onTheWay, [
    `GET link ${new URL(e.url).pathname} 302`,
    'GET api /enter 302',
    'GET link /_plug/session 302',
    'GET content / 200',
  ], seen.join('\n'));
  assert.equal(await page.textContent('h1'), 'Team plan');

  // Signing out of the app clears it.
  await page.goto(`${world.app.baseUrl}/`);
  await page.click('#settings');
  await page.click('dialog button:has-text("Sign out")');
  await page.waitForSelector('form.signin');
  let gone = false;
  for (let t = 0; t < 100 && !gone; t++) {
    gone = !(await context.cookies(`${world.app.baseUrl}/enter`)).some((c) => c.name === 'plug_enter');
    if (!gone) await page.waitForTimeout(50);
  }
  assert.ok(gone, 'signing out cleared the /enter cookie');
  await context.close();
});

test('a sign-in link someone minted in their own browser does not sign a victim\'s browser in as them', async () => {
  const { owner, member, outsider, grid } = await world.app.world();
  const e = await world.app.dropLive(owner, { file: { name: 'plan.html', content: fx.html('Plan', '<h1>Team plan</h1>') } });
  const content = world.app.contentUrl(e.entity_id);
  // The victim: signed in to the web app, then on the link origin through it (the whole flow).
  const context = await signedInContext(world.browser, { user: member, grid, baseUrl: world.app.baseUrl, userAgent: BROWSER_UA });
  const page = await context.newPage();
  await page.goto(e.url);
  await page.waitForURL((u) => u.origin === content, { waitUntil: 'load' });
  const other = await world.app.dropLive(owner, { file: { name: 'b.html', content: fx.html('B', '<h1>Budget</h1>') } });
  await page.goto(other.url);
  await page.waitForURL((u) => u.origin === world.app.contentUrl(other.entity_id), { waitUntil: 'load' });
  const before = (await context.cookies(world.app.serveUrl)).find((c) => c.name === 'plug_session');
  assert.ok(before, 'the victim is signed in on the link origin');

  // The attacker, in their own flow, mints a sign-in link for their own account.
  const miss = await world.app.request('GET', e.url, { headers: NAV });
  const set = await world.app.request('POST', '/api/v2/enter-session', { token: outsider.token });
  const enter = set.headers.getSetCookie().find((c) => c.startsWith('plug_enter=')).split(';')[0];
  const minted = await world.app.request('GET', miss.headers.get('location'), { headers: { ...NAV, cookie: enter } });
  const link = minted.headers.get('location');
  assert.match(link, /\/_plug\/session\?ticket=/);

  // The victim follows it: refused, and their session is the one they had.
  const res = await page.goto(link);
  assert.equal(res.status(), 401);
  assert.match(await page.textContent('h1'), /cannot be used here/);
  await page.screenshot({ path: join(SHOTS, 'sign-in-refused.png') });
  const after = (await context.cookies(world.app.serveUrl)).find((c) => c.name === 'plug_session');
  assert.equal(after?.value, before.value, 'the session is unchanged');
  await page.goto(e.url);
  await page.waitForURL((u) => u.origin === content, { waitUntil: 'load' });
  assert.equal(await page.textContent('h1'), 'Team plan', 'still the member, who may read it');
  await context.close();
});

test('the /enter cookie: only the API sets it, for a signed-in caller; it leads only to the link origin, and opens nothing else', async () => {
  const { owner, member, outsider } = await world.app.world();
  const e = await world.app.dropLive(owner, {});
  assert.equal((await world.app.request('POST', '/api/v2/enter-session')).status, 401, 'no token, no cookie');
  const set = await world.app.request('POST', '/api/v2/enter-session', { token: member.token });
  assert.equal(set.status, 204, set.text);
  const line = set.headers.getSetCookie().find((c) => c.startsWith('plug_enter='));
  assert.match(line, /; Path=\/enter; HttpOnly; SameSite=Lax; Max-Age=28800/);
  const cookie = line.split(';')[0];

  // As the link origin sends a browser here: with the hash of its flow cookie.
  const flow = 'f'.repeat(64);
  const to = (url) => `/enter?to=${encodeURIComponent(url)}&flow=${flow}`;
  const ok = await world.app.request('GET', to(e.url), { headers: { ...NAV, cookie } });
  assert.equal(ok.status, 302);
  const next = new URL(ok.headers.get('location'));
  assert.equal(`${next.origin}${next.pathname}`, `${world.app.serveUrl}/_plug/session`);
  assert.equal(ok.headers.get('cache-control'), 'no-store');
  // Bound to that flow: a browser without its cookie (here, any) is refused, and spends it, so
  // the address is dead wherever it lands (tests/login-csrf.test.mjs, attacks-round8).
  const landed = await world.app.request('GET', next.toString(), { origin: 'serve', headers: NAV });
  assert.equal(landed.status, 401);
  assert.deepEqual(landed.headers.getSetCookie().filter((c) => c.startsWith('plug_session=')), []);
  // Not sent by the link origin (no `flow`), or not asked for as a page: nothing is minted from
  // the cookie alone; the page decides (its one POST needs the app's token).
  const noFlow = await world.app.request('GET', `/enter?to=${encodeURIComponent(e.url)}`, { headers: { ...NAV, cookie } });
  assert.equal(noFlow.status, 200);
  assert.equal(noFlow.headers.get('location'), null);
  const framed = await world.app.request('GET', to(e.url), { headers: { ...NAV, 'sec-fetch-dest': 'iframe', cookie } });
  assert.equal(framed.status, 200);
  assert.equal(framed.headers.get('location'), null);

  // Off the link origin, or asked for the app: the page, never a redirect.
  for (const off of ['https://evil.example/', 'javascript:alert(1)', `${world.app.contentUrl(e.entity_id)}/`, `${world.app.serveUrl}.evil.example/g/n/`, `${world.app.serveUrl}@evil.example/`]) {
    const res = await world.app.request('GET', to(off), { headers: { ...NAV, cookie } });
    assert.equal(res.status, 200, off);
    assert.equal(res.headers.get('location'), null, off);
  }
  assert.equal((await world.app.request('GET', `${to(e.url)}&app=1`, { headers: { ...NAV, cookie } })).status, 200);
  // Forged, or another cookie of Plug's under its name: the page.
  const session = (await linkCookie(member)).slice('plug_session='.length);
  for (const forged of [`plug_enter=${session}`, 'plug_enter=x.y.z', `plug_enter=${cookie.slice('plug_enter='.length, -4)}AAAA`]) {
    const res = await world.app.request('GET', to(e.url), { headers: { ...NAV, cookie: forged } });
    assert.equal(res.status, 200, forged);
  }
  // No API route reads it.
  assert.equal((await world.app.request('GET', '/api/v2/me', { headers: { cookie } })).status, 401);
  assert.equal((await world.app.request('GET', '/api/v2/inspirations', { headers: { cookie } })).status, 401);
  // POST /enter, the small page's one request: a Bearer token or nothing, never the cookie alone;
  // a `to` on the link origin or nothing; the serve session and the cookie in one answer.
  const enter = (url, opts) => world.app.request('POST', to(url), opts);
  for (const [what, opts] of [['no token', {}], ['the cookie alone', { headers: { cookie } }], ['a forged token', { token: 'x.y.z', headers: { cookie } }]]) {
    const res = await enter(e.url, opts);
    assert.equal(res.status, 401, what);
    assert.deepEqual(res.headers.getSetCookie(), [], what);
  }
  for (const off of ['https://evil.example/', 'javascript:alert(1)', `${world.app.contentUrl(e.entity_id)}/`, `${world.app.serveUrl}.evil.example/g/n/`, `${world.app.serveUrl}@evil.example/`, '']) {
    const res = await enter(off, { token: member.token });
    assert.equal(res.status, 400, off);
    assert.equal(res.body.error.code, 'VALIDATION_FAILED', off);
    assert.deepEqual(res.headers.getSetCookie(), [], off);
  }
  const now = await enter(e.url, { token: member.token });
  assert.equal(now.status, 201, now.text);
  assert.equal(now.headers.get('cache-control'), 'no-store');
  assert.match(now.headers.getSetCookie().find((c) => c.startsWith('plug_enter=')), /; Path=\/enter; HttpOnly; SameSite=Lax; Max-Age=28800/);
  // A `url` this user may read: the content itself, with a ticket for it and this user alone.
  const straight = new URL(now.body.url);
  assert.equal(`${straight.origin}${straight.pathname}`, `${world.app.contentUrl(e.entity_id)}/`);
  assert.match(straight.searchParams.get('plug_ticket'), /^[0-9a-f]{64}$/);
  const there = await world.app.open(now.body.url, { headers: NAV });
  assert.equal(there.status, 200);
  assert.equal(there.hops.length, 1, 'no redirect on the way');
  const spent = await world.app.request('GET', now.body.url, { headers: NAV });
  assert.equal(spent.status, 302, 'once: then a stranger, sent through the hand-off');
  assert.equal(new URL(spent.headers.get('location')).pathname, '/_plug/handoff');
  assert.deepEqual(spent.headers.getSetCookie().filter((c) => c.startsWith('plug_content=')), []);
  // One the user may not read: the link origin's sign-in (which says so, signed in as them).
  const notThere = await enter(e.url, { token: outsider.token });
  assert.equal(notThere.status, 201);
  assert.ok(notThere.body.url.startsWith(`${world.app.serveUrl}/_plug/session?ticket=`), notThere.body.url);

  // The cookie lasts as long as the sign-in: a token's own life, at least 8 h, at most 30 days.
  for (const [ttl, life] of [[60, 28800], [10 * 86400, 10 * 86400], [90 * 86400, 30 * 86400]]) {
    const t = await world.app.admin('POST', '/tokens', { user_id: member.user_id, ttl_seconds: ttl });
    assert.equal(t.status, 201, t.text);
    for (const res of [await world.app.request('POST', '/api/v2/enter-session', { token: t.body.token }), await enter(e.url, { token: t.body.token })]) {
      const maxAge = Number(res.headers.getSetCookie().find((c) => c.startsWith('plug_enter=')).match(/Max-Age=(\d+)/)[1]);
      assert.ok(maxAge <= life && maxAge >= life - 5, `ttl ${ttl}: Max-Age ${maxAge}, want ${life}`);
      // And the cookie itself says so: still good at /enter.
      const c = res.headers.getSetCookie().find((x) => x.startsWith('plug_enter=')).split(';')[0];
      assert.equal((await world.app.request('GET', to(e.url), { headers: { ...NAV, cookie: c } })).status, 302);
    }
  }

  // Signing out clears it, for anyone.
  const cleared = await world.app.request('DELETE', '/api/v2/enter-session');
  assert.equal(cleared.status, 204);
  assert.match(cleared.headers.getSetCookie()[0], /^plug_enter=; Path=\/enter; HttpOnly; SameSite=Lax; Max-Age=0/);
});

test('/enter with a token the API refuses, or none, is the web app signing in; a url off Plug is refused there', async () => {
  const { owner, member, grid } = await world.app.world();
  const e = await world.app.dropLive(owner, {});
  // A token the API does not know: the small page hands over to the app, which asks to sign in.
  const stale = await signedInContext(world.browser, { user: { token: 'not-a-token' }, grid, baseUrl: world.app.baseUrl, userAgent: BROWSER_UA });
  const page = await stale.newPage();
  await page.goto(e.url);
  await page.waitForSelector('form.signin');
  const at = new URL(page.url());
  assert.equal(at.pathname, '/enter');
  assert.equal(at.searchParams.get('app'), '1');
  assert.equal(at.searchParams.get('to'), e.url);
  assert.ok((await page.textContent('#opening')).includes(e.url));
  await stale.close();

  // A `to` that is not on the link origin: the API refuses the serve session, the browser stays
  // on Plug's web app and is told why. Nothing is ever opened from the query alone.
  const context = await signedInContext(world.browser, { user: member, grid, baseUrl: world.app.baseUrl, userAgent: BROWSER_UA });
  const p2 = await context.newPage();
  const left = [];
  p2.on('request', (r) => { if (r.isNavigationRequest() && new URL(r.url()).origin !== world.app.baseUrl) left.push(r.url()); });
  for (const to of ['https://evil.example/', 'javascript:alert(1)', `${world.app.contentUrl(e.entity_id)}/`, `${world.app.serveUrl}.evil.example/g/n/`]) {
    await p2.goto(`${world.app.baseUrl}/enter?to=${encodeURIComponent(to)}`);
    await p2.waitForSelector('.error-banner');
    assert.match(await p2.textContent('h1'), /cannot be opened/, to);
    assert.equal(new URL(p2.url()).origin, world.app.baseUrl, to);
  }
  await p2.screenshot({ path: join(SHOTS, 'enter-refused.png') });
  assert.deepEqual(left, [], 'no navigation left the API origin');
  await context.close();
});

test('a ticket the link origin stores with its reads works once, on its own origin, even when two race for it', async () => {
  const { owner, member } = await world.app.world();
  const a = await world.app.dropLive(owner, { file: { name: 'a.html', content: fx.html('A', '<h1>A</h1>') } });
  const b = await world.app.dropLive(owner, { file: { name: 'b.html', content: fx.html('B', '<h1>B</h1>') } });
  const cookie = await linkCookie(member);
  const hop = await world.app.request('GET', a.url, { headers: { ...NAV, cookie }, redirect: 'manual' });
  assert.equal(hop.status, 302);
  const to = new URL(hop.headers.get('location'));
  assert.equal(to.origin, world.app.contentUrl(a.entity_id));
  const ticket = to.searchParams.get('plug_ticket');
  assert.match(ticket, /^[0-9a-f]{64}$/);

  // On B's origin it is nobody: a stranger sent through the hand-off, and no session cookie.
  const onB = await world.app.request('GET', `${world.app.contentUrl(b.entity_id)}/?plug_ticket=${ticket}`, { headers: NAV, redirect: 'manual' });
  assert.equal(onB.status, 302);
  assert.equal(new URL(onB.headers.get('location')).pathname, '/_plug/handoff');
  assert.deepEqual(onB.headers.getSetCookie().filter((c) => c.startsWith('plug_content=')), []);
  assert.ok(!onB.text.includes('<h1>B</h1>'));

  // Two requests racing with it on A: exactly one is let in.
  const [x, y] = await Promise.all([0, 1].map(() => world.app.request('GET', to.toString(), { headers: NAV, redirect: 'manual' })));
  const statuses = [x.status, y.status].sort();
  assert.deepEqual(statuses, [200, 302], `${x.status} ${y.status}`);
  const winner = x.status === 200 ? x : y;
  assert.ok(winner.text.includes('<h1>A</h1>'));
  assert.match(winner.headers.getSetCookie()[0], /^plug_content=/);
  // The ticket spent, its user, the Inspiration with their access and its badge policy: one batch.
  assert.match(winner.headers.get('server-timing'), /^d1;desc="4 statements, 1 round trips"/);
  // And a third time, later: spent, a stranger again.
  const third = await world.app.request('GET', to.toString(), { headers: NAV, redirect: 'manual' });
  assert.equal(third.status, 302);
  assert.ok(!third.text.includes('<h1>A</h1>'));
});

test('the link origin hands out no ticket for what the viewer may not read, and hidden looks like missing', async () => {
  const { owner, outsider, space } = await world.app.world();
  const hidden = await world.app.dropLive(owner, { fields: { scope: 'space', space_id: space.space_id, visibility: 'space' } });
  const cookie = await linkCookie(outsider);
  const res = await world.app.request('GET', hidden.url, { headers: { ...NAV, cookie }, redirect: 'manual' });
  assert.equal(res.status, 404);
  assert.match(res.text, /not shared with you/);
  assert.ok(res.text.includes(outsider.name), 'says who is signed in');
  assert.equal(res.headers.get('location'), null);
  assert.ok(!res.text.includes('plug_ticket'));
  // A missing one looks the same.
  const missing = await world.app.request('GET', hidden.url.replace(/-[0-9a-f]{4}\/$/, '-0000/'), { headers: { ...NAV, cookie }, redirect: 'manual' });
  assert.equal(missing.status, 404);
  assert.equal(missing.text, res.text);
});

test('an address copied from the address bar, its spent ticket and all, opens for a teammate, a bookmark opens after the cookie is gone, and a stranger still gets nothing', async () => {
  const { owner, member, grid } = await world.app.world();
  const teammate = await world.app.member(grid);
  const e = await world.app.dropLive(owner, { file: { name: 'plan.html', content: fx.html('Plan', '<h1>Team plan</h1>') } });
  const content = world.app.contentUrl(e.entity_id);
  const opener = await signedInContext(world.browser, { user: member, grid, baseUrl: world.app.baseUrl, userAgent: BROWSER_UA });
  const page = await opener.newPage();
  await page.goto(e.url);
  await page.waitForURL((u) => u.origin === content, { waitUntil: 'load' });
  // What the address bar shows, and what a person copies into a chat.
  const copied = page.url();
  assert.match(new URL(copied).searchParams.get('plug_ticket'), /^[0-9a-f]{64}$/);

  // A teammate pastes it: the hand-off signs them in and brings them to the page.
  const other = await signedInContext(world.browser, { user: teammate, grid, baseUrl: world.app.baseUrl, userAgent: BROWSER_UA });
  const theirs = await other.newPage();
  await theirs.goto(copied);
  await theirs.waitForURL((u) => u.origin === content && u.searchParams.get('plug_ticket') !== new URL(copied).searchParams.get('plug_ticket'), { waitUntil: 'load' });
  assert.equal(await theirs.textContent('h1'), 'Team plan');
  await other.close();

  // The opener's bookmark, after the content origin's cookie is gone (it lasts 8 h).
  const kept = (await opener.cookies()).filter((c) => !c.domain.endsWith('.localhost'));
  await opener.clearCookies();
  await opener.addCookies(kept);
  await page.goto(copied);
  await page.waitForURL((u) => u.origin === content, { waitUntil: 'load' });
  assert.equal(await page.textContent('h1'), 'Team plan');
  await opener.close();

  // A browser signed in to nothing gets the sign-in, and never the page.
  const stranger = await world.browser.newContext({ userAgent: BROWSER_UA });
  const nobody = await stranger.newPage();
  await nobody.goto(copied);
  await nobody.waitForLoadState('load');
  assert.ok(!new URL(nobody.url()).origin.startsWith(content), nobody.url());
  assert.ok(!(await nobody.content()).includes('Team plan'));
  await stranger.close();
});
