// `paa diff`'s report value and its renderers, each on its own (issue 44 step 3): the per-key
// comparison, the summary's counts and bounded details, the text renderer over a summary built
// by hand, and the row renderers over a comparison built by hand. diff_report_test checks the
// composition's bytes.
#include "paa/history/diff_rows.hpp"
#include "paa/history/diff_summary.hpp"
#include "paa/history/diff_text.hpp"
#include "paa/output/sink.hpp"

#include "support/trees.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace paa {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using test::node;
using test::tree;

KeyComparison compared(std::string q, const SearchResult* before, const SearchResult* after, std::string hl = "en") {
  return KeyComparison{std::move(q), std::move(hl), "us", "", before, after};
}

const SearchResult kAB = tree({node("A?"), node("B?")}, {"r1"});
const SearchResult kAC = tree({node("A?"), node("C?")}, {"r2"});
const SearchResult kABC = tree({node("A?", {node("B?")}), node("C?")});

TEST(DiffSummaryValue, EachKeyHasAStatusAndAOneSideKeyCountsItsOwnQuestions) {
  EXPECT_EQ(compare_key_trees(compared("k", &kAB, &kAB)).status, KeyDiffStatus::unchanged);
  const KeyDiff changed = compare_key_trees(compared("k", &kAB, &kAC));
  EXPECT_EQ(changed.status, KeyDiffStatus::changed);
  EXPECT_TRUE(changed.both_sides());
  // B removed, C added, r1 gone, r2 come; 1 shared of 3 distinct.
  EXPECT_EQ(changed.trees.changes.size(), 4u);
  EXPECT_DOUBLE_EQ(changed.trees.churn, 2.0 / 3.0);

  const KeyDiff removed = compare_key_trees(compared("k", &kABC, nullptr));
  EXPECT_EQ(removed.status, KeyDiffStatus::removed);
  EXPECT_FALSE(removed.both_sides());
  EXPECT_EQ(removed.trees.questions_before, 3u);
  EXPECT_TRUE(removed.trees.changes.empty());
  const KeyDiff added = compare_key_trees(compared("k", nullptr, &kAB));
  EXPECT_EQ(added.status, KeyDiffStatus::added);
  EXPECT_EQ(added.trees.questions_after, 2u);

  EXPECT_THROW(compare_key_trees(compared("k", nullptr, nullptr)), std::invalid_argument);
}

TEST(DiffSummaryValue, WithDomainsOnlyTheirQuestionsCountAndNoRelatedSearch) {
  const std::unordered_set<std::string> only{"c?"};  // folded, as fold_or_raw spells "C?"
  KeyComparison key = compared("k", &kAB, &kAC);
  key.only = &only;
  const KeyDiff diff = compare_key_trees(key);
  ASSERT_EQ(diff.trees.changes.size(), 1u);
  EXPECT_EQ(diff.trees.changes[0].kind, TreeChangeKind::added);
  EXPECT_EQ(diff.trees.changes[0].question, "C?");

  const std::unordered_set<std::string> none{"z?"};
  key.only = &none;
  EXPECT_EQ(compare_key_trees(key).status, KeyDiffStatus::unchanged) << "changes to others' questions do not count";
}

TEST(DiffSummaryValue, TheDetailsAreTheMostChangedKeysBestFirstAndTheListsStopAtTheLimit) {
  const auto one = tree({node("A?"), node("B?"), node("C?"), node("D?")});
  const auto quarter = tree({node("A?"), node("B?"), node("C?"), node("E?")});  // 3 of 5 shared
  const auto half = tree({node("A?"), node("B?"), node("F?"), node("G?")});     // 2 of 6 shared
  const auto all = tree({node("X?")});                                          // none shared
  DiffSummaryBuilder builder(2);
  std::vector<KeyComparison> keys{compared("quarter", &one, &quarter), compared("all", &one, &all),
                                  compared("same", &one, &one),        compared("half", &one, &half),
                                  compared("gone 1", &one, nullptr),  compared("gone 2", &one, nullptr),
                                  compared("gone 3", &one, nullptr),  compared("new", nullptr, &one, "de")};
  for (const auto& k : keys) builder.add(k, compare_key_trees(k));
  const DiffSummary summary = std::move(builder).finish(DiffHeader{"a", "b", "c"});

  EXPECT_EQ(summary.header.selection, "c");
  EXPECT_EQ(summary.totals.keys_compared, 4u);
  EXPECT_EQ(summary.totals.keys_changed, 3u);
  EXPECT_EQ(summary.totals.keys_only_from, 3u);
  EXPECT_EQ(summary.totals.keys_only_to, 1u);
  ASSERT_EQ(summary.changed.size(), 2u) << "the limit keeps two of three changed keys";
  EXPECT_EQ(summary.changed[0].key.q, "all");
  EXPECT_DOUBLE_EQ(summary.changed[0].churn, 1.0);
  EXPECT_EQ(summary.changed[1].key.q, "half");
  EXPECT_DOUBLE_EQ(summary.changed[1].churn, 4.0 / 6.0);
  ASSERT_EQ(summary.only_from.size(), 2u);
  EXPECT_EQ(summary.only_from[0].q, "gone 1");
  EXPECT_EQ(summary.only_from[1].q, "gone 2");
  ASSERT_EQ(summary.only_to.size(), 1u);
  EXPECT_EQ(summary.only_to[0].hl, "de");
  ASSERT_EQ(summary.locales.size(), 2u);
  EXPECT_EQ(summary.locales.at({"de", "us", ""}).keys_only_to, 1u);
}

