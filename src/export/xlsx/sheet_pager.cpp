#include "paa/export/xlsx/sheet_pager.hpp"

#include <algorithm>
#include <utility>

namespace paa::exporting {

SheetPager::SheetPager(std::string base_name, std::uint32_t rows_per_sheet)
    : base_(std::move(base_name)), rows_per_sheet_(std::max<std::uint32_t>(rows_per_sheet, 2)) {}

SheetSlot SheetPager::next() {
  SheetSlot slot;
  if (sheets_ == 0 || row_ + 1 >= rows_per_sheet_) {
    ++sheets_;
    row_ = 0;
    slot.opens_sheet = true;
  }
  ++row_;
  ++rows_;
  slot.sheet = sheets_ - 1;
  slot.row = row_;
  return slot;
}

std::string SheetPager::sheet_name(std::uint32_t index) const {
  if (index == 0) return base_;
  return base_ + " (" + std::to_string(index + 1) + ")";
}

}  // namespace paa::exporting
