// `pathbench compare`, through the real binary: a run compared with itself reports no difference
// (exit 0); a copy whose runs.csv has one planner's times multiplied by 1.5 is a regression
// (exit 4) unless the threshold is above 50%; a changed expansion count is reported before the
// timing table; a different experiment fingerprint is named; bad input and runs with no row in
// common exit 2.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "harness/output/runs_csv_reader.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::shell_quote;
using testing::write_text;

constexpr const char* kConfig =
    "name: cmp\n"
    "seed: 3\n"
    "repetitions: 1\n"
    "baseline: astar\n"
    "datasets:\n"
    "  - name: rnd\n"
    "    generated: {kind: random, width: 32, height: 32, density: 0.2, count: 1,\n"
    "                queries_per_bucket: 2}\n"
    "planners:\n"
    "  - {label: astar, algorithm: astar}\n"
    "  - {label: dijkstra, algorithm: dijkstra}\n";

// Rewrites runs.csv through `edit(header, record)` for every data record.
template <typename Edit>
void edit_runs(const fs::path& csv, Edit edit) {
  auto records = parse_csv(read_text(csv));
  std::string text;
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (i > 0) edit(records[0], records[i]);
    for (std::size_t k = 0; k < records[i].size(); ++k)
      text += (k ? "," : "") + records[i][k];  // no field of this config needs quoting
    text += '\n';
  }
  ASSERT_TRUE(write_text(csv, text));
}

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
}

class CompareTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::random_device rd;
    root_ = new fs::path(fs::temp_directory_path() /
                         ("pathbench_compare_test_" + std::to_string(rd())));
    fs::create_directories(*root_);
    ASSERT_TRUE(write_text(*root_ / "cfg.yaml", kConfig));
    const auto r = sh("run cfg.yaml --out a");
    ASSERT_EQ(r.code, 0) << r.out << r.err;
  }
  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(*root_, ec);
    delete root_;
  }
  static testing::CommandResult sh(const std::string& args) {
    return testing::run_shell(*root_, shell_quote(PATHBENCH_EXE) + " " + args, *root_);
  }
  // A copy of run a as `name`, for editing.
  static fs::path copy_of_a(const std::string& name) {
    const fs::path to = *root_ / name;
    fs::remove_all(to);
    fs::copy(*root_ / "a", to, fs::copy_options::recursive);
    return to;
  }
  static fs::path* root_;
};
fs::path* CompareTest::root_ = nullptr;

TEST_F(CompareTest, RunComparedWithItselfHasNoDifference) {
  const auto r = sh("compare a a");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Same experiment"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("No result changed"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("RESULTS CHANGED"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("REGRESSION"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("identical"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Verdict: no significant slow-down"), std::string::npos) << r.out;
}

