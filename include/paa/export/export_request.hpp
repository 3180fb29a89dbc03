#pragma once
// What an export selects (every stored result, one locale's, the done keys of one job) and what
// it reports; the scan every output's driver reads the selection with.
#include "paa/error.hpp"
#include "paa/export/export_format.hpp"
#include "paa/export/pipeline/analysis_tag.hpp"
#include "paa/export/pipeline/partition_spec.hpp"
#include "paa/store/store.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace paa::exporting {

// The versions a view of the history reads: stability's --from..--to (resolve_point's at_ms);
// the defaults hold every version.
struct StabilityWindow {
  std::int64_t from_ms = std::numeric_limits<std::int64_t>::min();
  std::int64_t to_ms = std::numeric_limits<std::int64_t>::max();
};

// --partition-by and --part-size: the rows as a Hive-style folder of parts.
struct Partitioning {
  std::vector<PartitionColumn> columns;
  std::uint64_t part_size = kDefaultPartSize;  // a part is closed once it reaches this size
};

// Where the selection's analysis is kept and what it would be tagged with now (write_export sets
// it for one store's current results, no locale filter, no --since: docs/store.md).
struct KeptPlace {
  std::filesystem::path root;  // the store's analysis folder
  AnalysisTag tag;  // but `volumes`: the request's (format.volumes), known once catalogued
};

struct ExportRequest {
  FormatOptions format;
  std::string job;  // "" = every stored result
  std::string hl;   // normalised (normalize_hl); "" = any
  std::string gl;   // normalised (normalize_gl); "" = any
  // The jobs whose progress entries hold attributes (set with format.attributes by
  // catalog_selection, paa/export/attributes.hpp).
  std::vector<std::string> attribute_jobs;
  // stability: --from..--to; html and xlsx (their views of the versions): up to --at.
  StabilityWindow window;
  std::int64_t since_ms = 0;  // with format.since: the point compared with
  std::optional<Partitioning> partition;  // --partition-by (jsonl, csv to a folder)
  std::uint32_t rows_per_sheet = 0;  // xlsx: 0 = Excel's limit; smaller only in tests
  // The views that read the question views whole read them kept (analysis_views) when set.
  std::optional<KeptPlace> kept;
  bool filtered() const { return !job.empty() || !hl.empty() || !gl.empty(); }
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
  std::vector<std::string> warnings;  // printed as "paa: warning: ..."
  std::size_t parts = 0;  // --partition-by: part files written
};

// Calls `feed` with each selected result in key order, until it returns false or an error
// (which is returned): every stored result, one locale's, or the done keys of one job (counting
// done keys without a result in `summary.missing_results`, and results fed in `summary.results`).
Result<void> scan_selection(StoreReader& store, const ExportRequest& request, ExportSummary& summary,
                            const std::function<Result<bool>(const StoredResult&)>& feed);

}  // namespace paa::exporting
