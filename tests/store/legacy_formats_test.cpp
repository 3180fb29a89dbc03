// What opening a store of each format version does (src/store/legacy_formats.hpp), without
// RocksDB: refused, read as it is, or upgraded, and when the old question index goes.
#include "legacy_formats.hpp"

#include "key_layout.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace paa::store_detail {
namespace {

TEST(LegacyFormats, ANewerFormatIsRefusedByReadersAndWriters) {
  for (const bool writer : {false, true}) {
    const FormatPlan plan = plan_format(kStoreFormatVersion + 1, writer);
    EXPECT_TRUE(plan.newer);
    EXPECT_FALSE(plan.upgrade) << "nothing is written to a store of a newer paa";
    EXPECT_FALSE(plan.drop_old_index);
  }
}

TEST(LegacyFormats, TheCurrentFormatIsReadAsItIs) {
  for (const bool writer : {false, true}) {
    const FormatPlan plan = plan_format(kStoreFormatVersion, writer);
    EXPECT_FALSE(plan.newer);
    EXPECT_FALSE(plan.old_index);
    EXPECT_FALSE(plan.upgrade);
    EXPECT_FALSE(plan.drop_old_index);
  }
}

TEST(LegacyFormats, AReaderNeverUpgradesAndReadsAnOldIndexOfFormat4OrOlder) {
  for (std::uint32_t version = 1; version < kStoreFormatVersion; ++version) {
    const FormatPlan plan = plan_format(version, false);
    EXPECT_FALSE(plan.newer) << version;
    EXPECT_FALSE(plan.upgrade) << version;
    EXPECT_FALSE(plan.drop_old_index) << version;
    EXPECT_EQ(plan.old_index, version < kFirstFormatWithoutQuestionIndex) << version;
  }
}

TEST(LegacyFormats, AWriterUpgradesEveryOlderFormatAndDropsTheIndexOnlyBeforeFormat5) {
  for (std::uint32_t version = 1; version < kStoreFormatVersion; ++version) {
    const FormatPlan plan = plan_format(version, true);
    EXPECT_TRUE(plan.upgrade) << version;
    EXPECT_EQ(plan.drop_old_index, version <= 4) << version;
  }
  // Format 5 to 6: records without a digest stay valid, nothing to convert but the version.
  EXPECT_FALSE(plan_format(5, true).drop_old_index);
}

}  // namespace
}  // namespace paa::store_detail
