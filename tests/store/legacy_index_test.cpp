// The question index of stores of format 4 and older (merge operands in the `questions`
// family): a reader reads it as it is, whatever compacted it (levels, as before round 6; tiers,
// as format 4 did) and with operands a killed writer left in the WAL; the first writer of
// format 5 replays that WAL whole, drops the index and creates the family again, empty.
#include "codec.hpp"
#include "legacy_formats.hpp"
#include "store_test_util.hpp"
#include "support/files.hpp"

#include "paa/store/store.hpp"

#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <variant>

namespace paa::store_detail {
namespace {

namespace fs = std::filesystem;

fs::path copy_format2_fixture(const fs::path& into) {
  const auto dest = into / "store";
  fs::copy(fs::path(PAA_STORE_FIXTURES) / "format2-store", dest);
  return dest;
}

// Compacts every family of the store at `dir` with plain RocksDB and the old merge operator;
// the question index in `style`, as an older (levels) or format 4 (tiers) paa would. Returns
// the deepest level that holds question-index files afterwards.
int compact_with_plain_rocksdb(const fs::path& dir, rocksdb::CompactionStyle style) {
  test::RawOpen how;
  how.configure = [&](const std::string& family, rocksdb::ColumnFamilyOptions& o) {
    if (family != kQuestionsFamily) return;
    o.merge_operator = make_question_count_merge();
    o.compaction_style = style;
  };
  int deepest = -1;
  test::with_raw_store(dir, how, [&](rocksdb::DB& db, const std::string& family, rocksdb::ColumnFamilyHandle* cf) {
    EXPECT_TRUE(db.CompactRange({}, cf, nullptr, nullptr).ok());
    if (family != kQuestionsFamily) return;
    rocksdb::ColumnFamilyMetaData meta;
    db.GetColumnFamilyMetaData(cf, &meta);
    for (const auto& level : meta.levels) {
      if (!level.files.empty()) deepest = level.level;
    }
  });
  return deepest;
}

std::map<std::string, std::uint64_t> question_counts(const fs::path& dir) {
  std::map<std::string, std::uint64_t> counts;
  auto reader = StoreReader::open(dir);
  EXPECT_TRUE(reader) << reader.error().message;
  if (!reader) return counts;
  EXPECT_TRUE((*reader)->scan_questions([&](const QuestionEntry& q) {
    counts[q.normalized] = q.count;
    return true;
  }));
  return counts;
}

std::uint64_t results_in(const fs::path& dir) {
  std::uint64_t n = 0;
  auto reader = StoreReader::open(dir);
  EXPECT_TRUE(reader) << reader.error().message;
  if (!reader) return n;
  EXPECT_TRUE((*reader)->scan_results("", [&](const StoredResult&) {
    ++n;
    return true;
  }));
  return n;
}

// The writer's upgrade: format 5 recorded, the family there and empty, its files gone, the
// results as they were.
void expect_upgraded(const fs::path& dir, std::uint64_t results) {
  {
    auto writer = StoreWriter::open(dir);
    ASSERT_TRUE(writer) << writer.error().message;
  }
  EXPECT_EQ(test::raw_format_version(dir), std::to_string(kStoreFormatVersion));
  EXPECT_TRUE(test::raw_has_family(dir, kQuestionsFamily));
  EXPECT_EQ(test::raw_family_keys(dir, kQuestionsFamily), 0u);
  EXPECT_EQ(test::raw_family_files(dir, kQuestionsFamily), 0u);
  EXPECT_TRUE(question_counts(dir).empty());
  EXPECT_EQ(results_in(dir), results);
}

TEST(LegacyQuestionIndex, AnIndexCompactedInLevelsOrTiersIsReadThenDroppedByTheFirstWriter) {
  for (auto style : {rocksdb::kCompactionStyleLevel, rocksdb::kCompactionStyleUniversal}) {
    SCOPED_TRACE(style == rocksdb::kCompactionStyleLevel ? "levels" : "tiers");
    test::TempDir tmp;
    const auto dir = copy_format2_fixture(tmp.path());
    const auto before = question_counts(dir);
    ASSERT_GT(before.size(), 20u);
    const int deepest = compact_with_plain_rocksdb(dir, style);
    if (style == rocksdb::kCompactionStyleLevel) {
      EXPECT_GE(deepest, 1);
    }
    EXPECT_EQ(question_counts(dir), before) << "the reader folds the index as it was written";
    EXPECT_EQ(test::raw_format_version(dir), "2");
    expect_upgraded(dir, 6);
  }
}

// A writer of format 4 killed mid-run leaves its last batches in the WAL only: each a result,
// its progress entry and the index's operands. Both readers and the writer of format 5 replay
// the WAL whole (RocksDB stops at the first merge operand of a family without its merge
// operator, and would lose every later result and progress entry with it), and the writer then
// drops the index and keeps every result.
TEST(LegacyQuestionIndex, AKilledFormatFourWritersWalIsReplayedWholeThenTheIndexDropped) {
  test::TempDir tmp;
  const auto dir = test::copy_fixture("format4/store", tmp.path() / "store");
  auto before = question_counts(dir);
  ASSERT_FALSE(before.empty());
  const std::string question = before.begin()->first;
  constexpr int kBatches = 5;
  test::RawOpen how;
  how.configure = [](const std::string& family, rocksdb::ColumnFamilyOptions& o) {
    if (family == kQuestionsFamily) o.merge_operator = make_question_count_merge();
  };
  std::map<std::string, rocksdb::ColumnFamilyHandle*> families;
  test::with_raw_store(dir, how, [&](rocksdb::DB& db, const std::string& family, rocksdb::ColumnFamilyHandle* cf) {
    families[family] = cf;
    // Families are listed in the order they were created: results, questions and progress before meta.
    if (family != kMetaFamily) return;
    for (int i = 0; i < kBatches; ++i) {
      auto put = std::get<PutResult>(test::make_put("facts", "killed " + std::to_string(i), test::TreeSpec{{"Why?"}, {}}).item);
      ProgressEntry done;
      done.state = ProgressState::done;
      done.attempts = 1;
      done.last_status = 200;
      rocksdb::WriteBatch batch;
      EXPECT_TRUE(batch.Merge(families.at(kQuestionsFamily), question, std::string("\x02\x02\x00", 3)).ok());  // +1
      EXPECT_TRUE(batch.Put(families.at(kResultsFamily), put.result.key, encode_result(put.result)).ok());
      EXPECT_TRUE(batch.Put(families.at(kProgressFamily), progress_key("facts", put.result.key), encode_progress(done)).ok());
      EXPECT_TRUE(db.Write({}, &batch).ok());
    }
  });  // closed without a flush: the batches are in the WAL only
  bool wal_holds_them = false;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".log" && fs::file_size(entry.path()) > 0) wal_holds_them = true;
  }
  ASSERT_TRUE(wal_holds_them);
  EXPECT_EQ(question_counts(dir)[question], before[question] + kBatches);
  EXPECT_EQ(results_in(dir), 20u + kBatches);
  expect_upgraded(dir, 20u + kBatches);
  auto reader = StoreReader::open(dir);
  ASSERT_TRUE(reader);
  EXPECT_EQ((*reader)->job_stats("facts").value().done, 17u + kBatches);
}

