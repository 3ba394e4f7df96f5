#!/usr/bin/env bash
# Builds badge.js, the viewer vendor files, then the Worker (which embeds badge.js).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
mkdir -p build public

bash scripts/build-badge.sh
bash scripts/vendor.sh
# The API description is served from static assets, not carried in the Worker's upload.
cp openapi.yaml public/openapi.yaml
# The crawler and unfurler patterns the `isbot` package maintains; the Worker runs them with the
# JS engine's RegExp (they use lookbehind), so no regex engine ships in the wasm.
node -e "process.stdout.write(require('isbot').list.join('|'))" > build/isbot-pattern.txt

# worker-build would download these from GitHub; point it at the local copies.
export WASM_BINDGEN_BIN="$HOME/.cargo/bin/wasm-bindgen"
export ESBUILD_BIN="$PWD/node_modules/@esbuild/linux-x64/bin/esbuild"
export WASM_OPT_BIN="$PWD/node_modules/.bin/wasm-opt"
(cd worker && worker-build --release)

# The web app (public/app/) and the `plug` CLI the tests run.
if [ -f scripts/build-web.sh ]; then bash scripts/build-web.sh; fi
cargo build -p plug --release --quiet
