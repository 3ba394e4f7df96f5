// Login CSRF through a sign-in hand-off (issue 28; README "Security"), over HTTP against the real
// Worker: a sign-in link or ticket minted for one account and sent to another browser must never
// make that browser's link-origin session the sender's. The link origin binds each sign-in it
// starts to the browser that started it (a flow cookie, whose hash travels through /enter into the
// serve ticket); a ticket bound to a flow this browser does not hold is refused and plants nothing.
// The API's serve session is, as the interface defines it, a one-time link that sets the session
// wherever it is opened (README "Security": narrowed, not closed). What a content ticket
// replayed into another browser can and cannot do is held here too, and so is the content origin's
// Origin-Agent-Cluster header.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startWorker, BROWSER_UA } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const NAV = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'sec-fetch-mode': 'navigate', 'user-agent': BROWSER_UA };
const host = (url) => new URL(url).host;
const cookieOf = (res, name) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

/** A browser: a cookie jar per host, as `app.open` keeps it. */
function browserJar() { return new Map(); }
function jarCookie(jar, url, name) { return jar.get(host(url))?.get(name); }
function jarHeader(jar, url) {
  const c = jar.get(host(url));
  return c && c.size ? [...c].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
}

/** The /enter cookie of `user` in `jar`, as the web app leaves it when it runs. */
async function enterCookie(user, jar) {
  const res = await app.request('POST', '/api/v2/enter-session', { token: user.token });
  assert.equal(res.status, 204, res.text);
  const [pair] = cookieOf(res, 'plug_enter').split(';');
  const hostJar = jar.get(host(app.baseUrl)) || new Map();
  hostJar.set('plug_enter', pair.slice('plug_enter='.length));
  jar.set(host(app.baseUrl), hostJar);
}

/** Steps a browser through `url` -> /enter until the sign-in link, without opening it. */
async function signInLinkIn(jar, url) {
  const miss = await app.open(url, { headers: NAV, jar, maxHops: 0 });
  assert.equal(miss.status, 302, miss.text);
  const enter = new URL(miss.headers.get('location'));
  const atEnter = await app.open(enter.toString(), { headers: NAV, jar, maxHops: 0 });
  assert.equal(atEnter.status, 302, atEnter.text);
  return { miss, enter, signIn: atEnter.headers.get('location') };
}

test('the link origin starts each sign-in with a flow cookie of its own; only its hash travels through /enter', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, {});
  const res = await app.request('GET', e.url, { headers: NAV });
  assert.equal(res.status, 302);
  const enter = new URL(res.headers.get('location'));
  assert.equal(`${enter.origin}${enter.pathname}`, `${app.baseUrl}/enter`);
  assert.equal(enter.searchParams.get('to'), e.url);
  const flow = enter.searchParams.get('flow');
  assert.match(flow, /^[0-9a-f]{64}$/);
  const line = res.headers.getSetCookie().find((c) => c.startsWith('plug_flow_'));
  assert.ok(line, 'a flow cookie is set');
  assert.match(line, /; Path=\/; HttpOnly; SameSite=Lax; Max-Age=900$/);
  const [name, value] = line.split(';')[0].split('=');
  assert.equal(name, `plug_flow_${flow.slice(0, 8)}`);
  assert.equal(createHash('sha256').update(`plug-flow|${value}`).digest('hex'), flow, 'the URL carries the hash');
  assert.ok(!enter.toString().includes(value), 'never the value itself');
  assert.ok(!res.headers.getSetCookie().some((c) => c.startsWith('plug_session=')));
  // Each sign-in its own flow: two links opened at once do not undo each other.
  const again = await app.request('GET', e.url, { headers: NAV });
  assert.notEqual(new URL(again.headers.get('location')).searchParams.get('flow'), flow);
  // The content origin's hand-off, for a browser with no session, starts one the same way.
  const handoff = await app.request('GET', `/_plug/handoff?to=${encodeURIComponent(`${app.contentUrl(e.entity_id)}/`)}`, { origin: 'serve', headers: NAV });
  assert.equal(handoff.status, 302);
  assert.match(new URL(handoff.headers.get('location')).searchParams.get('flow'), /^[0-9a-f]{64}$/);
  assert.ok(handoff.headers.getSetCookie().some((c) => c.startsWith('plug_flow_')));
  assert.ok(!handoff.headers.getSetCookie().some((c) => c.startsWith('plug_session=')));
});

