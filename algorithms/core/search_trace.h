// What a planner did on one query, recorded on request for visualisation (`pathbench render`).
//
// Tracing is off unless a caller hands a SearchTrace to Planner::set_trace(). A traceable planner
// (Capabilities::traceable) checks that pointer once per query and runs a separate template
// instantiation of its search with a recording listener, so the untraced per-node loop carries no
// check at all.
//
// Invariants after Planner::solve() with a trace attached to a traceable planner:
//  - expanded.size() == result.counters.expansions, in expansion order (the goal pop is not an
//    expansion, as in the counters);
//  - generated.size() == result.counters.generated (first pushes only; decrease-keys are not
//    generations), generated_at.size() == generated.size();
//  - "at" values (generated_at, TraceLayer::at) are the number of expansions recorded when the
//    cell was recorded: 0 for the start, k for cells produced while expanding expanded[k-1]. A
//    replay showing k expansions shows exactly the records with at <= k;
//  - frontier is the open list when the search stopped (without the popped goal);
//  - path == result.path.
// Planner-specific identities where a planner's counters count more than cells (each planner's
// header has the details):
//  - HPA* (hpa_planner.h): expansions are cells or abstract nodes, so
//    expanded.size() + layer("abstract_expanded").cells.size() == counters.expansions; cells may
//    repeat (several searches per query); generated, generated_at and frontier stay empty
//    (counters.generated is 0). Layers "transitions" and "abstract_path" too.
//  - D* Lite (dstar_lite_planner.h): generated holds every queue insertion as counted, so cells
//    may repeat in generated (and, rarely, in expanded); a replan's trace covers that replan, with
//    update()'s cells in layers "changed" and "updated".
// Non-traceable planners leave everything empty except path (Planner::solve copies it).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/core/grid.h"

namespace pathbench {

// A planner-specific set of cells, e.g. JPS's "jump_points" and "scanned". May repeat cells (a
// cell scanned twice is recorded twice); consumers deduplicate when they need to.
struct TraceLayer {
  std::string name;
  std::vector<CellId> cells;
  std::vector<std::uint32_t> at;  // parallel to cells, see the header comment
};

struct SearchTrace {
  std::vector<CellId> expanded;
  std::vector<CellId> generated;
  std::vector<std::uint32_t> generated_at;
  std::vector<CellId> frontier;
  std::vector<CellId> path;
  std::vector<TraceLayer> layers;

  // Empties every list but keeps capacities (and layer names), so repeated queries reuse memory.
  void clear() {
    expanded.clear();
    generated.clear();
    generated_at.clear();
    frontier.clear();
    path.clear();
    for (TraceLayer& l : layers) {
      l.cells.clear();
      l.at.clear();
    }
  }

  // The layer called `name`, created empty on first use. The reference stays valid until the
  // next call that creates a layer.
  TraceLayer& layer(std::string_view name) {
    for (TraceLayer& l : layers)
      if (l.name == name) return l;
    layers.push_back(TraceLayer{std::string(name), {}, {}});
    return layers.back();
  }
  // nullptr when there is no such layer.
  const TraceLayer* find_layer(std::string_view name) const {
    for (const TraceLayer& l : layers)
      if (l.name == name) return &l;
    return nullptr;
  }

  std::uint32_t now() const { return static_cast<std::uint32_t>(expanded.size()); }
  void record_generated(CellId c) {
    generated.push_back(c);
    generated_at.push_back(now());
  }
  void record(TraceLayer& l, CellId c) {
    l.cells.push_back(c);
    l.at.push_back(now());
  }
};

}  // namespace pathbench
