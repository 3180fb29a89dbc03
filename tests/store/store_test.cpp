#include "store_test_util.hpp"
#include "support/process.hpp"

#include "paa/store/store.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <unistd.h>

#include <atomic>
#include <fstream>
#include <future>
#include <optional>
#include <latch>
#include <map>
#include <numeric>
#include <thread>

namespace paa {
namespace {

using test::key_of;
using test::raw_format_version;
using test::make_put;
using test::submit_and_wait;
using test::TempDir;
using test::TreeSpec;
using ::testing::HasSubstr;

std::unique_ptr<StoreWriter> open_writer(const std::filesystem::path& dir,
                                         const StoreOptions& options = {}) {
  auto w = StoreWriter::open(dir, options);
  if (!w) ADD_FAILURE() << w.error().message;
  return w ? std::move(*w) : nullptr;
}
std::unique_ptr<StoreReader> open_reader(const std::filesystem::path& dir) {
  auto r = StoreReader::open(dir);
  if (!r) ADD_FAILURE() << r.error().message;
  return r ? std::move(*r) : nullptr;
}

std::uint64_t results_of(StoreReader& reader) {
  std::uint64_t n = 0;
  EXPECT_TRUE(reader.scan_results("", [&](const StoredResult&) {
    ++n;
    return true;
  }));
  return n;
}

TEST(StoreRoundTrip, ResultKeepsUnicodeSpellingQuotaAndBody) {
  TempDir tmp;
  auto dir = tmp.path() / "s.db";
  auto writer = open_writer(dir);
  auto req = make_put("job", "  Café   Crème Brûlée ", TreeSpec{{"Qu'est-ce que c'est ?"}, {}},
                      "fr", "FR", "São Paulo");
  auto& put = std::get<PutResult>(req.item);
  put.result.fetched_at_ms = 1'712'345'678'901;
  ASSERT_TRUE(submit_and_wait(*writer, req));

  const std::string key = put.result.key;
  EXPECT_TRUE(writer->has_result(key).value());
  EXPECT_FALSE(writer->has_result(key_of("other")).value());
  auto progress = writer->progress("job", key).value();
  ASSERT_TRUE(progress);
  EXPECT_EQ(progress->state, ProgressState::done);
  EXPECT_TRUE(progress->spent_search);
  EXPECT_EQ(progress->attempts, 1u);
  EXPECT_EQ(progress->last_status, 200);

  auto reader = open_reader(dir);
  auto got = reader->get(key).value();
  ASSERT_TRUE(got);
  EXPECT_EQ(got->key, key);
  EXPECT_EQ(got->q, "Café Crème Brûlée");
  EXPECT_EQ(got->hl, "fr");
  EXPECT_EQ(got->gl, "FR") << "the first-seen spelling, not the key";
  EXPECT_EQ(got->city, "São Paulo");
  EXPECT_EQ(got->body, put.result.body);
  EXPECT_EQ(got->fetched_at_ms, 1'712'345'678'901);
  EXPECT_FALSE(got->cached);
  EXPECT_EQ(got->quota.searches_left, 100);
  EXPECT_EQ(got->quota.payg_credits_left, 7);
  ASSERT_TRUE(got->quota.renewal_date);
  EXPECT_EQ(format_date(*got->quota.renewal_date), "2031-02-28");
  EXPECT_FALSE(reader->get(key_of("other")).value());
}

TEST(StoreRoundTrip, BodyWithNulBytesAndNoQuotaFieldsIsKeptByteForByte) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  auto req = make_put("job", "nul", TreeSpec{});
  auto& put = std::get<PutResult>(req.item);
  put.result.body = std::string("{\"a\":\0\0\"\xff\xfe\"}\0", 14);
  put.result.quota = {};
  put.result.cached = true;
  ASSERT_TRUE(submit_and_wait(*writer, req));
  auto reader = open_reader(tmp.path());
  auto got = reader->get(put.result.key).value();
  ASSERT_TRUE(got);
  EXPECT_EQ(got->body, put.result.body);
  EXPECT_TRUE(got->cached);
  EXPECT_FALSE(got->quota.searches_left);
  EXPECT_FALSE(got->quota.payg_credits_left);
  EXPECT_FALSE(got->quota.renewal_date);
}

TEST(StoreRoundTrip, RefreshKeepsTheFirstSeenSpelling) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  ASSERT_TRUE(submit_and_wait(*writer, make_put("job", "Best Coffee", TreeSpec{{"a?"}, {}})));
  auto again = make_put("job", "best   COFFEE", TreeSpec{{"b?"}, {}});
  ASSERT_TRUE(submit_and_wait(*writer, again));
  auto reader = open_reader(tmp.path());
  auto got = reader->get(key_of("best coffee")).value();
  ASSERT_TRUE(got);
  EXPECT_EQ(got->q, "Best Coffee");
  EXPECT_EQ(got->body, std::get<PutResult>(again.item).result.body);
}

TEST(StoreBatch, OneRequestWritesResultProgressAndQuotaTogether) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  auto req = make_put("job", "coffee", TreeSpec{{"Is coffee good?"}, {"How much?"}});
  QuotaState quota;
  quota.searches_left = 41;
  quota.seen_at_ms = 123;
  req.quota = quota;
  ASSERT_TRUE(submit_and_wait(*writer, req));
  auto reader = open_reader(tmp.path());
  EXPECT_TRUE(reader->get(key_of("coffee")).value());
  EXPECT_EQ(reader->job_stats("job").value().done, 1u);
  EXPECT_EQ(reader->quota().value().searches_left, 41);
}

