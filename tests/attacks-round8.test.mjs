// Attack round 8, against the real Worker and real Chromium. Each test is a hole this round found
// and closed (README "Security", docs/security.md); what held is in the round's report.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { BROWSER_UA, startWorker } from './support/harness.mjs';
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
