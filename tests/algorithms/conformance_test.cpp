// Conformance of every registered planner against the reference Dijkstra, driven by the
// registry: a planner is tested the day it is registered. Optimal planners must return the
// optimal cost; bounded ones stay within their bound; every planner must find a path exactly
// when one exists (all planners here are complete) and return a legal path whose recomputed cost
// equals the reported cost. Solving the same query twice on one prepared planner must give the
// same result and counters (generation stamps, reused state). The check itself is
// conformance_check.h, shared with tests that bring a planner of their own.
#include <gtest/gtest.h>

#include "tests/algorithms/conformance_check.h"

namespace pathbench {
namespace {

using testing::ConformanceCase;
using testing::ConformanceTally;
using testing::expect_conformance;
using testing::make_conformance_cases;

struct Variant {
  std::string name;
  RawParams params;
};

// Every registry entry with its defaults, plus the non-default queue of astar. Except external:
// it runs a program given by its required `command` (tests/harness/external_planner_test.cpp
// checks it with the reference Python planner, too slow for 500 maps).
std::vector<Variant> all_variants() {
  std::vector<Variant> out;
  for (const PlannerInfo& info : planner_registry())
    if (info.name != "external") out.push_back({info.name, {}});
  out.push_back({"astar", {{"queue", "pairing"}}});
  out.push_back({"astar", {{"weight", "1.5"}}});
  return out;
}

std::string describe(const Variant& v) {
  std::string s = v.name;
  for (const auto& [k, val] : v.params) s += " " + k + "=" + val;
  return s;
}

const std::vector<ConformanceCase>& cases() {
  static const std::vector<ConformanceCase> all = make_conformance_cases(500);
  return all;
}

class Conformance : public ::testing::TestWithParam<Variant> {};

TEST_P(Conformance, MatchesReferenceOnGeneratedMaps) {
  const Variant& v = GetParam();
  ConfiguredPlanner cp = make_planner(v.name, v.params);
  const ConformanceTally tally = expect_conformance(*cp.planner, cases(), describe(v));
  EXPECT_GT(tally.solved, 800u);
  EXPECT_GT(tally.unreachable, 20u);
}

INSTANTIATE_TEST_SUITE_P(AllPlanners, Conformance, ::testing::ValuesIn(all_variants()),
                         [](const ::testing::TestParamInfo<Variant>& param) {
                           std::string s = param.param.name;
                           for (const auto& [k, val] : param.param.params) s += "_" + k + "_" + val;
                           for (char& ch : s)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return s;
                         });

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
