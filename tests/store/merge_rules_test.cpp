// The rules of `paa merge`, without RocksDB (src/store/merge_rules.hpp): what a merged store holds
// of a key's versions and of the runs.
#include "merge_rules.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace paa::store_detail {
namespace {

using ::testing::HasSubstr;

StoredResult version(const std::string& q, std::int64_t since, std::int64_t fetched, const std::string& body,
                     const std::string& run = "") {
  StoredResult r;
  r.key = "k";
  r.q = q;
  r.hl = "en";
  r.gl = "us";
  r.body = body;
  r.unchanged_since_ms = since;
  r.fetched_at_ms = fetched;
  r.run_id = run;
  r.first_run_id = run;
  return r;
}

HeldVersions held(std::vector<StoredResult> history, std::optional<StoredResult> current) {
  HeldVersions h;
  for (auto& v : history) h.history.emplace_back(v.unchanged_since_ms, std::move(v));
  h.current = std::move(current);
  return h;
}

// (slot, body, spelling) of each history version written.
std::vector<std::tuple<std::int64_t, std::string, std::string>> history_of(const KeyMerge& m) {
  std::vector<std::tuple<std::int64_t, std::string, std::string>> out;
  for (const auto& [slot, v] : m.history) out.emplace_back(slot, v.body, v.q);
  return out;
}

using Row = std::tuple<std::int64_t, std::string, std::string>;

TEST(MergeRules, EveryVersionOfOneSourceIsKeptUnderItsTime) {
  const std::vector<HeldVersions> sources{
      held({version("tea", 10, 10, "A"), version("tea", 20, 25, "B")}, version("tea", 30, 30, "C"))};
  auto m = plan_key_merge(HeldVersions{}, sources);
  ASSERT_TRUE(m.current);
  EXPECT_EQ(m.current->body, "C");
  EXPECT_EQ(history_of(m), (std::vector<Row>{{10, "A", "tea"}, {20, "B", "tea"}}));
}

TEST(MergeRules, TwoStoresVersionsInterleaveTheNewestFetchIsCurrentAndTheEarliestSpellingWins) {
  const std::vector<HeldVersions> sources{held({}, version("Tea", 10, 40, "A")),
                                          held({version("TEA", 20, 20, "B")}, version("TEA", 50, 50, "C"))};
  auto m = plan_key_merge(HeldVersions{}, sources);
  ASSERT_TRUE(m.current);
  EXPECT_EQ(m.current->body, "C");
  EXPECT_EQ(m.current->q, "Tea") << "first fetched (at 10) by the first store";
  EXPECT_EQ(history_of(m), (std::vector<Row>{{10, "A", "Tea"}, {20, "B", "Tea"}}));
}

TEST(MergeRules, OnATieTheFirstSourceIsCurrentAndTheSameVersionTwiceIsKeptOnce) {
  const std::vector<HeldVersions> sources{held({}, version("a", 10, 10, "A")), held({}, version("b", 10, 10, "A")),
                                          held({}, version("c", 5, 10, "X"))};
  auto m = plan_key_merge(HeldVersions{}, sources);
  ASSERT_TRUE(m.current);
  EXPECT_EQ(m.current->body, "A");
  EXPECT_EQ(m.current->q, "c") << "first fetched at 5";
  EXPECT_EQ(history_of(m), (std::vector<Row>{{5, "X", "c"}}));
}

TEST(MergeRules, ATakenSlotMovesToTheNextFreeMillisecond) {
  const HeldVersions target = held({version("t", 10, 10, "T")}, version("t", 11, 11, "U"));
  const std::vector<HeldVersions> sources{held({version("t", 10, 10, "S")}, version("t", 12, 12, "V"))};
  auto m = plan_key_merge(target, sources);
  ASSERT_TRUE(m.current);
  EXPECT_EQ(m.current->body, "V");
  // The target's kept version stays at 10; the source's 10 goes to the next free 11, and the
  // target's replaced current (since 11) after it: the slots keep the versions' time order.
  EXPECT_EQ(history_of(m), (std::vector<Row>{{11, "S", "t"}, {12, "U", "t"}}));
}

TEST(MergeRules, ATargetThatHoldsItAllNeedsNoWrite) {
  const std::vector<HeldVersions> sources{
      held({version("tea", 10, 10, "A")}, version("tea", 30, 30, "C")),
      held({}, version("Tea", 5, 5, "Z"))};
  auto first = plan_key_merge(HeldVersions{}, sources);
  HeldVersions target;
  target.current = first.current;
  target.history = first.history;
  EXPECT_TRUE(plan_key_merge(target, sources).empty()) << "a rerun writes nothing";
  // A newer answer in the target stays current; the sources' versions join its history.
  HeldVersions newer = held({}, version("tea", 90, 90, "N"));
  auto m = plan_key_merge(newer, sources);
  EXPECT_TRUE(m.current) << "respelled as the earliest fetch";
  EXPECT_EQ(m.current->body, "N");
  EXPECT_EQ(m.current->q, "Tea");
  EXPECT_EQ(m.history.size(), 3u);
}

TEST(MergeRules, ATargetVersionIsRespelledWhereItIsWhenAnEarlierFetchComesIn) {
  const HeldVersions target = held({version("late", 20, 20, "B")}, version("late", 30, 30, "C"));
  const std::vector<HeldVersions> sources{held({}, version("Early", 10, 10, "A"))};
  auto m = plan_key_merge(target, sources);
  ASSERT_TRUE(m.current);
  EXPECT_EQ(m.current->body, "C");
  EXPECT_EQ(m.current->q, "Early");
  EXPECT_EQ(history_of(m), (std::vector<Row>{{20, "B", "Early"}, {10, "A", "Early"}}));
}

RunInfo run(const std::string& id, const std::string& job, std::int64_t start, std::int64_t end,
            const std::string& outcome, std::uint64_t requests, std::uint64_t fresh) {
  RunInfo r;
  r.run_id = id;
  r.job = job;
  r.started_at_ms = start;
  r.ended_at_ms = end;
  r.outcome = outcome;
  if (end != 0) {
    r.money = RunMoney{requests, requests, requests, 0, 0, std::nullopt};
    r.changes = RunChanges{fresh, 0, 0};
  }
  return r;
}

TEST(MergeRules, TheShardsOfOneRunAreOneRunWithTheirFiguresAddedUp) {
  auto a = run("r1", "job", 1'000, 5'000, "completed", 3, 3);
  auto b = run("r1", "job", 1'400, 9'000, "quota", 2, 1);
  b.money->balance_fall = 7;
  const std::vector<RunInfo> both{a, b};
  auto c = combine_runs(both);
  EXPECT_EQ(c.run_id, "r1");
  EXPECT_EQ(c.job, "job");
  EXPECT_EQ(c.started_at_ms, 1'000);
  EXPECT_EQ(c.ended_at_ms, 9'000);
  EXPECT_EQ(c.outcome, "completed+quota");
  ASSERT_TRUE(c.money);
  EXPECT_EQ(c.money->requests, 5u);
  EXPECT_EQ(c.money->balance_fall, 7);
  EXPECT_EQ(c.changes.new_keys, 4u);
  // A shard still running (or killed): the run has not ended.
  const std::vector<RunInfo> cut{a, run("r2", "job", 1'000, 0, "", 0, 0)};
  auto open = combine_runs(cut);
  EXPECT_EQ(open.ended_at_ms, 0);
  EXPECT_EQ(open.outcome, "");
  EXPECT_EQ(open.run_id, "") << "two runs: no one name";
}

TEST(MergeRules, RunsAreListedOnceByIdAndAnIdOfTwoJobsIsRefused) {
  const std::vector<std::vector<RunInfo>> sources{
      {run("r1", "job", 1, 2, "completed", 1, 1), run("r2", "job", 3, 4, "completed", 1, 0)},
      {run("r1", "job", 1, 3, "completed", 2, 2), run("", "job", 0, 5, "completed", 1, 1)}};
  auto runs = plan_run_merge({}, sources, {"store 'a'", "store 'b'"}, "store 'm'");
  ASSERT_TRUE(runs) << runs.error().message;
  ASSERT_EQ(runs->size(), 2u) << "runs without an id are not listed";
  EXPECT_EQ((*runs)[0].run_id, "r1");
  EXPECT_EQ((*runs)[0].money->requests, 3u);
  EXPECT_EQ((*runs)[1].run_id, "r2");
  auto clash = plan_run_merge({}, {{run("r1", "a", 1, 2, "completed", 1, 1)}, {run("r1", "b", 1, 2, "completed", 1, 1)}},
                              {"store 'a'", "store 'b'"}, "store 'm'");
  ASSERT_FALSE(clash);
  EXPECT_EQ(clash.error().code, errc::invalid_input);
  EXPECT_THAT(clash.error().message, HasSubstr("run r1 is a run of job 'a' in store 'a' and of job 'b' in store 'b'"));
  auto with_target = plan_run_merge({run("r2", "other", 3, 4, "completed", 1, 0)}, sources, {"store 'a'", "store 'b'"},
                                    "store 'm'");
  ASSERT_FALSE(with_target);
  EXPECT_THAT(with_target.error().message, HasSubstr("of job 'other' in store 'm'"));
}

}  // namespace
}  // namespace paa::store_detail
