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
binary="$(realpath "$1")"
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

# Each pass runs on its own port and in its own folder (schemathesis keeps a cache in the folder
# it runs in), and the SQLite and PostgreSQL passes run side by side: each is one Python process
# and one server, so together they use both cores.
work_dir="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}" $(cat "$work_dir"/*/server.pid 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ -n "${pg_database:-}" ]; then
    psql "$TEST_DATABASE_URL" -qc "DROP DATABASE IF EXISTS \"$pg_database\" WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  rm -rf "$work_dir"
}
trap cleanup EXIT

# Answers a demo user's token from the server on PORT.
token_of() {
  python3 - "$1" "$2" <<'PY'
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

# fuzz LABEL PORT [DATABASE_URL]: serves the demo world on that database and runs the pass.
fuzz() {
  local label="$1" port="$2" database_url="${3:-}"
  local dir="$work_dir/$label"
  mkdir -p "$dir/data"
  cd "$dir"
  echo "== API property-based pass ($label)"
  local server_pid
  if [ -n "$database_url" ]; then
    DATABASE_URL="$database_url" "$binary" serve --demo --bind "127.0.0.1:$port" --data-dir "$dir/data" >"$dir/server.log" 2>&1 &
  else
    env -u DATABASE_URL "$binary" serve --demo --bind "127.0.0.1:$port" --data-dir "$dir/data" >"$dir/server.log" 2>&1 &
  fi
  server_pid=$!
  echo "$server_pid" >"$dir/server.pid"
  for _ in $(seq 1 240); do
    if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/api/health')" 2>/dev/null; then break; fi
    sleep 0.5
  done
  local token
  token="$(token_of "$port" demo.pm)"
  # Calls that end the session the pass signs in with (signing out, ending sessions, a new
  # password on the profile) would leave the rest of it with nothing but 401s.
  set +e
  "$venv/bin/schemathesis" run "http://127.0.0.1:$port/api/openapi.json" \
    --header "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance \
    --exclude-path /api/auth/logout --exclude-path-regex 'sessions$' --exclude-name "PATCH /api/profile" \
    --max-examples "$examples" --seed "$seed" --workers 1 --no-shrink \
    --suppress-health-check all --warnings off --request-timeout 60
  local status=$?
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
  return "$status"
}

# pass LABEL PORT [DATABASE_URL]: one pass in the background, its output kept for the end.
pass() {
  (fuzz "$@") >"$work_dir/$1.out" 2>&1 &
  pids+=($!)
  labels+=("$1")
}

labels=()
pass SQLite 18765
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  pg_database="tourdesk_t_fuzz_$$"
  psql "$TEST_DATABASE_URL" -qc "CREATE DATABASE \"$pg_database\"" >/dev/null
  pass PostgreSQL 18766 "${TEST_DATABASE_URL%/*}/$pg_database"
fi
failed=0
for i in "${!pids[@]}"; do
  status=0
  wait "${pids[$i]}" || status=$?
  cat "$work_dir/${labels[$i]}.out"
  if [ "$status" != 0 ]; then
    failed=1
    echo "== the ${labels[$i]} pass failed; the last of its server's log:"
    tail -n 40 "$work_dir/${labels[$i]}/server.log"
  fi
done
pids=()
exit "$failed"
