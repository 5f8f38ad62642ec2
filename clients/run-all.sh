#!/usr/bin/env bash
# Runs the single-table scenario with all three clients, and ElectroDB's scenario, against one endpoint:
#   clients/run-all.sh http://127.0.0.1:8000
# Fails (exit 1) if any script fails or does not end with "SCENARIO OK <client>".
# Credentials and region default to partita / partita-secret / us-east-1 when unset.
# Env: AWS_CLI (default /usr/bin/aws), PYTHON (default /usr/bin/python3), NODE (default node).
set -uo pipefail

if [[ $# -ne 1 ]]; then
  echo "usage: $0 ENDPOINT   (e.g. $0 http://127.0.0.1:8000)" >&2
  exit 2
fi
here="$(cd "$(dirname "$0")" && pwd)"
export PARTITA_ENDPOINT=$1
export AWS_ACCESS_KEY_ID=${AWS_ACCESS_KEY_ID:-partita}
export AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY:-partita-secret}
export AWS_DEFAULT_REGION=${AWS_DEFAULT_REGION:-us-east-1}
export AWS_REGION=${AWS_REGION:-$AWS_DEFAULT_REGION}
PYTHON=${PYTHON:-/usr/bin/python3}
NODE=${NODE:-node}

if [[ ! -d "$here/js/node_modules/@aws-sdk/client-dynamodb" || ! -d "$here/js/node_modules/@aws-sdk/client-dynamodb-streams" || ! -d "$here/js/node_modules/electrodb" ]]; then
  echo "== installing the JS client (npm ci in clients/js)"
  (cd "$here/js" && npm ci --no-audit --no-fund) || { echo "FAIL [setup] npm ci in clients/js failed" >&2; exit 1; }
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=()

run() { # CLIENT COMMAND...
  local client=$1 rc last
  shift
  echo "== $client"
  "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  last=$(tail -n 1 "$log")
  if [[ $rc -ne 0 || "$last" != "SCENARIO OK $client" ]]; then
    echo "== $client FAILED (exit $rc)"
    failed+=("$client")
  fi
}

run aws-cli bash "$here/aws-cli/scenario.sh"
run python "$PYTHON" "$here/python/scenario.py"
run js "$NODE" "$here/js/scenario.mjs"
run electrodb "$NODE" "$here/js/electrodb-scenario.mjs"
run js-vectors "$NODE" "$here/js/vector-scenario.mjs"

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "ALL SCENARIOS OK (aws-cli, python, js, electrodb)"
