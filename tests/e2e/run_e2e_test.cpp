// `paa run` end to end: the real binaries over TLS on loopback. The emulator's request log is
// the witness for what was sent; `paa export` shows what was kept.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <thread>
#include <set>
#include <vector>

namespace paa::e2e {
namespace {

class RunE2E : public ::testing::Test {
 protected:
  TempDir dir;
};

TEST_F(RunE2E, HarvestsEveryKeyOnceStoresWhatWasServedAndARerunSendsNothing) {
  Emulator emu(dir.path(), {"--seed", "11", "--chunked-share", "0.3"});
  // The inline query is query 1 again in another spelling: one key, one search.
  auto job = write_job(dir.path(), "basic", 60, "concurrency = 8\nrate = 0",
                       "queries = [\"  QUERY number 1   about COFFEE & Crème \"]");
  auto r = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto log = emu.log();
  EXPECT_EQ(log.size(), 60u);
  EXPECT_EQ(count_status(log, 200), 60u);
  std::set<std::string> asked;
  for (const auto& l : log) asked.insert(std::string(l.at("q").as_string()));
  EXPECT_EQ(asked.size(), 60u) << "no key was asked twice";

  const auto rows = export_jsonl(dir.path(), dir / "basic.db");
  ASSERT_EQ(rows.size(), 60u);
  expect_trees_match_emulator(rows, 11);

  EXPECT_NE(r.err.find("next: paa status " + job.string() + "    |    paa export " + job.string() +
                       " --format csv -o basic.csv\n"),
            std::string::npos)
      << "the hints name this job's store and its keys only: " << r.err;
  auto again = run_paa(run_args(job, emu), dir.path());
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(emu.requests(), 60u) << "a rerun of a finished job sends nothing";
  EXPECT_NE(again.err.find("already stored  60"), std::string::npos) << again.err;
  EXPECT_NE(again.err.find("duplicates      1"), std::string::npos) << again.err;
}

TEST_F(RunE2E, KeysAnotherJobStoredAreDoneForThisJobWithoutARequest) {
  Emulator emu(dir.path(), {"--searches", "5000"});
  const std::string store = (dir / "shared.db").string();
  auto first = write_job(dir.path(), "first", 1500, "concurrency = 16\nrate = 0");
  auto r = run_paa(run_args(first, emu, {"--store", store}), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("next: paa status " + first.string() + " --store " + store), std::string::npos)
      << "status is pointed at the store this run wrote, not the job file's: " << r.err;
  ASSERT_EQ(emu.requests(), 1500u);

  // The same keys under another job: more bookkeeping writes than the feeder may have in
  // flight (kFeederStoreWrites), none of them paid.
  auto second = write_job(dir.path(), "second", 1500, "concurrency = 16\nrate = 0");
  auto again = run_paa(run_args(second, emu, {"--store", store}), dir.path());
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(emu.requests(), 1500u) << "nothing is fetched twice";
  EXPECT_NE(again.err.find("already stored  1500"), std::string::npos) << again.err;
  auto exported = run_paa({"export", "--store", store, "--format", "jsonl", "--job", "second"},
                          dir.path());
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_EQ(std::count(exported.out.begin(), exported.out.end(), '\n'), 1500)
      << "every key is recorded done for the second job";
}

TEST_F(RunE2E, MissingKeyIsAUsageErrorNamingTheVariable) {
  Emulator emu(dir.path(), {});
  auto job = write_job(dir.path(), "nokey", 3, "rate = 0");
  auto r = run_paa(run_args(job, emu), dir.path(), {{"PAA_API_KEY", "<unset>"}});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("set the environment variable PAA_API_KEY"), std::string::npos) << r.err;
  EXPECT_EQ(emu.requests(), 0u);
}

TEST_F(RunE2E, StatusOfAJobThatNeverRanShowsEveryKeyPendingAndCreatesNothing) {
  auto job = write_job(dir.path(), "fresh", 7, "rate = 0");
  auto r = run_paa({"status", job.string()}, dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("pending           7"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("never run: the store"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("`paa run " + job.string() + "` creates it"), std::string::npos) << r.out;
  auto j = run_paa({"status", job.string(), "--json"}, dir.path());
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const auto first = boost::json::parse(j.out).at("jobs").as_array().at(0);
  EXPECT_EQ(first.at("pending").to_number<std::int64_t>(), 7);
  EXPECT_EQ(first.at("done").to_number<std::int64_t>(), 0);
  EXPECT_FALSE(fs::exists(dir / "fresh.db")) << "status creates nothing";
}

TEST_F(RunE2E, InvalidTokenStopsAtOnceWithExit3) {
  Emulator emu(dir.path(), {});
  auto job = write_job(dir.path(), "auth401", 50, "concurrency = 4\nrate = 0");
  auto r = run_paa(run_args(job, emu), dir.path(), {{"PAA_API_KEY", "not a valid token!"}});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("401 Invalid token"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("check PAA_API_KEY"), std::string::npos) << r.err;
  EXPECT_LE(emu.requests(), 4u) << "stopped issuing at the first 401; only in-flight requests";
}

TEST_F(RunE2E, UnknownKeyStopsAtOnceWithExit3) {
  Emulator emu(dir.path(), {});
  auto job = write_job(dir.path(), "auth403", 50, "concurrency = 4\nrate = 0");
  auto r = run_paa(run_args(job, emu), dir.path(), {{"PAA_API_KEY", "well-formed-but-unknown"}});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("403 Invalid API Key"), std::string::npos) << r.err;
  EXPECT_LE(emu.requests(), 4u);
}

TEST_F(RunE2E, ExhaustedQuotaWaitsForRenewalProbesAndCompletes) {
  Emulator emu(dir.path(), {"--searches", "20", "--renew-after-seconds", "2"});
  auto job = write_job(dir.path(), "wait", 45, "concurrency = 4\nrate = 0\non_quota = \"wait\"");
  auto r = run_paa(run_args(job, emu, {"--probe-interval", "1"}), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto log = emu.log();
  EXPECT_EQ(count_status(log, 200), 45u) << "every key paid exactly once";
  // searchesLeft = 0 stops sends before any 429; then one probe per second until the refill.
  EXPECT_LE(count_status(log, 429), 4u);
  EXPECT_EQ(export_jsonl(dir.path(), dir / "wait.db").size(), 45u);
}

TEST_F(RunE2E, StopModeExitsWith4WithoutA429AndARerunResumes) {
  auto job = write_job(dir.path(), "stop", 30, "concurrency = 4\nrate = 0\non_quota = \"stop\"");
  {
    Emulator emu(dir.path(), {"--searches", "20"});
    auto r = run_paa(run_args(job, emu), dir.path());
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_NE(r.err.find("quota exhausted; it renews on"), std::string::npos) << r.err;
    const auto log = emu.log();
    EXPECT_EQ(count_status(log, 200), 20u);
    EXPECT_EQ(count_status(log, 429), 0u) << "searchesLeft = 0 was known: nothing sent into it";
    // A rerun before the renewal sends exactly one probe.
    auto again = run_paa(run_args(job, emu), dir.path());
    EXPECT_EQ(again.exit_code, 4) << again.err;
    EXPECT_EQ(emu.requests(), 21u);
  }
  Emulator renewed(dir.path(), {"--searches", "100"});
  auto r = run_paa(run_args(job, renewed), dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(count_status(renewed.log(), 200), 10u) << "only the 10 missing keys";
  EXPECT_EQ(export_jsonl(dir.path(), dir / "stop.db").size(), 30u);
}

TEST_F(RunE2E, MaxSearchesIsNeverExceeded) {
  Emulator emu(dir.path(), {});
  auto job = write_job(dir.path(), "budget", 40, "concurrency = 8\nrate = 0");
  auto r = run_paa(run_args(job, emu, {"--max-searches", "7"}), dir.path());
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_NE(r.err.find("max_searches (7) reached"), std::string::npos) << r.err;
  EXPECT_EQ(emu.requests(), 7u);
}

TEST_F(RunE2E, PayAsYouGoCreditsAreSpentOnlyWhenAllowed) {
  Emulator emu(dir.path(), {"--searches", "5", "--payg", "5"});
  auto job = write_job(dir.path(), "payg", 8, "concurrency = 2\nrate = 0\non_quota = \"stop\"");
  auto r = run_paa(run_args(job, emu), dir.path());
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_EQ(emu.requests(), 5u) << "monthly searches only";
  auto with = run_paa(run_args(job, emu, {"--use-payg"}), dir.path());
  EXPECT_EQ(with.exit_code, 0) << with.err;
  EXPECT_EQ(count_status(emu.log(), 200), 8u);
  EXPECT_EQ(count_status(emu.log(), 429), 0u);
}

TEST_F(RunE2E, RetryAfterSlowsTheRunWithoutFailingKeys) {
  Emulator emu(dir.path(), {"--rate-limit", "25"});
  auto job = write_job(dir.path(), "throttle", 80, "concurrency = 8\nrate = 0");
  auto r = run_paa(run_args(job, emu), dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto log = emu.log();
  EXPECT_EQ(count_status(log, 200), 80u);
  EXPECT_GT(count_status(log, 429), 0u) << "the emulator did throttle";
  EXPECT_NE(r.err.find("failed          0"), std::string::npos) << r.err;
}

TEST_F(RunE2E, FaultStormEndsWithEveryKeyStoredAndNoneCorrupt) {
  Emulator emu(dir.path(), {"--seed", "5", "--fault-500", "0.1", "--fault-reset", "0.05",
                            "--fault-truncate", "0.05", "--fault-invalid-json", "0.05",
                            "--fault-slow", "0.05", "--max-requests-per-connection", "4",
                            "--cache-ttl", "0"});
  auto job = write_job(dir.path(), "storm", 80, "concurrency = 8\nrate = 0\nretries = 10");
  auto r = run_paa(run_args(job, emu, {"--backoff-base-ms", "20", "--backoff-cap-ms", "200"}), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = export_jsonl(dir.path(), dir / "storm.db");
  ASSERT_EQ(rows.size(), 80u);
  expect_trees_match_emulator(rows, 5);
  const auto sent = emu.requests();
  EXPECT_GT(sent, 80u);
  // The summary counts every request the emulator saw, and the retries among them.
  EXPECT_NE(r.err.find("requests        " + std::to_string(sent) + " (" + std::to_string(sent - 80) + " retries"),
            std::string::npos)
      << r.err;
}

TEST_F(RunE2E, SigintDrainsExits130AndARerunCompletes) {
  Emulator emu(dir.path(), {"--latency-ms", "40:60"});
  auto job = write_job(dir.path(), "sigint", 150, "concurrency = 4\nrate = 0");
  std::vector<std::string> argv{PAA_BIN};
  for (auto& a : run_args(job, emu)) argv.push_back(a);
  Process p(argv, {{"PAA_API_KEY", kApiKey}}, dir.path());
  ASSERT_TRUE(eventually([&] { return emu.requests() >= 12; }, std::chrono::seconds(30)));
  p.signal(SIGINT);
  auto r = p.wait();
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("interrupted; run the same command to resume"), std::string::npos) << r.err;
  const auto sent_before = emu.requests();
  EXPECT_LT(sent_before, 150u);

  auto again = run_paa(run_args(job, emu), dir.path());
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(count_status(emu.log(), 200), 150u) << "in-flight requests were drained and stored";
  EXPECT_EQ(export_jsonl(dir.path(), dir / "sigint.db").size(), 150u);
}

TEST_F(RunE2E, SecondSignalExitsAtOnceWithoutWaitingForTheDrain) {
  // A server that accepts connections and never answers: requests are provably in flight, so
  // after the first signal the drain waits, and only the second signal can end the run early.
  const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(listener, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ASSERT_EQ(::listen(listener, 64), 0);
  socklen_t len = sizeof addr;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len);
  std::atomic<int> accepted{0};
  std::vector<int> held;
  std::thread acceptor([&] {
    for (;;) {
      const int c = ::accept(listener, nullptr, nullptr);
      if (c < 0) return;
      held.push_back(c);
      ++accepted;
    }
  });
  auto job = write_job(dir.path(), "twosig", 20, "concurrency = 4\nrate = 0");
  const std::string url = "http://127.0.0.1:" + std::to_string(ntohs(addr.sin_port)) + "/api";
  Process p({PAA_BIN, "run", job.string(), "--base-url", url, "--progress", "none"},
            {{"PAA_API_KEY", kApiKey}}, dir.path());
  // A new store's quota is unknown: the first request goes alone (and never gets its answer here).
  ASSERT_TRUE(eventually([&] { return accepted >= 1; }, std::chrono::seconds(30)));
  p.signal(SIGINT);
  // Signals of one kind do not queue: send the second only once the first was taken.
  ASSERT_TRUE(eventually([&] { return p.err_so_far().find("received SIGINT") != std::string::npos; },
                         std::chrono::seconds(30)));
  const auto second_at = std::chrono::steady_clock::now();
  p.signal(SIGINT);
  const auto r = p.wait();
  EXPECT_LT(std::chrono::steady_clock::now() - second_at, std::chrono::seconds(5))
      << "did not wait for the 10 s drain";
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("second signal, exiting now"), std::string::npos) << r.err;
  ::shutdown(listener, SHUT_RDWR);
  ::close(listener);
  acceptor.join();
  for (int c : held) ::close(c);

  // The store is consistent: a rerun against a real service completes the job.
  Emulator emu(dir.path(), {});
  auto again = run_paa(run_args(job, emu), dir.path());
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(export_jsonl(dir.path(), dir / "twosig.db").size(), 20u);
}

// The pace at the emulator: a typical gap of 1/R, never more starts than the bucket allows, and
// no faster on average. A loaded machine only delays requests: a stall longer than the burst
// covers (B/R = 0.5 s) lowers the mean rate for good, so the mean is bounded above only; the
// median gap, which a minority of stalls and their catch-up bursts does not move, is what must
// be 1/R within 5 %. Any pacing error (rate 8 or 12 instead of 10) fails both ways.
TEST_F(RunE2E, RateStaysWithinFivePercentAndNeverAboveTheBucket) {
  Emulator emu(dir.path(), {});
  const double rate = 10, burst = 5;
  auto job = write_job(dir.path(), "rate", 205, "concurrency = 8\nrate = 10.0\nburst = 5");
  auto r = run_paa(run_args(job, emu), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<double> t;
  for (const auto& l : emu.log()) t.push_back(static_cast<double>(l.at("t").as_int64()) / 1000.0);
  ASSERT_EQ(t.size(), 205u);
  std::sort(t.begin(), t.end());
  // Steady state, after the initial burst.
  const auto first = static_cast<std::size_t>(burst);
  const double steady = static_cast<double>(t.size() - 1 - first) / (t.back() - t[first]);
  EXPECT_LE(steady, rate * 1.05) << "mean rate after the burst";
  std::vector<double> gaps;
  for (std::size_t i = first + 1; i < t.size(); ++i) gaps.push_back(t[i] - t[i - 1]);
  std::nth_element(gaps.begin(), gaps.begin() + static_cast<std::ptrdiff_t>(gaps.size() / 2), gaps.end());
  const double median_gap = gaps[gaps.size() / 2];
  EXPECT_NEAR(median_gap, 1 / rate, 0.05 / rate) << "median gap between request arrivals (s); mean rate " << steady;
  std::printf("rate: median gap %.3f s (1/R = %.3f s), mean %.2f/s after the burst (R = %.0f/s)\n", median_gap,
              1 / rate, steady, rate);
  // Every window: starts <= R*t + B. The emulator sees arrivals, not starts: +1 for its
  // millisecond log resolution, and 25 ms of delivery jitter at each end of the window (a
  // sanitizer build on a loaded machine delays some requests more than others). The exact
  // bound at the client is the token bucket's unit tests' (fake clock).
  const double jitter_s = 0.025;
  for (std::size_t i = 0; i < t.size(); ++i) {
    for (std::size_t j = i; j < t.size(); ++j) {
      ASSERT_LE(static_cast<double>(j - i + 1), rate * (t[j] - t[i] + 2 * jitter_s) + burst + 1.0)
          << "window " << t[i] << ".." << t[j];
    }
  }
}

TEST_F(RunE2E, AWrongBaseUrlStopsTheRunAsAConfigurationErrorAndFailsNoKey) {
  Emulator emu(dir.path(), {"--seed", "3"});
  auto job = write_job(dir.path(), "wrongurl", 150, "concurrency = 8\nrate = 0");
  // The service's address without its /api path: every request gets the emulator's 404.
  const std::string wrong = "https://localhost:" + std::to_string(emu.port());
  auto r = run_paa({"run", job.string(), "--base-url", wrong, "--ca-file", (certs_dir() / "ca.pem").string(),
                    "--progress", "none"},
                   dir.path());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("answered 404"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("it ends in /api"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("failed: q="), std::string::npos) << "no key is reported failed: " << r.err;
  EXPECT_EQ(r.err.find("next: paa export"), std::string::npos) << "no hint to export what was not harvested";
  EXPECT_LE(emu.requests(), 8u) << "it stops after the first answers: at most one request per connection";
  auto status = run_paa({"status", job.string(), "--json"}, dir.path());
  ASSERT_EQ(status.exit_code, 0) << status.err;
  const auto jobs = boost::json::parse(status.out).at("jobs").as_array();
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].at("failed").to_number<std::int64_t>(), 0) << "nothing was recorded as failed";
  // With the right address the same job then runs to the end.
  auto fixed = run_paa(run_args(job, emu), dir.path());
  EXPECT_EQ(fixed.exit_code, 0) << fixed.err;
}

TEST_F(RunE2E, UnverifiableServerCertificateNeverReceivesTheKey) {
  for (const std::string cert : {"wrong-host", "self-signed", "expired"}) {
    Emulator emu(dir.path(), {}, true, cert);
    auto job = write_job(dir.path(), "tls-" + cert, 5, "rate = 0");
    auto r = run_paa(run_args(job, emu), dir.path());
    EXPECT_EQ(r.exit_code, 2) << cert << ": " << r.err;
    EXPECT_NE(r.err.find("could not be verified"), std::string::npos) << cert << ": " << r.err;
    EXPECT_NE(r.err.find("--ca-file"), std::string::npos) << r.err;
    EXPECT_EQ(emu.requests(), 0u) << cert << ": the request (and key) never reached the server";
    EXPECT_NE(r.err.find("requests        0 "), std::string::npos) << cert << ": the summary counts what was sent: " << r.err;
  }
}

TEST_F(RunE2E, SecondRunIsRefusedWhileStatusAndExportStillWork) {
  // 120 keys at 2 x 5 per second: 12 s of work, far more than the checks below take even in a
  // sanitizer build, so the SIGTERM always finds the run working.
  Emulator emu(dir.path(), {"--latency-ms", "200:200"});
  auto job = write_job(dir.path(), "twice", 120, "concurrency = 2\nrate = 0");
  std::vector<std::string> argv{PAA_BIN};
  for (auto& a : run_args(job, emu)) argv.push_back(a);
  Process first(argv, {{"PAA_API_KEY", kApiKey}}, dir.path());
  ASSERT_TRUE(eventually([&] { return emu.requests() >= 1; }, std::chrono::seconds(30)));
  auto second = run_paa(run_args(job, emu), dir.path());
  EXPECT_EQ(second.exit_code, 2) << second.err;
  EXPECT_NE(second.err.find("in use by another paa process"), std::string::npos) << second.err;
  // status works while the run holds the store
  auto status = run_paa({"status", job.string(), "--json"}, dir.path());
  EXPECT_EQ(status.exit_code, 0) << status.err;
  // and so does an export, showing what was stored up to now
  ProcessResult during;
  ASSERT_TRUE(eventually(
      [&] {
        during = run_paa({"export", "--store", (dir / "twice.db").string(), "--format", "jsonl"}, dir.path());
        return during.exit_code != 0 || !during.out.empty();
      },
      std::chrono::seconds(30)));
  EXPECT_EQ(during.exit_code, 0) << during.err;
  const auto lines = std::count(during.out.begin(), during.out.end(), '\n');
  EXPECT_GE(lines, 1);
  EXPECT_LT(lines, 120) << "exported while the run was still working";
  for (std::size_t at = 0, end; (end = during.out.find('\n', at)) != std::string::npos; at = end + 1) {
    EXPECT_TRUE(boost::json::parse(during.out.substr(at, end - at)).is_object());
  }
  // SIGTERM: stop issuing, drain what is in flight into the store, exit 130.
  first.signal(SIGTERM);
  const auto stopped = first.wait();
  EXPECT_EQ(stopped.exit_code, 130) << stopped.err;
  EXPECT_NE(stopped.err.find("received SIGTERM"), std::string::npos) << stopped.err;
  EXPECT_NE(stopped.err.find("interrupted; run the same command to resume"), std::string::npos) << stopped.err;
  EXPECT_EQ(export_jsonl(dir.path(), dir / "twice.db").size(), count_status(emu.log(), 200))
      << "every answer that arrived was stored";
  EXPECT_LT(count_status(emu.log(), 200), 120u) << "SIGTERM stopped the run before the end";
  // The rerun, against the same service without the latency, fetches only the rest.
  Emulator fast(dir.path(), {});
  auto rerun = run_paa(run_args(job, fast), dir.path());
  EXPECT_EQ(rerun.exit_code, 0) << rerun.err;
  EXPECT_EQ(export_jsonl(dir.path(), dir / "twice.db").size(), 120u);
  std::set<std::string> asked;
  for (const auto* log : {&emu, &fast}) {
    for (const auto& l : log->log()) {
      if (l.at("status").as_int64() == 200) asked.insert(std::string(l.at("q").as_string()));
    }
  }
  EXPECT_EQ(count_status(emu.log(), 200) + count_status(fast.log(), 200), 120u) << "nothing was fetched twice";
  EXPECT_EQ(asked.size(), 120u);
}

}  // namespace
}  // namespace paa::e2e
