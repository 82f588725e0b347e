// Map and scenario generators: determinism per seed, argument validation, density, connectivity
// of mazes and room maps, and generated scenarios checked against the reference Dijkstra.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include "algorithms/core/moves.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_generators.h"
#include "datasets/map_io.h"
#include "datasets/random.h"
#include "datasets/scenario_generator.h"
#include "tests/support/test_data.h"

namespace pathbench {
namespace {

std::uint64_t fingerprint(const Grid& g) {
  // FNV-1a over the passability bits: pins the exact output of a seed across platforms.
  std::uint64_t h = 1469598103934665603ull;
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x) {
      h ^= g.passable(x, y) ? 1u : 0u;
      h *= 1099511628211ull;
    }
  return h;
}

// Reference values of the published algorithms: every derived seed and digest depends on them.
TEST(Random, SplitmixAndFnv1aMatchTheirReferenceValues) {
  EXPECT_EQ(detail::splitmix64(0), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(detail::fnv1a(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(detail::fnv1a("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(detail::fnv1a("foobar"), 0x85944171f73967e8ULL);
  EXPECT_EQ(detail::fnv1a("bar", detail::fnv1a("foo")), detail::fnv1a("foobar"));
}

// `make(seed)` gives the same map again for `seed`, and another for `seed + 1`.
template <class Make>
void expect_deterministic_per_seed(const Make& make, std::uint64_t seed) {
  EXPECT_EQ(make(seed), make(seed));
  EXPECT_NE(make(seed), make(seed + 1));
}

TEST(RandomMap, DeterministicPerSeed) {
  expect_deterministic_per_seed([](std::uint64_t seed) { return random_map(64, 48, 0.3, seed); },
                                7);
}

TEST(RandomMap, DensityWithinTolerance) {
  for (const double density : {0.1, 0.25, 0.4}) {
    const Grid g = random_map(256, 256, density, 42);
    const double blocked = 1.0 - static_cast<double>(g.count_passable()) / (256.0 * 256.0);
    // 65536 Bernoulli trials: the standard deviation is below 0.002.
    EXPECT_NEAR(blocked, density, 0.01);
  }
  EXPECT_EQ(random_map(16, 16, 0.0, 1).count_passable(), 256u);
  EXPECT_EQ(random_map(16, 16, 1.0, 1).count_passable(), 0u);
}

TEST(RandomMap, RejectsBadArguments) {
  EXPECT_THROW(random_map(0, 10, 0.1, 1), std::invalid_argument);
  EXPECT_THROW(random_map(10, -1, 0.1, 1), std::invalid_argument);
  EXPECT_THROW(random_map(10, 10, -0.1, 1), std::invalid_argument);
  EXPECT_THROW(random_map(10, 10, 1.5, 1), std::invalid_argument);
  EXPECT_THROW(random_map(10, 10, std::nan(""), 1), std::invalid_argument);
}

// What mazes and room maps share (the MovingAI layout): the asked size, one component holding
// every free cell, and walls along the top and left edges.
void expect_connected_walled_map(const Grid& g, int w, int h) {
  ASSERT_EQ(g.width(), w);
  ASSERT_EQ(g.height(), h);
  EXPECT_EQ(count_components(g), 1);
  EXPECT_EQ(largest_component(g).size(), g.count_passable());
  for (int x = 0; x < w; ++x) EXPECT_FALSE(g.passable(x, 0));
  for (int y = 0; y < h; ++y) EXPECT_FALSE(g.passable(0, y));
}

TEST(MazeMap, DeterministicPerSeed) {
  expect_deterministic_per_seed([](std::uint64_t seed) { return maze_map(63, 41, 1, seed); }, 3);
  EXPECT_EQ(maze_map(100, 100, 4, 3), maze_map(100, 100, 4, 3));
}

TEST(MazeMap, ConnectedPerfectMazeWithMovingAiLayout) {
  for (const auto& [w, h, cw] : {std::tuple{64, 64, 1}, {65, 40, 1}, {128, 96, 3}, {50, 50, 8}}) {
    SCOPED_TRACE(::testing::Message() << w << "x" << h << " corridor " << cw);
    const Grid g = maze_map(w, h, cw, 11);
    expect_connected_walled_map(g, w, h);
    const int pitch = cw + 1, nx = w / pitch, ny = h / pitch;
    // Perfect maze: lattice cells plus exactly (cells - 1) opened wall strips of cw cells each.
    const std::size_t cells = static_cast<std::size_t>(nx) * ny;
    EXPECT_EQ(g.count_passable(), cells * cw * cw + (cells - 1) * cw);
    // Wall intersections stay blocked.
    EXPECT_FALSE(g.passable(pitch, pitch));
    EXPECT_TRUE(g.passable(1, 1));
  }
  // Connected under 4-connectivity too.
  Grid four = maze_map(64, 64, 2, 5);
  four.set_rules({Connectivity::Four, false});
  EXPECT_EQ(count_components(four), 1);
}

TEST(MazeMap, RejectsBadArguments) {
  EXPECT_THROW(maze_map(10, 10, 0, 1), std::invalid_argument);
  EXPECT_THROW(maze_map(3, 10, 3, 1), std::invalid_argument);
  EXPECT_THROW(maze_map(0, 10, 1, 1), std::invalid_argument);
}

TEST(RoomsMap, DeterministicPerSeed) {
  expect_deterministic_per_seed([](std::uint64_t seed) { return rooms_map(80, 60, 7, seed); }, 9);
}

TEST(RoomsMap, ConnectedRoomsSeparatedByWalls) {
  for (const auto& [w, h, rs] : {std::tuple{64, 64, 7}, {80, 50, 10}, {33, 21, 3}, {20, 20, 1}}) {
    SCOPED_TRACE(::testing::Message() << w << "x" << h << " room " << rs);
    const Grid g = rooms_map(w, h, rs, 21);
    expect_connected_walled_map(g, w, h);
    const int pitch = rs + 1;
    // Wall corners are never doors; room interiors are open.
    for (int y = 0; y < h; y += pitch)
      for (int x = 0; x < w; x += pitch) EXPECT_FALSE(g.passable(x, y)) << x << "," << y;
    EXPECT_TRUE(g.passable(1, 1));
  }
}

TEST(RoomsMap, HasExtraDoorsBeyondSpanningTree) {
  // 8x8 rooms: 64 rooms, 112 wall segments; a spanning tree has 63 doors.
  const Grid g = rooms_map(65, 65, 7, 3);
  const std::size_t interiors = 64u * 49u;
  const std::size_t doors = g.count_passable() - interiors;
  EXPECT_GT(doors, 63u);
  EXPECT_LE(doors, 112u);
}

TEST(RoomsMap, RejectsBadArguments) {
  EXPECT_THROW(rooms_map(10, 10, 0, 1), std::invalid_argument);
  EXPECT_THROW(rooms_map(1, 10, 3, 1), std::invalid_argument);
}

TEST(Generators, PinnedOutputForSeed) {
  // Same seed, same map on every platform: these values were produced once and must not drift.
  // If a generator is changed on purpose, update them (and say so in the change log).
  const std::uint64_t r = fingerprint(random_map(32, 32, 0.3, 1));
  const std::uint64_t m = fingerprint(maze_map(33, 33, 1, 1));
  const std::uint64_t o = fingerprint(rooms_map(33, 33, 7, 1));
  RecordProperty("random", std::to_string(r));
  RecordProperty("maze", std::to_string(m));
  RecordProperty("rooms", std::to_string(o));
  EXPECT_EQ(r, 17644725892250344450ull);
  EXPECT_EQ(m, 14094662273594102872ull);
  EXPECT_EQ(o, 9831038069899416564ull);
}

TEST(Components, CountsSeparatedRegions) {
  Grid g(5, 3);
  for (int y = 0; y < 3; ++y) g.set_passable(2, y, false);
  EXPECT_EQ(count_components(g), 2);
  g.set_passable(1, 1, false);
  g.set_passable(0, 0, false);
  g.set_passable(1, 2, false);
  // (1,0) and (0,1) touch only diagonally, and corner cutting is off: separate components.
  EXPECT_EQ(count_components(g), 3);
  g.set_rules({Connectivity::Eight, true});
  EXPECT_EQ(count_components(g), 2);
  EXPECT_EQ(largest_component(g).size(), 6u);
}

void expect_valid_scenarios(const Grid& g, const std::vector<ScenEntry>& s, int per_bucket,
                            const std::string& name) {
  const auto comp = largest_component(g);
  const std::set<CellId> in_comp(comp.begin(), comp.end());
  std::map<int, int> per;
  int last_bucket = -1;
  for (const ScenEntry& e : s) {
    EXPECT_EQ(e.map, name);
    EXPECT_EQ(e.map_width, g.width());
    EXPECT_EQ(e.map_height, g.height());
    EXPECT_NE(e.start, e.goal);
    EXPECT_TRUE(in_comp.count(g.id(e.start)));
    EXPECT_TRUE(in_comp.count(g.id(e.goal)));
    EXPECT_EQ(e.optimal, reference_cost(g, e.start, e.goal));
    EXPECT_EQ(e.bucket, static_cast<int>(std::floor(e.optimal / 4.0)));
    EXPECT_GE(e.bucket, last_bucket) << "not sorted by bucket";
    last_bucket = e.bucket;
    ++per[e.bucket];
  }
  for (const auto& [b, n] : per) EXPECT_LE(n, per_bucket) << "bucket " << b;
}

TEST(ScenarioGenerator, EntriesAreOptimalAndBucketed) {
  const Grid g = random_map(64, 64, 0.25, 5);  // several components
  const auto s = generate_scenarios(g, "r64.map", 5, 77);
  ASSERT_FALSE(s.empty());
  expect_valid_scenarios(g, s, 5, "r64.map");
  // Short buckets are plentiful on a 64x64 map: they must be full.
  std::map<int, int> per;
  for (const ScenEntry& e : s) ++per[e.bucket];
  EXPECT_EQ(per[0], 5);
  EXPECT_EQ(per[3], 5);
}

TEST(ScenarioGenerator, Deterministic) {
  const Grid g = rooms_map(60, 45, 6, 2);
  const auto a = generate_scenarios(g, "rooms.map", 4, 123);
  EXPECT_EQ(a, generate_scenarios(g, "rooms.map", 4, 123));
  EXPECT_NE(a, generate_scenarios(g, "rooms.map", 4, 124));
  expect_valid_scenarios(g, a, 4, "rooms.map");
}

TEST(ScenarioGenerator, MaxBucketsAndTerrain) {
  Grid g = random_map(40, 40, 0.2, 3);
  for (int y = 0; y < 40; y += 3)
    for (int x = 0; x < 40; ++x)
      if (g.passable(x, y)) g.set_cell_cost(x, y, 2.5);
  const auto s = generate_scenarios(g, "t.map", 3, 9, 4);
  ASSERT_FALSE(s.empty());
  expect_valid_scenarios(g, s, 3, "t.map");
  for (const ScenEntry& e : s) EXPECT_LT(e.bucket, 4);
}

TEST(ScenarioGenerator, TinyAndEmptyMapsTerminate) {
  Grid one(1, 1);
  EXPECT_TRUE(generate_scenarios(one, "one.map", 10, 1).empty());
  Grid two(2, 1);
  const auto s = generate_scenarios(two, "two.map", 10, 1);
  ASSERT_FALSE(s.empty());
  EXPECT_LE(s.size(), 10u);
  expect_valid_scenarios(two, s, 10, "two.map");
  EXPECT_TRUE(generate_scenarios(random_map(8, 8, 1.0, 1), "full.map", 3, 1).empty());
  EXPECT_THROW(generate_scenarios(two, "two.map", 0, 1), std::invalid_argument);
  EXPECT_THROW(generate_scenarios(two, "two.map", 1, 1, -1), std::invalid_argument);
}

TEST(ScenarioGenerator, QuickstartScenariosMatchTheirMap) {
  const auto dir = std::filesystem::path(PATHBENCH_SOURCE_DIR) / "datasets" / "maps";
  const Grid g = read_map(dir / "quickstart.map");
  const auto entries = read_scen(dir / "quickstart.map.scen");
  ASSERT_FALSE(entries.empty());
  check_scen_against_map(entries, g, dir / "quickstart.map.scen", dir / "quickstart.map");
  for (const ScenEntry& e : entries)
    EXPECT_TRUE(costs_equal(reference_cost(g, e.start, e.goal), e.optimal)) << "line " << e.line;
}

// A 512x512 maze has paths tens of thousands of steps long: the generator fills buckets far out
// (at most `per_bucket` entries each) with exact optimal lengths.
TEST(ScenarioGenerator, LongPathsOn512Maze) {
  const Grid g = maze_map(512, 512, 1, 1);
  const auto s = generate_scenarios(g, "maze.map", 10, 1);
  ASSERT_GT(s.size(), 100u);
  std::map<int, int> per_bucket;
  for (const ScenEntry& e : s) ++per_bucket[e.bucket];
  for (const auto& [bucket, n] : per_bucket) EXPECT_LE(n, 10) << "bucket " << bucket;
  EXPECT_GT(per_bucket.rbegin()->first, 1000);  // paths longer than 4000 steps
  // Spot-check a few entries spread over all buckets.
  for (std::size_t i = 0; i < s.size(); i += s.size() / 16 + 1)
    EXPECT_EQ(s[i].optimal, reference_cost(g, s[i].start, s[i].goal));
}

}  // namespace
}  // namespace pathbench
