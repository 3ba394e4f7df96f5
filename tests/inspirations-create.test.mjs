// Creating Inspirations (openapi.yaml; docs/model.md "Errors"; README "Limits"): every status and
// code of the create route, hostile archives, what R2 holds afterwards, and the create and read limits.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, expectError, UUID } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
let straddle;
before(async () => {
  app = await startWorker();
  // The reads across a clock minute wait for the minute to turn (30 s on average): they start
  // here, on users of their own, and the rest of the file runs while they wait.
  straddle = readsAcrossAMinute();
  straddle.catch(() => {}); // awaited by its test; until then a failure is not unhandled
});
after(async () => { await app?.stop(); });


// ------------------------------------------------------------------ create

test('create returns 201 with the full shape, a suffixed name and the documented defaults', async () => {
  const { owner, grid } = await app.world();
  const res = await app.drop(owner, { fields: { name: 'launch-page' } });
  assert.equal(res.status, 201, res.text);
  const b = res.body;
  assert.match(b.entity_id, UUID);
  assert.match(b.name, /^launch-page-[0-9a-f]{4}$/);
  assert.equal(b.display_name, 'launch-page');
  assert.equal(b.realm, 'inspiration');
  assert.equal(b.kind, 'inspiration');
  assert.equal(b.url, `${app.serveUrl}/${grid.slug}/${b.name}/`);
  assert.equal(b.scope, 'org');
  assert.equal(b.space_id, null);
  assert.equal(b.space, null);
  assert.equal(b.visibility, 'grid');
  assert.deepEqual(b.visibility_spaces, ['everyone']);
  assert.equal(b.pinned, false);
  const days = (Date.parse(b.expires_at) - Date.now()) / 86_400_000;
  assert.ok(days > 29.9 && days <= 30, `expires in ${days} days`);
  assert.equal(b.source_type, 'html');
  assert.equal(b.status, 'provisioning');
  assert.equal(b.brain_status, 'pending');
  assert.equal(b.view_count, 0);
  assert.deepEqual(b.reactions, { sparked: 0, useful: 0, build_on: 0, impressive: 0, discuss: 0 });
  assert.deepEqual(b.owner, { user_id: owner.user_id, name: owner.name, slug: owner.slug });
  assert.equal(b.grid_slug, grid.slug);
  assert.deepEqual(b.inspired_by, []);
  assert.ok(!Number.isNaN(Date.parse(b.created_at)));
  assert.deepEqual(b.caller_permissions, { can_edit: true, can_archive: true, can_pin: true });
  const live = await app.waitFor(owner, b.entity_id, (x) => x.status === 'live');
  assert.equal(live.name, b.name, 'the name is stable');
});

test('every source type with a matching extension is accepted and goes live', async () => {
  const { owner } = await app.world();
  for (const [source_type, file] of fx.everyType()) {
    const res = await app.drop(owner, { file, fields: { name: 'every-type', source_type } });
    assert.equal(res.status, 201, `${file.name}: ${res.text}`);
    await app.waitFor(owner, res.body.entity_id, (b) => b.status === 'live');
  }
});

test('display_name, pinned create and scope urls follow the request', async () => {
  const { owner, grid, space } = await app.world();
  const pinned = await app.drop(owner, { fields: { display_name: 'Launch Page', expires_in_days: 'null', pin_reason: 'keep for the launch' } });
  assert.equal(pinned.status, 201, pinned.text);
  assert.equal(pinned.body.display_name, 'Launch Page');
  assert.equal(pinned.body.pinned, true);
  assert.equal(pinned.body.expires_at, null);
  const personal = await app.drop(owner, { fields: { scope: 'personal', visibility: 'private', expires_in_days: 7 } });
  assert.equal(personal.body.url, `${app.serveUrl}/${grid.slug}/u/${owner.slug}/${personal.body.name}/`);
  assert.equal(personal.body.visibility, 'private');
  const inSpace = await app.drop(owner, { fields: { scope: 'space', visibility: 'space', space_id: space.space_id } });
  assert.equal(inSpace.status, 201, inSpace.text);
  assert.equal(inSpace.body.url, `${app.serveUrl}/${grid.slug}/s/${space.slug}/${inSpace.body.name}/`);
  assert.equal(inSpace.body.space_id, space.space_id);
  assert.deepEqual(inSpace.body.space, { space_id: space.space_id, slug: space.slug, name: space.name });
  assert.equal(inSpace.body.visibility, 'grid');
  assert.deepEqual(inSpace.body.visibility_spaces, [space.slug]);
  const link = await app.drop(owner, { fields: { scope: 'personal', visibility: 'link' } });
  assert.equal(link.body.visibility, 'link');
  assert.equal(link.body.link_indexed, false);
});

