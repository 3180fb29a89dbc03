// Several stores read as one (StoreUnion) and built into one (merge_stores).
#include "store_test_util.hpp"

#include "paa/job/shard.hpp"
#include "paa/store/store.hpp"
#include "paa/store/store_merge.hpp"
#include "paa/store/store_union.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>


namespace paa {
namespace {

using test::key_of;
using test::make_put;
using test::submit_and_wait;
using test::TempDir;
using test::TreeSpec;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace fs = std::filesystem;

// Writes `puts` into a store at `dir`; each put's fetch time is given.
void fill(const fs::path& dir, const std::vector<std::pair<WriteRequest, std::int64_t>>& puts) {
  auto writer = StoreWriter::open(dir);
  ASSERT_TRUE(writer) << writer.error().message;
  for (auto [request, at] : puts) {
    std::get<PutResult>(request.item).result.fetched_at_ms = at;
    ASSERT_TRUE(submit_and_wait(**writer, std::move(request)));
  }
  ASSERT_TRUE((*writer)->close());
}

std::vector<std::pair<std::string, std::int64_t>> results_of(StoreReader& reader) {
  std::vector<std::pair<std::string, std::int64_t>> out;
  EXPECT_TRUE(reader.scan_results("", [&](const StoredResult& r) {
    out.emplace_back(r.q, r.fetched_at_ms);
    return true;
  }));
  return out;
}

class StoreUnionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fill(a(), {{make_put("job", "apple", TreeSpec{{"Why?"}, {}}), 100},
               {make_put("job", "cherry", TreeSpec{{"How?"}, {}}), 100}});
    fill(b(), {{make_put("job", "banana", TreeSpec{{"Why?"}, {}}), 100},
               {make_put("job", "cherry", TreeSpec{{"When?"}, {}}), 200}});
  }
  fs::path a() const { return tmp.path() / "a.db"; }
  fs::path b() const { return tmp.path() / "b.db"; }
  TempDir tmp;
};

TEST_F(StoreUnionTest, KeysComeInOrderOnceAndTheNewestFetchWins) {
  auto both = StoreUnion::open({a(), b()});
  ASSERT_TRUE(both) << both.error().message;
  EXPECT_THAT(results_of(**both), ElementsAre(std::pair<std::string, std::int64_t>("apple", 100),
                                              std::pair<std::string, std::int64_t>("banana", 100),
                                              std::pair<std::string, std::int64_t>("cherry", 200)));
  EXPECT_EQ((*both)->overlapping_keys(), 1u);
  auto cherry = (*both)->get(key_of("cherry"));
  ASSERT_TRUE(cherry && *cherry);
  EXPECT_EQ((*cherry)->fetched_at_ms, 200);
  EXPECT_EQ((*both)->overlapping_keys(), 2u) << "get() counts the overlap it met too";
  auto stats = (*both)->job_stats("job");
  ASSERT_TRUE(stats);
  EXPECT_EQ(stats->done, 3u) << "cherry's progress entries are one key";
  EXPECT_FALSE((*both)->scan_questions([](const QuestionEntry&) { return true; }))
      << "no joint question index: the exporter recounts";
}

// A key of `level` discovered from `parent` (keys by q, en-us).
LevelKey level_key(const std::string& q, std::uint32_t level, const std::string& parent) {
  LevelKey k;
  auto query = make_query(q, "en", "us");
  k.query = *query;
  k.encoded = encode_key(query->key);
  k.lineage = Lineage{level, Via::question, key_of(parent), key_of(parent)};
  return k;
}

std::vector<std::string> level_of(StoreReader& reader, const std::string& job, std::uint32_t level) {
  std::vector<std::string> out;
  EXPECT_TRUE(reader.scan_level(job, level, [&](const LevelKey& k) {
    out.push_back(k.query.q);
    return true;
  }));
  return out;
}

