// Tests for harness/config: a full good experiment file, paths/globs/env expansion, sweep
// expansion, and that every bad input is reported with the file, the right line and the key.
#include "harness/config/experiment_config.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>

#include "datasets/input_error.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

// A fresh folder per test with a few tiny map/scen files; removed afterwards.
class ConfigTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::random_device rd;
    dir_ = fs::temp_directory_path() / ("pathbench_config_test_" + std::to_string(rd()));
    fs::create_directories(dir_ / "maps");
    for (const char* m : {"arena", "den512", "lak512", "nosc"}) {
      write(dir_ / "maps" / (std::string(m) + ".map"), "type octile\nheight 1\nwidth 1\nmap\n.\n");
      if (std::string(m) != "nosc")
        write(dir_ / "maps" / (std::string(m) + ".map.scen"), "version 1\n");
    }
    write(dir_ / "maps" / "special.scen", "version 1\n");
    saved_data_ = getenv_value("PATHBENCH_DATA");
  }
  void TearDown() override {
    if (saved_data_)
      setenv("PATHBENCH_DATA", saved_data_->c_str(), 1);
    else
      unsetenv("PATHBENCH_DATA");
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  static std::optional<std::string> getenv_value(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::optional<std::string>(v) : std::nullopt;
  }
  static void write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
  }
  fs::path config_path() const { return dir_ / "exp.yaml"; }
  ExperimentConfig parse(const std::string& yaml) const {
    return parse_experiment(yaml, config_path(), dir_ / "repo");
  }

  fs::path dir_;
  std::optional<std::string> saved_data_;
};

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
  EXPECT_EQ(dao.maps[0].map, dir_ / "maps" / "arena.map");
  EXPECT_EQ(dao.maps[0].scen, dir_ / "maps" / "arena.map.scen");
  EXPECT_EQ(dao.maps[1].map, dir_ / "maps" / "den512.map");
  EXPECT_EQ(dao.maps[2].map, dir_ / "maps" / "lak512.map");
  EXPECT_EQ(dao.maps[2].scen, dir_ / "maps" / "lak512.map.scen");
  EXPECT_EQ(dao.limit, 200);
  ASSERT_TRUE(dao.buckets.has_value());
  EXPECT_EQ(*dao.buckets, std::make_pair(0, 50));
  EXPECT_EQ(dao.rules.connectivity, Connectivity::Four);
  EXPECT_TRUE(dao.rules.corner_cutting);
  EXPECT_EQ(dao.terrain, (std::map<char, double>{{'S', 3.0}, {'W', 1.5}}));

  const DatasetConfig& one = c.datasets[1];
  ASSERT_EQ(one.maps.size(), 1u);
  EXPECT_EQ(one.maps[0].scen, dir_ / "maps" / "special.scen");
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
}

TEST_F(ConfigTest, LoadExperimentReadsFileAndResolvesRelativeToItsFolder) {
  write(dir_ / "sub" / "exp.yaml", R"(name: sub
datasets:
  - name: m
    movingai: {maps: [../maps/arena.map]}
planners: [{label: a, algorithm: astar}]
)");
  const ExperimentConfig c = load_experiment(dir_ / "sub" / "exp.yaml", dir_ / "repo");
  EXPECT_EQ(c.source_file, dir_ / "sub" / "exp.yaml");
  ASSERT_EQ(c.datasets[0].maps.size(), 1u);
  EXPECT_EQ(c.datasets[0].maps[0].map, dir_ / "maps" / "arena.map");
  EXPECT_NE(c.source_text.find("name: sub"), std::string::npos);

  try {
    load_experiment(dir_ / "missing.yaml", dir_ / "repo");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("missing.yaml"), std::string::npos);
    EXPECT_EQ(e.line(), 0);
  }
}

TEST_F(ConfigTest, PathbenchDataFromEnvironment) {
  setenv("PATHBENCH_DATA", dir_.c_str(), 1);
  const ExperimentConfig c = parse(R"(name: e
datasets:
  - name: m
    movingai: {maps: ["${PATHBENCH_DATA}/maps/*512*.map"]}
planners: [{label: a, algorithm: astar}]
)");
  ASSERT_EQ(c.datasets[0].maps.size(), 2u);
  EXPECT_EQ(c.datasets[0].maps[0].map, dir_ / "maps" / "den512.map");
  EXPECT_EQ(c.datasets[0].maps[1].map, dir_ / "maps" / "lak512.map");
}

