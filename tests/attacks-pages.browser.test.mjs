// A drop's own page, in real Chromium, attacking the person who opens it: everything a script on a
// content origin can reach with the viewer's cookie (its own origin's answers by fetch, frame and
// popup, the link origin, the web app through `opener`) must not tell it who the viewer is or let
// it act as them. The spec gives a drop's owner no analytics beyond views and reactions, and the
// badge sends no identity: before, a drop's script read the viewer's name and slug off its own
// origin's not-shared page (a path the site does not have, asked for as HTML or opened in a popup).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { signedInContext } from '../web/bench.mjs';
import * as fx from './support/fixtures.mjs';

const SHOTS = join(ROOT, 'test-output', 'attacks-pages');
let app;
let browser;
before(async () => ({ app, browser } = await openBrowserWorld(SHOTS)));
after(() => closeBrowserWorld({ app, browser }));

/** A drop's page that tries every way its script has to read a page of its own origin the Worker
 * makes (not the drop's bytes) and the link origin's, and keeps what it read. */
const SNOOP = `<!doctype html><meta charset="utf-8"><title>Team lunch poll</title><body><h1>Lunch poll</h1><script>
(async () => {
  const params = new URLSearchParams(location.search);
  const link = params.get('link');
  const results = [];
  const note = (how, target, value) => results.push({ how, target, value: String(value).slice(0, 2000) });
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  const own = ['/no-such-page', '/missing.css', '/img/none.png', '/_plug/nothing.js'];
  for (const t of own) {
    try { const r = await fetch(t, { headers: { accept: 'text/html' } }); note('fetch html', t, r.status + ' ' + await r.text()); } catch (e) { note('fetch html', t, 'refused: ' + e.name); }
    try { const r = await fetch(t, { headers: { accept: 'text/html' }, redirect: 'follow', credentials: 'include' }); note('fetch include', t, r.status + ' ' + await r.text()); } catch (e) { note('fetch include', t, 'refused: ' + e.name); }
    await new Promise((resolve) => {
      const f = document.createElement('iframe');
      f.src = t;
      f.onload = () => { try { note('iframe', t, f.contentDocument.documentElement.outerHTML); } catch (e) { note('iframe', t, 'refused: ' + e.name); } resolve(); };
      document.body.append(f);
      setTimeout(resolve, 3000);
    });
    const w = window.open(t, '_blank');
    await wait(1500);
    try { note('window.open', t, w ? w.document.documentElement.outerHTML : 'no window'); } catch (e) { note('window.open', t, 'refused: ' + e.name); }
    try { w && w.close(); } catch (e) { /* gone */ }
  }
  // The link origin: a url of the same grid that is missing, and the link origin's root.
  for (const t of [link, new URL('/', link).href]) {
    try { const r = await fetch(t, { credentials: 'include' }); note('fetch link', t, r.status + ' ' + await r.text()); } catch (e) { note('fetch link', t, 'refused: ' + e.name); }
    const w = window.open(t, '_blank');
    await wait(2000);
    try { note('window.open link', t, w ? w.document.documentElement.outerHTML : 'no window'); } catch (e) { note('window.open link', t, 'refused: ' + e.name); }
    try { w && w.close(); } catch (e) { /* gone */ }
  }
  note('cookie', location.href, document.cookie);
  window.__results = results;
  document.title = 'done';
})();
</script></body>`;

test('a drop\'s own script cannot learn who is viewing it from any page its origin or the link origin makes', async () => {
  const { owner, member, grid } = await app.world();
  const snoop = await app.dropLive(owner, {
    file: { name: 'poll.zip', content: fx.zip([{ name: 'index.html', content: SNOOP }]) },
  });
  const context = await signedInContext(browser, { user: member, grid, baseUrl: app.baseUrl, userAgent: BROWSER_UA });
  const page = await context.newPage();
  const link = `${app.serveUrl}/${grid.slug}/nothing-here-x1/`;
  await page.goto(`${snoop.url}?link=${encodeURIComponent(link)}`);
  await page.waitForURL((u) => u.origin === app.contentUrl(snoop.entity_id));
  await page.waitForFunction(() => document.title === 'done', null, { timeout: 120_000 });
  const results = await page.evaluate(() => window.__results);
  await page.screenshot({ path: join(SHOTS, 'snoop.png') });
  await context.close();
  // It did reach the pages: the not-shared page, on its own origin and the link origin's.
  assert.ok(results.some((r) => r.how === 'fetch html' && /^404 .*not shared with you/s.test(r.value)), JSON.stringify(results).slice(0, 2000));
  for (const r of results) {
    for (const secret of [member.name, member.slug, member.user_id, member.token]) {
      assert.ok(!r.value.includes(secret), `${r.how} ${r.target} read "${secret}": ${r.value.slice(0, 600)}`);
    }
  }
});

