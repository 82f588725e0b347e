#!/usr/bin/env bash
# docs/adding-a-planner.md taken literally: in a copy of the source tree, create ONE folder under
# algorithms/planners/ (its CMakeLists.txt, header and source), change no other file, build the
# CLI, and solve with the new planner. Fails if any file outside the new folder differs from the
# original tree, if `pathbench list` does not show the planner, or if its cost differs from A*'s.
# Usage: new_planner_folder_test.sh SOURCE_DIR
set -euo pipefail
src="$(cd "$1" && pwd)"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/pathbench-newplanner.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
copy="$scratch/src"
mkdir "$copy"
# The sources only: no build trees, results or git metadata.
tar -C "$src" --exclude='./build*' --exclude='./results' --exclude='./.git' -cf - . |
  tar -C "$copy" -xf -

# The folder of docs/adding-a-planner.md: its CMakeLists.txt (step 4, the registration line) and
# the header and source of steps 1-3, which are tests/fixtures/tiny_astar/'s (the planner that
# tests/algorithms/custom_planner_test.cpp registers by hand) with their include path moved here.
folder="$copy/algorithms/planners/tiny_astar"
mkdir "$folder"
cat >"$folder/CMakeLists.txt" <<'CMAKE'
pathbench_add_planner(tiny_astar tiny_astar_planner.cpp)
CMAKE
for f in tiny_astar_planner.h tiny_astar_planner.cpp; do
  sed 's|tests/fixtures/tiny_astar/|algorithms/planners/tiny_astar/|' \
    "$src/tests/fixtures/tiny_astar/$f" >"$folder/$f"
done
grep -q '^#include "algorithms/planners/tiny_astar/tiny_astar_planner.h"$' \
  "$folder/tiny_astar_planner.cpp" || {
  echo "new_planner_folder_test: tiny_astar_planner.cpp does not include its folder's header" >&2
  exit 1
}

# The edit count: exactly one new entry (the folder) and no changed file anywhere else.
edits="$(diff -rq "$src" "$copy" --exclude='build*' --exclude=results --exclude=.git || true)"
if [ "$edits" != "Only in $copy/algorithms/planners: tiny_astar" ]; then
  echo "new_planner_folder_test: expected one new folder and no other change, got:" >&2
  echo "$edits" >&2
  exit 1
fi
echo "new_planner_folder_test: the only change to the tree: $edits"

# ccache (when installed) turns every unchanged file into a cache hit: paths are made relative to
# the scratch folder, as scripts/build.sh makes them relative to the clone's parent. The flags must
# match the main build's (the Python module, on by default, adds -fPIC to the libraries).
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$scratch"
fi
cmake -S "$copy" -B "$copy/build" -DCMAKE_BUILD_TYPE=Release -DPATHBENCH_BUILD_TESTS=OFF \
  -DPATHBENCH_BUILD_BENCH=OFF -DPATHBENCH_WERROR=ON \
  "${launcher[@]}" >/dev/null
cmake --build "$copy/build" -j "$(nproc 2>/dev/null || echo 2)" --target pathbench >/dev/null
cli="$copy/build/pathbench"

"$cli" list | grep -q '^tiny_astar' || {
  echo "new_planner_folder_test: 'pathbench list' does not show tiny_astar:" >&2
  "$cli" list >&2
  exit 1
}
map="$src/datasets/maps/quickstart.map"
ours="$("$cli" solve --map "$map" --start 1,4 --goal 2,6 --planner tiny_astar)"
ref="$("$cli" solve --map "$map" --start 1,4 --goal 2,6 --planner astar)"
cost() { sed -n 's/.*"cost":\([0-9.e+-]*\).*/\1/p'; }
if [ "$(cost <<<"$ours")" != "$(cost <<<"$ref")" ] || ! grep -q '"status":"solved"' <<<"$ours"; then
  echo "new_planner_folder_test: tiny_astar disagrees with astar:" >&2
  echo "  tiny_astar: $ours" >&2
  echo "  astar:      $ref" >&2
  exit 1
fi
echo "new_planner_folder_test: tiny_astar solved quickstart (1,4)->(2,6) at cost $(cost <<<"$ours"), as astar"
