// Parts: components of the strong edges, cut again by stronger ones when too large.
#include "stages/graph_parts.hpp"
#include "stage_support.hpp"

#include <gtest/gtest.h>

namespace paa::topics::stages {
namespace {

TEST(CutIntoParts, StrongEdgesJoinAPartAndWeakOnesDoNot) {
  // 0-1-2 strong (2 and 3), 3-4 strong, 2-3 weak (1.5), 5 alone.
  const std::vector<WeightedEdge> edges{{0, 1, 2.0f}, {1, 2, 3.0f}, {2, 3, 1.5f}, {3, 4, 2.5f}};
  auto parts = cut_into_parts(6, testing::source_of(edges), 100);
  ASSERT_TRUE(parts);
  EXPECT_EQ(parts->part_of, (std::vector<std::uint32_t>{0, 0, 0, 3, 3, 5}));
  EXPECT_EQ(parts->parts, 3u);
  EXPECT_EQ(parts->cut_parts, 0u);
  EXPECT_EQ(parts->largest_part_edges, 2u);
}

TEST(CutIntoParts, APartOfTooManyEdgesIsCutByStrongerEdgesUntilItFits) {
  // One part at weight 2 (three edges); at 3, two parts of one edge each.
  const std::vector<WeightedEdge> edges{{0, 1, 3.0f}, {1, 2, 2.0f}, {2, 3, 3.5f}};
  auto parts = cut_into_parts(4, testing::source_of(edges), 2);
  ASSERT_TRUE(parts);
  EXPECT_EQ(parts->part_of, (std::vector<std::uint32_t>{0, 0, 2, 2}));
  EXPECT_EQ(parts->parts, 2u);
  EXPECT_EQ(parts->cut_parts, 1u);
  EXPECT_EQ(parts->largest_part_edges, 1u);
}

TEST(CutIntoParts, WhenNothingFitsEveryGroupEndsAlone) {
  const std::vector<WeightedEdge> edges{{0, 1, 100.0f}, {1, 2, 100.0f}};
  auto parts = cut_into_parts(3, testing::source_of(edges), 0);
  ASSERT_TRUE(parts);
  EXPECT_EQ(parts->part_of, (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_EQ(parts->parts, 3u);
}

}  // namespace
}  // namespace paa::topics::stages
