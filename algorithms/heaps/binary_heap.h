// Indexed binary min-heap over cell ids with decrease-key (satisfies OpenList).
//
// Layout, chosen by measurement (pops dominate A*'s time and are bound by memory latency):
//  - entries hold their key inline, so sifts touch one contiguous array; pos_ maps an id to its
//    slot for O(1) membership and O(log n) decrease-key;
//  - keys in KeyCodec's stored form, so a comparison is one borrow chain (heap_key_codec.h);
//  - 1-based slots and 32-byte entries in 64-byte aligned storage: the two children of slot i
//    (2i and 2i+1) share one cache line, so each level of a sift costs one line, not two;
//  - pop walks the hole down along smaller children, then sifts the last element up from the
//    leaf (bottom-up pop): about one comparison per level instead of two.
// No allocation after resize(). Move-only (it owns its slot array).
#pragma once

#include <cassert>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "algorithms/heaps/heap_key_codec.h"
#include "algorithms/heaps/open_list.h"

namespace pathbench {

template <class Order = AStarOrder>
class BinaryHeap {
  using Codec = KeyCodec<Order>;

 public:
  using Key = typename Order::Key;
  BinaryHeap() = default;
  BinaryHeap(BinaryHeap&&) noexcept = default;
  BinaryHeap& operator=(BinaryHeap&&) noexcept = default;

  void resize(std::size_t num_ids) {
    assert(num_ids < kAbsent);
    pos_.assign(num_ids, kAbsent);
    // Trivial entries: operator new's storage holds them implicitly (no constructor to run).
    slots_.reset(
        static_cast<Entry*>(::operator new ((num_ids + 1) * sizeof(Entry), std::align_val_t{64})));
    capacity_ = num_ids + 1;
    last_ = 0;
  }
  void clear() {
    for (std::uint32_t i = 1; i <= last_; ++i) pos_[slots_[i].id] = kAbsent;
    last_ = 0;
  }
  bool contains(CellId id) const { return pos_[id] != kAbsent; }
  bool empty() const { return last_ == 0; }
  std::size_t size() const { return last_; }
  CellId top() const { return slots_[1].id; }
  Key top_key() const { return Codec::decode(slots_[1].code); }
  Key key(CellId id) const { return Codec::decode(slots_[pos_[id]].code); }
  std::size_t memory_bytes() const {
    return pos_.capacity() * sizeof(std::uint32_t) + capacity_ * sizeof(Entry);
  }

  PATHBENCH_HOT_INLINE void push(CellId id, Key k) {
    assert(!contains(id));
    assert(last_ + 1 < capacity_);
    sift_up(++last_, Entry{Codec::encode(k), id, 0});
  }
  PATHBENCH_HOT_INLINE void decrease_key(CellId id, Key k) {
    assert(contains(id));
    const std::uint32_t i = pos_[id];
    sift_up(i, Entry{Codec::encode(k), id, 0});
  }
  PATHBENCH_HOT_INLINE void update(CellId id, Key k) {
    assert(contains(id));
    const std::uint32_t i = pos_[id];
    const Entry e{Codec::encode(k), id, 0};
    if (less(e, slots_[i]))
      sift_up(i, e);
    else
      sift_down(i, e);
  }
  void remove(CellId id) {
    assert(contains(id));
    const std::uint32_t i = pos_[id];
    pos_[id] = kAbsent;
    const Entry last = slots_[last_--];
    if (i == last_ + 1) return;
    if (i > 1 && less(last, slots_[i / 2]))
      sift_up(i, last);
    else
      sift_down(i, last);
  }
  PATHBENCH_HOT_INLINE CellId pop() {
    assert(!empty());
    const CellId id = slots_[1].id;
    pos_[id] = kAbsent;
    const Entry last = slots_[last_--];
    if (last_ > 0) pop_fill(last);
    return id;
  }

 private:
  struct alignas(32) Entry {
    typename Codec::Code code;
    CellId id;
    std::uint32_t unused;
  };
  static_assert(sizeof(Entry) == 32);
  static constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;
  struct AlignedDelete {
    void operator()(Entry* p) const { ::operator delete (p, std::align_val_t{64}); }
  };

  static bool less(const Entry& a, const Entry& b) {
    return Codec::less(a.code, a.id, b.code, b.id);
  }

  PATHBENCH_HOT_INLINE void place(std::uint32_t i, const Entry& e) {
    slots_[i] = e;
    pos_[e.id] = i;
  }
  // Hole-based sifts: `e` (a copy) goes into the hole at i; displaced entries move once each.
  // `in` may alias a slot the sift overwrites, hence the copy (and no by-value parameter: GCC
  // warns about the ABI of passing 32-byte aligned types by value).
  PATHBENCH_HOT_INLINE void sift_up(std::uint32_t i, const Entry& in) {
    const Entry e = in;
    while (i > 1 && less(e, slots_[i / 2])) {
      place(i, slots_[i / 2]);
      i /= 2;
    }
    place(i, e);
  }
  void sift_down(std::uint32_t i, const Entry& in) {
    const Entry e = in;
    const std::uint32_t n = last_;
    for (;;) {
      std::uint32_t child = 2 * i;
      if (child > n) break;
      // Branch-free, in bounds: with no right sibling, compare the left child with itself.
      const std::uint32_t right = child + (child < n);
      child += less(slots_[right], slots_[child]);
      if (!less(slots_[child], e)) break;
      place(i, slots_[child]);
      i = child;
    }
    place(i, e);
  }
  // Refills the root after a pop with `e`, the former last entry (bottom-up pop, see top).
  PATHBENCH_HOT_INLINE void pop_fill(const Entry& e) {
    const std::uint32_t n = last_;
    std::uint32_t i = 1;
    for (;;) {
      std::uint32_t child = 2 * i;
      if (child > n) break;
      // Branch-free, in bounds: with no right sibling, compare the left child with itself.
      const std::uint32_t right = child + (child < n);
      child += less(slots_[right], slots_[child]);
      place(i, slots_[child]);
      i = child;
    }
    sift_up(i, e);
  }

  // A plain slot array, not a vector: push and pop then touch one counter, with no capacity
  // check or end pointer to maintain (resize() sizes it for every id at once).
  std::unique_ptr<Entry[], AlignedDelete> slots_;  // slot 0 unused
  std::size_t capacity_ = 0;
  std::uint32_t last_ = 0;  // slots 1..last_ hold the heap
  std::vector<std::uint32_t> pos_;
};

static_assert(OpenList<BinaryHeap<>>);

}  // namespace pathbench
