// Leiden per part: two dense cliques joined by one weak edge are two topics; small parts are one.
#include "stages/part_clusters.hpp"
#include "stage_support.hpp"

#include <gtest/gtest.h>

#include <set>

namespace paa::topics::stages {
namespace {

TEST(ClusterParts, TwoCliquesOfOnePartJoinedByOneWeakEdgeAreTwoTopics) {
  std::vector<WeightedEdge> edges;
  auto clique = [&](std::uint32_t first) {
    for (std::uint32_t a = first; a < first + 5; ++a) {
      for (std::uint32_t b = a + 1; b < first + 5; ++b) edges.push_back({a, b, 3.0f});
    }
  };
  clique(0);
  clique(5);
  edges.push_back({4, 5, 0.5f});
  std::sort(edges.begin(), edges.end(), [](const WeightedEdge& x, const WeightedEdge& y) {
    return x.a != y.a ? x.a < y.a : x.b < y.b;
  });
  // One part of the ten groups, two more parts: {10, 11} and {12}.
  std::vector<std::uint32_t> part_of(10, 0);
  part_of.push_back(10);
  part_of.push_back(10);
  part_of.push_back(12);
  edges.push_back({10, 11, 2.0f});
  auto clusters = cluster_parts(part_of, testing::source_of(edges), 1.0, 1024);
  ASSERT_TRUE(clusters) << clusters.error().message;
  const auto& t = clusters->topic_of;
  EXPECT_EQ(clusters->topics, 4u);
  for (std::uint32_t g = 1; g < 5; ++g) EXPECT_EQ(t[g], t[0]);
  for (std::uint32_t g = 6; g < 10; ++g) EXPECT_EQ(t[g], t[5]);
  EXPECT_NE(t[0], t[5]);
  // Numbered in part order: the big part's two topics, then {10, 11}, then {12}.
  EXPECT_EQ(std::set<std::uint32_t>({t[0], t[5]}), (std::set<std::uint32_t>{0, 1}));
  EXPECT_EQ(t[10], 2u);
  EXPECT_EQ(t[11], 2u);
  EXPECT_EQ(t[12], 3u);
  EXPECT_EQ(clusters->largest_part_nodes, 10u);
}

TEST(ClusterParts, AnEdgeBetweenTwoPartsIsIgnored) {
  // Groups 0, 1 in part 0 and 2 in part 2; the edge 1-2 crosses and must not matter.
  const std::vector<WeightedEdge> edges{{0, 1, 2.0f}, {1, 2, 50.0f}};
  auto clusters = cluster_parts({0, 0, 2}, testing::source_of(edges), 1.0, 1024);
  ASSERT_TRUE(clusters);
  EXPECT_EQ(clusters->topic_of, (std::vector<std::uint32_t>{0, 0, 1}));
  EXPECT_EQ(clusters->topics, 2u);
}

}  // namespace
}  // namespace paa::topics::stages
