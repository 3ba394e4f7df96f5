// Reactions, views, Runtimes and links (openapi.yaml; docs/model.md "Reactions", "Counting views",
// "Wire details"), plus the feedback endpoint and inbox, against the real Worker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { startWorker, expectError, BROWSER_UA } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

const require = createRequire(import.meta.url);
let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const react = (user, id, kind, path = 'entities') => app.request('POST', `/api/v2/${path}/${id}/reactions`, { token: user?.token, json: { kind } });
const readAs = (user, id) => app.request('GET', `/api/v2/inspirations/${id}`, { token: user.token });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function runtime(grid, owner, fields = {}) {
  return app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, { owner_id: owner.user_id, kind: 'app', name: `app-${Math.random().toString(36).slice(2, 8)}`, status: 'running', ...fields });
}

// ------------------------------------------------------------------ reactions

test('a reaction toggles on and off per user and kind, with synchronous user_reactions', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, {});
  const on = await react(member, e.entity_id, 'sparked');
  assert.equal(on.status, 200, on.text);
  assert.deepEqual(Object.keys(on.body).sort(), ['entity_id', 'reactions', 'user_reactions']);
  assert.deepEqual(on.body.user_reactions, ['sparked']);
  for (const key of ['sparked', 'useful', 'build_on', 'impressive', 'discuss']) assert.equal(typeof on.body.reactions[key], 'number');
  const second = await react(member, e.entity_id, 'useful');
  assert.deepEqual(second.body.user_reactions.sort(), ['sparked', 'useful']);
  const off = await react(member, e.entity_id, 'sparked');
  assert.deepEqual(off.body.user_reactions, ['useful']);
  await react(owner, e.entity_id, 'useful');
  const read = await readAs(owner, e.entity_id);
  assert.equal(read.body.reactions.useful, 2);
  assert.equal(read.body.reactions.sparked, 0);
  const alias = await react(member, e.entity_id, 'discuss', 'inspirations');
  assert.equal(alias.status, 200, 'the deprecated alias path works the same');
  assert.ok(alias.body.user_reactions.includes('discuss'));
});

test('retired and unknown kinds give 400 VALIDATION_FAILED; anonymous reactions give 401', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  for (const kind of ['viewed', 'resonated', 'love', 'party', '']) {
    expectError(assert, await react(member, e.entity_id, kind), 400, 'VALIDATION_FAILED');
  }
  expectError(assert, await react(null, e.entity_id, 'sparked'), 401, 'UNAUTHORIZED');
});

test('reactions are refused on private Inspirations (403), archived entities, and hidden ones (404)', async () => {
  const { owner, member, admin } = await app.world();
  const priv = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  expectError(assert, await react(owner, priv.entity_id, 'sparked'), 403);
  expectError(assert, await react(member, priv.entity_id, 'sparked'), 404, 'NOT_FOUND');
  const archived = await app.dropLive(owner, {});
  await app.request('POST', `/api/v2/inspirations/${archived.entity_id}/archive`, { token: owner.token });
  expectError(assert, await react(admin, archived.entity_id, 'sparked'), 403);
  expectError(assert, await react(member, archived.entity_id, 'sparked'), 404);
});

test('retired reaction counts stay on the wire as read-only keys', async () => {
  const { owner, member, grid } = await app.world();
  const e = await app.dropLive(owner, {});
  // Historical counts predate this deployment; seed one as the data migration would have.
  const { execFileSync } = await import('node:child_process');
  execFileSync('node_modules/.bin/wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', app.stateDir, '--command',
    `INSERT INTO reaction_counts (entity_id, kind, count) VALUES ('${e.entity_id}', 'love', 7)`], { stdio: 'pipe' });
  const res = await react(member, e.entity_id, 'sparked');
  assert.equal(res.body.reactions.love, 7);
  const listed = await app.request('GET', '/api/v2/inspirations', { token: member.token, grid: grid.slug });
  assert.equal(listed.body.items.find((i) => i.entity_id === e.entity_id).reactions.love, 7);
});

