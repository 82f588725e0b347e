#!/usr/bin/env bash
# Downloads official MovingAI benchmark archives (maps + scenarios) for the given families and
# lays them out the way pathbench expects: $DEST/movingai/<name>.map and <name>.map.scen.
#
# Usage: scripts/fetch_movingai.sh [family ...]     (default: dao bg512 sc1 maze random room street)
#        DEST=/some/dir scripts/fetch_movingai.sh dao
# Then:  export PATHBENCH_DATA=$DEST   (default DEST: datasets/downloads, git-ignored)
# Needs curl (or wget) and unzip.
set -euo pipefail
cd "$(dirname "$0")/.."
BASE_URL="${MOVINGAI_URL:-https://movingai.com/benchmarks}"
DEST="${DEST:-datasets/downloads}"
families=("$@")
[ ${#families[@]} -gt 0 ] || families=(dao bg512 sc1 maze random room street)

fetch() {  # url file
  if command -v curl >/dev/null; then curl -fL --retry 3 -o "$2" "$1"
  else wget -O "$2" "$1"; fi
}

mkdir -p "$DEST/movingai" "$DEST/archives"
for fam in "${families[@]}"; do
  for kind in map scen; do
    zip="$DEST/archives/$fam-$kind.zip"
    if [ ! -s "$zip" ]; then
      echo "fetching $fam-$kind.zip"
      fetch "$BASE_URL/$fam/$fam-$kind.zip" "$zip"
    fi
    tmp="$(mktemp -d)"
    unzip -q -o "$zip" -d "$tmp"
    # Archives nest files in folders; flatten so every map sits beside its .scen.
    find "$tmp" -type f \( -name '*.map' -o -name '*.scen' \) -exec mv -f {} "$DEST/movingai/" \;
    rm -rf "$tmp"
  done
done
echo "done: $(ls "$DEST/movingai" | grep -c '\.map$') maps in $DEST/movingai"
echo "use:  export PATHBENCH_DATA=$(cd "$DEST" && pwd)"
