#pragma once
// The store's question index as the exports read it (`questions` and xlsx's "Unique questions"
// without --job/--hl/--gl): each entry still held by a tree, with the spelling of the key it
// was first seen in, and most frequent first in bounded memory.
#include "paa/error.hpp"
#include "paa/export/questions/question_tally.hpp"
#include "paa/extmem/sorted_runs.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <functional>

namespace paa::exporting {

// A row of the index parked elsewhere (a spill file) while the rows are sorted: its count and
// where it is.
struct CountedRow {
  std::uint64_t count = 0;
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
  std::uint64_t volume = 0;  // with volumes (questions_csv.hpp)
  bool operator==(const CountedRow&) const = default;
};
// Rows are parked in the index's (fold_text) order, so offsets rise in it: among equal counts
// the lower offset first keeps that order, whatever order the rows were sorted in.
struct MoreFrequent {
  bool operator()(const CountedRow& a, const CountedRow& b) const {
    if (a.count != b.count) return a.count > b.count;
    return a.offset < b.offset;
  }
};
// Most frequent first; ties in the index's (fold_text) order.
using CountOrder = extmem::SortedRuns<CountedRow, MoreFrequent>;
inline CountOrder make_count_order() { return CountOrder(CountOrder::kDefaultRunRecords, {}, "paa-export-order"); }

// Every entry of the index with a count, in index (fold_text) order, with where it was first
// seen.
Result<void> scan_indexed_questions(StoreReader& store,
                                    const std::function<Result<void>(const QuestionEntry&, const FirstSeen&)>& visit);

// The index's rows, most frequent first (ties in fold_text order): each entry is parked in a
// RecordSpill and its (count, offset) in a CountOrder until the merge.
Result<void> for_each_indexed_question(StoreReader& store, const std::function<Result<void>(const QuestionRow&)>& visit);

}  // namespace paa::exporting
