// Tests for harness/config: a full good experiment file, paths/globs/env expansion and sweep
// expansion (bad input: experiment_config_errors_test.cpp).
#include "harness/config/experiment_config.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>

#include "algorithms/core/input_error.h"
#include "tests/harness/config_test_fixture.h"

namespace pathbench {
namespace {

const char* const kFullConfig = R"(# a full experiment
name: example
seed: 42
repetitions: 3
time_limit_s: 2.5
validate: false
baseline: astar
datasets:
  - name: dao
    movingai:
      maps: ["maps/arena.map", "maps/*512*.map"]
      limit: 200
      buckets: [0, 50]
    connectivity: 4
    corner_cutting: true
    terrain: {S: 3.0, W: 1.5}
  - name: one
    movingai:
      maps: maps/arena.map
      scen: maps/special.scen
  - name: random20
    generated: {kind: random, width: 128, height: 64, density: 0.2, count: 5, queries_per_bucket: 2, max_buckets: 7}
  - name: corner
    generated: {kind: random, width: 50, height: 50, density: 0.2, count: 2, queries: corners, seed: 100}
  - name: mazes
    generated: {kind: maze, width: 33, height: 33, corridor_width: 2}
  - name: rooms
    generated: {kind: rooms, width: 64, height: 64, room_size: 10}
planners:
  - {label: astar, algorithm: astar, params: {heuristic: octile, tie_break: True, w: 1.20}}
  - label: dijkstra
    algorithm: dijkstra
)";

TEST_F(ConfigTest, FullConfigParsesToExpectedStructs) {
  const ExperimentConfig c = parse(kFullConfig);
  EXPECT_EQ(c.name, "example");
  EXPECT_EQ(c.source_file, config_path());
  EXPECT_EQ(c.source_text, kFullConfig);
  EXPECT_EQ(c.seed, 42u);
  EXPECT_EQ(c.repetitions, 3);
  EXPECT_DOUBLE_EQ(c.time_limit_s, 2.5);
  EXPECT_FALSE(c.validate);
  EXPECT_EQ(c.baseline, "astar");
  ASSERT_EQ(c.datasets.size(), 6u);

  const DatasetConfig& dao = c.datasets[0];
  EXPECT_EQ(dao.name, "dao");
  EXPECT_EQ(dao.kind, DatasetConfig::Kind::MovingAI);
  EXPECT_EQ(dao.line, 9);
  // Explicit entry first, then the glob's matches in sorted order.
  ASSERT_EQ(dao.maps.size(), 3u);
  EXPECT_EQ(dao.maps[0].map, root_ / "maps" / "arena.map");
  EXPECT_EQ(dao.maps[0].scen, root_ / "maps" / "arena.map.scen");
  EXPECT_EQ(dao.maps[1].map, root_ / "maps" / "den512.map");
  EXPECT_EQ(dao.maps[2].map, root_ / "maps" / "lak512.map");
  EXPECT_EQ(dao.maps[2].scen, root_ / "maps" / "lak512.map.scen");
  EXPECT_EQ(dao.limit, 200);
  ASSERT_TRUE(dao.buckets.has_value());
  EXPECT_EQ(*dao.buckets, std::make_pair(0, 50));
  EXPECT_EQ(dao.rules.connectivity, Connectivity::Four);
  EXPECT_TRUE(dao.rules.corner_cutting);
  EXPECT_EQ(dao.terrain, (std::map<char, double>{{'S', 3.0}, {'W', 1.5}}));

  const DatasetConfig& one = c.datasets[1];
  ASSERT_EQ(one.maps.size(), 1u);
  EXPECT_EQ(one.maps[0].scen, root_ / "maps" / "special.scen");
  EXPECT_EQ(one.limit, 0);
  EXPECT_FALSE(one.buckets.has_value());
  EXPECT_EQ(one.rules, MoveRules{});
  EXPECT_TRUE(one.terrain.empty());

  const DatasetConfig& rnd = c.datasets[2];
  EXPECT_EQ(rnd.kind, DatasetConfig::Kind::Generated);
  EXPECT_TRUE(rnd.maps.empty());
  EXPECT_EQ(rnd.generated.kind, GeneratedKind::Random);
  EXPECT_EQ(rnd.generated.width, 128);
  EXPECT_EQ(rnd.generated.height, 64);
  EXPECT_DOUBLE_EQ(rnd.generated.density, 0.2);
  EXPECT_EQ(rnd.generated.count, 5);
  EXPECT_EQ(rnd.generated.queries, QueryMode::Buckets);
  EXPECT_EQ(rnd.generated.queries_per_bucket, 2);
  EXPECT_EQ(rnd.generated.max_buckets, 7);
  EXPECT_FALSE(rnd.generated.seed_given);
  ASSERT_EQ(rnd.generated.map_seeds.size(), 5u);
  for (std::size_t i = 1; i < 5; ++i)
    EXPECT_NE(rnd.generated.map_seeds[i], rnd.generated.map_seeds[i - 1]);

  const GeneratedSpec& corner = c.datasets[3].generated;
  EXPECT_EQ(corner.queries, QueryMode::Corners);
  EXPECT_TRUE(corner.seed_given);
  EXPECT_EQ(corner.map_seeds, (std::vector<std::uint64_t>{100, 101}));
  // Derived seeds differ between datasets.
  EXPECT_NE(c.datasets[4].generated.map_seeds[0], rnd.generated.map_seeds[0]);

  EXPECT_EQ(c.datasets[4].generated.kind, GeneratedKind::Maze);
  EXPECT_EQ(c.datasets[4].generated.corridor_width, 2);
  EXPECT_EQ(c.datasets[4].generated.count, 1);
  EXPECT_EQ(c.datasets[5].generated.kind, GeneratedKind::Rooms);
  EXPECT_EQ(c.datasets[5].generated.room_size, 10);

  ASSERT_EQ(c.planners.size(), 2u);
  EXPECT_EQ(c.planners[0].label, "astar");
  EXPECT_EQ(c.planners[0].base_label, "astar");
  EXPECT_EQ(c.planners[0].algorithm, "astar");
  // Scalars keep their YAML text ("1.20" is not reformatted); YAML booleans become true/false.
  EXPECT_EQ(c.planners[0].params,
            (RawParams{{"heuristic", "octile"}, {"tie_break", "true"}, {"w", "1.20"}}));
  EXPECT_TRUE(c.planners[0].sweep.empty());
  EXPECT_EQ(c.planners[0].line, 30);
  EXPECT_EQ(c.planners[1].label, "dijkstra");
  EXPECT_TRUE(c.planners[1].params.empty());
  EXPECT_EQ(c.planners[1].line, 31);
}

TEST_F(ConfigTest, DefaultsApply) {
  const ExperimentConfig c = parse(R"(name: d
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners: [{label: a, algorithm: astar}]
)");
  EXPECT_EQ(c.seed, 1u);
  EXPECT_EQ(c.repetitions, 1);
  EXPECT_EQ(c.time_limit_s, 0.0);
  EXPECT_TRUE(c.validate);
  EXPECT_TRUE(c.baseline.empty());
  EXPECT_EQ(c.datasets[0].rules.connectivity, Connectivity::Eight);
  EXPECT_FALSE(c.datasets[0].rules.corner_cutting);
  EXPECT_DOUBLE_EQ(c.datasets[0].generated.density, 0.2);
  EXPECT_EQ(c.datasets[0].generated.map_seeds.size(), 1u);
  EXPECT_EQ(c.summary_by, GroupBy::Dataset);
  EXPECT_FALSE(c.dynamic.has_value());
}

TEST_F(ConfigTest, SummaryByIsReadOnceIntoItsEnum) {
  const ExperimentConfig c = parse(R"(name: d
summary: {by: map}
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners: [{label: a, algorithm: astar}]
)");
  EXPECT_EQ(c.summary_by, GroupBy::Map);
  EXPECT_EQ(to_string(c.summary_by), "map");
  EXPECT_EQ(parse_group_by("dataset"), GroupBy::Dataset);
  EXPECT_FALSE(parse_group_by("Map").has_value());
}

// Experiment `name` over one MovingAI dataset `m` of the maps `maps` (a YAML list item, quoted
// when it holds ${...} or a glob), run by one A*.
std::string one_movingai_dataset(const std::string& name, const std::string& maps) {
  return "name: " + name + "\ndatasets:\n  - name: m\n    movingai: {maps: [" + maps +
         "]}\nplanners: [{label: a, algorithm: astar}]\n";
}

TEST_F(ConfigTest, LoadExperimentReadsFileAndResolvesRelativeToItsFolder) {
  write(root_ / "sub" / "exp.yaml", one_movingai_dataset("sub", "../maps/arena.map"));
  const ExperimentConfig c = load_experiment(root_ / "sub" / "exp.yaml", root_ / "repo");
  EXPECT_EQ(c.source_file, root_ / "sub" / "exp.yaml");
  ASSERT_EQ(c.datasets[0].maps.size(), 1u);
  EXPECT_EQ(c.datasets[0].maps[0].map, root_ / "maps" / "arena.map");
  EXPECT_NE(c.source_text.find("name: sub"), std::string::npos);

  try {
    load_experiment(root_ / "missing.yaml", root_ / "repo");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("missing.yaml"), std::string::npos);
    EXPECT_EQ(e.line(), 0);
  }
}