TEST(StoreBatch, RejectedRequestWritesNoPartAndOthersInTheGroupCommit) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  std::vector<std::future<Result<void>>> results;
  std::vector<std::shared_ptr<std::promise<Result<void>>>> promises;
  auto submit = [&](WriteRequest r) {
    auto p = std::make_shared<std::promise<Result<void>>>();
    results.push_back(p->get_future());
    ASSERT_TRUE(writer->submit(std::move(r), [p](Result<void> x) { p->set_value(std::move(x)); }));
  };
  submit(make_put("job", "before", TreeSpec{{"shared?"}, {}}));
  auto bad = make_put(std::string("bad\0job", 7), "bad", TreeSpec{{"only in bad?"}, {}});
  QuotaState q;
  q.searches_left = 1;
  bad.quota = q;
  submit(bad);
  submit(make_put("job", "after", TreeSpec{{"shared?"}, {}}));
  EXPECT_TRUE(results[0].get());
  auto bad_result = results[1].get();
  ASSERT_FALSE(bad_result);
  EXPECT_THAT(bad_result.error().message, HasSubstr("invalid job name"));
  EXPECT_TRUE(results[2].get());

  auto reader = open_reader(tmp.path());
  EXPECT_FALSE(reader->get(key_of("bad")).value());
  EXPECT_FALSE(reader->progress("bad", key_of("bad")).value());
  EXPECT_FALSE(reader->quota().value().searches_left);
  EXPECT_EQ(results_of(*reader), 2u);
  EXPECT_EQ(reader->job_stats("job").value().done, 2u);
}

// A harvest's write batch holds facts only (issue #30): the result, the version it replaced,
// the progress entry and the quota; no question index. Each record in a batch takes one
// sequence number, so the store's latest sequence number counts the records written.
TEST(StoreBatch, AHarvestsBatchHoldsTheFactsAndNoQuestionIndex) {
  TempDir tmp;
  { ASSERT_TRUE(open_writer(tmp.path())); }
  std::uint64_t before = test::raw_latest_sequence(tmp.path());
  auto records_of = [&](WriteRequest request) {
    {
      auto writer = open_writer(tmp.path());
      EXPECT_TRUE(submit_and_wait(*writer, std::move(request)));
    }
    const std::uint64_t now = test::raw_latest_sequence(tmp.path());
    const std::uint64_t written = now - before;
    before = now;
    return written;
  };
  const TreeSpec tree{{"Why?", "How?", "When?"}, {"Where?", "Who?"}};
  auto first = make_put("job", "coffee", tree);
  QuotaState quota;
  quota.searches_left = 41;
  first.quota = quota;
  EXPECT_EQ(records_of(first), 3u) << "result, progress, quota";
  auto same = make_put("job", "coffee", tree);
  std::get<PutResult>(same.item).result.fetched_at_ms += 1'000;
  EXPECT_EQ(records_of(same), 2u) << "an unchanged refresh: result, progress";
  auto changed = make_put("job", "coffee", TreeSpec{{"Other?", "Questions?"}, {"Nested?"}});
  std::get<PutResult>(changed.item).result.fetched_at_ms += 2'000;
  EXPECT_EQ(records_of(changed), 3u) << "a changed answer: result, the old one to history, progress";
  EXPECT_EQ(records_of(WriteRequest{"other job", MarkDone{key_of("coffee")}, {}, {}}), 1u) << "progress";
  // Nothing ever went into the questions family: it holds no key and no file.
  EXPECT_EQ(test::raw_family_keys(tmp.path(), "questions"), 0u);
  EXPECT_EQ(test::raw_family_files(tmp.path(), "questions"), 0u);
  auto reader = open_reader(tmp.path());
  EXPECT_EQ(reader->versions(key_of("coffee")).value().size(), 2u);
  bool visited = false;
  EXPECT_TRUE(reader->scan_questions([&](const QuestionEntry&) { return visited = true; }));
  EXPECT_FALSE(visited) << "a store of format 5 has no question index";
}

// Many writes in one group, refreshes of one key among them: still nothing but facts.
TEST(StoreBatch, ManyTreesInOneGroupLeaveTheQuestionsFamilyEmpty) {
  TempDir tmp;
  {
    auto writer = open_writer(tmp.path());
    constexpr int kTrees = 300;
    std::atomic<int> ok{0};
    std::latch all_done(kTrees + 2);
    for (int i = 0; i < kTrees; ++i) {
      TreeSpec tree{{"common?", "q" + std::to_string(i) + "?"}, {i % 2 ? "Common?" : "other?"}};
      ASSERT_TRUE(writer->submit(make_put("job", "tree " + std::to_string(i), tree), [&](Result<void> r) {
        if (r) ++ok;
        all_done.count_down();
      }));
    }
    // The same key twice more (likely in the same group): the same answer, then another one.
    for (const char* nested : {"other?", "changed?"}) {
      ASSERT_TRUE(writer->submit(make_put("job", "tree 0", TreeSpec{{"common?", "q0?"}, {nested}}),
                                 [&](Result<void> r) {
                                   if (r) ++ok;
                                   all_done.count_down();
                                 }));
    }
    all_done.wait();
    EXPECT_EQ(ok, kTrees + 2);
    EXPECT_EQ(writer->run_changes().new_keys, static_cast<std::uint64_t>(kTrees));
    EXPECT_EQ(writer->run_changes().changed, 1u);
    EXPECT_EQ(writer->run_changes().unchanged, 1u);
  }
  EXPECT_EQ(test::raw_family_keys(tmp.path(), "questions"), 0u);
  EXPECT_EQ(test::raw_family_files(tmp.path(), "questions"), 0u);
  auto reader = open_reader(tmp.path());
  EXPECT_EQ(results_of(*reader), 300u);
  EXPECT_EQ(reader->versions(key_of("tree 0")).value().size(), 2u);
}