test('a sign-in link started in the sender\'s browser is refused in the victim\'s, which keeps its own session', async () => {
  const { owner, member, outsider } = await app.world();
  const e = await app.dropLive(owner, { file: { name: 'p.html', content: fx.html('P', '<h1>Team page</h1>') } });

  // The victim, signed in on the link origin as themselves (their own flow, spent).
  const victim = browserJar();
  await enterCookie(member, victim);
  const own = await signInLinkIn(victim, e.url);
  const landed = await app.open(own.signIn, { headers: NAV, jar: victim });
  assert.equal(landed.status, 200, landed.text);
  assert.match(landed.text, /Team page/);
  const session = jarCookie(victim, app.serveUrl, 'plug_session');
  assert.ok(session, 'the victim\'s own sign-in plants their session');
  assert.ok(![...victim.get(host(app.serveUrl)).keys()].some((k) => k.startsWith('plug_flow_')), 'and the spent flow cookie is cleared');

  // The sender mints a sign-in link in their own browser's flow, for their own account.
  const sender = browserJar();
  await enterCookie(outsider, sender);
  const theirs = await signInLinkIn(sender, e.url);
  assert.match(theirs.signIn, /\/_plug\/session\?ticket=/);

  // Opened in the victim's browser: refused, and nothing is set. The victim is still the victim.
  const refused = await app.request('GET', theirs.signIn, { headers: { ...NAV, cookie: jarHeader(victim, app.serveUrl) } });
  assert.equal(refused.status, 401, refused.text);
  assert.match(refused.text, /only in the browser that asked for it/, 'a page saying why');
  assert.equal(refused.headers.get('cache-control'), 'no-store');
  const api = await app.request('GET', theirs.signIn, { headers: { cookie: jarHeader(victim, app.serveUrl) } });
  assert.equal(api.status, 401);
  assert.equal(api.body.error.code, 'UNAUTHORIZED', 'a client that is no browser gets the JSON error');
  assert.deepEqual(refused.headers.getSetCookie(), [], 'the existing session is left as it was');
  const still = await app.request('GET', e.url, { headers: { ...NAV, cookie: `plug_session=${session}` } });
  assert.equal(still.status, 302);
  assert.equal(new URL(still.headers.get('location')).origin, app.contentUrl(e.entity_id), 'still the victim, who may read it');

  // The refusal spent it: the first browser to open a bound sign-in ends it, so one that lands
  // elsewhere (forwarded, leaked, or sent there by another site: tests/attacks-round8) is dead
  // after, even in the browser it was bound to.
  const late = await app.request('GET', theirs.signIn, { headers: { ...NAV, cookie: jarHeader(sender, app.serveUrl) } });
  assert.equal(late.status, 401);
  assert.deepEqual(late.headers.getSetCookie(), []);

  // A browser with a sign-in of its own pending (its own flow cookie) is refused the same.
  const waiting = browserJar();
  await app.open(e.url, { headers: NAV, jar: waiting, maxHops: 0 });
  assert.ok([...waiting.get(host(app.serveUrl)).keys()].some((k) => k.startsWith('plug_flow_')));
  const mixed = await app.request('GET', (await signInLinkIn(sender, e.url)).signIn, { headers: { ...NAV, cookie: jarHeader(waiting, app.serveUrl) } });
  assert.equal(mixed.status, 401);
  assert.deepEqual(mixed.headers.getSetCookie(), []);

  // With no session at all, the same: refused, nothing planted.
  const fresh = await app.request('GET', (await signInLinkIn(sender, e.url)).signIn, { headers: NAV });
  assert.equal(fresh.status, 401);
  assert.deepEqual(fresh.headers.getSetCookie(), []);

  // A forged flow cookie (a name that is not its value's hash) counts for nothing.
  const next = await signInLinkIn(sender, e.url);
  const flowHash = next.enter.searchParams.get('flow');
  const forged = await app.request('GET', next.signIn, { headers: { ...NAV, cookie: `plug_flow_${flowHash.slice(0, 8)}=${flowHash}` } });
  assert.equal(forged.status, 401);

  // In the sender's own browser a sign-in of its flow signs the sender in.
  const home = await app.open((await signInLinkIn(sender, e.url)).signIn, { headers: NAV, jar: sender });
  assert.equal(home.status, 404);
  assert.match(home.text, /not shared with you/);
  assert.ok(home.text.includes(outsider.name));
  assert.ok(jarCookie(sender, app.serveUrl, 'plug_session'), 'the sender\'s own browser is signed in');
});

