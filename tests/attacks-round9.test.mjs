// Attack round 9, against the real Worker. Each test is a hole this round found and closed
// (docs/security.md "Round 9"); what held is in the round's report.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startWorker, unique } from './support/harness.mjs';
import { startIdp, idpVars } from './support/idp.mjs';
import * as fx from './support/fixtures.mjs';

// Cloudflare Access in front of the API origin (README "Connecting a provider"): Access lets a
// browser through on its `CF_Authorization` cookie and adds `Cf-Access-Jwt-Assertion` to every
// request it forwards, whichever page made it. The provider here stands in for Access's issuer.
const AUD = 'access-app-aud-tag';
let app;
let idp;
let domain;
before(async () => {
  idp = await startIdp();
  app = await startWorker({ vars: idpVars(idp, { OIDC_AUDIENCE: AUD, OIDC_TRUST_EMAIL: 'true' }) });
  const grid = await app.grid();
  domain = `${unique('corp')}.example`;
  await app.mustAdmin('PUT', `/grids/${grid.slug}/email-domains`, { domains: [domain] });
});
after(async () => { await app?.stop(); await idp?.close(); });

test('behind Cloudflare Access, a page elsewhere cannot write to the API as the visitor Access lets through', async () => {
  const local = unique('ada');
  const assertion = await idp.sign({ sub: `sub-${local}`, email: `${local}@${domain}` }, { aud: AUD });
  const ada = { token: assertion };
  const plans = await app.dropLive(ada, { file: { name: 'plans.html', content: fx.html('Plans', '<h1>Plans</h1>') } });
  // The origin of some drop the visitor opened (whose, and whether it exists, matters not).
  const drop = app.contentUrl(randomUUID());
  // What Access forwards for a request the browser made with its cookie: the assertion, and the
  // browser's own headers saying which page made it.
  const asAccess = (headers) => ({ 'cf-access-jwt-assertion': assertion, ...headers });
  const forged = [
    // A drop's script: `fetch(api, { method: 'POST', mode: 'no-cors', credentials: 'include' })`.
    { origin: drop, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' },
    // A form another site submits (a navigation), and one from a sandboxed frame (`Origin: null`).
    { origin: 'https://cats.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    { origin: 'null', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    // Another host of the company's domain (same-site), and an old browser without fetch metadata.
    { origin: 'https://wiki.example.com', 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' },
    { origin: drop },
  ];
  for (const headers of forged) {
    const what = JSON.stringify(headers);
    const archive = await app.request('POST', `/api/v2/inspirations/${plans.entity_id}/archive`, { headers: asAccess(headers) });
    assert.equal(archive.status, 401, `${what}: ${archive.status} ${archive.text}`);
    const react = await app.request('POST', `/api/v2/entities/${plans.entity_id}/reactions`, {
      headers: asAccess({ ...headers, 'content-type': 'text/plain;charset=UTF-8' }), body: '{"kind":"useful"}' });
    assert.equal(react.status, 401, `${what}: ${react.status} ${react.text}`);
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'planted', scope: 'personal', visibility: 'link', source_type: 'html' })) form.append(k, v);
    form.append('file', new Blob(['<h1>planted</h1>']), 'planted.html');
    const planted = await app.request('POST', '/api/v2/inspirations', { headers: asAccess(headers), form });
    assert.equal(planted.status, 401, `${what}: ${planted.status} ${planted.text}`);
  }
  const after = await app.read(ada, plans.entity_id);
  assert.equal(after.body.status, 'live', 'a forged request archived the drop');
  assert.equal(after.body.reactions.useful, 0, 'a forged request reacted');
  assert.equal((await app.list(ada)).body.items.filter((i) => i.name.startsWith('planted')).length, 0, 'a forged request dropped a file');

  // The API origin's own requests and a client that is no browser (curl through Access) are the
  // person's, as before.
  const own = await app.request('POST', `/api/v2/inspirations/${plans.entity_id}/reactions`, {
    headers: asAccess({ origin: app.baseUrl, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', 'content-type': 'application/json' }),
    body: '{"kind":"useful"}' });
  assert.equal(own.status, 200, own.text);
  const typed = await app.request('GET', '/api/v2/me', { headers: asAccess({ 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }) });
  assert.equal(typed.status, 200, typed.text);
  const curl = await app.request('GET', '/api/v2/me', { headers: asAccess({}) });
  assert.equal(curl.status, 200, curl.text);
});
