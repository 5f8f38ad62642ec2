#!/usr/bin/env bash
# Runs one example's main on Partita embedded (in memory): examples/run.sh Blog | Shop | Memberships | Extensions | Telemetry | OrgTree | OrderStats
# Builds engine, embedded, model and examples in one reactor first (nothing installed but the reactor's own jars).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  Blog) main=io.partita.examples.blog.Blog ;;
  Shop) main=io.partita.examples.ecommerce.Shop ;;
  Memberships) main=io.partita.examples.memberships.Memberships ;;
  Extensions) main=io.partita.examples.extensions.Extensions ;;
  Telemetry) main=io.partita.examples.iot.Telemetry ;;
  OrgTree) main=io.partita.examples.orgtree.OrgTree ;;
  OrderStats) main=io.partita.examples.orderstats.OrderStats ;;
  *) echo "usage: examples/run.sh Blog|Shop|Memberships|Extensions|Telemetry|OrgTree|OrderStats" >&2; exit 2 ;;
esac
mvn -o -q -pl partita-engine,partita-embedded,partita-model,examples package -DskipTests \
  dependency:build-classpath -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime >/dev/null
exec java -cp "examples/target/classes:$(cat examples/target/classpath.txt)" "$main"
