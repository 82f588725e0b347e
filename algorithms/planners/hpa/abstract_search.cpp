#include "algorithms/planners/hpa/abstract_search.h"

#include <algorithm>

namespace pathbench::hpa {

void AbstractSearch::resize(const ClusterAbstraction& abs) {
  goal_node_ = abs.num_nodes();
  open_.resize(abs.num_nodes() + 1);
  link_cost_.assign(abs.num_nodes(), 0.0);
  link_stamp_.assign(abs.num_nodes(), 0u);
  link_gen_ = 0;
}

std::size_t AbstractSearch::memory_bytes() const {
  return open_.memory_bytes() + link_cost_.capacity() * 8 + link_stamp_.capacity() * 4;
}

void AbstractSearch::set_goal_links(std::span<const Conn> links) {
  if (link_gen_ >= 0xFFFFFFF0u) {
    std::fill(link_stamp_.begin(), link_stamp_.end(), 0u);
    link_gen_ = 0;
  }
  ++link_gen_;
  for (const Conn& c : links) {
    link_cost_[c.node] = c.cost;
    link_stamp_[c.node] = link_gen_;
  }
}

template <class OnExpand>
double AbstractSearch::run(const ClusterAbstraction& abs, AbstractRecords& rec,
                           const AbstractQuery& q, std::span<const Conn> seeds,
                           std::uint64_t& expansions, OnExpand on_expand) {
  const ClusterGeometry& geo = abs.geometry();
  const bool eight = abs.eight_connected();
  const bool has_target = q.target != kNoNode;
  auto h = [&](std::uint32_t v) {
    if (!has_target) return 0.0;
    const AbsNode& n = abs.node(v);
    return free_distance(n.x - q.goal_x, n.y - q.goal_y, eight);
  };
  auto in_region = [&](std::uint32_t v) {
    if (q.region_level == 0) return true;
    const AbsNode& n = abs.node(v);
    return geo.cluster_of(q.region_level, n.x, n.y) == q.region;
  };
  rec.begin();
  open_.clear();
  for (const Conn& s : seeds) {
    if (rec.seen(s.node)) {
      if (s.cost < rec.g(s.node)) {
        rec.g(s.node) = s.cost;
        open_.decrease_key(s.node, {s.cost + h(s.node), s.cost});
      }
      continue;
    }
    rec.open(s.node);
    rec.g(s.node) = s.cost;
    rec.parent(s.node) = kFromSource;
    open_.push(s.node, {s.cost + h(s.node), s.cost});
  }
  std::uint32_t wanted = 0;
  const bool to_goal = q.target == goal_node_;
  while (!open_.empty()) {
    const std::uint32_t v = open_.pop();
    rec.close(v);
    if (v == q.target) return rec.g(v);
    ++expansions;
    if (deadline_ && deadline_->expired_at(expansions)) {
      timed_out_ = true;
      return kInf;
    }
    on_expand(v);
    if (!has_target && q.want_count && abs.node(v).level >= q.want_level &&
        ++wanted == q.want_count)
      return 0.0;
    const double gv = rec.g(v);
    auto relax = [&](std::uint32_t n, double gn) {
      if (!rec.seen(n)) {
        rec.open(n);
        rec.g(n) = gn;
        rec.parent(n) = v;
        open_.push(n, {gn + (n == goal_node_ ? 0.0 : h(n)), gn});
      } else if (!rec.closed(n) && gn < rec.g(n)) {
        rec.g(n) = gn;
        rec.parent(n) = v;
        open_.decrease_key(n, {gn + (n == goal_node_ ? 0.0 : h(n)), gn});
      }
    };
    if (to_goal && link_stamp_[v] == link_gen_) relax(goal_node_, gv + link_cost_[v]);
    for (const AbsEdge& e : abs.edges(q.level, v))
      if (in_region(e.to)) relax(e.to, gv + e.cost);
  }
  return has_target ? kInf : 0.0;
}

template double AbstractSearch::run(const ClusterAbstraction&, AbstractRecords&,
                                    const AbstractQuery&, std::span<const Conn>, std::uint64_t&,
                                    NoNodeHook);
template double AbstractSearch::run(const ClusterAbstraction&, AbstractRecords&,
                                    const AbstractQuery&, std::span<const Conn>, std::uint64_t&,
                                    TraceNodeHook);

void append_chain(const AbstractRecords& rec, std::uint32_t v, std::vector<std::uint32_t>& out) {
  const std::size_t first = out.size();
  for (std::uint32_t u = v; u != kFromSource; u = rec.parent(u)) out.push_back(u);
  std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

}  // namespace pathbench::hpa
