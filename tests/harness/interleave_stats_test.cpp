// The statistics of `compare --interleave` on hand-made rounds (no binary, no clock): the
// schedule alternates who goes first, slices join into one run, times become medians over
// rounds, and the A/A noise floor narrows the regression verdict.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "harness/analysis/interleaved_comparison.h"

namespace pathbench {
namespace {

// One round of one binary: `queries` solved rows of planner p on map m, query q timed
// base(q) * factor, so the ratio of two such rounds is exactly the ratio of their factors.
RunsCsv round_of(double factor, int queries = 20) {
  RunsCsv csv;
  csv.extra_columns = std::make_shared<const std::vector<std::string>>();
  for (int q = 0; q < queries; ++q) {
    RunRow r;
    r.dataset = "d";
    r.map = "m";
    r.query = q;
    r.planner = "p";
    r.status = Status::Solved;
    r.valid = true;
    r.cost = r.optimal = 10 + q;
    r.counters.expansions = static_cast<std::size_t>(100 + q);
    r.time_us = (5.0 + q) * factor;
    r.extra_names = csv.extra_columns.get();
    csv.rows.push_back(r);
  }
  return csv;
}

TEST(InterleaveSchedule, EachBinaryGoesFirstEquallyOften) {
  const auto steps = interleave_schedule(2, 3);
  ASSERT_EQ(steps.size(), 12U);
  int b_first = 0;
  for (std::size_t i = 0; i < steps.size(); i += 2) {
    EXPECT_EQ(steps[i].round, steps[i + 1].round);
    EXPECT_EQ(steps[i].slice, steps[i + 1].slice);
    EXPECT_NE(steps[i].b, steps[i + 1].b) << "A and B of one slice run back to back";
    b_first += steps[i].b ? 1 : 0;
  }
  EXPECT_EQ(b_first, 3);
  EXPECT_FALSE(steps[0].b);  // round 0 slice 0: A first
  EXPECT_TRUE(steps[6].b);   // round 1 slice 0: B first
}

TEST(InterleaveRows, SlicesJoinAndRoundsGiveMedians) {
  RunsCsv s0 = round_of(1.0, 4), s1 = round_of(1.0, 4);
  for (RunRow& r : s1.rows) r.query += 4;
  const RunsCsv joined = join_runs({s0, s1});
  ASSERT_EQ(joined.rows.size(), 8U);
  EXPECT_EQ(joined.rows[0].extra_names, joined.extra_columns.get());
  EXPECT_EQ(joined.rows[7].extra_names, joined.extra_columns.get());

  const RunsCsv med = median_over_rounds({round_of(1.0), round_of(3.0), round_of(2.0)});
  ASSERT_EQ(med.rows.size(), 20U);
  EXPECT_DOUBLE_EQ(med.rows[0].time_us, 5.0 * 2.0);
  EXPECT_DOUBLE_EQ(med.rows[19].time_us, 24.0 * 2.0);
}

TEST(InterleaveVerdict, SlowerBeyondThresholdAndNoiseIsARegression) {
  CompareOptions opt;  // threshold 5%
  const RunComparison c =
      compare_interleaved({round_of(1.0), round_of(1.02)}, nlohmann::json::object(),
                          {round_of(1.5), round_of(1.53)}, nlohmann::json::object(), opt);
  ASSERT_EQ(c.rows.size(), 1U);
  EXPECT_NEAR(c.rows[0].noise, 0.02, 1e-9);  // both binaries drifted 2% between rounds
  EXPECT_NEAR(c.rows[0].ratio, 1.5, 1e-9);   // medians: 1.01 vs 1.515
  EXPECT_TRUE(c.rows[0].regression);
  EXPECT_TRUE(c.any_regression());
}

TEST(InterleaveVerdict, SlowerWithinTheSessionsOwnDriftIsNot) {
  CompareOptions opt;
  // A drifted 30% between its rounds: a 20% slower B is no evidence of slower code.
  const RunComparison c = compare_interleaved(
      {round_of(1.0), round_of(1.3)}, nlohmann::json::object(),
      {round_of(1.2 * 1.15), round_of(1.2 * 1.15)}, nlohmann::json::object(), opt);
  ASSERT_EQ(c.rows.size(), 1U);
  EXPECT_NEAR(c.rows[0].noise, 0.3, 1e-9);
  EXPECT_NEAR(c.rows[0].ratio, 1.2, 1e-9);
  EXPECT_LT(c.rows[0].test.p_holm, 0.05);  // "significant", as issue 31's A/A pairs were
  EXPECT_FALSE(c.rows[0].regression);
  std::ostringstream out;
  print_comparison(out, c, false);
  EXPECT_NE(out.str().find("30.0%"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("(within A/A noise)"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("A/A noise floor"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("REGRESSION"), std::string::npos) << out.str();
}

TEST(InterleaveVerdict, BNotSlowerInEveryRoundIsNot) {
  CompareOptions opt;
  // Medians: A 1.0, B 1.2, past the threshold and the 10% floor (A's rounds 1.0 vs 1.1); but
  // in round 2 both took 1.1: B was not slower there.
  const RunComparison c = compare_interleaved(
      {round_of(1.0), round_of(1.0), round_of(1.1)}, nlohmann::json::object(),
      {round_of(1.2), round_of(1.2), round_of(1.1)}, nlohmann::json::object(), opt);
  ASSERT_EQ(c.rows.size(), 1U);
  EXPECT_NEAR(c.rows[0].ratio, 1.2, 1e-9);
  EXPECT_NEAR(c.rows[0].noise, 0.1, 1e-9);
  EXPECT_FALSE(c.rows[0].regression);
  std::ostringstream out;
  print_comparison(out, c, false);
  EXPECT_NE(out.str().find("(within A/A noise)"), std::string::npos) << out.str();
}

TEST(InterleaveVerdict, PlainCompareOutputHasNoNoiseColumn) {
  const RunComparison c = compare_runs(round_of(1.0), nlohmann::json::object(), round_of(1.0),
                                       nlohmann::json::object(), CompareOptions{});
  std::ostringstream out;
  print_comparison(out, c, true);
  EXPECT_EQ(out.str().find("noise"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace pathbench
