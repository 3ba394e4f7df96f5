// A node:test reporter that prints what each test file cost in wall time, slowest first, after the
// run (scripts/test.sh adds it beside the spec reporter): the run's own entry for each file, the
// whole process with its Worker's start, its Chromium, its hooks and its tests, which the spec
// reporter's per-test durations leave out.
import { relative, resolve } from 'node:path';

export default async function* fileTimes(source) {
  const costs = [];
  for await (const event of source) {
    const { file, name, details } = event.data ?? {};
    if (event.type === 'test:complete' && file && name && resolve(name) === file) {
      costs.push([details?.duration_ms ?? 0, relative(process.cwd(), file)]);
    }
  }
  if (costs.length === 0) return;
  costs.sort((a, b) => b[0] - a[0]);
  const all = costs.reduce((sum, [ms]) => sum + ms, 0);
  yield `\n# time per test file, slowest first (${(all / 1000).toFixed(0)} s in all)\n`;
  for (const [ms, file] of costs) yield `# ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}\n`;
}
