// The `paa diff` report (issue 16): csv rows exactly, jsonl objects, the text report's order,
// summaries and caps.
#include "paa/history/diff_report.hpp"
#include "paa/output/sink.hpp"

#include "support/trees.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace paa {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

using test::node;
using test::tree;

KeyComparison key(std::string q, const SearchResult* before, const SearchResult* after, std::string hl = "en",
                  std::string gl = "us", std::string city = "") {
  return KeyComparison{std::move(q), std::move(hl), std::move(gl), std::move(city), before, after};
}

// Runs a report over `keys` and returns what it wrote.
std::string run(DiffFormat format, const std::vector<KeyComparison>& keys, std::size_t detail_limit = 1000) {
  StringSink sink;
  BufferedOutput out(sink, 64);  // small: the sink is called many times
  DiffReport report(DiffOptions{format, detail_limit},
                    DiffHeader{"run 20261101-020000 (2026-11-01 02:41 UTC)", "2026-11-23T17:00:00Z", "job coffee"}, out);
  for (const auto& k : keys) report.add(k);
  EXPECT_TRUE(report.finish().has_value());
  return sink.data;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Before and after of one key with every kind of change.
const SearchResult kBefore =
    tree({node("A?", {node("A1?")}, "https://a.example/1", "A one"), node("B?"), node("Gone?")}, {"r1", "r2"});
const SearchResult kAfter =
    tree({node("B?"), node("A?", {}, "https://b.example/1", "A one"), node("New?", {node("A1?")})}, {"r1", "r3"});
const SearchResult kSame = tree({node("S?")}, {"s"});

TEST(DiffReport, FormatNames) {
  EXPECT_EQ(parse_diff_format("text"), DiffFormat::text);
  EXPECT_EQ(parse_diff_format("csv"), DiffFormat::csv);
  EXPECT_EQ(parse_diff_format("jsonl"), DiffFormat::jsonl);
  EXPECT_EQ(parse_diff_format("json"), std::nullopt);
  EXPECT_EQ(diff_format_name(DiffFormat::jsonl), "jsonl");
}

TEST(DiffReport, CsvHasOneRowPerChangeAndNoneForAnUnchangedKey) {
  const std::string csv = run(DiffFormat::csv, {key("coffee", &kBefore, &kAfter), key("same", &kSame, &kSame),
                                                key("old key", &kSame, nullptr), key("new key", nullptr, &kSame, "de", "de", "Berlin")});
  EXPECT_EQ(csv,
            "q,hl,gl,city,change,question,old,new\n"
            "coffee,en,us,,removed,Gone?,,\n"
            "coffee,en,us,,moved,B?,\"depth 1, position 2\",\"depth 1, position 1\"\n"
            "coffee,en,us,,moved,A?,\"depth 1, position 1\",\"depth 1, position 2\"\n"
            "coffee,en,us,,source_changed,A?,https://a.example/1 | A one,https://b.example/1 | A one\n"
            "coffee,en,us,,added,New?,,\n"
            "coffee,en,us,,moved,A1?,\"depth 2, position 1, under \"\"A?\"\"\",\"depth 2, position 1, under \"\"New?\"\"\"\n"
            "coffee,en,us,,related_removed,r2,,\n"
            "coffee,en,us,,related_added,r3,,\n"
            "old key,en,us,,key_removed,,,\n"
            "new key,de,de,Berlin,key_added,,,\n");
}

TEST(DiffReport, CsvQuotesCommasQuotesAndLineBreaks) {
  const auto before = tree({});
  const auto after = tree({node("Hot, or \"iced\"?\nBoth"), node("Plain?")});
  const std::string csv = run(DiffFormat::csv, {key("a, \"b\"", &before, &after, "en", "us", "New York, NY")});
  EXPECT_EQ(csv,
            "q,hl,gl,city,change,question,old,new\n"
            "\"a, \"\"b\"\"\",en,us,\"New York, NY\",added,\"Hot, or \"\"iced\"\"?\nBoth\",,\n"
            "\"a, \"\"b\"\"\",en,us,\"New York, NY\",added,Plain?,,\n");
}

TEST(DiffReport, CsvOfAnEmptySelectionIsTheHeader) {
  EXPECT_EQ(run(DiffFormat::csv, {}), "q,hl,gl,city,change,question,old,new\n");
}

boost::json::object parse_object(const std::string& line) {
  boost::json::value v = boost::json::parse(line);
  EXPECT_TRUE(v.is_object()) << line;
  return v.as_object();
}

TEST(DiffReport, JsonlHasOneObjectPerKeyUnchangedIncluded) {
  const auto two = tree({node("A?"), node("B?"), node("C?")});
  const auto one = tree({node("A?"), node("D?")});
  const std::string jsonl = run(DiffFormat::jsonl, {key("coffee", &kBefore, &kAfter), key("same", &kSame, &kSame),
                                                    key("old key", &two, nullptr), key("new key", nullptr, &one, "de", "de", "Berlin"),
                                                    key("third", &two, &one)});
  const auto objects = lines(jsonl);
  ASSERT_EQ(objects.size(), 5u);

  const auto changed = parse_object(objects[0]);
  EXPECT_EQ(changed.at("q"), "coffee");
  EXPECT_EQ(changed.at("hl"), "en");
  EXPECT_EQ(changed.at("gl"), "us");
  EXPECT_TRUE(changed.at("city").is_null());
  EXPECT_EQ(changed.at("status"), "changed");
  EXPECT_DOUBLE_EQ(changed.at("churn").to_number<double>(), 0.4);
  EXPECT_EQ(changed.at("questions_before"), 4);
  EXPECT_EQ(changed.at("questions_after"), 4);
  const auto& changes = changed.at("changes").as_array();
  ASSERT_EQ(changes.size(), 6u) << "related changes have their own arrays";
  EXPECT_EQ(changes[0].as_object().at("change"), "removed");
  EXPECT_EQ(changes[0].as_object().at("question"), "Gone?");
  EXPECT_TRUE(changes[0].as_object().at("old").is_null());
  EXPECT_TRUE(changes[0].as_object().at("new").is_null());
  EXPECT_EQ(changes[3].as_object().at("change"), "source_changed");
  EXPECT_EQ(changes[3].as_object().at("old"), "https://a.example/1 | A one");
  EXPECT_EQ(changes[3].as_object().at("new"), "https://b.example/1 | A one");
  EXPECT_EQ(changed.at("related_added"), boost::json::parse(R"(["r3"])"));
  EXPECT_EQ(changed.at("related_removed"), boost::json::parse(R"(["r2"])"));

  EXPECT_EQ(parse_object(objects[1]),
            boost::json::parse(R"({"q":"same","hl":"en","gl":"us","city":null,"status":"unchanged","churn":0,
              "questions_before":1,"questions_after":1,"changes":[],"related_added":[],"related_removed":[]})"));
  EXPECT_EQ(parse_object(objects[2]),
            boost::json::parse(R"({"q":"old key","hl":"en","gl":"us","city":null,"status":"removed","churn":null,
              "questions_before":3,"questions_after":null,"changes":[],"related_added":[],"related_removed":[]})"));
  EXPECT_EQ(parse_object(objects[3]),
            boost::json::parse(R"({"q":"new key","hl":"de","gl":"de","city":"Berlin","status":"added","churn":null,
              "questions_before":null,"questions_after":2,"changes":[],"related_added":[],"related_removed":[]})"));
  // 1 shared of 4 distinct: churn 0.75; machine numbers have up to 4 decimals.
  EXPECT_THAT(objects[4], HasSubstr("\"churn\":0.75,"));
}

TEST(DiffReport, JsonlChurnHasAtMostFourDecimals) {
  const auto before = tree({node("A?"), node("B?")});
  const auto after = tree({node("A?"), node("C?")});  // 1 shared of 3: 0.666…
  EXPECT_THAT(run(DiffFormat::jsonl, {key("k", &before, &after)}), HasSubstr("\"churn\":0.6667,"));
}

TEST(DiffReport, TotalsAndLocalesCountKeysAndChanges) {
  StringSink sink;
  BufferedOutput out(sink);
  DiffReport report(DiffOptions{DiffFormat::jsonl, 1000}, DiffHeader{}, out);
  const auto one = tree({node("A?")});
  const auto other = tree({node("B?")});
  report.add(key("coffee", &kBefore, &kAfter));
  report.add(key("same", &kSame, &kSame));
  report.add(key("gone", &kSame, nullptr));
  report.add(key("paris", &one, &other, "fr", "fr", "Paris"));
  report.add(key("new", nullptr, &one, "fr", "fr", "Paris"));
  ASSERT_TRUE(report.finish().has_value());

  const DiffTotals& all = report.totals();
  EXPECT_EQ(all.keys_compared, 3u);
  EXPECT_EQ(all.keys_changed, 2u);
  EXPECT_EQ(all.keys_only_from, 1u);
  EXPECT_EQ(all.keys_only_to, 1u);
  EXPECT_EQ(all.added, 2u);
  EXPECT_EQ(all.removed, 2u);
  EXPECT_EQ(all.moved, 3u);
  EXPECT_EQ(all.source_changed, 1u);
  EXPECT_EQ(all.related_added, 1u);
  EXPECT_EQ(all.related_removed, 1u);
  ASSERT_TRUE(all.mean_churn().has_value());
  EXPECT_DOUBLE_EQ(*all.mean_churn(), (0.4 + 0.0 + 1.0) / 3.0);

  ASSERT_EQ(report.locales().size(), 2u);
  const DiffTotals& us = report.locales().at({"en", "us", ""});
  EXPECT_EQ(us.keys_compared, 2u);
  EXPECT_EQ(us.keys_changed, 1u);
  EXPECT_EQ(us.keys_only_from, 1u);
  EXPECT_EQ(us.keys_only_to, 0u);
  const DiffTotals& paris = report.locales().at({"fr", "fr", "Paris"});
  EXPECT_EQ(paris.keys_compared, 1u);
  EXPECT_EQ(paris.added, 1u);
  EXPECT_EQ(paris.removed, 1u);
  EXPECT_EQ(paris.keys_only_to, 1u);
  EXPECT_DOUBLE_EQ(*paris.mean_churn(), 1.0);

  EXPECT_EQ(DiffTotals{}.mean_churn(), std::nullopt);
}

TEST(DiffReport, BothSidesMissingIsABug) {
  StringSink sink;
  BufferedOutput out(sink);
  DiffReport report(DiffOptions{}, DiffHeader{}, out);
  EXPECT_THROW(report.add(key("k", nullptr, nullptr)), std::invalid_argument);
}

// Index of the first line that starts with `prefix`, or -1.
long line_of(const std::vector<std::string>& all, std::string_view prefix) {
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (all[i].starts_with(prefix)) return static_cast<long>(i);
  }
  return -1;
}

