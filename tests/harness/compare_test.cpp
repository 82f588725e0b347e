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
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <string_view>
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

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
}

// Rewrites runs.csv through `edit(records)`, the header first.
template <typename Edit>
void rewrite_runs(const fs::path& csv, Edit edit) {
  auto records = parse_csv(read_text(csv));
  edit(records);
  std::string text;
  for (const auto& record : records) {
    for (std::size_t k = 0; k < record.size(); ++k)
      text += (k ? "," : "") + record[k];  // no field of this config needs quoting
    text += '\n';
  }
  ASSERT_TRUE(write_text(csv, text));
}

// Rewrites runs.csv through `edit(header, record)` for every data record.
template <typename Edit>
void edit_runs(const fs::path& csv, Edit edit) {
  rewrite_runs(csv, [&](auto& records) {
    for (std::size_t i = 1; i < records.size(); ++i) edit(records[0], records[i]);
  });
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
  // Runs pathbench with `args`, which must fail with exit 2 and an error holding each of `parts`.
  static testing::CommandResult expect_exit_2(const std::string& args,
                                              std::initializer_list<std::string_view> parts) {
    auto r = sh(args);
    EXPECT_EQ(r.code, 2) << args << '\n' << r.out << r.err;
    for (std::string_view part : parts)
      EXPECT_NE(r.err.find(part), std::string::npos) << part << " is not in: " << r.err;
    return r;
  }
  // A copy of run a as `name` with edit_runs(`edit`) applied to its runs.csv.
  template <typename Edit>
  static void edited_copy_of_a(const std::string& name, Edit edit) {
    edit_runs(copy_of_a(name) / "runs.csv", edit);
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
  edited_copy_of_a("slow", [](const auto& h, auto& rec) {
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
  bool changed = false;
  edited_copy_of_a("changed", [&](const auto& h, auto& rec) {
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
  rewrite_runs(copy_of_a("v1") / "runs.csv", [](auto& records) {
    const std::size_t spread = column(records[0], "time_spread");
    ASSERT_LT(spread, records[0].size());
    for (auto& rec : records) rec.erase(rec.begin() + static_cast<std::ptrdiff_t>(spread));
  });
  const auto r = sh("compare a v1");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("No result changed"), std::string::npos) << r.out;
  const auto rep = sh("report --no-plots v1");
  EXPECT_EQ(rep.code, 0) << rep.out << rep.err;
}

// A comparison of nothing is no verdict: exit 2 and the reason, never "no slow-down".
TEST_F(CompareTest, NoMatchedRowsIsAnErrorNamingWhatDiffers) {
  edited_copy_of_a("renamed", [](const auto& h, auto& rec) { rec[column(h, "planner")] += "_v2"; });
  const auto r =
      expect_exit_2("compare a renamed",
                    {"no rows of A and B match",
                     "no planners in common (A: astar, dijkstra; B: astar_v2, dijkstra_v2)"});
  EXPECT_EQ(r.out.find("Verdict"), std::string::npos) << r.out;
  edited_copy_of_a("moved", [](const auto& h, auto& rec) { rec[column(h, "map")] = "other"; });
  expect_exit_2("compare a moved", {"no maps in common", "B: rnd/other"});
  rewrite_runs(copy_of_a("empty") / "runs.csv", [](auto& records) { records.resize(1); });
  expect_exit_2("compare a empty", {"B has no rows"});
}

TEST_F(CompareTest, BadInputExits2) {
  expect_exit_2("compare a missing_dir", {"missing_dir"});
  expect_exit_2("compare a a --threshold fast", {"--threshold"});
  edited_copy_of_a("broken", [](const auto& h, auto& rec) { rec[column(h, "time_us")] = "abc"; });
  expect_exit_2("compare a broken", {"runs.csv:2", "time_us"});
}

}  // namespace
}  // namespace pathbench
