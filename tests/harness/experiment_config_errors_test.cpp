// Tests for harness/config: every bad input is reported with the file, the right line and the
// key, before anything runs.
#include <gtest/gtest.h>

#include <string>

#include "algorithms/core/input_error.h"
#include "harness/config/experiment_config.h"
#include "tests/harness/config_test_fixture.h"

namespace pathbench {
namespace {

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
