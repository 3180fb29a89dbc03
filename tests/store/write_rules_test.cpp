// The store's write rules, step by step without RocksDB (src/store/write_rules.hpp): what a
// write does to a key's records given what is stored.
#include "write_rules.hpp"
#include "codec.hpp"
#include "store_test_util.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>


#include <set>
#include <string>

namespace paa::store_detail {
namespace {

using test::make_body;
using test::make_put;
using test::TreeSpec;
using ::testing::HasSubstr;

constexpr std::int64_t kNow = 1'800'000'000'000;

PutResult put_of(const std::string& q, const TreeSpec& tree, std::int64_t at_ms, std::int64_t searches_left = 100) {
  auto request = make_put("job", q, tree);
  auto put = std::get<PutResult>(std::move(request.item));
  put.result.fetched_at_ms = at_ms;
  put.result.body = make_body(q, tree, false, searches_left);
  put.envelope = parse_envelope(put.result.body).value();
  put.result.quota = put.envelope.quota;
  return put;
}

// What the store holds after `plan_put` of `put`.
StoredResult stored(const PutResult& put) { return put.result; }

TEST(WriteRules, ANewKeyIsStoredDone) {
  auto put = put_of("Coffee", TreeSpec{{"Why?", "How?"}, {"Why?"}}, 1'000);
  put.spent_search = true;
  put.attempts = 2;
  auto plan = plan_put(put, std::nullopt, "run-1", kNow);
  EXPECT_EQ(plan.kind, PutKind::new_key);
  EXPECT_FALSE(plan.history_since);
  EXPECT_EQ(put.result.run_id, "run-1");
  EXPECT_EQ(put.result.first_run_id, "run-1");
  EXPECT_EQ(put.result.unchanged_since_ms, 1'000);
  EXPECT_EQ(plan.progress.state, ProgressState::done);
  EXPECT_EQ(plan.progress.attempts, 2u);
  EXPECT_EQ(plan.progress.last_status, 200);
  EXPECT_TRUE(plan.progress.spent_search);
  EXPECT_EQ(plan.progress.updated_at_ms, kNow);
}

TEST(WriteRules, TheSameAnswerAgainKeepsItsFirstFetch) {
  auto first = put_of("tea", TreeSpec{{"Green?"}, {}}, 1'000, 100);
  first.result.cached = true;
  (void)plan_put(first, std::nullopt, "run-1", kNow);
  // Other quota figures and JSON bytes, the same tree: unchanged.
  auto again = put_of("tea", TreeSpec{{"Green?"}, {}}, 5'000, 42);
  auto plan = plan_put(again, stored(first), "run-2", kNow);
  EXPECT_EQ(plan.kind, PutKind::unchanged);
  EXPECT_FALSE(plan.history_since);
  EXPECT_EQ(again.result.fetched_at_ms, 5'000);
  EXPECT_EQ(again.result.unchanged_since_ms, 1'000);
  EXPECT_EQ(again.result.run_id, "run-2");
  EXPECT_EQ(again.result.first_run_id, "run-1");
  EXPECT_TRUE(again.result.first_cached);
  EXPECT_FALSE(again.result.cached);
  EXPECT_EQ(again.result.quota.searches_left, 42) << "the latest fetch's figures";
}

TEST(WriteRules, AnotherAnswerSendsTheOldVersionToHistory) {
  auto first = put_of("tea", TreeSpec{{"Green?", "Black?"}, {}}, 1'000);
  (void)plan_put(first, std::nullopt, "run-1", kNow);
  auto same = put_of("tea", TreeSpec{{"Green?", "Black?"}, {}}, 2'000);
  (void)plan_put(same, stored(first), "run-2", kNow);
  auto changed = put_of("tea", TreeSpec{{"Green?", "White?"}, {}}, 3'000);
  auto plan = plan_put(changed, stored(same), "run-3", kNow);
  EXPECT_EQ(plan.kind, PutKind::changed);
  EXPECT_EQ(plan.history_since, 1'000) << "under the time its answer began";
  EXPECT_EQ(changed.result.unchanged_since_ms, 3'000);
  EXPECT_EQ(changed.result.first_run_id, "run-3");
}

TEST(WriteRules, TheFirstSeenSpellingStays) {
  auto first = put_of("Crème Brûlée", TreeSpec{{"Why?"}, {}}, 1'000);
  (void)plan_put(first, std::nullopt, "", kNow);
  auto again = put_of("crème brûlée", TreeSpec{{"How?"}, {}}, 2'000);
  ASSERT_EQ(again.result.key, first.result.key);
  (void)plan_put(again, stored(first), "", kNow);
  EXPECT_EQ(again.result.q, "Crème Brûlée");
}

TEST(WriteRules, AnOldBodyThatNoLongerParsesMakesTheRefreshAChange) {
  auto put = put_of("tea", TreeSpec{{"Green?"}, {}}, 2'000);
  StoredResult old = put.result;
  old.body = "not json";
  old.unchanged_since_ms = 500;
  auto plan = plan_put(put, old, "", kNow);
  EXPECT_EQ(plan.kind, PutKind::changed);
  EXPECT_EQ(plan.history_since, 500);
}

TEST(WriteRules, AStoredDigestDecidesWithoutParsingTheStoredBody) {
  auto first = put_of("tea", TreeSpec{{"Green?"}, {}}, 1'000);
  (void)plan_put(first, std::nullopt, "run-1", kNow);
  ASSERT_TRUE(first.result.tree_digest) << "format 6: every stored answer has one";
  EXPECT_EQ(*first.result.tree_digest, tree_digest(first.envelope.result));
  StoredResult old = stored(first);
  old.body = "not json";  // were it parsed, the refresh would count as a change
  auto same = put_of("tea", TreeSpec{{"Green?"}, {}}, 2'000);
  EXPECT_EQ(plan_put(same, old, "run-2", kNow).kind, PutKind::unchanged);
  auto other = put_of("tea", TreeSpec{{"Black?"}, {}}, 3'000);
  EXPECT_EQ(plan_put(other, old, "run-3", kNow).kind, PutKind::changed);
}

TEST(WriteRules, AnOlderRecordWithoutADigestIsComparedByItsTree) {
  auto first = put_of("tea", TreeSpec{{"Green?"}, {}}, 1'000);
  (void)plan_put(first, std::nullopt, "run-1", kNow);
  StoredResult old = stored(first);
  old.tree_digest.reset();  // written by format 5
  auto same = put_of("tea", TreeSpec{{"Green?"}, {}}, 2'000);
  EXPECT_EQ(plan_put(same, old, "run-2", kNow).kind, PutKind::unchanged);
  EXPECT_TRUE(same.result.tree_digest) << "and the record written now has one";
  auto other = put_of("tea", TreeSpec{{"Black?"}, {}}, 3'000);
  EXPECT_EQ(plan_put(other, old, "run-3", kNow).kind, PutKind::changed);
}

TEST(WriteRules, StoredTreesParseWithoutAFetchsSizeLimit) {
  auto put = put_of("tea", TreeSpec{{"Green?"}, {}}, 1'000);
  put.result.body.insert(put.result.body.size() - 1, std::string(ParseLimits{}.max_body_bytes, ' '));
  EXPECT_TRUE(stored_tree(put.result));
  put.result.body = "{";
  EXPECT_FALSE(stored_tree(put.result));
}

TEST(WriteRules, MarkDoneNeedsAStoredResultAndKeepsADoneEntry) {
  auto refused = plan_mark_done(false, std::nullopt, kNow);
  ASSERT_FALSE(refused);
  EXPECT_THAT(refused.error().message, HasSubstr("no result is stored"));
  auto fresh = plan_mark_done(true, std::nullopt, kNow).value();
  ASSERT_TRUE(fresh);
  EXPECT_EQ(fresh->state, ProgressState::done);
  EXPECT_FALSE(fresh->spent_search) << "nothing spent";
  ProgressEntry failed;
  failed.state = ProgressState::failed;
  failed.attempts = 4;
  auto after_failure = plan_mark_done(true, failed, kNow).value();
  ASSERT_TRUE(after_failure);
  EXPECT_EQ(after_failure->attempts, 4u);
  ProgressEntry paid;
  paid.spent_search = true;
  EXPECT_FALSE(plan_mark_done(true, paid, kNow).value()) << "a done entry stays as it is";
}

// The (job, key) entry records the attributes the job's list gives the key; a done entry keeps
// everything else (the search it paid for) when only they change.
TEST(WriteRules, ProgressEntriesRecordTheListsAttributes) {
  SeedAttributes attrs;
  attrs.fields = {{"volume", "1,300"}, {"KD", "42"}};
  attrs.volume = 1300;
  auto put = put_of("Coffee", TreeSpec{{"Why?"}, {}}, 1'000);
  EXPECT_EQ(plan_put(put, std::nullopt, "run-1", kNow, attrs).progress.attrs, attrs);

  EXPECT_EQ(plan_mark_done(true, std::nullopt, kNow, attrs).value()->attrs, attrs);
  ProgressEntry paid;
  paid.spent_search = true;
  paid.attempts = 3;
  paid.attrs = attrs;
  EXPECT_FALSE(plan_mark_done(true, paid, kNow, attrs).value()) << "the same attributes: nothing to write";
  SeedAttributes edited = attrs;
  edited.fields[0].second = "2,000";
  edited.volume = 2000;
  auto relabelled = plan_mark_done(true, paid, kNow + 1, edited).value();
  ASSERT_TRUE(relabelled);
  ProgressEntry expected = paid;
  expected.attrs = edited;
  EXPECT_EQ(encode_progress(*relabelled), encode_progress(expected)) << "only the attributes change";

  const MarkFailed mark{"k", 2, 503, "busy"};
  EXPECT_EQ(plan_mark_failed(mark, std::nullopt, kNow, attrs)->attrs, attrs);
}

TEST(WriteRules, MarkFailedNeverDemotesADoneKeyAndCutsLongErrors) {
  MarkFailed mark{"k", 5, 503, std::string(800, 'x')};
  auto p = plan_mark_failed(mark, std::nullopt, kNow);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->state, ProgressState::failed);
  EXPECT_EQ(p->attempts, 5u);
  EXPECT_EQ(p->last_status, 503);
  EXPECT_EQ(p->error.size(), 500u);
  EXPECT_FALSE(plan_mark_failed(mark, ProgressEntry{}, kNow));
  ProgressEntry failed;
  failed.state = ProgressState::failed;
  EXPECT_TRUE(plan_mark_failed(mark, failed, kNow)) << "a failed key fails again";
}

TEST(WriteRules, RunsAreNamedByTheirStartAndEndOverTheirStart) {
  const std::int64_t t = 1'795'000'000'000;  // 2026-11-18T11:06:40Z
  std::set<std::string> taken{"20261118-110640", "20261118-110640-2"};
  auto id = free_run_name(t, [&](const std::string& name) -> Result<bool> { return taken.count(name) > 0; });
  ASSERT_TRUE(id);
  EXPECT_EQ(*id, "20261118-110640-3");
  auto start = run_started("job", *id, t);
  auto end = run_ended(start, t + 9, "completed", RunMoney{1, 2, 3, 0, 0, 4}, RunChanges{5, 6, 7});
  EXPECT_EQ(end.run_id, *id);
  EXPECT_EQ(end.job, "job");
  EXPECT_EQ(end.started_at_ms, t);
  EXPECT_EQ(end.ended_at_ms, t + 9);
  EXPECT_EQ(end.outcome, "completed");
  EXPECT_EQ(end.money->balance_fall, 4);
  EXPECT_EQ(end.changes.unchanged, 7u);
}

TEST(WriteRules, AHistorySlotIsNeverOneAlreadyKept) {
  std::set<std::int64_t> kept{10, 11};
  auto slot = free_history_slot(10, [&](std::int64_t ms) -> Result<bool> { return kept.count(ms) > 0; });
  EXPECT_EQ(slot.value(), 12);
  EXPECT_EQ(free_history_slot(3, [&](std::int64_t ms) -> Result<bool> { return kept.count(ms) > 0; }).value(), 3);
}

TEST(WriteRules, AShardIsRecordedByTheFirstRunAndNeverChanged) {
  const ShardClaim one{1, 4, 1};
  EXPECT_EQ(plan_shard_claim(std::nullopt, false, "job", one).value(), one) << "first run: recorded";
  EXPECT_FALSE(plan_shard_claim(std::nullopt, false, "job", std::nullopt).value()) << "the whole job: no record";
  EXPECT_FALSE(plan_shard_claim(one, true, "job", one).value()) << "the same again: nothing to write";
  EXPECT_FALSE(plan_shard_claim(std::nullopt, true, "job", std::nullopt).value());
  auto other = plan_shard_claim(one, true, "job", ShardClaim{2, 4, 1});
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().code, errc::invalid_input);
  EXPECT_THAT(other.error().message, HasSubstr("holds shard 1/4 (shard hash v1) of job 'job'; this run is shard 2/4"));
  auto whole = plan_shard_claim(std::nullopt, true, "job", one);
  ASSERT_FALSE(whole) << "a store that ran the whole job is never resumed as a shard";
  EXPECT_THAT(whole.error().message, HasSubstr("holds the whole job (no --shard)"));
}

}  // namespace
}  // namespace paa::store_detail
