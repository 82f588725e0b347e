// Indexed binary min-heap over cell ids with decrease-key (satisfies OpenList).
//
// Layout, chosen by measurement (pops dominate A*'s time and are bound by memory latency):
//  - entries hold their key inline, so sifts touch one contiguous array; pos_ maps an id to its
//    slot for O(1) membership and O(log n) decrease-key;
//  - 1-based slots and 32-byte entries in 64-byte aligned storage: the two children of slot i
//    (2i and 2i+1) share one cache line, so each level of a sift costs one line, not two;
//  - pop walks the hole down along smaller children, then sifts the last element up from the
//    leaf (bottom-up pop): about one comparison per level instead of two.
// No allocation after resize().
#pragma once

#include <cassert>
#include <cstdint>
#include <new>
#include <vector>

#include "algorithms/heaps/open_list.h"

namespace pathbench {

// Allocator returning 64-byte aligned storage (one cache line), so slot pairs share a line.
template <class T>
struct CacheLineAllocator {
  using value_type = T;
  CacheLineAllocator() = default;
  template <class U>
  CacheLineAllocator(const CacheLineAllocator<U>&) {}
  T* allocate(std::size_t n) {
    return static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{64}));
  }
  void deallocate(T* p, std::size_t) { ::operator delete (p, std::align_val_t{64}); }
  template <class U>
  bool operator==(const CacheLineAllocator<U>&) const {
    return true;
  }
};

template <class Order = AStarOrder>
class BinaryHeap {
 public:
  using Key = typename Order::Key;
  void resize(std::size_t num_ids) {
    pos_.assign(num_ids, kAbsent);
    heap_.clear();
    heap_.reserve(num_ids + 1);
    heap_.push_back({});  // slot 0 is unused
  }
  void clear() {
    for (std::size_t i = 1; i < heap_.size(); ++i) pos_[heap_[i].id] = kAbsent;
    heap_.resize(1);
  }
  bool contains(CellId id) const { return pos_[id] != kAbsent; }
  bool empty() const { return heap_.size() <= 1; }
  std::size_t size() const { return heap_.size() - 1; }
  CellId top() const { return heap_[1].id; }
  Key top_key() const { return heap_[1].key; }
  Key key(CellId id) const { return heap_[pos_[id]].key; }
  std::size_t memory_bytes() const {
    return pos_.capacity() * sizeof(std::uint32_t) + heap_.capacity() * sizeof(Entry);
  }

  PATHBENCH_HOT_INLINE void push(CellId id, Key k) {
    assert(!contains(id));
    heap_.push_back({k, id, 0});
    sift_up(static_cast<std::uint32_t>(heap_.size() - 1), heap_.back());
  }
  PATHBENCH_HOT_INLINE void decrease_key(CellId id, Key k) {
    assert(contains(id));
    const std::uint32_t i = pos_[id];
    heap_[i].key = k;
    sift_up(i, heap_[i]);
  }
  PATHBENCH_HOT_INLINE void update(CellId id, Key k) {
    assert(contains(id));
    const std::uint32_t i = pos_[id];
    const bool up = Order::less(k, id, heap_[i].key, id);
    heap_[i].key = k;
    if (up)
      sift_up(i, heap_[i]);
    else
      sift_down(i, heap_[i]);
  }
  void remove(CellId id) {
    assert(contains(id));
    const std::uint32_t i = pos_[id];
    pos_[id] = kAbsent;
    const Entry last = heap_.back();
    heap_.pop_back();
    if (i == heap_.size()) return;
    if (i > 1 && less(last, heap_[i / 2]))
      sift_up(i, last);
    else
      sift_down(i, last);
  }
  PATHBENCH_HOT_INLINE CellId pop() {
    assert(!empty());
    const CellId id = heap_[1].id;
    pos_[id] = kAbsent;
    const Entry last = heap_.back();
    heap_.pop_back();
    if (heap_.size() > 1) pop_fill(last);
    return id;
  }

 private:
  struct alignas(32) Entry {
    Key key;
    CellId id;
    std::uint32_t unused;
  };
  static_assert(sizeof(Entry) == 32);
  static constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;

  static bool less(const Entry& a, const Entry& b) { return Order::less(a.key, a.id, b.key, b.id); }

  PATHBENCH_HOT_INLINE void place(std::uint32_t i, const Entry& e) {
    heap_[i] = e;
    pos_[e.id] = i;
  }
  // Hole-based sifts: `e` (a copy) goes into the hole at i; displaced entries move once each.
  // `in` may alias a slot the sift overwrites, hence the copy (and no by-value parameter: GCC
  // warns about the ABI of passing 32-byte aligned types by value).
  PATHBENCH_HOT_INLINE void sift_up(std::uint32_t i, const Entry& in) {
    const Entry e = in;
    while (i > 1 && less(e, heap_[i / 2])) {
      place(i, heap_[i / 2]);
      i /= 2;
    }
    place(i, e);
  }
  void sift_down(std::uint32_t i, const Entry& in) {
    const Entry e = in;
    const std::uint32_t n = static_cast<std::uint32_t>(heap_.size() - 1);
    for (;;) {
      std::uint32_t child = 2 * i;
      if (child > n) break;
      // Branch-free, in bounds: with no right sibling, compare the left child with itself.
      const std::uint32_t right = child + (child < n);
      child += less(heap_[right], heap_[child]);
      if (!less(heap_[child], e)) break;
      place(i, heap_[child]);
      i = child;
    }
    place(i, e);
  }
  // Refills the root after a pop with `e`, the former last entry (bottom-up pop, see top).
  PATHBENCH_HOT_INLINE void pop_fill(const Entry& e) {
    const std::uint32_t n = static_cast<std::uint32_t>(heap_.size() - 1);
    std::uint32_t i = 1;
    for (;;) {
      std::uint32_t child = 2 * i;
      if (child > n) break;
      // Branch-free, in bounds: with no right sibling, compare the left child with itself.
      const std::uint32_t right = child + (child < n);
      child += less(heap_[right], heap_[child]);
      place(i, heap_[child]);
      i = child;
    }
    sift_up(i, e);
  }

  std::vector<Entry, CacheLineAllocator<Entry>> heap_;  // slot 0 unused
  std::vector<std::uint32_t> pos_;
};

static_assert(OpenList<BinaryHeap<>>);

}  // namespace pathbench
