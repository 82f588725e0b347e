#include "algorithms/planners/subgoal_graph/subgoal_graph.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <queue>
#include <utility>

namespace pathbench::subgoal {
namespace {

// TL construction limits (conservative: hitting one keeps a subgoal global).
constexpr std::size_t kBypassExpansions = 256;  // per bounded Dijkstra
constexpr std::size_t kReachStates = 1u << 12;  // per h-reachability check

}  // namespace

void SubgoalGraph::build(const Grid& g, bool two_level) {
  pw_ = g.padded_width();
  free_ = g.passable_data();
  const std::size_t n = free_.size();
  const std::int64_t pw = pw_;
  node_of_.assign(n, kNoNode);
  std::vector<CellId> cells;
  std::vector<std::int32_t> xs, ys;
  // Subgoals: a blocked diagonal neighbour whose two shared neighbours are free. Padding is
  // blocked, so no bounds checks (every free cell is interior).
  for (std::size_t c = 0; c < n; ++c) {
    if (!free_[c]) continue;
    bool corner = false;
    for (int d = kNorthEast; d <= kNorthWest && !corner; ++d) {
      const std::int64_t oh = kDx[d], ov = kDy[d] * pw;
      corner = !free_[c + oh + ov] && free_[c + oh] && free_[c + ov];
    }
    if (!corner) continue;
    node_of_[c] = static_cast<std::uint32_t>(cells.size());
    cells.push_back(static_cast<CellId>(c));
    xs.push_back(static_cast<std::int32_t>(c % static_cast<std::size_t>(pw_)));
    ys.push_back(static_cast<std::int32_t>(c / static_cast<std::size_t>(pw_)));
  }
  // Clearances: free non-subgoal cells strictly after c, per cardinal direction.
  clear_.assign(n * 4, 0);
  const auto open = [&](std::size_t c) { return free_[c] && node_of_[c] == kNoNode; };
  const std::size_t rows = n / static_cast<std::size_t>(pw_);
  const std::size_t w = static_cast<std::size_t>(pw_);
  for (std::size_t y = 0; y < rows; ++y) {
    for (std::size_t x = 1; x < w; ++x) {  // west: depends on x - 1
      const std::size_t c = y * w + x;
      clear_[c * 4 + kWest] = open(c - 1) ? clear_[(c - 1) * 4 + kWest] + 1 : 0;
    }
    for (std::size_t x = w - 1; x-- > 0;) {  // east: depends on x + 1
      const std::size_t c = y * w + x;
      clear_[c * 4 + kEast] = open(c + 1) ? clear_[(c + 1) * 4 + kEast] + 1 : 0;
    }
  }
  for (std::size_t y = 1; y < rows; ++y)
    for (std::size_t x = 0; x < w; ++x) {
      const std::size_t c = y * w + x;
      clear_[c * 4 + kNorth] = open(c - w) ? clear_[(c - w) * 4 + kNorth] + 1 : 0;
    }
  for (std::size_t y = rows - 1; y-- > 0;)
    for (std::size_t x = 0; x < w; ++x) {
      const std::size_t c = y * w + x;
      clear_[c * 4 + kSouth] = open(c + w) ? clear_[(c + w) * 4 + kSouth] + 1 : 0;
    }

  // Edges: the union of every subgoal's scan, both directions.
  const auto nn = static_cast<std::uint32_t>(cells.size());
  std::vector<std::vector<std::uint32_t>> nbrs(nn);
  for (std::uint32_t u = 0; u < nn; ++u)
    scan<false>(cells[u], kNoCell, [&](std::uint32_t v) {
      if (v == u) return;
      nbrs[u].push_back(v);
      nbrs[v].push_back(u);
    });
  for (auto& l : nbrs) {
    std::sort(l.begin(), l.end());
    l.erase(std::unique(l.begin(), l.end()), l.end());
  }
  // nodes_ holds the coordinates from here on (scan() and ecost read them).
  nodes_.assign(nn, Node{});
  for (std::uint32_t u = 0; u < nn; ++u) nodes_[u] = Node{xs[u], ys[u], 0, 0, 0, 1};
  std::vector<std::uint8_t> is_global(nn, 1);
  added_edges_ = 0;
  if (two_level) {
    // Made local in index order; see the header for the rule and the invariant.
    const auto ecost = [&](std::uint32_t a, std::uint32_t b) {
      return octile_cost(std::abs(xs[a] - xs[b]), std::abs(ys[a] - ys[b]));
    };
    std::vector<SearchCost> dist(nn, kInfiniteCost);
    std::vector<std::uint32_t> touched;
    using Item = std::pair<SearchCost, std::uint32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> to_add;
    // Fewest neighbours first: cheapest to check, and each removal can only add edges.
    std::vector<std::uint32_t> order(nn);
    for (std::uint32_t u = 0; u < nn; ++u) order[u] = u;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return false && nbrs[a].size() < nbrs[b].size();
    });
    for (const std::uint32_t s : order) {
      const std::vector<std::uint32_t>& ns = nbrs[s];
      to_add.clear();
      bool needed = false;
      for (std::size_t i = 0; i < ns.size() && !needed; ++i) {
        const std::uint32_t p = ns[i];
        // Bounded Dijkstra from p: interior nodes global and not s.
        SearchCost limit = 0;
        for (std::size_t j = i + 1; j < ns.size(); ++j)
          limit = std::max(limit, ecost(p, s) + ecost(s, ns[j]));
        if (i + 1 == ns.size()) break;
        for (std::uint32_t v : touched) dist[v] = kInfiniteCost;
        touched.clear();
        pq = {};
        dist[p] = 0;
        touched.push_back(p);
        pq.push({0, p});
        std::size_t expanded = 0;
        while (!pq.empty() && expanded < kBypassExpansions) {
          const auto [d, u] = pq.top();
          pq.pop();
          if (d != dist[u] || d > limit) continue;
          if (u != p && (!is_global[u] || u == s)) continue;  // leaf: not an interior node
          ++expanded;
          for (std::uint32_t v : nbrs[u]) {
            if (v == s) continue;
            const SearchCost nd = d + ecost(u, v);
            if (nd > limit || nd >= dist[v]) continue;
            if (dist[v] == kInfiniteCost) touched.push_back(v);
            dist[v] = nd;
            pq.push({nd, v});
          }
        }
        for (std::size_t j = i + 1; j < ns.size(); ++j) {
          const std::uint32_t q = ns[j];
          const SearchCost via = ecost(p, s) + ecost(s, q);
          if (dist[q] <= via) continue;
          if (ecost(p, q) == via && h_reachable(cells[p], cells[q], kReachStates)) {
            to_add.push_back({p, q});
            continue;
          }
          needed = true;
          break;
        }
      }
      if (needed) continue;
      is_global[s] = 0;
      for (const auto& [p, q] : to_add) {
        nbrs[p].insert(std::lower_bound(nbrs[p].begin(), nbrs[p].end(), q), q);
        nbrs[q].insert(std::lower_bound(nbrs[q].begin(), nbrs[q].end(), p), p);
        ++added_edges_;
      }
    }
  }
  num_global_ = static_cast<std::uint32_t>(std::count(is_global.begin(), is_global.end(), 1));

  // CSR, global targets first.
  arcs_.clear();
  for (std::uint32_t u = 0; u < nn; ++u) {
    Node& nu = nodes_[u];
    nu.global = is_global[u];
    nu.begin = static_cast<std::uint32_t>(arcs_.size());
    for (int pass = 1; pass >= 0; --pass) {
      for (std::uint32_t v : nbrs[u])
        if (is_global[v] == pass) arcs_.push_back(Arc{v, xs[v], ys[v]});
      if (pass == 1) nu.gend = static_cast<std::uint32_t>(arcs_.size());
    }
    nu.end = static_cast<std::uint32_t>(arcs_.size());
  }
  arcs_.shrink_to_fit();
}

