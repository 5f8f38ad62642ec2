#!/usr/bin/env bash
# Runs one example's main on Partita embedded (in memory): examples/run.sh Blog | Accounts | Threads | ShardedEvents | Shop | Memberships | Extensions | Telemetry | OrgTree | OrderStats | ShopsNearby | MoveToOneTable
# Builds engine, embedded, model and examples in one reactor first (nothing installed but the reactor's own jars).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  Blog) main=io.partita.examples.blog.Blog ;;
  Accounts) main=io.partita.examples.accounts.Accounts ;;
  Threads) main=io.partita.examples.threads.Threads ;;
  ShardedEvents) main=io.partita.examples.sharding.ShardedEvents ;;
  Shop) main=io.partita.examples.ecommerce.Shop ;;
  Memberships) main=io.partita.examples.memberships.Memberships ;;
  Extensions) main=io.partita.examples.extensions.Extensions ;;
  Telemetry) main=io.partita.examples.iot.Telemetry ;;
  OrgTree) main=io.partita.examples.orgtree.OrgTree ;;
  OrderStats) main=io.partita.examples.orderstats.OrderStats ;;
  ShopsNearby) main=io.partita.examples.nearby.ShopsNearby ;;
  MoveToOneTable) main=io.partita.examples.moving.MoveToOneTable ;;
  *) echo "usage: examples/run.sh Blog|Accounts|Threads|ShardedEvents|Shop|Memberships|Extensions|Telemetry|OrgTree|OrderStats|ShopsNearby|MoveToOneTable" >&2; exit 2 ;;
esac
echo "building the example and what it needs (Maven; the first build takes a few minutes)..." >&2
# -am: the modules examples depends on are built in the same reactor (its tests use partita-server's
# test jar), so nothing needs to be in ~/.m2 but what Maven downloads
if ! mvn -B -ntp -q -pl examples -am package -DskipTests -Dstyle.color=never \
    dependency:build-classpath -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime >&2; then
  echo "examples/run.sh: the build failed (see Maven's messages above); run it again online, or from a" \
    "machine that can reach Maven Central" >&2
  exit 1
fi
exec java -cp "examples/target/classes:$(cat examples/target/classpath.txt)" "$main"
