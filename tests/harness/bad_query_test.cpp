// Published lengths compared at their printed precision, bad scen lines as data problems, and
// unsolved outcomes that are never valid (issues 30 and 31). The run-level tests run the real
// binary on a hand-made map with a wall that splits it in two.
#include <gtest/gtest.h>

#include <sstream>

#include "algorithms/core/moves.h"
#include "datasets/map_io.h"
#include "harness/output/run_row.h"
#include "harness/output/summary.h"
#include "harness/runner/path_validation.h"
#include "tests/harness/cli_fixture.h"

namespace pathbench::cli_test {
namespace {

// Columns 0-1 and 3-4 are two rooms; column 2 is a wall, so no path joins them.
constexpr const char* kWalledMap =
    "type octile\nheight 3\nwidth 5\nmap\n"
    "..@..\n"
    "..@..\n"
    "..@..\n";

Grid walled_grid() {
  std::istringstream in(kWalledMap);
  return parse_map(in, "walled.map");
}

// A legacy version-1.0 scen, as bg512 ships: whitespace-separated, lengths to 2 decimals.
std::string legacy_scen(const std::vector<std::string>& lines) {
  std::string text = "version 1.0\n";
  for (const std::string& l : lines) text += l + "\n";
  return text;
}

std::string walled_config(const std::string& extra = "") {
  return "name: badq\n" + extra +
         "datasets:\n"
         "  - name: walled\n"
         "    movingai: {maps: [walled.map]}\n"
         "planners:\n"
         "  - {label: a, algorithm: astar}\n"
         "  - {label: j, algorithm: jps}\n";
}

SearchResult solved_diagonal(const Grid& g) {
  SearchResult r;
  r.status = Status::Solved;
  r.path = {g.id(0, 0), g.id(1, 1)};
  r.cost = kSqrt2;
  return r;
}

// sqrt(2) = 1.41421...: "1.41" is it to 2 decimals (off by 0.0042 <= 0.005), "1.42" is off by
// 0.0058 and "1.40" by 0.0142. At 1e-5 relative even 1.41 would be "not optimal".
TEST(PublishedPrecision, TwoDecimalLengthIsComparedAtItsPrecision) {
  const Grid g = walled_grid();
  const Capabilities caps;  // optimal
  const SearchResult r = solved_diagonal(g);
  const Query q{{0, 0}, {1, 1}};
  EXPECT_TRUE(check_result(g, q, r, 1.41, caps, 2).valid);
  EXPECT_FALSE(check_result(g, q, r, 1.42, caps, 2).valid);
  EXPECT_FALSE(check_result(g, q, r, 1.40, caps, 2).valid);
  EXPECT_FALSE(check_result(g, q, r, 1.41, caps, -1).valid) << "a computed reference is exact";
  EXPECT_TRUE(check_result(g, q, r, 1.41421356, caps, 8).valid);
  EXPECT_DOUBLE_EQ(published_tolerance(1.41, 2), 0.005);
  EXPECT_DOUBLE_EQ(published_tolerance(2000.0, 2), 0.02);  // 1e-5 * L is the larger
}

// Issue 31: only a solved row with a legal path and a checked cost is valid. A timeout, a
// crash or a protocol error has no path to check: not valid, yet not a failed validation.
TEST(PublishedPrecision, UnsolvedOutcomesAreNotValid) {
  const Grid g = walled_grid();
  for (const Status s : {Status::Timeout, Status::Crashed, Status::ProtocolError}) {
    SCOPED_TRACE(std::string(to_string(s)));
    SearchResult r;
    r.status = s;
    const PathCheck check = check_result(g, {{0, 0}, {1, 1}}, r, kSqrt2, Capabilities{});
    EXPECT_FALSE(check.valid);
    RunRow row;
    row.status = s;
    row.valid = check.valid;
    EXPECT_FALSE(failed_validation(row));
    row.status = Status::Solved;
    EXPECT_TRUE(failed_validation(row));
  }
}

// No summary counts a timeout or a bad_query row as solved, valid or optimal.
TEST(PublishedPrecision, SummaryCountsNeitherTimeoutsNorBadQueries) {
  std::vector<RunRow> rows(3);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    rows[i].dataset = "d";
    rows[i].map = "m";
    rows[i].planner = "p";
    rows[i].query = static_cast<int>(i);
    rows[i].optimal = 1.41;
    rows[i].optimal_decimals = 2;
  }
  rows[0].status = Status::Solved;
  rows[0].valid = true;
  rows[0].cost = kSqrt2;
  rows[1].status = Status::Timeout;
  rows[2].status = Status::BadQuery;
  rows[2].cost = kSqrt2;
  const std::vector<SummaryRow> s = summarize(rows, GroupBy::Dataset);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].queries, 3u);
  EXPECT_EQ(s[0].solved, 1u);
  EXPECT_EQ(s[0].valid, 1u);
  EXPECT_EQ(s[0].optimal, 1u);  // 1.41421 equals 1.41 at 2 decimals
}

