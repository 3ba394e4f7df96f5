// HTML pages as the AI tools write them (sweep 12): a Markdown notes page on Tailwind's Play CDN
// with its typography plugin (`cdn.tailwindcss.com?plugins=typography`), marked rendering into a
// `prose` article, as ChatGPT's, Claude's and Gemini's "Markdown previewer" and docs pages write
// it. The Play CDN's stand-in ignored `?plugins=`, so `prose` made no CSS: under Tailwind's
// preflight every heading was body text, lists had no bullets, code blocks no background. Each
// page is dropped on the real Worker and opened in Chromium, whose DNS here knows none of the
// CDNs: what is asserted is what a person sees (docs/serving.md: CDN libraries in HTML pages).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBrowserWorld } from './support/browser-world.mjs';

const world = useBrowserWorld('html-artifacts4');
const shot = (page, name) => page.screenshot({ path: join(world.SHOTS, `${name}.png`), fullPage: true });

const NOTES = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Markdown Notes</title>
  <script src="https://cdn.tailwindcss.com?plugins=forms,typography"></script>
  <script src="https://cdn.jsdelivr.net/npm/marked/marked.min.js"></script>
</head>
<body class="bg-slate-100 min-h-screen">
  <div class="max-w-5xl mx-auto p-6 grid md:grid-cols-2 gap-6">
    <textarea id="editor" class="w-full h-96 p-4 rounded-xl border border-slate-300 font-mono text-sm"># Release notes

Version **2.4** ships three changes:

- Faster sync
- Offline mode
- A new theme

\`\`\`js
const notes = await load('2.4');
\`\`\`

| Area | Status |
| ---- | ------ |
| Sync | Done |
</textarea>
    <article id="preview" class="prose prose-slate lg:prose-lg bg-white rounded-xl shadow p-6"></article>
  </div>
  <script>
    const editor = document.getElementById('editor');
    const preview = document.getElementById('preview');
    const render = () => { preview.innerHTML = marked.parse(editor.value); };
    editor.addEventListener('input', render);
    render();
  </script>
</body>
</html>
`;

test("a Markdown notes page on the Play CDN with ?plugins=typography: marked's output in `prose` has its headings, bullets, code block and table styled", async () => {
  const e = await world.dropLink('notes.html', NOTES);
  const { page, response } = await world.open(e);
  assert.match(await response.text(), /<script src="\/_plug\/vendor\/cdn\/tailwind-play\.js\?plugins=forms,typography"><\/script>/);
  await page.waitForFunction(() => getComputedStyle(document.documentElement).visibility === 'visible', null, { timeout: 5000 });
  const style = (selector) => page.$eval(selector, (el) => {
    const s = getComputedStyle(el);
    return { fontSize: parseFloat(s.fontSize), fontWeight: s.fontWeight, listStyle: s.listStyleType, background: s.backgroundColor, border: s.borderBottomWidth };
  });
  const h1 = await style('#preview h1');
  const p = await style('#preview p');
  // prose-lg at 1024 px and up: 18 px text, headings 48/18 em; preflight left h1 at the body's size.
  assert.ok(h1.fontSize > p.fontSize * 2, `h1 ${h1.fontSize}px against p ${p.fontSize}px`);
  assert.equal(h1.fontWeight, '800');
  assert.equal((await style('#preview ul')).listStyle, 'disc');
  assert.equal((await style('#preview pre')).background, 'rgb(30, 41, 59)');
  assert.equal((await style('#preview thead')).border, '1px');
  // The plugin's CSS follows what the page draws later too: a heading typed in is styled.
  await page.fill('#editor', '## Typed later\n\nText');
  assert.ok((await style('#preview h2')).fontSize > (await style('#preview p')).fontSize * 1.5);
  await shot(page, 'notes-typography');
  assert.deepEqual(page.problems, []);
});

// A sign-up card in Tailwind UI's way, on `?plugins=forms`: the inputs' borders and the drawn
// checkbox come from @tailwindcss/forms (preflight gives an input no border: without the plugin
// the fields were invisible on the white card).
const SIGNUP = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Join the beta</title>
  <script src="https://cdn.tailwindcss.com?plugins=forms"></script>
</head>
<body class="bg-gray-50 flex items-center justify-center min-h-screen">
  <form class="bg-white p-8 rounded-2xl shadow w-96 space-y-4">
    <h1 class="text-xl font-semibold text-gray-900">Join the beta</h1>
    <label class="block">
      <span class="text-sm text-gray-700">Email</span>
      <input id="email" type="email" placeholder="you@example.com" class="mt-1 block w-full rounded-md border-gray-300 shadow-sm focus:border-indigo-500 focus:ring-indigo-500">
    </label>
    <label class="flex items-center gap-2">
      <input id="terms" type="checkbox" checked class="h-4 w-4 rounded border-gray-300 text-indigo-600">
      <span class="text-sm text-gray-700">I agree to the terms</span>
    </label>
    <button class="w-full rounded-md bg-indigo-600 py-2 text-white">Sign up</button>
  </form>
</body>
</html>
`;

test("a sign-up form on the Play CDN with ?plugins=forms: its input has a border and its checkbox is drawn in the page's colour", async () => {
  const e = await world.dropLink('signup.html', SIGNUP);
  const { page } = await world.open(e);
  await page.waitForFunction(() => getComputedStyle(document.documentElement).visibility === 'visible', null, { timeout: 5000 });
  const email = await page.$eval('#email', (el) => ({ border: getComputedStyle(el).borderTopWidth, color: getComputedStyle(el).borderTopColor }));
  assert.deepEqual(email, { border: '1px', color: 'rgb(209, 213, 219)' });
  const terms = await page.$eval('#terms', (el) => ({ appearance: getComputedStyle(el).appearance, background: getComputedStyle(el).backgroundColor }));
  assert.deepEqual(terms, { appearance: 'none', background: 'rgb(79, 70, 229)' });
  await shot(page, 'signup-forms');
  assert.deepEqual(page.problems, []);
});

// Google AI Studio's app as its index.html alone: an import map from aistudiocdn.com, then its
// TypeScript entry by path. Live, it was a blank page (the `.tsx` is not in a one-file drop, and
// no browser runs it); it is refused with what to upload instead, and nothing is stored.
const STUDIO_INDEX = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Recipe Remix</title>
    <script src="https://cdn.tailwindcss.com"></script>
  <script type="importmap">
{
  "imports": {
    "react": "https://aistudiocdn.com/react@^19.2.0",
    "react/": "https://aistudiocdn.com/react@^19.2.0/",
    "react-dom/": "https://aistudiocdn.com/react-dom@^19.2.0/",
    "@google/genai": "https://aistudiocdn.com/@google/genai@^1.30.0"
  }
}
</script>
</head>
  <body class="bg-amber-50">
    <div id="root"></div>
    <script type="module" src="/index.tsx"></script>
  </body>
</html>
`;

test("Google AI Studio's index.html dropped alone (it loads /index.tsx) is refused with how to build it; nothing is stored", async () => {
  const { owner } = await world.app.world();
  const before = world.app.r2BlobCount();
  const res = await world.app.drop(owner, { file: { name: 'index.html', content: STUDIO_INDEX }, fields: { scope: 'personal', visibility: 'link' } });
  assert.equal(res.status, 422);
  assert.equal(res.body.error.code, 'CONTENT_MALFORMED');
  assert.match(res.body.error.message, /loads 'index\.tsx'.*Google AI Studio.*npm run build.*dist/s);
  assert.equal(world.app.r2BlobCount(), before, 'nothing was stored');
});
