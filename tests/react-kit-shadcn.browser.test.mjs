// shadcn/ui's heavier components (issue 25), as v0 and Claude write them, on the real Worker in
// Chromium: the older toast (`useToast` from "@/hooks/use-toast", `<Toaster />`), a settings form on
// react-hook-form and zod, a command palette and a Popover + Command combobox, a Popover + Calendar
// date picker with date-fns, a carousel, a chart, a drawer, and menubar, context and navigation
// menus, a toggle group, a one-time-code input, resizable panels and a sidebar. Each is a module of its own
// (react-kit/ui-*.mjs) that takes React and Radix from ui.mjs: a page asks only for those it
// imports, and every one of them works with the kit's others (a Command inside a Popover).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { format } from 'date-fns';
import { BROWSER_UA } from './support/harness.mjs';
import { dropReact, openWatched } from './support/react-pages.mjs';
import { ROOT } from './support/worker.mjs';
import { eventually, openBrowserWorld, closeBrowserWorld } from './support/browser.mjs';
import { CAROUSEL, CHART, COMMAND_PALETTE, DATE_PICKER, DRAWER, RARER, SETTINGS_FORM, SIDEBAR_APP } from './support/ai-components-shadcn.mjs';

const SHOTS = join(ROOT, 'test-output', 'react-kit');
let app;
let browser;
before(async () => ({ app, browser } = await openBrowserWorld(SHOTS)));
after(() => closeBrowserWorld({ app, browser }));

const open = async (name, content) => openWatched(browser, (await dropReact(app, name, content)).url);

const quiet = (page) => assert.deepEqual(page.console, [], 'nothing in the console');
const kitFiles = (page) =>
  [...new Set(page.requested.filter((p) => p.includes('/react-kit/') && !p.includes('/lucide/')).map((p) => p.split('/react-kit/')[1]))].sort();
const colour = (locator, property) => locator.evaluate((el, p) => getComputedStyle(el)[p], property);
// Whether two boxes (a toast, Plug's badge chip) share any pixel.
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a settings form on react-hook-form and zod shows its messages, and a valid submit shows the older toast', async () => {
  const { page, context } = await open('settings-form.tsx', SETTINGS_FORM);
  const submit = page.locator('#root button[type=submit]');
  await submit.waitFor();
  assert.equal(await page.textContent('#root h2'), 'Settings');
  await submit.click();
  const message = page.locator('#root p', { hasText: 'Username must be at least 2 characters.' });
  await message.waitFor();
  assert.equal(await colour(message, 'color'), 'rgb(239, 68, 68)', 'FormMessage is text-destructive');
  const username = page.locator('#root input[placeholder=shadcn]');
  assert.equal(await username.getAttribute('aria-invalid'), 'true');
  const label = page.locator('#root label', { hasText: 'Username' });
  assert.equal(await label.getAttribute('for'), await username.getAttribute('id'), 'the label names its input');
  assert.equal(await colour(label, 'color'), 'rgb(239, 68, 68)', 'an invalid field has a red label');
  assert.match(await page.textContent('#root'), /Please enter a valid email\./);

  await username.fill('ada');
  await page.fill('#root input[type=email]', 'ada@example.com');
  await page.click('#root button[role=switch]');
  await submit.click();
  // Radix's toast: an <li> in the viewport's <ol>.
  const toast = page.locator('ol > li[data-state=open]', { hasText: 'Profile updated' });
  await toast.waitFor();
  assert.match(await toast.textContent(), /Saved ada <ada@example\.com> with marketing emails\./);
  assert.equal(await message.count(), 0, 'the message went once the name was valid');
  assert.equal(await username.getAttribute('aria-invalid'), 'false');
  assert.equal(await colour(toast, 'borderTopLeftRadius'), '6px', 'the toast is rounded-md');
  assert.equal(await toast.evaluate((el) => getComputedStyle(el.parentElement).position), 'fixed', 'in its viewport');
  // Bottom right, above Plug's badge chip in that corner rather than over it.
  const chip = await page.locator('platform-badge').boundingBox();
  assert.ok(chip && chip.width > 0, "Plug's chip is in the page");
  await eventually(async () => {
    const box = await toast.boundingBox();
    return box.x + box.width > chip.x && !overlap(box, chip);
  }, 'the toast beside the chip, clear of it');
  await page.screenshot({ path: join(SHOTS, 'shadcn-form-toast.png') });
  // Closing it takes it away.
  await toast.hover();
  await page.click('ol > li button[aria-label=Close]');
  await eventually(async () => (await toast.count()) === 0, 'the toast to close');

  assert.deepEqual(
    kitFiles(page).filter((f) => !f.startsWith('tailwind')),
    ['hookform-zod.mjs', 'kit-css/form.mjs', 'kit-css/toaster.mjs', 'react-hook-form.mjs', 'ui-form.mjs', 'ui-toast.mjs', 'ui.mjs', 'zod.mjs'],
    'only what the form imports, and the Tailwind classes of its separately loaded components',
  );
  quiet(page);
  await context.close();
});

