// The one planner interface. Two speeds, two mechanisms: this class is the per-query boundary
// (one virtual call per query); everything per node is templated and inlined inside a planner.
//
// Lifecycle: construct through the registry with a validated ParamSet -> prepare(grid) once per
// map (allocates every per-map array; timed separately by the harness) -> solve(query) many
// times (no allocation once warm) -> optionally update(changed cells) for incremental planners.
// The grid passed to prepare must outlive the planner's use of it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_trace.h"
#include "algorithms/core/search_types.h"

namespace pathbench {

// How a planner's SearchResult::path is read (the validator's path model,
// harness/runner/path_validation.h).
enum class PathModel : std::uint8_t {
  // Cell to cell, every step one legal move of the grid's rules; cost = the moves' costs.
  Moves,
  // Any-angle (Theta*, Lazy Theta*): the path's cells are the vertices of a polyline through
  // their centres; each segment needs line of sight (every cell its closed supercover touches is
  // free, docs/any-angle.md); cost = the sum of the segments' Euclidean lengths. Shorter than
  // or equal to octile paths, so the reference (an octile optimum) is no lower bound.
  AnyAngle,
};

// What a planner can do; the harness uses it to reject impossible combinations before running and
// to choose correctness checks (exact optimum vs bound). A planner's capabilities follow from its
// parameters alone: it passes them to Planner's constructor, so they are known before prepare()
// and never change. What depends on a map is said here explicitly (claim_four_connected_only).
struct Capabilities {
  // The cost claim; read it for a map through cost_guarantee(), which applies the flag below.
  bool optimal = true;
  // Guaranteed cost <= bound * optimal. 1 for optimal planners, infinity when there is none.
  double suboptimality_bound = 1.0;
  // The claim above holds on 4-connected maps only; on 8-connected ones there is none (A* with
  // Manhattan distance, which overestimates diagonal moves).
  bool claim_four_connected_only = false;
  bool uniform_cost_only = false;       // refuses grids with terrain costs
  bool supports_four_connected = true;  // accepts Connectivity::Four
  bool supports_corner_cutting = true;  // accepts MoveRules::corner_cutting
  // Budget::max_expansions and Budget::time_limit_s stop the search. A planner that does not
  // honour one is refused a budget that sets it (check_budget_support) instead of ignoring it.
  bool honours_max_expansions = true;
  bool honours_time_limit = true;
  bool incremental = false;          // implements update()
  bool needs_preprocessing = false;  // prepare() does real work worth reporting
  // Fills a SearchTrace given to set_trace() (expansions, generations, open set, own layers).
  // Planners without it still get trace->path from solve().
  bool traceable = false;
  // A solve changes nothing but this planner's own reusable state, and no later answer depends
  // on it: the harness may solve one query untimed before timing a map's queries (its warm-up,
  // harness/runner/planner_on_map.cpp). False for `external`: there a query is a message to
  // another process, whose faults and restarts are reported in the row of the query they hit.
  bool warm_up = true;
  PathModel path_model = PathModel::Moves;
};

// `c` restricted to 8-connected, uniform-cost grids without corner cutting: the maps whose moves
// the pruning of jump point search, canonical A* and subgoal graphs is proved for. One place
// states the assumption, so these planners refuse the same maps for the same reason.
inline Capabilities octile_grids_only(Capabilities c) {
  c.uniform_cost_only = true;
  c.supports_four_connected = false;
  c.supports_corner_cutting = false;
  return c;
}

// `c` with the claim of A* weighted by `weight` (f = g + weight * h) and a consistent heuristic:
// optimal up to weight 1, cost <= weight * optimal above it (Pohl 1970).
inline Capabilities weighted_astar_claim(double weight, Capabilities c = {}) {
  c.optimal = weight <= 1.0;
  c.suboptimality_bound = c.optimal ? 1.0 : weight;
  return c;
}

// The cost claim a planner makes on maps with `rules`.
struct CostGuarantee {
  bool optimal = true;
  double suboptimality_bound = 1.0;  // infinity: no bound
};
CostGuarantee cost_guarantee(const Capabilities& caps, const MoveRules& rules);

// What the harness knows about the run around a planner. Only planners that deal with the
// outside world use it (an external program needs a place for its log, the folder relative
// commands are resolved in, the map file); the others ignore it. Every field may be empty.
struct PlannerContext {
  std::string label;              // the planner's label in the experiment
  std::filesystem::path log_dir;  // the run's output directory, for the planner's own logs
  // Where log_dir's files will be once the run completes, for messages (error columns outlive
  // the run): a run writes into `<dir>.partial` and renames it to `<dir>`. Empty = log_dir.
  std::filesystem::path published_log_dir;
  std::filesystem::path config_dir;  // folder of the experiment file
  std::filesystem::path map_file;    // the map being prepared; empty when generated
  double time_limit_s = 0.0;         // the experiment's per-query limit (0 = none)
  // True once the run has been asked to stop (Ctrl-C, SIGTERM). A prepare() that can wait long
  // (a GPPC entry's PreprocessMap) polls it and gives up, so the stop is not held back for up to
  // its timeout; the runner writes no row after a stop. Unset outside a run.
  std::function<bool()> stop_requested;
};

// Empty when `caps` allow running on `grid`; otherwise the reason, ready for an error message.
std::string check_support(const Capabilities& caps, const Grid& grid);
// Empty when the planner honours every limit `budget` sets; otherwise the reason, likewise.
std::string check_budget_support(const Capabilities& caps, const Budget& budget);

class Planner {
 public:
  // Derived planners compute `caps` from their parameters (see Capabilities).
  explicit Planner(const Capabilities& caps) : caps_(caps) {}
  Planner(const Planner&) = delete;
  Planner& operator=(const Planner&) = delete;
  virtual ~Planner() = default;

