// `pathbench solve`: the JSON it prints (hand-counted and MovingAI costs), and its bad input
// (endpoints, planners, parameters) as one message naming the option.
#include <gtest/gtest.h>

#include "tests/harness/cli_fixture.h"

namespace pathbench::cli_test {
namespace {

// `pathbench solve` on the fixture's 5x5 serpentine map, with `extra` arguments.
std::vector<std::string> solve_serp(const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"solve", "--map", "serp.map"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST_F(CliTest, SolveStartOutOfRange) {
  const CmdResult r = run(solve_serp({"--start", "5,0", "--goal", "0,0"}));
  expect_input_error(r, "command line", 0, "--start");
  EXPECT_NE(r.err.find("outside the 5x5 map"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(CliTest, SolveBlockedGoal) {
  const CmdResult r = run(solve_serp({"--start", "0,0", "--goal", "1,1"}));
  expect_input_error(r, "command line", 0, "--goal");
  EXPECT_NE(r.err.find("blocked"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(CliTest, SolveMissingMap) {
  const CmdResult r = run({"solve", "--map", "nope.map", "--start", "0,0", "--goal", "1,1"});
  expect_input_error(r, "nope.map", 0, "");
}

TEST_F(CliTest, SolveMalformedStart) {
  const CmdResult r = run(solve_serp({"--start", "1;2", "--goal", "0,0"}));
  expect_input_error(r, "command line", 0, "--start");
  EXPECT_NE(r.err.find("'1;2'"), std::string::npos) << r.err;
}

// Every value CLI11 converts (X,Y, key=value) fails as bad input of its option, not as a CLI11
// usage error.
TEST_F(CliTest, SolveMalformedValuesNameTheirOption) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--start", "1,2,", "--goal", "0,0"}, "--start"},
      {{"--start", "0,0", "--goal", "0,x"}, "--goal"},
      {{"--start", "0,0", "--goal", "0,4", "--set", "weight"}, "--set"},
      {{"--start", "0,0", "--goal", "0,4", "--set", "=2"}, "--set"},
  };
  for (const auto& [extra, option] : cases) {
    const CmdResult r = run(solve_serp(extra));
    SCOPED_TRACE(extra[1] + " " + extra[3]);
    expect_input_error(r, "command line", 0, option);
    EXPECT_NE(r.err.find("expected "), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
}

TEST_F(CliTest, SolveUnknownPlanner) {
  const CmdResult r = run(solve_serp({"--start", "0,0", "--goal", "0,4", "--planner", "nope"}));
  expect_input_error(r, "command line", 0, "--planner");
  EXPECT_NE(r.err.find("unknown planner 'nope'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("astar"), std::string::npos) << "known planners not listed: " << r.err;
}

TEST_F(CliTest, SolveUnknownParameter) {
  const CmdResult r = run(solve_serp({"--start", "0,0", "--goal", "0,4", "--set", "wieght=2"}));
  expect_input_error(r, "command line", 0, "--set");
  EXPECT_NE(r.err.find("'wieght'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("weight"), std::string::npos) << "known parameters not listed: " << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(CliTest, SolvePrintsJsonWithHandCountedCost) {
  {
    const CmdResult r = run(solve_serp({"--start", "0,0", "--goal", "0,4"}));
    ASSERT_EQ(r.code, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["status"], "solved");
    EXPECT_DOUBLE_EQ(j["cost"].get<double>(), 12.0);
    EXPECT_GT(j["expansions"].get<long>(), 0);
    ASSERT_EQ(j["path"].size(), 13u);  // 12 unit steps
    EXPECT_EQ(j["path"].front(), Json::array({0, 0}));
    EXPECT_EQ(j["path"].back(), Json::array({0, 4}));
  }
  {
    // On an open 4x3 map: two diagonals and one straight step.
    write("open.map", "type octile\nheight 3\nwidth 4\nmap\n....\n....\n....\n");
    const CmdResult r = run(
        {"solve", "--map", "open.map", "--start", "0,0", "--goal", "3,2", "--planner", "dijkstra"});
    ASSERT_EQ(r.code, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["status"], "solved");
    EXPECT_NEAR(j["cost"].get<double>(), 1.0 + 2.0 * std::sqrt(2.0), 1e-12);
    EXPECT_EQ(j["path"].size(), 4u);
    // 4-connected: Manhattan distance.
    const CmdResult r4 = run({"solve", "--map", "open.map", "--start", "0,0", "--goal", "3,2",
                              "--connectivity", "4", "--set", "heuristic=manhattan"});
    ASSERT_EQ(r4.code, 0) << r4.err;
    EXPECT_DOUBLE_EQ(Json::parse(r4.out)["cost"].get<double>(), 5.0);
  }
}

TEST_F(CliTest, SolveMatchesMovingAiOptimal) {
  PATHBENCH_REQUIRE_MOVINGAI();
  const fs::path map = testing::movingai_dir() / "arena.map";
  std::ifstream scen(testing::movingai_dir() / "arena.map.scen");
  std::string line;
  std::getline(scen, line);  // version
  for (int i = 0; i < 120 && std::getline(scen, line); ++i) {
  }
  std::istringstream f(line);
  std::string bucket, name;
  int w, h, sx, sy, gx, gy;
  double opt;
  f >> bucket >> name >> w >> h >> sx >> sy >> gx >> gy >> opt;
  ASSERT_TRUE(f) << line;
  const CmdResult r =
      run({"solve", "--map", map.string(), "--start", std::to_string(sx) + "," + std::to_string(sy),
           "--goal", std::to_string(gx) + "," + std::to_string(gy)});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NEAR(Json::parse(r.out)["cost"].get<double>(), opt, 1e-5 * std::max(1.0, opt)) << line;
}

}  // namespace
}  // namespace pathbench::cli_test
