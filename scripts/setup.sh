#!/usr/bin/env bash
# Installs what the portal needs on a fresh Debian machine that has only Node >= 20.19 and npm:
# pnpm, the workspace dependencies, and (for the tests) Chromium and PostgreSQL from apt.
# Idempotent: every step is skipped when its result is already there.
#   scripts/setup.sh          dependencies only (enough for `npm start`)
#   scripts/setup.sh --test   also Chromium and PostgreSQL (what `npm test` needs)
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=0
[ "${1:-}" = "--test" ] && want_test=1

log() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

if ! command -v pnpm >/dev/null 2>&1; then
  log "installing pnpm 10 with npm (corepack is not used: its signature check fails offline)"
  npm install -g pnpm@10 >/dev/null
fi

if [ "$want_test" = 1 ]; then
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
  if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
      log "installing ${missing[*]} from apt"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
      log "missing apt packages: ${missing[*]} (run as root, or: sudo apt-get install -y ${missing[*]})"
      exit 1
    fi
  fi
fi

if [ "${CI:-}" = "true" ]; then
  pnpm install --frozen-lockfile --reporter=append-only
else
  pnpm install --prefer-offline --reporter=silent
fi
