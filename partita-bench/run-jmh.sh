#!/usr/bin/env bash
# Builds partita-bench (with the modules it depends on, through the reactor: nothing is
# installed in ~/.m2) and runs the JMH benchmarks with short settings, then prints the table.
#
#   partita-bench/run-jmh.sh                      # every benchmark
#   partita-bench/run-jmh.sh GetItemBench         # a regex of benchmarks
#   partita-bench/run-jmh.sh GetItemBench -prof gc   # any further JMH options
#
# The short settings (1 fork, 2 x 1 s warmup, 3 x 1 s measurement) keep a full run to about three
# minutes; the error bars are correspondingly wide. Raise them (-wi, -i, -f) for careful numbers.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$here/target"

(cd "$root" && mvn -B -q package -pl partita-bench -am -DskipTests)

mkdir -p "$out"
java -jar "$out/benchmarks.jar" \
  -f 1 -wi 2 -w 1s -i 3 -r 1s \
  -rf json -rff "$out/jmh-result.json" \
  "$@" | tee "$out/jmh-output.txt"

echo
echo "==== results (also in $out/jmh-result.json) ===="
sed -n '/^Benchmark  *Mode/,$p' "$out/jmh-output.txt"

# GetItem through the client against the floor (bare RocksDB get + ItemCodec.decode)
awk '$1 ~ /GetItemBench\.client$/ { c = $4 } $1 ~ /GetItemBench\.floor$/ { f = $4 }
     END { if (c && f) printf "\nGetItem via DynamoDbClient / floor = %.1f x (%s ns vs %s ns)\n", c / f, c, f }' \
  "$out/jmh-output.txt"
