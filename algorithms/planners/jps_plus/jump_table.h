// JPS+ jump-distance table: for every cell and each of the eight directions, how far a jump in
// that direction goes (Harabor & Grastien 2014, "Improving Jump Point Search", ICAPS, sec. JPS+;
// S. Rabin, "JPS+: An Extreme A* Speed Optimization", Game AI Pro 2, 2015).
//
// Rules: exactly those of the online `jps` planner (8-connected, uniform cost, no corner cutting,
// see algorithms/planners/jps/jump_scanner.h), so a query that reads this table generates the
// same successors as `jps`:
//  - straight d: moving from p into q along d, q is a jump point when a side line has p blocked and
//    q free (a forced neighbour beside q); the jump stops at the first jump point or dies in front
//    of the first blocked cell;
//  - diagonal d: each step must be legal (both side cells and the target free); the jump point is
//    the first diagonal cell whose straight jumps along d's two components reach a jump point.
//
// Encoding (int16 per entry, Rabin's): v > 0: a jump point v steps away; v <= 0: no jump point,
// -v steps are possible before the wall (0: the first step is already illegal). Blocked and
// padding cells hold 0. Values are independent of any goal: the query adds the goal checks.
//
// Invariants: entries are indexed by padded CellId (grid.h), 8 per cell in Direction order
// (moves.h), 16 bytes per cell in one aligned block, so one cache line holds a cell's whole row.
// 16-bit distances limit maps to 32765 cells per side; build() throws std::invalid_argument
// beyond that.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/moves.h"

namespace pathbench {

class JumpTable {
 public:
  struct alignas(16) Entry {
    std::array<std::int16_t, kNumDirections> d{};
  };
  static_assert(sizeof(Entry) == 16);

  // O(cells): four straight sweeps, then four diagonal sweeps that read the straight entries.
  void build(const Grid& g);

  const Entry& operator[](CellId c) const { return entries_[c]; }
  int distance(CellId c, int dir) const { return entries_[c].d[dir]; }

  std::size_t memory_bytes() const { return entries_.capacity() * sizeof(Entry); }

 private:
  std::vector<Entry> entries_;
};

}  // namespace pathbench
