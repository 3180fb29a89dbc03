#include "paa/harvest/start_gate.hpp"

#include <gtest/gtest.h>

using namespace paa;
using namespace std::chrono_literals;

namespace {
constexpr std::int64_t kNowMs = 1'795'000'000'000;
SteadyTime t0() { return SteadyTime{} + 1000s; }
}  // namespace

TEST(StartGate, GoesWhenQuotaAndRateAllow) {
  QuotaTracker q({}, {}, kNowMs);
  RateController r({.rate = 0, .burst = 1}, t0());
  ServiceHealth h({});
  StartGate g(q, r, h);
  auto d = g.decide(t0(), kNowMs);
  EXPECT_EQ(d.kind, StartGate::Kind::go);
  g.on_start(d, t0());
  EXPECT_EQ(q.in_flight(), 1);
}

TEST(StartGate, WaitsForTheTokenBucket) {
  QuotaState known;  // a quota seen before: the window is open from the first request
  known.searches_left = 100;
  known.seen_at_ms = kNowMs;
  QuotaTracker q({}, known, kNowMs);
  RateController r({.rate = 2, .burst = 1}, t0());
  ServiceHealth h({});
  StartGate g(q, r, h);
  g.on_start(g.decide(t0(), kNowMs), t0());
  const auto d = g.decide(t0(), kNowMs);
  ASSERT_EQ(d.kind, StartGate::Kind::wait_until);
  EXPECT_NEAR(std::chrono::duration<double>(d.until - t0()).count(), 0.5, 0.01);
}

TEST(StartGate, StopWinsOverEverything) {
  QuotaTracker q({}, {}, kNowMs);
  RateController r({.rate = 0, .burst = 1}, t0());
  ServiceHealth h({});
  StartGate g(q, r, h);
  g.request_stop(StopReason::auth);
  g.request_stop(StopReason::interrupted);  // the first reason is kept
  const auto d = g.decide(t0(), kNowMs);
  EXPECT_EQ(d.kind, StartGate::Kind::stop);
  EXPECT_EQ(d.reason, StopReason::auth);
}

TEST(StartGate, QuotaWaitIsTranslatedToTheSteadyClock) {
  QuotaTracker::Config c;
  c.probe_interval = 60s;
  QuotaTracker q(c, {}, kNowMs);
  RateController r({.rate = 0, .burst = 1}, t0());
  ServiceHealth h({});
  StartGate g(q, r, h);
  q.on_start(false);
  q.on_exhausted(kNowMs);
  const auto d = g.decide(t0(), kNowMs);
  ASSERT_EQ(d.kind, StartGate::Kind::wait_until);
  EXPECT_EQ(d.until - t0(), 60s);
}

TEST(StartGate, ProbeIsGrantedAsAProbe) {
  QuotaState stored;
  stored.exhausted_until_ms = kNowMs;
  QuotaTracker q({}, stored, kNowMs);
  RateController r({.rate = 0, .burst = 1}, t0());
  ServiceHealth h({});
  StartGate g(q, r, h);
  const auto d = g.decide(t0(), kNowMs);
  EXPECT_EQ(d.kind, StartGate::Kind::go_probe);
}

TEST(StartGate, BudgetAndQuotaStopsCarryTheirReason) {
  QuotaTracker::Config c;
  c.max_searches = 1;
  QuotaTracker q(c, {}, kNowMs);
  RateController r({.rate = 0, .burst = 1}, t0());
  ServiceHealth h({});
  StartGate g(q, r, h);
  g.on_start(g.decide(t0(), kNowMs), t0());
  q.on_success({}, {}, false, kNowMs);
  const auto d = g.decide(t0(), kNowMs);
  EXPECT_EQ(d.kind, StartGate::Kind::stop);
  EXPECT_EQ(d.reason, StopReason::budget);
}

