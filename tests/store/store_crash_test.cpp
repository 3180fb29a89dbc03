// Crash safety: a child writes results in a loop and reports each key through a pipe once its
// `done` callback has fired; the parent SIGKILLs it at a random moment, then checks that every
// reported result survived, parses and is marked done, and that nothing is half-written
// (every result has its progress entry, the quota state belongs to a stored result, and nothing
// was written to the questions family, which holds no index since format 5).
#include "key_layout.hpp"
#include "legacy_formats.hpp"
#include "store_test_util.hpp"

#include "paa/store/store.hpp"
#include "support/files.hpp"
#include "support/process.hpp"
#include "support/seed.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <chrono>
#include <map>

#include <random>
#include <set>
#include <thread>

namespace paa {
namespace {

using test::make_put;
using test::TempDir;
namespace fs = std::filesystem;
using test::TreeSpec;

constexpr int kTrials = 24;
const char* const kJob = "crash";
constexpr std::uint32_t kOpenedMarker = 0xffffffff;  // the child reports "store open" first

std::string query_for(std::uint32_t i) { return "crash query " + std::to_string(i); }
TreeSpec tree_for(std::uint32_t i) {
  return TreeSpec{{"Shared?", "own " + std::to_string(i) + "?"},
                  {"nested " + std::to_string(i % 7) + "?"}};
}

[[noreturn]] void run_child(const std::filesystem::path& dir, int report_fd, std::uint32_t first,
                            bool sync) {
  auto writer = StoreWriter::open(dir, StoreOptions{sync, 512});
  if (!writer) {
    std::fprintf(stderr, "child: %s\n", writer.error().message.c_str());
    ::_exit(3);
  }
  if (::write(report_fd, &kOpenedMarker, sizeof kOpenedMarker) != sizeof kOpenedMarker) ::_exit(5);
  std::atomic<int> in_flight{0};
  for (std::uint32_t i = first;; ++i) {
    while (in_flight.load() >= 256) std::this_thread::yield();  // bound our own in-flight writes
    auto request = make_put(kJob, query_for(i), tree_for(i));
    QuotaState quota;
    quota.searches_left = i;  // ties the quota state to the request that carried it
    quota.seen_at_ms = i;
    request.quota = quota;
    ++in_flight;
    bool accepted = (*writer)->submit(std::move(request), [&in_flight, report_fd, i](Result<void> r) {
      if (!r) {
        std::fprintf(stderr, "child: %s\n", r.error().message.c_str());
        ::_exit(4);
      }
      // Reported only now: the write has returned, so it must survive the kill.
      if (::write(report_fd, &i, sizeof i) != sizeof i) ::_exit(5);
      --in_flight;
    });
    if (!accepted) {
      --in_flight;
      std::this_thread::yield();
    }
  }
}

struct Verified {
  std::size_t results = 0;
};

Verified verify_store(const std::filesystem::path& dir, const std::set<std::uint32_t>& reported) {
  Verified v;
  auto reader_or = StoreReader::open(dir);
  if (!reader_or && reported.empty() &&
      reader_or.error().message.rfind("no store at", 0) == 0) {
    return v;  // killed before the store was created: nothing to check yet
  }
  if (!reader_or) {
    ADD_FAILURE() << reader_or.error().message;
    return v;
  }
  auto& reader = **reader_or;

  std::set<std::string> done_keys;
  EXPECT_TRUE(reader.scan_progress(kJob, [&](std::string_view key, const ProgressEntry& p) {
    EXPECT_EQ(p.state, ProgressState::done);
    done_keys.emplace(key);
    return true;
  }));

  std::set<std::string> result_keys;
  EXPECT_TRUE(reader.scan_results("", [&](const StoredResult& r) {
    result_keys.insert(r.key);
    EXPECT_TRUE(done_keys.count(r.key)) << "result without its progress entry: " << r.q;
    EXPECT_TRUE(parse_envelope(r.body)) << r.q;
    return true;
  }));
  v.results = result_keys.size();
  EXPECT_EQ(done_keys, result_keys) << "progress entries without their result";

  for (std::uint32_t i : reported) {
    auto key = test::key_of(query_for(i));
    auto got = reader.get(key);
    if (!got) {
      ADD_FAILURE() << got.error().message;
      continue;
    }
    if (!*got) {
      ADD_FAILURE() << "reported as written but missing: " << query_for(i);
      continue;
    }
    EXPECT_TRUE(parse_envelope((*got)->body));
  }

  EXPECT_EQ(test::raw_family_keys(dir, "questions"), 0u) << "a harvest writes no question index";

  auto quota = reader.quota();
  EXPECT_TRUE(quota);
  if (quota && quota->searches_left) {
    EXPECT_TRUE(result_keys.count(test::key_of(
        query_for(static_cast<std::uint32_t>(*quota->searches_left)))))
        << "quota state committed without its result";
  }
  return v;
}

TEST(StoreCrash, SigkilledWriterLosesNothingReportedAndLeavesNothingHalfWritten) {
  TempDir tmp;
  const auto dir = tmp.path() / "crash.db";
  const auto seed = test::test_seed("PAA_STORE_CRASH_SEED");  // printed; replays these kill points
  SCOPED_TRACE("PAA_STORE_CRASH_SEED=" + std::to_string(seed) + " replays these kill points");
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> delay_ms(5, 50);

  std::set<std::uint32_t> reported;
  std::size_t kills_during_writes = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    (void)::fcntl(fds[1], F_SETPIPE_SZ, 1 << 20);  // the child rarely blocks on reporting
    const bool sync = trial % 4 == 3;
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      ::close(fds[0]);
      run_child(dir, fds[1], static_cast<std::uint32_t>(trial) * 1'000'000u, sync);
    }
    ::close(fds[1]);
    std::uint32_t index = 0;
    // Even trials time the kill from the fork (it may land inside open and WAL recovery);
    // odd ones from the moment the store is open, so that most land among the writes.
    if (trial % 2 == 1) {
      ASSERT_EQ(::read(fds[0], &index, sizeof index), static_cast<ssize_t>(sizeof index))
          << "the child died before opening the store";
      ASSERT_EQ(index, kOpenedMarker);
    }
    // The random kill moment (not synchronisation): anywhere in open, writes or callbacks.
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms(rng)));
    ASSERT_EQ(::kill(child, SIGKILL), 0);
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the child stopped by itself, exit "
                                     << (WIFEXITED(status) ? WEXITSTATUS(status) : -1);

    std::size_t before = reported.size();
    for (;;) {
      ssize_t n = ::read(fds[0], &index, sizeof index);
      if (n == 0) break;
      ASSERT_EQ(n, static_cast<ssize_t>(sizeof index));
      if (index != kOpenedMarker) reported.insert(index);
    }
    ::close(fds[0]);
    if (reported.size() > before) ++kills_during_writes;
    auto verified = verify_store(dir, reported);
    EXPECT_GE(verified.results, reported.size());
    if (HasFatalFailure()) return;
  }
  // Informative only: how many kills landed after the first writes were acknowledged.
  std::printf("crash test: %d kills, %zu while writing, %zu results reported\n", kTrials,
              kills_during_writes, reported.size());

  // A writer recovers the store, and everything still holds afterwards.
  {
    auto writer = StoreWriter::open(dir);
    ASSERT_TRUE(writer) << writer.error().message;
    ASSERT_TRUE((*writer)->close());
  }
  verify_store(dir, reported);
}

