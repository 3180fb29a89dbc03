#include "paa/notify/delivery_plan.hpp"

#include <gtest/gtest.h>

using namespace paa;
using ms = std::chrono::milliseconds;
using Kind = DeliveryStep::Kind;

namespace {
AttemptOutcome network(std::string why = "connection refused") { return {0, std::move(why), std::nullopt}; }
AttemptOutcome status(int s, std::optional<ms> retry_after = std::nullopt) { return {s, "", retry_after}; }
}  // namespace

TEST(DeliveryPlan, A2xxIsDone) {
  DeliveryPlan plan(ms(30000));
  EXPECT_EQ(plan.after(status(204), ms(50)).kind, Kind::done);
  EXPECT_EQ(plan.attempts(), 1);
}

TEST(DeliveryPlan, NetworkErrorsBackOffDoublingUntilTheBound) {
  DeliveryPlan plan(ms(30000));
  // Each attempt fails at once; the clock is where the caller is when it ends.
  auto s = plan.after(network(), ms(10));
  ASSERT_EQ(s.kind, Kind::retry);
  EXPECT_EQ(s.delay, ms(1000));
  s = plan.after(network(), ms(1020));
  ASSERT_EQ(s.kind, Kind::retry);
  EXPECT_EQ(s.delay, ms(2000));
  s = plan.after(network(), ms(3030));
  ASSERT_EQ(s.kind, Kind::retry);
  EXPECT_EQ(s.delay, ms(4000));
  s = plan.after(network(), ms(7040));
  ASSERT_EQ(s.kind, Kind::retry);
  EXPECT_EQ(s.delay, ms(8000));
  // A 16 s wait would end at 31.05 s, past the 30 s bound.
  s = plan.after(network(), ms(15050));
  EXPECT_EQ(s.kind, Kind::give_up);
  EXPECT_EQ(s.reason, "connection refused");
  EXPECT_EQ(plan.attempts(), 5);
}

TEST(DeliveryPlan, NoRetryStartsAtOrPastTheBound) {
  DeliveryPlan plan(ms(2000));
  EXPECT_EQ(plan.after(network(), ms(5)).kind, Kind::retry);  // 1 s wait, then at 1.005 s
  const auto s = plan.after(network("timed out"), ms(1010));  // 2 s wait would end at 3.01 s
  EXPECT_EQ(s.kind, Kind::give_up);
  EXPECT_EQ(s.reason, "timed out");
  EXPECT_EQ(plan.attempts(), 2);
}

TEST(DeliveryPlan, ServerErrorsTimeoutsAndRateLimitsAreRetried) {
  for (int code : {500, 502, 503, 504, 408, 429}) {
    DeliveryPlan plan(ms(30000));
    EXPECT_EQ(plan.after(status(code), ms(0)).kind, Kind::retry) << code;
  }
}

TEST(DeliveryPlan, OtherClientErrorsGiveUpAtOnce) {
  for (int code : {400, 401, 403, 404, 410, 413, 422}) {
    DeliveryPlan plan(ms(30000));
    const auto s = plan.after(status(code), ms(0));
    EXPECT_EQ(s.kind, Kind::give_up) << code;
    EXPECT_EQ(s.reason, "HTTP " + std::to_string(code));
  }
  DeliveryPlan plan(ms(30000));
  EXPECT_EQ(plan.after(status(301), ms(0)).kind, Kind::give_up) << "redirects are not followed";
}

TEST(DeliveryPlan, ALongerRetryAfterReplacesTheBackOffAndAShorterOneDoesNot) {
  DeliveryPlan plan(ms(30000));
  auto s = plan.after(status(429, ms(5000)), ms(100));
  ASSERT_EQ(s.kind, Kind::retry);
  EXPECT_EQ(s.delay, ms(5000));
  s = plan.after(status(503, ms(0)), ms(5200));
  ASSERT_EQ(s.kind, Kind::retry);
  EXPECT_EQ(s.delay, ms(2000)) << "Retry-After: 0 does not make a hot loop: the back-off still applies";
  s = plan.after(status(503, ms(60000)), ms(5300));
  EXPECT_EQ(s.kind, Kind::give_up) << "waiting as asked would pass the bound";
  EXPECT_EQ(s.reason, "HTTP 503");
}

TEST(DeliveryPlan, TimeLeftCountsDownToZero) {
  DeliveryPlan plan(ms(2000));
  EXPECT_EQ(plan.time_left(ms(0)), ms(2000));
  EXPECT_EQ(plan.time_left(ms(1500)), ms(500));
  EXPECT_EQ(plan.time_left(ms(2500)), ms(0));
}
