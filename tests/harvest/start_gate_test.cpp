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
  StartGate g(q, r);
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
  StartGate g(q, r);
  g.on_start(g.decide(t0(), kNowMs), t0());
  const auto d = g.decide(t0(), kNowMs);
  ASSERT_EQ(d.kind, StartGate::Kind::wait_until);
  EXPECT_NEAR(std::chrono::duration<double>(d.until - t0()).count(), 0.5, 0.01);
}

TEST(StartGate, StopWinsOverEverything) {
  QuotaTracker q({}, {}, kNowMs);
  RateController r({.rate = 0, .burst = 1}, t0());
  StartGate g(q, r);
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
  StartGate g(q, r);
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
  StartGate g(q, r);
  const auto d = g.decide(t0(), kNowMs);
  EXPECT_EQ(d.kind, StartGate::Kind::go_probe);
}

TEST(StartGate, BudgetAndQuotaStopsCarryTheirReason) {
  QuotaTracker::Config c;
  c.max_searches = 1;
  QuotaTracker q(c, {}, kNowMs);
  RateController r({.rate = 0, .burst = 1}, t0());
  StartGate g(q, r);
  g.on_start(g.decide(t0(), kNowMs), t0());
  q.on_success({}, {}, false, kNowMs);
  const auto d = g.decide(t0(), kNowMs);
  EXPECT_EQ(d.kind, StartGate::Kind::stop);
  EXPECT_EQ(d.reason, StopReason::budget);
}
