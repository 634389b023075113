#!/usr/bin/env bash
# Runs the suite (or the test files given) with stress-ng keeping every CPU busy beside it,
# so a test that holds only on an idle machine (a wall-clock threshold, a race decided by
# which callback runs first) fails here rather than in a slow CI run. stress-ng comes from
# Debian (installed first when missing); its workers run at normal priority, as a busy
# neighbour would.
#
#   bash scripts/under-load.sh                  # the whole suite beside stress-ng --cpu <cores>
#   STRESS_CPUS=4 bash scripts/under-load.sh test/flights
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v stress-ng > /dev/null; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q stress-ng
fi

cpus="${STRESS_CPUS:-$(nproc)}"
stress-ng --cpu "$cpus" --timeout 0 --quiet &
stress_pid=$!
trap 'kill "$stress_pid" 2> /dev/null || true' EXIT
echo "stress-ng --cpu $cpus running beside the tests (pid $stress_pid)"
npx vitest run "$@"
