// The `plug` command-line client dropping and managing (README; openapi.yaml; docs/model.md "Wire
// details"): the real release binary, run in temp dirs against the real Worker, for every source
// type, a folder site, the caps, ls, pin, rm, restore, react, visibility and feedback. Signing in,
// opening, errors and the wire are tests/cli-account.test.mjs. Needs `cargo build -p plug
// --release` (scripts/build.sh) first.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startWorker } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';
import { PLUG, scratch, folder, plug, as, json, ok, lastLine } from './support/cli.mjs';

test('the release binary exists (scripts/build.sh runs cargo build -p plug --release)', () => {
  assert.ok(existsSync(PLUG), `missing ${PLUG}: run cargo build -p plug --release`);
});

describe('plug against the Worker', () => {
  let app;
  let world;
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
    const user = await app.member(world.grid);
    const dir = folder({ 'Launch Plan.md': fx.markdown() });
    const run = ok(await plug([join(dir, 'Launch Plan.md')], { env: as(app, user, world.grid) }));
    const url = run.stdout.trim();
    assert.match(url, new RegExp(`^${app.serveUrl}/${world.grid.slug}/u/${user.slug}/launch-plan-[0-9a-f]{4}/$`));
    assert.match(run.stderr, /Launch Plan is live/);
    assert.match(run.stderr, /expires in 30 days/);
    const name = url.split('/').at(-2);
    const body = (await app.read(user, name)).body;
    assert.equal(body.display_name, 'Launch Plan');
    assert.equal(body.status, 'live');
    assert.equal(body.pinned, false);
  });

  test('a folder with index.html is zipped honouring .gitignore and served as a site', async () => {
    const user = await app.member(world.grid);
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
    const body = (await app.read(user, url.split('/').at(-2))).body;
    assert.equal(body.source_type, 'html');
    assert.equal(body.display_name, 'Folder Site');
  });

  test('a page, README or component dropped alone names the files beside it that it uses and the drop leaves out', async () => {
    const user = await app.member(world.grid);
    const dir = folder({
      'index.html': fx.html('Alone', '<link rel="stylesheet" href="style.css"><script src="./app.js"></script><img src="https://example.com/x.png"><a href="missing.html">x</a>'),
      'style.css': 'h1 { color: teal }',
      'app.js': 'console.log(1)',
      'README.md': '# Notes\n\n![flow](./flow.png "The flow")\n',
      'flow.png': 'not really a png',
      'App.jsx': "import React from 'react';\nimport { Card } from './Card';\nexport default function App() { return <Card />; }\n",
      'Card.jsx': 'export const Card = () => <div>card</div>;\n',
      'Lonely.md': '# Nothing beside\n\n[web](https://example.com)\n',
    });
    const env = { env: as(app, user, world.grid) };
    const page = ok(await plug([join(dir, 'index.html')], env));
    assert.match(page.stderr, /warning: index\.html uses 2 files from beside it that a single-file drop leaves out \(style\.css, app\.js\): drop the folder instead \(`plug <folder>`/);
    assert.equal((await app.open(lastLine(page.stdout), { token: user.token })).status, 200, 'the page is dropped all the same');
    const readme = ok(await plug([join(dir, 'README.md')], env));
    assert.match(readme.stderr, /warning: README\.md uses a file from beside it .*\(flow\.png\): the page shows each image's alt text instead/);
    const component = ok(await plug([join(dir, 'App.jsx')], env));
    assert.match(component.stderr, /warning: App\.jsx uses a file from beside it .*\(Card\)/);
    const lonely = ok(await plug([join(dir, 'Lonely.md')], env));
    assert.doesNotMatch(lonely.stderr, /warning/);
    const json = ok(await plug(['--json', join(dir, 'index.html')], env));
    assert.equal(JSON.parse(json.stdout).status, 'live', 'stdout stays the JSON alone');
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
    const user = await app.member(world.grid);
    const dir = folder({ 'public.html': fx.html('Public') });
    const body = json(await plug([join(dir, 'public.html'), '--json', '--visibility', 'link', '--expires', '7'], { env: as(app, user, world.grid) }));
    assert.equal(body.visibility, 'link');
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    assert.ok(days > 6.9 && days <= 7, `expires in ${days} days`);
    assert.equal((await app.open(body.url)).status, 200);
  });

  test('a reader that closes the pipe early (ls --json | head -1) ends plug quietly, not with a panic', async () => {
    const user = await app.member(world.grid);
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
    const user = await app.member(world.grid);
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
    assert.equal((await app.read(user, one.entity_id)).body.pinned, true);
    const row = json(await plug(['ls', '--json'], { env })).items.find((i) => i.name === one.name);
    assert.equal(row.expires_in_days, null);
    ok(await plug(['unpin', one.name, '--expires', '3'], { env }));
    const unpinned = (await app.read(user, one.entity_id)).body;
    assert.equal(unpinned.pinned, false);
    assert.ok(Date.parse(unpinned.expires_at) - Date.now() < 3.01 * 86_400_000);

    assert.match(ok(await plug(['rm', one.name], { env })).stdout, /Archived/);
    assert.equal((await app.read(user, one.entity_id)).body.status, 'archived');
    const archivedRow = json(await plug(['ls', '--json'], { env })).items.find((i) => i.name === one.name);
    assert.equal(archivedRow.status, 'archived');
    assert.equal((await app.open(one.url, { token: world.member.token })).status, 404, 'no longer served to others');
    ok(await plug(['restore', one.name], { env }));
    assert.equal((await app.read(user, one.entity_id)).body.status, 'live');

    const shown = ok(await plug(['show', two.name], { env })).stdout;
    assert.match(shown, new RegExp(`url\\s+${two.url}`));
    assert.match(shown, /visible to\s+everyone in grid/);
  });

  test('a site over the caps is refused before anything is sent, as a folder and as a zip', async () => {
    const user = await app.member(world.grid);
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
    const user = await app.member(world.grid);
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
    assert.equal((await app.read(world.member, drop.entity_id)).status, 404);
    ok(await plug(['visibility', drop.name, 'link'], { env }));
    assert.equal((await app.request('GET', `/api/v2/inspirations/${drop.entity_id}`)).status, 200);
  });

  test('feedback lists what viewers sent through the badge', async () => {
    const user = await app.member(world.grid);
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
});
