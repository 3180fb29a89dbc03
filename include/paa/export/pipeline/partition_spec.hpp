#pragma once
// `--partition-by` and `--part-size` as given on the command line, and the folder a stored
// result's rows go to (partitioned_export.hpp).
#include "paa/error.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace paa::exporting {

enum class PartitionColumn { hl, gl };

std::string_view partition_column_name(PartitionColumn column);  // "hl", "gl"

// "hl,gl" -> {hl, gl}; each of hl and gl at most once, in the order given.
Result<std::vector<PartitionColumn>> parse_partition_columns(std::string_view text);

// "256MB", "1GiB", "500k", "1048576": bytes. K/M/G are powers of 1000, KiB/MiB/GiB of 1024
// (case-insensitive; the B is optional). At least 1 KB.
Result<std::uint64_t> parse_byte_size(std::string_view text);

inline constexpr std::uint64_t kDefaultPartSize = 256'000'000;

// The folder name for one part: "hl=en/gl=us", from the key's normalised codes (no escaping
// needed: letters, digits, '-' and '_').
std::string partition_path(const std::vector<PartitionColumn>& columns, const StoredResult& result);

}  // namespace paa::exporting
