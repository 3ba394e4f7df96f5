// What `wrangler deploy --dry-run` says the Worker upload weighs (budget: tests/size.test.mjs),
// read from its own output so the figure is Cloudflare's, not ours. Offline: nothing is sent.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './worker.mjs';

// Issue 28's goal is 900; 722 KiB was reached (docs/speed.md), then 715 after session 17's cuts
// (crc32fast's table built at run time, no float parsing for SVG sizes, no `#[serde(flatten)]` in
// D1 rows). The budget holds the gain with about 8 KiB of room: whatever would take the upload
// past it must first pay for itself. Session 19's features filled that room (723.00 KiB: markdown's
// anchors, footnotes and front matter, CDN round 3, the interface audit, the module-text safety
// fixes); 724 left the next change a kilobyte to pay for. Session 20 spent it and a little more
// (724.90: a zipped site's files cached by their fingerprint +0.84, views counted only from the
// drop's own page +0.37, CDN libraries round 4 +0.44); 726 again leaves about a kilobyte.
// Session 21 took it to 729.07, each part measured on its branch against 724.90: Google Fonts
// that hang no longer hold a page, Flutter and Angular sub-path sites, a `<base>` on another host
// +1.09; markdown read right to left, repository links, heading links +1.03; image formats named
// in refusals +0.72; signing out ends the link and content sessions +0.44; the MCP drop's
// warnings +0.1 (the rest is how the parts compress together). 730 leaves the next change a
// kilobyte to pay for; the goal is still 900. Session 22 spent it: 730.52 KiB with every branch
// merged, each part measured on its branch against main: markdown printed on paper as GitHub's
// light page and a 415 that says what to do with a notebook, MDX, .rst, .adoc or .markdown +0.98;
// a zipped site's strong ETags and If-Range, ECharts 5 and jsPDF 2 in the CDN map, Flutter's own
// CanvasKit and threaded Emscripten builds isolated +0.84; a cross-site frame answered as a
// stranger's +0.38 (parts overlap once compressed together). 731.5 leaves the next change a
// kilobyte to pay for again; the goal is still 900. Broken files said for what they are (an
// encrypted or Office 97-2003 file, a CSV or PDF under an Office name, a package cut short, missing
// shared strings, a picture with no data to draw) took h107's branch to 734.32 (+3.74 against
// 730.58; the shared-strings check reads its tag as text, as a second XML reader cost 2 KiB more):
// With every session-23 branch merged the upload is 735.39 KiB: beside h107's refusals, a README's
// HTML header and badge line read for its description +0.38, the spec audit's create and update
// checks +0.26, `__Host-` cookies and sibling frames +0.34, the new CDN addresses +0.07, null for
// feedback's optional fields. 736.5 holds that with a kilobyte to pay for; the goal is still 900.
// Session 24: a zipped site's `.md` files drawn as markdown pages when opened took h112's branch
// to 736.82 (+1.41 against 735.41); the spec audit's link lists and purge +0.53, sweep 11's CDN
// addresses +0.08, round 8's bound `/enter` flows and MCP grid confinement +0.17, and h113's
// round-2 refusals +1.53 (a .zip that is a page, a .tar.gz or an Office file, named; a component
// saved as .html; BOM-less UTF-16; a cut multipart body's advice; after shortening its messages).
// 740 holds the merged main with a little room; the goal is still 900.
// Session 25: h119's honest counting (a beacon counts only a sender who may see the drop, every
// prefetch spelling, feedback's per-sender day) +1.44; Cloudflare Access's assertion signing in only
// the API origin's own requests +0.29; a repeated create field refused with its hint +0.27; READMEs'
// back-to-top links and summary headings +0.35: 741.60 with the first round merged. The second: a
// Hugo site's links to its placeholder baseURL (example.org) kept on the drop +1.03, an unbuilt
// index.html refused +0.18, the owner's membership checked and the identity memo in the cache
// -0.3: 742.39 with every branch merged. 743 held it.
// Session 26: three.js r180, GSAP and Phaser rows and a CDN script's missing-library note +0.58; the
// MCP schemas' text bounds (their descriptions shortened to pay) +0.60; OIDC_TIMEOUT_MS +0.09;
// refused grid slugs +0.01: 743.75 with the first round merged. The second: zipped sites' 200.html,
// placeholder links followed by a script and relative assets under a route +0.52; names refused with
// bidirectional controls +0.09: 744.36 with every branch merged. 745 holds it; the goal is still 900.
// Session 27: the zipped-site fallback rules moved to plug-content behind an async trait, with a
// page's folder address (`about/` to `about`) and SvelteKit's 404.html shell +1.79; three r161-r169,
// three's +esm, GSAP 2 and a failed module import named +0.58; repeated list parameters refused and
// feedback's Content-Type +0.64; a site's path bytes capped and hidden drops no-store +0.33: 747.31
// with every branch merged. 747.4 holds it; the goal is still 900.
export const UPLOAD_GZIP_GOAL_KIB = 747.4;

export function dryRunUploadSize() {
  const outdir = mkdtempSync(join(tmpdir(), 'plug-dry-run-'));
  try {
    const out = execFileSync(join(ROOT, 'node_modules', '.bin', 'wrangler'), ['deploy', '--dry-run', '--outdir', outdir], {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
      stdio: 'pipe',
    }).toString();
    const match = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(out);
    if (!match) throw new Error(`no upload size in wrangler's output:\n${out}`);
    return { totalKiB: Number(match[1]), gzipKiB: Number(match[2]) };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
