// The page rewriter attacked through what a drop's page holds (attack sweep 7): the text of its
// module scripts and import maps, which the CDN rewrite reads since session 18. An uploader's page
// must be served as it is, rewritten or not, and never make the Worker fail.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, fetchLocal } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

test('a module script whose quoted CDN address holds a second one is served, rewritten once', async () => {
  const { owner } = await app.world();
  const inner = '"https://unpkg.com/vue@3/dist/vue.esm-browser.js"';
  const page = fx.html('Nested', `<h1>nested-ok</h1><script type="module">import x from 'https://unpkg.com/vue@3/${inner}/vue.esm-browser.js';</script>`);
  const drop = await app.dropLive(owner, { file: { name: 'nested.html', content: page }, fields: { scope: 'personal', visibility: 'link' } });
  // Before: the rewriter copied from past the outer address back to the inner one and panicked,
  // so every view of the page was a connection cut off after its headers.
  for (let view = 0; view < 2; view += 1) {
    const res = await fetchLocal(app.contentUrl(drop.entity_id));
    assert.equal(res.status, 200);
    const body = await res.text();
    assert.match(body, /nested-ok/);
    assert.match(body, /import x from '\/_plug\/vendor\/cdn\/vue\.esm-browser\.prod\.js';<\/script>/);
    assert.match(body, /badge\.js/);
  }
  assert.doesNotMatch(app.log?.() ?? '', /panicked/);
});
