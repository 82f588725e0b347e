// How the external planner runs its program (algorithms/planners/external: command_words.h,
// supervisor.h): argv without a shell, the program's own exit status and signal in the row, no
// process of the run left behind (even one that called setsid), the stderr log capped, and the
// config's limits on labels and texts. Outcomes are read from runs.csv, the log and /proc; no
// assertion depends on timing.
#include <gtest/gtest.h>
#include <signal.h>

#include <cerrno>
#include <filesystem>
#include <string>
#include <vector>

#include "algorithms/core/input_error.h"
#include "algorithms/planners/external/command_words.h"
#include "harness/config/experiment_config.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/runner/experiment_runner.h"
#include "harness/text/escape.h"
#include "tests/support/experiment_run.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = PATHBENCH_SOURCE_DIR;
const fs::path kFixture = kSource / "tests/fixtures/external/process_planner.py";
constexpr std::uint64_t kCap = std::uint64_t{4} << 20;

class ExternalProcessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / (std::string("pathbench_extproc_") + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }

  // An experiment on the bundled map's first `limit` queries with one external planner whose
  // `params:` block is `params` (flow YAML, without braces).
  static std::string experiment(const std::string& label, const std::string& params,
                                int limit = 2) {
    return "name: ext_process\nrepetitions: 1\ntime_limit_s: 5\ndatasets:\n  - name: d\n"
           "    movingai: {maps: [" +
           (kSource / "datasets/maps/quickstart.map").string() + "], limit: " +
           std::to_string(limit) + "}\nplanners:\n  - {label: " + label +
           ", algorithm: external, params: {" + params + "}}\n";
  }
  // A YAML flow list of `words`, each double-quoted (none of them holds '"' or '\').
  static std::string yaml_list(const std::vector<std::string>& words) {
    std::string s = "[";
    for (const std::string& w : words) s += (s.size() > 1 ? ", \"" : "\"") + w + "\"";
    return s + "]";
  }
  RunsCsv run(const std::string& yaml, RunOutcome* out = nullptr) {
    return testing::run_experiment_yaml(dir_, yaml, out);
  }
  InputError refusal(const std::string& yaml) {
    try {
      run(yaml);
    } catch (const InputError& e) {
      return e;
    }
    ADD_FAILURE() << "expected an InputError";
    return InputError("", 0, "", "");
  }

  fs::path dir_;
};

TEST(ExternalCommandWords, SplitsOnBlanksWithQuotesAndEscapes) {
  std::string why;
  using V = std::vector<std::string>;
  EXPECT_EQ(external::split_command("  prog a\tb  ", &why), (V{"prog", "a", "b"}));
  EXPECT_EQ(external::split_command(R"(p 'two words' "x \"y\" \\z" a\ b '' x'$y'"a b")", &why),
            (V{"p", "two words", "x \"y\" \\z", "a b", "", "x$ya b"}));
  // Whatever shell_quote makes of a word comes back unchanged: the config's list form relies on
  // it.
  for (const std::string w : {"a;b", "$HOME", "it's", "`x`", "two  words", "\"q\"", "\\"}) {
    const std::string line = "p " + shell_quote(w);
    EXPECT_EQ(external::split_command(line, &why), (V{"p", w})) << line;
  }
}

TEST(ExternalCommandWords, RefusesShellSyntax) {
  for (const std::string cmd : {"prog; rm x", "prog | cat", "prog > out", "prog $HOME", "a && b",
                                "prog *.py", "prog `id`", "prog \"$HOME\"", "prog 'open", "",
                                "prog \\"}) {
    std::string why;
    EXPECT_TRUE(external::split_command(cmd, &why).empty()) << cmd;
    EXPECT_FALSE(why.empty()) << cmd;
  }
}