TEST_F(StoreUnionTest, AJobsExpansionIsReadFromTheFirstStoreThatHasIt) {
  {
    auto writer = StoreWriter::open(b());
    ASSERT_TRUE(writer);
    ExpansionStep step;
    step.level = 1;
    step.keys = {level_key("why bananas", 1, "banana"), level_key("how bananas", 1, "banana")};
    step.keys[1].seq = 1;
    step.state.built = 1;
    step.state.level_keys = {2};
    ASSERT_TRUE((*writer)->write_expansion("grow", step));
    ASSERT_TRUE((*writer)->close());
  }
  auto both = StoreUnion::open({a(), b()});
  ASSERT_TRUE(both) << both.error().message;
  auto state = (*both)->expansion_state("grow");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->built, 1u);
  EXPECT_EQ(state->discovered(), 2u);
  auto lineage = (*both)->lineage("grow", key_of("why bananas"));
  ASSERT_TRUE(lineage && *lineage);
  EXPECT_EQ((*lineage)->parent, key_of("banana"));
  EXPECT_EQ((*lineage)->level, 1u);
  auto none = (*both)->lineage("grow", key_of("apple"));
  ASSERT_TRUE(none);
  EXPECT_FALSE(*none) << "not discovered: level 0";
  EXPECT_THAT(level_of(**both, "grow", 1), ElementsAre("why bananas", "how bananas"));
  EXPECT_TRUE(level_of(**both, "grow", 2).empty());
  EXPECT_TRUE(level_of(**both, "job", 1).empty());
  auto other = (*both)->expansion_state("job");
  ASSERT_TRUE(other);
  EXPECT_EQ(*other, ExpansionState{});
}

// An expanding job run a level at a time over shards (docs/scaling-out.md): each shard store
// holds its share of a level, numbered as the plan numbered them; the union gives the level back
// whole, in that order, and the shards' level sizes add up.
TEST_F(StoreUnionTest, AShardedJobsLevelsAreTheShardsLevelsMergedInSequenceOrder) {
  const std::vector<std::string> level1 = {"why bananas", "how bananas", "are bananas green", "when bananas"};
  const auto shard_dir = [&](std::uint32_t i) { return tmp.path() / ("s" + std::to_string(i) + ".db"); };
  for (std::uint32_t i = 0; i < 2; ++i) {
    auto writer = StoreWriter::open(shard_dir(i));
    ASSERT_TRUE(writer);
    ASSERT_TRUE((*writer)->claim_shard("grow", ShardClaim{i, 2, kShardHashVersion}));
    ExpansionStep step;
    step.level = 1;
    for (std::uint64_t seq = i; seq < level1.size(); seq += 2) {  // shard 0: 0 and 2; shard 1: 1 and 3
      step.keys.push_back(level_key(level1[seq], 1, "banana"));
      step.keys.back().seq = seq;
    }
    step.state.built = 1;
    step.state.level_keys = {step.keys.size()};
    ASSERT_TRUE((*writer)->write_expansion("grow", step));
    ASSERT_TRUE((*writer)->close());
  }
  auto both = StoreUnion::open({shard_dir(1), shard_dir(0)});
  ASSERT_TRUE(both) << both.error().message;
  EXPECT_THAT(level_of(**both, "grow", 1), ElementsAre("why bananas", "how bananas", "are bananas green", "when bananas"));
  auto state = (*both)->expansion_state("grow");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->built, 1u);
  EXPECT_EQ(state->level_keys, (std::vector<std::uint64_t>{4}));
  // paa merge carries every shard's records, not the first store's: the merged store reads as the union.
  const fs::path merged = tmp.path() / "merged.db";
  auto summary = merge_stores(merged, {shard_dir(0), shard_dir(1)});
  ASSERT_TRUE(summary) << summary.error().message;
  auto one = StoreReader::open(merged);
  ASSERT_TRUE(one) << one.error().message;
  EXPECT_THAT(level_of(**one, "grow", 1), ElementsAre("why bananas", "how bananas", "are bananas green", "when bananas"));
  auto merged_state = (*one)->expansion_state("grow");
  ASSERT_TRUE(merged_state);
  EXPECT_EQ(merged_state->level_keys, (std::vector<std::uint64_t>{4}));
  auto lineage = (*one)->lineage("grow", key_of("when bananas"));
  ASSERT_TRUE(lineage && *lineage) << "the second shard's lineage";
  // One shard's store beside a store without the job's expansion: its share alone.
  auto twice = StoreUnion::open({shard_dir(0), a()});
  ASSERT_TRUE(twice) << twice.error().message;
  auto alone = (*twice)->expansion_state("grow");
  ASSERT_TRUE(alone);
  EXPECT_EQ(alone->level_keys, (std::vector<std::uint64_t>{2}));
}

