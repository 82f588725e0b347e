#!/usr/bin/env bash
# Regenerates docs/images/compare_astar_jps.png, the picture in the README's "Seeing what a planner
# did": A* and JPS (plus HPA* when a planner named `hpa` is registered) side by side on the longest
# query of the shared MovingAI map AR0011SR (Baldur's Gate II, 512x512), taken from its .scen.
# Usage: scripts/render_docs.sh   (PATHBENCH_EXE=... to use another binary; default build/pathbench,
# built with scripts/build.sh when missing). The times in the titles vary from run to run.
set -euo pipefail
cd "$(dirname "$0")/.."

data="${PATHBENCH_DATA:-$(cd .. && pwd)/shared/datasets}"
map="$data/movingai/AR0011SR.map"
if [ ! -f "$map" ] || [ ! -f "$map.scen" ]; then
  echo "render_docs: $map(.scen) not found; set PATHBENCH_DATA to the folder holding movingai/" >&2
  exit 1
fi
exe="${PATHBENCH_EXE:-build/pathbench}"
if [ ! -x "$exe" ]; then
  scripts/build.sh build
fi

# Longest optimal length in the .scen (column 9); ties keep the first line.
read -r sx sy gx gy < <(awk -F'\t' 'NR > 1 && $9 + 0 > best { best = $9 + 0; q = $5 " " $6 " " $7 " " $8 }
                                    END { print q }' "$map.scen")
planners="astar,jps"
if "$exe" list | grep -q '^hpa '; then
  planners="$planners,hpa"
fi

mkdir -p docs/images
"$exe" render --map "$map" --start "$sx,$sy" --goal "$gx,$gy" --compare "$planners" --cell 2 \
  -o docs/images/compare_astar_jps.png
