// `plug` facing answers it did not expect, attacked the way an independent suite would: feedback
// anyone may send (the badge carries no identity) and a server's error text that hold terminal
// escape sequences (set the window title, write the clipboard with OSC 52, clear the screen, hide
// text, a carriage return that overwrites the line, an RTL override), printed on a terminal with
// colour on; and a server whose `url` is `javascript:`, `file:` or another scheme an opener would
// hand to some program, or an answer without end; and paths that are no regular file (sweep 10). The real release binary (PLUG_BIN, else target/release/plug), the real
// Worker for the feedback, a stand-in server for answers the Worker never gives.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startWorker } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';

const PLUG = process.env.PLUG_BIN || join(ROOT, 'target', 'release', 'plug');
const scratch = mkdtempSync(join(tmpdir(), 'plug-cli-attacks-'));

let app;
before(async () => { app = await startWorker(); });
after(async () => {
  await app?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs `plug` as on a terminal with colour on (anstream then passes escapes through). */
function plug(args, env = {}) {
  const home = mkdtempSync(join(scratch, 'home-'));
  const fullEnv = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), CLICOLOR_FORCE: '1', ...env };
  return new Promise((resolve, reject) => {
    const child = spawn(PLUG, args, { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * `plug` with its address space capped (`ulimit -v`, 1 GB) and a deadline: a run that would read
 * without end is stopped, and one that would load a gigabyte aborts instead of taking the machine.
 */
function plugBounded(args, env = {}, ms = 15_000) {
  const home = mkdtempSync(join(scratch, 'home-'));
  const fullEnv = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...env };
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'ulimit -v 1048576; exec "$0" "$@"', PLUG, ...args], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => { child.kill('SIGKILL'); stderr += '[killed: no answer in time]'; }, ms);
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code, signal) => { clearTimeout(timer); resolve({ code, signal, stdout, stderr }); });
  });
}

// What an attacker sends, and what must never reach the terminal as it was sent.
const HOSTILE = [
  '\u001b]0;pwned\u0007', // window title
  '\u001b]52;c;ZWNobyBwd25lZA==\u0007', // clipboard write
  '\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\', // a hidden link
  '\u001b[2J\u001b[H', // clear the screen
  '\u001b[8m', // concealed text
  '\r', // overwrite the line
  '\u009b31m', // C1 CSI
  '\u202e', // right-to-left override
];
/** Every escape sequence in `out` is a plain style plug itself writes (`ESC [ digits ; m`). */
function onlyOwnStyles(out, what) {
  const rest = out.replace(/\u001b\[[0-9;]*m/g, (m) => (m === '\u001b[8m' ? '<conceal>' : ''));
  assert.doesNotMatch(rest, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|<conceal>/, `${what}: ${JSON.stringify(out)}`);
}

test('feedback and titles from other people cannot drive the owner\'s terminal', async () => {
  assert.ok(existsSync(PLUG), `build plug first (${PLUG})`);
  const grid = await app.grid();
  const owner = await app.user();
  await app.join(grid, owner);
  const e = await app.dropLive(owner, { fields: { name: 'inbox', scope: 'personal', visibility: 'link' } });
  // Anyone with the id may send feedback; nothing identifies them.
  const sent = await app.request('POST', `/api/v2/entities/${e.entity_id}/feedback`, {
    json: { category: 'bug', text: `see ${HOSTILE.join(' ')} done`, source: 'badge', page_url: `https://x.example/${HOSTILE[0]}` },
  });
  assert.equal(sent.status, 200, sent.text);
  const titled = await app.request('PATCH', `/api/v2/inspirations/${e.entity_id}`, { token: owner.token, json: { display_name: `Plan ${HOSTILE[3]}${HOSTILE[1]}` } });
  assert.equal(titled.status, 200, titled.text);
  const env = { PLUG_URL: app.baseUrl, PLUG_TOKEN: owner.token, PLUG_GRID: grid.slug };

  const inbox = await plug(['feedback', e.entity_id], env);
  assert.equal(inbox.code, 0, inbox.stderr);
  assert.match(inbox.stdout, /see .*done/);
  onlyOwnStyles(inbox.stdout, 'plug feedback');
  onlyOwnStyles(inbox.stderr, 'plug feedback (stderr)');
  // The characters still show, as something a person can see was sent.
  assert.match(inbox.stdout, /\uFFFD\]52;c;/);

  for (const args of [['ls'], ['show', e.entity_id]]) {
    const run = await plug(args, env);
    assert.equal(run.code, 0, `${args}: ${run.stderr}`);
    onlyOwnStyles(run.stdout, args.join(' '));
    onlyOwnStyles(run.stderr, `${args.join(' ')} (stderr)`);
  }

  // Scripts get the data exactly as stored: JSON escapes it, and nothing is replaced.
  const raw = await plug(['feedback', e.entity_id, '--json'], env);
  assert.equal(raw.code, 0, raw.stderr);
  assert.equal(JSON.parse(raw.stdout).items[0].text, `see ${HOSTILE.join(' ')} done`);
});