test('a command palette opens on its button and on Ctrl+K, filters as one types and runs an item; a combobox is a Command in a Popover', async () => {
  const { page, context } = await open('command-palette.jsx', COMMAND_PALETTE);
  await page.click('#root button:has-text("Open command palette")');
  const dialog = page.locator('[role=dialog]');
  await dialog.waitFor();
  const input = dialog.locator('input[cmdk-input]');
  assert.equal(await input.evaluate((el) => el === document.activeElement), true, 'the search box has focus');
  assert.equal(await dialog.locator('[cmdk-item]').count(), 6);
  await input.fill('bill');
  await eventually(async () => (await dialog.locator('[cmdk-item]').count()) === 1, 'the list to filter to Billing');
  assert.equal(await dialog.locator('[cmdk-item]').textContent(), 'Billing⌘B');
  await input.fill('zzz');
  await dialog.locator('text=No results found.').waitFor();
  await input.fill('prof');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#ran >> text=Ran: Profile');
  await dialog.waitFor({ state: 'detached' });

  await page.keyboard.press('Control+k');
  await dialog.waitFor();
  const calendar = dialog.locator('[cmdk-item]', { hasText: 'Calendar' });
  assert.equal(await calendar.getAttribute('data-selected'), 'true', 'the first item is highlighted');
  assert.equal(await colour(calendar, 'backgroundColor'), 'rgb(241, 245, 249)', 'bg-accent');
  assert.equal(await dialog.locator('[cmdk-item] svg').count(), 6, 'lucide icons in the items');
  await page.screenshot({ path: join(SHOTS, 'shadcn-command.png') });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  await page.click('#root button[role=combobox]');
  const search = page.locator('[data-radix-popper-content-wrapper] input[cmdk-input]');
  await search.fill('rem');
  await page.click('[data-radix-popper-content-wrapper] [cmdk-item]:has-text("Remix")');
  await page.waitForSelector('#root button[role=combobox]:has-text("Remix")');
  assert.equal(await page.locator('[data-radix-popper-content-wrapper]').count(), 0, 'the popover closed');
  assert.ok(!kitFiles(page).includes('ui-calendar.mjs'), 'the command palette does not load the calendar');
  quiet(page);
  await context.close();
});