/** A link drop that, previewed in the web app's frame, tries to take the app's tab away from it. */
const HIJACK = `<!doctype html><meta charset="utf-8"><title>Demo</title><body><h1>Nice demo</h1><script>
const tries = [];
const attempt = (how, f) => { try { f(); tries.push(how + ': done'); } catch (e) { tries.push(how + ': ' + e.name); } };
attempt('top.location', () => { top.location.href = 'http://hijacked.invalid/top'; });
attempt('parent.location', () => { parent.location.replace('http://hijacked.invalid/parent'); });
attempt('read the app', () => { tries.push(String(parent.localStorage.getItem('plug.session.v1'))); });
attempt('popup', () => { window.open('/popup.html', '_blank'); });
const a = document.createElement('a');
a.href = 'http://hijacked.invalid/link'; a.target = '_top';
document.body.append(a);
attempt('link target _top', () => a.click());
const f = document.createElement('form');
f.method = 'POST'; f.action = 'http://hijacked.invalid/form'; f.target = '_top';
document.body.append(f);
attempt('form target _top', () => f.submit());
document.title = 'tried';
</script></body>`;
const POPUP = `<!doctype html><meta charset="utf-8"><title>Popup</title><script>
const tries = [];
for (const [how, f] of [
  ['opener.top', () => { opener.top.location.href = 'http://hijacked.invalid/opener-top'; }],
  ['opener.parent', () => { opener.parent.location.href = 'http://hijacked.invalid/opener-parent'; }],
]) { try { f(); tries.push(how + ': done'); } catch (e) { tries.push(how + ': ' + e.name); } }
document.title = tries.join(' | ');
</script>`;

test('a link drop previewed in the web app cannot navigate the app\'s tab, from its frame or from a popup it opens, nor read its session', async () => {
  const { owner, member, grid } = await app.world();
  const drop = await app.dropLive(member, {
    file: { name: 'demo.zip', content: fx.zip([{ name: 'index.html', content: HIJACK }, { name: 'popup.html', content: POPUP }]) },
    fields: { scope: 'personal', visibility: 'link' },
  });
  const context = await signedInContext(browser, { user: owner, grid, baseUrl: app.baseUrl, userAgent: BROWSER_UA });
  const hijacked = [];
  await context.route('http://hijacked.invalid/**', (route) => { hijacked.push(route.request().url()); route.fulfill({ status: 200, contentType: 'text/html', body: '<title>hijacked</title>' }); });
  const popups = [];
  context.on('page', (p) => popups.push(p));
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/#/i/${drop.entity_id}`);
  const frame = page.frameLocator('.preview-frame');
  await frame.locator('h1').waitFor();
  await page.waitForTimeout(3000);
  await page.screenshot({ path: join(SHOTS, 'hijack.png') });
  assert.equal(new URL(page.url()).origin, app.baseUrl, `the app's tab was taken to ${page.url()}`);
  assert.ok(await page.locator('.preview-frame').count() === 1, 'the app is still showing its preview');
  const opened = popups.filter((p) => p !== page);
  assert.equal(opened.length, 1, 'the drop opened its popup');
  for (const p of opened) {
    await p.waitForLoadState().catch(() => {});
    const title = await p.title().catch(() => '');
    assert.match(title, /opener\.top: /, 'the popup ran');
    assert.doesNotMatch(title, /: done/, `the popup reached the app: ${title}`);
  }
  assert.deepEqual(hijacked, [], 'nothing reached the attacker\'s address');
  await context.close();
});

/** A drop's page that sends every kind of request a page can send across sites without a
 * preflight (form POSTs as text/plain, beacons, no-cors fetches with cookies) at the API's writes. */
const FORGE = `<!doctype html><meta charset="utf-8"><title>Survey</title><body><h1>Survey</h1><script>
(async () => {
  const q = new URLSearchParams(location.search);
  const api = q.get('api');
  const id = q.get('id');
  const to = q.get('to');
  const writes = ['/api/v2/inspirations/' + id + '/archive', '/api/v2/inspirations/' + id + '/pin', '/api/v2/entities/' + id + '/reactions',
    '/api/v2/enter-session', '/enter?to=' + encodeURIComponent(to), '/api/v2/serve-sessions'];
  for (const w of writes) {
    navigator.sendBeacon(api + w, '{"emoji":"👍"}');
    await fetch(api + w, { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{}' }).catch(() => {});
    const frame = document.createElement('iframe');
    frame.name = 'f' + writes.indexOf(w);
    document.body.append(frame);
    const form = document.createElement('form');
    form.method = 'POST'; form.enctype = 'text/plain'; form.action = api + w; form.target = frame.name;
    const field = document.createElement('input'); field.name = '{"visibility":"link","x":"'; field.value = '"}';
    form.append(field); document.body.append(form); form.submit();
  }
  // /enter's GET mints a sign-in with the cookie, but only for a navigation of this browser's own.
  await new Promise((r) => { const img = new Image(); img.onload = img.onerror = r; img.src = api + '/enter?to=' + encodeURIComponent(to); });
  // A DELETE needs a preflight, which these routes do not grant: the browser sends nothing.
  await fetch(api + '/api/v2/enter-session', { method: 'DELETE', credentials: 'include' }).catch(() => {});
  await new Promise((r) => setTimeout(r, 2000));
  document.title = 'sent';
})();
</script></body>`;

