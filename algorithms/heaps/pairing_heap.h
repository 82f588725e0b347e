// Pooled, index-linked pairing heap over cell ids with decrease-key (satisfies OpenList).
//
// Fredman, Sedgewick, Sleator & Tarjan 1986, "The pairing heap: a new form of self-adjusting
// heap": decrease-key cuts the node's subtree out of its tree; pop uses the standard two-pass
// pairing (meld siblings pairwise left to right, then meld the pairs right to left).
//
// Layout, chosen by measurement (a pairing heap is pointer chasing, so where nodes live decides
// its speed): tree nodes live in a slot pool, not at their cell's index. A push takes the most
// recently freed slot (or the next fresh one), so the nodes of one expansion's successors, which
// become siblings, sit next to each other, and a pop's pairing pass walks a few cache lines
// instead of one line per child scattered over the map. pos_ maps a cell id to its slot. Nodes
// are linked by 32-bit slot indices (child = leftmost child; next = right sibling; prev = parent
// for a leftmost child, else the left sibling) and hold their key in KeyCodec's stored form
// (heap_key_codec.h). Nothing is allocated after resize(); the pairing pass uses a scratch array
// reserved there. Every tree walk is iterative: skewed op sequences (sorted pushes) build roots
// with ~n children or chains ~n deep, and n reaches 250k+ on large maps.
//
// Insertions go to an auxiliary list first (Stasko & Vitter 1987, "Pairing heaps: experiments and
// analysis", the auxiliary two-pass variant): push and decrease-key only link the node in, and the
// next pop (or top) pairs the list into one tree and melds that with the root. An A* expansion
// pushes its successors, which sit in adjacent slots, so they are paired with each other while in
// cache and the root gains one child per expansion instead of one per successor; the pop's pairing
// pass over the root's children is that much shorter. The root is therefore the minimum only
// after consolidation, which top() does too (the tree shape is mutable for it). Measured with
// configs of the 11 shared MovingAI maps (the timing issue's closing note): pairing / binary heap
// time fell from up to 1.44x to at most 1.31x with this and the branch-free meld below.
//
// Deviations from the paper: update() with a key that moves later is remove + push (the paper only
// decreases); remove(id) cuts the node, pairs its children and puts the result on the auxiliary
// list.
// Because Order is a strict total order (ties broken by id), the pop sequence equals BinaryHeap's
// for the same operations, so planner expansion counts do not depend on the queue.
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

#include "algorithms/heaps/heap_key_codec.h"
#include "algorithms/heaps/open_list.h"

namespace pathbench {

template <class Order = AStarOrder>
class PairingHeap {
  using Codec = KeyCodec<Order>;

 public:
  using Key = typename Order::Key;
  void resize(std::size_t num_ids) {
    assert(num_ids < kNil);
    pos_.assign(num_ids, kNil);
    slots_.assign(num_ids, Node{});
    // A node has at most size-1 children, so the first pass yields at most ceil(n/2) subtrees.
    scratch_.assign(num_ids / 2 + 1, kNil);
    reset_pool();
  }

  void clear() {
    clear_from(root_);
    clear_from(aux_);
    reset_pool();
  }

  bool contains(CellId id) const { return pos_[id] != kNil; }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  CellId top() const {
    consolidate();
    return slots_[root_].id;
  }
  Key top_key() const {
    consolidate();
    return Codec::decode(slots_[root_].code);
  }
  Key key(CellId id) const { return Codec::decode(slots_[pos_[id]].code); }
  std::size_t memory_bytes() const {
    return pos_.capacity() * sizeof(std::uint32_t) + slots_.capacity() * sizeof(Node) +
           scratch_.capacity() * sizeof(std::uint32_t);
  }

  // A new node joins the auxiliary list without a comparison.
  void push(CellId id, Key k) {
    assert(!contains(id));
    const std::uint32_t s = take_slot();
    slots_[s] = Node{Codec::encode(k), kNil, kNil, kNil, id};
    pos_[id] = s;
    add_aux(s);
    ++size_;
  }