TEST_F(ConfigTest, PathbenchDataDefaultsToSharedBesideRepo) {
  unsetenv("PATHBENCH_DATA");
  // repo root is dir_/repo, so the default is dir_/shared/datasets.
  write(dir_ / "shared" / "datasets" / "movingai" / "x.map", "type octile\n");
  write(dir_ / "shared" / "datasets" / "movingai" / "x.map.scen", "version 1\n");
  const ExperimentConfig c = parse(R"(name: e
datasets:
  - name: m
    movingai: {maps: ["${PATHBENCH_DATA}/movingai/x.map"]}
planners: [{label: a, algorithm: astar}]
)");
  ASSERT_EQ(c.datasets[0].maps.size(), 1u);
  EXPECT_EQ(c.datasets[0].maps[0].map, dir_ / "shared" / "datasets" / "movingai" / "x.map");
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

struct BadCase {
  const char* name;
  const char* yaml;
  int line;
  const char* key;           // must appear in what() (as the field)
  const char* message_part;  // must appear in what()
};

void PrintTo(const BadCase& c, std::ostream* os) { *os << c.name; }

class BadConfigTest : public ConfigTest, public ::testing::WithParamInterface<BadCase> {};

TEST_P(BadConfigTest, ReportsFileLineAndKey) {
  const BadCase& c = GetParam();
  try {
    parse(c.yaml);
    FAIL() << "expected an InputError for " << c.name;
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.line(), c.line) << what;
    EXPECT_EQ(e.file(), config_path().string()) << what;
    EXPECT_NE(what.find("exp.yaml:" + std::to_string(c.line) + ":"), std::string::npos) << what;
    EXPECT_NE(e.field().find(c.key), std::string::npos) << what;
    EXPECT_NE(what.find(c.key), std::string::npos) << what;
    EXPECT_NE(what.find(c.message_part), std::string::npos) << what;
  }
}

