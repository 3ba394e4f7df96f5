// Sign-in through the team's OpenID Connect provider in real Chromium (issue 18): a real provider
// (npm `oidc-provider`) and the Worker trusting it, each on a free port. The web app's button,
// the provider's login and consent pages, the code exchanged with PKCE, the first sign-in that
// creates the user and their membership by email domain, an email domain refused with a clear
// page, a shared link opened signed out, an expired or refused token refreshed, signing out; then
// `plug login` through the loopback redirect and through the device grant, refreshed and logged out.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UA, unique } from './support/harness.mjs';
import { eventually } from './support/browser.mjs';
import { useBrowserWorld } from './support/browser-world.mjs';
import { startIdp, idpVars, WEB_CLIENT } from './support/idp.mjs';
import * as fx from './support/fixtures.mjs';
import { PLUG, plug, startPlug } from './support/cli.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'plug-oidc-'));

let idp;
let grid;
let domain;
const world = useBrowserWorld('oidc', {
  vars: async () => idpVars(idp = await startIdp()),
  async setup({ app }) {
    idp.allowWebOrigin(app.baseUrl);
    grid = await app.grid();
    domain = `${unique('corp')}.example`;
    await app.mustAdmin('PUT', `/grids/${grid.slug}/email-domains`, { domains: [domain] });
  },
});
const { SHOTS } = world;
after(async () => {
  await idp?.close();
  rmSync(scratch, { recursive: true, force: true });
});


async function newPage() {
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1100, height: 760 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  if (process.env.DEBUG_PAGES) {
    page.on('console', (m) => console.error('console:', m.text()));
    page.on('requestfailed', (r) => console.error('failed:', r.method(), r.url(), r.failure()?.errorText));
  }
  return page;
}

/** On the provider's pages: its development login (any password), then consent if it asks. */
async function providerLogin(page, email, shot) {
  await page.waitForURL((u) => u.href.startsWith(idp.issuer));
  await page.waitForSelector('input[name=login]');
  if (shot) await page.screenshot({ path: join(SHOTS, `${shot}-provider-login.png`) });
  await page.fill('input[name=login]', email);
  await page.fill('input[name=password]', 'any password');
  await page.click('button[type=submit]');
  await page.waitForLoadState();
  if (new URL(page.url()).origin === idp.issuer && await page.$('button[type=submit]')) {
    await page.click('button[type=submit]');
  }
}

const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('plug.session.v1') || '{}'));
const payload = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url'));

/** A page of the web app signed in through the provider as `email`. */
async function signIn(email, shot) {
  const page = await newPage();
  await page.goto(`${world.app.baseUrl}/`);
  await page.click('#oidc-sign-in');
  await providerLogin(page, email, shot);
  await page.waitForURL((u) => u.origin === world.app.baseUrl);
  await page.waitForSelector('#grid[aria-busy=false]', { state: 'attached' });
  return page;
}

test('the sign-in page offers the provider; a first sign-in creates the user and a membership by email domain', async () => {
  const page = await newPage();
  await page.goto(`${world.app.baseUrl}/`);
  await page.waitForSelector('#oidc-sign-in');
  await page.screenshot({ path: join(SHOTS, 'sign-in.png') });
  assert.ok(await page.$('details.token-fallback'), 'the paste-a-token sign-in stays, folded away');
  await page.close();

  const email = `ada.lovelace@${domain}`;
  const signed = await signIn(email, 'first');
  await signed.screenshot({ path: join(SHOTS, 'signed-in.png') });
  const s = await stored(signed);
  assert.equal(s.grid, grid.slug);
  assert.deepEqual(s.grids, [grid.slug]);
  assert.ok(s.oidc.refresh, 'a refresh token is kept');
  assert.equal(payload(s.token).iss, idp.issuer);
  assert.equal(payload(s.token).aud, WEB_CLIENT);
  assert.equal(new URL(signed.url()).search, '', 'the code and state are gone from the address');
  const me = await world.app.request('GET', '/api/v2/me', { token: s.token });
  assert.equal(me.status, 200);
  assert.equal(me.body.user.user_id, s.userId);
  assert.match(me.body.user.slug, /^ada-lovelace/);
  assert.deepEqual(me.body.grids, [{ slug: grid.slug, role: 'member' }]);
  assert.deepEqual(signed.errors, []);
  await signed.context().close();
});