test('a server\'s error text, and a url that is not http(s), do nothing on the client\'s machine', async () => {
  // The shape of a real answer, with the url a hostile server would put in it.
  const grid = await app.grid();
  const owner = await app.user();
  await app.join(grid, owner);
  const shape = await app.dropLive(owner, { fields: { name: 'shape', scope: 'personal', visibility: 'link' } });
  const answers = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const [status, body] = answers.shift() ?? [500, {}];
      if (status === 'endless') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let sent = 0;
        const more = () => {
          // 64 MB of spaces, then the connection stays open: a client that reads it all hangs.
          while (sent < 64 && res.write(chunk)) sent += 1;
          if (sent < 64) res.once('drain', () => { sent += 1; more(); });
        };
        res.on('close', () => res.destroy());
        more();
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  try {
    const env = { PLUG_URL: `http://127.0.0.1:${server.address().port}`, PLUG_TOKEN: 't', PLUG_GRID: 'g' };
    answers.push([409, { error: { code: `NAME_COLLISION${HOSTILE[0]}`, message: `taken ${HOSTILE.join('')}`, details: [{ field: `name${HOSTILE[4]}`, issue: 'x', hint: HOSTILE[2] }], request_id: HOSTILE[3] } }]);
    const failed = await plug(['ls'], env);
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /taken/);
    onlyOwnStyles(failed.stderr, 'an error answer');

    const dir = mkdtempSync(join(scratch, 'open-'));
    const record = join(dir, 'opened.txt');
    const browser = join(dir, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" >> '${record}'\n`);
    chmodSync(browser, 0o755);
    const item = (url) => ({ ...shape, url });
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'smb://evil.example/share', 'ms-msdt:/id PCWDiagnostic', 'data:text/html,<script>alert(1)</script>']) {
      answers.push([200, item(url)]);
      const run = await plug(['open', 'x'], { ...env, BROWSER: browser });
      assert.notEqual(run.code, 0, `${url}: ${run.stdout} ${run.stderr}`);
      assert.ok(!existsSync(record), `${url} was handed to the browser`);
      onlyOwnStyles(run.stderr, url);
    }
    // An answer without end is not read to its end.
    answers.push(['endless']);
    const endless = await plug(['ls'], env);
    assert.equal(endless.code, 1);
    assert.match(endless.stderr, /larger than 32 MB/);

    answers.push([200, item('https://link.plug.example/g/x/?a=1&b=2')]);
    const good = await plug(['open', 'x'], { ...env, BROWSER: browser });
    assert.equal(good.code, 0, good.stderr);
    assert.ok(existsSync(record), 'an https url opens');
  } finally {
    server.close();
  }
});

