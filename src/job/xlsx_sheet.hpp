#pragma once
// One sheet of an .xlsx workbook, read a row at a time (docs/jobs.md "Excel workbooks"). Debian
// packages no C++ xlsx reader: the workbook is a zip (libzip) of XML parts (expat). The sheet's
// XML is streamed, a row at a time; the shared strings are held within a stated budget; the zip
// and the XML are read under limits that refuse zip bombs and entity expansion.
#include "paa/error.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace paa::detail {

struct XlsxLimits {
  std::uint64_t entries = 10'000;              // zip entries in the workbook
  std::uint64_t entry_bytes = 1ull << 30;      // one part, inflated (a full sheet is ~400 MiB)
  std::uint64_t total_bytes = 2ull << 30;      // every part read, inflated
  // Past `ratio_after` inflated bytes, a part inflating more than `ratio` times its compressed
  // size is a bomb (deflate's best on real XML is far below; on zeros it is ~1,000).
  std::uint64_t ratio = 500;
  std::uint64_t ratio_after = 64ull << 20;
  std::uint64_t shared_strings_bytes = 128ull << 20;  // their text and index, in memory
  std::uint64_t small_part_bytes = 16ull << 20;       // workbook.xml, its relationships
};

class XlsxSheet {
 public:
  // Opens `file` and the sheet named `sheet` ("" = the first). Errors are one line naming the
  // file: not a workbook, password-protected, damaged, a sheet that is not there (naming those
  // that are), a limit passed.
  static Result<std::unique_ptr<XlsxSheet>> open(const std::filesystem::path& file, std::string_view sheet,
                                                 const XlsxLimits& limits = {});
  ~XlsxSheet();
  XlsxSheet(const XlsxSheet&) = delete;
  XlsxSheet& operator=(const XlsxSheet&) = delete;

  // The next row with a cell: its values by column (A = 0; a missing cell is ""), as text (a
  // number as stored, a boolean TRUE/FALSE, an error as written, "#N/A"), and its row number
  // (1-based, as the spreadsheet shows it). False at the sheet's end.
  Result<bool> next(std::vector<std::string>& cells, std::uint64_t& row);

  const std::string& name() const;
  // Every sheet's name, in the workbook's order.
  const std::vector<std::string>& sheets() const;

  struct Impl;

 private:
  explicit XlsxSheet(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace paa::detail
