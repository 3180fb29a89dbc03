#pragma once
// `paa export --partition-by hl,gl -o DIR`: a Hive-style folder of parts that DuckDB, Spark and
// BigQuery read as one table (docs/scaling-out.md):
//   DIR/hl=en/gl=us/part-00000.jsonl ... and DIR/_SUCCESS, a manifest written last.
// The folder is built beside DIR under a temporary name and renamed into place when complete,
// so DIR is either absent, the previous export (until the rename), or complete.
#include "paa/error.hpp"
#include "paa/export/export_request.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace paa::exporting {

struct PartFile {
  std::string path;  // relative to the folder, '/'-separated
  std::uint64_t rows = 0;
  std::uint64_t bytes = 0;
  std::string sha256;  // lowercase hex
};

struct PartitionedSummary {
  ExportSummary export_summary;
  std::vector<PartFile> files;  // in the order written
};

// Writes the partitioned export (request.partition; format jsonl or csv) into `dir`. An existing
// `dir` is refused, unless `force` and it is an earlier partitioned export (it has _SUCCESS) or
// empty: never a store or another folder. The summary counts the part files written (parts).
Result<PartitionedSummary> export_partitioned(StoreReader& store, const ExportRequest& request,
                                              const std::filesystem::path& dir, bool force);

// The same as a folder view (view_registry.hpp): the summary alone.
Result<ExportSummary> export_partitioned_folder(StoreReader& store, const ExportRequest& request,
                                                const std::filesystem::path& dir, bool force);

}  // namespace paa::exporting
