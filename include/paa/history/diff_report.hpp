#pragma once
// The report of `paa diff` (issue 16): fed one key at a time (its answer at --from and at --to),
// it writes text, csv or jsonl to a BufferedOutput (standard output or an -o file, as export
// does). Pure: the caller reads the store; docs/history.md describes the output.
//
// It composes the report's value and its renderers: each key is compared once
// (compare_key_trees), written at once by its row renderer for csv and jsonl (diff_rows.hpp),
// and counted into the summary (DiffSummaryBuilder), which text renders at the end
// (diff_text.hpp). Memory is the summary's: O(detail_limit × changes per key + locales).
#include "paa/error.hpp"
#include "paa/history/diff_rows.hpp"
#include "paa/history/diff_summary.hpp"
#include "paa/output/buffered_output.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string_view>

namespace paa {

enum class DiffFormat : std::uint8_t { text, csv, jsonl };

std::optional<DiffFormat> parse_diff_format(std::string_view name);  // "text", "csv", "jsonl"
std::string_view diff_format_name(DiffFormat format);

struct DiffOptions {
  DiffFormat format = DiffFormat::text;
  // text: changed keys shown in detail (the most changed), and keys listed per "only at one
  // side" list; the others are counted in one line each.
  std::size_t detail_limit = 1000;
  // csv: text cells as they are (--raw); by default formula-like ones are guarded.
  bool raw = false;
};

class DiffReport {
 public:
  // csv writes its header row here. `out` must outlive the report.
  DiffReport(DiffOptions options, DiffHeader header, BufferedOutput& out);

  // Keys in the order the caller wants ties shown (store key order). Output errors are sticky
  // in `out`: check out.failed() between keys to stop early. Throws std::invalid_argument when
  // both sides are null.
  void add(const KeyComparison& key);
  // text writes the whole report here. Flushes `out`; returns its first error.
  Result<void> finish();

  const DiffTotals& totals() const { return summary_.totals(); }
  const std::map<DiffLocale, DiffTotals>& locales() const { return summary_.locales(); }

 private:
  DiffOptions options_;
  DiffHeader header_;
  BufferedOutput& out_;
  DiffSummaryBuilder summary_;
};

}  // namespace paa
