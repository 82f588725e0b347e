#include "algorithms/planners/jps_plus/jps_plus_planner.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <limits>
#include <memory>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/heaps/binary_heap.h"
#include "algorithms/planners/jps_plus/jump_table.h"

namespace pathbench {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Arrival direction of the start node: every direction is open to it.
constexpr std::uint8_t kNoDirection = 0xFF;

constexpr int diagonal_of(int sx, int sy) {
  return sx > 0 ? (sy > 0 ? kSouthEast : kNorthEast) : (sy > 0 ? kSouthWest : kNorthWest);
}

class JpsPlusPlanner final : public Planner {
 public:
  Capabilities capabilities() const override {
    Capabilities caps;
    caps.optimal = true;
    caps.suboptimality_bound = 1.0;
    caps.uniform_cost_only = true;
    caps.supports_four_connected = false;
    caps.supports_corner_cutting = false;
    caps.needs_preprocessing = true;
    caps.traceable = true;
    return caps;
  }

  std::size_t memory_bytes() const override {
    return table_.memory_bytes() + nodes_.capacity() * sizeof(Node) +
           dir_.capacity() * sizeof(std::uint8_t) + open_.memory_bytes();
  }

 protected:
  void do_prepare(const Grid& grid) override {
    pw_ = grid.padded_width();
    free_ = grid.passable_data().data();
    table_.build(grid);
    nodes_.assign(grid.num_ids(), Node{});
    dir_.assign(grid.num_ids(), kNoDirection);
    open_.resize(grid.num_ids());
    gen_ = kFirstGeneration;
  }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override;

 private:
  struct Node {
    double g = 0.0;
    CellId parent = kNoCell;
    // == gen_: generated this query (open); == gen_ + 1: closed this query; else stale.
    std::uint32_t stamp = 0;
  };
  static constexpr std::uint32_t kFirstGeneration = 2;

  bool free_at(int x, int y) const { return free_[static_cast<std::size_t>(y) * pw_ + x] != 0; }
  CellId id_of(int x, int y) const { return static_cast<CellId>(y * pw_ + x); }

  double heuristic(int x, int y) const {
    const int dx = std::abs(x - gx_), dy = std::abs(y - gy_);
    return (kSqrt2 - 1.0) * std::min(dx, dy) + std::max(dx, dy);
  }

  // Generates (or improves) padded cell (x, y), reached from the node being expanded over a
  // segment of `diag` diagonal then `straight` cardinal steps, arriving with direction `dir`.
  // Identical to jps's relax: same g arithmetic, so costs and ties match bit for bit.
  template <bool kTrace>
  void relax(int x, int y, int diag, int straight, int dir, Counters& counters) {
    const CellId c = id_of(x, y);
    if constexpr (kTrace) trace_->record(*jump_points_, c);
    Node& n = nodes_[c];
    if (n.stamp == gen_ + 1) return;
    const double g = g_cur_ + diag * kSqrt2 + straight;
    if (n.stamp != gen_) {
      n.stamp = gen_;
      n.g = g;
      n.parent = cur_;
      dir_[c] = static_cast<std::uint8_t>(dir);
      open_.push(c, {g + heuristic(x, y), g});
      ++counters.generated;
      if constexpr (kTrace) trace_->record_generated(c);
      counters.peak_open = std::max<std::uint64_t>(counters.peak_open, open_.size());
    } else if (g < n.g) {
      n.g = g;
      n.parent = cur_;
      dir_[c] = static_cast<std::uint8_t>(dir);
      open_.update(c, {g + heuristic(x, y), g});  // f may round equal: see best_first_search
      ++counters.updates;
    }
  }