test('reactions work on runtimes too, and reactions_desc sorts by them', async () => {
  const { owner, member, grid } = await app.world();
  const rt = await runtime(grid, owner);
  const res = await react(member, rt.entity_id, 'impressive');
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.reactions.impressive, 1);
  const quiet = await app.dropLive(owner, {});
  const loved = await app.dropLive(owner, {});
  await react(member, loved.entity_id, 'sparked');
  await react(owner, loved.entity_id, 'useful');
  const sorted = await app.request('GET', '/api/v2/inspirations?sort=reactions_desc', { token: member.token });
  const ids = sorted.body.items.map((i) => i.entity_id);
  assert.ok(ids.indexOf(loved.entity_id) < ids.indexOf(quiet.entity_id));
});

test('the 61st reaction in a minute gives 429 with Retry-After', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, {});
  for (let i = 0; i < 60; i++) assert.equal((await react(member, e.entity_id, 'sparked')).status, 200);
  const res = await react(member, e.entity_id, 'sparked');
  expectError(assert, res, 429, 'RATE_LIMITED');
  assert.ok(Number(res.headers.get('retry-after')) >= 1);
});

// ------------------------------------------------------------------ views

test('the beacon always answers 202 with an empty body, even for unknown ids', async () => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
    const res = await app.request('POST', `/api/v2/views/${id}`, { headers: { 'user-agent': BROWSER_UA } });
    assert.equal(res.status, 202);
    assert.equal(res.text, '');
  }
});

test('the beacon counts a browser once per day, by user with a token and by IP without', async () => {
  const { owner, member } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const beacon = (headers, token) => app.request('POST', `/api/v2/views/${e.entity_id}`, { token, headers: { 'user-agent': BROWSER_UA, ...headers } });
  await beacon({ 'cf-connecting-ip': '192.0.2.1' });
  await beacon({ 'cf-connecting-ip': '192.0.2.1' });
  await beacon({ 'cf-connecting-ip': '192.0.2.2' });
  await beacon({ 'cf-connecting-ip': '192.0.2.3' }, member.token);
  await beacon({ 'cf-connecting-ip': '192.0.2.4' }, member.token);
  await beacon({ 'cf-connecting-ip': '192.0.2.5' }, owner.token);
  await beacon({ 'cf-connecting-ip': '192.0.2.6', cookie: 'platform-no-count=1' });
  await sleep(500);
  assert.equal((await readAs(owner, e.entity_id)).body.view_count, 3);
});

test('a drop in a hidden state counts no beacon and takes no feedback, whoever still knows its id', async () => {
  const { owner } = await app.world();
  const archived = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  assert.equal((await app.request('POST', `/api/v2/inspirations/${archived.entity_id}/archive`, { token: owner.token })).status, 200);
  const expired = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const { execFileSync } = await import('node:child_process');
  execFileSync('node_modules/.bin/wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', app.stateDir, '--command',
    `UPDATE entities SET expires_at = ${Date.now() - 1000} WHERE entity_id = '${expired.entity_id}'`], { stdio: 'pipe' });
  for (const e of [archived, expired]) {
    // Someone who opened the link while it was shared, and kept its id.
    for (let i = 0; i < 3; i += 1) {
      const res = await app.request('POST', `/api/v2/views/${e.entity_id}`, { headers: { 'user-agent': BROWSER_UA, 'cf-connecting-ip': `192.0.2.${100 + i}` } });
      assert.equal(res.status, 202);
    }
    const sent = await feedback(e.entity_id, { category: 'bug', text: 'still here?', source: 'badge' });
    assert.equal(sent.status, 404, sent.text);
    assert.equal(sent.body.code, 'NOT_FOUND');
  }
  await sleep(500);
  for (const e of [archived, expired]) {
    assert.equal((await readAs(owner, e.entity_id)).body.view_count, 0, `${e.status}: no view counted`);
    const inbox = await app.request('GET', `/api/v2/entities/${e.entity_id}/feedback`, { token: owner.token });
    assert.equal(inbox.status, 200, inbox.text);
    assert.equal(inbox.body.items.length, 0, 'no feedback stored');
  }
  // The same beacon counts a live drop, so the zero above is the state's doing.
  const live = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  await app.request('POST', `/api/v2/views/${live.entity_id}`, { headers: { 'user-agent': BROWSER_UA, 'cf-connecting-ip': '192.0.2.100' } });
  await sleep(500);
  assert.equal((await readAs(owner, live.entity_id)).body.view_count, 1);
});

