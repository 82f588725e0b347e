// Hostile inputs around the parsers, through the real binary: paths the filesystem cannot
// resolve, scens much longer than what an experiment asks for, datasets that yield nothing, and
// the command line validated exactly like YAML. Each must give one clear input error (exit 2)
// naming the file, line and field, and write nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>

#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::shell_quote;
using testing::write_text;

constexpr const char* kMap = "type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n";

class InputLimitsTest : public pathbench::testing::ScratchTest {
 protected:
  void SetUp() override { write_text(work_ / "m.map", kMap); }

  CommandResult pathbench(const std::string& args) const {
    return testing::run_shell(work_, shell_quote(PATHBENCH_EXE) + " " + args, root_);
  }
  // An experiment over one MovingAI dataset; `movingai` is the body of its `movingai:` map.
  void write_config(const std::string& movingai) const {
    write_text(work_ / "exp.yaml",
               "name: limits\n"
               "datasets:\n"
               "  - name: files\n"
               "    movingai: " +
                   movingai +
                   "\n"
                   "planners:\n"
                   "  - {label: astar, algorithm: astar}\n");
  }
  bool wrote_results() const { return fs::exists(work_ / "out") || fs::exists(work_ / "results"); }
  // Runs `args`, which must fail as an input error (exit 2) whose message holds `expect`, having
  // written nothing; returns the result for further checks.
  CommandResult expect_input_error(const std::string& args, const std::string& expect) const {
    SCOPED_TRACE(args);
    const CommandResult r = pathbench(args);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find(expect), std::string::npos) << r.err;
    EXPECT_FALSE(wrote_results());
    return r;
  }

  const fs::path work_ = subdir("work");
};

TEST_F(InputLimitsTest, UnresolvablePathsAreInputErrorsNotFilesystemExceptions) {
  fs::create_symlink("loop", work_ / "loop");
  const std::string long_name(300, 'a');
  struct Case {
    std::string args, expect;
  };
  const Case cases[] = {
      {"run exp.yaml --out out", "Too many levels of symbolic links"},  // map: loop
      {"run loop --out out", "cannot access the experiment file"},
      {"run " + long_name + ".yaml --out out", "File name too long"},
      {"report loop", "cannot access the results directory"},
      {"solve --map loop --start 0,0 --goal 1,1", "cannot access the map file"},
  };
  write_config("{maps: [loop]}");
  for (const Case& c : cases) {
    const CommandResult r = expect_input_error(c.args, c.expect);
    EXPECT_EQ(r.err.find("filesystem error"), std::string::npos) << c.args << ": " << r.err;
  }
  // The map entry's own line and field are named, also for an over-long map name and a path
  // through a loop.
  for (const std::string& map : {long_name + ".map", std::string("loop/m.map")}) {
    SCOPED_TRACE(map);
    write_config("{maps: [" + map + "]}");
    expect_input_error("run exp.yaml --out out",
                       "exp.yaml:4: field 'datasets[0].movingai.maps[0]'");
  }
}

TEST_F(InputLimitsTest, ScenIsStreamedSoLinesPastTheLimitAreNeverRead) {
  // Line 3 is garbage: a reader that loads the whole file fails on it; `limit: 1` must not.
  write_text(work_ / "m.map.scen", "version 1\n0\tm.map\t4\t3\t0\t0\t3\t2\t5\nnot a scen line\n");
  write_config("{maps: [m.map], limit: 1}");
  const CommandResult r = pathbench("run exp.yaml --out out");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(testing::read_text(work_ / "out" / "runs.csv").find(",solved,"), std::string::npos);
  // Without the limit the whole file is read and the bad line named.
  fs::remove_all(work_ / "out");
  write_config("{maps: [m.map]}");
  expect_input_error("run exp.yaml --out out", "m.map.scen:3: field 'fields'");
}

TEST_F(InputLimitsTest, ADatasetWithoutQueriesIsAnErrorNotZeroRuns) {
  write_text(work_ / "m.map.scen", "version 1\n");
  write_config("{maps: [m.map]}");
  expect_input_error("run exp.yaml --out out", "exp.yaml:3: field 'datasets[0]': no queries");
  // A bucket range that keeps no entry is the same mistake.
  write_text(work_ / "m.map.scen", "version 1\n0\tm.map\t4\t3\t0\t0\t3\t2\t5\n");
  write_config("{maps: [m.map], buckets: [5, 9]}");
  expect_input_error("run exp.yaml --out out", "no queries");
}

