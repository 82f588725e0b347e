// The fixture of the end-to-end `pathbench` tests (cli_*_test.cpp): every test runs the real
// binary in a fresh temporary folder (so a stray `results/` can be detected), with small map,
// scen and YAML files written there. Bad input must give a non-zero exit, exactly one message on
// stderr naming the file, line and field, and no results directory; good input must give
// complete, valid, reproducible results.
#pragma once

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

#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"
#include "tests/support/test_data.h"

namespace pathbench::cli_test {

namespace fs = std::filesystem;
using Json = nlohmann::json;

using CmdResult = testing::CommandResult;
using testing::read_text;
using testing::shell_quote;

inline void write_text(const fs::path& p, const std::string& text) {
  ASSERT_TRUE(testing::write_text(p, text)) << "cannot write " << p;
}

inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

// One RFC 4180 record without embedded newlines (runs.csv never has any).
inline std::vector<std::string> parse_csv_line(const std::string& line) {
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

inline Csv read_csv(const fs::path& p) {
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
inline constexpr const char* kSerpMap =
    "type octile\nheight 5\nwidth 5\nmap\n"
    ".....\n"
    "@@@@.\n"
    ".....\n"
    ".@@@@\n"
    ".....\n";

inline std::string scen_line(int sx, int sy, int gx, int gy, double opt,
                             const std::string& map = "serp.map", int w = 5, int h = 5) {
  std::ostringstream s;
  s.precision(10);
  s << static_cast<int>(opt / 4) << '\t' << map << '\t' << w << '\t' << h << '\t' << sx << '\t'
    << sy << '\t' << gx << '\t' << gy << '\t' << std::fixed << opt << '\n';
  return s.str();
}

// Hand-counted: (0,0)->(0,4) = 4 right + 2 down + 4 left + 2 down; (4,4)->(0,0) = 16 the same way.
inline const std::string kSerpScen = "version 1\n" + scen_line(0, 0, 0, 4, 12) +
                                     scen_line(0, 2, 4, 2, 4) + scen_line(4, 4, 0, 0, 16) +
                                     scen_line(2, 0, 2, 2, 6);

inline constexpr const char* kRunHeaderPrefix =
    "dataset,map,query,planner,algorithm,params,sx,sy,gx,gy,status,valid,cost,optimal,"
    "suboptimality,path_cells,expansions,generated,time_us";

class CliTest : public pathbench::testing::ScratchTest {
 protected:
  void SetUp() override {
    write("serp.map", kSerpMap);
    write("serp.map.scen", kSerpScen);
  }

  void write(const std::string& name, const std::string& text) { write_text(work_ / name, text); }

  // Runs the binary with `args` in the work folder; stdout and stderr go to files outside it.
  CmdResult run(const std::vector<std::string>& args) const {
    return testing::run_shell(work_, testing::command_line(PATHBENCH_EXE, args), root_);
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

  const fs::path work_ = subdir("work");
};

// The config used by the bad-input tests (planner entry at line 8); tests replace pieces.
inline std::string config(const std::string& dataset_extra = "",
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
inline constexpr int kPlannerLine = 8;

}  // namespace pathbench::cli_test
