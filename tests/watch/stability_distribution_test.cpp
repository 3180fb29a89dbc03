// A job's keys in versions and churn bands.
#include "paa/watch/stability_distribution.hpp"

#include <gtest/gtest.h>

namespace paa::watch {
namespace {

KeyStability key(std::uint32_t versions, std::optional<double> churn = std::nullopt,
                 std::optional<std::int64_t> last = std::nullopt) {
  KeyStability k;
  k.versions = versions;
  k.mean_churn = churn;
  k.last_change_ms = last;
  return k;
}

TEST(StabilityDistribution, KeysFallInVersionAndChurnBands) {
  StabilityDistribution d;
  d.add(key(1));
  d.add(key(1));
  d.add(key(2, 0.0, 100));
  d.add(key(3, 0.1, 300));   // the band's upper limit belongs to it
  d.add(key(2, 0.3, 200));
  d.add(key(14, 1.0, 250));  // 10 or more versions share the last band
  d.add(key(0));             // no version in the window: not counted
  EXPECT_EQ(d.keys, 6u);
  EXPECT_EQ(d.keys_changed, 4u);
  EXPECT_EQ(d.versions[0], 2u);
  EXPECT_EQ(d.versions[1], 2u);
  EXPECT_EQ(d.versions[2], 1u);
  EXPECT_EQ(d.versions[9], 1u);
  EXPECT_EQ(d.churn, (std::array<std::uint64_t, 5>{1, 1, 0, 1, 1}));
  EXPECT_EQ(d.last_change_ms, 300);
  ASSERT_TRUE(d.mean_churn());
  EXPECT_DOUBLE_EQ(*d.mean_churn(), (0.0 + 0.1 + 0.3 + 1.0) / 4);
}

TEST(StabilityDistribution, NoChangedKeyHasNoMeanChurn) {
  StabilityDistribution d;
  d.add(key(1));
  EXPECT_FALSE(d.mean_churn());
  EXPECT_FALSE(d.last_change_ms);
}

}  // namespace
}  // namespace paa::watch
