#!/usr/bin/env bash
# Runs the suite (or the test files given after --) with the clock moved forward by each
# offset in days, through Debian's libfaketime. The simulated world depends on departure
# dates, and tests build dates from today, so a test that only holds on some days passes
# on the day it is written and fails in a later CI run; this finds such tests beforehand.
#
# Whole days keep the time of day; an offset in hours (e.g. 6h) moves it too, for
# tests that hold only at some hours (a date that is "today" at the origin but not in UTC).
#
#   bash scripts/clock-sweep.sh 1 4 9                 # the whole suite, three times
#   bash scripts/clock-sweep.sh 1 2 3 -- test/flights # only some files
#   bash scripts/clock-sweep.sh 6h 12h 18h -- test/fares
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
  if [[ "$days" =~ ^[0-9]+$ ]]; then shift_by="${days}d"; elif [[ "$days" =~ ^[0-9]+h$ ]]; then shift_by="$days"; else echo "offset must be whole days (4) or hours (6h): $days"; exit 2; fi
  echo "=== clock +${shift_by} ==="
  if FAKETIME="+${shift_by}" LD_PRELOAD="$lib" npx vitest run "$@"; then :; else failed+=("$days"); fi
done
if [ ${#failed[@]} -gt 0 ]; then echo "failed with the clock moved by: ${failed[*]} (days unless marked h)"; exit 1; fi
echo "passed at every offset: ${offsets[*]} (days unless marked h)"
