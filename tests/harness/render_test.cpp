// Search traces and `pathbench render`: traces agree with the planners' counters and do not
// change what planners do; pictures have the promised size and exact colours at known cells (read
// back through our own PNG decoder); SVG/ASCII contain what they should; the HTML replay, loaded
// in headless Chromium, displays the trace's expansion counts (skipped without chromium).
#include <sys/wait.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/map_generators.h"
#include "datasets/map_io.h"
#include "harness/render/raster_image.h"
#include "harness/render/trace_renderer.h"
#include "harness/runner/dynamic_runner.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
namespace rc = render_colors;

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

std::vector<Query> random_queries(const Grid& g, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Point> free;
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      if (g.passable(x, y)) free.push_back({x, y});
  std::uniform_int_distribution<std::size_t> pick(0, free.size() - 1);
  std::vector<Query> qs;
  for (int i = 0; i < count; ++i) qs.push_back({free[pick(rng)], free[pick(rng)]});
  return qs;
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
      SearchResult off, on, off_again;
      cp.planner->solve(queries[i], {}, off);
      cp.planner->set_trace(&trace);
      cp.planner->solve(queries[i], {}, on);
      cp.planner->set_trace(nullptr);
      cp.planner->solve(queries[i], {}, off_again);
      expect_same_result(off, on, what);
      expect_same_result(off, off_again, what + " (after tracing)");
      check_trace(grid, queries[i], on, trace, what);
    }
  }
}