TEST(DiffReport, TextHasTheHeaderTheSummaryAndEachChangeReadably) {
  const std::string text = run(DiffFormat::text, {key("coffee", &kBefore, &kAfter), key("same", &kSame, &kSame)});
  const auto all = lines(text);
  ASSERT_GE(all.size(), 8u);
  EXPECT_EQ(all[0], "paa diff");
  EXPECT_EQ(all[1], "  from:      run 20261101-020000 (2026-11-01 02:41 UTC)");
  EXPECT_EQ(all[2], "  to:        2026-11-23T17:00:00Z");
  EXPECT_EQ(all[3], "  selection: job coffee");
  EXPECT_EQ(all[5], "Summary");
  EXPECT_EQ(all[6],
            "  locale  keys compared  changed  only at from  only at to  added  removed  moved  source changed  "
            "related +  related -  mean churn");
  EXPECT_EQ(all[7],
            "  all                 2        1             0           0      1        1      3               1  "
            "        1          1       20.0%");
  EXPECT_EQ(all[8],
            "  en-us               2        1             0           0      1        1      3               1  "
            "        1          1       20.0%");

  const long at = line_of(all, "coffee (en-us)");
  ASSERT_GE(at, 0) << text;
  const std::vector<std::string> detail(all.begin() + at, all.begin() + at + 12);
  EXPECT_THAT(detail, ::testing::ElementsAre(
                          "coffee (en-us): churn 40.0%, questions 4 → 4, 8 changes",
                          "  - Gone?",
                          "  ~ B?",
                          "      moved:  depth 1, position 2 → depth 1, position 1",
                          "  ~ A?",
                          "      moved:  depth 1, position 1 → depth 1, position 2",
                          "      source: https://a.example/1 | A one → https://b.example/1 | A one",
                          "  + New?",
                          "  ~ A1?",
                          "      moved:  depth 2, position 1, under \"A?\" → depth 2, position 1, under \"New?\"",
                          "  related - r2",
                          "  related + r3"));
  EXPECT_THAT(text, Not(HasSubstr("same (en-us)"))) << "unchanged keys are only counted";
  EXPECT_THAT(text, Not(HasSubstr("Keys only at"))) << "no such keys, no such section";
}

