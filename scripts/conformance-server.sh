#!/usr/bin/env bash
# The MCP conformance suite's server scenarios that apply to a server without the
# suite's test fixtures (tools named test_*, prompts, resources), run against a live
# server for both protocol eras: `name` runs on the 2025 revisions (initialize,
# sessions), `name@2026-07-28` on the stateless revision. The suite cannot send headers
# and /mcp meters callers, so it talks to a pass-through proxy that only adds our API
# key (scripts/conformance/bearer-proxy.ts); Host, Origin and everything else reach the
# server as the suite sent them. Single checks that need fixtures are excused in
# scripts/conformance/expected-failures.yml (each with its reason); the README lists
# these scenarios and why each other one is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/live-server.sh
source scripts/lib/mcp-client-tools.sh

CONFORMANCE_VERSION="${CONFORMANCE_VERSION:-0.2.0-alpha.12}"
SCENARIOS=(
  server-initialize
  server-session-lifecycle
  ping
  tools-list
  logging-set-level
  dns-rebinding-protection
  server-sse-multiple-streams
  server-stateless@2026-07-28
  tools-list@2026-07-28
  tools-call-error@2026-07-28
  caching@2026-07-28
  http-header-validation@2026-07-28
  dns-rebinding-protection@2026-07-28
  server-sse-multiple-streams@2026-07-28
  input-required-result-ignore-extra-params@2026-07-28
  input-required-result-unsupported-methods@2026-07-28
)
baseline="scripts/conformance/expected-failures.yml"
port="${CONFORMANCE_SERVER_PORT:-18182}"
proxy_port=$((port + 1))
tools_dir="$(mktemp -d)"
proxy_pid=""
cleanup() {
  if [ -n "$proxy_pid" ]; then kill "$proxy_pid" 2>/dev/null || true; fi
  live_server_stop
  rm -rf "$tools_dir"
}
trap cleanup EXIT

mcp_tools_install "$tools_dir" "@modelcontextprotocol/conformance@$CONFORMANCE_VERSION"
conformance="$tools_dir/node_modules/@modelcontextprotocol/conformance/dist/index.js"

live_server_start "$port"
api_key="$(live_api_key conformance-server)"
node --import tsx scripts/conformance/bearer-proxy.ts "$proxy_port" "$LIVE_URL" "$api_key" &
proxy_pid=$!
for _ in $(seq 1 40); do curl -s -o /dev/null "http://127.0.0.1:$proxy_port/health" && break; sleep 0.25; done

failed=()
for entry in "${SCENARIOS[@]}"; do
  scenario="${entry%@*}"
  version=()
  if [[ "$entry" == *@* ]]; then version=(--spec-version "${entry#*@}"); fi
  log="$tools_dir/${entry//[@]/-}.log"
  # Exit 0 means every check passed or is excused by the baseline; at least one must pass.
  if "$NODE22" "$conformance" server --url "http://127.0.0.1:$proxy_port/mcp" --scenario "$scenario" "${version[@]}" \
    --expected-failures "$baseline" >"$log" 2>&1 && grep -Eq 'Passed: [1-9][0-9]*/[0-9]+' "$log"; then
    echo "conformance: $entry passed ($(grep -Eo 'Passed: [0-9]+/[0-9]+, [0-9]+ failed' "$log" | tail -1))"
  else
    echo "conformance: $entry FAILED"; cat "$log"; failed+=("$entry")
  fi
done
if [ "${#failed[@]}" -gt 0 ]; then live_server_log; echo "conformance server scenarios failed: ${failed[*]}"; exit 1; fi
echo "conformance: ${#SCENARIOS[@]} server scenarios passed"
