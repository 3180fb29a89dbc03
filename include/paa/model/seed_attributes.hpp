#pragma once
// A seed's attributes (docs/jobs.md "Keyword-tool files"): the other columns of its row in a
// query list (search volume, difficulty, CPC, ...), carried with every key the row becomes and
// shown by the exports. Plain values: the job reads them, the store keeps them with the job's
// progress on the key, the exports show them.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace paa {

struct SeedAttributes {
  // (column name, value as written), in the file's column order; the search-volume column is
  // named "volume", its value the plain number when it reads as one ("1,300" -> "1300").
  // Empty values are not kept.
  std::vector<std::pair<std::string, std::string>> fields;
  // The search-volume column's value when it reads as a whole number ("1,300" -> 1300); a
  // range ("1K – 10K") or any other text gives none.
  std::optional<std::uint64_t> volume;

  bool empty() const { return fields.empty() && !volume; }
  friend bool operator==(const SeedAttributes&, const SeedAttributes&) = default;
};

}  // namespace paa
