// The subgoal graph of a grid (Uras, Koenig & Hernández, ICAPS 2013), built once per map.
//
// Subgoals: free cells at the corners of obstacles, i.e. cells c with a blocked diagonal
// neighbour c + (dx, dy) whose two shared neighbours c + (dx, 0) and c + (0, dy) are free (under
// the no-corner-cutting rule these are the only cells where a shortest path can turn).
//
// h-reachable: t is h-reachable from s when some path from s to t is as long as the octile
// distance between them (every step moves towards t; no obstacle in the way). Direct-h-reachable:
// h-reachable without passing another subgoal. The graph has an edge between every pair of
// subgoals one of which finds the other in its scan (scan() below), and its cost is the octile
// distance (edges are h-reachable by construction). Any shortest grid path can then be written
// as a chain of such edges, once start and goal are connected the same way (the paper's lemma).
//
// scan(s): the paper's exploration of the cells direct-h-reachable from s. Along each cardinal
// ray, the first subgoal before an obstacle. Along each diagonal, step by step while the
// diagonal move is legal: the first subgoal on the diagonal ends that diagonal; from every cell
// on it, the two cardinal rays of the diagonal's components, each no longer than the same ray
// from the previous diagonal cell (so the explored region stays the set of cells reached by a
// "diagonal moves first, then straight" octile path), report the subgoal that stops them. Ray
// lengths come from per-cell clearances (free cells that are no subgoal, per cardinal
// direction) computed in build(), so a ray costs one table read.
//
// Two-level graph (Uras & Koenig, SoCS 2013 / the ICAPS paper's TSG): subgoals are visited in
// index order and made *local* when no shortest path between the others needs them as an
// interior node: for every pair (p, q) of its neighbours either a path p..q exists of length
// <= c(p,s) + c(s,q) whose interior nodes are global and not s (bounded Dijkstra), or q is
// h-reachable from p with exactly that length, and then the edge p-q is added. Otherwise s stays
// global. Invariant (by induction over the removals): between any two subgoals some shortest path
// in the graph has only global interior nodes. So a query needs global subgoals plus the local
// subgoals start and goal connect to (subgoal_graph_planner.cpp). Both conservative shortcuts
// (the Dijkstra's expansion cap, the h-reachability check's size cap) can only keep a subgoal
// global, never lose a path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/moves.h"
#include "algorithms/core/search_cost.h"
#include "algorithms/core/search_types.h"

namespace pathbench::subgoal {

inline constexpr std::uint32_t kNoNode = 0xFFFFFFFFu;

class SubgoalGraph {
 public:
  // Builds everything from `g` (8-connected, uniform cost, no corner cutting: the planner's
  // capabilities refuse the others). `two_level`: prune local subgoals as above.
  void build(const Grid& g, bool two_level);

  // Per node, one cache line shared by the fields a query reads together.
  struct Node {
    std::int32_t px, py;  // padded column and row
    std::uint32_t begin;  // arcs [begin, gend) lead to global nodes, [gend, end) to local ones
    std::uint32_t gend;
    std::uint32_t end;
    std::uint32_t global;  // 1: global (always, without two_level)
  };
  // An arc carries its target's coordinates: its cost (octile distance) and the target's
  // heuristic are computed without reading the target's Node.
  struct Arc {
    std::uint32_t target;
    std::int32_t px, py;
  };

  std::uint32_t num_nodes() const { return static_cast<std::uint32_t>(nodes_.size()); }
  std::uint32_t num_global() const { return num_global_; }
  // Undirected edges (each stored as two arcs).
  std::size_t num_edges() const { return arcs_.size() / 2; }
  std::size_t num_added_edges() const { return added_edges_; }
  std::uint32_t node_of(CellId c) const { return node_of_[c]; }
  CellId cell(std::uint32_t n) const {
    return static_cast<CellId>(nodes_[n].py * pw_ + nodes_[n].px);
  }
  const Node& node(std::uint32_t n) const { return nodes_[n]; }
  int px(std::uint32_t n) const { return nodes_[n].px; }
  int py(std::uint32_t n) const { return nodes_[n].py; }
  bool global(std::uint32_t n) const { return nodes_[n].global != 0; }
  const Arc* arcs() const { return arcs_.data(); }

  // The scan described above from free cell s; emit(node) for each subgoal found (a subgoal may
  // be reported twice). With kStop, a cell `stop` reached first on a ray or a diagonal makes
  // scan return true at once (start->goal h-reachable); otherwise it returns false.
  template <bool kStop, class Emit>
  bool scan(CellId s, CellId stop, Emit&& emit) const;

  // Appends the cells of an octile-length freespace path from u to v (v included, u not) to
  // `out`. Precondition: v is h-reachable from u. Tries "diagonal first", then "straight first",
  // then a dynamic programme over the parallelogram between them.
  void append_h_path(CellId u, CellId v, std::vector<CellId>& out) const;
  // Whether v is h-reachable from u; `max_states` bounds the work (false when exceeded).
  bool h_reachable(CellId u, CellId v, std::size_t max_states) const;

  std::size_t memory_bytes() const;

 private:
  template <int Dir>
  std::uint32_t clearance(CellId c) const {
    return clear_[static_cast<std::size_t>(c) * 4 + Dir];
  }
  template <bool kStop, int D, class Emit>
  bool scan_diagonal(CellId s, CellId stop, int gi, int gk, bool goal_horizontal, Emit& emit) const;
  // The parallelogram from u to v that every octile-length path between them stays in: how many
  // diagonal and straight steps such a path takes, and the id offsets of one step towards v
  // horizontally, vertically, diagonally and straight (the longer axis).
  struct Parallelogram {
    int diag, straight;
    std::int64_t oh, ov, od, os;
  };
  Parallelogram parallelogram(CellId u, CellId v) const;
  // The parallelogram DP: fills dp_ for u -> v; true when v is reached.
  bool solve_dp(CellId u, const Parallelogram& pg, std::size_t max_states) const;
  bool walk(CellId u, const Parallelogram& pg, bool diag_first, std::vector<CellId>* out) const;
  void make_two_level();