  // Straight jump from padded (x, y) = cell c in cardinal direction Dir, `diag` diagonal steps
  // after the expanding node. The goal wins over the jump point when it lies on the line within
  // reach (jps's scan stops at the goal the same way).
  template <bool kTrace, int Dir>
  void straight_successor(int x, int y, CellId c, int diag, Counters& counters) {
    const int t = table_.distance(c, Dir);
    int to_goal;  // steps to the goal along Dir; <= 0 when it is not ahead on this line
    if constexpr (Dir == kEast || Dir == kWest)
      to_goal = gy_ == y ? (gx_ - x) * kDx[Dir] : 0;
    else
      to_goal = gx_ == x ? (gy_ - y) * kDy[Dir] : 0;
    if (to_goal > 0 && to_goal <= (t > 0 ? t : -t))
      relax<kTrace>(gx_, gy_, diag, to_goal, Dir, counters);
    else if (t > 0)
      relax<kTrace>(x + kDx[Dir] * t, y + kDy[Dir] * t, diag, t, Dir, counters);
  }
  template <bool kTrace>
  void straight_successor(int x, int y, CellId c, int dir, Counters& counters) {
    switch (dir) {
      case kNorth:
        return straight_successor<kTrace, kNorth>(x, y, c, 0, counters);
      case kEast:
        return straight_successor<kTrace, kEast>(x, y, c, 0, counters);
      case kSouth:
        return straight_successor<kTrace, kSouth>(x, y, c, 0, counters);
      default:
        return straight_successor<kTrace, kWest>(x, y, c, 0, counters);
    }
  }

  // A cell `diag` steps along a diagonal run: the goal itself, or the origin of the run's two
  // straight jumps (horizontal first, as jps).
  template <bool kTrace, int D>
  void diagonal_cell(int x, int y, int diag, Counters& counters) {
    constexpr int kH = kDx[D] > 0 ? kEast : kWest;
    constexpr int kV = kDy[D] > 0 ? kSouth : kNorth;
    if (x == gx_ && y == gy_) {
      relax<kTrace>(x, y, diag, 0, kH, counters);
      return;
    }
    const CellId c = id_of(x, y);
    straight_successor<kTrace, kH>(x, y, c, diag, counters);
    straight_successor<kTrace, kV>(x, y, c, diag, counters);
  }

  // Diagonal run from padded (x, y) = cell c in diagonal direction D: hops from one diagonal jump
  // point to the next (one table read each) until the wall. Cells in between have no straight
  // jump point by construction, so only the goal's row and column crossings need a look there.
  template <bool kTrace, int D>
  void diagonal_successors(int x, int y, CellId c, Counters& counters) {
    constexpr int kSx = kDx[D], kSy = kDy[D];
    // Diagonal steps from (x, y) to the goal's row and column (<= 0: behind or level).
    const int to_row = (gy_ - y) * kSy, to_col = (gx_ - x) * kSx;
    for (int k = 0;;) {
      const int t = table_.distance(c, D);
      const int reach = t > 0 ? t : -t;
      // Crossings inside this hop, in path order; a crossing at the jump point itself (step
      // reach, when t > 0) is handled with it. Equal crossings are the goal cell.
      int first = to_row - k, second = to_col - k;
      if (first > second) std::swap(first, second);
      const int last = t > 0 ? reach - 1 : reach;
      if (first >= 1 && first <= last)
        diagonal_cell<kTrace, D>(x + kSx * (k + first), y + kSy * (k + first), k + first, counters);
      if (second != first && second >= 1 && second <= last)
        diagonal_cell<kTrace, D>(x + kSx * (k + second), y + kSy * (k + second), k + second,
                                 counters);
      if (t <= 0) return;
      k += t;
      diagonal_cell<kTrace, D>(x + kSx * k, y + kSy * k, k, counters);
      c = id_of(x + kSx * k, y + kSy * k);
    }
  }
  template <bool kTrace>
  void diagonal_successors(int x, int y, CellId c, int dir, Counters& counters) {
    switch (dir) {
      case kNorthEast:
        return diagonal_successors<kTrace, kNorthEast>(x, y, c, counters);
      case kSouthEast:
        return diagonal_successors<kTrace, kSouthEast>(x, y, c, counters);
      case kSouthWest:
        return diagonal_successors<kTrace, kSouthWest>(x, y, c, counters);
      default:
        return diagonal_successors<kTrace, kNorthWest>(x, y, c, counters);
    }
  }