// The command line and YAML share one set of rules: the same value is accepted or rejected in
// both, with the same words.
TEST_F(InputLimitsTest, CommandLineAndYamlAcceptAndRejectTheSameValues) {
  const auto yaml_run = [&](const std::string& top, const std::string& generated) {
    write_text(work_ / "exp.yaml", "name: same\n" + top +
                                       "datasets:\n"
                                       "  - name: g\n"
                                       "    generated: {" +
                                       generated +
                                       "}\n"
                                       "planners:\n"
                                       "  - {label: astar, algorithm: astar}\n");
    std::error_code ec;
    fs::remove_all(work_ / "out", ec);
    return pathbench("run exp.yaml --out out");
  };
  const std::string small = "kind: random, width: 8, height: 8, count: 1, queries_per_bucket: 1";
  const std::string solve = "solve --map m.map --start 0,0 --goal 3,2 ";

  // Time limits: negative and nan are refused both ways.
  for (const std::string bad : {"-1", "nan"}) {
    SCOPED_TRACE(bad);
    const CommandResult cli = pathbench(solve + "--time-limit " + bad);
    EXPECT_EQ(cli.code, 2) << cli.err;
    EXPECT_NE(cli.err.find("field '--time-limit': expected a non-negative number of seconds"),
              std::string::npos)
        << cli.err;
    const CommandResult yml = yaml_run("time_limit_s: " + bad + "\n", small);
    EXPECT_EQ(yml.code, 2) << yml.err;
    EXPECT_NE(yml.err.find("field 'time_limit_s': expected a non-negative number of seconds"),
              std::string::npos)
        << yml.err;
  }
  // Booleans: the same words both ways.
  for (const std::string word : {"yes", "true", "off"}) {
    SCOPED_TRACE(word);
    EXPECT_EQ(pathbench(solve + "--set greedy=" + word).code, 0);
    EXPECT_EQ(yaml_run("validate: " + word + "\n", small).code, 0);
  }
  EXPECT_EQ(pathbench(solve + "--set greedy=maybe").code, 2);
  EXPECT_EQ(yaml_run("validate: maybe\n", small).code, 2);

  // Generated map shapes: gen-map and a YAML dataset give the same verdict and message.
  struct Shape {
    std::string cli, yaml, message;
  };
  const Shape shapes[] = {
      {"--kind rooms --room-size 1 --width 10 --height 10",
       "kind: rooms, room_size: 1, width: 10, height: 10", "expected an integer >= 2, got 1"},
      {"--kind random --density 1 --width 10 --height 10",
       "kind: random, density: 1, width: 10, height: 10", "expected a number in [0, 1), got 1"},
      {"--kind random --width 40000 --height 2", "kind: random, width: 40000, height: 2",
       "at most 32768 cells, got 40000"},
      {"--kind maze --corridor-width 9 --width 9 --height 20",
       "kind: maze, corridor_width: 9, width: 9, height: 20", "at least corridor_width + 1"},
  };
  for (const Shape& sh : shapes) {
    SCOPED_TRACE(sh.cli);
    const CommandResult cli = pathbench("gen-map " + sh.cli + " -o g.map");
    EXPECT_EQ(cli.code, 2) << cli.err;
    EXPECT_NE(cli.err.find(sh.message), std::string::npos) << cli.err;
    EXPECT_FALSE(fs::exists(work_ / "g.map"));
    const CommandResult yml = yaml_run("", sh.yaml + ", count: 1");
    EXPECT_EQ(yml.code, 2) << yml.err;
    EXPECT_NE(yml.err.find(sh.message), std::string::npos) << yml.err;
    EXPECT_NE(yml.err.find("exp.yaml:4:"), std::string::npos) << yml.err;
  }
  // And an accepted shape is accepted by both.
  EXPECT_EQ(pathbench("gen-map --kind rooms --room-size 2 --width 10 --height 10 -o g.map").code,
            0);
  EXPECT_EQ(yaml_run("", "kind: rooms, room_size: 2, width: 10, height: 10, count: 1").code, 0);
}

}  // namespace
}  // namespace pathbench
