// Best-first search over one level of HPA*'s abstract graph, optionally confined to one cluster of
// a higher level: the one kernel (search/best_first_loop.h) with an abstract-graph policy. Used for
// the query's abstract search (A*, octile heuristic), for the searches that insert start/goal at
// levels >= 2 and build level >= 2 intra edges (Dijkstra), and for refine=search above level 1.
//
// The inserted endpoints are not graph nodes: the start enters as seeds (nodes with an initial
// cost, parent kFromSource) and the goal as "goal links" (node -> cost to the goal), relaxed into
// one virtual node (goal_node()) when a linked node is expanded. That keeps the graph immutable
// per query: no edge insertion or removal, no allocation once warm.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "algorithms/core/search_trace.h"
#include "algorithms/heaps/binary_heap.h"
#include "algorithms/planners/hpa/cluster_abstraction.h"
#include "algorithms/planners/hpa/cluster_search.h"
#include "algorithms/search/generation.h"
#include "algorithms/search/node_arena.h"

namespace pathbench::hpa {

inline constexpr std::uint32_t kFromSource = 0xFFFFFFFEu;

struct Conn {
  std::uint32_t node;
  SearchCost cost;
};

// Per-node search state of one search, kept after it ends (for path extraction). Several live at
// once (one per inserted endpoint and level, one per candidate), each stamped per use.
class AbstractRecords {
 public:
  void resize(std::size_t n) { nodes_.resize(n); }
  bool closed(std::uint32_t v) const { return nodes_.closed(v); }
  SearchCost g(std::uint32_t v) const { return nodes_[v].g; }
  std::uint32_t parent(std::uint32_t v) const { return nodes_[v].parent; }
  std::size_t memory_bytes() const { return nodes_.memory_bytes(); }
  NodeArena& nodes() { return nodes_; }

 private:
  NodeArena nodes_;  // parent kFromSource at a seed
};

struct AbstractQuery {
  int level = 1;         // search the level-`level` graph
  int region_level = 0;  // 0: whole map; else only nodes in cluster `region` of that level
  std::uint32_t region = 0;
  std::uint32_t target = kNoNode;  // a node, goal_node() (via goal links) or kNoNode (exhaustive)
  int goal_x = 0, goal_y = 0;      // heuristic target when target != kNoNode
  // Exhaustive searches stop once `want_count` nodes of level >= want_level are closed.
  int want_level = 0;
  std::uint32_t want_count = 0;

  // Exhaustive search of the level-(level - 1) graph inside `cluster` of `level`, until all
  // `count` of the cluster's level-`level` nodes are closed: how level-`level` edges (and a
  // query's endpoint links at that level) are found.
  static AbstractQuery within_cluster(int level, std::uint32_t cluster, std::size_t count) {
    return {.level = level - 1,
            .region_level = level,
            .region = cluster,
            .want_level = level,
            .want_count = static_cast<std::uint32_t>(count)};
  }
};

// What AbstractSearch::run does with each expanded node: nothing (compiled away), or record its
// transition cell into a trace layer (HPA*'s "abstract_expanded").
struct NoNodeHook {
  void operator()(std::uint32_t) const {}
};
struct TraceNodeHook {
  SearchTrace* trace;
  TraceLayer* layer;
  const ClusterAbstraction* abs;
  void operator()(std::uint32_t v) const { trace->record(*layer, abs->node(v).cell); }
};

class AbstractSearch {
 public:
  static constexpr SearchCost kInf = kInfiniteCost;

  // Allocates for the abstraction's nodes plus the virtual goal; call in prepare.
  void resize(const ClusterAbstraction& abs);
  std::size_t memory_bytes() const;
  std::uint32_t goal_node() const { return goal_node_; }

  // The following runs stop with infinity (and budget->hit) once it is exhausted; nullptr: none.
  void set_budget(SharedBudget* budget) { budget_ = budget; }

  // Replaces the goal links used by searches whose target is goal_node().
  void set_goal_links(std::span<const Conn> links);

  // Returns the target's cost (infinity when not reached; 0 for exhaustive searches).
  // Each expanded node adds one to `expansions` (the target's pop does not) and is passed to
  // `on_expand` (NoNodeHook or TraceNodeHook, the two instantiations in abstract_search.cpp).
  template <class OnExpand>
  SearchCost run(const ClusterAbstraction& abs, AbstractRecords& rec, const AbstractQuery& q,
                 std::span<const Conn> seeds, std::uint64_t& expansions, OnExpand on_expand);
  SearchCost run(const ClusterAbstraction& abs, AbstractRecords& rec, const AbstractQuery& q,
                 std::span<const Conn> seeds, std::uint64_t& expansions) {
    return run(abs, rec, q, seeds, expansions, NoNodeHook{});
  }

 private:
  std::uint32_t goal_node_ = 0;
  SharedBudget* budget_ = nullptr;
  BinaryHeap<AStarOrder> open_;
  std::vector<SearchCost> link_cost_;
  std::vector<std::uint32_t> link_stamp_;  // link_gen_.seen(): a goal link of this query
  Generation link_gen_;
};

// Appends the node chain that `rec` holds for `v` (first seed .. v) to `out`.
void append_chain(const AbstractRecords& rec, std::uint32_t v, std::vector<std::uint32_t>& out);

}  // namespace pathbench::hpa