test('create refuses bad fields with 400 VALIDATION_FAILED naming the field', async () => {
  const { owner } = await app.world();
  const cases = [
    [{ name: 'ab' }, 'name'],
    [{ name: 'Bad_Name' }, 'name'],
    [{ name: 'a'.repeat(41) }, 'name'],
    [{ name: undefined }, 'name'],
    [{ scope: 'team' }, 'scope'],
    [{ visibility: 'public' }, 'visibility'],
    [{ source_type: 'video' }, 'source_type'],
    [{ uploaded_via: 'fax' }, 'uploaded_via'],
    [{ expires_in_days: 0 }, 'expires_in_days'],
    [{ expires_in_days: 366 }, 'expires_in_days'],
    [{ expires_in_days: 'soon' }, 'expires_in_days'],
    [{ expires_in_days: 'null' }, 'pin_reason'],
    [{ expires_in_days: 'null', pin_reason: 'abc' }, 'pin_reason'],
    [{ display_name: 'x'.repeat(101) }, 'display_name'],
    // A field the form does not have is refused, not ignored (Schemathesis sent garbage names).
    [{ colour: 'blue' }, 'colour'],
  ];
  for (const [fields, field] of cases) {
    const res = await app.drop(owner, { fields });
    assert.equal(res.status, 400, `${JSON.stringify(fields)}: ${res.text}`);
    const error = expectError(assert, res, 400, 'VALIDATION_FAILED');
    assert.equal(error.details[0].field, field, JSON.stringify(fields));
  }
  const noFile = await app.drop(owner, { file: null });
  assert.equal(expectError(assert, noFile, 400, 'VALIDATION_FAILED').details[0].field, 'file');
});

test('invalid scope and visibility combinations give 400 SCOPE_INVALID', async () => {
  const { owner, space } = await app.world();
  for (const [scope, visibility] of [['org', 'private'], ['org', 'space'], ['org', 'link'], ['personal', 'space'], ['space', 'private'], ['space', 'link']]) {
    const res = await app.drop(owner, { fields: { scope, visibility, space_id: space.space_id } });
    expectError(assert, res, 400, 'SCOPE_INVALID');
  }
});

test('scope space needs a space_id (SPACE_REQUIRED) the caller belongs to (SPACE_NOT_MEMBER)', async () => {
  const { owner, member, space } = await app.world();
  expectError(assert, await app.drop(owner, { fields: { scope: 'space', visibility: 'space' } }), 400, 'SPACE_REQUIRED');
  expectError(assert, await app.drop(member, { fields: { scope: 'space', visibility: 'space', space_id: space.space_id } }), 403, 'SPACE_NOT_MEMBER');
});

test('inspired_by must name visible entities; valid ids become links on the new Inspiration', async () => {
  const { owner, member } = await app.world();
  const source = await app.dropLive(owner, {});
  const hidden = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  const res = await app.drop(member, { fields: { inspired_by: [source.entity_id] } });
  assert.equal(res.status, 201, res.text);
  assert.deepEqual(res.body.inspired_by, [source.entity_id]);
  const asJson = await app.drop(member, { fields: { inspired_by: JSON.stringify([source.entity_id]) } });
  assert.deepEqual(asJson.body.inspired_by, [source.entity_id]);
  for (const bad of ['00000000-0000-4000-8000-000000000000', hidden.entity_id, 'not-a-uuid']) {
    expectError(assert, await app.drop(member, { fields: { inspired_by: [bad] } }), 400, 'INSPIRED_BY_INVALID');
  }
  const eleven = Array.from({ length: 11 }, () => source.entity_id.replace(/.$/, (c) => c));
  expectError(assert, await app.drop(member, { fields: { inspired_by: eleven } }), 400);
});

