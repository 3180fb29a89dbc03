#pragma once
// Drives a format writer from a StoreReader: selection (all / one job / one locale),
// streaming, bounded memory (except `questions` with filters: O(unique questions)).
#include "paa/error.hpp"
#include "paa/export/formats.hpp"
#include "paa/export/output.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <functional>
#include <string>

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
};

struct ExportSummary {
  std::uint64_t results = 0;          // stored results exported
  std::uint64_t records = 0;          // objects or CSV data rows written
  std::uint64_t missing_results = 0;  // --job: done entries without a stored result (skipped)
};

// Calls `visit` with each selected result in key order, until it returns false: every stored
// result, one locale's, or the done keys of one job (counting done keys without a result in
// `summary.missing_results`).
Result<void> scan_selection(StoreReader& store, const ExportRequest& request, ExportSummary& summary,
                            const std::function<bool(const StoredResult&)>& visit);

// Writes the whole export to `out` (header and footer included) and flushes it.
// Stops at the first error: a store read error, an unreadable stored body, or `out` failing.
Result<ExportSummary> export_store(StoreReader& store, const ExportRequest& request,
                                   BufferedOutput& out);

}  // namespace paa::exporting
