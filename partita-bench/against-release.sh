#!/usr/bin/env bash
# Partita's server against an earlier build of itself, phase by phase: the side-by-side workload
# (this checkout's client code, the same for all) against `partita serve --in-memory` as built from
# BASE (a commit, branch or tag: the previous release, or the commit before a change) and as built
# from this checkout, each started by its own launcher (its JVM options and class-data archive), and
# against the peer, dynalite, in memory, in alternating rounds. Writes partita-bench/target/against/
# (each round's results and report.md: throughput, server CPU and server heap allocation per
# operation, and server ÷ client CPU per phase, each new ÷ base, dynalite's throughput and CPU beside
# them; then start-up and idle memory). Not part of CI, never run by `mvn test`. About 20 minutes a
# round on 2 cores; AGAINST_PEER=none leaves dynalite out (about 15).
#
#   partita-bench/against-release.sh BASE [ROUNDS]      (ROUNDS: 2 unless given)
#
# Each phase is warmed up for 15 s (AGAINST_OPTS="--warmup-ms N ..." adds SideBySide options, the
# last of a repeated option winning; --targets and --out are the script's own):
# with the quick mode's 2 s, the one-thread phases measured first still pay for the server's JIT
# compiling, in either build, and differ by up to 3x between rounds (docs/benchmarks-history.md,
# "Start-up regained, and the server against its previous build").
#
# BASE is checked out into partita-bench/target/against/base-src (a git worktree, removed at the
# end) and built there by its own launcher; its dependencies must be in ~/.m2 or Maven Central.
set -euo pipefail
# A loaded server's figures: the JVM's full JIT tiers, as a load test runs it (the launchers' default, C1
# alone, is for test runs and serves about 0.6 of this once warm; docs/distribution.md, "The JIT").
# PARTITA_JIT=quick measures the default instead.
export PARTITA_JIT="${PARTITA_JIT:-full}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
[ $# -ge 1 ] || { echo "usage: partita-bench/against-release.sh BASE [ROUNDS]" >&2; exit 2; }
base_ref="$1" rounds="${2:-2}" peer="${AGAINST_PEER:-dynalite}"
case "$peer" in dynalite|none) ;; *) echo "against-release: AGAINST_PEER is dynalite or none, not $peer" >&2; exit 2 ;; esac
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "against-release: ROUNDS is a whole number of rounds, not $rounds" >&2; exit 2; }
base_sha="$(git rev-parse --verify "$base_ref^{commit}")" \
  || { echo "against-release: $base_ref is not a commit here" >&2; exit 2; }
out="$root/partita-bench/target/against"
base_src="$out/base-src"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
load() { cut -d' ' -f1-3 /proc/loadavg; }

# this checkout: the client (partita-bench) and the server's launcher, jar and class archive
echo "against-release: building this checkout ($(git rev-parse --short HEAD))"
mvn -o -q -B -pl partita-bench -am package -DskipTests
"$root/partita" --version >/dev/null
cp="$root/partita-bench/target/classes:$(cat "$root/partita-bench/target/sidebyside.classpath")"

# the base: its own checkout, built by its own launcher on first use
rm -rf "$out"/base-[0-9]* "$out"/new-[0-9]* "$out"/peer-[0-9]* "$out/report.md"
mkdir -p "$out"
git worktree remove --force "$base_src" 2>/dev/null || rm -rf "$base_src"
git worktree add --detach --quiet "$base_src" "$base_sha"
trap 'git -C "$root" worktree remove --force "$base_src" 2>/dev/null || true' EXIT
echo "against-release: building $base_ref (${base_sha:0:7}) in $base_src"
"$base_src/partita" --version >/dev/null
sides="base new"
if [ "$peer" = dynalite ]; then
  "$root/partita-bench/peers/install-dynalite.sh"
  sides="base new peer"
fi

for round in $(seq 1 "$rounds"); do
  for side in $sides; do
    dir=$([ "$side" = base ] && echo "$base_src" || echo "$root")
    target=$([ "$side" = peer ] && echo dynalite-server-mem || echo partita-server-mem)
    echo "against-release: round $round of $rounds, $side (load $(load))"
    "$java" -Dpartita.root="$dir" -Dsidebyside.dynalite.home="$root/partita-bench/target/peers/dynalite" \
      -cp "$cp" io.partita.bench.sidebyside.SideBySide --quick \
      --warmup-ms 15000 ${AGAINST_OPTS:-} --targets "$target" --out "$out/$side-$round" \
      --command "partita-bench/against-release.sh $*"
  done
done
base_label="$base_ref"
[ "${base_sha:0:${#base_ref}}" = "$base_ref" ] || base_label="$base_ref (${base_sha:0:7})"
"$java" -cp "$cp" io.partita.bench.sidebyside.Against "$out" "$base_label" \
  "$(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' with local changes')"
