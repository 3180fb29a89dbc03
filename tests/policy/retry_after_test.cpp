// The one Retry-After reader, for the service's 429s and a webhook's answers.
#include "paa/policy/retry_after.hpp"

#include <gtest/gtest.h>

using namespace paa;
using std::chrono::seconds;

namespace {
const auto kNow = std::chrono::system_clock::from_time_t(784111777);  // Sun, 06 Nov 1994 08:49:37 GMT
}  // namespace

TEST(RetryAfter, ReadsDelaySecondsWithSurroundingBlanks) {
  EXPECT_EQ(parse_retry_after("120", kNow), seconds(120));
  EXPECT_EQ(parse_retry_after(" 3 ", kNow), seconds(3));
  EXPECT_EQ(parse_retry_after("\t7\t", kNow), seconds(7));
  EXPECT_EQ(parse_retry_after("0", kNow), seconds(0));
}

TEST(RetryAfter, ReadsHttpDatesAgainstTheTimeGiven) {
  EXPECT_EQ(parse_retry_after("Sun, 06 Nov 1994 08:50:37 GMT", kNow), seconds(60));
  EXPECT_EQ(parse_retry_after("Sun, 06 Nov 1994 08:40:37 GMT", kNow), seconds(0)) << "a date in the past";
}

TEST(RetryAfter, CapsAtADayEvenPastWhatANumberHolds) {
  EXPECT_EQ(parse_retry_after("99999999", kNow), seconds(86400));
  EXPECT_EQ(parse_retry_after("99999999999999999999999", kNow), seconds(86400));
}

TEST(RetryAfter, NothingUsableIsNullopt) {
  for (const char* value : {"", "  ", "-5", "-1", "1.5", "tomorrow", "12abc", "Wed, 99 Foo 2026 07:28:00 GMT"}) {
    EXPECT_FALSE(parse_retry_after(value, kNow)) << value;
  }
}
