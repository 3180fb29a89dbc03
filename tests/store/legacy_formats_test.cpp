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

TEST(LegacyFormats, TheOldIndexsEntriesRoundTripAndItsOperandsFold) {
  QuestionEntry q;
  q.normalized = "why?";
  q.question = "Why?";
  q.answer = "Because.";
  q.url = "https://example.com/";
  q.title = "Example";
  q.count = 3;
  q.first_key = "k";
  const std::string bytes = encode_question(q);
  auto back = decode_question("why?", bytes);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->question, "Why?");
  EXPECT_EQ(back->count, 3u);
  EXPECT_EQ(encode_question(*back), bytes);
  // A stored entry with no operands folds to itself; damaged bytes are refused.
  const std::string_view base = bytes;
  auto folded = merge_question_values(&base, {});
  ASSERT_TRUE(folded);
  EXPECT_EQ(*folded, bytes);
  const std::string_view cut = std::string_view(bytes).substr(0, 3);
  EXPECT_FALSE(merge_question_values(&cut, {}));
}

}  // namespace
}  // namespace paa::store_detail
