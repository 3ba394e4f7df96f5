#!/usr/bin/env bash
# Every test: native unit tests of the platform-neutral crates, then the integration tests against
# the real Worker under workerd (each test file starts its own instance with fresh D1/R2 state).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
export WRANGLER_SEND_METRICS=false
# Loopback only: no fetch of the `Request.cf` placeholder from Cloudflare.
export CLOUDFLARE_CF_FETCH_ENABLED=false

# Every step runs even when one fails, so one red run shows everything that is wrong.
failed=()
run() {
  local name=$1
  shift
  printf '\n[test] %s\n' "$name"
  "$@" || failed+=("$name")
}

run "lint: rustfmt and clippy -D warnings" bash scripts/lint.sh
# The native crates and the Worker crate's own tests (its route table against openapi.yaml; nothing
# there calls into JS) in one cargo run: apart, the Worker's features (serde, syn, chrono, ...)
# differ from the rest's, and cargo compiled those crates and every crate above them twice.
run "unit tests of the native crates and the Worker crate" cargo test --workspace --exclude plug-badge --quiet
run "unit tests of badge.js's pure parts" cargo test -p plug-badge --quiet
# Every crash the fuzzers ever found, the seeds, and the markdown XSS corpus (stable, no fuzzing).
run "fuzz regressions and the markdown XSS corpus" \
  cargo test --quiet --manifest-path fuzz/Cargo.toml --target-dir target
# The spec reporter's lines, then each file's wall time, slowest first (tests/support/file-times.mjs).
# The files named in tests/in-pairs.txt run two at a time first (they time nothing and share
# nothing: README "Tests"), then every other file alone.
paired=()
alone=()
for file in tests/*.test.mjs; do
  if grep -qxF "$file" tests/in-pairs.txt; then paired+=("$file"); else alone+=("$file"); fi
done
integration() {
  node --test --test-concurrency="$1" --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=./tests/support/file-times.mjs --test-reporter-destination=stdout "${@:2}"
}
if [ ${#paired[@]} -gt 0 ]; then
  run "integration tests against the real Worker, two files at a time" integration 2 "${paired[@]}"
fi
run "integration tests against the real Worker, one file at a time" integration 1 "${alone[@]}"

if [ ${#failed[@]} -gt 0 ]; then
  printf '\n[test] failed: %s\n' "${failed[*]}"
  exit 1
fi
printf '\n[test] all green\n'
