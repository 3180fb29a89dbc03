#include "paa/emulator/response_cache.hpp"

#include <gtest/gtest.h>

namespace paa::emulator {
namespace {

using namespace std::chrono_literals;
const TimePoint t0 = TimePoint{} + 1000h;

std::string key(std::string_view q, std::optional<std::string> city = std::nullopt) {
  std::string k;
  ResponseCache::make_key(k, q, "en", "us", city);
  return k;
}

TEST(ResponseCache, RepeatWithinTtlIsAHitAndAfterTtlAMiss) {
  ResponseCache c(3600s, 100);
  EXPECT_FALSE(c.lookup(key("coffee"), t0));
  c.store(key("coffee"), t0);
  EXPECT_TRUE(c.lookup(key("coffee"), t0 + 3599s));
  EXPECT_FALSE(c.lookup(key("coffee"), t0 + 3600s));
  EXPECT_FALSE(c.lookup(key("coffee"), t0 + 3601s));  // expired entries are dropped
}

TEST(ResponseCache, TtlCountsFromTheOriginalAnswerNotFromHits) {
  ResponseCache c(10s, 100);
  c.store(key("tea"), t0);
  EXPECT_TRUE(c.lookup(key("tea"), t0 + 9s));
  EXPECT_FALSE(c.lookup(key("tea"), t0 + 11s));
}

TEST(ResponseCache, ZeroTtlDisablesTheCache) {
  ResponseCache c(0s, 100);
  c.store(key("coffee"), t0);
  EXPECT_FALSE(c.lookup(key("coffee"), t0));
  EXPECT_FALSE(c.enabled());
}

TEST(ResponseCache, KeysAreExactStringsAndCityAbsentDiffersFromEmpty) {
  ResponseCache c(60s, 100);
  c.store(key("coffee"), t0);
  EXPECT_FALSE(c.lookup(key("Coffee"), t0));
  EXPECT_FALSE(c.lookup(key("coffee", ""), t0));
  EXPECT_FALSE(c.lookup(key("coffee", "Paris"), t0));
  std::string a, b;
  ResponseCache::make_key(a, "a", "b", "c", std::nullopt);
  ResponseCache::make_key(b, "a", "bc", "", std::nullopt);
  EXPECT_NE(a, b);
}

TEST(ResponseCache, IsBoundedAndEvictsTheLeastRecentlyUsed) {
  ResponseCache c(60s, 2);
  c.store(key("a"), t0);
  c.store(key("b"), t0);
  EXPECT_TRUE(c.lookup(key("a"), t0));  // a is now the most recently used
  c.store(key("c"), t0);
  EXPECT_EQ(c.size(), 2u);
  EXPECT_TRUE(c.lookup(key("a"), t0));
  EXPECT_FALSE(c.lookup(key("b"), t0));
  EXPECT_TRUE(c.lookup(key("c"), t0));
}

}  // namespace
}  // namespace paa::emulator
