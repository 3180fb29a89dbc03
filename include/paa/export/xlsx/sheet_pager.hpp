#pragma once
// Where the next data row of a sheet goes when one sheet cannot hold them all: Excel stops at
// 1,048,576 rows, so rows continue on "Name (2)", "Name (3)", ... each with its own header.
// Pure bookkeeping, unit-tested; the xlsx writer asks it before every row.
#include <cstdint>
#include <string>
#include <string_view>

namespace paa::exporting {

struct SheetSlot {
  std::uint32_t sheet = 0;  // 0 = the first sheet ("Name"), 1 = "Name (2)", ...
  std::uint32_t row = 0;    // 0-based row in that sheet; row 0 is the header, data starts at 1
  bool opens_sheet = false; // this row is the first data row of a sheet that must be created
};

class SheetPager {
 public:
  // `rows_per_sheet` counts the header row; at least 2 (one header, one data row).
  SheetPager(std::string base_name, std::uint32_t rows_per_sheet);

  // The slot of the next data row. The first call opens sheet 0.
  SheetSlot next();

  // The name of sheet `index`: base, then "base (2)", "base (3)", ...
  std::string sheet_name(std::uint32_t index) const;
  // Sheets opened so far, and data rows placed so far.
  std::uint32_t sheets() const { return sheets_; }
  std::uint64_t rows() const { return rows_; }

 private:
  std::string base_;
  std::uint32_t rows_per_sheet_;
  std::uint32_t sheets_ = 0;
  std::uint32_t row_ = 0;  // last row used in the current sheet
  std::uint64_t rows_ = 0;
};

}  // namespace paa::exporting
