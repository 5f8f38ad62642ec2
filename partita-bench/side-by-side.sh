#!/usr/bin/env bash
# The side-by-side benchmark of Partita and its peer, dynalite (an open-source DynamoDB emulator in
# Node on LevelDB, pinned in partita-bench/peers/dynalite and installed here with npm ci into
# partita-bench/target/peers/dynalite): the e-commerce workload through the AWS SDK v2 against
# Partita embedded and as a server process, and against dynalite's server beside Partita's, in memory
# and on disk (io.partita.bench.sidebyside.SideBySide); start-up time and idle memory; the Partita
# server's capacity with wrk (server-wrk.sh); JMH's GetItem floor comparison (GetItemBench). Writes
# partita-bench/results/MODE/ (tab-separated results, wrk and JMH output, PNG charts) and the
# section "side-by-side-MODE" of partita-bench/results/side-by-side.md (a page of its own: a run's
# tables are too long for BENCHMARKS.md, which quotes the figures). Not part of CI, never run by `mvn test`.
# Needs Node and npm (Debian: nodejs npm) and the npm registry for the first install.
#
#   partita-bench/side-by-side.sh [--quick|--full] [--no-wrk] [--no-jmh] [--report-only] [SideBySide options]
#
# --quick (default) takes about 15 minutes on 2 cores, --full about an hour. SideBySide options:
# --targets a,b (see Targets.ALL), --phases a,b, --threads 1,16, --skip-startup, --users N, ...
# SIDEBYSIDE_OUT sets another results folder (its report still goes into results/side-by-side.md).
# SIDEBYSIDE_WORKER_OPTS / SIDEBYSIDE_SERVER_OPTS add JVM options to the client worker JVMs / the
# Partita server processes (e.g. -XX:StartFlightRecording=filename=/tmp/server.jfr for a profile).
set -euo pipefail
# A loaded server's figures: the JVM's full JIT tiers, as a load test runs it (the launchers' default, C1
# alone, is for test runs and serves about 0.6 of this once warm; docs/distribution.md, "The JIT").
# PARTITA_JIT=quick measures the default instead.
export PARTITA_JIT="${PARTITA_JIT:-full}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mode=quick wrk=1 jmh=1 report_only=0
pass=()
for a in "$@"; do
  case "$a" in
    --quick) mode=quick ;;
    --full) mode=full ;;
    --no-wrk) wrk=0 ;;
    --no-jmh) jmh=0 ;;
    --report-only) report_only=1 ;;
    *) pass+=("$a") ;;
  esac
done
command="partita-bench/side-by-side.sh $*"
out="${SIDEBYSIDE_OUT:-partita-bench/results/$mode}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"

# one offline reactor build, nothing installed; then the server launcher's classpath and class archive
mvn -o -q -B -pl partita-bench -am package -DskipTests
"$root/partita" --version >/dev/null
cp="$root/partita-bench/target/classes:$(cat "$root/partita-bench/target/sidebyside.classpath")"

# the peer: dynalite at the version of the committed package-lock.json, reinstalled when it changes
peer_home="$root/partita-bench/target/peers/dynalite"
if [ "$report_only" = 0 ]; then
  "$root/partita-bench/peers/install-dynalite.sh"
fi
report() {
  "$java" -Djava.awt.headless=true -cp "$cp" io.partita.bench.sidebyside.Report "$out" "$root/partita-bench/results/side-by-side.md"
}
if [ "$report_only" = 1 ]; then report; exit; fi

load() { cut -d' ' -f1-3 /proc/loadavg; }
mkdir -p "$out"
rm -f "$out"/*.tsv "$out"/*.txt "$out"/*.csv "$out"/*.png "$out"/report.md
{
  printf 'key\tvalue\n'
  printf 'date\t%s\n' "$(date -u +%Y-%m-%d)"
  printf 'nproc\t%s\n' "$(nproc)"
  printf 'cpu\t%s\n' "$(lscpu | sed -n 's/^Model name: *//p' | head -1)"
  printf 'memory\t%s\n' "$(free -g | awk '/^Mem:/ {print $2 " GB"}')"
  printf 'java\t%s\n' "$("$java" -version 2>&1 | sed -n 2p)"
  printf 'os\t%s\n' "$(uname -sr)"
  printf 'node\t%s\n' "$(node --version)"
  printf 'load_before\t%s\n' "$(load)"
} >"$out/machine.tsv"
echo "side-by-side ($mode): load average $(load) on $(nproc) cores"

"$java" -Dpartita.root="$root" -Dsidebyside.dynalite.home="$peer_home" \
  -Dsidebyside.worker.opts="${SIDEBYSIDE_WORKER_OPTS:-}" -Dsidebyside.server.opts="${SIDEBYSIDE_SERVER_OPTS:-}" \
  -cp "$cp" io.partita.bench.sidebyside.SideBySide "--$mode" --out "$out" --command "$command" ${pass[@]+"${pass[@]}"}

if [ "$wrk" = 1 ]; then
  if command -v wrk >/dev/null; then
    # on 2 busy cores the server's JIT needs tens of seconds to settle: a long warm-up per request type
    duration=$([ "$mode" = full ] && echo 15 || echo 5)
    export WRK_WARMUP=$([ "$mode" = full ] && echo 30 || echo 15)
    echo "wrk, in memory (load $(load))"
    "$root/partita-bench/server-wrk.sh" "$duration" 16 | tee "$out/wrk-mem.txt"
    if [ "$mode" = full ]; then
      data=$(mktemp -d)
      echo "wrk, on disk (load $(load))"
      "$root/partita-bench/server-wrk.sh" --data "$data/db" "$duration" 16 | tee "$out/wrk-disk.txt"
      rm -rf "$data"
    fi
  else
    echo "wrk is not installed: server capacity skipped" | tee "$out/wrk-missing.txt"
  fi
fi

if [ "$jmh" = 1 ]; then
  if [ "$mode" = full ]; then jmh_opts=(-f 2 -wi 5 -w 2s -i 10 -r 2s); else jmh_opts=(-f 1 -wi 3 -w 1s -i 5 -r 1s); fi
  jmh_command="java -jar partita-bench/target/benchmarks.jar GetItemBench ${jmh_opts[*]}"
  echo "$jmh_command (load $(load))"
  "$java" -jar "$root/partita-bench/target/benchmarks.jar" GetItemBench "${jmh_opts[@]}" \
    -rf csv -rff "$out/jmh-getitem.csv" | tail -8
  printf 'jmh_command\t%s\n' "$jmh_command" >>"$out/machine.tsv"
fi

printf 'load_after\t%s\n' "$(load)" >>"$out/machine.tsv"
report
