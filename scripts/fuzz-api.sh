#!/usr/bin/env bash
# A property-based pass over the API's OpenAPI document with schemathesis: every operation gets
# generated valid and invalid input, and the pass fails on any 5xx, any status the document does
# not name, or an answer of another content type than it says. It runs the built debug binary
# with the demo world on SQLite, and on PostgreSQL too when TEST_DATABASE_URL names a server.
#
#   scripts/fuzz-api.sh BINARY
#
# FUZZ_EXAMPLES (default 10) sets the examples per operation, FUZZ_SEED (default 1) the seed.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="$1"
examples="${FUZZ_EXAMPLES:-10}"
seed="${FUZZ_SEED:-1}"
version="4.32.5"
venv="${TOURDESK_CACHE:-$HOME/.cache/tourdesk}/schemathesis-$version"

if [ ! -x "$venv/bin/schemathesis" ]; then
  echo "== Installing schemathesis $version"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi

port=18765
data_dir="$(mktemp -d)"
server_pid=""
pg_database=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  if [ -n "$pg_database" ]; then
    psql "$TEST_DATABASE_URL" -qc "DROP DATABASE IF EXISTS \"$pg_database\" WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  rm -rf "$data_dir"
}
trap cleanup EXIT

# Answers a demo user's token.
token_of() {
  python3 - "$port" "$1" <<'PY'
import json, sys, urllib.request
port, username = sys.argv[1], sys.argv[2]
request = urllib.request.Request(
    f"http://127.0.0.1:{port}/api/auth/users",
    data=json.dumps({"username": username, "password": "tourdesk-demo"}).encode(),
    headers={"Content-Type": "application/json"},
)
print(json.load(urllib.request.urlopen(request))["token"])
PY
}

# Webhooks the pass saves are never sent anywhere, and no name is looked up.
export TOURDESK_OUTBOUND_OFFLINE=1

# fuzz LABEL [DATABASE_URL]: serves the demo world on that database and runs the pass.
fuzz() {
  local label="$1" database_url="${2:-}"
  rm -rf "$data_dir"/*
  echo "== API property-based pass ($label)"
  if [ -n "$database_url" ]; then
    DATABASE_URL="$database_url" "$binary" serve --demo --bind "127.0.0.1:$port" --data-dir "$data_dir" >"$data_dir.log" 2>&1 &
  else
    env -u DATABASE_URL "$binary" serve --demo --bind "127.0.0.1:$port" --data-dir "$data_dir" >"$data_dir.log" 2>&1 &
  fi
  server_pid=$!
  for _ in $(seq 1 120); do
    if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/api/health')" 2>/dev/null; then break; fi
    sleep 0.5
  done
  local token
  token="$(token_of demo.pm)"
  # Calls that end the session the pass signs in with (signing out, ending sessions, a new
  # password on the profile) would leave the rest of it with nothing but 401s.
  "$venv/bin/schemathesis" run "http://127.0.0.1:$port/api/openapi.json" \
    --header "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance \
    --exclude-path /api/auth/logout --exclude-path-regex 'sessions$' --exclude-name "PATCH /api/profile" \
    --max-examples "$examples" --seed "$seed" --workers 1 --no-shrink \
    --suppress-health-check all --warnings off --request-timeout 30
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
}

fuzz SQLite
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  pg_database="tourdesk_t_fuzz_$$"
  psql "$TEST_DATABASE_URL" -qc "CREATE DATABASE \"$pg_database\"" >/dev/null
  fuzz PostgreSQL "${TEST_DATABASE_URL%/*}/$pg_database"
fi
