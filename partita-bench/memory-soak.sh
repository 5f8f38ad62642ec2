#!/usr/bin/env bash
# Memory soak (issue 33), on demand, not in CI: starts `partita serve` through the checkout's launcher
# (its JVM options and MALLOC_ARENA_MAX, so a launcher change is measured too) with Native Memory
# Tracking and --metrics, on a fresh data folder and a free port, drives it with boto3 through a
# mixed run (tables created and deleted, 390 KB items, 25-item batches of 150 KB items, scans,
# queries, 100-item transactions, a stream read) and ten CreateBackups of a 30 MB table, and prints
# the server's memory after each phase (memory-soak.py says what each column is).
#
#   partita-bench/memory-soak.sh [--phases mixed,backups] [--scale 1] [--idle 20] [-- serve options]
#   JAVA_OPTS=... MALLOC_ARENA_MAX=... partita-bench/memory-soak.sh -- --memory 64m --in-memory
#
# Needs partita-dist/target/partita.jar (mvn package, or one ./partita run), python3-boto3 and jcmd.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
jar="$root/partita-dist/target/partita.jar"
[ -f "$jar" ] || { echo "memory-soak: build $jar first (mvn package, or ./partita --version)" >&2; exit 1; }

driver=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do driver+=("$1"); shift; done
[ "${1:-}" = -- ] && shift

work="$(mktemp -d)"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

data=(--data "$work/data")
for a in "$@"; do [ "$a" = --in-memory ] && data=(); done
PARTITA_CLASSPATH="$jar" JAVA_OPTS="-XX:NativeMemoryTracking=summary ${JAVA_OPTS:-}" \
  "$root/partita" serve --port "$port" "${data[@]}" --metrics "$@" >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
  curl -fs -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.2
done
echo "server pid $pid, port $port, options: ${*:-(defaults)}, JAVA_OPTS: ${JAVA_OPTS:-}, MALLOC_ARENA_MAX: ${MALLOC_ARENA_MAX:-unset, the launcher sets it}"
python3 "$root/partita-bench/memory-soak.py" --endpoint "http://127.0.0.1:$port" --pid "$pid" "${driver[@]}"
