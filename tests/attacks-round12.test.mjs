// Attack round 12, against the real Worker (and the web app in a real Chromium where the hole was
// the app's). Each test is a hole this round found and closed (docs/security.md "Round 12"), or a
// cheap pin of what held.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, BROWSER_UA, expectError } from './support/harness.mjs';
import { launchChromium } from './support/browser.mjs';
import { startIdp, idpVars } from './support/idp.mjs';
import { signedInContext } from '../web/bench.mjs';

let app;
let browser;
let idp;
before(async () => {
  idp = await startIdp();
  [app, browser] = await Promise.all([startWorker({ vars: idpVars(idp) }), launchChromium()]);
});
after(async () => { await browser?.close(); await app?.stop(); await idp?.close(); });

const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('plug.session.v1') || '{}'));

test('"Sign in as <name>?" tells a sender who took the signed-in person\'s own name from that person', async () => {
  // The round 11 prompt names the token's user; a sender who names themselves as the person they
  // send the link to (a name is anyone's to pick at their identity provider) made it read
  // "Sign in as <your own name>?". Now it also says who the app is signed in as, and that this is
  // another account of the same name.
  const grid = await app.grid();
  const same = `Alex Kim ${Date.now().toString(36)}`;
  const victim = await app.user(undefined, same);
  await app.join(grid, victim);
  const attacker = await app.user(undefined, same);
  const theirs = await app.grid();
  await app.join(theirs, attacker);
  const context = await signedInContext(browser, { user: victim, grid, baseUrl: app.baseUrl, userAgent: BROWSER_UA });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/#token=${attacker.token}&grid=${theirs.slug}`);
  const ask = await page.waitForSelector('#handover', { timeout: 5_000 });
  const text = await ask.textContent();
  assert.match(text, new RegExp(`signed in as ${same} \\(${victim.slug}\\)`), text);
  assert.match(text, /another account of the same name/, text);
  assert.match(text, new RegExp(attacker.slug), text);
  await page.click('#handover-cancel');
  assert.equal((await stored(page)).token, victim.token);
  await context.close();
});

test('a person\'s or a grid\'s name cannot carry characters that turn the words shown after it around', async () => {
  // An RTL override in a name reverses the rest of the line it is shown in: in the web app's
  // "Sign in as <name>?" prompt, the account's slug and grid after it. Refused where names are
  // made; a name of any script is taken.
  for (const name of ['Alex\u202E )kim-ila( ', 'Alex\u2066Kim', 'Alex\u200FKim', 'Alex\u0007Kim', 'Alex\nKim']) {
    const res = await app.admin('POST', '/users', { slug: `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, name });
    expectError(assert, res, 400, 'VALIDATION_FAILED');
    assert.equal(res.body.error.details[0].field, 'name');
    assert.equal(res.body.error.details[0].issue, 'characters', JSON.stringify(name));
    const grid = await app.admin('POST', '/grids', { slug: `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, name });
    expectError(assert, grid, 400, 'VALIDATION_FAILED');
  }
  const arabic = await app.user(undefined, 'سارة الأحمد');
  assert.equal(arabic.name, 'سارة الأحمد');
  // A first sign-in takes the provider's `name` claim on the same terms: one holding such a
  // character is left for the email's local part.
  const grid = await app.grid();
  const domain = `c${Date.now().toString(36)}.example`;
  await app.mustAdmin('PUT', `/grids/${grid.slug}/email-domains`, { domains: [domain] });
  const signed = await app.request('GET', '/api/v2/me', {
    token: await idp.sign({ sub: `sub-${domain}`, email: `mallory@${domain}`, email_verified: true, name: 'Alex\u202E )mik-xela( ' }),
  });
  assert.equal(signed.status, 200, signed.text);
  assert.equal(signed.body.user.name, 'mallory');
});
