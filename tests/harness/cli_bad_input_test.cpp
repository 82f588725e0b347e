// `pathbench run` on bad input (the contract of CliTest::expect_input_error): a broken config,
// planner, map or scen file is one message naming the file, line and field, exit 2, no results.
#include <gtest/gtest.h>

#include "tests/harness/cli_fixture.h"

namespace pathbench::cli_test {
namespace {

TEST_F(CliTest, MissingConfigFile) {
  const CmdResult r = run({"run", "nope.yaml", "--out", "out"});
  expect_input_error(r, "nope.yaml", 0, "");
}

TEST_F(CliTest, YamlSyntaxError) {
  const CmdResult r = run_config(
      "name: bad\n"
      "datasets: [ {name: serp, movingai: {maps: [serp.map]}\n"
      "planners:\n"
      "  - {label: a, algorithm: astar}\n");
  EXPECT_NE(r.err.find("YAML syntax error"), std::string::npos) << r.err;
  // The unclosed '[' of line 2 is only noticed at a later line (which one is up to yaml-cpp);
  // a line must be named all the same.
  expect_input_error(r, "cfg.yaml", kAnyLine, "");
}

TEST_F(CliTest, UnknownTopLevelKey) {
  const CmdResult r = run_config("repetitons: 3\n" + config());
  expect_input_error(r, "cfg.yaml", 1, "repetitons");
  EXPECT_NE(r.err.find("unknown key"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("repetitions"), std::string::npos) << "allowed keys not listed: " << r.err;
}

TEST_F(CliTest, UnknownPlanner) {
  const CmdResult r = run_config(config("", "{label: a, algorithm: astr}"));
  expect_input_error(r, "cfg.yaml", kPlannerLine, "planners[0].algorithm");
  EXPECT_NE(r.err.find("'astr'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("known:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("astar"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("dijkstra"), std::string::npos) << r.err;
}

TEST_F(CliTest, UnknownPlannerParameter) {
  const CmdResult r = run_config(config("", "{label: a, algorithm: astar, params: {wieght: 2}}"));
  expect_input_error(r, "cfg.yaml", kPlannerLine, "planners[0].params.wieght");
  EXPECT_NE(r.err.find("wieght"), std::string::npos) << r.err;
}

TEST_F(CliTest, BadParameterValue) {
  const CmdResult r = run_config(config("", "{label: a, algorithm: astar, params: {weight: -1}}"));
  expect_input_error(r, "cfg.yaml", kPlannerLine, "planners[0].params.weight");
  EXPECT_NE(r.err.find("-1"), std::string::npos) << r.err;
}

TEST_F(CliTest, PlannerIncompatibleWithDataset) {
  const CmdResult r = run_config(config("connectivity: 4", "{label: j, algorithm: jps}"));
  expect_input_error(r, "cfg.yaml", kPlannerLine, "planners[0].algorithm");
  EXPECT_NE(r.err.find("jps"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("'serp'"), std::string::npos) << "dataset not named: " << r.err;
  EXPECT_NE(r.err.find("4-connected"), std::string::npos) << "reason not given: " << r.err;
}

TEST_F(CliTest, MissingMapFile) {
  const CmdResult r = run_config(config("", "{label: a, algorithm: astar}", "[nope.map]"));
  expect_input_error(r, "cfg.yaml", 5, "datasets[0].movingai.maps[0]");
  EXPECT_NE(r.err.find("nope.map"), std::string::npos) << r.err;
}

TEST_F(CliTest, MalformedMap) {
  // Line 7 of the file is row 2 of the map; 'x' sits at x=2.
  write("bad.map", "type octile\nheight 3\nwidth 4\nmap\n....\n....\n..x.\n");
  write("bad.map.scen", "version 1\n" + scen_line(0, 0, 1, 1, 1.41421356, "bad.map", 4, 3));
  const CmdResult r = run_config(config("", "{label: a, algorithm: astar}", "[bad.map]"));
  expect_input_error(r, path_of("bad.map"), 7, "cell");
  EXPECT_NE(r.err.find("'x'"), std::string::npos) << r.err;
}

TEST_F(CliTest, MalformedScenFieldCount) {
  std::string bad = scen_line(0, 2, 4, 2, 4);
  bad.erase(bad.rfind('\t'));  // drop the optimal-length field
  write("serp.map.scen", "version 1\n" + scen_line(0, 0, 0, 4, 12) + bad + "\n");
  const CmdResult r = run_config(config());
  expect_input_error(r, path_of("serp.map.scen"), 3, "fields");
}

TEST_F(CliTest, ScenStartOutOfRange) {
  write("serp.map.scen", "version 1\n" + scen_line(0, 0, 0, 4, 12) + scen_line(9, 0, 0, 0, 9));
  const CmdResult r = run_config(config());
  expect_input_error(r, path_of("serp.map.scen"), 3, "start_x");
  EXPECT_NE(r.err.find("'9'"), std::string::npos) << r.err;
}

// A blocked start is the scen's error under on_bad_query: error; under the default (record) the
// line is kept as a bad_query row (bad_query_test.cpp).
TEST_F(CliTest, ScenStartBlocked) {
  write("serp.map.scen", "version 1\n" + scen_line(0, 1, 0, 0, 1));
  const CmdResult r = run_config("on_bad_query: error\n" + config());
  expect_input_error(r, path_of("serp.map.scen"), 2, "start");
  EXPECT_NE(r.err.find("blocked"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace pathbench::cli_test
