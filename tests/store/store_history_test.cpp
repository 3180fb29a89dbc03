// Result history (docs/history.md): versions kept by refreshes, run ids, pruning, and the
// upgrade of a store written before history existed (the shipped format-2 fixture).
#include "store_test_util.hpp"

#include "paa/store/history_prune.hpp"
#include "paa/store/point_in_time.hpp"
#include "paa/store/store.hpp"

#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <boost/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <future>
#include <set>
#include <sstream>

namespace paa {
namespace {

using test::key_of;
using test::make_body;
using test::make_put;
using test::submit_and_wait;
using test::TempDir;
using test::TreeSpec;

std::unique_ptr<StoreWriter> open_writer(const std::filesystem::path& dir) {
  auto w = StoreWriter::open(dir);
  if (!w) ADD_FAILURE() << w.error().message;
  return w ? std::move(*w) : nullptr;
}
std::unique_ptr<StoreReader> open_reader(const std::filesystem::path& dir) {
  auto r = StoreReader::open(dir);
  if (!r) ADD_FAILURE() << r.error().message;
  return r ? std::move(*r) : nullptr;
}

// A refresh of `q` at `at_ms` with `tree` (searches_left varies: a volatile field).
Result<void> put_at(StoreWriter& w, const std::string& q, const TreeSpec& tree, std::int64_t at_ms,
                    std::int64_t searches_left = 100) {
  auto req = make_put("job", q, tree);
  auto& put = std::get<PutResult>(req.item);
  put.result.fetched_at_ms = at_ms;
  put.result.body = make_body(q, tree, /*cached=*/false, searches_left);
  put.envelope = parse_envelope(put.result.body).value();
  put.result.quota = put.envelope.quota;
  return submit_and_wait(w, std::move(req));
}

std::string first_question(const StoredResult& r) {
  auto env = parse_envelope(r.body).value();
  return env.result.children.empty() ? "" : env.result.children[0].question;
}

TEST(StoreHistory, ARefreshWithANewAnswerKeepsTheOldOneAsAVersion) {
  TempDir tmp;
  auto w = open_writer(tmp.path());
  ASSERT_TRUE(put_at(*w, "coffee", TreeSpec{{"Old?"}, {}}, 1'000));
  ASSERT_TRUE(put_at(*w, "coffee", TreeSpec{{"New?"}, {}}, 2'000));
  ASSERT_TRUE(put_at(*w, "coffee", TreeSpec{{"Newer?"}, {}}, 3'000));
  EXPECT_EQ(w->run_changes().new_keys, 1u);
  EXPECT_EQ(w->run_changes().changed, 2u);
  EXPECT_EQ(w->run_changes().unchanged, 0u);
  EXPECT_EQ(w->fetched_at(key_of("coffee")).value(), 3'000) << "the current result's fetch";
  EXPECT_FALSE(w->fetched_at(key_of("tea")).value());
  auto r = open_reader(tmp.path());
  const std::string key = key_of("coffee");
  auto versions = r->versions(key).value();
  ASSERT_EQ(versions.size(), 3u);
  EXPECT_EQ(first_question(versions[0]), "Old?");
  EXPECT_EQ(first_question(versions[1]), "New?");
  EXPECT_EQ(first_question(versions[2]), "Newer?");
  EXPECT_EQ(versions[0].fetched_at_ms, 1'000);
  EXPECT_EQ(versions[2].fetched_at_ms, 3'000);
  // The version current at a time: the latest that began at or before it.
  EXPECT_FALSE(r->get_at(key, 999).value());
  EXPECT_EQ(first_question(*r->get_at(key, 1'000).value()), "Old?");
  EXPECT_EQ(first_question(*r->get_at(key, 1'999).value()), "Old?");
  EXPECT_EQ(first_question(*r->get_at(key, 2'500).value()), "New?");
  EXPECT_EQ(first_question(*r->get_at(key, 9'000).value()), "Newer?");
  // The current result is the newest answer.
  EXPECT_EQ(first_question(*r->get(key).value()), "Newer?");
  // Other keys' histories do not leak into this one (keys are prefix-free).
  ASSERT_TRUE(put_at(*w, "coffee beans", TreeSpec{{"Beans?"}, {}}, 1'500));
  ASSERT_TRUE(r->catch_up());
  EXPECT_EQ(r->versions(key).value().size(), 3u);
  EXPECT_FALSE(r->get_at(key_of("coffee beans"), 1'000).value());
}

// A scan as the store was at a time walks the history with one cursor beside the results: it
// gives, at every point, exactly what asking each key (get_at) gives, whatever the keys' mix of
// no history, several versions, keys that did not exist yet, and keys that are prefixes of
// others.
TEST(StoreHistory, AScanAtAPointIsWhatEachKeyAskedAloneGives) {
  TempDir tmp;
  auto w = open_writer(tmp.path());
  const std::vector<std::string> queries{"coffee", "coffee beans", "decaf", "espresso", "tea", "tea bags"};
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const auto t0 = static_cast<std::int64_t>(1'000 + 100 * i);
    ASSERT_TRUE(put_at(*w, queries[i], TreeSpec{{queries[i] + " 1?"}, {}}, t0));
    if (i % 2 == 0) {
      ASSERT_TRUE(put_at(*w, queries[i], TreeSpec{{queries[i] + " 2?"}, {}}, t0 + 1'000));
    }
    if (i % 3 == 0) {
      ASSERT_TRUE(put_at(*w, queries[i], TreeSpec{{queries[i] + " 3?"}, {}}, t0 + 2'000));
    }
    if (i == 4) {  // the same answer again
      ASSERT_TRUE(put_at(*w, queries[i], TreeSpec{{queries[i] + " 2?"}, {}}, t0 + 2'500));
    }
  }
  auto r = open_reader(tmp.path());
  for (std::int64_t at : {999, 1'000, 1'250, 2'000, 2'150, 2'450, 3'000, 3'300, 3'700, 9'000}) {
    std::vector<std::string> scanned, asked;
    ASSERT_TRUE(r->scan_results_at("", at, [&](const StoredResult& v) {
      scanned.push_back(v.key + "|" + first_question(v) + "|" + std::to_string(v.fetched_at_ms));
      return true;
    }));
    for (const auto& q : queries) {
      auto v = r->get_at(key_of(q), at).value();
      if (v) asked.push_back(v->key + "|" + first_question(*v) + "|" + std::to_string(v->fetched_at_ms));
    }
    std::sort(asked.begin(), asked.end());
    EXPECT_EQ(scanned, asked) << "at " << at;
  }
}

TEST(StoreHistory, TheSameAnswerAgainIsOneVersionWithBothTimes) {
  TempDir tmp;
  auto w = open_writer(tmp.path());
  ASSERT_TRUE(put_at(*w, "tea", TreeSpec{{"Why tea?"}, {"Green?"}}, 1'000, 100));
  // Same tree, other quota figures and JSON bytes: not a change.
  ASSERT_TRUE(put_at(*w, "tea", TreeSpec{{"Why tea?"}, {"Green?"}}, 5'000, 42));
  EXPECT_EQ(w->run_changes().unchanged, 1u);
  EXPECT_EQ(w->run_changes().changed, 0u);
  auto r = open_reader(tmp.path());
  auto versions = r->versions(key_of("tea")).value();
  ASSERT_EQ(versions.size(), 1u);
  EXPECT_EQ(versions[0].unchanged_since_ms, 1'000);
  EXPECT_EQ(versions[0].fetched_at_ms, 5'000);
  EXPECT_EQ(versions[0].quota.searches_left, 42) << "the latest fetch's figures";
  EXPECT_EQ(first_question(*r->get_at(key_of("tea"), 1'000).value()), "Why tea?");
  // As the store was between the two fetches: the first fetch; from the second on, the second.
  EXPECT_EQ(r->get_at(key_of("tea"), 4'999).value()->fetched_at_ms, 1'000);
  EXPECT_EQ(r->get_at(key_of("tea"), 5'000).value()->fetched_at_ms, 5'000);
  // Then a change: the one version (1000..5000) goes to history under its first time.
  ASSERT_TRUE(put_at(*w, "tea", TreeSpec{{"Why tea?"}, {}}, 9'000));
  ASSERT_TRUE(r->catch_up());
  versions = r->versions(key_of("tea")).value();
  ASSERT_EQ(versions.size(), 2u);
  EXPECT_EQ(versions[0].unchanged_since_ms, 1'000);
  EXPECT_EQ(versions[0].fetched_at_ms, 5'000);
  EXPECT_EQ(versions[1].unchanged_since_ms, 9'000);
}

TEST(StoreHistory, RunsAreNamedByTheirStartAndCarryTheirChanges) {
  TempDir tmp;
  auto w = open_writer(tmp.path());
  const std::int64_t t = 1'795'000'000'000;  // 2026-11-18T11:06:40Z
  auto first = w->record_run_start("job", t);
  ASSERT_TRUE(first);
  EXPECT_EQ(*first, "20261118-110640");
  ASSERT_TRUE(put_at(*w, "a", TreeSpec{{"A?"}, {}}, t + 1));
  ASSERT_TRUE(w->record_run_end("job", t + 10, "completed", RunMoney{}));
  auto second = w->record_run_start("job", t + 500);  // the same second
  ASSERT_TRUE(second);
  EXPECT_EQ(*second, "20261118-110640-2");
  ASSERT_TRUE(put_at(*w, "a", TreeSpec{{"A2?"}, {}}, t + 600));
  ASSERT_TRUE(put_at(*w, "b", TreeSpec{{"B?"}, {}}, t + 600));
  ASSERT_TRUE(w->record_run_end("job", t + 900, "completed", RunMoney{}));

  auto r = open_reader(tmp.path());
  EXPECT_EQ(r->get(key_of("a")).value()->run_id, "20261118-110640-2");
  EXPECT_EQ(r->versions(key_of("a")).value()[0].run_id, "20261118-110640");
  auto runs = r->runs().value();
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].run_id, "20261118-110640");
  EXPECT_EQ(runs[0].job, "job");
  EXPECT_EQ(runs[0].ended_at_ms, t + 10);
  EXPECT_EQ(runs[0].changes.new_keys, 1u);
  EXPECT_EQ(runs[1].run_id, "20261118-110640-2");
  // A writer counts from its open: both runs here share one writer, so the second run's
  // figures include the first's (one paa run = one writer in practice).
  EXPECT_EQ(runs[1].changes.changed, 1u);
  EXPECT_EQ(runs[1].changes.new_keys, 2u);
  EXPECT_EQ(r->job_stats("job").value().last_run.run_id, "20261118-110640-2");
}

TEST(HistoryPrune, KeepLastCountsTheCurrentVersionAndNeverDropsIt) {
  const std::vector<VersionSpan> v{{1, 2}, {2, 3}, {3, 4}, {4, 0}};
  EXPECT_EQ(versions_to_drop(v, PruneRule{2, 0, 100}), (std::vector<bool>{true, true, false, false}));
  EXPECT_EQ(versions_to_drop(v, PruneRule{1, 0, 100}), (std::vector<bool>{true, true, true, false}));
  EXPECT_EQ(versions_to_drop(v, PruneRule{9, 0, 100}), (std::vector<bool>{false, false, false, false}));
  EXPECT_EQ(versions_to_drop(std::vector<VersionSpan>{{1, 0}}, PruneRule{1, 1, 100}), (std::vector<bool>{false}));
}

TEST(HistoryPrune, OlderThanLooksAtWhenAVersionWasReplacedNotFetched) {
  // Fetched at 10, replaced at 90: still needed by a diff from 80.
  const std::vector<VersionSpan> v{{10, 50}, {50, 90}, {90, 0}};
  EXPECT_EQ(versions_to_drop(v, PruneRule{0, 30, 100}), (std::vector<bool>{true, false, false}));
  EXPECT_EQ(versions_to_drop(v, PruneRule{0, 5, 100}), (std::vector<bool>{true, true, false}));
  // Either rule removes.
  EXPECT_EQ(versions_to_drop(v, PruneRule{2, 1'000, 100}), (std::vector<bool>{true, false, false}));
}

TEST(StoreHistory, PruneRemovesOldVersionsKeyByKeyAndKeepsCurrentOnes) {
  TempDir tmp;
  auto w = open_writer(tmp.path());
  for (int i = 0; i < 4; ++i) {
    ASSERT_TRUE(put_at(*w, "x", TreeSpec{{"X" + std::to_string(i) + "?"}, {}}, 1'000 * (i + 1)));
  }
  ASSERT_TRUE(put_at(*w, "y", TreeSpec{{"Y?"}, {}}, 1'000));
  auto counts = w->prune_history(PruneRule{2, 0, 10'000});
  ASSERT_TRUE(counts) << counts.error().message;
  EXPECT_EQ(counts->keys, 1u);
  EXPECT_EQ(counts->removed, 2u);
  EXPECT_EQ(counts->kept, 1u);
  auto r = open_reader(tmp.path());
  auto versions = r->versions(key_of("x")).value();
  ASSERT_EQ(versions.size(), 2u);
  EXPECT_EQ(first_question(versions[0]), "X2?");
  EXPECT_EQ(first_question(versions[1]), "X3?");
  EXPECT_EQ(r->versions(key_of("y")).value().size(), 1u);
  // Pruning again finds nothing more to do.
  auto again = w->prune_history(PruneRule{2, 0, 10'000});
  ASSERT_TRUE(again);
  EXPECT_EQ(again->removed, 0u);
}

TEST(StoreHistory, TwoAnswersForOneKeyInOneCommitAreTwoVersions) {
  TempDir tmp;
  auto w = open_writer(tmp.path());
  // Submitted without waiting: both land in one group, the second reading the first through it.
  auto first = make_put("job", "pair", TreeSpec{{"One?", "Both?"}, {}});
  std::get<PutResult>(first.item).result.fetched_at_ms = 1'000;
  auto second = make_put("job", "pair", TreeSpec{{"Two?", "Both?"}, {}});
  std::get<PutResult>(second.item).result.fetched_at_ms = 2'000;
  std::promise<Result<void>> a, b;
  ASSERT_TRUE(w->submit(std::move(first), [&](Result<void> r) { a.set_value(std::move(r)); }));
  ASSERT_TRUE(w->submit(std::move(second), [&](Result<void> r) { b.set_value(std::move(r)); }));
  ASSERT_TRUE(a.get_future().get());
  ASSERT_TRUE(b.get_future().get());
  EXPECT_EQ(w->run_changes().new_keys, 1u);
  EXPECT_EQ(w->run_changes().changed, 1u);
  auto r = open_reader(tmp.path());
  auto versions = r->versions(key_of("pair")).value();
  ASSERT_EQ(versions.size(), 2u);
  EXPECT_EQ(first_question(versions[0]), "One?");
  EXPECT_EQ(first_question(versions[1]), "Two?");
}

TEST(StoreHistory, AClockThatSteppedBackNeverOverwritesAKeptVersion) {
  TempDir tmp;
  auto w = open_writer(tmp.path());
  ASSERT_TRUE(put_at(*w, "clock", TreeSpec{{"A?"}, {}}, 5'000));
  ASSERT_TRUE(put_at(*w, "clock", TreeSpec{{"B?"}, {}}, 1'000));  // kept A under 5000
  ASSERT_TRUE(put_at(*w, "clock", TreeSpec{{"C?"}, {}}, 9'000));  // keeps B: 1000 is free
  ASSERT_TRUE(put_at(*w, "clock", TreeSpec{{"D?"}, {}}, 9'500));  // keeps C under 9000
  ASSERT_TRUE(put_at(*w, "clock", TreeSpec{{"E?"}, {}}, 5'000));  // keeps D under 9500
  ASSERT_TRUE(put_at(*w, "clock", TreeSpec{{"F?"}, {}}, 9'600));  // keeps E: 5000 taken, so 5001
  auto r = open_reader(tmp.path());
  std::multiset<std::string> kept;
  for (const auto& v : r->versions(key_of("clock")).value()) kept.insert(first_question(v));
  EXPECT_EQ(kept, (std::multiset<std::string>{"A?", "B?", "C?", "D?", "E?", "F?"})) << "nothing overwritten";
}

TEST(StoreHistory, AVersionIsSeenAsItWasBetweenItsFirstAndLastFetch) {
  StoredResult v;
  v.fetched_at_ms = 9'000;
  v.unchanged_since_ms = 1'000;
  v.run_id = "later";
  v.first_run_id = "first";
  v.cached = true;
  v.first_cached = false;
  const auto before = as_seen_at(v, 8'999);
  EXPECT_EQ(before.fetched_at_ms, 1'000);
  EXPECT_EQ(before.run_id, "first");
  EXPECT_FALSE(before.cached);
  const auto after = as_seen_at(v, 9'000);
  EXPECT_EQ(after.fetched_at_ms, 9'000);
  EXPECT_EQ(after.run_id, "later");
  EXPECT_TRUE(after.cached);
}

RunInfo run(std::string id, std::int64_t start, std::int64_t end) {
  RunInfo r;
  r.run_id = std::move(id);
  r.job = "coffee";
  r.started_at_ms = start;
  r.ended_at_ms = end;
  return r;
}

TEST(PointInTime, RunsDatesTimesAndNow) {
  const std::vector<RunInfo> runs{run("20261101-020000", 1'000, 2'000), run("20261201-020000", 5'000, 0),
                                  run("20261201-030000", 8'000, 0)};
  EXPECT_EQ(resolve_point("20261101-020000", runs, 99'000).value().at_ms, 2'000) << "when the run ended";
  EXPECT_EQ(resolve_point("20261201-020000", runs, 99'000).value().at_ms, 7'999) << "cut short: before the next";
  EXPECT_EQ(resolve_point("20261201-030000", runs, 99'000).value().at_ms, 99'000) << "still running: now";
  EXPECT_EQ(resolve_point("now", runs, 99'000).value().at_ms, 99'000);
  const std::int64_t day = 86'400'000;
  const std::int64_t nov1 = 20'393 * day;  // 2025-11-01
  EXPECT_EQ(resolve_point("2025-11-01", runs, 0).value().at_ms, nov1 + day - 1) << "the end of the UTC day";
  EXPECT_EQ(resolve_point("2025-11-01T02:00:00Z", runs, 0).value().at_ms, nov1 + 2 * 3'600'000);
  EXPECT_EQ(resolve_point("2025-11-01T02:00:00.25Z", runs, 0).value().at_ms, nov1 + 2 * 3'600'000 + 250);
  EXPECT_EQ(resolve_point("2025-11-01T03:30:00+01:30", runs, 0).value().at_ms, nov1 + 2 * 3'600'000);
  EXPECT_EQ(resolve_point("2025-11-01T00:00:00-02:00", runs, 0).value().at_ms, nov1 + 2 * 3'600'000);
  EXPECT_EQ(resolve_point("2025-11-01 02:00:00z", runs, 0).value().at_ms, nov1 + 2 * 3'600'000);
}

TEST(PointInTime, DiffComparesTheJobOfTheRunNamedUnlessToldOtherwise) {
  std::vector<RunInfo> runs{run("20261101-020000", 1'000, 2'000), run("20261102-020000", 3'000, 4'000)};
  runs[1].job = "tea";
  const auto coffee = resolve_point("20261101-020000", runs, 9'000).value();
  const auto tea = resolve_point("20261102-020000", runs, 9'000).value();
  const auto now = resolve_point("now", runs, 9'000).value();
  const auto day = resolve_point("2026-11-01", runs, 9'000).value();
  EXPECT_EQ(coffee.job, "coffee");
  EXPECT_EQ(day.job, "");
  EXPECT_EQ(diff_scope(coffee, now, "", false).value(), "coffee") << "a run and now: that run's job";
  EXPECT_EQ(diff_scope(day, tea, "", false).value(), "tea") << "a date and a run: the run's job";
  EXPECT_EQ(diff_scope(day, now, "", false).value(), "") << "no run named: every key";
  EXPECT_EQ(diff_scope(coffee, now, "", true).value(), "") << "--all-jobs";
  EXPECT_EQ(diff_scope(coffee, tea, "tea", false).value(), "tea") << "--job chooses";
  auto two = diff_scope(coffee, tea, "", false);
  ASSERT_FALSE(two);
  EXPECT_EQ(two.error().code, errc::invalid_input);
  EXPECT_NE(two.error().message.find("--from is a run of job 'coffee' and --to a run of job 'tea'"), std::string::npos)
      << two.error().message;
  EXPECT_FALSE(diff_scope(coffee, now, "coffee", true)) << "--job and --all-jobs together";
}

TEST(PointInTime, WhatIsNeitherARunNorADateSaysWhatToWrite) {
  const std::vector<RunInfo> runs{run("20261101-020000", 1'000, 2'000)};
  for (const char* text : {"20261101-020001", "2025-02-30", "2025-13-01", "2025-11-01T02:00:00", "2025-11-01T24:00:00Z",
                           "2025-11-01T02:00:00+25:00", "2025-11-01T02:00:00+01:99", "2025-11-01T02:00Z", "yesterday",
                           "2025-11-01T02:00:00Zjunk", ""}) {
    auto r = resolve_point(text, runs, 0);
    ASSERT_FALSE(r) << text;
    EXPECT_NE(r.error().message.find("the latest is 20261101-020000"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("write YYYY-MM-DD, an RFC 3339 time"), std::string::npos) << r.error().message;
  }
}

// --- the format 2 fixture (tests/store/fixtures/README.md) ----------------------------------

std::filesystem::path copy_fixture(const std::filesystem::path& into) {
  const auto dest = into / "store";
  std::filesystem::copy(std::filesystem::path(PAA_STORE_FIXTURES) / "format2-store", dest);
  return dest;
}

std::string format_version(const std::filesystem::path& dir) { return test::raw_format_version(dir); }

bool has_family(const std::filesystem::path& dir, const std::string& name) {
  std::vector<std::string> names;
  EXPECT_TRUE(rocksdb::DB::ListColumnFamilies(rocksdb::DBOptions(), dir.string(), &names).ok());
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Every result of the fixture as the old release exported it: key fields -> result JSON.
std::map<std::string, boost::json::value> expected_results() {
  std::ifstream in(std::filesystem::path(PAA_STORE_FIXTURES) / "format2-expected.jsonl");
  std::map<std::string, boost::json::value> out;
  std::string line;
  while (std::getline(in, line)) {
    auto o = boost::json::parse(line).as_object();
    out[key_of(std::string(o["q"].as_string()), std::string(o["hl"].as_string()),
               std::string(o["gl"].as_string()))] = o["result"];
  }
  return out;
}

void expect_fixture_results(StoreReader& r) {
  const auto expected = expected_results();
  ASSERT_EQ(expected.size(), 6u);
  std::size_t seen = 0;
  ASSERT_TRUE(r.scan_results("", [&](const StoredResult& s) {
    ++seen;
    auto it = expected.find(s.key);
    EXPECT_NE(it, expected.end()) << s.q;
    if (it == expected.end()) return true;
    EXPECT_EQ(boost::json::parse(s.body).as_object()["result"], it->second) << s.q;
    EXPECT_EQ(s.unchanged_since_ms, s.fetched_at_ms);
    EXPECT_EQ(s.run_id, "");
    EXPECT_EQ(r.versions(s.key).value().size(), 1u);
    return true;
  }));
  EXPECT_EQ(seen, expected.size());
}

TEST(StoreUpgrade, AFormatTwoStoreIsReadAsItIsAndUpgradedByTheFirstWriter) {
  TempDir tmp;
  const auto dir = copy_fixture(tmp.path());
  ASSERT_EQ(format_version(dir), "2");
  ASSERT_FALSE(has_family(dir, "history"));
  {
    auto r = open_reader(dir);  // a reader reads it, and changes nothing
    ASSERT_TRUE(r);
    expect_fixture_results(*r);
    EXPECT_TRUE(r->runs().value().empty());
  }
  EXPECT_EQ(format_version(dir), "2");
  {
    auto w = open_writer(dir);
    ASSERT_TRUE(w);
  }
  EXPECT_EQ(format_version(dir), std::to_string(kStoreFormatVersion));
  EXPECT_TRUE(has_family(dir, "history"));
  auto r = open_reader(dir);
  expect_fixture_results(*r);
  // A refresh after the upgrade keeps the fixture's answer as the first version.
  {
    r.reset();
    auto w = open_writer(dir);
    ASSERT_TRUE(put_at(*w, "coffee", TreeSpec{{"Changed?"}, {}}, 4'000'000'000'000));
  }
  r = open_reader(dir);
  auto versions = r->versions(key_of("coffee")).value();
  ASSERT_EQ(versions.size(), 2u);
  EXPECT_EQ(boost::json::parse(versions[0].body).as_object()["result"], expected_results()[key_of("coffee")]);

  // The same answer again for a format-2 record: one version, since its old fetch, first fetch kept.
  auto old = r->get(key_of("cold brew")).value();
  ASSERT_TRUE(old);
  r.reset();
  {
    auto w = open_writer(dir);
    auto req = make_put("job", "cold brew", TreeSpec{});
    auto& put = std::get<PutResult>(req.item);
    put.result.body = old->body;
    put.result.fetched_at_ms = old->fetched_at_ms + 1'000;
    put.result.cached = !old->cached;
    put.envelope = parse_envelope(old->body).value();
    ASSERT_TRUE(submit_and_wait(*w, std::move(req)));
    EXPECT_EQ(w->run_changes().unchanged, 1u);
  }
  r = open_reader(dir);
  versions = r->versions(key_of("cold brew")).value();
  ASSERT_EQ(versions.size(), 1u);
  EXPECT_EQ(versions[0].unchanged_since_ms, old->fetched_at_ms);
  EXPECT_EQ(versions[0].first_cached, old->cached);
  EXPECT_EQ(r->get_at(key_of("cold brew"), old->fetched_at_ms).value()->cached, old->cached);
}

TEST(StoreUpgrade, AnUpgradeCutShortIsFinishedByTheNextWriter) {
  TempDir tmp;
  const auto dir = copy_fixture(tmp.path());
  // A writer killed after creating the new family and before recording the version.
  test::raw_format_version(dir, std::nullopt, "history");
  ASSERT_EQ(format_version(dir), "2");
  {
    auto r = open_reader(dir);
    expect_fixture_results(*r);
  }
  { auto w = open_writer(dir); }
  EXPECT_EQ(format_version(dir), std::to_string(kStoreFormatVersion));
  auto r = open_reader(dir);
  expect_fixture_results(*r);
}

}  // namespace
}  // namespace paa