test('a date picker is a Calendar in a Popover: a chosen day shows in the button, formatted by date-fns, and is drawn selected', async () => {
  const { page, context } = await open('booking.tsx', DATE_PICKER);
  const trigger = page.locator('#root button:has-text("Pick a date")');
  await trigger.waitFor();
  await trigger.click();
  const grid = page.locator('[data-radix-popper-content-wrapper] table[role=grid]');
  await grid.waitFor();
  const now = new Date();
  const heading = format(now, 'MMMM yyyy');
  assert.match(await page.textContent('[data-radix-popper-content-wrapper]'), new RegExp(heading));
  assert.equal(await grid.locator('th').count(), 7, 'a week of weekday headings');
  // Today is marked; the 15th of this month is picked.
  const day = grid.locator('td:not([data-outside]) button', { hasText: /^15$/ });
  assert.equal(await colour(day, 'height'), '36px', 'h-9 day buttons');
  await day.click();
  const picked = new Date(now.getFullYear(), now.getMonth(), 15);
  await page.waitForSelector(`#root button:has-text("${format(picked, 'PPP')}")`);
  assert.equal(await page.textContent('#summary'), `Booked for ${format(picked, 'EEEE')}`);
  // The popover stays open (as shadcn's date picker does): the chosen day is drawn selected
  // (bg-primary), and Escape closes it.
  const selected = page.locator('[data-radix-popper-content-wrapper] td[aria-selected=true] button');
  await selected.waitFor();
  assert.equal(await selected.textContent(), '15');
  await eventually(async () => (await colour(selected, 'backgroundColor')) === 'rgb(15, 23, 42)', 'the selected day to be bg-primary');
  await page.screenshot({ path: join(SHOTS, 'shadcn-date-picker.png') });
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-radix-popper-content-wrapper]', { state: 'detached' });
  assert.deepEqual(
    kitFiles(page).filter((f) => !f.startsWith('tailwind')),
    ['date-fns.mjs', 'kit-css/calendar.mjs', 'ui-calendar.mjs', 'ui.mjs'],
  );
  quiet(page);
  await context.close();
});

test('a carousel moves on its buttons and arrow keys and tells its position through setApi', async () => {
  const { page, context } = await open('gallery.tsx', CAROUSEL);
  await page.waitForSelector('#position >> text=Slide 1 of 5');
  const prev = page.locator('#root button:has-text("Previous slide")');
  const next = page.locator('#root button:has-text("Next slide")');
  assert.equal(await prev.isDisabled(), true, 'nothing before the first slide');
  const track = page.locator('#root [aria-roledescription=carousel] .flex').first();
  const before = await track.evaluate((el) => el.getBoundingClientRect().left + new DOMMatrix(getComputedStyle(el).transform).m41);
  await next.click();
  await page.waitForSelector('#position >> text=Slide 2 of 5');
  await eventually(async () => {
    const x = await track.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
    return x < -200;
  }, 'the track to slide left by a slide');
  assert.ok(Number.isFinite(before));
  await page.focus('#root button:has-text("Next slide")');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#position >> text=Slide 3 of 5');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('#position >> text=Slide 2 of 5');
  assert.equal(await prev.isDisabled(), false);
  assert.equal(await colour(next, 'borderTopLeftRadius'), '9999px', 'round buttons');
  await page.screenshot({ path: join(SHOTS, 'shadcn-carousel.png') });
  quiet(page);
  await context.close();
});

