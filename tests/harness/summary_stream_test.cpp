// The streaming summaries of `pathbench report` (harness/output/summary_stream.h) against the
// in-memory ones (summarize() on read_runs_csv's rows) on real runs: every number of every row of
// both tables must be identical (NaN where NaN), whatever the grouping and however often the
// spill buffer is flushed; and the streaming CSV reader against parse_csv.
#include "harness/output/summary_stream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/core/input_error.h"
#include "harness/analysis/run_comparison.h"
#include "harness/output/bad_query_lines.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/output/summary.h"
#include "harness/output/summary_schema.h"
#include "tests/support/experiment_run.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"
#include "tests/support/test_data.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

void expect_same_test(const PairedTest& a, const PairedTest& b, const std::string& where) {
  EXPECT_EQ(a.pairs, b.pairs) << where;
  EXPECT_EQ(a.n, b.n) << where;
  EXPECT_TRUE(same(a.statistic, b.statistic)) << where;
  EXPECT_TRUE(same(a.p, b.p)) << where << ' ' << a.p << ' ' << b.p;
  EXPECT_TRUE(same(a.p_holm, b.p_holm)) << where;
  EXPECT_TRUE(same(a.rank_biserial, b.rank_biserial)) << where;
}

// Every column of summary.csv as the writer prints it (numbers in shortest round-trip form, so
// equal text is an equal value, NaN where NaN), so a column added to the schema is compared too;
// and what the file does not show: validated rows and all of each paired test.
void expect_same_rows(const std::vector<SummaryRow>& want, const std::vector<SummaryRow>& got) {
  ASSERT_EQ(want.size(), got.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    const SummaryRow& a = want[i];
    const SummaryRow& b = got[i];
    const std::string where = a.group + " / " + a.planner + " / " + a.length_class;
    for (const SummaryColumn& c : summary_columns())
      EXPECT_EQ(c.field(a), c.field(b)) << where << " column " << c.name;
    EXPECT_EQ(a.validated, b.validated) << where;
    expect_same_test(a.time_test, b.time_test, where + " time test");
    expect_same_test(a.expansions_test, b.expansions_test, where + " expansions test");
  }
}

class SummaryStreamTest : public testing::ScratchTest {
 protected:
  // Streams runs_csv with every grouping and a small and a large spill buffer, and compares with
  // the in-memory summaries of the same file. Returns the row count.
  std::size_t check_against_in_memory(const fs::path& runs_csv, const std::string& baseline,
                                      std::uint64_t seed) {
    const RunsCsv runs = read_runs_csv(runs_csv);
    int scratch = 0;
    for (GroupBy by : {GroupBy::Dataset, GroupBy::Map}) {
      SummaryOptions opt;
      opt.by = by;
      opt.baseline = baseline;
      opt.seed = seed;
      const std::vector<SummaryRow> overall = summarize(runs.rows, opt);
      const std::vector<SummaryRow> by_length = summarize_by_length(runs.rows, opt);
      const BadQueryLines bad = count_bad_query_lines(runs.rows);
      for (std::size_t buffer : {std::size_t{7}, std::size_t{1} << 18}) {
        SCOPED_TRACE(::testing::Message()
                     << "by " << (by == GroupBy::Map ? "map" : "dataset") << ", buffer " << buffer);
        std::size_t observed = 0;
        const fs::path dir = root_ / ("scratch" + std::to_string(scratch++));
        const StreamedSummaries s = summarize_runs_csv(
            runs_csv, opt, dir,
            [&](const RunRow& r, const std::vector<std::string>& fields) {
              EXPECT_EQ(r.planner, runs.rows[observed].planner);
              EXPECT_EQ(fields.size(), runs.header.size());
              ++observed;
            },
            buffer);
        EXPECT_FALSE(fs::exists(dir)) << "the scratch folder is removed";
        EXPECT_EQ(s.rows, runs.rows.size());
        EXPECT_EQ(observed, runs.rows.size());
        expect_same_rows(overall, s.overall);
        expect_same_rows(by_length, s.by_length);
        EXPECT_EQ(s.bad.lines, bad.lines);
        EXPECT_EQ(s.bad.rows, bad.rows);
        EXPECT_EQ(s.bad.per_map, bad.per_map);
      }
    }
    return runs.rows.size();
  }