SubgoalGraph::Parallelogram SubgoalGraph::parallelogram(CellId u, CellId v) const {
  const int ux = static_cast<int>(u % static_cast<CellId>(pw_));
  const int uy = static_cast<int>(u / static_cast<CellId>(pw_));
  const int dx = static_cast<int>(v % static_cast<CellId>(pw_)) - ux;
  const int dy = static_cast<int>(v / static_cast<CellId>(pw_)) - uy;
  const int ax = std::abs(dx), ay = std::abs(dy);
  const int diag = std::min(ax, ay);
  const std::int64_t pw = pw_;
  const std::int64_t oh = dx >= 0 ? 1 : -1, ov = (dy >= 0 ? 1 : -1) * pw;
  return {diag, std::max(ax, ay) - diag, oh, ov, oh + ov, ax > ay ? oh : ov};
}

bool SubgoalGraph::walk(CellId u, const Parallelogram& pg, bool diag_first,
                        std::vector<CellId>* out) const {
  // Plain copies, not a structured binding: the lambdas below capture them (clang 14 cannot
  // capture structured bindings).
  const int diag = pg.diag, straight = pg.straight;
  const std::int64_t oh = pg.oh, ov = pg.ov, od = pg.od, os = pg.os;
  CellId c = u;
  const std::size_t mark = out ? out->size() : 0;
  const auto diag_steps = [&] {
    for (int i = 0; i < diag; ++i) {
      if (!free_[c + oh] || !free_[c + ov] || !free_[c + od]) return false;
      c = static_cast<CellId>(c + od);
      if (out) out->push_back(c);
    }
    return true;
  };
  const auto straight_steps = [&] {
    for (int i = 0; i < straight; ++i) {
      if (!free_[c + os]) return false;
      c = static_cast<CellId>(c + os);
      if (out) out->push_back(c);
    }
    return true;
  };
  const bool ok = diag_first ? diag_steps() && straight_steps() : straight_steps() && diag_steps();
  if (!ok && out) out->resize(mark);
  return ok;
}

