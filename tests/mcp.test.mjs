// Agents as droppers (issue 17): `plug mcp` over stdio and the Worker's remote `/mcp` (Streamable
// HTTP), driven by clients nobody here wrote: the official MCP TypeScript SDK's client and the MCP
// Inspector's command-line mode, against the real Worker. Needs the release `plug` (scripts/build.sh).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { startWorker, unique, fetchLocal } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';
import { PLUG, cleanEnv, as } from './support/cli.mjs';

// `npx @modelcontextprotocol/inspector --cli`, from the pinned devDependency.
const INSPECTOR = join(ROOT, 'node_modules', '.bin', 'mcp-inspector');
const TOOLS = ['drop', 'list', 'read', 'set_visibility', 'update', 'pin', 'unpin', 'archive', 'restore', 'react',
  'context', 'link_runtime', 'unlink_runtime', 'list_runtimes'];
const run = promisify(execFile);

const scratch = mkdtempSync(join(tmpdir(), 'plug-mcp-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * An SDK client whose JSON Schema validator is Ajv in strict mode with a logger that keeps every
 * warning, so a schema the SDK would only warn about fails the test.
 */
function sdkClient() {
  const sdkRequire = createRequire(join(ROOT, 'node_modules', '@modelcontextprotocol', 'sdk', 'package.json'));
  const Ajv = sdkRequire('ajv').default;
  const warnings = [];
  const logger = { log() {}, warn: (...a) => warnings.push(a.join(' ')), error: (...a) => warnings.push(a.join(' ')) };
  const ajv = new Ajv({ strict: true, allErrors: true, logger });
  const validator = new AjvJsonSchemaValidator(ajv);
  const client = new Client({ name: 'plug-tests', version: '1.0.0' }, { jsonSchemaValidator: validator });
  return { client, validator, warnings };
}

async function stdioClient(app, user, grid) {
  const sdk = sdkClient();
  const transport = new StdioClientTransport({ command: PLUG, args: ['mcp'], env: cleanEnv(as(app, user, grid)), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d) => { stderr += d; });
  await sdk.client.connect(transport);
  sdk.stderr = () => stderr;
  return sdk;
}

async function httpClient(app, user, grid) {
  const sdk = sdkClient();
  const transport = new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${user.token}`, 'x-platform-grid': grid.slug } },
    fetch: fetchLocal,
  });
  await sdk.client.connect(transport);
  return sdk;
}

/** Calls a tool and returns its structured answer; fails the test on a tool error. */
async function call(client, name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  assert.equal(result.isError, false, `${name} failed: ${JSON.stringify(result.content)}`);
  assert.equal(result.content[0].type, 'text');
  assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
  return result.structuredContent;
}

/** Calls a tool that must fail; returns `{ code, message, hint, ... }`. */
async function refused(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  assert.equal(result.isError, true, `${name} should fail: ${JSON.stringify(result.structuredContent)}`);
  const { error } = JSON.parse(result.content[0].text);
  assert.equal(typeof error.code, 'string');
  assert.equal(typeof error.message, 'string');
  assert.equal(typeof error.hint, 'string');
  return error;
}

/** Every tool listed, each input schema compiled by the SDK's validator (strict Ajv) without a warning. */
async function expectValidTools(sdk) {
  const { tools } = await sdk.client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
  for (const tool of tools) {
    assert.ok(tool.description.length > 40, tool.name);
    assert.equal(tool.inputSchema.type, 'object');
    sdk.validator.getValidator(tool.inputSchema);
  }
  assert.deepEqual(sdk.warnings, []);
  return tools;
}

/** `uploaded_via` is stored but not in any shape: read it from the local D1 database. */
async function uploadedVia(app, entityId) {
  const [row] = await app.sql('SELECT uploaded_via FROM entities WHERE entity_id = ?', entityId);
  return row?.uploaded_via;
}

const PAGE = '<!doctype html><html><head><title>Agent page</title></head><body><h1>Made by an agent</h1></body></html>';

describe('MCP against the Worker', () => {
  let app;
  let world;
  let runtime;
  before(async () => {
    app = await startWorker();
    world = await app.world();
    runtime = await app.mustAdmin('POST', `/grids/${world.grid.slug}/runtimes`, {
      owner_id: world.owner.user_id, kind: 'app', name: unique('app'), status: 'running',
    });
  });
  after(async () => { await app?.stop(); });

  test('plug mcp over stdio: the whole loop of an agent, from drop to feedback and links', async () => {
    const user = await app.member(world.grid);
    const sdk = await stdioClient(app, user, world.grid);
    try {
      await expectValidTools(sdk);
      const { client } = sdk;

      const dropped = await call(client, 'drop', { content: PAGE, file_name: 'agent-page.html', title: 'Agent page' });
      assert.equal(dropped.live, true);
      assert.equal(dropped.status, 'live');
      assert.match(dropped.url, /agent-page-[0-9a-f]{4}\/$/);
      assert.equal(dropped.visible_to, `everyone in grid ${world.grid.slug}`);
      const id = dropped.inspiration.entity_id;
      assert.equal(dropped.inspiration.display_name, 'Agent page');
      assert.equal(await uploadedVia(app, id), 'claude_mcp');

      const shared = await call(client, 'set_visibility', { id, visibility: 'link' });
      assert.equal(shared.visibility.visibility, 'link');
      assert.match(shared.visible_to, /anyone with the URL/);

      const read = await call(client, 'read', { id, include_text: true });
      assert.equal(read.inspiration.visibility, 'link');
      assert.equal(read.text, PAGE);
      assert.equal(read.text_truncated, false);
      const cut = await call(client, 'read', { id, include_text: true, max_text_chars: 10 });
      assert.equal(cut.text, PAGE.slice(0, 10));
      assert.equal(cut.text_truncated, true);

      const sent = await fetchLocal(`${app.baseUrl}/api/v2/entities/${id}/feedback`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ category: 'comment', text: 'The chart needs a legend', source: 'badge', page_url: dropped.url }),
      });
      assert.equal(sent.status, 200, await sent.text());
      const reacted = await call(client, 'react', { id, kind: 'sparked' });
      assert.deepEqual(reacted.user_reactions, ['sparked']);

      const site = join(scratch, 'agent-site');
      mkdirSync(join(site, 'css'), { recursive: true });
      writeFileSync(join(site, 'index.html'), '<!doctype html><link rel="stylesheet" href="css/site.css"><h1>Site</h1>');
      writeFileSync(join(site, 'css', 'site.css'), 'h1 { color: teal }');
      const folder = await call(client, 'drop', { path: site, inspired_by: [id] });
      assert.equal(folder.live, true);
      assert.equal(folder.warnings, undefined, 'a folder leaves nothing behind');
      assert.equal(folder.inspiration.source_type, 'html');
      assert.match(folder.inspiration.name, /^agent-site-[0-9a-f]{4}$/);
      assert.deepEqual(folder.inspiration.inspired_by, [id]);
      const siteText = await call(client, 'read', { id: folder.inspiration.name, include_text: true });
      assert.match(siteText.text, /<h1>Site<\/h1>/);

      const link = await call(client, 'link_runtime', { runtime_id: runtime.entity_id, inspiration_id: id, note: 'built from the page' });
      assert.equal(link.runtime_id, runtime.entity_id);

      const context = await call(client, 'context', { id });
      assert.equal(context.realm, 'inspiration');
      assert.equal(context.url, dropped.url);
      assert.equal(typeof context.view_count, 'number');
      assert.equal(context.reactions.sparked, context.inspiration.reactions.sparked);
      assert.equal(context.feedback.items.length, 1);
      assert.equal(context.feedback.items[0].text, 'The chart needs a legend');
      assert.equal(context.feedback.items[0].category, 'comment');
      const inspired = context.inspired_runtimes.items.map((r) => r.linked_runtime.entity_id).sort();
      assert.deepEqual(inspired, [folder.inspiration.entity_id, runtime.entity_id].sort());
      // The other way round: the Runtime's context names the drop that inspired it.
      const fromRuntime = await call(client, 'context', { id: runtime.entity_id });
      assert.equal(fromRuntime.realm, 'runtime');
      assert.deepEqual(fromRuntime.inspired_by.items.map((l) => l.inspiration.entity_id), [id]);
      const fromFolder = await call(client, 'context', { id: folder.inspiration.entity_id, feedback_limit: 1 });
      assert.deepEqual(fromFolder.inspired_by.items.map((l) => l.inspiration.entity_id), [id]);

      const listed = await call(client, 'list', { owner: 'me', limit: 1 });
      assert.equal(listed.items.length, 1);
      assert.ok(listed.next_cursor);
      const page2 = await call(client, 'list', { owner: 'me', cursor: listed.next_cursor });
      assert.deepEqual([...listed.items, ...page2.items].map((i) => i.entity_id).sort(), [id, folder.inspiration.entity_id].sort());
      const runtimes = await call(client, 'list_runtimes', { kind: 'app' });
      assert.ok(runtimes.items.some((r) => r.entity_id === runtime.entity_id));

      const pinned = await call(client, 'pin', { id, pin_reason: 'the team keeps it' });
      assert.equal(pinned.pinned, true);
      const unpinned = await call(client, 'unpin', { id, expires_in_days: 3 });
      assert.equal(unpinned.pinned, false);
      assert.equal((await call(client, 'archive', { id: folder.inspiration.entity_id })).status, 'archived');
      assert.equal((await call(client, 'restore', { id: folder.inspiration.entity_id })).status, 'live');
      assert.deepEqual(await call(client, 'unlink_runtime', { runtime_id: runtime.entity_id, link_id: link.link_id }), { removed: true, link_id: link.link_id });
      const after = await call(client, 'context', { id });
      assert.deepEqual(after.inspired_runtimes.items.map((r) => r.linked_runtime.entity_id), [folder.inspiration.entity_id]);

      // The page alone leaves its stylesheet behind: the answer says so, and what to drop instead.
      const alone = await call(client, 'drop', { path: join(site, 'index.html') });
      assert.equal(alone.live, true);
      assert.equal(alone.warnings.length, 1, JSON.stringify(alone.warnings));
      assert.match(alone.warnings[0], /^index\.html uses a file from beside it that a single-file drop leaves out \(css\/site\.css\): drop the folder instead/);
    } finally {
      await sdk.client.close();
    }
  });

  test('bad input is a tool error with the code and creates nothing; a foreign grid is refused as on the API', async () => {
    const user = await app.member(world.grid);
    const sdk = await stdioClient(app, user, world.grid);
    try {
      const { client } = sdk;
      const badName = await refused(client, 'drop', { content: PAGE, file_name: 'x.html', name: 'Bad Name' });
      assert.equal(badName.code, 'VALIDATION_FAILED');
      assert.equal(badName.details[0].field, 'name');
      const badType = await refused(client, 'drop', { content: 'MZ', file_name: 'tool.exe' });
      assert.equal(badType.details[0].field, 'file_name');
      const scope = await refused(client, 'drop', { content: PAGE, file_name: 'x.html', scope: 'org', visibility: 'private' });
      assert.equal(scope.code, 'SCOPE_INVALID');
      assert.equal(scope.status, 400);
      assert.match(scope.hint, /personal\+private/);
      const unknown = await refused(client, 'read', { id: 'no-such-drop-0000' });
      assert.equal(unknown.code, 'NOT_FOUND');
      const extra = await refused(client, 'list', { colour: 'red' });
      assert.equal(extra.details[0].field, 'colour');
      const mine = await call(client, 'list', { owner: 'me' });
      assert.deepEqual(mine.items, [], 'nothing was created');
    } finally {
      await sdk.client.close();
    }

    const api = await app.request('GET', '/api/v2/inspirations', { token: world.outsider.token, grid: world.grid.slug });
    assert.equal(api.status, 403);
    const foreign = await stdioClient(app, world.outsider, world.grid);
    try {
      const error = await refused(foreign.client, 'list', {});
      assert.equal(error.code, api.body.error.code);
      assert.equal(error.code, 'ORG_NOT_ACCESSIBLE');
      assert.equal(error.message, api.body.error.message);
      assert.equal(error.status, 403);
      const drop = await refused(foreign.client, 'drop', { content: PAGE, file_name: 'x.html' });
      assert.equal(drop.code, 'ORG_NOT_ACCESSIBLE');
    } finally {
      await foreign.client.close();
    }
  });

  test('the MCP Inspector in CLI mode lists the tools and drops through plug mcp', async () => {
    const user = await app.member(world.grid);
    const env = cleanEnv(as(app, user, world.grid));
    const envArgs = ['PLUG_URL', 'PLUG_TOKEN', 'PLUG_GRID', 'HOME', 'XDG_CONFIG_HOME'].flatMap((k) => ['-e', `${k}=${env[k]}`]);
    // The Inspector keeps a catalog under HOME: the throwaway one of this test.
    const inspector = (args) => run(INSPECTOR, ['--cli', PLUG, 'mcp', ...envArgs, ...args], { env: { ...process.env, HOME: env.HOME }, timeout: 60_000 });
    const listed = JSON.parse((await inspector(['--method', 'tools/list'])).stdout);
    assert.deepEqual(listed.tools.map((t) => t.name).sort(), [...TOOLS].sort());
    const dropped = JSON.parse((await inspector([
      '--method', 'tools/call', '--tool-name', 'drop',
      '--tool-arg', `content=${PAGE}`, '--tool-arg', 'file_name=inspected.html', '--tool-arg', 'visibility=link',
    ])).stdout);
    assert.equal(dropped.isError, false, JSON.stringify(dropped));
    assert.equal(dropped.structuredContent.live, true);
    assert.match(dropped.structuredContent.visible_to, /anyone with the URL/);
  });
  test('the remote /mcp endpoint: the same tools over Streamable HTTP, with the Bearer token and grid header of the API', async () => {
    const user = await app.member(world.grid);
    const sdk = await httpClient(app, user, world.grid);
    try {
      await expectValidTools(sdk);
      const { client } = sdk;
      const dropped = await call(client, 'drop', { content: '# Notes\n\nFrom the cloud.', file_name: 'cloud-notes.md' });
      assert.equal(dropped.live, true);
      assert.equal(dropped.inspiration.source_type, 'markdown');
      assert.equal(dropped.inspiration.name.startsWith('cloud-notes-'), true);
      const id = dropped.inspiration.entity_id;
      assert.equal(await uploadedVia(app, id), 'claude_mcp');
      const shared = await call(client, 'set_visibility', { id, visibility: 'link' });
      assert.match(shared.visible_to, /anyone with the URL/);
      const read = await call(client, 'read', { id, include_text: true });
      assert.equal(read.text, '# Notes\n\nFrom the cloud.');
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
      const image = await call(client, 'drop', { content_base64: png.toString('base64'), file_name: 'dot.png', visibility: 'private' });
      assert.equal(image.inspiration.source_type, 'image');
      assert.equal(image.visible_to, 'only the owner and grid admins');

      const sent = await fetchLocal(`${app.baseUrl}/api/v2/entities/${id}/feedback`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ category: 'bug', text: 'Typo in the title', source: 'badge' }),
      });
      assert.equal(sent.status, 200);
      const link = await call(client, 'link_runtime', { runtime_id: runtime.entity_id, inspiration_id: id });
      const context = await call(client, 'context', { id });
      assert.deepEqual(context.feedback.items.map((f) => f.text), ['Typo in the title']);
      assert.deepEqual(context.inspired_runtimes.items.map((r) => r.linked_runtime.entity_id), [runtime.entity_id]);
      const fromRuntime = await call(client, 'context', { id: runtime.entity_id });
      assert.ok(fromRuntime.inspired_by.items.some((l) => l.inspiration.entity_id === id));
      await call(client, 'unlink_runtime', { runtime_id: runtime.entity_id, link_id: link.link_id });

      const path = await refused(client, 'drop', { path: '/etc/hosts' });
      assert.equal(path.code, 'VALIDATION_FAILED');
      const scope = await refused(client, 'drop', { content: PAGE, file_name: 'x.html', scope: 'org', visibility: 'private' });
      assert.equal(scope.code, 'SCOPE_INVALID');
      const mine = await call(client, 'list', { owner: 'me' });
      assert.equal(mine.items.length, 2, 'the refused drops created nothing');
    } finally {
      await sdk.client.close();
    }
  });

  test('the remote /mcp refuses a token without the grid as the API does, answers GET with 405, and serves the Inspector', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const api = await app.request('GET', '/api/v2/inspirations', { token: world.outsider.token, grid: world.grid.slug });
    const mcp = await app.request('POST', '/mcp', { token: world.outsider.token, grid: world.grid.slug, json: initialize, headers: { accept: 'application/json, text/event-stream' } });
    assert.equal(mcp.status, api.status);
    assert.equal(mcp.body.error.code, 'ORG_NOT_ACCESSIBLE');
    assert.equal(mcp.body.error.message, api.body.error.message);
    const anonymous = await app.request('POST', '/mcp', { json: initialize });
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.error.code, 'UNAUTHORIZED');
    const get = await app.request('GET', '/mcp', { token: world.owner.token });
    assert.equal(get.status, 405);
    const note = await app.request('POST', '/mcp', { token: world.owner.token, json: { jsonrpc: '2.0', method: 'notifications/initialized' } });
    assert.equal(note.status, 202);
    const junk = await app.request('POST', '/mcp', { token: world.owner.token, body: 'not json', headers: { 'content-type': 'application/json' } });
    assert.equal(junk.status, 400);
    assert.equal(junk.body.error.code, -32700);
    const notRpc = await app.request('POST', '/mcp', { token: world.owner.token, json: [{ id: 1, method: 'ping' }] });
    assert.equal(notRpc.status, 400);
    assert.equal(notRpc.body.error.code, -32600);

    const user = await app.member(world.grid);
    const inspector = (args) => run(INSPECTOR, ['--cli', `${app.baseUrl}/mcp`, '--transport', 'http',
      '--header', `Authorization: Bearer ${user.token}`, '--header', `X-Platform-Grid: ${world.grid.slug}`, ...args],
    { env: { ...process.env, HOME: mkdtempSync(join(scratch, 'home-')) }, timeout: 60_000 });
    const listed = JSON.parse((await inspector(['--method', 'tools/list'])).stdout);
    assert.deepEqual(listed.tools.map((t) => t.name).sort(), [...TOOLS].sort());
    const dropped = JSON.parse((await inspector([
      '--method', 'tools/call', '--tool-name', 'drop', '--tool-arg', `content=${PAGE}`, '--tool-arg', 'file_name=remote.html',
    ])).stdout);
    assert.equal(dropped.isError, false, JSON.stringify(dropped));
    assert.equal(dropped.structuredContent.live, true);
  });
});
