#pragma once
// What Excel accepts in a cell, decided without libxlsxwriter: text length, which URLs become
// hyperlinks, dates as Excel serial numbers, and how a lineage cell names a key. Pure
// functions, unit-tested.
#include "paa/export/stored_tree.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
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

// A lineage cell (`parent_q`, `seed_q`) of a row of `row`'s: the `q` of `key`, followed by its
// locale, "q (hl-gl)" or "q (hl-gl, city)", only when that is not the row's own (compared in
// key form: hl and gl lower-cased, the city case-folded). An expansion keeps its parent's locale,
// so the cell is normally the q alone, as the csv export's column.
std::string lineage_cell_text(const KeySpelling& key, const KeySpelling& row);

}  // namespace paa::exporting
