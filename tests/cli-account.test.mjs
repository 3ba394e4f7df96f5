// The `plug` command-line client signing in and saying what went wrong (README; docs/model.md
// "Errors", "Wire details"): open, login, logout, local mistakes, server refusals, 426, and what it
// sends on the wire. Dropping and managing are tests/cli.test.mjs.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startWorker } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';
import { VERSION, scratch, folder, plug, as, json, ok } from './support/cli.mjs';

describe('plug against the Worker: signing in, opening, errors', () => {
  let app;
  let world;
  before(async () => {
    app = await startWorker();
    world = await app.world();
  });
  after(async () => { await app?.stop(); });

  test('open prints the URL without a browser and hands $BROWSER a signed-in ticket', async () => {
    const user = await app.member(world.grid);
    const env = as(app, user, world.grid);
    const dir = folder({ 'o.html': fx.html('Open me') });
    const drop = json(await plug([join(dir, 'o.html'), '--json'], { env }));
    const printed = ok(await plug(['open', drop.name], { env }));
    assert.equal(printed.stdout.trim(), drop.url);

    const record = join(dir, 'opened.txt');
    const browser = join(dir, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > '${record}'\n`);
    chmodSync(browser, 0o755);
    ok(await plug(['open', drop.name], { env: { ...env, BROWSER: browser } }));
    const ticketUrl = readFileSync(record, 'utf8');
    assert.ok(ticketUrl.startsWith(`${app.serveUrl}/_plug/session?ticket=`), ticketUrl);
    const redeemed = await app.request('GET', ticketUrl);
    assert.ok([302, 303].includes(redeemed.status), `ticket: ${redeemed.status}`);
    assert.ok(redeemed.headers.get('location').startsWith(`${app.contentUrl(drop.entity_id)}/?plug_ticket=`), redeemed.headers.get('location'));
  });

  test('login --web hands the web app the token and grid in the fragment, and needs a grid', async () => {
    const user = await app.member(world.grid);
    const home = mkdtempSync(join(scratch, 'web-'));
    const record = join(home, 'opened.txt');
    const browser = join(home, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > '${record}'\n`);
    chmodSync(browser, 0o755);
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'cfg'), BROWSER: browser };
    ok(await plug(['login', '--web', '--url', app.baseUrl, '--grid', world.grid.slug, '--token', user.token], { env }));
    const opened = new URL(readFileSync(record, 'utf8'));
    assert.equal(`${opened.origin}${opened.pathname}${opened.search}`, `${app.baseUrl}/`);
    const handed = new URLSearchParams(opened.hash.slice(1));
    assert.deepEqual([handed.get('token'), handed.get('grid')], [user.token, world.grid.slug]);
    // Stored already: --web alone only opens the app, with no prompt and no token argument.
    rmSync(record);
    ok(await plug(['login', '--web'], { env }));
    assert.equal(new URLSearchParams(new URL(readFileSync(record, 'utf8')).hash.slice(1)).get('token'), user.token);
    // Without a grid the app cannot open on one.
    const bare = mkdtempSync(join(scratch, 'web-bare-'));
    const failed = await plug(['login', '--web', '--url', app.baseUrl, '--token', user.token],
      { env: { HOME: bare, XDG_CONFIG_HOME: join(bare, 'cfg'), BROWSER: browser } });
    assert.equal(failed.code, 2, failed.stderr);
    assert.match(failed.stderr, /--grid/);
  });

  test('login stores url, token and grid readable by the owner only; logout forgets the token', async () => {
    const user = await app.member(world.grid);
    const home = mkdtempSync(join(scratch, 'login-'));
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'cfg') };
    const login = ok(await plug(['login', '--url', app.baseUrl, '--grid', world.grid.slug, '--token', user.token], { env }));
    assert.match(login.stdout, /Logged in/);
    const file = join(home, 'cfg', 'plug', 'config.toml');
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const text = readFileSync(file, 'utf8');
    assert.match(text, new RegExp(`url = "${app.baseUrl}"`));
    assert.match(text, new RegExp(`grid = "${world.grid.slug}"`));
    assert.ok(text.includes(user.token));

    const dir = folder({ 'from-config.md': fx.markdown() });
    const drop = json(await plug([join(dir, 'from-config.md'), '--json'], { env }));
    assert.equal(drop.owner.user_id, user.user_id);
    // The environment overrides the file.
    const asOther = json(await plug(['ls', '--json'], { env: { ...env, PLUG_TOKEN: world.member.token } }));
    assert.ok(!asOther.items.some((i) => i.name === drop.name));

    const piped = ok(await plug(['login', '--url', app.baseUrl, '--grid', world.grid.slug], { env, input: `${user.token}\n` }));
    assert.match(piped.stdout, /Logged in/);

    const refused = await plug(['login', '--url', app.baseUrl, '--token', 'not-a-token'], { env });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /refused these credentials.*UNAUTHORIZED/);
    assert.ok(readFileSync(file, 'utf8').includes(user.token), 'a refused login keeps the old config');

    ok(await plug(['logout'], { env }));
    assert.ok(!readFileSync(file, 'utf8').includes('token'));
    const after = await plug(['ls'], { env });
    assert.equal(after.code, 1);
    assert.match(after.stderr, /not logged in/);
  });

  test('local mistakes are usage errors with a hint, before anything is uploaded', async () => {
    const env = as(app, world.owner, world.grid);
    const missing = await plug(['no/such/file.html'], { env });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /error: no such file or folder: no\/such\/file\.html/);

    const dir = folder({ 'notes.txt': 'plain text', 'README': 'no extension', 'loose/page.html': fx.html() });
    const txt = await plug([join(dir, 'notes.txt')], { env });
    assert.equal(txt.code, 2);
    assert.match(txt.stderr, /cannot drop notes\.txt: \.txt files are not something Plug can serve/);
    assert.match(txt.stderr, /hint: Plug takes .*\.pdf.*index\.html/);
    assert.equal((await plug([join(dir, 'README')], { env })).code, 2);

    const noIndex = await plug([join(dir, 'loose')], { env });
    assert.equal(noIndex.code, 2);
    assert.match(noIndex.stderr, /folder without an index\.html at its root/);
    assert.match(noIndex.stderr, /hint: /);

    const badName = await plug([join(dir, 'loose', 'page.html'), '--name', 'Not A Slug'], { env });
    assert.equal(badName.code, 2);
    assert.match(badName.stderr, /--name/);
    const clap = await plug([join(dir, 'loose', 'page.html'), '--visibility', 'everyone'], { env });
    assert.equal(clap.code, 2);
  });

  test('with no token anywhere the command says how to log in', async () => {
    const dir = folder({ 'page.html': fx.html() });
    const run = await plug([join(dir, 'page.html')], { env: { PLUG_URL: app.baseUrl } });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /error: not logged in/);
    assert.match(run.stderr, /plug login/);
    assert.equal(run.stdout, '');
  });

  test('server refusals print the message, the code, the details and the request id; an oversized file never leaves', async () => {
    const user = await app.member(world.grid);
    const env = as(app, user, world.grid);
    const dir = folder({ 'page.html': fx.html(), 'big.pdf': Buffer.alloc(51 * 1024 * 1024, 0x20) });

    // Over 50 MB is refused before a byte is sent (the server's 413 is for other clients).
    const tooBig = await plug([join(dir, 'big.pdf')], { env });
    assert.equal(tooBig.code, 2, tooBig.stderr);
    assert.match(tooBig.stderr, /big\.pdf is too big to drop: it is 51 MB; Plug takes at most 50 MB per drop/);

    const combo = await plug([join(dir, 'page.html'), '--scope', 'org', '--visibility', 'private'], { env });
    assert.equal(combo.code, 1);
    assert.match(combo.stderr, /error: .*\(SCOPE_INVALID\)/);
    assert.match(combo.stderr, /hint: allowed scope\+visibility/);
    assert.match(combo.stderr, /request id: \S+/);

    const asJson = await plug([join(dir, 'page.html'), '--scope', 'org', '--visibility', 'link', '--json'], { env });
    assert.equal(asJson.code, 1);
    assert.equal(JSON.parse(asJson.stdout).error.code, 'SCOPE_INVALID');

    const missing = await plug(['show', 'nothing-here-0000'], { env });
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /\(NOT_FOUND\)/);

    const badToken = await plug(['ls'], { env: { ...env, PLUG_TOKEN: 'expired.or.forged' } });
    assert.equal(badToken.code, 1);
    assert.match(badToken.stderr, /\(UNAUTHORIZED\)/);
    assert.match(badToken.stderr, /hint: .*plug login/);

    const wrongGrid = await plug(['ls'], { env: { ...env, PLUG_GRID: world.other.slug } });
    assert.equal(wrongGrid.code, 1);
    assert.match(wrongGrid.stderr, /\(ORG_NOT_ACCESSIBLE\)/);

    const down = await plug(['ls'], { env: { ...env, PLUG_URL: 'http://127.0.0.1:9' } });
    assert.equal(down.code, 1);
    assert.match(down.stderr, /cannot reach http:\/\/127\.0\.0\.1:9/);
  });

  test('completions are printed for the usual shells', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const run = ok(await plug(['completions', shell]));
      assert.match(run.stdout, /plug/);
      assert.match(run.stdout, /visibility/);
    }
  });
});

