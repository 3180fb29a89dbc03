// The stages' shared graph: languages by range, pairs kept within a language, weights summed.
#include "stage_support.hpp"

#include "paa/extmem/scratch_reader.hpp"

#include <gtest/gtest.h>

namespace paa::topics::stages {
namespace {

TEST(GroupLanguages, AGroupBelongsToTheRangeThatHoldsItsNumber) {
  const GroupLanguages languages({{"de", 0, 3}, {"en", 3, 2}, {"fr", 5, 1}});
  EXPECT_EQ(languages.of(0), 0u);
  EXPECT_EQ(languages.of(2), 0u);
  EXPECT_EQ(languages.of(3), 1u);
  EXPECT_EQ(languages.of(4), 1u);
  EXPECT_EQ(languages.of(5), 2u);
  EXPECT_EQ(languages.size_of(1), 3.0);
  EXPECT_EQ(languages.size_of(4), 2.0);
}

TEST(StemHash, IsNeverZeroAndTellsLanguagesApart) {
  EXPECT_NE(stem_hash("en", "gizmo"), 0u);
  EXPECT_NE(stem_hash("en", "gizmo"), stem_hash("de", "gizmo"));
  EXPECT_EQ(stem_hash("en", "gizmo"), stem_hash("en", "gizmo"));
}

TEST(LinkAll, LinksEveryPairOfAFewGroupsAndNoneOfMoreThanThirtyTwo) {
  testing::KeptEdges few;
  ASSERT_TRUE(link_all({1, 4, 7}, 0.5f, few));
  EXPECT_EQ(few.pairs.size(), 3u);
  EXPECT_EQ(few.at(1, 4), 0.5f);
  EXPECT_EQ(few.at(4, 7), 0.5f);
  EXPECT_EQ(few.at(1, 7), 0.5f);
  std::vector<std::uint32_t> many(33);
  for (std::uint32_t i = 0; i < many.size(); ++i) many[i] = i;
  testing::KeptEdges none;
  ASSERT_TRUE(link_all(many, 1.0f, none));
  EXPECT_TRUE(none.pairs.empty());
  many.pop_back();
  testing::KeptEdges all;
  ASSERT_TRUE(link_all(many, 1.0f, all));
  EXPECT_EQ(all.pairs.size(), 32u * 31 / 2);
}

TEST(GraphEdges, SumsEachPairOnceInPairOrderAndDropsSelfAndCrossLanguagePairs) {
  const GroupLanguages languages({{"de", 0, 3}, {"en", 3, 3}});
  // A budget of 1 KiB: 1,024 records a run, so 3,000 adds spill to disk.
  GraphEdges edges(languages, 6, 1024);
  for (int i = 0; i < 1000; ++i) {
    ASSERT_TRUE(edges.add(2, 0, 0.25f));
    ASSERT_TRUE(edges.add(4, 5, 1.0f));
    ASSERT_TRUE(edges.add(1, 1, 9.0f));  // a group with itself
  }
  ASSERT_TRUE(edges.add(2, 3, 9.0f));  // de with en
  ASSERT_TRUE(edges.add(0, 1, 2.0f));
  auto graph = edges.sum();
  ASSERT_TRUE(graph) << graph.error().message;
  std::vector<WeightedEdge> seen;
  ASSERT_TRUE(graph->for_each([&](const WeightedEdge& e) { seen.push_back(e); }));
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(graph->edges(), 3u);
  EXPECT_EQ(seen[0].a, 0u);
  EXPECT_EQ(seen[0].b, 1u);
  EXPECT_EQ(seen[0].weight, 2.0f);
  EXPECT_EQ(seen[1].a, 0u);
  EXPECT_EQ(seen[1].b, 2u);
  EXPECT_FLOAT_EQ(seen[1].weight, 250.0f);
  EXPECT_EQ(seen[2].a, 4u);
  EXPECT_EQ(seen[2].b, 5u);
  EXPECT_FLOAT_EQ(seen[2].weight, 1000.0f);
  extmem::ScratchReader strengths(graph->strengths());
  std::vector<float> strength;
  while (!strengths.done()) strength.push_back(*strengths.take_value<float>());
  ASSERT_EQ(strength.size(), 6u);
  EXPECT_FLOAT_EQ(strength[0], 252.0f);
  EXPECT_FLOAT_EQ(strength[1], 2.0f);
  EXPECT_FLOAT_EQ(strength[3], 0.0f);
  EXPECT_FLOAT_EQ(strength[5], 1000.0f);
}

}  // namespace
}  // namespace paa::topics::stages
