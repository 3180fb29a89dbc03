#include "paa/harvest/key_hash_set.hpp"

#include <gtest/gtest.h>

using paa::KeyHashSet;

TEST(KeyHashSet, InsertReportsWhetherTheKeyIsNew) {
  KeyHashSet s(10);
  EXPECT_TRUE(s.insert(42));
  EXPECT_FALSE(s.insert(42));
  EXPECT_TRUE(s.insert(43));
  EXPECT_EQ(s.size(), 2u);
}

TEST(KeyHashSet, ZeroIsAnOrdinaryHash) {
  KeyHashSet s(1);
  EXPECT_TRUE(s.insert(0));
  EXPECT_FALSE(s.insert(0));
}

TEST(KeyHashSet, GrowsPastItsExpectedSizeWithoutLosingKeys) {
  KeyHashSet s(4);
  for (std::uint64_t i = 1; i <= 100000; ++i) ASSERT_TRUE(s.insert(i * 0x9E3779B97F4A7C15ull));
  for (std::uint64_t i = 1; i <= 100000; ++i) ASSERT_FALSE(s.insert(i * 0x9E3779B97F4A7C15ull));
  EXPECT_EQ(s.size(), 100000u);
}
