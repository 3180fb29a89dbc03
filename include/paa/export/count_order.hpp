#pragma once
// The question index's rows, most frequent first, in bounded memory: a SortedRuns (external
// merge sort) of (count, offset, length), the rest of each row parked in a spill file. Ties
// keep the order the rows were added in (the index's fold_text order).
#include "paa/extmem/sorted_runs.hpp"

#include <cstdint>

namespace paa::exporting {

// A row of the index parked elsewhere (a spill file) while the rows are sorted: its count and
// where it is.
struct CountedRow {
  std::uint64_t count = 0;
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
  bool operator==(const CountedRow&) const = default;
};
struct MoreFrequent {
  bool operator()(const CountedRow& a, const CountedRow& b) const { return a.count > b.count; }
};
using CountOrder = extmem::SortedRuns<CountedRow, MoreFrequent>;
inline CountOrder make_count_order() { return CountOrder(CountOrder::kDefaultRunRecords, {}, "paa-export-order"); }

}  // namespace paa::exporting
