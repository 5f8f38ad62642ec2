#!/usr/bin/env bash
# Counts the server's reads of its memory cgroup's files (memory.stat, memory.limit_in_bytes,
# memory.max, memory.current) while it answers N GetItems on one keep-alive connection, and which
# threads made them (docs/benchmarks-history.md, "cgroup memory reads"). Needs strace and python3.
#   partita-bench/cgroup-reads.sh [N]       (default 160)
# JAVA_OPTS is passed to the server (e.g. JAVA_OPTS=-XX:+UseDynamicNumberOfCompilerThreads to see
# the reads the launcher's default turns off).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
n="${1:-160}"
command -v strace >/dev/null || { echo "strace is not installed" >&2; exit 1; }
"$root/partita" --version >/dev/null
work=$(mktemp -d)
strace -f -e trace=openat -o "$work/trace" "$root/partita" serve --in-memory --port 0 >"$work/out" 2>&1 &
tracer=$!
trap 'kill $(pgrep -P $tracer) 2>/dev/null; wait $tracer 2>/dev/null; rm -rf "$work"' EXIT
endpoint=""
until [ -n "$endpoint" ]; do
  endpoint=$(grep -o 'serving DynamoDB on http://[^ ]*' "$work/out" | sed 's/.* //' || true)
  [ -n "$endpoint" ] || sleep 0.1
done
post() { curl -sf -X POST "$endpoint/" -H "X-Amz-Target: DynamoDB_20120810.$1" -H 'Content-Type: application/x-amz-json-1.0' -d "$2" >/dev/null; }
post CreateTable '{"TableName":"bench","AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"}],"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],"BillingMode":"PAY_PER_REQUEST"}'
post PutItem '{"TableName":"bench","Item":{"PK":{"S":"USER#alice"},"SK":{"S":"PROFILE"},"email":{"S":"alice@example.com"}}}'
reads() { grep -c -E 'memory\.(stat|limit_in_bytes|max|current)"' "$work/trace" || true; }
start=$(reads)
python3 - "$endpoint" "$n" <<'PY'
import http.client, sys, urllib.parse
ep = urllib.parse.urlparse(sys.argv[1])
c = http.client.HTTPConnection(ep.hostname, ep.port)
body = '{"TableName":"bench","Key":{"PK":{"S":"USER#alice"},"SK":{"S":"PROFILE"}}}'
for _ in range(int(sys.argv[2])):
    c.request("POST", "/", body, {"X-Amz-Target": "DynamoDB_20120810.GetItem",
                                  "Content-Type": "application/x-amz-json-1.0"})
    r = c.getresponse(); r.read()
    if r.status != 200: sys.exit("GetItem answered %d" % r.status)
PY
served=$(reads)
sleep 3
idle=$(reads)
echo "cgroup memory-file reads: start-up $start, during $n GetItems $((served - start)), 3 s idle after $((idle - served))"
java=$(pgrep -P $tracer)
jstack "$java" >"$work/threads" 2>/dev/null || true
grep -E 'memory\.(stat|limit_in_bytes|max|current)"' "$work/trace" | awk '{print $1}' | sort | uniq -c | while read -r count tid; do
  name=$(grep "nid=0x$(printf %x "$tid") " "$work/threads" | cut -d'"' -f2)
  echo "  $count by thread ${name:-$tid (ended)}"
done