bool SubgoalGraph::solve_dp(CellId u, const Parallelogram& pg, std::size_t max_states) const {
  const auto [diag, straight, oh, ov, od, os] = pg;
  const std::size_t cols = static_cast<std::size_t>(straight) + 1;
  const std::size_t states = (static_cast<std::size_t>(diag) + 1) * cols;
  if (states > max_states) return false;
  dp_.assign(states, 0);
  for (int i = 0; i <= diag; ++i)
    for (int k = 0; k <= straight; ++k) {
      const CellId c = static_cast<CellId>(u + od * i + os * k);
      bool r = false;
      if (i == 0 && k == 0) {
        r = free_[c] != 0;
      } else if (free_[c]) {
        if (k > 0 && dp_[static_cast<std::size_t>(i) * cols + static_cast<std::size_t>(k - 1)])
          r = true;
        if (!r && i > 0 &&
            dp_[static_cast<std::size_t>(i - 1) * cols + static_cast<std::size_t>(k)]) {
          const CellId p = static_cast<CellId>(c - od);
          r = free_[p + oh] && free_[p + ov];
        }
      }
      dp_[static_cast<std::size_t>(i) * cols + static_cast<std::size_t>(k)] = r;
    }
  return dp_.back() != 0;
}

bool SubgoalGraph::h_reachable(CellId u, CellId v, std::size_t max_states) const {
  return solve_dp(u, parallelogram(u, v), max_states);
}

void SubgoalGraph::append_h_path(CellId u, CellId v, std::vector<CellId>& out) const {
  const Parallelogram pg = parallelogram(u, v);
  if (walk(u, pg, true, &out)) return;
  if (walk(u, pg, false, &out)) return;
  // General case (an edge the two-level construction added): walk the DP table back from v.
  solve_dp(u, pg, static_cast<std::size_t>(-1));
  const auto [diag, straight, oh, ov, od, os] = pg;
  const std::size_t cols = static_cast<std::size_t>(straight) + 1;
  const std::size_t mark = out.size();
  int i = diag, k = straight;
  while (i > 0 || k > 0) {
    out.push_back(static_cast<CellId>(u + od * i + os * k));
    // A reachable straight predecessor is a legal step (this cell is free); otherwise the
    // diagonal one is what made this cell reachable.
    if (k > 0 && dp_[static_cast<std::size_t>(i) * cols + static_cast<std::size_t>(k - 1)])
      --k;
    else
      --i;
  }
  std::reverse(out.begin() + static_cast<std::ptrdiff_t>(mark), out.end());
}

std::size_t SubgoalGraph::memory_bytes() const {
  return free_.capacity() + node_of_.capacity() * 4 + clear_.capacity() * 4 +
         nodes_.capacity() * sizeof(Node) + arcs_.capacity() * sizeof(Arc) + dp_.capacity();
}

}  // namespace pathbench::subgoal
