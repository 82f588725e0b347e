#include "algorithms/planners/subgoal_graph/subgoal_ch.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <queue>
#include <stdexcept>
#include <utility>

namespace pathbench::subgoal {
namespace {

// Nodes a witness search may settle (conservative when hit: a shortcut too many): while
// estimating a priority, and when contracting (the shortcuts that stay).
constexpr std::size_t kEstimateSettled = 50;
constexpr std::size_t kWitnessSettled = 500;
// Contraction stops at the first node (in priority order) with more uncontracted neighbours than
// this: the rest is the core. A safety valve only: the subgoal graphs of game maps are small but
// dense (every subgoal sees dozens of others), and a core there is searched flat, which is what
// made queries slow; contracting them completely keeps the shortcut count moderate.
constexpr std::size_t kCoreDegree = 1024;

struct Edge {
  std::uint32_t to;
  std::uint32_t mid;
  SearchCost cost;
};

// The dynamic graph of the contraction: adjacency among uncontracted nodes.
class Contractor {
 public:
  explicit Contractor(std::vector<std::vector<Edge>> adj)
      : adj_(std::move(adj)),
        dist_(adj_.size(), kInfiniteCost),
        stamp_(adj_.size(), 0),
        target_(adj_.size(), 0),
        contracted_nbrs_(adj_.size(), 0),
        depth_(adj_.size(), 0) {}

  // Shortcuts contracting v needs: (u, w, cost), u-w not matched by a witness avoiding v.
  void shortcuts(std::uint32_t v, std::size_t max_settled, std::vector<Edge>& lows,
                 std::vector<std::uint32_t>& highs) {
    lows.clear();
    highs.clear();
    const std::vector<Edge>& ns = adj_[v];
    for (std::size_t i = 0; i + 1 < ns.size(); ++i) {
      SearchCost limit = 0;
      for (std::size_t j = i + 1; j < ns.size(); ++j) {
        limit = std::max(limit, ns[i].cost + ns[j].cost);
        target_[ns[j].to] = cur_ + 1;  // the stamp witness() is about to use
      }
      witness(ns[i].to, v, limit, ns.size() - i - 1, max_settled);
      for (std::size_t j = i + 1; j < ns.size(); ++j) {
        const SearchCost via = ns[i].cost + ns[j].cost;
        const std::uint32_t w = ns[j].to;
        if (stamp_[w] == cur_ && dist_[w] <= via) continue;
        lows.push_back({w, v, via});
        highs.push_back(ns[i].to);
      }
    }
  }

  std::size_t degree(std::uint32_t v) const { return adj_[v].size(); }
  std::vector<Edge> arcs_of(std::uint32_t v) const { return adj_[v]; }

  // Edge difference (keeps the graph sparse), contracted neighbours (spreads contraction evenly)
  // and depth, the longest chain of contracted nodes below v (keeps the hierarchy flat, so the
  // upward searches of a query stay short).
  int priority(std::uint32_t v) {
    shortcuts(v, kEstimateSettled, lows_, highs_);
    return 2 * (static_cast<int>(lows_.size()) - static_cast<int>(adj_[v].size())) +
           static_cast<int>(contracted_nbrs_[v]) + static_cast<int>(depth_[v]);
  }

  // Contracts v: returns its arcs to the uncontracted neighbours; adds the shortcuts (found
  // again with the larger witness limit: the estimate's may include unneeded ones).
  std::vector<Edge> contract(std::uint32_t v, std::size_t& added) {
    shortcuts(v, kWitnessSettled, lows_, highs_);
    std::vector<Edge> up = std::move(adj_[v]);
    adj_[v].clear();
    for (const Edge& e : up) {
      std::vector<Edge>& a = adj_[e.to];
      for (std::size_t k = 0; k < a.size(); ++k)
        if (a[k].to == v) {
          a[k] = a.back();
          a.pop_back();
          break;
        }
      ++contracted_nbrs_[e.to];
      depth_[e.to] = std::max(depth_[e.to], depth_[v] + 1);
    }
    for (std::size_t k = 0; k < lows_.size(); ++k) {
      const std::uint32_t u = highs_[k], w = lows_[k].to;
      if (link(u, w, lows_[k].cost, v)) ++added;
      link(w, u, lows_[k].cost, v);
    }
    return up;
  }

 private:
  // Adds or lowers u -> w; true when the arc is new.
  bool link(std::uint32_t u, std::uint32_t w, SearchCost cost, std::uint32_t mid) {
    for (Edge& e : adj_[u])
      if (e.to == w) {
        if (cost < e.cost) {
          e.cost = cost;
          e.mid = mid;
        }
        return false;
      }
    adj_[u].push_back({w, mid, cost});
    return true;
  }

