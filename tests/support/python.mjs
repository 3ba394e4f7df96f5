// Files written by the real tools in .venv (XlsxWriter, openpyxl, python-pptx, pypdf, installed by
// scripts/setup.sh), the way other people's code writes them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './worker.mjs';

export const PYTHON = join(ROOT, '.venv', 'bin', 'python');

/** Runs a Python script that writes a file to `sys.argv[1]`; returns the file's bytes. */
export function writtenBy(script, fileName = 'book.xlsx') {
  const path = join(mkdtempSync(join(tmpdir(), 'plug-python-')), fileName);
  execFileSync(PYTHON, ['-c', script, path], { stdio: 'pipe' });
  return readFileSync(path);
}
