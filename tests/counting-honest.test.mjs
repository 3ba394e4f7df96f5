// Counted honestly (platform.md 7; docs/api.md "View counting", "Feedback limits", "Form fields"):
// only someone who may see a drop moves its count, once a day, never as a prefetch; one feedback
// sender cannot use up a drop's whole day of feedback; a form that names a field twice is refused.
// Everything here is HTTP against the real Worker: what a browser sends is spelled out per request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker, BROWSER_UA } from './support/harness.mjs';
import * as fx from './support/fixtures.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const views = async (owner, e) => (await app.read(owner, e.entity_id)).body.view_count;
const beacon = (id, { ip, token, origin } = {}) => app.request('POST', `/api/v2/views/${id}`, {
  token,
  headers: { 'user-agent': BROWSER_UA, 'cf-connecting-ip': ip, ...(origin ? { origin } : {}) },
});

test('only someone who may see a drop counts: a stranger’s beacon moves nothing, a member is counted where the page is served', async () => {
  const { owner, member, spaceMember, outsider } = await app.world();
  const html = { name: 'plan.html', content: fx.html('Plan', '<h1>plan</h1>') };
  const [secret, team, shared] = await Promise.all([
    app.dropLive(owner, { file: html, fields: { name: 'secret-plan', scope: 'personal', visibility: 'private' } }),
    app.dropLive(owner, { file: html, fields: { name: 'team-plan', visibility: 'org' } }),
    app.dropLive(owner, { file: html, fields: { name: 'shared-plan', scope: 'personal', visibility: 'link' } }),
  ]);
  const unknown = '00000000-0000-4000-8000-00000000abcd';
  let ip = 0;
  for (const e of [secret, team, shared]) {
    // A stranger with the id, as if from the drop's own page: anonymous, and signed in elsewhere.
    for (const sent of [{ origin: app.contentUrl(e.entity_id) }, { token: outsider.token }]) {
      ip += 1;
      const res = await beacon(e.entity_id, { ip: `198.51.100.${ip}`, ...sent });
      const miss = await beacon(unknown, { ip: `198.51.100.${ip}`, ...sent });
      assert.deepEqual([res.status, res.text, res.headers.get('content-length')], [miss.status, miss.text, miss.headers.get('content-length')], 'the same answer as for an unknown id');
    }
  }
  // A member of the grid, signed in, may see the grid drop but not the private one.
  await beacon(secret.entity_id, { ip: '198.51.100.200', token: member.token });
  // The grid drop opened in a browser by its owner and by a member, twice each: the content
  // origin knows who is looking; the page's badge sends its beacon without a viewer.
  const browser = { 'user-agent': BROWSER_UA, 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };
  for (const [who, from] of [[owner, '203.0.113.70'], [member, '203.0.113.71']]) {
    const jar = new Map();
    for (let i = 0; i < 2; i += 1) {
      const page = await app.open(team.url, { token: who.token, jar, headers: { ...browser, 'cf-connecting-ip': from } });
      assert.equal(page.status, 200, page.text);
      assert.ok(page.url.startsWith(app.contentUrl(team.entity_id)), page.url);
      await beacon(team.entity_id, { ip: from, origin: app.contentUrl(team.entity_id) });
    }
  }
  // The owner handed over to a link drop: its badge's beacon carries no viewer, so the page
  // tells badge.js, with the cookie it honours for a no-count choice, to send none.
  const ownCookie = async (who) => {
    const jar = new Map();
    const opened = await app.open(shared.url, { token: who.token, jar, headers: browser });
    assert.equal(opened.status, 200, opened.text);
    return jar.get(new URL(app.contentUrl(shared.entity_id)).host)?.get('platform-no-count');
  };
  assert.equal(await ownCookie(owner), '1', 'the owner’s page stops its beacon');
  assert.equal(await ownCookie(member), undefined, 'anyone else’s does not');
  // A member who chose not to be counted: the link origin's cookie rides into the content origin
  // as a pass on the very request that is counted.
  const noCount = new Map([[new URL(app.serveUrl).host, new Map([['platform-no-count', '1']])]]);
  const chosen = await app.open(team.url, { token: spaceMember.token, jar: noCount, headers: { ...browser, 'cf-connecting-ip': '203.0.113.72' } });
  assert.equal(chosen.status, 200, chosen.text);
  await sleep(600);
  assert.equal(await views(owner, secret), 0, 'a private drop: no one but its owner sees it');
  assert.equal(await views(owner, team), 1, 'a grid drop: the member once, by account; not the owner, not the beacons');
  // The link drop is anyone's to see: the same stranger beacons count there, once a viewer.
  assert.equal(await views(owner, shared), 2, 'a link drop counts anyone, so the zeros are the rule');
});

