// The question index's merge operands: counts add up, the first fields seen win, partial merges
// (RocksDB may fold operands in any grouping) agree with full merges, and damaged bytes are
// refused rather than misread. Plus a store-level check that counts survive flush + compaction.
#include "question_count_merge.hpp"
#include "codec.hpp"
#include "store_test_util.hpp"

#include "paa/store/store.hpp"

#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace paa::store_detail {
namespace {

QuestionEntry fields(std::string question) {
  QuestionEntry e;
  e.question = question;
  e.answer = "answer to " + question;
  e.url = "https://example.com/" + question;
  e.title = "title of " + question;
  e.first_key = "key of " + question;
  return e;
}

QuestionEntry decoded(const std::optional<std::string>& bytes) {
  EXPECT_TRUE(bytes.has_value());
  auto e = decode_question("n", bytes.value_or(""));
  EXPECT_TRUE(e.has_value());
  return e.value_or(QuestionEntry{});
}

std::optional<std::string> full(const std::optional<std::string>& base,
                                const std::vector<std::string>& ops) {
  std::vector<std::string_view> views(ops.begin(), ops.end());
  std::string_view b = base ? std::string_view(*base) : std::string_view();
  return merge_question_values(base ? &b : nullptr, views);
}

TEST(QuestionCountMerge, FirstOperandOnAnEmptyIndexCreatesTheEntry) {
  auto a = fields("Why?");
  auto e = decoded(full(std::nullopt, {encode_question_delta(+1, &a)}));
  EXPECT_EQ(e.count, 1u);
  EXPECT_EQ(e.question, "Why?");
  EXPECT_EQ(e.answer, "answer to Why?");
  EXPECT_EQ(e.url, "https://example.com/Why?");
  EXPECT_EQ(e.title, "title of Why?");
  EXPECT_EQ(e.first_key, "key of Why?");
}

TEST(QuestionCountMerge, CountsAddUpAndTheFirstFieldsSeenWin) {
  auto a = fields("Why?");
  auto b = fields("WHY?");
  auto e = decoded(full(std::nullopt, {encode_question_delta(+1, &a), encode_question_delta(+1, &b),
                                       encode_question_delta(+1, &b)}));
  EXPECT_EQ(e.count, 3u);
  EXPECT_EQ(e.question, "Why?");

  auto base = encode_question([&] { auto s = fields("stored"); s.count = 2; return s; }());
  auto f = decoded(full(base, {encode_question_delta(-1, nullptr), encode_question_delta(+1, &b)}));
  EXPECT_EQ(f.count, 2u);
  EXPECT_EQ(f.question, "stored");
  EXPECT_EQ(f.first_key, "key of stored");
}

TEST(QuestionCountMerge, CountStopsAtZeroAndAnEntryWithoutFieldsTakesTheNextOnes) {
  auto z = full(std::nullopt, {encode_question_delta(-1, nullptr)});
  EXPECT_EQ(decoded(z).count, 0u);
  auto a = fields("back?");
  auto e = decoded(full(z, {encode_question_delta(+1, &a)}));
  EXPECT_EQ(e.count, 1u);
  EXPECT_EQ(e.question, "back?");
}

TEST(QuestionCountMerge, PartialMergesAgreeWithTheFullMergeForEveryGrouping) {
  std::mt19937 rng(7);
  std::vector<QuestionEntry> variants = {fields("a?"), fields("b?"), fields("c?")};
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<std::string> ops;
    int n = 1 + static_cast<int>(rng() % 8);
    for (int i = 0; i < n; ++i) {
      if (rng() % 3 == 0) {
        ops.push_back(encode_question_delta(-1, nullptr));
      } else {
        ops.push_back(encode_question_delta(+1, &variants[rng() % variants.size()]));
      }
    }
    std::optional<std::string> base;
    if (rng() % 2) {
      auto s = fields("base?");
      s.count = 5;
      base = encode_question(s);
    }
    auto expected = full(base, ops);
    ASSERT_TRUE(expected);
    // Fold a random run [i, j) into one operand first, as a compaction may.
    std::size_t i = rng() % ops.size();
    std::size_t j = i + 1 + rng() % (ops.size() - i);
    std::vector<std::string_view> run(ops.begin() + static_cast<long>(i), ops.begin() + static_cast<long>(j));
    auto folded = merge_question_deltas(run);
    ASSERT_TRUE(folded);
    std::vector<std::string> grouped(ops.begin(), ops.begin() + static_cast<long>(i));
    grouped.push_back(*folded);
    grouped.insert(grouped.end(), ops.begin() + static_cast<long>(j), ops.end());
    EXPECT_EQ(full(base, grouped), expected) << "trial " << trial;
  }
}

