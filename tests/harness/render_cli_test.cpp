// The binary's render subcommand, and the HTML replay loaded in headless Chromium, which must
// display the trace's expansion counts (skipped without chromium).
#include <sys/wait.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "datasets/map_generators.h"
#include "datasets/map_io.h"
#include "harness/render/raster_image.h"
#include "tests/harness/render_test_support.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using render_testing::bar_map;
using render_testing::random_queries;
using render_testing::traced_panel;

using Cmd = testing::CommandResult;
using testing::read_text;

class RenderCli : public pathbench::testing::ScratchTest {
 protected:
  void SetUp() override { write_map(root_ / "bar.map", bar_map()); }
  Cmd run(const std::string& shell_cmd) const {
    return testing::run_shell(root_, shell_cmd, root_);
  }
  Cmd pathbench(const std::vector<std::string>& args) const {
    return run(testing::command_line(PATHBENCH_EXE, args));
  }
};

TEST_F(RenderCli, WritesPngSvgAscii) {
  Cmd r = pathbench({"render", "--map", "bar.map", "--start", "12,2", "--goal", "12,12",
                     "--compare", "astar,jps,astar:weight=2", "--cell", "5", "-o", "out.png"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("wrote out.png"), std::string::npos) << r.out;
  const RasterImage img = decode_png(read_text(root_ / "out.png"));
  EXPECT_EQ(img.width(), 8 + 3 * (360 + 8));

  r = pathbench({"render", "--map", "bar.map", "--start", "12,2", "--goal", "12,12", "-o",
                 "out.svg", "--set", "heuristic=manhattan"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(read_text(root_ / "out.svg").find("astar:heuristic=manhattan"), std::string::npos);

  r = pathbench({"render", "--map", "bar.map", "--start", "12,2", "--goal", "12,12", "--ascii",
                 "--planner", "jps"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("S"), std::string::npos);
  EXPECT_NE(r.out.find("################"), std::string::npos);
}

TEST_F(RenderCli, BadInputIsOneMessage) {
  const std::vector<std::vector<std::string>> bad = {
      {"--compare", "astar,nosuch", "-o", "x.png"},
      {"--compare", "astar,jps", "--set", "nosuch=1", "-o", "x.png"},
      {"--set", "weight=-3", "-o", "x.png"},
      {"-o", "x.gif"},
      {"--region", "1,2,3", "-o", "x.png"},
      {"--region", "100,100,200,200", "-o", "x.png"},
      {},
  };
  for (const std::vector<std::string>& extra : bad) {
    std::vector<std::string> args = {"render", "--map",  "bar.map", "--start",
                                     "12,2",   "--goal", "12,12"};
    args.insert(args.end(), extra.begin(), extra.end());
    const Cmd r = pathbench(args);
    std::string what;
    for (const std::string& a : extra) what += a + " ";
    EXPECT_EQ(r.code, 2) << what << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << what << r.err;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << what << r.err;
  }
  EXPECT_FALSE(fs::exists(root_ / "x.png"));
}

// --cell 64 on a 512x512 map would be a 32768x32768 picture (4 GB of pixels): refused up front.
TEST_F(RenderCli, OversizedPictureIsRefusedBeforeDrawing) {
  write_map(root_ / "big.map", Grid(512, 512));
  const Cmd r = pathbench({"render", "--map", "big.map", "--start", "0,0", "--goal", "511,511",
                           "--cell", "64", "-o", "big.png"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("field '--cell'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("million pixels"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(root_ / "big.png"));
}

std::string find_chromium() {
  for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
    const std::string cmd = std::string("command -v ") + name + " >/dev/null 2>&1";
    if (std::system(cmd.c_str()) == 0) return name;
  }
  return "";
}

TEST_F(RenderCli, HtmlReplayShowsTraceCountsInChromium) {
  const std::string chromium = find_chromium();
  if (chromium.empty())
    GTEST_SKIP() << "chromium not installed (apt-get install chromium; scripts/setup.sh does it)";
  const Grid g = random_map(60, 40, 0.25, 9);
  write_map(root_ / "rand.map", g);
  // A long query, so A* needs many steps and JPS few.
  const Query q = [&] {
    Query best{{0, 0}, {0, 0}};
    int far = -1;
    for (const Query& c : random_queries(g, 200, 4)) {
      const int d = std::abs(c.start.x - c.goal.x) + std::abs(c.start.y - c.goal.y);
      if (d > far) {
        far = d;
        best = c;
      }
    }
    return best;
  }();
  const std::string s = std::to_string(q.start.x) + "," + std::to_string(q.start.y);
  const std::string t = std::to_string(q.goal.x) + "," + std::to_string(q.goal.y);
  const Cmd r = pathbench({"render", "--map", "rand.map", "--start", s, "--goal", t, "--compare",
                           "astar,jps", "--html", "-o", "replay.html"});
  ASSERT_EQ(r.code, 0) << r.err;
  const RenderPanel astar = traced_panel(g, q, "astar"), jps = traced_panel(g, q, "jps");
  ASSERT_EQ(astar.result.status, Status::Solved) << "pick a solvable query";
  const std::uint64_t na = astar.result.counters.expansions, nj = jps.result.counters.expansions;
  ASSERT_GT(na, nj);
  const std::uint64_t mid = (na + nj) / 2;  // past JPS's end, inside A*'s search

  const fs::path html = fs::absolute(root_ / "replay.html");
  auto dump = [&](const std::string& fragment) {
    const fs::path profile = root_ / ("chromium-profile" + std::to_string(std::rand()));
    fs::create_directories(profile);
    const std::string cmd =
        "timeout 120 " + chromium +
        " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
        " --disable-background-networking --disable-component-update --disable-sync"
        " --user-data-dir=" +
        testing::shell_quote(profile.string()) + " --virtual-time-budget=5000 --dump-dom " +
        testing::shell_quote("file://" + html.string() + fragment);
    return run(cmd);
  };
  auto count_of = [](const std::string& dom, int panel) -> long long {
    std::smatch m;
    const std::regex re("id=\"count-" + std::to_string(panel) + "\">([0-9]+)<");
    if (!std::regex_search(dom, m, re)) return -1;
    return std::stoll(m[1]);
  };
  for (const auto& [fragment, ea, ej] :
       {std::tuple{std::string("#step=") + std::to_string(mid), mid, nj},
        std::tuple{std::string("#step=5"), std::uint64_t{std::min<std::uint64_t>(5, na)},
                   std::uint64_t{std::min<std::uint64_t>(5, nj)}},
        std::tuple{std::string("#step=end"), na, nj}}) {
    const Cmd d = dump(fragment);
    ASSERT_EQ(d.code, 0) << "chromium failed: " << d.err.substr(0, 2000);
    ASSERT_NE(d.out.find("data-ready=\"1\""), std::string::npos)
        << "the replay script did not run; DOM:\n"
        << d.out.substr(0, 3000);
    EXPECT_EQ(count_of(d.out, 0), static_cast<long long>(ea)) << fragment;
    EXPECT_EQ(count_of(d.out, 1), static_cast<long long>(ej)) << fragment;
  }
}

}  // namespace
}  // namespace pathbench
