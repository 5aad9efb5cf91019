#!/usr/bin/env bash
# System packages `make test` needs, installed only when missing (idempotent), from Debian's
# apt and npm (docs/setup.md):
#   postgresql-15   the one PostgreSQL major version of the README, production and the tests
#                   (tests/support/postgres.py runs only version 15's initdb/pg_ctl)
#   redis-server    the shared limiter / cache tests
#   clamav-daemon   the malware-scan tests start clamd with the project's own signature
#                   file (no virus database is downloaded)
#   nodejs, npm     for buf, and for the dashboard's Chart.js (`make dashboard-assets`
#                   installs it from the npm registry into edge/dashboard/node_modules)
#   chromium, chromium-driver
#                   the dashboard's browser test drives Debian's headless Chromium
#                   through its chromedriver (selenium; no browser is downloaded)
#   buf             proto lint and format, pinned: its output is part of the checks
set -euo pipefail

POSTGRES_MAJOR=15
BUF_VERSION=1.75.0

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

need_apt=()
pg_bin="${FINPLAT_TEST_POSTGRES_BIN:-/usr/lib/postgresql/$POSTGRES_MAJOR/bin}"
[ -x "$pg_bin/initdb" ] || need_apt+=("postgresql-$POSTGRES_MAJOR")
command -v redis-server >/dev/null 2>&1 || need_apt+=(redis-server)
[ -x /usr/sbin/clamd ] || command -v clamd >/dev/null 2>&1 || need_apt+=(clamav-daemon)
command -v npm >/dev/null 2>&1 || need_apt+=(nodejs npm)
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -x /usr/bin/chromedriver ] || need_apt+=(chromium-driver)

if [ ${#need_apt[@]} -gt 0 ]; then
  $SUDO apt-get update -qq
  # Say which major versions this distribution has rather than let apt fail obscurely.
  if [[ " ${need_apt[*]} " == *" postgresql-$POSTGRES_MAJOR "* ]] \
    && ! apt-cache policy "postgresql-$POSTGRES_MAJOR" | grep -q 'Candidate: [0-9]'; then
    echo "setup_system: this distribution's apt has no postgresql-$POSTGRES_MAJOR" >&2
    echo "  it has: $(apt-cache search --names-only '^postgresql-[0-9]+$' | cut -d' ' -f1 | xargs)" >&2
    echo "  install PostgreSQL $POSTGRES_MAJOR another way and set FINPLAT_TEST_POSTGRES_BIN to its bin directory" >&2
    exit 1
  fi
  echo "setup_system: installing ${need_apt[*]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    "${need_apt[@]}" >/dev/null
fi

if [ "$(buf --version 2>/dev/null || true)" != "$BUF_VERSION" ]; then
  echo "setup_system: installing buf $BUF_VERSION (npm)"
  $SUDO npm install -g --silent "@bufbuild/buf@$BUF_VERSION" >/dev/null
  hash -r
  if [ "$(buf --version)" != "$BUF_VERSION" ]; then
    echo "setup_system: $(command -v buf) is buf $(buf --version), not $BUF_VERSION: it shadows npm's" >&2
    exit 1
  fi
fi

clamd_bin="$(command -v clamd || echo /usr/sbin/clamd)"
echo "system packages: postgresql $("$pg_bin/initdb" --version | awk '{print $3}')," \
  "redis-server $(redis-server --version | awk '{print $3}' | cut -d= -f2)," \
  "clamd $("$clamd_bin" --version | awk '{print $2}' | cut -d/ -f1)," \
  "node $(node --version), buf $(buf --version)," \
  "$(/usr/bin/chromium --version 2>/dev/null | awk '{print $1, $2}')"
