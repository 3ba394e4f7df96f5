// The `plug` command-line client (README; openapi.yaml; docs/model.md "Errors", "Wire details"):
// the real release binary, run in temp dirs against the real Worker, for every source type, a
// folder site, the management commands, login, and the error paths (bad path, unsupported type,
// 413, 426, no token). Needs `cargo build -p plug --release` (scripts/build.sh) first.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import * as fx from './support/fixtures.mjs';

const PLUG = process.env.PLUG_BIN || join(ROOT, 'target', 'release', 'plug');
const VERSION = readFileSync(join(ROOT, 'Cargo.toml'), 'utf8').match(/^version = "([^"]+)"/m)[1];

const scratch = mkdtempSync(join(tmpdir(), 'plug-cli-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

let dirCount = 0;
/** A fresh folder holding `files` ({ 'a/b.html': content }); returns its path. */
function folder(files = {}, name = `d${++dirCount}`) {
  const dir = join(scratch, name);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), content);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Runs the binary with a clean environment: its own HOME and XDG_CONFIG_HOME (never the real
 * config), no colour, no display or browser, and only the PLUG_* variables given in `env`.
 */
function plug(args, { env = {}, cwd = scratch, input } = {}) {
  const home = mkdtempSync(join(scratch, 'home-'));
  const fullEnv = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), NO_COLOR: '1', ...env };
  return new Promise((resolve, reject) => {
    const child = spawn(PLUG, args, { cwd, env: fullEnv, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, home }));
    if (child.stdin) {
      // A command that never reads stdin may exit before the write lands.
      child.stdin.on('error', () => {});
      child.stdin.end(input);
    }
  });
}

/** The PLUG_* variables for `user` acting in `grid`. */
const as = (app, user, grid) => ({ PLUG_URL: app.baseUrl, PLUG_TOKEN: user.token, PLUG_GRID: grid.slug });