// The first writer of format 5 upgrades a store of format 4 in steps (drop the question index,
// create its family again, record the version), and opens it without the index's merge
// operator: a killed writer of format 4 can have left operands in the WAL. Killed anywhere in
// that open, it leaves a store that readers read (the old index whole, operands in the WAL
// included, or none) and the next writer upgrades.
std::map<std::string, std::uint64_t> question_counts(StoreReader& reader) {
  std::map<std::string, std::uint64_t> counts;
  EXPECT_TRUE(reader.scan_questions([&](const QuestionEntry& q) {
    counts[q.normalized] = q.count;
    return true;
  }));
  return counts;
}

std::uint64_t results_in(StoreReader& reader) {
  std::uint64_t n = 0;
  EXPECT_TRUE(reader.scan_results("", [&](const StoredResult&) { return ++n, true; }));
  return n;
}

// store_read_probe's verdict (store_read_probe.cpp), or "crashed (signal N)".
std::string probe(const fs::path& dir, const fs::path& scratch, const std::string& how = "") {
  std::vector<std::string> argv{STORE_READ_PROBE, dir.string()};
  if (!how.empty()) argv.push_back(how);
  test::Process p(argv, {}, scratch);
  auto r = p.wait();
  if (r.exit_code > 128) return "crashed (signal " + std::to_string(r.exit_code - 128) + ")";
  return r.out + r.err;
}

