// MovingAI .map reading/writing: good files, every kind of malformed file, CRLF and missing final
// newline, terrain costs, round trips, and the real MovingAI sample when it is present.
#include "datasets/map_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "tests/support/input_error_checks.h"
#include "tests/support/test_data.h"

namespace pathbench {
namespace {

using ::pathbench::testing::fixture;
using ::pathbench::testing::movingai_dir;

void expect_small_map(const Grid& g) {
  ASSERT_EQ(g.width(), 6);
  ASSERT_EQ(g.height(), 4);
  // Row 1 is ".G@S..", row 2 ".T.O.W": G and S passable, @ O T W blocked.
  EXPECT_TRUE(g.passable(0, 0));
  EXPECT_FALSE(g.passable(2, 0));
  EXPECT_TRUE(g.passable(1, 1));  // G
  EXPECT_FALSE(g.passable(2, 1));
  EXPECT_TRUE(g.passable(3, 1));   // S
  EXPECT_FALSE(g.passable(1, 2));  // T
  EXPECT_FALSE(g.passable(3, 2));  // O
  EXPECT_FALSE(g.passable(5, 2));  // W
  EXPECT_TRUE(g.passable(5, 3));
  EXPECT_EQ(g.count_passable(), 19u);
  EXPECT_FALSE(g.has_terrain());
}

TEST(MapIo, ReadsSmallMap) {
  const Grid g = read_map(fixture("small.map"));
  expect_small_map(g);
  EXPECT_EQ(g.rules(), MoveRules{});
}

TEST(MapIo, ReadsCrlfWithoutFinalNewline) {
  const Grid crlf = read_map(fixture("small_crlf_no_final_newline.map"));
  expect_small_map(crlf);
  EXPECT_EQ(crlf, read_map(fixture("small.map")));
}

TEST(MapIo, ReadsReorderedHeaderAndTrailingBlankLines) {
  const Grid g = read_map(fixture("small_reordered_header.map"));
  expect_small_map(g);
  EXPECT_EQ(g, read_map(fixture("small.map")));
}

TEST(MapIo, ParsesFromStringWithoutTypeLine) {
  std::istringstream in("height 2\nwidth 3\nmap\n.@.\n...");
  const Grid g = parse_map(in, "inline");
  EXPECT_EQ(g.width(), 3);
  EXPECT_EQ(g.height(), 2);
  EXPECT_FALSE(g.passable(1, 0));
  EXPECT_TRUE(g.passable(1, 1));
}

TEST(MapIo, AppliesMoveRulesAndTerrainCosts) {
  MapLoadOptions opts;
  opts.rules.connectivity = Connectivity::Four;
  opts.terrain_costs = {{'S', 3.0}, {'G', 0.5}};
  const Grid g = read_map(fixture("small.map"), opts);
  EXPECT_EQ(g.rules().connectivity, Connectivity::Four);
  ASSERT_TRUE(g.has_terrain());
  EXPECT_DOUBLE_EQ(g.cell_cost(g.id(3, 1)), 3.0);
  EXPECT_DOUBLE_EQ(g.cell_cost(g.id(1, 1)), 0.5);
  EXPECT_DOUBLE_EQ(g.cell_cost(g.id(0, 0)), 1.0);
  EXPECT_DOUBLE_EQ(g.min_cell_cost(), 0.5);
}

struct BadOption {
  char ch;
  double cost;
  const char* needle;
};

TEST(MapIo, RejectsBadTerrainCosts) {
  for (const BadOption& b : {BadOption{'@', 2.0, "blocked"}, BadOption{'T', 2.0, "blocked"},
                             BadOption{'x', 2.0, "not a MovingAI map character"},
                             BadOption{'S', 0.0, "cost > 0"}, BadOption{'S', -1.0, "cost > 0"}}) {
    MapLoadOptions opts;
    opts.terrain_costs = {{b.ch, b.cost}};
    try {
      read_map(fixture("small.map"), opts);
      ADD_FAILURE() << "no error for terrain cost on '" << b.ch << "'";
    } catch (const InputError& e) {
      EXPECT_EQ(e.field(), std::string("terrain_costs['") + b.ch + "']");
      EXPECT_NE(std::string(e.what()).find(b.needle), std::string::npos) << e.what();
    }
  }
}

struct MalformedMap {
  const char* file;
  int line;
  const char* field;
  const char* needle;  // part of the message that says what is wrong
};

class MalformedMapTest : public ::testing::TestWithParam<MalformedMap> {};

TEST_P(MalformedMapTest, ThrowsInputErrorWithLocation) {
  const MalformedMap& m = GetParam();
  try {
    read_map(fixture(m.file));
    FAIL() << m.file << " was accepted";
  } catch (const InputError& e) {
    testing::expect_error_at(e, m.file, m.line, m.field, m.needle);
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllKinds, MalformedMapTest,
    ::testing::Values(
        MalformedMap{"bad_missing_height.map", 3, "height", "missing 'height'"},
        MalformedMap{"bad_duplicate_width.map", 4, "width", "duplicate 'width'"},
        MalformedMap{"bad_nonnumeric_width.map", 3, "width",
                     "expected a positive integer, got 'abc'"},
        MalformedMap{"bad_zero_height.map", 2, "height", "expected a positive integer, got '0'"},
        MalformedMap{"bad_negative_width.map", 3, "width", "expected a positive integer, got '-6'"},
        MalformedMap{"bad_unknown_type.map", 1, "type", "expected 'octile', got 'hex'"},
        MalformedMap{"bad_missing_map_line.map", 4, "map", "missing 'map' line"},
        MalformedMap{"bad_too_few_rows.map", 8, "rows", "found only 3"},
        MalformedMap{"bad_row_length.map", 6, "row", "has 7 characters, expected width 6"},
        MalformedMap{"bad_extra_rows.map", 10, "rows", "after the last of 4 rows"},
        MalformedMap{"bad_char.map", 7, "cell", "column 4 (x=3): unknown map character 'x'"}),
    [](const ::testing::TestParamInfo<MalformedMap>& param_info) {
      std::string name = param_info.param.file;
      return name.substr(0, name.find('.'));
    });

TEST(MapIo, ErrorMessageShape) {
  try {
    read_map(fixture("bad_nonnumeric_width.map"));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), fixture("bad_nonnumeric_width.map").string() +
                                         ":3: field 'width': expected a positive integer, got "
                                         "'abc'");
    EXPECT_EQ(e.file(), fixture("bad_nonnumeric_width.map").string());
    EXPECT_EQ(e.message(), "expected a positive integer, got 'abc'");
  }
}

TEST(MapIo, MissingFileIsInputError) {
  const auto path = fixture("does_not_exist.map");
  try {
    read_map(path);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 0);
    EXPECT_EQ(e.file(), path.string());
    EXPECT_NE(std::string(e.what()).find("not found"), std::string::npos) << e.what();
  }
}

