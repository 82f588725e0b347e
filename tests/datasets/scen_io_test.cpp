// MovingAI .scen reading, checking against a map, and writing: all three header variants, every
// kind of malformed line, and every line of the real MovingAI sample when it is present.
#include "datasets/scen_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "algorithms/core/moves.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_io.h"
#include "tests/support/input_error_checks.h"
#include "tests/support/test_data.h"

namespace pathbench {
namespace {

using ::pathbench::testing::fixture;
using ::pathbench::testing::movingai_dir;

void expect_small_entries(const std::vector<ScenEntry>& e, const std::string& map_column) {
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].bucket, 0);
  EXPECT_EQ(e[0].map, map_column);
  EXPECT_EQ(e[0].map_width, 6);
  EXPECT_EQ(e[0].map_height, 4);
  EXPECT_EQ(e[0].start, (Point{0, 0}));
  EXPECT_EQ(e[0].goal, (Point{1, 0}));
  EXPECT_DOUBLE_EQ(e[0].optimal, 1.0);
  EXPECT_EQ(e[1].goal, (Point{0, 3}));
  EXPECT_DOUBLE_EQ(e[1].optimal, 3.0);
  EXPECT_EQ(e[2].bucket, 2);
  EXPECT_DOUBLE_EQ(e[2].optimal, 10.41421356);
  EXPECT_EQ(e[2].goal, (Point{5, 0}));
}

TEST(ScenIo, ReadsVersion1) {
  const auto e = read_scen(fixture("small.map.scen"));
  expect_small_entries(e, "small.map");
  EXPECT_EQ(e[0].line, 2);
  EXPECT_EQ(e[2].line, 4);
}

TEST(ScenIo, ReadsPathMapColumnWithCrlf) {
  const auto e = read_scen(fixture("small_path_column.map.scen"));
  expect_small_entries(e, "maps/fixtures/small.map");
  EXPECT_EQ(map_basename(e[0].map), "small.map");
  EXPECT_NO_THROW(check_scen_against_map(e, read_map(fixture("small.map")),
                                         fixture("small_path_column.map.scen"),
                                         fixture("small.map")));
}

TEST(ScenIo, ReadsLegacyVersion10) {
  expect_small_entries(read_scen(fixture("small_legacy.map.scen")), "small.map");
}

TEST(ScenIo, ReadsFileWithoutVersionLine) {
  const auto e = read_scen(fixture("small_no_version.map.scen"));
  expect_small_entries(e, "small.map");
  EXPECT_EQ(e[0].line, 1);
}

TEST(ScenIo, SkipsBlankLinesAndKeepsLineNumbers) {
  const auto e = read_scen(fixture("small_blank_lines.map.scen"));
  expect_small_entries(e, "small.map");
  EXPECT_EQ(e[0].line, 2);
  EXPECT_EQ(e[1].line, 4);
  EXPECT_EQ(e[2].line, 6);
}

TEST(ScenIo, FixtureLengthsAreOptimal) {
  const Grid g = read_map(fixture("small.map"));
  const auto entries = read_scen(fixture("small.map.scen"));
  check_scen_against_map(entries, g, fixture("small.map.scen"), fixture("small.map"));
  for (const ScenEntry& e : entries) {
    SCOPED_TRACE(e.line);
    EXPECT_TRUE(costs_equal(reference_cost(g, e.start, e.goal), e.optimal));
    EXPECT_EQ(e.bucket, static_cast<int>(e.optimal / 4));
  }
}

struct Malformed {
  const char* file;
  int line;
  const char* field;
  const char* needle;
};

std::string expect_input_error_at(const std::filesystem::path& path, const Malformed& m,
                                  const InputError& e) {
  EXPECT_EQ(e.file(), path.string());
  return testing::expect_error_at(e, m.file, m.line, m.field, m.needle);
}

class MalformedScenTest : public ::testing::TestWithParam<Malformed> {};

