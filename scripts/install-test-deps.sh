#!/usr/bin/env sh
# Installs from Debian what the checks beyond `npm test` need, and nothing that is
# already there (apt-get, through sudo when not root):
#   chromium  headless browser for `npm run test:browser` (test/pages); playwright-core drives
#             /usr/bin/chromium, so no browser is downloaded from a CDN. Skipped when
#             CHROMIUM_PATH names another browser.
#   python    python3-httpx and python3-pytest for `npm run sdk:py`, which runs on
#             /usr/bin/python3 (no Python package index is reachable).
#   faketime  libfaketime for scripts/clock-sweep.sh.
#
#   bash scripts/install-test-deps.sh [chromium] [python] [faketime]   # no argument: chromium python
set -eu
[ $# -gt 0 ] || set -- chromium python
FAKETIME_LIB=/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1
missing=""
for what in "$@"; do
  case "$what" in
    chromium) [ -n "${CHROMIUM_PATH:-}" ] || [ -x /usr/bin/chromium ] || missing="$missing chromium fonts-liberation" ;;
    python) /usr/bin/python3 -c 'import httpx, pytest' 2>/dev/null || missing="$missing python3-httpx python3-pytest" ;;
    faketime) [ -e "$FAKETIME_LIB" ] || missing="$missing libfaketime" ;;
    *) echo "unknown dependency '$what': chromium, python or faketime"; exit 2 ;;
  esac
done
if [ -n "$missing" ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  # A fresh machine has no package lists yet.
  $SUDO apt-get update -q
  # shellcheck disable=SC2086
  $SUDO apt-get install -y -q --no-install-recommends $missing
fi
for what in "$@"; do
  case "$what" in
    chromium) echo "chromium: $("${CHROMIUM_PATH:-/usr/bin/chromium}" --version 2>/dev/null || echo missing)" ;;
    python) /usr/bin/python3 -c 'import httpx, pytest; print("python test deps: httpx", httpx.__version__, "pytest", pytest.__version__)' ;;
    faketime) echo "libfaketime: $FAKETIME_LIB" ;;
  esac
done
