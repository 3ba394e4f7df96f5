// Database round trips per route (issue 16), read from each response's Server-Timing: locally D1
// is SQLite in the same process, deployed every round trip crosses the network, so the count is
// the figure that matters. Each route is asked once warm; the goal stands beside it.
import { BROWSER_UA, fetchLocal } from '../tests/support/harness.mjs';
import * as fx from '../tests/support/fixtures.mjs';

/** `d1;desc="3 statements, 2 round trips";dur=1.4, r2;desc="1 calls";dur=0.8` -> numbers. */
export function parseServerTiming(header) {
  const d1 = /d1;desc="(\d+) statements, (\d+) round trips";dur=([\d.]+)/.exec(header ?? '');
  const r2 = /r2;desc="(\d+) calls";dur=([\d.]+)/.exec(header ?? '');
  if (!d1 || !r2) return null;
  return { statements: Number(d1[1]), roundTrips: Number(d1[2]), d1Ms: Number(d1[3]), r2Calls: Number(r2[1]), r2Ms: Number(r2[2]) };
}

export async function benchRoundTrips(app, line) {
  const { owner, member, grid } = await app.world();
  const html = await app.dropLive(owner, { fields: { visibility: 'link', scope: 'personal' } });
  const site = await app.dropLive(owner, { file: { name: 'site.zip', content: fx.site() }, fields: { visibility: 'link', scope: 'personal', name: 'rt-site' } });
  const runtime = await app.mustAdmin('POST', `/grids/${grid.slug}/runtimes`, { owner_id: owner.user_id, kind: 'app', name: 'rt-app', status: 'running' });
  await app.request('POST', `/api/v2/runtimes/${runtime.entity_id}/inspirations`, { token: owner.token, json: { inspiration_entity_id: html.entity_id } });
  for (let i = 0; i < 8; i += 1) await app.dropLive(member, { fields: { name: `rt-list-${i}` } });
  const api = (method, path, opts = {}) => app.request(method, path, { token: owner.token, ...opts });
  const NAV = { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'user-agent': BROWSER_UA };
  const enter = () => app.request('POST', `/enter?to=${encodeURIComponent(html.url)}`, { token: owner.token });
  const contentUrl = (path) => `${app.contentPattern.replace('{label}', site.entity_id)}${path}`;
  const routes = [
    ['POST /api/v2/inspirations (create)', 3, () => app.drop(owner, { fields: { name: 'rt-create' } })],
    ['GET /api/v2/inspirations/:id (read)', 2, () => api('GET', `/api/v2/inspirations/${html.entity_id}`)],
    ['GET /api/v2/inspirations?limit=50 (list)', 2, () => api('GET', '/api/v2/inspirations?limit=50')],
    ['PATCH /api/v2/inspirations/:id (update)', 3, () => api('PATCH', `/api/v2/inspirations/${html.entity_id}`, { json: { description: `d${Math.random()}` } })],
    ['PATCH /api/v2/inspirations/:id/visibility', 3, () => api('PATCH', `/api/v2/inspirations/${html.entity_id}/visibility`, { json: { visibility: 'link' } })],
    ['POST /api/v2/inspirations/:id/reactions', 3, () => app.request('POST', `/api/v2/inspirations/${html.entity_id}/reactions`, { token: member.token, json: { kind: 'sparked' } })],
    ['POST /api/v2/views/:id (beacon)', 3, () => app.request('POST', `/api/v2/views/${html.entity_id}`, { headers: { 'user-agent': BROWSER_UA } })],
    ['POST /api/v2/entities/:id/feedback', 3, () => app.request('POST', `/api/v2/entities/${html.entity_id}/feedback`, { json: { category: 'comment', text: 'nice', source: 'badge', page_url: html.url }, headers: { 'cf-connecting-ip': '203.0.113.9' } })],
    ['GET /api/v2/runtimes', 2, () => api('GET', '/api/v2/runtimes')],
    ['GET /api/v2/runtimes/:id/inspirations', 2, () => api('GET', `/api/v2/runtimes/${runtime.entity_id}/inspirations`)],
    ['GET /api/v2/inspirations/:id/inspired-runtimes', 2, () => api('GET', `/api/v2/inspirations/${html.entity_id}/inspired-runtimes`)],
    // A first open's hops (README "How a viewer gets there"; redirects carry no Server-Timing):
    // `/enter`'s page's one request, and the content origin spending the ticket it answered with.
    ['POST /enter (a url the caller may read)', 1, () => enter()],
    ['GET a served page with a hand-off ticket (content origin)', 1, async () => fetchLocal((await enter()).body.url, { headers: NAV, redirect: 'manual' })],
    ['GET a served HTML page (content origin)', 1, () => app.open(contentUrl('/'))],
    ['GET a site file (content origin)', 1, () => app.open(contentUrl('/css/site.css'))],
    ['GET /badge.js', 1, () => app.request('GET', '/badge.js')],
  ];
  line('round trips per route (Server-Timing)', 'trips', 'statements, goal (work deferred past the response is not counted)');
  for (const [label, goal, call] of routes) {
    const first = parseServerTiming((await call()).headers.get('server-timing'));
    const res = await call();
    const timing = parseServerTiming(res.headers.get('server-timing'));
    if (!timing) {
      line(label, 'n/a', `status ${res.status}, no Server-Timing`);
      continue;
    }
    const verdict = timing.roundTrips <= goal ? 'meets' : 'OVER';
    const status = res.status < 300 ? '' : `; status ${res.status}`;
    // Served paths: the repeat visit is the isolate memo's; the first one is said beside it.
    const cold = first && first.roundTrips !== timing.roundTrips ? `; first visit ${first.roundTrips}` : '';
    line(label, timing.roundTrips, `${timing.statements} statements; goal <= ${goal} (${verdict})${status}${cold}`);
  }
}
