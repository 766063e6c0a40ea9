#!/usr/bin/env bash
# The DATABASE_URL tests start a throwaway PostgreSQL server. Find Debian's server binaries, or install them
# with apt-get when we are root, or say clearly what to do.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's PostgreSQL server for the DATABASE_URL tests (apt-get install postgresql)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq postgresql >/dev/null
  ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 && exit 0
fi
echo "The DATABASE_URL tests need PostgreSQL's server binaries under /usr/lib/postgresql (Debian: 'sudo apt-get install postgresql')." >&2
exit 1
