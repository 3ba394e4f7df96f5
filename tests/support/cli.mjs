// Running the real `plug` release binary in tests (README; docs/model.md "Errors"): a scratch folder
// removed after the file's tests, a clean environment per run, and the usual assertions on a run.
import assert from 'node:assert/strict';
import { after } from 'node:test';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './worker.mjs';

export const PLUG = process.env.PLUG_BIN || join(ROOT, 'target', 'release', 'plug');
export const VERSION = readFileSync(join(ROOT, 'Cargo.toml'), 'utf8').match(/^version = "([^"]+)"/m)[1];

export const scratch = mkdtempSync(join(tmpdir(), 'plug-cli-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

let dirCount = 0;
/** A fresh folder holding `files` ({ 'a/b.html': content }); returns its path. */
export function folder(files = {}, name = `d${++dirCount}`) {
  const dir = join(scratch, name);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), content);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A clean environment for the binary: its own HOME and XDG_CONFIG_HOME (never the real config), no
 * colour, no display or browser, and only the variables given in `env`.
 */
export function cleanEnv(env = {}, home = mkdtempSync(join(scratch, 'home-'))) {
  return { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), NO_COLOR: '1', ...env };
}

/**
 * Starts the binary in a [`cleanEnv`]; `done` resolves { code, stdout, stderr, home } at exit, and
 * `onErr` sees stderr as it comes (for a command that waits, such as `plug login`).
 */
export function startPlug(args, { env = {}, home = mkdtempSync(join(scratch, 'home-')), cwd = scratch, input, onErr } = {}) {
  const child = spawn(PLUG, args, { cwd, env: cleanEnv(env, home), stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; onErr?.(stderr); });
  const done = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, home }));
  });
  if (child.stdin) {
    // A command that never reads stdin may exit before the write lands.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  }
  return { child, done, home };
}

/** Runs the binary to its end (see [`startPlug`]): { code, stdout, stderr, home }. */
export const plug = (args, options) => startPlug(args, options).done;

/** The PLUG_* variables for `user` acting in `grid`. */
export const as = (app, user, grid) => ({ PLUG_URL: app.baseUrl, PLUG_TOKEN: user.token, PLUG_GRID: grid.slug });

export function json(run) {
  assert.equal(run.code, 0, `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

export function ok(run) {
  assert.equal(run.code, 0, `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  return run;
}

export const lastLine = (text) => text.trim().split('\n').at(-1);
