// Single-file React components as AI tools write them (issue 25), dropped on the real Worker and
// opened in Chromium: shadcn/ui from "@/components/ui/*", lucide icons, recharts, mathjs, three.js,
// framer-motion, Claude's window.storage, import.meta.env and "use client", styled by Tailwind v3.
// What is asserted is what a person sees: SVG icons, drawn axes and lines, clicks that change state,
// Tailwind v3's computed styles, and a console with nothing in it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BROWSER_UA, fetchLocal } from './support/harness.mjs';
import { eventually } from './support/browser.mjs';
import { useReactWorld, quiet, style, text } from './support/react-pages.mjs';
import { CALCULATOR, DASHBOARD, ENV_CLIENT, EVERY_LIBRARY, FORM, MOTION_LIST, NEXT_BLOCK, PROJECT_PAGE, THREE_SCENE, TOASTS, TRACKER } from './support/ai-components.mjs';

const world = useReactWorld('react-kit');
const { SHOTS, dropReact, open } = world;



test('a shadcn/ui dashboard with lucide icons and recharts line and bar charts renders, styled by Tailwind v3, and its controls work', async () => {
  const e = await dropReact('SalesDashboard.tsx', DASHBOARD);
  const { page, context } = await open(e);
  await page.waitForSelector('#root h1');
  assert.equal(await page.textContent('#root h1'), 'Sales Overview');

  // Styled at first paint: the Tailwind sheet is in place before the component's first element.
  assert.ok(await page.$('style#plug-tailwind'));
  assert.equal(await style(page, '#root h1', 'fontSize'), '30px', 'text-3xl');
  assert.equal(await style(page, '#root h1', 'fontWeight'), '700', 'font-bold');
  // Tailwind v3 semantics: `rounded` is 0.25rem, arbitrary values work.
  const live = await page.locator('#root div', { hasText: /^Live$/ }).first();
  assert.equal(await live.evaluate((el) => getComputedStyle(el).borderTopLeftRadius), '4px', 'rounded');
  const small = page.locator('#root p', { hasText: '+12% from last period' });
  assert.equal(await small.evaluate((el) => getComputedStyle(el).fontSize), '10px', 'text-[10px]');
  assert.equal(await small.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(30, 41, 59)', 'bg-[#1e293b]');
  // shadcn's theme variables are defined: the primary button is the default palette's slate.
  const button = page.locator('#root button', { hasText: 'Refresh' });
  assert.equal(await button.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(15, 23, 42)');
  assert.equal(await button.evaluate((el) => getComputedStyle(el).borderTopLeftRadius), '6px', 'rounded-md');

  // The kit's classes keep Tailwind's order with the component's: CardContent's `p-6 pt-0` has no
  // top padding though the component uses `p-6` itself, and CardHeader's `p-6` yields to `pb-2`.
  assert.equal(await small.evaluate((el) => getComputedStyle(el.parentElement).paddingTop), '0px', 'CardContent pt-0');
  assert.equal(await small.evaluate((el) => getComputedStyle(el.parentElement).paddingLeft), '24px', 'CardContent p-6');
  assert.equal(await small.evaluate((el) => getComputedStyle(el.parentElement.previousElementSibling).paddingBottom), '8px', 'pb-2');

  // Plug's header keeps its own border colour though the theme defines shadcn's --border.
  assert.equal(await style(page, '.plug-header', 'borderBottomColor'), 'rgb(209, 217, 224)');

  // Icons are SVGs (lucide), the brand icon of 0.383 included.
  assert.ok((await page.$$('#root svg.lucide')).length >= 4);
  assert.ok(await page.$('#root svg.lucide-github'));

  // The line chart has axes with the months and a drawn line.
  await page.waitForSelector('#root .recharts-line-curve');
  const ticks = await page.$$eval('#root .recharts-xAxis .recharts-cartesian-axis-tick-value', (t) => t.map((n) => n.textContent));
  assert.deepEqual(ticks, ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun']);
  const line = await page.getAttribute('#root .recharts-line-curve', 'd');
  assert.match(line, /^M[\d.]+,[\d.]+C/);

  // Clicks change state: the button counts, a tab shows the bar chart, the select picks a range.
  await button.click();
  await button.click();
  assert.equal((await button.textContent()).trim(), 'Refresh (2)');
  await page.click('#root [role=tab]:has-text("Users")');
  await page.waitForSelector('#root .recharts-bar-rectangle path');
  assert.equal((await page.$$('#root .recharts-bar-rectangle path')).length, 6);
  await page.click('#root [role=combobox]');
  await page.click('[role=option]:has-text("Last 3 months")');
  await page.click('#root [role=tab]:has-text("Revenue")');
  await eventually(async () => (await page.textContent('#root')).includes('Monthly revenue (3m)'), 'the chosen range');
  // The active tab is the kit's data-[state=active]:bg-background (a precompiled variant class).
  await eventually(async () => (await style(page, '#root [role=tab][data-state=active]', 'backgroundColor')) === 'rgb(255, 255, 255)', 'the active tab');

  // Only what the component imports was loaded: the ui kit, recharts, the four icons it names, and
  // Tailwind's compiler.
  // (Tailwind's is asked for twice: by the page, ahead of the libraries, then by its worker, which
  // finds it in the HTTP cache.)
  const kit = page.requested.filter((p) => p.startsWith('/_plug/vendor/react-kit/')).map((p) => p.slice('/_plug/vendor/react-kit/'.length));
  assert.deepEqual([...new Set(kit)].sort(), ['lucide/DollarSign.mjs', 'lucide/Github.mjs', 'lucide/TrendingUp.mjs', 'lucide/Users.mjs',
    'recharts.mjs', 'tailwind-worker.mjs', 'ui.mjs']);
  await page.screenshot({ path: join(SHOTS, 'dashboard.png'), fullPage: true });
  quiet(page);
  await context.close();
});

test('the source rides in the page: a recharts chart starts recharts and Tailwind at once, a plain component neither, a large source is fetched', async () => {
  const CHART = `import { LineChart, Line, XAxis } from 'recharts';
const data = [{ x: 'a', y: 1 }, { x: 'b', y: 3 }];
export default function Chart() {
  return <div className="p-4 text-[13px]"><LineChart width={300} height={200} data={data}><XAxis dataKey="x" /><Line dataKey="y" isAnimationActive={false} /></LineChart></div>;
}`;
  const PLAIN = `import React, { useState } from "react";
export default function Plain() {
  const [n, setN] = useState(0);
  return <button style={{ padding: 8 }} onClick={() => setN(n + 1)}>Clicked {n} times</button>;
}`;
  const kitOf = (page) => page.requested.filter((p) => p.startsWith('/_plug/vendor/react-kit/'));
  const preloads = (page) => page.$$eval('link[rel=modulepreload]', (links) => links.map((l) => new URL(l.href).pathname));

  const chart = await dropReact('Chart.jsx', CHART);
  const html = await (await fetchLocal(chart.url, { headers: { 'user-agent': BROWSER_UA } })).text();
  assert.match(html, /<div id="root" data-source="import \{ LineChart, Line, XAxis \} from &#39;recharts&#39;;\n/);
  const { page, context } = await open(chart);
  await page.waitForSelector('#root .recharts-line-curve');
  assert.deepEqual(await preloads(page), ['/_plug/vendor/react-kit/recharts.mjs']);
  assert.ok(kitOf(page).includes('/_plug/vendor/react-kit/tailwind-worker.mjs'), 'Tailwind started');
  assert.equal(await style(page, '#root > div', 'fontSize'), '13px', 'text-[13px]');
  assert.ok(!page.requested.includes('/_plug/file'), 'the source was not fetched again');
  assert.equal(await page.$eval('#root', (el) => el.hasAttribute('data-source')), false, 'the attribute is read and dropped');
  quiet(page);
  await context.close();

  const plain = await dropReact('Plain.jsx', PLAIN);
  const opened = await open(plain);
  await opened.page.click('#root button');
  assert.equal(await opened.page.textContent('#root button'), 'Clicked 1 times');
  assert.deepEqual(await preloads(opened.page), []);
  assert.deepEqual(kitOf(opened.page), [], 'no library and no Tailwind');
  assert.equal(await opened.page.$('style#plug-tailwind'), null);
  assert.ok(!opened.page.requested.includes('/_plug/file'));
  quiet(opened.page);
  await opened.context.close();

  // Past 512 KiB the page carries no source and fetches it.
  const large = await dropReact('Large.jsx', `${PLAIN}\n/* ${'padding '.repeat(70_000)}*/\n`);
  const fetched = await open(large);
  await fetched.page.click('#root button');
  assert.equal(await fetched.page.textContent('#root button'), 'Clicked 1 times');
  assert.ok(fetched.page.requested.includes('/_plug/file'));
  quiet(fetched.page);
  await fetched.context.close();
});

test('every name of the contract not used above resolves: each ui component, @/lib/utils, chart.js and the plotly.js names', async () => {
  const e = await dropReact('Contract.jsx', `import { Accordion } from "@/components/ui/accordion";
import { Alert } from "@/components/ui/alert";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { DropdownMenu } from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Popover } from "@/components/ui/popover";
import { Progress } from "@/components/ui/progress";
import { ScrollArea } from "@/components/ui/scroll-area";
import { Select } from "@/components/ui/select";
import { Separator } from "@/components/ui/separator";
import { Slider } from "@/components/ui/slider";
import { Switch } from "@/components/ui/switch";
import { Table } from "@/components/ui/table";
import { Tabs } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { Tooltip } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { Chart } from "chart.js";
import PlotlyJs from "plotly.js";
import PlotlyDist from "plotly.js-dist";
import PlotlyDistMin from "plotly.js-dist-min";

const all = { Accordion, Alert, Avatar, Badge, Button, Card, Checkbox, Dialog, DropdownMenu, Input, Label, Popover, Progress, ScrollArea, Select, Separator, Slider, Switch, Table, Tabs, Textarea, Tooltip, Chart, PlotlyJs, PlotlyDist, PlotlyDistMin };

export default function Contract() {
  const missing = Object.entries(all).filter(([, value]) => value == null).map(([name]) => name);
  const samePlotly = PlotlyJs === PlotlyDist && PlotlyDist === PlotlyDistMin && typeof PlotlyJs.newPlot === "function";
  return <p id="out">{Object.keys(all).length} names; missing: {missing.join(",") || "none"}; cn: {cn("px-2 py-1", "px-4")}; one Plotly: {String(samePlotly)}</p>;
}
`);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #out', { timeout: 60_000 });
  assert.equal(await page.textContent('#root #out'), '26 names; missing: none; cn: py-1 px-4; one Plotly: true');
  quiet(page);
  await context.close();
});

test('ui components are styled though the component names no class of its own', async () => {
  const e = await dropReact('Greeting.jsx', `import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";

export default function Greeting() {
  return (
    <Card>
      <CardHeader><CardTitle>Hello</CardTitle></CardHeader>
      <CardContent><Button>Say hi</Button></CardContent>
    </Card>
  );
}
`);
  const { page, context } = await open(e);
  await page.waitForSelector('#root button');
  assert.equal(await style(page, '#root button', 'backgroundColor'), 'rgb(15, 23, 42)', 'bg-primary');
  assert.equal(await style(page, '#root > div', 'borderTopLeftRadius'), '8px', 'the card is rounded-lg');
  assert.equal(await style(page, '#root > div', 'paddingTop'), '0px', 'preflight');
  quiet(page);
  await context.close();
});

test('a v0-style page of sheet, skeleton, aspect ratio, radio group, collapsible, breadcrumb, toggle, pagination, alert dialog and hover card works', async () => {
  const e = await dropReact('project-page.tsx', PROJECT_PAGE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root h1');
  const status = () => page.textContent('#root #status');
  assert.equal(await status(), 'Plan: pro · page 1 · notifying');

  // Breadcrumb: two links, the current page, and a chevron SVG in each separator.
  const crumbs = page.locator('#root nav[aria-label=breadcrumb]');
  assert.deepEqual(await crumbs.locator('a').allTextContents(), ['Home', 'Projects']);
  assert.equal(await crumbs.locator('[aria-current=page]').textContent(), 'Acme');
  assert.equal(await crumbs.locator('li[role=presentation] > svg').count(), 3);
  assert.equal(await crumbs.locator('li[role=presentation] > svg').first().evaluate((el) => getComputedStyle(el).width), '14px', '[&>svg]:w-3.5');
  assert.equal(await crumbs.locator('ol').evaluate((el) => getComputedStyle(el).display), 'flex');

  // Skeletons pulse on the muted background; the aspect ratio holds 16:9 at 320px wide.
  const skeletons = page.locator('#root .animate-pulse');
  assert.equal(await skeletons.count(), 3);
  assert.equal(await skeletons.nth(1).evaluate((el) => getComputedStyle(el).animationName), 'pulse');
  assert.equal(await skeletons.nth(1).evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(241, 245, 249)', 'bg-muted');
  assert.equal(await skeletons.nth(1).evaluate((el) => getComputedStyle(el).width), '250px');
  const frame = await skeletons.first().boundingBox();
  assert.equal(Math.round(frame.width), 320);
  assert.equal(Math.round(frame.height), 180);

  // Toggle: pressed, with the accent background.
  const toggle = page.locator('#root button[aria-label="Mute notifications"]');
  await toggle.click();
  assert.equal(await toggle.getAttribute('data-state'), 'on');
  assert.equal(await status(), 'Plan: pro · page 1 · muted');
  assert.equal(await toggle.evaluate((el) => getComputedStyle(el).height), '40px', 'h-10');

  // Sheet: opens from the right edge, full height, and its radio group changes the plan.
  await page.click('#root button:has-text("Open settings")');
  const sheet = page.locator('[role=dialog]');
  await sheet.waitFor();
  assert.match(await sheet.textContent(), /Project settings.*Choose a plan for Acme/);
  await eventually(async () => {
    const box = await sheet.boundingBox();
    return Math.round(box.x + box.width) === 1200 && box.x > 700 && Math.round(box.height) === 900;
  }, 'the sheet on the right side, full height');
  assert.equal(await sheet.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(255, 255, 255)', 'bg-background');
  assert.equal(await page.getAttribute('[role=radio][value=pro]', 'aria-checked'), 'true');
  await page.click('label[for=team]');
  assert.equal(await page.getAttribute('[role=radio][value=team]', 'aria-checked'), 'true');
  assert.equal(await page.getAttribute('[role=radio][value=pro]', 'aria-checked'), 'false');
  assert.equal(await page.locator('[role=radio][value=team]').evaluate((el) => getComputedStyle(el).borderTopLeftRadius), '9999px', 'rounded-full');
  await page.screenshot({ path: join(SHOTS, 'project-sheet.png') });
  await page.click('[role=dialog] button:has-text("Save changes")');
  await sheet.waitFor({ state: 'detached' });
  assert.equal(await status(), 'Plan: team · page 1 · muted');

  // Collapsible: the hidden repositories show once toggled.
  assert.equal(await page.isVisible('#root :text("@acme/fuel")'), false);
  await page.click('#root button:has-text("Toggle")');
  await page.waitForSelector('#root :text("@acme/fuel")', { state: 'visible' });
  await page.click('#root button:has-text("Toggle")');
  await page.waitForSelector('#root :text("@acme/fuel")', { state: 'hidden' });

  // Hover card: shows its content on hover.
  await page.hover('#root button:has-text("@acme")');
  await page.waitForSelector(':text("Acme builds rockets since 1949.")', { state: 'visible' });
  await page.mouse.move(5, 890);

  // Pagination: the active page is the outlined one; Next moves on.
  const pages = page.locator('#root nav[aria-label=pagination]');
  await pages.locator('a:has-text("2")').click();
  assert.equal(await pages.locator('a[aria-current=page]').textContent(), '2');
  assert.equal(await pages.locator('a[aria-current=page]').evaluate((el) => getComputedStyle(el).borderTopWidth), '1px', 'outline variant');
  await pages.locator('a[aria-label="Go to next page"]').click();
  assert.equal(await pages.locator('a[aria-current=page]').textContent(), '3');

  // Alert dialog: Cancel keeps the project, Continue (a primary button) deletes it.
  await page.click('#root button:has-text("Delete project")');
  const alert = page.locator('[role=alertdialog]');
  await alert.waitFor();
  assert.match(await alert.textContent(), /Are you absolutely sure\?/);
  await alert.locator('button:has-text("Cancel")').click();
  await alert.waitFor({ state: 'detached' });
  assert.equal(await status(), 'Plan: team · page 3 · muted');
  await page.click('#root button:has-text("Delete project")');
  await alert.waitFor();
  const action = alert.locator('button:has-text("Continue")');
  assert.equal(await action.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(15, 23, 42)', 'bg-primary');
  await action.click();
  await alert.waitFor({ state: 'detached' });
  assert.equal(await status(), 'Plan: team · page 3 · muted · deleted');
  quiet(page);
  await context.close();
});

test("a ui component built on another's classes is styled though the component imports only it", async () => {
  const e = await dropReact('Pages.jsx', `import { Pagination, PaginationContent, PaginationItem, PaginationLink } from "@/components/ui/pagination";
import { AlertDialog, AlertDialogAction, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from "@/components/ui/alert-dialog";

export default function Pages() {
  return (
    <>
      <Pagination><PaginationContent><PaginationItem><PaginationLink href="#" isActive>1</PaginationLink></PaginationItem></PaginationContent></Pagination>
      <AlertDialog open><AlertDialogContent><AlertDialogTitle>Sure?</AlertDialogTitle><AlertDialogDescription>For good.</AlertDialogDescription><AlertDialogAction>Yes</AlertDialogAction></AlertDialogContent></AlertDialog>
    </>
  );
}
`);
  const { page, context } = await open(e);
  await page.waitForSelector('[role=alertdialog] button');
  assert.equal(await style(page, '#root a[aria-current=page]', 'height'), '40px', "buttonVariants' size icon");
  assert.equal(await style(page, '#root a[aria-current=page]', 'borderTopWidth'), '1px', "buttonVariants' outline");
  assert.equal(await style(page, '[role=alertdialog] button', 'backgroundColor'), 'rgb(15, 23, 42)', 'bg-primary');
  quiet(page);
  await context.close();
});

test('a form of shadcn Input, Slider and Switch takes typing, a dragged thumb and a toggle', async () => {
  const e = await dropReact('NotificationSettings.jsx', FORM);
  const { page, context } = await open(e);
  await page.waitForSelector('#root input#name');
  await page.fill('#root input#name', 'Ada');
  await page.click('#root [role=switch]');
  assert.equal(await page.getAttribute('#root [role=switch]', 'data-state'), 'checked');
  // bg-primary once checked (after its transition-colors).
  await eventually(async () => (await style(page, '#root [role=switch]', 'backgroundColor')) === 'rgb(15, 23, 42)', 'the checked colour');
  const thumb = page.locator('#root [role=slider]');
  await thumb.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await page.textContent('#root #summary'), 'Ada gets email at volume 45');
  assert.equal(await style(page, '#root input#name', 'height'), '40px', 'h-10');
  await page.screenshot({ path: join(SHOTS, 'form.png') });
  quiet(page);
  await context.close();
});

test('a mathjs calculator evaluates what is typed on its keys', async () => {
  const e = await dropReact('Calculator.jsx', CALCULATOR);
  const { page, context } = await open(e);
  await page.waitForSelector('#root button');
  for (const key of ['1', '2', '*', '3', '+', '4', '=']) await page.click(`#root button:text-is("${key}")`);
  assert.equal(await page.textContent('#root #result'), '40');
  assert.equal(await style(page, '#root .bg-slate-800', 'backgroundColor'), 'rgb(30, 41, 59)');
  assert.ok(await page.$('#root svg.lucide-calculator'));
  // `Grid2x2` and `Grid2X2` are both names of one icon.
  assert.equal((await page.$$('#root svg.lucide')).length, 2);
  quiet(page);
  await context.close();
});

test('a three.js r128 scene draws its cube into a WebGL canvas, frame after frame', async () => {
  const e = await dropReact('SpinningCube.jsx', THREE_SCENE);
  const { page, context } = await open(e);
  await page.waitForSelector('#root canvas');
  assert.equal(await page.textContent('#root h2'), 'Three.js r128');
  await eventually(async () => parseInt(await page.textContent('#root #frames'), 10) >= 20, 'twenty frames');
  // The cube is drawn: the canvas holds the cube's green beside the background's navy.
  const shot = await page.locator('#root canvas').screenshot();
  const colours = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const centre = g.getImageData(img.width / 2, img.height / 2, 1, 1).data;
    const corner = g.getImageData(2, 2, 1, 1).data;
    return { centre: [...centre], corner: [...corner] };
  }, shot.toString('base64'));
  assert.deepEqual(colours.corner.slice(0, 3), [15, 23, 42], 'the scene background');
  assert.ok(colours.centre[1] > colours.centre[0] + 40, `the green cube at the centre: ${colours.centre}`);
  await context.close();
});

test('a framer-motion list animates items in and out as they are added and removed', async () => {
  const e = await dropReact('TaskList.jsx', MOTION_LIST);
  const { page, context } = await open(e);
  await page.waitForSelector('#root li');
  await page.click('#root button:has-text("Add")');
  await eventually(async () => (await page.$$('#root li')).length === 3, 'a third item');
  await eventually(async () => (await page.locator('#root li').nth(2).evaluate((el) => getComputedStyle(el).opacity)) === '1', 'the new item faded in');
  await page.click('#root button[aria-label="Remove Write brief"]');
  await eventually(async () => (await page.$$('#root li')).length === 2, 'the removed item animated out');
  assert.deepEqual(await page.$$eval('#root li span', (s) => s.map((n) => n.textContent)), ['Review PR', 'Task 3']);
  quiet(page);
  await context.close();
});

test('a tracker keeps its entries in window.storage across a reload', async () => {
  const e = await dropReact('HabitTracker.jsx', TRACKER);
  const { page, context } = await open(e);
  await page.waitForSelector('#root [data-loaded=true]');
  for (const habit of ['Run', 'Read']) {
    await page.fill('#root input', habit);
    await page.click('#root button:has-text("Add")');
  }
  await eventually(async () => (await page.$$('#root li')).length === 2, 'two entries');
  await page.reload();
  await page.waitForSelector('#root [data-loaded=true]');
  await eventually(async () => (await page.$$('#root li')).length === 2, 'the entries after the reload');
  assert.deepEqual(await page.$$eval('#root li span', (s) => s.map((n) => n.textContent)), ['Run', 'Read']);
  // Claude's API shape, kept in this content origin's localStorage.
  const api = await page.evaluate(async () => {
    await window.storage.set('k', 'v', true);
    return {
      got: await window.storage.get('entries'),
      listed: await window.storage.list(''),
      shared: await window.storage.get('k', true),
      // Claude's documentation: "accessing non-existent keys will throw errors, not return null".
      missing: await window.storage.get('nope').then(() => 'resolved', (e) => e.message),
      deleted: await window.storage.delete('k', true),
    };
  });
  assert.deepEqual(api.got, { key: 'entries', value: '["Run","Read"]', shared: false });
  assert.deepEqual(api.listed, { keys: ['entries'], prefix: '', shared: false });
  assert.deepEqual(api.shared, { key: 'k', value: 'v', shared: true });
  assert.equal(api.missing, 'Key not found: "nope" (window.storage, personal data)');
  assert.deepEqual(api.deleted, { key: 'k', deleted: true, shared: true });
  quiet(page);
  await context.close();
});

test('"use client", import.meta.env and window.fs.readFile: an empty env, and a message in the page instead of a crash', async () => {
  const e = await dropReact('Uploader.jsx', ENV_CLIENT);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #api');
  assert.equal(await page.textContent('#root #api'), 'API: https://api.example.com');
  assert.equal(await page.textContent('#root #env'), '{}');
  await page.click('#root button');
  await eventually(async () => (await page.textContent('#root #status')) === 'unavailable', 'the read to fail softly');
  const note = await page.textContent('.plug-notice');
  assert.match(note, /window\.fs\.readFile/);
  assert.match(note, /Claude/);
  quiet(page);
  await context.close();
});

test('an import outside the contract names itself, its line and what is available, and suggests a zip', async () => {
  const source = "import React from 'react';\nimport { Card } from '@/components/ui/card';\nimport moment from 'moment';\n\nexport default function App() {\n  return <Card>{moment().format('YYYY')}</Card>;\n}\n";
  const e = await dropReact('Dated.jsx', source);
  const { page, context } = await open(e);
  await page.waitForSelector('.plug-error');
  const text = await page.textContent('.plug-error');
  assert.match(text, /moment/);
  assert.match(text, /line 3/);
  assert.match(text, /lucide-react/);
  assert.match(text, /recharts/);
  assert.match(text, /@\/components\/ui\/\{[^}]*\bradio-group\b[^}]*\bsheet\b/, 'the ui components, the newer ones too');
  assert.match(text, /@\/components\/ui\/\{[^}]*\bcalendar\b[^}]*\bform\b[^}]*\bsidebar\b[^}]*\buse-toast\b/, 'and the separately loaded ones');
  assert.match(text, /react-hook-form, @hookform\/resolvers\/zod, zod, date-fns/);
  assert.match(text, /\.zip/);
  await context.close();
});

test("Gemini's Firebase settings and window.claude.complete show what the tool provided instead of crashing", async () => {
  const source = `import React, { useState } from 'react';

const firebaseConfig = JSON.parse(__firebase_config);
const appId = typeof __app_id !== 'undefined' ? __app_id : 'default-app-id';

export default function Helper() {
  const [answer, setAnswer] = useState('');
  const ask = async () => {
    try {
      setAnswer(await window.claude.complete('Say hi'));
    } catch (e) {
      setAnswer('no model here');
    }
  };
  return (
    <div className="p-4">
      <p id="app">{appId} {Object.keys(firebaseConfig).length}</p>
      <button onClick={ask} className="rounded bg-blue-600 px-3 py-1 text-white">Ask</button>
      <p id="answer">{answer}</p>
    </div>
  );
}
`;
  const e = await dropReact('Helper.jsx', source);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #app');
  assert.equal(await page.textContent('#root #app'), 'default-app-id 0');
  assert.match(await page.textContent('.plug-notice'), /Gemini's Canvas.*Firebase/);
  await page.click('#root button');
  await eventually(async () => (await page.textContent('#root #answer')) === 'no model here', 'the call to fail softly');
  const notices = await page.$$eval('.plug-notice', (n) => n.map((x) => x.textContent));
  assert.equal(notices.length, 2);
  assert.match(notices[1], /window\.claude\.complete/);
  quiet(page);
  await context.close();
});

test('an icon no lucide release has is a dashed square the page names with its line, and the rest renders', async () => {
  const source = "import { Home, NotAnIconAtAll } from 'lucide-react';\n\nexport default function App() {\n  return <p id=\"icons\"><Home /><NotAnIconAtAll /> Hello</p>;\n}\n";
  const e = await dropReact('Icons.jsx', source);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #icons svg rect[stroke-dasharray]');
  assert.equal(await page.textContent('#root #icons'), ' Hello');
  assert.equal(await page.$$eval('#root #icons svg.lucide-home', (s) => s.length), 1);
  const note = await page.textContent('.plug-notice');
  assert.match(note, /no icon "NotAnIconAtAll" \(line 1\)/);
  // The only noise is the request for a file no release has.
  assert.ok(page.console.every((m) => /404|NotAnIconAtAll\.mjs/.test(m)), page.console.join('\n'));
  await context.close();
});

test('d3, lodash, papaparse, chart.js, tone, Plotly (plotly and react-plotly.js) and mammoth all resolve and run', async () => {
  const e = await dropReact('Everything.jsx', EVERY_LIBRARY);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #d3', { timeout: 30_000 });
  assert.equal(await page.textContent('#root #d3'), '50');
  assert.equal(await page.textContent('#root #lodash'), '[[1,2],[3,4]] 6');
  assert.equal(await page.textContent('#root #papa'), 'Ada,Alan');
  await eventually(async () => (await page.textContent('#root #chart')) === 'bar', 'the Chart.js chart');
  assert.equal(await page.textContent('#root #tone'), 'function');
  assert.equal(await page.textContent('#root #plotly'), 'function');
  assert.equal(await page.textContent('#root #mammoth'), 'function');
  // react-plotly.js draws its plot with the page's React: Plotly's SVG with the line's trace.
  await page.waitForSelector('#root .js-plotly-plot .scatterlayer .trace', { timeout: 30_000 });
  assert.equal(page.console.filter((m) => m.startsWith('error') || m.startsWith('pageerror')).length, 0, page.console.join('\n'));
  await page.screenshot({ path: join(SHOTS, 'every-library.png') });
  await context.close();
});

test('a v0 block of Next.js code: next/link is a link, next/image an image, the router moves to a hash in the page, a Google font names its family', async () => {
  const e = await dropReact('hero-block.tsx', NEXT_BLOCK);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #more');
  const links = await page.$$eval('#root header a', (as) => as.map((a) => [a.textContent.trim(), a.getAttribute('href'), a.className]));
  assert.deepEqual(links, [
    ['Acme', '/', 'font-semibold'],
    ['Pricing', '/pricing', 'hover:underline underline-offset-4'],
    ['Docs', '/docs?tab=api', 'hover:underline underline-offset-4'],
  ]);
  const image = await page.$eval('#root img', (img) => ({
    src: img.getAttribute('src'), alt: img.alt, position: getComputedStyle(img).position, fit: getComputedStyle(img).objectFit,
    width: img.getBoundingClientRect().width, parent: img.parentElement.getBoundingClientRect().width,
    attributes: img.getAttributeNames().sort(),
  }));
  assert.match(image.src, /^data:image\/svg\+xml,/);
  assert.equal(image.alt, 'Hero');
  assert.equal(image.position, 'absolute');
  assert.equal(image.fit, 'cover');
  assert.equal(image.width, image.parent, 'a fill image covers its parent');
  assert.deepEqual(image.attributes, ['alt', 'class', 'decoding', 'loading', 'src', 'style'], "Next's own props are not attributes");
  await eventually(() => page.$eval('#root img', (img) => img.complete && img.naturalWidth === 600), 'the image to load');
  assert.match(await page.$eval('#root > div', (d) => d.style.fontFamily), /Inter.*sans-serif/);
  const before = await page.evaluate(() => ({ href: location.href, length: history.length }));
  assert.equal(await page.textContent('#root #where'), new URL(before.href).pathname);
  await page.click('#root #more');
  await page.waitForSelector('#root #details');
  const after = await page.evaluate(() => ({ href: location.href, hash: location.hash, length: history.length }));
  assert.equal(after.hash, '#details');
  assert.equal(after.href, `${before.href.split('#')[0]}#details`, 'the same page, with the hash');
  assert.equal(after.length, before.length + 1, 'pushed onto the history');
  assert.equal(await page.textContent('#root #details'), 'Details are open.', 'the state set by the click survives');
  await page.screenshot({ path: join(SHOTS, 'next-block.png') });
  // A path of the drop's own origin: the address changes, the page does not reload, the hooks follow.
  await page.evaluate(() => { window.stillHere = true; });
  await page.click('#root #from');
  const path = new URL(before.href).pathname;
  await eventually(async () => (await page.textContent('#root #where')) === `${path} from nav`, 'useSearchParams to follow the push');
  assert.equal(await page.evaluate(() => location.search), '?ref=nav');
  await page.evaluate(() => history.back());
  await eventually(async () => (await page.textContent('#root #where')) === path, 'the hooks to follow back');
  assert.equal(await page.evaluate(() => location.hash), '#details');
  assert.equal(await page.evaluate(() => window.stillHere), true, 'never left the page');
  assert.ok(await page.$('#root #details'), 'the state is kept');
  quiet(page);
  await context.close();
});

test("sonner's toast() shows its toast in the <Toaster /> v0 imports from @/components/ui/sonner", async () => {
  const e = await dropReact('save-bar.tsx', TOASTS);
  const { page, context } = await open(e);
  await page.waitForSelector('#root #save');
  await page.click('#root #save');
  const toast = await page.waitForSelector('[data-sonner-toast][data-type="success"]');
  assert.match(await toast.textContent(), /Changes saved.*Your profile is up to date\./);
  await eventually(() => toast.evaluate((t) => t.dataset.mounted === 'true' && getComputedStyle(t).opacity === '1'), 'the toast to come in');
  assert.equal(await toast.evaluate((t) => getComputedStyle(t).position), 'absolute', "sonner's own styles apply");
  // Above Plug's badge chip in the bottom-right corner, not over it.
  const chip = await page.locator('platform-badge').boundingBox();
  assert.ok(chip && chip.width > 0, "Plug's chip is in the page");
  const box = await toast.boundingBox();
  assert.ok(box.x + box.width > chip.x, 'the toast is in the same corner');
  assert.ok(box.y + box.height <= chip.y, `the toast (bottom ${box.y + box.height}) clears the chip (top ${chip.y})`);
  await page.click('#root #plain');
  await page.waitForSelector('[data-sonner-toast] >> text=Event has been created');
  await page.screenshot({ path: join(SHOTS, 'sonner.png') });
  quiet(page);
  await context.close();
});
