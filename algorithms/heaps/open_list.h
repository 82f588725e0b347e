// The open-list contract shared by every priority queue (binary heap, pairing heap) and the
// total order A* breaks ties with.
//
// Elements are cell ids with a two-part key (the order's Key). Each heap keeps its own id-indexed
// position array (sized once by resize() in prepare), giving O(1) contains() and O(log n)
// decrease-key with no allocation per operation.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_cost.h"

// Heap operations run several times per expansion; GCC stops inlining them into the search loop
// once it grows, which measurably costs (~10-20% on 512x512 maps). Force it.
#define PATHBENCH_HOT_INLINE inline __attribute__((always_inline))
// The search loop inlines its whole call tree (see best_first_loop). Sanitizer and fuzz builds
// turn that off: instrumented at -O1, one flattened JPS loop took GCC over 10 minutes and 2 GB
// to compile (12 s without), and those builds are for finding bugs, not for timing.
#ifdef PATHBENCH_NO_FORCED_INLINE
#define PATHBENCH_FLATTEN
#else
#define PATHBENCH_FLATTEN [[gnu::flatten]]
#endif

namespace pathbench {

// A two-part key. T is the order's cost type: the search lattice (search_cost.h) for A*, whose
// ties must be exact, double for D* Lite.
template <class T>
struct BasicHeapKey {
  T f{};  // primary priority (A*: g + w*h)
  T g{};  // secondary (A*: cost so far)
};
using HeapKey = BasicHeapKey<SearchCost>;
using RealHeapKey = BasicHeapKey<double>;

// A*'s documented total order: smaller f first; among equal f, larger g first (deeper nodes, which
// reach the goal sooner on grids); then smaller cell id. Being a total order, any correct heap
// pops the same sequence, so expansion counts are identical across queue implementations.
// Written without early returns so the compiler can emit it branch-free: heap sifts compare
// data-dependent keys whose outcomes branch predictors guess badly.
struct AStarOrder {
  using Key = HeapKey;
  static bool less(const Key& a, CellId ia, const Key& b, CellId ib) {
    return (a.f < b.f) | ((a.f == b.f) & ((a.g > b.g) | ((a.g == b.g) & (ia < ib))));
  }
};

// Plain lexicographic order (f, then g, then id ascending): D* Lite's [k1, k2] keys.
struct LexicographicOrder {
  using Key = RealHeapKey;
  static bool less(const Key& a, CellId ia, const Key& b, CellId ib) {
    if (a.f != b.f) return a.f < b.f;
    if (a.g != b.g) return a.g < b.g;
    return ia < ib;
  }
};

template <class H>
concept OpenList = requires(H h, const H ch, CellId id, typename H::Key k, std::size_t n) {
  h.resize(n);            // accept ids in [0, n); allocates: call in prepare
  h.clear();              // empty the heap in O(size); keeps capacity
  h.push(id, k);          // precondition: !contains(id)
  h.decrease_key(id, k);  // precondition: contains(id) and k not after the current key
  h.update(id, k);        // precondition: contains(id); k may move either way
  h.remove(id);           // precondition: contains(id)
  { h.pop() } -> std::same_as<CellId>;  // removes and returns the minimum; precondition: !empty()
  { ch.top() } -> std::same_as<CellId>;
  { ch.top_key() } -> std::same_as<typename H::Key>;
  { ch.key(id) } -> std::same_as<typename H::Key>;  // precondition: contains(id)
  { ch.contains(id) } -> std::same_as<bool>;
  { ch.empty() } -> std::same_as<bool>;
  { ch.size() } -> std::same_as<std::size_t>;
  { ch.memory_bytes() } -> std::same_as<std::size_t>;
};

}  // namespace pathbench
