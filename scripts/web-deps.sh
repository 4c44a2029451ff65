#!/usr/bin/env bash
# Installs the web app's packages when they are missing or older than the lock file.
set -euo pipefail
cd "$(dirname "$0")/../web"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