  std::vector<std::uint8_t> free_;      // padded passability (copy: the scans read it)
  std::vector<std::uint32_t> node_of_;  // per cell: subgoal index or kNoNode
  std::vector<std::uint32_t> clear_;    // per cell, 4 cardinal clearances (N, E, S, W)
  int pw_ = 0;
  std::vector<Node> nodes_;
  std::vector<Arc> arcs_;
  std::uint32_t num_global_ = 0;
  std::size_t added_edges_ = 0;
  mutable std::vector<std::uint8_t> dp_;  // scratch of solve_dp
};

// A query whose start h-reaches its goal (scan<true> from the start returned true): the octile
// path is a shortest path, so both planners answer with it without searching.
inline void write_direct_path(const SubgoalGraph& graph, CellId start, CellId goal,
                              SearchResult& result) {
  result.mark_search_end();
  result.path.push_back(start);
  graph.append_h_path(start, goal, result.path);
}

// ---- scan ----------------------------------------------------------------------------------

template <bool kStop, int D, class Emit>
bool SubgoalGraph::scan_diagonal(CellId s, CellId stop, int gi, int gk, bool goal_horizontal,
                                 Emit& emit) const {
  constexpr int kH = kDx[D] > 0 ? kEast : kWest;
  constexpr int kV = kDy[D] > 0 ? kSouth : kNorth;
  const std::int64_t oh = kDx[D], ov = static_cast<std::int64_t>(kDy[D]) * pw_;
  const std::int64_t od = oh + ov;
  std::uint32_t max_h = clearance<kH>(s), max_v = clearance<kV>(s);
  CellId t = s;
  for (int i = 1;; ++i) {
    if (!free_[t + oh] || !free_[t + ov] || !free_[t + od]) return false;
    t = static_cast<CellId>(t + od);
    if constexpr (kStop) {
      if (t == stop) return true;
    }
    if (node_of_[t] != kNoNode) {
      emit(node_of_[t]);
      return false;
    }
    const std::uint32_t ch = clearance<kH>(t);
    if constexpr (kStop) {
      // The stop cell on this row's ray, within reach?
      if (i == gi && goal_horizontal && static_cast<std::uint32_t>(gk) <= std::min(ch, max_h))
        return true;
    }
    if (ch < max_h) {
      const CellId hit = static_cast<CellId>(t + oh * (static_cast<std::int64_t>(ch) + 1));
      if (node_of_[hit] != kNoNode) emit(node_of_[hit]);
      max_h = ch;
    }
    const std::uint32_t cv = clearance<kV>(t);
    if constexpr (kStop) {
      if (i == gi && !goal_horizontal && static_cast<std::uint32_t>(gk) <= std::min(cv, max_v))
        return true;
    }
    if (cv < max_v) {
      const CellId hit = static_cast<CellId>(t + ov * (static_cast<std::int64_t>(cv) + 1));
      if (node_of_[hit] != kNoNode) emit(node_of_[hit]);
      max_v = cv;
    }
  }
}

template <bool kStop, class Emit>
bool SubgoalGraph::scan(CellId s, CellId stop, Emit&& emit) const {
  const int sx = static_cast<int>(s % static_cast<CellId>(pw_));
  const int sy = static_cast<int>(s / static_cast<CellId>(pw_));
  int gdx = 0, gdy = 0;
  if constexpr (kStop) {
    gdx = static_cast<int>(stop % static_cast<CellId>(pw_)) - sx;
    gdy = static_cast<int>(stop / static_cast<CellId>(pw_)) - sy;
  }
  // Cardinal rays.
  const auto ray = [&]<int Dir>() {
    const std::uint32_t k = clearance<Dir>(s);
    if constexpr (kStop) {
      const int along = kDx[Dir] != 0 ? gdx * kDx[Dir] : gdy * kDy[Dir];
      const int across = kDx[Dir] != 0 ? gdy : gdx;
      if (across == 0 && along > 0 && static_cast<std::uint32_t>(along) <= k) return true;
    }
    const std::int64_t o = kDx[Dir] + static_cast<std::int64_t>(kDy[Dir]) * pw_;
    const CellId hit = static_cast<CellId>(s + o * (static_cast<std::int64_t>(k) + 1));
    if (node_of_[hit] != kNoNode) emit(node_of_[hit]);
    return false;
  };
  if (ray.template operator()<kNorth>() || ray.template operator()<kEast>() ||
      ray.template operator()<kSouth>() || ray.template operator()<kWest>())
    return true;
  // Diagonals. The stop cell lies in the quadrant of at most one of them (none when it is on a
  // cardinal line): gi diagonal steps, then gk straight ones.
  const auto diag = [&]<int D>() {
    int gi = -1, gk = 0;
    bool horizontal = false;
    if constexpr (kStop) {
      if (gdx * kDx[D] > 0 && gdy * kDy[D] > 0) {
        const int ax = gdx * kDx[D], ay = gdy * kDy[D];
        gi = std::min(ax, ay);
        gk = std::max(ax, ay) - gi;
        horizontal = ax > ay;
      }
    }
    return scan_diagonal<kStop, D>(s, stop, gi, gk, horizontal, emit);
  };
  return diag.template operator()<kNorthEast>() || diag.template operator()<kSouthEast>() ||
         diag.template operator()<kSouthWest>() || diag.template operator()<kNorthWest>();
}

}  // namespace pathbench::subgoal