test('POST /enter\'s sign-in (the small page\'s) is bound to the flow too; an API serve session is a one-time sign-in link', async () => {
  const { owner, member, outsider, space } = await app.world();
  const hidden = await app.dropLive(owner, { fields: { scope: 'space', space_id: space.space_id, visibility: 'space' } });
  const readable = await app.dropLive(owner, { file: { name: 'r.html', content: fx.html('R', '<h1>Readable</h1>') } });

  // The sender's token with a flow of their own browser, at a url they cannot read: the answer
  // is a sign-in on the link origin (to say "not shared, signed in as …"), bound to that flow.
  const sender = browserJar();
  const miss = await app.open(hidden.url, { headers: NAV, jar: sender, maxHops: 0 });
  const flow = new URL(miss.headers.get('location')).searchParams.get('flow');
  const minted = await app.request('POST', `/enter?to=${encodeURIComponent(hidden.url)}&flow=${flow}`, { token: outsider.token });
  assert.equal(minted.status, 201, minted.text);
  assert.match(minted.body.url, /\/_plug\/session\?ticket=/);
  const victimSession = await (async () => {
    const jar = browserJar();
    await enterCookie(member, jar);
    const { signIn } = await signInLinkIn(jar, readable.url);
    await app.open(signIn, { headers: NAV, jar });
    return jarCookie(jar, app.serveUrl, 'plug_session');
  })();
  const refused = await app.request('GET', minted.body.url, { headers: { ...NAV, cookie: `plug_session=${victimSession}` } });
  assert.equal(refused.status, 401);
  assert.deepEqual(refused.headers.getSetCookie(), []);
  assert.equal((await app.request('GET', minted.body.url, { headers: { ...NAV, cookie: jarHeader(sender, app.serveUrl) } })).status, 401, 'refused, it is spent: the page path leaves nothing either');
  const again = await app.request('POST', `/enter?to=${encodeURIComponent(hidden.url)}&flow=${flow}`, { token: outsider.token });
  const inSender = await app.open(again.body.url, { headers: NAV, jar: sender });
  assert.equal(inSender.status, 404);
  assert.ok(inSender.text.includes(outsider.name));

  // A drop's page never reads POST /enter's answer (its content ticket): it has no token, and
  // the answer grants no other origin (no CORS), preflight included.
  const dropOrigin = app.contentUrl(readable.entity_id);
  const fromDrop = await app.request('POST', `/enter?to=${encodeURIComponent(readable.url)}`, { token: member.token, headers: { origin: dropOrigin } });
  assert.equal(fromDrop.headers.get('access-control-allow-origin'), null);
  const preflight = await app.request('OPTIONS', `/enter?to=${encodeURIComponent(readable.url)}`, {
    headers: { origin: dropOrigin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
  });
  assert.ok(![dropOrigin, '*'].includes(preflight.headers.get('access-control-allow-origin')), `preflight: ${preflight.status}`);
  const noToken = await app.request('POST', `/enter?to=${encodeURIComponent(readable.url)}`, { headers: { origin: dropOrigin } });
  assert.equal(noToken.status, 401);

  // A `flow` that is not a hash is ignored: the sign-in is then bound to no browser, like the
  // API's below (the token's owner could mint that one as easily).
  const junk = await app.request('POST', `/enter?to=${encodeURIComponent(hidden.url)}&flow=${'z'.repeat(64)}`, { token: outsider.token });
  assert.equal(junk.status, 201);
  const unbound = await app.request('GET', junk.body.url, { headers: NAV });
  assert.equal(unbound.status, 404);
  assert.ok(cookieOf(unbound, 'plug_session'), 'an unbound sign-in sets the session');

  // The API's serve session (`plug open`, the web app's Open) is bound to no browser: the
  // interface defines it as the link on the link origin that sets the cookie and goes on.
  const s = await app.request('POST', '/api/v2/serve-sessions', { token: owner.token, json: { url: readable.url } });
  assert.equal(s.status, 201, s.text);
  const hop = await app.request('GET', s.body.url, { headers: NAV });
  assert.equal(hop.status, 302);
  assert.ok(cookieOf(hop, 'plug_session'), 'the serve session sets the link origin\'s cookie');
  assert.ok(hop.headers.get('location').startsWith(`${app.contentUrl(readable.entity_id)}/?plug_ticket=`));
  // And it still opens the page, once, for whoever runs `plug open`.
  const opened = await app.open(hop.headers.get('location'), { headers: NAV });
  assert.equal(opened.status, 200);
  assert.match(opened.text, /Readable/);
  assert.equal((await app.request('GET', s.body.url, { headers: NAV })).status, 401, 'once');
});

test('a content ticket replayed into another browser gives it that one page as the sender, and nothing more', async () => {
  // The decision (README "Security"): content tickets are not bound to a browser, because the
  // link origin's one redirect cannot set a cookie on a content origin before the ticket is made
  // (that would cost a hop on every pasted url). What a replay gives is bounded: one Inspiration
  // the sender may read anyway, on its own origin, once, within 60 s.
  const { owner, member, outsider } = await app.world();
  const a = await app.dropLive(owner, { file: { name: 'a.html', content: fx.html('A', '<h1>A</h1>') } });
  const b = await app.dropLive(owner, { file: { name: 'b.html', content: fx.html('B', '<h1>B</h1>') } });
  const sent = await app.request('GET', a.url, { token: owner.token, headers: NAV });
  assert.equal(sent.status, 302);
  const ticketUrl = sent.headers.get('location');
  // The victim's browser, signed in on the link origin as the member.
  const victim = browserJar();
  await enterCookie(member, victim);
  const { signIn } = await signInLinkIn(victim, b.url);
  await app.open(signIn, { headers: NAV, jar: victim });
  const session = jarCookie(victim, app.serveUrl, 'plug_session');
  assert.ok(session);
  const replay = await app.open(ticketUrl, { headers: NAV, jar: victim, maxHops: 0 });
  assert.equal(replay.status, 200);
  const contentCookie = jarCookie(victim, app.contentUrl(a.entity_id), 'plug_content');
  assert.ok(contentCookie, 'A\'s origin knows the sender');
  // On B's origin that cookie is nobody (it is signed for A alone), and the link origin still
  // knows the member: B opens as the member.
  const onB = await app.request('GET', `${app.contentUrl(b.entity_id)}/`, { headers: { ...NAV, cookie: `plug_content=${contentCookie}` } });
  assert.equal(onB.status, 302, 'a stranger on B: the hand-off');
  assert.equal(jarCookie(victim, app.serveUrl, 'plug_session'), session, 'the link session is untouched');
  const viaLink = await app.request('GET', b.url, { headers: { ...NAV, cookie: `plug_session=${session}` } });
  assert.equal(new URL(viaLink.headers.get('location')).origin, app.contentUrl(b.entity_id));
  // Spent: a second replay is nobody, sent to sign in through the hand-off like any stranger.
  const again = await app.request('GET', ticketUrl, { headers: NAV });
  assert.equal(again.status, 302);
  assert.equal(new URL(again.headers.get('location')).pathname, '/_plug/handoff');
  assert.ok(!again.text.includes('<h1>A</h1>'));
  assert.deepEqual(again.headers.getSetCookie().filter((c) => c.startsWith('plug_content=')), []);
  // An outsider's ticket for a page they may not read is never made at all.
  const notHers = await app.request('GET', a.url, { token: outsider.token, headers: NAV });
  assert.ok(!(notHers.headers.get('location') ?? '').includes('plug_ticket'));
});

test('every content-origin answer carries Origin-Agent-Cluster: ?1', async () => {
  const { owner } = await app.world();
  const link = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' }, file: { name: 'p.html', content: fx.html('P', '<h1>P</h1>') } });
  const hidden = await app.dropLive(owner, {});
  const c = app.contentUrl(link.entity_id);
  const answers = [
    ['page', await app.request('GET', `${c}/`, { headers: NAV })],
    ['original', await app.request('GET', `${c}/_plug/file`)],
    ['robots', await app.request('GET', `${c}/robots.txt`)],
    ['missing file', await app.request('GET', `${c}/nope.js`)],
    ['a POST', await app.request('POST', `${c}/`)],
    ['hand-off of a hidden drop', await app.request('GET', `${app.contentUrl(hidden.entity_id)}/`, { headers: NAV })],
    ['not an entity id', await app.request('GET', app.contentUrl('not-an-id') + '/', { headers: NAV })],
    ['a missing drop', await app.request('GET', app.contentUrl('00000000-0000-4000-8000-000000000000') + '/')],
  ];
  for (const [what, res] of answers) {
    assert.equal(res.headers.get('origin-agent-cluster'), '?1', `${what} (${res.status})`);
  }
  assert.deepEqual(answers.map(([, r]) => r.status), [200, 200, 200, 404, 405, 302, 404, 404]);
});
