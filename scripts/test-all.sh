#!/usr/bin/env bash
# Runs every test: the Rust suites on SQLite and (when a server answers) PostgreSQL, the web
# unit tests, the Playwright tests against the real binary in Chromium, and a property-based
# pass over the API's OpenAPI document. `scripts/test-all.sh rust|web|e2e|fuzz` runs one part.
set -euo pipefail
cd "$(dirname "$0")/.."
part="${1:-all}"
# The debug binary reads the web app from web/dist at run time, but only when the folder existed
# when it was compiled (rust-embed resolves the folder's real path then): make it before any build.
mkdir -p web/dist

# TEST_DATABASE_URL, else the local server when one answers, else nothing.
postgres_url() {
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    echo "$TEST_DATABASE_URL"
  elif command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; then
    echo "postgres://postgres@127.0.0.1:5432/postgres"
  fi
}

rust_tests() {
  local runner=(cargo nextest run --workspace --no-fail-fast)
  if ! cargo nextest --version >/dev/null 2>&1; then runner=(cargo test --workspace --no-fail-fast); fi
  echo "== Rust tests on SQLite"
  env -u TEST_DATABASE_URL "${runner[@]}"
  local pg_url
  pg_url="$(postgres_url)"
  if [ -n "$pg_url" ]; then
    echo "== Rust tests on PostgreSQL"
    TEST_DATABASE_URL="$pg_url" "${runner[@]}" -p db -p server
  else
    echo "== PostgreSQL not reachable: set TEST_DATABASE_URL to run the suites on it too"
  fi
}

web_tests() {
  scripts/web-deps.sh
  echo "== Web unit tests"
  (cd web && npm test)
}

e2e_tests() {
  if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      echo "== Installing Debian's Chromium for the browser tests"
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
      echo "The browser tests need Debian's Chromium at /usr/bin/chromium (apt-get install chromium)." >&2
      exit 1
    fi
  fi
  scripts/web-deps.sh
  echo "== Building the web app and the server for the browser tests"
  (cd web && npm run build)
  build_server
  echo "== Browser tests"
  local target_dir
  target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
  (cd web && TOURDESK_BIN="$target_dir/debug/tourdesk" npm run e2e)
}

# The property-based pass over the OpenAPI document (scripts/fuzz-api.sh), on the debug binary
# the browser tests built.
fuzz_tests() {
  local target_dir
  target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
  build_server
  local pg_url
  pg_url="$(postgres_url)"
  TEST_DATABASE_URL="$pg_url" scripts/fuzz-api.sh "$target_dir/debug/tourdesk"
}

# The server binary for the browser tests and the fuzz pass, built as the Rust tests build it
# (with their features), so after them nothing is compiled again.
build_server() {
  cargo build --workspace --tests
}

# timed NAME: runs NAME_tests and says how long it took, so a slow CI run shows where.
timed() {
  local started=$SECONDS
  "$1_tests"
  echo "== $1 took $((SECONDS - started)) s"
}

case "$part" in
  rust|web|e2e|fuzz) timed "$part" ;;
  all) timed rust; timed web; timed e2e; timed fuzz ;;
  *) echo "usage: $0 [rust|web|e2e|fuzz]" >&2; exit 2 ;;
esac
echo "== All requested tests passed"
