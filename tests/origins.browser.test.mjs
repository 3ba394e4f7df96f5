// The origins in real Chromium (issue 13): an attacker's page, opened by a signed-in grid admin,
// reads nothing of a private Inspiration by fetch, XHR, iframe or window.open; a pasted org `url`
// opens for a signed-in teammate and, after signing in, for one who was not; an outsider and an
// unknown url get the same not-shared page; a Vite-style site with root-absolute paths runs; a
// drop's page cannot frame another drop that is not link (Chromium enforces its frame-ancestors).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA } from './support/harness.mjs';
import { useBrowserWorld } from './support/browser-world.mjs';
import { signedInContext } from '../web/bench.mjs';
import * as fx from './support/fixtures.mjs';

const world = useBrowserWorld('origins');
const { SHOTS } = world;

const SECRET = 'PRIVATE-7f3a';

/** An attacker's page: reads `targets` from its query and tries every way a page has to read them. */
const ATTACK = `<!doctype html><meta charset="utf-8"><title>Cute cats</title><body><h1>Cute cats</h1><script>
(async () => {
  const targets = JSON.parse(new URLSearchParams(location.search).get('targets'));
  const results = [];
  const note = (how, target, value) => results.push({ how, target, value: String(value).slice(0, 400) });
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  for (const t of targets) {
    try { const r = await fetch(t, { credentials: 'include' }); note('fetch', t, r.status + ' ' + await r.text()); } catch (e) { note('fetch', t, 'refused: ' + e.name); }
    try { const r = await fetch(t, { credentials: 'include', mode: 'no-cors' }); note('fetch no-cors', t, r.type + ' ' + await r.text()); } catch (e) { note('fetch no-cors', t, 'refused: ' + e.name); }
    await new Promise((resolve) => {
      const x = new XMLHttpRequest();
      x.open('GET', t); x.withCredentials = true;
      x.onload = () => { note('xhr', t, x.status + ' ' + x.responseText); resolve(); };
      x.onerror = () => { note('xhr', t, 'refused'); resolve(); };
      x.send();
    });
    await new Promise((resolve) => {
      const f = document.createElement('iframe');
      f.src = t;
      f.onload = () => { try { note('iframe', t, f.contentDocument.documentElement.outerHTML); } catch (e) { note('iframe', t, 'refused: ' + e.name); } resolve(); };
      document.body.append(f);
      setTimeout(resolve, 4000);
    });
    const w = window.open(t, '_blank');
    await wait(2000);
    try { note('window.open', t, w ? w.document.documentElement.outerHTML : 'no window'); } catch (e) { note('window.open', t, 'refused: ' + e.name); }
    try { w && w.close(); } catch (e) { /* gone */ }
  }
  window.__results = results;
  document.title = 'done';
})();
</script></body>`;

async function privateSite(owner) {
  return world.app.dropLive(owner, {
    file: { name: 'secret.zip', content: fx.zip([
      { name: 'index.html', content: `<!doctype html><title>Plans</title><body><h1>${SECRET} page</h1></body>` },
      { name: 'notes.txt', content: `${SECRET} notes` },
    ]) },
    fields: { scope: 'personal', visibility: 'private' },
  });
}

/** A browser context in which `user` is signed in on the web app and on the link origin. */
async function signedInBrowser(user, grid, options = {}) {
  const context = await signedInContext(world.browser, { user, grid, baseUrl: world.app.baseUrl, userAgent: BROWSER_UA, ...options });
  return context;
}

async function attack(victimContext, attackerPage, target) {
  const targets = [
    target.url, `${target.url}notes.txt`, `${target.url}_plug/file`,
    `${world.app.contentUrl(target.entity_id)}/`, `${world.app.contentUrl(target.entity_id)}/notes.txt`, `${world.app.contentUrl(target.entity_id)}/_plug/file`,
  ];
  const page = await victimContext.newPage();
  await page.goto(`${attackerPage.url}?targets=${encodeURIComponent(JSON.stringify(targets))}`);
  await page.waitForFunction(() => document.title === 'done', null, { timeout: 120_000 });
  const results = await page.evaluate(() => window.__results);
  assert.equal(new URL(page.url()).origin, world.app.contentUrl(attackerPage.entity_id), 'the attacker runs on its own origin');
  await page.screenshot({ path: join(SHOTS, `attack-${attackerPage.name}.png`) });
  await page.close();
  return results;
}