class BadQueryRun : public CliTest {
 protected:
  void SetUp() override { write("walled.map", kWalledMap); }

  // `pathbench run` of the walled map's config (plus `extra` settings) on this scen text.
  CmdResult run_scen(const std::string& scen, const std::string& extra = "") {
    write("walled.map.scen", scen);
    write("cfg.yaml", walled_config(extra));
    return run({"run", "cfg.yaml", "--out", "out"});
  }
};

// The 2-decimal length of the true octile optimum is valid for both planners; one 0.01 off is
// not (our Dijkstra proves sqrt(2), so it is the data's problem, not the planners').
TEST_F(BadQueryRun, TwoDecimalLengthsValidWithinHalfAUnit) {
  const CmdResult r =
      run_scen(legacy_scen({"0 walled.map 5 3 0 0 1 1 1.41", "0 walled.map 5 3 0 0 1 2 2.41",
                            "0 walled.map 5 3 0 0 1 1 1.42"}));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const Csv csv = read_csv(work_ / "out" / "runs.csv");
  ASSERT_EQ(csv.rows.size(), 6u);
  for (const auto& row : csv.rows) {
    SCOPED_TRACE(row.at("planner") + " query " + row.at("query"));
    EXPECT_EQ(row.at("optimal_decimals"), "2");
    if (row.at("query") == "2") {
      EXPECT_EQ(row.at("status"), "bad_query");
      EXPECT_EQ(row.at("valid"), "0");
      EXPECT_NE(row.at("error").find("data: published length 1.42 differs from the proven "
                                     "optimum 1.414"),
                std::string::npos)
          << row.at("error");
    } else {
      EXPECT_EQ(row.at("status"), "solved");
      EXPECT_EQ(row.at("valid"), "1") << row.at("error");
    }
  }
}

// dao's scens print 6 significant digits (%g): "1" beside "2.41421" is 1.00000, so both rows
// are compared at 5 decimals, not "1" at half a unit (0.5).
TEST_F(BadQueryRun, IntegerLengthInAGFileKeepsTheFilesPrecision) {
  const CmdResult r = run_scen(
      "version 1\n0\twalled.map\t5\t3\t0\t0\t1\t0\t1\n"
      "0\twalled.map\t5\t3\t0\t0\t1\t1\t1.41421\n");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const Csv csv = read_csv(work_ / "out" / "runs.csv");
  ASSERT_EQ(csv.rows.size(), 4u);
  for (const auto& row : csv.rows) {
    EXPECT_EQ(row.at("optimal_decimals"), "5");
    EXPECT_EQ(row.at("valid"), "1") << row.at("error");
  }
}