test('an email of a domain no grid allows gets a page that says why', async () => {
  const page = await newPage();
  await page.goto(`${world.app.baseUrl}/`);
  await page.click('#oidc-sign-in');
  await providerLogin(page, 'eve@elsewhere.example');
  await page.waitForSelector('#sign-in-refused');
  await page.screenshot({ path: join(SHOTS, 'refused.png') });
  const text = await page.textContent('#sign-in-refused');
  assert.match(text, /You cannot sign in to Plug with this account/);
  assert.match(text, /eve@elsewhere\.example cannot sign in here: no grid on this Plug allows the email domain elsewhere\.example/);
  assert.equal((await stored(page)).token, undefined, 'nothing is kept');
  await page.context().close();
});

test('a shared link opened signed out goes through the provider and lands on the content', async () => {
  const owner = await world.app.user();
  await world.app.join(grid, owner);
  const e = await world.app.dropLive(owner, { grid: grid.slug, file: { name: 'plan.html', content: fx.html('Plan', '<h1>Team plan</h1>') } });
  const page = await newPage();
  await page.goto(e.url);
  await page.waitForSelector('#oidc-sign-in');
  assert.equal(new URL(page.url()).pathname, '/enter');
  assert.ok((await page.textContent('#opening')).includes(e.url));
  await page.click('#oidc-sign-in');
  await providerLogin(page, `grace@${domain}`);
  await page.waitForURL((u) => u.origin === world.app.contentUrl(e.entity_id), { timeout: 20_000 });
  await page.waitForSelector('h1');
  assert.equal(await page.textContent('h1'), 'Team plan');
  await page.context().close();
});

