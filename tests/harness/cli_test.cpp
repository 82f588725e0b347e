// End-to-end tests of the `pathbench` executable: every test runs the real binary in a fresh
// temporary folder (so a stray `results/` can be detected), with small map, scen and YAML files
// written there. Bad input must give a non-zero exit, exactly one message on stderr naming the
// file, line and field, and no results directory; good input must give complete, valid,
// reproducible results.
#include <sys/wait.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "tests/support/shell.h"
#include "tests/support/test_data.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

using CmdResult = testing::CommandResult;
using testing::read_text;
using testing::shell_quote;

void write_text(const fs::path& p, const std::string& text) {
  ASSERT_TRUE(testing::write_text(p, text)) << "cannot write " << p;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

// One RFC 4180 record without embedded newlines (runs.csv never has any).
std::vector<std::string> parse_csv_line(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

struct Csv {
  std::string header_line;
  std::vector<std::string> header;
  std::vector<std::map<std::string, std::string>> rows;
};

Csv read_csv(const fs::path& p) {
  Csv csv;
  const std::vector<std::string> lines = split_lines(read_text(p));
  if (lines.empty()) return csv;
  csv.header_line = lines[0];
  csv.header = parse_csv_line(lines[0]);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::vector<std::string> f = parse_csv_line(lines[i]);
    EXPECT_EQ(f.size(), csv.header.size()) << p << " line " << i + 1 << ": " << lines[i];
    std::map<std::string, std::string> row;
    for (std::size_t k = 0; k < f.size() && k < csv.header.size(); ++k) row[csv.header[k]] = f[k];
    csv.rows.push_back(std::move(row));
  }
  return csv;
}

// A 5x5 serpentine: every path is forced and no diagonal step is legal (each diagonal would cut
// a wall corner), so optimal costs are easy to count by hand.
constexpr const char* kSerpMap =
    "type octile\nheight 5\nwidth 5\nmap\n"
    ".....\n"
    "@@@@.\n"
    ".....\n"
    ".@@@@\n"
    ".....\n";

std::string scen_line(int sx, int sy, int gx, int gy, double opt,
                      const std::string& map = "serp.map", int w = 5, int h = 5) {
  std::ostringstream s;
  s.precision(10);
  s << static_cast<int>(opt / 4) << '\t' << map << '\t' << w << '\t' << h << '\t' << sx << '\t'
    << sy << '\t' << gx << '\t' << gy << '\t' << std::fixed << opt << '\n';
  return s.str();
}

// Hand-counted: (0,0)->(0,4) = 4 right + 2 down + 4 left + 2 down; (4,4)->(0,0) = 16 the same way.
const std::string kSerpScen = "version 1\n" + scen_line(0, 0, 0, 4, 12) + scen_line(0, 2, 4, 2, 4) +
                              scen_line(4, 4, 0, 0, 16) + scen_line(2, 0, 2, 2, 6);

constexpr const char* kRunHeaderPrefix =
    "dataset,map,query,planner,algorithm,params,sx,sy,gx,gy,status,valid,cost,optimal,"
    "suboptimality,path_cells,expansions,generated,time_us";

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::random_device rd;
    root_ = fs::temp_directory_path() / ("pathbench_cli_test_" + std::to_string(rd()));
    work_ = root_ / "work";
    fs::create_directories(work_);
    write("serp.map", kSerpMap);
    write("serp.map.scen", kSerpScen);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }

  void write(const std::string& name, const std::string& text) { write_text(work_ / name, text); }

  // Runs the binary with `args` in the work folder; stdout and stderr go to files outside it.
  CmdResult run(const std::vector<std::string>& args) const {
    std::string cmd = shell_quote(PATHBENCH_EXE);
    for (const std::string& a : args) cmd += " " + shell_quote(a);
    return testing::run_shell(work_, cmd, root_);
  }

  // `pathbench run <config> --out out` with the config written to `name`.
  CmdResult run_config(const std::string& yaml, const std::string& name = "cfg.yaml") {
    write(name, yaml);
    return run({"run", name, "--out", "out"});
  }

  static constexpr int kAnyLine = -1;

  // The contract for bad input: exit 2, one line on stderr that names the file (and the line
  // and field when they exist), and no output directory, complete or partial.
  void expect_input_error(const CmdResult& r, const std::string& file, int line,
                          const std::string& field) const {
    EXPECT_EQ(r.code, 2) << "stdout: " << r.out << "\nstderr: " << r.err;
    const std::vector<std::string> lines = split_lines(r.err);
    ASSERT_EQ(lines.size(), 1u) << "expected exactly one message on stderr, got:\n" << r.err;
    const std::string& msg = lines[0];
    EXPECT_EQ(msg.rfind("error: ", 0), 0u) << msg;
    if (line == kAnyLine) {
      EXPECT_TRUE(std::regex_search(msg, std::regex(file + ":[1-9][0-9]*: ")))
          << "no '" << file << ":<line>: ' in: " << msg;
    } else {
      const std::string where = line > 0 ? file + ":" + std::to_string(line) + ": " : file + ": ";
      EXPECT_NE(msg.find(where), std::string::npos) << "no '" << where << "' in: " << msg;
    }
    if (!field.empty()) {
      EXPECT_NE(msg.find("field '" + field + "'"), std::string::npos)
          << "no field '" << field << "' in: " << msg;
    }
    EXPECT_FALSE(fs::exists(work_ / "out")) << "results directory left behind";
    EXPECT_FALSE(fs::exists(work_ / "out.partial")) << "partial results directory left behind";
    EXPECT_FALSE(fs::exists(work_ / "results")) << "default results directory created";
  }

  std::string path_of(const std::string& name) const { return (work_ / name).string(); }

  fs::path root_, work_;
};