  // Bounded Dijkstra from src avoiding `avoid`; stops early once the `targets` nodes marked in
  // target_ are settled (their distances are final then), which in dense graphs is soon.
  void witness(std::uint32_t src, std::uint32_t avoid, SearchCost limit, std::size_t targets,
               std::size_t max_settled) {
    ++cur_;
    auto& pq = pq_;
    dist_[src] = 0;
    stamp_[src] = cur_;
    pq.push({0, src});
    std::size_t settled = 0;
    while (!pq.empty() && settled < max_settled) {
      const auto [d, u] = pq.top();
      pq.pop();
      if (d != dist_[u]) continue;
      if (d > limit) break;
      ++settled;
      if (target_[u] == cur_) {
        target_[u] = 0;  // settled once only
        if (--targets == 0) {
          break;
        }
      }
      for (const Edge& e : adj_[u]) {
        if (e.to == avoid) continue;
        const SearchCost nd = d + e.cost;
        if (nd > limit) continue;
        if (stamp_[e.to] != cur_ || nd < dist_[e.to]) {
          stamp_[e.to] = cur_;
          dist_[e.to] = nd;
          pq.push({nd, e.to});
        }
      }
    }
    while (!pq.empty()) pq.pop();  // keeps the container's capacity
  }

  std::vector<std::vector<Edge>> adj_;
  std::vector<SearchCost> dist_;
  std::vector<std::uint32_t> stamp_;
  std::vector<std::uint32_t> target_;  // == cur_: a node the current witness search waits for
  std::vector<std::uint32_t> contracted_nbrs_;
  std::vector<std::uint32_t> depth_;
  std::uint32_t cur_ = 0;
  using Item = std::pair<SearchCost, std::uint32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> pq_;
  std::vector<Edge> lows_;
  std::vector<std::uint32_t> highs_;
};

}  // namespace

void SubgoalCH::build(const Grid& g) {
  graph_.build(g, false);
  const std::uint32_t n = graph_.num_nodes();
  std::vector<std::vector<Edge>> adj(n);
  for (std::uint32_t u = 0; u < n; ++u) {
    const SubgoalGraph::Node& nu = graph_.node(u);
    for (std::uint32_t e = nu.begin; e < nu.end; ++e) {
      const SubgoalGraph::Arc& a = graph_.arcs()[e];
      adj[u].push_back(
          {a.target, kNoNode, octile_cost(std::abs(a.px - nu.px), std::abs(a.py - nu.py))});
    }
  }
  Contractor c(std::move(adj));
  using Item = std::pair<int, std::uint32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
  for (std::uint32_t v = 0; v < n; ++v) pq.push({c.priority(v), v});
  rank_.assign(n, 0);
  std::vector<std::vector<Edge>> up(n);
  shortcuts_ = 0;
  core_ = 0;
  std::uint32_t next_rank = 0;
  while (!pq.empty()) {
    const std::uint32_t v = pq.top().second;
    pq.pop();
    // Lazy update: contract v only if its current priority still beats the next one's.
    const int p = c.priority(v);
    if (!pq.empty() && p > pq.top().first) {
      pq.push({p, v});
      continue;
    }
    if (c.degree(v) > kCoreDegree) {
      // The core: every node left, one rank above all contracted ones, keeping its arcs to the
      // others (searched by both sides like a plain bidirectional Dijkstra).
      pq.push({p, v});
      while (!pq.empty()) {
        const std::uint32_t k = pq.top().second;
        pq.pop();
        rank_[k] = n;  // each node has one entry in the queue
        up[k] = c.arcs_of(k);
        ++core_;
      }
      break;
    }
    rank_[v] = next_rank++;
    up[v] = c.contract(v, shortcuts_);
  }
  begin_.assign(n + 1, 0);
  arcs_.clear();
  for (std::uint32_t v = 0; v < n; ++v) {
    begin_[v] = static_cast<std::uint32_t>(arcs_.size());
    for (const Edge& e : up[v]) arcs_.push_back({e.to, e.mid, e.cost});
  }
  begin_[n] = static_cast<std::uint32_t>(arcs_.size());
  arcs_.shrink_to_fit();
}

const SubgoalCH::UpArc& SubgoalCH::find(std::uint32_t low, std::uint32_t high) const {
  for (std::uint32_t e = begin_[low]; e < begin_[low + 1]; ++e)
    if (arcs_[e].target == high) return arcs_[e];
  throw std::logic_error("subgoal_graph_ch: missing arc while unpacking a shortcut");
}

void SubgoalCH::unpack(std::uint32_t a, std::uint32_t b, std::vector<std::uint32_t>& out) const {
  // Explicit stack of (from, to) arcs still to unpack, the next one on top.
  std::vector<std::pair<std::uint32_t, std::uint32_t>>& stack = stack_;
  stack.clear();
  stack.push_back({a, b});
  while (!stack.empty()) {
    const auto [x, y] = stack.back();
    stack.pop_back();
    const UpArc& arc = rank_[x] < rank_[y] ? find(x, y) : find(y, x);
    if (arc.mid == kNoNode) {
      out.push_back(y);
      continue;
    }
    stack.push_back({arc.mid, y});
    stack.push_back({x, arc.mid});
  }
}

std::size_t SubgoalCH::memory_bytes() const {
  return graph_.memory_bytes() + rank_.capacity() * 4 + begin_.capacity() * 4 +
         arcs_.capacity() * sizeof(UpArc) + stack_.capacity() * 8;
}

}  // namespace pathbench::subgoal
