#!/usr/bin/env bash
# The server's own capacity, measured with wrk (Debian package wrk) rather than an SDK client, whose
# per-request cost would cap what 2 cores can show. Starts ./partita serve (in memory, or on a data
# folder with --data DIR), writes one 1 KB item and a 10-item collection, then runs GetItem, PutItem,
# Query and GET / (the ceiling) for DURATION seconds each with CONNECTIONS connections. Each line
# also gives the server's CPU over the measured run (user + system time from /proc, in cores: CPU
# seconds per second), so the throughput per server core can be read off.
#   partita-bench/server-wrk.sh [--data DIR] [DURATION] [CONNECTIONS]
# WRK_WARMUP (seconds, default 5) is the unmeasured run before each measured one; WRK_BENCHES the
# requests to run (default "getitem putitem query health", the scripts' names). SERVE_OPTS adds
# options to `partita serve` (e.g. SERVE_OPTS="--metrics" or "--log-requests=json": the overhead
# of watching: docs/benchmarks-history.md, "The cost of watching").
set -euo pipefail
# A loaded server's figures: the JVM's full JIT tiers, as a load test runs it (the launchers' default, C1
# alone, is for test runs and serves about 0.6 of this once warm; docs/distribution.md, "The JIT").
# PARTITA_JIT=quick measures the default instead.
export PARTITA_JIT="${PARTITA_JIT:-full}"
root="$(cd "$(dirname "$0")/.." && pwd)"
here="$root/partita-bench/wrk"
storage=(--in-memory)
if [ "${1:-}" = "--data" ]; then storage=(--data "$2"); shift 2; fi
duration="${1:-10}"
connections="${2:-16}"
warmup="${WRK_WARMUP:-5}"
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 1; }
"$root/partita" --version >/dev/null

out=$(mktemp)
# shellcheck disable=SC2086 # SERVE_OPTS is words
"$root/partita" serve "${storage[@]}" --port 0 ${SERVE_OPTS:-} >"$out" 2>&1 &
pid=$!
trap 'rc=$?; kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null || true; rm -f "$out"; exit $rc' EXIT
endpoint=""
until [ -n "$endpoint" ]; do
  endpoint=$(grep -o 'serving DynamoDB on http://[^ ]*' "$out" | sed 's/.* //' || true)
  [ -n "$endpoint" ] || sleep 0.05
done
post() { curl -sf -X POST "$endpoint/" -H "X-Amz-Target: DynamoDB_20120810.$1" -H 'Content-Type: application/x-amz-json-1.0' -d "$2" >/dev/null; }
post DeleteTable '{"TableName":"bench"}' || true
post CreateTable '{"TableName":"bench","AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"}],"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],"BillingMode":"PAY_PER_REQUEST"}'
post PutItem "{\"TableName\":\"bench\",\"Item\":{\"PK\":{\"S\":\"USER#alice\"},\"SK\":{\"S\":\"PROFILE\"},\"email\":{\"S\":\"alice@example.com\"},\"pad\":{\"S\":\"$(printf 'x%.0s' $(seq 900))\"}}}"
for i in $(seq 10); do
  post PutItem "{\"TableName\":\"bench\",\"Item\":{\"PK\":{\"S\":\"USER#carol\"},\"SK\":{\"S\":\"ORDER#$i\"},\"amount\":{\"N\":\"19.99\"},\"status\":{\"S\":\"PLACED\"},\"pad\":{\"S\":\"$(printf 'y%.0s' $(seq 100))\"}}}"
done
# user + system CPU time of the server so far, in clock ticks
cpu_ticks() { awk '{sub(/.*\) /, ""); print $12 + $13}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)

echo "server: ./partita serve ${storage[*]}; wrk -t1 -c$connections -d${duration}s (after a ${warmup} s warm-up each)"
for bench in ${WRK_BENCHES:-getitem putitem query health}; do
  wrk -t1 -c"$connections" -d"${warmup}s" -s "$here/$bench.lua" "$endpoint/" >/dev/null
  before=$(cpu_ticks); start=$(date +%s%N)
  result=$(wrk -t1 -c"$connections" -d"${duration}s" --latency -s "$here/$bench.lua" "$endpoint/")
  cores=$(awk -v t="$(( $(cpu_ticks) - before ))" -v hz="$hz" -v ns="$(( $(date +%s%N) - start ))" \
    'BEGIN {printf "%.2f", t / hz / (ns / 1e9)}')
  echo "$result" | awk -v b="$bench" -v c="$cores" '/Requests\/sec/ {r=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} /Non-2xx/ {bad=$NF}
      END {printf "%-8s %10s req/s   p50 %8s   p99 %8s   server CPU %s cores%s\n", b, r, p50, p99, c, (bad ? "   NON-2xx: " bad : "")}'
done