  // Runs the experiment `yaml` and checks its runs.csv as check_against_in_memory does.
  std::size_t run_and_check(const std::string& yaml, const std::string& baseline,
                            std::uint64_t seed) {
    RunOutcome outcome;
    testing::run_experiment_yaml(root_, yaml, &outcome);
    return check_against_in_memory(outcome.dir / "runs.csv", baseline, seed);
  }
};

// A real run: generated maps of three kinds, repetitions (time spread), a baseline (speedups,
// Wilcoxon tests, bootstrap CIs), weighted A* (suboptimality) and a planner sweep.
TEST_F(SummaryStreamTest, EqualsInMemorySummariesOnARealRun) {
  const std::string yaml =
      "name: stream\n"
      "seed: 7\n"
      "repetitions: 2\n"
      "baseline: astar\n"
      "datasets:\n"
      "  - name: rnd\n"
      "    generated: {kind: random, width: 48, height: 48, density: 0.25, count: 3,\n"
      "                queries_per_bucket: 2}\n"
      "  - name: maze\n"
      "    generated: {kind: maze, width: 31, height: 31, count: 2, queries_per_bucket: 2}\n"
      "  - name: rooms\n"
      "    generated: {kind: rooms, width: 40, height: 40, count: 1, queries_per_bucket: 3}\n"
      "planners:\n"
      "  - {label: astar, algorithm: astar}\n"
      "  - {label: dijkstra, algorithm: dijkstra}\n"
      "  - {label: jps, algorithm: jps}\n"
      "  - {label: wastar, algorithm: astar, params: {weight: [1.5, 3]}}\n";
  EXPECT_GT(run_and_check(yaml, "astar", 7), 500u);
}

// The shared MovingAI maps (published lengths at their own precision, real bucket ranges).
TEST_F(SummaryStreamTest, EqualsInMemorySummariesOnMovingAiMaps) {
  PATHBENCH_REQUIRE_MOVINGAI();
  const std::string yaml =
      "name: stream_movingai\n"
      "seed: 3\n"
      "repetitions: 1\n"
      "baseline: jps\n"
      "datasets:\n"
      "  - name: movingai\n"
      "    movingai:\n"
      "      maps: [\"" +
      (testing::movingai_dir() / "*.map").string() +
      "\"]\n"
      "      sample: 40\n"
      "planners:\n"
      "  - {label: jps, algorithm: jps}\n"
      "  - {label: astar, algorithm: astar}\n"
      "  - {label: wastar2, algorithm: astar, params: {weight: 2}}\n";
  EXPECT_GT(run_and_check(yaml, "jps", 3), 1000u);
}

// Hand-made rows: a duplicate run is the same error, on the same line, as read_runs_csv's.
TEST_F(SummaryStreamTest, DuplicateRunIsTheSameErrorAsTheReader) {
  RunOutcome outcome;
  testing::run_experiment_yaml(root_,
                               "name: dup\nseed: 1\nrepetitions: 1\ndatasets:\n"
                               "  - name: rnd\n"
                               "    generated: {kind: random, width: 16, height: 16, "
                               "density: 0.1, count: 1, queries_per_bucket: 1}\n"
                               "planners:\n  - {label: astar, algorithm: astar}\n"
                               "  - {label: jps, algorithm: jps}\n",
                               &outcome);
  std::string text = testing::read_text(outcome.dir / "runs.csv");
  std::istringstream lines(text);
  std::string header, first, second, third;
  std::getline(lines, header);
  std::getline(lines, first);
  std::getline(lines, second);
  std::getline(lines, third);
  // Line 5 repeats line 3 (the second data row), after line 4 (the third).
  text = header + '\n' + first + '\n' + second + '\n' + third + '\n' + second + '\n';
  const fs::path csv = root_ / "dup.csv";
  ASSERT_TRUE(testing::write_text(csv, text));
  std::string want;
  try {
    read_runs_csv(csv);
  } catch (const InputError& e) {
    want = e.what();
  }
  ASSERT_NE(want.find("duplicate run"), std::string::npos) << want;
  try {
    summarize_runs_csv(csv, SummaryOptions{}, root_ / "scratch");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), want);
  }
  EXPECT_FALSE(fs::exists(root_ / "scratch"));
}