TEST_F(ConfigTest, PathbenchDataFromEnvironment) {
  setenv("PATHBENCH_DATA", root_.c_str(), 1);
  const ExperimentConfig c =
      parse(one_movingai_dataset("e", "\"${PATHBENCH_DATA}/maps/*512*.map\""));
  ASSERT_EQ(c.datasets[0].maps.size(), 2u);
  EXPECT_EQ(c.datasets[0].maps[0].map, root_ / "maps" / "den512.map");
  EXPECT_EQ(c.datasets[0].maps[1].map, root_ / "maps" / "lak512.map");
}

TEST_F(ConfigTest, PathbenchDataDefaultsToSharedBesideRepo) {
  unsetenv("PATHBENCH_DATA");
  // repo root is root_/repo, so the default is root_/shared/datasets.
  write(root_ / "shared" / "datasets" / "movingai" / "x.map", "type octile\n");
  write(root_ / "shared" / "datasets" / "movingai" / "x.map.scen", "version 1\n");
  const ExperimentConfig c =
      parse(one_movingai_dataset("e", "\"${PATHBENCH_DATA}/movingai/x.map\""));
  ASSERT_EQ(c.datasets[0].maps.size(), 1u);
  EXPECT_EQ(c.datasets[0].maps[0].map, root_ / "shared" / "datasets" / "movingai" / "x.map");
}

