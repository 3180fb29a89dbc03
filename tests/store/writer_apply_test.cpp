// The writer's appliers' decisions without RocksDB (src/store/writer_apply.hpp): which key a
// request's attributes come from, which record a run's end reads, which versions prune drops.
#include "writer_apply.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace paa::store_detail {
namespace {

TEST(WriterApply, ARequestsKeyIsItsItemsAndAQuotaUpdateNamesNone) {
  WriteRequest put;
  PutResult result;
  result.result.key = "put-key";
  put.item = result;
  ASSERT_NE(request_key(put), nullptr);
  EXPECT_EQ(*request_key(put), "put-key");

  WriteRequest done;
  done.item = MarkDone{"done-key"};
  ASSERT_NE(request_key(done), nullptr);
  EXPECT_EQ(*request_key(done), "done-key");

  WriteRequest failed;
  MarkFailed mark;
  mark.key = "failed-key";
  failed.item = mark;
  ASSERT_NE(request_key(failed), nullptr);
  EXPECT_EQ(*request_key(failed), "failed-key");

  WriteRequest quota;
  quota.item = QuotaUpdate{};
  EXPECT_EQ(request_key(quota), nullptr);
}

TEST(WriterApply, ARunsEndReadsItsNamedRecordOrTheJobsLastRunWithoutAName) {
  RunMark named{"job", "20261101-020000", 0, false, "completed", {}};
  EXPECT_EQ(run_record_key(named), std::string(kMetaRunsPrefix) + "20261101-020000");
  RunMark unnamed{"job", "", 0, false, "completed", {}};
  EXPECT_EQ(run_record_key(unnamed), std::string(kMetaRunPrefix) + "job");
}

struct Pruned {
  bool any = false;
  std::vector<std::string> dropped;
  PruneCounts counts;
};

// A key with older versions beginning at `since` (oldest first) and its current one at `current`.
Pruned prune(const std::vector<std::int64_t>& since, std::int64_t current, const PruneRule& rule) {
  std::vector<std::string> keys;
  std::vector<VersionSpan> spans;
  for (const auto s : since) {
    keys.push_back("v" + std::to_string(s));
    spans.push_back(VersionSpan{s, 0});
  }
  Pruned out;
  out.any = prune_key(keys, spans, current, rule, out.dropped, out.counts);
  return out;
}

TEST(WriterApply, PruneKeepsTheLastVersionsAndCountsEveryOlderOne) {
  const auto pruned = prune({100, 200, 300}, 400, PruneRule{.keep_last = 2, .older_than_ms = 0, .now_ms = 1'000});
  EXPECT_TRUE(pruned.any);
  EXPECT_EQ(pruned.dropped, (std::vector<std::string>{"v100", "v200"})) << "the current one and v300 kept";
  EXPECT_EQ(pruned.counts.keys, 1u);
  EXPECT_EQ(pruned.counts.removed, 2u);
  EXPECT_EQ(pruned.counts.kept, 1u);
}

TEST(WriterApply, PruneMeasuresAVersionsAgeFromWhenTheNextOneReplacedIt) {
  // v100 was replaced at 200 (800 ms before now), v200 at 900 (100 ms before now).
  const auto pruned = prune({100, 200}, 900, PruneRule{.keep_last = 0, .older_than_ms = 500, .now_ms = 1'000});
  EXPECT_EQ(pruned.dropped, std::vector<std::string>{"v100"});
  EXPECT_EQ(pruned.counts.kept, 1u);
}

TEST(WriterApply, PruneWithNothingToDropSaysSo) {
  const auto pruned = prune({100}, 200, PruneRule{.keep_last = 5, .older_than_ms = 0, .now_ms = 1'000});
  EXPECT_FALSE(pruned.any);
  EXPECT_TRUE(pruned.dropped.empty());
  EXPECT_EQ(pruned.counts.kept, 1u);
}

}  // namespace
}  // namespace paa::store_detail
