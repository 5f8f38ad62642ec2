#!/usr/bin/env bash
# The server's own capacity, measured with wrk (Debian package wrk) rather than an SDK client, whose
# per-request cost would cap what 2 cores can show. Starts ./partita serve (in memory, or on a data
# folder with --data DIR), writes one 1 KB item, then runs GetItem, PutItem and GET / (the ceiling)
# for DURATION seconds each with CONNECTIONS connections.
#   partita-bench/server-wrk.sh [--data DIR] [DURATION] [CONNECTIONS]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
here="$root/partita-bench/wrk"
storage=(--in-memory)
if [ "${1:-}" = "--data" ]; then storage=(--data "$2"); shift 2; fi
duration="${1:-10}"
connections="${2:-16}"
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 1; }
"$root/partita" --version >/dev/null

out=$(mktemp)
"$root/partita" serve "${storage[@]}" --port 0 >"$out" 2>&1 &
pid=$!
trap 'kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null; rm -f "$out"' EXIT
endpoint=""
until [ -n "$endpoint" ]; do
  endpoint=$(grep -o 'serving DynamoDB on http://[^ ]*' "$out" | sed 's/.* //' || true)
  [ -n "$endpoint" ] || sleep 0.05
done
post() { curl -sf -X POST "$endpoint/" -H "X-Amz-Target: DynamoDB_20120810.$1" -H 'Content-Type: application/x-amz-json-1.0' -d "$2" >/dev/null; }
post DeleteTable '{"TableName":"bench"}' || true
post CreateTable '{"TableName":"bench","AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"}],"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],"BillingMode":"PAY_PER_REQUEST"}'
post PutItem "{\"TableName\":\"bench\",\"Item\":{\"PK\":{\"S\":\"USER#alice\"},\"SK\":{\"S\":\"PROFILE\"},\"email\":{\"S\":\"alice@example.com\"},\"pad\":{\"S\":\"$(printf 'x%.0s' $(seq 900))\"}}}"

echo "server: ./partita serve ${storage[*]}; wrk -t1 -c$connections -d${duration}s (after a 5 s warm-up each)"
for bench in getitem putitem health; do
  wrk -t1 -c"$connections" -d5s -s "$here/$bench.lua" "$endpoint/" >/dev/null
  wrk -t1 -c"$connections" -d"${duration}s" --latency -s "$here/$bench.lua" "$endpoint/" \
    | awk -v b="$bench" '/Requests\/sec/ {r=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} /Non-2xx/ {bad=$NF}
        END {printf "%-8s %10s req/s   p50 %8s   p99 %8s%s\n", b, r, p50, p99, (bad ? "   NON-2xx: " bad : "")}'
done
