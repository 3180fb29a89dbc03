// When a shard copies its share of a planned level (again): the plan's levels grow after a round
// of seeds added later or a max_keys raised after a cut, and a shard store from before it kept
// what it copied from copies once more.
#include "paa/harvest/shard_levels.hpp"

#include <gtest/gtest.h>

using namespace paa;

TEST(ShardLevels, ALevelIsCopiedWhenNotYetCopiedOrWhenThePlanHasMoreOfItThanTheShardCopiedFrom) {
  ExpansionState own;
  EXPECT_TRUE(level_share_stale(own, 1, 40)) << "not copied yet";
  own.built = 2;
  own.level_keys = {10, 31};
  own.plan_copied = {40, 120};
  EXPECT_FALSE(level_share_stale(own, 1, 40));
  EXPECT_FALSE(level_share_stale(own, 2, 120));
  EXPECT_TRUE(level_share_stale(own, 1, 46)) << "a round appended 6 keys to level 1";
  EXPECT_TRUE(level_share_stale(own, 2, 400)) << "a raised max_keys made the cut level 2 again";
  EXPECT_TRUE(level_share_stale(own, 3, 900)) << "a deeper level";
  own.plan_copied.clear();
  EXPECT_TRUE(level_share_stale(own, 1, 40)) << "a shard store from before: copied once more";
}