TEST_P(MalformedScenTest, ThrowsInputErrorWithLocation) {
  const auto path = fixture(GetParam().file);
  try {
    read_scen(path);
    FAIL() << path << " was accepted";
  } catch (const InputError& e) {
    expect_input_error_at(path, GetParam(), e);
  }
}

const auto kNameFromFile = [](const auto& info) {
  std::string name = info.param.file;
  return name.substr(0, name.find('.'));
};

INSTANTIATE_TEST_SUITE_P(AllKinds, MalformedScenTest,
                         ::testing::Values(Malformed{"bad_field_count.scen", 3, "fields",
                                                     "expected 9 tab-separated fields"},
                                           Malformed{"bad_nonnumeric.scen", 3, "start_x",
                                                     "expected a non-negative integer, got 'abc'"},
                                           Malformed{"bad_negative.scen", 3, "goal_y",
                                                     "expected a non-negative integer, got '-3'"},
                                           Malformed{"bad_optimal.scen", 3, "optimal_length",
                                                     "expected a non-negative number, got '1.5x'"},
                                           Malformed{"bad_version.scen", 1, "version",
                                                     "expected '1' or '1.0', got '2'"}),
                         kNameFromFile);

class MismatchedScenTest : public ::testing::TestWithParam<Malformed> {};