test('crawlers, link unfurlers and naive HTTP clients from a public crawler list are never counted', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const { isbot } = require('isbot');
  // The public list also names in-app browsers (Instagram, Facebook, Electron apps) that people use;
  // isbot, whose patterns the Worker runs, counts those as people, so they are expected to count.
  const listed = require('crawler-user-agents').flatMap((c) => (c.instances || []).slice(0, 1)).filter(Boolean);
  const bots = listed.filter((ua) => isbot(ua));
  const people = listed.filter((ua) => !isbot(ua) && ua.startsWith('Mozilla/'));
  const naive = ['curl/8.5.0', 'Wget/1.21', 'python-requests/2.31.0', 'Go-http-client/2.0', 'okhttp/4.12.0', 'node', 'undici', 'axios/1.7.2', 'Java-http-client/21', ''];
  assert.ok(bots.length > 300, `a real list: ${bots.length} bots`);
  let ip = 0;
  const send = async (agents) => {
    for (let i = 0; i < agents.length; i += 25) {
      await Promise.all(agents.slice(i, i + 25).map((ua) => {
        ip += 1;
        return app.request('POST', `/api/v2/views/${e.entity_id}`, { headers: { 'user-agent': ua, 'cf-connecting-ip': `10.9.${ip >> 8}.${ip & 255}` } });
      }));
    }
  };
  await send([...bots, ...naive]);
  await sleep(800);
  assert.equal((await readAs(owner, e.entity_id)).body.view_count, 0, 'no bot or naive client counted');
  await send(people);
  await sleep(800);
  assert.equal((await readAs(owner, e.entity_id)).body.view_count, people.length, 'people count, once each');
});

test('view_count_desc sorts the list by counted views', async () => {
  const { owner, member } = await app.world();
  const quiet = await app.dropLive(owner, {});
  const popular = await app.dropLive(owner, {});
  await app.request('GET', `/api/v2/inspirations/${popular.entity_id}`, { token: member.token, headers: { 'user-agent': BROWSER_UA } });
  await sleep(300);
  const res = await app.request('GET', '/api/v2/inspirations?sort=view_count_desc', { token: member.token });
  const ids = res.body.items.map((i) => i.entity_id);
  assert.ok(ids.indexOf(popular.entity_id) < ids.indexOf(quiet.entity_id));
});

// ------------------------------------------------------------------ runtimes