test('an attacker\'s link page, opened by a signed-in grid admin, reads nothing of a private Inspiration', async () => {
  const { owner, admin, grid, outsider } = await world.app.world();
  const target = await privateSite(owner);
  const evil = await world.app.dropLive(outsider, { file: { name: 'cats.html', content: ATTACK }, fields: { scope: 'personal', visibility: 'link' } });
  // bypassCSP: the page's CSP would already stop plain-http requests here; deployed, https is allowed.
  const context = await signedInBrowser(admin, grid, { bypassCSP: true });
  // The admin has opened the private Inspiration before: signed in on the link origin and its content origin.
  const before = await context.newPage();
  await before.goto(target.url);
  await before.waitForURL((u) => u.origin === world.app.contentUrl(target.entity_id));
  await before.waitForSelector('h1');
  assert.match(await before.textContent('h1'), new RegExp(SECRET), 'the admin may read it');
  assert.equal(new URL(before.url()).origin, world.app.contentUrl(target.entity_id));
  await before.close();

  const results = await attack(context, evil, target);
  assert.equal(results.length, 6 * 5);
  for (const r of results) assert.ok(!r.value.includes(SECRET), `${r.how} ${r.target} read: ${r.value}`);
  await context.close();
});

test('an authenticated page of another grid, opened by a signed-in admin, reads nothing either', async () => {
  const { owner, admin, grid, outsider } = await world.app.world();
  const target = await privateSite(owner);
  const evil = await world.app.dropLive(outsider, { file: { name: 'cats.html', content: ATTACK }, fields: { scope: 'personal', visibility: 'org' } });
  const changed = await world.app.request('PATCH', `/api/v2/entities/${evil.entity_id}/visibility`, { token: outsider.token, json: { visibility: 'authenticated' } });
  assert.equal(changed.status, 200, changed.text);
  const context = await signedInBrowser(admin, grid, { bypassCSP: true });
  const before = await context.newPage();
  await before.goto(target.url);
  await before.waitForURL((u) => u.origin === world.app.contentUrl(target.entity_id));
  await before.close();
  // The attacker's page needs the admin signed in: it arrives with a ticket of its own origin.
  const results = await attack(context, evil, target);
  for (const r of results) assert.ok(!r.value.includes(SECRET), `${r.how} ${r.target} read: ${r.value}`);
  await context.close();
});

test('a pasted org url opens for a signed-in teammate, and for one who signs in first', async () => {
  const { owner, member, grid } = await world.app.world();
  const e = await world.app.dropLive(owner, { file: { name: 'plan.html', content: fx.html('Launch plan', '<h1>Org launch plan</h1>') } });

  const signedIn = await signedInBrowser(member, grid);
  const page = await signedIn.newPage();
  await page.goto(e.url);
  await page.waitForURL((u) => u.origin === world.app.contentUrl(e.entity_id));
  await page.waitForSelector('h1');
  assert.equal(await page.textContent('h1'), 'Org launch plan');
  assert.equal(new URL(page.url()).origin, world.app.contentUrl(e.entity_id));
  await page.screenshot({ path: join(SHOTS, 'teammate-signed-in.png') });
  // A reload, and the next visit, need no more hand-offs: the content origin knows this world.browser.
  await page.reload();
  assert.equal(await page.textContent('h1'), 'Org launch plan');
  await signedIn.close();

  const fresh = await world.browser.newContext({ userAgent: BROWSER_UA });
  const p2 = await fresh.newPage();
  await p2.goto(e.url);
  await p2.waitForSelector('form.signin');
  assert.equal(new URL(p2.url()).pathname, '/enter');
  assert.ok((await p2.textContent('#opening')).includes(e.url), 'says what it is about to open');
  await p2.screenshot({ path: join(SHOTS, 'sign-in-to-open.png') });
  assert.equal(await p2.inputValue('input[name=grid]'), grid.slug, 'the grid comes from the link');
  await p2.fill('textarea[name=token]', member.token);
  await Promise.all([p2.waitForURL((u) => u.origin === world.app.contentUrl(e.entity_id)), p2.click('form.signin button[type=submit]')]);
  await p2.waitForSelector('h1');
  assert.equal(await p2.textContent('h1'), 'Org launch plan');
  await fresh.close();
});

