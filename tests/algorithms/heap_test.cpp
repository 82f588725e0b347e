// Open-list implementations against a std::set reference under the same strict total order, and
// against each other: since the order is total, BinaryHeap and PairingHeap must pop identical
// sequences for identical operations (planner expansion counts rely on it).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "algorithms/heaps/binary_heap.h"
#include "algorithms/heaps/open_list.h"
#include "algorithms/heaps/pairing_heap.h"
#include "tests/algorithms/heap_reference.h"

namespace pathbench {
namespace {

using namespace heap_testing;

// Applies `num_ops` seeded random operations to `heap` and a reference, checking every observable
// after each one. Returns the popped ids in order. The operation stream depends only on the seed
// and the reference's state, so any correct heap sees the identical stream.
template <class Heap, class Order>
std::vector<CellId> run_random_ops(Heap& heap, std::uint32_t seed, std::size_t num_ids,
                                   int num_ops) {
  std::mt19937 rng(seed);
  heap.resize(num_ids);
  ReferenceQueue<Order> ref(num_ids);
  std::vector<CellId> popped;
  auto random_member = [&]() -> CellId {
    // Rejection sampling: the heap holds a sizeable fraction of ids in these runs.
    for (;;) {
      const CellId id = rng() % num_ids;
      if (ref.contains(id)) return id;
    }
  };
  for (int step = 0; step < num_ops; ++step) {
    const Op op = random_op(rng);
    const bool any = !ref.empty();
    switch (op) {
      case Op::Push: {
        if (ref.size() == num_ids) break;
        CellId id;
        do id = rng() % num_ids;
        while (ref.contains(id));
        const KeyOf<Order> k = random_key<Order>(rng);
        heap.push(id, k);
        ref.push(id, k);
        break;
      }
      case Op::Pop:
        if (!any) break;
        {
          const CellId want = ref.pop();
          const CellId got = heap.pop();
          EXPECT_EQ(got, want) << "seed " << seed << " step " << step;
          popped.push_back(got);
          EXPECT_FALSE(heap.contains(got));
        }
        break;
      case Op::DecreaseKey:
        if (!any) break;
        {
          const CellId id = random_member();
          const KeyOf<Order> k = lower_key<Order>(rng, ref.key(id), id);
          heap.decrease_key(id, k);
          ref.set_key(id, k);
        }
        break;
      case Op::UpdateUp:
      case Op::UpdateDown:
        if (!any) break;
        {
          const CellId id = random_member();
          using V = ValueOf<Order>;
          const KeyOf<Order> cur = ref.key(id);
          KeyOf<Order> k = op == Op::UpdateUp ? lower_key<Order>(rng, cur, id)
                                              : KeyOf<Order>{cur.f + static_cast<V>(rng() % 3),
                                                             static_cast<V>(rng() % 4)};
          heap.update(id, k);
          ref.set_key(id, k);
        }
        break;
      case Op::Remove:
        if (!any) break;
        {
          const CellId id = random_member();
          heap.remove(id);
          ref.remove(id);
          EXPECT_FALSE(heap.contains(id));
        }
        break;
      case Op::Contains: {
        const CellId id = rng() % num_ids;
        EXPECT_EQ(heap.contains(id), ref.contains(id)) << "seed " << seed << " step " << step;
        if (ref.contains(id)) {
          EXPECT_TRUE(same_key(heap.key(id), ref.key(id)));
        }
        break;
      }
      case Op::Clear:
        heap.clear();
        ref.clear();
        break;
    }
    EXPECT_EQ(heap.size(), ref.size()) << "seed " << seed << " step " << step;
    EXPECT_EQ(heap.empty(), ref.empty());
    if (!ref.empty()) {
      EXPECT_EQ(heap.top(), ref.top()) << "seed " << seed << " step " << step;
      EXPECT_TRUE(same_key(heap.top_key(), ref.top_key()));
    }
    if (::testing::Test::HasFailure()) break;  // one divergence cascades; report the first
  }
  // Drain: the full remaining order must match too.
  while (!ref.empty() && !::testing::Test::HasFailure()) {
    const CellId want = ref.pop();
    const CellId got = heap.pop();
    EXPECT_EQ(got, want) << "seed " << seed << " drain";
    popped.push_back(got);
  }
  EXPECT_TRUE(heap.empty());
  return popped;
}

template <class H, class O>
struct HeapAndOrder {
  using Heap = H;
  using Order = O;
};

template <class T>
class OpenListTest : public ::testing::Test {};

using HeapTypes =
    ::testing::Types<HeapAndOrder<BinaryHeap<AStarOrder>, AStarOrder>,
                     HeapAndOrder<BinaryHeap<LexicographicOrder>, LexicographicOrder>,
                     HeapAndOrder<PairingHeap<AStarOrder>, AStarOrder>,
                     HeapAndOrder<PairingHeap<LexicographicOrder>, LexicographicOrder>>;
TYPED_TEST_SUITE(OpenListTest, HeapTypes);

TYPED_TEST(OpenListTest, RandomOpsMatchReferenceSmallUniverse) {
  using Heap = typename TypeParam::Heap;
  for (std::uint32_t seed = 1; seed <= 40; ++seed) {
    Heap heap;
    run_random_ops<Heap, typename TypeParam::Order>(heap, seed, 64, 3000);
    if (this->HasFailure()) return;
  }
}

TYPED_TEST(OpenListTest, RandomOpsMatchReferenceLargeUniverse) {
  using Heap = typename TypeParam::Heap;
  for (std::uint32_t seed = 100; seed < 104; ++seed) {
    Heap heap;
    run_random_ops<Heap, typename TypeParam::Order>(heap, seed, 5000, 60000);
    if (this->HasFailure()) return;
  }
}

TYPED_TEST(OpenListTest, ReusedAcrossRunsWithoutResizeShrinking) {
  using Heap = typename TypeParam::Heap;
  Heap heap;
  for (std::uint32_t seed = 200; seed < 205; ++seed)
    run_random_ops<Heap, typename TypeParam::Order>(heap, seed, 300, 4000);
}

TYPED_TEST(OpenListTest, SingleElement) {
  typename TypeParam::Heap heap;
  heap.resize(10);
  EXPECT_TRUE(heap.empty());
  EXPECT_FALSE(heap.contains(7));
  heap.push(7, {3, 1});
  EXPECT_FALSE(heap.empty());
  EXPECT_EQ(heap.size(), 1u);
  EXPECT_TRUE(heap.contains(7));
  EXPECT_EQ(heap.top(), 7u);
  EXPECT_TRUE(same_key(heap.top_key(), {3, 1}));
  heap.decrease_key(7, {2, 1});
  EXPECT_TRUE(same_key(heap.key(7), {2, 1}));
  heap.update(7, {5, 0});
  EXPECT_TRUE(same_key(heap.top_key(), {5, 0}));
  heap.update(7, {5, 0});  // equal key: a no-op move
  EXPECT_EQ(heap.size(), 1u);
  EXPECT_EQ(heap.pop(), 7u);
  EXPECT_TRUE(heap.empty());
  EXPECT_FALSE(heap.contains(7));
  heap.push(7, {1, 1});
  heap.remove(7);
  EXPECT_TRUE(heap.empty());
  EXPECT_FALSE(heap.contains(7));
}

TYPED_TEST(OpenListTest, ClearThenReuse) {
  typename TypeParam::Heap heap;
  heap.resize(1000);
  for (CellId id = 0; id < 1000; ++id)
    heap.push(id, {static_cast<ValueOf<typename TypeParam::Order>>((id * 37) % 101), 0});
  for (int i = 0; i < 100; ++i) heap.pop();  // leave a non-trivial tree shape behind
  heap.clear();
  EXPECT_TRUE(heap.empty());
  EXPECT_EQ(heap.size(), 0u);
  for (CellId id = 0; id < 1000; ++id) EXPECT_FALSE(heap.contains(id)) << id;
  heap.push(5, {2, 0});
  heap.push(3, {1, 0});
  heap.push(9, {3, 0});
  EXPECT_EQ(heap.size(), 3u);
  EXPECT_EQ(heap.pop(), 3u);
  EXPECT_EQ(heap.pop(), 5u);
  EXPECT_EQ(heap.pop(), 9u);
  EXPECT_TRUE(heap.empty());
  heap.clear();  // clearing an empty heap is fine
  EXPECT_TRUE(heap.empty());
}

TYPED_TEST(OpenListTest, EqualKeysBrokenById) {
  typename TypeParam::Heap heap;
  constexpr CellId kN = 2000;
  heap.resize(kN);
  std::vector<CellId> ids(kN);
  std::iota(ids.begin(), ids.end(), 0u);
  std::shuffle(ids.begin(), ids.end(), std::mt19937(7));
  for (CellId id : ids) heap.push(id, {4, 2});
  for (CellId want = 0; want < kN; ++want) ASSERT_EQ(heap.pop(), want);
}

TYPED_TEST(OpenListTest, GBreaksEqualF) {
  using Order = typename TypeParam::Order;
  typename TypeParam::Heap heap;
  heap.resize(8);
  heap.push(1, {5, 1});
  heap.push(2, {5, 3});
  // AStarOrder prefers larger g among equal f; LexicographicOrder the smaller one.
  const CellId first = Order::less({5, 3}, 2, {5, 1}, 1) ? 2u : 1u;
  EXPECT_EQ(heap.pop(), first);
}

TYPED_TEST(OpenListTest, MemoryBytesNonzeroAfterResize) {
  typename TypeParam::Heap heap;
  heap.resize(1024);
  EXPECT_GT(heap.memory_bytes(), 0u);
  heap.push(1, {1, 0});
  heap.clear();
  EXPECT_GE(heap.memory_bytes(), 1024u);
}

// Sorted pushes give the pairing heap its degenerate shapes (a root with n children, or a chain n
// deep); every walk must be iterative to survive them at map scale.
TYPED_TEST(OpenListTest, SkewedLargeSequences) {
  typename TypeParam::Heap heap;
  constexpr CellId kN = 250000;
  heap.resize(kN);
  for (CellId id = 0; id < kN; ++id)
    heap.push(id, {static_cast<ValueOf<typename TypeParam::Order>>(id), 0});
  for (CellId want = 0; want < kN; ++want) ASSERT_EQ(heap.pop(), want);
  for (CellId id = kN; id-- > 0;)
    heap.push(id, {static_cast<ValueOf<typename TypeParam::Order>>(id), 0});
  heap.decrease_key(kN - 1, {-1, 0});  // deepest node in the chain
  heap.remove(kN / 2);
  EXPECT_EQ(heap.pop(), kN - 1);
  EXPECT_EQ(heap.size(), kN - 2);
  heap.clear();
  EXPECT_TRUE(heap.empty());
  for (CellId id = kN; id-- > 0;)
    heap.push(id, {static_cast<ValueOf<typename TypeParam::Order>>(id), 0});
  for (CellId want = 0; want < kN; ++want) ASSERT_EQ(heap.pop(), want);
}

// Lockstep: identical operation streams on both heaps give identical pops, also in an A*-shaped
// workload (pop the best, then decrease or insert a few neighbours).
template <class Order>
void expect_same_pop_sequences() {
  for (std::uint32_t seed = 300; seed < 310; ++seed) {
    BinaryHeap<Order> binary;
    PairingHeap<Order> pairing;
    const auto a = run_random_ops<BinaryHeap<Order>, Order>(binary, seed, 500, 20000);
    const auto b = run_random_ops<PairingHeap<Order>, Order>(pairing, seed, 500, 20000);
    ASSERT_EQ(a, b) << "seed " << seed;
    EXPECT_FALSE(a.empty());
  }
  constexpr std::size_t kN = 20000;
  BinaryHeap<Order> binary;
  PairingHeap<Order> pairing;
  binary.resize(kN);
  pairing.resize(kN);
  std::mt19937 rng(99);
  std::vector<char> closed(kN, 0);
  binary.push(0, {0, 0});
  pairing.push(0, {0, 0});
  std::size_t pops = 0;
  while (!binary.empty()) {
    ASSERT_EQ(pairing.size(), binary.size());
    ASSERT_TRUE(same_key(pairing.top_key(), binary.top_key()));
    const CellId u = binary.pop();
    ASSERT_EQ(pairing.pop(), u);
    ++pops;
    closed[u] = 1;
    using V = ValueOf<Order>;
    const KeyOf<Order> ku{static_cast<V>(pops / 7), static_cast<V>(pops % 3)};
    for (int j = 0; j < 6; ++j) {
      const CellId v = rng() % kN;
      if (closed[v]) continue;
      const KeyOf<Order> k{ku.f + static_cast<V>(rng() % 4), static_cast<V>(rng() % 5)};
      if (!binary.contains(v)) {
        binary.push(v, k);
        pairing.push(v, k);
      } else if (Order::less(k, v, binary.key(v), v)) {
        binary.decrease_key(v, k);
        pairing.decrease_key(v, k);
      }
    }
  }
  EXPECT_TRUE(pairing.empty());
  EXPECT_GT(pops, 1000u);
}

TEST(PairingVsBinaryHeap, SamePopSequenceAStarOrder) { expect_same_pop_sequences<AStarOrder>(); }

TEST(PairingVsBinaryHeap, SamePopSequenceLexicographicOrder) {
  expect_same_pop_sequences<LexicographicOrder>();
}

}  // namespace
}  // namespace pathbench
