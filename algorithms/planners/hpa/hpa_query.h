// One HPA* query over a prepared ClusterAbstraction: insert start and goal, search, refine,
// smooth. Owns every per-map and per-query structure so a warm query allocates nothing.
//
// Insertion (counted as "insertion" expansions): at level 1 a Dijkstra restricted to the
// endpoint's cluster finds its cost to every transition of that cluster; at level l >= 2 a
// Dijkstra over the level-(l-1) graph restricted to the endpoint's level-l cluster, seeded with
// the level-(l-1) connections, finds its cost to the level-l nodes of that cluster.
//
// Search ("abstract" expansions), candidates compared by cost:
//  (a) A* over the top-level graph from the start's connections to the goal's;
//  (b) when start and goal share their level-l cluster (l >= 2): A* over the level-(l-1) graph
//      restricted to that cluster, which finds paths that never reach the cluster's border;
//  (c) when they share their level-1 cluster: A* over the cells of that cluster (the paper's
//      direct search).
// Together these find a path exactly when one exists: a path that leaves the endpoints' common
// cluster at some level crosses that level's border through an entrance, and the level's graph
// preserves connectivity between entrances.
//
// Refinement ("refinement" expansions): each abstract edge becomes cells, recursively down the
// levels; with refine=cache the paths stored in prepare are copied (0 expansions), with
// refine=search each intra edge is searched again inside its cluster. Insertion edges are read
// back from the insertion searches' records.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/core/search_trace.h"
#include "algorithms/core/search_types.h"
#include "algorithms/planners/hpa/abstract_search.h"
#include "algorithms/planners/hpa/cluster_abstraction.h"
#include "algorithms/planners/hpa/cluster_search.h"
#include "algorithms/planners/hpa/path_smoothing.h"

namespace pathbench::hpa {

struct HpaSettings {
  int cluster_size = 10;
  int levels = 1;
  bool smoothing = true;
  bool cache_paths = true;  // refine=cache
};

struct QueryStats {
  std::uint64_t insertion = 0;
  std::uint64_t abstract = 0;
  std::uint64_t refinement = 0;
  double cost_unsmoothed = 0.0;
};

class HpaQuery {
 public:
  // Builds the abstraction; returns the cells/nodes expanded while doing it.
  std::uint64_t prepare(const Grid& grid, const HpaSettings& settings);
  // start != goal, both passable. Fills status, cost and path of `result`.
  void solve(CellId start, CellId goal, SearchResult& result, QueryStats& stats);
  // The same query, recorded into `trace` (see HpaPlanner / search_trace.h for what goes where):
  // a separate instantiation, so the untraced solve() runs exactly the code it ran before.
  void solve(CellId start, CellId goal, SearchResult& result, QueryStats& stats,
             SearchTrace& trace);

  const ClusterAbstraction& abstraction() const { return abs_; }
  // Per-query limits for the following solves, Budget's one meaning (search_types.h) over the
  // whole query: insertion, search and refinement expansions together. A query that runs out
  // ends with Status::Timeout.
  void set_budget(const Budget& budget) { limits_ = budget; }

 private:
  // `Rec` (hpa_query.cpp) receives every expanded cell and node: a no-op or a trace recorder.
  template <class Rec>
  void run_query(CellId start, CellId goal, SearchResult& result, QueryStats& stats, Rec& rec);
  template <class Rec>
  void insert(int endpoint, CellId cell, std::uint64_t& expansions, Rec& rec);
  // Appends the cells from the endpoint (already last in `out`) to node v at `level`.
  template <class Rec>
  void append_insertion(int endpoint, int level, std::uint32_t v, std::vector<CellId>& out,
                        std::uint64_t& expansions, Rec& rec);
  // Appends the cells of the level-`level` edge a -> b (a's cell already last in `out`).
  template <class Rec>
  void expand_edge(int level, std::uint32_t a, std::uint32_t b, std::vector<CellId>& out,
                   std::uint64_t& expansions, Rec& rec);
  double path_cost(const std::vector<CellId>& path) const;

  const Grid* grid_ = nullptr;
  HpaSettings settings_;
  MoveOffsets off_{Grid{}};
  ClusterAbstraction abs_;
  AbstractSearch search_;
  Budget limits_;
  SharedBudget budget_;           // the running query's, shared by every search
  ClusterSearch cell_insert_[2];  // results kept until refinement
  ClusterSearch cell_work_;       // direct search and refine=search
  AbstractRecords insert_rec_[2][kMaxLevels + 1];
  AbstractRecords cand_rec_[kMaxLevels + 1];          // candidate search over the level-l graph
  AbstractRecords refine_rec_[kMaxLevels + 1];        // refine=search over the level-l graph
  std::vector<Conn> conn_[2][kMaxLevels + 1];         // endpoint -> level-l nodes of its cluster
  std::vector<std::uint32_t> chain_[kMaxLevels + 1];  // node chains at level l during refinement
  std::vector<std::uint32_t> top_chain_;
  std::vector<CellId> goal_cells_;
  PathSmoother smoother_;
};

}  // namespace pathbench::hpa
