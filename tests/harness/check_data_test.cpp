// `pathbench check-data` over a folder with one of each problem kind: every problem is listed
// (file, line, field, kind), then a count per kind, and the exit code is 1; a clean folder is 0.
#include <gtest/gtest.h>

#include "tests/harness/cli_fixture.h"

namespace pathbench::cli_test {
namespace {

// Two rooms split by a wall (column 2).
constexpr const char* kWalled =
    "type octile\nheight 3\nwidth 5\nmap\n"
    "..@..\n"
    "..@..\n"
    "..@..\n";

class CheckDataTest : public CliTest {};

TEST_F(CheckDataTest, ListsEveryProblemOfEveryFile) {
  fs::create_directories(work_ / "suite" / "a");
  fs::create_directories(work_ / "suite" / "b");
  write("suite/a/walled.map", kWalled);
  write("suite/a/walled.map.scen",
        "version 1\n"
        "0\twalled.map\t5\t3\t0\t0\t1\t1\t1.41421\n"  // 2: fine
        "0\twalled.map\t5\t3\t0\t0\t4\t0\t0\n"        // 3: length 0, distinct cells
        "0\twalled.map\t5\t3\t0\t0\t2\t0\t2\n"        // 4: goal on the wall
        "0\twalled.map\t5\t3\t0\t0\t9\t0\t9\n"        // 5: goal_x out of range
        "0\twalled.map\t6\t3\t0\t0\t1\t0\t1\n"        // 6: wrong width
        "0\tother.map\t5\t3\t0\t0\t1\t0\t1\n"         // 7: names another map
        "0\twalled.map\t5\t3\t0\t0\t4\t2\t5.5\n"      // 8: a length for a pair with no path
        "0\twalled.map\t5\t3\t0\t0\t1\t2\t1.5\n");    // 9: below the octile bound (2.41421)
  write("suite/b/broken.map", "type octile\nheight 2\nwidth 2\nmap\n..\n");  // too few rows
  write("suite/b/walled2.map", kWalled);
  write("suite/b/walled2.map.scen", "version 1\n0\twalled2.map\t5\t3\t0\t0\tx\t0\t1\n");
  const CmdResult r = run({"check-data", "suite"});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  const std::vector<std::string> lines = split_lines(r.err);
  const std::string scen = (fs::path("suite") / "a" / "walled.map.scen").string();
  const std::vector<std::string> want = {
      "error: bad_length: " + scen +
          ":3: field 'optimal_length': data: published length 0 for "
          "distinct cells",
      "error: blocked: " + scen + ":4: field 'goal'",
      "error: out_of_range: " + scen + ":5: field 'goal_x'",
      "error: size_mismatch: " + scen + ":6: field 'map_width'",
      "error: map_name: " + scen + ":7: field 'map'",
      "error: bad_length: " + scen +
          ":8: field 'optimal_length': data: published length 5.5 "
          "for a pair with no path",
      "error: bad_length: " + scen +
          ":9: field 'optimal_length': data: published length 1.5 is "
          "below the octile lower bound",
      "error: unreadable: " + (fs::path("suite") / "b" / "broken.map").string(),
      "error: unreadable: " + (fs::path("suite") / "b" / "walled2.map.scen").string() +
          ":2: field 'goal_x'",
  };
  ASSERT_EQ(lines.size(), want.size()) << r.err;
  for (std::size_t i = 0; i < want.size(); ++i)
    EXPECT_EQ(lines[i].rfind(want[i], 0), 0u) << "line " << i << ": " << lines[i];
  EXPECT_NE(r.out.find("9 problems (3 bad_length, 1 blocked, 1 map_name, 1 out_of_range, 1 "
                       "size_mismatch, 2 unreadable) in 3 maps, 2 scenario files, 8 queries"),
            std::string::npos)
      << r.out;
  // Then where they are: a line per folder.
  EXPECT_NE(r.out.find("\n  " + (fs::path("suite") / "a").string() +
                       ": 3 bad_length, 1 blocked, 1 map_name, 1 out_of_range, 1 size_mismatch\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n  " + (fs::path("suite") / "b").string() + ": 2 unreadable\n"),
            std::string::npos)
      << r.out;
}

// A ring around a wall: from (0,1) to (4,1) the optimum is 6 (up, across, down), above the
// octile bound 4, so 5 and 7 are wrong in a way only a search proves: --lengths lists them, with
// the same output for any --jobs, and --format json gives the same problems to scripts.
constexpr const char* kRing =
    "type octile\nheight 3\nwidth 5\nmap\n"
    ".....\n"
    ".@@@.\n"
    ".....\n";

TEST_F(CheckDataTest, LengthsFlagFindsLengthsOnlyASearchDisproves) {
  fs::create_directories(work_ / "data" / "ring");
  write("data/ring/ring.map", kRing);
  write("data/ring/ring.map.scen",
        "version 1\n"
        "0\tring.map\t5\t3\t0\t1\t4\t1\t6\n"           // 2: right
        "0\tring.map\t5\t3\t0\t1\t4\t1\t5.00000000\n"  // 3: below the optimum
        "0\tring.map\t5\t3\t4\t1\t0\t1\t7\n"           // 4: above it
        "0\tring.map\t5\t3\t0\t0\t4\t0\t4\n");         // 5: right
  const CmdResult plain = run({"check-data", "data"});
  EXPECT_EQ(plain.code, 0) << plain.out << plain.err;
  const std::string scen = (fs::path("data") / "ring" / "ring.map.scen").string();
  const std::vector<std::string> want = {"error: bad_length: " + scen +
                                             ":3: field 'optimal_length': data: published length 5 "
                                             "differs from the proven optimum 6",
                                         "error: bad_length: " + scen +
                                             ":4: field 'optimal_length': data: published length 7 "
                                             "differs from the proven optimum 6"};
  for (const char* jobs : {"1", "2"}) {
    const CmdResult r = run({"check-data", "--lengths", "--jobs", jobs, "data"});
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_EQ(split_lines(r.err), want) << "--jobs " << jobs;
    EXPECT_NE(r.out.find("2 problems (2 bad_length) in 1 maps, 1 scenario files, 4 queries, "
                         "lengths solved"),
              std::string::npos)
        << r.out;
  }
  const CmdResult js = run({"check-data", "--lengths", "--format", "json", "data"});
  EXPECT_EQ(js.code, 1);
  const Json j = Json::parse(js.out);
  EXPECT_EQ(j["queries"], 4);
  EXPECT_EQ(j["lengths_checked"], true);
  EXPECT_EQ(j["per_kind"]["bad_length"], 2);
  EXPECT_EQ(j["per_folder"][(fs::path("data") / "ring").string()]["bad_length"], 2);
  ASSERT_EQ(j["problems"].size(), 2u);
  EXPECT_EQ(j["problems"][1]["line"], 4);
  EXPECT_EQ(j["problems"][1]["field"], "optimal_length");
  EXPECT_EQ(j["problems"][1]["kind"], "bad_length");
  EXPECT_EQ(j["problems"][1]["message"], want[1].substr(want[1].find(scen)));
}

TEST_F(CheckDataTest, CleanFolderIsOkAndAMissingScenOnlyFailsWhenRequired) {
  fs::create_directories(work_ / "clean");
  write("clean/walled.map", kWalled);
  write("clean/walled.map.scen", "version 1\n0\twalled.map\t5\t3\t0\t0\t1\t1\t1.41421\n");
  write("clean/lone.map", kWalled);
  const CmdResult ok = run({"check-data", "clean"});
  EXPECT_EQ(ok.code, 0) << ok.out << ok.err;
  EXPECT_NE(ok.out.find("ok: 2 maps, 1 scenario files, 1 queries"), std::string::npos) << ok.out;
  const CmdResult strict = run({"check-data", "--require-scen", "clean"});
  EXPECT_EQ(strict.code, 1) << strict.out << strict.err;
  EXPECT_NE(strict.err.find("error: missing_scen: "), std::string::npos) << strict.err;
  EXPECT_NE(strict.err.find("lone.map: no scenario file beside it"), std::string::npos);
}

}  // namespace
}  // namespace pathbench::cli_test
