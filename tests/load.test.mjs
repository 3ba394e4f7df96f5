// A bounded slice of `npm run load` (issue 16): viewers, creators, a pager and feedback senders at
// once against the real Worker, then every count checked exact and no 5xx.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker } from './support/harness.mjs';
import { runLoad, printLoad } from '../load/load.mjs';

let app;
before(async () => { app = await startWorker(); });
after(async () => { await app?.stop(); });

test('under concurrent viewers, creators, paging and feedback every count is exact and nothing answers 5xx', async (t) => {
  const result = await runLoad(app, { viewers: 40, seconds: 6, creators: 10, dropsEach: 2, feedbackSenders: 20 });
  printLoad(result, (line) => t.diagnostic(line));
  for (const check of result.checks) assert.equal(check.actual, check.expected, check.name);
});
