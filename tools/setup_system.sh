#!/usr/bin/env bash
# System packages the test suite needs, installed only when missing (idempotent):
# redis-server (shared limiter tests), clamav-daemon (the gateway's malware-scan tests start
# clamd with the project's own signature file; no virus database is downloaded), buf (proto
# lint, from npm), PostgreSQL 15 binaries.
set -euo pipefail

need_apt=()
command -v redis-server >/dev/null 2>&1 || need_apt+=(redis-server)
[ -x /usr/sbin/clamd ] || command -v clamd >/dev/null 2>&1 || need_apt+=(clamav-daemon)
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then need_apt+=(postgresql); fi
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
if ! command -v buf >/dev/null 2>&1; then
  npm install -g --silent @bufbuild/buf >/dev/null
fi
echo "system packages: redis-server $(redis-server --version | awk '{print $3}'), clamd $(/usr/sbin/clamd --version | awk '{print $2}' | cut -d/ -f1), buf $(buf --version)"