test('the runtime list filters by kind, owner and space, sorts, pages, and carries draft retention', async () => {
  const { owner, member, grid, space } = await app.world();
  const app1 = await runtime(grid, owner, { kind: 'app', space_id: space.space_id });
  const agent = await runtime(grid, member, { kind: 'agent' });
  const draft = await runtime(grid, owner, { kind: 'app', status: 'draft' });
  const list = (q) => app.request('GET', `/api/v2/runtimes${q}`, { token: member.token });
  const all = await list('');
  assert.equal(all.status, 200, all.text);
  assert.equal(all.body.total_returned, all.body.items.length);
  const ids = all.body.items.map((i) => i.entity_id);
  assert.ok(ids.includes(app1.entity_id) && ids.includes(agent.entity_id));
  assert.ok(!ids.includes(draft.entity_id), 'a draft is hidden from others');
  const row = all.body.items.find((i) => i.entity_id === app1.entity_id);
  for (const key of ['entity_id', 'name', 'display_name', 'kind', 'url', 'status', 'owner', 'created_at', 'updated_at']) assert.ok(key in row, key);
  assert.ok(!('expires_in_days' in row), 'running runtimes carry no retention clock');
  assert.deepEqual((await list('?kind=agent')).body.items.map((i) => i.entity_id), [agent.entity_id]);
  assert.deepEqual((await list(`?owner=${member.slug}`)).body.items.map((i) => i.entity_id), [agent.entity_id]);
  assert.deepEqual((await list(`?space_id=${space.space_id}`)).body.items.map((i) => i.entity_id), [app1.entity_id]);
  const mine = await app.request('GET', '/api/v2/runtimes', { token: owner.token });
  const draftRow = mine.body.items.find((i) => i.entity_id === draft.entity_id);
  assert.equal(draftRow.expires_in_days, 14);
  assert.ok(draftRow.expires_at);
  const page = await list('?limit=1&sort=created_at_desc');
  assert.equal(page.body.items.length, 1);
  const next = await list(`?limit=1&sort=created_at_desc&cursor=${page.body.next_cursor}`);
  assert.notEqual(next.body.items[0].entity_id, page.body.items[0].entity_id);
  for (const q of ['?kind=robot', '?sort=name', '?limit=0', '?cursor=zzz']) expectError(assert, await list(q), 400, 'VALIDATION_FAILED');
});

// ------------------------------------------------------------------ links

test('links: create with a note, list both ways with summaries, delete by the noter or an admin', async () => {
  const { owner, member, admin, grid } = await app.world();
  const rt = await runtime(grid, owner);
  const source = await app.dropLive(owner, {});
  const url = `/api/v2/runtimes/${rt.entity_id}/inspirations`;
  const created = await app.request('POST', url, { token: member.token, json: { inspiration_entity_id: source.entity_id, note: 'the demo that started it' } });
  assert.equal(created.status, 201, created.text);
  const link = created.body;
  assert.equal(link.runtime_id, rt.entity_id);
  assert.equal(link.inspiration_entity_id, source.entity_id);
  assert.equal(link.note, 'the demo that started it');
  assert.deepEqual(link.noted_by, { user_id: member.user_id, name: member.name, slug: member.slug });
  expectError(assert, await app.request('POST', url, { token: member.token, json: { inspiration_entity_id: source.entity_id, note: 'x'.repeat(281) } }), 400, 'VALIDATION_FAILED');
  expectError(assert, await app.request('POST', url, { token: member.token, json: {} }), 400, 'VALIDATION_FAILED');
  expectError(assert, await app.request('POST', url, { token: owner.token, json: { inspiration_entity_id: source.entity_id } }), 409, 'LINK_EXISTS');
  const sources = await app.request('GET', url, { token: member.token });
  assert.equal(sources.status, 200);
  assert.equal(sources.body.items[0].inspiration.entity_id, source.entity_id);
  assert.equal(sources.body.total_returned, 1);
  const inspired = await app.request('GET', `/api/v2/inspirations/${source.entity_id}/inspired-runtimes`, { token: owner.token });
  assert.equal(inspired.body.items[0].linked_runtime.entity_id, rt.entity_id);
  assert.equal(inspired.body.items[0].linked_runtime.name, rt.name);
  expectError(assert, await app.request('DELETE', `${url}/${link.link_id}`, { token: owner.token }), 403, 'FORBIDDEN');
  assert.equal((await app.request('DELETE', `${url}/${link.link_id}`, { token: member.token })).status, 204);
  const again = await app.request('POST', url, { token: member.token, json: { inspiration_entity_id: source.entity_id } });
  assert.equal((await app.request('DELETE', `${url}/${again.body.link_id}`, { token: admin.token })).status, 204, 'grid admins may remove any link');
  expectError(assert, await app.request('DELETE', `${url}/${again.body.link_id}`, { token: admin.token }), 404);
});