TEST(StartGate, AnOutageHoldsEveryStartButItsProbeWhichStillWaitsForTheQuotaAndRate) {
  QuotaTracker q({}, {}, kNowMs);
  RateController r({.rate = 0, .burst = 1}, t0());
  ServiceHealth h({"https://paa.example/api", 8, true, std::chrono::hours(2), 2s, 60s, 60s});
  StartGate g(q, r, h);
  const ServiceSignal refused{ServiceSignal::Kind::transport, TransportFailure::refused, "refused"};
  for (std::uint64_t key = 0; key < 8; ++key) {
    const auto d = g.decide(t0(), kNowMs);
    ASSERT_EQ(d.kind, StartGate::Kind::go);
    EXPECT_FALSE(d.health_probe);
    g.on_start(d, t0());
    q.on_failure(false, kNowMs);
    h.on_end(refused, key, false, t0(), kNowMs);
  }
  auto d = g.decide(t0(), kNowMs);
  ASSERT_EQ(d.kind, StartGate::Kind::wait_until);
  EXPECT_EQ(d.until, t0() + 2s);
  d = g.decide(t0() + 2s, kNowMs + 2000);
  ASSERT_EQ(d.kind, StartGate::Kind::go);
  EXPECT_TRUE(d.health_probe);
  g.on_start(d, t0() + 2s);
  EXPECT_EQ(g.decide(t0() + 2s, kNowMs + 2000).kind, StartGate::Kind::wait_event) << "the probe is in flight";
  EXPECT_EQ(h.in_flight(), 1);
  // A stop of the run wins over the outage's wait.
  g.request_stop(StopReason::interrupted);
  EXPECT_EQ(g.decide(t0() + 2s, kNowMs + 2000).kind, StartGate::Kind::stop);
}

TEST(StartGate, AnOutagePastOutageWaitStopsTheRunWithItsReason) {
  QuotaTracker q({}, {}, kNowMs);
  RateController r({.rate = 0, .burst = 1}, t0());
  ServiceHealth h({"https://paa.example/api", 8, true, std::chrono::minutes(1), 2s, 60s, 60s});
  StartGate g(q, r, h);
  const ServiceSignal down{ServiceSignal::Kind::server_error, TransportFailure::none, "HTTP 503"};
  for (std::uint64_t key = 0; key < 8; ++key) {
    g.on_start(g.decide(t0(), kNowMs), t0());
    q.on_failure(true, kNowMs);
    h.on_end(down, key, false, t0(), kNowMs);
  }
  const auto d = g.decide(t0() + 1min, kNowMs + 60'000);
  EXPECT_EQ(d.kind, StartGate::Kind::stop);
  EXPECT_EQ(d.reason, StopReason::outage);
}

TEST(StartGate, UnderAJobBudgetEachStartPastTheReservationWaitsForItsRaiseThenTheBudgetStopsTheRun) {
  QuotaTracker::Config c;
  c.job_allowance = 20;  // what this run may count
  QuotaState known;
  known.searches_left = 1000;
  known.seen_at_ms = kNowMs;
  QuotaTracker q(c, known, kNowMs);
  RateController r({.rate = 0, .burst = 1}, t0());
  ServiceHealth h({});
  SpendReservation reservation(c.job_allowance, 16);
  StartGate g(q, r, h, reservation);
  auto d = g.decide(t0(), kNowMs);
  ASSERT_EQ(d.kind, StartGate::Kind::reserve) << "nothing is spent before it is reserved durably";
  EXPECT_EQ(g.begin_reserve(), 16u);
  EXPECT_EQ(g.decide(t0(), kNowMs).kind, StartGate::Kind::wait_event) << "another worker waits for the raise";
  g.on_reserved(16, true);
  for (int i = 0; i < 16; ++i) {
    d = g.decide(t0(), kNowMs);
    ASSERT_EQ(d.kind, StartGate::Kind::go) << i;
    g.on_start(d, t0());
  }
  ASSERT_EQ(g.decide(t0(), kNowMs).kind, StartGate::Kind::reserve) << "the 17th start";
  EXPECT_EQ(g.begin_reserve(), 20u);
  g.on_reserved(20, true);
  for (int i = 0; i < 4; ++i) g.on_start(g.decide(t0(), kNowMs), t0());
  EXPECT_EQ(g.decide(t0(), kNowMs).kind, StartGate::Kind::wait_event) << "20 counted, in flight";
  for (int i = 0; i < 20; ++i) q.on_failure(/*unknown=*/true, kNowMs);
  d = g.decide(t0(), kNowMs);
  EXPECT_EQ(d.kind, StartGate::Kind::stop);
  EXPECT_EQ(d.reason, StopReason::job_budget);
  EXPECT_EQ(exit_code_for(d.reason), 4);
}

TEST(StartGate, ARunWithNothingLeftOfTheJobsBudgetSendsNothing) {
  QuotaTracker::Config c;
  c.job_allowance = 0;
  QuotaTracker q(c, {}, kNowMs);
  RateController r({.rate = 0, .burst = 1}, t0());
  ServiceHealth h({});
  SpendReservation reservation(c.job_allowance, 16);
  StartGate g(q, r, h, reservation);
  const auto d = g.decide(t0(), kNowMs);
  EXPECT_EQ(d.kind, StartGate::Kind::stop);
  EXPECT_EQ(d.reason, StopReason::job_budget);
}
