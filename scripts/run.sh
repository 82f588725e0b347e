#!/usr/bin/env bash
# The main job: install what is missing, build Release, run the default experiment
# (configs/quickstart.yaml, or the config given as $1), print its summary, then `pathbench report`
# writes summary.md, plots/*.png|svg|pdf and the self-contained report.html into the results folder.
set -euo pipefail
cd "$(dirname "$0")/.."
config="${1:-configs/quickstart.yaml}"

scripts/setup.sh
scripts/build.sh build

./build/pathbench run "$config"
latest="results/$(sed -n 's/^name:[[:space:]]*\([A-Za-z0-9_.-]*\).*/\1/p' "$config" | head -n1)/latest"
if [ -d "$latest" ]; then
  dir="$(readlink -f "$latest")"
  ./build/pathbench report "$dir" >/dev/null
  echo
  echo "results: $dir"
  echo "  tables: $dir/summary.md"
  echo "  plot:   $dir/plots/time_vs_length.png (and the others in plots/)"
  echo "  report: file://$dir/report.html (open in a browser)"
fi
