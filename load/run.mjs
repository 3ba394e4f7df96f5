// `npm run load`: the full load run (200 viewers for 30 s, 50 creators, a pager, 60 feedback
// senders) against a fresh Worker on this machine; exits non-zero when a count is off or a 5xx came.
import { startWorker } from '../tests/support/harness.mjs';
import { runLoad, printLoad } from './load.mjs';

const seconds = Number(process.env.LOAD_SECONDS ?? 30);
const app = await startWorker();
let failed = false;
try {
  const result = await runLoad(app, { viewers: 200, seconds, creators: 50, feedbackSenders: 60 });
  printLoad(result);
  failed = result.checks.some((c) => c.expected !== c.actual);
} finally {
  await app.stop();
}
process.exit(failed ? 1 : 0);
