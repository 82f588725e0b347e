// Posthoc search-trace export (harness/render/posthoc_trace.h): the YAML parses (yaml-cpp) and
// has Posthoc's schema; event counts equal the planner's counters for every traceable planner;
// the values are right on a hand-checked corridor and against the reference Dijkstra; the CLI
// (`render --posthoc`, `solve --trace`) refuses untraceable planners, wrong names and existing
// files.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/reference/reference_dijkstra.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"
#include "harness/render/posthoc_trace.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

RenderPanel traced(const Grid& g, const Query& q, const std::string& name,
                   const RawParams& params = {}) {
  ConfiguredPlanner cp = make_planner(name, params);
  cp.planner->prepare(g);
  return run_traced(g, q, *cp.planner, name, cp.params.to_string(), {}, true);
}

YAML::Node export_yaml(const Grid& g, const Query& q, const RenderPanel& p) {
  std::ostringstream out;
  const std::size_t n = write_posthoc_trace(out, g, q, p, "test.map");
  const YAML::Node doc = YAML::Load(out.str());
  EXPECT_EQ(doc["events"].size(), n);
  return doc;
}

std::map<std::string, std::size_t> count_types(const YAML::Node& doc) {
  std::map<std::string, std::size_t> n;
  for (const YAML::Node& e : doc["events"]) ++n[e["type"].as<std::string>()];
  return n;
}

// Posthoc's top level: version 1.4.0, a main view of rects, a pivot, source and destination.
void expect_schema(const YAML::Node& doc, const Grid& g, const Query& q) {
  EXPECT_EQ(doc["version"].as<std::string>(), "1.4.0");
  ASSERT_TRUE(doc["views"]["main"].IsSequence());
  for (const YAML::Node& c : doc["views"]["main"]) EXPECT_EQ(c["$"].as<std::string>(), "rect");
  EXPECT_EQ(doc["pivot"]["x"].as<std::string>(), "${{ $.x + 0.5 }}");
  const YAML::Node ev = doc["events"];
  ASSERT_GE(ev.size(), 2u);
  EXPECT_EQ(ev[0]["type"].as<std::string>(), "source");
  EXPECT_EQ(ev[0]["x"].as<int>(), q.start.x);
  EXPECT_EQ(ev[0]["y"].as<int>(), q.start.y);
  EXPECT_EQ(ev[1]["type"].as<std::string>(), "destination");
  EXPECT_EQ(ev[1]["id"].as<long long>(), static_cast<long long>(q.goal.y) * g.width() + q.goal.x);
  for (const YAML::Node& e : ev) {
    const int x = e["x"].as<int>(), y = e["y"].as<int>();
    EXPECT_TRUE(g.passable(x, y)) << x << "," << y;
    EXPECT_EQ(e["id"].as<long long>(), static_cast<long long>(y) * g.width() + x);
  }
}

TEST(PosthocTrace, HandCheckedCorridor) {
  // A 4x1 corridor, A* (octile) from (0,0) to (3,0): every f is 3, each expansion generates the
  // next cell, the goal pop ends the search.
  Grid g(4, 1);
  const Query q{{0, 0}, {3, 0}};
  const RenderPanel p = traced(g, q, "astar");
  const YAML::Node doc = export_yaml(g, q, p);
  expect_schema(doc, g, q);
  struct E {
    std::string type;
    int id, pid;  // pid -1: none
    double g;
  };
  const std::vector<E> want = {
      {"source", 0, -1, -1}, {"destination", 3, -1, -1}, {"generate", 0, -1, 0},
      {"expand", 0, -1, 0},  {"generate", 1, 0, 1},      {"close", 0, -1, 0},
      {"expand", 1, 0, 1},   {"generate", 2, 1, 2},      {"close", 1, 0, 1},
      {"expand", 2, 1, 2},   {"generate", 3, 2, 3},      {"close", 2, 1, 2},
      {"end", 3, -1, 3},
  };
  const YAML::Node ev = doc["events"];
  ASSERT_EQ(ev.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    SCOPED_TRACE("event " + std::to_string(i));
    EXPECT_EQ(ev[i]["type"].as<std::string>(), want[i].type);
    EXPECT_EQ(ev[i]["id"].as<int>(), want[i].id);
    EXPECT_EQ(ev[i]["pId"] ? ev[i]["pId"].as<int>() : -1, want[i].pid);
    if (want[i].g >= 0) {
      EXPECT_EQ(ev[i]["g"].as<double>(), want[i].g);
      EXPECT_EQ(ev[i]["f"].as<double>(), 3.0);
    } else {
      EXPECT_FALSE(ev[i]["g"]);
    }
  }
}

struct Case {
  std::string name;
  RawParams params;
};

