// The interface's operations as MCP tools: an agent on `/mcp` can do what the API's routes do. The
// update route (interface 4.5: display_name, description, scope) had no tool, so an agent could
// drop and share but not rename, describe or move what it dropped.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startWorker, fetchLocal } from './support/harness.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

async function connect(user, grid) {
  const client = new Client({ name: 'spec-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${user.token}`, 'x-platform-grid': grid.slug } },
    fetch: fetchLocal,
  }));
  return client;
}

const answer = async (client, name, args) => {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError, body: JSON.parse(result.content[0].text) };
};

test('update renames, describes and moves an Inspiration as PATCH /api/v2/inspirations/:id does, and refuses as it refuses', async () => {
  const { owner, member, grid, space } = await app.world();
  const e = await app.dropLive(owner, { fields: { name: 'agent-made', scope: 'personal', visibility: 'org' } });
  const client = await connect(owner, grid);
  try {
    const { tools } = await client.listTools();
    const update = tools.find((t) => t.name === 'update');
    assert.ok(update, 'an update tool is listed');
    assert.deepEqual(Object.keys(update.inputSchema.properties).sort(), ['description', 'display_name', 'id', 'scope', 'space_id']);
    assert.deepEqual(update.inputSchema.required, ['id']);

    const renamed = await answer(client, 'update', { id: e.name, display_name: 'Quarterly numbers', description: 'Made by an agent' });
    assert.equal(renamed.isError, false, JSON.stringify(renamed.body));
    assert.equal(renamed.body.display_name, 'Quarterly numbers');
    assert.equal(renamed.body.name, e.name, 'the name never changes');
    const read = (await app.read(owner, e.entity_id)).body;
    assert.equal(read.display_name, 'Quarterly numbers');
    assert.equal(read.description, 'Made by an agent');

    const moved = await answer(client, 'update', { id: e.entity_id, scope: 'space', space_id: space.space_id, description: '' });
    assert.equal(moved.isError, false, JSON.stringify(moved.body));
    assert.equal(moved.body.scope, 'space');
    assert.equal(moved.body.space_id, space.space_id);
    assert.match(moved.body.url, new RegExp(`/s/${space.slug}/${e.name}/$`));
    assert.equal((await app.read(owner, e.entity_id)).body.description, undefined, 'an empty description clears it');

    // The API's refusals come back as tool errors with its codes, and change nothing.
    const empty = await answer(client, 'update', { id: e.entity_id });
    assert.equal(empty.isError, true);
    assert.equal(empty.body.error.code, 'VALIDATION_FAILED');
    const noSpace = await answer(client, 'update', { id: e.entity_id, scope: 'space' });
    assert.equal(noSpace.body.error.code, 'SPACE_REQUIRED');
    const badScope = await answer(client, 'update', { id: e.entity_id, scope: 'team' });
    assert.equal(badScope.body.error.code, 'VALIDATION_FAILED');
    assert.equal((await app.read(owner, e.entity_id)).body.scope, 'space');
  } finally { await client.close(); }

  const other = await connect(member, grid);
  try {
    const forbidden = await answer(other, 'update', { id: e.entity_id, display_name: 'Mine now' });
    assert.equal(forbidden.isError, true);
    assert.equal(forbidden.body.error.code, 'FORBIDDEN');
    assert.equal((await app.read(owner, e.entity_id)).body.display_name, 'Quarterly numbers');
  } finally { await other.close(); }
});
