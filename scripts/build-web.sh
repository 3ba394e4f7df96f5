#!/usr/bin/env bash
# Builds the web app (web/) into public/app/, which the Worker serves on the API origin at / and
# /app/*: app.js (esbuild bundle of web/src), app.css and index.html with both stamped by content
# hash so a new build is never mixed with a cached old half. Idempotent; no network.
set -euo pipefail
cd "$(dirname "$0")/.."
ESBUILD="${ESBUILD_BIN:-$PWD/node_modules/.bin/esbuild}"
OUT=public/app
mkdir -p build public
TMP="$(mktemp -d build/web-app.XXXXXX)"
trap 'rm -rf "$TMP"' EXIT

"$ESBUILD" web/src/main.js --bundle --minify --format=esm --target=chrome111,firefox113,safari16.4 \
  --legal-comments=none --log-level=warning --outfile="$TMP/app.js"
"$ESBUILD" web/app.css --minify --target=chrome111,firefox113,safari16.4 --log-level=warning --outfile="$TMP/app.css"

version() { sha256sum "$1" | cut -c1-10; }
sed -e "s/__JS_VERSION__/$(version "$TMP/app.js")/" -e "s/__CSS_VERSION__/$(version "$TMP/app.css")/" \
  web/index.html > "$TMP/index.html"
# /enter's own small page: its one inline script and style are allowed by hash, stamped here.
node -e '
const fs = require("fs"), { createHash } = require("crypto");
const html = fs.readFileSync("web/enter.html", "utf8");
const hash = (tag) => `sha256-${createHash("sha256").update(html.match(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`))[1]).digest("base64")}`;
fs.writeFileSync(process.argv[1], html.replace("__SCRIPT_HASH__", hash("script")).replace("__STYLE_HASH__", hash("style")));
' "$TMP/enter.html"

# Replace the whole folder at once, so no file of an older build lingers.
rm -rf "$OUT"
mv "$TMP" "$OUT"
trap - EXIT
chmod 755 "$OUT"
echo "web app: $(wc -c < "$OUT/app.js") B js, $(wc -c < "$OUT/app.css") B css, $(gzip -9c "$OUT/app.js" "$OUT/app.css" "$OUT/index.html" | wc -c) B gzip total"
