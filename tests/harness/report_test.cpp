// End-to-end tests of results beyond runs.csv, through the real binary: the summary files, the
// `report` subcommand (summaries recomputed identically from runs.csv, plots, report.html rendered
// in headless Chromium), and resuming an interrupted run (a truncated runs.csv, and a real SIGINT)
// to the same rows as an uninterrupted run.
#include <signal.h>
#include <sys/wait.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "harness/output/runs_csv_reader.h"
#include "tests/support/run_rows.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

using testing::read_text;
using testing::write_text;

using Exit = testing::CommandResult;

pid_t spawn(const fs::path& root, const std::vector<std::string>& args) {
  return testing::spawn_process(root, PATHBENCH_EXE, args);
}

Exit wait_for(const fs::path& root, pid_t pid) { return testing::wait_process(root, pid); }

// A config whose runs take a few seconds: enough rows to interrupt mid-way.
constexpr const char* kConfig =
    "name: rep\n"
    "seed: 11\n"
    "repetitions: 2\n"
    "baseline: astar\n"
    "datasets:\n"
    "  - name: rnd\n"
    "    generated: {kind: random, width: 64, height: 64, density: 0.2, count: 2,\n"
    "                queries_per_bucket: 2}\n"
    "  - name: maze\n"
    "    generated: {kind: maze, width: 41, height: 41, count: 1, queries_per_bucket: 1}\n"
    "planners:\n"
    "  - {label: astar, algorithm: astar}\n"
    "  - {label: dijkstra, algorithm: dijkstra}\n"
    "  - {label: wastar, algorithm: astar, params: {weight: [1.5, 3]}}\n";

class ReportTest : public pathbench::testing::ScratchTest {
 protected:
  void SetUp() override { write_text(root_ / "cfg.yaml", kConfig); }
  Exit run(const std::vector<std::string>& args) const {
    return wait_for(root_, spawn(root_, args));
  }
  Exit run_config(const fs::path& out, const std::string& cfg = "cfg.yaml") const {
    return run({"run", (root_ / cfg).string(), "--out", out.string()});
  }
};

using testing::rows_without_times;

bool python_with_matplotlib() {
  return std::system("/usr/bin/python3 -c 'import matplotlib' >/dev/null 2>&1") == 0;
}