  void decrease_key(CellId id, Key k) {
    assert(contains(id));
    assert(!Order::less(key(id), id, k, id));
    const std::uint32_t s = pos_[id];
    slots_[s].code = Codec::encode(k);
    if (s == root_) return;
    // The subtree below s still satisfies heap order (its keys were >= the old, larger key).
    cut(s);
    add_aux(s);
  }

  void update(CellId id, Key k) {
    assert(contains(id));
    const std::uint32_t s = pos_[id];
    const typename Codec::Code old = slots_[s].code, code = Codec::encode(k);
    if (Codec::less(code, id, old, id)) {
      decrease_key(id, k);
    } else if (Codec::less(old, id, code, id)) {
      remove(id);
      push(id, k);
    } else {
      slots_[s].code = code;  // equivalent under Order: the position is still correct
    }
  }

  void remove(CellId id) {
    assert(contains(id));
    const std::uint32_t s = pos_[id];
    if (s == root_) {
      pop_root();
      return;
    }
    cut(s);
    const std::uint32_t children = slots_[s].child;
    release(s);
    if (children != kNil) add_aux(merge_pairs(children));
  }

  CellId pop() {
    assert(!empty());
    consolidate();
    return pop_root();
  }

 private:
  static constexpr std::uint32_t kNil = 0xFFFFFFFFu;

  // 32 bytes and aligned to them, so a node never straddles two cache lines (as BinaryHeap's
  // entries); A/B against the unaligned pool, pairing / binary heap time in interleaved
  // pathbench_bench runs: lak303d 1.30 -> 1.28, maze512-1-0 1.205 -> 1.19 (medians of 6).
  struct alignas(32) Node {
    typename Codec::Code code{};
    std::uint32_t child = kNil;
    std::uint32_t next = kNil;  // right sibling; in the free list, the next free slot
    // parent if leftmost child, else the left sibling; kNil for the root and the auxiliary head
    std::uint32_t prev = kNil;
    CellId id = kNil;
  };

  // Prepends the detached tree s to the auxiliary list.
  void add_aux(std::uint32_t s) const {
    slots_[s].next = aux_;
    if (aux_ != kNil) slots_[aux_].prev = s;
    aux_ = s;
  }
  // Pairs the auxiliary trees into one and melds it with the root. Logically const: it changes
  // the shape of the forest, not which keys it holds.
  void consolidate() const {
    if (aux_ == kNil) return;
    const std::uint32_t t = merge_pairs(aux_);
    aux_ = kNil;
    root_ = root_ == kNil ? t : meld(slots_.data(), root_, t);
  }
  CellId pop_root() {
    const std::uint32_t r = root_;
    const CellId id = slots_[r].id;
    const std::uint32_t children = slots_[r].child;
    release(r);
    root_ = children == kNil ? kNil : merge_pairs(children);
    return id;
  }

  // O(size) without recursion or a stack: repeatedly splice the current node's first child in
  // right after it in the traversal chain, so every node is visited once.
  void clear_from(std::uint32_t x) {
    while (x != kNil) {
      Node& n = slots_[x];
      if (n.child != kNil) {
        const std::uint32_t c = n.child;
        n.child = slots_[c].next;
        slots_[c].next = n.next;
        n.next = c;
      } else {
        pos_[n.id] = kNil;
        x = n.next;
      }
    }
  }

  void reset_pool() {
    root_ = kNil;
    aux_ = kNil;
    size_ = 0;
    fresh_ = 0;
    free_ = kNil;
  }
  // The most recently freed slot first (still in cache), else the next never-used one.
  std::uint32_t take_slot() {
    if (free_ != kNil) {
      const std::uint32_t s = free_;
      free_ = slots_[s].next;
      return s;
    }
    assert(fresh_ < slots_.size());
    return fresh_++;
  }
  // Takes slot s (a detached node) and its cell out of the heap.
  void release(std::uint32_t s) {
    pos_[slots_[s].id] = kNil;
    slots_[s].next = free_;
    free_ = s;
    --size_;
  }