TEST(StoreProgress, FailedKeyLaterDoneAndDoneIsNeverDemoted) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  const std::string key = key_of("flaky");
  WriteRequest failed{"job", MarkFailed{key, 5, 500, "HTTP 500 Internal server error"}, {}, {}};
  ASSERT_TRUE(submit_and_wait(*writer, failed));
  auto p = writer->progress("job", key).value();
  ASSERT_TRUE(p);
  EXPECT_EQ(p->state, ProgressState::failed);
  EXPECT_EQ(p->attempts, 5u);
  EXPECT_EQ(p->last_status, 500);
  EXPECT_EQ(p->error, "HTTP 500 Internal server error");
  auto reader = open_reader(tmp.path());
  auto stats = reader->job_stats("job").value();
  EXPECT_EQ(stats.failed, 1u);
  EXPECT_EQ(stats.done, 0u);

  ASSERT_TRUE(submit_and_wait(*writer, make_put("job", "flaky", TreeSpec{})));
  EXPECT_EQ(writer->progress("job", key).value()->state, ProgressState::done);
  ASSERT_TRUE(submit_and_wait(*writer, failed));  // a late failure report changes nothing
  EXPECT_EQ(writer->progress("job", key).value()->state, ProgressState::done);
  ASSERT_TRUE(reader->catch_up());
  stats = reader->job_stats("job").value();
  EXPECT_EQ(stats.failed, 0u);
  EXPECT_EQ(stats.done, 1u);
  EXPECT_EQ(stats.searches_spent, 1u);
}

TEST(StoreProgress, AWriteThatKeepsAttributesKeepsWhatTheEntryHolds) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  SeedAttributes listed;
  listed.fields.emplace_back("volume", "777");
  listed.volume = 777;
  WriteRequest first = make_put("job", "gained", TreeSpec{});
  first.attrs = listed;
  ASSERT_TRUE(submit_and_wait(*writer, first));
  // A level fetches the key again: its request has no attributes of its own.
  WriteRequest level = make_put("job", "gained", TreeSpec{{"Changed?"}, {}});
  level.keep_attrs = true;
  ASSERT_TRUE(submit_and_wait(*writer, level));
  EXPECT_EQ(writer->progress("job", key_of("gained")).value()->attrs, listed);
  WriteRequest failed{"job", MarkFailed{key_of("new"), 1, 500, "HTTP 500"}, {}, {}};
  failed.keep_attrs = true;
  ASSERT_TRUE(submit_and_wait(*writer, failed));
  EXPECT_TRUE(writer->progress("job", key_of("new")).value()->attrs.fields.empty()) << "nothing to keep";
}

TEST(StoreReached, AStoredAnswerRecordsItsServiceAndAnOlderStoreWithResultsCountsAsReached) {
  TempDir tmp;
  {
    auto writer = open_writer(tmp.path() / "new.db");
    EXPECT_FALSE(writer->service_reached("https://a.example/api").value()) << "an empty store reached nothing";
    WriteRequest put = make_put("job", "coffee", TreeSpec{});
    put.reached_service = "https://a.example/api";
    ASSERT_TRUE(submit_and_wait(*writer, put));
    EXPECT_TRUE(writer->service_reached("https://a.example/api").value());
    EXPECT_FALSE(writer->service_reached("https://b.example/api").value()) << "another address is not";
  }
  {
    // Results from a release without these records: whichever address it was, it answered.
    auto writer = open_writer(tmp.path() / "old.db");
    ASSERT_TRUE(submit_and_wait(*writer, make_put("job", "coffee", TreeSpec{})));
    EXPECT_TRUE(writer->service_reached("https://b.example/api").value());
  }
}

TEST(StoreProgress, MarkDoneNeedsAStoredResultAndSpendsNothing) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  auto missing = submit_and_wait(*writer, WriteRequest{"job2", MarkDone{key_of("nothing")}, {}, {}});
  ASSERT_FALSE(missing);
  EXPECT_THAT(missing.error().message, HasSubstr("no result is stored"));

  ASSERT_TRUE(submit_and_wait(*writer, make_put("job1", "shared", TreeSpec{{"x?"}, {}})));
  ASSERT_TRUE(submit_and_wait(*writer, WriteRequest{"job2", MarkDone{key_of("shared")}, {}, {}}));
  // Marking an already-done key of job1 done again keeps the search it paid for.
  ASSERT_TRUE(submit_and_wait(*writer, WriteRequest{"job1", MarkDone{key_of("shared")}, {}, {}}));
  auto reader = open_reader(tmp.path());
  auto jobs = reader->jobs().value();
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].job, "job1");
  EXPECT_EQ(jobs[0].searches_spent, 1u);
  EXPECT_EQ(jobs[1].job, "job2");
  EXPECT_EQ(jobs[1].done, 1u);
  EXPECT_EQ(jobs[1].searches_spent, 0u);
}

TEST(StoreProgress, ScanProgressListsOnlyThatJobsKeys) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  for (const char* q : {"a", "b", "c"}) ASSERT_TRUE(submit_and_wait(*writer, make_put("j", q, {})));
  ASSERT_TRUE(submit_and_wait(*writer, make_put("j2", "d", {})));
  ASSERT_TRUE(submit_and_wait(*writer, make_put("i", "e", {})));
  auto reader = open_reader(tmp.path());
  std::vector<std::string> keys;
  ASSERT_TRUE(reader->scan_progress("j", [&](std::string_view key, const ProgressEntry&) {
    keys.emplace_back(key);
    return true;
  }));
  EXPECT_EQ(keys, (std::vector<std::string>{key_of("a"), key_of("b"), key_of("c")}));
  int visited = 0;
  ASSERT_TRUE(reader->scan_progress("j", [&](std::string_view, const ProgressEntry&) {
    return ++visited < 2;
  }));
  EXPECT_EQ(visited, 2) << "the visitor stops the scan";
}

