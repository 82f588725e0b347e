// The validator's any-angle path model (PathModel::AnyAngle, harness/runner/path_validation.h):
// hand-made polylines through cell centres, each segment checked by the exact supercover test,
// cost the Euclidean lengths' sum. Valid paths (also below the octile optimum), a segment
// crossing a blocked cell, one squeezing between diagonal blocks, one grazing a blocked corner,
// a wrong reported cost, maps outside the model, and the harness's ratio columns.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/core/path_cost.h"
#include "harness/output/summary_stream.h"
#include "harness/runner/path_validation.h"
#include "tests/support/experiment_run.h"
#include "tests/support/random_maps_experiment.h"
#include "tests/support/scratch_dir.h"

namespace pathbench {
namespace {

Grid rows(const std::vector<std::string>& art) {
  Grid g(static_cast<int>(art.front().size()), static_cast<int>(art.size()));
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      g.set_passable(x, y, art[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '.');
  return g;
}

Capabilities any_angle() {
  Capabilities c;
  c.path_model = PathModel::AnyAngle;
  c.optimal = false;
  c.suboptimality_bound = std::numeric_limits<double>::infinity();
  return c;
}

SearchResult solved(const Grid& g, const std::vector<Point>& pts, double cost) {
  SearchResult r;
  r.status = Status::Solved;
  for (const Point p : pts) r.path.push_back(g.id(p));
  r.cost = cost;
  return r;
}

// The map of tests/algorithms/theta_star_test.cpp's AroundOneWallByHand.
const std::vector<std::string> kWall = {
    "...@...", "...@...", "...@...", "...@...", ".......",
};
const double kOctile = 6 + 4 * std::sqrt(2.0);

TEST(AnyAngleValidation, ValidPolylineBelowTheOctileOptimum) {
  const Grid g = rows(kWall);
  const double cost = 2 + 2 * std::sqrt(20.0);
  const PathCheck c = check_result(
      g, {{0, 0}, {6, 0}}, solved(g, {{0, 0}, {2, 4}, {4, 4}, {6, 0}}, cost), kOctile, any_angle());
  EXPECT_TRUE(c.valid) << c.error;
  EXPECT_DOUBLE_EQ(c.recomputed_cost, cost);
  // The same path under the move model is refused: its segments are not single moves.
  Capabilities moves;
  EXPECT_FALSE(check_result(g, {{0, 0}, {6, 0}}, solved(g, {{0, 0}, {2, 4}, {4, 4}, {6, 0}}, cost),
                            kOctile, moves)
                   .valid);
}

TEST(AnyAngleValidation, AnOctilePathIsAValidAnyAnglePath) {
  const Grid g = rows(kWall);
  const std::vector<Point> octile = {{0, 0}, {1, 1}, {2, 2}, {2, 3}, {2, 4}, {3, 4},
                                     {4, 4}, {4, 3}, {4, 2}, {5, 1}, {6, 0}};
  const PathCheck c =
      check_result(g, {{0, 0}, {6, 0}}, solved(g, octile, kOctile), kOctile, any_angle());
  EXPECT_TRUE(c.valid) << c.error;
}

TEST(AnyAngleValidation, SegmentCrossingABlockedCell) {
  const Grid g = rows(kWall);
  const PathCheck c =
      check_result(g, {{0, 0}, {6, 0}}, solved(g, {{0, 0}, {6, 0}}, 6.0), kOctile, any_angle());
  EXPECT_FALSE(c.valid);
  EXPECT_NE(c.error.find("segment 1 (0,0)->(6,0) has no line of sight"), std::string::npos)
      << c.error;
  EXPECT_NE(c.error.find("blocked cell (3,0)"), std::string::npos) << c.error;
}

TEST(AnyAngleValidation, SegmentThroughTheBlockedCornerOfTheWall) {
  // (0,0) -> (3,4) meets x = 3 at y = 3.83: on the edge of the wall's bottom cell (3,3).
  const Grid g = rows(kWall);
  const PathCheck c = check_result(
      g, {{0, 0}, {6, 0}},
      solved(g, {{0, 0}, {3, 4}, {6, 0}}, euclidean_length(3, 4) + euclidean_length(3, 4)), kOctile,
      any_angle());
  EXPECT_FALSE(c.valid);
  EXPECT_NE(c.error.find("blocked cell (3,3)"), std::string::npos) << c.error;
}

TEST(AnyAngleValidation, SqueezeBetweenDiagonalBlocks) {
  const Grid g = rows({
      ".....",
      "..@..",
      ".@...",
      ".....",
  });
  // Through the vertex (2,2) that (2,1) and (1,2) share.
  const PathCheck c =
      check_result(g, {{0, 0}, {3, 3}}, solved(g, {{0, 0}, {3, 3}}, euclidean_length(3, 3)),
                   std::numeric_limits<double>::quiet_NaN(), any_angle());
  EXPECT_FALSE(c.valid);
  EXPECT_NE(c.error.find("has no line of sight"), std::string::npos) << c.error;
  // Round the pair instead: (0,0) -> (0,3) -> (3,3) touches free cells only.
  EXPECT_TRUE(check_result(g, {{0, 0}, {3, 3}}, solved(g, {{0, 0}, {0, 3}, {3, 3}}, 6.0),
                           std::numeric_limits<double>::quiet_NaN(), any_angle())
                  .valid);
}

TEST(AnyAngleValidation, GrazingOneBlockedCorner) {
  // (0,0) -> (2,2) passes the vertex (1,1) where only (1,0) is blocked: refused as an octile
  // diagonal without corner cutting would be.
  const Grid g = rows({".@..", "....", "...."});
  const PathCheck c =
      check_result(g, {{0, 0}, {2, 2}}, solved(g, {{0, 0}, {2, 2}}, euclidean_length(2, 2)),
                   std::numeric_limits<double>::quiet_NaN(), any_angle());
  EXPECT_FALSE(c.valid);
  EXPECT_NE(c.error.find("blocked cell (1,0)"), std::string::npos) << c.error;
}

TEST(AnyAngleValidation, WrongReportedCost) {
  const Grid g = rows(kWall);
  const PathCheck c =
      check_result(g, {{0, 0}, {6, 0}}, solved(g, {{0, 0}, {2, 4}, {4, 4}, {6, 0}}, kOctile),
                   kOctile, any_angle());
  EXPECT_FALSE(c.valid);
  EXPECT_NE(c.error.find("Euclidean length"), std::string::npos) << c.error;
}

TEST(AnyAngleValidation, EndpointsReachabilityAndModelLimits) {
  const Grid g = rows(kWall);
  const double cost = 2 + 2 * std::sqrt(20.0);
  const SearchResult r = solved(g, {{0, 0}, {2, 4}, {4, 4}, {6, 0}}, cost);
  EXPECT_FALSE(check_result(g, {{0, 0}, {6, 1}}, r, kOctile, any_angle()).valid);  // wrong goal
  EXPECT_FALSE(check_result(g, {{0, 0}, {6, 0}}, r, std::numeric_limits<double>::infinity(),
                            any_angle())
                   .valid);  // the reference says unreachable
  Grid terrain = g;
  terrain.set_cell_cost(0, 4, 2.0);
  EXPECT_NE(check_result(terrain, {{0, 0}, {6, 0}}, r, kOctile, any_angle()).error.find("terrain"),
            std::string::npos);
  Grid cutting = g;
  cutting.set_rules({Connectivity::Eight, true});
  EXPECT_FALSE(check_result(cutting, {{0, 0}, {6, 0}}, r, kOctile, any_angle()).valid);
  SearchResult none;
  none.status = Status::Unreachable;
  EXPECT_TRUE(
      check_result(g, {{0, 0}, {6, 0}}, none, std::numeric_limits<double>::infinity(), any_angle())
          .valid);
  EXPECT_FALSE(check_result(g, {{0, 0}, {6, 0}}, none, kOctile, any_angle()).valid);
}

// Through the harness: Theta* rows are validated by the any-angle model, carry octile_ratio (=
// suboptimality, cost / octile optimum) and an empty any_angle_ratio; A*'s rows have neither,
// and summary.md says what the columns mean.
TEST(AnyAngleValidation, RunColumnsAndSummaryNote) {
  testing::ScratchDir dir("pathbench_any_angle");
  RunOutcome outcome;
  const RunsCsv runs = testing::run_experiment_yaml(
      dir.path(),
      testing::experiment_yaml({.name = "any_angle",
                                .seed = 3,
                                .repetitions = 1,
                                .dataset = "random",
                                .width = 48,
                                .height = 48,
                                .planners = {{"astar", "astar"}, {"theta", "theta_star"}}}),
      &outcome);
  EXPECT_EQ(outcome.invalid, 0u);
  const auto& names = *runs.extra_columns;
  const auto column = [&](const std::string& n) {
    return static_cast<std::size_t>(std::find(names.begin(), names.end(), n) - names.begin());
  };
  const std::size_t ratio = column("octile_ratio"), any = column("any_angle_ratio");
  ASSERT_LT(ratio, names.size());
  ASSERT_LT(any, names.size());
  std::size_t theta_solved = 0, shorter = 0;
  for (const RunRow& r : runs.rows) {
    ASSERT_TRUE(r.valid) << r.planner << ": " << r.error;
    EXPECT_TRUE(std::isnan(r.extras[any]));
    if (r.planner == "astar" || r.status != Status::Solved) {
      EXPECT_TRUE(std::isnan(r.extras[ratio]));
      continue;
    }
    ++theta_solved;
    EXPECT_DOUBLE_EQ(r.extras[ratio], r.suboptimality);
    shorter += r.extras[ratio] < 1.0 - 1e-9;
  }
  EXPECT_GT(theta_solved, 5u);
  EXPECT_GT(shorter, 0u);
  std::ifstream md(outcome.dir / "summary.md");
  std::stringstream text;
  text << md.rdbuf();
  EXPECT_NE(text.str().find("## Any-angle planners\n\ntheta return any-angle paths"),
            std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("`any_angle_ratio` (cost / the any-angle optimum) is empty"),
            std::string::npos);
  // `pathbench report` streams runs.csv instead: it must name the same planners.
  const StreamedSummaries streamed =
      summarize_runs_csv(outcome.dir / "runs.csv", SummaryOptions{}, outcome.dir / "scratch");
  EXPECT_EQ(streamed.any_angle_planners, std::set<std::string>{"theta"});
}

}  // namespace
}  // namespace pathbench