// An upgrade cut short (each step is one MANIFEST record): dropped and not created yet, or
// created again and the version not recorded yet. Readers read the store either way (no index);
// the next writer completes the upgrade.
TEST(LegacyQuestionIndex, AnUpgradeCutShortBetweenItsStepsIsReadAndCompletedByTheNextWriter) {
  for (bool created : {false, true}) {
    SCOPED_TRACE(created ? "created again, version not recorded" : "dropped, not created");
    test::TempDir tmp;
    const auto dir = copy_format2_fixture(tmp.path());
    test::raw_drop_family(dir, kQuestionsFamily);
    if (created) test::raw_format_version(dir, std::nullopt, kQuestionsFamily);
    ASSERT_EQ(test::raw_has_family(dir, kQuestionsFamily), created);
    ASSERT_EQ(test::raw_format_version(dir), "2");
    EXPECT_TRUE(question_counts(dir).empty());
    EXPECT_EQ(results_in(dir), 6u);
    EXPECT_EQ(test::raw_format_version(dir), "2") << "a reader writes nothing";
    EXPECT_EQ(test::raw_has_family(dir, kQuestionsFamily), created) << "a reader creates nothing";
    expect_upgraded(dir, 6);
  }
}

}  // namespace
}  // namespace paa::store_detail