const std::vector<Case>& traceable_cases() {
  static const std::vector<Case> cases = {
      {"astar", {}},
      {"astar", {{"weight", "2"}}},
      {"astar", {{"queue", "pairing"}}},
      {"astar_differential", {}},
      {"dijkstra", {}},
      {"gbfs", {}},
      {"jps", {}},
      {"jps_plus", {}},
      {"canonical_astar", {}},
      {"canonical_dijkstra", {}},
      {"dstar_lite", {}},
      {"hpa", {}},
      {"theta_star", {}},
      {"lazy_theta_star", {}},
  };
  return cases;
}

// The bundled map's scenario queries with the longest optimal paths (the most search work).
std::vector<Query> bundled_queries(const Grid& g, std::size_t count) {
  const fs::path dir = fs::path(PATHBENCH_SOURCE_DIR) / "datasets" / "maps";
  std::vector<ScenEntry> entries = read_scen(dir / "quickstart.map.scen");
  std::sort(entries.begin(), entries.end(),
            [](const ScenEntry& a, const ScenEntry& b) { return a.optimal > b.optimal; });
  std::vector<Query> qs;
  for (const ScenEntry& e : entries) {
    if (qs.size() == count) break;
    if (g.passable(e.start.x, e.start.y)) qs.push_back({e.start, e.goal});
  }
  return qs;
}

Grid bundled_map() {
  return read_map(fs::path(PATHBENCH_SOURCE_DIR) / "datasets" / "maps" / "quickstart.map");
}

TEST(PosthocTrace, EventCountsEqualCountersForEveryTraceablePlanner) {
  const Grid g = bundled_map();
  const std::vector<Query> qs = bundled_queries(g, 2);
  ASSERT_EQ(qs.size(), 2u);
  std::set<std::string> covered;
  for (const Case& c : traceable_cases()) {
    for (const Query& q : qs) {
      const RenderPanel p = traced(g, q, c.name, c.params);
      const std::string what = p.label + " [" + p.params + "]";
      SCOPED_TRACE(what);
      ASSERT_EQ(p.result.status, Status::Solved);
      const YAML::Node doc = export_yaml(g, q, p);
      expect_schema(doc, g, q);
      auto n = count_types(doc);
      const Counters& k = p.result.counters;
      EXPECT_EQ(n["source"], 1u);
      EXPECT_EQ(n["destination"], 1u);
      EXPECT_EQ(n["end"], 1u);
      EXPECT_EQ(n["expand"] + n["expand_abstract"], k.expansions);
      EXPECT_GT(n["expand"], 0u);
      if (c.name == "hpa") {
        EXPECT_GT(n["expand_abstract"], 0u);
        EXPECT_EQ(n["generate"], 0u);  // HPA* counts no generations
      } else {
        EXPECT_EQ(n["generate"], k.generated);
        EXPECT_EQ(n["update"], k.updates);
      }
      if (c.name == "dstar_lite" || c.name == "hpa")
        EXPECT_EQ(n["close"], 0u);
      else
        EXPECT_EQ(n["close"], n["expand"]);
      if (c.name == "jps" || c.name == "jps_plus") {
        EXPECT_EQ(n["jump_point"], p.trace.find_layer("jump_points")->cells.size());
        EXPECT_GT(n["jump_point"], 0u);
      } else {
        EXPECT_EQ(n["jump_point"], 0u);
      }
      EXPECT_EQ(doc["events"][doc["events"].size() - 1]["g"].as<double>(), p.result.cost);
      covered.insert(c.name);
    }
  }
  // Every registered traceable planner is in the list above.
  for (const PlannerInfo& info : planner_registry()) {
    if (info.name == "external" || info.name == "gppc") continue;  // programs, not traceable
    if (make_planner(info.name, {}).planner->capabilities().traceable) {
      EXPECT_TRUE(covered.count(info.name)) << info.name << " is traceable but not tested";
    }
  }
}

// Best-first planners (A* family, JPS, JPS+): each generate/update/jump_point names the node being
// expanded as pId; an expanded node's g is optimal for A*/Dijkstra and A* with landmarks
// (consistent heuristics, weight 1) and never below optimal for JPS, checked against the reference
// Dijkstra; f = g + h never decreases along the expansions.
TEST(PosthocTrace, ParentsAndValuesAgreeWithTheReference) {
  const Grid g = bundled_map();
  const std::vector<Query> qs = bundled_queries(g, 2);
  for (const char* name : {"astar", "astar_differential", "jps", "jps_plus", "dijkstra"}) {
    for (const Query& q : qs) {
      SCOPED_TRACE(std::string(name));
      const bool jps = std::string(name).starts_with("jps");
      const RenderPanel p = traced(g, q, name);
      const YAML::Node ev = export_yaml(g, q, p)["events"];
      const std::vector<double> dist = reference_costs_from(g, q.start);
      long long expanding = -1;
      double last_f = -1;
      std::size_t updates = 0;
      for (const YAML::Node& e : ev) {
        const std::string type = e["type"].as<std::string>();
        if (type == "expand") {
          expanding = e["id"].as<long long>();
          const int x = e["x"].as<int>(), y = e["y"].as<int>();
          // JPS may expand a jump point over a non-canonical (longer) path first; A* and
          // Dijkstra with a consistent heuristic never do.
          if (jps)
            EXPECT_GE(e["g"].as<double>(), dist[g.id(x, y)] - 1e-9) << x << "," << y;
          else
            EXPECT_NEAR(e["g"].as<double>(), dist[g.id(x, y)], 1e-9) << x << "," << y;
          EXPECT_GE(e["f"].as<double>(), last_f - 1e-9);
          last_f = e["f"].as<double>();
        } else if (type == "generate" || type == "update" || type == "jump_point") {
          if (expanding >= 0) {
            ASSERT_TRUE(e["pId"]) << type;
            EXPECT_EQ(e["pId"].as<long long>(), expanding) << type;
          }
          updates += type == "update";
        } else if (type == "close") {
          EXPECT_EQ(e["id"].as<long long>(), expanding);
        }
      }
      EXPECT_EQ(updates, p.result.counters.updates);
    }
  }
}

