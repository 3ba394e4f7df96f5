// The web app's figures for `npm run bench` (bench/run.mjs calls benchWebApp through bench/web.mjs):
// bytes a cold load transfers, and the time until a grid of 100 cards is on screen and clickable.
// Also exports seedInspirations, which the browser tests use to fill a grid past one page.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const ICONS = ['🌐', '📊', '📝', '🎨', '📈', null];
const WORDS = ['Launch plan', 'Pricing study', 'Onboarding flow', 'Q3 metrics', 'Design review', 'Team offsite', 'Roadmap', 'Research notes'];

/**
 * Writes `count` live org Inspirations owned by `owner` into the grid straight into local D1 (the
 * create route is rate limited to 10 a minute), newest last; views and reactions vary per row.
 */
export function seedInspirations(app, { grid, owner, count, prefix = 'seed' }) {
  const now = Date.now();
  const rows = [];
  for (let i = 0; i < count; i++) {
    const created = now - (count - i) * 60_000;
    const title = `${WORDS[i % WORDS.length]} ${i + 1}`;
    const icon = ICONS[i % ICONS.length];
    rows.push(`('${randomUUID()}','${grid.grid_id}','inspiration','inspiration','${prefix}-${i}-${randomUUID().slice(0, 4)}','${title}','${owner.user_id}','org',NULL,'grid',0,'live','html','api','index.html','text/html',100,0,${now + (i % 40 + 1) * 86_400_000},'enriched','A shared page about ${title.toLowerCase()}.',${icon ? `'${icon}'` : 'NULL'},'site',${i * 7 % 113},${created},${created})`);
  }
  const sql = [];
  for (let i = 0; i < rows.length; i += 50) {
    sql.push(`INSERT INTO entities (entity_id, grid_id, realm, kind, name, display_name, owner_id, scope, space_id, visibility, link_indexed, status, source_type, uploaded_via, file_name, content_type, size_bytes, pinned, expires_at, brain_status, description, icon, category, view_count, created_at, updated_at) VALUES ${rows.slice(i, i + 50).join(',')};`);
  }
  const file = join(mkdtempSync(join(tmpdir(), 'plug-web-seed-')), 'seed.sql');
  writeFileSync(file, sql.join('\n'));
  execFileSync(join(ROOT, 'node_modules/.bin/wrangler'), ['d1', 'execute', 'DB', '--local', '--persist-to', app.stateDir, '--file', file],
    { cwd: ROOT, stdio: 'pipe', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' } });
}

/** A browser context already signed in as `user` on `grid` (the app reads localStorage at boot). */
export async function signedInContext(browser, { user, grid, baseUrl, ...options }) {
  const context = await browser.newContext(options);
  // Init scripts run in every frame: only the app's own origin gets the session.
  await context.addInitScript(([token, slug, origin]) => {
    if (location.origin !== origin || localStorage.getItem('plug.session.v1')) return;
    localStorage.setItem('plug.session.v1', JSON.stringify({ token, grid: slug, grids: [slug] }));
  }, [user.token, grid.slug, baseUrl]);
  return context;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One cold load in a fresh context: bytes per kind (CDP encodedDataLength) and time to 100 cards. */
async function coldLoad(browser, app, who) {
  const context = await signedInContext(browser, { ...who, baseUrl: app.baseUrl, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const kinds = new Map();
  const bytes = { shell: 0, api: 0, other: 0 };
  cdp.on('Network.responseReceived', (e) => {
    const path = new URL(e.response.url).pathname;
    kinds.set(e.requestId, path.startsWith('/api/') ? 'api' : path === '/' || path.startsWith('/app/') ? 'shell' : 'other');
  });
  cdp.on('Network.loadingFinished', (e) => { bytes[kinds.get(e.requestId) || 'other'] += e.encodedDataLength; });
  await page.goto(`${app.baseUrl}/`);
  await page.waitForFunction(() => document.querySelectorAll('#grid .card[data-id]').length >= 100, null, { timeout: 30_000 });
  const timing = await page.evaluate(() => {
    const mark = performance.getEntriesByName('plug:grid-interactive')[0];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return { interactive: mark ? mark.startTime : NaN, fcp: paint ? paint.startTime : NaN };
  });
  // Clickable, not just painted: open the first card's sheet (timed inside the page).
  await page.click('#grid .card h3 a');
  await page.waitForSelector('.sheet .facts dl');
  timing.open = await page.evaluate(() => performance.getEntriesByName('plug:detail')[0]?.duration ?? NaN);
  await context.close();
  return { bytes, timing };
}

export async function benchWebApp(app, line) {
  const { launchChromium } = await import('../tests/support/browser.mjs');
  const built = join(ROOT, 'public', 'app');
  const files = ['index.html', 'app.js', 'app.css'].map((f) => readFileSync(join(built, f)));
  const raw = files.reduce((n, b) => n + b.length, 0);
  const gz = files.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);

  const grid = await app.grid();
  const owner = await app.user();
  await app.join(grid, owner);
  seedInspirations(app, { grid, owner, count: 100, prefix: 'bench' });

  const browser = await launchChromium();
  try {
    await coldLoad(browser, app, { user: owner, grid }); // warm the Worker's isolate, not the browser
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await coldLoad(browser, app, { user: owner, grid }));
    const last = runs[runs.length - 1];
    line('web app: files (index.html + app.js + app.css)', `${(raw / 1024).toFixed(1)} KB`, `${(gz / 1024).toFixed(1)} KB gzip; goal < 40 KB gzip`);
    line('web app: cold load, app shell transferred', `${(last.bytes.shell / 1024).toFixed(1)} KB`, 'html + js + css as wrangler dev sends them');
    line('web app: cold load, API JSON for 100 cards', `${(last.bytes.api / 1024).toFixed(1)} KB`, 'one list page + runtimes');
    line('web app: cold load, total transferred', `${((last.bytes.shell + last.bytes.api + last.bytes.other) / 1024).toFixed(1)} KB`);
    line('web app: first contentful paint', `${median(runs.map((r) => r.timing.fcp)).toFixed(0)} ms`, 'median of 5 cold loads');
    line('web app: interactive grid of 100 cards', `${median(runs.map((r) => r.timing.interactive)).toFixed(0)} ms`, 'navigation start to cards clickable, median of 5');
    line('web app: card click to detail sheet', `${median(runs.map((r) => r.timing.open)).toFixed(0)} ms`, 'median of 5');
  } finally {
    await browser.close();
  }
}
