#!/usr/bin/env bash
# Builds badge.js, the viewer vendor files, then the Worker (which embeds badge.js's ETag), the web app
# and the `plug` CLI. A step whose inputs did not change since its last build is skipped, so a
# build with nothing changed takes seconds (README "Quick start").
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
mkdir -p build public
log() { printf '[build] %s\n' "$*"; }
started=$SECONDS

# fresh OUTPUT DEPINFO EXTRA...: true when OUTPUT exists and nothing it was built from is newer:
# every file in cargo's dep-info DEPINFO (all sources, `include_str!` files too) and each EXTRA
# (manifests, the lockfile, the build script). A missing input counts as a change.
fresh() {
  local output=$1 depinfo=$2 input
  shift 2
  [ -f "$output" ] && [ -f "$depinfo" ] || return 1
  # A target/ copied from another checkout lists that checkout's sources: build afresh.
  if ! head -c "${#target}" "$depinfo" | cmp -s - <(printf '%s' "$target"); then
    log "$(basename "$output"): built in another checkout"
    return 1
  fi
  while read -r input; do
    [ -z "$input" ] && continue
    if [ ! -e "$input" ] || [ "$input" -nt "$output" ]; then
      log "$(basename "$output"): $input changed"
      return 1
    fi
  done < <({ sed -e 's/^[^:]*:[[:space:]]*//' -e 's/\\$//' "$depinfo" | tr ' ' '\n'; printf '%s\n' "$@"; })
  return 0
}

manifests=(Cargo.toml Cargo.lock rust-toolchain.toml)
target="${CARGO_TARGET_DIR:-$PWD/target}"

if [ -e build/badge-panel.js ] && fresh build/badge.js "$target/wasm32-unknown-unknown/badge/plug_badge.d" \
  "${manifests[@]}" badge/Cargo.toml scripts/build-badge.sh; then
  log "badge.js and badge-panel.js are up to date"
else
  log "badge.js and badge-panel.js (cargo, wasm-bindgen, wasm-opt)"
  bash scripts/build-badge.sh
fi

# The Worker answers /badge.js and /badge-panel.js from static assets (only their ETags are
# compiled in).
for badge_file in badge.js badge-panel.js; do
  cmp -s "build/$badge_file" "public/$badge_file" || cp "build/$badge_file" "public/$badge_file"
done

log "viewer libraries (scripts/vendor.sh)"
bash scripts/vendor.sh
# The API description is served from static assets, not carried in the Worker's upload.
cp openapi.yaml public/openapi.yaml
# The crawler and unfurler patterns the `isbot` package maintains; the Worker runs them with the
# JS engine's RegExp (they use lookbehind), so no regex engine ships in the wasm.
node -e "process.stdout.write(require('isbot').list.join('|'))" > build/isbot-pattern.txt.new
if cmp -s build/isbot-pattern.txt.new build/isbot-pattern.txt; then
  rm build/isbot-pattern.txt.new
else
  mv build/isbot-pattern.txt.new build/isbot-pattern.txt
fi

# The Worker: worker-build runs cargo, wasm-bindgen and wasm-opt (about a minute and a half even
# when cargo has nothing to do), so it is skipped when nothing the wasm is built from changed.
worker_crates=()
for manifest in worker/Cargo.toml crates/*/Cargo.toml; do worker_crates+=("$manifest"); done
if [ -f worker/build/index.js ] && fresh worker/build/index_bg.wasm \
  "$target/wasm32-unknown-unknown/release/plug_worker.d" "${manifests[@]}" "${worker_crates[@]}" \
  scripts/build.sh; then
  log "the Worker is up to date"
else
  log "the Worker (worker-build: cargo, wasm-bindgen, wasm-opt)"
  # worker-build would download these from GitHub; point it at the local copies.
  export WASM_BINDGEN_BIN="$HOME/.cargo/bin/wasm-bindgen"
  export ESBUILD_BIN="$PWD/node_modules/@esbuild/linux-x64/bin/esbuild"
  export WASM_OPT_BIN="$PWD/node_modules/.bin/wasm-opt"
  # opt-level "z" for the Worker's wasm only (the native CLI keeps the release profile's "s"):
  # 100 KiB less gzip upload than "s"; `npm run bench -- serve` showed no difference beyond
  # this machine's noise (docs/speed.md).
  (cd worker && CARGO_PROFILE_RELEASE_OPT_LEVEL=z worker-build --release)
fi

# The web app (public/app/) and the `plug` CLI the tests run (cargo skips it when nothing changed).
log "the web app and the plug CLI"
if [ -f scripts/build-web.sh ]; then bash scripts/build-web.sh; fi
cargo build -p plug --release --quiet
log "done in $((SECONDS - started)) s"
