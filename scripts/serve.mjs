// Runs the Worker under `wrangler dev` for `npm start`: waits for /healthz, seeds the demo grid on
// first start (the seed is remembered in STATE_DIR), prints how to use it, and stays up until Ctrl-C.
// With OIDC=1 it first starts a real local OpenID provider (tests/support/idp.mjs, on IDP_PORT or
// a free port) and has the Worker trust it: the web app then signs in with a button.
import { parseArgs } from 'node:util';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnWorker, readDevVars, waitForHealth } from '../tests/support/worker.mjs';

const DEMO_DIR = join(dirname(fileURLToPath(import.meta.url)), 'demo');
const { values } = parseArgs({ options: { port: { type: 'string' }, state: { type: 'string' } } });
const port = Number(values.port);
// The inspector gets a free port of its own, never one derived from PORT: two instances started
// side by side (PORT 8787 and 9787, say) would otherwise meet there.
const inspectorPort = await freePort();
const base = `http://localhost:${port}`;
let idp = null;
if (process.env.OIDC === '1') {
  const { startIdp, idpVars } = await import('../tests/support/idp.mjs');
  idp = await startIdp({ webOrigins: [base], port: process.env.IDP_PORT ? Number(process.env.IDP_PORT) : undefined, idTokenTtl: 600 });
  idp.vars = idpVars(idp);
}
const worker = spawnWorker({ port, inspectorPort, stateDir: values.state, inherit: true, vars: idp ? idp.vars : {} });
process.on('SIGINT', () => worker.kill('SIGINT'));
process.on('SIGTERM', () => worker.kill('SIGTERM'));
worker.on('exit', (code) => process.exit(code ?? 0));

await waitForHealth(base, 120_000);
const secrets = readDevVars();
const seedFile = join(values.state, 'plug-demo.json');
let demo;
if (existsSync(seedFile)) {
  demo = JSON.parse(readFileSync(seedFile, 'utf8'));
} else {
  demo = await seed(base, secrets.ADMIN_TOKEN);
  writeFileSync(seedFile, JSON.stringify(demo, null, 2));
}
if (idp) await admin(base, secrets.ADMIN_TOKEN, 'PUT', `/admin/v1/grids/${demo.grid.slug}/email-domains`, { domains: ['example.com'] });
const token = await admin(base, secrets.ADMIN_TOKEN, 'POST', '/admin/v1/tokens', { user_id: demo.admin.user_id, ttl_seconds: 7 * 86400 });
console.log(`
Plug is running.
  Web app, API and badge.js: ${base}
  Shared links (url):        http://127.0.0.1:${port}/<grid>/...
  Content, one origin each:  http://<entity-id>.localhost:${port}
  Demo grid:        ${demo.grid.slug} (admin ${demo.admin.slug}, member ${demo.member.slug}, space ${demo.space.slug})

A token for ${demo.admin.slug} (valid 7 days):
  export PLUG_URL=${base} PLUG_GRID=${demo.grid.slug}
  export PLUG_TOKEN=${token.token}

Drop something:
  cargo run -q -p plug -- ./some-page.html
  curl -H "Authorization: Bearer $PLUG_TOKEN" ${base}/api/v2/inspirations
`);
if (idp) {
  console.log(`A local OpenID provider (oidc-provider) is running: ${idp.issuer}
  Open ${base}/ and press "Sign in with your organization": any email @example.com
  with any password signs in (a first sign-in joins ${demo.grid.slug}); other domains are refused.
  In the terminal: cargo run -q -p plug -- login --url ${base}   (or --device)
`);
}

async function seed(base, adminToken) {
  const call = (method, path, body) => admin(base, adminToken, method, path, body);
  const grid = await call('POST', '/admin/v1/grids', { slug: 'demo', name: 'Demo grid' });
  const adminUser = await call('POST', '/admin/v1/users', { slug: 'ada', name: 'Ada Admin' });
  const member = await call('POST', '/admin/v1/users', { slug: 'max', name: 'Max Member' });
  await call('PUT', `/admin/v1/grids/demo/members/${adminUser.user_id}`, { role: 'admin' });
  await call('PUT', `/admin/v1/grids/demo/members/${member.user_id}`, { role: 'member' });
  const space = await call('POST', '/admin/v1/grids/demo/spaces', { slug: 'design', name: 'Design' });
  await call('PUT', `/admin/v1/spaces/${space.space_id}/members/${adminUser.user_id}`);
  await call('PUT', `/admin/v1/spaces/${space.space_id}/members/${member.user_id}`);
  await dropDemos(base, adminToken, adminUser, space);
  return { grid, admin: adminUser, member, space };
}

/**
 * A few drops of each kind Plug shows (scripts/demo/, written for this), so a first `npm start`
 * opens on a grid with something in it: an HTML page, a README, a React component and an SVG,
 * dropped by ada with different visibilities. A drop that fails is said and skipped: the demo
 * content is a courtesy, the grid works without it.
 */
async function dropDemos(base, adminToken, ada, space) {
  const { token } = await admin(base, adminToken, 'POST', '/admin/v1/tokens', { user_id: ada.user_id, ttl_seconds: 600 });
  const demos = [
    { file: 'launch-plan.html', name: 'launch-plan', source_type: 'html', scope: 'org', visibility: 'org' },
    { file: 'widget-service.md', name: 'widget-service', source_type: 'markdown', scope: 'personal', visibility: 'link' },
    { file: 'Dashboard.jsx', name: 'launch-dashboard', source_type: 'react_single_file', scope: 'space', visibility: 'space', space_id: space.space_id },
    { file: 'plug-mark.svg', name: 'plug-mark', source_type: 'image', scope: 'personal', visibility: 'private' },
  ];
  for (const { file, ...fields } of demos) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...fields, uploaded_via: 'api' })) form.append(k, v);
    form.append('file', new Blob([readFileSync(join(DEMO_DIR, file))]), file);
    const res = await fetch(`${base}/api/v2/inspirations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-platform-grid': 'demo' },
      body: form,
    });
    if (res.status !== 201) console.error(`[start] the demo drop ${file} was refused: ${res.status} ${await res.text()}`);
  }
}

async function admin(base, token, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}
