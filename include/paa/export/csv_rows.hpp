#pragma once
// What the CSV family (csv, questions, related, edges; docs/exports.md "CSV rules") shares:
// the header (after the UTF-8 BOM with --excel), line ends (CRLF with --excel), and a stored
// result's leading key columns.
#include "paa/output/buffered_output.hpp"
#include "paa/output/text.hpp"
#include "paa/store/store.hpp"

#include <string>
#include <string_view>

namespace paa::exporting {

void begin_csv(BufferedOutput& out, bool excel, std::string_view header);
void end_csv_row(BufferedOutput& out, bool excel);

// "q,hl,gl,city," of one tree, rendered once and repeated on each of its rows.
std::string render_key_columns(const StoredResult& result, CsvText text);

}  // namespace paa::exporting
