// Planner::fail_map: a planner that cannot answer on a map (a GPPC entry that does not build) gets
// its fault on every query of the map, the trivial start == goal one too, instead of being
// credited with a one-cell path it never computed; the next prepare() starts clean.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "algorithms/core/planner.h"
#include "tests/algorithms/test_grids.h"

namespace pathbench {
namespace {

// Fails the map when told to; otherwise answers every query with a fixed status.
class FailingPlanner final : public Planner {
 public:
  FailingPlanner() : Planner(Capabilities{}) {}
  bool fail = true;
  int solves = 0;
  std::vector<std::string> extra_columns() const override { return {"x"}; }

 protected:
  void do_prepare(const Grid&) override {
    if (fail) {
      fail_map(Status::Crashed, "does not build");
    }
  }
  void do_solve(CellId, CellId, const Budget&, SearchResult& r) override {
    ++solves;
    r.status = Status::Unreachable;
    r.extras = {7.0};
  }
};

TEST(PlannerFailMap, EveryQueryOfTheMapGetsTheFaultStartEqualsGoalToo) {
  const Grid g = testing::ascii_grid({"....", "....", "...."});
  FailingPlanner p;
  p.prepare(g);
  SearchResult r;
  for (const Query q : {Query{{0, 0}, {3, 2}}, Query{{1, 1}, {1, 1}}}) {
    p.solve(q, {}, r);
    EXPECT_EQ(r.status, Status::Crashed);
    EXPECT_EQ(r.message, "does not build");
    EXPECT_TRUE(r.path.empty());
    ASSERT_EQ(r.extras.size(), 1u);
    EXPECT_TRUE(std::isnan(r.extras[0]));
  }
  EXPECT_EQ(p.solves, 0);
  // A blocked or out-of-range query is still the query's problem, not the planner's.
  p.solve({{0, 0}, {9, 9}}, {}, r);
  EXPECT_EQ(r.status, Status::InvalidQuery);

  // The next map: clean again.
  p.fail = false;
  p.prepare(g);
  p.solve({{1, 1}, {1, 1}}, {}, r);
  EXPECT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.cost, 0.0);
  p.solve({{0, 0}, {3, 2}}, {}, r);
  EXPECT_EQ(r.status, Status::Unreachable);
  EXPECT_EQ(p.solves, 1);
}

}  // namespace
}  // namespace pathbench
