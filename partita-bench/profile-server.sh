#!/usr/bin/env bash
# Where the server's CPU goes, phase by phase: the side-by-side workload against
# `partita serve --in-memory` with async-profiler loaded into the server for each measured window
# (CPU time of every thread, kernel included), then each phase's CPU split into the kernel's socket
# calls, the engine, the wire (JSON), the HTTP handler, Netty and the other threads, in % and in µs
# per operation (SideBySide's ServerProfile). Not part of CI, never run by `mvn test`.
#
#   partita-bench/profile-server.sh [PHASES] [THREADS]     (default: get,txn and 1)
#
# async-profiler is a measuring tool, not a dependency: it is fetched from Maven Central
# (tools.profiler:async-profiler) into ~/.m2 and unpacked into partita-bench/target/async-profiler.
# The collapsed stacks are kept in partita-bench/target/profiles (one file per phase; any flame
# graph tool reads them). PROFILE_OPTS adds SideBySide options (e.g. "--measure-ms 30000").
set -euo pipefail
# A loaded server's figures: the JVM's full JIT tiers, as a load test runs it (the launchers' default, C1
# alone, is for test runs and serves about 0.6 of this once warm; docs/distribution.md, "The JIT").
# PARTITA_JIT=quick measures the default instead.
export PARTITA_JIT="${PARTITA_JIT:-full}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
phases="${1:-get,txn}" threads="${2:-1}" version=4.1
lib="$root/partita-bench/target/async-profiler/linux-x64/libasyncProfiler.so"
[ "$(uname -m)" = x86_64 ] || { echo "profile-server: only linux-x64 here, not $(uname -m)" >&2; exit 2; }
if [ ! -f "$lib" ]; then
  echo "profile-server: fetching async-profiler $version from Maven Central"
  mvn -B -q dependency:get -Dartifact="tools.profiler:async-profiler:$version"
  mkdir -p "$root/partita-bench/target/async-profiler"
  (cd "$root/partita-bench/target/async-profiler" \
    && unzip -o -q "$HOME/.m2/repository/tools/profiler/async-profiler/$version/async-profiler-$version.jar" 'linux-x64/*')
fi
echo "profile-server: building ($(git rev-parse --short HEAD))"
mvn -o -q -B -pl partita-bench -am package -DskipTests
"$root/partita" --version >/dev/null
cp="$root/partita-bench/target/classes:$(cat "$root/partita-bench/target/sidebyside.classpath")"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
"$java" -Dpartita.root="$root" -Dsidebyside.profiler="$lib" -Dsidebyside.profiles="$root/partita-bench/target/profiles" \
  -cp "$cp" io.partita.bench.sidebyside.SideBySide --quick --warmup-ms 15000 --measure-ms 20000 --skip-startup \
  ${PROFILE_OPTS:-} --targets partita-server-mem --phases "$phases" --threads "$threads" \
  --out "$root/partita-bench/target/profile-run"