// `compare` streamed: the same comparison as compare_runs on the rows in memory, for two real runs
// of one experiment (every time differs) with a planner and a map only in one of them.
TEST_F(SummaryStreamTest, StreamedCompareEqualsInMemoryCompare) {
  const std::string base =
      "seed: 5\n"
      "repetitions: 1\n"
      "datasets:\n"
      "  - name: rnd\n"
      "    generated: {kind: random, width: 40, height: 40, density: 0.2, count: 2,\n"
      "                queries_per_bucket: 3}\n"
      "  - name: maze\n"
      "    generated: {kind: maze, width: 25, height: 25, count: COUNT, queries_per_bucket: 3}\n"
      "planners:\n"
      "  - {label: astar, algorithm: astar}\n"
      "  - {label: jps, algorithm: jps}\n";
  const auto config = [&](const std::string& name, const std::string& count,
                          const std::string& extra) {
    std::string y = "name: " + name + "\n" + base + extra;
    y.replace(y.find("COUNT"), 5, count);
    return y;
  };
  fs::create_directories(root_ / "a");
  fs::create_directories(root_ / "b");
  RunOutcome oa, ob;
  testing::run_experiment_yaml(root_ / "a", config("cmp", "2", ""), &oa);
  testing::run_experiment_yaml(
      root_ / "b", config("cmp", "1", "  - {label: dijkstra, algorithm: dijkstra}\n"), &ob);
  const RunsCsv a = read_runs_csv(oa.dir / "runs.csv");
  const RunsCsv b = read_runs_csv(ob.dir / "runs.csv");
  const nlohmann::json meta = nlohmann::json::object();
  int scratch = 0;
  for (GroupBy by : {GroupBy::Dataset, GroupBy::Map})
    for (std::size_t buffer : {std::size_t{5}, std::size_t{1} << 18}) {
      CompareOptions opt;
      opt.by = by;
      opt.seed = 5;
      const RunComparison want = compare_runs(a, meta, b, meta, opt);
      const fs::path dir = root_ / ("cmp" + std::to_string(scratch++));
      std::string why;
      const RunComparison got = compare_runs_files(oa.dir / "runs.csv", meta, ob.dir / "runs.csv",
                                                   meta, opt, dir, &why, buffer);
      EXPECT_FALSE(fs::exists(dir));
      EXPECT_TRUE(why.empty()) << why;
      EXPECT_GT(want.matched, 50u);
      EXPECT_GT(want.only_in_a, 0u);
      EXPECT_GT(want.only_in_b, 0u);
      EXPECT_EQ(got.matched, want.matched);
      EXPECT_EQ(got.only_in_a, want.only_in_a);
      EXPECT_EQ(got.only_in_b, want.only_in_b);
      EXPECT_EQ(got.experiment_differences, want.experiment_differences);
      ASSERT_EQ(got.rows.size(), want.rows.size());
      for (std::size_t i = 0; i < want.rows.size(); ++i) {
        const PlannerComparison& x = want.rows[i];
        const PlannerComparison& y = got.rows[i];
        const std::string where = x.group + " / " + x.planner;
        EXPECT_EQ(y.group, x.group);
        EXPECT_EQ(y.planner, x.planner);
        static constexpr std::size_t PlannerComparison::*counts[] = {
            &PlannerComparison::matched,           &PlannerComparison::status_changes,
            &PlannerComparison::validity_changes,  &PlannerComparison::cost_changes,
            &PlannerComparison::expansion_changes, &PlannerComparison::time_pairs};
        for (std::size_t k = 0; k < std::size(counts); ++k)
          EXPECT_EQ(y.*counts[k], x.*counts[k]) << where << " count #" << k;
        EXPECT_EQ(y.examples.size(), x.examples.size()) << where;
        for (double PlannerComparison::*ratio :
             {&PlannerComparison::ratio, &PlannerComparison::ratio_lo,
              &PlannerComparison::ratio_hi})
          EXPECT_TRUE(same(y.*ratio, x.*ratio)) << where << ' ' << y.*ratio << " vs " << x.*ratio;
        expect_same_test(x.test, y.test, where);
        EXPECT_EQ(y.regression, x.regression) << where;
      }
    }
  // Nothing in common: the same explanation as the in-memory one.
  RunOutcome oc;
  fs::create_directories(root_ / "c");
  testing::run_experiment_yaml(
      root_ / "c",
      "name: other\nseed: 1\nrepetitions: 1\ndatasets:\n  - name: z\n"
      "    generated: {kind: random, width: 16, height: 16, density: 0.1, count: 1,\n"
      "                queries_per_bucket: 1}\nplanners:\n  - {label: dijkstra, algorithm: "
      "dijkstra}\n",
      &oc);
  const RunsCsv other = read_runs_csv(oc.dir / "runs.csv");
  const RunComparison none = compare_runs(a, meta, other, meta, CompareOptions{});
  std::string why;
  const RunComparison got = compare_runs_files(oa.dir / "runs.csv", meta, oc.dir / "runs.csv", meta,
                                               CompareOptions{}, root_ / "none", &why);
  EXPECT_EQ(got.matched, 0u);
  EXPECT_EQ(why, why_no_rows_matched(a, other, none));
  EXPECT_NE(why.find("no planners in common"), std::string::npos) << why;
}

