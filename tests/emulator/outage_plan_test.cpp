// The emulator's planned outage, step by step with a fake clock.
#include "paa/emulator/outage_plan.hpp"

#include <gtest/gtest.h>

using namespace paa::emulator;
using namespace std::chrono_literals;

TEST(OutagePlan, NoneUnlessAsked) {
  OutagePlan plan({});
  const TimePoint t{};
  for (int i = 0; i < 100; ++i) EXPECT_FALSE(plan.on_request(t));
  EXPECT_FALSE(plan.down(t));
}

TEST(OutagePlan, TheNthRequestMeetsItAndSoDoesEveryOneUntilItEnds) {
  OutagePlan plan({3, 10s, OutageMode::unavailable});
  const TimePoint t0 = TimePoint{} + 100s;
  EXPECT_FALSE(plan.on_request(t0));
  EXPECT_FALSE(plan.on_request(t0));
  EXPECT_EQ(plan.on_request(t0 + 1s), OutageMode::unavailable);
  EXPECT_TRUE(plan.down(t0 + 5s));
  EXPECT_EQ(plan.up_at(), t0 + 11s);
  EXPECT_EQ(plan.on_request(t0 + 10s), OutageMode::unavailable);
  EXPECT_FALSE(plan.on_request(t0 + 11s)) << "back";
  EXPECT_FALSE(plan.down(t0 + 20s));
  EXPECT_FALSE(plan.on_request(t0 + 20s)) << "once";
}

TEST(OutagePlan, ADurationOfZeroIsForGood) {
  OutagePlan plan({1, 0s, OutageMode::refuse});
  EXPECT_EQ(plan.on_request(TimePoint{}), OutageMode::refuse);
  EXPECT_FALSE(plan.up_at());
  EXPECT_TRUE(plan.down(TimePoint{} + 24h * 365));
}
