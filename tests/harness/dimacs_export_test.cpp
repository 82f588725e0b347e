// DIMACS export (datasets/dimacs_export.h, `pathbench export-dimacs`): exact arcs on hand-made
// 2x2 maps under each move rule; Boost.Graph's Dijkstra on the exported graph, read back from the
// text, finds the scenario's optimal lengths (bundled map, a shared MovingAI map when present)
// and the reference Dijkstra's costs under 4-connectivity and corner cutting, within the
// documented rounding bound; the CLI refuses existing files, bad names and scales.
#include <gtest/gtest.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <cmath>
#include <filesystem>
#include <initializer_list>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/dimacs_export.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"
#include "tests/support/test_data.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

// A .gr/.co pair read back the way an outside tool would: only the "p", "a" and "v" lines.
struct ReadGraph {
  std::int64_t n = 0, m = 0;
  std::vector<std::tuple<std::int64_t, std::int64_t, std::int64_t>> arcs;
  std::map<std::pair<int, int>, std::int64_t> id_of;  // (x, y) -> vertex id
};

ReadGraph read_back(const std::string& gr, const std::string& co) {
  ReadGraph g;
  std::istringstream in(gr);
  for (std::string line; std::getline(in, line);) {
    std::istringstream ls(line);
    std::string tag;
    ls >> tag;
    if (tag == "p") {
      std::string sp;
      ls >> sp >> g.n >> g.m;
      EXPECT_EQ(sp, "sp");
    } else if (tag == "a") {
      std::int64_t u, v, w;
      ls >> u >> v >> w;
      EXPECT_TRUE(ls) << line;
      g.arcs.emplace_back(u, v, w);
    } else {
      EXPECT_EQ(tag, "c") << line;
    }
  }
  EXPECT_EQ(static_cast<std::int64_t>(g.arcs.size()), g.m);
  std::istringstream cin(co);
  std::int64_t vertices = -1;
  for (std::string line; std::getline(cin, line);) {
    std::istringstream ls(line);
    std::string tag;
    ls >> tag;
    if (tag == "p") {
      std::string aux, sp, coord;
      ls >> aux >> sp >> coord >> vertices;
      EXPECT_EQ(aux + sp + coord, "auxspco");
    } else if (tag == "v") {
      std::int64_t id;
      int x, y;
      ls >> id >> x >> y;
      EXPECT_TRUE(ls) << line;
      EXPECT_TRUE(g.id_of.emplace(std::pair{x, y}, id).second) << line;
    } else {
      EXPECT_EQ(tag, "c") << line;
    }
  }
  EXPECT_EQ(vertices, g.n);
  EXPECT_EQ(static_cast<std::int64_t>(g.id_of.size()), g.n);
  return g;
}

ReadGraph export_and_read(const Grid& grid, std::int64_t scale = kDefaultDimacsScale) {
  std::ostringstream gr, co;
  const DimacsCounts n = write_dimacs(grid, scale, "test.map", gr, co);
  ReadGraph g = read_back(gr.str(), co.str());
  EXPECT_EQ(g.n, n.vertices);
  EXPECT_EQ(g.m, n.arcs);
  return g;
}

using Arc = std::tuple<std::int64_t, std::int64_t, std::int64_t>;
std::set<Arc> arc_set(const ReadGraph& g) { return {g.arcs.begin(), g.arcs.end()}; }
// Every move is legal both ways at the same cost: each {u, v, w} gives the arcs u->v and v->u.
std::set<Arc> both_ways(std::initializer_list<Arc> edges) {
  std::set<Arc> arcs;
  for (const auto& [u, v, w] : edges) arcs.insert({{u, v, w}, {v, u, w}});
  return arcs;
}