TEST(StoreScan, ResultsByLocalePrefixInKeyOrder) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  ASSERT_TRUE(submit_and_wait(*writer, make_put("j", "b", {}, "en", "us")));
  ASSERT_TRUE(submit_and_wait(*writer, make_put("j", "a", {}, "en", "us")));
  ASSERT_TRUE(submit_and_wait(*writer, make_put("j", "a", {}, "en", "gb")));
  ASSERT_TRUE(submit_and_wait(*writer, make_put("j", "a", {}, "de", "de")));
  auto reader = open_reader(tmp.path());
  auto collect = [&](const std::string& prefix) {
    std::vector<std::string> qs;
    EXPECT_TRUE(reader->scan_results(prefix, [&](const StoredResult& r) {
      qs.push_back(r.hl + "/" + r.gl + "/" + r.q);
      return true;
    }));
    return qs;
  };
  EXPECT_EQ(collect(encode_locale_prefix("en", "us")),
            (std::vector<std::string>{"en/us/a", "en/us/b"}));
  EXPECT_EQ(collect(encode_locale_prefix("en")),
            (std::vector<std::string>{"en/gb/a", "en/us/a", "en/us/b"}));
  EXPECT_EQ(collect("").size(), 4u);
}

TEST(StoreQuota, StateRoundTripsAndTheLastSubmittedWins) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  EXPECT_EQ(writer->quota().value().seen_at_ms, 0) << "never seen";
  QuotaState q;
  q.searches_left = 0;
  q.payg_credits_left = -3;
  q.renewal_date = parse_date("2030-12-31");
  q.seen_at_ms = 1'800'000'000'000;
  q.exhausted_until_ms = 1'900'000'000'000;
  ASSERT_TRUE(writer->save_quota(q));
  auto check = [&](const QuotaState& got) {
    EXPECT_EQ(got.searches_left, 0);
    EXPECT_EQ(got.payg_credits_left, -3);
    ASSERT_TRUE(got.renewal_date);
    EXPECT_EQ(format_date(*got.renewal_date), "2030-12-31");
    EXPECT_EQ(got.seen_at_ms, 1'800'000'000'000);
    EXPECT_EQ(got.exhausted_until_ms, 1'900'000'000'000);
  };
  check(writer->quota().value());
  auto reader = open_reader(tmp.path());
  check(reader->quota().value());

  // A request's quota and a later save_quota are applied in submission order.
  auto req = make_put("j", "x", {});
  QuotaState older;
  older.searches_left = 50;
  req.quota = older;
  std::promise<void> done;
  ASSERT_TRUE(writer->submit(std::move(req), [&](Result<void>) { done.set_value(); }));
  ASSERT_TRUE(writer->save_quota(q));
  done.get_future().wait();
  check(writer->quota().value());
}

TEST(StoreRunInfo, StartAndEndAreListedWithTheJob) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  ASSERT_TRUE(writer->record_run_start("nightly", 1000));
  auto reader = open_reader(tmp.path());
  auto jobs = reader->jobs().value();
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].job, "nightly");
  EXPECT_EQ(jobs[0].last_run.started_at_ms, 1000);
  EXPECT_EQ(jobs[0].last_run.ended_at_ms, 0);
  ASSERT_TRUE(writer->record_run_end("nightly", 2000, "completed", RunMoney{10, 8, 7, 2, 1, 9}));
  ASSERT_TRUE(reader->catch_up());
  auto stats = reader->job_stats("nightly").value();
  EXPECT_EQ(stats.last_run.started_at_ms, 1000);
  EXPECT_EQ(stats.last_run.ended_at_ms, 2000);
  EXPECT_EQ(stats.last_run.outcome, "completed");
  ASSERT_TRUE(stats.last_run.money);
  EXPECT_EQ(stats.last_run.money->requests, 10u);
  EXPECT_EQ(stats.last_run.money->charged, 7u);
  EXPECT_EQ(stats.last_run.money->unknown, 2u);
  EXPECT_EQ(stats.last_run.money->unknown_disproved, 1u);
  EXPECT_EQ(stats.last_run.money->balance_fall, 9);
  ASSERT_TRUE(writer->record_run_start("nightly", 3000));
  ASSERT_TRUE(reader->catch_up());
  stats = reader->job_stats("nightly").value();
  EXPECT_EQ(stats.last_run.ended_at_ms, 0) << "a new run resets the end";
  EXPECT_EQ(stats.last_run.outcome, "");
}

TEST(StoreRunInfo, ARunsBudgetReservationIsKeptInItsRecordAndTheEndKeepsIt) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  auto outside = submit_and_wait(*writer, WriteRequest{"nightly", BudgetReserve{16}, std::nullopt, {}});
  ASSERT_FALSE(outside) << "a reservation belongs to a run";
  EXPECT_NE(outside.error().message.find("outside a run"), std::string::npos) << outside.error().message;
  ASSERT_TRUE(writer->record_run_start("nightly", 1000));
  ASSERT_TRUE(submit_and_wait(*writer, WriteRequest{"nightly", BudgetReserve{16}, std::nullopt, {}}));
  ASSERT_TRUE(submit_and_wait(*writer, WriteRequest{"nightly", BudgetReserve{32}, std::nullopt, {}}));
  ASSERT_TRUE(submit_and_wait(*writer, WriteRequest{"nightly", BudgetReserve{20}, std::nullopt, {}}))
      << "a late, lower raise";
  auto runs = writer->recorded_runs().value();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].reserved, 32u) << "the high-water mark";
  EXPECT_EQ(runs[0].ended_at_ms, 0);
  ASSERT_TRUE(writer->record_run_end("nightly", 2000, "job-budget", RunMoney{30, 25, 25, 3, 1, {}}));
  ASSERT_TRUE(writer->close());
  auto reader = open_reader(tmp.path());
  runs = reader->runs().value();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].reserved, 32u);
  EXPECT_EQ(runs[0].outcome, "job-budget");
}

