// `pathbench run` on good input: complete, valid, reproducible results where they were asked
// for; gen-map and gen-scen output accepted by run.
#include <gtest/gtest.h>

#include <cstdlib>

#include "tests/harness/cli_fixture.h"

namespace pathbench::cli_test {
namespace {

constexpr const char* kGoodConfig =
    "name: e2e\n"
    "seed: 7\n"
    "repetitions: 2\n"
    "datasets:\n"
    "  - name: serp\n"
    "    movingai: {maps: [serp.map]}\n"
    "  - name: rnd\n"
    "    generated: {kind: random, width: 40, height: 30, density: 0.2, count: 2,\n"
    "                queries_per_bucket: 1, max_buckets: 4}\n"
    "planners:\n"
    "  - {label: astar, algorithm: astar}\n"
    "  - {label: dijkstra, algorithm: dijkstra}\n";

TEST_F(CliTest, GoodRunWritesCompleteResults) {
  write("cfg.yaml", kGoodConfig);
  const CmdResult r = run({"run", "cfg.yaml", "--out", "out", "--save-paths"});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(r.err, "");
  const fs::path out = work_ / "out";
  EXPECT_FALSE(fs::exists(work_ / "out.partial"));
  EXPECT_FALSE(fs::exists(work_ / "results"));
  ASSERT_TRUE(fs::is_regular_file(out / "runs.csv"));
  EXPECT_TRUE(fs::is_regular_file(out / "summary.csv"));

  const Json meta = Json::parse(read_text(out / "meta.json"));
  for (const char* key :
       {"git_commit", "compiler", "cpu_model", "date_utc", "config_text", "planners"})
    EXPECT_TRUE(meta.contains(key)) << "meta.json lacks " << key;
  EXPECT_EQ(meta["config_text"], kGoodConfig);
  ASSERT_EQ(meta["planners"].size(), 2u);

  const Csv csv = read_csv(out / "runs.csv");
  EXPECT_EQ(csv.header_line.rfind(kRunHeaderPrefix, 0), 0u) << csv.header_line;
  // One row per (query, planner), every one of them present exactly once and valid.
  std::size_t queries = 0;
  for (const Json& m : meta["maps"]) queries += m["queries"].get<std::size_t>();
  ASSERT_EQ(meta["maps"].size(), 3u);  // serp + two generated maps
  EXPECT_EQ(meta["maps"][0]["queries"], 4);
  ASSERT_GT(queries, 4u);
  ASSERT_EQ(csv.rows.size(), queries * 2);
  std::set<std::string> keys;
  for (const auto& row : csv.rows) {
    EXPECT_EQ(row.at("valid"), "1")
        << row.at("map") << " query " << row.at("query") << ": " << row.at("error");
    EXPECT_EQ(row.at("status"), "solved");
    EXPECT_TRUE(
        keys.insert(row.at("map") + "/" + row.at("query") + "/" + row.at("planner")).second);
  }
  // The hand-counted serpentine costs.
  for (const auto& row : csv.rows)
    if (row.at("dataset") == "serp") {
      const std::string q = row.at("query");
      const double want = q == "0" ? 12 : q == "1" ? 4 : q == "2" ? 16 : 6;
      EXPECT_DOUBLE_EQ(std::stod(row.at("cost")), want) << "query " << q;
    }

  // paths.jsonl: one line per row, same order, each path from start to goal.
  const std::vector<std::string> lines = split_lines(read_text(out / "paths.jsonl"));
  ASSERT_EQ(lines.size(), csv.rows.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const Json j = Json::parse(lines[i]);
    const auto& row = csv.rows[i];
    EXPECT_EQ(j["map"], row.at("map"));
    EXPECT_EQ(std::to_string(j["query"].get<int>()), row.at("query"));
    EXPECT_EQ(j["planner"], row.at("planner"));
    const Json& path = j["path"];
    ASSERT_FALSE(path.empty()) << lines[i];
    EXPECT_EQ(std::to_string(path.size()), row.at("path_cells"));
    EXPECT_EQ(path.front(), Json::array({std::stoi(row.at("sx")), std::stoi(row.at("sy"))}));
    EXPECT_EQ(path.back(), Json::array({std::stoi(row.at("gx")), std::stoi(row.at("gy"))}));
  }

  // Same --out again: refused (and the first results are untouched) unless --overwrite.
  const std::string first_csv = read_text(out / "runs.csv");
  const CmdResult again = run({"run", "cfg.yaml", "--out", "out"});
  EXPECT_NE(again.code, 0);
  EXPECT_EQ(split_lines(again.err).size(), 1u) << again.err;
  EXPECT_NE(again.err.find("--overwrite"), std::string::npos) << again.err;
  EXPECT_EQ(read_text(out / "runs.csv"), first_csv);
  EXPECT_FALSE(fs::exists(work_ / "out.partial"));
  const CmdResult over = run({"run", "cfg.yaml", "--out", "out", "--overwrite"});
  EXPECT_EQ(over.code, 0) << over.err;
  EXPECT_FALSE(fs::exists(out / "paths.jsonl")) << "--overwrite kept files of the old run";
  EXPECT_EQ(read_csv(out / "runs.csv").rows.size(), csv.rows.size());
}

// A wrong published length is the data's problem, not A*'s (issue 30): our reference Dijkstra
// proves 12, not 11, so the row is kept as bad_query with the reason, and the run exits 0.
TEST_F(CliTest, WrongPublishedLengthIsABadQueryRowNotAFailure) {
  write("serp.map.scen", "version 1\n" + scen_line(0, 0, 0, 4, 11) + scen_line(0, 2, 4, 2, 4));
  write("cfg.yaml", config());
  const CmdResult r = run({"run", "cfg.yaml", "--out", "out"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  const Csv csv = read_csv(work_ / "out" / "runs.csv");
  ASSERT_EQ(csv.rows.size(), 2u);
  EXPECT_EQ(csv.rows[0].at("status"), "bad_query");
  EXPECT_EQ(csv.rows[0].at("valid"), "0");
  EXPECT_EQ(csv.rows[0].at("error"),
            "data: published length 11 differs from the proven optimum 12");
  EXPECT_EQ(csv.rows[1].at("status"), "solved");
  EXPECT_EQ(csv.rows[1].at("valid"), "1");
  const Json meta = Json::parse(read_text(work_ / "out" / "meta.json"));
  EXPECT_EQ(meta["bad_queries"]["lines"], 1);
  EXPECT_EQ(meta["bad_queries"]["per_map"]["serp/serp.map"], 1);
}

// A planner's wrong answer against a right length still fails validation: the run completes
// and keeps its results, but exits 3 so scripts and ctest notice. The fault planner returns
// query 0's optimal path with a detour while claiming optimality.
TEST_F(CliTest, InvalidRowGivesExitCodeThree) {
  write("serp.map.scen", "version 1\n" + scen_line(0, 0, 0, 4, 12) + scen_line(0, 2, 4, 2, 4));
  const std::string command =
      "/usr/bin/python3 " +
      shell_quote(std::string(PATHBENCH_SOURCE_DIR) + "/tests/fixtures/external/fault_planner.py") +
      " --fault suboptimal --on-id 1";
  write("cfg.yaml", config("", "{label: f, algorithm: external, params: {command: \"" + command +
                                   "\", optimal: true}}"));
  const CmdResult r = run({"run", "cfg.yaml", "--out", "out"});
  EXPECT_EQ(r.code, 3) << r.out << r.err;
  EXPECT_NE(r.err.find("1 results failed validation"), std::string::npos) << r.err;
  const Csv csv = read_csv(work_ / "out" / "runs.csv");
  ASSERT_EQ(csv.rows.size(), 2u);
  EXPECT_EQ(csv.rows[0].at("status"), "solved");
  EXPECT_EQ(csv.rows[0].at("valid"), "0");
  EXPECT_NE(csv.rows[0].at("error").find("is not optimal"), std::string::npos)
      << csv.rows[0].at("error");
  EXPECT_EQ(csv.rows[1].at("valid"), "1");
}

TEST_F(CliTest, DefaultOutputUnderResultsRootWithLatestLink) {
  write("cfg.yaml", kGoodConfig);
  const CmdResult r = run({"run", "cfg.yaml", "--results-root", "R"});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const fs::path name_dir = work_ / "R" / "e2e";
  ASSERT_TRUE(fs::is_directory(name_dir));
  std::vector<fs::path> runs;
  for (const auto& e : fs::directory_iterator(name_dir))
    if (!e.is_symlink()) runs.push_back(e.path());
  ASSERT_EQ(runs.size(), 1u);
  // <UTC timestamp> = YYYYmmdd-HHMMSS
  EXPECT_EQ(runs[0].filename().string().size(), 15u) << runs[0];
  EXPECT_TRUE(fs::is_regular_file(runs[0] / "runs.csv"));
  const fs::path latest = name_dir / "latest";
  ASSERT_TRUE(fs::is_symlink(latest));
  EXPECT_EQ(fs::canonical(latest), fs::canonical(runs[0]));
  EXPECT_NE(r.out.find(runs[0].filename().string()), std::string::npos)
      << "stdout does not say where the results are: " << r.out;
  EXPECT_FALSE(fs::exists(work_ / "results"));

  // A second run gets its own directory, and latest follows it.
  const CmdResult r2 = run({"run", "cfg.yaml", "--results-root", "R", "--tag", "two"});
  ASSERT_EQ(r2.code, 0) << r2.err;
  EXPECT_EQ(fs::canonical(latest).filename().string().substr(16), "two");
}

TEST_F(CliTest, RunsAreDeterministicApartFromTimes) {
  write("cfg.yaml",
        "name: det\n"
        "seed: 123\n"
        "datasets:\n"
        "  - name: rnd\n"
        "    generated: {kind: random, width: 48, height: 48, density: 0.25, count: 3,\n"
        "                queries_per_bucket: 2, max_buckets: 5}\n"
        "  - name: maze\n"
        "    generated: {kind: maze, width: 31, height: 31, count: 2, queries_per_bucket: 1}\n"
        "  - name: corners4\n"
        "    connectivity: 4\n"
        "    generated: {kind: random, width: 20, height: 20, density: 0.2, count: 4,\n"
        "                queries: corners}\n"
        "planners:\n"
        "  - {label: astar, algorithm: astar}\n"
        "  - {label: wastar, algorithm: astar, params: {weight: 2}}\n"
        "  - {label: dijkstra, algorithm: dijkstra}\n"
        "  - {label: gbfs, algorithm: gbfs}\n");
  ASSERT_EQ(run({"run", "cfg.yaml", "--out", "a"}).code, 0);
  ASSERT_EQ(run({"run", "cfg.yaml", "--out", "b"}).code, 0);
  const Csv a = read_csv(work_ / "a" / "runs.csv");
  const Csv b = read_csv(work_ / "b" / "runs.csv");
  ASSERT_EQ(a.header, b.header);
  ASSERT_EQ(a.rows.size(), b.rows.size());
  ASSERT_GT(a.rows.size(), 20u);
  for (std::size_t i = 0; i < a.rows.size(); ++i)
    for (const std::string& col : a.header) {
      // Times (path_us: path writing; batch: k is chosen from a time) are the only columns that
      // vary.
      if (col == "time_us" || col == "prep_ms" || col == "path_us" || col == "batch") continue;
      EXPECT_EQ(a.rows[i].at(col), b.rows[i].at(col)) << "row " << i + 2 << " column " << col;
    }
}

// `report` runs the plot script without a shell: a results directory named with quotes, spaces
// and `$` reaches it as one argument.
TEST_F(CliTest, ReportDrawsPlotsForAnAwkwardDirectoryName) {
  if (std::system("/usr/bin/python3 -c 'import matplotlib' >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "/usr/bin/python3 with matplotlib absent";
  write("cfg.yaml", kGoodConfig);
  const std::string dir = "it's a \"run\" $HOME";
  ASSERT_EQ(run({"run", "cfg.yaml", "--out", dir}).code, 0);
  const CmdResult r = run({"report", dir});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err.find("plots not drawn"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::is_regular_file(work_ / dir / "plots" / "time_vs_length.png"));
}

TEST_F(CliTest, GeneratedMapAndScenAreAcceptedByRun) {
  const CmdResult gm = run({"gen-map", "--kind", "random", "--width", "60", "--height", "45",
                            "--density", "0.25", "--seed", "9", "-o", "gen.map"});
  ASSERT_EQ(gm.code, 0) << gm.err;
  const CmdResult gs = run({"gen-scen", "--map", "gen.map", "--per-bucket", "3", "--seed", "4"});
  ASSERT_EQ(gs.code, 0) << gs.err;
  ASSERT_TRUE(fs::is_regular_file(work_ / "gen.map.scen"));
  const CmdResult gm2 = run({"gen-map", "--kind", "rooms", "--width", "50", "--height", "50",
                             "--room-size", "10", "--seed", "2", "-o", "rooms.map"});
  ASSERT_EQ(gm2.code, 0) << gm2.err;
  const CmdResult gs2 = run({"gen-scen", "--map", "rooms.map", "--per-bucket", "2", "--seed", "1",
                             "-o", "rooms.map.scen"});
  ASSERT_EQ(gs2.code, 0) << gs2.err;

  write("cfg.yaml",
        "name: gen\n"
        "datasets:\n"
        "  - name: gen\n"
        "    movingai: {maps: [gen.map, rooms.map]}\n"
        "planners:\n"
        "  - {label: astar, algorithm: astar}\n"
        "  - {label: dijkstra, algorithm: dijkstra}\n");
  const CmdResult r = run({"run", "cfg.yaml", "--out", "out"});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const Csv csv = read_csv(work_ / "out" / "runs.csv");
  ASSERT_GT(csv.rows.size(), 10u);
  for (const auto& row : csv.rows) {
    EXPECT_EQ(row.at("valid"), "1")
        << row.at("map") << " query " << row.at("query") << ": " << row.at("error");
    EXPECT_NEAR(std::stod(row.at("cost")), std::stod(row.at("optimal")), 1e-6);
  }
}

}  // namespace
}  // namespace pathbench::cli_test
