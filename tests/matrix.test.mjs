// The authorization matrix (tests/matrix.json): every role x visibility x state x action cell is one
// request against the real Worker, compared with the status the spec expects. One table, one test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startWorker, BROWSER_UA } from './support/harness.mjs';
import { ROOT } from './support/worker.mjs';

const MATRIX = JSON.parse(readFileSync(join(ROOT, 'tests', 'matrix.json'), 'utf8'));
const ROLES = Object.keys(MATRIX.roles);
const VISIBILITIES = Object.keys(MATRIX.visibilities);
const STATES = Object.keys(MATRIX.states);
const ACTIONS = Object.keys(MATRIX.actions);

/**
 * Cells where the Worker disagrees with the spec today: each is an open bug the lead fixes in the
 * Worker. The run stays green while a listed cell keeps failing the same way; a listed cell that
 * passes fails the run, so the entry is removed with the fix. Fields left out match every value.
 */
const KNOWN_BUGS = [];

const PAST = '2000-01-01T00:00:00.000Z';
const FUTURE_DAYS = 30;

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool(items, limit, work) {
  const queue = [...items];
  await Promise.all(Array.from({ length: limit }, async () => {
    while (queue.length) await work(queue.shift());
  }));
}

/** The visibility body that gives an entity the cell's visibility (and, sent again, changes nothing). */
function visibilityBody(visibility, space) {
  return {
    private: { visibility: 'private' },
    authenticated: { visibility: 'authenticated' },
    grid_everyone: { visibility: 'grid' },
    grid_subset: { visibility: 'grid', visibility_spaces: [space.slug] },
    link: { visibility: 'link' },
    link_indexed: { visibility: 'link', link_indexed: true },
  }[visibility];
}

/** Users for every role, three owners (creates are limited to 10 a minute per user), and a runtime per role to link to. */
async function cast() {
  const { grid, other, admin, spaceMember, member, outsider, space, owner } = await app.world();
  const owners = [owner];
  for (let i = 0; i < 2; i++) {
    const o = await app.user();
    await app.join(grid, o);
    await app.joinSpace(space, o);
    owners.push(o);
  }
  const users = { anonymous: null, other_grid: outsider, grid_member: member, space_member: spaceMember, grid_admin: admin };
  const gridOf = { anonymous: null, other_grid: other.slug, grid_member: grid.slug, space_member: grid.slug, owner: grid.slug, grid_admin: grid.slug };
  const runtimes = {};
  for (const role of ROLES) {
    const rt = await app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, {
      owner_id: admin.user_id, kind: 'app', name: `rt-${role.replace(/_/g, '-')}`, status: 'running', visibility: 'link',
    });
    runtimes[role] = rt.entity_id;
  }
  return { grid, space, owners, users, gridOf, runtimes };
}

/** One entity per visibility x state, owned in turn by the three owners. */
async function cells(world) {
  const made = [];
  for (const visibility of VISIBILITIES) for (const state of STATES) made.push({ visibility, state });
  await pool(made.map((cell, i) => ({ cell, i })), 3, async ({ cell, i }) => {
    const owner = world.owners[i % world.owners.length];
    const live = await app.dropLive(owner, { fields: { name: `m-${cell.visibility.replace(/_/g, '-')}-${cell.state}`, scope: 'personal', visibility: 'org' } });
    const vis = await app.request('PATCH', `/api/v2/entities/${live.entity_id}/visibility`, {
      token: owner.token, grid: world.grid.slug, json: visibilityBody(cell.visibility, world.space),
    });
    assert.equal(vis.status, 200, `setting up ${cell.visibility}: ${vis.text}`);
    const stored = {
      live: { status: 'live', expires_at: live.expires_at },
      provisioning: { status: 'provisioning', expires_at: live.expires_at },
      archived: { status: 'archived', expires_at: live.expires_at },
      expired: { status: 'live', expires_at: PAST },
    }[cell.state];
    if (cell.state !== 'live') await app.mustAdmin('PATCH', `/entities/${live.entity_id}`, stored);
    Object.assign(cell, { owner, id: live.entity_id, url: live.url, displayName: live.display_name, stored });
  });
  return made;
}

