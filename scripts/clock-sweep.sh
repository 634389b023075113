#!/usr/bin/env bash
# Runs the suite (or the test files given after --) with the clock moved forward by each
# offset in days, through Debian's libfaketime. The simulated world depends on departure
# dates, and tests build dates from today, so a test that only holds on some days passes
# on the day it is written and fails in a later CI run; this finds such tests beforehand.
#
#   bash scripts/clock-sweep.sh 1 4 9                 # the whole suite, three times
#   bash scripts/clock-sweep.sh 1 2 3 -- test/flights # only some files
set -euo pipefail
cd "$(dirname "$0")/.."

offsets=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do offsets+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ ${#offsets[@]} -gt 0 ] || { echo "usage: $0 DAYS... [-- vitest file filters]"; exit 2; }

lib=/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1
bash scripts/install-test-deps.sh faketime

failed=()
for days in "${offsets[@]}"; do
  [[ "$days" =~ ^[0-9]+$ ]] || { echo "offset must be whole days: $days"; exit 2; }
  echo "=== clock +${days} days ==="
  if FAKETIME="+${days}d" LD_PRELOAD="$lib" npx vitest run "$@"; then :; else failed+=("$days"); fi
done
if [ ${#failed[@]} -gt 0 ]; then echo "failed with the clock moved by: ${failed[*]} days"; exit 1; fi
echo "passed at every offset: ${offsets[*]} days"