// Every case is a small config: the valid tail below is appended where noted by the line numbers.
const BadCase kBadCases[] = {
    {"UnknownTopLevelKey", R"(name: t
sede: 3
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners: [{label: a, algorithm: astar}]
)",
     2, "sede", "allowed here: name, seed, repetitions"},
    {"RepetitionsNotANumber", R"(name: t

repetitions: abc
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners: [{label: a, algorithm: astar}]
)",
     3, "repetitions", "'abc'"},
    {"RepetitionsZero", R"(name: t
repetitions: 0
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners: [{label: a, algorithm: astar}]
)",
     2, "repetitions", "positive"},
    {"DatasetsNotAList", R"(name: t
datasets: 5
planners: [{label: a, algorithm: astar}]
)",
     2, "datasets", "list of datasets"},
    {"MissingName", R"(# comment
seed: 3
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners: [{label: a, algorithm: astar}]
)",
     2, "name", "required key is missing"},
    {"MissingPlanners", R"(name: t
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
)",
     1, "planners", "required key is missing"},
    {"BadExperimentName", R"(name: "my exp/1"
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners: [{label: a, algorithm: astar}]
)",
     1, "name", "not a valid name"},
    {"DatasetMissingName", R"(name: t
datasets:
  - name: g
    generated: {kind: random, width: 4, height: 4}
  - generated: {kind: random, width: 4, height: 4}
planners: [{label: a, algorithm: astar}]
)",
     5, "datasets[1].name", "required key is missing"},
    {"DatasetBothSources", R"(name: t
datasets:
  - name: g
    movingai: {maps: [maps/arena.map]}
    generated: {kind: random, width: 4, height: 4}
planners: [{label: a, algorithm: astar}]
)",
     5, "datasets[0].generated", "not both"},
    {"DatasetNoSource", R"(name: t
datasets:
  - name: g
    connectivity: 4
planners: [{label: a, algorithm: astar}]
)",
     3, "datasets[0]", "'movingai' or 'generated'"},
    {"DensityOutOfRange", R"(name: t
datasets:
  - name: g
    generated:
      kind: random
      width: 4
      height: 4
      density: 1.0
planners: [{label: a, algorithm: astar}]
)",
     8, "datasets[0].generated.density", "[0, 1)"},
    {"WidthZero", R"(name: t
datasets:
  - name: g
    generated: {kind: random, width: 0, height: 4}
planners: [{label: a, algorithm: astar}]
)",
     4, "datasets[0].generated.width", "positive"},
    {"UnknownGeneratedKey", R"(name: t
datasets:
  - name: g
    generated: {kind: maze, width: 9, height: 9, density: 0.3}
planners: [{label: a, algorithm: astar}]
)",
     4, "datasets[0].generated.density", "allowed here: kind, width"},
    {"UnknownGeneratedKind", R"(name: t
datasets:
  - name: g
    generated: {kind: cave, width: 9, height: 9}
planners: [{label: a, algorithm: astar}]
)",
     4, "datasets[0].generated.kind", "random, maze or rooms"},
    {"ConnectivitySix", R"(name: t
datasets:
  - name: g
    generated: {kind: random, width: 4, height: 4}
    connectivity: 6
planners: [{label: a, algorithm: astar}]
)",
     5, "datasets[0].connectivity", "4 or 8"},
    {"NegativeLimit", R"(name: t
datasets:
  - name: g
    movingai:
      maps: [maps/arena.map]
      limit: -1
planners: [{label: a, algorithm: astar}]
)",
     6, "datasets[0].movingai.limit", "non-negative"},
    {"MissingMapFile", R"(name: t
datasets:
  - name: g
    movingai:
      maps:
        - maps/arena.map
        - maps/nothere.map
planners: [{label: a, algorithm: astar}]
)",
     7, "datasets[0].movingai.maps[1]", "map file not found"},
    {"MissingDefaultScen", R"(name: t
datasets:
  - name: g
    movingai:
      maps: [maps/arena.map,
             maps/nosc.map]
planners: [{label: a, algorithm: astar}]
)",
     6, "datasets[0].movingai.maps[1]", "nosc.map.scen"},
    {"GlobMatchesNothing", R"(name: t
datasets:
  - name: g
    movingai: {maps: ["maps/*999*.map"]}
planners: [{label: a, algorithm: astar}]
)",
     4, "datasets[0].movingai.maps[0]", "matches no map file"},
    {"ScenWithSeveralMaps", R"(name: t
datasets:
  - name: g
    movingai:
      maps: ["maps/*512*.map"]
      scen: maps/special.scen
planners: [{label: a, algorithm: astar}]
)",
     6, "datasets[0].movingai.scen", "exactly one map"},
    {"UnknownEnvVariable", R"(name: t
datasets:
  - name: g
    movingai:
      maps: ["${PATHBENCH_NO_SUCH_VAR_X}/arena.map"]
planners: [{label: a, algorithm: astar}]
)",
     5, "datasets[0].movingai.maps[0]", "PATHBENCH_NO_SUCH_VAR_X"},
    {"BucketsNotARange", R"(name: t
datasets:
  - name: g
    movingai:
      maps: [maps/arena.map]
      buckets: [5, 2]
planners: [{label: a, algorithm: astar}]
)",
     6, "datasets[0].movingai.buckets", "after last"},
    {"DuplicateDatasetName", R"(name: t
datasets:
  - {name: g, generated: {kind: random, width: 4, height: 4}}
  - {name: g, generated: {kind: maze, width: 5, height: 5}}
planners: [{label: a, algorithm: astar}]
)",
     4, "datasets[1].name", "used twice"},
    {"PlannerMissingAlgorithm", R"(name: t
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners:
  - label: a
    algorithm: astar
  - label: b
    params: {weight: 2}
)",
     6, "planners[1].algorithm", "required key is missing"},
    {"DuplicateLabelAfterSweep", R"(name: t
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners:
  - {label: w, algorithm: astar, params: {weight: [1, 2]}}
  - {label: w, algorithm: astar, params: {weight: [2, 3]}}
)",
     5, "planners[1].label", "'w[weight=2]' is used twice"},
    {"ReservedCharInLabel", R"(name: t
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners:
  - {label: "w[weight=2]", algorithm: astar}
  - {label: w, algorithm: astar, params: {weight: [1, 2]}}
)",
     4, "planners[0].label", "reserved"},
    {"DuplicateLabel", R"(name: t
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners:
  - {label: a, algorithm: astar}
  - {label: b, algorithm: astar}
  - {label: a, algorithm: dijkstra}
)",
     6, "planners[2].label", "used twice"},
    {"NestedParam", R"(name: t
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners:
  - label: a
    algorithm: astar
    params:
      weight: {value: 2}
)",
     7, "planners[0].params.weight", "a mapping"},
    {"BaselineUnknown", R"(name: t
baseline: bfs
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners: [{label: a, algorithm: astar}]
)",
     2, "baseline", "not a planner label"},
    {"ValidateNotBool", R"(name: t
validate: maybe
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners: [{label: a, algorithm: astar}]
)",
     2, "validate", "true or false"},
    {"TerrainBadCost", R"(name: t
datasets:
  - name: g
    generated: {kind: random, width: 4, height: 4}
    terrain:
      S: 3
      W: -1
planners: [{label: a, algorithm: astar}]
)",
     7, "datasets[0].terrain.W", "positive"},
    {"DuplicateKey", R"(name: t
seed: 1
seed: 2
datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]
planners: [{label: a, algorithm: astar}]
)",
     3, "seed", "duplicate key"},
};

INSTANTIATE_TEST_SUITE_P(Cases, BadConfigTest, ::testing::ValuesIn(kBadCases),
                         [](const ::testing::TestParamInfo<BadCase>& param_info) {
                           return std::string(param_info.param.name);
                         });

TEST_F(ConfigTest, YamlSyntaxErrorReportsItsLine) {
  try {
    parse("name: t\nseed: 3\ndatasets: [a, b\nplanners: []\n");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("exp.yaml:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("syntax"), std::string::npos) << e.what();
    // The unclosed flow list is detected at or after the line it opens on.
    EXPECT_GE(e.line(), 3) << e.what();
    EXPECT_LE(e.line(), 5) << e.what();
  }
  try {
    parse("name: t\ndatasets:\n  - name: g\n   bad: indentation\n");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 4) << e.what();
  }
}

TEST_F(ConfigTest, EmptyFileIsAnError) {
  try {
    parse("# nothing here\n");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("empty"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace pathbench