test('an expired token, and one the Worker refuses, are refreshed with the refresh token', async () => {
  const email = `alan@${domain}`;
  const page = await signIn(email);
  const before = await stored(page);
  // Expired an hour ago (signed with the provider's own key), the refresh token still good.
  const expired = await idp.sign({ sub: payload(before.token).sub, email, email_verified: true }, { ttl: -3600 });
  await page.evaluate((t) => {
    const s = JSON.parse(localStorage.getItem('plug.session.v1'));
    s.token = t;
    localStorage.setItem('plug.session.v1', JSON.stringify(s));
  }, expired);
  await page.reload();
  await page.waitForSelector('#grid[aria-busy=false]', { state: 'attached' });
  const after1 = await stored(page);
  assert.notEqual(after1.token, expired);
  assert.ok(payload(after1.token).exp * 1000 > Date.now(), 'a fresh token');
  assert.notEqual(after1.oidc.refresh, before.oidc.refresh, 'the refresh token rotated');
  // Not expired but refused (a key the provider never published): 401, refresh, the call again.
  const ghost = await idp.makeKey('RS256', 'ghost');
  const refused = await idp.sign({ sub: payload(before.token).sub, email, email_verified: true }, { key: ghost });
  await page.evaluate((t) => {
    const s = JSON.parse(localStorage.getItem('plug.session.v1'));
    s.token = t;
    localStorage.setItem('plug.session.v1', JSON.stringify(s));
  }, refused);
  await page.reload();
  await page.waitForSelector('#grid[aria-busy=false]', { state: 'attached' });
  assert.ok(!(await page.$('#oidc-sign-in')), 'still signed in');
  assert.notEqual((await stored(page)).token, refused);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('signing out forgets the session here and revokes the refresh token at the provider', async () => {
  const page = await signIn(`barbara@${domain}`);
  const { oidc } = await stored(page);
  await page.click('#settings');
  await page.click('button.danger');
  await page.waitForSelector('#oidc-sign-in');
  await page.screenshot({ path: join(SHOTS, 'signed-out.png') });
  assert.equal((await stored(page)).token, undefined);
  const res = await fetch(`${idp.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: oidc.refresh, client_id: WEB_CLIENT }),
  });
  assert.equal(res.status, 400, 'the refresh token no longer works');
  assert.equal((await res.json()).error, 'invalid_grant');
  await page.context().close();
});

// ------------------------------------------------------------------ plug login

const configOf = (home) => join(home, '.config', 'plug', 'config.toml');


test('plug login opens the browser, takes the code on a loopback redirect, refreshes and logs out', async () => {
  assert.ok(existsSync(PLUG), `missing ${PLUG}`);
  // The "browser" records the URL it is asked to open; the test's Chromium then goes there.
  const opened = join(scratch, 'opened.txt');
  const browserScript = join(scratch, 'browser.sh');
  writeFileSync(browserScript, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
  chmodSync(browserScript, 0o755);
  const run = startPlug(['login', '--url', world.app.baseUrl], { env: { BROWSER: browserScript } });
  const url = await eventually(() => existsSync(opened) && readFileSync(opened, 'utf8'), 'the browser to be opened');
  const auth = new URL(url);
  assert.equal(auth.origin, idp.issuer);
  assert.equal(auth.searchParams.get('code_challenge_method'), 'S256');
  assert.match(auth.searchParams.get('redirect_uri'), /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
  assert.ok(auth.searchParams.get('state'));
  const page = await newPage();
  await page.goto(url);
  await providerLogin(page, `linus@${domain}`);
  await page.waitForSelector('text=Signed in to Plug');
  await page.screenshot({ path: join(SHOTS, 'cli-loopback-done.png') });
  await page.context().close();
  const result = await run.done;
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, new RegExp(`Logged in to ${world.app.baseUrl} as Linus \\(linus\\), grid ${grid.slug}`));
  const file = configOf(run.home);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  const text = readFileSync(file, 'utf8');
  assert.match(text, /refresh_token = "/);
  const token = text.match(/^token = "([^"]+)"/m)[1];
  assert.equal(payload(token).iss, idp.issuer);

  const ls = await plug(['ls', '--json'], { home: run.home });
  assert.equal(ls.code, 0, ls.stderr);

  // An expired stored token is refreshed before the command runs, and saved.
  const claims = payload(token);
  const expired = await idp.sign({ sub: claims.sub, email: claims.email, email_verified: true }, { ttl: -600, aud: claims.aud });
  writeFileSync(file, text.replace(token, expired), { mode: 0o600 });
  const again = await plug(['ls', '--json'], { home: run.home });
  assert.equal(again.code, 0, again.stderr);
  const refreshed = readFileSync(file, 'utf8').match(/^token = "([^"]+)"/m)[1];
  assert.notEqual(refreshed, expired);
  assert.ok(payload(refreshed).exp * 1000 > Date.now());

  const refreshToken = readFileSync(file, 'utf8').match(/^refresh_token = "([^"]+)"/m)[1];
  const out = await plug(['logout'], { home: run.home });
  assert.equal(out.code, 0, out.stderr);
  const revoked = await fetch(`${idp.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'plug-cli' }),
  });
  assert.equal(revoked.status, 400, 'plug logout revoked the refresh token at the provider');
  const after1 = readFileSync(file, 'utf8');
  assert.doesNotMatch(after1, /token/);
  const denied = await plug(['ls'], { home: run.home });
  assert.notEqual(denied.code, 0);
});

for (const [what, args, env] of [
  ['with --device', ['--device'], { BROWSER: '/bin/true' }],
  ['on its own where no browser opens', [], {}],
]) {
  test(`plug login signs in through the device grant ${what}`, async () => {
    let complete;
    const run = startPlug(['login', '--url', world.app.baseUrl, ...args], {
      env,
      onErr: (text) => { complete ||= text.match(/or open (http\S+)/)?.[1]; },
    });
    await eventually(() => complete, 'the device code to be shown');
    const page = await newPage();
    await page.goto(complete);
    // The provider's confirmation of the code, then its login and consent.
    await page.waitForSelector('button[type=submit]');
    await page.click('button[type=submit]');
    await providerLogin(page, `dev.${what.length}@${domain}`);
    await page.waitForLoadState();
    await page.screenshot({ path: join(SHOTS, `cli-device-${args.length ? 'flag' : 'auto'}.png`) });
    await page.context().close();
    const result = await run.done;
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /enter the code/);
    assert.match(result.stdout, /Logged in to/);
    assert.equal(statSync(configOf(run.home)).mode & 0o777, 0o600);
  });
}

test('plug login --token keeps working beside the provider', async () => {
  const user = await world.app.user();
  await world.app.join(grid, user);
  const run = await plug(['login', '--url', world.app.baseUrl, '--token', user.token, '--grid', grid.slug]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /Logged in/);
});
