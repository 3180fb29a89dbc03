// Each question's status over hand-built version sequences, the window of versions, and a
// key's churn (checked against `paa diff`'s own churn).
#include "paa/watch/question_stability.hpp"

#include "paa/history/tree_diff.hpp"
#include "support/trees.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

namespace paa::watch {
namespace {

using test::node;
using test::tree;

std::map<std::string, std::string> statuses(const StabilityTimeline& t) {
  std::map<std::string, std::string> out;
  for (const auto& q : t.questions()) out[q.question] = std::string(stability_status_name(q.status));
  return out;
}

TEST(QuestionStability, AKeyWithOneVersionHasOnlyStableQuestions) {
  StabilityTimeline t;
  t.add_version({1000, 5000}, tree({node("A?", {node("B?")}), node("C?")}));
  const auto qs = t.questions();
  ASSERT_EQ(qs.size(), 3u);
  for (const auto& q : qs) {
    EXPECT_EQ(q.status, StabilityStatus::stable);
    EXPECT_EQ(q.versions, 1u);
    EXPECT_EQ(q.versions_seen, 1u);
    EXPECT_TRUE(q.present_now);
    EXPECT_EQ(q.first_seen_ms, 1000);
    EXPECT_EQ(q.last_seen_ms, 5000);
  }
  const auto k = t.summary();
  EXPECT_EQ(k.versions, 1u);
  EXPECT_FALSE(k.mean_churn);
  EXPECT_FALSE(k.last_change_ms);
  EXPECT_EQ(k.stable, 3u);
}

TEST(QuestionStability, StableNewGoneAndIntermittentOverFourVersions) {
  StabilityTimeline t;
  // S in all; N from version 2 on; G until version 1; I in 0 and 2 (absent from 1), gone at 3
  // still counts as intermittent (the gap comes first); M only in version 1 (gone, not new).
  t.add_version({100, 150}, tree({node("S?"), node("G?"), node("I?")}));
  t.add_version({200, 250}, tree({node("S?"), node("G?"), node("M?")}));
  t.add_version({300, 300}, tree({node("S?"), node("N?"), node("I?")}));
  t.add_version({400, 480}, tree({node("S?"), node("N?")}));
  EXPECT_EQ(statuses(t), (std::map<std::string, std::string>{
                             {"S?", "stable"}, {"G?", "gone"}, {"I?", "intermittent"}, {"M?", "gone"}, {"N?", "new"}}));
  std::map<std::string, QuestionStability> by;
  for (auto& q : t.questions()) by[q.question] = q;
  EXPECT_EQ(by["N?"].first_seen_ms, 300);
  EXPECT_EQ(by["N?"].last_seen_ms, 480);
  EXPECT_EQ(by["N?"].versions_seen, 2u);
  EXPECT_TRUE(by["N?"].present_now);
  EXPECT_EQ(by["G?"].first_seen_ms, 100);
  EXPECT_EQ(by["G?"].last_seen_ms, 250);
  EXPECT_FALSE(by["G?"].present_now);
  EXPECT_EQ(by["I?"].versions_seen, 2u);
  EXPECT_EQ(by["I?"].seen_in, (std::vector<std::uint32_t>{0, 2}));
  EXPECT_EQ(by["I?"].last_seen_ms, 300);
  EXPECT_EQ(by["S?"].versions, 4u);
  // Order of first appearance.
  std::vector<std::string> order;
  for (auto& q : t.questions()) order.push_back(q.question);
  EXPECT_THAT(order, ::testing::ElementsAre("S?", "G?", "I?", "M?", "N?"));
  const auto k = t.summary();
  EXPECT_EQ(k.versions, 4u);
  EXPECT_EQ(k.last_change_ms, 400);
  EXPECT_EQ(k.stable, 1u);
  EXPECT_EQ(k.added, 1u);
  EXPECT_EQ(k.gone, 2u);
  EXPECT_EQ(k.intermittent, 1u);
}

TEST(QuestionStability, AnIntermittentQuestionBackInTheLastVersion) {
  StabilityTimeline t;
  t.add_version({1, 1}, tree({node("X?"), node("Y?")}));
  t.add_version({2, 2}, tree({node("Y?")}));
  t.add_version({3, 3}, tree({node("X?"), node("Y?")}));
  EXPECT_EQ(statuses(t), (std::map<std::string, std::string>{{"X?", "intermittent"}, {"Y?", "stable"}}));
  EXPECT_TRUE(t.questions()[0].present_now);
}

TEST(QuestionStability, QuestionsAreComparedAsDiffComparesThemAndSpelledAsTheLatestVersion) {
  StabilityTimeline t;
  t.add_version({1, 1}, tree({node("Why is it?", {node("why is  IT?"), node("Other?")}, "https://a.example/1")}));
  t.add_version({2, 2}, tree({node("WHY IS IT?", {}, "https://b.example/1")}));
  const auto qs = t.questions();
  ASSERT_EQ(qs.size(), 2u);  // the repeat in one tree counts once
  EXPECT_EQ(qs[0].question, "WHY IS IT?");
  EXPECT_EQ(qs[0].status, StabilityStatus::stable);
  EXPECT_EQ(qs[0].url, "https://b.example/1");
  EXPECT_EQ(qs[0].first_url, "https://a.example/1");
  EXPECT_EQ(qs[1].status, StabilityStatus::gone);
}

TEST(QuestionStability, MeanChurnIsDiffsChurnOverConsecutiveVersions) {
  const auto v0 = tree({node("A?"), node("B?")});
  const auto v1 = tree({node("A?"), node("C?")});
  const auto v2 = tree({node("A?"), node("C?"), node("D?")});
  StabilityTimeline t;
  t.add_version({1, 1}, v0);
  t.add_version({2, 2}, v1);
  t.add_version({3, 3}, v2);
  const double expected = (diff_trees(v0, v1).churn + diff_trees(v1, v2).churn) / 2;
  ASSERT_TRUE(t.summary().mean_churn);
  EXPECT_DOUBLE_EQ(*t.summary().mean_churn, expected);
  EXPECT_DOUBLE_EQ(*t.summary().mean_churn, (2.0 / 3 + 1.0 / 3) / 2);
}

TEST(QuestionStability, TheWindowHoldsTheVersionCurrentAtFromAndEveryOneUpToTo) {
  const std::vector<std::int64_t> firsts{100, 200, 300, 400};
  auto w = [&](std::int64_t from, std::int64_t to) {
    auto r = versions_in_window(firsts, from, to);
    return std::pair<std::size_t, std::size_t>(r.begin, r.end);
  };
  EXPECT_EQ(w(0, 1000), (std::pair<std::size_t, std::size_t>(0, 4)));     // everything
  EXPECT_EQ(w(250, 1000), (std::pair<std::size_t, std::size_t>(1, 4)));   // 200 was current at 250
  EXPECT_EQ(w(200, 300), (std::pair<std::size_t, std::size_t>(1, 3)));    // at exactly a first fetch
  EXPECT_EQ(w(250, 299), (std::pair<std::size_t, std::size_t>(1, 2)));    // one version
  EXPECT_EQ(w(0, 50), (std::pair<std::size_t, std::size_t>(0, 0)));       // none yet
  EXPECT_EQ(versions_in_window({}, 0, 10).size(), 0u);
}

TEST(QuestionStability, StatusNamesRoundTrip) {
  for (auto s : {StabilityStatus::stable, StabilityStatus::intermittent, StabilityStatus::gone, StabilityStatus::added}) {
    EXPECT_EQ(parse_stability_status(stability_status_name(s)), s);
  }
  EXPECT_EQ(stability_status_name(StabilityStatus::added), "new");
  EXPECT_FALSE(parse_stability_status("stale"));
}

}  // namespace
}  // namespace paa::watch