// The config used by the bad-input tests (planner entry at line 8); tests replace pieces.
std::string config(const std::string& dataset_extra = "",
                   const std::string& planner = "{label: a, algorithm: astar}",
                   const std::string& maps = "[serp.map]") {
  const std::vector<std::string> lines = {
      "name: bad",             // 1
      "datasets:",             // 2
      "  - name: serp",        // 3
      "    movingai:",         // 4
      "      maps: " + maps,   // 5
      "    " + dataset_extra,  // 6
      "planners:",             // 7
      "  - " + planner,        // 8
  };
  std::string text;
  for (const std::string& l : lines) text.append(l).append("\n");
  return text;
}
constexpr int kPlannerLine = 8;

// ----- bad input ---------------------------------------------------------------------------------

TEST_F(CliTest, MissingConfigFile) {
  const CmdResult r = run({"run", "nope.yaml", "--out", "out"});
  expect_input_error(r, "nope.yaml", 0, "");
}

TEST_F(CliTest, YamlSyntaxError) {
  const CmdResult r = run_config(
      "name: bad\n"
      "datasets: [ {name: serp, movingai: {maps: [serp.map]}\n"
      "planners:\n"
      "  - {label: a, algorithm: astar}\n");
  EXPECT_NE(r.err.find("YAML syntax error"), std::string::npos) << r.err;
  // The unclosed '[' of line 2 is only noticed at a later line (which one is up to yaml-cpp);
  // a line must be named all the same.
  expect_input_error(r, "cfg.yaml", kAnyLine, "");
}