// A small map with a wall bar (y = 7, x = 4..19): paths between the halves go around it.
Grid bar_map() {
  Grid g(24, 14);
  for (int x = 4; x < 20; ++x) g.set_passable(x, 7, false);
  g.set_passable(0, 13, false);
  return g;
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
        SearchResult off, on, off_again;
        cp.planner->solve(queries[i], {}, off);
        cp.planner->set_trace(&trace);
        cp.planner->solve(queries[i], {}, on);
        cp.planner->set_trace(nullptr);
        cp.planner->solve(queries[i], {}, off_again);
        expect_same_result(off, on, what);
        expect_same_result(off, off_again, what + " (after tracing)");
        EXPECT_EQ(off.extras, on.extras) << what;
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
      SearchResult off, on, off_again;
      cp.planner->solve(q, {}, off);
      cp.planner->set_trace(&trace);
      cp.planner->solve(q, {}, on);
      cp.planner->set_trace(nullptr);
      cp.planner->solve(q, {}, off_again);
      expect_same_result(off, on, what);
      expect_same_result(off, off_again, what + " (after tracing)");
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

RenderPanel traced_panel(const Grid& g, const Query& q, const std::string& name,
                         const std::string& label = "") {
  ConfiguredPlanner cp = make_planner(name, {});
  cp.planner->prepare(g);
  return run_traced(g, q, *cp.planner, label.empty() ? name : label, cp.params.to_string());
}

TEST(Render, PngSizeAndColoursAtKnownCells) {
  const Grid g = bar_map();
  const Query q{{12, 2}, {12, 12}};
  std::vector<RenderPanel> panels = {traced_panel(g, q, "astar")};
  const RenderPanel& p = panels[0];
  ASSERT_EQ(p.result.status, Status::Solved);
  const RenderView view = make_view(g, {}, 10, 1);
  const RenderLayout lay = layout_for(view, 1);
  const RasterImage img = render_image(g, q, panels, view, "bar");
  EXPECT_EQ(img.width(), lay.width);
  EXPECT_EQ(img.width(), 8 + std::max(24 * 10, 360) + 8);
  EXPECT_GT(img.height(), lay.map_top() + 14 * 10);

  auto at_cell = [&](int x, int y) {
    return img.at(lay.cell_center_x(view, 0, x), lay.cell_center_y(view, y));
  };
  EXPECT_EQ(at_cell(12, 2), rc::kStart);
  EXPECT_EQ(at_cell(12, 12), rc::kGoal);
  EXPECT_EQ(at_cell(10, 7), rc::kWall);
  EXPECT_EQ(at_cell(0, 13), rc::kWall);
  // Markers (discs) may cover neighbouring cells.
  auto near_marker = [&](int x, int y) {
    return std::max(std::abs(x - q.start.x), std::abs(y - q.start.y)) < 2 ||
           std::max(std::abs(x - q.goal.x), std::abs(y - q.goal.y)) < 2;
  };
  // A path cell two or more cells from both markers.
  const CellId mid = p.result.path[p.result.path.size() / 2];
  EXPECT_EQ(at_cell(g.x_of(mid), g.y_of(mid)), rc::kPath);
  // An expanded cell off the path: its exact ramp colour.
  const std::set<CellId> on_path(p.result.path.begin(), p.result.path.end());
  bool checked = false;
  for (std::size_t k = 0; k < p.trace.expanded.size() && !checked; ++k) {
    const CellId c = p.trace.expanded[k];
    const int x = g.x_of(c), y = g.y_of(c);
    if (on_path.count(c) || near_marker(x, y)) continue;
    EXPECT_EQ(at_cell(x, y), rc::expansion(k, p.trace.expanded.size()));
    checked = true;
  }
  EXPECT_TRUE(checked);
  for (CellId c : p.trace.frontier)
    if (!on_path.count(c) && !near_marker(g.x_of(c), g.y_of(c))) {
      EXPECT_EQ(at_cell(g.x_of(c), g.y_of(c)), rc::kFrontier);
    }

  // Round trip through the encoder and our decoder: identical pixels.
  const std::string png = encode_png(img);
  ASSERT_EQ(png.substr(1, 3), "PNG");
  const RasterImage back = decode_png(png);
  EXPECT_EQ(back.width(), img.width());
  EXPECT_EQ(back.height(), img.height());
  EXPECT_EQ(back.pixels(), img.pixels());
}

// Two 10x10 clusters joined by two one-cell entrances, at y = 1 and y = 8: transitions
// (9,1)-(10,1) and (9,8)-(10,8). The query runs along y = 1, so the abstract path is the first
// pair and the second is never expanded.
TEST(Render, HpaLayersAtKnownCells) {
  Grid g(20, 10);
  for (int y = 0; y < 10; ++y)
    if (y != 1 && y != 8) {
      g.set_passable(9, y, false);
      g.set_passable(10, y, false);
    }
  const Query q{{2, 1}, {17, 1}};
  const std::vector<RenderPanel> panels = {traced_panel(g, q, "hpa")};  // cluster_size 10
  const RenderPanel& p = panels[0];
  ASSERT_TRUE(p.traceable);
  ASSERT_EQ(p.result.status, Status::Solved);
  const TraceLayer* tr = p.trace.find_layer("transitions");
  const TraceLayer* ab = p.trace.find_layer("abstract_expanded");
  const TraceLayer* ap = p.trace.find_layer("abstract_path");
  ASSERT_TRUE(tr && ab && ap);
  const std::set<CellId> transitions(tr->cells.begin(), tr->cells.end());
  EXPECT_EQ(transitions, (std::set<CellId>{g.id(9, 1), g.id(10, 1), g.id(9, 8), g.id(10, 8)}));
  EXPECT_EQ(ap->cells, (std::vector<CellId>{g.id(9, 1), g.id(10, 1)}));
  for (CellId c : ab->cells) EXPECT_EQ(g.y_of(c), 1);
  EXPECT_EQ(p.trace.expanded.size() + ab->cells.size(), p.result.counters.expansions);

  const RenderView view = make_view(g, {}, 10, 1);
  const RenderLayout lay = layout_for(view, 1);
  const RasterImage img = render_image(g, q, panels, view, "two clusters");
  auto at_cell = [&](int x, int y) {
    return img.at(lay.cell_center_x(view, 0, x), lay.cell_center_y(view, y));
  };
  EXPECT_EQ(at_cell(9, 8), rc::kTransition);
  EXPECT_EQ(at_cell(10, 8), rc::kTransition);
  EXPECT_EQ(at_cell(9, 1), rc::kAbstractPath);
  EXPECT_EQ(at_cell(10, 1), rc::kAbstractPath);
  EXPECT_EQ(at_cell(9, 5), rc::kWall);
  // An expanded abstract node shows kAbstractExpanded around its smaller path square.
  const int side = RenderLayout::abstract_side(view.cell);
  EXPECT_EQ(img.at(lay.cell_center_x(view, 0, 9) - side / 2, lay.cell_center_y(view, 1)),
            rc::kAbstractExpanded);
  // A cell square of the path away from the markers and transitions.
  EXPECT_EQ(at_cell(6, 1), rc::kPath);

  const std::string svg = render_svg(g, q, panels, view, "two clusters");
  for (Rgb c : {rc::kTransition, rc::kAbstractExpanded, rc::kAbstractPath}) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "#%02x%02x%02x", c.r, c.g, c.b);
    EXPECT_NE(svg.find(std::string("fill=\"") + hex + "\""), std::string::npos) << hex;
  }
  EXPECT_NE(svg.find(">transition</text>"), std::string::npos);
  EXPECT_NE(svg.find(">abstract path</text>"), std::string::npos);
  const std::string html = render_html(g, q, panels, view, "two clusters");
  EXPECT_NE(html.find("\"transitions\":["), std::string::npos);
  EXPECT_NE(html.find("\"abstract_path\":["), std::string::npos);
}

