// The kept analysis's plan step by step (no store, no folder): when the kept one is read, when
// what it was computed from is checked, when it is carried to a newer store state, and why it
// is computed anew otherwise; and the inputs digest that check compares, fed by hand.
#include "paa/export/pipeline/analysis_inputs.hpp"
#include "paa/export/pipeline/analysis_plan.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace paa::exporting {
namespace {

using Step = AnalysisPlan::Step;

AnalysisTag tag_at(std::uint64_t state) {
  return {.store_state = state, .job = "night", .analysis_version = 7, .program = "1.0 abc", .resolution = 1.0};
}

KeptManifest kept_at(std::uint64_t state, std::optional<std::uint64_t> inputs = 0xfeed) {
  KeptManifest m;
  m.tag = tag_at(state);
  m.results = 300;
  m.missing_results = 2;
  m.made_ms = 1'796'000'000'000;
  m.inputs = inputs;
  return m;
}

const AnalysisInputs kSame{0xfeed, 300, 2};

TEST(AnalysisPlan, ACurrentOneIsReadWithoutACheck) {
  AnalysisPlan plan(std::optional(kept_at(10)), tag_at(10), false);
  EXPECT_EQ(plan.start().step, Step::read_kept);
  EXPECT_EQ(plan.kept().tag.store_state, 10u);
}

TEST(AnalysisPlan, NoneKeptIsComputed) {
  AnalysisPlan plan(std::optional<KeptManifest>(), tag_at(10), false);
  const auto a = plan.start();
  EXPECT_EQ(a.step, Step::compute);
  EXPECT_EQ(a.why, "none was kept");
}

TEST(AnalysisPlan, AnUnreadableManifestIsComputedAndSaysWhy) {
  AnalysisPlan plan(Result<std::optional<KeptManifest>>(make_error(errc::store_damaged, "bad JSON")), tag_at(10), false);
  const auto a = plan.start();
  EXPECT_EQ(a.step, Step::compute);
  EXPECT_EQ(a.why, "the kept one was stale: it cannot be read (bad JSON)");
}

TEST(AnalysisPlan, OnlyTheStoreStateMovedThenTheSameInputsCarryTheKeptOne) {
  AnalysisPlan plan(std::optional(kept_at(10)), tag_at(25), false);
  ASSERT_EQ(plan.start().step, Step::check_inputs);
  ASSERT_EQ(plan.inputs_checked(kSame).step, Step::carry);
  const KeptManifest carried = plan.carried_manifest(1'797'000'000'000);
  EXPECT_EQ(carried.tag, tag_at(25)) << "tagged with the state now";
  EXPECT_EQ(carried.carried_ms, 1'797'000'000'000);
  EXPECT_EQ(carried.made_ms, kept_at(10).made_ms) << "still the analysis made then";
  EXPECT_EQ(carried.inputs, kept_at(10).inputs);
  EXPECT_EQ(plan.carried(Result<void>()).step, Step::read_kept);
  EXPECT_EQ(plan.kept().tag, tag_at(25)) << "read as the carried one";
}

TEST(AnalysisPlan, OtherInputsAreComputedAndSayWhatChanged) {
  const auto why = [](AnalysisInputs inputs) {
    AnalysisPlan plan(std::optional(kept_at(10)), tag_at(25), false);
    EXPECT_EQ(plan.start().step, Step::check_inputs);
    const auto a = plan.inputs_checked(inputs);
    EXPECT_EQ(a.step, Step::compute);
    return a.why;
  };
  EXPECT_EQ(why({0xbeef, 300, 2}), "the kept one was stale: the store has changed since (trees or seeds changed)");
  EXPECT_EQ(why({0xfeed, 301, 2}), "the kept one was stale: the store has changed since (301 results, 300 then)");
  EXPECT_EQ(why({0xfeed, 300, 0}), "the kept one was stale: the store has changed since (0 results missing, 2 then)");
}

TEST(AnalysisPlan, ACarryThatFailsStillReadsTheKeptOneUnderItsOldTag) {
  AnalysisPlan plan(std::optional(kept_at(10)), tag_at(25), false);
  ASSERT_EQ(plan.start().step, Step::check_inputs);
  ASSERT_EQ(plan.inputs_checked(kSame).step, Step::carry);
  EXPECT_TRUE(plan.carry_error().empty());
  const auto a = plan.carried(make_error(errc::store_in_use, "another paa is keeping an analysis"));
  EXPECT_EQ(a.step, Step::read_kept) << "its inputs are today's: it answers";
  EXPECT_EQ(plan.kept().tag, tag_at(10)) << "not carried: the manifest on disk is the old one";
  EXPECT_EQ(plan.carry_error(), "another paa is keeping an analysis");
  const auto b = plan.read_failed(make_error(errc::store_damaged, "it was replaced while being opened"));
  EXPECT_EQ(b.step, Step::compute) << "replaced meanwhile: computed";
}

TEST(AnalysisPlan, AKeptOneThatCannotBeOpenedIsComputed) {
  AnalysisPlan plan(std::optional(kept_at(10)), tag_at(10), false);
  ASSERT_EQ(plan.start().step, Step::read_kept);
  const auto a = plan.read_failed(make_error(errc::store_damaged, "groups.zst is 3 bytes"));
  EXPECT_EQ(a.step, Step::compute);
  EXPECT_EQ(a.why, "the kept one was stale: it cannot be read (groups.zst is 3 bytes)");
}

TEST(AnalysisPlan, NothingIsCarriedAcrossAnotherProgramRulesOrDepthNorWithoutKeptInputs) {
  const auto first = [](KeptManifest kept, AnalysisTag now) {
    AnalysisPlan plan(std::optional(std::move(kept)), std::move(now), false);
    return plan.start();
  };
  AnalysisTag upgraded = tag_at(25);
  upgraded.program = "1.1 def";
  EXPECT_EQ(first(kept_at(10), upgraded).step, Step::compute) << "another paa, even with the same inputs";
  AnalysisTag rules = tag_at(25);
  rules.analysis_version = 8;
  EXPECT_EQ(first(kept_at(10), rules).step, Step::compute);
  AnalysisTag deeper = tag_at(25);
  deeper.max_question_depth = 2;
  EXPECT_EQ(first(kept_at(10), deeper).step, Step::compute);
  AnalysisTag volumes = tag_at(25);
  volumes.volumes = true;
  EXPECT_EQ(first(kept_at(10), volumes).step, Step::compute);
  const auto older = first(kept_at(10, std::nullopt), tag_at(25));
  EXPECT_EQ(older.step, Step::compute) << "kept before its inputs were";
  EXPECT_EQ(older.why, "the kept one was stale: the store has changed since");
}

TEST(AnalysisPlan, FullRecomputesEvenACurrentOneAndNeverChecks) {
  AnalysisPlan current(std::optional(kept_at(10)), tag_at(10), true);
  const auto a = current.start();
  EXPECT_EQ(a.step, Step::compute);
  EXPECT_EQ(a.why, "asked to compute it anew");
  AnalysisPlan moved(std::optional(kept_at(10)), tag_at(25), true);
  const auto b = moved.start();
  EXPECT_EQ(b.step, Step::compute);
  EXPECT_EQ(b.why, "the store has changed since");
}

TEST(AnalysisPlan, MayCarryIsStaleByTheStoreStateAloneWithItsInputsKept) {
  EXPECT_TRUE(may_carry(kept_at(10), tag_at(25)));
  EXPECT_FALSE(may_carry(kept_at(10), tag_at(10))) << "current: nothing to carry";
  EXPECT_FALSE(may_carry(kept_at(10, std::nullopt), tag_at(25))) << "no inputs kept";
  AnalysisTag upgraded = tag_at(25);
  upgraded.program = "1.1 def";
  EXPECT_FALSE(may_carry(kept_at(10), upgraded)) << "the store and the program both changed";
}

TEST(AnalysisPlan, StepsOutOfOrderAreBugs) {
  AnalysisPlan plan(std::optional(kept_at(10)), tag_at(10), false);
  EXPECT_THROW(plan.inputs_checked(kSame), std::logic_error);
  ASSERT_EQ(plan.start().step, Step::read_kept);
  EXPECT_THROW(plan.start(), std::logic_error);
  EXPECT_THROW(plan.carried(Result<void>()), std::logic_error);
}

// --- The inputs digest ------------------------------------------------------------------------

struct Fed {
  StoredResult result;
  ExportLineage lineage;
};

Fed fed(const std::string& key, std::uint64_t tree) {
  Fed f;
  f.result.key = key;
  f.result.q = key;
  f.result.hl = "en";
  f.result.gl = "us";
  f.result.body = "{}";
  f.result.fetched_at_ms = 1000;
  f.result.unchanged_since_ms = 1000;
  f.result.tree_digest = tree;
  f.lineage.seed_key = key;
  return f;
}

std::uint64_t digest_of(const std::vector<Fed>& results, bool volumes = false) {
  InputsDigest d(volumes);
  for (const auto& f : results) {
    const ScannedResult scanned{f.result, f.lineage};
    EXPECT_TRUE(*d.add(scanned));
  }
  return d.digest();
}

TEST(InputsDigest, ChangesWithWhatThePassReadsAndOnlyWithThat) {
  const std::vector<Fed> base{fed("a", 1), fed("b", 2), fed("c", 3)};
  const std::uint64_t d = digest_of(base);
  EXPECT_EQ(digest_of(base), d) << "a function of the inputs";

  auto refreshed = base;  // a refresh that brought the same tree: a later fetch, the same stretch
  refreshed[1].result.fetched_at_ms = 9000;
  refreshed[1].result.run_id = "r2";
  refreshed[1].result.body = R"({"quota":1})";
  EXPECT_EQ(digest_of(refreshed), d) << "a refresh that returned the same tree";

  const auto differs = [&](auto change, const char* what) {
    auto changed = base;
    change(changed);
    EXPECT_NE(digest_of(changed), d) << what;
  };
  differs([](auto& v) { v[1].result.tree_digest = 22; }, "another tree");
  differs([](auto& v) { v[1].result.unchanged_since_ms = 5000; }, "the tree's first-fetched time");
  differs([](auto& v) { v[1].result.q = "B"; }, "the search's spelling");
  differs([](auto& v) { v[1].lineage.seed_key = "a"; }, "another seed");
  differs([](auto& v) { v.pop_back(); }, "a result gone");
  differs([](auto& v) { v.push_back(fed("d", 4)); }, "a result more");
  differs([](auto& v) { std::swap(v[0], v[1]); }, "another order");

  auto old_record = base;  // no tree digest (before format 6): its body's bytes stand for it
  old_record[2].result.tree_digest.reset();
  const std::uint64_t old_digest = digest_of(old_record);
  EXPECT_NE(old_digest, d);
  old_record[2].result.body = R"({"other":1})";
  EXPECT_NE(digest_of(old_record), old_digest);
}

TEST(InputsDigest, VolumesCountOnlyWhenSummed) {
  auto with = std::vector<Fed>{fed("a", 1), fed("b", 2)};
  with[0].lineage.attrs_key = "a";
  with[0].lineage.attrs.volume = 1300;
  auto other = with;
  other[0].lineage.attrs.volume = 1400;
  EXPECT_EQ(digest_of(with, false), digest_of(other, false));
  EXPECT_NE(digest_of(with, true), digest_of(other, true));
  auto none = with;
  none[0].lineage.attrs.volume.reset();
  EXPECT_NE(digest_of(with, true), digest_of(none, true)) << "a volume gone";
}

}  // namespace
}  // namespace paa::exporting
