// Temporary folders a test file writes fixtures into, removed when the test process exits, so a
// machine that runs `npm test` every day does not fill its /tmp (a drag-and-drop run left 80 MB).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = [];
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder under the system's temporary folder, gone when this process exits. */
export function scratchDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), `plug-${prefix}-`));
  made.push(dir);
  return dir;
}
