#include "paa/export/xlsx/sheet_pager.hpp"

#include <gtest/gtest.h>

namespace paa::exporting {
namespace {

TEST(SheetPager, DataStartsBelowTheHeaderOfTheFirstSheet) {
  SheetPager pager("Questions tree", 1048576);
  EXPECT_EQ(pager.sheets(), 0u);
  const auto first = pager.next();
  EXPECT_EQ(first.sheet, 0u);
  EXPECT_EQ(first.row, 1u);
  EXPECT_TRUE(first.opens_sheet);
  const auto second = pager.next();
  EXPECT_EQ(second.row, 2u);
  EXPECT_FALSE(second.opens_sheet);
  EXPECT_EQ(pager.rows(), 2u);
}

TEST(SheetPager, AFullSheetContinuesOnTheNextWithItsOwnHeader) {
  SheetPager pager("Questions tree", 3);  // a header and two data rows per sheet
  std::vector<SheetSlot> slots;
  for (int i = 0; i < 5; ++i) slots.push_back(pager.next());
  EXPECT_EQ(slots[1].sheet, 0u);
  EXPECT_EQ(slots[1].row, 2u);
  EXPECT_EQ(slots[2].sheet, 1u);
  EXPECT_EQ(slots[2].row, 1u);
  EXPECT_TRUE(slots[2].opens_sheet);
  EXPECT_FALSE(slots[3].opens_sheet);
  EXPECT_EQ(slots[4].sheet, 2u);
  EXPECT_EQ(pager.sheets(), 3u);
  EXPECT_EQ(pager.rows(), 5u);
}

TEST(SheetPager, ExcelsLimitHoldsExactly1048575DataRowsPerSheet) {
  SheetPager pager("Q", 1048576);
  SheetSlot slot;
  for (std::uint32_t i = 0; i < 1048575; ++i) slot = pager.next();
  EXPECT_EQ(slot.sheet, 0u);
  EXPECT_EQ(slot.row, 1048575u);  // the last row Excel has (0-based)
  slot = pager.next();
  EXPECT_EQ(slot.sheet, 1u);
  EXPECT_EQ(slot.row, 1u);
}

TEST(SheetPager, ContinuationNames) {
  SheetPager pager("Questions tree", 10);
  EXPECT_EQ(pager.sheet_name(0), "Questions tree");
  EXPECT_EQ(pager.sheet_name(1), "Questions tree (2)");
  EXPECT_EQ(pager.sheet_name(9), "Questions tree (10)");
}

}  // namespace
}  // namespace paa::exporting