/** The user playing `role` for `cell` (the owner differs per cell). */
const userFor = (world, cell, role) => (role === 'owner' ? cell.owner : world.users[role]);

function as(world, cell, role) {
  const user = userFor(world, cell, role);
  return { token: user?.token, grid: world.gridOf[role] ?? undefined };
}

/** Puts back what a successful archive or pin changed, so every other cell sees the state it names. */
const restore = (cell) => app.mustAdmin('PATCH', `/entities/${cell.id}`, cell.stored);

/** The request of each action (list is checked per user, separately). */
const REQUESTS = {
  read: (w, c, r) => app.request('GET', `/api/v2/inspirations/${c.id}`, as(w, c, r)),
  serve: (w, c, r) => app.open(c.url, { token: as(w, c, r).token, headers: { 'user-agent': BROWSER_UA } }),
  update: (w, c, r) => app.request('PATCH', `/api/v2/inspirations/${c.id}`, { ...as(w, c, r), json: { display_name: c.displayName } }),
  change_visibility: (w, c, r) => app.request('PATCH', `/api/v2/entities/${c.id}/visibility`, { ...as(w, c, r), json: visibilityBody(c.visibility, w.space) }),
  react: (w, c, r) => app.request('POST', `/api/v2/entities/${c.id}/reactions`, { ...as(w, c, r), json: { kind: 'sparked' } }),
  link: (w, c, r) => app.request('POST', `/api/v2/runtimes/${w.runtimes[r]}/inspirations`, { ...as(w, c, r), json: { inspiration_entity_id: c.id } }),
  archive: async (w, c, r) => {
    const res = await app.request('POST', `/api/v2/inspirations/${c.id}/archive`, as(w, c, r));
    if (res.status === 200) await restore(c);
    return res;
  },
  pin: async (w, c, r) => {
    const res = await app.request('POST', `/api/v2/inspirations/${c.id}/pin`, { ...as(w, c, r), json: { pin_reason: 'kept for the matrix' } });
    if (res.status === 200) await restore(c);
    return res;
  },
  feedback_inbox: (w, c, r) => app.request('GET', `/api/v2/entities/${c.id}/feedback`, as(w, c, r)),
};

