// Tests for harness/config: every bad input is reported with the file, the right line and the
// key, before anything runs.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "algorithms/core/input_error.h"
#include "harness/config/experiment_config.h"
#include "tests/harness/config_test_fixture.h"

namespace pathbench {
namespace {

struct BadCase {
  const char* name;
  std::string yaml;
  int line;
  const char* key;           // must appear in what() (as the field)
  const char* message_part;  // must appear in what()
};

void PrintTo(const BadCase& c, std::ostream* os) { *os << c.name; }

class BadConfigTest : public ConfigTest, public ::testing::WithParamInterface<BadCase> {};

TEST_P(BadConfigTest, ReportsFileLineAndKey) {
  const BadCase& c = GetParam();
  const std::optional<InputError> e = parse_error(c.yaml);
  ASSERT_TRUE(e) << c.name;
  const std::string what = e->what();
  EXPECT_EQ(e->line(), c.line) << what;
  EXPECT_EQ(e->file(), config_path().string()) << what;
  EXPECT_NE(what.find("exp.yaml:" + std::to_string(c.line) + ":"), std::string::npos) << what;
  EXPECT_NE(e->field().find(c.key), std::string::npos) << what;
  EXPECT_NE(what.find(c.key), std::string::npos) << what;
  EXPECT_NE(what.find(c.message_part), std::string::npos) << what;
}

// Every case is a small config. Most are one of three shapes, built below so that each case
// spells out only what is wrong: a top-level block before one generated dataset and one
// planner; one dataset's keys after `  - name: g` (its first line is line 4); or the planner
// list after `planners:` (its first line is line 4 too). The expected line counts from the top
// of the whole text.
const std::string kOneDataset =
    "datasets: [{name: g, generated: {kind: random, width: 4, height: 4}}]\n";
const std::string kOnePlanner = "planners: [{label: a, algorithm: astar}]\n";

std::string top_level(const std::string& head) { return head + kOneDataset + kOnePlanner; }
std::string dataset(const std::string& keys) {
  return "name: t\ndatasets:\n  - name: g\n" + keys + kOnePlanner;
}
std::string planners(const std::string& list) {
  return "name: t\n" + kOneDataset + "planners:\n" + list;
}

const BadCase kBadCases[] = {
    {"UnknownTopLevelKey", top_level("name: t\nsede: 3\n"), 2, "sede",
     "allowed here: name, seed, repetitions"},
    {"RepetitionsNotANumber", top_level("name: t\n\nrepetitions: abc\n"), 3, "repetitions",
     "'abc'"},
    {"RepetitionsZero", top_level("name: t\nrepetitions: 0\n"), 2, "repetitions", "positive"},
    {"DatasetsNotAList", "name: t\ndatasets: 5\n" + kOnePlanner, 2, "datasets", "list of datasets"},
    {"MissingName", top_level("# comment\nseed: 3\n"), 2, "name", "required key is missing"},
    {"MissingPlanners", "name: t\n" + kOneDataset, 1, "planners", "required key is missing"},
    {"BadExperimentName", top_level("name: \"my exp/1\"\n"), 1, "name", "not a valid name"},
    {"DatasetMissingName",
     dataset("    generated: {kind: random, width: 4, height: 4}\n"
             "  - generated: {kind: random, width: 4, height: 4}\n"),
     5, "datasets[1].name", "required key is missing"},
    {"DatasetBothSources",
     dataset("    movingai: {maps: [maps/arena.map]}\n"
             "    generated: {kind: random, width: 4, height: 4}\n"),
     5, "datasets[0].generated", "not both"},
    {"DatasetNoSource", dataset("    connectivity: 4\n"), 3, "datasets[0]",
     "'movingai' or 'generated'"},
    {"DensityOutOfRange",
     dataset("    generated:\n      kind: random\n      width: 4\n      height: 4\n"
             "      density: 1.0\n"),
     8, "datasets[0].generated.density", "[0, 1)"},
    {"WidthZero", dataset("    generated: {kind: random, width: 0, height: 4}\n"), 4,
     "datasets[0].generated.width", "positive"},
    {"UnknownGeneratedKey",
     dataset("    generated: {kind: maze, width: 9, height: 9, density: 0.3}\n"), 4,
     "datasets[0].generated.density", "allowed here: kind, width"},
    {"UnknownGeneratedKind", dataset("    generated: {kind: cave, width: 9, height: 9}\n"), 4,
     "datasets[0].generated.kind", "random, maze or rooms"},
    {"ConnectivitySix",
     dataset("    generated: {kind: random, width: 4, height: 4}\n    connectivity: 6\n"), 5,
     "datasets[0].connectivity", "4 or 8"},
    {"NegativeLimit", dataset("    movingai:\n      maps: [maps/arena.map]\n      limit: -1\n"), 6,
     "datasets[0].movingai.limit", "non-negative"},
    {"MissingMapFile",
     dataset("    movingai:\n      maps:\n        - maps/arena.map\n        - maps/nothere.map\n"),
     7, "datasets[0].movingai.maps[1]", "map file not found"},
    {"MissingDefaultScen",
     dataset("    movingai:\n      maps: [maps/arena.map,\n             maps/nosc.map]\n"), 6,
     "datasets[0].movingai.maps[1]", "nosc.map.scen"},
    {"GlobMatchesNothing", dataset("    movingai: {maps: [\"maps/*999*.map\"]}\n"), 4,
     "datasets[0].movingai.maps[0]", "matches no map file"},
    {"ScenWithSeveralMaps",
     dataset("    movingai:\n      maps: [\"maps/*512*.map\"]\n      scen: maps/special.scen\n"), 6,
     "datasets[0].movingai.scen", "exactly one map"},
    {"UnknownEnvVariable",
     dataset("    movingai:\n      maps: [\"${PATHBENCH_NO_SUCH_VAR_X}/arena.map\"]\n"), 5,
     "datasets[0].movingai.maps[0]", "PATHBENCH_NO_SUCH_VAR_X"},
    {"BucketsNotARange",
     dataset("    movingai:\n      maps: [maps/arena.map]\n      buckets: [5, 2]\n"), 6,
     "datasets[0].movingai.buckets", "after last"},
    {"DuplicateDatasetName",
     "name: t\ndatasets:\n  - {name: g, generated: {kind: random, width: 4, height: 4}}\n"
     "  - {name: g, generated: {kind: maze, width: 5, height: 5}}\n" +
         kOnePlanner,
     4, "datasets[1].name", "used twice"},
    {"PlannerMissingAlgorithm",
     planners("  - label: a\n    algorithm: astar\n  - label: b\n    params: {weight: 2}\n"), 6,
     "planners[1].algorithm", "required key is missing"},
    {"DuplicateLabelAfterSweep",
     planners("  - {label: w, algorithm: astar, params: {weight: [1, 2]}}\n"
              "  - {label: w, algorithm: astar, params: {weight: [2, 3]}}\n"),
     5, "planners[1].label", "'w[weight=2]' is used twice"},
    {"ReservedCharInLabel",
     planners("  - {label: \"w[weight=2]\", algorithm: astar}\n"
              "  - {label: w, algorithm: astar, params: {weight: [1, 2]}}\n"),
     4, "planners[0].label", "reserved"},
    {"DuplicateLabel",
     planners("  - {label: a, algorithm: astar}\n  - {label: b, algorithm: astar}\n"
              "  - {label: a, algorithm: dijkstra}\n"),
     6, "planners[2].label", "used twice"},
    {"NestedParam",
     planners("  - label: a\n    algorithm: astar\n    params:\n      weight: {value: 2}\n"), 7,
     "planners[0].params.weight", "a mapping"},
    {"BaselineUnknown", top_level("name: t\nbaseline: bfs\n"), 2, "baseline",
     "not a planner label"},
    {"ValidateNotBool", top_level("name: t\nvalidate: maybe\n"), 2, "validate", "true or false"},
    {"TerrainBadCost",
     dataset("    generated: {kind: random, width: 4, height: 4}\n"
             "    terrain:\n      S: 3\n      W: -1\n"),
     7, "datasets[0].terrain.W", "positive"},
    {"DuplicateKey", top_level("name: t\nseed: 1\nseed: 2\n"), 3, "seed", "duplicate key"},
};

INSTANTIATE_TEST_SUITE_P(Cases, BadConfigTest, ::testing::ValuesIn(kBadCases),
                         [](const ::testing::TestParamInfo<BadCase>& param_info) {
                           return std::string(param_info.param.name);
                         });

TEST_F(ConfigTest, YamlSyntaxErrorReportsItsLine) {
  const std::optional<InputError> unclosed =
      parse_error("name: t\nseed: 3\ndatasets: [a, b\nplanners: []\n");
  ASSERT_TRUE(unclosed);
  const std::string what = unclosed->what();
  EXPECT_NE(what.find("exp.yaml:"), std::string::npos) << what;
  EXPECT_NE(what.find("syntax"), std::string::npos) << what;
  // The unclosed flow list is detected at or after the line it opens on.
  EXPECT_GE(unclosed->line(), 3) << what;
  EXPECT_LE(unclosed->line(), 5) << what;
  const std::optional<InputError> indented =
      parse_error("name: t\ndatasets:\n  - name: g\n   bad: indentation\n");
  ASSERT_TRUE(indented);
  EXPECT_EQ(indented->line(), 4) << indented->what();
}

TEST_F(ConfigTest, EmptyFileIsAnError) {
  const std::optional<InputError> e = parse_error("# nothing here\n");
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("empty"), std::string::npos) << e->what();
}

}  // namespace
}  // namespace pathbench