TEST(QuestionCountMerge, DamagedBytesAreRefusedNeverMisread) {
  auto a = fields("Why?");
  const std::string good = encode_question_delta(+1, &a);
  // Every truncation of a good operand, an entry passed as an operand, and a bad tag.
  for (std::size_t n = 0; n < good.size(); ++n) {
    EXPECT_FALSE(full(std::nullopt, {good.substr(0, n)})) << n;
  }
  EXPECT_FALSE(full(std::nullopt, {encode_question(a)}));
  EXPECT_FALSE(full(std::nullopt, {std::string("\x07\x02\x00", 3)}));
  EXPECT_FALSE(full(std::string("\x02garbage"), {good})) << "a damaged stored entry";
  EXPECT_FALSE(full(good + "x", {})) << "an operand is not an entry";
  // Random bytes: refused or accepted, never a crash (ASan/UBSan in CI).
  std::mt19937 rng(11);
  for (int i = 0; i < 2000; ++i) {
    std::string junk(rng() % 40, '\0');
    for (auto& c : junk) c = static_cast<char>(rng());
    (void)full(std::nullopt, {junk});
    std::string_view v = junk;
    (void)merge_question_deltas(std::span<const std::string_view>(&v, 1));
  }
}

// Compacts every family of the store at `dir` with plain RocksDB and the store's merge
// operator; the question index in `style`, as an older (levels) or current (tiers) paa would.
// Returns the deepest level that holds question-index files afterwards.
int compact_with_plain_rocksdb(const std::filesystem::path& dir, rocksdb::CompactionStyle style) {
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

std::map<std::string, std::uint64_t> question_counts(const std::filesystem::path& dir) {
  std::map<std::string, std::uint64_t> counts;
  auto reader = StoreReader::open(dir);
  EXPECT_TRUE(reader);
  if (!reader) return counts;
  EXPECT_TRUE((*reader)->scan_questions([&](const QuestionEntry& q) {
    counts[q.question] = q.count;
    return true;
  }));
  return counts;
}

// Stores q0..q(n-1), each tree with "shared?" and its own question, then refreshes q0 without
// "shared?".
void store_trees(const std::filesystem::path& dir, int from, int to) {
  auto opened = StoreWriter::open(dir);
  ASSERT_TRUE(opened) << opened.error().message;
  auto& writer = *opened;
  for (int i = from; i < to; ++i) {
    ASSERT_TRUE(test::submit_and_wait(
        *writer, test::make_put("job", "q" + std::to_string(i), test::TreeSpec{{"shared?", "own " + std::to_string(i) + "?"}, {}})));
  }
  ASSERT_TRUE(test::submit_and_wait(*writer, test::make_put("job", "q0", test::TreeSpec{{"own 0?"}, {}})));
  ASSERT_TRUE(writer->close());
}

// What store_trees(dir, 0, n) leaves: every own question once, "shared?" in all trees but q0's.
void expect_counts_of_trees(const std::filesystem::path& dir, int n) {
  auto counts = question_counts(dir);
  EXPECT_EQ(counts.size(), static_cast<std::size_t>(n) + 1);
  EXPECT_EQ(counts["shared?"], static_cast<std::uint64_t>(n) - 1);
  EXPECT_EQ(counts["own 0?"], 1u);
  EXPECT_EQ(counts["own " + std::to_string(n - 1) + "?"], 1u);
}

// Through RocksDB: operands from many trees, a refresh, a flush, a compaction and a reopen.
TEST(QuestionCountMerge, CountsSurviveFlushCompactionAndReopen) {
  test::TempDir tmp;
  const auto dir = tmp.path() / "s.db";
  store_trees(dir, 0, 40);
  compact_with_plain_rocksdb(dir, rocksdb::kCompactionStyleUniversal);
  expect_counts_of_trees(dir, 40);
}

// A store from before the question index was compacted in tiers has it in levels below L0.
// Today's writer adds to it, and the counts hold through a compaction in tiers and, should an
// older paa open the store again, through one in levels.
TEST(QuestionCountMerge, AnIndexCompactedInLevelsIsExtendedInTiersAndBack) {
  test::TempDir tmp;
  const auto dir = tmp.path() / "s.db";
  store_trees(dir, 0, 20);
  ASSERT_GE(compact_with_plain_rocksdb(dir, rocksdb::kCompactionStyleLevel), 1);
  store_trees(dir, 20, 40);  // q0 refreshed again: no "shared?" either way
  compact_with_plain_rocksdb(dir, rocksdb::kCompactionStyleUniversal);
  expect_counts_of_trees(dir, 40);
  store_trees(dir, 40, 41);
  compact_with_plain_rocksdb(dir, rocksdb::kCompactionStyleLevel);
  expect_counts_of_trees(dir, 41);
}

}  // namespace
}  // namespace paa::store_detail
