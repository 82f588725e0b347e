// Search traces: they agree with the planners' counters and do not change what planners do.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/map_generators.h"
#include "harness/runner/dynamic_runner.h"
#include "tests/harness/render_test_support.h"

namespace pathbench {
namespace {

using render_testing::bar_map;
using render_testing::random_queries;

struct Variant {
  std::string name;
  RawParams params;
};

std::vector<Variant> traceable_variants() {
  std::vector<Variant> v;
  for (const char* h : {"octile", "manhattan", "euclidean", "chebyshev", "zero"})
    for (const char* q : {"binary", "pairing"})
      v.push_back({"astar", {{"heuristic", h}, {"queue", q}}});
  v.push_back({"astar", {{"weight", "2"}}});
  v.push_back({"astar", {{"weight", "1.5"}, {"queue", "pairing"}}});
  v.push_back({"astar", {{"greedy", "true"}}});
  v.push_back({"dijkstra", {}});
  v.push_back({"gbfs", {}});
  v.push_back({"gbfs", {{"queue", "pairing"}}});
  v.push_back({"jps", {}});
  return v;
}

std::string describe(const Variant& v) {
  std::string s = v.name;
  for (const auto& [k, val] : v.params) s += " " + k + "=" + val;
  return s;
}

void expect_same_result(const SearchResult& a, const SearchResult& b, const std::string& what) {
  EXPECT_EQ(a.status, b.status) << what;
  EXPECT_EQ(a.cost, b.cost) << what;
  EXPECT_EQ(a.path, b.path) << what;
  EXPECT_EQ(a.counters.expansions, b.counters.expansions) << what;
  EXPECT_EQ(a.counters.generated, b.counters.generated) << what;
  EXPECT_EQ(a.counters.updates, b.counters.updates) << what;
  EXPECT_EQ(a.counters.peak_open, b.counters.peak_open) << what;
}

// The SearchTrace invariants (search_trace.h) for one traced query.
// Solves `q` untraced, traced into `trace`, and untraced again; tracing must change nothing,
// before or after. Returns the traced result.
SearchResult solve_off_on_off(Planner& p, const Query& q, SearchTrace& trace,
                              const std::string& what) {
  SearchResult off, on, off_again;
  p.solve(q, {}, off);
  p.set_trace(&trace);
  p.solve(q, {}, on);
  p.set_trace(nullptr);
  p.solve(q, {}, off_again);
  expect_same_result(off, on, what);
  expect_same_result(off, off_again, what + " (after tracing)");
  EXPECT_EQ(off.extras, on.extras) << what;
  return on;
}

void check_trace(const Grid& g, const Query& q, const SearchResult& r, const SearchTrace& t,
                 const std::string& what) {
  ASSERT_EQ(t.expanded.size(), r.counters.expansions) << what;
  ASSERT_EQ(t.generated.size(), r.counters.generated) << what;
  ASSERT_EQ(t.generated_at.size(), t.generated.size()) << what;
  EXPECT_EQ(t.path, r.path) << what;
  EXPECT_TRUE(std::is_sorted(t.generated_at.begin(), t.generated_at.end())) << what;
  if (!t.generated_at.empty()) {
    EXPECT_EQ(t.generated_at.front(), 0u) << what;
    EXPECT_LE(t.generated_at.back(), t.expanded.size()) << what;
  }
  const std::set<CellId> expanded(t.expanded.begin(), t.expanded.end());
  const std::set<CellId> generated(t.generated.begin(), t.generated.end());
  EXPECT_EQ(expanded.size(), t.expanded.size()) << what << ": a cell expanded twice";
  EXPECT_EQ(generated.size(), t.generated.size()) << what << ": a cell generated twice";
  for (CellId c : t.expanded) EXPECT_TRUE(generated.count(c)) << what;
  for (CellId c : t.frontier) {
    EXPECT_TRUE(generated.count(c)) << what;
    EXPECT_FALSE(expanded.count(c)) << what;
  }
  if (!t.expanded.empty()) {
    EXPECT_EQ(t.expanded.front(), g.id(q.start)) << what;
  }
  if (r.status == Status::Solved && q.start != q.goal) {
    // Everything generated is expanded, still open, or the goal that ended the search.
    EXPECT_EQ(t.frontier.size() + t.expanded.size() + 1, t.generated.size()) << what;
    EXPECT_FALSE(expanded.count(g.id(q.goal))) << what;
  }
  if (r.status == Status::Unreachable) {
    EXPECT_TRUE(t.frontier.empty()) << what;
  }
}

TEST(SearchTrace, CountsMatchAndTracingChangesNothing) {
  const Grid grid = random_map(64, 48, 0.25, 7);
  const std::vector<Query> queries = random_queries(grid, 25, 11);
  for (const Variant& v : traceable_variants()) {
    ConfiguredPlanner cp = make_planner(v.name, v.params);
    ASSERT_TRUE(cp.planner->capabilities().traceable) << describe(v);
    cp.planner->prepare(grid);
    SearchTrace trace;  // reused: each solve must clear it
    for (std::size_t i = 0; i < queries.size(); ++i) {
      const std::string what = describe(v) + " query " + std::to_string(i);
      const SearchResult on = solve_off_on_off(*cp.planner, queries[i], trace, what);
      check_trace(grid, queries[i], on, trace, what);
    }
  }
}

TEST(SearchTrace, BudgetStopAndUnreachable) {
  // Two halves split by a wall: the right half is unreachable from the left.
  Grid grid(20, 10);
  for (int y = 0; y < 10; ++y) grid.set_passable(10, y, false);
  for (const Variant& v : {Variant{"astar", {}}, Variant{"jps", {}}}) {
    ConfiguredPlanner cp = make_planner(v.name, v.params);
    cp.planner->prepare(grid);
    SearchTrace trace;
    cp.planner->set_trace(&trace);
    SearchResult r;
    cp.planner->solve({{1, 1}, {18, 8}}, {}, r);
    EXPECT_EQ(r.status, Status::Unreachable) << v.name;
    check_trace(grid, {{1, 1}, {18, 8}}, r, trace, v.name + " unreachable");
    const Grid bar = bar_map();
    cp.planner->prepare(bar);
    Budget small;
    small.max_expansions = 2;
    cp.planner->solve({{12, 2}, {12, 12}}, small, r);
    EXPECT_EQ(r.status, Status::Timeout) << v.name;
    EXPECT_EQ(trace.expanded.size(), r.counters.expansions) << v.name;
    EXPECT_FALSE(trace.frontier.empty()) << v.name;
    // start == goal: handled by Planner::solve, the trace is just the one-cell path.
    cp.planner->solve({{2, 2}, {2, 2}}, {}, r);
    EXPECT_TRUE(trace.expanded.empty());
    EXPECT_EQ(trace.path, std::vector<CellId>{bar.id(2, 2)});
  }
}

TEST(SearchTrace, JpsLayers) {
  const Grid grid = random_map(80, 60, 0.2, 3);
  ConfiguredPlanner cp = make_planner("jps", {});
  cp.planner->prepare(grid);
  SearchTrace trace;
  cp.planner->set_trace(&trace);
  int solved = 0;
  for (const Query& q : random_queries(grid, 20, 5)) {
    SearchResult r;
    cp.planner->solve(q, {}, r);
    if (r.status != Status::Solved || q.start == q.goal) continue;
    ++solved;
    const TraceLayer* jp = trace.find_layer("jump_points");
    const TraceLayer* sc = trace.find_layer("scanned");
    ASSERT_TRUE(jp && sc);
    EXPECT_EQ(jp->cells.size(), jp->at.size());
    EXPECT_EQ(sc->cells.size(), sc->at.size());
    EXPECT_TRUE(std::is_sorted(sc->at.begin(), sc->at.end()));
    // Every generated cell but the start was found by a scan, and scans pass over free cells.
    const std::set<CellId> found(jp->cells.begin(), jp->cells.end());
    for (std::size_t i = 1; i < trace.generated.size(); ++i)
      EXPECT_TRUE(found.count(trace.generated[i]));
    const std::set<CellId> scanned(sc->cells.begin(), sc->cells.end());
    for (CellId c : scanned) EXPECT_TRUE(grid.passable(c));
    for (CellId c : found) EXPECT_TRUE(scanned.count(c)) << "a jump point no scan reached";
    // The path runs along scanned segments between jump points.
    for (std::size_t i = 1; i < r.path.size(); ++i) EXPECT_TRUE(scanned.count(r.path[i]));
  }
  EXPECT_GT(solved, 5);
}

// HPA* (hpa_planner.h): expansions split between trace.expanded (cells) and the
// "abstract_expanded" layer (nodes); transitions, abstract expansions and the abstract path are
// transition cells; tracing changes nothing.
TEST(SearchTrace, HpaCountsSplitAndTracingChangesNothing) {
  const std::vector<Grid> maps = {random_map(64, 48, 0.25, 7), random_map(50, 70, 0.3, 21)};
  std::vector<Variant> variants;
  for (const char* levels : {"1", "2"})
    for (const char* refine : {"cache", "search"})
      for (const char* smoothing : {"true", "false"})
        variants.push_back({"hpa",
                            {{"cluster_size", "8"},
                             {"levels", levels},
                             {"refine", refine},
                             {"smoothing", smoothing}}});
  variants.push_back({"hpa", {}});
  std::size_t abstract_wins = 0, direct_wins = 0, cell_and_node = 0;
  for (std::size_t m = 0; m < maps.size(); ++m) {
    const Grid& grid = maps[m];
    std::vector<Query> queries = random_queries(grid, 30, 13 + m);
    // Plus near pairs inside one 8x8 cluster, where the direct cell search wins.
    for (const Query& r : random_queries(grid, 30, 31 + m))
      for (int d = 1; d <= 2; ++d) {
        const Point t{r.start.x + d, r.start.y + 1};
        if (grid.in_bounds(t.x, t.y) && grid.passable(t.x, t.y) && t.x / 8 == r.start.x / 8 &&
            t.y / 8 == r.start.y / 8)
          queries.push_back({r.start, t});
      }
    for (const Variant& v : variants) {
      ConfiguredPlanner cp = make_planner(v.name, v.params);
      ASSERT_TRUE(cp.planner->capabilities().traceable);
      cp.planner->prepare(grid);
      const bool smoothing = v.params.empty() || v.params.at("smoothing") == "true";
      SearchTrace trace;
      for (std::size_t i = 0; i < queries.size(); ++i) {
        const std::string what =
            describe(v) + " map " + std::to_string(m) + " query " + std::to_string(i);
        const SearchResult on = solve_off_on_off(*cp.planner, queries[i], trace, what);
        EXPECT_EQ(trace.path, on.path) << what;
        if (queries[i].start == queries[i].goal) continue;
        const TraceLayer* tr = trace.find_layer("transitions");
        const TraceLayer* ab = trace.find_layer("abstract_expanded");
        const TraceLayer* ap = trace.find_layer("abstract_path");
        ASSERT_TRUE(tr && ab && ap) << what;
        // The documented identity.
        ASSERT_EQ(trace.expanded.size() + ab->cells.size(), on.counters.expansions) << what;
        EXPECT_EQ(on.counters.generated, 0u);
        EXPECT_TRUE(trace.generated.empty() && trace.frontier.empty()) << what;
        EXPECT_EQ(tr->cells.size(), static_cast<std::size_t>(on.extras[4])) << what;  // nodes
        EXPECT_EQ(ab->at.size(), ab->cells.size());
        EXPECT_TRUE(std::is_sorted(ab->at.begin(), ab->at.end())) << what;
        const std::set<CellId> transitions(tr->cells.begin(), tr->cells.end());
        EXPECT_EQ(transitions.size(), tr->cells.size()) << what;
        for (CellId c : transitions) EXPECT_TRUE(grid.passable(c)) << what;
        for (CellId c : ab->cells) EXPECT_TRUE(transitions.count(c)) << what;
        for (CellId c : ap->cells) EXPECT_TRUE(transitions.count(c)) << what;
        for (CellId c : trace.expanded) EXPECT_TRUE(grid.passable(c)) << what;
        if (!trace.expanded.empty() && !ab->cells.empty()) ++cell_and_node;
        if (on.status != Status::Solved) continue;
        if (ap->cells.empty()) {
          ++direct_wins;
        } else {
          ++abstract_wins;
          // Unsmoothed, the refined path passes through every node of the abstract path.
          if (!smoothing) {
            const std::set<CellId> on_path(on.path.begin(), on.path.end());
            for (CellId c : ap->cells) EXPECT_TRUE(on_path.count(c)) << what;
          }
        }
      }
    }
  }
  EXPECT_GT(abstract_wins, 50u);
  EXPECT_GT(direct_wins, 0u);
  EXPECT_GT(cell_and_node, 50u);
}

// D* Lite (dstar_lite_planner.h): expanded and generated match the counters (generations are
// every queue insertion, so cells may repeat); the search runs backwards from the goal.
TEST(SearchTrace, DStarLiteStaticCountsMatchAndTracingChangesNothing) {
  for (const Grid& grid : {random_map(64, 48, 0.25, 7), bar_map()}) {
    ConfiguredPlanner cp = make_planner("dstar_lite", {});
    ASSERT_TRUE(cp.planner->capabilities().traceable);
    cp.planner->prepare(grid);
    SearchTrace trace;
    std::vector<Query> queries = random_queries(grid, 25, 17);
    queries.push_back({{1, 1}, {22, 12}});
    for (std::size_t i = 0; i < queries.size(); ++i) {
      const Query& q = queries[i];
      if (!grid.passable(q.start.x, q.start.y) || !grid.passable(q.goal.x, q.goal.y)) continue;
      const std::string what = "dstar_lite query " + std::to_string(i);
      const SearchResult on = solve_off_on_off(*cp.planner, q, trace, what);
      EXPECT_EQ(trace.path, on.path) << what;
      if (q.start == q.goal) continue;
      ASSERT_EQ(trace.expanded.size(), on.counters.expansions) << what;
      ASSERT_EQ(trace.generated.size(), on.counters.generated) << what;
      ASSERT_EQ(trace.generated_at.size(), trace.generated.size()) << what;
      EXPECT_TRUE(std::is_sorted(trace.generated_at.begin(), trace.generated_at.end())) << what;
      ASSERT_FALSE(trace.generated.empty());
      EXPECT_EQ(trace.generated.front(), grid.id(q.goal)) << what;
      ASSERT_FALSE(trace.expanded.empty());
      EXPECT_EQ(trace.expanded.front(), grid.id(q.goal)) << what;
      // (Cells may repeat even from scratch: rounding can lower a settled cell's rhs again.)
      const std::set<CellId> expanded(trace.expanded.begin(), trace.expanded.end());
      const std::set<CellId> generated(trace.generated.begin(), trace.generated.end());
      for (CellId c : trace.expanded) EXPECT_TRUE(generated.count(c)) << what;
      for (CellId c : trace.frontier) EXPECT_TRUE(generated.count(c)) << what;
      if (on.status == Status::Solved) {
        for (std::size_t k = 1; k < on.path.size(); ++k)
          EXPECT_TRUE(expanded.count(on.path[k])) << what << ": path cell never settled";
      }
    }
  }
}

// Replans: each replan's trace (attached for the whole run) matches that replan's counters, and
// carries update()'s cells; tracing changes nothing about the run.
TEST(SearchTrace, DStarLiteReplansMatchCounters) {
  for (const DynamicKind kind : {DynamicKind::UnknownTerrain, DynamicKind::ChangingMap}) {
    const Grid g = random_map(48, 40, 0.2, 5);
    const std::vector<Query> qs = random_queries(g, 1, 3);
    DynamicSettings st;
    st.kind = kind;
    st.every_k_steps = 3;
    st.toggles = 6;
    st.seed = 9;
    ConfiguredPlanner plain = make_planner("dstar_lite", {});
    const DynamicRunRow r0 = run_dynamic_agent(*plain.planner, g, qs[0].start, qs[0].goal, st);
    ConfiguredPlanner traced = make_planner("dstar_lite", {});
    SearchTrace trace;
    traced.planner->set_trace(&trace);
    std::size_t plans = 0, with_changes = 0;
    const DynamicRunRow r1 = run_dynamic_agent(
        *traced.planner, g, qs[0].start, qs[0].goal, st,
        [&](const Grid&, Point agent, Point goal, const SearchResult& plan) {
          ++plans;
          EXPECT_EQ(trace.path, plan.path);
          if (agent == goal) return;
          EXPECT_EQ(trace.expanded.size(), plan.counters.expansions) << "plan " << plans;
          EXPECT_EQ(trace.generated.size(), plan.counters.generated) << "plan " << plans;
          const TraceLayer* changed = trace.find_layer("changed");
          const TraceLayer* updated = trace.find_layer("updated");
          if (changed && !changed->cells.empty()) {
            ++with_changes;
            ASSERT_TRUE(updated);
            EXPECT_GE(updated->cells.size(), changed->cells.size());
          }
        });
    EXPECT_EQ(r0.steps, r1.steps);
    EXPECT_EQ(r0.replans, r1.replans);
    EXPECT_EQ(r0.total_expansions, r1.total_expansions);
    EXPECT_EQ(r0.cost, r1.cost);
    EXPECT_EQ(r0.end, r1.end);
    EXPECT_GT(r1.replans, 0u);
    EXPECT_EQ(with_changes, r1.replans);
  }
}

}  // namespace
}  // namespace pathbench
