#!/usr/bin/env bash
# Runs the services suite against Debian's PostgreSQL server (the default suite uses embedded
# PGlite). Uses DATABASE_URL when it is set; otherwise starts the local cluster and makes a
# throwaway database for the run.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${DATABASE_URL:-}" ]; then
  version=$(ls /usr/lib/postgresql | sort -n | tail -1)
  pg_ctlcluster "$version" main start 2>/dev/null || true
  db="portal_test_$$"
  su postgres -c "psql -q -c \"DO \\\$\\\$ BEGIN CREATE ROLE portal LOGIN PASSWORD 'portal'; EXCEPTION WHEN duplicate_object THEN NULL; END \\\$\\\$;\""
  su postgres -c "createdb -O portal $db"
  trap 'su postgres -c "dropdb --if-exists $db"' EXIT
  export DATABASE_URL="postgres://portal:portal@127.0.0.1:5432/$db"
fi

pnpm --filter @portal/services test
# Database faults: a private cluster (initdb in a temporary folder, port PG_CLUSTER_PORT, default
# 5442) stopped, started and cut off mid-traffic under a services process.
pnpm --filter @portal/services test:cluster
# Rate limits through two services processes on one PostgreSQL (a private cluster again): exits 1
# when more than the limit gets through; prints what a refusal costs against a lead.
pnpm --filter @portal/services bench:rate-limits
