#include "paa/model/duration.hpp"

#include <gtest/gtest.h>

namespace paa {
namespace {

TEST(Duration, ParsesEachUnit) {
  EXPECT_EQ(parse_duration("45s").value(), 45'000);
  EXPECT_EQ(parse_duration("90m").value(), 90 * 60'000);
  EXPECT_EQ(parse_duration("12h").value(), 12 * 3'600'000LL);
  EXPECT_EQ(parse_duration("30d").value(), 30 * 86'400'000LL);
  EXPECT_EQ(parse_duration("2w").value(), 14 * 86'400'000LL);
}

TEST(Duration, RefusesWhatIsNotADuration) {
  for (const char* text : {"", "d", "30", "30x", "-1d", "0d", "1.5d", " 3d", "3 d", "99999999999999999w"}) {
    auto r = parse_duration(text);
    ASSERT_FALSE(r) << text;
    EXPECT_NE(r.error().message.find("write it like 30d"), std::string::npos) << r.error().message;
  }
}

TEST(Duration, TextUsesTheLargestEvenUnit) {
  EXPECT_EQ(duration_text(30 * 86'400'000LL), "30d");
  EXPECT_EQ(duration_text(14 * 86'400'000LL), "2w");
  EXPECT_EQ(duration_text(90 * 60'000), "90m");
  EXPECT_EQ(duration_text(1500), "1500ms");
}

TEST(Duration, AnOutageWaitIsADurationOrZero) {
  EXPECT_EQ(parse_outage_wait("0").value(), 0);
  EXPECT_EQ(parse_outage_wait("2h").value(), 2 * 3'600'000LL);
  EXPECT_FALSE(parse_outage_wait("0s")) << "zero is written 0";
  EXPECT_FALSE(parse_outage_wait("soon"));
  EXPECT_EQ(duration_text(0), "0");
}

}  // namespace
}  // namespace paa
