#!/usr/bin/env bash
# `npm run fuzz`: every cargo-fuzz target for a bounded time, then the long Schemathesis run
# against the real Worker. Crashes are moved to fuzz/regressions/<target>/, which
# `cargo test --manifest-path fuzz/Cargo.toml` replays from then on; the run fails on a crash
# that is not one of the open bugs listed in fuzz/tests/regressions.rs.
#
#   FUZZ_SECONDS    seconds per cargo-fuzz target (default 30)
#   FUZZ_TARGETS    space-separated subset of targets (default: all of `cargo fuzz list`)
#   PLUG_ST_SECONDS time budget of the long Schemathesis run's API pass (default 1800)
#   FUZZ_SKIP_API=1 only the cargo-fuzz targets
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
log() { printf '[fuzz] %s\n' "$*"; }

# cargo-fuzz needs nightly (sanitizers, -Zbuild-std free); both installs are skipped when present.
if ! rustup toolchain list | grep -q '^nightly'; then
  log "installing the nightly toolchain (minimal profile)"
  rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  log "installing cargo-fuzz"
  cargo install cargo-fuzz --locked
fi

seconds=${FUZZ_SECONDS:-30}
targets=${FUZZ_TARGETS:-$(cargo +nightly fuzz list)}
crashed=()
for target in $targets; do
  # Archives and documents need room to be interesting; text formats stay small and fast.
  case "$target" in
    archive|content|enrichment) max_len=65536 ;;
    *) max_len=8192 ;;
  esac
  mkdir -p "fuzz/corpus/$target" "fuzz/artifacts/$target"
  log "$target for ${seconds}s"
  # One forked worker that outlives crashes: a known bug found in the first second does not end
  # the run, and every distinct crash of the whole time budget is kept.
  cargo +nightly fuzz run --features libfuzzer -O "$target" "fuzz/corpus/$target" "fuzz/seeds/$target" -- \
    -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 || crashed+=("$target")
  # Keep what broke a harness as a regression input, named by its content hash.
  for artifact in "fuzz/artifacts/$target"/*; do
    [ -f "$artifact" ] || continue
    mkdir -p "fuzz/regressions/$target"
    mv "$artifact" "fuzz/regressions/$target/$(basename "$artifact")"
    log "kept fuzz/regressions/$target/$(basename "$artifact")"
    [[ " ${crashed[*]} " == *" $target "* ]] || crashed+=("$target")
  done
done

status=0
if [ ${#crashed[@]} -gt 0 ]; then
  log "crashes in: ${crashed[*]}: inputs kept in fuzz/regressions/; reproduce one with"
  log "  cargo +nightly fuzz run --features libfuzzer <target> <file>"
fi
# Crashes of bugs still open are expected (KNOWN_BUGS in fuzz/tests/regressions.rs); any other fails.
log "replaying fuzz/regressions and fuzz/seeds"
cargo test --quiet --manifest-path fuzz/Cargo.toml --target-dir target --test regressions || status=1

if [ "${FUZZ_SKIP_API:-}" != 1 ]; then
  log "the long Schemathesis run against the real Worker"
  PLUG_ST_MODE=long node --test --test-reporter=spec tests/schemathesis.test.mjs || status=1
fi
exit "$status"
