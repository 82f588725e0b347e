// The library behind the commands (harness/cli_support): planner requests of render, the
// error -> exit code mapping, solve's JSON, hand-given endpoints, and the plot script: where it
// is looked for, and that its arguments reach it intact without a shell.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <sstream>
#include <string>

#include "algorithms/core/input_error.h"
#include "algorithms/core/params.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/query_endpoints.h"
#include "harness/cli_support/child_program.h"
#include "harness/cli_support/error_exit.h"
#include "harness/cli_support/planner_requests.h"
#include "harness/cli_support/plot_script.h"
#include "harness/cli_support/solve_output.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"

namespace pathbench::cli {
namespace {

namespace fs = std::filesystem;

TEST(PlannerRequests, SetGoesToEveryPlannerHavingTheKey) {
  // astar has `weight`, jps has no parameter: --set weight reaches astar only, and a compare
  // entry's own value wins.
  const std::vector<PlannerRequest> reqs = planner_requests(
      "ignored", parse_planner_list("astar,jps,astar:weight=3", "--compare"), {{"weight", "2"}});
  ASSERT_EQ(reqs.size(), 3u);
  EXPECT_EQ(reqs[0].params, (RawParams{{"weight", "2"}}));
  EXPECT_TRUE(reqs[1].params.empty());
  EXPECT_EQ(reqs[2].params, (RawParams{{"weight", "3"}}));
  EXPECT_EQ(reqs[2].label, "astar:weight=3");
}

TEST(PlannerRequests, SinglePlannerIsLabelledWithItsSettings) {
  const std::vector<PlannerRequest> reqs =
      planner_requests("astar", {}, {{"heuristic", "manhattan"}, {"nosuch", "1"}});
  ASSERT_EQ(reqs.size(), 1u);
  EXPECT_EQ(reqs[0].label, "astar:heuristic=manhattan:nosuch=1");
  // A single planner takes every key: its schema reports the wrong one later.
  EXPECT_EQ(reqs[0].params.count("nosuch"), 1u);
}

TEST(PlannerRequests, UnknownNamesAndUnusedKeysAreErrors) {
  try {
    planner_requests("astar", parse_planner_list("astar,nosuch", "--compare"), {});
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "--compare");
    EXPECT_NE(e.message().find("unknown planner 'nosuch'"), std::string::npos) << e.what();
  }
  try {
    planner_requests("astar", parse_planner_list("astar,jps", "--compare"), {{"nosuch", "1"}});
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "--set");
    EXPECT_NE(e.message().find("'nosuch'"), std::string::npos) << e.what();
  }
}

TEST(ErrorExit, BadInputIsTwoEverythingElseOne) {
  EXPECT_EQ(exit_code_for(InputError("f", 1, "k", "bad")), kExitBadInput);
  EXPECT_EQ(exit_code_for(ParamError("weight", "bad")), kExitBadInput);
  EXPECT_EQ(exit_code_for(UnknownPlannerError("nosuch")), kExitBadInput);
  EXPECT_EQ(exit_code_for(std::runtime_error("disk full")), kExitFailure);
  std::ostringstream err;
  EXPECT_EQ(run_reporting_errors(err, []() -> int { throw InputError("x.yaml", 3, "k", "no"); }),
            2);
  EXPECT_EQ(err.str(), "error: x.yaml:3: field 'k': no\n");
  std::ostringstream none;
  EXPECT_EQ(run_reporting_errors(none, [] { return 7; }), 7);
  EXPECT_EQ(none.str(), "");
}

TEST(QueryEndpoints, OutsideOrBlockedIsNamed) {
  Grid g(4, 3);
  g.set_passable(1, 1, false);
  EXPECT_NO_THROW(check_query_endpoint(g, {3, 2}, "command line", "--goal", "m.map"));
  try {
    check_query_endpoint(g, {4, 0}, "command line", "--start", "m.map");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "command line: field '--start': (4,0) is outside the 4x3 map m.map");
  }
  try {
    check_query_endpoint(g, {1, 1}, "command line", "--goal", "m.map");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.message(), "(1,1) is a blocked cell of m.map");
  }
}

