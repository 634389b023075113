#!/usr/bin/env bash
# CI step for the Python SDK (sdk/python): regenerate it from openapi.json and fail on
# drift, byte-compile it, then run its offline tests and its live tests against a server
# on the embedded default with a freshly minted API key. Uses Debian's python3 (it has
# httpx 0.23 and pytest); the pyenv python3 on PATH does not.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-test-deps.sh python

source scripts/lib/live-server.sh
trap live_server_stop EXIT
python=/usr/bin/python3

# Drift: the committed generated code must be what openapi.json produces now.
node --import tsx sdk/python/generator/generate.ts
git diff --exit-code -- sdk/python || { echo "sdk/python is stale: run npm run sdk:py:generate and commit"; exit 1; }
untracked="$(git ls-files --others --exclude-standard -- sdk/python/src/deal_engine/_generated sdk/python/tests/mini_generated)"
[ -z "$untracked" ] || { echo "sdk/python: generated files not committed: $untracked"; exit 1; }

# Byte-compile with the interpreter the tests use (no .pyc left behind in the tree).
PYTHONPYCACHEPREFIX="$(mktemp -d)" "$python" -m compileall -q sdk/python/src sdk/python/tests sdk/python/examples

# No .pyc files or pytest cache in the tree during the test runs.
export PYTHONDONTWRITEBYTECODE=1
PYTHONPATH=sdk/python/src "$python" -m pytest -q -p no:cacheprovider sdk/python/tests/offline

live_server_start "${SDK_PY_PORT:-18091}"
api_key="$(live_api_key sdk-py-check)"
DEAL_ENGINE_URL="$LIVE_URL" DEAL_ENGINE_API_KEY="$api_key" PYTHONPATH=sdk/python/src \
  "$python" -m pytest -q -p no:cacheprovider sdk/python/tests/live || { live_server_log; exit 1; }
echo "sdk/python: generated without drift, byte-compiled, offline and live tests passed"