TEST(DiffReport, TextListsTheMostChangedKeysFirst) {
  const auto a = tree({node("A?"), node("B?")});
  const auto half = tree({node("A?"), node("C?")});        // churn 2/3, 2 changes
  const auto all_new = tree({node("X?")});                  // churn 1, 3 changes
  const auto moved = tree({node("B?"), node("A?")});        // churn 0, 2 changes
  const auto related = tree({node("A?"), node("B?")}, {"r"});  // churn 0, 1 change
  const std::string text = run(DiffFormat::text, {key("k1 related", &a, &related), key("k2 moved", &a, &moved),
                                                  key("k3 half", &a, &half), key("k4 all new", &a, &all_new),
                                                  key("k5 moved too", &a, &moved)});
  const auto all = lines(text);
  const long k4 = line_of(all, "k4 all new (");
  const long k3 = line_of(all, "k3 half (");
  const long k2 = line_of(all, "k2 moved (");
  const long k5 = line_of(all, "k5 moved too (");
  const long k1 = line_of(all, "k1 related (");
  ASSERT_GE(k4, 0) << text;
  EXPECT_LT(k4, k3);
  EXPECT_LT(k3, k2);
  EXPECT_LT(k2, k5) << "ties keep the order keys were fed";
  EXPECT_LT(k5, k1) << "same churn: more changes first";
  EXPECT_EQ(all[k3], "k3 half (en-us): churn 66.7%, questions 2 → 2, 2 changes");
  EXPECT_EQ(all[k1], "k1 related (en-us): churn 0.0%, questions 2 → 2, 1 change");
  EXPECT_THAT(text, HasSubstr("Changed keys: 5, most changed first"));
}