TEST_F(StoreUnionTest, ADoneEntryBeatsAFailedOneForTheSameKey) {
  {
    auto writer = StoreWriter::open(tmp.path() / "c.db");
    ASSERT_TRUE(writer);
    WriteRequest failed{"job", MarkFailed{key_of("apple"), 3, 500, "server error"}, std::nullopt, {}};
    ASSERT_TRUE(submit_and_wait(**writer, std::move(failed)));
  }
  auto three = StoreUnion::open({tmp.path() / "c.db", a()});
  ASSERT_TRUE(three);
  std::vector<ProgressState> states;
  ASSERT_TRUE((*three)->scan_progress("job", [&](std::string_view key, const ProgressEntry& p) {
    if (key == key_of("apple")) states.push_back(p.state);
    return true;
  }));
  EXPECT_THAT(states, ElementsAre(ProgressState::done));
}

TEST_F(StoreUnionTest, MergeBuildsOneStoreOfEveryVersion) {
  const fs::path into = tmp.path() / "merged.db";
  auto merged = merge_stores(into, {a(), b()});
  ASSERT_TRUE(merged) << merged.error().message;
  EXPECT_EQ(merged->results, 3u);
  EXPECT_EQ(merged->overlaps, 1u);
  EXPECT_THAT(merged->jobs, ElementsAre("job"));
  auto reader = StoreReader::open(into);
  ASSERT_TRUE(reader);
  EXPECT_THAT(results_of(**reader), ElementsAre(std::pair<std::string, std::int64_t>("apple", 100),
                                                std::pair<std::string, std::int64_t>("banana", 100),
                                                std::pair<std::string, std::int64_t>("cherry", 200)));
  // cherry's newest tree is current, its older one a version; no question index (format 5).
  EXPECT_EQ((*reader)->versions(key_of("cherry")).value().size(), 2u);
  EXPECT_EQ(test::raw_family_keys(into, "questions"), 0u);
  auto stats = (*reader)->job_stats("job");
  ASSERT_TRUE(stats);
  EXPECT_EQ(stats->done, 3u);
}

TEST_F(StoreUnionTest, AMergeOfSomeStoresIsCompletedByAMergeOfAllWithoutWritingTwice) {
  const fs::path into = tmp.path() / "merged.db";
  ASSERT_TRUE(merge_stores(into, {a()}));  // like a merge stopped after the first store's batches
  auto rerun = merge_stores(into, {a(), b()});
  ASSERT_TRUE(rerun) << rerun.error().message;
  EXPECT_EQ(rerun->unchanged, 1u) << "apple was there already";
  EXPECT_EQ(rerun->results, 2u) << "banana, and cherry's newer fetch replacing the older";
  auto again = merge_stores(into, {a(), b()});
  ASSERT_TRUE(again);
  EXPECT_EQ(again->results, 0u);
  EXPECT_EQ(again->unchanged, 3u);
  auto reader = StoreReader::open(into);
  ASSERT_TRUE(reader);
  EXPECT_THAT(results_of(**reader), ElementsAre(std::pair<std::string, std::int64_t>("apple", 100),
                                                std::pair<std::string, std::int64_t>("banana", 100),
                                                std::pair<std::string, std::int64_t>("cherry", 200)));
  EXPECT_EQ((*reader)->versions(key_of("cherry")).value().size(), 2u);
}

TEST_F(StoreUnionTest, MergeRefusesItsTargetAsASourceAndAStoreGivenTwice) {
  auto into_itself = merge_stores(a(), {a(), b()});
  ASSERT_FALSE(into_itself);
  EXPECT_THAT(into_itself.error().message, HasSubstr("is also the --into store"));
  auto twice = merge_stores(tmp.path() / "m.db", {a(), a()});
  ASSERT_FALSE(twice);
  EXPECT_THAT(twice.error().message, HasSubstr("is given twice"));
  auto missing = merge_stores(tmp.path() / "m.db", {tmp.path() / "nope.db"});
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, errc::invalid_input);
}

}  // namespace
}  // namespace paa
