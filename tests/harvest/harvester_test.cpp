// The coroutine shell's wiring, without sockets or disk: the emulator's Service answers
// in-process and a store in memory keeps what the harvest writes.
#include "paa/emulator/service.hpp"
#include "paa/exit_code.hpp"
#include "paa/harvest/harvester.hpp"
#include "paa/job/job_file.hpp"
#include "paa/model/query_key.hpp"

#include "support/memory_store.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>


using namespace paa;
using namespace std::chrono_literals;
using paa::test::MemoryStore;

namespace {

constexpr const char* kKey = "in-process-key";

// The emulator's decisions as a Transport: a reset is a response with no status.
class ServiceTransport final : public Transport {
 public:
  ServiceTransport(emulator::Service& service, std::string key) : service_(service), key_(std::move(key)) {}
  boost::asio::awaitable<HttpResponse> get(std::string target) override {
    emulator::Reply reply;
    service_.handle({"GET", target, key_}, emulator::Clock::now(), reply);
    HttpResponse r;
    r.request_sent = true;
    r.status = static_cast<int>(reply.status);
    if (reply.status == 0) {
      r.network_error = "connection reset by peer";
    } else {
      r.body = std::move(reply.body);
      if (reply.retry_after) r.retry_after = std::to_string(reply.retry_after);
    }
    co_return r;
  }
  void close() override {}

 private:
  emulator::Service& service_;
  std::string key_;
};

struct InProcessRun {
  explicit InProcessRun(int queries, int concurrency = 4, emulator::FaultRates faults = {}) {
    emulator::ServiceConfig config;
    config.keys = {emulator::KeyConfig{kKey, true, 100000, 0}};
    config.faults = faults;
    config.faults.chunked_share = 0;
    config.cache_ttl = std::chrono::seconds(0);
    service = std::make_unique<emulator::Service>(config);
    options.job.name = "inproc";
    options.job.locales = {Locale{"en", "us", ""}};
    for (int i = 0; i < queries; ++i) options.job.queries.push_back("question " + std::to_string(i));
    options.job.limits.concurrency = concurrency;
    options.job.limits.rate = 0;
    options.job.limits.retries = 20;
    options.endpoint = parse_base_url("https://in-process.test/api").value();
    options.progress = ProgressMode::none;
    options.total_keys = static_cast<std::uint64_t>(queries);
    options.backoff_base = 1ms;
    options.backoff_cap = 2ms;
    options.transport = [this](boost::asio::any_io_executor) {
      return std::make_unique<ServiceTransport>(*service, key);
    };
  }
  HarvestSummary run() { return run_harvest(options, store).value(); }

  std::string key = kKey;
  std::unique_ptr<emulator::Service> service;
  HarvestOptions options;
  MemoryStore store;
};

std::int64_t searches_left(emulator::Service& s) {
  auto stats = boost::json::parse(s.stats_json(emulator::Clock::now()));
  return stats.at("keys").as_array().at(0).at("searchesLeft").as_int64();
}

}  // namespace

TEST(Harvester, EveryKeyIsFetchedOnceAndStored) {
  InProcessRun run(40);
  const auto s = run.run();
  EXPECT_EQ(s.stop, StopReason::none) << s.stop_message;
  EXPECT_EQ(s.fetched, 40u);
  EXPECT_EQ(s.requests, 40u);
  EXPECT_EQ(s.searches_spent, 40u);
  EXPECT_EQ(run.store.results.size(), 40u);
  EXPECT_EQ(searches_left(*run.service), 100000 - 40);
  EXPECT_EQ(exit_code_for(s), 0);
}

TEST(Harvester, ARerunSkipsEverythingStored) {
  InProcessRun run(10);
  run.run();
  const auto again = run.run();
  EXPECT_EQ(again.requests, 0u);
  EXPECT_EQ(again.already_stored, 10u);
}

TEST(Harvester, ChargedThenDroppedAnswersCountAgainstTheBudget) {
  emulator::FaultRates faults;
  faults.charge_drop = 0.4;
  InProcessRun run(100, 8, faults);
  run.options.job.limits.max_searches = 20;
  const auto s = run.run();
  EXPECT_EQ(s.stop, StopReason::budget);
  const std::int64_t charged = 100000 - searches_left(*run.service);
  EXPECT_LE(charged, 20);
  EXPECT_EQ(static_cast<std::int64_t>(s.searches_spent + s.unknown_outcomes), charged)
      << "every charge is either a stored answer or an unknown outcome";
  EXPECT_EQ(s.fetched, run.store.results.size());
  EXPECT_EQ(exit_code_for(s), 4);
}

TEST(Harvester, UnderAJobBudgetEverySearchIsReservedDurablyBeforeItIsSpent) {
  emulator::FaultRates faults;
  faults.charge_drop = 0.3;
  InProcessRun run(100, 8, faults);
  run.options.job_allowance = 37;
  run.options.reservation_step = 16;
  const auto s = run.run();
  EXPECT_EQ(s.stop, StopReason::job_budget);
  EXPECT_EQ(exit_code_for(s), 4);
  const std::int64_t charged = 100000 - searches_left(*run.service);
  EXPECT_LE(charged, 37);
  EXPECT_EQ(run.store.reservations, (std::vector<std::uint64_t>{16, 32, 37})) << "a step at a time, never past the cap";
  EXPECT_EQ(static_cast<std::int64_t>(s.searches_spent + s.unknown_outcomes), charged);
  EXPECT_LE(s.searches_spent + s.unknown_outcomes, run.store.reservations.back());
}

TEST(Harvester, ARefusedKeyStopsTheRunWithoutRetrying) {
  InProcessRun run(10);
  run.key = "not-a-known-key";
  const auto s = run.run();
  EXPECT_EQ(s.stop, StopReason::auth);
  EXPECT_LE(s.requests, 4u) << "at most one request per worker";
  EXPECT_EQ(exit_code_for(s), 3);
}

TEST(Harvester, AStoreFailureStopsTheRunAndSaysTheResultWasNotSaved) {
  InProcessRun run(10);
  run.store.mode = MemoryStore::Mode::fail;
  const auto s = run.run();
  EXPECT_EQ(s.stop, StopReason::store_failure);
  EXPECT_NE(s.stop_message.find("this result was not saved: No space left on device"), std::string::npos)
      << s.stop_message;
  EXPECT_EQ(exit_code_for(s), 1);
}

TEST(Harvester, AStoreThatNeverAnswersIsAFailureNotAHang) {
  InProcessRun run(4, 1);
  run.store.mode = MemoryStore::Mode::silent;
  run.options.store_ack_timeout = 300ms;
  run.options.drain_timeout = 300ms;
  const auto s = run.run();
  EXPECT_EQ(s.stop, StopReason::store_failure);
  EXPECT_NE(s.stop_message.find("did not acknowledge a write"), std::string::npos) << s.stop_message;
  for (auto& done : run.store.unanswered) done({});  // late acknowledgements find nobody waiting
}

TEST(Harvester, AQuotaRecordThatCannotBeReadIsAStoreFailureAndNothingIsSent) {
  InProcessRun run(10);
  run.store.broken_quota = true;
  auto r = run_harvest(run.options, run.store);
  ASSERT_FALSE(r);
  EXPECT_EQ(stop_reason_for(r.error()), StopReason::store_failure);
  EXPECT_EQ(exit_code_for(r.error()), kExitFailure);
  EXPECT_NE(r.error().message.find("quota"), std::string::npos) << r.error().message;
  EXPECT_EQ(searches_left(*run.service), 100000) << "nothing was sent";
  EXPECT_TRUE(run.store.results.empty());
}