TEST(MapIo, EmptyInputIsInputError) {
  std::istringstream in("");
  EXPECT_THROW(parse_map(in, "empty.map"), InputError);
}

// A terminal escape in a map must not reach the terminal through the error message.
TEST(MapIo, ErrorMessagesEscapeControlBytes) {
  std::istringstream in("type octile\nheight 1\nwidth 3\nmap\n.\x1b.\n");
  try {
    parse_map(in, "esc.map");
    FAIL() << "a map with an escape byte was accepted";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\x1b'), std::string::npos) << what;
    EXPECT_NE(what.find("\\x1b"), std::string::npos) << what;
  }
}

TEST(MapIo, WriteReadRoundTrip) {
  Grid g(7, 5);
  for (const auto& [x, y] : {std::pair{0, 0}, {3, 2}, {6, 4}, {2, 1}, {2, 2}})
    g.set_passable(x, y, false);
  const auto path = std::filesystem::path(::testing::TempDir()) / "pathbench_roundtrip.map";
  write_map(path, g);
  EXPECT_EQ(read_map(path), g);

  // Every passable character becomes '.' and every blocked one '@'.
  const Grid small = read_map(fixture("small.map"));
  write_map(path, small);
  EXPECT_EQ(read_map(path), small);
  std::filesystem::remove(path);
}

TEST(MapIo, QuickstartMapParses) {
  const Grid g = read_map(std::filesystem::path(PATHBENCH_SOURCE_DIR) / "datasets" / "maps" /
                          "quickstart.map");
  EXPECT_EQ(g.width(), 48);
  EXPECT_EQ(g.height(), 32);
  EXPECT_FALSE(g.passable(0, 0));
  EXPECT_TRUE(g.passable(1, 1));
}

TEST(MapIo, ReadsEveryMovingAiMap) {
  PATHBENCH_REQUIRE_MOVINGAI();
  int maps = 0;
  for (const auto& entry : std::filesystem::directory_iterator(movingai_dir())) {
    if (entry.path().extension() != ".map") continue;
    SCOPED_TRACE(entry.path().string());
    const Grid g = read_map(entry.path());
    EXPECT_GT(g.width(), 0);
    EXPECT_GT(g.count_passable(), 0u);
    ++maps;
  }
  EXPECT_EQ(maps, 11);
  const Grid berlin = read_map(movingai_dir() / "Berlin_0_256.map");  // CRLF, no final newline
  EXPECT_EQ(berlin.width(), 256);
  EXPECT_EQ(berlin.height(), 256);
  const Grid den = read_map(movingai_dir() / "den312d.map");
  EXPECT_EQ(den.width(), 65);
  EXPECT_EQ(den.height(), 81);
}

}  // namespace
}  // namespace pathbench
