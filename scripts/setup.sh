#!/usr/bin/env bash
# Installs everything Plug needs on a fresh machine (see ../shared/TOOLCHAIN.md).
# Idempotent: each step is skipped when its tool is already there at the right version.
set -euo pipefail
cd "$(dirname "$0")/.."
log() { printf '[setup] %s\n' "$*"; }

WORKER_BUILD_VERSION=0.8.7
# The wasm-bindgen CLI must equal the wasm-bindgen crate in Cargo.lock exactly.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32 target"
  rustup target add wasm32-unknown-unknown
fi

# npm packages: wrangler + workerd, Node 22 (wrangler 4 refuses Node 20), esbuild,
# binaryen (wasm-opt), playwright-core, and the viewer pages' vendor libraries.
# `npm ci`: exactly what package-lock.json says, never rewriting it, so a fresh clone stays clean
# and every machine gets the same tree (it stops with a clear message when package.json and the
# lockfile disagree: run `npm install` after changing package.json, and commit the lockfile).
# What was installed is remembered by the two files' hash, not by times that a checkout resets.
npm_inputs="$(cat package.json package-lock.json | sha256sum | cut -c1-64)"
if [ ! -x node_modules/.bin/wrangler ] || [ "$(cat node_modules/.plug-installed 2>/dev/null)" != "$npm_inputs" ]; then
  log "installing npm packages from package-lock.json (a minute or two)"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$npm_inputs" > node_modules/.plug-installed
fi

if ! worker-build --version 2>/dev/null | grep -q "$WORKER_BUILD_VERSION"; then
  log "installing worker-build $WORKER_BUILD_VERSION (about 6 minutes on 2 cores)"
  cargo install worker-build --version "$WORKER_BUILD_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION"; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 4 minutes)"
  # Its lockfile can name a dependency version the registry no longer serves; fall back to resolving.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked \
    || cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# Debian's Chromium for the browser tests (never a downloaded browser build), wrk for `npm run bench`,
# and LibreOffice Calc without its GUI (about 20 s, no recommends), with which the workbook tests
# save a workbook again as another program does.
missing=""
lean=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v wrk >/dev/null 2>&1 || missing="$missing wrk"
command -v soffice >/dev/null 2>&1 || lean="$lean libreoffice-calc-nogui"
if [ -n "$missing$lean" ]; then
  log "installing Debian packages:$missing$lean"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  [ -z "$missing" ] || DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
  # shellcheck disable=SC2086
  [ -z "$lean" ] || DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $lean >/dev/null
fi

# PyPI packages in a project-local venv: Schemathesis for the API fuzz run in npm test, and
# XlsxWriter, openpyxl and python-pptx, with which the real-file tests write workbooks and decks as other
# people's code does (formulas without results, styles, merges, frozen panes), and pypdf, which
# encrypts a PDF with a password to open it (its RC4 needs no other package).
PYTHON_PINS=("schemathesis==4.32.5" "xlsxwriter==3.3.1" "openpyxl==3.1.5" "python-pptx==1.0.2" "python-docx==1.2.0" "pypdf==7.1.1" "pypandoc_binary==1.17")
if ! .venv/bin/python - "${PYTHON_PINS[@]}" 2>/dev/null <<'PY'
import sys
from importlib.metadata import version
sys.exit(any(version(name) != pinned for name, pinned in (pin.split("==") for pin in sys.argv[1:])))
PY
then
  log "installing ${PYTHON_PINS[*]} into .venv"
  python3 -m venv .venv
  .venv/bin/pip install --quiet "${PYTHON_PINS[@]}"
fi

if [ ! -f .dev.vars ]; then
  log "writing .dev.vars with fresh local secrets"
  sed -e "s/^ADMIN_TOKEN=.*/ADMIN_TOKEN=$(od -An -tx1 -N24 /dev/urandom | tr -d ' \n')/" \
      -e "s/^JWT_SECRET=.*/JWT_SECRET=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')/" \
      .dev.vars.example > .dev.vars
fi
log "ready"