TEST(StoreCrash, AWriterKilledWhileUpgradingAFormatFourStoreLeavesAStoreTheNextWriterUpgrades) {
  TempDir tmp;
  // The previous release's store, plus what a writer of it killed mid-run leaves: index
  // operands in the WAL only.
  const auto prepared = test::copy_fixture("format4/store", tmp.path() / "prepared");
  std::map<std::string, std::uint64_t> expected;
  {
    auto reader = StoreReader::open(prepared);
    ASSERT_TRUE(reader) << reader.error().message;
    expected = question_counts(**reader);
  }
  ASSERT_FALSE(expected.empty());
  test::RawOpen how;
  how.configure = [](const std::string& family, rocksdb::ColumnFamilyOptions& o) {
    if (family == store_detail::kQuestionsFamily) o.merge_operator = store_detail::make_question_count_merge();
  };
  const std::string question = expected.begin()->first;
  test::with_raw_store(prepared, how, [&](rocksdb::DB& db, const std::string& family, rocksdb::ColumnFamilyHandle* cf) {
    if (family != store_detail::kQuestionsFamily) return;
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(db.Merge({}, cf, question, std::string("\x02\x02\x00", 3)).ok());  // +1
  });
  expected[question] += 3;
  {
    auto reader = StoreReader::open(prepared);
    ASSERT_TRUE(reader);
    ASSERT_EQ(question_counts(**reader), expected) << "a reader sees the WAL's operands";
  }
  // How long a writer's open (and upgrade) takes here: the kills spread over it and a little after.
  auto started = std::chrono::steady_clock::now();
  {
    const auto timing = tmp.path() / "timing";
    fs::copy(prepared, timing);
    ASSERT_TRUE(StoreWriter::open(timing));
  }
  const auto open_us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started);

  const auto seed = test::test_seed("PAA_STORE_CRASH_SEED");
  SCOPED_TRACE("PAA_STORE_CRASH_SEED=" + std::to_string(seed) + " replays these kill points");
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::int64_t> delay_us(0, open_us.count() * 3 / 2);
  constexpr int kUpgradeTrials = 16;
  int index_whole = 0, upgraded = 0;
  for (int trial = 0; trial < kUpgradeTrials; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    const auto dir = tmp.path() / ("trial-" + std::to_string(trial));
    fs::copy(prepared, dir);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      auto writer = StoreWriter::open(dir);
      if (!writer) ::_exit(3);
      for (;;) ::pause();  // killed here at the latest
    }
    std::this_thread::sleep_for(std::chrono::microseconds(delay_us(rng)));
    ASSERT_EQ(::kill(child, SIGKILL), 0);
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the child could not open the store";
    // First in a process of its own, as `paa status` would read it (a crash in RocksDB shows).
    auto probed = probe(dir, tmp.path());
    EXPECT_TRUE(probed == "results 20, index 1\n" || probed == "results 20, index 0\n") << probed;
    {
      auto reader = StoreReader::open(dir);
      ASSERT_TRUE(reader) << reader.error().message;
      EXPECT_EQ(results_in(**reader), 20u);
      if ((*reader)->has_question_index()) {
        ++index_whole;
        EXPECT_EQ(question_counts(**reader), expected) << "the old index, WAL included, until it is dropped";
      } else {
        ++upgraded;
        EXPECT_TRUE(question_counts(**reader).empty());
      }
    }
    {
      auto writer = StoreWriter::open(dir);
      ASSERT_TRUE(writer) << writer.error().message;
    }
    EXPECT_EQ(probe(dir, tmp.path(), "catch-up"), "results 20, index 0\n");
    EXPECT_EQ(test::raw_format_version(dir), std::to_string(kStoreFormatVersion));
    EXPECT_EQ(test::raw_family_keys(dir, store_detail::kQuestionsFamily), 0u);
    auto reader = StoreReader::open(dir);
    ASSERT_TRUE(reader);
    EXPECT_EQ(results_in(**reader), 20u);
    EXPECT_FALSE((*reader)->has_question_index());
    fs::remove_all(dir);
  }
  // Informative only: where the kills landed.
  std::printf("upgrade crash test: %d kills (open took %lld us): %d left the old index, %d the upgrade done\n",
              kUpgradeTrials, static_cast<long long>(open_us.count()), index_whole, upgraded);
}

}  // namespace
}  // namespace paa
