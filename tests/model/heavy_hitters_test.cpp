// Space-Saving's guarantees, on streams whose true counts the test knows.
#include "paa/model/heavy_hitters.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace paa {
namespace {

TEST(HeavyHitters, BelowCapacityCountsAreExact) {
  HeavyHitters<std::string> h(4);
  for (const char* k : {"a", "b", "a", "c", "a", "b"}) h.add(k);
  const auto e = h.entries();
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].key, "a");
  EXPECT_EQ(e[0].count, 3u);
  EXPECT_EQ(e[0].error, 0u);
  EXPECT_EQ(e[1].key, "b");
  EXPECT_EQ(e[2].key, "c");
  EXPECT_EQ(h.total(), 6u);
}

TEST(HeavyHitters, OverCapacityEveryFrequentKeyIsKeptWithBoundedCounts) {
  // Three keys of 300 among 300 rare ones of 2: total 1,500, so every key over 1,500 / 8 is kept.
  HeavyHitters<std::string> h(8);
  std::map<std::string, std::uint64_t> truth;
  for (int i = 0; i < 300; ++i) {
    for (const std::string k : {"blood pressure", "side effects", "type 2 diabetes"}) {
      h.add(k);
      ++truth[k];
    }
    const std::string rare = "rare " + std::to_string(i);
    h.add(rare);
    h.add(rare);
    truth[rare] += 2;
  }
  EXPECT_LE(h.size(), 8u);
  for (const std::string k : {"blood pressure", "side effects", "type 2 diabetes"}) {
    const auto c = h.count(k);
    ASSERT_GT(c, 0u) << k << " (true count " << truth[k] << ", over total/capacity " << h.total() / 8 << ") was dropped";
    EXPECT_GE(c, truth[k]) << k;
  }
  for (const auto& e : h.entries()) {
    EXPECT_GE(e.count, truth[e.key]) << e.key;
    EXPECT_LE(e.count - e.error, truth[e.key]) << e.key;
  }
}

}  // namespace
}  // namespace paa
