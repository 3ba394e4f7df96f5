// HTML pages saved from Claude's artifacts call the globals Claude gives them: `window.storage`
// (persistent storage), `window.claude.complete` and `window.fs.readFile`. Dropped as they are and
// opened in Chromium: storage keeps the page's data across a reload, the calls a drop cannot
// answer reject with a bar saying why instead of stopping the page, and a page that calls none
// of them is served as before (docs/serving.md: the AI tools' globals in HTML pages). The
// fixtures are written here in the shape Claude's HTML artifacts have.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBrowserWorld } from './support/browser-world.mjs';

const world = useBrowserWorld('html-artifacts');

// A habit tracker as Claude writes an HTML artifact with persistent storage: inline styles and
// script, `await window.storage.get/set` with a try/catch around each, JSON in the values.
const HABIT_TRACKER = `<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <title>Habit Tracker</title>
    <style>
        * { margin: 0; padding: 0; box-sizing: border-box; }
        body { font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif; background: linear-gradient(135deg, #667eea 0%, #764ba2 100%); min-height: 100vh; padding: 20px; }
        .container { max-width: 480px; margin: 0 auto; background: white; border-radius: 16px; padding: 24px; box-shadow: 0 20px 60px rgba(0,0,0,0.3); }
        h1 { color: #333; margin-bottom: 16px; }
        .habit { display: flex; justify-content: space-between; padding: 12px; border-bottom: 1px solid #eee; }
        button { background: #667eea; color: white; border: none; padding: 8px 16px; border-radius: 8px; cursor: pointer; }
    </style>
</head>
<body>
    <div class="container">
        <h1>🌱 Habit Tracker</h1>
        <div style="display:flex;gap:8px;margin-bottom:16px">
            <input id="habitInput" type="text" placeholder="New habit..." style="flex:1;padding:8px">
            <button id="addBtn">Add</button>
        </div>
        <div id="habits"></div>
        <p id="status"></p>
    </div>
    <script>
        let habits = [];

        async function loadHabits() {
            try {
                const result = await window.storage.get('habits');
                if (result) habits = JSON.parse(result.value);
            } catch (error) {
                console.log('No saved habits yet');
            }
            render();
        }

        async function saveHabits() {
            try {
                await window.storage.set('habits', JSON.stringify(habits));
            } catch (error) {
                console.error('Failed to save habits:', error);
            }
        }

        function render() {
            const list = document.getElementById('habits');
            list.innerHTML = '';
            habits.forEach((habit, index) => {
                const row = document.createElement('div');
                row.className = 'habit';
                row.innerHTML = '<span></span><button>Done ' + habit.streak + '</button>';
                row.querySelector('span').textContent = habit.name;
                row.querySelector('button').addEventListener('click', async () => {
                    habits[index].streak++;
                    await saveHabits();
                    render();
                });
                list.appendChild(row);
            });
            document.getElementById('status').textContent = habits.length + ' habits';
        }

        document.getElementById('addBtn').addEventListener('click', async () => {
            const input = document.getElementById('habitInput');
            if (!input.value.trim()) return;
            habits.push({ name: input.value.trim(), streak: 0 });
            input.value = '';
            await saveHabits();
            render();
        });

        loadHabits();
    </script>
</body>
</html>
`;

test("a Claude HTML artifact's window.storage keeps its data across a reload, for that drop only", async () => {
  const e = await world.dropLink('habit-tracker.html', HABIT_TRACKER);
  const { page, context } = await world.open(e);
  await page.waitForFunction(() => document.getElementById('status').textContent === '0 habits');
  await page.fill('#habitInput', 'Read 20 pages');
  await page.click('#addBtn');
  await page.click('.habit button');
  await page.waitForFunction(() => document.querySelector('.habit button')?.textContent === 'Done 1');
  await page.reload();
  await page.waitForFunction(() => document.getElementById('status').textContent === '1 habits');
  assert.equal(await page.textContent('.habit span'), 'Read 20 pages');
  assert.equal(await page.textContent('.habit button'), 'Done 1');
  await page.screenshot({ path: join(world.SHOTS, 'habit-tracker.png') });
  assert.deepEqual(page.problems, []);
  // Another drop of the same page has a storage of its own.
  const other = await world.dropLink('habit-tracker-2.html', HABIT_TRACKER);
  const second = await context.newPage();
  await second.goto(other.url);
  await second.waitForFunction(() => document.getElementById('status').textContent === '0 habits');
  await context.close();
});

test("window.claude.complete and window.fs.readFile reject with a bar that says why; a page calling none is served as before", async () => {
  const summarizer = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="UTF-8"><title>CSV Summarizer</title></head>
<body>
  <h1>CSV Summarizer</h1>
  <button id="go">Summarize</button>
  <pre id="out">Ready</pre>
  <script>
    document.getElementById('go').addEventListener('click', async () => {
      const out = document.getElementById('out');
      try {
        const csv = await window.fs.readFile('sales.csv', { encoding: 'utf8' });
        const summary = await window.claude.complete('Summarize this CSV: ' + csv);
        out.textContent = summary;
      } catch (error) {
        out.textContent = 'Error: ' + error.message;
      }
    });
  </script>
</body>
</html>
`;
  const e = await world.dropLink('csv-summarizer.html', summarizer);
  const { page, context, response } = await world.open(e);
  const html = await response.text();
  assert.match(html, /<head>(<meta name="robots"[^>]*>)?<script src="\/_plug\/vendor\/plug-tool-globals\.js"><\/script><meta charset="UTF-8">/);
  await page.click('#go');
  await page.waitForFunction(() => document.getElementById('out').textContent.startsWith('Error:'));
  assert.match(await page.textContent('#out'), /window\.fs\.readFile, which reads the files attached to a chat with Claude/);
  const bar = page.locator('[role="status"][data-plug-notice]');
  assert.equal(await bar.count(), 1);
  assert.match(await bar.textContent(), /A drop on Plug has no such service/);
  await page.screenshot({ path: join(world.SHOTS, 'notice.png') });
  assert.deepEqual(page.problems, []);

  const plain = await world.dropLink('plain.html', '<!doctype html><html><head><title>Plain</title></head><body><p>Hi</p></body></html>');
  const res = await world.app.open(plain.url);
  assert.doesNotMatch(res.text, /plug-tool-globals/);
  await context.close();
});