TEST_P(MismatchedScenTest, CheckAgainstMapThrows) {
  const auto path = fixture(GetParam().file);
  const auto entries = read_scen(path);  // syntactically fine
  const Grid g = read_map(fixture("small.map"));
  try {
    check_scen_against_map(entries, g, path, fixture("small.map"));
    FAIL() << path << " was accepted";
  } catch (const InputError& e) {
    expect_input_error_at(path, GetParam(), e);
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllKinds, MismatchedScenTest,
    ::testing::Values(
        Malformed{"mismatch_map_name.scen", 3, "map", "other.map"},
        Malformed{"mismatch_width.scen", 3, "map_width", "expected 6"},
        Malformed{"mismatch_goal_out_of_range.scen", 3, "goal_x", "expected 0..5, got '6'"},
        Malformed{"mismatch_start_blocked.scen", 3, "start", "(2, 0) is a blocked cell"}),
    kNameFromFile);

TEST(ScenIo, CheckRejectsWrongMapFile) {
  const auto entries = read_scen(fixture("small.map.scen"));
  const Grid g = read_map(fixture("small_reordered_header.map"));  // same grid, other name
  EXPECT_THROW(check_scen_against_map(entries, g, fixture("small.map.scen"),
                                      fixture("small_reordered_header.map")),
               InputError);
}

// The printed precision of each length is kept: bg512's version-1.0 scens print 2 decimals and
// must be compared at that precision, not at 1e-5 relative.
TEST(ScenIo, KeepsPrintedDecimalsOfEachLength) {
  std::istringstream in("version 1.0\n0 a.map 6 4 0 0 1 0 1\n0 a.map 6 4 0 0 1 1 1.41\n"
                        "0 a.map 6 4 0 0 2 1 2.41421356\n0 a.map 6 4 0 0 3 0 3.\n"
                        "0 a.map 6 4 0 0 3 1 3.5e0\n");
  const auto e = parse_scen(in, "t.scen");
  ASSERT_EQ(e.size(), 5u);
  EXPECT_EQ(e[0].decimals, 0);
  EXPECT_EQ(e[1].decimals, 2);
  EXPECT_EQ(e[2].decimals, 8);
  EXPECT_EQ(e[3].decimals, 0);
  EXPECT_EQ(e[4].decimals, -1);  // an exponent: no count of decimals, the relative rule alone
  // 1.41 is sqrt(2) rounded to 2 decimals: equal at its precision, not at 1e-5.
  EXPECT_TRUE(matches_published(kSqrt2, e[1].optimal, e[1].decimals));
  EXPECT_FALSE(costs_equal(kSqrt2, e[1].optimal));
}

// A file's precision is its finest printed length: dao's %g printer writes 12.0000 as "12".
TEST(ScenIo, FilePrecisionIsTheLargestDecimalsOfAnyLine) {
  std::istringstream g("version 1\n0\ta.map\t6\t4\t0\t0\t1\t0\t1\n"
                       "0\ta.map\t6\t4\t0\t0\t2\t1\t2.41421\r\nnot an entry\n"
                       "0\ta.map\t6\t4\t0\t0\t3\t0\t3.5\n");
  EXPECT_EQ(scen_length_decimals(g), 5);
  std::istringstream fixed("version 1.0\n0 a.map 6 4 0 0 1 0 1.00\n0 a.map 6 4 0 0 1 1 1.41\n");
  EXPECT_EQ(scen_length_decimals(fixed), 2);
  std::istringstream none("version 1\n");
  EXPECT_EQ(scen_length_decimals(none), -1);
}

TEST(ScenIo, MissingFileIsInputError) { EXPECT_THROW(read_scen(fixture("nope.scen")), InputError); }

TEST(ScenIo, WriteReadRoundTrip) {
  std::vector<ScenEntry> in = {
      {0, "maps/x/a.map", 10, 20, {1, 2}, {3, 4}, 2.8284271247461903, 0},
      {3, "a.map", 10, 20, {9, 19}, {0, 0}, 12.0, 0},
  };
  const auto path = std::filesystem::path(::testing::TempDir()) / "pathbench_roundtrip.scen";
  write_scen(path, in);
  auto out = read_scen(path);
  ASSERT_EQ(out.size(), in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    EXPECT_EQ(out[i].line, static_cast<int>(i) + 2);
    EXPECT_NEAR(out[i].optimal, in[i].optimal, 5e-9);
    EXPECT_EQ(out[i].decimals, 8);  // written with %.8f
    out[i].line = in[i].line;
    in[i].optimal = out[i].optimal;
    in[i].decimals = out[i].decimals;
    EXPECT_EQ(out[i], in[i]);
  }
  std::ifstream raw(path);
  std::string first, second;
  std::getline(raw, first);
  std::getline(raw, second);
  EXPECT_EQ(first, "version 1");
  EXPECT_EQ(second, "0\tmaps/x/a.map\t10\t20\t1\t2\t3\t4\t2.82842712");
  std::filesystem::remove(path);
}

TEST(ScenIo, EveryMovingAiScenarioMatchesItsMap) {
  PATHBENCH_REQUIRE_MOVINGAI();
  int files = 0;
  std::size_t lines = 0;
  for (const auto& entry : std::filesystem::directory_iterator(movingai_dir())) {
    if (entry.path().extension() != ".scen") continue;
    SCOPED_TRACE(entry.path().string());
    const auto map_path = entry.path().parent_path() / entry.path().stem();  // x.map.scen -> x.map
    const Grid g = read_map(map_path);
    const auto entries = read_scen(entry.path());
    EXPECT_FALSE(entries.empty());
    EXPECT_NO_THROW(check_scen_against_map(entries, g, entry.path(), map_path));
    for (const ScenEntry& e : entries) EXPECT_EQ(e.bucket, static_cast<int>(e.optimal / 4));
    lines += entries.size();
    ++files;
  }
  EXPECT_EQ(files, 11);
  EXPECT_EQ(lines, 160u + 320 + 1060 + 2519 + 470 + 2180 + 1810 + 12120 + 1670 + 2140 + 930);
}

TEST(ScenIo, MovingAiLengthsMatchReferenceOnSmallMaps) {
  PATHBENCH_REQUIRE_MOVINGAI();
  // The two small dao maps keep this cheap; the README documents the full check.
  for (const char* name : {"arena.map", "den312d.map"}) {
    SCOPED_TRACE(name);
    const Grid g = read_map(movingai_dir() / name);
    const auto entries = read_scen(movingai_dir() / (std::string(name) + ".scen"));
    for (std::size_t i = 0; i < entries.size(); i += 7) {
      const ScenEntry& e = entries[i];
      EXPECT_TRUE(costs_equal(reference_cost(g, e.start, e.goal), e.optimal)) << "line " << e.line;
    }
  }
}

}  // namespace
}  // namespace pathbench
