#pragma once
// `paa export` of a byte-stream format: the selection (export_request.hpp) written by that
// format's driver. Streaming, bounded memory, except `questions` with filters (O(unique
// questions)) and html (the jobs of each stored key).
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/store/store.hpp"

namespace paa::exporting {

// Writes the whole export to `out` (header and footer included) and flushes it: jsonl, json,
// csv, questions, related, html or edges (xlsx is written by name: xlsx/xlsx_export.hpp).
// Stops at the first error: a store read error, an unreadable stored body, or `out` failing.
Result<ExportSummary> export_store(StoreReader& store, const ExportRequest& request, BufferedOutput& out);

}  // namespace paa::exporting