test('an extension that does not match source_type gives 415', async () => {
  const { owner } = await app.world();
  const cases = [['html', 'notes.md'], ['markdown', 'page.html'], ['image', 'doc.pdf'], ['pdf', 'deck.pptx'], ['react_single_file', 'x.ts'], ['html', 'noext']];
  for (const [source_type, name] of cases) {
    const res = await app.drop(owner, { file: { name, content: 'hello' }, fields: { source_type } });
    expectError(assert, res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  }
});

test('malformed contents give 422 and store nothing', async () => {
  const { owner } = await app.world();
  const before = app.r2BlobCount();
  const cases = [
    ['pdf', { name: 'x.pdf', content: 'not a pdf at all' }],
    ['image', { name: 'x.png', content: 'GIF89a fake' }],
    ['image', { name: 'x.png', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' }],
    ['image', { name: 'x.svg', content: '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>' }],
    ['html', { name: 'x.zip', content: 'PK not really' }],
    ['html', { name: 'x.zip', content: fx.zip([{ name: 'about.html', content: '<p>no index</p>' }]) }],
    ['docx', { name: 'x.docx', content: fx.zip([{ name: 'word/document.xml', content: '<w/>' }]) }],
    ['markdown', { name: 'x.md', content: Buffer.from([0xff, 0xfe, 0x00, 0xd8]) }],
    ['html', { name: 'x.html', content: '' }],
  ];
  for (const [source_type, file] of cases) {
    expectError(assert, await app.drop(owner, { file, fields: { source_type } }), 422, 'CONTENT_MALFORMED');
  }
  const listed = await app.list(owner, '?owner=me');
  assert.equal(listed.body.items.length, 0, 'no rows were written');
  assert.equal(app.r2BlobCount(), before, 'no objects were written');
});

test("a project's source zipped as Bolt, Lovable and v0 download it is refused with how to build it", async () => {
  const { owner } = await app.world();
  const before = app.r2BlobCount();
  const index = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/vite.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Task Flow</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`;
  const project = fx.zip([
    { name: 'project/index.html', content: index },
    { name: 'project/package.json', content: '{\n  "name": "vite-react-typescript-starter",\n  "private": true,\n  "type": "module",\n  "scripts": { "dev": "vite", "build": "vite build" }\n}\n' },
    { name: 'project/vite.config.ts', content: "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\n\nexport default defineConfig({ plugins: [react()] });\n" },
    { name: 'project/src/main.tsx', content: "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\nimport App from './App.tsx';\nimport './index.css';\n\ncreateRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);\n" },
    { name: 'project/src/App.tsx', content: 'export default function App() { return <h1>Task Flow</h1>; }\n' },
    { name: 'project/src/index.css', content: '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n' },
  ]);
  const res = await app.drop(owner, { file: { name: 'project-bolt-task-flow.zip', content: project }, fields: { source_type: 'html' } });
  expectError(assert, res, 422, 'CONTENT_MALFORMED');
  assert.match(res.body.error.message, /project's source, not a built site: its index\.html loads 'src\/main\.tsx'.*npm run build/s);
  assert.equal(app.r2BlobCount(), before, 'nothing was stored');
  // Its build, with the same home page's scripts made into assets, goes live.
  const built = fx.zip([
    { name: 'dist/index.html', content: index.replace('<script type="module" src="/src/main.tsx"></script>', '<script type="module" crossorigin src="/assets/index-DiwrgTda.js"></script>') },
    { name: 'dist/assets/index-DiwrgTda.js', content: 'document.getElementById("root").textContent = "Task Flow";' },
  ]);
  const live = await app.dropLive(owner, { file: { name: 'dist.zip', content: built }, fields: { source_type: 'html' } });
  assert.equal(live.status, 'live');
});

test('an image named as another format Plug takes (a PNG saved as .jpg) goes live, served as what it is', async () => {
  const { owner } = await app.world();
  const png = fx.png();
  const live = await app.dropLive(owner, { file: { name: 'Gemini_Generated_Image.jpg', content: png }, fields: { source_type: 'image' } });
  assert.equal(live.status, 'live');
  const file = await app.open(`${live.url}_plug/file`, { token: owner.token });
  assert.equal(file.status, 200);
  assert.equal(file.headers.get('content-type'), 'image/png');
  assert.equal(file.headers.get('x-content-type-options'), 'nosniff');
});

test('hostile archives (zip-slip, absolute paths, symlinks, duplicates, bombs, lying headers) give 422 and leave nothing in R2', async () => {
  const { owner } = await app.world();
  const index = { name: 'index.html', content: fx.html() };
  const zeros = Buffer.alloc(120 * 1024 * 1024);
  const cases = {
    zipSlip: [index, { name: '../evil.html', content: 'x' }],
    nestedSlip: [index, { name: 'a/../../evil.html', content: 'x' }],
    absolute: [index, { name: '/etc/passwd', content: 'x' }],
    windowsAbsolute: [index, { name: 'C:\\evil.html', content: 'x' }],
    symlink: [index, { name: 'link', content: '/etc/passwd', mode: 0o120777, store: true }],
    duplicate: [index, { name: 'a.css', content: 'x' }, { name: 'a.css', content: 'y' }],
    bomb: [index, { name: 'zeros.bin', content: zeros }],
    lyingHeader: [index, { name: 'big.bin', content: Buffer.alloc(30 * 1024 * 1024), declaredSize: 10 }],
  };
  const before = app.r2BlobCount();
  for (const [name, entries] of Object.entries(cases)) {
    const res = await app.drop(owner, { file: { name: `${name}.zip`, content: fx.zip(entries) } });
    expectError(assert, res, 422, 'CONTENT_MALFORMED');
  }
  assert.equal(app.r2BlobCount(), before, 'no objects were written');
  assert.equal((await app.list(owner, '?owner=me')).body.items.length, 0, 'no rows were written');
});

test('a file over 50 MB gives 413 PAYLOAD_TOO_LARGE', async () => {
  const { owner } = await app.world();
  const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x61);
  const res = await app.drop(owner, { file: { name: 'big.html', content: big } });
  expectError(assert, res, 413, 'PAYLOAD_TOO_LARGE');
});

test('a zipped site is stored in R2 as its one zip, and every file in its nested folders is served', async () => {
  const { owner } = await app.world();
  const before = app.r2BlobCount();
  const live = await app.dropLive(owner, { file: { name: 'site.zip', content: fx.site() } });
  assert.equal(live.status, 'live');
  assert.equal(app.r2BlobCount() - before, 1, 'one object, whatever the number of files');
  const css = await app.open(`${live.url}css/site.css`, { token: owner.token });
  assert.equal(css.status, 200);
  assert.equal(css.text, 'body { color: #123456 }');
  assert.match(css.headers.get('content-type'), /^text\/css/);
  assert.equal((await app.open(`${live.url}docs/about.html`, { token: owner.token })).status, 200);
});

// ------------------------------------------------------------------ limits

test('the 11th create in a minute gives 429 with Retry-After and the limit in details', async () => {
  const { owner } = await app.world();
  for (let i = 0; i < 10; i++) assert.equal((await app.drop(owner, {})).status, 201);
  const res = await app.drop(owner, {});
  const error = expectError(assert, res, 429, 'RATE_LIMITED');
  assert.ok(Number(res.headers.get('retry-after')) >= 1);
  assert.deepEqual(error.details[0].field, 'rate_limit');
  assert.equal(error.details[0].hint, '10 per minute');
  assert.equal((await app.list(owner, '?owner=me&limit=100')).body.items.length, 10, 'the refused create wrote nothing');
});

/** 150 reads 5 s before a clock minute turns and 150 just after it: a fixed window would grant 200 on each side. */
async function readsAcrossAMinute() {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, {});
  let turn = Date.now() + 60_000 - (Date.now() % 60_000);
  if (turn - Date.now() < 8_000) turn += 60_000;
  await new Promise((r) => setTimeout(r, turn - 5_000 - Date.now()));
  const burst = () => Promise.all(Array.from({ length: 150 }, () => app.read(member, e.entity_id)));
  const before = await burst();
  await new Promise((r) => setTimeout(r, Math.max(0, turn + 200 - Date.now())));
  return { before, after: await burst() };
}

test('a CLI below MIN_CLI_VERSION is refused on writes with 426 CLI_UPGRADE_REQUIRED', async () => {
  const { owner } = await app.world();
  const res = await app.drop(owner, { headers: { 'user-agent': 'plug/0.0.1' } });
  expectError(assert, res, 426, 'CLI_UPGRADE_REQUIRED');
  assert.equal((await app.drop(owner, { headers: { 'user-agent': 'plug/0.1.0' } })).status, 201);
});

test('reads straddling a clock minute get no more than 200 through in any rolling minute, counted exactly under concurrency', async () => {
  const { before, after } = await straddle;
  const admitted = [...before, ...after].filter((r) => r.status === 200).length;
  assert.equal(before.filter((r) => r.status === 200).length, 150);
  assert.equal(admitted, 200, 'the limit holds across the turn of the minute');
  const refused = after.find((r) => r.status === 429);
  expectError(assert, refused, 429, 'RATE_LIMITED');
  const retry = Number(refused.headers.get('retry-after'));
  assert.ok(retry >= 50 && retry <= 60, `Retry-After ${retry}: when the first of the 200 leaves the window`);
});
