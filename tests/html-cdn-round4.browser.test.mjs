// Round 4 of what AI tools' and hand-made demo pages load from CDNs (docs/serving.md: CDN
// libraries in HTML pages): htmx, DaisyUI 4 and 5, Flowbite 2, Lottie (lottie-web and the
// lottie-player element), MathJax 3, Remix Icon and Phosphor's stylesheets. Each page is written
// the way those tools write it, opened in Chromium on this machine, whose DNS knows none of the
// CDNs, and checked for what a person sees; `page.problems` records every request that fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { useBrowserWorld } from './support/browser-world.mjs';
import { ROOT } from './support/worker.mjs';

const world = useBrowserWorld('html-cdn-round4');

test('round 4 files are vendored with their licences, Remix Icon from its last Apache-2.0 release', () => {
  for (const file of ['htmx.min.js', 'htmx1.min.js', 'daisyui4.css', 'daisyui5/daisyui.css', 'daisyui5/themes.css',
    'flowbite/flowbite.min.css', 'flowbite/flowbite.js', 'lottie.min.js', 'lottie-player.js', 'mathjax/es5/tex-mml-chtml.js',
    'mathjax/es5/output/chtml/fonts/woff-v2/MathJax_Main-Regular.woff', 'mathjax/es5/input/tex/extensions/physics.js',
    'remixicon/fonts/remixicon.woff2', 'phosphor/src/duotone/Phosphor-Duotone.woff2', 'phosphor/src/fill/style.css', 'tsparticles.bundle.min.js', 'flowbite1/flowbite.min.js', 'remixicon3/fonts/remixicon.woff2', 'remixicon2/fonts/remixicon.css', 'alpine/collapse.min.js', 'alpine/mask.min.js', 'esm19/bundle.js', 'esm19/jsx-runtime.mjs']) {
    assert.ok(existsSync(join(ROOT, 'public/vendor/cdn', file)), file);
  }
  for (const name of ['htmx.org', 'htmx.org-1', 'daisyui', 'daisyui-4', 'flowbite', 'lottie-web', 'mathjax', 'remixicon', '@lottiefiles+lottie-player', '@phosphor-icons+web', 'tsparticles', 'flowbite-1', 'remixicon-3', 'remixicon-2', '@alpinejs+plugins', 'react19']) {
    assert.ok(existsSync(join(ROOT, 'public/vendor/cdn/licenses', `${name}.txt`)), name);
  }
  assert.match(readFileSync(join(ROOT, 'public/vendor/cdn/licenses/remixicon.txt'), 'utf8'), /Apache License\s+Version 2\.0/);
});

