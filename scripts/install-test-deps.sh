#!/usr/bin/env sh
# Installs, from Debian, what the tests need beyond npm and nothing when it is there:
#   - chromium for the headless browser test (test/pages/browser.test.ts); playwright-core
#     drives /usr/bin/chromium, so no browser is downloaded from a CDN;
#   - python3-httpx and python3-pytest for the Python SDK's tests (scripts/sdk-py-check.sh),
#     which run on /usr/bin/python3 (no Python package index is reachable).
set -eu
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium fonts-liberation"
/usr/bin/python3 -c 'import httpx, pytest' 2>/dev/null || missing="$missing python3-httpx python3-pytest"
if [ -n "$missing" ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  # shellcheck disable=SC2086
  $SUDO apt-get install -y -q --no-install-recommends $missing
fi
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo missing)"
/usr/bin/python3 -c 'import httpx, pytest; print("python test deps: httpx", httpx.__version__, "pytest", pytest.__version__)'
