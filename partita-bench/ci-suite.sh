#!/usr/bin/env bash
# Issue 37's CI-suite benchmark (io.partita.bench.sidebyside.CiSuite): 50 tests of a project's suite
# (a table with a GSI made, 20 puts, 10 gets, 2 queries, a conditional update, a two-item transaction,
# the table deleted), in a row and over 4 threads, start-up included, against Partita's server, Partita
# embedded and dynalite, in memory, in one run. Not part of CI. Needs Node and npm for dynalite.
#
#   partita-bench/ci-suite.sh [runs [target]]   (default 3 runs of every target; a tab-separated table)
# DYNALITE_ARGS adds dynalite options, e.g. DYNALITE_ARGS="--createTableMs 0 --deleteTableMs 0" for no
# simulated table delays (its defaults are 500 ms each).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
mvn -o -q -B -pl partita-bench -am package -DskipTests
"$root/partita" --version >/dev/null
cp="$root/partita-bench/target/classes:$(cat "$root/partita-bench/target/sidebyside.classpath")"
peer_home="$root/partita-bench/target/peers/dynalite"
"$root/partita-bench/peers/install-dynalite.sh"
echo "ci-suite: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores" >&2
"$java" -Dpartita.root="$root" -Dsidebyside.dynalite.home="$peer_home" \
  -Dsidebyside.dynalite.args="${DYNALITE_ARGS:-}" -cp "$cp" io.partita.bench.sidebyside.CiSuite "${1:-3}" ${2:+"$2"}
