#include "paa/policy/retry_backoff.hpp"

#include <gtest/gtest.h>

using namespace std::chrono_literals;
using paa::RetryBackoff;

TEST(RetryBackoff, WindowDoublesFromBaseUpToCap) {
  RetryBackoff b({1000ms, 60000ms, 10});
  EXPECT_EQ(b.window(1), 1000ms);
  EXPECT_EQ(b.window(2), 2000ms);
  EXPECT_EQ(b.window(3), 4000ms);
  EXPECT_EQ(b.window(6), 32000ms);
  EXPECT_EQ(b.window(7), 60000ms);
  EXPECT_EQ(b.window(40), 60000ms);
}

TEST(RetryBackoff, FullJitterStaysInsideTheWindowAndSpreads) {
  RetryBackoff b({1000ms, 60000ms, 100}, 42);
  for (int attempt = 1; attempt <= 10; ++attempt) {
    std::chrono::milliseconds lo = 1h, hi = 0ms;
    for (int i = 0; i < 200; ++i) {
      const auto d = b.next_delay(attempt);
      ASSERT_TRUE(d);
      ASSERT_GE(*d, 0ms);
      ASSERT_LE(*d, b.window(attempt));
      lo = std::min(lo, *d);
      hi = std::max(hi, *d);
    }
    EXPECT_LT(lo, b.window(attempt) / 4) << attempt;
    EXPECT_GT(hi, b.window(attempt) * 3 / 4) << attempt;
  }
}

TEST(RetryBackoff, GivesUpAfterTheConfiguredRetries) {
  RetryBackoff b({1000ms, 60000ms, 3}, 1);
  EXPECT_TRUE(b.next_delay(1));
  EXPECT_TRUE(b.next_delay(3));
  EXPECT_FALSE(b.next_delay(4));
  RetryBackoff none({1000ms, 60000ms, 0}, 1);
  EXPECT_FALSE(none.next_delay(1));
}