TEST(StoreWriter, ManyConcurrentSubmittersAreAllCommitted) {
  TempDir tmp;
  auto writer = open_writer(tmp.path(), StoreOptions{false, 4096});
  constexpr int kThreads = 8;
  constexpr int kPerThread = 250;
  std::atomic<int> ok{0}, failed{0};
  std::latch all_done(kThreads * kPerThread);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i) {
        auto q = "t" + std::to_string(t) + " i" + std::to_string(i);
        bool accepted = writer->submit(make_put("job", q, TreeSpec{{"shared?", q + "?"}, {}}),
                                       [&](Result<void> r) {
                                         ++(r ? ok : failed);
                                         all_done.count_down();
                                       });
        if (!accepted) {
          ++failed;
          all_done.count_down();
        }
      }
    });
  }
  for (auto& t : threads) t.join();
  all_done.wait();
  EXPECT_EQ(ok, kThreads * kPerThread);
  EXPECT_EQ(failed, 0);
  ASSERT_TRUE(writer->close());
  auto reader = open_reader(tmp.path());
  EXPECT_EQ(reader->job_stats("job").value().done,
            static_cast<std::uint64_t>(kThreads * kPerThread));
  EXPECT_EQ(results_of(*reader), static_cast<std::uint64_t>(kThreads * kPerThread));
}

TEST(StoreWriter, SubmitReturnsFalseWhenTheQueueIsFull) {
  TempDir tmp;
  auto writer = open_writer(tmp.path(), StoreOptions{false, 1});
  std::promise<void> entered, gate;
  auto gate_future = gate.get_future().share();
  // `done` runs on the writer thread: blocking it holds the writer still.
  ASSERT_TRUE(writer->submit(make_put("j", "a", {}), [&](Result<void>) {
    entered.set_value();
    gate_future.wait();
  }));
  entered.get_future().wait();
  std::promise<Result<void>> second;
  ASSERT_TRUE(writer->submit(make_put("j", "b", {}),
                             [&](Result<void> r) { second.set_value(std::move(r)); }));
  bool called = false;
  EXPECT_FALSE(writer->submit(make_put("j", "c", {}), [&](Result<void>) { called = true; }));
  gate.set_value();
  EXPECT_TRUE(second.get_future().get());
  ASSERT_TRUE(writer->close());
  EXPECT_FALSE(called) << "a refused request's callback is never called";
  EXPECT_FALSE(writer->submit(make_put("j", "d", {}), [](Result<void>) {}))
      << "closed: refused";
  EXPECT_TRUE(writer->close()) << "close is idempotent";
}

TEST(StoreWriter, CloseDrainsEveryQueuedRequest) {
  TempDir tmp;
  std::atomic<int> done{0};
  {
    auto writer = open_writer(tmp.path());
    for (int i = 0; i < 500; ++i) {
      ASSERT_TRUE(writer->submit(make_put("j", "q" + std::to_string(i), {}),
                                 [&](Result<void> r) { done += r ? 1 : 0; }));
    }
    ASSERT_TRUE(writer->close());
    EXPECT_EQ(done, 500);
  }
  auto reader = open_reader(tmp.path());
  EXPECT_EQ(reader->job_stats("j").value().done, 500u);
}

TEST(StoreWriter, ReopenSeesEverythingWritten) {
  TempDir tmp;
  {
    auto writer = open_writer(tmp.path());
    ASSERT_TRUE(submit_and_wait(*writer, make_put("j", "persisted", TreeSpec{{"q?"}, {}})));
  }
  auto writer = open_writer(tmp.path());
  EXPECT_TRUE(writer->has_result(key_of("persisted")).value());
  ASSERT_TRUE(submit_and_wait(*writer, make_put("j", "second", TreeSpec{{"q?"}, {}})));
  auto reader = open_reader(tmp.path());
  EXPECT_EQ(results_of(*reader), 2u);
}

// A stored result is looked up by key in any order (the feeder for keys not done, refresh_after's
// fetch times, `paa get`): through a partitioned index, a lookup reads one small partition, not
// the whole index of a 64 MiB file, which a million long keys' store cannot keep in its cache
// (a refresh_after rerun of 1,027,155 keys: ~12 minutes before, 21 s after; BENCHMARKS.md case 7).
TEST(StoreTables, ResultsAreFoundThroughAPartitionedIndex) {
  TempDir tmp;
  {
    auto writer = open_writer(tmp.path());
    ASSERT_TRUE(submit_and_wait(*writer, make_put("j", "one", TreeSpec{{"q?"}, {}})));
    ASSERT_TRUE(submit_and_wait(*writer, make_put("j", "two", TreeSpec{{"r?"}, {}})));
  }  // closing flushes every family to SST files
  auto partitions = test::raw_index_partitions(tmp.path(), "results");
  ASSERT_FALSE(partitions.empty());
  for (auto p : partitions) EXPECT_GE(p, 1u);
  auto writer = open_writer(tmp.path());
  EXPECT_TRUE(writer->has_result(key_of("one")).value());
  EXPECT_FALSE(writer->has_result(key_of("three")).value());
}

// The families read by key keep levels. The questions family, an empty placeholder since format
// 5, keeps the options of the index it held before (tiers), with compactions off.
// Results in tiers (a keyword list's keys land all over the key space: levels rewrote L1 at every
// compaction); progress in levels; the questions placeholder as the previous release made it.
TEST(StoreTables, ResultsAreCompactedInTiersProgressInLevels) {
  TempDir tmp;
  {
    auto writer = open_writer(tmp.path());
    ASSERT_TRUE(submit_and_wait(*writer, make_put("j", "one", TreeSpec{{"q?"}, {}})));
  }
  EXPECT_EQ(test::raw_compaction_style(tmp.path(), "questions"), "universal");
  EXPECT_EQ(test::raw_family_keys(tmp.path(), "questions"), 0u);
  EXPECT_EQ(test::raw_compaction_style(tmp.path(), "results"), "universal");
  EXPECT_EQ(test::raw_compaction_style(tmp.path(), "progress"), "level");
}

// --- opening --------------------------------------------------------------------------------

// Both sides refuse the folder with the same message.
void expect_writer_and_reader_refuse(const std::filesystem::path& dir,
                                     const std::string& expected) {
  auto w = StoreWriter::open(dir);
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().message, expected);
  auto r = StoreReader::open(dir);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, expected);
}

