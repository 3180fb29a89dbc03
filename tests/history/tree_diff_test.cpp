// Comparing two answers of one key (issue 16's `paa diff`): every kind of change, repeated
// questions, normalisation and churn.
#include "paa/history/tree_diff.hpp"

#include "support/trees.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace paa {
namespace {

using ::testing::ElementsAre;

using test::node;
using test::tree;

std::vector<std::string> kinds(const TreeDiff& d) {
  std::vector<std::string> out;
  for (const auto& c : d.changes) out.push_back(std::string(tree_change_name(c.kind)) + ":" + c.question);
  return out;
}

TEST(TreeDiff, AnIdenticalAnswerHasNoChangeAndNoChurn) {
  const auto t = tree({node("A?", {node("A1?")}), node("B?")}, {"r1"});
  const auto d = diff_trees(t, t);
  EXPECT_FALSE(d.changed());
  EXPECT_EQ(d.churn, 0.0);
  EXPECT_EQ(d.questions_before, 3u);
  EXPECT_EQ(d.questions_after, 3u);
}

TEST(TreeDiff, AddedRemovedMovedAndSourceChangedInTheirOrder) {
  const auto before = tree({node("A?", {node("A1?")}, "https://a.example/1", "A one"), node("B?"), node("Gone?")});
  const auto after = tree({node("B?"), node("A?", {}, "https://b.example/1", "A one"), node("New?", {node("A1?")})});
  const auto d = diff_trees(before, after);
  EXPECT_THAT(kinds(d), ElementsAre("removed:Gone?", "moved:B?", "moved:A?", "source_changed:A?", "added:New?",
                                    "moved:A1?"));
  EXPECT_EQ(d.changes[1].old_value, "depth 1, position 2");
  EXPECT_EQ(d.changes[1].new_value, "depth 1, position 1");
  EXPECT_EQ(d.changes[5].old_value, "depth 2, position 1, under \"A?\"") << "a new parent is a move";
  EXPECT_EQ(d.changes[5].new_value, "depth 2, position 1, under \"New?\"");
  EXPECT_EQ(d.changes[3].old_value, "https://a.example/1 | A one");
  EXPECT_EQ(d.changes[3].new_value, "https://b.example/1 | A one");
  // 4 distinct questions each side, 3 in common: 1 - 3/5.
  EXPECT_DOUBLE_EQ(d.churn, 1.0 - 3.0 / 5.0);
}

TEST(TreeDiff, QuestionsCompareAsNormalisedTextAndRepeatsCountOnceAtTheirFirstPlace) {
  const auto before = tree({node("Why is coffee bitter?"), node("Is it safe?", {node("why is COFFEE  bitter?")})});
  const auto after = tree({node("WHY IS COFFEE BITTER?"), node("Is it safe?")});
  const auto d = diff_trees(before, after);
  EXPECT_FALSE(d.changed()) << "a respelling is the same question; the repeat deeper down is not a removal";
  EXPECT_EQ(d.questions_before, 2u);
}

TEST(TreeDiff, RelatedSearchesAddedAndRemovedInTheServicesOrder) {
  const auto d = diff_trees(tree({}, {"r1", "r2", "R2"}), tree({}, {"r3", "r1", "r4"}));
  EXPECT_THAT(kinds(d), ElementsAre("related_removed:r2", "related_added:r3", "related_added:r4"));
  EXPECT_EQ(d.churn, 0.0) << "churn is over questions";
}

TEST(TreeDiff, AnAnswerThatGainsASourceShowsNoSourceBefore) {
  auto d = diff_trees(tree({node("Why?")}), tree({node("Why?", {}, "https://a.example/w", "Why")}));
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_EQ(d.changes[0].kind, TreeChangeKind::source_changed);
  EXPECT_EQ(d.changes[0].old_value, "(no source)");
  EXPECT_EQ(d.changes[0].new_value, "https://a.example/w | Why");
}

TEST(TreeDiff, ChurnIsOneWhenNothingIsShared) {
  const auto d = diff_trees(tree({node("A?")}), tree({node("B?"), node("C?")}));
  EXPECT_DOUBLE_EQ(d.churn, 1.0);
  EXPECT_THAT(kinds(d), ElementsAre("removed:A?", "added:B?", "added:C?"));
  const auto emptied = diff_trees(tree({node("A?")}), tree({}));
  EXPECT_DOUBLE_EQ(emptied.churn, 1.0);
  EXPECT_EQ(diff_trees(tree({}), tree({})).churn, 0.0);
}

}  // namespace
}  // namespace paa
