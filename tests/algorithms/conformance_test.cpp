// Conformance of every registered planner against the reference Dijkstra (the oracle), driven by
// the registry: a planner is tested the day it is registered, under every move-rule set its
// capabilities accept (8-connected, 4-connected, corner cutting, terrain costs). Optimal planners
// must return the optimal cost; bounded ones stay within their bound; every planner must find a
// path exactly when one exists (all planners here are complete) and return a legal path whose
// recomputed cost equals the reported cost. Solving the same query twice on one prepared planner
// must give the same result and counters (generation stamps, reused state).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "algorithms/reference/reference_dijkstra.h"
#include "tests/algorithms/planner_variants.h"
#include "tests/algorithms/test_grids.h"

namespace pathbench {
namespace {

using testing::describe;
using testing::Variant;
using testing::walk_cost;

struct RuleSet {
  std::string name;
  MoveRules rules;
  bool terrain = false;
};

const std::vector<RuleSet>& rule_sets() {
  static const std::vector<RuleSet> all = {{"octile", {}, false},
                                           {"four_connected", {Connectivity::Four, false}, false},
                                           {"corner_cutting", {Connectivity::Eight, true}, false},
                                           {"terrain", {}, true}};
  return all;
}

// Would a planner built as `v` accept maps under `rs`? Asked of its capabilities, on a probe map.
bool accepts(const Variant& v, const RuleSet& rs) {
  Grid probe(2, 2, rs.rules);
  if (rs.terrain) probe.set_cell_cost(1, 1, 2.0);
  return check_support(make_planner(v.name, v.params).planner->capabilities(), probe).empty();
}

using Combination = std::tuple<Variant, RuleSet>;

std::vector<Combination> supported_combinations() {
  std::vector<Combination> out;
  for (const Variant& v : testing::all_variants())
    for (const RuleSet& rs : rule_sets())
      if (accepts(v, rs)) out.emplace_back(v, rs);
  return out;
}

// 490 maps from 1x1 to 256x256, densities 0-45%, three random free endpoints each; about 15% of
// the queries have no path under the default rules.
const std::vector<testing::RandomCase>& cases(const RuleSet& rs) {
  static std::map<std::string, std::vector<testing::RandomCase>> by_rules;
  auto it = by_rules.find(rs.name);
  if (it == by_rules.end()) {
    const testing::RandomMapSpec spec{.rules = rs.rules,
                                      .terrain = rs.terrain,
                                      .big_every = 50,
                                      .thin_first = true,
                                      .queries = 3};
    it = by_rules.emplace(rs.name, testing::random_cases(490, 20261202, spec)).first;
  }
  return it->second;
}

class Conformance : public ::testing::TestWithParam<Combination> {};

TEST_P(Conformance, MatchesReferenceOnGeneratedMaps) {
  const auto& [v, rs] = GetParam();
  const std::string what = describe(v) + " on " + rs.name + " maps";
  ConfiguredPlanner cp = make_planner(v.name, v.params);
  Planner& planner = *cp.planner;
  std::size_t solved = 0, unreachable = 0;
  SearchResult r, again;
  for (const testing::RandomCase& c : cases(rs)) {
    ASSERT_TRUE(check_support(planner.capabilities(), c.grid).empty()) << what;
    planner.prepare(c.grid);
    const Capabilities caps = planner.capabilities();
    for (const Query& q : c.queries) {
      const double ref = reference_cost(c.grid, q.start, q.goal);
      planner.solve(q, {}, r);
      planner.solve(q, {}, again);
      EXPECT_EQ(again.path, r.path) << what << ": second solve differs";
      EXPECT_EQ(again.counters.expansions, r.counters.expansions) << what;
      if (!std::isfinite(ref)) {
        EXPECT_EQ(r.status, Status::Unreachable) << what;
        ++unreachable;
        continue;
      }
      ASSERT_EQ(r.status, Status::Solved)
          << what << ", a " << c.grid.width() << "x" << c.grid.height() << " map";
      ++solved;
      const double tol = 1e-9 * std::max(1.0, ref);
      EXPECT_EQ(c.grid.point(r.path.front()), q.start);
      EXPECT_EQ(c.grid.point(r.path.back()), q.goal);
      EXPECT_NEAR(walk_cost(c.grid, r.path), r.cost, tol) << what;
      EXPECT_GE(r.cost, ref - tol) << what;
      if (caps.optimal) {
        EXPECT_NEAR(r.cost, ref, tol) << what;
      } else if (std::isfinite(caps.suboptimality_bound)) {
        EXPECT_LE(r.cost, caps.suboptimality_bound * ref + tol) << what;
      }
    }
  }
  EXPECT_GT(solved, 800u) << what;
  EXPECT_GT(unreachable, 20u) << what;
}

INSTANTIATE_TEST_SUITE_P(AllPlanners, Conformance, ::testing::ValuesIn(supported_combinations()),
                         [](const ::testing::TestParamInfo<Combination>& param) {
                           return testing::test_name(std::get<0>(param.param),
                                                     "_" + std::get<1>(param.param).name);
                         });

// Every rule set is exercised by some planner other than the oracle itself, and every planner
// runs at least under the default rules: a capability typo cannot silently empty the suite.
TEST(Conformance, EveryRuleSetAndPlannerIsCovered) {
  const std::vector<Combination> all = supported_combinations();
  for (const RuleSet& rs : rule_sets())
    EXPECT_TRUE(std::any_of(all.begin(), all.end(), [&](const Combination& c) {
      return std::get<1>(c).name == rs.name;
    })) << rs.name;
  for (const Variant& v : testing::all_variants())
    EXPECT_TRUE(accepts(v, rule_sets().front())) << describe(v);
}

TEST(Conformance, RegistryListsEveryPlannerOnce) {
  std::vector<std::string> names;
  for (const PlannerInfo& info : planner_registry()) names.push_back(info.name);
  for (const char* expected : {"astar", "boost_astar", "dijkstra", "dstar_lite", "external", "gbfs",
                               "hpa", "jps", "jps_plus"})
    EXPECT_EQ(std::count(names.begin(), names.end(), expected), 1) << expected;
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
}

}  // namespace
}  // namespace pathbench