TEST(StoreOpen, StoreWrittenByANewerFormatIsRefused) {
  TempDir tmp;
  auto dir = tmp.path() / "x.db";
  { ASSERT_TRUE(open_writer(dir)); }
  const std::string newer = std::to_string(kStoreFormatVersion + 1);
  EXPECT_EQ(raw_format_version(dir, newer, "added_by_a_newer_format"), newer);
  const std::string expected = "store '" + dir.string() + "' was written by a newer paa (format " + newer +
                               "; this paa reads up to " + std::to_string(kStoreFormatVersion) +
                               "): upgrade paa";
  expect_writer_and_reader_refuse(dir, expected);
}

// A record whose bytes do not decode is the store's damage (exit 1, "damaged"), never misread.
TEST(StoreReaders, ADamagedRecordIsCalledDamagedNamingItsFamilyAndKey) {
  TempDir tmp;
  auto dir = tmp.path() / "x.db";
  {
    auto writer = open_writer(dir);
    ASSERT_TRUE(submit_and_wait(*writer, make_put("job", "one", TreeSpec{{"Why?"}, {}})));
  }
  test::with_raw_store(dir, {}, [&](rocksdb::DB& db, const std::string& family, rocksdb::ColumnFamilyHandle* cf) {
    if (family != "progress") return;
    EXPECT_TRUE(db.Put({}, cf, std::string("job\0", 4) + key_of("one"), "\x09").ok());
  });
  auto reader = open_reader(dir);
  ASSERT_TRUE(reader);
  auto stats = reader->job_stats("job");
  ASSERT_FALSE(stats);
  EXPECT_EQ(stats.error().code, errc::store_damaged);
  EXPECT_THAT(stats.error().message, HasSubstr("damaged record in 'progress' at key 'job.en"));
}

TEST(StoreOpen, FormatOneStoreIsReadAsItIsAndAWriterRecordsTheCurrentFormat) {
  TempDir tmp;
  auto dir = tmp.path() / "x.db";
  {
    auto writer = open_writer(dir);
    ASSERT_TRUE(submit_and_wait(*writer, make_put("job", "one", TreeSpec{{"Why?"}, {}})));
  }
  EXPECT_EQ(raw_format_version(dir, "1"), "1");
  {
    auto reader = open_reader(dir);  // a reader never writes the version
    ASSERT_TRUE(reader);
    EXPECT_EQ(results_of(*reader), 1u);
  }
  EXPECT_EQ(raw_format_version(dir), "1");
  {
    auto writer = open_writer(dir);
    ASSERT_TRUE(submit_and_wait(*writer, make_put("job", "two", TreeSpec{{"why?"}, {}})));
  }
  EXPECT_EQ(raw_format_version(dir), std::to_string(kStoreFormatVersion));
  auto reader = open_reader(dir);
  EXPECT_EQ(results_of(*reader), 2u);
}

TEST(StoreOpen, FolderThatIsNotAStoreIsRefusedAndLeftAlone) {
  TempDir tmp;
  std::ofstream(tmp.path() / "notes.txt") << "mine";
  auto w = StoreWriter::open(tmp.path());
  ASSERT_FALSE(w);
  EXPECT_THAT(w.error().message, HasSubstr("is not empty and is not a paa store"));
  EXPECT_FALSE(std::filesystem::exists(tmp.path() / "CURRENT"));
  EXPECT_FALSE(std::filesystem::exists(tmp.path() / "paa.lock"));

  std::ofstream(tmp.path() / "file.db") << "x";
  auto f = StoreWriter::open(tmp.path() / "file.db");
  ASSERT_FALSE(f);
  EXPECT_THAT(f.error().message, HasSubstr("is a file"));
}

namespace {
// A RocksDB database as another program would make it: the default family plus `families`.
void make_plain_rocksdb(const std::filesystem::path& dir,
                        const std::vector<std::string>& families = {}) {
  rocksdb::Options options;
  options.create_if_missing = true;
  rocksdb::DB* db = nullptr;
  ASSERT_TRUE(rocksdb::DB::Open(options, dir.string(), &db).ok());
  for (const auto& name : families) {
    rocksdb::ColumnFamilyHandle* handle = nullptr;
    EXPECT_TRUE(db->CreateColumnFamily(rocksdb::ColumnFamilyOptions(), name, &handle).ok());
    EXPECT_TRUE(db->DestroyColumnFamilyHandle(handle).ok());
  }
  delete db;
}
}  // namespace

TEST(StoreOpen, AnotherProgramsRocksDbIsRefusedAndLeftAlone) {
  TempDir tmp;
  auto dir = tmp.path() / "theirs.db";
  make_plain_rocksdb(dir);
  const std::string expected = "store '" + dir.string() + "': '" + dir.string() +
                               "' is a RocksDB database but not a paa store; "
                               "choose another --store path";
  expect_writer_and_reader_refuse(dir, expected);

  EXPECT_FALSE(std::filesystem::exists(dir / "paa.lock")) << "nothing written into their folder";
  std::vector<std::string> names;
  ASSERT_TRUE(rocksdb::DB::ListColumnFamilies(rocksdb::DBOptions(), dir.string(), &names).ok());
  EXPECT_EQ(names, std::vector<std::string>{"default"});
}

TEST(StoreOpen, RocksDbWithAFamilyNamedMetaIsStillNotAStore) {
  TempDir tmp;
  auto dir = tmp.path() / "theirs.db";
  make_plain_rocksdb(dir, {"meta"});
  auto w = StoreWriter::open(dir);
  ASSERT_FALSE(w);
  EXPECT_THAT(w.error().message, HasSubstr("is a RocksDB database but not a paa store"));
  EXPECT_FALSE(std::filesystem::exists(dir / "paa.lock"));
}

