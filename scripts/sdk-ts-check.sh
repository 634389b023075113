#!/usr/bin/env bash
# CI step for the TypeScript SDK (sdk/typescript): install its own dependencies,
# regenerate it from openapi.json and fail on drift, build it, then run its tests
# against a live server on the embedded default with a freshly minted API key.
set -euo pipefail
cd "$(dirname "$0")/.."

port="${SDK_TS_PORT:-18090}"
server_pid=""
server_log="$(mktemp)"
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -f "$server_log"
}
trap cleanup EXIT

(cd sdk/typescript && npm ci --no-audit --no-fund --silent)

# Drift: the committed generated code must be what openapi.json produces now.
(cd sdk/typescript && npm run -s generate)
git diff --exit-code -- sdk/typescript || { echo "sdk/typescript is stale: run (cd sdk/typescript && npm run generate) and commit"; exit 1; }
untracked="$(git ls-files --others --exclude-standard -- sdk/typescript/src/generated)"
[ -z "$untracked" ] || { echo "sdk/typescript: generated files not committed: $untracked"; exit 1; }

# Build first: the example imports the package by name, which resolves to dist/.
(cd sdk/typescript && npm run -s build && npm run -s typecheck)

internal_key="sdk-ts-check-$(date +%s)-internal-key-0123456789"
PORT="$port" HOST=127.0.0.1 DATA_DIR=memory:// LOG_LEVEL=warn INTERNAL_API_KEY="$internal_key" \
  node --import tsx adapters/http/main.ts >"$server_log" 2>&1 &
server_pid=$!
for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 1; done
curl -sf "http://127.0.0.1:$port/health" >/dev/null || { echo "sdk-ts-check: server did not start"; cat "$server_log"; exit 1; }

api_key="$(curl -sf -X POST "http://127.0.0.1:$port/api/keys" -H "x-internal-key: $internal_key" -H 'content-type: application/json' \
  -d '{"user_id":"sdk-ts-check","tier":"pro"}' | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).secret))')"

(cd sdk/typescript && DEAL_ENGINE_URL="http://127.0.0.1:$port" DEAL_ENGINE_API_KEY="$api_key" \
  node --import tsx --test --test-concurrency=1 test/*.test.ts) || { echo "--- server log ---"; tail -50 "$server_log"; exit 1; }
echo "sdk/typescript: generated without drift, built, tests passed against a live server"
