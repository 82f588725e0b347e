// HPA*'s abstract graph (Botea, Mueller & Schaeffer 2004, "Near Optimal Hierarchical
// Path-Finding", J. Game Development 1(1)), built once per map in prepare.
//
// Level 1: the map is cut into square clusters (ClusterGeometry). Along each border between two
// neighbouring clusters, an entrance is a maximal run of cell pairs (one cell each side, facing
// each other) that are both free. An entrance narrower than 6 cells gets one transition (the pair
// in its middle), a wider one two (the pairs at its ends). Each transition cell is an abstract
// node (a cell on two borders is one node); the pair is joined by an inter edge of cost 1.
// Nodes of one cluster are joined by intra edges whose cost is the optimal cost of a path that
// stays inside the cluster (one Dijkstra per node, restricted to the cluster).
// Level l >= 2: nodes are the level-1 nodes whose inter edge crosses a level-l border; intra
// edges come from searches of the level-(l-1) graph restricted to the level-l cluster.
//
// Invariants that make "found exactly when a path exists" hold (no corner cutting): a diagonal
// step needs both side cells free, so any move between two clusters implies a free facing pair,
// i.e. a cell of some entrance, and an entrance's cells on one side form a free run along the
// border, connected to its transition inside the cluster. Hence two nodes are connected in the
// level-l graph iff their cells are connected in the grid, and every intra edge cost is exact for
// its cluster.
//
// Storage: per level, CSR adjacency (intra edges of that level plus the inter edges crossing a
// border of that level or higher) and per-cluster node lists. With cache_paths, each intra edge
// keeps the path it was costed with (cells at level 1, level-(l-1) node ids above), once per
// unordered pair; the reverse direction reads it backwards.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/planners/hpa/cluster_geometry.h"
#include "algorithms/planners/hpa/cluster_search.h"

namespace pathbench::hpa {

inline constexpr std::uint32_t kNoNode = 0xFFFFFFFFu;

struct AbsNode {
  CellId cell;
  int x, y;
  int level;  // highest level this node exists at
};

struct AbsEdge {
  std::uint32_t to;
  std::uint32_t path_off;  // into the path pool (cached intra edges)
  std::uint32_t path_len;  // 0: inter edge, or intra edge without a cached path
  bool intra;
  bool reversed;    // read the cached path backwards
  SearchCost cost;  // lattice (search_cost.h)
};

class AbstractSearch;

class ClusterAbstraction {
 public:
  // Level 1: entrances, transitions, nodes, intra edges. Counts searched cells in `expansions`.
  void build_level1(const Grid& grid, int cluster_size, int levels, bool cache_paths,
                    ClusterSearch& cells, std::uint64_t& expansions);
  // Level l >= 2 (after level l-1), with a search object already resized for this abstraction.
  void build_level(int level, AbstractSearch& search, std::uint64_t& expansions);

  const ClusterGeometry& geometry() const { return geo_; }
  std::uint32_t num_nodes() const { return static_cast<std::uint32_t>(nodes_.size()); }
  const AbsNode& node(std::uint32_t v) const { return nodes_[v]; }
  // The node whose transition cell is `c`, or kNoNode.
  std::uint32_t node_at(CellId c) const { return node_of_cell_[c]; }
  std::uint32_t cluster_of(int level, std::uint32_t v) const {
    return geo_.cluster_of(level, nodes_[v].x, nodes_[v].y);
  }
  std::span<const AbsEdge> edges(int level, std::uint32_t v) const {
    const Level& L = levels_[level];
    return {L.edges.data() + L.edge_begin[v], L.edges.data() + L.edge_begin[v + 1]};
  }
  // Nodes of level >= `level` inside cluster `c` of that level.
  std::span<const std::uint32_t> cluster_nodes(int level, std::uint32_t c) const {
    const Level& L = levels_[level];
    return {L.cluster_nodes.data() + L.cluster_begin[c],
            L.cluster_nodes.data() + L.cluster_begin[c + 1]};
  }
  std::uint32_t path_at(const AbsEdge& e, std::uint32_t i) const {
    return path_pool_[e.path_off + (e.reversed ? e.path_len - 1 - i : i)];
  }
  bool caches_paths() const { return cache_paths_; }
  bool eight_connected() const { return eight_; }

  std::size_t num_entrances() const { return entrances_; }
  std::size_t num_transitions() const { return transitions_; }
  // Undirected edges over all levels (inter edges once, intra edges of every level).
  std::size_t num_edges() const { return undirected_edges_; }
  std::size_t memory_bytes() const;

 private:
  struct Level {
    std::vector<std::uint32_t> edge_begin;  // num_nodes + 1
    std::vector<AbsEdge> edges;
    std::vector<std::uint32_t> cluster_begin;  // num_clusters + 1
    std::vector<std::uint32_t> cluster_nodes;
  };
  struct PendingEdge {
    std::uint32_t from;
    AbsEdge e;
  };
  struct InterEdge {
    std::uint32_t a, b;
    int level;
  };

  std::uint32_t node_for(const Grid& grid, CellId c);
  void add_transition(const Grid& grid, CellId a, CellId b, int level);
  void scan_border(const Grid& grid, int k, bool vertical);
  void index_clusters(int level);
  // Both directions of an intra edge whose cached path (if any) is path_pool_[off, off+len).
  void add_intra(std::vector<PendingEdge>& out, std::uint32_t a, std::uint32_t b, SearchCost cost,
                 std::uint32_t off, std::uint32_t len);
  void finish_level(int level, std::vector<PendingEdge>& intra);

  ClusterGeometry geo_;
  bool cache_paths_ = true;
  bool eight_ = true;
  std::vector<AbsNode> nodes_;
  std::vector<std::uint32_t> node_of_cell_;  // kNoNode for non-transition cells
  std::vector<InterEdge> inter_;
  Level levels_[kMaxLevels + 1];
  std::vector<std::uint32_t> path_pool_;
  std::vector<CellId> path_scratch_;
  std::size_t entrances_ = 0, transitions_ = 0, undirected_edges_ = 0;
};

}  // namespace pathbench::hpa