TEST(StoreOpen, CreationCutShortIsCompletedByTheNextWriterAndReadersWaitForIt) {
  TempDir tmp;
  auto dir = tmp.path() / "x.db";
  // What a crash leaves between RocksDB's first file and our families: the database with its
  // default family only, and our lock file.
  make_plain_rocksdb(dir);
  std::ofstream(dir / "paa.lock") << "12345\n";
  auto r = StoreReader::open(dir);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "no store at '" + dir.string() +
                                   "' yet: its creation is under way or was interrupted "
                                   "(run `paa run JOB` to complete it)");
  {
    auto writer = open_writer(dir);
    ASSERT_TRUE(writer);
    ASSERT_TRUE(submit_and_wait(*writer, make_put("job", "one", TreeSpec{{"Why?"}, {}})));
  }
  auto reader = open_reader(dir);
  ASSERT_TRUE(reader);
  EXPECT_TRUE(reader->get(key_of("one")).value());
}

TEST(StoreOpen, StoreWhoseLockFileWasDeletedStillOpens) {
  TempDir tmp;
  auto dir = tmp.path() / "x.db";
  {
    auto writer = open_writer(dir);
    ASSERT_TRUE(submit_and_wait(*writer, make_put("job", "one", TreeSpec{{"Why?"}, {}})));
  }
  ASSERT_TRUE(std::filesystem::remove(dir / "paa.lock"));
  auto reader = open_reader(dir);
  ASSERT_TRUE(reader);
  EXPECT_TRUE(reader->get(key_of("one")).value());
  auto writer = open_writer(dir);
  ASSERT_TRUE(writer);
  EXPECT_TRUE(*writer->has_result(key_of("one")));
}

// The questions family is not what makes a store (a writer drops and creates it when it
// upgrades an older store): one without it, and without its lock file, is still a store.
TEST(StoreOpen, StoreWithoutItsQuestionsFamilyAndLockFileStillOpens) {
  TempDir tmp;
  auto dir = tmp.path() / "x.db";
  {
    auto writer = open_writer(dir);
    ASSERT_TRUE(submit_and_wait(*writer, make_put("job", "one", TreeSpec{{"Why?"}, {}})));
  }
  test::raw_drop_family(dir, "questions");
  ASSERT_TRUE(std::filesystem::remove(dir / "paa.lock"));
  {
    auto reader = open_reader(dir);
    ASSERT_TRUE(reader);
    EXPECT_TRUE(reader->get(key_of("one")).value());
  }
  {
    auto writer = open_writer(dir);
    ASSERT_TRUE(writer);
    EXPECT_TRUE(*writer->has_result(key_of("one")));
  }
  EXPECT_TRUE(test::raw_has_family(dir, "questions")) << "created again by the writer";
}

TEST(StoreOpen, ReaderOnAMissingStoreSaysHowToCreateOne) {
  TempDir tmp;
  auto dir = tmp.path() / "none.db";
  auto r = StoreReader::open(dir);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "no store at '" + dir.string() + "' (run `paa run JOB` first)");
  EXPECT_FALSE(std::filesystem::exists(dir)) << "readers create nothing";
}

TEST(StoreOpen, EmptyExistingFolderBecomesAStore) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  ASSERT_TRUE(writer);
  EXPECT_TRUE(std::filesystem::exists(tmp.path() / "CURRENT"));
}

TEST(StoreSingleWriter, SecondWriterInTheSameProcessIsRefusedWithThePid) {
  TempDir tmp;
  auto dir = tmp.path() / "x.db";
  auto first = open_writer(dir);
  auto second = StoreWriter::open(dir);
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().message,
            "store '" + dir.string() + "' is in use by another paa process (pid " +
                std::to_string(::getpid()) + "); wait for it to finish or stop it");
  ASSERT_TRUE(first->close());
  EXPECT_TRUE(open_writer(dir)) << "the lock is released on close";
}

TEST(StoreSingleWriter, WriterInAnotherProcessIsRefusedAndReadersStillWork) {
  TempDir tmp;
  auto dir = tmp.path() / "x.db";
  auto writer = open_writer(dir);
  ASSERT_TRUE(submit_and_wait(*writer, make_put("j", "visible", {})));
  // A second program (fork + exec), as a second `paa` would be.
  test::Process probe({STORE_OPEN_PROBE, dir.string(), std::to_string(::getpid()), "visible"}, {},
                      tmp.path());
  auto r = probe.wait();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "W\n") << "W = refused naming this pid and a reader still works; X = wrongly "
                             "opened or another message; R = reader failed\n"
                          << r.err;
}

TEST(StoreReaders, ReaderWorksWhileTheWriterRunsAndSeesNewDataAfterCatchUp) {
  TempDir tmp;
  auto writer = open_writer(tmp.path());
  ASSERT_TRUE(writer->record_run_start("j", 5));
  ASSERT_TRUE(submit_and_wait(*writer, make_put("j", "first", TreeSpec{{"q?"}, {}})));
  auto reader = open_reader(tmp.path());
  EXPECT_TRUE(reader->get(key_of("first")).value()) << "caught up on open";

  for (int i = 0; i < 50; ++i) {
    ASSERT_TRUE(submit_and_wait(*writer, make_put("j", "more " + std::to_string(i), {})));
  }
  ASSERT_TRUE(reader->catch_up());
  EXPECT_TRUE(reader->get(key_of("more 49")).value());
  EXPECT_EQ(reader->job_stats("j").value().done, 51u);
  auto second_reader = open_reader(tmp.path());
  EXPECT_EQ(second_reader->jobs().value().size(), 1u) << "readers do not exclude each other";
  ASSERT_TRUE(writer->close());
  ASSERT_TRUE(reader->catch_up()) << "still usable after the writer closed";
  EXPECT_TRUE(reader->get(key_of("first")).value());
}

