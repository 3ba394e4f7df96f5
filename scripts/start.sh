#!/usr/bin/env bash
# Applies migrations and serves Plug under `wrangler dev` (workerd) on PORT with state in STATE_DIR.
# On first start it seeds a demo grid and prints a token and a `plug` example.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
export WRANGLER_SEND_METRICS=false
# Loopback only: no fetch of the `Request.cf` placeholder from Cloudflare.
export CLOUDFLARE_CF_FETCH_ENABLED=false
PORT="${PORT:-8787}"
STATE_DIR="${STATE_DIR:-.wrangler/state}"
mkdir -p "$STATE_DIR"

wrangler d1 migrations apply DB --local --persist-to "$STATE_DIR" >/dev/null
exec node scripts/serve.mjs --port "$PORT" --state "$STATE_DIR"