TEST(ExpandEnv, ExpandsKnownVariablesAndDefaults) {
  const EnvLookup env = [](const std::string& n) -> std::optional<std::string> {
    if (n == "A") return "alpha";
    return std::nullopt;
  };
  EXPECT_EQ(expand_env("x/${A}/y${A}", "/r", env), "x/alpha/yalpha");
  EXPECT_EQ(expand_env("${B:-beta}/z", "/r", env), "beta/z");
  EXPECT_EQ(expand_env("${A:-beta}", "/r", env), "alpha");
  EXPECT_EQ(expand_env("${PATHBENCH_DATA}/m", "/r/repo", env), "/r/shared/datasets/m");
  EXPECT_EQ(expand_env("cost$5 and $A", "/r", env), "cost$5 and $A");
  EXPECT_THROW(expand_env("${NOPE}", "/r", env), std::invalid_argument);
  EXPECT_THROW(expand_env("${A", "/r", env), std::invalid_argument);
  EXPECT_THROW(expand_env("${}", "/r", env), std::invalid_argument);
  try {
    expand_env("a/${MISSING_VAR}/b", "/r", env);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("MISSING_VAR"), std::string::npos);
  }
}

TEST_F(ConfigTest, SweepExpandsOnePlannerPerValue) {
  const ExperimentConfig c = parse(R"(name: s
baseline: wastar
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners:
  - {label: wastar, algorithm: astar, params: {heuristic: octile, weight: [1, 1.2, 1.5, 2]}}
)");
  ASSERT_EQ(c.planners.size(), 4u);
  const std::vector<std::string> labels = {"wastar[weight=1]", "wastar[weight=1.2]",
                                           "wastar[weight=1.5]", "wastar[weight=2]"};
  const std::vector<std::string> weights = {"1", "1.2", "1.5", "2"};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(c.planners[i].label, labels[i]);
    EXPECT_EQ(c.planners[i].base_label, "wastar");
    EXPECT_EQ(c.planners[i].algorithm, "astar");
    EXPECT_EQ(c.planners[i].params, (RawParams{{"heuristic", "octile"}, {"weight", weights[i]}}));
    EXPECT_EQ(c.planners[i].sweep,
              (std::vector<std::pair<std::string, std::string>>{{"weight", weights[i]}}));
    EXPECT_EQ(c.planners[i].line, 5);
  }
  EXPECT_EQ(c.baseline, "wastar");  // a base label is accepted
}

TEST_F(ConfigTest, SweepCartesianProductInWrittenOrder) {
  const ExperimentConfig c = parse(R"(name: s
baseline: "w[weight=2.0,heuristic=zero]"
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners:
  - {label: plain, algorithm: dijkstra}
  - label: w
    algorithm: astar
    params:
      weight: [1.5, 2.0]
      lazy: false
      heuristic: [octile, zero, manhattan]
)");
  ASSERT_EQ(c.planners.size(), 7u);
  EXPECT_EQ(c.planners[0].label, "plain");
  const std::vector<std::string> expected = {
      "w[weight=1.5,heuristic=octile]",    "w[weight=1.5,heuristic=zero]",
      "w[weight=1.5,heuristic=manhattan]", "w[weight=2.0,heuristic=octile]",
      "w[weight=2.0,heuristic=zero]",      "w[weight=2.0,heuristic=manhattan]"};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(c.planners[i + 1].label, expected[i]);
    EXPECT_EQ(c.planners[i + 1].params.at("lazy"), "false");
    EXPECT_EQ(c.planners[i + 1].line, 6);
  }
  EXPECT_EQ(c.planners[5].params,
            (RawParams{{"weight", "2.0"}, {"lazy", "false"}, {"heuristic", "zero"}}));
  EXPECT_EQ(c.baseline, "w[weight=2.0,heuristic=zero]");
}

// ----- bad inputs -------------------------------------------------------------------------------

}  // namespace
}  // namespace pathbench
