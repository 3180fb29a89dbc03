// Topic identity (docs/topics.md "A topic's identity"), step by step on snapshots written by
// hand: each case names the groups of each topic before and after, and what the rule says of them.
#include "paa/topics/topic_identity.hpp"

#include <gtest/gtest.h>

#include <initializer_list>

namespace paa::topics {
namespace {

// A snapshot's topic: its id (before: its kept id; now: its representative's group id), its
// label and its groups' ids.
struct Planted {
  std::uint64_t id;
  const char* label;
  std::initializer_list<std::uint64_t> groups;
};

TopicSnapshot snapshot(std::initializer_list<Planted> topics) {
  TopicSnapshot s;
  for (const Planted& p : topics) {
    const auto number = static_cast<std::uint32_t>(s.topics.size());
    TopicSummary t{p.id, p.label, {}};
    t.figures.groups = p.groups.size();
    t.figures.questions = 2 * p.groups.size();
    t.figures.trees = 10 * p.groups.size();
    s.topics.push_back(t);
    for (const std::uint64_t g : p.groups) s.group_topic.emplace_back(g, number);
  }
  return s;
}

const TopicChange* change_of(const TopicIdentity& identity, std::uint64_t id, TopicChangeKind kind) {
  for (const auto& c : identity.changes) {
    if (c.id == id && c.kind == kind) return &c;
  }
  return nullptr;
}

TEST(TopicIdentity, WithoutAPreviousAnalysisEveryTopicIsNewWithItsRepresentativesId) {
  const auto now = snapshot({{0xa1, "espresso", {1, 2, 3}}, {0xb1, "descale", {4}}});
  const auto identity = match_topics({}, now);
  EXPECT_EQ(identity.ids, (std::vector<std::uint64_t>{0xa1, 0xb1}));
  ASSERT_EQ(identity.changes.size(), 2U);
  EXPECT_EQ(identity.changes[0].kind, TopicChangeKind::new_topic);
  EXPECT_EQ(identity.changes[1].kind, TopicChangeKind::new_topic);
  EXPECT_EQ(identity.changes[1].after, now.topics[1].figures);
  EXPECT_EQ(identity.changes[1].before, TopicFigures{});
}

TEST(TopicIdentity, ATopicKeepsItsIdWhenItsRepresentativeMoved) {
  // The same groups, but another group is in the most trees now: the natural id moved, the id holds.
  const auto before = snapshot({{0xa1, "espresso", {1, 2, 3, 4}}, {0xb1, "descale", {5, 6}}});
  const auto now = snapshot({{0xb5, "descale", {5, 6, 7}}, {0xa3, "espresso", {1, 2, 3}}});
  const auto identity = match_topics(before, now);
  EXPECT_EQ(identity.ids, (std::vector<std::uint64_t>{0xb1, 0xa1}));
  ASSERT_EQ(identity.changes.size(), 2U) << "no previous topic is left over";
  EXPECT_EQ(identity.changes[0].kind, TopicChangeKind::same);
  EXPECT_EQ(identity.changes[0].before.groups, 2U);
  EXPECT_EQ(identity.changes[0].after.groups, 3U);
  EXPECT_EQ(identity.changes[1].kind, TopicChangeKind::same);
  EXPECT_EQ(identity.changes[1].number, 1U);
}

TEST(TopicIdentity, ASplitKeepsTheIdOnTheLargerPartAndRecordsTheOther) {
  const auto before = snapshot({{0xa1, "coffee", {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}});
  const auto now = snapshot({{0xa1, "espresso", {1, 2, 3, 4, 5, 6}}, {0xc7, "descale", {7, 8, 9, 10}}});
  const auto identity = match_topics(before, now);
  EXPECT_EQ(identity.ids, (std::vector<std::uint64_t>{0xa1, 0xc7}));
  ASSERT_NE(change_of(identity, 0xa1, TopicChangeKind::same), nullptr);
  const TopicChange* split = change_of(identity, 0xc7, TopicChangeKind::split);
  ASSERT_NE(split, nullptr);
  EXPECT_EQ(split->other, 0xa1U);
  EXPECT_EQ(split->before, TopicFigures{}) << "a split part has no figures of its own before";
  EXPECT_EQ(identity.changes.size(), 2U);
}

TEST(TopicIdentity, AMergeKeepsTheLargerPartsIdAndRecordsTheOtherAsMergedIntoIt) {
  const auto before = snapshot({{0xa1, "espresso", {1, 2, 3, 4, 5, 6}}, {0xc7, "descale", {7, 8, 9, 10}}});
  const auto now = snapshot({{0xc7, "coffee", {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}});  // its representative: a descale group
  const auto identity = match_topics(before, now);
  EXPECT_EQ(identity.ids, (std::vector<std::uint64_t>{0xa1}));
  const TopicChange* merged = change_of(identity, 0xc7, TopicChangeKind::merged);
  ASSERT_NE(merged, nullptr);
  EXPECT_EQ(merged->other, 0xa1U);
  EXPECT_EQ(merged->label, "descale");
  EXPECT_EQ(merged->before.groups, 4U);
  EXPECT_EQ(merged->after, TopicFigures{});
}

TEST(TopicIdentity, ANewTopicAndAGoneOne) {
  const auto before = snapshot({{0xa1, "espresso", {1, 2}}, {0xd2, "grinder", {20, 21}}});
  const auto now = snapshot({{0xa1, "espresso", {1, 2}}, {0xe3, "milk", {30, 31, 32}}});
  const auto identity = match_topics(before, now);
  EXPECT_NE(change_of(identity, 0xe3, TopicChangeKind::new_topic), nullptr);
  EXPECT_NE(change_of(identity, 0xd2, TopicChangeKind::gone), nullptr);
  EXPECT_EQ(identity.changes.size(), 3U);
}

TEST(TopicIdentity, HalfOfEitherSideIsNotEnough) {
  // T holds half of O's groups and O half of T's: neither holds most of the other.
  const auto before = snapshot({{0xa1, "espresso", {1, 2, 3, 4}}});
  const auto now = snapshot({{0xa2, "espresso", {1, 2, 11, 12}}});
  const auto identity = match_topics(before, now);
  EXPECT_EQ(identity.ids, (std::vector<std::uint64_t>{0xa2}));
  EXPECT_NE(change_of(identity, 0xa2, TopicChangeKind::new_topic), nullptr);
  EXPECT_NE(change_of(identity, 0xa1, TopicChangeKind::gone), nullptr);
  // One group more on the previous side's share makes it the same topic.
  const auto now3 = snapshot({{0xa2, "espresso", {1, 2, 3, 11}}});
  EXPECT_EQ(match_topics(before, now3).ids, (std::vector<std::uint64_t>{0xa1}));
}

TEST(TopicIdentity, ANewTopicNeverTakesAnIdAPreviousTopicHad) {
  // 0xa1 was the previous topic's id; that topic is gone, and a new one's representative is group 0xa1.
  const auto before = snapshot({{0xa1, "espresso", {1, 2, 3}}});
  const auto now = snapshot({{0xa1, "milk", {0xa1, 7, 8}}});
  const auto identity = match_topics(before, now);
  ASSERT_EQ(identity.ids.size(), 1U);
  EXPECT_EQ(identity.ids[0], next_topic_id(0xa1));
  EXPECT_NE(change_of(identity, 0xa1, TopicChangeKind::gone), nullptr);
  // And two new topics never share one.
  const auto twice = match_topics(before, snapshot({{0xa1, "milk", {7}}, {next_topic_id(0xa1), "tea", {8}}}));
  EXPECT_NE(twice.ids[0], twice.ids[1]);
}

TEST(TopicIdentity, AnAnalysisInWhichNothingChangedKeepsTheTrendOfTheOneBefore) {
  auto before = snapshot({{0xa1, "espresso", {1, 2, 3}}, {0xb1, "descale", {4, 5}}});
  before.made_ms = 2000;
  const auto grown = snapshot({{0xa1, "espresso", {1, 2, 3, 6}}, {0xb1, "descale", {4, 5}}});
  auto first = match_topics(before, grown);
  const TopicTrend trend = trend_since(before.trend, before.made_ms, before.results, first.changes);
  EXPECT_TRUE(trend.compared);
  EXPECT_EQ(trend.since_ms, 2000);
  EXPECT_STREQ(trend_word(trend.changes[0]), "grew");
  EXPECT_STREQ(trend_word(trend.changes[1]), "same");
  // The next analysis holds the same topics at the same sizes: it shows the same trend.
  auto again = grown;
  again.made_ms = 3000;
  again.trend = trend;
  const TopicTrend kept = trend_since(again.trend, again.made_ms, again.results, match_topics(again, grown).changes);
  EXPECT_EQ(kept.since_ms, 2000);
  EXPECT_EQ(kept.changes, trend.changes);
  // One question more anywhere: the trend is since that analysis.
  const auto moved = snapshot({{0xa1, "espresso", {1, 2, 3, 6}}, {0xb1, "descale", {4, 5, 7}}});
  const TopicTrend fresh = trend_since(again.trend, again.made_ms, again.results, match_topics(again, moved).changes);
  EXPECT_EQ(fresh.since_ms, 3000);
  EXPECT_STREQ(trend_word(fresh.changes[1]), "grew");
}

}  // namespace
}  // namespace paa::topics
