// Content-type confusion (sweep 5), held: bytes are typed by their file's name and never sniffed
// into a page. Nothing here found a bug; each check keeps what held, so a change that lets one
// through fails. (Every drop runs on its own content origin anyway: a confused type could only
// ever run there, yet a file that says `.png` must still not become a page.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const NAV = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' };
const PAGE = '<html><body><script>document.title = "ran"</script></body></html>';

test('HTML inside a zipped site\'s .png, .txt, `x.html;.png` or a name with no extension is never served as a page', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, {
    file: { name: 'site.zip', content: fx.zip([
      { name: 'index.html', content: fx.html('Home') },
      { name: 'logo.png', content: PAGE },
      { name: 'notes.txt', content: PAGE },
      { name: 'x.html;.png', content: PAGE },
      { name: 'LICENSE', content: PAGE },
    ]) },
    fields: { scope: 'personal', visibility: 'link' },
  });
  const origin = app.contentUrl(e.entity_id);
  for (const [path, type] of [['/logo.png', /^image\/png/], ['/notes.txt', /^text\/plain/], ['/x.html%3B.png', /^image\/png/], ['/x.html;.png', /^image\/png/], ['/LICENSE', /^application\/octet-stream/]]) {
    const res = await app.request('GET', `${origin}${path}`, { headers: NAV });
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get('content-type'), type, path);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
  }
});

test('an image named .png holding HTML or SVG is refused; an HTML or SVG original is text or a sandboxed image; a download name cannot add a header', async () => {
  const { owner } = await app.world();
  for (const content of [PAGE, fx.svg().replace('<rect', '<script>alert(1)</script><rect')]) {
    const res = await app.drop(owner, { file: { name: 'photo.png', content }, fields: { source_type: 'image', scope: 'personal', visibility: 'link' } });
    assert.equal(res.status, 422, res.text);
  }
  const svg = await app.dropLive(owner, { file: { name: 'chart.svg', content: fx.svg().replace('<rect', '<script>alert(1)</script><rect') }, fields: { source_type: 'image', scope: 'personal', visibility: 'link' } });
  const original = await app.request('GET', `${app.contentUrl(svg.entity_id)}/_plug/file`, { headers: NAV });
  assert.match(original.headers.get('content-type'), /^image\/svg\+xml/);
  assert.match(original.headers.get('content-security-policy'), /\bsandbox\b/);
  assert.match(original.headers.get('content-security-policy'), /default-src 'none'/);
  // FormData sends CR LF in a file name as %0D%0A, as browsers do; raw control characters are
  // origins.test.mjs's ("Download original" never saves a name with control characters).
  const named = await app.dropLive(owner, { file: { name: 'a"b\r\nSet-Cookie: x=1.html', content: fx.html('Q') }, fields: { scope: 'personal', visibility: 'link' } });
  const download = await app.request('GET', `${app.contentUrl(named.entity_id)}/_plug/file?download=1`, { headers: NAV });
  assert.match(download.headers.get('content-type'), /^text\/plain/, 'an HTML original is data here');
  assert.equal(download.headers.get('set-cookie'), null);
  const disposition = download.headers.get('content-disposition');
  assert.match(disposition, /^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[^"\s]+$/, disposition);
});
