#include "algorithms/planners/hpa/abstract_search.h"

#include <algorithm>

namespace pathbench::hpa {

void AbstractSearch::resize(const ClusterAbstraction& abs) {
  goal_node_ = abs.num_nodes();
  open_.resize(abs.num_nodes() + 1);
  link_cost_.assign(abs.num_nodes(), 0);
  link_stamp_.assign(abs.num_nodes(), 0u);
  link_gen_ = Generation{};
}

std::size_t AbstractSearch::memory_bytes() const {
  return open_.memory_bytes() + link_cost_.capacity() * 8 + link_stamp_.capacity() * 4;
}

void AbstractSearch::set_goal_links(std::span<const Conn> links) {
  if (link_gen_.advance()) std::fill(link_stamp_.begin(), link_stamp_.end(), 0u);
  for (const Conn& c : links) {
    link_cost_[c.node] = c.cost;
    link_stamp_[c.node] = link_gen_.open();
  }
}

// The kernel's expansion policy over one level of the abstract graph.
struct AbstractPolicy {
  const ClusterAbstraction& abs;
  const AbstractQuery& q;
  std::uint32_t goal_node;
  bool to_goal;  // the target is goal_node, reached through the goal links
  const SearchCost* link_cost;
  const std::uint32_t* link_stamp;
  const Generation& link_gen;
  std::uint32_t wanted = 0;

  bool has_target() const { return q.target != kNoNode; }
  SearchCost h(std::uint32_t v) const {
    if (!has_target() || v == goal_node) return 0;
    const AbsNode& n = abs.node(v);
    return free_distance_cost(n.x - q.goal_x, n.y - q.goal_y, abs.eight_connected());
  }
  bool in_region(std::uint32_t v) const {
    if (q.region_level == 0) return true;
    const AbsNode& n = abs.node(v);
    return abs.geometry().cluster_of(q.region_level, n.x, n.y) == q.region;
  }
  bool is_target(std::uint32_t v) const { return v == q.target; }
  bool stop_after(std::uint32_t v) {
    return !has_target() && q.want_count && abs.node(v).level >= q.want_level &&
           ++wanted == q.want_count;
  }
  template <class F>
  void expand(std::uint32_t v, SearchCost gv, F& f) {
    if (to_goal && link_gen.seen(link_stamp[v]))
      f.relax(goal_node, v, gv + link_cost[v], [] { return SearchCost{0}; });
    for (const AbsEdge& e : abs.edges(q.level, v))
      if (in_region(e.to)) f.relax(e.to, v, gv + e.cost, [&] { return h(e.to); });
  }
};

template <class OnExpand>
SearchCost AbstractSearch::run(const ClusterAbstraction& abs, AbstractRecords& rec,
                               const AbstractQuery& q, std::span<const Conn> seeds,
                               std::uint64_t& expansions, OnExpand on_expand) {
  AbstractPolicy policy{
      abs,       q, goal_node_, q.target == goal_node_, link_cost_.data(), link_stamp_.data(),
      link_gen_, 0};
  auto same = [](std::uint32_t v) { return v; };
  ExpandHookListener<OnExpand, decltype(same)> listener{{}, on_expand, same};
  Counters counters;  // only expansions are reported, continuing the caller's count
  counters.expansions = expansions;
  Frontier f(rec.nodes(), open_, PlainKey{}, counters, listener);
  f.begin();
  for (const Conn& s : seeds)
    f.relax(s.node, kFromSource, s.cost, [&] { return policy.h(s.node); });
  static const SearchBudget kUnlimited;
  const SearchEnd end = best_first_loop(policy, f, budget_ ? budget_->limits : kUnlimited);
  expansions = counters.expansions;
  switch (end) {
    case SearchEnd::Target:
      return rec.g(q.target);
    case SearchEnd::Budget:
      budget_->hit = true;
      return kInf;
    case SearchEnd::Stopped:
      return 0;
    default:
      return policy.has_target() ? kInf : 0;
  }
}

template SearchCost AbstractSearch::run(const ClusterAbstraction&, AbstractRecords&,
                                        const AbstractQuery&, std::span<const Conn>, std::uint64_t&,
                                        NoNodeHook);
template SearchCost AbstractSearch::run(const ClusterAbstraction&, AbstractRecords&,
                                        const AbstractQuery&, std::span<const Conn>, std::uint64_t&,
                                        TraceNodeHook);

void append_chain(const AbstractRecords& rec, std::uint32_t v, std::vector<std::uint32_t>& out) {
  const std::size_t first = out.size();
  for (std::uint32_t u = v; u != kFromSource; u = rec.parent(u)) out.push_back(u);
  std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

}  // namespace pathbench::hpa