TEST(StoreExpansion, AStepIsWrittenWholeAndReadBackByWriterAndReaders) {
  TempDir tmp;
  auto dir = tmp.path() / "x.db";
  const auto q1 = make_query("Why is coffee bitter?", "en", "us").value();
  const auto q2 = make_query("Ist Kaffee gesund?", "de", "de", "Berlin").value();
  ExpansionStep step;
  step.level = 1;
  step.keys.push_back({0, q1, encode_key(q1.key), Lineage{1, Via::question, key_of("coffee"), key_of("coffee")}});
  step.keys.push_back({1, q2, encode_key(q2.key), Lineage{1, Via::related, key_of("kaffee"), key_of("kaffee")}});
  step.state.pass_parents = 2;
  step.state.pass_admitted = 2;
  step.state.pass_last_parent = key_of("kaffee");  // binary bytes (NUL separators) in the JSON state
  step.state.cut_level = 1;
  step.state.cut_last_parent = key_of("coffee");
  {
    auto writer = open_writer(dir);
    ASSERT_TRUE(writer->write_expansion("j", step));
    EXPECT_EQ(writer->expansion_state("j").value(), step.state);
    EXPECT_EQ(writer->lineage("j", encode_key(q2.key)).value(), step.keys[1].lineage);
    EXPECT_FALSE(writer->lineage("other", encode_key(q2.key)).value()) << "lineage is per job";
  }
  auto reader = open_reader(dir);
  EXPECT_EQ(reader->expansion_state("j").value(), step.state);
  std::vector<LevelKey> keys;
  ASSERT_TRUE(reader->scan_level("j", 1, [&](const LevelKey& k) {
    keys.push_back(k);
    return true;
  }));
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[1].seq, 1u);
  EXPECT_EQ(keys[1].query.q, "Ist Kaffee gesund?");
  EXPECT_EQ(keys[1].query.city, "Berlin");
  EXPECT_EQ(keys[1].encoded, encode_key(q2.key));
  EXPECT_EQ(keys[1].lineage, step.keys[1].lineage);
  EXPECT_EQ(reader->expansion_state("none").value(), ExpansionState{}) << "a job that never expanded";
}

// A level is walked with a fresh iterator every 1,000 keys (a feed lasts a whole harvest and must
// not pin memtables): every key once, in order, across chunk edges, and nothing of the next level.
TEST(StoreExpansion, ALevelScanVisitsEveryKeyOnceInOrderAcrossChunkEdges) {
  TempDir tmp;
  auto writer = open_writer(tmp.path() / "x.db");
  const auto parent = key_of("coffee");
  auto level_step = [&](std::uint32_t level, int n) {
    ExpansionStep step;
    step.level = level;
    for (int i = 0; i < n; ++i) {
      const auto q = make_query("question " + std::to_string(level) + "." + std::to_string(i), "en", "us").value();
      step.keys.push_back({static_cast<std::uint64_t>(i), q, encode_key(q.key), Lineage{level, Via::question, parent, parent}});
    }
    step.state.built = level;
    step.state.level_keys.assign(level, static_cast<std::uint64_t>(n));
    return step;
  };
  ASSERT_TRUE(writer->write_expansion("j", level_step(1, 2501)));
  ASSERT_TRUE(writer->write_expansion("j", level_step(2, 3)));
  auto seqs_of = [](auto& store, std::uint32_t level, std::size_t stop_after) {
    std::vector<std::uint64_t> seqs;
    EXPECT_TRUE(store.scan_level("j", level, [&](const LevelKey& k) {
      seqs.push_back(k.seq);
      return seqs.size() < stop_after;
    }));
    return seqs;
  };
  std::vector<std::uint64_t> all(2501);
  std::iota(all.begin(), all.end(), 0u);
  EXPECT_EQ(seqs_of(*writer, 1, SIZE_MAX), all);
  EXPECT_EQ(seqs_of(*writer, 1, 1000).size(), 1000u) << "a visitor that stops at a chunk edge";
  EXPECT_EQ(seqs_of(*writer, 1, 1001).size(), 1001u);
  EXPECT_EQ(seqs_of(*writer, 2, SIZE_MAX), (std::vector<std::uint64_t>{0, 1, 2}));
  ASSERT_TRUE(writer->close());
  auto reader = open_reader(tmp.path() / "x.db");
  EXPECT_EQ(seqs_of(*reader, 1, SIZE_MAX), all);
}

TEST(StoreShard, AStoreKeepsTheShardOfItsFirstRunAndRefusesAnother) {
  TempDir tmp;
  auto writer = open_writer(tmp.path() / "s.db");
  const ShardClaim two_of_four{2, 4, 1};
  ASSERT_TRUE(writer->claim_shard("coffee", two_of_four));
  ASSERT_TRUE(writer->record_run_start("coffee", 1000));
  EXPECT_TRUE(writer->claim_shard("coffee", two_of_four)) << "the same shard resumes";
  auto other = writer->claim_shard("coffee", ShardClaim{1, 4, 1});
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().code, errc::invalid_input);
  EXPECT_NE(other.error().message.find("holds shard 2/4 (shard hash v1) of job 'coffee'; this run is shard 1/4"),
            std::string::npos)
      << other.error().message;
  auto whole = writer->claim_shard("coffee", std::nullopt);
  ASSERT_FALSE(whole);
  EXPECT_NE(whole.error().message.find("this run is the whole job"), std::string::npos) << whole.error().message;
  EXPECT_TRUE(writer->claim_shard("tea", std::nullopt)) << "each job of a store has its own setting";
}

TEST(StoreShard, AStoreThatHeldTheWholeJobIsNeverResumedAsAShard) {
  TempDir tmp;
  auto writer = open_writer(tmp.path() / "s.db");
  ASSERT_TRUE(writer->claim_shard("coffee", std::nullopt));
  ASSERT_TRUE(writer->record_run_start("coffee", 1000));
  auto shard = writer->claim_shard("coffee", ShardClaim{0, 2, 1});
  ASSERT_FALSE(shard);
  EXPECT_NE(shard.error().message.find("holds the whole job"), std::string::npos) << shard.error().message;
  EXPECT_TRUE(writer->claim_shard("coffee", std::nullopt));
}

}  // namespace
}  // namespace paa
