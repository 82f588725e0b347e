// Pooled, index-linked pairing heap over cell ids with decrease-key (satisfies OpenList).
//
// Fredman, Sedgewick, Sleator & Tarjan 1986, "The pairing heap: a new form of self-adjusting
// heap": decrease-key cuts the node's subtree and melds it with the root; pop uses the standard
// two-pass pairing (meld siblings pairwise left to right, then meld the pairs right to left).
//
// Layout: one node record per CellId in a flat array sized once by resize(), linked by 32-bit
// indices (child = leftmost child; next = right sibling; prev = parent for a leftmost child, else
// the left sibling). Push allocates nothing; the pairing pass uses a scratch vector reserved in
// resize() and never shrunk. Every tree walk is iterative: skewed op sequences (sorted pushes)
// build roots with ~n children or chains ~n deep, and n reaches 250k+ on large maps.
//
// Deviations from the paper: update() with a key that moves later is remove + push (the paper only
// decreases); remove(id) cuts the node, pairs its children and melds the result with the root.
// Because Order is a strict total order (ties broken by id), the pop sequence equals BinaryHeap's
// for the same operations, so planner expansion counts do not depend on the queue.
#pragma once

#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

#include "algorithms/heaps/open_list.h"

namespace pathbench {

template <class Order = AStarOrder>
class PairingHeap {
 public:
  using Key = typename Order::Key;
  void resize(std::size_t num_ids) {
    assert(num_ids < kNil);
    nodes_.assign(num_ids, Node{});
    // A node has at most size-1 children, so the first pass yields at most ceil(n/2) subtrees.
    scratch_.clear();
    scratch_.reserve(num_ids / 2 + 1);
    root_ = kNil;
    size_ = 0;
  }

  // O(size) without recursion or a stack: repeatedly splice the current node's first child in
  // right after it in the traversal chain, so every node is visited once.
  void clear() {
    std::uint32_t x = root_;
    while (x != kNil) {
      Node& n = nodes_[x];
      if (n.child != kNil) {
        const std::uint32_t c = n.child;
        n.child = nodes_[c].next;
        nodes_[c].next = n.next;
        n.next = c;
      } else {
        const std::uint32_t following = n.next;
        n = Node{};
        x = following;
      }
    }
    root_ = kNil;
    size_ = 0;
  }

  bool contains(CellId id) const { return nodes_[id].in_heap != 0; }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  CellId top() const { return root_; }
  Key top_key() const { return nodes_[root_].key; }
  Key key(CellId id) const { return nodes_[id].key; }
  std::size_t memory_bytes() const {
    return nodes_.capacity() * sizeof(Node) + scratch_.capacity() * sizeof(std::uint32_t);
  }

  void push(CellId id, Key k) {
    assert(!contains(id));
    Node& n = nodes_[id];
    n = Node{};
    n.key = k;
    n.in_heap = 1;
    root_ = root_ == kNil ? id : meld(root_, id);
    ++size_;
  }

  void decrease_key(CellId id, Key k) {
    assert(contains(id));
    assert(!Order::less(nodes_[id].key, id, k, id));
    nodes_[id].key = k;
    if (id == root_) return;
    // The subtree below id still satisfies heap order (its keys were >= the old, larger key).
    cut(id);
    root_ = meld(root_, id);
  }

  void update(CellId id, Key k) {
    assert(contains(id));
    const Key old = nodes_[id].key;
    if (Order::less(k, id, old, id)) {
      decrease_key(id, k);
    } else if (Order::less(old, id, k, id)) {
      remove(id);
      push(id, k);
    } else {
      nodes_[id].key = k;  // equivalent under Order: the position is still correct
    }
  }

  void remove(CellId id) {
    assert(contains(id));
    if (id == root_) {
      pop();
      return;
    }
    cut(id);
    Node& n = nodes_[id];
    const std::uint32_t children = n.child;
    n.child = kNil;
    n.in_heap = 0;
    --size_;
    if (children != kNil) root_ = meld(root_, merge_pairs(children));
  }

  CellId pop() {
    assert(!empty());
    const std::uint32_t r = root_;
    Node& n = nodes_[r];
    const std::uint32_t children = n.child;
    n.child = kNil;
    n.in_heap = 0;
    --size_;
    root_ = children == kNil ? kNil : merge_pairs(children);
    return r;
  }

 private:
  static constexpr std::uint32_t kNil = 0xFFFFFFFFu;

  struct Node {
    Key key;
    std::uint32_t child = kNil;
    std::uint32_t next = kNil;
    std::uint32_t prev = kNil;  // parent if leftmost child, else left sibling; kNil for the root
    std::uint8_t in_heap = 0;
  };

  bool less(std::uint32_t a, std::uint32_t b) const {
    return Order::less(nodes_[a].key, a, nodes_[b].key, b);
  }

  // Melds two detached roots (prev == next == kNil); the loser becomes the winner's leftmost child.
  std::uint32_t meld(std::uint32_t a, std::uint32_t b) {
    if (less(b, a)) std::swap(a, b);
    Node& winner = nodes_[a];
    Node& loser = nodes_[b];
    loser.next = winner.child;
    if (winner.child != kNil) nodes_[winner.child].prev = b;
    loser.prev = a;
    winner.child = b;
    return a;
  }

  // Detaches the subtree rooted at x (not the root) from its parent / sibling list.
  void cut(std::uint32_t x) {
    Node& n = nodes_[x];
    Node& p = nodes_[n.prev];
    if (p.child == x)
      p.child = n.next;
    else
      p.next = n.next;
    if (n.next != kNil) nodes_[n.next].prev = n.prev;
    n.prev = kNil;
    n.next = kNil;
  }

  // Two-pass pairing of the sibling list starting at `first`; returns the new single root.
  std::uint32_t merge_pairs(std::uint32_t first) {
    scratch_.clear();
    std::uint32_t a = first;
    while (a != kNil) {
      const std::uint32_t b = nodes_[a].next;
      nodes_[a].prev = kNil;
      nodes_[a].next = kNil;
      if (b == kNil) {
        scratch_.push_back(a);
        break;
      }
      const std::uint32_t rest = nodes_[b].next;
      nodes_[b].prev = kNil;
      nodes_[b].next = kNil;
      scratch_.push_back(meld(a, b));
      a = rest;
    }
    std::uint32_t r = scratch_.back();
    for (std::size_t i = scratch_.size() - 1; i-- > 0;) r = meld(scratch_[i], r);
    return r;
  }

  std::vector<Node> nodes_;
  std::vector<std::uint32_t> scratch_;
  std::uint32_t root_ = kNil;
  std::size_t size_ = 0;
};

static_assert(OpenList<PairingHeap<>>);
static_assert(OpenList<PairingHeap<LexicographicOrder>>);

}  // namespace pathbench
