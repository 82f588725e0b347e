// The planner configurations the registry-driven suites (conformance, lifecycle) run: every
// registry entry with its defaults plus a few non-default settings, so a planner is tested the day
// it is registered. Except external: it runs a program given by its required `command`
// (tests/harness/external_planner_test.cpp checks it with the reference Python planner, too slow
// for hundreds of maps).
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "algorithms/registry/planner_registry.h"

namespace pathbench::testing {

struct Variant {
  std::string name;
  RawParams params;
};

inline std::vector<Variant> all_variants() {
  std::vector<Variant> out;
  for (const PlannerInfo& info : planner_registry())
    // external and gppc run programs that their own tests provide (external_planner_test,
    // gppc_planner_test); they have no default to run here.
    if (info.name != "external" && info.name != "gppc") out.push_back({info.name, {}});
  out.push_back({"astar", {{"queue", "pairing"}}});
  out.push_back({"astar", {{"weight", "1.5"}}});
  out.push_back({"astar_differential", {{"landmarks", "1"}, {"placement", "random"}}});
  out.push_back({"astar_differential", {{"landmarks", "16"}, {"queue", "pairing"}}});
  out.push_back({"subgoal_graph", {{"tl", "true"}}});
  return out;
}

inline std::string describe(const Variant& v) {
  std::string s = v.name;
  for (const auto& [k, val] : v.params) s += " " + k + "=" + val;
  return s;
}

// A GoogleTest name (letters, digits and underscores) for `v`, then `suffix`.
inline std::string test_name(const Variant& v, const std::string& suffix = "") {
  std::string s = v.name;
  for (const auto& [k, val] : v.params) s += "_" + k + "_" + val;
  s += suffix;
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

}  // namespace pathbench::testing
