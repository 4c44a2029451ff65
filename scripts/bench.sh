#!/usr/bin/env bash
# The benchmark: builds the release binary and the web app, measures the API on SQLite and
# PostgreSQL (when reachable), and the JavaScript the sign-in route loads.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BENCH_DATABASE_URL:-}${TEST_DATABASE_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; then
  export BENCH_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"
fi
scripts/web-deps.sh
(cd web && npm run build >/dev/null)
cargo build --release --bin tourdesk
cargo bench -p server --bench http
(cd web && node scripts/route-size.mjs)