test('links need read access to both sides and lists silently omit sides the caller cannot see', async () => {
  const { owner, member, grid } = await app.world();
  const rt = await runtime(grid, owner);
  const visible = await app.dropLive(owner, {});
  const hidden = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'private' } });
  const url = `/api/v2/runtimes/${rt.entity_id}/inspirations`;
  expectError(assert, await app.request('POST', url, { token: member.token, json: { inspiration_entity_id: hidden.entity_id } }), 404, 'NOT_FOUND');
  assert.equal((await app.request('POST', url, { token: owner.token, json: { inspiration_entity_id: hidden.entity_id } })).status, 201);
  assert.equal((await app.request('POST', url, { token: owner.token, json: { inspiration_entity_id: visible.entity_id } })).status, 201);
  const forMember = await app.request('GET', url, { token: member.token });
  assert.deepEqual(forMember.body.items.map((i) => i.inspiration_entity_id), [visible.entity_id]);
  assert.equal(forMember.body.total_returned, 1, 'counts do not leak hidden rows');
  const forOwner = await app.request('GET', url, { token: owner.token });
  assert.equal(forOwner.body.items.length, 2);
  const hiddenRuntime = await runtime(grid, owner, { status: 'stopped' });
  await app.request('POST', `/api/v2/runtimes/${hiddenRuntime.entity_id}/inspirations`, { token: owner.token, json: { inspiration_entity_id: visible.entity_id } });
  const inspired = await app.request('GET', `/api/v2/inspirations/${visible.entity_id}/inspired-runtimes`, { token: member.token });
  assert.deepEqual(inspired.body.items.map((i) => i.runtime_id), [rt.entity_id], 'a stopped runtime is not shown to others');
});

test('inspired_by at create makes the same links', async () => {
  const { owner, member } = await app.world();
  const source = await app.dropLive(owner, {});
  const child = await app.dropLive(member, { fields: { inspired_by: [source.entity_id] } });
  const inspired = await app.request('GET', `/api/v2/inspirations/${source.entity_id}/inspired-runtimes`, { token: owner.token });
  assert.deepEqual(inspired.body.items.map((i) => i.runtime_id), [child.entity_id]);
  assert.equal(inspired.body.items[0].noted_by.user_id, member.user_id);
});

// ------------------------------------------------------------------ feedback

const feedback = (id, json, headers = {}) => app.request('POST', `/api/v2/entities/${id}/feedback`, { json, headers: { 'cf-connecting-ip': '203.0.113.50', ...headers } });

test('feedback is accepted without auth as { ok: true } and read back in the owner inbox, newest first', async () => {
  const { owner, member, admin } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const categories = ['reaction', 'bug', 'feature_request', 'comment', 'other'];
  for (const category of categories) {
    const res = await feedback(e.entity_id, { category, text: `about ${category}`, source: 'badge', user_agent: 'UA', page_url: e.url }, { 'cf-connecting-ip': `203.0.113.${categories.indexOf(category)}` });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { ok: true });
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  }
  // A client that sends every field writes null for the optional ones it does not have.
  const nulls = await feedback(e.entity_id, { category: 'comment', text: 'no page', source: 'badge', user_agent: null, page_url: null }, { 'cf-connecting-ip': '203.0.113.9' });
  assert.equal(nulls.status, 200, nulls.text);
  const inbox = await app.request('GET', `/api/v2/entities/${e.entity_id}/feedback`, { token: owner.token });
  assert.equal(inbox.status, 200, inbox.text);
  assert.equal(inbox.body.items.shift().text, 'no page');
  assert.deepEqual(inbox.body.items.map((i) => i.category), [...categories].reverse());
  assert.equal(inbox.body.items[0].text, 'about other');
  assert.ok(!JSON.stringify(inbox.body).includes('203.0.113'), 'no raw IP is stored or shown');
  assert.equal((await app.request('GET', `/api/v2/entities/${e.entity_id}/feedback`, { token: admin.token })).status, 200);
  expectError(assert, await app.request('GET', `/api/v2/entities/${e.entity_id}/feedback`, { token: member.token }), 403);
  const page = await app.request('GET', `/api/v2/entities/${e.entity_id}/feedback?limit=2`, { token: owner.token });
  assert.equal(page.body.items.length, 2);
  assert.ok(page.body.next_cursor);
});

