#!/usr/bin/env bash
# Start-up and idle memory of `./partita serve --in-memory`: the time from launching the command to
# the first successful DynamoDB request (JVM start included), and the server's resident memory after
# it has been idle for a few seconds. Builds first if needed (not timed).
#   partita-bench/startup.sh [RUNS]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"
"$root/partita" --version >/dev/null   # build and make the class archive, untimed

out=$(mktemp)
trap 'rm -f "$out"' EXIT
for i in $(seq "$runs"); do
  start=$(date +%s%N)
  "$root/partita" serve --in-memory --port 0 >"$out" 2>/dev/null &
  pid=$!
  endpoint=""
  until [ -n "$endpoint" ]; do
    endpoint=$(grep -o 'serving DynamoDB on http://[^ ]*' "$out" | sed 's/.* //' || true)
    [ -n "$endpoint" ] || sleep 0.01
  done
  until curl -sf -X POST "$endpoint/" -H 'X-Amz-Target: DynamoDB_20120810.ListTables' \
      -H 'Content-Type: application/x-amz-json-1.0' -d '{}' >/dev/null; do sleep 0.01; done
  ready=$(( ($(date +%s%N) - start) / 1000000 ))
  sleep 5
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  kill -TERM "$pid"; wait "$pid" || true
  echo "run $i: first successful request after ${ready} ms; idle resident memory $((rss / 1024)) MB"
done
