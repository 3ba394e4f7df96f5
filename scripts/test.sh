#!/usr/bin/env bash
# Every test: native unit tests of the platform-neutral crates, then the integration tests against
# the real Worker under workerd (each test file starts its own instance with fresh D1/R2 state).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
export WRANGLER_SEND_METRICS=false
# Loopback only: no fetch of the `Request.cf` placeholder from Cloudflare.
export CLOUDFLARE_CF_FETCH_ENABLED=false

cargo test --workspace --exclude plug-worker --exclude plug-badge --quiet
node --test --test-concurrency=1 --test-reporter=spec tests/*.test.mjs
