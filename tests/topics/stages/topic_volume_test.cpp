// A topic's demand: each distinct seed's volume once over all the topic's groups. The expected
// sums are worked out here by hand from the seeds handed in.
#include "stages/topic_volume.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace paa::topics::stages {
namespace {

GroupSeedSource source_of(const std::vector<GroupSeed>& seeds) {
  return [seeds](const GroupSeedVisit& visit) -> Result<void> {
    for (const auto& s : seeds) {
      if (auto visited = visit(s); !visited) return visited;
    }
    return {};
  };
}

TEST(TopicVolume, ASeedCountsOncePerTopicHoweverManyOfItsGroupsItFeeds) {
  // Groups 0, 1 in topic 0; group 2 in topic 1. Seed 11 (1,000) feeds groups 0 and 1, seed 12
  // (300) group 1, and seed 11 also group 2 of the other topic.
  const std::vector<GroupSeed> seeds{{0, 0, 11, 1000}, {1, 0, 11, 1000}, {1, 0, 12, 300}, {2, 0, 11, 1000}};
  auto volumes = volume_per_topic(source_of(seeds), {0, 0, 1}, 2, 1 << 16);
  ASSERT_TRUE(volumes) << volumes.error().message;
  EXPECT_EQ(*volumes, (std::vector<std::uint64_t>{1300, 1000}));
}

TEST(TopicVolume, NoSeedWithAVolumeIsZeroEverywhere) {
  auto volumes = volume_per_topic(source_of({}), {0, 1, 1}, 2, 1 << 16);
  ASSERT_TRUE(volumes);
  EXPECT_EQ(*volumes, (std::vector<std::uint64_t>{0, 0}));
}

TEST(TopicVolume, SumsSaturateInsteadOfWrapping) {
  const std::uint64_t most = std::numeric_limits<std::uint64_t>::max();
  const std::vector<GroupSeed> seeds{{0, 0, 1, most - 5}, {0, 0, 2, 10}};
  auto volumes = volume_per_topic(source_of(seeds), {0}, 1, 1 << 16);
  ASSERT_TRUE(volumes);
  EXPECT_EQ(volumes->front(), most);
}

TEST(TopicVolume, AGroupOutsideTheTopicsIsADamagedFileNotACrash) {
  const std::vector<GroupSeed> seeds{{5, 0, 1, 10}};
  auto volumes = volume_per_topic(source_of(seeds), {0}, 1, 1 << 16);
  ASSERT_FALSE(volumes);
}

}  // namespace
}  // namespace paa::topics::stages
