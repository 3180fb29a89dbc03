#pragma once
// Drives a format writer from a StoreReader: selection (all / one job / one locale),
// streaming, bounded memory (except `questions` and xlsx with filters: O(unique questions);
// html: the jobs of each stored key).
#include "paa/error.hpp"
#include "paa/export/formats.hpp"
#include "paa/output/atomic_file.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/sink.hpp"
#include "paa/export/xlsx_workbook.hpp"
#include "paa/store/store.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace paa::exporting {

struct ExportRequest {
  FormatOptions format;
  std::string job;  // "" = every stored result
  std::string hl;   // normalised (normalize_hl); "" = any
  std::string gl;   // normalised (normalize_gl); "" = any
  // Count questions from the results rather than the store's question index (which a union
  // of stores does not have).
  bool recount_questions = false;
  bool filtered() const { return !job.empty() || !hl.empty() || !gl.empty(); }
  // Question counts of the selection come from its trees, not from the store's index.
  bool questions_from_results() const { return filtered() || recount_questions; }
};

struct ExportSummary {
  std::uint64_t results = 0;          // stored results exported
  std::uint64_t records = 0;          // objects or CSV data rows written
  std::uint64_t missing_results = 0;  // --job: done entries without a stored result (skipped)
  // xlsx: rows of "Unique questions" and "Related" (records = "Questions tree" rows), and
  // what a person should know about the workbook (continuation sheets, plain-text URLs).
  std::uint64_t question_rows = 0;
  std::uint64_t related_rows = 0;
  std::vector<std::string> notes;
  std::size_t parts = 0;  // --partition-by: part files written
};

// Calls `feed` with each selected result in key order, until it returns false or an error
// (which is returned): every stored result, one locale's, or the done keys of one job (counting
// done keys without a result in `summary.missing_results`, and results fed in `summary.results`).
Result<void> scan_selection(StoreReader& store, const ExportRequest& request, ExportSummary& summary,
                            const std::function<Result<bool>(const StoredResult&)>& feed);

// Writes the whole export to `out` (header and footer included) and flushes it.
// Stops at the first error: a store read error, an unreadable stored body, or `out` failing.
Result<ExportSummary> export_store(StoreReader& store, const ExportRequest& request,
                                   BufferedOutput& out);

// The xlsx workbook of the selection, written to `file` (see xlsx_workbook.hpp). Without
// --job/--hl/--gl "Unique questions" comes from the store's question index, like `questions`.
Result<ExportSummary> export_store_xlsx(StoreReader& store, const ExportRequest& request,
                                        const std::filesystem::path& file, const XlsxOptions& options);

}  // namespace paa::exporting
