#!/usr/bin/env bash
# The browser tests use Debian's chromium (Playwright's own browser download cannot work here). Find it, or install
# it with apt-get when we are root, or say clearly what to do.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests (apt-get install chromium)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "The browser tests need Chromium at $CHROMIUM (Debian: 'sudo apt-get install chromium')," >&2
echo "or set CHROMIUM_PATH to a Chromium/Chrome binary." >&2
exit 1
