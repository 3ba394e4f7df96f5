#!/usr/bin/env bash
# rustfmt and clippy (-D warnings) over every crate: the workspace natively, the two wasm crates
# for wasm32 too (their wasm-only code is cfg'd out natively), and the fuzz crate (its own
# workspace); and the web app's JSDoc types (web/src/wire.js: the API's wire shapes) with tsc. Every step runs; each finding is printed; the exit status is 1 if any step failed.
set -uo pipefail
cd "$(dirname "$0")/.."

failed=()
step() {
  local name=$1
  shift
  printf '[lint] %s\n' "$name"
  if ! "$@"; then
    failed+=("$name")
  fi
}

step "rustfmt: workspace" cargo fmt --all --check
step "rustfmt: fuzz" cargo fmt --manifest-path fuzz/Cargo.toml --check
step "clippy: workspace, native" cargo clippy --quiet --workspace --all-targets -- -D warnings
# The badge is no_std on wasm: checked alone, or the Worker's std features unify into it.
step "clippy: plug-badge, wasm32" cargo clippy --quiet -p plug-badge --target wasm32-unknown-unknown --lib -- -D warnings
step "clippy: plug-badge --features panel (badge-panel.js), wasm32" cargo clippy --quiet -p plug-badge --features panel --target wasm32-unknown-unknown --lib -- -D warnings
step "clippy: plug-worker, wasm32" cargo clippy --quiet -p plug-worker --target wasm32-unknown-unknown --lib -- -D warnings
# The fuzz crate shares target/ so its dependencies (the same lockfile versions) build once.
step "clippy: fuzz" cargo clippy --quiet --manifest-path fuzz/Cargo.toml --target-dir target --all-targets -- -D warnings
# The web app is JavaScript: tsc checks its JSDoc types (web/tsconfig.json) and emits nothing.
step "tsc: web app, JSDoc types" node_modules/.bin/tsc --noEmit --checkJs -p web/tsconfig.json

if [ ${#failed[@]} -gt 0 ]; then
  printf '[lint] failed: %s\n' "${failed[*]}"
  exit 1
fi
printf '[lint] clean\n'
