#!/usr/bin/env bash
# CI step for the TypeScript SDK (sdk/typescript): install its own dependencies,
# regenerate it from openapi.json and fail on drift, build it, then run its tests
# against a live server on the embedded default with a freshly minted API key.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/live-server.sh
trap live_server_stop EXIT

(cd sdk/typescript && npm ci --no-audit --no-fund --silent)

# Drift: the committed generated code must be what openapi.json produces now.
(cd sdk/typescript && npm run -s generate)
git diff --exit-code -- sdk/typescript || { echo "sdk/typescript is stale: run npm run sdk:ts:generate and commit"; exit 1; }
untracked="$(git ls-files --others --exclude-standard -- sdk/typescript/src/generated)"
[ -z "$untracked" ] || { echo "sdk/typescript: generated files not committed: $untracked"; exit 1; }

# Build first: the example imports the package by name, which resolves to dist/.
(cd sdk/typescript && npm run -s build && npm run -s typecheck)

live_server_start "${SDK_TS_PORT:-18090}"
api_key="$(live_api_key sdk-ts-check)"
(cd sdk/typescript && DEAL_ENGINE_URL="$LIVE_URL" DEAL_ENGINE_API_KEY="$api_key" \
  node --import tsx --test --test-concurrency=1 test/*.test.ts) || { live_server_log; exit 1; }
echo "sdk/typescript: generated without drift, built, tests passed against a live server"
