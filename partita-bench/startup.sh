#!/usr/bin/env bash
# Start-up and idle memory of `serve --in-memory` (issue 37): for the jar run alone (`java -jar
# partita.jar`, none of the launcher's options) and for the distribution's launcher (`bin/partita`,
# with its class archive made beforehand, untimed; by default and with PARTITA_JIT=full), RUNS runs of each, the commands taking turns: the
# time from starting the process to the first answered ListTables, the process's CPU time then, and
# its resident memory after IDLE seconds idle; medians and ranges (partita-bench/startup-runs.py).
#   partita-bench/startup.sh [RUNS]        (default 10)
# Environment:
#   IDLE=5                  seconds idle before the resident memory is read
#   JDKS="/usr/lib/jvm/temurin-25-jdk-amd64 ..."
#                           more JDKs to run both with (the launcher makes an ahead-of-time cache on
#                           Java 25 and later, a CDS archive before); the first is JAVA_HOME's or PATH's java
#   NATIVE=PATH             a native executable of partita to run as well (docs/distribution.md says
#                           why none is built here)
#   JAVA_OPTS               handed to every run of the launcher (e.g. -Dpartita.preload=false)
# Builds partita.jar first if needed (./partita --version, untimed); needs python3.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-10}"
"$root/partita" --version >/dev/null   # build, untimed

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/dist/bin" "$work/dist/lib"
cp "$root/partita-dist/src/dist/bin/partita" "$work/dist/bin/partita"
cp "$root/partita-dist/target/partita.jar" "$work/dist/lib/partita.jar"
chmod +x "$work/dist/bin/partita"
export PARTITA_CACHE="$work/cache"

default_java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
commands=()
add() { # add NAME JAVA_HOME-or-empty
  local name="$1" home="$2" java="${2:+$2/bin/}java"
  [ -n "$home" ] || java="$default_java"
  local env=(env)
  [ -n "$home" ] && env+=("JAVA_HOME=$home")
  # the launcher's class archives for this JDK (one per JIT choice), made once, untimed
  "${env[@]}" "$work/dist/bin/partita" --version >/dev/null 2>&1
  "${env[@]}" PARTITA_JIT=full "$work/dist/bin/partita" --version >/dev/null 2>&1
  commands+=("jar$name=$java -jar $work/dist/lib/partita.jar" "launcher$name=${env[*]} $work/dist/bin/partita"
    "launcher$name-jit-full=${env[*]} PARTITA_JIT=full $work/dist/bin/partita")
}
add "" ""
for jdk in ${JDKS:-}; do
  version="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$jdk/release")"
  add "-java$version" "$jdk"
done
if [ -n "${NATIVE:-}" ]; then
  commands+=("native=$NATIVE")
fi
echo "java: $("$default_java" -version 2>&1 | head -n 1); jar: partita.jar ($(du -m "$work/dist/lib/partita.jar" | cut -f1) MB); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$root/partita-bench/startup-runs.py" "$runs" "${IDLE:-5}" "${commands[@]}"
