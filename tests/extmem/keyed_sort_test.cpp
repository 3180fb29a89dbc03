#include "paa/extmem/keyed_sort.hpp"

#include "support/scoped_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace paa::extmem {
namespace {

struct Row {
  std::string key;
  std::uint64_t first = 0;
  std::uint64_t second = 0;
  std::vector<std::string> fields;
  bool operator==(const Row&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Row& r) {
  os << "{" << r.key << "," << r.first << "," << r.second << ",[";
  for (const auto& f : r.fields) os << f << ";";
  return os << "]}";
}

// Keys that share prefixes, are prefixes of each other, hold NUL and high bytes; fields of any
// size (empty, none, long); many ties so that stability shows.
std::vector<Row> rows(std::size_t n, unsigned seed) {
  std::mt19937 random(seed);
  const std::vector<std::string> keys{"", "a", "ab", "abc", std::string("a\0b", 3), "b", "\xc3\xa9t\xc3\xa9", "zz"};
  std::vector<Row> out;
  for (std::size_t i = 0; i < n; ++i) {
    Row r;
    r.key = keys[random() % keys.size()];
    r.first = random() % 3;
    r.second = random() % 2;
    const std::size_t fields = random() % 4;
    for (std::size_t f = 0; f < fields; ++f) r.fields.push_back(std::string(random() % 300, static_cast<char>('a' + f)));
    r.fields.push_back(std::to_string(i));  // the order added, to check stability
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<Row> expected_order(std::vector<Row> in) {
  std::stable_sort(in.begin(), in.end(), [](const Row& a, const Row& b) {
    return std::tie(a.key, a.first, a.second) < std::tie(b.key, b.first, b.second);
  });
  return in;
}

std::vector<Row> sorted(KeyedSort& sort) {
  std::vector<Row> out;
  auto visited = sort.for_each([&](const KeyedSort::Record& r) -> Result<void> {
    out.push_back({std::string(r.key), r.first, r.second, {r.fields.begin(), r.fields.end()}});
    return {};
  });
  EXPECT_TRUE(visited) << visited.error().message;
  return out;
}

void add_all(KeyedSort& sort, const std::vector<Row>& in) {
  for (const Row& r : in) {
    std::vector<std::string_view> fields(r.fields.begin(), r.fields.end());
    ASSERT_TRUE(sort.add(r.key, r.first, r.second, fields));
  }
}

TEST(KeyedSort, ByKeyBytesThenBothNumbersTiesInTheOrderAdded) {
  KeyedSort sort;
  const std::vector<Row> in{{"b", 0, 0, {"1"}}, {"a", 2, 0, {"2"}}, {"ab", 0, 0, {"3"}}, {"a", 1, 5, {"4"}},
                            {"a", 1, 5, {"5"}}, {"a", 1, 4, {}},    {"", 9, 9, {"7"}}};
  add_all(sort, in);
  EXPECT_EQ(sort.size(), 7u);
  EXPECT_EQ(sort.runs(), 0u);  // it fit: no file
  EXPECT_EQ(sorted(sort), (std::vector<Row>{{"", 9, 9, {"7"}},
                                            {"a", 1, 4, {}},
                                            {"a", 1, 5, {"4"}},
                                            {"a", 1, 5, {"5"}},
                                            {"a", 2, 0, {"2"}},
                                            {"ab", 0, 0, {"3"}},
                                            {"b", 0, 0, {"1"}}}));
}

// Runs written to the scratch file and merged give exactly the in-memory order, whatever the
// budget: a record per run, a record larger than the budget, runs that split ties.
TEST(KeyedSort, MergedRunsGiveTheSameOrderAsOneSort) {
  const auto in = rows(2000, 5);
  const auto expected = expected_order(in);
  for (std::size_t budget : {1u, 4096u, 10000u, 65536u, 1u << 20}) {
    KeyedSort sort(budget);
    add_all(sort, in);
    if (budget < (1u << 20)) {
      EXPECT_GT(sort.runs(), 1u) << budget;
    }
    EXPECT_EQ(sorted(sort), expected) << "budget " << budget;
  }
}

// Runs of many zstd blocks, records straddling the blocks' ends: the same order, and the scratch
// file (its size after the merge closed it) well under the records' plain bytes.
TEST(KeyedSort, RunsOfManyCompressedBlocksMergeInOrderAndTakeLessDisk) {
  std::vector<Row> in = rows(20000, 9);
  std::uint64_t plain = 0;
  for (const Row& r : in) {
    plain += 24 + r.key.size() + 4;
    for (const auto& f : r.fields) plain += 4 + f.size();
  }
  KeyedSort sort(std::size_t{1} << 20);
  add_all(sort, in);
  ASSERT_GT(sort.runs(), 1u);
  ASSERT_GT(plain / sort.runs(), 4 * kPackedBlockBytes);
  EXPECT_EQ(sorted(sort), expected_order(in));
  EXPECT_GT(sort.runs(), 1u) << "the pass's summary still says how many runs were merged";
  EXPECT_GT(sort.disk_bytes(), 0u);
  EXPECT_LT(sort.disk_bytes(), plain / 2);
}

TEST(KeyedSort, ARecordLargerThanTheBudgetAndAMergeWindowSurvives) {
  KeyedSort sort(4096);
  const std::string big(100000, 'x');
  ASSERT_TRUE(sort.add("m", 0, 0, {big}));
  ASSERT_TRUE(sort.add("a", 0, 0, {"small"}));
  ASSERT_TRUE(sort.add(std::string(9000, 'k'), 0, 0, {big, big}));
  ASSERT_TRUE(sort.add("z", 0, 0, {}));
  const auto out = sorted(sort);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].key, "a");
  EXPECT_EQ(out[1].key, std::string(9000, 'k'));
  EXPECT_EQ(out[1].fields, (std::vector<std::string>{big, big}));
  EXPECT_EQ(out[2].fields, std::vector<std::string>{big});
  EXPECT_EQ(out[3].key, "z");
}

TEST(KeyedSort, AnEmptySortVisitsNothing) {
  KeyedSort sort(4096);
  EXPECT_TRUE(sorted(sort).empty());
}

TEST(KeyedSort, AFailingVisitStopsTheMergeWithItsError) {
  KeyedSort sort(4096);
  add_all(sort, rows(500, 3));
  ASSERT_GT(sort.runs(), 1u);
  int visits = 0;
  auto visited = sort.for_each([&](const KeyedSort::Record&) -> Result<void> {
    if (++visits == 4) return make_error(errc::io, "output full");
    return {};
  });
  ASSERT_FALSE(visited);
  EXPECT_EQ(visited.error().message, "output full");
  EXPECT_EQ(visits, 4);
}

TEST(KeyedSort, AFullRunInAnUnwritableTmpdirIsAClearError) {
  test::ScopedEnv tmpdir("TMPDIR", "/nonexistent-paa-dir");
  KeyedSort sort(4096);
  Result<void> added;
  for (int i = 0; i < 100 && added; ++i) added = sort.add("key", 0, 0, {std::string(100, 'v')});
  ASSERT_FALSE(added);
  EXPECT_NE(added.error().message.find("set TMPDIR to a writable folder"), std::string::npos) << added.error().message;
}

}  // namespace
}  // namespace paa::extmem
