// Sweep 14: HTML pages as the AI tools write them today, each loading a library line Plug held
// none of, so where the CDN is out of reach (as here: Chromium's DNS knows none of the CDNs) the
// page stayed blank or never moved, and for a module script nothing said why. A pen-style landing
// page on GSAP 2 (`TweenMax`, `TimelineMax`, cdnjs 2.1.3) now runs on GSAP 3, which keeps 2's
// API; three.js r161 to r169 through an import map (ChatGPT's and Claude's pins of 2024) get r180,
// as r170 to r187 do; jsDelivr's `three@0.160.0/+esm` with `OrbitControls.js/+esm` (Gemini's and
// ChatGPT's module pages) get r160 and an addon that imports that same three; and a module script
// whose import could not be loaded says which address failed (docs/serving.md: CDN libraries in
// HTML pages).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBrowserWorld } from './support/browser-world.mjs';
import { paintedPixels } from './support/browser.mjs';

const world = useBrowserWorld('react-kit-sweep14');

const TWEENMAX = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Animated Hero</title>
  <link rel="preconnect" href="https://fonts.googleapis.com">
  <style>
    * { margin: 0; padding: 0; box-sizing: border-box; }
    body { font-family: 'Segoe UI', system-ui, sans-serif; background: #0b1020; color: #f1f5f9; min-height: 100vh; overflow: hidden; }
    .hero { height: 100vh; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 24px; }
    .hero h1 { font-size: 56px; letter-spacing: -1px; }
    .dots { display: flex; gap: 16px; }
    .dot { width: 28px; height: 28px; border-radius: 50%; background: linear-gradient(135deg, #f472b6, #818cf8); }
    .btn { padding: 12px 28px; border-radius: 999px; border: 2px solid #818cf8; background: transparent; color: #c7d2fe; font-size: 16px; cursor: pointer; }
    #status { font-size: 14px; color: #94a3b8; }
  </style>
</head>
<body>
  <section class="hero">
    <h1 class="title">Make it move</h1>
    <div class="dots">
      <div class="dot"></div><div class="dot"></div><div class="dot"></div><div class="dot"></div><div class="dot"></div>
    </div>
    <button class="btn" id="replay">Replay</button>
    <p id="status">Loading…</p>
  </section>

  <script src="https://cdnjs.cloudflare.com/ajax/libs/gsap/2.1.3/TweenMax.min.js"></script>
  <script>
    // Intro timeline: the title drops in, then the dots pop in one after another
    var tl = new TimelineMax({ paused: true });
    tl.from('.title', 0.8, { y: -60, autoAlpha: 0, ease: Power3.easeOut })
      .staggerFrom('.dot', 0.5, { scale: 0, ease: Back.easeOut.config(2) }, 0.1, '-=0.3');

    tl.eventCallback('onComplete', function () {
      document.getElementById('status').textContent = 'Intro done';
      TweenMax.to('.btn', 0.4, { scale: 1.08, repeat: 1, yoyo: true, ease: Power1.easeInOut });
    });
    tl.play();

    document.getElementById('replay').addEventListener('click', function () {
      document.getElementById('status').textContent = 'Replaying';
      TweenLite.set('.title', { color: '#f472b6' });
      tl.restart();
    });
  </script>
</body>
</html>
`;

test('a landing page on GSAP 2 from cdnjs (TweenMax, TimelineMax, staggerFrom, Power3.easeOut): GSAP 3 from the drop plays its intro, and Replay restarts it', async () => {
  const e = await world.dropLink('hero.html', TWEENMAX);
  const { page, context, response } = await world.open(e);
  assert.match(await response.text(), /<script src="\/_plug\/vendor\/cdn\/gsap\/gsap\.min\.js"><\/script>/);
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Intro done', null, { timeout: 4000 });
  assert.equal(await page.evaluate(() => window.gsap.version), '3.15.0');
  // Every dot popped in to its full size, and the title dropped into place.
  const scales = await page.$$eval('.dot', (dots) => dots.map((d) => new DOMMatrix(getComputedStyle(d).transform).a));
  assert.deepEqual(scales, [1, 1, 1, 1, 1]);
  assert.equal(await page.$eval('.title', (t) => getComputedStyle(t).opacity), '1');
  await page.screenshot({ path: join(world.SHOTS, 'tweenmax-hero.png') });
  await page.click('#replay');
  assert.equal(await page.textContent('#status'), 'Replaying');
  assert.equal(await page.$eval('.title', (t) => getComputedStyle(t).color), 'rgb(244, 114, 182)');
  // restart() took the title back above its place, to drop in again.
  assert.ok(await page.$eval('.title', (t) => new DOMMatrix(getComputedStyle(t).transform).m42 < -5));
  assert.deepEqual(page.problems, []);
  await context.close();
});

const GALAXY = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Particle Galaxy</title>
  <style>
    body { margin: 0; overflow: hidden; background: #000; }
    #hud { position: fixed; top: 16px; left: 16px; color: #a5b4fc; font: 13px/1.4 ui-monospace, monospace; }
  </style>
  <script type="importmap">
    {
      "imports": {
        "three": "https://unpkg.com/three@0.165.0/build/three.module.js",
        "three/addons/": "https://unpkg.com/three@0.165.0/examples/jsm/"
      }
    }
  </script>
</head>
<body>
  <div id="hud">Drag to rotate · Scroll to zoom</div>
  <script type="module">
    import * as THREE from 'three';
    import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

    const scene = new THREE.Scene();
    const camera = new THREE.PerspectiveCamera(60, innerWidth / innerHeight, 0.1, 100);
    camera.position.set(0, 3, 6);
    const renderer = new THREE.WebGLRenderer();
    renderer.setSize(innerWidth, innerHeight);
    document.body.appendChild(renderer.domElement);
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.enableDamping = true;

    // Galaxy: particles along three spiral arms
    const count = 6000;
    const positions = new Float32Array(count * 3);
    const colors = new Float32Array(count * 3);
    const inside = new THREE.Color('#ff6030'), outside = new THREE.Color('#1b3984');
    for (let i = 0; i < count; i++) {
      const r = Math.random() * 5, arm = ((i % 3) / 3) * Math.PI * 2, spin = r * 1.2;
      positions[i * 3] = Math.cos(arm + spin) * r + (Math.random() - 0.5) * 0.3;
      positions[i * 3 + 1] = (Math.random() - 0.5) * 0.3;
      positions[i * 3 + 2] = Math.sin(arm + spin) * r + (Math.random() - 0.5) * 0.3;
      const c = inside.clone().lerp(outside, r / 5);
      colors.set([c.r, c.g, c.b], i * 3);
    }
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    geometry.setAttribute('color', new THREE.BufferAttribute(colors, 3));
    const galaxy = new THREE.Points(geometry, new THREE.PointsMaterial({ size: 0.04, vertexColors: true, blending: THREE.AdditiveBlending, depthWrite: false }));
    scene.add(galaxy);

    renderer.setAnimationLoop(() => {
      galaxy.rotation.y += 0.002;
      controls.update();
      renderer.render(scene, camera);
    });
    window.galaxy = { revision: THREE.REVISION, camera };
  </script>
</body>
</html>
`;

const MODULE_SCENE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="UTF-8"><title>Torus Knot</title>
<style>body { margin: 0; background: #0f172a; display: grid; place-items: center; height: 100vh; } #scene { border-radius: 16px; }</style>
</head>
<body>
  <canvas id="scene"></canvas>
  <script type="module">
    import * as THREE from 'https://cdn.jsdelivr.net/npm/three@0.160.0/+esm';
    import { OrbitControls } from 'https://cdn.jsdelivr.net/npm/three@0.160.0/examples/jsm/controls/OrbitControls.js/+esm';

    const canvas = document.getElementById('scene');
    const renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
    renderer.setSize(480, 320);
    const scene = new THREE.Scene();
    const camera = new THREE.PerspectiveCamera(50, 480 / 320, 0.1, 100);
    camera.position.z = 5;
    const knot = new THREE.Mesh(new THREE.TorusKnotGeometry(1, 0.35, 160, 24), new THREE.MeshNormalMaterial());
    scene.add(knot);
    const controls = new OrbitControls(camera, canvas);
    (function loop() { knot.rotation.x += 0.01; controls.update(); renderer.render(scene, camera); requestAnimationFrame(loop); })();
    window.scene3d = { revision: THREE.REVISION, camera, oneThree: controls.target instanceof THREE.Vector3 };
  </script>
</body>
</html>
`;

test("three.js r165 through an import map, and r160 as jsDelivr's +esm with OrbitControls.js/+esm: each scene draws from the drop, on one three, and orbits when dragged", async () => {
  for (const [name, html, key, revision, local] of [
    ['galaxy.html', GALAXY, 'galaxy', '180', /"three": "\/_plug\/vendor\/cdn\/three180\/three\.module\.js"/],
    ['knot.html', MODULE_SCENE, 'scene3d', '160', /from '\/_plug\/vendor\/cdn\/three160\/\+esm\/examples\/jsm\/controls\/OrbitControls\.js'/],
  ]) {
    const e = await world.dropLink(name, html);
    const { page, context, response } = await world.open(e);
    assert.match(await response.text(), local, name);
    await page.waitForFunction((k) => window[k]?.revision, key, { timeout: 5000 });
    assert.equal(await page.evaluate((k) => window[k].revision, key), revision);
    if (key === 'scene3d') assert.equal(await page.evaluate(() => window.scene3d.oneThree), true, 'the addon uses the page\'s three');
    const painted = await paintedPixels(await page.screenshot({ clip: { x: 480, y: 240, width: 320, height: 240 } }));
    assert.ok(painted > 5000, `${name}: the scene is drawn (${painted} pixels)`);
    await page.screenshot({ path: join(world.SHOTS, name.replace('.html', '.png')) });
    const before = await page.evaluate((k) => window[k].camera.position.x, key);
    await page.mouse.move(640, 360);
    await page.mouse.down();
    await page.mouse.move(760, 360, { steps: 3 });
    await page.mouse.up();
    await page.waitForFunction(([k, x]) => Math.abs(window[k].camera.position.x - x) > 0.5, [key, before], { timeout: 3000 });
    assert.deepEqual(page.problems, [], name);
    await context.close();
  }
});

test('a module script whose import Plug does not hold, its CDN out of reach: the page names that import, not the ones the drop serves', async () => {
  const e = await world.dropLink('intro.html', `<!DOCTYPE html>
<html><head><title>Intro</title></head><body>
<h1 class="title">Hello</h1>
<script type="module">
  import * as THREE from 'https://cdn.jsdelivr.net/npm/three@0.160.0/+esm';
  import { animate, stagger } from 'https://cdn.jsdelivr.net/npm/animejs@4.0.2/+esm';
  animate('.title', { y: [-40, 0], delay: stagger(80) });
</script>
</body></html>
`);
  const { page, context, response } = await world.open(e);
  assert.match(await response.text(), /<script type="module" onerror="import\('\/_plug\/vendor\/cdn\/missing\.mjs'\)\.then\(m=>m\.show\(this\)\)">/);
  const note = page.getByRole('alert');
  await note.waitFor({ timeout: 4000 });
  assert.equal(await note.textContent(), 'This page loads a library Plug does not serve, and its CDN could not be reached, so the page may not work: https://cdn.jsdelivr.net/npm/animejs@4.0.2/+esm');
  await page.screenshot({ path: join(world.SHOTS, 'module-missing-note.png') });
  assert.deepEqual(page.problems.filter((p) => !/animejs@4\.0\.2|ERR_NAME_NOT_RESOLVED/.test(p)), []);
  await context.close();
});