TEST(Render, AutoCellSizeAndRegion) {
  const Grid big(512, 512);
  EXPECT_EQ(make_view(big, {}, 0, 1).cell, 2);  // 1024 / 512
  EXPECT_EQ(make_view(big, {}, 0, 2).cell, 2);
  EXPECT_EQ(make_view(big, {}, 0, 4).cell, 1);
  EXPECT_EQ(make_view(Grid(1100, 40), {}, 0, 1).cell, 1);
  const RenderView r = make_view(big, {100, 50, 163, 81}, 0, 1);
  EXPECT_EQ(r.x0, 100);
  EXPECT_EQ(r.y0, 50);
  EXPECT_EQ(r.width, 64);
  EXPECT_EQ(r.height, 32);
  EXPECT_EQ(r.cell, 16);
  EXPECT_THROW(make_view(big, {600, 600, 700, 700}, 0, 1), std::invalid_argument);

  // A cropped render keeps exact colours at cells inside the region.
  const Grid g = bar_map();
  const Query q{{12, 2}, {12, 12}};
  const std::vector<RenderPanel> panels = {traced_panel(g, q, "astar"), traced_panel(g, q, "jps")};
  const RenderView v = make_view(g, {8, 5, 16, 13}, 6, 2);
  const RenderLayout lay = layout_for(v, 2);
  const RasterImage img = render_image(g, q, panels, v, "crop");
  EXPECT_EQ(img.width(), 8 + 2 * (360 + 8));
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(img.at(lay.cell_center_x(v, p, 12), lay.cell_center_y(v, 12)), rc::kGoal);
    EXPECT_EQ(img.at(lay.cell_center_x(v, p, 16), lay.cell_center_y(v, 7)), rc::kWall);
  }
}

TEST(Render, SvgAndAscii) {
  const Grid g = bar_map();
  const Query q{{12, 2}, {12, 12}};
  const std::vector<RenderPanel> panels = {traced_panel(g, q, "astar", "a<&>b"),
                                           traced_panel(g, q, "jps")};
  const RenderView view = make_view(g, {}, 0, 2);
  const std::string svg = render_svg(g, q, panels, view, "bar map");
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
  EXPECT_EQ(svg.find("<svg"), svg.rfind("<svg"));
  EXPECT_EQ(svg.size() - svg.rfind("</svg>\n"), 7u);
  EXPECT_NE(svg.find("<rect"), std::string::npos);
  EXPECT_NE(svg.find("<circle"), std::string::npos);
  EXPECT_NE(svg.find("a&lt;&amp;&gt;b"), std::string::npos);
  EXPECT_EQ(svg.find("a<&>b"), std::string::npos);
  EXPECT_NE(svg.find("fill=\"#e61432\""), std::string::npos) << "no path-coloured cell";
  EXPECT_NE(svg.find(">jps</text>"), std::string::npos);

  const std::string ascii = render_ascii(g, q, {panels[0]}, make_view(g, {}, 0, 1));
  std::vector<std::string> lines;
  std::istringstream in(ascii);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  ASSERT_EQ(lines.size(), 1u + 14u + 1u);  // title, rows, legend
  EXPECT_EQ(lines[1 + 2][12], 'S');
  EXPECT_EQ(lines[1 + 12][12], 'G');
  EXPECT_EQ(lines[1 + 7].substr(4, 16), std::string(16, '#'));
  EXPECT_EQ(lines[1 + 13][0], '#');
  std::size_t stars = 0;
  for (std::size_t i = 1; i <= 14; ++i) {
    const std::string& l = lines[i];
    stars += static_cast<std::size_t>(std::count(l.begin(), l.end(), '*'));
  }
  EXPECT_EQ(stars + 2, panels[0].result.path.size());  // the path minus S and G
}

