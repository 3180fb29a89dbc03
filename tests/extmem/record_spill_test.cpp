#include "paa/extmem/record_spill.hpp"

#include "support/scoped_env.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace paa::extmem {
namespace {

TEST(RecordSpill, RecordsComeBackByOffsetAndInOrder) {
  auto spill = RecordSpill::create();
  ASSERT_TRUE(spill) << spill.error().message;
  const std::string big(3 << 20, 'x');  // larger than the write buffer
  const auto a = (*spill)->append({"one", "", "Café ☕"});
  const auto b = (*spill)->append({big});
  const std::vector<std::string_view> many{"a", "b", "c", "d", std::string_view("nul\0in", 6)};
  const auto c = (*spill)->append_all(many);
  EXPECT_EQ((*spill)->records(), 3u);
  ASSERT_TRUE((*spill)->seal());

  std::vector<std::string_view> f;
  (*spill)->at(c, f);
  EXPECT_EQ(f, many);
  (*spill)->at(a, f);
  EXPECT_EQ(f, (std::vector<std::string_view>{"one", "", "Café ☕"}));
  (*spill)->at(b, f);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0], big);

  std::vector<std::size_t> sizes;
  (*spill)->for_each([&](std::span<const std::string_view> r) { sizes.push_back(r.size()); });
  EXPECT_EQ(sizes, (std::vector<std::size_t>{3, 1, 5}));
}

TEST(RecordSpill, AnEmptySpillVisitsNothing) {
  auto spill = RecordSpill::create();
  ASSERT_TRUE(spill);
  ASSERT_TRUE((*spill)->seal());
  int n = 0;
  (*spill)->for_each([&](std::span<const std::string_view>) { ++n; });
  EXPECT_EQ(n, 0);
}

TEST(RecordSpill, AnUnwritableTmpdirIsAClearError) {
  auto spill = [] {
    test::ScopedEnv tmpdir("TMPDIR", "/nonexistent-paa-dir");
    return RecordSpill::create();
  }();
  ASSERT_FALSE(spill);
  EXPECT_NE(spill.error().message.find("set TMPDIR to a writable folder"), std::string::npos);
}

}  // namespace
}  // namespace paa::extmem
