#pragma once
// What Excel accepts in a cell, decided without libxlsxwriter: text length, which URLs become
// hyperlinks, and dates as Excel serial numbers. Pure functions, unit-tested.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace paa::exporting {

// Excel's limits (Microsoft's "Excel specifications and limits").
inline constexpr std::size_t kExcelMaxCellChars = 32767;      // characters in one cell
inline constexpr std::size_t kExcelMaxUrlChars = 2079;        // characters in a hyperlink
inline constexpr std::uint32_t kExcelMaxRows = 1048576;       // rows per sheet, header included
inline constexpr std::size_t kExcelMaxUrlsPerSheet = 65530;   // hyperlinks per sheet

// `text` cut to at most kExcelMaxCellChars characters (code points), never inside a UTF-8
// sequence. Returns `text` itself when it fits.
std::string_view excel_cell_text(std::string_view text);

// True when `url` is written as a clickable hyperlink: http:// or https:// (any case), no
// longer than kExcelMaxUrlChars, and free of control characters and white space. Anything
// else is written as plain text.
bool excel_hyperlink(std::string_view url);

// Unix milliseconds as an Excel date serial (days since 1899-12-30, time as the fraction),
// in UTC: 0 -> 25569.0.
double excel_date_serial(std::int64_t unix_ms);

}  // namespace paa::exporting
