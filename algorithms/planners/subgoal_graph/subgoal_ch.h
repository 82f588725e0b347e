// A contraction hierarchy over the simple subgoal graph (the idea of Uras & Koenig, IJCAI 2018,
// "CH-SG", and of Harabor, Uras, Stuckey & Koenig, IJCAI 2019: SG-CH), built once per map.
//
// Contraction (Geisberger et al.'s scheme): subgoals are contracted one at a time in the order
// of a lazily updated priority: 2 x edge difference (shortcuts added minus edges removed, keeps
// the graph sparse) + the number of already contracted neighbours (spreads contraction evenly) +
// depth (the longest chain of contracted nodes below, keeps the hierarchy flat and the query's
// upward searches short). Contracting v adds the shortcut u-w (cost c(u,v) + c(v,w), middle node
// v) for every pair of its uncontracted neighbours that no witness path (bounded Dijkstra avoiding
// v, over uncontracted nodes, stopped once all of v's other neighbours are settled) matches. The
// priorities use a small witness limit (an estimate); the contraction itself recomputes the
// shortcuts with a larger one. Both limits can only add shortcuts, never lose a path. Each node
// keeps its arcs to the neighbours contracted after it ("upward" arcs, CSR): the graph is
// undirected, so the same arcs serve the forward and the backward search.
//
// Every subgoal is contracted: game-map subgoal graphs are small but dense (each subgoal sees
// dozens of others), so witnesses abound and few shortcuts are needed, while a core would be
// searched flat. A core remains only as a safety valve (subgoal_ch.cpp's kCoreDegree: contraction
// stops at a node with that many uncontracted neighbours; the nodes left share the top rank and
// keep all their arcs among themselves).
//
// Unpacking: a shortcut a-b with middle m is a-m then m-b; both are upward arcs of m (m was
// contracted before a and b), found by a scan of m's arcs.
//
// Not done (yet): the papers' taut-path restriction (a shortcut over v only when u-v-w bends
// around v's obstacle corner), which would need a matching restriction in the query.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "algorithms/planners/subgoal_graph/subgoal_graph.h"

namespace pathbench::subgoal {

class SubgoalCH {
 public:
  struct UpArc {
    std::uint32_t target;
    std::uint32_t mid;  // kNoNode: an edge of the subgoal graph; else the shortcut's middle
    SearchCost cost;
  };

  void build(const Grid& g);

  const SubgoalGraph& graph() const { return graph_; }
  std::uint32_t num_nodes() const { return graph_.num_nodes(); }
  std::size_t num_shortcuts() const { return shortcuts_; }
  std::size_t core_size() const { return core_; }
  std::size_t num_up_arcs() const { return arcs_.size(); }
  std::uint32_t begin(std::uint32_t n) const { return begin_[n]; }
  std::uint32_t end(std::uint32_t n) const { return begin_[n + 1]; }
  const UpArc* arcs() const { return arcs_.data(); }

  // Appends the subgoals strictly after a up to b (b included) of the arc a-b (either
  // direction: a or b may be the lower node).
  void unpack(std::uint32_t a, std::uint32_t b, std::vector<std::uint32_t>& out) const;

  std::size_t memory_bytes() const;

 private:
  // The upward arc of `low` to `high` (rank[low] < rank[high]).
  const UpArc& find(std::uint32_t low, std::uint32_t high) const;

  SubgoalGraph graph_;
  std::vector<std::uint32_t> rank_;
  std::vector<std::uint32_t> begin_;
  std::vector<UpArc> arcs_;
  std::size_t shortcuts_ = 0;
  std::size_t core_ = 0;
  mutable std::vector<std::pair<std::uint32_t, std::uint32_t>> stack_;  // unpack's
};

}  // namespace pathbench::subgoal