  // jps's expansion, with table reads for scans.
  template <bool kTrace>
  void expand(CellId c, Counters& counters) {
    const int x = static_cast<int>(c % static_cast<CellId>(pw_));
    const int y = static_cast<int>(c / static_cast<CellId>(pw_));
    const int dir = dir_[c];
    if (dir == kNoDirection) {
      for (int d = 0; d < 4; ++d) straight_successor<kTrace>(x, y, c, d, counters);
      for (int d = 4; d < 8; ++d) diagonal_successors<kTrace>(x, y, c, d, counters);
      return;
    }
    // Every non-start node is reached by a straight move (diagonal cells are never generated,
    // except the goal, which is never expanded).
    const int dx = kDx[dir], dy = kDy[dir];
    straight_successor<kTrace>(x, y, c, dir, counters);
    // The two sides perpendicular to the travel direction: forced when blocked behind, free here.
    for (int side = 0; side < 2; ++side) {
      const int sx = dx == 0 ? (side ? 1 : -1) : 0;
      const int sy = dy == 0 ? (side ? 1 : -1) : 0;
      if (free_at(x - dx + sx, y - dy + sy) || !free_at(x + sx, y + sy)) continue;
      const int side_dir = sx > 0 ? kEast : sx < 0 ? kWest : sy > 0 ? kSouth : kNorth;
      straight_successor<kTrace>(x, y, c, side_dir, counters);
      diagonal_successors<kTrace>(x, y, c, diagonal_of(dx + sx, dy + sy), counters);
    }
  }

  // The A* loop over jump points; kTrace selects the recording instantiation (one check per
  // query in do_solve, none per node).
  template <bool kTrace>
  void search(CellId start, CellId goal, const Budget& budget, SearchResult& result);
  void write_path(CellId start, CellId goal, SearchResult& result) const;

  int pw_ = 0;
  const std::uint8_t* free_ = nullptr;
  JumpTable table_;
  std::vector<Node> nodes_;
  std::vector<std::uint8_t> dir_;  // arrival direction of each generated node
  BinaryHeap<AStarOrder> open_;
  std::uint32_t gen_ = kFirstGeneration;

  // Per-query state read by the inlined helpers.
  int gx_ = 0, gy_ = 0;
  CellId cur_ = kNoCell;
  double g_cur_ = 0.0;
  // Traced queries only: the trace and its "jump_points" layer.
  SearchTrace* trace_ = nullptr;
  TraceLayer* jump_points_ = nullptr;
};

void JpsPlusPlanner::do_solve(CellId start, CellId goal, const Budget& budget,
                              SearchResult& result) {
  trace_ = trace();
  if (!trace_) return search<false>(start, goal, budget, result);
  jump_points_ = &trace_->layer("jump_points");
  search<true>(start, goal, budget, result);
  // The open list at the end: generated, not closed (the goal pop and a budget stop's pop were
  // stamped closed; search<true> already added the latter).
  for (CellId c : trace_->generated)
    if (nodes_[c].stamp == gen_) trace_->frontier.push_back(c);
}

template <bool kTrace>
void JpsPlusPlanner::search(CellId start, CellId goal, const Budget& budget, SearchResult& result) {
  if (gen_ >= std::numeric_limits<std::uint32_t>::max() - 2) {
    // Stamps would wrap onto stale values; one clear every ~2^31 queries.
    for (Node& n : nodes_) n.stamp = 0;
    gen_ = kFirstGeneration;
  } else {
    gen_ += 2;
  }
  open_.clear();
  Counters& counters = result.counters;
  gx_ = static_cast<int>(goal % static_cast<CellId>(pw_));
  gy_ = static_cast<int>(goal / static_cast<CellId>(pw_));

  const bool timed = budget.time_limit_s > 0.0;
  const auto t0 =
      timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};