// dao's case: length 0 for two distinct cells with no path between them. With the default
// (record) every planner's row is kept as bad_query with the reason, none is invalid, rc 0, and
// meta.json counts the line once for its map.
TEST_F(BadQueryRun, ZeroLengthForUnreachablePairIsRecorded) {
  const CmdResult r =
      run_scen(legacy_scen({"0 walled.map 5 3 0 0 1 1 1.41", "0 walled.map 5 3 0 0 4 0 0",
                            "0 walled.map 5 3 0 0 4 2 5.00"}));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(r.err.find("failed validation"), std::string::npos) << r.err;
  const Csv csv = read_csv(work_ / "out" / "runs.csv");
  ASSERT_EQ(csv.rows.size(), 6u);
  for (const auto& row : csv.rows) {
    SCOPED_TRACE(row.at("planner") + " query " + row.at("query"));
    if (row.at("query") == "0") {
      EXPECT_EQ(row.at("valid"), "1");
      continue;
    }
    EXPECT_EQ(row.at("status"), "bad_query");
    EXPECT_EQ(row.at("valid"), "0");
    EXPECT_EQ(row.at("error"), row.at("query") == "1"
                                   ? "data: published length 0 for distinct cells"
                                   : "data: published length 5 for a pair with no path");
  }
  const Json meta = Json::parse(read_text(work_ / "out" / "meta.json"));
  EXPECT_EQ(meta["experiment"]["on_bad_query"], "record");
  EXPECT_EQ(meta["bad_queries"]["lines"], 2);
  EXPECT_EQ(meta["bad_queries"]["rows"], 4);
  EXPECT_EQ(meta["bad_queries"]["per_map"]["walled/walled.map"], 2);
  EXPECT_NE(meta["cost_tolerance"].get<std::string>().find("half a unit"), std::string::npos);
  const std::string md = read_text(work_ / "out" / "summary.md");
  EXPECT_NE(md.find("## Data problems (status bad_query)\n\n2 scen lines (4 rows)"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("- walled/walled.map: 2\n"), std::string::npos) << md;
  // report recomputes the same summary.md from runs.csv.
  const CmdResult rep = run({"report", "out"});
  EXPECT_EQ(rep.code, 0) << rep.out << rep.err;
  EXPECT_EQ(read_text(work_ / "out" / "summary.md"), md);
}

// wc3maps512's case: a scen line whose goal (or start) is a blocked cell. With record the line is
// kept as bad_query for every planner, which is never asked to solve it (no expansions, no path),
// and the lines around it are solved as usual; with error it stops the run, naming the field.
TEST_F(BadQueryRun, BlockedEndpointIsRecordedWithoutSolving) {
  const CmdResult r =
      run_scen(legacy_scen({"0 walled.map 5 3 0 0 1 1 1.41", "0 walled.map 5 3 0 0 2 1 2.00",
                            "0 walled.map 5 3 2 2 0 0 2.83", "0 walled.map 5 3 3 0 4 1 1.41"}));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const Csv csv = read_csv(work_ / "out" / "runs.csv");
  ASSERT_EQ(csv.rows.size(), 8u);
  for (const auto& row : csv.rows) {
    SCOPED_TRACE(row.at("planner") + " query " + row.at("query"));
    const std::string& q = row.at("query");
    if (q == "0" || q == "3") {
      EXPECT_EQ(row.at("status"), "solved");
      EXPECT_EQ(row.at("valid"), "1") << row.at("error");
      continue;
    }
    EXPECT_EQ(row.at("status"), "bad_query");
    EXPECT_EQ(row.at("valid"), "0");
    EXPECT_EQ(row.at("expansions"), "0");
    EXPECT_EQ(row.at("path_cells"), "0");
    EXPECT_EQ(row.at("error"), q == "1" ? "data: goal (2, 1) is a blocked cell of walled.map"
                                        : "data: start (2, 2) is a blocked cell of walled.map");
  }
  const Json meta = Json::parse(read_text(work_ / "out" / "meta.json"));
  EXPECT_EQ(meta["bad_queries"]["lines"], 2);
  EXPECT_EQ(meta["bad_queries"]["rows"], 4);
}

// A bad second scen line (line 3 of the file) under on_bad_query: error.
struct ErrorPolicyCase {
  std::string name;
  std::string bad_line;  // follows a good first line
  std::string field;     // the field the message names
  std::string reason;    // what the message says is wrong
};

void PrintTo(const ErrorPolicyCase& c, std::ostream* os) { *os << c.name; }

class BadQueryErrorPolicy : public BadQueryRun,
                            public ::testing::WithParamInterface<ErrorPolicyCase> {};

// on_bad_query: error stops the run before anything is solved, naming file, line and field.
TEST_P(BadQueryErrorPolicy, StopsTheRunNamingFileLineAndField) {
  const ErrorPolicyCase& c = GetParam();
  const CmdResult r =
      run_scen(legacy_scen({"0 walled.map 5 3 0 0 1 1 1.41", c.bad_line}), "on_bad_query: error\n");
  expect_input_error(r, "walled.map.scen", 3, c.field);
  EXPECT_NE(r.err.find(c.reason), std::string::npos) << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Lines, BadQueryErrorPolicy,
    ::testing::Values(ErrorPolicyCase{"BlockedEndpoint", "0 walled.map 5 3 0 0 2 1 2.00", "goal",
                                      "(2, 1) is a blocked cell of walled.map"},
                      ErrorPolicyCase{"ZeroLengthForDistinctCells", "0 walled.map 5 3 0 0 4 0 0",
                                      "optimal_length", "published length 0 for distinct cells"}),
    [](const ::testing::TestParamInfo<ErrorPolicyCase>& p) { return p.param.name; });

// The same for a length only a search proves wrong: the run fails at that row, clearly.
TEST_F(BadQueryRun, ErrorPolicyFailsOnALengthTheReferenceDisproves) {
  const CmdResult r =
      run_scen(legacy_scen({"0 walled.map 5 3 0 0 1 1 1.42"}), "on_bad_query: error\n");
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("walled.map.scen:2: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("optimal_length"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("proven optimum"), std::string::npos) << r.err;
}

TEST_F(BadQueryRun, UnknownPolicyIsAConfigError) {
  const CmdResult r =
      run_scen(legacy_scen({"0 walled.map 5 3 0 0 1 1 1.41"}), "on_bad_query: skip\n");
  expect_input_error(r, "cfg.yaml", 2, "on_bad_query");
}

}  // namespace
}  // namespace pathbench::cli_test