test('prefetches and previews in every spelling, HEAD, unfurlers and file ranges are not visits', async () => {
  const { owner } = await app.world();
  const [e, off] = await Promise.all([
    app.dropLive(owner, { fields: { name: 'with-badge', scope: 'personal', visibility: 'link' } }),
    app.dropLive(owner, { fields: { name: 'without-badge', scope: 'personal', visibility: 'link' } }),
  ]);
  const patched = await app.request('PATCH', `/api/v2/entities/${off.entity_id}`, { token: owner.token, json: { badge_mode: 'off' } });
  assert.equal(patched.status, 200, patched.text);
  const page = `${app.contentUrl(off.entity_id)}/`;
  let ip = 0;
  const as = (headers) => { ip += 1; return { 'user-agent': BROWSER_UA, 'cf-connecting-ip': `192.0.2.${ip}`, ...headers }; };
  for (const headers of [{ purpose: 'prefetch' }, { 'x-purpose': 'preview' }, { 'x-moz': 'prefetch' }, { 'sec-purpose': 'prefetch' }]) {
    const h = as(headers);
    assert.equal((await app.read(null, e.entity_id, { headers: h })).status, 200);
    assert.equal((await app.request('GET', page, { headers: h })).status, 200);
  }
  // A beacon from a page being prerendered: badge.js waits until it is shown, so only an older
  // badge.js sends one with the purpose still on it.
  const prerendered = await app.request('POST', `/api/v2/views/${e.entity_id}`, { headers: as({ 'sec-purpose': 'prefetch;prerender', origin: app.contentUrl(e.entity_id) }) });
  assert.equal(prerendered.status, 202);
  const head = as({});
  assert.equal((await app.request('HEAD', `/api/v2/inspirations/${e.entity_id}`, { headers: head })).status, 200);
  assert.equal((await app.request('HEAD', page, { headers: head })).status, 200);
  const unfurlers = [
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Twitterbot/1.0',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'WhatsApp/2.23.20.0',
    'TelegramBot (like TwitterBot)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  ];
  for (const ua of unfurlers) {
    const opened = await app.open(off.url, { headers: { ...as({}), 'user-agent': ua } });
    assert.equal(opened.status, 200, `${ua}: ${opened.status}`);
  }
  const part = await app.request('GET', `${app.contentUrl(off.entity_id)}/_plug/file`, { headers: as({ range: 'bytes=0-9' }) });
  assert.ok([200, 206].includes(part.status), `${part.status}`);
  await sleep(600);
  assert.deepEqual([await views(owner, e), await views(owner, off)], [0, 0], 'none of these counted');
  // The same requests without a speculative purpose count, once a viewer.
  assert.equal((await app.read(null, e.entity_id, { headers: head })).status, 200);
  assert.equal((await app.request('GET', page, { headers: head })).status, 200);
  await sleep(600);
  assert.deepEqual([await views(owner, e), await views(owner, off)], [1, 1]);
});

// ------------------------------------------------------------------ feedback

test('one sender gets a tenth of a drop’s day of feedback, so others can still be heard', async () => {
  const { owner } = await app.world();
  const e = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link' } });
  const send = (ip) => app.request('POST', `/api/v2/entities/${e.entity_id}/feedback`, { json: { category: 'comment', text: 'again', source: 'badge' }, headers: { 'cf-connecting-ip': ip } });
  for (let i = 0; i < 5; i += 1) assert.equal((await send('198.18.7.1')).status, 200, `entry ${i}`);
  // The sender waits ten minutes, having sent as many earlier in the day: the rows of the five
  // move 11 minutes back, and five more of the day go in as they would have been recorded.
  const { execFileSync } = await import('node:child_process');
  const tenMinutes = "bucket LIKE 'feedback_per_ip_and_entity:%'";
  execFileSync('node_modules/.bin/wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', app.stateDir, '--command',
    `INSERT INTO rate_events (bucket, at, event_id, expires_at)
       SELECT replace(bucket, 'feedback_per_ip_and_entity:', 'feedback_per_ip_and_entity_per_day:'), at - 3600000, event_id, at + 82800000
       FROM rate_events WHERE ${tenMinutes};
     UPDATE rate_events SET at = at - 660000 WHERE ${tenMinutes};`], { stdio: 'pipe' });
  const limited = await send('198.18.7.1');
  assert.equal(limited.status, 429, limited.text);
  assert.deepEqual(Object.keys(limited.body).sort(), ['code', 'error']);
  assert.equal(limited.body.code, 'RATE_LIMITED');
  assert.match(limited.body.error, /10 per day/);
  assert.ok(Number(limited.headers.get('retry-after')) >= 1);
  assert.equal((await send('198.18.7.2')).status, 200, 'another sender is still heard');
  const inbox = await app.request('GET', `/api/v2/entities/${e.entity_id}/feedback?limit=100`, { token: owner.token });
  assert.equal(inbox.body.items.length, 6, 'the refused entry was not stored');
});

// ------------------------------------------------------------------ form fields

test('a create form that names a field twice is refused and stores nothing; inspired_by may repeat', async () => {
  const { owner, grid } = await app.world();
  const count = async () => (await app.list(owner, '?limit=100', { grid: grid.slug })).body.items.length;
  const before = await count();
  for (const fields of [{ name: ['first-name', 'second-name'] }, { visibility: ['org', 'private'], scope: 'org' }, { display_name: ['A', 'B'] }]) {
    const res = await app.drop(owner, { fields });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.error.code, 'VALIDATION_FAILED');
    const [field] = Object.keys(fields).filter((k) => Array.isArray(fields[k]));
    assert.deepEqual(res.body.error.details.map((d) => [d.field, d.issue]), [[field, 'repeated']]);
  }
  assert.equal(await count(), before, 'nothing was stored');
  const [source, other] = await Promise.all(['source-one', 'source-two'].map((name) => app.dropLive(owner, { fields: { name } })));
  const res = await app.drop(owner, { fields: { name: 'inspired-one', inspired_by: [source.entity_id, other.entity_id] } });
  assert.equal(res.status, 201, res.text);
  assert.deepEqual(res.body.inspired_by.sort(), [source.entity_id, other.entity_id].sort());
});
