// Groups asked together: one tree's and one page's edges worked out by hand (co_occurrence.hpp).
#include "stages/co_occurrence.hpp"
#include "stage_support.hpp"

#include <gtest/gtest.h>

namespace paa::topics::stages {
namespace {

using testing::KeptEdges;

TEST(LinkTree, ParentsSiblingsAndDeeperQuestionsToTheTopLevelEachGetTheirWeight) {
  // 0 (group 10) and 1 (11) at the top; 2 (12) and 3 (13) under 0; 4 (14) under 2.
  const std::vector<TreeNode> tree{{7, 0, kNone, 10}, {7, 1, kNone, 11}, {7, 2, 0, 12}, {7, 3, 0, 13}, {7, 4, 2, 14}};
  KeptEdges edges;
  ASSERT_TRUE(link_tree(tree, edges));
  EXPECT_EQ(edges.at(10, 11), 2.0f);  // siblings at the top
  EXPECT_EQ(edges.at(12, 13), 2.0f);  // siblings under 0
  EXPECT_EQ(edges.at(10, 12), 3.0f);  // parent and child
  EXPECT_EQ(edges.at(10, 13), 3.0f);
  EXPECT_EQ(edges.at(12, 14), 3.0f);
  EXPECT_EQ(edges.at(10, 14), 1.0f);  // deeper, to each top-level question
  EXPECT_EQ(edges.at(11, 14), 1.0f);
  EXPECT_EQ(edges.pairs.size(), 7u);  // and nothing else: 11 with 12 or 13 is not linked
}

TEST(LinkTree, OneGroupAskedTwiceAsSiblingsIsOneNodeAndAParentOutsideTheTreeIsAnError) {
  const std::vector<TreeNode> repeated{{1, 0, kNone, 5}, {1, 1, kNone, 5}, {1, 2, kNone, 6}};
  KeptEdges edges;
  ASSERT_TRUE(link_tree(repeated, edges));
  EXPECT_EQ(edges.pairs.size(), 1u);
  EXPECT_EQ(edges.at(5, 6), 2.0f);
  const std::vector<TreeNode> damaged{{1, 0, kNone, 5}, {1, 1, 9, 6}};
  EXPECT_FALSE(link_tree(damaged, edges));
}

TEST(LinkPage, APagesGroupsShareTwoAmongTheirPairsUpToThirtyTwoGroups) {
  KeptEdges three;
  ASSERT_TRUE(link_page({1, 2, 2, 3}, three));
  EXPECT_EQ(three.pairs.size(), 3u);
  EXPECT_EQ(three.at(1, 2), 1.0f);
  EXPECT_EQ(three.at(2, 3), 1.0f);
  KeptEdges alone;
  ASSERT_TRUE(link_page({4, 4}, alone));
  EXPECT_TRUE(alone.pairs.empty());
  std::vector<std::uint32_t> many(33);
  for (std::uint32_t i = 0; i < many.size(); ++i) many[i] = i;
  KeptEdges wide;
  ASSERT_TRUE(link_page(many, wide));
  EXPECT_TRUE(wide.pairs.empty());
}

TEST(CoOccurrence, LinksTreesAndPagesAndCountsEachTopicsDistinctTrees) {
  CoOccurrence co(1024);
  // Tree 1: group 0 over group 1, answers of both on page 50. Tree 2: groups 0 and 2 at the
  // top; 2's answer on page 50 too. Tree 3: group 3 alone.
  ASSERT_TRUE(co.add({.question = 0, .tree = 1, .position = 0, .parent = kNone, .page = 50}, 0));
  ASSERT_TRUE(co.add({.question = 1, .tree = 1, .position = 1, .parent = 0, .page = 50}, 1));
  ASSERT_TRUE(co.add({.question = 0, .tree = 2, .position = 0, .parent = kNone, .page = 0}, 0));
  ASSERT_TRUE(co.add({.question = 2, .tree = 2, .position = 1, .parent = kNone, .page = 50}, 2));
  ASSERT_TRUE(co.add({.question = 3, .tree = 3, .position = 0, .parent = kNone, .page = 0}, 3));
  KeptEdges edges;
  ASSERT_TRUE(co.finish(edges));
  // Page 50 holds groups 0, 1 and 2: 2 / (3 - 1) = 1 to each pair.
  EXPECT_FLOAT_EQ(edges.at(0, 1), 3.0f + 1.0f);  // parent and child, and the page
  EXPECT_FLOAT_EQ(edges.at(0, 2), 2.0f + 1.0f);  // siblings in tree 2, and the page
  EXPECT_FLOAT_EQ(edges.at(1, 2), 1.0f);         // the page only
  EXPECT_EQ(edges.pairs.size(), 3u);
  // Topics: {0, 1} is topic 0, {2, 3} topic 1. Topic 0 is in trees 1 and 2; topic 1 in 2 and 3.
  auto trees = co.trees_per_topic({0, 0, 1, 1}, 2);
  ASSERT_TRUE(trees) << trees.error().message;
  EXPECT_EQ(*trees, (std::vector<std::uint64_t>{2, 2}));
  auto one = co.trees_per_topic({0, 0, 0, 1}, 2);
  ASSERT_TRUE(one);
  EXPECT_EQ(*one, (std::vector<std::uint64_t>{2, 1}));
}

}  // namespace
}  // namespace paa::topics::stages