  // Melds two detached roots (prev == next == kNil); the loser becomes the winner's leftmost child.
  // The winner is picked with a mask, not a branch: which root wins is data-dependent and
  // mispredicted about half the time, and GCC turned the plain ?: selects back into a jump.
  // Takes the pool's base pointer so the loop that calls it keeps it in a register (through the
  // member vector GCC reloaded it after every store).
  // Measured and dropped (pairing / binary heap time, interleaved A/B, 2026-12-05): prefetching
  // both roots' leftmost children here (their prev link is written below) made it worse, lak303d
  // 1.26 -> 1.43; not resetting the pair's links in merge_pairs (meld rewrites the loser's) made
  // no difference.
  static std::uint32_t meld(Node* pool, std::uint32_t a, std::uint32_t b) {
    const std::uint32_t b_wins = 0u - static_cast<std::uint32_t>(Codec::less(
                                          pool[b].code, pool[b].id, pool[a].code, pool[a].id));
    const std::uint32_t w = a ^ ((a ^ b) & b_wins), l = a ^ b ^ w;
    Node& winner = pool[w];
    Node& loser = pool[l];
    loser.next = winner.child;
    if (winner.child != kNil) pool[winner.child].prev = l;
    loser.prev = w;
    winner.child = l;
    return w;
  }

  // Detaches the subtree rooted at x (not the root) from its parent / sibling list, or from the
  // head of the auxiliary list.
  void cut(std::uint32_t x) {
    Node& n = slots_[x];
    if (n.prev == kNil) {
      assert(x == aux_);
      aux_ = n.next;
      if (n.next != kNil) slots_[n.next].prev = kNil;
      n.next = kNil;
      return;
    }
    Node& p = slots_[n.prev];
    if (p.child == x)
      p.child = n.next;
    else
      p.next = n.next;
    if (n.next != kNil) slots_[n.next].prev = n.prev;
    n.prev = kNil;
    n.next = kNil;
  }

  // Two-pass pairing of the sibling list starting at `first`; returns the new single root.
  std::uint32_t merge_pairs(std::uint32_t first) const {
    Node* const pool = slots_.data();
    std::uint32_t* const out = scratch_.data();
    std::size_t pairs = 0;
    std::uint32_t a = first;
    while (a != kNil) {
      const std::uint32_t b = pool[a].next;
      pool[a].prev = kNil;
      pool[a].next = kNil;
      if (b == kNil) {
        out[pairs++] = a;
        break;
      }
      const std::uint32_t rest = pool[b].next;
      pool[b].prev = kNil;
      pool[b].next = kNil;
      out[pairs++] = meld(pool, a, b);
      a = rest;
    }
    std::uint32_t r = out[pairs - 1];
    for (std::size_t i = pairs - 1; i-- > 0;) r = meld(pool, out[i], r);
    return r;
  }

  // Tree shape is mutable so that top() can consolidate (see consolidate()).
  std::vector<std::uint32_t> pos_;   // cell id -> slot, kNil when not in the heap
  mutable std::vector<Node> slots_;  // the pool
  mutable std::vector<std::uint32_t> scratch_;
  mutable std::uint32_t root_ = kNil;
  mutable std::uint32_t aux_ = kNil;  // head of the auxiliary list of trees not yet melded
  std::uint32_t fresh_ = 0;    // slots [fresh_, size) have never been used since reset_pool()
  std::uint32_t free_ = kNil;  // head of the free list, linked through Node::next
  std::size_t size_ = 0;
};

static_assert(OpenList<PairingHeap<>>);
static_assert(OpenList<PairingHeap<LexicographicOrder>>);

}  // namespace pathbench