test('an outsider and an unknown url land on the same not-shared page', async () => {
  const { owner, outsider, other } = await world.app.world();
  const e = await world.app.dropLive(owner, {});
  const context = await signedInBrowser(outsider, other);
  const page = await context.newPage();
  const [hidden] = await Promise.all([
    page.waitForResponse((r) => r.url().startsWith(`${world.app.serveUrl}/_plug/session`)),
    page.goto(e.url),
  ]);
  await page.waitForURL((u) => u.origin === world.app.serveUrl);
  await page.waitForSelector('h1');
  const hiddenText = await page.textContent('main');
  assert.equal(page.url().startsWith(world.app.serveUrl), true, page.url());
  await page.screenshot({ path: join(SHOTS, 'not-shared.png') });
  assert.equal(hidden.status(), 404);
  assert.match(hiddenText, /not shared with you/);
  assert.ok(hiddenText.includes(outsider.name), 'says who is signed in');
  const missingUrl = e.url.replace(/-[0-9a-f]{4}\/$/, '-0000/');
  const missing = await page.goto(missingUrl);
  assert.equal(missing.status(), 404);
  assert.equal(await page.textContent('main'), hiddenText, 'nothing tells them apart');
  await context.close();
});

test('a zipped site built with root-absolute asset paths renders with its script running', async () => {
  const { owner, member, grid } = await world.app.world();
  const e = await world.app.dropLive(owner, {
    file: { name: 'dist.zip', content: fx.zip([
      { name: 'index.html', content: '<!doctype html><html><head><meta charset="utf-8"><title>Vite App</title>'
        + '<link rel="stylesheet" href="/assets/index-4f2a.css"><script type="module" crossorigin src="/assets/index-9c1b.js"></script>'
        + '</head><body><div id="root"></div></body></html>' },
      { name: 'assets/index-9c1b.js', content: "const n = document.createElement('p'); n.id = 'ran'; n.textContent = 'script ran at ' + location.pathname; document.getElementById('root').append(n);" },
      { name: 'assets/index-4f2a.css', content: '#root { color: rgb(1, 2, 3); }' },
      { name: 'vite.svg', content: fx.svg() },
    ]) },
  });
  const context = await signedInBrowser(member, grid);
  const page = await context.newPage();
  await page.goto(e.url);
  await page.waitForSelector('#ran');
  assert.equal(await page.textContent('#ran'), 'script ran at /');
  assert.equal(await page.$eval('#root', (el) => getComputedStyle(el).color), 'rgb(1, 2, 3)');
  await context.close();
});

test('a drop cannot register a service worker, so nothing of it outlives its removal', async () => {
  const { owner } = await world.app.world();
  const e = await world.app.dropLive(owner, {
    file: { name: 'pwa.zip', content: fx.zip([
      { name: 'index.html', content: '<!doctype html><html><head><meta charset="utf-8"><title>PWA</title></head><body><p id="out">pending</p><script>'
        + "navigator.serviceWorker.register('/sw.js').then(() => { out.textContent = 'registered'; }, (e) => { out.textContent = 'refused: ' + e.message; });"
        + '</script></body></html>' },
      { name: 'sw.js', content: "self.addEventListener('fetch', (e) => e.respondWith(new Response('from the worker')));" },
    ]) },
    fields: { scope: 'personal', visibility: 'link' },
  });
  const context = await world.browser.newContext();
  const page = await context.newPage();
  await page.goto(e.url);
  await page.waitForFunction(() => document.getElementById('out').textContent !== 'pending');
  // Chromium's words: "A bad HTTP response code (403) was received when fetching the script."
  assert.match(await page.textContent('#out'), /^refused: .*\(403\)/);
  assert.equal(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)), 0);
  // The file itself is still the drop's, for anything but a registration.
  assert.equal(await page.evaluate(() => fetch('/sw.js').then((r) => r.status)), 200);
  const refused = await world.app.open(new URL('/sw.js', page.url()).href, { headers: { 'service-worker': 'script' } });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error.code, 'FORBIDDEN');
  await context.close();
});