  Node& s = nodes_[start];
  s.stamp = gen_;
  s.g = 0.0;
  s.parent = kNoCell;
  dir_[start] = kNoDirection;
  open_.push(start, {heuristic(static_cast<int>(start % static_cast<CellId>(pw_)),
                               static_cast<int>(start / static_cast<CellId>(pw_))),
                     0.0});
  counters.generated = 1;
  counters.peak_open = 1;
  if constexpr (kTrace) trace_->record_generated(start);

  while (!open_.empty()) {
    const CellId c = open_.pop();
    Node& n = nodes_[c];
    n.stamp = gen_ + 1;
    if (c == goal) {
      write_path(start, goal, result);
      result.status = Status::Solved;
      return;
    }
    if (budget.max_expansions != 0 && counters.expansions >= budget.max_expansions) {
      if constexpr (kTrace) trace_->frontier.push_back(c);
      result.status = Status::Timeout;
      return;
    }
    if (timed && counters.expansions % Budget::kClockCheckInterval == 0 &&
        counters.expansions != 0) {
      const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - t0;
      if (elapsed.count() >= budget.time_limit_s) {
        if constexpr (kTrace) trace_->frontier.push_back(c);
        result.status = Status::Timeout;
        return;
      }
    }
    ++counters.expansions;
    if constexpr (kTrace) trace_->expanded.push_back(c);
    cur_ = c;
    g_cur_ = n.g;
    expand<kTrace>(c, counters);
  }
  result.status = Status::Unreachable;
  result.cost = kInf;
}

void JpsPlusPlanner::write_path(CellId start, CellId goal, SearchResult& result) const {
  const auto pw = static_cast<CellId>(pw_);
  // Cell count first, so the path is written back to front in place with no scratch buffer.
  std::size_t cells = 1;
  for (CellId c = goal; c != start; c = nodes_[c].parent) {
    const CellId p = nodes_[c].parent;
    const int dx = std::abs(static_cast<int>(c % pw) - static_cast<int>(p % pw));
    const int dy = std::abs(static_cast<int>(c / pw) - static_cast<int>(p / pw));
    cells += static_cast<std::size_t>(std::max(dx, dy));
  }
  std::vector<CellId>& path = result.path;
  path.resize(cells);
  std::size_t i = cells - 1;
  path[i] = goal;
  for (CellId c = goal; c != start; c = nodes_[c].parent) {
    const CellId p = nodes_[c].parent;
    int x = static_cast<int>(c % pw), y = static_cast<int>(c / pw);
    const int px = static_cast<int>(p % pw), py = static_cast<int>(p / pw);
    // Forwards the segment is a diagonal run then a straight run; backwards, straight first.
    while (x != px || y != py) {
      const int rx = std::abs(x - px), ry = std::abs(y - py);
      const int sx = x > px ? 1 : x < px ? -1 : 0;
      const int sy = y > py ? 1 : y < py ? -1 : 0;
      if (rx > ry) {
        x -= sx;
      } else if (ry > rx) {
        y -= sy;
      } else {
        x -= sx;
        y -= sy;
      }
      path[--i] = id_of(x, y);
    }
  }
  double cost = 0.0;
  for (std::size_t k = 1; k < cells; ++k) {
    const CellId a = path[k - 1], b = path[k];
    const bool diagonal = a % pw != b % pw && a / pw != b / pw;
    cost += diagonal ? kSqrt2 : 1.0;
  }
  result.cost = cost;
}

}  // namespace

PlannerInfo jps_plus_planner_info() {
  PlannerInfo info;
  info.name = "jps_plus";
  info.summary =
      "JPS+ (Harabor & Grastien 2014; Rabin): JPS over precomputed jump distances; 8-connected, "
      "uniform cost, no corner cutting";
  info.factory = [](const ParamSet&) -> std::unique_ptr<Planner> {
    return std::make_unique<JpsPlusPlanner>();
  };
  return info;
}

}  // namespace pathbench
