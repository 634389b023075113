#!/usr/bin/env bash
# The README's first quick-start command on a machine with nothing preinstalled:
# clones this repository's HEAD (committed work only) into CLONE_DIR, runs
# `npm install`, then `npm start` on a free loopback port with the embedded
# database in a temporary DATA_DIR, waits (at most 180 s) for /health to answer
# 200 and stops it. The clone is left in place so the caller can run the second
# command, `npm test`, there (.ci/run does, with Chromium hidden).
#
#   bash scripts/quickstart-check.sh /tmp/somewhere/deal-engine
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
clone="${1:?usage: $0 CLONE_DIR (must not exist yet)}"
[ ! -e "$clone" ] || { echo "$clone already exists"; exit 2; }

git clone --quiet --no-hardlinks "$repo" "$clone"
cd "$clone"
echo "clean clone of $(git rev-parse --short HEAD) in $clone"
npm install --no-audit --no-fund

data_dir="$(mktemp -d)"
log="$(mktemp)"
port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
server_pid=""
stop_server() {
  # npm start runs npm, a shell and node: setsid made them one process group, stopped together.
  if [ -n "$server_pid" ]; then kill -TERM -- "-$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  server_pid=""
}
cleanup() { stop_server; rm -rf "$data_dir" "$log"; }
trap cleanup EXIT

started_ms="$(date +%s%3N)"
PORT="$port" HOST=127.0.0.1 DATA_DIR="$data_dir/pglite" setsid npm start >"$log" 2>&1 &
server_pid=$!
status=""
# Polled every 0.1 s so the start-up time printed below is close to the real one.
for _ in $(seq 1 1800); do
  status="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/health" || true)"
  [ "$status" = 200 ] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [ "$status" != 200 ]; then
  echo "npm start: /health answered '${status:-nothing}' instead of 200; server log:"; tail -50 "$log"; exit 1
fi
echo "npm start: /health 200 on port $port after $(awk -v ms="$(( $(date +%s%3N) - started_ms ))" 'BEGIN { printf "%.1f", ms / 1000 }') s, a fresh embedded database included (DATA_DIR in $data_dir)"
stop_server
