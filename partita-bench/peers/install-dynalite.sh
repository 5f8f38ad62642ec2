#!/usr/bin/env bash
# Installs the peer, dynalite, at the version of the committed package-lock.json into
# partita-bench/target/peers/dynalite, again only when the lock file changed (no install scripts: its
# LevelDB binding loads a prebuilt library shipped inside the npm package). Used by side-by-side.sh and
# ci-suite.sh.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
command -v node >/dev/null && command -v npm >/dev/null \
  || { echo "the peer, dynalite, needs Node and npm (Debian: apt-get install nodejs npm)" >&2; exit 1; }
peer_src="$root/partita-bench/peers/dynalite"
peer_home="$root/partita-bench/target/peers/dynalite"
if ! cmp -s "$peer_src/package-lock.json" "$peer_home/package-lock.json" \
    || [ ! -f "$peer_home/node_modules/dynalite/cli.js" ]; then
  mkdir -p "$peer_home"
  cp "$peer_src/package.json" "$peer_src/package-lock.json" "$peer_home/"
  (cd "$peer_home" && npm ci --ignore-scripts --no-audit --no-fund)
fi
