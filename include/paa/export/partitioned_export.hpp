#pragma once
// `paa export --partition-by hl,gl -o DIR`: a Hive-style folder of parts that DuckDB, Spark and
// BigQuery read as one table (docs/scaling-out.md):
//   DIR/hl=en/gl=us/part-00000.jsonl ... and DIR/_SUCCESS, a manifest written last.
// The folder is built beside DIR under a temporary name and renamed into place when complete,
// so DIR is either absent, the previous export (until the rename), or complete.
#include "paa/error.hpp"
#include "paa/export/exporter.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa::exporting {

enum class PartitionColumn { hl, gl };

// "hl,gl" -> {hl, gl}; each of hl and gl at most once, in the order given.
Result<std::vector<PartitionColumn>> parse_partition_columns(std::string_view text);

// "256MB", "1GiB", "500k", "1048576": bytes. K/M/G are powers of 1000, KiB/MiB/GiB of 1024
// (case-insensitive; the B is optional). At least 1 KB.
Result<std::uint64_t> parse_byte_size(std::string_view text);

inline constexpr std::uint64_t kDefaultPartSize = 256'000'000;

struct PartitionedRequest {
  ExportRequest selection;  // format: jsonl or csv
  std::vector<PartitionColumn> columns;
  std::uint64_t part_size = kDefaultPartSize;  // a part is closed once it reaches this size
};

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

// The folder name for one part: "hl=en/gl=us", from the key's normalised codes (no escaping
// needed: letters, digits, '-' and '_').
std::string partition_path(const std::vector<PartitionColumn>& columns, const StoredResult& result);

// Writes the partitioned export into `dir`. An existing `dir` is refused, unless `force` and it
// is an earlier partitioned export (it has _SUCCESS) or empty: never a store or another folder.
Result<PartitionedSummary> export_partitioned(StoreReader& store, const PartitionedRequest& request,
                                              const std::filesystem::path& dir, bool force);

}  // namespace paa::exporting
