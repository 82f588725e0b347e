// Conformance of every registered planner against the reference Dijkstra (the oracle), driven by
// the registry: a planner is tested the day it is registered, under every move-rule set its
// capabilities accept (8-connected, 4-connected, corner cutting, terrain costs). Optimal planners
// must return the optimal cost; bounded ones stay within their bound; every planner must find a
// path exactly when one exists (all planners here are complete) and return a legal path whose
// recomputed cost equals the reported cost. Solving the same query twice on one prepared planner
// must give the same result and counters (generation stamps, reused state). The check itself is
// conformance_check.h, shared with tests that bring a planner of their own.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <tuple>

#include "tests/algorithms/conformance_check.h"
#include "tests/algorithms/planner_variants.h"

namespace pathbench {
namespace {

using testing::ConformanceCase;
using testing::describe;
using testing::Variant;

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

const std::vector<ConformanceCase>& cases(const RuleSet& rs) {
  static std::map<std::string, std::vector<ConformanceCase>> by_rules;
  auto it = by_rules.find(rs.name);
  if (it == by_rules.end())
    it =
        by_rules.emplace(rs.name, testing::make_conformance_cases(490, rs.rules, rs.terrain)).first;
  return it->second;
}

class Conformance : public ::testing::TestWithParam<Combination> {};

TEST_P(Conformance, MatchesReferenceOnGeneratedMaps) {
  const Variant& v = std::get<0>(GetParam());
  const RuleSet& rs = std::get<1>(GetParam());
  const std::string what = describe(v) + " on " + rs.name + " maps";
  ConfiguredPlanner cp = make_planner(v.name, v.params);
  const testing::ConformanceTally tally = testing::expect_conformance(*cp.planner, cases(rs), what);
  EXPECT_GT(tally.solved, 800u) << what;
  EXPECT_GT(tally.unreachable, 20u) << what;
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
  for (const char* expected :
       {"astar", "boost_astar", "canonical_astar", "canonical_dijkstra", "dijkstra", "dstar_lite",
        "external", "gbfs", "gppc", "hpa", "jps", "jps_plus", "lazy_theta_star", "subgoal_graph",
        "subgoal_graph_ch", "theta_star"})
    EXPECT_EQ(std::count(names.begin(), names.end(), expected), 1) << expected;
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
}

}  // namespace
}  // namespace pathbench