// Attack sweep 9: `plug open` leaves the link origin's session in the browser it opened (8 h); a
// `plug logout` on a shared machine must end it, as the web app's sign-out does.
test('plug logout ends the browser sessions of its user, as the web app\'s sign-out does', async () => {
  const { owner, grid } = await app.world();
  const drop = await app.dropLive(owner, {
    file: { name: 'plan.html', content: '<!doctype html><title>Plan</title><h1>LOGOUT-PLAN-93</h1>' },
    fields: { scope: 'personal', visibility: 'private' },
  });
  const nav = { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document' };
  const jar = new Map();
  const minted = await app.request('POST', '/api/v2/serve-sessions', { token: owner.token, json: { url: drop.url } });
  assert.match((await app.open(minted.body.url, { headers: nav, jar })).text, /LOGOUT-PLAN-93/);
  assert.match((await app.open(drop.url, { headers: nav, jar })).text, /LOGOUT-PLAN-93/, 'the browser session opens it');
  const home = mkdtempSync(join(scratch, 'logout-'));
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
  const login = await plug(['login', '--url', app.baseUrl, '--grid', grid.slug, '--token', owner.token], env);
  assert.equal(login.code, 0, login.stderr);
  const out = await plug(['logout'], env);
  assert.equal(out.code, 0, out.stderr);
  const after = await app.open(drop.url, { headers: nav, jar });
  assert.doesNotMatch(after.text, /LOGOUT-PLAN-93/, after.hops.join(' -> '));
});

// Attack sweep 10: what a folder or a repository someone hands over may hold. A page that is a
// FIFO was read to no end (plug hung; so did `plug mcp`'s drop of that path), a page that is a
// link to /dev/zero was read into memory until the machine ran out, and a film left beside a site
// was loaded whole before the folder's 1 GB cap refused it. Each is refused at once now, with
// nothing sent.
test('plug refuses a FIFO, a device and an oversized file in a folder without reading them', async () => {
  const grid = await app.grid();
  const owner = await app.user();
  await app.join(grid, owner);
  const env = { PLUG_URL: app.baseUrl, PLUG_TOKEN: owner.token, PLUG_GRID: grid.slug };
  const dir = mkdtempSync(join(scratch, 'special-'));
  const fifo = join(dir, 'page.html');
  execFileSync('mkfifo', [fifo]);
  const zero = join(dir, 'zero.html');
  symlinkSync('/dev/zero', zero);
  for (const path of [fifo, zero]) {
    const run = await plugBounded([path, '--name', 'special'], env);
    assert.equal(run.code, 2, `${path}: ${run.signal ?? ''} ${run.stderr}`);
    assert.match(run.stderr, /not a regular file or folder/);
  }
  const site = join(dir, 'site');
  mkdirSync(site);
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Site</title><video src="film.mp4"></video>');
  // Sparse: it takes no disk, but reads as 1 GB and a byte of zeros.
  writeFileSync(join(site, 'film.mp4'), '');
  truncateSync(join(site, 'film.mp4'), 1024 * 1024 * 1024 + 1);
  const started = Date.now();
  const big = await plugBounded([site, '--name', 'film-site'], env);
  assert.equal(big.code, 2, `${big.signal ?? ''} ${big.stderr}`);
  assert.match(big.stderr, /too big to drop: it unpacks to 1025 MB/);
  assert.ok(Date.now() - started < 5000, `read the file first: ${Date.now() - started} ms`);
  const listed = await app.request('GET', '/api/v2/inspirations', { token: owner.token });
  assert.equal(listed.status, 200, listed.text);
  assert.ok(!JSON.stringify(listed.body).includes('special') && !JSON.stringify(listed.body).includes('film-site'), 'nothing was dropped');
});

// Attack sweep 10: a repository someone asks you to share holds `README.md` as a link to
// `../../.ssh/id_ed25519`. `plug README.md` followed it and dropped the key as markdown (a folder's
// walk skips links; a single file's did not). A link into a hidden file or folder is refused now;
// a hidden file a person names themselves still drops.
test('plug does not follow a link into a hidden folder: a cloned README.md cannot drop an SSH key', async () => {
  const grid = await app.grid();
  const owner = await app.user();
  await app.join(grid, owner);
  const env = { PLUG_URL: app.baseUrl, PLUG_TOKEN: owner.token, PLUG_GRID: grid.slug };
  const home = mkdtempSync(join(scratch, 'victim-'));
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.ssh', 'id_ed25519'), '-----BEGIN OPENSSH PRIVATE KEY-----\nSECRET-KEY-97\n');
  mkdirSync(join(home, 'src', 'repo'), { recursive: true });
  symlinkSync('../../.ssh/id_ed25519', join(home, 'src', 'repo', 'README.md'));
  const run = await plugBounded([join(home, 'src', 'repo', 'README.md'), '--name', 'repo-readme', '--visibility', 'link'], env);
  assert.equal(run.code, 2, `${run.stdout} ${run.stderr}`);
  assert.match(run.stderr, /a link into \.ssh, a hidden file or folder/);
  const listed = await app.request('GET', '/api/v2/inspirations', { token: owner.token });
  assert.equal(listed.status, 200, listed.text);
  assert.ok(!JSON.stringify(listed.body).includes('repo-readme'), 'the key was dropped');
  // An agent through `plug mcp` reaches no hidden path, by a link or by naming it (a page it read
  // may have talked it into publishing keys; `tests/mcp.test.mjs` drops plain paths).
  const mcpHome = mkdtempSync(join(scratch, 'mcp-'));
  const transport = new StdioClientTransport({ command: PLUG, args: ['mcp'], env: { PATH: process.env.PATH, HOME: mcpHome, XDG_CONFIG_HOME: join(mcpHome, '.config'), ...env }, stderr: 'pipe' });
  const client = new Client({ name: 'attacks-cli', version: '1.0.0' });
  await client.connect(transport);
  try {
    for (const path of [join(home, 'src', 'repo', 'README.md'), join(home, '.ssh', 'id_ed25519'), join(home, 'src', 'repo', '..', '..', '.ssh', 'notes.md')]) {
      writeFileSync(join(home, '.ssh', 'notes.md'), '# Notes\n');
      const result = await client.callTool({ name: 'drop', arguments: { path, visibility: 'link' } });
      assert.equal(result.isError, true, `${path}: ${JSON.stringify(result.structuredContent)}`);
      assert.match(result.content[0].text, /\.ssh/);
    }
  } finally {
    await client.close();
  }
  const after = await app.request('GET', '/api/v2/inspirations', { token: owner.token });
  assert.ok(!/SECRET-KEY|id-ed25519|"notes-/.test(JSON.stringify(after.body)), 'an agent dropped a hidden file');
  // Named by the person, a hidden file is theirs to drop.
  writeFileSync(join(home, '.ssh', 'notes.md'), '# Notes\n');
  const named = await plugBounded([join(home, '.ssh', 'notes.md'), '--name', 'own-notes'], env);
  assert.equal(named.code, 0, named.stderr);
});