test('a drop\'s page forging requests at the API as its signed-in viewer changes nothing: no API write is authenticated by a cookie', async () => {
  const { owner, grid, outsider } = await app.world();
  const mine = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  const forge = await app.dropLive(outsider, { file: { name: 'survey.html', content: FORGE }, fields: { scope: 'personal', visibility: 'link' } });
  const context = await signedInContext(browser, { user: owner, grid, baseUrl: app.baseUrl, userAgent: BROWSER_UA, bypassCSP: true });
  // The app ran here: the browser holds its /enter cookie, the one cookie the API origin reads.
  const appPage = await context.newPage();
  await appPage.goto(`${app.baseUrl}/`);
  const enterCookie = async () => (await context.cookies(`${app.baseUrl}/enter`)).find((c) => c.name === 'plug_enter');
  for (let i = 0; i < 50 && !(await enterCookie()); i += 1) await appPage.waitForTimeout(100);
  assert.ok(await enterCookie(), 'the app set its /enter cookie');
  const ticketsBefore = (await app.sql('SELECT COUNT(*) AS n FROM serve_tickets'))[0]?.n;
  const page = await context.newPage();
  const q = new URLSearchParams({ api: app.baseUrl, id: mine.entity_id, to: mine.url });
  await page.goto(`${forge.url}?${q}`);
  await page.waitForFunction(() => document.title === 'sent', null, { timeout: 30_000 });
  const after = await app.read(owner, mine.entity_id);
  assert.equal(after.body.status, 'live', 'not archived');
  assert.equal(after.body.visibility, 'private');
  assert.equal(after.body.pinned, false, 'not pinned');
  assert.equal((await app.sql('SELECT COUNT(*) AS n FROM reactions WHERE entity_id = ?', mine.entity_id))[0].n, 0, 'no reaction');
  assert.ok(await enterCookie(), 'the /enter cookie is still there');
  assert.equal((await app.sql('SELECT COUNT(*) AS n FROM serve_tickets'))[0]?.n, ticketsBefore, 'no serve ticket was made');
  await context.close();
});

// Attack sweep 9, the web app as the page: what others wrote, and what signing out leaves behind.
test('a feedback\'s page link in the owner\'s inbox says which site it leads to, whatever the sender put in page_url', async () => {
  const { owner, grid } = await app.world();
  const drop = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  // Anyone with the id may send feedback, page_url included (README "Security").
  const sent = await app.request('POST', `/api/v2/entities/${drop.entity_id}/feedback`, {
    json: { category: 'bug', text: 'The login on this page is broken, see', source: 'badge', page_url: 'https://evil.example/account/login' },
    headers: { 'user-agent': BROWSER_UA },
  });
  assert.equal(sent.status, 200, sent.text);
  const context = await signedInContext(browser, { user: owner, grid, baseUrl: app.baseUrl, userAgent: BROWSER_UA });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/#/i/${drop.entity_id}`);
  const link = page.locator('[aria-labelledby=sec-feedback] .feedback a');
  await link.waitFor();
  assert.equal(await link.getAttribute('href'), 'https://evil.example/account/login');
  // Before, the words were the path alone ("On /account/login"), as if a page of the drop.
  assert.equal(await link.textContent(), 'evil.example/account/login');
  await context.close();
});

test('signing out of the web app leaves no drop open in that browser, by its url or its own origin', async () => {
  const { owner, grid } = await app.world();
  const drop = await app.dropLive(owner, {
    file: { name: 'salaries.html', content: fx.html('Salaries', '<h1>SALARIES-2027</h1>') },
    fields: { scope: 'personal', visibility: 'private' },
  });
  const content = app.contentUrl(drop.entity_id);
  // Signed in once, as a person does (signedInContext would put the token back on every load).
  const context = await browser.newContext({ userAgent: BROWSER_UA });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/`);
  await page.evaluate(([token, slug]) => localStorage.setItem('plug.session.v1', JSON.stringify({ token, grid: slug, grids: [slug] })), [owner.token, grid.slug]);
  await page.goto(drop.url);
  await page.waitForURL((u) => u.origin === content, { waitUntil: 'load' });
  assert.equal(await page.textContent('h1'), 'SALARIES-2027');
  await page.goto(`${app.baseUrl}/`);
  await page.click('#settings');
  await page.click('dialog button:has-text("Sign out")');
  await page.waitForSelector('form.signin');
  // The next person at this browser: the url, the content origin typed in, and a file of it.
  for (const target of [drop.url, `${content}/`, `${content}/_plug/file`]) {
    await page.goto(target).catch(() => {});
    await page.waitForLoadState('load');
    const text = await page.textContent('body').catch(() => '');
    assert.doesNotMatch(text, /SALARIES-2027/, `${target} still opened after signing out (at ${page.url()})`);
  }
  await page.screenshot({ path: join(SHOTS, 'signed-out.png') });
  // It ends on sign-in for the hand-off back to the drop's origin, which names no grid (it guessed
  // "_plug" from the hand-off's path).
  assert.equal(await page.inputValue('form.signin input[name=grid]'), '');
  await context.close();
});
