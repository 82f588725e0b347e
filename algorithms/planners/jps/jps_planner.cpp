#include "algorithms/planners/jps/jps_planner.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <limits>
#include <memory>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/heaps/binary_heap.h"
#include "algorithms/planners/jps/jump_scanner.h"

namespace pathbench {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Arrival direction of the start node: every direction is open to it.
constexpr std::uint8_t kNoDirection = 0xFF;

class JpsPlanner final : public Planner {
 public:
  Capabilities capabilities() const override {
    Capabilities caps;
    caps.optimal = true;
    caps.suboptimality_bound = 1.0;
    caps.uniform_cost_only = true;
    caps.supports_four_connected = false;
    caps.supports_corner_cutting = false;
    caps.traceable = true;
    return caps;
  }

  std::size_t memory_bytes() const override {
    return nodes_.capacity() * sizeof(Node) + dir_.capacity() * sizeof(std::uint8_t) +
           bits_.memory_bytes() + open_.memory_bytes();
  }

 protected:
  void do_prepare(const Grid& grid) override {
    pw_ = grid.padded_width();
    free_ = grid.passable_data().data();
    bits_.build(grid);
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

  // Straight jump from padded (x, y) in cardinal direction Dir: the jump point (or the goal)
  // it reaches: true with `*dist` = cells travelled, false when it dies against an obstacle.
  // Templated on the direction: it runs twice per diagonal step, the hottest loop of the search.
  // Traced instantiations also set `*dist` when the jump dies (free cells passed before the wall).
  template <bool kTrace, int Dir>
  bool jump_straight(int x, int y, int* dist) const {
    if constexpr (Dir == kEast || Dir == kWest) {
      const std::uint64_t* cur = bits_.row(y);
      const int q = Dir == kEast
                        ? scan_up(cur, bits_.row(y - 1), bits_.row(y + 1), x)
                        : scan_down(cur, bits_.row(y - 1), bits_.row(y + 1), x, bits_.row_words());
      const bool goal_here = gy_ == y && (Dir == kEast ? gx_ > x && gx_ <= q : gx_ < x && gx_ >= q);
      const int stop = goal_here ? gx_ : q;
      if (!goal_here && !test_bit(cur, q)) {
        if constexpr (kTrace) *dist = std::abs(q - x) - 1;
        return false;
      }
      *dist = std::abs(stop - x);
      return true;
    } else {
      const std::uint64_t* cur = bits_.col(x);
      const int q = Dir == kSouth
                        ? scan_up(cur, bits_.col(x - 1), bits_.col(x + 1), y)
                        : scan_down(cur, bits_.col(x - 1), bits_.col(x + 1), y, bits_.col_words());
      const bool goal_here =
          gx_ == x && (Dir == kSouth ? gy_ > y && gy_ <= q : gy_ < y && gy_ >= q);
      const int stop = goal_here ? gy_ : q;
      if (!goal_here && !test_bit(cur, q)) {
        if constexpr (kTrace) *dist = std::abs(q - y) - 1;
        return false;
      }
      *dist = std::abs(stop - y);
      return true;
    }
  }

  // Generates (or improves) padded cell (x, y), reached from the node being expanded over a
  // segment of `diag` diagonal then `straight` cardinal steps, arriving with direction `dir`.
  // Coordinates come from the caller, which knows them: recovering them from the id costs two
  // integer divisions per generated node.
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

  // Traced runs only: the cells a jump passed over (the word scanner's result walked cell by cell).
  void record_scan(int x, int y, int dx, int dy, int cells) {
    for (int i = 1; i <= cells; ++i) trace_->record(*scanned_, id_of(x + dx * i, y + dy * i));
  }

  template <bool kTrace, int Dir>
  void straight_successor(int x, int y, Counters& counters) {
    int dist = 0;
    const bool found = jump_straight<kTrace, Dir>(x, y, &dist);
    if constexpr (kTrace) record_scan(x, y, kDx[Dir], kDy[Dir], dist);
    if (found) relax<kTrace>(x + kDx[Dir] * dist, y + kDy[Dir] * dist, 0, dist, Dir, counters);
  }
  template <bool kTrace>
  void straight_successor(int x, int y, int dir, Counters& counters) {
    switch (dir) {
      case kNorth:
        return straight_successor<kTrace, kNorth>(x, y, counters);
      case kEast:
        return straight_successor<kTrace, kEast>(x, y, counters);
      case kSouth:
        return straight_successor<kTrace, kSouth>(x, y, counters);
      default:
        return straight_successor<kTrace, kWest>(x, y, counters);
    }
  }

  // Diagonal jump from padded (x, y) in direction (Sx, Sy): walks the diagonal while each step
  // is legal and generates whatever the straight jumps from each diagonal cell reach.
  template <bool kTrace, int Sx, int Sy>
  void diagonal_successors(int x, int y, Counters& counters) {
    constexpr int kH = Sx > 0 ? kEast : kWest;
    constexpr int kV = Sy > 0 ? kSouth : kNorth;
    for (int k = 1;; ++k) {
      if (!free_at(x + Sx, y) || !free_at(x, y + Sy) || !free_at(x + Sx, y + Sy)) return;
      x += Sx;
      y += Sy;
      if constexpr (kTrace) trace_->record(*scanned_, id_of(x, y));
      if (x == gx_ && y == gy_) {
        relax<kTrace>(x, y, k, 0, kH, counters);
        continue;
      }
      int dist = 0;
      bool found = jump_straight<kTrace, kH>(x, y, &dist);
      if constexpr (kTrace) record_scan(x, y, Sx, 0, dist);
      if (found) relax<kTrace>(x + Sx * dist, y, k, dist, kH, counters);
      found = jump_straight<kTrace, kV>(x, y, &dist);
      if constexpr (kTrace) record_scan(x, y, 0, Sy, dist);
      if (found) relax<kTrace>(x, y + Sy * dist, k, dist, kV, counters);
    }
  }
  template <bool kTrace>
  void diagonal_successors(int x, int y, int sx, int sy, Counters& counters) {
    if (sx > 0) {
      if (sy > 0) return diagonal_successors<kTrace, 1, 1>(x, y, counters);
      return diagonal_successors<kTrace, 1, -1>(x, y, counters);
    }
    if (sy > 0) return diagonal_successors<kTrace, -1, 1>(x, y, counters);
    return diagonal_successors<kTrace, -1, -1>(x, y, counters);
  }

  template <bool kTrace>
  void expand(CellId c, Counters& counters) {
    const int x = static_cast<int>(c % static_cast<CellId>(pw_));
    const int y = static_cast<int>(c / static_cast<CellId>(pw_));
    const int dir = dir_[c];
    if (dir == kNoDirection) {
      for (int d = 0; d < 4; ++d) straight_successor<kTrace>(x, y, d, counters);
      for (int d = 4; d < 8; ++d) diagonal_successors<kTrace>(x, y, kDx[d], kDy[d], counters);
      return;
    }
    // Every non-start node is reached by a straight move (diagonal cells are never generated,
    // except the goal, which is never expanded).
    const int dx = kDx[dir], dy = kDy[dir];
    straight_successor<kTrace>(x, y, dir, counters);
    // The two sides perpendicular to the travel direction.
    for (int side = 0; side < 2; ++side) {
      const int sx = dx == 0 ? (side ? 1 : -1) : 0;
      const int sy = dy == 0 ? (side ? 1 : -1) : 0;
      if (free_at(x - dx + sx, y - dy + sy) || !free_at(x + sx, y + sy)) continue;
      const int side_dir = sx > 0 ? kEast : sx < 0 ? kWest : sy > 0 ? kSouth : kNorth;
      straight_successor<kTrace>(x, y, side_dir, counters);
      diagonal_successors<kTrace>(x, y, dx + sx, dy + sy, counters);
    }
  }

  // The A* loop over jump points; kTrace selects the recording instantiation (one check per
  // query in do_solve, none per node).
  template <bool kTrace>
  void search(CellId start, CellId goal, const Budget& budget, SearchResult& result);
  void write_path(CellId start, CellId goal, SearchResult& result) const;

  int pw_ = 0;
  const std::uint8_t* free_ = nullptr;
  JumpBitsets bits_;
  std::vector<Node> nodes_;
  std::vector<std::uint8_t> dir_;  // arrival direction of each generated node
  BinaryHeap<AStarOrder> open_;
  std::uint32_t gen_ = kFirstGeneration;

  // Per-query state read by the inlined helpers.
  int gx_ = 0, gy_ = 0;
  CellId cur_ = kNoCell;
  double g_cur_ = 0.0;
  // Traced queries only: the trace and its two layers. "jump_points": every successor a scan
  // found, in order (closed or already open ones included, so cells may repeat); "scanned": every
  // cell a straight or diagonal jump passed over, exact (the traced scan walks the word scanner's
  // result cell by cell; untraced scans never do).
  SearchTrace* trace_ = nullptr;
  TraceLayer* jump_points_ = nullptr;
  TraceLayer* scanned_ = nullptr;
};

void JpsPlanner::do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) {
  trace_ = trace();
  if (!trace_) return search<false>(start, goal, budget, result);
  trace_->layer("jump_points");
  scanned_ = &trace_->layer("scanned");
  jump_points_ = &trace_->layer("jump_points");  // both exist now: the pointers stay valid
  search<true>(start, goal, budget, result);
  // The open list at the end: generated, not closed (the goal pop and a budget stop's pop were
  // stamped closed; search<true> already added the latter).
  for (CellId c : trace_->generated)
    if (nodes_[c].stamp == gen_) trace_->frontier.push_back(c);
}

template <bool kTrace>
void JpsPlanner::search(CellId start, CellId goal, const Budget& budget, SearchResult& result) {
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

void JpsPlanner::write_path(CellId start, CellId goal, SearchResult& result) const {
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

PlannerInfo jps_planner_info() {
  PlannerInfo info;
  info.name = "jps";
  info.summary =
      "Jump Point Search (Harabor & Grastien), online, bitset scans; 8-connected, uniform cost, "
      "no corner cutting";
  info.factory = [](const ParamSet&) -> std::unique_ptr<Planner> {
    return std::make_unique<JpsPlanner>();
  };
  return info;
}

}  // namespace pathbench