test('another drop\'s page cannot include a drop\'s script, image or style, though the browser holds its cookie', async () => {
  const { owner, admin, grid, outsider } = await world.app.world();
  const files = (marker) => fx.zip([
    { name: 'index.html', content: `<!doctype html><title>Plans</title><link rel="stylesheet" href="/plans.css"><body><h1>Plans</h1><script src="/data.js"></script><script>document.title = 'own ' + window.PLANS;</script></body>` },
    { name: 'data.js', content: `window.PLANS = '${marker}';` },
    { name: 'plans.css', content: 'h1 { color: rgb(9, 8, 7); }' },
    { name: 'chart.png', content: fx.png() },
  ]);
  // A private drop (its cookie in the browser), and a link drop (anyone may open it, no cookie).
  const hidden = await world.app.dropLive(owner, { file: { name: 'plans.zip', content: files(SECRET) }, fields: { scope: 'personal', visibility: 'private' } });
  const open = await world.app.dropLive(owner, { file: { name: 'open.zip', content: files('OPEN-1') }, fields: { scope: 'personal', visibility: 'link' } });
  const includer = (origin) => `<!doctype html><meta charset="utf-8"><title>Cute cats</title><body><h1 id="x">Cats</h1>
<link rel="stylesheet" href="${origin}/plans.css">
<script src="${origin}/data.js"></script>
<script>
  const img = new Image();
  img.onload = () => { window.__img = 'loaded ' + img.naturalWidth; finish(); };
  img.onerror = () => { window.__img = 'refused'; finish(); };
  img.src = '${origin}/chart.png';
  function finish() {
    window.__result = { script: String(window.PLANS), image: window.__img, style: getComputedStyle(document.getElementById('x')).color };
    document.title = 'done';
  }
</script></body>`;
  // bypassCSP: a served page's CSP would stop plain-http includes here already; deployed, https is allowed.
  const context = await signedInBrowser(admin, grid, { bypassCSP: true });
  for (const target of [hidden, open]) {
    const origin = world.app.contentUrl(target.entity_id);
    const own = await context.newPage();
    await own.goto(target.url);
    await own.waitForURL((u) => u.origin === origin);
    await own.waitForFunction(() => document.title.startsWith('own '));
    assert.ok((await own.title()).startsWith('own ') && !(await own.title()).endsWith('undefined'), 'its own page loads its script');
    assert.equal(await own.$eval('h1', (el) => getComputedStyle(el).color), 'rgb(9, 8, 7)');
    await own.close();
  }
  // Deployed, the content cookie is SameSite=None (https): every page anywhere makes the browser
  // send it. Marked so here too; Chromium may still hold a Secure cookie back over plain http, so
  // the Worker's refusal of a cookie sent with another page's include is also held, request by
  // request, in hardening.test.mjs. The link drop needs no cookie: only the origin's
  // Cross-Origin-Resource-Policy keeps another page from running or reading it.
  const cookies = await context.cookies(world.app.contentUrl(hidden.entity_id));
  assert.equal(cookies.length, 1);
  await context.addCookies(cookies.map((c) => ({ ...c, sameSite: 'None', secure: true })));

  for (const target of [hidden, open]) {
    const evil = await world.app.dropLive(outsider, { file: { name: 'cats.html', content: includer(world.app.contentUrl(target.entity_id)) }, fields: { scope: 'personal', visibility: 'link' } });
    const page = await context.newPage();
    await page.goto(evil.url);
    await page.waitForFunction(() => document.title === 'done', null, { timeout: 30_000 });
    const result = await page.evaluate(() => window.__result);
    assert.equal(new URL(page.url()).origin, world.app.contentUrl(evil.entity_id));
    assert.deepEqual(result, { script: 'undefined', image: 'refused', style: 'rgb(0, 0, 0)' }, target.name);
    await page.screenshot({ path: join(SHOTS, `include-refused-${target.name}.png`) });
    await page.close();
  }
  await context.close();
});