TEST_F(CompareTest, SlowedPlannerIsARegression) {
  const fs::path b = copy_of_a("slow");
  edit_runs(b / "runs.csv", [](const auto& h, auto& rec) {
    if (rec[column(h, "planner")] == "dijkstra" && !rec[column(h, "time_us")].empty())
      rec[column(h, "time_us")] = fmt::format("{}", std::stod(rec[column(h, "time_us")]) * 1.5);
  });
  auto r = sh("compare a slow");
  EXPECT_EQ(r.code, 4) << r.out << r.err;
  EXPECT_NE(r.out.find("slower by 50.0%, p < 0.001 REGRESSION"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1.50 [1.50, 1.50]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("No result changed"), std::string::npos) << r.out;
  // A* is untouched: identical, no regression.
  EXPECT_NE(r.out.find("astar"), std::string::npos);
  // Above the threshold the slow-down is still reported, but not a regression.
  r = sh("compare a slow --threshold 60%");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("slower by 50.0%"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("REGRESSION"), std::string::npos) << r.out;
  // B faster than A: never a regression.
  r = sh("compare slow a --markdown");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("| group | planner |"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("faster by 33.3%"), std::string::npos) << r.out;
}

TEST_F(CompareTest, ChangedExpansionsAreReportedFirst) {
  const fs::path b = copy_of_a("changed");
  bool changed = false;
  edit_runs(b / "runs.csv", [&](const auto& h, auto& rec) {
    if (!changed && rec[column(h, "planner")] == "astar") {
      rec[column(h, "expansions")] = std::to_string(std::stoull(rec[column(h, "expansions")]) + 7);
      changed = true;
    }
  });
  const auto r = sh("compare a changed");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  const auto changes = r.out.find("RESULTS CHANGED (1 differences");
  ASSERT_NE(changes, std::string::npos) << r.out;
  EXPECT_LT(changes, r.out.find("Time ratio")) << "changes must come before the timing table";
  EXPECT_NE(r.out.find("rnd / astar: 1 of"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("query 0: expansions"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("warning: 1 result differences"), std::string::npos) << r.err;
}

TEST_F(CompareTest, DifferentExperimentIsNamed) {
  const fs::path b = copy_of_a("other");
  std::ifstream in(b / "meta.json");
  nlohmann::json meta = nlohmann::json::parse(in);
  in.close();
  meta["experiment"]["effective"]["seed"] = 99;
  meta["experiment"]["fingerprint"] = "0000000000000000";
  ASSERT_TRUE(write_text(b / "meta.json", meta.dump(2)));
  const auto r = sh("compare a other");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("WARNING: the runs are not the same experiment"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("seed"), std::string::npos) << r.out;
}

// A runs.csv of schema version 1 (before time_spread) is still read.
TEST_F(CompareTest, ReadsRunsCsvWithoutTimeSpread) {
  const fs::path b = copy_of_a("v1");
  auto records = parse_csv(read_text(b / "runs.csv"));
  const std::size_t spread = column(records[0], "time_spread");
  ASSERT_LT(spread, records[0].size());
  std::string text;
  for (auto& rec : records) {
    rec.erase(rec.begin() + static_cast<std::ptrdiff_t>(spread));
    for (std::size_t k = 0; k < rec.size(); ++k) text += (k ? "," : "") + rec[k];
    text += '\n';
  }
  ASSERT_TRUE(write_text(b / "runs.csv", text));
  const auto r = sh("compare a v1");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("No result changed"), std::string::npos) << r.out;
  const auto rep = sh("report --no-plots v1");
  EXPECT_EQ(rep.code, 0) << rep.out << rep.err;
}

// A comparison of nothing is no verdict: exit 2 and the reason, never "no slow-down".
TEST_F(CompareTest, NoMatchedRowsIsAnErrorNamingWhatDiffers) {
  const fs::path renamed = copy_of_a("renamed");
  edit_runs(renamed / "runs.csv",
            [](const auto& h, auto& rec) { rec[column(h, "planner")] += "_v2"; });
  auto r = sh("compare a renamed");
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("no rows of A and B match"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("no planners in common (A: astar, dijkstra; B: astar_v2, dijkstra_v2)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("Verdict"), std::string::npos) << r.out;

  const fs::path moved = copy_of_a("moved");
  edit_runs(moved / "runs.csv", [](const auto& h, auto& rec) { rec[column(h, "map")] = "other"; });
  r = sh("compare a moved");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("no maps in common"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("B: rnd/other"), std::string::npos) << r.err;

  const fs::path empty = copy_of_a("empty");
  const std::string csv = read_text(empty / "runs.csv");
  ASSERT_TRUE(write_text(empty / "runs.csv", csv.substr(0, csv.find('\n') + 1)));
  r = sh("compare a empty");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("B has no rows"), std::string::npos) << r.err;
}

TEST_F(CompareTest, BadInputExits2) {
  auto r = sh("compare a missing_dir");
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("missing_dir"), std::string::npos) << r.err;
  r = sh("compare a a --threshold fast");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("--threshold"), std::string::npos) << r.err;
  const fs::path b = copy_of_a("broken");
  edit_runs(b / "runs.csv", [](const auto& h, auto& rec) { rec[column(h, "time_us")] = "abc"; });
  r = sh("compare a broken");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("runs.csv:2"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("time_us"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace pathbench
