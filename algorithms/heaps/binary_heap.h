// Indexed binary min-heap over cell ids with decrease-key (satisfies OpenList).
// Entries hold their key inline, so sift operations touch one contiguous array; pos_ maps an id to
// its slot for O(1) membership and O(log n) decrease-key. No allocation after resize().
#pragma once

#include <cassert>
#include <vector>

#include "algorithms/heaps/open_list.h"

namespace pathbench {

template <class Order = AStarOrder>
class BinaryHeap {
 public:
  void resize(std::size_t num_ids) {
    pos_.assign(num_ids, kAbsent);
    heap_.clear();
    heap_.reserve(num_ids);
  }
  void clear() {
    for (const Entry& e : heap_) pos_[e.id] = kAbsent;
    heap_.clear();
  }
  bool contains(CellId id) const { return pos_[id] != kAbsent; }
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  CellId top() const { return heap_.front().id; }
  HeapKey top_key() const { return heap_.front().key; }
  HeapKey key(CellId id) const { return heap_[pos_[id]].key; }
  std::size_t memory_bytes() const {
    return pos_.capacity() * sizeof(std::uint32_t) + heap_.capacity() * sizeof(Entry);
  }

  void push(CellId id, HeapKey k) {
    assert(!contains(id));
    heap_.push_back({k, id});
    sift_up(static_cast<std::uint32_t>(heap_.size() - 1));
  }
  void decrease_key(CellId id, HeapKey k) {
    assert(contains(id));
    heap_[pos_[id]].key = k;
    sift_up(pos_[id]);
  }
  void update(CellId id, HeapKey k) {
    assert(contains(id));
    const std::uint32_t i = pos_[id];
    const bool up = Order::less(k, id, heap_[i].key, id);
    heap_[i].key = k;
    if (up)
      sift_up(i);
    else
      sift_down(i);
  }
  void remove(CellId id) {
    assert(contains(id));
    const std::uint32_t i = pos_[id];
    pos_[id] = kAbsent;
    const Entry last = heap_.back();
    heap_.pop_back();
    if (i == heap_.size()) return;
    heap_[i] = last;
    pos_[last.id] = i;
    sift_up(i);
    sift_down(pos_[last.id]);
  }
  CellId pop() {
    assert(!empty());
    const CellId id = heap_.front().id;
    pos_[id] = kAbsent;
    const Entry last = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) {
      heap_[0] = last;
      pos_[last.id] = 0;
      sift_down(0);
    }
    return id;
  }

 private:
  struct Entry {
    HeapKey key;
    CellId id;
  };
  static constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;

  bool less(const Entry& a, const Entry& b) const { return Order::less(a.key, a.id, b.key, b.id); }

  // Hole-based sifts: move the displaced entry once instead of swapping at every level.
  void sift_up(std::uint32_t i) {
    const Entry e = heap_[i];
    while (i > 0) {
      const std::uint32_t parent = (i - 1) / 2;
      if (!less(e, heap_[parent])) break;
      heap_[i] = heap_[parent];
      pos_[heap_[i].id] = i;
      i = parent;
    }
    heap_[i] = e;
    pos_[e.id] = i;
  }
  void sift_down(std::uint32_t i) {
    const Entry e = heap_[i];
    const std::uint32_t n = static_cast<std::uint32_t>(heap_.size());
    for (;;) {
      std::uint32_t child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && less(heap_[child + 1], heap_[child])) ++child;
      if (!less(heap_[child], e)) break;
      heap_[i] = heap_[child];
      pos_[heap_[i].id] = i;
      i = child;
    }
    heap_[i] = e;
    pos_[e.id] = i;
  }

  std::vector<Entry> heap_;
  std::vector<std::uint32_t> pos_;
};

static_assert(OpenList<BinaryHeap<>>);

}  // namespace pathbench