TEST_F(CliTest, UnknownTopLevelKey) {
  const CmdResult r = run_config("repetitons: 3\n" + config());
  expect_input_error(r, "cfg.yaml", 1, "repetitons");
  EXPECT_NE(r.err.find("unknown key"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("repetitions"), std::string::npos) << "allowed keys not listed: " << r.err;
}

TEST_F(CliTest, UnknownPlanner) {
  const CmdResult r = run_config(config("", "{label: a, algorithm: astr}"));
  expect_input_error(r, "cfg.yaml", kPlannerLine, "planners[0].algorithm");
  EXPECT_NE(r.err.find("'astr'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("known:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("astar"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("dijkstra"), std::string::npos) << r.err;
}

TEST_F(CliTest, UnknownPlannerParameter) {
  const CmdResult r = run_config(config("", "{label: a, algorithm: astar, params: {wieght: 2}}"));
  expect_input_error(r, "cfg.yaml", kPlannerLine, "planners[0].params.wieght");
  EXPECT_NE(r.err.find("wieght"), std::string::npos) << r.err;
}

TEST_F(CliTest, BadParameterValue) {
  const CmdResult r = run_config(config("", "{label: a, algorithm: astar, params: {weight: -1}}"));
  expect_input_error(r, "cfg.yaml", kPlannerLine, "planners[0].params.weight");
  EXPECT_NE(r.err.find("-1"), std::string::npos) << r.err;
}

TEST_F(CliTest, PlannerIncompatibleWithDataset) {
  const CmdResult r = run_config(config("connectivity: 4", "{label: j, algorithm: jps}"));
  expect_input_error(r, "cfg.yaml", kPlannerLine, "planners[0].algorithm");
  EXPECT_NE(r.err.find("jps"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("'serp'"), std::string::npos) << "dataset not named: " << r.err;
  EXPECT_NE(r.err.find("4-connected"), std::string::npos) << "reason not given: " << r.err;
}

TEST_F(CliTest, MissingMapFile) {
  const CmdResult r = run_config(config("", "{label: a, algorithm: astar}", "[nope.map]"));
  expect_input_error(r, "cfg.yaml", 5, "datasets[0].movingai.maps[0]");
  EXPECT_NE(r.err.find("nope.map"), std::string::npos) << r.err;
}

TEST_F(CliTest, MalformedMap) {
  // Line 7 of the file is row 2 of the map; 'x' sits at x=2.
  write("bad.map", "type octile\nheight 3\nwidth 4\nmap\n....\n....\n..x.\n");
  write("bad.map.scen", "version 1\n" + scen_line(0, 0, 1, 1, 1.41421356, "bad.map", 4, 3));
  const CmdResult r = run_config(config("", "{label: a, algorithm: astar}", "[bad.map]"));
  expect_input_error(r, path_of("bad.map"), 7, "cell");
  EXPECT_NE(r.err.find("'x'"), std::string::npos) << r.err;
}

TEST_F(CliTest, MalformedScenFieldCount) {
  std::string bad = scen_line(0, 2, 4, 2, 4);
  bad.erase(bad.rfind('\t'));  // drop the optimal-length field
  write("serp.map.scen", "version 1\n" + scen_line(0, 0, 0, 4, 12) + bad + "\n");
  const CmdResult r = run_config(config());
  expect_input_error(r, path_of("serp.map.scen"), 3, "fields");
}

TEST_F(CliTest, ScenStartOutOfRange) {
  write("serp.map.scen", "version 1\n" + scen_line(0, 0, 0, 4, 12) + scen_line(9, 0, 0, 0, 9));
  const CmdResult r = run_config(config());
  expect_input_error(r, path_of("serp.map.scen"), 3, "start_x");
  EXPECT_NE(r.err.find("'9'"), std::string::npos) << r.err;
}

TEST_F(CliTest, ScenStartBlocked) {
  write("serp.map.scen", "version 1\n" + scen_line(0, 1, 0, 0, 1));
  const CmdResult r = run_config(config());
  expect_input_error(r, path_of("serp.map.scen"), 2, "start");
  EXPECT_NE(r.err.find("blocked"), std::string::npos) << r.err;
}

TEST_F(CliTest, SolveStartOutOfRange) {
  const CmdResult r = run({"solve", "--map", "serp.map", "--start", "5,0", "--goal", "0,0"});
  expect_input_error(r, "command line", 0, "--start");
  EXPECT_NE(r.err.find("outside the 5x5 map"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(CliTest, SolveBlockedGoal) {
  const CmdResult r = run({"solve", "--map", "serp.map", "--start", "0,0", "--goal", "1,1"});
  expect_input_error(r, "command line", 0, "--goal");
  EXPECT_NE(r.err.find("blocked"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(CliTest, SolveMissingMap) {
  const CmdResult r = run({"solve", "--map", "nope.map", "--start", "0,0", "--goal", "1,1"});
  expect_input_error(r, "nope.map", 0, "");
}

TEST_F(CliTest, SolveMalformedStart) {
  const CmdResult r = run({"solve", "--map", "serp.map", "--start", "1;2", "--goal", "0,0"});
  expect_input_error(r, "command line", 0, "--start");
  EXPECT_NE(r.err.find("'1;2'"), std::string::npos) << r.err;
}

TEST_F(CliTest, SolveUnknownPlanner) {
  const CmdResult r =
      run({"solve", "--map", "serp.map", "--start", "0,0", "--goal", "0,4", "--planner", "nope"});
  expect_input_error(r, "command line", 0, "--planner");
  EXPECT_NE(r.err.find("unknown planner 'nope'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("astar"), std::string::npos) << "known planners not listed: " << r.err;
}

TEST_F(CliTest, SolveUnknownParameter) {
  const CmdResult r =
      run({"solve", "--map", "serp.map", "--start", "0,0", "--goal", "0,4", "--set", "wieght=2"});
  expect_input_error(r, "command line", 0, "--set");
  EXPECT_NE(r.err.find("'wieght'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("weight"), std::string::npos) << "known parameters not listed: " << r.err;
  EXPECT_EQ(r.out, "");
}

// ----- good runs ---------------------------------------------------------------------------------

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

// A wrong reference length makes A*'s (correct) answer fail validation: the run completes and
// keeps its results, but exits 3 so scripts and ctest notice.
TEST_F(CliTest, InvalidRowGivesExitCodeThree) {
  write("serp.map.scen", "version 1\n" + scen_line(0, 0, 0, 4, 11) + scen_line(0, 2, 4, 2, 4));
  write("cfg.yaml", config());
  const CmdResult r = run({"run", "cfg.yaml", "--out", "out"});
  EXPECT_EQ(r.code, 3) << r.out << r.err;
  EXPECT_NE(r.err.find("1 results failed validation"), std::string::npos) << r.err;
  const Csv csv = read_csv(work_ / "out" / "runs.csv");
  ASSERT_EQ(csv.rows.size(), 2u);
  EXPECT_EQ(csv.rows[0].at("valid"), "0");
  EXPECT_NE(csv.rows[0].at("error"), "");
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
      if (col == "time_us" || col == "prep_ms") continue;
      EXPECT_EQ(a.rows[i].at(col), b.rows[i].at(col)) << "row " << i + 2 << " column " << col;
    }
}

TEST_F(CliTest, SolvePrintsJsonWithHandCountedCost) {
  {
    const CmdResult r = run({"solve", "--map", "serp.map", "--start", "0,0", "--goal", "0,4"});
    ASSERT_EQ(r.code, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["status"], "solved");
    EXPECT_DOUBLE_EQ(j["cost"].get<double>(), 12.0);
    EXPECT_GT(j["expansions"].get<long>(), 0);
    ASSERT_EQ(j["path"].size(), 13u);  // 12 unit steps
    EXPECT_EQ(j["path"].front(), Json::array({0, 0}));
    EXPECT_EQ(j["path"].back(), Json::array({0, 4}));
  }
  {
    // On an open 4x3 map: two diagonals and one straight step.
    write("open.map", "type octile\nheight 3\nwidth 4\nmap\n....\n....\n....\n");
    const CmdResult r = run(
        {"solve", "--map", "open.map", "--start", "0,0", "--goal", "3,2", "--planner", "dijkstra"});
    ASSERT_EQ(r.code, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["status"], "solved");
    EXPECT_NEAR(j["cost"].get<double>(), 1.0 + 2.0 * std::sqrt(2.0), 1e-12);
    EXPECT_EQ(j["path"].size(), 4u);
    // 4-connected: Manhattan distance.
    const CmdResult r4 = run({"solve", "--map", "open.map", "--start", "0,0", "--goal", "3,2",
                              "--connectivity", "4", "--set", "heuristic=manhattan"});
    ASSERT_EQ(r4.code, 0) << r4.err;
    EXPECT_DOUBLE_EQ(Json::parse(r4.out)["cost"].get<double>(), 5.0);
  }
}

TEST_F(CliTest, SolveMatchesMovingAiOptimal) {
  PATHBENCH_REQUIRE_MOVINGAI();
  const fs::path map = testing::movingai_dir() / "arena.map";
  std::ifstream scen(testing::movingai_dir() / "arena.map.scen");
  std::string line;
  std::getline(scen, line);  // version
  for (int i = 0; i < 120 && std::getline(scen, line); ++i) {
  }
  std::istringstream f(line);
  std::string bucket, name;
  int w, h, sx, sy, gx, gy;
  double opt;
  f >> bucket >> name >> w >> h >> sx >> sy >> gx >> gy >> opt;
  ASSERT_TRUE(f) << line;
  const CmdResult r =
      run({"solve", "--map", map.string(), "--start", std::to_string(sx) + "," + std::to_string(sy),
           "--goal", std::to_string(gx) + "," + std::to_string(gy)});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NEAR(Json::parse(r.out)["cost"].get<double>(), opt, 1e-5 * std::max(1.0, opt)) << line;
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
}  // namespace pathbench
