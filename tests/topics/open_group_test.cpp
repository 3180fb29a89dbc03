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

GroupMember spelled(std::string spelling, std::uint64_t count, std::uint64_t since) {
  GroupMember m = member(since, count, since, 0);
  m.spelling = std::move(spelling);
  return m;
}

// Issue 45: "espresso vs coffee difference" (20,400 searches, in more trees) over "Espresso vs
// coffee: what is the difference?"; "How long does coffee in 2024 last?" over "How long does
// coffee last?".
TEST(OpenGroup, TheRepresentativeIsAQuestionBeforeAKeywordFormAndWithoutAYearBeforeWithOne) {
  OpenGroup keyword;
  keyword.add_member(spelled("espresso vs coffee difference", 9, 1));
  keyword.add_member(spelled("Espresso vs coffee: what is the difference?", 2, 5));
  EXPECT_EQ(keyword.representative().spelling, "Espresso vs coffee: what is the difference?");
  OpenGroup year;
  year.add_member(spelled("How long does coffee in 2024 last?", 9, 1));
  year.add_member(spelled("How long does coffee last?", 2, 5));
  year.add_member(spelled("how long does coffee last", 20, 0));
  EXPECT_EQ(year.representative().spelling, "How long does coffee last?");
  OpenGroup every_one_has_a_year;  // then the trees decide
  every_one_has_a_year.add_member(spelled("Best laptop 2024?", 2, 1));
  every_one_has_a_year.add_member(spelled("What is the best laptop in 2025?", 3, 5));
  EXPECT_EQ(every_one_has_a_year.representative().spelling, "What is the best laptop in 2025?");
  // Not a year: a model number, a count, a longer number.
  EXPECT_FALSE(OpenGroup::has_year("iPhone 15 price?"));
  EXPECT_FALSE(OpenGroup::has_year("Is 12000 steps a day enough?"));
  EXPECT_FALSE(OpenGroup::has_year("How many calories in 2500 g of rice?"));
  EXPECT_TRUE(OpenGroup::has_year("best laptop 2026"));
  EXPECT_TRUE(OpenGroup::has_year("(1999)"));
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

// Issue 45: "espresso vs coffee difference" (20,400) and "Espresso vs coffee: what is the
// difference?" (52,400) are one group: its demand counts each seed once, however many of its
// trees (and variants) the seed has.
TEST(OpenGroup, ItsVolumeIsEachDistinctSeedsVolumeOnce) {
  OpenGroup g;
  g.add_tree(1, 100, 7, 11, 20400);  // seed 11's own tree
  g.add_tree(1, 100, 7, 11, 20400);  // the same tree, a second variant
  g.add_tree(2, 100, 7, 11, 20400);  // a tree expanded from seed 11
  g.add_tree(3, 300, 7, 12, 52400);
  g.add_tree(4, 400, 7);             // a tree whose seed has no volume adds nothing
  EXPECT_EQ(g.volume(), 20400u + 52400u);
  EXPECT_EQ(g.volume_seeds().size(), 2u);
  g.clear();
  EXPECT_EQ(g.volume(), 0u);
  EXPECT_TRUE(g.volume_seeds().empty());
}

}  // namespace
}  // namespace paa::topics::detail