test('bad feedback gets the flat { error, code } shape and stores nothing', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const cases = [
    { category: 'rant', text: 'x', source: 'badge' },
    { category: 'bug', text: '', source: 'badge' },
    { category: 'bug', text: 'x'.repeat(2001), source: 'badge' },
    { category: 'bug', text: 'x', source: 'email' },
    { text: 'x', source: 'badge' },
  ];
  for (const json of cases) {
    const res = await feedback(e.entity_id, json);
    assert.equal(res.status, 400, res.text);
    assert.equal(typeof res.body.error, 'string');
    assert.equal(res.body.code, 'VALIDATION_FAILED');
  }
  const missing = await feedback('00000000-0000-4000-8000-000000000000', { category: 'bug', text: 'x', source: 'badge' });
  assert.equal(missing.status, 404);
  assert.equal(missing.body.code, 'NOT_FOUND');
  const inbox = await app.request('GET', `/api/v2/entities/${e.entity_id}/feedback`, { token: owner.token });
  assert.equal(inbox.body.items.length, 0);
});

test('feedback is limited to 5 per 10 minutes per IP and entity, with Retry-After', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const body = { category: 'comment', text: 'again', source: 'badge' };
  for (let i = 0; i < 5; i++) assert.equal((await feedback(e.entity_id, body, { 'cf-connecting-ip': '198.18.0.1' })).status, 200);
  const limited = await feedback(e.entity_id, body, { 'cf-connecting-ip': '198.18.0.1' });
  assert.equal(limited.status, 429);
  assert.equal(limited.body.code, 'RATE_LIMITED');
  assert.ok(Number(limited.headers.get('retry-after')) >= 1);
  assert.equal((await feedback(e.entity_id, body, { 'cf-connecting-ip': '198.18.0.2' })).status, 200, 'another IP is not limited');
});