TEST_F(ReportTest, RunWritesSummariesAndReportRecomputesThemExactly) {
  const fs::path out = root_ / "out";
  const Exit r = run_config(out);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  for (const char* f : {"summary.csv", "summary_buckets.csv", "summary.md"})
    ASSERT_TRUE(fs::is_regular_file(out / f)) << f;

  // The baseline's own speedup is exactly 1; every planner has speedup columns.
  const auto summary = parse_csv(read_text(out / "summary.csv"));
  ASSERT_EQ(summary.size(), 1u + 2 * 4);  // 2 datasets x 4 planners
  const auto& h = summary[0];
  const auto col = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(h.begin(), h.end(), name) - h.begin());
  };
  ASSERT_LT(col("speedup_geomean"), h.size());
  ASSERT_LT(col("p95_time_us"), h.size());
  ASSERT_LT(col("time_exponent"), h.size());
  for (std::size_t i = 1; i < summary.size(); ++i) {
    EXPECT_FALSE(summary[i][col("speedup_geomean")].empty()) << summary[i][1];
    if (summary[i][1] == "astar") {
      EXPECT_EQ(summary[i][col("speedup_geomean")], "1");
      EXPECT_EQ(summary[i][col("speedup_ci_lo")], "1");
    }
    // Dijkstra expands more than A* on every dataset here.
    if (summary[i][1] == "dijkstra") {
      EXPECT_LT(std::stod(summary[i][col("expansion_ratio_geomean")]), 1.0);
    }
  }
  const auto buckets = parse_csv(read_text(out / "summary_buckets.csv"));
  EXPECT_EQ(buckets[0][2], "length_class");
  std::set<std::string> classes;
  for (std::size_t i = 1; i < buckets.size(); ++i) classes.insert(buckets[i][2]);
  EXPECT_EQ(classes, (std::set<std::string>{"short", "medium", "long"}));
  const std::string md = read_text(out / "summary.md");
  EXPECT_NE(md.find("| group | planner |"), std::string::npos);
  EXPECT_NE(md.find("speedup [95% CI]"), std::string::npos);

  // `report` recomputes the same files byte for byte from runs.csv and meta.json.
  std::map<std::string, std::string> before;
  for (const char* f : {"summary.csv", "summary_buckets.csv", "summary.md"}) {
    before[f] = read_text(out / f);
    fs::remove(out / f);
  }
  const Exit rep = run({"report", out.string()});
  ASSERT_EQ(rep.code, 0) << rep.out << rep.err;
  for (const auto& [f, text] : before) EXPECT_EQ(read_text(out / f), text) << f;
  ASSERT_TRUE(fs::is_regular_file(out / "report.html"));
  const std::string html = read_text(out / "report.html");
  EXPECT_NE(html.find("<table id=\"summary\">"), std::string::npos);
  EXPECT_NE(html.find("<table id=\"summary-buckets\">"), std::string::npos);
  EXPECT_EQ(html.find("src=\"http"), std::string::npos) << "report.html must be self-contained";
  if (python_with_matplotlib()) {
    for (const char* p :
         {"time_vs_length", "expansions_box", "speedup_by_map", "suboptimality_vs_time"}) {
      EXPECT_TRUE(fs::is_regular_file(out / "plots" / (std::string(p) + ".png"))) << p;
      EXPECT_TRUE(fs::is_regular_file(out / "plots" / (std::string(p) + ".svg"))) << p;
    }
    EXPECT_NE(html.find("data:image/png;base64,iVBORw0KGgo"), std::string::npos);
  } else {
    std::cout << "note: /usr/bin/python3 with matplotlib absent; plots not checked\n";
  }

  // --baseline: the comparisons are with another planner of the run (dijkstra's own speedup is
  // then exactly 1, and A* expands fewer nodes than it); an unknown label is refused, naming the
  // run's planners, with no file touched.
  ASSERT_EQ(run({"report", out.string(), "--no-plots", "--baseline", "dijkstra"}).code, 0);
  const auto over_dijkstra = parse_csv(read_text(out / "summary.csv"));
  for (std::size_t i = 1; i < over_dijkstra.size(); ++i) {
    if (over_dijkstra[i][1] == "dijkstra") {
      EXPECT_EQ(over_dijkstra[i][col("speedup_geomean")], "1");
    }
    if (over_dijkstra[i][1] == "astar") {
      EXPECT_GT(std::stod(over_dijkstra[i][col("expansion_ratio_geomean")]), 1.0);
    }
  }
  const std::string kept = read_text(out / "summary.csv");
  const Exit unknown = run({"report", out.string(), "--baseline", "jps"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.err.find("--baseline"), std::string::npos) << unknown.err;
  EXPECT_NE(unknown.err.find("no planner 'jps' in this run (its planners: 'astar'"),
            std::string::npos)
      << unknown.err;
  EXPECT_EQ(read_text(out / "summary.csv"), kept);

  // A directory without runs.csv is one clear error.
  fs::create_directories(root_ / "empty");
  const Exit bad = run({"report", (root_ / "empty").string()});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("runs.csv"), std::string::npos) << bad.err;
}

