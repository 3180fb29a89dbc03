#include "paa/limiter/rate_controller.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <random>

using namespace std::chrono_literals;
using paa::RateController;
using paa::SteadyTime;
using paa::TokenBucket;

namespace {
SteadyTime t0() { return SteadyTime{} + 1000s; }
}  // namespace

TEST(TokenBucket, StartsFullWithBurstTokens) {
  TokenBucket b(2.0, 5, t0());
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(b.try_take(t0())) << i;
  EXPECT_FALSE(b.try_take(t0()));
}

TEST(TokenBucket, RefillsAtRate) {
  TokenBucket b(2.0, 1, t0());
  EXPECT_TRUE(b.try_take(t0()));
  EXPECT_FALSE(b.try_take(t0() + 400ms));
  EXPECT_TRUE(b.try_take(t0() + 500ms));
}

TEST(TokenBucket, WaitTimeIsEnoughToGetAToken) {
  TokenBucket b(3.0, 1, t0());
  ASSERT_TRUE(b.try_take(t0()));
  const auto wait = b.wait_time(t0());
  EXPECT_GT(wait, 300ms);
  EXPECT_LT(wait, 340ms);
  EXPECT_FALSE(b.try_take(t0() + wait - 1ms));
  EXPECT_TRUE(b.try_take(t0() + wait));
}

TEST(TokenBucket, UnlimitedNeverWaits) {
  TokenBucket b(0, 1, t0());
  for (int i = 0; i < 10000; ++i) ASSERT_TRUE(b.try_take(t0()));
  EXPECT_EQ(b.wait_time(t0()), paa::Duration::zero());
}

// The contract: over ANY window of length t, starts <= R*t + B. Drive a greedy client with
// a fake clock and jittered polling, then check every window anchored at a start.
TEST(TokenBucket, NeverExceedsRateTimesWindowPlusBurst) {
  const double rate = 50;
  const double burst = 10;
  TokenBucket b(rate, burst, t0());
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> step_us(1, 30000);
  std::vector<SteadyTime> starts;
  SteadyTime now = t0();
  while (now < t0() + 30s) {
    if (b.try_take(now)) {
      starts.push_back(now);
    } else {
      now += std::chrono::microseconds(step_us(rng));
    }
  }
  ASSERT_GT(starts.size(), 1400u);
  for (std::size_t i = 0; i < starts.size(); ++i) {
    for (std::size_t j = i; j < starts.size(); ++j) {
      const double window = std::chrono::duration<double>(starts[j] - starts[i]).count();
      const double count = static_cast<double>(j - i + 1);
      ASSERT_LE(count, rate * window + burst + 1e-9) << "window " << window << "s";
    }
  }
  // And the greedy client reaches the rate: 30 s * 50/s + 10.
  EXPECT_GE(starts.size(), 1480u);
}

TEST(RateController, RetryAfterPausesAllStartsAndHalvesTheRate) {
  RateController rc({.rate = 10, .burst = 1}, t0());
  EXPECT_EQ(rc.wait_time(t0()), paa::Duration::zero());
  rc.on_start(t0());
  rc.on_rate_limited(t0(), 5s);
  EXPECT_TRUE(rc.paused(t0() + 4s));
  EXPECT_GE(rc.wait_time(t0() + 1s), 4s);
  EXPECT_DOUBLE_EQ(rc.current_rate(), 5.0);
  EXPECT_FALSE(rc.paused(t0() + 5s));
}

TEST(RateController, RecoversAdditivelyUpToTheCeiling) {
  RateController rc({.rate = 10, .burst = 1, .min_rate = 0.2, .recovery_per_s = 0.05}, t0());
  rc.on_rate_limited(t0(), 1s);
  ASSERT_DOUBLE_EQ(rc.current_rate(), 5.0);
  rc.on_success(t0() + 2s);  // +10 * 0.05 * 2 = +1
  EXPECT_NEAR(rc.current_rate(), 6.0, 1e-9);
  rc.on_success(t0() + 100s);
  EXPECT_DOUBLE_EQ(rc.current_rate(), 10.0);
}

TEST(RateController, RepeatedCutsStopAtTheFloor) {
  RateController rc({.rate = 1, .burst = 1, .min_rate = 0.2}, t0());
  for (int i = 0; i < 20; ++i) rc.on_rate_limited(t0(), 1s);
  EXPECT_DOUBLE_EQ(rc.current_rate(), 0.2);
}

TEST(RateController, UnlimitedIsCutFromTheObservedRateAndReturnsToUnlimited) {
  RateController rc({.rate = 0, .burst = 10}, t0());
  SteadyTime now = t0();
  for (int i = 0; i < 100; ++i) {  // 100 starts/s
    rc.on_start(now);
    now += 10ms;
  }
  rc.on_rate_limited(now, 1s);
  EXPECT_NEAR(rc.current_rate(), 50.0, 5.0);
  rc.on_success(now + 1000s);
  EXPECT_LE(rc.current_rate(), 0.0) << "back to unlimited";
}
