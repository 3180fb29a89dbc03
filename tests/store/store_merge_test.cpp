// `paa merge` keeps everything its sources hold (docs/scaling-out.md "paa merge"): every version
// of every key, every run record, each job's last run, and the spelling of a key's earliest fetch.
// The shard stores are written by the real writer, run by run, as `paa run --refresh` writes them.
#include "store_test_util.hpp"

#include "paa/store/store.hpp"
#include "paa/store/store_merge.hpp"
#include "paa/store/store_union.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <tuple>

namespace paa {
namespace {

using test::key_of;
using test::make_body;
using test::make_put;
using test::submit_and_wait;
using test::TempDir;
using test::TreeSpec;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace fs = std::filesystem;

constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kT1 = 1'795'000'000'000;  // 2026-11-18T11:06:40Z
constexpr std::int64_t kT2 = kT1 + 30 * kDay;
constexpr std::int64_t kT3 = kT2 + 30 * kDay;

struct Fetch {
  std::string q;
  TreeSpec tree;
  std::int64_t at_ms = 0;
};

// One `paa run` of job "split" into `dir`: a writer of its own (run figures count from its open),
// the run's start, the fetches, its end one minute after the start. Returns the run id.
std::string run(const fs::path& dir, std::int64_t start_ms, const std::vector<Fetch>& fetches,
                std::uint64_t requests, const std::string& job = "split") {
  auto writer = StoreWriter::open(dir);
  EXPECT_TRUE(writer) << writer.error().message;
  if (!writer) return "";
  auto id = (*writer)->record_run_start(job, start_ms);
  EXPECT_TRUE(id);
  for (const auto& f : fetches) {
    auto request = make_put(job, f.q, f.tree);
    auto& put = std::get<PutResult>(request.item);
    put.result.fetched_at_ms = f.at_ms;
    put.result.body = make_body(f.q, f.tree, false, 1000 - static_cast<std::int64_t>(f.at_ms % 1000));
    put.envelope = parse_envelope(put.result.body).value();
    put.result.quota = put.envelope.quota;
    EXPECT_TRUE(submit_and_wait(**writer, std::move(request)));
  }
  RunMoney money;
  money.requests = requests;
  money.stored = fetches.size();
  money.charged = fetches.size();
  EXPECT_TRUE((*writer)->record_run_end(job, start_ms + 60'000, "completed", money));
  EXPECT_TRUE((*writer)->close());
  return id ? *id : "";
}

std::unique_ptr<StoreReader> reader_of(const fs::path& dir) {
  auto r = StoreReader::open(dir);
  EXPECT_TRUE(r) << r.error().message;
  return r ? std::move(*r) : nullptr;
}

// A version as the test compares it: (unchanged since, fetched at, run, first question, spelling).
using Version = std::tuple<std::int64_t, std::int64_t, std::string, std::string, std::string>;

std::vector<Version> versions_of(StoreReader& reader, const std::string& key) {
  std::vector<Version> out;
  for (const auto& v : reader.versions(key).value()) {
    auto env = parse_envelope(v.body).value();
    out.emplace_back(v.unchanged_since_ms, v.fetched_at_ms, v.run_id,
                     env.result.children.empty() ? "" : env.result.children[0].question, v.q);
  }
  return out;
}

// A run record as text, to compare two of them whole.
std::string text(const RunInfo& r) {
  std::string out = r.run_id + " " + r.job + " " + std::to_string(r.started_at_ms) + ".." +
                    std::to_string(r.ended_at_ms) + " " + r.outcome + " changes " +
                    std::to_string(r.changes.new_keys) + "/" + std::to_string(r.changes.changed) + "/" +
                    std::to_string(r.changes.unchanged);
  if (r.money) {
    out += " money " + std::to_string(r.money->requests) + "/" + std::to_string(r.money->stored) + "/" +
           std::to_string(r.money->charged) + "/" + std::to_string(r.money->unknown) + "/" +
           std::to_string(r.money->unknown_disproved) + "/" +
           (r.money->balance_fall ? std::to_string(*r.money->balance_fall) : "-");
  }
  return out;
}

std::map<std::string, RunInfo> runs_by_id(StoreReader& reader) {
  std::map<std::string, RunInfo> out;
  for (auto& r : reader.runs().value()) out[r.run_id] = r;
  return out;
}

// Two shard stores of one job, each harvested and then refreshed twice (`paa run --refresh`):
// apple changes at every refresh, apricot once, banana once; "Cherry pie" is in both stores
// (an overlap), first fetched by shard A with that spelling, later by B as "cherry PIE".
class StoreMergeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    a1 = run(a(), kT1, {{"apple", {{"Apple 1?"}, {}}, kT1 + 10},
                        {"apricot", {{"Apricot 1?"}, {}}, kT1 + 20},
                        {"Cherry pie", {{"Cherry 1?"}, {}}, kT1 + 30}}, 3);
    b1 = run(b(), kT1, {{"banana", {{"Banana 1?"}, {}}, kT1 + 40}}, 2);  // the same second: one run id
    a2 = run(a(), kT2, {{"apple", {{"Apple 2?"}, {}}, kT2 + 10},
                        {"apricot", {{"Apricot 1?"}, {}}, kT2 + 20}}, 2);
    b2 = run(b(), kT2 + 5'000, {{"banana", {{"Banana 1?"}, {}}, kT2 + 5'010},
                                {"cherry PIE", {{"Cherry 2?"}, {}}, kT2 + 5'020}}, 2);
    a3 = run(a(), kT3, {{"apple", {{"Apple 3?"}, {}}, kT3 + 10},
                        {"apricot", {{"Apricot 2?"}, {}}, kT3 + 20}}, 4);
    b3 = run(b(), kT3 + 7'000, {{"banana", {{"Banana 2?"}, {}}, kT3 + 7'010},
                                {"cherry PIE", {{"Cherry 3?"}, {}}, kT3 + 7'020}}, 2);
  }
  fs::path a() const { return tmp.path() / "a.db"; }
  fs::path b() const { return tmp.path() / "b.db"; }
  fs::path merged() const { return tmp.path() / "merged.db"; }
  TempDir tmp;
  std::string a1, a2, a3, b1, b2, b3;
};

TEST_F(StoreMergeTest, AMergeOfShardsRefreshedTwiceKeepsEveryVersionRunAndFirstSpelling) {
  ASSERT_EQ(a1, b1) << "the test wants two shards of one run";
  auto summary = merge_stores(merged(), {a(), b()});
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(summary->results, 4u);
  auto ra = reader_of(a());
  auto rb = reader_of(b());
  auto m = reader_of(merged());
  ASSERT_TRUE(ra && rb && m);

  // Every version of a key one shard holds, as that shard holds it.
  for (const char* q : {"apple", "apricot"}) {
    EXPECT_EQ(versions_of(*m, key_of(q)), versions_of(*ra, key_of(q))) << q;
  }
  EXPECT_EQ(versions_of(*m, key_of("banana")), versions_of(*rb, key_of("banana")));
  EXPECT_THAT(versions_of(*m, key_of("apple")),
              ElementsAre(Version{kT1 + 10, kT1 + 10, a1, "Apple 1?", "apple"},
                          Version{kT2 + 10, kT2 + 10, a2, "Apple 2?", "apple"},
                          Version{kT3 + 10, kT3 + 10, a3, "Apple 3?", "apple"}));
  // The overlapping key: both shards' versions in time order, the newest fetch current, and the
  // spelling of the earliest fetch (shard A's) on every one of them.
  EXPECT_THAT(versions_of(*m, key_of("cherry pie")),
              ElementsAre(Version{kT1 + 30, kT1 + 30, a1, "Cherry 1?", "Cherry pie"},
                          Version{kT2 + 5'020, kT2 + 5'020, b2, "Cherry 2?", "Cherry pie"},
                          Version{kT3 + 7'020, kT3 + 7'020, b3, "Cherry 3?", "Cherry pie"}));
  EXPECT_EQ(m->get(key_of("cherry pie")).value()->q, "Cherry pie");

  // Every run record; the shards of one run (one id) are one run with both shards' figures.
  auto runs = runs_by_id(*m);
  std::vector<std::string> ids;
  for (const auto& [id, info] : runs) ids.push_back(id);
  ASSERT_THAT(ids, ElementsAre(a1, a2, b2, a3, b3));
  const auto shard_a1 = runs_by_id(*ra).at(a1);
  const auto shard_b1 = runs_by_id(*rb).at(b1);
  const RunInfo& first = runs.at(a1);
  EXPECT_EQ(first.job, "split");
  EXPECT_EQ(first.started_at_ms, kT1);
  EXPECT_EQ(first.ended_at_ms, kT1 + 60'000);
  EXPECT_EQ(first.outcome, "completed");
  EXPECT_EQ(first.changes.new_keys, shard_a1.changes.new_keys + shard_b1.changes.new_keys);
  EXPECT_EQ(first.changes.new_keys, 4u);
  ASSERT_TRUE(first.money);
  EXPECT_EQ(first.money->requests, 5u);
  EXPECT_EQ(first.money->stored, 4u);
  for (const auto& id : {a2, a3}) {
    EXPECT_EQ(text(runs.at(id)), text(runs_by_id(*ra).at(id))) << id;
  }
  for (const auto& id : {b2, b3}) {
    EXPECT_EQ(text(runs.at(id)), text(runs_by_id(*rb).at(id))) << id;
  }

  // The job's last run: each shard's last run, together.
  const auto last = m->job_stats("split").value().last_run;
  EXPECT_EQ(last.started_at_ms, kT3);
  EXPECT_EQ(last.ended_at_ms, kT3 + 7'000 + 60'000);
  EXPECT_EQ(last.changes.changed, 4u) << "apple, apricot (A), banana, cherry (B)";
  ASSERT_TRUE(last.money);
  EXPECT_EQ(last.money->requests, 6u);

  // `export --at` and `paa diff` of the merged store see the shards' past.
  auto at_first = m->get_at(key_of("apple"), first.ended_at_ms).value();
  ASSERT_TRUE(at_first);
  EXPECT_EQ(at_first->run_id, a1);
  auto banana_then = m->get_at(key_of("banana"), kT2).value();
  ASSERT_TRUE(banana_then);
  EXPECT_EQ(banana_then->fetched_at_ms, kT1 + 40) << "as it was before its unchanged refresh";

  // A rerun writes nothing and duplicates nothing.
  m.reset();
  auto again = merge_stores(merged(), {a(), b()});
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(again->results, 0u);
  EXPECT_EQ(again->unchanged, 4u);
  m = reader_of(merged());
  EXPECT_EQ(versions_of(*m, key_of("apple")).size(), 3u);
  EXPECT_EQ(versions_of(*m, key_of("cherry pie")).size(), 3u);
  EXPECT_EQ(m->runs().value().size(), 5u);
  EXPECT_EQ(m->job_stats("split").value().last_run.changes.changed, 4u);
}

// The merged store reads as the union of its sources (`export --store` repeated): the same
// results, the overlapping key with its earliest spelling in both.
TEST_F(StoreMergeTest, TheMergedStoreReadsAsTheUnionOfItsSources) {
  ASSERT_TRUE(merge_stores(merged(), {a(), b()}));
  auto both = StoreUnion::open({a(), b()});
  ASSERT_TRUE(both) << both.error().message;
  auto m = reader_of(merged());
  ASSERT_TRUE(m);
  auto rows = [](StoreReader& r) {
    std::vector<std::tuple<std::string, std::string, std::int64_t, std::string>> out;
    EXPECT_TRUE(r.scan_results("", [&](const StoredResult& s) {
      out.emplace_back(s.key, s.q, s.fetched_at_ms, s.body);
      return true;
    }));
    return out;
  };
  EXPECT_EQ(rows(**both), rows(*m));
  EXPECT_EQ((*both)->get(key_of("cherry pie")).value()->q, "Cherry pie");
  EXPECT_EQ((*both)->overlapping_keys(), 2u) << "cherry pie, by the scan and by get()";
}

TEST_F(StoreMergeTest, ARunIdOfTwoJobsIsRefusedBeforeTheTargetIsCreated) {
  const fs::path other = tmp.path() / "other.db";
  ASSERT_EQ(run(other, kT1, {{"plum", {{"Plum?"}, {}}, kT1 + 50}}, 1, "other"), a1);
  auto refused = merge_stores(merged(), {a(), other});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, errc::invalid_input);
  EXPECT_THAT(refused.error().message, HasSubstr("run " + a1 + " is a run of job 'split' in store '" + a().string() +
                                                 "' and of job 'other' in store '" + other.string() + "'"));
  EXPECT_FALSE(fs::exists(merged()));
}

}  // namespace
}  // namespace paa
