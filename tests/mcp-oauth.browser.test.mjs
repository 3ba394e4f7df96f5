// Plug's consent for MCP apps (issue 29) in a real headless Chromium: the app's /authorize, the
// local provider's sign-in (a cross-site round trip that must keep Plug's SameSite=Lax request
// cookie), Plug's consent page (screenshot), a grid picked that is not the first, and Allow: the
// browser's own form POST (its real Origin and fetch metadata) must be accepted and land on the
// app's redirect URI with code, state and iss; the code then works at /mcp in the chosen grid.
// Then the web app's settings list the app and its Disconnect ends it.
// tests/mcp-oauth.test.mjs holds the protocol and the attacks over plain HTTP.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { useBrowserWorld } from './support/browser-world.mjs';
import { unique, fetchLocal } from './support/harness.mjs';
import { startIdp, idpVars } from './support/idp.mjs';
import { signedInContext } from '../web/bench.mjs';

const REDIRECT = 'https://claude.ai/api/mcp/auth_callback';
let idp;
const world = useBrowserWorld('mcp-oauth', {
  vars: async () => idpVars(idp = await startIdp()),
  setup: ({ app }) => idp.allowWebOrigin(app.baseUrl),
});
const { SHOTS } = world;
after(() => idp?.close());

test('a person signs in at the provider, picks a grid on Plug\'s page, the app gets a working code, and the web app\'s settings disconnect it', async () => {
  const [first, second] = [await world.app.grid(), await world.app.grid()];
  const domain = `${unique('corp')}.example`;
  for (const g of [first, second]) await world.app.mustAdmin('PUT', `/grids/${g.slug}/email-domains`, { domains: [domain] });
  const reg = await (await fetchLocal(`${world.app.baseUrl}/register`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Claude', redirect_uris: [REDIRECT] }) })).json();
  const verifier = randomBytes(32).toString('base64url');
  const url = `${world.app.baseUrl}/authorize?${new URLSearchParams({ response_type: 'code', client_id: reg.client_id,
    redirect_uri: REDIRECT, state: 'st-1', code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256', resource: `${world.app.baseUrl}/mcp` })}`;

  const page = await world.browser.newPage();
  let landed = null;
  await page.route('https://claude.ai/**', (route) => { landed = route.request().url(); route.fulfill({ status: 200, body: 'ok' }); });
  try {
    await page.goto(url);
    assert.equal(new URL(page.url()).origin, idp.issuer, 'sent to the provider to sign in');
    await page.fill('input[name=login]', `ada@${domain}`);
    await page.fill('input[name=password]', 'any');
    await page.click('button[type=submit]');
    await page.waitForLoadState();
    if (new URL(page.url()).origin === idp.issuer) {
      await page.click('button[type=submit]');
      await page.waitForLoadState();
    }
    assert.equal(new URL(page.url()).pathname, '/oauth/callback');
    assert.match(await page.textContent('body'), /Claude.*asks to use Plug as/s);
    assert.match(await page.textContent('body'), /Your answer goes to claude\.ai/);
    await page.screenshot({ path: join(SHOTS, 'consent.png') });
    await page.selectOption('select[name=grid]', second.slug);
    // Wait for the redirect's request itself (not a fixed poll): on a loaded CI machine the POST and its
    // 303 can take longer than a few seconds, and the page is mid-navigation until claude.ai answers.
    const redirected = page.waitForRequest((r) => r.url().startsWith('https://claude.ai/'), { timeout: 60_000 });
    await page.click('button[value=allow]', { noWaitAfter: true });
    landed = (await redirected).url();
    assert.ok(landed, "the browser's own POST was accepted");
  } finally {
    await page.close();
  }
  const back = new URL(landed);
  assert.equal(back.searchParams.get('state'), 'st-1');
  assert.equal(back.searchParams.get('iss'), world.app.baseUrl);
  const tokens = await (await fetchLocal(`${world.app.baseUrl}/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code'), code_verifier: verifier,
      redirect_uri: REDIRECT, client_id: reg.client_id }) })).json();
  assert.match(tokens.access_token, /^plug_at_/);
  // The drop lands in the grid picked on the page, not the first one.
  const call = await fetchLocal(`${world.app.baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json',
    accept: 'application/json, text/event-stream', authorization: `Bearer ${tokens.access_token}` },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'drop', arguments: {
    content: '# Hi', file_name: 'note.md', name: unique('picked'), scope: 'org', visibility: 'org' } } }) });
  const answer = await call.json();
  assert.ok(!answer.result.isError, JSON.stringify(answer));
  const item = answer.result.structuredContent;
  const idToken = await idp.sign({ sub: `ada@${domain}`, email: `ada@${domain}`, email_verified: true });
  const id = item.inspiration.entity_id;
  const listed = async (g) => (await world.app.request('GET', '/api/v2/inspirations?owner=me', { token: idToken, grid: g.slug })).body.items.map((i) => i.entity_id);
  assert.ok((await listed(second)).includes(id), 'listed in the grid picked on the page');
  assert.ok(!(await listed(first)).includes(id), 'not in the other grid');

  // The web app's settings list the app, in the grid picked, and Disconnect ends it at once.
  const context = await signedInContext(world.browser, { user: { token: idToken }, grid: second, baseUrl: world.app.baseUrl });
  const web = await context.newPage();
  const errors = [];
  web.on('pageerror', (e) => errors.push(e.message));
  try {
    await web.goto(`${world.app.baseUrl}/`);
    await web.click('#settings');
    await web.waitForSelector('#connected-apps[aria-busy=false]');
    const row = await web.textContent('#connected-apps li');
    assert.match(row, new RegExp(`Claude in ${second.slug}`));
    assert.match(row, /Answers go to claude\.ai\. Connected just now, last used just now\./);
    await web.screenshot({ path: join(SHOTS, 'settings-connected-apps.png') });
    await web.click(`#connected-apps button[aria-label="Disconnect Claude from ${second.slug}"]`);
    await web.waitForFunction(() => document.querySelector('#connected-apps')?.textContent === 'None.');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
  const after = await fetchLocal(`${world.app.baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json',
    accept: 'application/json, text/event-stream', authorization: `Bearer ${tokens.access_token}` },
  body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
  assert.equal(after.status, 401, 'disconnected in the web app: the token stops at once');
});