// `sample: N` takes the middles of N equal slices of the scen file; `summary: {by: map}` groups
// the summary per map.
TEST_F(ReportTest, SampleAndSummaryByMapKeys) {
  write_text(root_ / "open.map",
             "type octile\nheight 4\nwidth 8\nmap\n........\n........\n"
             "........\n........\n");
  std::string scen = "version 1\n";
  for (int i = 0; i < 8; ++i)  // (0,0) -> (i,0): length i, bucket i / 4
    scen += std::to_string(i / 4) + "\topen.map\t8\t4\t0\t0\t" + std::to_string(i) + "\t0\t" +
            std::to_string(i) + "\n";
  write_text(root_ / "open.map.scen", scen);
  write_text(root_ / "s.yaml",
             "name: s\nsummary: {by: map}\ndatasets:\n"
             "  - name: d\n    movingai: {maps: [open.map], sample: 4}\n"
             "planners:\n  - {label: a, algorithm: astar}\n");
  const Exit r = run_config(root_ / "out", "s.yaml");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const auto rows = parse_csv(read_text(root_ / "out" / "runs.csv"));
  ASSERT_EQ(rows.size(), 5u);
  std::vector<std::string> queries;
  for (std::size_t i = 1; i < rows.size(); ++i) queries.push_back(rows[i][2]);
  EXPECT_EQ(queries, (std::vector<std::string>{"1", "3", "5", "7"}));
  const auto summary = parse_csv(read_text(root_ / "out" / "summary.csv"));
  ASSERT_EQ(summary.size(), 2u);
  EXPECT_EQ(summary[1][0], "d/open.map");
}

std::string find_chromium() {
  for (const char* p : {"/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"})
    if (fs::exists(p)) return p;
  return {};
}

TEST_F(ReportTest, ReportHtmlRendersInHeadlessChromium) {
  const std::string chromium = find_chromium();
  if (chromium.empty())
    GTEST_SKIP()
        << "chromium not installed (scripts/test.sh installs it: apt-get install chromium)";
  const fs::path out = root_ / "out";
  ASSERT_EQ(run_config(out).code, 0);
  const Exit rep = run({"report", out.string()});
  ASSERT_EQ(rep.code, 0) << rep.err;

  const std::string flags =
      " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
      " --disable-background-networking --disable-component-update --disable-sync"
      " --user-data-dir=";
  const std::string url = "file://" + (out / "report.html").string();
  const fs::path dom = root_ / "dom.html", shot = root_ / "shot.png";
  const std::string dump_cmd = "timeout 120 " + chromium + flags + (root_ / "profile1").string() +
                               " --dump-dom '" + url + "' > '" + dom.string() + "' 2>/dev/null";
  ASSERT_EQ(std::system(dump_cmd.c_str()), 0) << dump_cmd;
  const std::string rendered = read_text(dom);
  // What the browser built from the file: both tables with rows, and the embedded plots.
  EXPECT_NE(rendered.find("<table id=\"summary\">"), std::string::npos) << rendered.substr(0, 500);
  EXPECT_NE(rendered.find("<table id=\"summary-buckets\">"), std::string::npos);
  EXPECT_NE(rendered.find("<td>dijkstra</td>"), std::string::npos);
  if (python_with_matplotlib()) {
    EXPECT_NE(rendered.find("<img alt=\"time_vs_length\""), std::string::npos);
  }

  const std::string shot_cmd = "cd '" + root_.string() + "' && timeout 120 " + chromium + flags +
                               (root_ / "profile2").string() + " --screenshot='" + shot.string() +
                               "' --window-size=1200,2000 '" + url + "' >/dev/null 2>&1";
  ASSERT_EQ(std::system(shot_cmd.c_str()), 0) << shot_cmd;
  ASSERT_TRUE(fs::is_regular_file(shot));
  const std::string png = read_text(shot);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  // A blank 1200x2000 page compresses to a few KB; tables and plots take far more.
  EXPECT_GT(png.size(), 40u * 1024) << "screenshot looks blank";
}