TEST(DimacsExport, HandCheckedArcsPerMoveRule) {
  // Cells (0,0) (1,0) / (0,1) (1,1); all free: ids 1 2 / 3 4.
  Grid open(2, 2);
  ReadGraph g = export_and_read(open);
  EXPECT_EQ(g.n, 4);
  EXPECT_EQ(arc_set(g), both_ways({{1, 2, 10000},
                                   {1, 3, 10000},
                                   {2, 4, 10000},
                                   {3, 4, 10000},
                                   {1, 4, 14142},
                                   {2, 3, 14142}}));
  EXPECT_EQ(g.id_of.at({1, 1}), 4);

  // (1,0) blocked: ids (0,0)=1, (0,1)=2, (1,1)=3. The diagonal 1-3 passes the blocked corner.
  for (const auto& [rules, diagonal] : {std::pair{MoveRules{Connectivity::Eight, false}, false},
                                        std::pair{MoveRules{Connectivity::Eight, true}, true},
                                        std::pair{MoveRules{Connectivity::Four, false}, false}}) {
    Grid grid(2, 2, rules);
    grid.set_passable(1, 0, false);
    g = export_and_read(grid, 1000);
    std::set<Arc> want = both_ways({{1, 2, 1000}, {2, 3, 1000}});
    if (diagonal) want.merge(both_ways({{1, 3, 1414}}));
    EXPECT_EQ(arc_set(g), want) << diagonal;
    EXPECT_EQ(g.id_of.at({1, 1}), 3);
    EXPECT_FALSE(g.id_of.count({1, 0}));
  }
  EXPECT_THROW(dimacs_counts(open, 0), std::invalid_argument);
  EXPECT_THROW(dimacs_counts(open, 2'000'000'000), std::invalid_argument);  // 1.4e9*2 > 2^31
}

using BoostGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                          boost::property<boost::edge_weight_t, std::int64_t>>;

// Dijkstra (Boost.Graph) over the graph as read back; vertex v of the file is index v - 1.
class BoostDistances {
 public:
  explicit BoostDistances(const ReadGraph& g) : g_(static_cast<std::size_t>(g.n)) {
    for (const auto& [u, v, w] : g.arcs)
      boost::add_edge(static_cast<std::size_t>(u - 1), static_cast<std::size_t>(v - 1), w, g_);
  }
  std::vector<std::int64_t> from(std::int64_t source) const {
    std::vector<std::int64_t> dist(boost::num_vertices(g_));
    boost::dijkstra_shortest_paths(g_, static_cast<std::size_t>(source - 1),
                                   boost::distance_map(boost::make_iterator_property_map(
                                       dist.begin(), boost::get(boost::vertex_index, g_))));
    return dist;
  }

 private:
  BoostGraph g_;
};

// The bound of dimacs_export.h for a path of true cost `cost` on a map without terrain (every
// arc costs >= 1, so at most cost + 1 arcs on either path), plus the scen file's 8 decimals.
double rounding_bound(double cost, std::int64_t scale) {
  return (cost + 1.0) / (2.0 * static_cast<double>(scale)) + 1e-8;
}

void expect_scen_lengths(const Grid& grid, const std::vector<ScenEntry>& entries,
                         std::size_t limit) {
  const ReadGraph g = export_and_read(grid);
  const BoostDistances boost_graph(g);
  std::map<std::int64_t, std::vector<std::int64_t>> by_source;
  std::size_t checked = 0;
  for (const ScenEntry& e : entries) {
    if (checked == limit) break;
    const std::int64_t s = g.id_of.at({e.start.x, e.start.y});
    const std::int64_t t = g.id_of.at({e.goal.x, e.goal.y});
    if (!by_source.count(s)) by_source[s] = boost_graph.from(s);
    const double d = static_cast<double>(by_source[s][static_cast<std::size_t>(t - 1)]) /
                     static_cast<double>(kDefaultDimacsScale);
    EXPECT_NEAR(d, e.optimal, rounding_bound(e.optimal, kDefaultDimacsScale))
        << "line " << e.line << ": (" << e.start.x << "," << e.start.y << ") -> (" << e.goal.x
        << "," << e.goal.y << ")";
    ++checked;
  }
  EXPECT_EQ(checked, std::min(limit, entries.size()));
}

TEST(DimacsExport, BoostDijkstraMatchesTheBundledScen) {
  const fs::path dir = fs::path(PATHBENCH_SOURCE_DIR) / "datasets" / "maps";
  const Grid grid = read_map(dir / "quickstart.map");
  const std::vector<ScenEntry> entries = read_scen(dir / "quickstart.map.scen");
  ASSERT_GT(entries.size(), 50u);
  expect_scen_lengths(grid, entries, entries.size());
}

TEST(DimacsExport, BoostDijkstraMatchesAMovingAiScen) {
  PATHBENCH_REQUIRE_MOVINGAI();
  const fs::path map = testing::movingai_dir() / "arena.map";
  if (!fs::exists(map)) GTEST_SKIP() << map << " not found";
  const std::vector<ScenEntry> entries = read_scen(map.string() + ".scen");
  // The last lines have the longest paths (largest bucket), where rounding adds up most.
  std::vector<ScenEntry> sample(entries.end() - std::min<std::ptrdiff_t>(60, entries.size()),
                                entries.end());
  expect_scen_lengths(read_map(map), sample, sample.size());
}

TEST(DimacsExport, BoostDijkstraMatchesTheReferenceUnderOtherMoveRules) {
  const fs::path map = fs::path(PATHBENCH_SOURCE_DIR) / "datasets" / "maps" / "quickstart.map";
  for (const MoveRules rules :
       {MoveRules{Connectivity::Four, false}, MoveRules{Connectivity::Eight, true}}) {
    const Grid grid = read_map(map, MapLoadOptions{rules, {}});
    const ReadGraph g = export_and_read(grid);
    const BoostDistances boost_graph(g);
    std::mt19937 rng(5);
    std::vector<std::pair<int, int>> cells;
    for (const auto& [xy, id] : g.id_of) cells.push_back(xy);
    std::uniform_int_distribution<std::size_t> pick(0, cells.size() - 1);
    for (int i = 0; i < 6; ++i) {
      const auto [sx, sy] = cells[pick(rng)];
      const std::vector<std::int64_t> dist = boost_graph.from(g.id_of.at({sx, sy}));
      for (int j = 0; j < 20; ++j) {
        const auto [tx, ty] = cells[pick(rng)];
        const double want = reference_cost(grid, {sx, sy}, {tx, ty});
        const std::int64_t got = dist[static_cast<std::size_t>(g.id_of.at({tx, ty}) - 1)];
        if (std::isinf(want)) {
          EXPECT_EQ(got, std::numeric_limits<std::int64_t>::max());
        } else {
          EXPECT_NEAR(static_cast<double>(got) / kDefaultDimacsScale, want,
                      rounding_bound(want, kDefaultDimacsScale));
        }
      }
    }
  }
}

// ---- The binary ----

class DimacsCli : public pathbench::testing::ScratchTest {
 protected:
  void SetUp() override {
    Grid g(3, 2);
    g.set_passable(1, 0, false);
    write_map(root_ / "tiny.map", g);
  }
  testing::CommandResult pathbench(const std::vector<std::string>& args) const {
    return testing::run_shell(root_, testing::command_line(PATHBENCH_EXE, args), root_);
  }
};

TEST_F(DimacsCli, WritesBothFilesAndRefusesToReplaceThem) {
  auto r = pathbench({"export-dimacs", "--map", "tiny.map", "-o", "tiny.gr"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("wrote tiny.gr (5 vertices, 8 arcs"), std::string::npos) << r.out;
  const ReadGraph g =
      read_back(testing::read_text(root_ / "tiny.gr"), testing::read_text(root_ / "tiny.co"));
  // (0,0) (2,0) / (0,1) (1,1) (2,1): 1 2 / 3 4 5; no diagonal passes the blocked (1,0).
  EXPECT_EQ(arc_set(g), both_ways({{1, 3, 10000}, {2, 5, 10000}, {3, 4, 10000}, {4, 5, 10000}}));

  const std::string before = testing::read_text(root_ / "tiny.gr");
  r = pathbench({"export-dimacs", "--map", "tiny.map", "-o", "tiny.gr", "--corner-cutting"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("exists; pass --overwrite"), std::string::npos) << r.err;
  EXPECT_EQ(testing::read_text(root_ / "tiny.gr"), before);
  // Only the .co is in the way: nothing is written either.
  ASSERT_TRUE(testing::write_text(root_ / "other.co", "mine\n"));
  r = pathbench({"export-dimacs", "--map", "tiny.map", "-o", "other.gr"});
  EXPECT_EQ(r.code, 2);
  EXPECT_FALSE(fs::exists(root_ / "other.gr"));
  EXPECT_EQ(testing::read_text(root_ / "other.co"), "mine\n");

  r = pathbench({"export-dimacs", "--map", "tiny.map", "-o", "tiny.gr", "--corner-cutting",
                 "--overwrite", "--scale", "1000"});
  ASSERT_EQ(r.code, 0) << r.err;
  const ReadGraph cut =
      read_back(testing::read_text(root_ / "tiny.gr"), testing::read_text(root_ / "tiny.co"));
  EXPECT_EQ(cut.m, 12);  // + the diagonals 1-4 and 2-4 past the blocked corner, both ways
  EXPECT_TRUE(arc_set(cut).count({1, 4, 1414}));
}

TEST_F(DimacsCli, BadRequestsExit2WithoutWriting) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> bad = {
      {{"-o", "g.txt"}, "NAME.gr"},
      {{"-o", "g.gr", "--coordinates", "g.xy"}, "NAME.co"},
      {{"-o", "g.gr", "--scale", "0"}, "--scale"},
      {{"-o", "g.gr", "--scale", "5000000000"}, "--scale"},
  };
  for (const auto& [args, message] : bad) {
    std::vector<std::string> all = {"export-dimacs", "--map", "tiny.map"};
    all.insert(all.end(), args.begin(), args.end());
    const auto r = pathbench(all);
    EXPECT_EQ(r.code, 2) << message;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(root_ / "g.gr"));
  EXPECT_FALSE(fs::exists(root_ / "g.co"));
  const auto r = pathbench({"export-dimacs", "--map", "missing.map", "-o", "g.gr"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("missing.map"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace pathbench