  const Capabilities& capabilities() const { return caps_; }

  // Per-map preparation. Throws std::invalid_argument (with check_support's reason) when the
  // grid is outside the planner's capabilities.
  void prepare(const Grid& grid);

  // Runs one query. Validates it first (in range, passable: otherwise Status::InvalidQuery with
  // a message; a budget the planner does not honour: Status::Unsupported with
  // check_budget_support's reason), handles start == goal (cost 0, one-cell path), then calls
  // do_solve.
  // Precondition: prepare() was called.
  void solve(const Query& query, const Budget& budget, SearchResult& result);

  // The grid given to prepare() has changed at `cells` (passability or cost). Incremental
  // planners keep their search state consistent and return Solved; so do planners that patch
  // their per-map tables in place (JPS's bit lines) and then search from scratch. The others
  // return Unsupported: their caller re-runs prepare() (JPS+ rebuilds its jump table).
  virtual Status update(const std::vector<Point>& cells);

  // Moving start: plan again from `new_start` to the goal of the last solve(), after any
  // update() calls. Same result contract as solve() (returns result.status). The default is
  // exactly solve({new_start, last goal}), a plan from scratch; incremental planners (D* Lite)
  // override it to continue from their previous search instead. Before any solve(): InvalidQuery.
  virtual Status replan_from(Point new_start, const Budget& budget, SearchResult& result);

  // Called by the harness before prepare() (once per map); the default ignores it.
  virtual void set_context(const PlannerContext&) {}

  // Bytes held by per-map state (arrays, preprocessing tables). Reported as prep_bytes.
  virtual std::size_t memory_bytes() const { return 0; }

  // Planner-specific per-query metrics (e.g. HPA*'s expansion split), written as extra result
  // columns. do_solve fills result.extras in this order, same length.
  virtual std::vector<std::string> extra_columns() const { return {}; }

  const Grid& grid() const { return *grid_; }
  bool prepared() const { return grid_ != nullptr; }

  // Records what later solve() calls do into `trace` (cleared by each solve); nullptr = off (the
  // default). Non-virtual: traceable planners read trace() once per query in do_solve and
  // dispatch to a recording instantiation of their loop (see search_trace.h), adding layers of
  // their own (HPA*'s "abstract_path", D* Lite's "changed"). The caller keeps `trace` alive while
  // it is set.
  void set_trace(SearchTrace* trace) { trace_ = trace; }

 protected:
  // The trace of the current query, or nullptr when tracing is off.
  SearchTrace* trace() const { return trace_; }

  virtual void do_prepare(const Grid& grid) = 0;
  // start != goal, both passable and in range. Set status, cost, path, counters.
  virtual void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) = 0;

  // For do_prepare: the planner cannot answer on this map (a program that does not build, an
  // index that could not be made). Every valid query of the map, start == goal included, then
  // gets `status` and `message` (extras NaN) without do_solve, so a planner that never ran is
  // not credited with the trivial queries; the next prepare() clears it.
  void fail_map(Status status, std::string message);

 private:
  const Capabilities caps_;
  const Grid* grid_ = nullptr;
  std::size_t num_extras_ = 0;
  SearchTrace* trace_ = nullptr;
  bool has_last_goal_ = false;  // replan_from's goal: the last solve()'s
  bool map_failed_ = false;     // fail_map() was called since the last prepare()
  Status map_fault_status_ = Status::Crashed;
  std::string map_fault_;
  Point last_goal_;
};

}  // namespace pathbench