test("a chart: ChartContainer's config colours recharts' bars, and its tooltip and legend name the series", async () => {
  const { page, context } = await open('bar-chart.tsx', CHART);
  const bars = page.locator('#root .recharts-bar-rectangle path');
  await eventually(async () => (await bars.count()) === 12, 'twelve bars');
  // --chart-1 (12 76% 61%) and --chart-2 (173 58% 39%) of shadcn's palette, through --color-desktop.
  // recharts draws the bars again as they grow in: read them once they are still.
  const fills = () => page.$$eval('#root .recharts-bar-rectangle path', (ps) => ps.map((p) => getComputedStyle(p).fill));
  await eventually(async () => {
    const all = await fills();
    return all.length === 12 && all[0] === 'rgb(231, 110, 80)' && all[11] === 'rgb(42, 157, 144)';
  }, 'desktop bars in --chart-1 and mobile bars in --chart-2');
  const legend = page.locator('#root .recharts-legend-wrapper');
  assert.match(await legend.textContent(), /Desktop.*Mobile/);
  assert.equal(await page.locator('#root .recharts-cartesian-axis-tick-value').first().textContent(), 'Jan');
  // February's desktop bar (the second of the first series), once it has grown in: its fill is
  // set from the first frame, its height only at the end of recharts' animation.
  const februaryBox = () => page.$$eval('#root .recharts-bar-rectangle path', (ps) => {
    const r = ps[1].getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  let box;
  await eventually(async () => (box = await februaryBox()).height > 100, 'a tall bar for 305');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tooltip = page.locator('#root .recharts-tooltip-wrapper');
  await eventually(async () => /February.*Desktop.*305.*Mobile.*200/.test(await tooltip.textContent()), 'the tooltip for February');
  await page.screenshot({ path: join(SHOTS, 'shadcn-chart.png') });
  assert.deepEqual(kitFiles(page).filter((f) => !f.startsWith('tailwind')), ['kit-css/chart.mjs', 'recharts.mjs', 'ui-chart.mjs', 'ui.mjs']);
  quiet(page);
  await context.close();
});

test('a drawer slides up with its content, its buttons and a Select work inside it, and Cancel closes it', async () => {
  const { page, context } = await open('goal-drawer.tsx', DRAWER);
  await page.click('#root button:has-text("Open Drawer")');
  const drawer = page.locator('[role=dialog]');
  await drawer.waitFor();
  assert.match(await drawer.textContent(), /Move Goal.*Set your daily activity goal\./);
  await eventually(async () => {
    const box = await drawer.boundingBox();
    return box && Math.abs(box.y + box.height - 900) < 2;
  }, 'the drawer to sit on the bottom edge');
  await page.click('[role=dialog] button[aria-label=Increase]');
  await page.waitForSelector('#goal >> text=360');
  assert.equal(await colour(drawer, 'borderTopLeftRadius'), '10px', 'rounded-t-[10px]');
  // A Select (ui.mjs) inside the drawer (ui-drawer.mjs): its list opens in a portal outside the
  // drawer, and choosing from it does not count as a click outside the drawer, because both use
  // the one copy of Radix's layers.
  await page.click('[role=dialog] button[aria-label=Unit]');
  await page.click('[role=option]:has-text("Steps/day")');
  await page.waitForSelector('#unit >> text=Counting steps');
  assert.equal(await drawer.isVisible(), true, 'the drawer stays open');
  await page.screenshot({ path: join(SHOTS, 'shadcn-drawer.png') });
  await page.click('[role=dialog] button:has-text("Cancel")');
  await drawer.waitFor({ state: 'detached' });
  quiet(page);
  await context.close();
});

test('menubar, context menu, navigation menu, toggle group, one-time code and resizable panels render and respond', async () => {
  const { page, context } = await open('workbench.jsx', RARER);
  await page.click('#root [role=menubar] >> text=File');
  await page.click('[role=menu] >> text=Print...');
  await page.waitForSelector('#last >> text=Last: Print');
  await page.click('#root >> text=Right click here', { button: 'right' });
  await page.click('[role=menu] >> text=Reload');
  await page.waitForSelector('#last >> text=Last: Reload');
  await page.hover('#root button:has-text("Getting started")');
  await page.waitForSelector('a[href="#intro"]:has-text("Introduction")');
  const bold = page.locator('#root button[aria-label="Toggle bold"]');
  await bold.click();
  assert.equal(await bold.getAttribute('data-state'), 'on');
  await page.mouse.move(0, 0);
  // transition-colors: the colour eases in.
  await eventually(async () => (await colour(bold, 'backgroundColor')) === 'rgb(241, 245, 249)', 'an on item to be bg-accent');
  await page.click('#root [data-input-otp-container]');
  await page.keyboard.type('123456');
  await page.waitForSelector('#code >> text=Code: 123456');
  assert.equal(await page.locator('#root [data-input-otp-container] > div').first().textContent(), '123');
  const panels = page.locator('#root [data-panel]');
  assert.equal(await panels.count(), 2);
  const [one, two] = [await panels.nth(0).boundingBox(), await panels.nth(1).boundingBox()];
  assert.ok(Math.abs(one.width - two.width) < 2, 'two halves');
  const handle = await page.locator('#root [data-panel-resize-handle-id]').boundingBox();
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 100, handle.y + handle.height / 2, { steps: 5 });
  await page.mouse.up();
  assert.ok((await panels.nth(0).boundingBox()).width > one.width + 50, 'dragging the handle widens the first panel');
  await page.screenshot({ path: join(SHOTS, 'shadcn-rarer.png') });
  quiet(page);
  await context.close();
});

test('a v0 sidebar: expanded with its menu, collapsed to icons by its trigger and Ctrl+B, and a sheet on a phone', async () => {
  const e = await dropReact(app, 'app-sidebar.tsx', SIDEBAR_APP);
  const context = await browser.newContext({ userAgent: BROWSER_UA, viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  const logged = [];
  page.on('console', (m) => logged.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (err) => logged.push(`pageerror: ${err.message}`));
  await page.goto(e.url);
  await page.waitForSelector('#layout >> text=Desktop layout');
  const panel = page.locator('#root [data-sidebar=sidebar]');
  // The fixed box around the panel: 16rem wide, its right border included.
  const width = () => panel.evaluate((el) => Math.round(el.parentElement.getBoundingClientRect().width));
  await eventually(async () => (await width()) === 256, 'a 16rem sidebar');
  assert.equal(await colour(panel, 'backgroundColor'), 'rgb(250, 250, 250)', 'bg-sidebar');
  const home = page.locator('#root a[href="#home"]');
  assert.equal(await home.getAttribute('data-active'), 'true');
  assert.equal(await colour(home, 'backgroundColor'), 'rgb(244, 244, 245)', 'the active item is bg-sidebar-accent');
  assert.equal(await page.locator('#root [data-sidebar=menu-badge]').textContent(), '24');
  assert.equal(await page.locator('#root [data-sidebar=menu-button] svg').count(), 5, 'an icon per item');
  // The main area starts where the sidebar ends.
  const main = page.locator('#root main');
  assert.equal(await main.evaluate((el) => Math.round(el.getBoundingClientRect().left)), 256);
  // The sidebar starts below Plug's page header and reaches the bottom: the file's title shows.
  const header = await page.locator('.plug-header').boundingBox();
  const fixedBox = () => panel.evaluate((el) => el.parentElement.getBoundingClientRect().toJSON());
  await eventually(async () => Math.round((await fixedBox()).top) === Math.round(header.y + header.height), 'the sidebar below the header');
  assert.equal(Math.round((await fixedBox()).bottom), 800);
  assert.equal(await page.evaluate(() => {
    const title = document.querySelector('.plug-header h1').getBoundingClientRect();
    return document.elementFromPoint(title.left + 4, title.top + title.height / 2)?.closest('.plug-header') !== null;
  }), true, "the header's title is not covered");

  await page.click('#root button[data-sidebar=trigger]');
  await eventually(async () => (await width()) === 48, 'the sidebar to collapse to its 3rem of icons');
  assert.equal(await page.locator('#root [data-collapsible=icon]').count(), 1);
  assert.equal(await page.locator('#root [data-sidebar=menu-badge]').isVisible(), false, 'no badge when collapsed');
  await eventually(async () => (await main.evaluate((el) => Math.round(el.getBoundingClientRect().left))) === 48, 'the main area to follow');
  // Collapsed, an item shows its name in a tooltip.
  await page.hover('#root a[href="#inbox"]');
  await page.waitForSelector('[role=tooltip] >> text=Inbox');
  await page.screenshot({ path: join(SHOTS, 'shadcn-sidebar-collapsed.png') });
  await page.mouse.move(600, 400);
  await page.keyboard.press('Control+b');
  await eventually(async () => (await width()) === 256, 'Ctrl+B to expand it again');
  await page.screenshot({ path: join(SHOTS, 'shadcn-sidebar.png') });

  // On a phone the sidebar is a sheet the trigger opens.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.waitForSelector('#layout >> text=Mobile layout');
  assert.equal(await page.locator('#root [data-sidebar=sidebar]').count(), 0, 'no sidebar in the page');
  await page.click('#root button[data-sidebar=trigger]');
  const sheet = page.locator('[role=dialog][data-mobile=true]');
  await sheet.waitFor();
  assert.match(await sheet.textContent(), /Acme Inc.*Home.*Inbox.*Settings/);
  await eventually(async () => Math.round((await sheet.boundingBox()).width) === 288, 'an 18rem sheet');
  await page.screenshot({ path: join(SHOTS, 'shadcn-sidebar-mobile.png') });
  assert.deepEqual(logged, [], 'nothing in the console');
  await context.close();
});