// The command as a list is argv as written: ';', '$HOME' and a space reach the program literally
// (a shell would have split, expanded or run them), and its exit status 7 is the row's.
TEST_F(ExternalProcessTest, ListCommandIsArgvAndItsExitStatusIsRecorded) {
  const RunsCsv csv = run(experiment(
      "ext", "command: " + yaml_list({"/usr/bin/python3", kFixture.string(), "exit", "7", "a;b",
                                      "$HOME", "two words", "x'y"})));
  ASSERT_EQ(csv.rows.size(), 2u);
  for (const RunRow& r : csv.rows) {
    EXPECT_EQ(r.planner, "ext");  // one planner, not a sweep over the list
    EXPECT_EQ(r.status, Status::Crashed);
    EXPECT_NE(r.error.find("exited with status 7 before \"ready\""), std::string::npos) << r.error;
  }
  EXPECT_EQ(testing::read_text(dir_ / "argv.json"),
            R"(["exit", "7", "a;b", "$HOME", "two words", "x'y"])");
}

TEST_F(ExternalProcessTest, StringCommandIsSplitNotShellRun) {
  run(experiment("ext", "command: \"/usr/bin/python3 " + kFixture.string() +
                            " exit 3 'a;b' \\\"two words\\\" '$HOME'\""));
  EXPECT_EQ(testing::read_text(dir_ / "argv.json"), R"(["exit", "3", "a;b", "two words", "$HOME"])");
}

TEST_F(ExternalProcessTest, ShellSyntaxIsRefusedAtItsLine) {
  const InputError e = refusal(experiment("ext", "command: \"/usr/bin/python3 x.py; rm -rf y\""));
  EXPECT_EQ(fs::path(e.file()).filename(), "experiment.yaml");
  EXPECT_EQ(e.line(), 8);
  EXPECT_EQ(e.field(), "planners[0].params.command");
  EXPECT_NE(std::string(e.what()).find("';' is shell syntax"), std::string::npos) << e.what();
}

TEST_F(ExternalProcessTest, KilledBySignalIsRecordedWithTheSignal) {
  const RunsCsv csv = run(experiment(
      "ext", "command: " + yaml_list({"/usr/bin/python3", kFixture.string(), "signal", "10"})));
  ASSERT_FALSE(csv.rows.empty());
  for (const RunRow& r : csv.rows) {
    EXPECT_EQ(r.status, Status::Crashed);
    EXPECT_NE(r.error.find("killed by signal 10"), std::string::npos) << r.error;
  }
}

TEST_F(ExternalProcessTest, MissingProgramIsSaidSo) {
  const RunsCsv csv = run(experiment("ext", "command: [/nonexistent/planner, x]") +
                          "  - {label: nowhere, algorithm: external, params: "
                          "{command: no_such_program_for_pathbench}}\n");
  ASSERT_EQ(csv.rows.size(), 4u);
  for (const RunRow& r : csv.rows) {
    EXPECT_EQ(r.status, Status::Crashed);
    EXPECT_EQ(r.error.find("127"), std::string::npos) << r.error;
    const std::string want = r.planner == "ext" ? "program '/nonexistent/planner' does not exist"
                                                : "program 'no_such_program_for_pathbench' not "
                                                  "found on PATH";
    EXPECT_NE(r.error.find(want), std::string::npos) << r.error;
  }
}

// A grandchild that left the process group and the session (setsid) is still ended with the
// run: after it, the pid it wrote is no process at all (not even a zombie).
TEST_F(ExternalProcessTest, SetsidGrandchildDoesNotOutliveTheRun) {
  const fs::path pid_file = dir_ / "grandchild.pid";
  const RunsCsv csv =
      run(experiment("ext", "command: " + yaml_list({"/usr/bin/python3", kFixture.string(),
                                                     "setsid", pid_file.string()}) +
                                ", optimal: true",
                     3));
  ASSERT_EQ(csv.rows.size(), 3u);
  for (const RunRow& r : csv.rows) EXPECT_TRUE(r.valid) << r.error;  // a working planner
  const std::string text = testing::read_text(pid_file);
  ASSERT_FALSE(text.empty());
  const pid_t pid = static_cast<pid_t>(std::stol(text));
  ASSERT_GT(pid, 1);
  const bool gone = ::kill(pid, 0) != 0 && errno == ESRCH;
  EXPECT_TRUE(gone) << "grandchild " << pid << " outlived the run";
  if (!gone) ::kill(pid, SIGKILL);  // the test's own leftover
}

TEST_F(ExternalProcessTest, StderrLogIsCappedWithANote) {
  RunOutcome out;
  const RunsCsv csv = run(
      experiment("chatty", "command: " + yaml_list({"/usr/bin/python3", kFixture.string(),
                                                    "stderr", std::to_string(kCap + (1 << 20))})),
      &out);
  ASSERT_FALSE(csv.rows.empty());
  EXPECT_NE(csv.rows[0].error.find("exited with status 7"), std::string::npos)
      << csv.rows[0].error;
  const std::string log = testing::read_text(out.dir / "external-chatty.stderr.log");
  // The first start-up filled the log; the two restarts' output was discarded after the note.
  EXPECT_GE(log.size(), kCap);
  EXPECT_LT(log.size(), kCap + 300);
  EXPECT_EQ(log.find("[pathbench: this log reached its cap of 4194304 bytes"), kCap + 1);
  EXPECT_EQ(log.back(), '\n');
}

TEST_F(ExternalProcessTest, LongLabelIsRefusedAtItsLine) {
  const InputError e = refusal(experiment(std::string(200, 'a'), "command: [x]"));
  EXPECT_EQ(fs::path(e.file()).filename(), "experiment.yaml");
  EXPECT_EQ(e.line(), 8);
  EXPECT_EQ(e.field(), "planners[0].label");
  EXPECT_NE(std::string(e.what()).find("a label of 200 bytes; at most 128"), std::string::npos)
      << e.what();
}

TEST_F(ExternalProcessTest, LongTextIsRefusedAtItsLine) {
  const InputError e =
      refusal(experiment("ext", "command: [x], name: " + std::string(5000, 'n')));
  EXPECT_EQ(e.line(), 8);
  EXPECT_EQ(e.field(), "planners[0].params.name");
}

}  // namespace
}  // namespace pathbench