test('the feedback and beacon endpoints answer CORS preflights from any origin', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, {});
  for (const path of [`/api/v2/entities/${e.entity_id}/feedback`, `/api/v2/views/${e.entity_id}`]) {
    const res = await app.request('OPTIONS', path, { headers: { origin: app.serveUrl, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.match(res.headers.get('access-control-allow-headers'), /content-type/i);
  }
});

test('enrichment fills description, icon, category and tags from the content, or marks skipped', async () => {
  const { owner } = await app.world();
  const page = await app.dropLive(owner, { file: { name: 'page.html', content: fx.html('Quarterly roadmap') } });
  const enriched = await app.waitFor(owner, page.entity_id, (b) => b.brain_status !== 'pending');
  assert.equal(enriched.brain_status, 'enriched');
  assert.match(enriched.description, /Quarterly roadmap/);
  assert.ok(enriched.icon && enriched.category);
  const bare = await app.dropLive(owner, { file: { name: 'x.html', content: '<p></p>' } });
  const skipped = await app.waitFor(owner, bare.entity_id, (b) => b.brain_status !== 'pending');
  assert.ok(['skipped', 'enriched'].includes(skipped.brain_status));
});

test("a shadcn/ui component's description names its libraries, the kit as shadcn/ui and no empty name for its @/ imports", async () => {
  const { owner } = await app.world();
  const source = [
    'import { useState } from "react";',
    'import { Card, CardContent } from "@/components/ui/card";',
    'import { Button } from "@/components/ui/button";',
    'import { cn } from "@/lib/utils";',
    'import { TrendingUp } from "lucide-react";',
    'export default function Dashboard() {',
    '  const [n, setN] = useState(3);',
    '  return <Card><CardContent className={cn("p-4")}><TrendingUp /> {n}<Button onClick={() => setN(n + 1)}>Add</Button></CardContent></Card>;',
    '}',
  ].join('\n');
  const e = await app.dropLive(owner, { file: { name: 'Dashboard.jsx', content: source }, fields: { source_type: 'react_single_file' } });
  const enriched = await app.waitFor(owner, e.entity_id, (b) => b.brain_status !== 'pending');
  assert.equal(enriched.brain_status, 'enriched');
  assert.match(enriched.description, /uses shadcn\/ui, lucide-react$/, enriched.description);
});

test("a README with GitHub's centred HTML header and a line of badges is described by its own words, not the badges' markup", async () => {
  const { owner } = await app.world();
  const readme = [
    '<div align="center">',
    '  <h1>fluxcache</h1>',
    '  <p><b>A tiny write-through cache for edge functions</b></p>',
    '',
    '[![CI](https://github.com/example/fluxcache/actions/workflows/ci.yml/badge.svg)](https://github.com/example/fluxcache/actions)',
    '[![npm](https://img.shields.io/npm/v/fluxcache.svg)](https://www.npmjs.com/package/fluxcache)',
    '</div>',
    '',
    '## Install',
    '',
    'Install it with npm and wrap your fetch handler in one call.',
  ].join('\n');
  const e = await app.dropLive(owner, { file: { name: 'README.md', content: readme }, fields: { source_type: 'markdown' } });
  const enriched = await app.waitFor(owner, e.entity_id, (b) => b.brain_status !== 'pending');
  assert.equal(enriched.brain_status, 'enriched');
  assert.match(enriched.description, /^A tiny write-through cache for edge functions/, enriched.description);
  assert.doesNotMatch(enriched.description, /\]\(|badge\.svg|!\[/, enriched.description);
});

test('concurrent reactions and views are counted exactly: each row and its count move in one statement', async () => {
  const { grid, owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const people = await Promise.all(Array.from({ length: 30 }, () => app.user()));
  await Promise.all(people.map((p) => app.join(grid, p)));
  const on = await Promise.all(people.map((p) => react(p, e.entity_id, 'sparked', 'inspirations')));
  assert.ok(on.every((r) => r.status === 200), on.map((r) => r.status).join(','));
  await Promise.all(Array.from({ length: 40 }, (_, i) => app.request('POST', `/api/v2/views/${e.entity_id}`,
    { headers: { 'user-agent': BROWSER_UA, 'cf-connecting-ip': `198.51.100.${i}` } })));
  await Promise.all(people.slice(0, 10).map((p) => react(p, e.entity_id, 'sparked', 'inspirations')));
  let body;
  for (let i = 0; i < 50; i += 1) {
    body = (await readAs(owner, e.entity_id)).body;
    if (body.view_count === 40) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(body.view_count, 40, 'one view per address, every one counted');
  assert.equal(body.reactions.sparked, 20, '30 on, 10 taken back');
  const out = execFileSync('node_modules/.bin/wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', app.stateDir, '--json', '--command',
    `SELECT reaction_total, (SELECT count FROM reaction_counts WHERE entity_id = e.entity_id AND kind = 'sparked') AS sparked FROM entities e WHERE entity_id = '${e.entity_id}'`], { stdio: 'pipe' });
  assert.deepEqual(JSON.parse(out)[0].results[0], { reaction_total: 20, sparked: 20 }, 'the stored aggregates moved with the rows');
});