TEST(SolveOutput, JsonHasPathAsXYAndNullCostUnlessSolved) {
  const Grid g(3, 2);
  SearchResult r;
  r.status = Status::Solved;
  r.cost = 2.0;
  r.path = {g.id(0, 0), g.id(1, 0), g.id(2, 1)};
  r.counters.expansions = 5;
  const nlohmann::json j = solve_result_json("astar", "weight=1", g, r, 12.5, 0.5);
  EXPECT_EQ(j["status"], "solved");
  EXPECT_EQ(j["cost"], 2.0);
  EXPECT_EQ(j["expansions"], 5);
  EXPECT_EQ(j["time_us"], 12.5);
  EXPECT_EQ(j["path_us"], 0.5);
  EXPECT_EQ(j["path"], nlohmann::json::parse("[[0,0],[1,0],[2,1]]"));
  EXPECT_FALSE(j.contains("message"));
  r.status = Status::Unreachable;
  r.path.clear();
  r.message = "why";
  const nlohmann::json k = solve_result_json("astar", "", g, r, 1.0, 0.0);
  EXPECT_TRUE(k["cost"].is_null());
  EXPECT_EQ(k["message"], "why");
}

class TempDir : public pathbench::testing::ScratchTest {
 protected:
};

using PlotScript = TempDir;

TEST_F(PlotScript, InstalledCopyBesideTheBinaryWinsOverTheSourceTree) {
  const fs::path prefix = root_ / "prefix", source = root_ / "src";
  fs::create_directories(prefix / "bin");
  fs::create_directories(source / "scripts");
  EXPECT_FALSE(find_plot_script(prefix / "bin", source));
  ASSERT_TRUE(testing::write_text(source / "scripts" / "plot_results.py", ""));
  EXPECT_EQ(find_plot_script(prefix / "bin", source), source / "scripts" / "plot_results.py");
  const fs::path installed = prefix / "share" / "pathbench" / "scripts" / "plot_results.py";
  fs::create_directories(installed.parent_path());
  ASSERT_TRUE(testing::write_text(installed, ""));
  EXPECT_EQ(find_plot_script(prefix / "bin", source), installed);
  // The build tree's binary finds the source tree's script.
  EXPECT_TRUE(find_plot_script(root_ / "nowhere", PATHBENCH_SOURCE_DIR));
}

using ChildProgram = TempDir;

TEST_F(ChildProgram, ArgumentsArriveAsWordsWithoutAShell) {
  const fs::path out = root_ / "it's a \"dir\"" / "out.txt";
  fs::create_directories(out.parent_path());
  const std::string word = "it's $HOME `true` \"quoted\" ; rm -rf /";
  const ProgramExit e =
      run_program({"/bin/sh", "-c", "printf %s \"$1\" > \"$2\"", "sh", word, out.string()}, true);
  EXPECT_TRUE(e.started);
  EXPECT_EQ(e.status, 0);
  EXPECT_EQ(e.problem, "");
  EXPECT_EQ(testing::read_text(out), word);
}

TEST_F(ChildProgram, FailuresAreDescribed) {
  const ProgramExit failed = run_program({"/bin/sh", "-c", "exit 3"}, true);
  EXPECT_TRUE(failed.started);
  EXPECT_EQ(failed.status, 3);
  EXPECT_EQ(failed.problem, "exited with status 3");
  const ProgramExit missing = run_program({(root_ / "no-such-program").string()}, true);
  EXPECT_FALSE(missing.started);
  EXPECT_NE(missing.problem.find("cannot start"), std::string::npos) << missing.problem;
}

// compare --interleave keeps each child's output in a log: both streams, appended, stdin empty.
TEST_F(ChildProgram, LoggedOutputIsAppendedToTheLog) {
  const fs::path log = root_ / "child.log";
  ASSERT_TRUE(testing::write_text(log, "earlier\n"));
  const ProgramExit e =
      run_program_logged({"/bin/sh", "-c", "echo out; echo err >&2; cat; exit 5", "sh"}, log);
  EXPECT_TRUE(e.started);
  EXPECT_EQ(e.status, 5);
  EXPECT_EQ(e.problem, "exited with status 5");
  EXPECT_EQ(testing::read_text(log), "earlier\nout\nerr\n");
}

}  // namespace
}  // namespace pathbench::cli
