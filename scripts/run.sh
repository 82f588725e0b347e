#!/usr/bin/env bash
# The main job: install what is missing, build Release, run the default experiment
# (configs/quickstart.yaml, or the config given as $1), print its summary, write results + plots.
set -euo pipefail
cd "$(dirname "$0")/.."
config="${1:-configs/quickstart.yaml}"

scripts/setup.sh
scripts/build.sh build

./build/pathbench run "$config"
latest="results/$(sed -n 's/^name:[[:space:]]*\([A-Za-z0-9_.-]*\).*/\1/p' "$config" | head -n1)/latest"
if [ -d "$latest" ]; then
  /usr/bin/python3 scripts/plot_results.py "$latest"
  echo "results: $(readlink -f "$latest")"
fi
