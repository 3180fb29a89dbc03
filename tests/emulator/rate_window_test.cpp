#include "paa/emulator/rate_window.hpp"

#include <gtest/gtest.h>

namespace paa::emulator {
namespace {

using namespace std::chrono_literals;
const TimePoint t0 = TimePoint{} + 1000h;

TEST(RateWindow, ZeroMeansNoLimit) {
  RateWindow w(0, 1);
  for (int i = 0; i < 1000; ++i) EXPECT_FALSE(w.admit(0, t0));
}

TEST(RateWindow, AdmitsNPerSecondPerKeyThenAsksToRetry) {
  RateWindow w(2, 2);
  EXPECT_FALSE(w.admit(0, t0));
  EXPECT_FALSE(w.admit(0, t0 + 100ms));
  auto wait = w.admit(0, t0 + 200ms);
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, 1s);
  EXPECT_FALSE(w.admit(1, t0 + 200ms));  // other keys have their own window
  EXPECT_FALSE(w.admit(0, t0 + 1000ms));  // a new window
}

TEST(RateWindow, RejectedRequestsDoNotCount) {
  RateWindow w(1, 1);
  EXPECT_FALSE(w.admit(0, t0));
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(w.admit(0, t0 + 500ms));
  EXPECT_FALSE(w.admit(0, t0 + 1s));
}

}  // namespace
}  // namespace paa::emulator
