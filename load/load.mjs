// The load run (issue 16), against one real Worker: viewers on one link page and its beacon,
// creators dropping at once, a list paged while those writes land, and feedback from many
// addresses. It reports throughput, p50/p99 latency and errors, and checks afterwards that every
// count is exact: one view per viewer address, one row per accepted feedback, every drop listed
// once. `npm run load` runs it at full size; tests/load.test.mjs runs a bounded slice.
import { BROWSER_UA } from '../tests/support/harness.mjs';

const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** Runs `fn` and records its latency and status under `name`. */
function recorder() {
  const byName = new Map();
  return {
    async time(name, fn) {
      const t0 = performance.now();
      let status;
      try {
        status = (await fn()).status;
      } catch (e) {
        status = `error: ${e.cause?.code ?? e.message}`;
      }
      const entry = byName.get(name) ?? { latencies: [], statuses: new Map() };
      entry.latencies.push(performance.now() - t0);
      entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
      byName.set(name, entry);
      return status;
    },
    summary(seconds) {
      return [...byName].map(([name, { latencies, statuses }]) => ({
        name,
        requests: latencies.length,
        perSecond: latencies.length / seconds,
        p50: quantile(latencies, 0.5),
        p99: quantile(latencies, 0.99),
        statuses: Object.fromEntries(statuses),
      }));
    },
  };
}

const ip = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * `viewers` concurrent viewers, each from its own address, load the link page and send its
 * beacon for `seconds`; meanwhile `creators` users drop at once (`dropsEach` each), a reader pages the
 * list, and `feedbackSenders` addresses send one feedback each. Returns the summary and the
 * exact-count checks as { name, expected, actual }.
 */
export async function runLoad(app, { viewers = 200, seconds = 30, creators = 50, dropsEach = 1, feedbackSenders = 60 } = {}) {
  const { grid, owner } = await app.world();
  const page = await app.dropLive(owner, { fields: { scope: 'personal', visibility: 'link', name: 'load-page' } });
  const people = await Promise.all(Array.from({ length: creators }, () => app.user()));
  await Promise.all(people.map((p) => app.join(grid, p)));
  const rec = recorder();
  const deadline = Date.now() + seconds * 1000;

  const viewer = async (n) => {
    const headers = { 'user-agent': BROWSER_UA, 'cf-connecting-ip': ip(n) };
    while (Date.now() < deadline) {
      await rec.time('link page', () => app.open(page.url, { headers }));
      await rec.time('beacon', () => app.request('POST', `/api/v2/views/${page.entity_id}`, { headers }));
    }
  };
  const created = [];
  const creator = async (person, n) => {
    for (let i = 0; i < dropsEach; i += 1) {
      let id;
      await rec.time('create', async () => {
        const res = await app.drop(person, { fields: { name: `load-${n}-${i}`, scope: 'personal', visibility: 'org' } });
        id = res.status === 201 ? res.body.entity_id : undefined;
        return res;
      });
      if (id) created.push(id);
    }
  };
  const seenInPages = [];
  const pager = async () => {
    while (Date.now() < deadline) {
      let cursor = '';
      for (;;) {
        let body;
        await rec.time('list page', async () => {
          const res = await app.request('GET', `/api/v2/inspirations?limit=20${cursor}`, { token: owner.token, grid: grid.slug });
          body = res.body;
          return res;
        });
        if (!body?.items) break;
        seenInPages.push(body.items.map((i) => i.entity_id));
        if (!body.next_cursor) break;
        cursor = `&cursor=${encodeURIComponent(body.next_cursor)}`;
      }
    }
  };
  let feedbackAccepted = 0;
  const feedbackFrom = async (n) => {
    const status = await rec.time('feedback', () => app.request('POST', `/api/v2/entities/${page.entity_id}/feedback`, {
      json: { category: 'comment', text: `from ${n}`, source: 'badge', page_url: page.url },
      headers: { 'cf-connecting-ip': ip(100_000 + n) },
    }));
    if (status === 200) feedbackAccepted += 1;
  };

  const started = performance.now();
  await Promise.all([
    ...Array.from({ length: viewers }, (_, n) => viewer(n)),
    ...people.map((p, n) => creator(p, n)),
    ...Array.from({ length: feedbackSenders }, (_, n) => feedbackFrom(n)),
    pager(),
  ]);
  const elapsed = (performance.now() - started) / 1000;

  // Counting happens after the response (waitUntil): wait until it has settled.
  let read;
  for (let i = 0; i < 100; i += 1) {
    read = (await app.request('GET', `/api/v2/inspirations/${page.entity_id}`, { token: owner.token })).body;
    if (read.view_count >= viewers) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const inbox = [];
  let cursor = '';
  for (;;) {
    const res = await app.request('GET', `/api/v2/entities/${page.entity_id}/feedback?limit=100${cursor}`, { token: owner.token });
    inbox.push(...res.body.items);
    if (!res.body.next_cursor) break;
    cursor = `&cursor=${encodeURIComponent(res.body.next_cursor)}`;
  }
  const listed = new Set();
  cursor = '';
  for (;;) {
    const res = await app.request('GET', `/api/v2/inspirations?limit=100${cursor}`, { token: owner.token, grid: grid.slug });
    for (const item of res.body.items) listed.add(item.entity_id);
    if (!res.body.next_cursor) break;
    cursor = `&cursor=${encodeURIComponent(res.body.next_cursor)}`;
  }
  const duplicatePages = seenInPages.filter((ids) => new Set(ids).size !== ids.length).length;
  const summary = rec.summary(elapsed);
  const serverErrors = summary.reduce((n, s) => n + Object.entries(s.statuses)
    .filter(([status]) => !/^[1-4]\d\d$/.test(status)).reduce((m, [, c]) => m + c, 0), 0);
  const checks = [
    { name: 'views: one per viewer address', expected: viewers, actual: read.view_count },
    { name: 'feedback rows: one per accepted post', expected: feedbackAccepted, actual: inbox.length },
    { name: 'feedback accepted: every sender', expected: feedbackSenders, actual: feedbackAccepted },
    { name: 'drops: every one created', expected: creators * dropsEach, actual: created.length },
    { name: 'drops: every one listed', expected: created.length, actual: created.filter((n) => listed.has(n)).length },
    { name: 'list pages holding an id twice', expected: 0, actual: duplicatePages },
    { name: '5xx and network errors', expected: 0, actual: serverErrors },
  ];
  return { elapsed, summary, checks };
}

export function printLoad({ elapsed, summary, checks }, log = console.log) {
  log(`load run: ${elapsed.toFixed(1)} s`);
  for (const s of summary) {
    log(`  ${s.name.padEnd(12)} ${String(s.requests).padStart(7)} req  ${s.perSecond.toFixed(1).padStart(8)}/s  p50 ${s.p50.toFixed(1).padStart(7)} ms  p99 ${s.p99.toFixed(1).padStart(7)} ms  ${JSON.stringify(s.statuses)}`);
  }
  for (const c of checks) log(`  ${c.expected === c.actual ? 'ok ' : 'BAD'} ${c.name}: expected ${c.expected}, got ${c.actual}`);
}
