// What a run changed for the user's domains (the [notify] alerts): lost, won, new and gone
// questions, each kind's count and its first items.
#include "paa/watch/run_alerts.hpp"

#include "support/trees.hpp"

#include <gtest/gtest.h>

namespace paa::watch {
namespace {

using test::node;
using test::tree;

RunAlerts alerts_for(std::vector<std::string> domains, std::size_t max_items = 20,
                     std::vector<AlertKind> kinds = {kAlertKinds.begin(), kAlertKinds.end()}) {
  auto own = OwnDomains::parse(domains);
  EXPECT_TRUE(own) << own.error().message;
  return RunAlerts(std::move(*own), std::move(kinds), max_items);
}

TEST(RunAlerts, AnAnswerMovingAwayIsLostAndOneMovingInIsWon) {
  RunAlerts a = alerts_for({"mine.com"});
  a.add_key("k (en-us)",
            tree({node("A?", {}, "https://www.mine.com/1"), node("B?", {}, "https://other.org/1"),
                  node("C?", {}, "https://mine.com/2"), node("D?", {}, "https://blog.mine.com/3")}),
            tree({node("A?", {}, "https://other.org/2"), node("B?", {}, "https://mine.com/9"),
                  node("C?", {}, "https://shop.mine.com/2"), node("D?", {}, "")}));
  a.finish(nullptr);
  // A: mine -> other (lost); B: other -> mine (won); C: another page of mine (no move); D: lost
  // its source (no move, as `paa diff --by domain` counts them).
  EXPECT_EQ(a.list(AlertKind::lost).count, 1u);
  EXPECT_EQ(a.list(AlertKind::lost).items, (std::vector<AlertItem>{{"A?", "k (en-us)", "mine.com", "other.org"}}));
  EXPECT_EQ(a.list(AlertKind::won).items, (std::vector<AlertItem>{{"B?", "k (en-us)", "other.org", "mine.com"}}));
  EXPECT_EQ(a.list(AlertKind::new_questions).count, 0u);
  EXPECT_EQ(a.list(AlertKind::gone_questions).count, 0u);
  EXPECT_TRUE(a.any());
}

TEST(RunAlerts, NewAndGoneQuestionsCountOnlyWhereTheUsersDomainsAnswer) {
  RunAlerts a = alerts_for({"mine.com"});
  // The user answers in k1 (before the run only): its new and gone questions count.
  a.add_key("k1 (en-us)", tree({node("Mine?", {}, "https://mine.com/1"), node("Old?", {}, "https://x.com/1")}),
            tree({node("Mine?", {}, "https://x.com/5"), node("Fresh?", {}, "")}));
  // Not in k2: its changes say nothing to this user.
  a.add_key("k2 (en-us)", tree({node("Gone elsewhere?", {}, "https://x.com/1")}),
            tree({node("New elsewhere?", {}, "https://y.com/1")}));
  EXPECT_EQ(a.candidates(), (std::vector<std::string>{"fresh?", "old?", "new elsewhere?", "gone elsewhere?"}));
  a.finish(nullptr);
  EXPECT_EQ(a.scope(), "keys");
  EXPECT_EQ(a.list(AlertKind::new_questions).items,
            (std::vector<AlertItem>{{"Fresh?", "k1 (en-us)", "", "(no source)"}}));
  EXPECT_EQ(a.list(AlertKind::gone_questions).items, (std::vector<AlertItem>{{"Old?", "k1 (en-us)", "x.com", ""}}));
  EXPECT_EQ(a.list(AlertKind::lost).count, 1u);
  EXPECT_EQ(a.keys(), 2u);
}

TEST(RunAlerts, QuestionsAreComparedByTheirNormalisedTextOncePerTree) {
  RunAlerts a = alerts_for({"mine.com"});
  a.add_key("k (en-us)", tree({node("What is  X?", {node("What is X?", {}, "https://mine.com/deep")}, "https://x.com/1")}),
            tree({node("what is x?", {}, "https://mine.com/1")}));
  a.finish(nullptr);
  // The same question in another case and spacing (as `paa diff` folds it): a move (x.com ->
  // mine, the first place's source), not a new and a gone question.
  EXPECT_EQ(a.list(AlertKind::won).items, (std::vector<AlertItem>{{"what is x?", "k (en-us)", "x.com", "mine.com"}}));
  EXPECT_EQ(a.list(AlertKind::new_questions).count, 0u);
  EXPECT_EQ(a.list(AlertKind::gone_questions).count, 0u);
}

TEST(RunAlerts, OnlyTheChosenKindsAndAtMostMaxItemsEachButEveryOneCounted) {
  RunAlerts a = alerts_for({"mine.com"}, 2, {AlertKind::lost});
  std::vector<Question> before, after;
  for (int i = 0; i < 5; ++i) {
    before.push_back(node("Q" + std::to_string(i) + "?", {}, "https://mine.com/" + std::to_string(i)));
    after.push_back(node("Q" + std::to_string(i) + "?", {}, "https://rival.net/" + std::to_string(i)));
  }
  after.push_back(node("New?", {}, "https://rival.net/x"));
  a.add_key("k (de-de, Berlin)", tree(before), tree(after));
  a.finish(nullptr);
  EXPECT_EQ(a.list(AlertKind::lost).count, 5u);
  EXPECT_EQ(a.list(AlertKind::lost).items,
            (std::vector<AlertItem>{{"Q0?", "k (de-de, Berlin)", "mine.com", "rival.net"},
                                    {"Q1?", "k (de-de, Berlin)", "mine.com", "rival.net"}}));
  EXPECT_EQ(a.list(AlertKind::new_questions).count, 0u) << "not chosen";
  EXPECT_TRUE(a.any());
}

TEST(RunAlerts, NothingChangedForTheUserIsNoNews) {
  RunAlerts a = alerts_for({"mine.com"});
  a.add_key("k (en-us)", tree({node("A?", {}, "https://x.com/1")}), tree({node("A?", {}, "https://y.com/1")}));
  a.finish(nullptr);
  EXPECT_FALSE(a.any()) << "x.com -> y.com moves nothing of mine.com's";
}

TEST(RunAlerts, WithTopicsNewAndGoneQuestionsCountWhereTheirTopicIsTheUsers) {
  RunAlerts a = alerts_for({"mine.com"});
  // k1: the user answers nothing here, but "Fresh?" is of a topic where they answer elsewhere.
  a.add_key("k1 (en-us)", tree({node("Old?", {}, "https://x.com/1")}),
            tree({node("Fresh?", {}, "https://x.com/2"), node("Other?", {}, "https://x.com/3")}));
  // k2: the user answers here; "Noise?" is of a topic of someone else's; "Vanished?" is in no
  // tree any more (no topic): its key decides.
  a.add_key("k2 (en-us)", tree({node("Mine?", {}, "https://mine.com/1"), node("Vanished?", {}, "https://x.com/4")}),
            tree({node("Mine?", {}, "https://mine.com/1"), node("Noise?", {}, "https://x.com/5")}));
  const std::unordered_map<std::string, bool> topics{{"fresh?", true}, {"other?", false}, {"old?", false}, {"noise?", false}};
  a.finish(&topics);
  EXPECT_EQ(a.scope(), "topics");
  EXPECT_EQ(a.list(AlertKind::new_questions).items, (std::vector<AlertItem>{{"Fresh?", "k1 (en-us)", "", "x.com"}}));
  EXPECT_EQ(a.list(AlertKind::gone_questions).items,
            (std::vector<AlertItem>{{"Vanished?", "k2 (en-us)", "x.com", ""}}));
}

TEST(RunAlerts, KindsHaveOneNameEach) {
  for (const AlertKind k : kAlertKinds) EXPECT_EQ(parse_alert_kind(alert_kind_name(k)), k);
  EXPECT_FALSE(parse_alert_kind("lose"));
  EXPECT_EQ(alert_key_label("tea", "en", "us", ""), "tea (en-us)");
  EXPECT_EQ(alert_key_label("tee", "de", "de", "Berlin"), "tee (de-de, Berlin)");
}

}  // namespace
}  // namespace paa::watch
