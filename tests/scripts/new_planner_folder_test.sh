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

folder="$copy/algorithms/planners/tiny_dijkstra"
mkdir "$folder"
cat >"$folder/CMakeLists.txt" <<'CMAKE'
pathbench_add_planner(tiny_dijkstra tiny_dijkstra_planner.cpp)
CMAKE
cat >"$folder/tiny_dijkstra_planner.h" <<'HEADER'
#pragma once
#include "algorithms/core/planner_info.h"
namespace pathbench {
PlannerInfo tiny_dijkstra_planner_info();
}
HEADER
cat >"$folder/tiny_dijkstra_planner.cpp" <<'SOURCE'
// Dijkstra over std::priority_queue: the smallest planner a folder can hold.
#include "algorithms/planners/tiny_dijkstra/tiny_dijkstra_planner.h"

#include <algorithm>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/core/planner.h"

namespace pathbench {
namespace {

Capabilities tiny_capabilities() {
  Capabilities c;
  c.optimal = true;
  c.honours_time_limit = false;
  return c;
}

class TinyDijkstra final : public Planner {
 public:
  TinyDijkstra() : Planner(tiny_capabilities()) {}

 protected:
  void do_prepare(const Grid& grid) override { offsets_ = MoveOffsets(grid); }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> g(grid().num_ids(), inf);
    std::vector<CellId> parent(grid().num_ids(), kNoCell);
    using Entry = std::pair<double, CellId>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    g[start] = 0.0;
    open.push({0.0, start});
    while (!open.empty()) {
      const auto [d, c] = open.top();
      open.pop();
      if (d > g[c]) continue;
      if (c == goal) {
        for (CellId v = goal; v != kNoCell; v = parent[v]) result.path.push_back(v);
        std::reverse(result.path.begin(), result.path.end());
        result.cost = g[goal];
        result.status = Status::Solved;
        return;
      }
      if (budget.max_expansions && result.counters.expansions >= budget.max_expansions) {
        result.status = Status::Timeout;
        return;
      }
      ++result.counters.expansions;
      for_each_successor(grid(), offsets_, c, [&](CellId n, double step) {
        if (g[c] + step >= g[n]) return;
        g[n] = g[c] + step;
        parent[n] = c;
        open.push({g[n], n});
        ++result.counters.generated;
      });
    }
    result.status = Status::Unreachable;
  }

 private:
  MoveOffsets offsets_{Grid{}};
};

}  // namespace

PlannerInfo tiny_dijkstra_planner_info() {
  return {.name = "tiny_dijkstra",
          .summary = "Dijkstra over std::priority_queue (tests/scripts/new_planner_folder_test.sh)",
          .factory = make_planner<TinyDijkstra>};
}

}  // namespace pathbench
SOURCE

# The edit count: exactly one new entry (the folder) and no changed file anywhere else.
edits="$(diff -rq "$src" "$copy" --exclude='build*' --exclude=results --exclude=.git || true)"
if [ "$edits" != "Only in $copy/algorithms/planners: tiny_dijkstra" ]; then
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

"$cli" list | grep -q '^tiny_dijkstra' || {
  echo "new_planner_folder_test: 'pathbench list' does not show tiny_dijkstra:" >&2
  "$cli" list >&2
  exit 1
}
map="$src/datasets/maps/quickstart.map"
ours="$("$cli" solve --map "$map" --start 1,4 --goal 2,6 --planner tiny_dijkstra)"
ref="$("$cli" solve --map "$map" --start 1,4 --goal 2,6 --planner astar)"
cost() { sed -n 's/.*"cost":\([0-9.e+-]*\).*/\1/p'; }
if [ "$(cost <<<"$ours")" != "$(cost <<<"$ref")" ] || ! grep -q '"status":"solved"' <<<"$ours"; then
  echo "new_planner_folder_test: tiny_dijkstra disagrees with astar:" >&2
  echo "  tiny_dijkstra: $ours" >&2
  echo "  astar:         $ref" >&2
  exit 1
fi
echo "new_planner_folder_test: tiny_dijkstra solved quickstart (1,4)->(2,6) at cost $(cost <<<"$ours"), as astar"
