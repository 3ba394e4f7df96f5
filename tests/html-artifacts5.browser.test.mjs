// HTML pages as the AI tools write them (round 5): a three.js r170 scene through an import map
// with `three/addons/` (ChatGPT's canvas and Claude write `three@0.170.0` and later), a GSAP
// landing page with ScrollTrigger from cdnjs (and Gemini's module form from esm.sh), and a
// Phaser 3 arcade game from jsDelivr. Plug held none of these lines, so each page loaded its
// library from the CDN, and where that is out of reach (as here: Chromium's DNS knows none of the
// CDNs) it drew a blank canvas or never moved. A library Plug does not hold, whose CDN is out of
// reach, now puts a note on the page naming it, where the page stayed blank. Each page is dropped on
// the real Worker and opened in Chromium (docs/serving.md: CDN libraries in HTML pages).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBrowserWorld } from './support/browser-world.mjs';
import { paintedPixels } from './support/browser.mjs';

const world = useBrowserWorld('html-artifacts5');

const CUBES = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Spinning Cube with Particles</title>
  <style>
    body { margin: 0; overflow: hidden; background: #0f172a; font-family: system-ui, sans-serif; }
    #info { position: absolute; top: 16px; left: 16px; color: #e2e8f0; font-size: 14px; }
    canvas { display: block; }
  </style>
  <script type="importmap">
    {
      "imports": {
        "three": "https://cdn.jsdelivr.net/npm/three@0.170.0/build/three.module.js",
        "three/addons/": "https://cdn.jsdelivr.net/npm/three@0.170.0/examples/jsm/"
      }
    }
  </script>
</head>
<body>
  <div id="info">Drag to orbit · Scroll to zoom</div>
  <script type="module">
    import * as THREE from 'three';
    import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

    // Scene setup
    const scene = new THREE.Scene();
    const camera = new THREE.PerspectiveCamera(75, window.innerWidth / window.innerHeight, 0.1, 1000);
    camera.position.set(0, 1.5, 4);

    const renderer = new THREE.WebGLRenderer({ antialias: true });
    renderer.setSize(window.innerWidth, window.innerHeight);
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    document.body.appendChild(renderer.domElement);

    const controls = new OrbitControls(camera, renderer.domElement);
    controls.enableDamping = true;
    controls.dampingFactor = 0.05;

    // Lights
    scene.add(new THREE.AmbientLight(0xffffff, 0.6));
    const dirLight = new THREE.DirectionalLight(0xffffff, 2);
    dirLight.position.set(5, 5, 5);
    scene.add(dirLight);

    // Cube
    const cube = new THREE.Mesh(
      new THREE.BoxGeometry(1.5, 1.5, 1.5),
      new THREE.MeshStandardMaterial({ color: 0x6366f1, metalness: 0.3, roughness: 0.4 })
    );
    scene.add(cube);

    // Particles
    const count = 2000;
    const positions = new Float32Array(count * 3);
    for (let i = 0; i < count * 3; i++) positions[i] = (Math.random() - 0.5) * 10;
    const particlesGeometry = new THREE.BufferGeometry();
    particlesGeometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    const particles = new THREE.Points(particlesGeometry, new THREE.PointsMaterial({ size: 0.03, color: 0x38bdf8 }));
    scene.add(particles);

    // Animation loop
    const clock = new THREE.Clock();
    function animate() {
      requestAnimationFrame(animate);
      const elapsed = clock.getElapsedTime();
      cube.rotation.x = elapsed * 0.5;
      cube.rotation.y = elapsed * 0.7;
      particles.rotation.y = elapsed * 0.05;
      controls.update();
      renderer.render(scene, camera);
    }
    animate();

    // Handle resize
    window.addEventListener('resize', () => {
      camera.aspect = window.innerWidth / window.innerHeight;
      camera.updateProjectionMatrix();
      renderer.setSize(window.innerWidth, window.innerHeight);
    });
    window.scene3d = { camera, renderer, revision: THREE.REVISION };
  </script>
</body>
</html>
`;

test('a three.js r170 cube and particles through an import map with three/addons/ from jsDelivr: drawn by r180 from the drop, one three, OrbitControls turn it', async () => {
  const e = await world.dropLink('cube.html', CUBES);
  const { page, context, response } = await world.open(e);
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  const html = await response.text();
  assert.match(html, /"three": "\/_plug\/vendor\/cdn\/three180\/three\.module\.js"/);
  assert.match(html, /"three\/addons\/": "\/_plug\/vendor\/cdn\/three180\/examples\/jsm\/"/);
  await page.waitForFunction(() => window.scene3d?.renderer.info.render.frame > 2, null, { timeout: 5000 });
  const info = await page.evaluate(() => ({
    revision: window.scene3d.revision,
    triangles: window.scene3d.renderer.info.render.triangles,
    points: window.scene3d.renderer.info.render.points,
  }));
  // The cube's 12 triangles and the 2,000 particles, drawn by the drop's r180.
  assert.deepEqual(info, { revision: '180', triangles: 12, points: 2000 });
  assert.equal(await page.locator('canvas').count(), 1);
  // The middle of the view, where the cube turns among the particles (1280 by 720 here).
  const painted = await paintedPixels(await page.screenshot({ clip: { x: 490, y: 210, width: 300, height: 300 } }));
  assert.ok(painted > 5000, `the cube and particles are drawn (${painted} pixels off the background)`);
  const before = await page.evaluate(() => window.scene3d.camera.position.x);
  await page.mouse.move(640, 360);
  await page.mouse.down();
  await page.mouse.move(480, 340, { steps: 4 });
  await page.mouse.up();
  await page.waitForTimeout(200);
  const after = await page.evaluate(() => window.scene3d.camera.position.x);
  assert.ok(Math.abs(after - before) > 0.5, `the camera moved (${before} to ${after})`);
  assert.deepEqual(warnings.filter((w) => /Multiple instances of Three\.js/.test(w)), []);
  assert.deepEqual(page.problems, []);
  await context.close();
});

const LANDING = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Nova — Launch faster</title>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/gsap/3.12.5/gsap.min.js"></script>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/gsap/3.12.5/ScrollTrigger.min.js"></script>
  <style>
    * { margin: 0; padding: 0; box-sizing: border-box; }
    body { font-family: 'Inter', system-ui, sans-serif; background: #0a0a0a; color: #fafafa; }
    .hero { min-height: 100vh; display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; }
    .hero h1 { font-size: 4rem; }
    .hero p { margin-top: 1rem; color: #a3a3a3; }
    .features { min-height: 100vh; display: grid; grid-template-columns: repeat(3, 1fr); gap: 2rem; padding: 6rem 4rem; }
    .feature-card { background: #171717; border-radius: 16px; padding: 2rem; height: 200px; }
    .spacer { height: 100vh; }
  </style>
</head>
<body>
  <section class="hero">
    <h1 class="hero-title">Launch faster with Nova</h1>
    <p class="hero-subtitle">The platform for teams who ship.</p>
  </section>
  <section class="features">
    <div class="feature-card"><h3>Fast</h3></div>
    <div class="feature-card"><h3>Secure</h3></div>
    <div class="feature-card"><h3>Scalable</h3></div>
  </section>
  <div class="spacer"></div>
  <script>
    gsap.registerPlugin(ScrollTrigger);

    // Hero entrance
    gsap.from('.hero-title', { y: 80, opacity: 0, duration: 1.2, ease: 'power3.out' });
    gsap.from('.hero-subtitle', { y: 40, opacity: 0, duration: 1, delay: 0.3 });

    // Feature cards reveal on scroll
    gsap.utils.toArray('.feature-card').forEach((card, i) => {
      gsap.from(card, {
        scrollTrigger: { trigger: card, start: 'top 80%', toggleActions: 'play none none reverse' },
        y: 100,
        opacity: 0,
        duration: 0.4,
        delay: i * 0.1,
      });
    });
  </script>
</body>
</html>
`;

const MODULE_LANDING = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="UTF-8"><title>Scroll story</title>
<style>body { margin: 0; } .panel { height: 100vh; } .box { width: 100px; height: 100px; background: #22c55e; }</style>
</head>
<body>
  <section class="panel"><div class="box" id="box"></div></section>
  <section class="panel"></section>
  <script type="module">
    import { gsap } from 'https://esm.sh/gsap@3.12.5';
    import { ScrollTrigger } from 'https://esm.sh/gsap@3.12.5/ScrollTrigger';
    gsap.registerPlugin(ScrollTrigger);
    gsap.to('#box', { x: 400, rotation: 360, scrollTrigger: { trigger: '#box', start: 'top top', end: '+=600', scrub: true } });
    window.gsapReady = gsap.version;
  </script>
</body>
</html>
`;

test('a GSAP landing page with ScrollTrigger from cdnjs, and its module form from esm.sh: the hero animates in, the cards reveal on scroll', async () => {
  const e = await world.dropLink('landing.html', LANDING);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /<script src="\/_plug\/vendor\/cdn\/gsap\/gsap\.min\.js"><\/script>/);
  assert.match(html, /<script src="\/_plug\/vendor\/cdn\/gsap\/ScrollTrigger\.min\.js"><\/script>/);
  const transform = (selector) => page.$eval(selector, (el) => getComputedStyle(el).transform);
  const opacity = (selector) => page.$eval(selector, (el) => Number(getComputedStyle(el).opacity));
  // The title starts 80 px down and transparent and rises into place.
  await page.waitForFunction(() => window.gsap?.version === '3.15.0');
  const rising = await transform('.hero-title');
  assert.match(rising, /^matrix\(1, 0, 0, 1, 0, [1-9]/, 'the title starts below its place');
  await page.waitForFunction(() => {
    const title = document.querySelector('.hero-title');
    return new DOMMatrix(getComputedStyle(title).transform).m42 < 20 && Number(getComputedStyle(title).opacity) > 0.5;
  }, null, { timeout: 4000 });
  // The cards wait below the fold, hidden, until scrolled to.
  assert.equal(await opacity('.feature-card'), 0);
  await page.evaluate(() => window.scrollTo(0, window.innerHeight));
  await page.waitForFunction(() => [...document.querySelectorAll('.feature-card')].every((c) => getComputedStyle(c).opacity === '1'), null, { timeout: 4000 });
  await page.screenshot({ path: join(world.SHOTS, 'gsap-landing.png') });
  assert.deepEqual(page.problems, []);
  await context.close();

  const m = await world.dropLink('story.html', MODULE_LANDING);
  const second = await world.open(m);
  const storyHtml = await second.response.text();
  assert.match(storyHtml, /from '\/_plug\/vendor\/cdn\/gsap\/esm\/index\.js'/);
  assert.match(storyHtml, /from '\/_plug\/vendor\/cdn\/gsap\/esm\/ScrollTrigger\.js'/);
  await second.page.waitForFunction(() => window.gsapReady === '3.15.0');
  const x = () => second.page.$eval('#box', (el) => new DOMMatrix(getComputedStyle(el).transform).m41);
  assert.equal(await x(), 0);
  await second.page.evaluate(() => window.scrollTo(0, 300));
  // scrub: the box follows the scroll, half way along at half the scroll.
  await second.page.waitForFunction(() => new DOMMatrix(getComputedStyle(document.getElementById('box')).transform).m41 > 150, null, { timeout: 4000 });
  assert.deepEqual(second.page.problems, []);
  await second.context.close();
});

const GAME = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Star Catcher</title>
  <script src="https://cdn.jsdelivr.net/npm/phaser@3.70.0/dist/phaser.min.js"></script>
  <style>body { margin: 0; background: #1a1a2e; display: flex; justify-content: center; align-items: center; height: 100vh; }</style>
</head>
<body>
  <script>
    class MainScene extends Phaser.Scene {
      constructor() { super('MainScene'); }

      create() {
        // Generate textures (no external assets)
        const g = this.add.graphics();
        g.fillStyle(0x00d9ff).fillRect(0, 0, 40, 40).generateTexture('player', 40, 40).clear();
        g.fillStyle(0xffd700).fillCircle(10, 10, 10).generateTexture('star', 20, 20).clear();
        g.fillStyle(0x4a4e69).fillRect(0, 0, 800, 32).generateTexture('ground', 800, 32).destroy();

        this.platforms = this.physics.add.staticGroup();
        this.platforms.create(400, 584, 'ground');

        this.player = this.physics.add.sprite(100, 450, 'player');
        this.player.setBounce(0.2);
        this.player.setCollideWorldBounds(true);
        this.physics.add.collider(this.player, this.platforms);

        this.stars = this.physics.add.group({ key: 'star', repeat: 9, setXY: { x: 60, y: 0, stepX: 75 } });
        this.stars.children.iterate((star) => star.setBounceY(Phaser.Math.FloatBetween(0.4, 0.8)));
        this.physics.add.collider(this.stars, this.platforms);
        this.physics.add.overlap(this.player, this.stars, this.collectStar, null, this);

        this.score = 0;
        this.scoreText = this.add.text(16, 16, 'Score: 0', { fontSize: '28px', fill: '#fff' });
        this.cursors = this.input.keyboard.createCursorKeys();
      }

      collectStar(player, star) {
        star.disableBody(true, true);
        this.score += 10;
        this.scoreText.setText('Score: ' + this.score);
      }

      update() {
        if (this.cursors.left.isDown) this.player.setVelocityX(-240);
        else if (this.cursors.right.isDown) this.player.setVelocityX(240);
        else this.player.setVelocityX(0);
        if (this.cursors.up.isDown && this.player.body.touching.down) this.player.setVelocityY(-420);
      }
    }

    const config = {
      type: Phaser.AUTO,
      width: 800,
      height: 600,
      backgroundColor: '#16213e',
      physics: { default: 'arcade', arcade: { gravity: { y: 600 }, debug: false } },
      scene: MainScene,
    };
    window.game = new Phaser.Game(config);
  </script>
</body>
</html>
`;

test('a Phaser 3 arcade game from jsDelivr: 3.90 from the drop draws its canvas, the scene runs, the arrow keys move the player onto the stars', async () => {
  const e = await world.dropLink('game.html', GAME);
  const { page, context, response } = await world.open(e);
  assert.match(await response.text(), /<script src="\/_plug\/vendor\/cdn\/phaser\.min\.js"><\/script>/);
  await page.waitForFunction(() => window.game?.scene.getScene('MainScene')?.player?.body?.touching.down, null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => Phaser.VERSION), '3.90.0');
  assert.equal(await page.locator('canvas').count(), 1);
  // The game's bottom left, 800 by 600 in the middle of the view: the ground and the player on it.
  const box = await page.locator('canvas').boundingBox();
  const painted = await paintedPixels(await page.screenshot({ clip: { x: box.x, y: box.y + 400, width: 200, height: 200 } }));
  assert.ok(painted > 7500, `the ground and the player are drawn (${painted} pixels)`);
  const x0 = await page.evaluate(() => window.game.scene.getScene('MainScene').player.x);
  await page.keyboard.down('ArrowRight');
  await page.waitForFunction(() => window.game.scene.getScene('MainScene').score >= 10, null, { timeout: 4000 });
  await page.keyboard.up('ArrowRight');
  const after = await page.evaluate(() => {
    const scene = window.game.scene.getScene('MainScene');
    return { x: scene.player.x, text: scene.scoreText.text };
  });
  assert.ok(after.x > x0, `the player moved right (${x0} to ${after.x})`);
  assert.match(after.text, /^Score: [1-9]0+$/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a library Plug does not hold (Phaser 3.55 from cdnjs), its CDN out of reach: the page says which, where it stayed blank', async () => {
  const e = await world.dropLink('old-game.html', `<!DOCTYPE html>
<html><head><title>Breakout</title>
<script src="https://cdnjs.cloudflare.com/ajax/libs/phaser/3.55.2/phaser.min.js"></script>
<script src="https://cdnjs.cloudflare.com/ajax/libs/gsap/3.12.5/gsap.min.js"></script>
</head><body>
<script>new Phaser.Game({ width: 400, height: 300, scene: { create() { this.add.text(10, 10, 'Breakout'); } } });</script>
</body></html>
`);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /<script src="https:\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/phaser\/3\.55\.2\/phaser\.min\.js" onerror="import\('\/_plug\/vendor\/cdn\/missing\.mjs'\)\.then\(m=>m\.show\(this\)\)"><\/script>/);
  assert.match(html, /<script src="\/_plug\/vendor\/cdn\/gsap\/gsap\.min\.js"><\/script>/);
  const note = page.getByRole('alert');
  await note.waitFor({ timeout: 4000 });
  assert.equal(await note.textContent(), 'This page loads a library Plug does not serve, and its CDN could not be reached, so the page may not work: https://cdnjs.cloudflare.com/ajax/libs/phaser/3.55.2/phaser.min.js');
  assert.ok(await note.isVisible());
  await page.screenshot({ path: join(world.SHOTS, 'missing-note.png') });
  // The CDN's failure and the page's own error for the missing library, nothing else.
  assert.deepEqual(page.problems.filter((p) => !/phaser\/3\.55\.2|ERR_NAME_NOT_RESOLVED|Phaser is not defined/.test(p)), []);
  await context.close();
});
