# Sourced by the CI checks that need a running server (SDK tests, MCP clients).
# The server runs from the repository root on the embedded default: an in-memory
# database and the provider simulators, on 127.0.0.1.
#
#   live_server_start PORT   starts it, waits for /health; sets LIVE_URL, LIVE_SERVER_PID,
#                            LIVE_SERVER_LOG and LIVE_INTERNAL_KEY
#   live_api_key USER_ID     prints the secret of a new pro-tier API key for USER_ID
#   live_server_stop         stops it (call it from the caller's EXIT trap)
#   live_server_log          prints the end of its log (for failures)

live_server_start() {
  local port="$1"
  LIVE_INTERNAL_KEY="live-$port-$(date +%s)-$RANDOM-internal-key-0123456789"
  LIVE_SERVER_LOG="$(mktemp)"
  LIVE_URL="http://127.0.0.1:$port"
  PORT="$port" HOST=127.0.0.1 DATA_DIR=memory:// LOG_LEVEL=warn INTERNAL_API_KEY="$LIVE_INTERNAL_KEY" \
    node --import tsx adapters/http/main.ts >"$LIVE_SERVER_LOG" 2>&1 &
  LIVE_SERVER_PID=$!
  for _ in $(seq 1 120); do
    curl -sf "$LIVE_URL/health" >/dev/null && return 0
    kill -0 "$LIVE_SERVER_PID" 2>/dev/null || break
    sleep 0.5
  done
  echo "the live server did not start on port $port"; cat "$LIVE_SERVER_LOG"; return 1
}

live_api_key() {
  curl -sf -X POST "$LIVE_URL/api/keys" -H "x-internal-key: $LIVE_INTERNAL_KEY" -H 'content-type: application/json' \
    -d "{\"user_id\":\"$1\",\"tier\":\"pro\"}" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).secret))'
}

live_server_stop() {
  if [ -n "${LIVE_SERVER_PID:-}" ]; then kill "$LIVE_SERVER_PID" 2>/dev/null || true; wait "$LIVE_SERVER_PID" 2>/dev/null || true; fi
  if [ -n "${LIVE_SERVER_LOG:-}" ]; then rm -f "$LIVE_SERVER_LOG"; fi
  LIVE_SERVER_PID=""
}

live_server_log() {
  echo "--- server log ---"; tail -50 "$LIVE_SERVER_LOG"
}
