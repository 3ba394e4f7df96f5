// Files written by the real tools in .venv (XlsxWriter, openpyxl, python-pptx, pypdf, installed by
// scripts/setup.sh), the way other people's code writes them, and saved again by LibreOffice.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './worker.mjs';

export const PYTHON = join(ROOT, '.venv', 'bin', 'python');

/** Runs a Python script that writes a file to `sys.argv[1]`; returns the file's bytes. */
export function writtenBy(script, fileName = 'book.xlsx') {
  const dir = mkdtempSync(join(tmpdir(), 'plug-python-'));
  try {
    execFileSync(PYTHON, ['-c', script, join(dir, fileName)], { stdio: 'pipe' });
    return readFileSync(join(dir, fileName));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** LibreOffice's export filter for each format it saves again (otherwise the extension). */
const LIBREOFFICE_FILTERS = { xlsx: 'xlsx:Calc MS Excel 2007 XML' };

/** `content` opened and saved again by LibreOffice as `name`, or null where soffice is not installed. */
export function savedByLibreOffice(name, content) {
  const dir = mkdtempSync(join(tmpdir(), 'plug-soffice-'));
  const extension = name.split('.').pop();
  try {
    writeFileSync(join(dir, name), content);
    execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', LIBREOFFICE_FILTERS[extension] ?? extension, '--outdir', join(dir, 'out'), join(dir, name)], { stdio: 'pipe', timeout: 120_000 });
    return readFileSync(join(dir, 'out', name));
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