TEST(DiffReport, TextSummarisesEachLocaleWithItsCity) {
  const auto one = tree({node("A?")});
  const auto other = tree({node("B?")});
  const std::string text = run(DiffFormat::text, {key("a", &one, &one, "en", "us"), key("b", &one, &other, "de", "de", "Zürich"),
                                                  key("c", &one, nullptr, "de", "de", "Zürich"),
                                                  key("d", nullptr, &one, "de", "de")});
  const auto all = lines(text);
  const long head = line_of(all, "  locale");
  ASSERT_GE(head, 0) << text;
  // Rows: all, then locales in (hl, gl, city) order; columns as in the header.
  EXPECT_THAT(all[head + 1], ::testing::MatchesRegex("  all +2 +1 +1 +1 +1 +1 +0 +0 +0 +0 +50\\.0%"));
  EXPECT_THAT(all[head + 2], ::testing::MatchesRegex("  de-de +0 +0 +0 +1 +0 +0 +0 +0 +0 +0 +-"));
  EXPECT_THAT(all[head + 3], ::testing::MatchesRegex("  de-de, Zürich +1 +1 +1 +0 +1 +1 +0 +0 +0 +0 +100\\.0%"));
  EXPECT_THAT(all[head + 4], ::testing::MatchesRegex("  en-us +1 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0\\.0%"));
  // Aligned by code points: every row as wide as the header.
  auto width = [](const std::string& s) {
    return std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
  };
  for (long row = head + 1; row <= head + 4; ++row) EXPECT_EQ(width(all[row]), width(all[head])) << all[row];
  EXPECT_THAT(text, HasSubstr("\nKeys only at from (no version at to): 1\n  c (de-de, Zürich)\n"));
  EXPECT_THAT(text, HasSubstr("\nKeys only at to (no version at from): 1\n  d (de-de)\n"));
}

