// Search traces in the format of Posthoc, ShortestPathLab's search-trace visualiser
// (`pathbench render --posthoc F`, `pathbench solve --trace F`).
//
// Format followed: "Search trace" at https://posthoc.pathfinding.ai/docs/search-trace and the
// v1.4.0 grid examples of github.com/ShortestPathLab/posthoc-app (resources/traces/v1.4.0/
// astar.trace.yaml): a YAML document with `version: 1.4.0`, a `views.main` list of rect
// components (one per event type, picked with `$if`, coloured from Posthoc's `color` context:
// color.expanding, color.generating, ... are its built-in search colours), a `pivot` centring the
// camera on a cell, and `events`, each a flow map {type, id, pId, x, y, g, f}. Load the trace in
// Posthoc together with the MovingAI .map (Posthoc reads .map grids itself) to see it over the map.
//
// Events, in the order the search did them: source and destination first; then per planner
//  - A*, Dijkstra, GBFS, JPS, JPS+: generate (pId = parent), expand, update (decrease-key), close
//    after each expansion's successors; JPS/JPS+ also jump_point (every successor a jump found,
//    pId = the expanding jump point), then generate or update when it was pushed or improved;
//  - D* Lite: generate (queue insertion), update (key change), expand; g and f are the queue key
//    [min(g, rhs), min(g, rhs) + h + k_m]; no pId (it searches backwards without parent pointers);
//  - HPA*: expand (cells) and expand_abstract (abstract graph nodes), without values.
// Then end (the goal, g = path cost) when solved. id (and pId) = y * width + x of the map.
// Counts: expand (+ expand_abstract) == counters.expansions, generate == counters.generated,
// update == counters.updates (search_trace.h, "Event log").
//
// Streamed: the header (comments, version, views, pivot) through yaml-cpp's emitter, then the
// events line by line in YAML flow syntax (posthoc_trace.cpp says why not the emitter), so memory
// stays flat however many events a search logs.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_types.h"
#include "harness/render/trace_renderer.h"

namespace pathbench {

// `panel` comes from run_traced(..., log_events = true). `map_name` goes into the header comment.
// Returns the number of events written.
std::size_t write_posthoc_trace(std::ostream& out, const Grid& grid, const Query& query,
                                const RenderPanel& panel, const std::string& map_name);

// The file variant: check_posthoc_path() first (callers also call it before searching), which
// refuses (InputError naming `option`) to replace an existing file unless
// `overwrite`, and a name not ending in .trace.yaml (the extension Posthoc recognises for YAML).
void check_posthoc_path(const std::filesystem::path& path, const char* option, bool overwrite);
std::size_t write_posthoc_trace_file(const std::filesystem::path& path, const char* option,
                                     bool overwrite, const Grid& grid, const Query& query,
                                     const RenderPanel& panel, const std::string& map_name);

// Throws InputError (field `option`) when `planner` cannot be traced: Posthoc export needs a
// traceable planner (Capabilities::traceable).
void require_traceable(const Planner& planner, const std::string& name, const char* option);

}  // namespace pathbench