TEST(DiffSummaryValue, ALimitOfZeroKeepsTheCountsOnly) {
  DiffSummaryBuilder builder(0);
  for (const auto& k : {compared("a", &kAB, &kAC), compared("b", &kAB, nullptr), compared("c", nullptr, &kAB)}) {
    builder.add(k, compare_key_trees(k));
  }
  const DiffSummary summary = std::move(builder).finish({});
  EXPECT_EQ(summary.totals.keys_changed, 1u);
  EXPECT_EQ(summary.totals.keys_only_from + summary.totals.keys_only_to, 2u);
  EXPECT_TRUE(summary.changed.empty());
  EXPECT_TRUE(summary.only_from.empty());
  EXPECT_TRUE(summary.only_to.empty());
}

std::string text_of(const DiffSummary& summary) {
  StringSink sink;
  BufferedOutput out(sink, 16);
  append_diff_text(out, summary);
  EXPECT_TRUE(out.flush().has_value());
  return sink.data;
}

TEST(DiffText, RendersASummaryBuiltByHandAndCountsWhatItDoesNotList) {
  DiffSummary summary;
  summary.header = DiffHeader{"run 1", "now", ""};
  summary.totals.keys_compared = 5;
  summary.totals.keys_changed = 3;
  summary.totals.keys_only_to = 4;
  summary.totals.added = 1;
  summary.totals.churn_sum = 2.5;
  summary.locales[{"en", "us", "Zürich"}] = summary.totals;
  summary.changed.push_back(ChangedKey{{"espresso\nlatte", "en", "us", "Zürich"}, 0.5, 2, 3,
                                       {TreeChange{TreeChangeKind::added, "New?", "", ""}}, 0});
  summary.only_to.push_back(DiffKeyName{"fresh", "en", "us", ""});
  const std::string text = text_of(summary);

  EXPECT_THAT(text, HasSubstr("  selection: all keys\n"));
  EXPECT_THAT(text, HasSubstr("  en-us, Zürich"));
  EXPECT_THAT(text, HasSubstr("50.0%"));  // 2.5 over 5 keys compared
  EXPECT_THAT(text, HasSubstr("Changed keys: 3, most changed first\n"));
  EXPECT_THAT(text, HasSubstr("\nespresso latte (en-us, Zürich): churn 50.0%, questions 2 \xE2\x86\x92 3, 1 change\n  + New?\n"));
  EXPECT_THAT(text, HasSubstr("\n... and 2 more changed keys; use --format csv or jsonl to see them all.\n"));
  EXPECT_THAT(text, HasSubstr("Keys only at to (no version at from): 4\n  fresh (en-us)\n  ... and 3 more;"));
  EXPECT_THAT(text, Not(HasSubstr("Keys only at from")));
}

TEST(DiffRows, RenderAComparisonBuiltByHand) {
  const KeyComparison key{"k", "en", "us", "Paris", nullptr, nullptr};
  KeyDiff diff;
  diff.status = KeyDiffStatus::changed;
  diff.trees.churn = 0.125;
  diff.trees.questions_before = 7;
  diff.trees.questions_after = 8;
  diff.trees.changes = {TreeChange{TreeChangeKind::moved, "=Q?", "depth 1", "depth 2"},
                        TreeChange{TreeChangeKind::related_added, "rel", "", ""}};
  StringSink sink;
  BufferedOutput out(sink);
  append_diff_jsonl_row(out, key, diff);
  append_diff_csv_rows(out, CsvText::guarded, key, diff);
  KeyDiff gone;
  gone.status = KeyDiffStatus::removed;
  append_diff_csv_rows(out, CsvText::guarded, key, gone);
  ASSERT_TRUE(out.flush().has_value());

  const auto newline = sink.data.find('\n');
  EXPECT_EQ(boost::json::parse(sink.data.substr(0, newline)),
            boost::json::parse(R"({"q":"k","hl":"en","gl":"us","city":"Paris","status":"changed","churn":0.125,
              "questions_before":7,"questions_after":8,
              "changes":[{"change":"moved","question":"=Q?","old":"depth 1","new":"depth 2"}],
              "related_added":["rel"],"related_removed":[]})"));
  EXPECT_EQ(sink.data.substr(newline + 1),
            "k,en,us,Paris,moved,'=Q?,depth 1,depth 2\n"
            "k,en,us,Paris,related_added,rel,,\n"
            "k,en,us,Paris,key_removed,,,\n");
}

}  // namespace
}  // namespace paa