// ---- The binary: render subcommand and the HTML replay in headless Chromium. ----

using Cmd = testing::CommandResult;
using testing::read_text;

class RenderCli : public ::testing::Test {
 protected:
  void SetUp() override {
    std::random_device rd;
    dir_ = fs::temp_directory_path() / ("pathbench_render_test_" + std::to_string(rd()));
    fs::create_directories(dir_);
    write_map(dir_ / "bar.map", bar_map());
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  Cmd run(const std::string& shell_cmd) const { return testing::run_shell(dir_, shell_cmd, dir_); }
  Cmd pathbench(const std::vector<std::string>& args) const {
    std::string cmd = testing::shell_quote(PATHBENCH_EXE);
    for (const std::string& a : args) cmd += " " + testing::shell_quote(a);
    return run(cmd);
  }
  fs::path dir_;
};

TEST_F(RenderCli, WritesPngSvgAscii) {
  Cmd r = pathbench({"render", "--map", "bar.map", "--start", "12,2", "--goal", "12,12",
                     "--compare", "astar,jps,astar:weight=2", "--cell", "5", "-o", "out.png"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("wrote out.png"), std::string::npos) << r.out;
  const RasterImage img = decode_png(read_text(dir_ / "out.png"));
  EXPECT_EQ(img.width(), 8 + 3 * (360 + 8));

  r = pathbench({"render", "--map", "bar.map", "--start", "12,2", "--goal", "12,12", "-o",
                 "out.svg", "--set", "heuristic=manhattan"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(read_text(dir_ / "out.svg").find("astar:heuristic=manhattan"), std::string::npos);

  r = pathbench({"render", "--map", "bar.map", "--start", "12,2", "--goal", "12,12", "--ascii",
                 "--planner", "jps"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("S"), std::string::npos);
  EXPECT_NE(r.out.find("################"), std::string::npos);
}

TEST_F(RenderCli, BadInputIsOneMessage) {
  const std::vector<std::vector<std::string>> bad = {
      {"--compare", "astar,nosuch", "-o", "x.png"},
      {"--compare", "astar,jps", "--set", "nosuch=1", "-o", "x.png"},
      {"--set", "weight=-3", "-o", "x.png"},
      {"-o", "x.gif"},
      {"--region", "1,2,3", "-o", "x.png"},
      {"--region", "100,100,200,200", "-o", "x.png"},
      {},
  };
  for (const std::vector<std::string>& extra : bad) {
    std::vector<std::string> args = {"render", "--map",  "bar.map", "--start",
                                     "12,2",   "--goal", "12,12"};
    args.insert(args.end(), extra.begin(), extra.end());
    const Cmd r = pathbench(args);
    std::string what;
    for (const std::string& a : extra) what += a + " ";
    EXPECT_EQ(r.code, 2) << what << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << what << r.err;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << what << r.err;
  }
  EXPECT_FALSE(fs::exists(dir_ / "x.png"));
}

// --cell 64 on a 512x512 map would be a 32768x32768 picture (4 GB of pixels): refused up front.
TEST_F(RenderCli, OversizedPictureIsRefusedBeforeDrawing) {
  write_map(dir_ / "big.map", Grid(512, 512));
  const Cmd r = pathbench({"render", "--map", "big.map", "--start", "0,0", "--goal", "511,511",
                           "--cell", "64", "-o", "big.png"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("field '--cell'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("million pixels"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "big.png"));
}

std::string find_chromium() {
  for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
    const std::string cmd = std::string("command -v ") + name + " >/dev/null 2>&1";
    if (std::system(cmd.c_str()) == 0) return name;
  }
  return "";
}

TEST_F(RenderCli, HtmlReplayShowsTraceCountsInChromium) {
  const std::string chromium = find_chromium();
  if (chromium.empty())
    GTEST_SKIP() << "chromium not installed (apt-get install chromium; scripts/setup.sh does it)";
  const Grid g = random_map(60, 40, 0.25, 9);
  write_map(dir_ / "rand.map", g);
  // A long query, so A* needs many steps and JPS few.
  const Query q = [&] {
    Query best{{0, 0}, {0, 0}};
    int far = -1;
    for (const Query& c : random_queries(g, 200, 4)) {
      const int d = std::abs(c.start.x - c.goal.x) + std::abs(c.start.y - c.goal.y);
      if (d > far) {
        far = d;
        best = c;
      }
    }
    return best;
  }();
  const std::string s = std::to_string(q.start.x) + "," + std::to_string(q.start.y);
  const std::string t = std::to_string(q.goal.x) + "," + std::to_string(q.goal.y);
  const Cmd r = pathbench({"render", "--map", "rand.map", "--start", s, "--goal", t, "--compare",
                           "astar,jps", "--html", "-o", "replay.html"});
  ASSERT_EQ(r.code, 0) << r.err;
  const RenderPanel astar = traced_panel(g, q, "astar"), jps = traced_panel(g, q, "jps");
  ASSERT_EQ(astar.result.status, Status::Solved) << "pick a solvable query";
  const std::uint64_t na = astar.result.counters.expansions, nj = jps.result.counters.expansions;
  ASSERT_GT(na, nj);
  const std::uint64_t mid = (na + nj) / 2;  // past JPS's end, inside A*'s search

  const fs::path html = fs::absolute(dir_ / "replay.html");
  auto dump = [&](const std::string& fragment) {
    const fs::path profile = dir_ / ("chromium-profile" + std::to_string(std::rand()));
    fs::create_directories(profile);
    const std::string cmd =
        "timeout 120 " + chromium +
        " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
        " --disable-background-networking --disable-component-update --disable-sync"
        " --user-data-dir=" +
        testing::shell_quote(profile.string()) + " --virtual-time-budget=5000 --dump-dom " +
        testing::shell_quote("file://" + html.string() + fragment);
    return run(cmd);
  };
  auto count_of = [](const std::string& dom, int panel) -> long long {
    std::smatch m;
    const std::regex re("id=\"count-" + std::to_string(panel) + "\">([0-9]+)<");
    if (!std::regex_search(dom, m, re)) return -1;
    return std::stoll(m[1]);
  };
  for (const auto& [fragment, ea, ej] :
       {std::tuple{std::string("#step=") + std::to_string(mid), mid, nj},
        std::tuple{std::string("#step=5"), std::uint64_t{std::min<std::uint64_t>(5, na)},
                   std::uint64_t{std::min<std::uint64_t>(5, nj)}},
        std::tuple{std::string("#step=end"), na, nj}}) {
    const Cmd d = dump(fragment);
    ASSERT_EQ(d.code, 0) << "chromium failed: " << d.err.substr(0, 2000);
    ASSERT_NE(d.out.find("data-ready=\"1\""), std::string::npos)
        << "the replay script did not run; DOM:\n"
        << d.out.substr(0, 3000);
    EXPECT_EQ(count_of(d.out, 0), static_cast<long long>(ea)) << fragment;
    EXPECT_EQ(count_of(d.out, 1), static_cast<long long>(ej)) << fragment;
  }
}

}  // namespace
}  // namespace pathbench
