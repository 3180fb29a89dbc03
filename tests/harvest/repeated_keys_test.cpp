#include "paa/harvest/repeated_keys.hpp"

#include <gtest/gtest.h>

#include <vector>

using paa::RepeatedKeys;

TEST(RepeatedKeys, ARepeatedKeyIsFedOnceAndEveryLaterOfferIsADuplicate) {
  const std::vector<std::uint64_t> repeated{7, 42};
  RepeatedKeys keys(repeated);
  EXPECT_TRUE(keys.first_time(42));
  EXPECT_FALSE(keys.first_time(42));
  EXPECT_FALSE(keys.first_time(42));
  EXPECT_TRUE(keys.first_time(7));
  EXPECT_FALSE(keys.first_time(7));
}

TEST(RepeatedKeys, KeysListedOnceAreNeverRemembered) {
  const std::vector<std::uint64_t> repeated{10, 20};
  RepeatedKeys keys(repeated);
  for (std::uint64_t h : {0ull, 9ull, 11ull, 19ull, 21ull, ~0ull}) {
    EXPECT_TRUE(keys.first_time(h));
    EXPECT_TRUE(keys.first_time(h)) << "check_job saw it once: nothing to remember";
  }
}

TEST(RepeatedKeys, ZeroAndTheLargestHashAreOrdinaryKeys) {
  const std::vector<std::uint64_t> repeated{0, ~0ull};
  RepeatedKeys keys(repeated);
  EXPECT_TRUE(keys.first_time(0));
  EXPECT_FALSE(keys.first_time(0));
  EXPECT_TRUE(keys.first_time(~0ull));
  EXPECT_FALSE(keys.first_time(~0ull));
}

TEST(RepeatedKeys, ManyRepeatedKeysEachCountOnce) {
  std::vector<std::uint64_t> repeated;
  for (std::uint64_t i = 1; i <= 100000; ++i) repeated.push_back(i * 0x9E3779B97F4A7C15ull);
  std::sort(repeated.begin(), repeated.end());
  RepeatedKeys keys(repeated);
  for (auto h : repeated) ASSERT_TRUE(keys.first_time(h));
  for (auto h : repeated) ASSERT_FALSE(keys.first_time(h));
}