test('another drop\'s page cannot frame a drop that is not link, though the Worker answers the frame as its viewer\'s; a link drop it can, and the web app previews it', async () => {
  const { owner, admin, grid, outsider } = await world.app.world();
  const hidden = await privateSite(owner);
  const teamOnly = await world.app.dropLive(owner, { file: { name: 'team.html', content: fx.html('Team', `<h1>${SECRET} team page</h1>`) }, fields: { scope: 'personal', visibility: 'org' } });
  const open = await world.app.dropLive(owner, { file: { name: 'open.html', content: fx.html('Open', '<h1>Open to all</h1>') }, fields: { scope: 'personal', visibility: 'link' } });
  // The framer lists what it could read of each frame it made: a cross-origin frame's document is
  // closed to it anyway, so the test reads the frames through the browser itself below.
  const FRAMER = `<!doctype html><meta charset="utf-8"><title>Cute cats</title><body><h1>Cats</h1><script>
  const targets = JSON.parse(new URLSearchParams(location.search).get('targets'));
  let left = targets.length;
  for (const t of targets) {
    const f = document.createElement('iframe');
    f.src = t; f.width = 300; f.height = 120;
    f.onload = () => { left -= 1; if (!left) document.title = 'framed'; };
    document.body.append(f);
  }
</script></body>`;
  const framer = await world.app.dropLive(outsider, { file: { name: 'framer.html', content: FRAMER }, fields: { scope: 'personal', visibility: 'link' } });
  // Deployed, a content cookie is SameSite=None: the browser sends it with a frame's request from
  // any site (the Worker now answers another site's frame as a stranger's, cookie or not: see
  // attacks-tickets). A Bearer token is still answered as its user's, so the admin's token, sent
  // with every request of this browser, makes the frame's answer the drop here, and only the
  // browser's enforcement of the drop's policy keeps it from showing.
  const context = await world.browser.newContext({ userAgent: BROWSER_UA, bypassCSP: true, extraHTTPHeaders: { authorization: `Bearer ${admin.token}` } });
  const origins = [hidden, teamOnly, open].map((e) => world.app.contentUrl(e.entity_id));
  const page = await context.newPage();
  const served = [];
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (origins.includes(u.origin) && r.request().frame() !== page.mainFrame()) served.push({ origin: u.origin, status: r.status(), csp: r.headers()['content-security-policy'] ?? '' });
  });
  const refusals = [];
  page.on('console', (m) => { if (/frame-ancestors/.test(m.text())) refusals.push(m.text()); });
  // Each drop's content origin, and the private one's url too (the link origin hands the token's
  // viewer on with a ticket, and the frame lands on the same refusal).
  const targets = [...origins.map((o) => `${o}/`), hidden.url];
  await page.goto(`${framer.url}?targets=${encodeURIComponent(JSON.stringify(targets))}`);
  await page.waitForURL((u) => u.origin === world.app.contentUrl(framer.entity_id));
  await page.waitForFunction(() => document.title === 'framed', null, { timeout: 30_000 });
  await page.screenshot({ path: join(SHOTS, 'frame-refused.png') });
  const [hiddenOrigin, teamOrigin, openOrigin] = origins;
  // The Worker did answer each frame with the drop (the viewer may read it) and its policy ...
  const policy = `frame-ancestors 'self' ${world.app.baseUrl} ${world.app.serveUrl}`;
  for (const origin of [hiddenOrigin, teamOrigin]) {
    const answers = served.filter((r) => r.origin === origin);
    assert.ok(answers.length >= 1 && answers.every((r) => r.status === 200 && r.csp.includes(policy)), `${origin}: ${JSON.stringify(answers)}`);
  }
  assert.equal(served.filter((r) => r.origin === hiddenOrigin).length, 2, 'framed by its content origin and by its url');
  // ... and Chromium refused to show it: the frames hold its error page, not the drop.
  const frames = page.frames().filter((f) => f !== page.mainFrame());
  assert.equal(frames.length, 4);
  const blocked = frames.filter((f) => f.url() === 'chrome-error://chromewebdata/');
  assert.equal(blocked.length, 3, frames.map((f) => f.url()).join(' '));
  for (const f of frames) assert.ok(!(await f.content()).includes(SECRET), `${f.url()} shows the drop`);
  for (const origin of [hiddenOrigin, teamOrigin]) {
    assert.ok(refusals.some((m) => m.includes(`Framing '${origin}/`) && m.includes(policy)), `no refusal for ${origin}: ${refusals.join('\n')}`);
  }
  // A link drop is anyone's to embed: no second policy, and the frame shows it.
  assert.ok(served.some((r) => r.origin === openOrigin && r.status === 200 && !r.csp.includes('frame-ancestors')));
  const shown = frames.find((f) => new URL(f.url()).origin === openOrigin);
  assert.ok(shown, 'the link drop is framed');
  assert.equal(await shown.textContent('h1'), 'Open to all');
  await context.close();

  // The web app (the API origin) still previews a link drop in its frame.
  const appContext = await signedInBrowser(owner, grid);
  const appPage = await appContext.newPage();
  await appPage.goto(`${world.app.baseUrl}/`);
  await appPage.click(`.card[data-id="${open.entity_id}"] h3 a`);
  await appPage.frameLocator('.preview-frame').locator('h1').waitFor();
  assert.equal(await appPage.frameLocator('.preview-frame').locator('h1').textContent(), 'Open to all');
  await appContext.close();
});
