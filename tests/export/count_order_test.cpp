#include "paa/export/count_order.hpp"

#include "support/scoped_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace paa::exporting {
namespace {

using Row = CountOrder::Row;

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
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.count > b.count; });
  return rows;
}

std::vector<Row> ordered(CountOrder& order) {
  std::vector<Row> out;
  auto visited = order.for_each([&](const Row& row) -> Result<void> {
    out.push_back(row);
    return {};
  });
  EXPECT_TRUE(visited) << visited.error().message;
  return out;
}

TEST(CountOrder, RowsComeBackMostFrequentFirstTiesInTheOrderAdded) {
  CountOrder order;
  const std::vector<Row> added{{1, 0, 5}, {3, 5, 2}, {1, 7, 1}, {2, 8, 4}, {3, 12, 3}, {2, 15, 1}};
  for (const Row& row : added) ASSERT_TRUE(order.add(row));
  EXPECT_EQ(order.rows(), 6u);
  EXPECT_EQ(ordered(order), (std::vector<Row>{{3, 5, 2}, {3, 12, 3}, {2, 8, 4}, {2, 15, 1}, {1, 0, 5}, {1, 7, 1}}));
}

// Runs written to the temporary file and merged give exactly the in-memory order, whatever
// the run size: one row per run, runs that split a tie, a last run that is not full.
TEST(CountOrder, MergedRunsGiveTheSameOrderAsOneSort) {
  const auto rows = skewed_rows(1000, 7);
  const auto expected = expected_order(rows);
  for (std::size_t run_rows : {1u, 2u, 3u, 7u, 64u, 999u, 1000u, 1001u}) {
    CountOrder order(run_rows);
    for (const Row& row : rows) ASSERT_TRUE(order.add(row));
    EXPECT_EQ(ordered(order), expected) << "runs of " << run_rows << " rows";
  }
}

TEST(CountOrder, AnEmptyOrderVisitsNothing) {
  CountOrder order(4);
  EXPECT_TRUE(ordered(order).empty());
}

TEST(CountOrder, AFailingVisitStopsTheMergeWithItsError) {
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

// The file is only needed once a run is full; then an unwritable TMPDIR says what to do.
TEST(CountOrder, AFullRunInAnUnwritableTmpdirIsAClearError) {
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
}  // namespace paa::exporting