describe('plug against a Worker that requires a newer CLI', () => {
  let app;
  before(async () => { app = await startWorker({ vars: { MIN_CLI_VERSION: '99.0.0' } }); });
  after(async () => { await app?.stop(); });

  test('a write answers 426 and plug says how to upgrade; reads still work', async () => {
    const { owner, grid } = await app.world();
    const env = as(app, owner, grid);
    const dir = folder({ 'page.html': fx.html() });
    const run = await plug([join(dir, 'page.html')], { env });
    assert.equal(run.code, 1);
    assert.match(run.stderr, new RegExp(`error: plug ${VERSION.replace(/\./g, '\\.')} is too old.*\\(CLI_UPGRADE_REQUIRED\\)`));
    assert.match(run.stderr, /hint: .*Upgrade it \(`cargo install/);
    assert.equal(run.stdout, '');
    ok(await plug(['ls'], { env }));
  });
});

describe('plug on the wire (a stand-in server)', () => {
  let server;
  let base;
  const seen = [];
  let answers = [];
  before(async () => {
    server = createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('latin1') });
        const [status, headers, body] = answers.shift() ?? [500, {}, '{}'];
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(body);
      });
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${server.address().port}`;
  });
  after(() => server.close());

  test('every request carries User-Agent plug/<version>, the token and the grid; a 429 is waited out', async () => {
    const limited = { error: { code: 'RATE_LIMITED', message: 'rate limit exceeded: 200 per minute', details: [{ field: 'rate_limit', issue: 'inspiration_reads_per_user', hint: '200 per minute' }], request_id: 'r1' } };
    answers = [
      [429, { 'retry-after': '1', 'x-request-id': 'r1' }, JSON.stringify(limited)],
      [200, {}, JSON.stringify({ items: [], next_cursor: null, total_returned: 0 })],
    ];
    const started = Date.now();
    const run = ok(await plug(['ls', '--json', '--sort', 'reactions'], { env: { PLUG_URL: base, PLUG_TOKEN: 'tkn', PLUG_GRID: 'acme' } }));
    assert.ok(Date.now() - started >= 1000, 'waited for Retry-After');
    assert.match(run.stderr, /rate limited \(200 per minute\): trying again in 1 s/);
    assert.deepEqual(JSON.parse(run.stdout).items, []);
    assert.equal(seen.length, 2);
    for (const req of seen) {
      assert.equal(req.headers['user-agent'], `plug/${VERSION}`);
      assert.equal(req.headers.authorization, 'Bearer tkn');
      assert.equal(req.headers['x-platform-grid'], 'acme');
      assert.equal(req.url, '/api/v2/inspirations?sort=reactions_desc&limit=50&owner=me');
    }
  });

  test('the drop form follows the wire details of docs/model.md: uploaded_via cli, null expiry as text, one inspired_by field per id', async () => {
    seen.length = 0;
    const ids = ['0f8fad5b-d9cb-469f-a165-70867728950e', '7c9e6679-7425-40de-944b-e07fc1f90ae7'];
    const url = `${base}/acme/u/me/wire-test-0a0a/`;
    answers = [[201, {}, JSON.stringify({ entity_id: ids[0], name: 'wire-test-0a0a', url, status: 'live', scope: 'personal', visibility: 'grid' })]];
    const dir = folder({ 'Wire Test.md': '# Wire' });
    const run = ok(await plug([join(dir, 'Wire Test.md'), '--pin', 'kept on purpose', '--inspired-by', ids.join(',')], { env: { PLUG_URL: base, PLUG_TOKEN: 'tkn' } }));
    assert.equal(run.stdout.trim(), url);
    assert.equal(seen.length, 1, 'a live 201 needs no polling');
    const [req] = seen;
    assert.equal(req.method, 'POST');
    assert.equal(req.url, '/api/v2/inspirations');
    assert.match(req.headers['content-type'], /^multipart\/form-data; boundary=/);
    assert.equal(Number(req.headers['content-length']), Buffer.byteLength(req.body, 'latin1'), 'the body is sized, so the server can refuse 413 early');
    const field = (name) => [...req.body.matchAll(new RegExp(`name="${name}"\r\n\r\n([^\r]*)\r\n`, 'g'))].map((m) => m[1]);
    assert.deepEqual(field('uploaded_via'), ['cli']);
    assert.deepEqual(field('expires_in_days'), ['null']);
    assert.deepEqual(field('pin_reason'), ['kept on purpose']);
    assert.deepEqual(field('inspired_by'), ids);
    assert.deepEqual(field('name'), ['wire-test']);
    assert.deepEqual(field('display_name'), ['Wire Test']);
    assert.deepEqual(field('source_type'), ['markdown']);
    assert.deepEqual(field('scope'), ['personal']);
    assert.deepEqual(field('visibility'), ['org']);
    assert.match(req.body, /name="file"; filename="Wire Test\.md"\r\nContent-Type: text\/markdown\r\n\r\n# Wire\r\n--/);
  });

  test('the feedback inbox answering 501 is a plain sentence', async () => {
    answers = [[501, {}, '{"error":{"code":"NOT_IMPLEMENTED","message":"not yet","details":[],"request_id":"x"}}']];
    const run = await plug(['feedback', 'demo-1a2b'], { env: { PLUG_URL: base, PLUG_TOKEN: 'tkn' } });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /this server does not offer the feedback inbox yet \(HTTP 501\)/);
  });
});