// A runs.csv of an older schema (no time_spread, batch, path_us, optimal_decimals) streams like
// it reads: the optional columns take their defaults.
TEST_F(SummaryStreamTest, OlderSchemaWithoutOptionalColumns) {
  RunOutcome outcome;
  testing::run_experiment_yaml(root_,
                               "name: old\nseed: 2\nrepetitions: 1\nbaseline: astar\n"
                               "datasets:\n  - name: rnd\n"
                               "    generated: {kind: random, width: 24, height: 24, "
                               "density: 0.2, count: 2, queries_per_bucket: 2}\n"
                               "planners:\n  - {label: astar, algorithm: astar}\n"
                               "  - {label: jps, algorithm: jps}\n",
                               &outcome);
  auto records = parse_csv(testing::read_text(outcome.dir / "runs.csv"));
  std::string text;
  for (const auto& rec : records) {
    std::string line;
    for (std::size_t k = 0; k < rec.size(); ++k) {
      const std::string& name = records[0][k];
      if (name == "time_spread" || name == "batch" || name == "path_us" ||
          name == "optimal_decimals")
        continue;
      line += (line.empty() ? "" : ",") + rec[k];
    }
    text += line + '\n';
  }
  const fs::path csv = root_ / "old.csv";
  ASSERT_TRUE(testing::write_text(csv, text));
  const std::size_t rows = check_against_in_memory(csv, "astar", 2);
  EXPECT_GT(rows, 10u);
  RunsCsvStream in(csv);
  RunRow r;
  ASSERT_TRUE(in.next(r));
  EXPECT_TRUE(std::isnan(r.time_spread));
  EXPECT_TRUE(std::isnan(r.path_us));
  EXPECT_EQ(r.batch, 1);
  EXPECT_EQ(r.optimal_decimals, -1);
}

// The streaming record reader splits exactly as parse_csv on every RFC 4180 corner.
TEST(CsvRecordReaderTest, SplitsLikeParseCsv) {
  for (const std::string& text :
       {std::string("a,b\n1,2\n"), std::string("a,b\r\n1,\"x,y\"\r\n"),
        std::string("\"q\"\"uote\",\"multi\nline\"\n,\n"), std::string("a\rb\r\n\nlast,row"),
        std::string(""), std::string("\n\n"), std::string("x,\"\",y")}) {
    const auto want = parse_csv(text);
    std::istringstream in(text);
    CsvRecordReader reader(in);
    std::vector<std::vector<std::string>> got;
    std::vector<std::string> record{"stale", "fields"};
    while (reader.next(record)) got.push_back(record);
    EXPECT_EQ(got, want) << text;
    EXPECT_EQ(reader.records_read(), want.size());
  }
  std::istringstream bad("a,\"open\n");
  CsvRecordReader reader(bad);
  std::vector<std::string> record;
  EXPECT_THROW(reader.next(record), std::runtime_error);
}

}  // namespace
}  // namespace pathbench