test('an htmx 2 page styled with DaisyUI 4 over the Play CDN: themed button, its hx-get swaps in the answer', async () => {
  const e = await world.dropLink('htmx-daisy.html', `<!DOCTYPE html>
<html lang="en" data-theme="cupcake">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Task Board</title>
  <link href="https://cdn.jsdelivr.net/npm/daisyui@4.12.14/dist/full.min.css" rel="stylesheet" type="text/css" />
  <script src="https://cdn.tailwindcss.com"></script>
  <script src="https://unpkg.com/htmx.org@2.0.4" integrity="sha384-HGfztofotfshcF7+8n44JQL2oJmowVChPTg48S+jvZoztPfvwD79OC/LTtG6dMp+" crossorigin="anonymous"></script>
</head>
<body class="min-h-screen bg-base-200 p-8">
  <div class="card w-96 bg-base-100 shadow-xl">
    <div class="card-body">
      <h2 class="card-title">Today's tasks <div class="badge badge-secondary">3</div></h2>
      <p id="note">Nothing loaded yet.</p>
      <div class="card-actions justify-end">
        <button id="load" class="btn btn-primary" hx-get="" hx-select="#answer" hx-target="#note" hx-swap="innerHTML">Load tasks</button>
      </div>
    </div>
  </div>
  <div hidden><span id="answer">Water the plants</span></div>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /href="\/_plug\/vendor\/cdn\/daisyui4\.css"/);
  assert.match(html, /src="\/_plug\/vendor\/cdn\/htmx\.min\.js"/);
  assert.doesNotMatch(html, /integrity=/);
  await page.waitForFunction(() => window.htmx && getComputedStyle(document.querySelector('.btn')).borderTopLeftRadius !== '0px');
  const look = await page.evaluate(() => ({
    version: htmx.version.split('.')[0],
    button: getComputedStyle(document.getElementById('load')).backgroundColor,
    badge: getComputedStyle(document.querySelector('.badge-secondary')).backgroundColor,
    card: getComputedStyle(document.querySelector('.card')).borderTopLeftRadius,
  }));
  assert.equal(look.version, '2');
  // cupcake's primary and secondary (full.css's `--p`, `--s`), not the browser's grey button.
  assert.equal(look.button, 'oklch(0.76172 0.089459 200.027)');
  assert.equal(look.badge, 'oklch(0.789351 0.101246 356.3)');
  assert.equal(look.card, '16px');
  await page.click('#load');
  await page.waitForFunction(() => document.getElementById('note').textContent === 'Water the plants');
  await page.screenshot({ path: join(world.SHOTS, 'htmx-daisyui4.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a DaisyUI 5 page over @tailwindcss/browser 4, the way daisyUI documents its CDN: dark theme, components drawn', async () => {
  const e = await world.dropLink('daisy5.html', `<!doctype html>
<html lang="en" data-theme="dark">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Pricing</title>
  <link href="https://cdn.jsdelivr.net/npm/daisyui@5" rel="stylesheet" type="text/css" />
  <link href="https://cdn.jsdelivr.net/npm/daisyui@5/themes.css" rel="stylesheet" type="text/css" />
  <script src="https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4"></script>
</head>
<body class="bg-base-200 min-h-screen flex items-center justify-center gap-6 p-10">
  <div class="card bg-base-100 w-80 shadow-sm">
    <div class="card-body">
      <span class="badge badge-warning badge-xs">Most Popular</span>
      <h2 class="text-3xl font-bold">Premium</h2>
      <progress class="progress progress-accent w-56" value="70" max="100"></progress>
      <input type="checkbox" class="toggle toggle-success" checked />
      <button class="btn btn-primary btn-block" id="subscribe">Subscribe</button>
    </div>
  </div>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /href="\/_plug\/vendor\/cdn\/daisyui5\/daisyui\.css"/);
  assert.match(html, /href="\/_plug\/vendor\/cdn\/daisyui5\/themes\.css"/);
  await page.waitForFunction(() => getComputedStyle(document.body).display === 'flex');
  const look = await page.evaluate(() => {
    const cs = (q) => getComputedStyle(document.querySelector(q));
    return {
      body: cs('body').backgroundColor,
      button: cs('#subscribe').backgroundColor,
      card: cs('.card').backgroundColor,
      toggle: cs('.toggle').appearance,
      width: Math.round(document.querySelector('.card').getBoundingClientRect().width),
    };
  });
  // daisyUI 5's dark theme: base-200 and primary as its themes.css writes them.
  assert.equal(look.body, 'oklch(0.2326 0.014 253.1)');
  assert.equal(look.button, 'oklch(0.58 0.233 277.117)');
  assert.notEqual(look.card, look.body);
  assert.equal(look.toggle, 'none');
  assert.equal(look.width, 320);
  await page.screenshot({ path: join(world.SHOTS, 'daisyui5.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a Flowbite 2 page over the Play CDN: its dropdown and modal open from their data attributes', async () => {
  const e = await world.dropLink('flowbite.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Admin</title>
  <script src="https://cdn.tailwindcss.com"></script>
  <link href="https://cdn.jsdelivr.net/npm/flowbite@2.5.2/dist/flowbite.min.css" rel="stylesheet" />
</head>
<body class="bg-gray-50 p-8">
  <button id="dropdownDefaultButton" data-dropdown-toggle="dropdown" class="text-white bg-blue-700 hover:bg-blue-800 font-medium rounded-lg text-sm px-5 py-2.5 text-center inline-flex items-center" type="button">Dropdown button</button>
  <div id="dropdown" class="z-10 hidden bg-white divide-y divide-gray-100 rounded-lg shadow w-44">
    <ul class="py-2 text-sm text-gray-700" aria-labelledby="dropdownDefaultButton">
      <li><a href="#" class="block px-4 py-2 hover:bg-gray-100">Dashboard</a></li>
      <li><a href="#" class="block px-4 py-2 hover:bg-gray-100">Settings</a></li>
    </ul>
  </div>
  <button data-modal-target="default-modal" data-modal-toggle="default-modal" class="block mt-40 text-white bg-green-700 rounded-lg text-sm px-5 py-2.5" type="button" id="open-modal">Terms of Service</button>
  <div id="default-modal" tabindex="-1" aria-hidden="true" class="hidden overflow-y-auto overflow-x-hidden fixed top-0 right-0 left-0 z-50 justify-center items-center w-full md:inset-0 h-[calc(100%-1rem)] max-h-full">
    <div class="relative p-4 w-full max-w-2xl max-h-full">
      <div class="relative bg-white rounded-lg shadow p-6">
        <h3 class="text-xl font-semibold text-gray-900">Terms of Service</h3>
        <button type="button" data-modal-hide="default-modal" class="mt-4 text-white bg-blue-700 rounded-lg px-5 py-2.5">I accept</button>
      </div>
    </div>
  </div>
  <script src="https://cdn.jsdelivr.net/npm/flowbite@2.5.2/dist/flowbite.min.js"></script>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /href="\/_plug\/vendor\/cdn\/flowbite\/flowbite\.min\.css"/);
  assert.match(html, /src="\/_plug\/vendor\/cdn\/flowbite\/flowbite\.min\.js"/);
  await page.waitForFunction(() => window.FlowbiteInstances && getComputedStyle(document.getElementById('dropdownDefaultButton')).backgroundColor === 'rgb(29, 78, 216)');
  assert.equal(await page.isVisible('#dropdown'), false);
  await page.click('#dropdownDefaultButton');
  await page.waitForSelector('#dropdown', { state: 'visible' });
  // Popper placed it under its button.
  const placed = await page.evaluate(() => document.getElementById('dropdown').getBoundingClientRect().top
    - document.getElementById('dropdownDefaultButton').getBoundingClientRect().bottom);
  assert.ok(placed >= 0 && placed < 20, `${placed}`);
  await page.screenshot({ path: join(world.SHOTS, 'flowbite-dropdown.png') });
  await page.click('#dropdownDefaultButton');
  await page.click('#open-modal');
  await page.waitForSelector('#default-modal', { state: 'visible' });
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('default-modal')).display), 'flex');
  // Flowbite's backdrop, whose class the Play CDN's stand-in styles as it appears.
  await page.waitForFunction(() => getComputedStyle(document.querySelector('body > div.fixed.inset-0.z-40')).backgroundColor === 'rgba(17, 24, 39, 0.5)');
  await page.screenshot({ path: join(world.SHOTS, 'flowbite-modal.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

// A square turning once a second, as Bodymovin writes a shape layer.
const SPIN = JSON.stringify({
  v: '5.7.4', fr: 30, ip: 0, op: 30, w: 200, h: 200, nm: 'spin', ddd: 0, assets: [],
  layers: [{
    ddd: 0, ind: 1, ty: 4, nm: 'box', sr: 1, ao: 0, ip: 0, op: 30, st: 0, bm: 0,
    ks: {
      o: { a: 0, k: 100 },
      r: { a: 1, k: [{ i: { x: [0.833], y: [0.833] }, o: { x: [0.167], y: [0.167] }, t: 0, s: [0] }, { t: 30, s: [360] }] },
      p: { a: 0, k: [100, 100, 0] }, a: { a: 0, k: [0, 0, 0] }, s: { a: 0, k: [100, 100, 100] },
    },
    shapes: [{
      ty: 'gr', nm: 'g', it: [
        { ty: 'rc', d: 1, nm: 'rect', s: { a: 0, k: [90, 90] }, p: { a: 0, k: [0, 0] }, r: { a: 0, k: 10 } },
        { ty: 'fl', nm: 'fill', c: { a: 0, k: [0.39, 0.4, 0.95, 1] }, o: { a: 0, k: 100 }, r: 1 },
        { ty: 'tr', p: { a: 0, k: [0, 0] }, a: { a: 0, k: [0, 0] }, s: { a: 0, k: [100, 100] }, r: { a: 0, k: 0 }, o: { a: 0, k: 100 }, sk: { a: 0, k: 0 }, sa: { a: 0, k: 0 } },
      ],
    }],
  }],
});

test('Lottie: lottie-web from cdnjs plays inline animation data; lottie-player plays its JSON, and one whose animation is on an unreachable URL keeps its box and leaves the page working', async () => {
  const e = await world.dropLink('lottie.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Onboarding</title>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/lottie-web/5.12.2/lottie.min.js"></script>
  <script src="https://unpkg.com/@lottiefiles/lottie-player@latest/dist/lottie-player.js"></script>
  <style>
    body { font-family: system-ui, sans-serif; display: flex; gap: 24px; padding: 24px; }
    .box { width: 200px; height: 200px; border: 1px solid #ddd; border-radius: 12px; }
  </style>
</head>
<body>
  <div id="hero" class="box"></div>
  <lottie-player id="inline" class="box" src='${SPIN}' background="transparent" speed="1" loop autoplay></lottie-player>
  <lottie-player id="remote" class="box" src="https://lottie.host/4db68bbd-31f6-4cd8-84eb-189de081159a/IGmMCqhzpt.json" background="transparent" speed="1" loop autoplay></lottie-player>
  <button id="next">Next</button>
  <script>
    const anim = lottie.loadAnimation({
      container: document.getElementById('hero'),
      renderer: 'svg',
      loop: true,
      autoplay: true,
      animationData: ${SPIN},
    });
    document.getElementById('next').addEventListener('click', (e) => { e.target.textContent = 'Step 2'; });
  </script>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /src="\/_plug\/vendor\/cdn\/lottie\.min\.js"/);
  assert.match(html, /src="\/_plug\/vendor\/cdn\/lottie-player\.js"/);
  // lottie-web drew its SVG and the square turns: its transform changes between two frames.
  await page.waitForSelector('#hero svg path');
  const turn = () => page.evaluate(() => document.querySelector('#hero svg g g').getAttribute('transform'));
  const first = await turn();
  await page.waitForTimeout(300);
  assert.notEqual(await turn(), first);
  // The player, in its shadow root, draws the JSON it holds.
  await page.waitForFunction(() => document.getElementById('inline').shadowRoot?.querySelector('svg path'));
  const frames = await page.evaluate(async () => {
    const p = document.getElementById('inline');
    const a = p.getLottie().currentFrame;
    await new Promise((r) => setTimeout(r, 300));
    return [a, p.getLottie().currentFrame];
  });
  assert.notEqual(frames[0], frames[1]);
  // The unreachable animation: an empty box of the page's size, in the player's error state.
  await page.waitForFunction(() => document.getElementById('remote').currentState === 'error');
  const box = await page.evaluate(() => {
    const r = document.getElementById('remote').getBoundingClientRect();
    return [Math.round(r.width), Math.round(r.height), !!document.getElementById('remote').shadowRoot.querySelector('svg path')];
  });
  assert.deepEqual(box, [202, 202, false]);
  await page.click('#next');
  assert.equal(await page.textContent('#next'), 'Step 2');
  await page.screenshot({ path: join(world.SHOTS, 'lottie.png') });
  const others = page.problems.filter((p) => !p.startsWith('https://lottie.host/') && !/ERR_NAME_NOT_RESOLVED|Failed to fetch/.test(p));
  assert.deepEqual(others, []);
  await context.close();
});

test('a MathJax 3 page from jsDelivr typesets its TeX in CHTML with its own fonts, from the drop', async () => {
  const e = await world.dropLink('mathjax.html', `<!DOCTYPE html>
<html>
<head>
  <meta charset="utf-8">
  <title>Gaussian integral</title>
  <script>
    window.MathJax = {
      tex: { inlineMath: [['$', '$'], ['\\\\(', '\\\\)']], packages: {'[+]': ['physics']} },
      loader: { load: ['[tex]/physics'] },
    };
  </script>
  <script id="MathJax-script" async src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"></script>
</head>
<body>
  <h1>The Gaussian integral</h1>
  <p>For $a > 0$, $$\\int_{-\\infty}^{\\infty} e^{-a x^2}\\, dx = \\sqrt{\\frac{\\pi}{a}}.$$</p>
  <p>With physics: $\\dv{f}{x}$ and $\\abs{x}$.</p>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /src="\/_plug\/vendor\/cdn\/mathjax\/es5\/tex-mml-chtml\.js"/);
  await page.waitForFunction(() => document.querySelectorAll('mjx-container').length === 4 && window.MathJax.startup?.promise);
  await page.evaluate(() => MathJax.startup.promise);
  const look = await page.evaluate(async () => {
    await document.fonts.ready;
    return {
      display: document.querySelectorAll('mjx-container[display="true"]').length,
      errors: document.querySelectorAll('mjx-merror').length,
      sqrt: !!document.querySelector('mjx-msqrt'),
      fonts: [...document.fonts].filter((f) => f.family.startsWith('MJXTEX') && f.status === 'loaded').length,
    };
  });
  assert.equal(look.display, 1);
  assert.equal(look.errors, 0, 'the physics extension loaded from beside MathJax');
  assert.ok(look.sqrt);
  assert.ok(look.fonts >= 3, `${look.fonts} MathJax fonts loaded`);
  await page.screenshot({ path: join(world.SHOTS, 'mathjax.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("Remix Icon and Phosphor's stylesheets draw their glyphs from the drop; htmx 1 from cdnjs runs", async () => {
  const e = await world.dropLink('icons.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Settings</title>
  <link href="https://cdn.jsdelivr.net/npm/remixicon@4.5.0/fonts/remixicon.css" rel="stylesheet" />
  <link rel="stylesheet" type="text/css" href="https://cdn.jsdelivr.net/npm/@phosphor-icons/web@2.1.1/src/regular/style.css">
  <link rel="stylesheet" type="text/css" href="https://cdn.jsdelivr.net/npm/@phosphor-icons/web@2.1.1/src/fill/style.css">
  <script src="https://cdnjs.cloudflare.com/ajax/libs/htmx/1.9.12/htmx.min.js"></script>
  <style>body { font: 16px system-ui, sans-serif; padding: 24px; } i { font-size: 32px; margin-right: 12px; }</style>
</head>
<body>
  <p><i class="ri-home-4-line" id="ri"></i><i class="ri-settings-3-fill"></i><i class="ri-github-fill"></i></p>
  <p><i class="ph ph-house" id="ph"></i><i class="ph-fill ph-heart" id="ph-fill"></i><i class="ph ph-gear"></i></p>
  <button id="save" hx-get="" hx-select="#saved" hx-target="this" hx-swap="outerHTML">Save</button>
  <div hidden><span id="saved">Saved</span></div>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /href="\/_plug\/vendor\/cdn\/remixicon\/fonts\/remixicon\.css"/);
  assert.match(html, /href="\/_plug\/vendor\/cdn\/phosphor\/src\/regular\/style\.css"/);
  assert.match(html, /src="\/_plug\/vendor\/cdn\/htmx1\.min\.js"/);
  await page.waitForFunction(() => document.fonts.check('32px remixicon') && document.fonts.check('32px Phosphor') && document.fonts.check('32px Phosphor-Fill'));
  const icons = await page.evaluate(async () => {
    await document.fonts.ready;
    const before = (id) => getComputedStyle(document.getElementById(id), '::before');
    const loaded = [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')).sort();
    return {
      ri: [before('ri').fontFamily, before('ri').content !== 'none'],
      ph: [before('ph').fontFamily, before('ph').content !== 'none'],
      fill: before('ph-fill').fontFamily,
      loaded,
      htmx: htmx.version.split('.')[0],
    };
  });
  assert.deepEqual(icons.ri, ['remixicon', true]);
  assert.deepEqual(icons.ph, ['Phosphor', true]);
  assert.equal(icons.fill, 'Phosphor-Fill');
  assert.deepEqual(icons.loaded, ['Phosphor', 'Phosphor-Fill', 'remixicon']);
  assert.equal(icons.htmx, '1');
  await page.click('#save');
  await page.waitForSelector('body > span#saved');
  await page.screenshot({ path: join(world.SHOTS, 'icons-htmx1.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a tsParticles 2 hero from jsDelivr draws its particles on its canvas and moves them', async () => {
  const e = await world.dropLink('particles.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Launch</title>
  <style>
    body { margin: 0; background: #0f172a; color: white; font-family: system-ui, sans-serif; }
    #tsparticles { position: fixed; inset: 0; z-index: 0; }
    h1 { position: relative; z-index: 1; text-align: center; margin-top: 30vh; }
  </style>
</head>
<body>
  <div id="tsparticles"></div>
  <h1>Coming soon</h1>
  <script src="https://cdn.jsdelivr.net/npm/tsparticles@2/tsparticles.bundle.min.js"></script>
  <script>
    tsParticles.load("tsparticles", {
      fullScreen: { enable: false },
      background: { color: "#0f172a" },
      particles: {
        number: { value: 60 },
        color: { value: "#38bdf8" },
        links: { enable: true, color: "#38bdf8", distance: 150, opacity: 0.4 },
        move: { enable: true, speed: 2 },
        size: { value: { min: 1, max: 3 } },
        opacity: { value: 0.7 },
      },
    });
  </script>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /src="\/_plug\/vendor\/cdn\/tsparticles\.bundle\.min\.js"/);
  await page.waitForFunction(() => window.tsParticles?.domItem(0)?.particles.count === 60);
  const at = () => page.evaluate(() => {
    const p = tsParticles.domItem(0).particles.filter(() => true)[0].position;
    return [p.x, p.y];
  });
  const first = await at();
  await page.waitForTimeout(300);
  assert.notDeepEqual(await at(), first);
  // The canvas fills the page and holds drawn pixels of the particles' colour.
  const drawn = await page.evaluate(() => {
    const canvas = document.querySelector('#tsparticles canvas');
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let blue = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 2] > 200 && data[i] < 120) blue++;
    return { width: canvas.getBoundingClientRect().width === innerWidth, blue: blue > 50 };
  });
  assert.deepEqual(drawn, { width: true, blue: true });
  await page.screenshot({ path: join(world.SHOTS, 'tsparticles.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a Flowbite 1.4 page from unpkg (its older one-attribute modal toggle) with Remix Icon 3 gets 1.8.1 and 3.7.0: the modal opens and closes, the icons draw', async () => {
  const e = await world.dropLink('flowbite1.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Categories</title>
  <link rel="stylesheet" href="https://unpkg.com/flowbite@1.4.1/dist/flowbite.min.css" />
  <link href="https://cdn.jsdelivr.net/npm/remixicon@3.5.0/fonts/remixicon.css" rel="stylesheet">
  <script src="https://cdn.tailwindcss.com"></script>
</head>
<body class="p-8">
  <button id="open" class="text-white bg-blue-700 hover:bg-blue-800 font-medium rounded-lg text-sm px-5 py-2.5" type="button" data-modal-toggle="defaultModal"><i class="ri-add-line" id="ri"></i> New category</button>
  <div id="defaultModal" tabindex="-1" aria-hidden="true" class="hidden overflow-y-auto overflow-x-hidden fixed top-0 right-0 left-0 z-50 w-full md:inset-0 h-modal md:h-full">
    <div class="relative p-4 w-full max-w-2xl h-full md:h-auto">
      <div class="relative bg-white rounded-lg shadow p-6">
        <h3 class="text-xl font-semibold text-gray-900">New category</h3>
        <button id="close" type="button" class="mt-4 text-gray-500 bg-white rounded-lg border border-gray-200 px-5 py-2.5" data-modal-toggle="defaultModal"><i class="ri-close-line"></i> Cancel</button>
      </div>
    </div>
  </div>
  <script src="https://unpkg.com/flowbite@1.4.1/dist/flowbite.js"></script>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /href="\/_plug\/vendor\/cdn\/flowbite1\/flowbite\.min\.css"/);
  assert.match(html, /src="\/_plug\/vendor\/cdn\/flowbite1\/flowbite\.js"/);
  assert.match(html, /href="\/_plug\/vendor\/cdn\/remixicon3\/fonts\/remixicon\.css"/);
  await page.waitForFunction(() => window.Modal && document.fonts.check('16px remixicon'));
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('ri'), '::before').fontFamily), 'remixicon');
  await page.click('#open');
  await page.waitForSelector('#defaultModal', { state: 'visible' });
  await page.screenshot({ path: join(world.SHOTS, 'flowbite1-remixicon3.png') });
  await page.click('#close');
  await page.waitForSelector('#defaultModal', { state: 'hidden' });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("Alpine's plugins from jsDelivr (collapse, persist, mask, intersect) load before Alpine from the drop and their directives work", async () => {
  const e = await world.dropLink('alpine-plugins.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>FAQ</title>
  <script src="https://cdn.tailwindcss.com"></script>
  <script defer src="https://cdn.jsdelivr.net/npm/@alpinejs/collapse@3.x.x/dist/cdn.min.js"></script>
  <script defer src="https://cdn.jsdelivr.net/npm/@alpinejs/persist@3.x.x/dist/cdn.min.js"></script>
  <script defer src="https://cdn.jsdelivr.net/npm/@alpinejs/mask@3.x.x/dist/cdn.min.js"></script>
  <script defer src="https://cdn.jsdelivr.net/npm/@alpinejs/intersect@3.x.x/dist/cdn.min.js"></script>
  <script defer src="https://cdn.jsdelivr.net/npm/alpinejs@3.x.x/dist/cdn.min.js"></script>
</head>
<body class="p-8 max-w-xl">
  <div x-data="{ open: false, views: $persist(0) }" class="border rounded-lg">
    <button id="q" @click="open = !open; views++" class="w-full text-left p-4 font-semibold">Can I cancel any time? <span id="views" x-text="views"></span></button>
    <div id="a" x-show="open" x-collapse class="px-4 pb-4 text-gray-600">Yes: cancel from your account page.</div>
  </div>
  <input id="date" x-data x-mask="99/99/9999" placeholder="MM/DD/YYYY" class="mt-6 border rounded p-2">
  <p id="seen" x-data="{ shown: false }" x-intersect="shown = true" x-text="shown ? 'seen' : 'not yet'"></p>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  for (const plugin of ['collapse', 'persist', 'mask', 'intersect']) {
    assert.match(html, new RegExp(`src="/_plug/vendor/cdn/alpine/${plugin}\\.min\\.js"`), plugin);
  }
  assert.match(html, /src="\/_plug\/vendor\/cdn\/alpine\.min\.js"/);
  await page.waitForFunction(() => window.Alpine && document.getElementById('seen').textContent === 'seen');
  // x-collapse holds the closed answer at height 0; open, it grows to its text.
  assert.equal(await page.evaluate(() => document.getElementById('a').style.height), '0px');
  await page.click('#q');
  await page.waitForFunction(() => document.getElementById('a').getBoundingClientRect().height > 30 && ['auto', ''].includes(document.getElementById('a').style.height));
  assert.equal(await page.textContent('#views'), '1');
  assert.equal(await page.evaluate(() => localStorage.getItem('_x_views')), '1');
  await page.type('#date', '12252024');
  assert.equal(await page.inputValue('#date'), '12/25/2024');
  await page.screenshot({ path: join(world.SHOTS, 'alpine-plugins.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a React 19 page through esm.sh's import map mounts once on the drop's React 19: its hooks, `use` and useOptimistic run, one React for the three addresses", async () => {
  const e = await world.dropLink('react19.html', `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Reading List</title>
  <script src="https://cdn.tailwindcss.com"></script>
  <script type="importmap">
  {
    "imports": {
      "react": "https://esm.sh/react@19.1.0",
      "react-dom/client": "https://esm.sh/react-dom@19.1.0/client",
      "react/jsx-runtime": "https://esm.sh/react@19.1.0/jsx-runtime"
    }
  }
  </script>
</head>
<body class="bg-slate-50 p-8">
  <div id="root"></div>
  <script type="module">
    import React, { useState, useEffect, useOptimistic, use, Suspense, startTransition } from 'react';
    import { createRoot } from 'react-dom/client';
    import { jsx, jsxs } from 'react/jsx-runtime';

    window.mounts = 0;
    const shelf = Promise.resolve(['Dune', 'Piranesi']);

    function Shelf() {
      const books = use(shelf);
      return jsx('ul', { id: 'shelf', className: 'list-disc pl-6', children: books.map((b) => jsx('li', { children: b }, b)) });
    }

    function App() {
      const [likes, setLikes] = useState(0);
      const [shown, addOptimistic] = useOptimistic(likes, (n) => n + 1);
      useEffect(() => { window.mounts++; }, []);
      const like = () => startTransition(async () => {
        addOptimistic();
        await new Promise((r) => setTimeout(r, 50));
        setLikes((n) => n + 1);
      });
      return jsxs('div', { className: 'max-w-md bg-white rounded-xl shadow p-6', children: [
        jsx('h1', { id: 'title', className: 'text-2xl font-bold', children: 'Reading list (React ' + React.version + ')' }),
        jsx(Suspense, { fallback: jsx('p', { children: 'Loading…' }), children: jsx(Shelf, {}) }),
        jsx('button', { id: 'like', onClick: like, className: 'mt-4 px-4 py-2 bg-indigo-600 text-white rounded-lg', children: 'Likes: ' + shown }),
      ] });
    }

    createRoot(document.getElementById('root')).render(jsx(App, {}));
  </script>
</body>
</html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /"react": "\/_plug\/vendor\/cdn\/esm19\/react\.mjs"/);
  assert.match(html, /"react-dom\/client": "\/_plug\/vendor\/cdn\/esm19\/react-dom\.mjs"/);
  assert.match(html, /"react\/jsx-runtime": "\/_plug\/vendor\/cdn\/esm19\/jsx-runtime\.mjs"/);
  await page.waitForSelector('#shelf li');
  assert.equal(await page.textContent('#title'), 'Reading list (React 19.2.9)');
  assert.deepEqual(await page.$$eval('#shelf li', (li) => li.map((l) => l.textContent)), ['Dune', 'Piranesi']);
  await page.click('#like');
  await page.waitForFunction(() => document.getElementById('like').textContent === 'Likes: 1');
  await page.click('#like');
  await page.waitForFunction(() => document.getElementById('like').textContent === 'Likes: 2');
  const once = await page.evaluate(() => ({
    mounts: window.mounts,
    roots: document.querySelectorAll('#title').length,
    bundles: performance.getEntriesByType('resource').filter((r) => r.name.endsWith('/cdn/esm19/bundle.js')).length,
    styled: getComputedStyle(document.getElementById('like')).backgroundColor,
  }));
  assert.deepEqual(once, { mounts: 1, roots: 1, bundles: 1, styled: 'rgb(79, 70, 229)' });
  await page.screenshot({ path: join(world.SHOTS, 'react19.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});
