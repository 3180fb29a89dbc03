// The money path end to end: the emulator's own log says what it charged; `paa run` must never
// let it charge more than max_searches, even when every answer may be lost after the charge,
// and must report where the searches went.
#include "harness.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <regex>

namespace paa::e2e {
namespace {

struct Charged {
  std::size_t answered = 0;  // 200s the service charged (each one stored by paa)
  std::size_t dropped = 0;   // charged, then the connection reset
  std::size_t drop_events = 0;
  std::size_t total() const { return answered + dropped; }
};

Charged charges(const std::vector<boost::json::object>& log) {
  Charged c;
  for (const auto& l : log) {
    const bool charged = l.at("charged").as_bool();
    const bool drop = l.at("fault").is_string() && l.at("fault").as_string() == "charge-drop";
    c.drop_events += drop ? 1 : 0;
    if (!charged) continue;
    (drop ? c.dropped : c.answered) += 1;
  }
  return c;
}

// "searches        12 charged for stored answers, 5 unknown outcomes (... 0 proved free)"
struct Reported {
  std::size_t charged = 0, unknown = 0, proved_free = 0;
};
Reported reported(const std::string& summary) {
  Reported r;
  std::smatch m;
  const std::regex line(R"(searches +(\d+) charged for stored answers(, (\d+) unknown outcomes? \(.*; (\d+) proved free\))?)");
  EXPECT_TRUE(std::regex_search(summary, m, line)) << summary;
  if (m.empty()) return r;
  r.charged = std::stoul(m[1]);
  if (m[2].matched) {
    r.unknown = std::stoul(m[3]);
    r.proved_free = std::stoul(m[4]);
  }
  return r;
}

struct Budget {
  int max_searches;
  int concurrency;
};

class MoneyE2E : public ::testing::TestWithParam<Budget> {
 protected:
  TempDir dir;
};

TEST_P(MoneyE2E, ChargedThenDroppedAnswersNeverTakeTheServicePastMaxSearches) {
  const auto [max_searches, concurrency] = GetParam();
  // No cache: every request of a key that comes back is charged again.
  Emulator emu(dir.path(), {"--seed", "3", "--fault-charge-drop", "0.3", "--cache-ttl", "0"});
  auto job = write_job(dir.path(), "drops", 200,
                       "concurrency = " + std::to_string(concurrency) + "\nrate = 0\nretries = 20");
  auto r = run_paa(run_args(job, emu, {"--max-searches", std::to_string(max_searches),
                                       "--backoff-base-ms", "5", "--backoff-cap-ms", "20"}),
                   dir.path());
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_NE(r.err.find("max_searches (" + std::to_string(max_searches) + ") reached"), std::string::npos)
      << r.err;

  const auto log = emu.log();
  const Charged charged = charges(log);
  EXPECT_LE(charged.total(), static_cast<std::size_t>(max_searches)) << r.err;
  EXPECT_GT(charged.dropped, 0u) << "the fault did happen";

  // The summary matches the emulator's log: stored answers charged, unknown outcomes, and no
  // unknown outcome claimed free (every drop here was charged).
  const Reported rep = reported(r.err);
  EXPECT_EQ(rep.charged, charged.answered);
  EXPECT_EQ(rep.unknown, charged.drop_events);
  EXPECT_EQ(rep.proved_free, 0u);
  EXPECT_EQ(export_jsonl(dir.path(), dir / "drops.db").size(), charged.answered);

  // `paa status` keeps the same account.
  auto status = run_paa({"status", job.string()}, dir.path());
  ASSERT_EQ(status.exit_code, 0) << status.err;
  EXPECT_NE(status.out.find(std::to_string(charged.answered) + " charged, " +
                            std::to_string(charged.drop_events) + " unknown outcome"),
            std::string::npos)
      << status.out;
}

INSTANTIATE_TEST_SUITE_P(Budgets, MoneyE2E,
                         ::testing::Values(Budget{10, 1}, Budget{25, 4}, Budget{40, 16}, Budget{60, 64}),
                         [](const auto& p) {
                           return "max" + std::to_string(p.param.max_searches) + "_conc" +
                                  std::to_string(p.param.concurrency);
                         });

// The job's budget (job_max_searches) across runs: a run SIGKILLed in the middle, the rerun, and
// a third run; answers charged then dropped throughout. What the service charged over all of
// them stays within the budget: the killed run counts what it had reserved (docs/running.md
// "Money: the job's budget"), the rerun spends the rest and stops (exit 4), the third sends nothing.
TEST(MoneyE2EJobBudget, HoldsAcrossAKilledRunItsRerunAndDroppedAnswers) {
  TempDir dir;
  Emulator emu(dir.path(), {"--seed", "5", "--fault-charge-drop", "0.2", "--cache-ttl", "0", "--latency-ms", "20:60"});
  auto job = write_job(dir.path(), "nightly", 200, "concurrency = 4\nrate = 0\nretries = 20\njob_max_searches = 60");
  const std::vector<std::string> tuning{"--backoff-base-ms", "5", "--backoff-cap-ms", "20"};
  {
    auto args = run_args(job, emu, tuning);
    std::vector<std::string> argv{PAA_BIN};
    argv.insert(argv.end(), args.begin(), args.end());
    Process killed(argv, {{"PAA_API_KEY", kApiKey}, {"PAA_BASE_URL", "<unset>"}}, dir.path());
    ASSERT_TRUE(eventually([&] { return killed.exited() || charges(emu.log()).total() >= 10; }, std::chrono::seconds(60)));
    killed.signal(SIGKILL);
    ASSERT_EQ(killed.wait().exit_code, 128 + SIGKILL) << "killed in the middle of the budget";
  }
  const std::size_t by_the_killed_run = charges(emu.log()).total();
  auto rerun = run_paa(run_args(job, emu, tuning), dir.path());
  EXPECT_EQ(rerun.exit_code, 4) << rerun.err;
  EXPECT_NE(rerun.err.find("earlier runs of this store counted"), std::string::npos) << rerun.err;
  EXPECT_NE(rerun.err.find("the job's budget (job_max_searches = 60) is spent"), std::string::npos) << rerun.err;
  const Charged charged = charges(emu.log());
  EXPECT_LE(charged.total(), 60u) << "over the killed run and its rerun";
  EXPECT_GT(charged.total(), by_the_killed_run) << "the rerun spent what the killed run had not reserved";
  EXPECT_GE(charged.total() + 16 + 4, 60u) << "a kill costs the budget at most one reservation step and what was in flight";
  const auto before = emu.requests();
  auto third = run_paa(run_args(job, emu, tuning), dir.path());
  EXPECT_EQ(third.exit_code, 4) << third.err;
  EXPECT_EQ(emu.requests(), before) << "nothing is left of the job's budget";
  auto status = run_paa({"status", job.string()}, dir.path());
  ASSERT_EQ(status.exit_code, 0) << status.err;
  std::smatch m;
  const std::string text = status.out;
  ASSERT_TRUE(std::regex_search(text, m, std::regex(R"(job budget +60 \(job_max_searches\): (\d+) counted by its runs, (\d+) left)")))
      << status.out;
  EXPECT_GE(std::stoul(m[1]), charged.total()) << "the runs never count less than the service charged";
  EXPECT_LE(std::stoul(m[1]), 60u);
}

TEST(MoneyE2EFigures, ResetsTheServiceDidNotChargeAreGivenBackByItsFigures) {
  TempDir dir;
  Emulator emu(dir.path(), {"--seed", "9", "--searches", "1000"});
  // A first run leaves the store a figure of the key's balance: the second run's baseline.
  auto first = write_job(dir.path(), "figures", 3, "concurrency = 1\nrate = 0");
  ASSERT_EQ(run_paa(run_args(first, emu), dir.path()).exit_code, 0);
  emu.stop();

  Emulator resets(dir.path(), {"--seed", "9", "--searches", "997", "--fault-reset", "0.4"});
  auto job = write_job(dir.path(), "figures", 40, "concurrency = 1\nrate = 0\nretries = 20");
  auto r = run_paa(run_args(job, resets, {"--max-searches", "30", "--backoff-base-ms", "5",
                                          "--backoff-cap-ms", "20"}),
                   dir.path());
  const Charged charged = charges(resets.log());
  EXPECT_LE(charged.total(), 30u);
  const Reported rep = reported(r.err);
  EXPECT_EQ(rep.charged, charged.answered);
  EXPECT_GT(rep.unknown, 0u) << r.err;
  EXPECT_GT(rep.proved_free, 0u) << "the balance fell by one per stored answer: the resets were free\n"
                                 << r.err;
  EXPECT_LE(rep.proved_free, rep.unknown);
  EXPECT_GT(charged.answered, 30u - rep.unknown) << "budget given back was spent on answers";
}

TEST(MoneyE2EGate, ConnectionsTheServerClosedWhileIdleAreReplacedBeforeSending) {
  TempDir dir;
  // Every connection is closed after 1 s idle; requests are 2.5 s apart. The 1.5 s between the
  // server's close and the next request are for a loaded machine, where the emulator's timer and
  // the FIN reaching paa may be late: with a connection reused after its close, the request fails
  // and is retried, and the checks below fail (the retry count; one connection per request).
  Emulator emu(dir.path(), {"--idle-timeout-seconds", "1"});
  auto job = write_job(dir.path(), "idle", 4, "concurrency = 1\nrate = 0.4\nburst = 1");
  auto r = run_paa(run_args(job, emu, {"--max-searches", "4"}), dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto log = emu.log();
  EXPECT_EQ(log.size(), 4u) << "no request went out but those the gate granted";
  EXPECT_EQ(count_status(log, 200), 4u);
  EXPECT_NE(r.err.find("requests        4 (0 retries"), std::string::npos) << r.err;
  std::set<std::int64_t> connections;
  for (const auto& l : log) connections.insert(l.at("conn").as_int64());
  EXPECT_EQ(connections.size(), 4u) << "each request found its idle connection closed and opened a new one";
}

}  // namespace
}  // namespace paa::e2e
