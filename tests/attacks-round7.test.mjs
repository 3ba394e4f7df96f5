// Attack sweep 11 (round 7 of the attack files): what one drop can do to another where they are
// siblings. Deployed, every content origin lives under one registrable domain of its own
// (`https://{label}.plugcontent.example`): to each other they are `same-site`.
// - A sibling's frame of a drop was answered with the viewer's cookie (only another *site's* frame
//   was a stranger's), so its load time told the sibling whether the viewer had opened the drop.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { startWorker } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const NAV = { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document' };

/** A GET with exactly these headers (undici's fetch adds its own `Sec-Fetch-Mode`). */
function rawGet(url, headers = {}) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: u.port, path: u.pathname + u.search, headers: { ...headers, host: u.host } }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('a sibling drop framing a private drop is answered as a stranger, whether or not the browser holds its cookie', async () => {
  const { owner, spaceMember, space } = await app.world();
  const drop = await app.dropLive(owner, {
    file: { name: 'plans.html', content: fx.html('Plans', '<h1>SIBLING-PLANS-11</h1>') },
    fields: { scope: 'space', visibility: 'space', space_id: space.space_id },
  });
  const content = `${app.contentUrl(drop.entity_id)}/`;
  const jar = new Map();
  const minted = await app.request('POST', '/api/v2/serve-sessions', { token: spaceMember.token, json: { url: drop.url } });
  assert.match((await app.open(minted.body.url, { headers: NAV, jar })).text, /SIBLING-PLANS-11/);
  const cookie = [...jar.get(new URL(content).host)].map(([k, v]) => `${k}=${v}`).join('; ');
  assert.match(cookie, /plug_content=/);
  // What Chromium sends for `<iframe src>` (and `<embed>`, `<object>`) on a sibling content origin.
  const shape = (r) => `${r.status} ${r.headers.location} ${r.text.length}`;
  for (const dest of ['iframe', 'frame', 'embed', 'object']) {
    const FRAME = { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'same-site', 'sec-fetch-dest': dest };
    for (const path of ['', '?plug_ticket=spent-or-made-up']) {
      const viewer = await rawGet(content + path, { ...FRAME, cookie });
      const stranger = await rawGet(content + path, FRAME);
      assert.doesNotMatch(viewer.text, /SIBLING-PLANS-11/, `${dest}${path}: answered as the viewer's`);
      assert.equal(shape(viewer), shape(stranger), `${dest}${path}`);
      assert.equal(viewer.status, 302, `${dest}${path}`);
    }
  }
  // A link followed from a sibling (a top-level navigation) and the drop's own frames still open
  // with the cookie; the web app's preview brings a fresh ticket, which opens in any frame.
  for (const headers of [
    { ...NAV, 'sec-fetch-site': 'same-site' },
    { ...NAV, 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'iframe' },
  ]) {
    const res = await rawGet(content, { ...headers, cookie });
    assert.match(res.text, /SIBLING-PLANS-11/, `${JSON.stringify(headers)}: ${res.status}`);
  }
  const preview = await app.request('POST', '/api/v2/serve-sessions', { token: spaceMember.token, json: { url: drop.url } });
  const onLink = await app.open(preview.body.url, { headers: NAV, jar: new Map(), maxHops: 0 });
  const withTicket = onLink.headers.get('location');
  assert.ok(withTicket?.startsWith(content) && withTicket.includes('plug_ticket='), `${onLink.status} ${withTicket}`);
  const framed = await rawGet(withTicket, { ...NAV, 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'iframe' });
  assert.match(framed.text, /SIBLING-PLANS-11/);
});
