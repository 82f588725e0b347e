// The std::set reference model the open-list tests check every heap against, and the random
// operation stream they drive both with (tests/algorithms/heap_test.cpp).
#pragma once

#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "algorithms/heaps/open_list.h"

namespace pathbench::heap_testing {

// Each order carries its key type: the search lattice's integers for AStarOrder, doubles for
// LexicographicOrder (D* Lite). The tests use small integral values, exact in both.
template <class Order>
using KeyOf = typename Order::Key;
template <class Order>
using ValueOf = decltype(KeyOf<Order>{}.f);

template <class Order>
struct RefLess {
  bool operator()(const std::pair<KeyOf<Order>, CellId>& a,
                  const std::pair<KeyOf<Order>, CellId>& b) const {
    return Order::less(a.first, a.second, b.first, b.second);
  }
};

// The obviously-correct queue: an ordered set of (key, id) plus each member's current key.
template <class Order>
class ReferenceQueue {
 public:
  using Key = KeyOf<Order>;
  explicit ReferenceQueue(std::size_t n) : key_(n), in_(n, false) {}
  bool contains(CellId id) const { return in_[id]; }
  std::size_t size() const { return set_.size(); }
  bool empty() const { return set_.empty(); }
  CellId top() const { return set_.begin()->second; }
  Key top_key() const { return set_.begin()->first; }
  Key key(CellId id) const { return key_[id]; }
  void push(CellId id, Key k) {
    set_.insert({k, id});
    key_[id] = k;
    in_[id] = true;
  }
  void set_key(CellId id, Key k) {
    set_.erase({key_[id], id});
    push(id, k);
  }
  void remove(CellId id) {
    set_.erase({key_[id], id});
    in_[id] = false;
  }
  CellId pop() {
    const CellId id = top();
    remove(id);
    return id;
  }
  void clear() {
    for (const auto& e : set_) in_[e.second] = false;
    set_.clear();
  }

 private:
  std::set<std::pair<Key, CellId>, RefLess<Order>> set_;
  std::vector<Key> key_;
  std::vector<bool> in_;
};

template <class Key>
bool same_key(const Key& a, const Key& b) {
  return a.f == b.f && a.g == b.g;
}

// Few distinct values so that equal f and equal (f, g) are common and the id tie-break matters.
template <class Order>
KeyOf<Order> random_key(std::mt19937& rng) {
  using V = ValueOf<Order>;
  return {static_cast<V>(rng() % 16), static_cast<V>(rng() % 4)};
}

// A key not after `cur` under Order (what decrease_key's precondition allows).
template <class Order>
KeyOf<Order> lower_key(std::mt19937& rng, const KeyOf<Order>& cur, CellId id) {
  using V = ValueOf<Order>;
  KeyOf<Order> k{cur.f - static_cast<V>(rng() % 3), static_cast<V>(rng() % 4)};
  if (Order::less(cur, id, k, id)) k = cur;
  return k;
}

enum class Op { Push, Pop, DecreaseKey, UpdateUp, UpdateDown, Remove, Contains, Clear };

Op random_op(std::mt19937& rng) {
  const unsigned r = rng() % 1000;
  if (r < 330) return Op::Push;
  if (r < 530) return Op::Pop;
  if (r < 680) return Op::DecreaseKey;
  if (r < 760) return Op::UpdateUp;
  if (r < 840) return Op::UpdateDown;
  if (r < 920) return Op::Remove;
  if (r < 997) return Op::Contains;
  return Op::Clear;
}

}  // namespace pathbench::heap_testing
