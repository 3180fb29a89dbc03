// paa diff's decisions (what is written, which points and keys) and its report on a small store
// written here: three keys, one unchanged across both points, one stored between them, one
// stored after --to, rendered as text and as JSON Lines.
#include "paa/app/diff_command.hpp"

#include "paa/output/sink.hpp"

#include "../export/test_support.hpp"  // make_stored, body_with_questions
#include "support/phase_recorder.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace paa::app {
namespace {

constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kJan1 = 1'767'225'600'000;  // 2026-01-01T00:00:00Z
constexpr std::int64_t kNow = kJan1 + 40 * kDay;

TEST(DiffOutput, FormatAndByAreCheckedTogether) {
  auto text = diff_output("text", "key");
  ASSERT_TRUE(text);
  EXPECT_EQ(text->format, DiffFormat::text);
  EXPECT_FALSE(text->by_domain);
  auto csv = diff_output("csv", "domain");
  ASSERT_TRUE(csv);
  EXPECT_TRUE(csv->by_domain);
  auto jsonl = diff_output("jsonl", "domain");
  ASSERT_FALSE(jsonl);
  EXPECT_EQ(jsonl.error().message, "--by domain writes text or csv (one row per domain), not jsonl");
  auto unknown = diff_output("xml", "key");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().message, "--format xml: use text, csv or jsonl");
  EXPECT_EQ(unknown.error().code, make_error_code(errc::invalid_input));
}

TEST(DiffPlan, SelectionLabelNamesJobAndLocale) {
  EXPECT_EQ(diff_selection_label("", "", ""), "");
  EXPECT_EQ(diff_selection_label("coffee", "", ""), "job coffee");
  EXPECT_EQ(diff_selection_label("", "en", "us"), "hl en, gl us");
  EXPECT_EQ(diff_selection_label("coffee", "", "us"), "job coffee, gl us");
}

TEST(DiffPlan, DatesResolveToTheEndOfTheirDayAndTheHeaderNamesThem) {
  DiffFlags flags;
  flags.from = "2026-01-01";
  flags.to = "2026-01-10";
  flags.hl = "EN";
  auto plan = plan_diff(flags, "coffee", {}, kNow);
  ASSERT_TRUE(plan) << plan.error().message;
  EXPECT_EQ(plan->from.at_ms, kJan1 + kDay - 1);
  EXPECT_EQ(plan->to.at_ms, kJan1 + 10 * kDay - 1);
  EXPECT_EQ(plan->job, "coffee");
  EXPECT_EQ(plan->locale.hl(), "en");
  EXPECT_EQ(plan->header.from, "2026-01-01 (end of the day, UTC)");
  EXPECT_EQ(plan->header.to, "2026-01-10 (end of the day, UTC)");
  EXPECT_EQ(plan->header.selection, "job coffee, hl en");
}

TEST(DiffPlan, RefusesPointsInTheWrongOrderAndBothJobFlags) {
  DiffFlags flags;
  flags.from = "2026-01-10";
  flags.to = "2026-01-01";
  auto swapped = plan_diff(flags, "", {}, kNow);
  ASSERT_FALSE(swapped);
  EXPECT_EQ(swapped.error().message,
            "--from 2026-01-10 (end of the day, UTC) is after --to 2026-01-01 (end of the day, UTC); swap them");
  flags.from = "yesterday";
  auto bad = plan_diff(flags, "", {}, kNow);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message.rfind("--from: 'yesterday' is neither a run id", 0), 0u) << bad.error().message;
  flags.from = "2026-01-01";
  flags.to = "now";
  flags.all_jobs = true;
  auto both = plan_diff(flags, "coffee", {}, kNow);
  ASSERT_FALSE(both);
  EXPECT_EQ(both.error().message, "--job and --all-jobs: give one");
}

// One version of `q` (en-us), current since `since_ms`, with these top-level questions.
StoredResult stored(const std::string& q, std::int64_t since_ms, const std::vector<std::string>& questions) {
  StoredResult r = exporting::test::make_stored(q, "en", "us", "", exporting::test::body_with_questions(questions), since_ms);
  r.unchanged_since_ms = since_ms;
  return r;
}

// --from 2026-01-05, --to 2026-01-20: "beans" unchanged since before --from, "mugs" stored between
// the points (only at --to), "tea" stored after --to (not in the report).
class DiffReportOnAStore : public ::testing::Test {
 protected:
  void SetUp() override {
    store_.add(stored("beans", kJan1, {"Are beans good?", "Why roast?"}));
    store_.add(stored("mugs", kJan1 + 10 * kDay, {"Which mug?"}));
    store_.add(stored("tea", kJan1 + 30 * kDay, {"Is tea good?"}));
    flags_.from = "2026-01-05";
    flags_.to = "2026-01-20";
  }
  std::string write(const std::string& format, WorkProgress* progress = nullptr) {
    flags_.format = format;
    auto what = diff_output(flags_.format, flags_.by);
    EXPECT_TRUE(what);
    auto plan = plan_diff(flags_, "", {}, kNow);
    EXPECT_TRUE(plan);
    auto own = watch::OwnDomains::parse({});
    EXPECT_TRUE(own);
    StringSink sink;
    auto written = write_diff(store_, flags_, *what, *plan, *own, sink, progress);
    EXPECT_TRUE(written) << written.error().message;
    return sink.data;
  }

  test::FakeStoreReader store_;
  DiffFlags flags_;
};

TEST_F(DiffReportOnAStore, JsonLinesHaveOneObjectPerKeyPresentAtEitherPoint) {
  std::istringstream lines(write("jsonl"));
  std::vector<std::string> queries;
  std::string line;
  while (std::getline(lines, line)) {
    const auto object = boost::json::parse(line).as_object();
    queries.emplace_back(object.at("q").as_string().c_str());
  }
  // In key order; "tea" was stored after --to.
  EXPECT_EQ(queries, (std::vector<std::string>{"beans", "mugs"}));
}

TEST_F(DiffReportOnAStore, TextNamesBothPointsAndTheKeyOnlyAtTo) {
  const std::string text = write("text");
  EXPECT_NE(text.find("2026-01-05 (end of the day, UTC)"), std::string::npos) << text;
  EXPECT_NE(text.find("2026-01-20 (end of the day, UTC)"), std::string::npos) << text;
  EXPECT_NE(text.find("mugs"), std::string::npos) << text;
  EXPECT_EQ(text.find("tea"), std::string::npos) << text;
}

TEST_F(DiffReportOnAStore, HlFilterLeavesOtherLanguagesOut) {
  flags_.hl = "de";
  EXPECT_EQ(write("jsonl"), "");
}

TEST_F(DiffReportOnAStore, ItsProgressComparesKeysTowardsTheEstimateOnlyWhenEveryKeyIs) {
  store_.fake_results_estimate = 3;
  test::PhaseRecorder whole;
  write("jsonl", &whole);
  ASSERT_EQ(whole.names(), std::vector<std::string>{"comparing keys"});
  EXPECT_EQ(whole.phases[0].total, 3u);
  flags_.hl = "en";  // a locale's keys: their number is not known ahead
  test::PhaseRecorder locale;
  write("jsonl", &locale);
  ASSERT_EQ(locale.names(), std::vector<std::string>{"comparing keys"});
  EXPECT_EQ(locale.phases[0].total, 0u);
}

}  // namespace
}  // namespace paa::app