TEST(DiffReport, TextKeepsOnlyTheMostChangedKeysInDetail) {
  std::vector<SearchResult> afters;
  const auto base = tree({node("A?"), node("B?"), node("C?"), node("D?")});
  // Key i replaces i of the 4 questions: churn grows with i.
  afters.push_back(tree({node("A?"), node("B?"), node("C?"), node("D?")}, {"r"}));
  afters.push_back(tree({node("A?"), node("B?"), node("C?"), node("X1?")}));
  afters.push_back(tree({node("A?"), node("B?"), node("X1?"), node("X2?")}));
  afters.push_back(tree({node("A?"), node("X1?"), node("X2?"), node("X3?")}));
  afters.push_back(tree({node("X1?"), node("X2?"), node("X3?"), node("X4?")}));
  std::vector<KeyComparison> keys;
  for (std::size_t i = 0; i < afters.size(); ++i) keys.push_back(key("k" + std::to_string(i), &base, &afters[i]));
  for (int i = 0; i < 3; ++i) keys.push_back(key("gone" + std::to_string(i), &base, nullptr));
  const std::string text = run(DiffFormat::text, keys, 2);
  // The same keys, most changed first: the later ones are dropped as they come.
  const auto from_reversed = lines(run(DiffFormat::text, std::vector<KeyComparison>(keys.rbegin() + 3, keys.rend()), 2));
  EXPECT_LT(line_of(from_reversed, "k4 (en-us)"), line_of(from_reversed, "k3 (en-us)"));
  EXPECT_GE(line_of(from_reversed, "k3 (en-us)"), 0);
  EXPECT_EQ(line_of(from_reversed, "k2 ("), -1);
  const auto all = lines(text);
  EXPECT_GE(line_of(all, "k4 (en-us)"), 0) << text;
  EXPECT_GE(line_of(all, "k3 (en-us)"), 0);
  EXPECT_LT(line_of(all, "k4 (en-us)"), line_of(all, "k3 (en-us)"));
  for (const char* dropped : {"k2 (", "k1 (", "k0 ("}) EXPECT_EQ(line_of(all, dropped), -1) << dropped;
  EXPECT_THAT(text, HasSubstr("Changed keys: 5, most changed first"));
  EXPECT_THAT(text, HasSubstr("\n... and 3 more changed keys; use --format csv or jsonl to see them all.\n"));
  EXPECT_THAT(text, HasSubstr("Keys only at from (no version at to): 3\n  gone0 (en-us)\n  gone1 (en-us)\n"
                              "  ... and 1 more; use --format csv or jsonl to see them all.\n"));
}

TEST(DiffReport, TextFlattensLineBreaksAndGroupsDigits) {
  const auto before = tree({});
  const auto after = tree({node("Two\nlines?")});
  const std::string text = run(DiffFormat::text, {key("k", &before, &after)});
  EXPECT_THAT(text, HasSubstr("\n  + Two lines?\n"));

  std::vector<KeyComparison> many(1234, key("", nullptr, &after));
  for (std::size_t i = 0; i < many.size(); ++i) many[i].q = "k" + std::to_string(i);
  EXPECT_THAT(run(DiffFormat::text, many, 0), HasSubstr("Keys only at to (no version at from): 1,234\n  ... and 1,234 more"));
}

struct FailingSink final : ByteSink {
  Result<void> write(std::string_view) override { return make_error(errc::io, "out/diff.csv: No space left on device"); }
};

TEST(DiffReport, AnOutputErrorIsReportedByFinish) {
  FailingSink sink;
  BufferedOutput out(sink, 16);
  DiffReport report(DiffOptions{DiffFormat::csv, 1000}, DiffHeader{}, out);
  report.add(key("coffee", &kBefore, &kAfter));
  EXPECT_TRUE(out.failed()) << "the caller can stop early";
  const auto finished = report.finish();
  ASSERT_FALSE(finished.has_value());
  EXPECT_THAT(finished.error().message, HasSubstr("No space left"));
}

TEST(DiffReport, TextOfAnEmptySelection) {
  StringSink sink;
  BufferedOutput out(sink);
  DiffReport report(DiffOptions{}, DiffHeader{"a", "b", ""}, out);
  ASSERT_TRUE(report.finish().has_value());
  EXPECT_THAT(sink.data, HasSubstr("  selection: all keys\n"));
  EXPECT_THAT(sink.data, HasSubstr("\n  all                 0        0             0           0      0        0      0               0  "
                                         "        0          0           -\n"));
  EXPECT_THAT(sink.data, HasSubstr("\nChanged keys: 0\n"));
}

}  // namespace
}  // namespace paa
