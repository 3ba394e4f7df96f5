// A pasted `url` to its page, in real Chromium (issue 28; README "How a viewer gets there"): the
// content origin opened directly with its cookie set (the baseline), a teammate signed in on the
// link origin pasting the `url`, and the first open in a fresh browser that is signed in to the web
// app only, as the app keeps sign-in: its token in localStorage and the /enter cookie it asks for
// when it runs (and, apart, with the token alone). Each is the median of several runs, to
// the page's load event, with the sequential requests on the way to the page (navigations,
// redirects, the hand-off's own fetches) and the D1 round trips they made (Server-Timing):
// deployed, each sequential request is a network round trip and each D1 round trip another.
import { BROWSER_UA, fetchLocal } from '../tests/support/harness.mjs';
import { parseServerTiming } from './roundtrips.mjs';
import * as fx from '../tests/support/fixtures.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;
const RUNS = Number(process.env.HOPS_RUNS || 15);

/**
 * Every request the page makes from `go()` until the page of `origin` has loaded. Returns the time
 * and the critical path: the longest chain of requests, up to the page's own document, each of
 * which began only after the one before it had answered (requests in parallel count once).
 */
async function measure(page, origin, go) {
  const seen = [];
  const byRequest = new Map();
  const t0 = performance.now();
  const onRequest = (r) => {
    const at = { request: r, url: r.url(), method: r.method(), start: performance.now() - t0, end: null, status: null, timing: null };
    byRequest.set(r, at);
    seen.push(at);
  };
  const onResponse = async (res) => {
    const at = byRequest.get(res.request());
    if (!at) return;
    at.end = performance.now() - t0;
    at.status = res.status();
    at.timing = parseServerTiming(res.headers()['server-timing']);
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  await go();
  await page.waitForURL((u) => u.origin === origin, { waitUntil: 'load' });
  const elapsed = performance.now() - t0;
  page.off('request', onRequest);
  page.off('response', onResponse);
  const last = seen.findLastIndex((a) => a.request.isNavigationRequest() && new URL(a.url).origin === origin && a.status === 200);
  const before = seen.slice(0, last + 1).filter((a) => a.end !== null && !a.url.endsWith('/favicon.ico'));
  // Longest chain of requests that each started after the previous one answered.
  const best = before.map(() => ({ length: 1, prev: -1 }));
  for (let i = 0; i < before.length; i++) {
    for (let j = 0; j < i; j++) {
      if (before[j].end <= before[i].start && best[j].length + 1 > best[i].length) best[i] = { length: best[j].length + 1, prev: j };
    }
  }
  const chain = [];
  for (let i = before.length - 1; i >= 0; i = best[i].prev) chain.unshift(before[i]);
  return { elapsed, chain };
}

/** `302 link /g/n/ (d1 3)`: one step of a critical path, for the report. */
function describe(step, names) {
  const u = new URL(step.url);
  const where = names.get(u.origin) ?? u.origin;
  const path = u.pathname.length > 28 ? `${u.pathname.slice(0, 25)}…` : u.pathname;
  const d1 = step.timing ? ` d1 ${step.timing.roundTrips}` : '';
  return `${step.method === 'GET' ? '' : `${step.method} `}${where}${path} ${step.status}${d1} @${step.start.toFixed(0)}-${step.end.toFixed(0)}`;
}

export async function benchHops(app, line) {
  const { launchChromium } = await import('../tests/support/browser.mjs');
  const { signedInContext } = await import('../web/bench.mjs');
  const { owner, member, grid } = await app.world();
  const browser = await launchChromium();
  try {
    const e = await app.dropLive(owner, { file: { name: 'p.html', content: fx.html('Org page') } });
    const content = app.contentUrl(e.entity_id);
    const names = new Map([[new URL(app.baseUrl).origin, 'api'], [new URL(app.serveUrl).origin, 'link'], [new URL(content).origin, 'content']]);
    const runs = { first: [], pasted: [], direct: [], token: [] };
    // Each open starts from a blank tab, as a pasted link does, so all three pay the same for
    // leaving the page before (a same-origin reload would be cheaper than any first visit).
    const blank = async (context) => {
      const page = await context.newPage();
      await page.goto('about:blank');
      return page;
    };
    for (let i = 0; i < RUNS; i++) {
      // Only the web app's token in storage, no /enter cookie (cookies cleared, or the app not run
      // in this browser within the cookie's life): url -> /enter (its small page) -> POST /enter
      // (the content with its ticket, and the cookie) -> content.
      const bare = await signedInContext(browser, { user: member, grid, baseUrl: app.baseUrl, userAgent: BROWSER_UA });
      let page = await blank(bare);
      runs.token.push(await measure(page, content, () => page.goto(e.url)));
      await bare.close();
      // Signed in to the web app as it keeps sign-in: its token, and the /enter cookie it asks
      // for when it runs. url -> /enter (302) -> /_plug/session -> content.
      const context = await signedInContext(browser, { user: member, grid, baseUrl: app.baseUrl, userAgent: BROWSER_UA });
      page = await blank(context);
      await page.goto(`${app.baseUrl}/`);
      for (let t = 0; !(await context.cookies(app.baseUrl + '/enter')).some((c) => c.name === 'plug_enter'); t++) {
        if (t > 100) throw new Error('the web app set no /enter cookie');
        await new Promise((r) => setTimeout(r, 50));
      }
      await page.close();
      page = await blank(context);
      runs.first.push(await measure(page, content, () => page.goto(e.url)));
      await page.close();
      // Now signed in on the link origin too (its plug_session cookie): url -> content.
      page = await blank(context);
      runs.pasted.push(await measure(page, content, () => page.goto(e.url)));
      await page.close();
      // The content origin asked directly, with its own cookie.
      page = await blank(context);
      runs.direct.push(await measure(page, content, () => page.goto(`${content}/`)));
      await context.close();
    }
    const time = (k) => median(runs[k].map((r) => r.elapsed));
    // The path of the run whose time is the median (they are alike; this one is typical).
    const typical = (k) => runs[k].find((r) => r.elapsed === time(k));
    const path = (k) => {
      const { chain } = typical(k);
      const trips = chain.reduce((n, s) => n + (s.timing?.roundTrips ?? 0), 0);
      return { hops: chain.length, trips, text: chain.map((s) => describe(s, names)).join(' -> ') };
    };
    const direct = path('direct');
    const pasted = path('pasted');
    const first = path('first');
    const token = path('token');
    line('open the content origin directly (its cookie set)', ms(time('direct')), `baseline; ${direct.hops} sequential request`);
    line('pasted url, signed in on the link origin', ratio(time('pasted'), time('direct')), `${ms(time('pasted'))}; goal <= 1.30x; ${pasted.hops} sequential requests`);
    line('pasted url, first open (signed in to the web app only)', ratio(time('first'), time('direct')), `${ms(time('first'))}; goal <= 3.00x; ${first.hops} sequential requests`);
    line('  the same without the /enter cookie (token only)', ratio(time('token'), time('direct')), `${ms(time('token'))}; goal <= 3.00x; ${token.hops} sequential requests`);
    if (process.env.HOPS_DEBUG) {
      for (const k of ['direct', 'pasted', 'first', 'token']) for (const r of runs[k]) console.log(`  ${k} ${r.elapsed.toFixed(0)}: ${r.chain.map((s) => describe(s, names)).join(' -> ')}`);
    }
    if (process.env.HOPS_VERBOSE !== '0') {
      // D1 round trips as each answer's Server-Timing says (a redirect sends none: README "Security").
      for (const [k, p] of [['direct', direct], ['pasted', pasted], ['first', first], ['token', token]]) console.log(`  ${k}: ${p.text}`);
    }
    await serverTimes(app, e, member);
  } finally {
    await browser.close();
  }
}

/** Each hop's answer alone, over HTTP without a browser: what the Worker spends per hop. */
async function serverTimes(app, e, member) {
  const NAV = { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'user-agent': BROWSER_UA };
  const t = { 'POST /enter': [], '/_plug/session': [], 'url, link cookie': [], 'content, ticket': [], 'content, cookie': [], 'url, no session': [] };
  const time = async (k, url, headers) => {
    const t0 = performance.now();
    const res = await fetchLocal(url, { redirect: 'manual', headers });
    await res.arrayBuffer();
    t[k].push(performance.now() - t0);
    return res;
  };
  for (let i = 0; i < RUNS; i++) {
    // The link origin's sign-in as a browser makes it: its flow cookie, then a sign-in bound to it
    // (POST /enter for a url the member may not read answers with one).
    const miss = await time('url, no session', e.url, NAV);
    const flow = new URL(miss.headers.get('location')).searchParams.get('flow') ?? '';
    const flowCookie = miss.headers.getSetCookie().find((c) => c.startsWith('plug_flow_'))?.split(';')[0];
    const t0 = performance.now();
    const s = await app.request('POST', `/enter?to=${encodeURIComponent(`${app.serveUrl}/`)}&flow=${flow}`, { token: member.token });
    t['POST /enter'].push(performance.now() - t0);
    const session = await time('/_plug/session', s.body.url, { ...NAV, ...(flowCookie ? { cookie: flowCookie } : {}) });
    const cookie = session.headers.getSetCookie().find((c) => c.startsWith('plug_session=')).split(';')[0];
    const hop = await time('url, link cookie', e.url, { ...NAV, cookie });
    const page = await time('content, ticket', hop.headers.get('location'), NAV);
    const own = page.headers.getSetCookie()[0].split(';')[0];
    await time('content, cookie', `${app.contentUrl(e.entity_id)}/`, { ...NAV, cookie: own });
  }
  console.log(`  server time per answer (median): ${Object.entries(t).map(([k, v]) => `${k} ${ms(median(v))}`).join(', ')}`);
}
