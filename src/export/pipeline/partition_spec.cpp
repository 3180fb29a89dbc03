#include "paa/export/pipeline/partition_spec.hpp"

#include "paa/model/ascii.hpp"
#include "paa/model/query_key.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <map>
#include <string>

namespace paa::exporting {

std::string_view partition_column_name(PartitionColumn c) { return c == PartitionColumn::hl ? "hl" : "gl"; }

Result<std::vector<PartitionColumn>> parse_partition_columns(std::string_view text) {
  std::vector<PartitionColumn> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = std::min(text.find(',', start), text.size());
    const std::string name = lower_ascii(trim_ascii(text.substr(start, comma - start)));
    PartitionColumn column;
    if (name == "hl") {
      column = PartitionColumn::hl;
    } else if (name == "gl") {
      column = PartitionColumn::gl;
    } else {
      return make_error(errc::invalid_input, "--partition-by: '" + name +
                                                 "' is not a partition column; use hl, gl or hl,gl");
    }
    if (std::find(out.begin(), out.end(), column) != out.end()) {
      return make_error(errc::invalid_input, "--partition-by: '" + name + "' is given twice");
    }
    out.push_back(column);
    start = comma + 1;
  }
  return out;
}

Result<std::uint64_t> parse_byte_size(std::string_view text) {
  const std::string s = lower_ascii(trim_ascii(text));
  std::uint64_t number = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), number);
  auto bad = [&] {
    return make_error(errc::invalid_input, "--part-size: '" + std::string(text) +
                                               "' is not a size; write it like 256MB, 1GiB or 500000");
  };
  if (ec != std::errc() || end == s.data()) return bad();
  std::string unit(trim_ascii(std::string_view(end, static_cast<std::size_t>(s.data() + s.size() - end))));
  if (!unit.empty() && unit.back() == 'b') unit.pop_back();
  static const std::map<std::string, std::uint64_t> kUnits{
      {"", 1},          {"k", 1000},        {"m", 1000'000},     {"g", 1000'000'000},
      {"ki", 1ull << 10}, {"mi", 1ull << 20}, {"gi", 1ull << 30}};
  auto it = kUnits.find(unit);
  if (it == kUnits.end()) return bad();
  if (number > UINT64_MAX / it->second) return bad();
  const std::uint64_t bytes = number * it->second;
  if (bytes < 1000) {
    return make_error(errc::invalid_input, "--part-size: " + std::string(text) +
                                               " is too small; give at least 1KB");
  }
  return bytes;
}

std::string partition_path(const std::vector<PartitionColumn>& columns, const StoredResult& result) {
  // The key's normalised codes, not the first-seen spelling: `EN` and `en` are one partition.
  auto key = decode_key(result.key);
  std::string path;
  for (auto c : columns) {
    if (!path.empty()) path += '/';
    const std::string& value = c == PartitionColumn::hl ? (key ? key->hl : result.hl) : (key ? key->gl : result.gl);
    path += std::string(partition_column_name(c)) + "=" + value;
  }
  return path;
}

}  // namespace paa::exporting