function json(run) {
  assert.equal(run.code, 0, `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

function ok(run) {
  assert.equal(run.code, 0, `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  return run;
}

const lastLine = (text) => text.trim().split('\n').at(-1);

test('the release binary exists (scripts/build.sh runs cargo build -p plug --release)', () => {
  assert.ok(existsSync(PLUG), `missing ${PLUG}: run cargo build -p plug --release`);
});

describe('plug against the Worker', () => {
  let app;
  let world;
  /** A new member of the world's grid: each has its own 10-drops-a-minute budget. */
  const member = async () => {
    const user = await app.user();
    await app.join(world.grid, user);
    return user;
  };
  const read = (user, id) => app.request('GET', `/api/v2/inspirations/${id}`, { token: user.token });

  before(async () => {
    app = await startWorker();
    world = await app.world();
  });
  after(async () => { await app?.stop(); });

  test('drops every source type, waits until it is live and prints a URL that serves', async () => {
    const { owner, grid } = world;
    const dir = folder();
    for (const [sourceType, file] of fx.everyType()) {
      writeFileSync(join(dir, file.name), file.content);
      const body = json(await plug([join(dir, file.name), '--json'], { env: as(app, owner, grid) }));
      assert.equal(body.status, 'live', `${file.name}: ${JSON.stringify(body)}`);
      assert.equal(body.source_type, sourceType, file.name);
      assert.equal(body.scope, 'personal');
      assert.equal(body.visibility, 'grid');
      assert.ok(body.url.startsWith(`${app.serveUrl}/${grid.slug}/u/${owner.slug}/`), body.url);
      const served = await app.open(body.url, { token: owner.token });
      assert.equal(served.status, 200, `${file.name} at ${body.url}: ${served.status}`);
    }
  });

  test('a plain drop prints the URL alone on stdout and the story on stderr', async () => {
    const user = await member();
    const dir = folder({ 'Launch Plan.md': fx.markdown() });
    const run = ok(await plug([join(dir, 'Launch Plan.md')], { env: as(app, user, world.grid) }));
    const url = run.stdout.trim();
    assert.match(url, new RegExp(`^${app.serveUrl}/${world.grid.slug}/u/${user.slug}/launch-plan-[0-9a-f]{4}/$`));
    assert.match(run.stderr, /Launch Plan is live/);
    assert.match(run.stderr, /expires in 30 days/);
    const name = url.split('/').at(-2);
    const body = (await read(user, name)).body;
    assert.equal(body.display_name, 'Launch Plan');
    assert.equal(body.status, 'live');
    assert.equal(body.pinned, false);
  });

  test('a folder with index.html is zipped honouring .gitignore and served as a site', async () => {
    const user = await member();
    const dir = folder({
      'index.html': fx.html('Folder site', '<link rel="stylesheet" href="css/site.css"><a href="docs/about.html">About</a>'),
      'css/site.css': 'body { color: #123456 }',
      'docs/about.html': fx.html('About'),
      'debug.log': 'left out by .gitignore',
      'drafts/wip.html': 'left out by .gitignore',
      '.env': 'SECRET=never-uploaded',
      '.gitignore': '*.log\ndrafts/\n',
    }, 'Folder Site');
    const run = ok(await plug([dir], { env: as(app, user, world.grid) }));
    assert.match(run.stderr, /zipped 3 files/);
    const url = lastLine(run.stdout);
    assert.match(url, /\/folder-site-[0-9a-f]{4}\/$/);
    const get = (path) => app.open(url + path, { token: user.token });
    assert.equal((await get('')).status, 200);
    assert.equal((await get('css/site.css')).text, 'body { color: #123456 }');
    assert.equal((await get('docs/about.html')).status, 200);
    for (const hidden of ['debug.log', 'drafts/wip.html', '.env', '.gitignore']) {
      assert.equal((await get(hidden)).status, 404, `${hidden} must not be uploaded`);
    }
    const body = (await read(user, url.split('/').at(-2))).body;
    assert.equal(body.source_type, 'html');
    assert.equal(body.display_name, 'Folder Site');
  });

  test('drop options reach the server: name, title, space, pin and inspired-by by name or id', async () => {
    const { spaceMember, space, grid } = world;
    const env = as(app, spaceMember, grid);
    const dir = folder({ 'a.md': fx.markdown(), 'b.html': fx.html(), 'c.svg': fx.svg() });
    const first = json(await plug([join(dir, 'a.md'), '--json'], { env }));
    const second = json(await plug([join(dir, 'b.html'), '--json', '--no-wait'], { env }));
    assert.equal(second.status, 'provisioning', 'with --no-wait the 201 body is printed as is');
    const body = json(await plug([
      join(dir, 'c.svg'), '--json', '--name', 'team-logo', '--display-name', 'Team logo', '--space', space.space_id,
      '--pin', 'the logo stays while we use it', '--inspired-by', first.name, '--inspired-by', second.entity_id,
    ], { env }));
    assert.match(body.name, /^team-logo-[0-9a-f]{4}$/);
    assert.equal(body.display_name, 'Team logo');
    assert.equal(body.scope, 'space');
    assert.equal(body.space_id, space.space_id);
    assert.equal(body.visibility, 'grid');
    assert.deepEqual(body.visibility_spaces, [space.slug]);
    assert.equal(body.pinned, true);
    assert.equal(body.expires_at, null);
    assert.deepEqual([...body.inspired_by].sort(), [first.entity_id, second.entity_id].sort());
  });

  test('a link drop is readable without signing in; --expires sets the days', async () => {
    const user = await member();
    const dir = folder({ 'public.html': fx.html('Public') });
    const body = json(await plug([join(dir, 'public.html'), '--json', '--visibility', 'link', '--expires', '7'], { env: as(app, user, world.grid) }));
    assert.equal(body.visibility, 'link');
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    assert.ok(days > 6.9 && days <= 7, `expires in ${days} days`);
    assert.equal((await app.open(body.url)).status, 200);
  });

  test('a reader that closes the pipe early (ls --json | head -1) ends plug quietly, not with a panic', async () => {
    const user = await member();
    const home = mkdtempSync(join(scratch, 'home-'));
    const env = { PATH: process.env.PATH, HOME: home, NO_COLOR: '1', ...as(app, user, world.grid) };
    const { code, stderr } = await new Promise((resolve, reject) => {
      const child = spawn(PLUG, ['ls', '--json'], { cwd: scratch, env, stdio: ['ignore', 'pipe', 'pipe'] });
      // The reader is gone before plug has its answer to write.
      child.stdout.destroy();
      let err = '';
      child.stderr.on('data', (d) => { err += d; });
      child.on('error', reject);
      child.on('close', (c) => resolve({ code: c, stderr: err }));
    });
    assert.doesNotMatch(stderr, /panicked/);
    assert.equal(code, 0, stderr);
  });

  test('ls lists with sorts and cursors; pin, unpin, rm and restore change what the API reads', async () => {
    const user = await member();
    const env = as(app, user, world.grid);
    const dir = folder({ 'one.md': fx.markdown(), 'two.md': fx.markdown() });
    const one = json(await plug([join(dir, 'one.md'), '--json'], { env }));
    const two = json(await plug([join(dir, 'two.md'), '--json'], { env }));

    const listed = json(await plug(['ls', '--json'], { env }));
    assert.deepEqual(listed.items.map((i) => i.name), [two.name, one.name]);
    assert.equal(listed.total_returned, 2);
    const page = json(await plug(['ls', '--json', '--sort', 'views', '--limit', '1'], { env }));
    assert.equal(page.items.length, 1);
    assert.ok(page.next_cursor);
    const all = json(await plug(['ls', '--json', '--all', '--limit', '1'], { env }));
    assert.deepEqual(all.items.map((i) => i.name).sort(), [one.name, two.name].sort());
    const table = ok(await plug(['ls'], { env })).stdout;
    assert.match(table, /^NAME\s+STATUS\s+VISIBILITY\s+VIEWS\s+REACTIONS\s+EXPIRES\s+URL/);
    assert.match(table, new RegExp(`${one.name}\\s+live\\s+grid\\s+0\\s+0\\s+30d\\s+${one.url}`));

    assert.match(ok(await plug(['pin', one.name, 'kept for the launch retro'], { env })).stdout, /Pinned/);
    assert.equal((await read(user, one.entity_id)).body.pinned, true);
    const row = json(await plug(['ls', '--json'], { env })).items.find((i) => i.name === one.name);
    assert.equal(row.expires_in_days, null);
    ok(await plug(['unpin', one.name, '--expires', '3'], { env }));
    const unpinned = (await read(user, one.entity_id)).body;
    assert.equal(unpinned.pinned, false);
    assert.ok(Date.parse(unpinned.expires_at) - Date.now() < 3.01 * 86_400_000);

    assert.match(ok(await plug(['rm', one.name], { env })).stdout, /Archived/);
    assert.equal((await read(user, one.entity_id)).body.status, 'archived');
    const archivedRow = json(await plug(['ls', '--json'], { env })).items.find((i) => i.name === one.name);
    assert.equal(archivedRow.status, 'archived');
    assert.equal((await app.open(one.url, { token: world.member.token })).status, 404, 'no longer served to others');
    ok(await plug(['restore', one.name], { env }));
    assert.equal((await read(user, one.entity_id)).body.status, 'live');

    const shown = ok(await plug(['show', two.name], { env })).stdout;
    assert.match(shown, new RegExp(`url\\s+${two.url}`));
    assert.match(shown, /visible to\s+everyone in grid/);
  });

  test('a site over the caps is refused before anything is sent, as a folder and as a zip', async () => {
    const user = await member();
    const env = as(app, user, world.grid);
    const files = { 'index.html': fx.html() };
    for (let i = 0; i < 20_000; i += 1) files[`pages/p${i}.html`] = 'x';
    const dir = folder(files, 'generated-docs');
    const asFolder = await plug([dir], { env });
    assert.equal(asFolder.code, 2, asFolder.stderr);
    assert.match(asFolder.stderr, /too big to drop: it holds more than 20000 files; a site may hold at most 20000/);
    const zipPath = join(scratch, 'generated-docs.zip');
    const entries = Object.entries(files).map(([name, content]) => ({ name, content }));
    entries.push({ name: '__MACOSX/._index.html', content: 'x' }, { name: 'pages/', content: '' });
    writeFileSync(zipPath, fx.zip(entries));
    const asZip = await plug([zipPath], { env });
    assert.equal(asZip.code, 2, asZip.stderr);
    assert.match(asZip.stderr, /it holds 20001 files; a site may hold at most 20000/);
    assert.match(ok(await plug(['--help'], { env })).stdout, /at most 20000 files/);
    assert.deepEqual(json(await plug(['ls', '--json'], { env })).items, [], 'nothing was created');
  });

  test('react toggles a reaction and visibility changes who can open it', async () => {
    const user = await member();
    const env = as(app, user, world.grid);
    const dir = folder({ 'r.md': fx.markdown() });
    const drop = json(await plug([join(dir, 'r.md'), '--json'], { env }));
    const other = as(app, world.member, world.grid);
    const on = json(await plug(['react', drop.name, 'sparked', '--json'], { env: other }));
    assert.deepEqual(on.user_reactions, ['sparked']);
    assert.match(ok(await plug(['react', drop.name, 'sparked'], { env: other })).stdout, /Took back sparked/);
    const refused = await plug(['react', drop.name, 'love'], { env: other });
    assert.equal(refused.code, 2, 'retired kinds are refused by the command line');

    const changed = json(await plug(['visibility', drop.name, 'private', '--json'], { env }));
    assert.equal(changed.visibility, 'private');
    assert.equal((await read(world.member, drop.entity_id)).status, 404);
    ok(await plug(['visibility', drop.name, 'link'], { env }));
    assert.equal((await app.request('GET', `/api/v2/inspirations/${drop.entity_id}`)).status, 200);
  });

  test('feedback lists what viewers sent through the badge', async () => {
    const user = await member();
    const env = as(app, user, world.grid);
    const dir = folder({ 'f.html': fx.html('Feedback') });
    const drop = json(await plug([join(dir, 'f.html'), '--json'], { env }));
    const sent = await app.request('POST', `/api/v2/entities/${drop.entity_id}/feedback`, {
      json: { category: 'bug', text: 'The chart is upside down', source: 'badge' },
    });
    assert.equal(sent.status, 200, sent.text);
    const run = await plug(['feedback', drop.name], { env });
    if (run.code !== 0) {
      // The inbox may not exist on every server yet: the message must then say so plainly.
      assert.match(run.stderr, /feedback inbox/);
      return;
    }
    assert.match(run.stdout, /bug\s+The chart is upside down/);
    const body = json(await plug(['feedback', drop.entity_id, '--json'], { env }));
    assert.equal(body.items.length, 1);
    assert.equal(body.items[0].text, 'The chart is upside down');
  });

  test('open prints the URL without a browser and hands $BROWSER a signed-in ticket', async () => {
    const user = await member();
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
    const user = await member();
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
    const user = await member();
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
    const user = await member();
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