TEST(PosthocTrace, LoggingIsOffUnlessAsked) {
  const Grid g = bundled_map();
  const Query q = bundled_queries(g, 1)[0];
  ConfiguredPlanner cp = make_planner("astar", {});
  cp.planner->prepare(g);
  const RenderPanel p = run_traced(g, q, *cp.planner, "astar", "", {}, false);
  EXPECT_TRUE(p.trace.events.empty());
  EXPECT_EQ(p.trace.expanded.size(), p.result.counters.expansions);
}

// ---- The binary ----

class PosthocCli : public pathbench::testing::ScratchTest {
 protected:
  void SetUp() override {
    fs::copy_file(fs::path(PATHBENCH_SOURCE_DIR) / "datasets" / "maps" / "quickstart.map",
                  root_ / "q.map");
  }
  testing::CommandResult pathbench(const std::vector<std::string>& args) const {
    return testing::run_shell(root_, testing::command_line(PATHBENCH_EXE, args), root_);
  }
};

TEST_F(PosthocCli, RenderAndSolveWriteTraces) {
  auto r = pathbench({"render", "--map", "q.map", "--start", "1,4", "--goal", "44,28", "--planner",
                      "jps", "--posthoc", "jps.trace.yaml"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("wrote jps.trace.yaml (Posthoc trace,"), std::string::npos) << r.out;
  const YAML::Node doc = YAML::LoadFile((root_ / "jps.trace.yaml").string());
  EXPECT_EQ(doc["version"].as<std::string>(), "1.4.0");
  EXPECT_GT(count_types(doc)["jump_point"], 0u);

  r = pathbench(
      {"solve", "--map", "q.map", "--start", "1,4", "--goal", "44,28", "--trace", "a.trace.yaml"});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::size_t at = r.out.find("\"expansions\":");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::size_t expansions = std::stoul(r.out.substr(at + 13));
  EXPECT_EQ(count_types(YAML::LoadFile((root_ / "a.trace.yaml").string()))["expand"], expansions);
}

TEST_F(PosthocCli, RefusesBadRequestsWithExit2) {
  ASSERT_TRUE(testing::write_text(root_ / "mine.trace.yaml", "user data\n"));
  const std::vector<std::string> query = {"--map", "q.map", "--start", "1,4", "--goal", "44,28"};
  auto with = [&](std::vector<std::string> head, std::vector<std::string> tail) {
    head.insert(head.end(), query.begin(), query.end());
    head.insert(head.end(), tail.begin(), tail.end());
    return pathbench(head);
  };
  struct Bad {
    std::vector<std::string> head, tail;
    std::string message;
  };
  const std::vector<Bad> bad = {
      {{"render"}, {"--posthoc", "mine.trace.yaml"}, "exists; pass --overwrite"},
      {{"solve"}, {"--trace", "mine.trace.yaml"}, "exists; pass --overwrite"},
      {{"render"}, {"--posthoc", "t.yaml"}, "NAME.trace.yaml"},
      {{"solve"}, {"--planner", "boost_astar", "--trace", "b.trace.yaml"}, "records no search"},
      {{"render"}, {"--planner", "boost_astar", "--posthoc", "b.trace.yaml"}, "records no search"},
      {{"render"}, {"--compare", "astar,jps", "--posthoc", "c.trace.yaml"}, "one search"},
  };
  for (const Bad& b : bad) {
    const auto r = with(b.head, b.tail);
    EXPECT_EQ(r.code, 2) << b.tail.back() << ": " << r.err;
    EXPECT_NE(r.err.find(b.message), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  EXPECT_EQ(testing::read_text(root_ / "mine.trace.yaml"), "user data\n");
  for (const char* f : {"t.yaml", "b.trace.yaml", "c.trace.yaml"})
    EXPECT_FALSE(fs::exists(root_ / f));
  const auto r = with({"render"}, {"--posthoc", "mine.trace.yaml", "--overwrite"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(YAML::LoadFile((root_ / "mine.trace.yaml").string())["version"].as<std::string>(),
            "1.4.0");
}

}  // namespace
}  // namespace pathbench