/** Every page of the Inspiration list as `user` in `grid`; asserts no page counts a row it does not show. */
async function listAs(user, grid) {
  const ids = new Set();
  let cursor = null;
  for (let page = 0; page < 20; page++) {
    const query = `limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await app.request('GET', `/api/v2/inspirations?${query}`, { token: user?.token, grid });
    if (res.status !== 200) return { status: res.status, code: res.body?.error?.code, ids };
    assert.equal(res.body.total_returned, res.body.items.length, 'total_returned counts the rows on the page, nothing hidden');
    for (const item of res.body.items) ids.add(item.entity_id);
    cursor = res.body.next_cursor;
    if (!cursor) break;
  }
  return { status: 200, ids };
}

const expectedOf = (action, state, visibility, role) =>
  MATRIX.actions[action].expected[state][visibility][ROLES.indexOf(role)];

/** `404 NOT_FOUND`, `listed`, ...: what a cell got or expects, in one comparable string. */
function outcome(action, status, code) {
  const codes = MATRIX.actions[action].codes ?? {};
  return codes[status] ? `${status} ${codes[status] === code ? code : code ?? '(no code)'}` : `${status}`;
}

function expectedOutcome(action, expected) {
  const code = (MATRIX.actions[action].codes ?? {})[expected];
  return code ? `${expected} ${code}` : `${expected}`;
}

const isKnown = (m) => KNOWN_BUGS.find((b) => ['action', 'state', 'visibility', 'role', 'got'].every((k) => b[k] === undefined || b[k] === m[k]));

test('matrix.json covers every role, visibility, state and action of issue 8', () => {
  assert.deepEqual(ROLES, ['anonymous', 'other_grid', 'grid_member', 'space_member', 'owner', 'grid_admin']);
  assert.deepEqual(VISIBILITIES, ['private', 'authenticated', 'grid_everyone', 'grid_subset', 'link', 'link_indexed']);
  assert.deepEqual(STATES, ['live', 'provisioning', 'archived', 'expired']);
  assert.deepEqual(ACTIONS.sort(), ['archive', 'change_visibility', 'feedback_inbox', 'link', 'list', 'pin', 'react', 'read', 'serve', 'update']);
  for (const action of ACTIONS) for (const s of STATES) for (const v of VISIBILITIES) {
    assert.equal(MATRIX.actions[action].expected[s][v].length, ROLES.length, `${action} ${s} ${v}`);
  }
});

test('the authorization matrix holds against the real Worker, and lists leak no rows or counts', async () => {
  const world = await cast();
  const made = await cells(world);
  const results = [];

  // list: one walk per user, then every cell reads its answer from the walk of the user in that role.
  const listed = new Map();
  const listers = [['anonymous', null], ...ROLES.filter((r) => r !== 'anonymous' && r !== 'owner').map((r) => [r, world.users[r]]),
    ...world.owners.map((o) => ['owner', o])];
  for (const [role, user] of listers) listed.set(user ?? 'anonymous', await listAs(user, world.gridOf[role] ?? undefined));
  for (const cell of made) for (const role of ROLES) {
    const walk = listed.get(userFor(world, cell, role) ?? 'anonymous');
    const got = walk.status !== 200 ? outcome('list', walk.status, walk.code) : walk.ids.has(cell.id) ? 'listed' : 'absent';
    results.push({ action: 'list', state: cell.state, visibility: cell.visibility, role, got, want: expectedOutcome('list', expectedOf('list', cell.state, cell.visibility, role)) });
  }
  const ours = new Set(made.map((c) => c.id));
  for (const [who, walk] of listed) {
    for (const id of walk.ids) assert.ok(ours.has(id), `${who.slug ?? who} lists ${id}, which no cell made`);
  }

  // Every other action: cells in parallel, each cell's requests in order (archive and pin restore the cell).
  await pool(made, 4, async (cell) => {
    for (const action of ACTIONS.filter((a) => a !== 'list')) {
      for (const role of ROLES) {
        const res = await REQUESTS[action](world, cell, role);
        results.push({
          action, state: cell.state, visibility: cell.visibility, role,
          got: outcome(action, res.status, res.body?.error?.code),
          want: expectedOutcome(action, expectedOf(action, cell.state, cell.visibility, role)),
        });
      }
    }
  });

  const total = ROLES.length * VISIBILITIES.length * STATES.length * ACTIONS.length;
  assert.equal(results.length, total, 'one result per cell');
  const wrong = results.filter((r) => r.got !== r.want);
  const unexpected = wrong.filter((r) => !isKnown(r));
  const fixed = KNOWN_BUGS.filter((b) => !wrong.some((r) => ['action', 'state', 'visibility', 'role', 'got'].every((k) => b[k] === undefined || b[k] === r[k])));
  const line = (r) => `${r.action} | ${r.state} | ${r.visibility} | ${r.role}: expected ${r.want}, got ${r.got}`;
  if (wrong.length) console.log(`matrix: ${wrong.length - unexpected.length} cells fail as KNOWN_BUGS say:\n  ${wrong.filter(isKnown).map(line).join('\n  ')}`);
  assert.deepEqual(unexpected.map(line), [], 'cells where the Worker disagrees with matrix.json');
  assert.deepEqual(fixed.map((b) => b.reason), [], 'KNOWN_BUGS entries that no longer fail: remove them');
});
