// Single-file React components as AI tools write them (issue 25): first paint of a shadcn/ui +
// recharts + lucide dashboard styled by Tailwind against the same page written with React alone
// (inline styles, hand-drawn SVG), dropped to the same Worker and opened in the same Chromium, each
// in a fresh context (nothing cached), and the bytes each transfers.
import { BROWSER_UA } from '../tests/support/harness.mjs';
import { launchChromium } from '../tests/support/browser.mjs';
import { DASHBOARD, REACT_ONLY_DASHBOARD } from '../tests/support/ai-components.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;
const KB = (x) => `${(x / 1024).toFixed(0)} KB`;

// The first frame painted after the component put anything into #root, in ms since navigation.
const FIRST_PAINT = () => {
  new MutationObserver((_, observer) => {
    const root = document.getElementById('root');
    if (!root || !root.firstElementChild) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__plugFirstPaint = performance.now(); }, 0));
  }).observe(document, { childList: true, subtree: true });
};

async function measure(browser, url) {
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(FIRST_PAINT);
  await page.goto(url);
  const paint = await page.waitForFunction(() => window.__plugFirstPaint, null, { timeout: 60_000 }).then((h) => h.jsonValue());
  await page.waitForLoadState('networkidle');
  const { bytes, marks } = await page.evaluate(() => ({
    bytes: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce((sum, e) => sum + e.transferSize, 0),
    // The page script's own marks (react.js): where the time went, for whoever profiles it next.
    marks: Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('plug:')).map((m) => [m.name.slice(5), m.startTime])),
  }));
  await context.close();
  return { paint, bytes, marks };
}

export async function benchReactKit(app, owner, line) {
  const drop = async (name, content) =>
    (await app.dropLive(owner, { file: { name, content }, fields: { scope: 'personal', visibility: 'link', source_type: 'react_single_file' } })).url;
  const plainUrl = await drop('PlainDashboard.jsx', REACT_ONLY_DASHBOARD);
  const kitUrl = await drop('SalesDashboard.tsx', DASHBOARD);
  const browser = await launchChromium();
  try {
    await measure(browser, plainUrl);
    await measure(browser, kitUrl);
    const plain = [];
    const kit = [];
    for (let i = 0; i < 7; i += 1) {
      plain.push(await measure(browser, plainUrl));
      kit.push(await measure(browser, kitUrl));
    }
    const p = median(plain.map((r) => r.paint));
    const k = median(kit.map((r) => r.paint));
    line('React component, React only: first paint (baseline)', ms(p), `${KB(plain[0].bytes)} transferred, nothing cached`);
    line('React component, shadcn/ui + recharts + lucide + Tailwind', `${(k / p).toFixed(2)}x`, `${ms(k)}, ${KB(kit[0].bytes)} transferred; goal <= 1.5x`);
    // Median time of each step since navigation: the page script started, React, ReactDOM and
    // Sucrase in, the source compiled, the libraries run, Tailwind's CSS in, the first paint.
    const steps = (runs) =>
      ['start', 'scripts', 'compiled', 'libraries', 'tailwind', 'styled']
        .filter((name) => runs.every((r) => name in r.marks))
        .map((name) => `${name} ${median(runs.map((r) => r.marks[name])).toFixed(0)}`)
        .concat(`paint ${median(runs.map((r) => r.paint)).toFixed(0)}`)
        .join(', ');
    line('  steps, React only (median ms since navigation)', '', steps(plain));
    line('  steps, shadcn/ui + recharts + lucide + Tailwind', '', steps(kit));
  } finally {
    await browser.close();
  }
}
