// Attack round 8, against the real Worker and real Chromium. Each test is a hole this round found
// and closed (README "Security", docs/security.md); what held is in the round's report.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { BROWSER_UA, startWorker, fetchLocal } from './support/harness.mjs';
import { launchChromium } from './support/browser.mjs';
import * as fx from './support/fixtures.mjs';

const NAV = { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document' };

let app;
let browser;
let site;
let sitePage = '';
before(async () => {
  [app, browser] = await Promise.all([startWorker(), launchChromium()]);
  site = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(sitePage);
  });
  await new Promise((r) => site.listen(0, '127.0.0.1', r));
});
after(async () => {
  site?.close();
  await browser?.close();
  await app?.stop();
});

test('a site that sends a signed-in browser to /enter with its own flow leaves no sign-in behind it can spend', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, { file: { name: 'plan.html', content: fx.html('Plan', '<h1>Team plan</h1>') } });
  // The attacker starts a sign-in in their own browser: the flow cookie is theirs, its hash in the
  // /enter address the link origin sends them to.
  const start = await app.request('GET', e.url, { origin: 'serve', headers: NAV });
  assert.equal(start.status, 302);
  const enter = start.headers.get('location');
  assert.ok(enter.startsWith(`${app.baseUrl}/enter?`), enter);
  const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith('plug_flow_')).split(';')[0];

  // The victim, a teammate signed in to the web app here (so holding the /enter cookie), visits
  // the attacker's page, which sends their browser to that address.
  const remembered = await app.request('POST', '/api/v2/enter-session', { token: member.token });
  const [name, value] = remembered.headers.getSetCookie().find((c) => c.startsWith('plug_enter=')).split(';')[0].split('=');
  const context = await browser.newContext({ userAgent: BROWSER_UA });
  await context.addCookies([{ name, value, url: `${app.baseUrl}/enter`, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  sitePage = `<!doctype html><meta charset="utf-8"><title>Cats</title><script>location.href = ${JSON.stringify(enter)};</script>`;
  await page.goto(`http://127.0.0.1:${site.address().port}/cats`);
  await page.waitForURL((u) => u.pathname === '/_plug/session', { waitUntil: 'load' });
  const landed = page.url();
  assert.match(await page.textContent('body'), /only where it was asked for|browser/i);

  // That address, copied from the victim's address bar (a chat, a synced history), into the
  // attacker's browser with its flow cookie: before, it signed the attacker in as the victim.
  const spent = await app.request('GET', landed, { headers: { ...NAV, cookie: flowCookie } });
  assert.equal(spent.status, 401, 'the sign-in the victim\'s browser brought back is spent');
  assert.deepEqual(spent.headers.getSetCookie().filter((c) => c.startsWith('plug_session=')), []);

  // The same browser opening the `url` itself (a pasted link) still goes straight to the content.
  const own = await context.newPage();
  await own.goto(e.url);
  await own.waitForURL((u) => u.origin === app.contentUrl(e.entity_id), { waitUntil: 'load' });
  assert.equal(await own.textContent('h1'), 'Team plan');
  await context.close();
});

/** An MCP client `user` connected for `grid` (consent with a Plug token): its access token. */
async function mcpToken(user, grid) {
  const redirect = 'http://127.0.0.1:9/callback';
  const mcpUrl = `${app.baseUrl}/mcp`;
  const form = (path, fields, headers = {}) => fetchLocal(`${app.baseUrl}${path}`, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  const csrfOf = (html) => html.match(/name="csrf" value="([0-9a-f]+)"/)?.[1];
  const reg = await fetchLocal(`${app.baseUrl}/register`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Agent', redirect_uris: [redirect] }) });
  const { client_id } = await reg.json();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const page = await fetchLocal(`${app.baseUrl}/authorize?${new URLSearchParams({ response_type: 'code', client_id, redirect_uri: redirect,
    state: 's', code_challenge: challenge, code_challenge_method: 'S256', resource: mcpUrl })}`, { redirect: 'manual' });
  const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('plug_oauth='));
  const signedIn = await form('/authorize', { csrf: csrfOf(await page.text()), token: user.token, action: 'signin' }, { cookie });
  const allowed = await form('/authorize', { csrf: csrfOf(await signedIn.text()), grid: grid.slug, action: 'allow' }, { cookie });
  assert.equal(allowed.status, 303);
  const code = new URL(allowed.headers.get('location')).searchParams.get('code');
  const tokens = await form('/token', { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirect, client_id, resource: mcpUrl });
  assert.equal(tokens.status, 200);
  return (await tokens.json()).access_token;
}

test('an MCP app a person let act in one grid reads nothing of their other grids by id', async () => {
  const [home, other] = [await app.grid(), await app.grid()];
  const [ada, bea] = [await app.user(), await app.user()];
  await app.join(home, ada);
  await app.join(other, ada);
  await app.join(other, bea);
  // A drop of the other grid for its members, by a teammate; and Ada's own there, private.
  const theirs = await app.dropLive(bea, { grid: other.slug, file: { name: 'plan.html', content: fx.html('Plan', '<h1>secret plan</h1>') } });
  const mine = await app.dropLive(ada, { grid: other.slug, fields: { scope: 'personal', visibility: 'private' } });
  const open = await app.dropLive(bea, { grid: other.slug, fields: { scope: 'personal', visibility: 'link' } });
  // The home grid's drop inspired by both: the other grid's ids must not come through it either.
  const here = await app.dropLive(ada, { grid: home.slug, fields: { inspired_by: [theirs.entity_id, open.entity_id] } });
  assert.deepEqual((await app.read(ada, here.entity_id)).body.inspired_by.sort(), [theirs.entity_id, open.entity_id].sort(), 'Ada herself reads both');

  const token = await mcpToken(ada, home);
  const call = async (name, args) => {
    const res = await fetchLocal(`${app.baseUrl}/mcp`, { method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }) });
    assert.equal(res.status, 200);
    return (await res.json()).result;
  };
  for (const e of [theirs, mine]) {
    for (const [tool, args] of [['read', { id: e.entity_id, include_text: true }], ['context', { id: e.entity_id }], ['react', { id: e.entity_id, kind: 'useful' }]]) {
      const got = await call(tool, args);
      assert.equal(got.isError, true, `${tool} of the other grid's ${e.name}: ${JSON.stringify(got).slice(0, 300)}`);
      assert.ok(!JSON.stringify(got).includes('secret plan'));
    }
  }
  // What anyone may open stays open; and the home grid's own drop names only that.
  assert.notEqual((await call('read', { id: open.entity_id })).isError, true);
  const read = await call('read', { id: here.entity_id });
  assert.notEqual(read.isError, true);
  assert.ok(!JSON.stringify(read).includes(theirs.entity_id), 'a source of the other grid is left out');
  // The reaction above changed nothing.
  assert.equal((await app.read(bea, theirs.entity_id, { grid: other.slug })).body.reactions.useful, 0);
});
