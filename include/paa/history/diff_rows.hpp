#pragma once
// `paa diff`'s per-key renderers: csv (one row per change, kDiffCsvHeader) and jsonl (one object
// per key, unchanged keys included). Each writes one KeyDiff as it arrives, so these formats
// stream whatever the number of keys. docs/history.md describes the columns and members.
#include "paa/history/diff_summary.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/text.hpp"

#include <string_view>

namespace paa {

inline constexpr std::string_view kDiffCsvHeader = "q,hl,gl,city,change,question,old,new";

// No row for an unchanged key; one key_added or key_removed row for a key at one side.
void append_diff_csv_rows(BufferedOutput& out, CsvText text, const KeyComparison& key, const KeyDiff& diff);

void append_diff_jsonl_row(BufferedOutput& out, const KeyComparison& key, const KeyDiff& diff);

}  // namespace paa
