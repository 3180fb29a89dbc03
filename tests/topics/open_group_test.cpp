// One variant group as finish() reduces it: its representative and its counts, by hand.
#include "open_group.hpp"

#include <gtest/gtest.h>

namespace paa::topics::detail {
namespace {

GroupMember member(std::uint64_t index, std::uint64_t count, std::uint64_t since, std::uint64_t tree) {
  GroupMember m;
  m.index = index;
  m.count = count;
  m.since = since;
  m.tree = tree;
  m.spelling = "q" + std::to_string(index);
  return m;
}

TEST(OpenGroup, TheRepresentativeIsInTheMostTreesThenFetchedFirstThenByTree) {
  OpenGroup most;
  most.add_member(member(0, 2, 10, 1));
  most.add_member(member(1, 5, 90, 9));
  most.add_member(member(2, 3, 5, 1));
  EXPECT_EQ(most.representative().spelling, "q1");
  OpenGroup first;
  first.add_member(member(0, 4, 30, 1));
  first.add_member(member(1, 4, 20, 8));
  first.add_member(member(2, 4, 25, 0));
  EXPECT_EQ(first.representative().spelling, "q1");
  OpenGroup tree;
  tree.add_member(member(0, 4, 20, 8));
  tree.add_member(member(1, 4, 20, 3));
  EXPECT_EQ(tree.representative().spelling, "q1");
}

TEST(OpenGroup, ATreeHoldingTwoVariantsCountsOnceAndSeedsAndLocalesAreDistinct) {
  OpenGroup g;
  g.add_tree(1, 100, 7);
  g.add_tree(1, 100, 7);  // the same tree, for a second variant
  g.add_tree(2, 100, 8);
  g.add_tree(5, 200, 7);
  EXPECT_EQ(g.trees(), 3u);
  EXPECT_EQ(g.seeds(), 2u);
  EXPECT_EQ(g.locales(), 2u);
  g.clear();
  EXPECT_EQ(g.trees(), 0u);
  g.add_tree(1, 100, 7);  // after clear, tree 1 is new again
  EXPECT_EQ(g.trees(), 1u);
}

}  // namespace
}  // namespace paa::topics::detail
