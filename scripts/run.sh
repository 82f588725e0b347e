#!/usr/bin/env bash
# The main job: install what is missing, build Release, run the default experiment
# (configs/quickstart.yaml, or the config given as $1), print its summary, then `pathbench report`
# writes summary.md, plots/*.png|svg|pdf and the self-contained report.html into the results folder.
set -euo pipefail
cd "$(dirname "$0")/.."
config="${1:-configs/quickstart.yaml}"

scripts/setup.sh
# The CLI alone: the tests and benchmarks are scripts/test.sh's, and the report's plots are a
# Python script, not a build target. A fresh clone on a 2-core machine, packages installed: 212 s
# for the whole script, about 204 s of it the build (commit 99e7c98, CCACHE_DISABLE=1; the harness
# is unity-built, PATHBENCH_UNITY in CMakeLists.txt).
echo "run.sh: building the pathbench CLI in build/ (Release; tests are built by scripts/test.sh)"
BUILD_TARGETS=pathbench scripts/build.sh build
echo "run.sh: running $config"

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
