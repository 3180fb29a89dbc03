#include "paa/extmem/sorted_runs.hpp"

#include "support/scoped_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace paa::extmem {
namespace {

// The record `questions` sorts: a count, and where the rest of the row is (offset, length).
struct Row {
  std::uint64_t count = 0;
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
  bool operator==(const Row&) const = default;
};
struct MoreFrequent {
  bool operator()(const Row& a, const Row& b) const { return a.count > b.count; }
};
using CountOrder = SortedRuns<Row, MoreFrequent>;

// Rows with counts drawn from a skewed distribution (mostly 1s, as in a real index); the
// offset records the order added, so the expected order is a stable sort by count.
std::vector<Row> skewed_rows(std::size_t n, unsigned seed) {
  std::mt19937 random(seed);
  std::geometric_distribution<std::uint64_t> count(0.6);
  std::vector<Row> rows;
  for (std::size_t i = 0; i < n; ++i) rows.push_back({count(random) + 1, i, i % 7});
  return rows;
}

std::vector<Row> expected_order(std::vector<Row> rows) {
  std::stable_sort(rows.begin(), rows.end(), MoreFrequent{});
  return rows;
}

template <class Record, class Before>
std::vector<Record> ordered(SortedRuns<Record, Before>& sorted) {
  std::vector<Record> out;
  auto visited = sorted.for_each([&](const Record& record) -> Result<void> {
    out.push_back(record);
    return {};
  });
  EXPECT_TRUE(visited) << visited.error().message;
  return out;
}

TEST(SortedRuns, RecordsComeBackInOrderTiesInTheOrderAdded) {
  CountOrder order;
  const std::vector<Row> added{{1, 0, 5}, {3, 5, 2}, {1, 7, 1}, {2, 8, 4}, {3, 12, 3}, {2, 15, 1}};
  for (const Row& row : added) ASSERT_TRUE(order.add(row));
  EXPECT_EQ(order.size(), 6u);
  EXPECT_EQ(ordered(order), (std::vector<Row>{{3, 5, 2}, {3, 12, 3}, {2, 8, 4}, {2, 15, 1}, {1, 0, 5}, {1, 7, 1}}));
}

// Runs written to the scratch file and merged give exactly the in-memory order, whatever
// the run size: one record per run, runs that split a tie, a last run that is not full.
TEST(SortedRuns, MergedRunsGiveTheSameOrderAsOneSort) {
  const auto rows = skewed_rows(1000, 7);
  const auto expected = expected_order(rows);
  for (std::size_t run_records : {1u, 2u, 3u, 7u, 64u, 999u, 1000u, 1001u}) {
    CountOrder order(run_records);
    for (const Row& row : rows) ASSERT_TRUE(order.add(row));
    EXPECT_EQ(ordered(order), expected) << "runs of " << run_records << " records";
  }
}

// Record-agnostic: any trivially copyable record and order, here keys ascending.
TEST(SortedRuns, AnyTrivialRecordAndOrder) {
  struct KeyValue {
    std::uint32_t key;
    std::uint32_t value;
    bool operator==(const KeyValue&) const = default;
  };
  auto by_key = [](const KeyValue& a, const KeyValue& b) { return a.key < b.key; };
  std::mt19937 random(11);
  std::vector<KeyValue> added;
  for (std::uint32_t i = 0; i < 500; ++i) added.push_back({static_cast<std::uint32_t>(random() % 50), i});
  auto expected = added;
  std::stable_sort(expected.begin(), expected.end(), by_key);
  SortedRuns<KeyValue, decltype(by_key)> sorted(16, by_key);
  for (const auto& kv : added) ASSERT_TRUE(sorted.add(kv));
  EXPECT_EQ(ordered(sorted), expected);
}

TEST(SortedRuns, AnEmptySortVisitsNothing) {
  CountOrder order(4);
  EXPECT_TRUE(ordered(order).empty());
}

TEST(SortedRuns, AFailingVisitStopsTheMergeWithItsError) {
  CountOrder order(2);
  for (const Row& row : skewed_rows(10, 3)) ASSERT_TRUE(order.add(row));
  int visits = 0;
  auto visited = order.for_each([&](const Row&) -> Result<void> {
    if (++visits == 4) return make_error(errc::io, "output full");
    return {};
  });
  ASSERT_FALSE(visited);
  EXPECT_EQ(visited.error().message, "output full");
  EXPECT_EQ(visits, 4);
}

// `{}` as the run size is a slip (it once meant a run per record, every one open in the merge).
TEST(SortedRuns, ARunSizeOfZeroIsABug) {
  EXPECT_THROW(CountOrder(0), std::logic_error);
  EXPECT_NO_THROW(CountOrder(1));
}

// The file is only needed once a run is full; then an unwritable TMPDIR says what to do.
TEST(SortedRuns, AFullRunInAnUnwritableTmpdirIsAClearError) {
  test::ScopedEnv tmpdir("TMPDIR", "/nonexistent-paa-dir");
  CountOrder order(2);
  const bool first = static_cast<bool>(order.add({1, 0, 0}));
  const bool second = static_cast<bool>(order.add({1, 1, 0}));
  auto third = order.add({1, 2, 0});
  EXPECT_TRUE(first);
  EXPECT_TRUE(second);
  ASSERT_FALSE(third);
  EXPECT_NE(third.error().message.find("set TMPDIR to a writable folder"), std::string::npos)
      << third.error().message;
}

}  // namespace
}  // namespace paa::extmem
