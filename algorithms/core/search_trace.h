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
//
// Event log (for exporters such as the Posthoc trace, harness/render/posthoc_trace.h): with
// log_events set before solve(), A* (and its presets), JPS, JPS+ and D* Lite also append every
// step to `events` in the order it happened, with the values the search had then (parent, g, f).
// Counts: Expand events == counters.expansions, Generate == counters.generated, Update ==
// counters.updates; A*/JPS/JPS+ add one Close per expansion after its successors (none for the
// expansion a budget stop cuts short) and JPS/JPS+ one JumpPoint per "jump_points" record.
// D* Lite logs its searches, not the queue work of update() between replans. HPA* does not log
// (events stays empty): exporters fall back to expanded and the layers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/trace_style.h"

namespace pathbench {

enum class TraceEventType : std::uint8_t {
  Generate,   // first push of a cell (D* Lite: every queue insertion)
  Expand,     // a counted expansion
  Close,      // the expanded cell's successors are done (A*, JPS, JPS+)
  Update,     // decrease-key or other key change of a queued cell
  JumpPoint,  // JPS/JPS+: a successor a jump found (closed or already open ones included)
};

// One logged step. parent is kNoCell when there is none (the start; D* Lite, which searches
// backwards and keeps no parent pointers). g and f as the planner's queue saw them (D* Lite: the
// key [f, g] = [min(g, rhs) + h + k_m, min(g, rhs)]).
struct TraceEvent {
  TraceEventType type;
  CellId cell;
  CellId parent;
  double g;
  double f;
};

// A planner-specific set of cells, e.g. JPS's "jump_points" and "scanned". May repeat cells (a
// cell scanned twice is recorded twice); consumers deduplicate when they need to.
struct TraceLayer {
  std::string name;
  std::vector<CellId> cells;
  std::vector<std::uint32_t> at;  // parallel to cells, see the header comment
  TraceStyle style;               // how pictures draw it (trace_style.h); default: not drawn
};

struct SearchTrace {
  std::vector<CellId> expanded;
  std::vector<CellId> generated;
  std::vector<std::uint32_t> generated_at;
  std::vector<CellId> frontier;
  std::vector<CellId> path;
  std::vector<TraceLayer> layers;
  bool log_events = false;  // set by the caller; clear() keeps it
  std::vector<TraceEvent> events;

  // Empties every list but keeps capacities (and layer names and styles), so repeated queries reuse
  // memory.
  void clear() {
    events.clear();
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
    layers.push_back(TraceLayer{std::string(name), {}, {}, {}});
    return layers.back();
  }
  // The same, drawn in pictures with `style`.
  TraceLayer& layer(std::string_view name, const TraceStyle& style) {
    TraceLayer& l = layer(name);
    l.style = style;
    return l;
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
  void log(TraceEventType type, CellId c, CellId parent, double g, double f) {
    if (log_events) events.push_back(TraceEvent{type, c, parent, g, f});
  }
  void record(TraceLayer& l, CellId c) {
    l.cells.push_back(c);
    l.at.push_back(now());
  }
};

}  // namespace pathbench
