// The Worker as Cloudflare would take it: `wrangler deploy --dry-run` bundles it and states the
// upload size, which must stay within 724 KiB gzip (issue 16 asked for 1 MiB, issue 28 for 900;
// 722 KiB was reached once lol_html's legacy encodings were left out and the wasm was built with
// opt-level "z"; 715 once crc32fast's table, core's float parsing and serde's flattened D1 rows
// left it, from 758.75). Workers' free plan caps the compressed upload at 3 MB; what is loaded on every
// cold start is what this keeps small.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dryRunUploadSize, UPLOAD_GZIP_GOAL_KIB } from './support/upload-size.mjs';

test(`wrangler deploy --dry-run bundles the Worker within ${UPLOAD_GZIP_GOAL_KIB} KiB gzip`, (t) => {
  const { totalKiB, gzipKiB } = dryRunUploadSize();
  t.diagnostic(`upload ${totalKiB} KiB, gzip ${gzipKiB} KiB (goal <= ${UPLOAD_GZIP_GOAL_KIB} KiB)`);
  assert.ok(gzipKiB > 100, `a real bundle, not an empty one: ${gzipKiB} KiB`);
  assert.ok(gzipKiB <= UPLOAD_GZIP_GOAL_KIB, `gzip ${gzipKiB} KiB is over the ${UPLOAD_GZIP_GOAL_KIB} KiB goal`);
});
