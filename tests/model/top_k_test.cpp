#include "paa/model/top_k.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace paa {
namespace {

TEST(TopK, KeepsTheKBestOfAStreamWhateverItsOrder) {
  const auto before = [](int a, int b) { return a > b; };  // larger ranks first
  std::vector<int> stream{5, 1, 9, 3, 7, 2, 8, 6, 4, 0};
  for (int round = 0; round < 3; ++round) {
    std::vector<int> heap;
    for (int v : stream) keep_top_k(heap, 4, v, before);
    std::sort_heap(heap.begin(), heap.end(), before);
    EXPECT_EQ(heap, (std::vector<int>{9, 8, 7, 6})) << "round " << round;
    std::rotate(stream.begin(), stream.begin() + 3, stream.end());
  }
}

TEST(TopK, AnItemNoBetterThanTheWorstKeptIsNotTaken) {
  const auto before = [](int a, int b) { return a > b; };
  std::vector<int> heap;
  for (int v : {3, 2}) keep_top_k(heap, 2, v, before);
  keep_top_k(heap, 2, 1, before);
  std::sort_heap(heap.begin(), heap.end(), before);
  EXPECT_EQ(heap, (std::vector<int>{3, 2}));
}

TEST(TopK, FewerItemsThanKAreAllKeptAndZeroKeepsNone) {
  const auto before = [](int a, int b) { return a < b; };
  std::vector<int> heap;
  for (int v : {4, 2}) keep_top_k(heap, 5, v, before);
  std::sort_heap(heap.begin(), heap.end(), before);
  EXPECT_EQ(heap, (std::vector<int>{2, 4}));
  std::vector<int> none;
  keep_top_k(none, 0, 1, before);
  EXPECT_TRUE(none.empty());
}

}  // namespace
}  // namespace paa