// Simulated interruption: a complete run's runs.csv cut after some rows (and mid-row), renamed to
// .partial, then resumed, gives exactly the rows of an uninterrupted run.
TEST_F(ReportTest, ResumeAfterTruncationMatchesUninterruptedRun) {
  const fs::path a = root_ / "a", b = root_ / "b";
  ASSERT_EQ(run_config(a).code, 0);
  ASSERT_EQ(run_config(b).code, 0);
  const std::string full = read_text(b / "runs.csv");
  std::size_t cut = 0;
  for (int lines = 0; lines < 40; ++lines) cut = full.find('\n', cut) + 1;  // header + 39 rows
  const std::size_t half_row = full.find('\n', cut) - 10;                   // and part of the next
  for (const char* f : {"summary.csv", "summary_buckets.csv", "summary.md"}) fs::remove(b / f);
  write_text(b / "runs.csv", full.substr(0, half_row));
  const fs::path partial = root_ / "b.partial";
  fs::rename(b, partial);

  // No config given: it is read back from meta.json.
  const Exit r = run({"run", "--resume", partial.string()});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("39 runs already done"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(partial));
  ASSERT_TRUE(fs::is_regular_file(b / "summary.md"));
  EXPECT_EQ(rows_without_times(b / "runs.csv"), rows_without_times(a / "runs.csv"));

  // Again by the final name, with the config given; meta.json records both resumptions.
  write_text(b / "runs.csv", full.substr(0, cut));
  fs::rename(b, partial);
  const Exit r2 = run({"run", (root_ / "cfg.yaml").string(), "--resume", b.string()});
  ASSERT_EQ(r2.code, 0) << r2.out << r2.err;
  EXPECT_EQ(rows_without_times(b / "runs.csv"), rows_without_times(a / "runs.csv"));
  EXPECT_NE(read_text(b / "meta.json").find("\"resumed\""), std::string::npos);

  // A complete run cannot be resumed; that is one clear error.
  const Exit done = run({"run", "--resume", b.string()});
  EXPECT_EQ(done.code, 2);
  EXPECT_NE(done.err.find("complete"), std::string::npos) << done.err;
}

// A real Ctrl-C: the run stops after the current row with exit code 130, leaves a consistent
// .partial directory and says how to resume; resuming completes it to the uninterrupted rows.
TEST_F(ReportTest, SigintLeavesResumablePartialRun) {
  write_text(root_ / "big.yaml",
             "name: big\nseed: 5\nrepetitions: 3\n"
             "datasets:\n"
             "  - name: rnd\n"
             "    generated: {kind: random, width: 128, height: 128, density: 0.2, count: 3,\n"
             "                queries_per_bucket: 4}\n"
             "planners:\n"
             "  - {label: dijkstra, algorithm: dijkstra}\n"
             "  - {label: astar, algorithm: astar}\n");
  const fs::path out = root_ / "big", partial = root_ / "big.partial";
  const pid_t pid = spawn(root_, {"run", (root_ / "big.yaml").string(), "--out", out.string()});
  ASSERT_GT(pid, 0);
  // Wait until some rows are written, then interrupt.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  std::size_t lines = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    const std::string text = read_text(partial / "runs.csv");
    lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
    if (lines > 20) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_GT(lines, 20u) << "no progress to interrupt";
  kill(pid, SIGINT);
  const Exit r = wait_for(root_, pid);
  ASSERT_EQ(r.code, 130) << "the run finished before the signal? " << r.out << r.err;
  EXPECT_NE(r.err.find("pathbench run --resume " + partial.string()), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out));
  ASSERT_TRUE(fs::is_directory(partial));
  // Consistent: the reader accepts every row.
  const RunsCsv kept = read_runs_csv(partial / "runs.csv");
  EXPECT_GE(kept.rows.size(), 20u);

  const Exit resumed = run({"run", "--resume", partial.string()});
  ASSERT_EQ(resumed.code, 0) << resumed.out << resumed.err;
  ASSERT_TRUE(fs::is_directory(out));
  EXPECT_FALSE(fs::exists(partial));
  ASSERT_EQ(run({"run", (root_ / "big.yaml").string(), "--out", (root_ / "ref").string()}).code, 0);
  EXPECT_EQ(rows_without_times(out / "runs.csv"), rows_without_times(root_ / "ref" / "runs.csv"));
}

}  // namespace
}  // namespace pathbench
