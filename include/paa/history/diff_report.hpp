#pragma once
// The report of `paa diff` (issue 16): fed one key at a time (its answer at --from and at --to),
// it writes text, csv or jsonl to a BufferedOutput (standard output or an -o file, as export
// does). Pure: the caller reads the store; docs/history.md describes the output.
//
// Memory: csv and jsonl stream; only the summary counters are kept (one set per locale).
// text must sort the changed keys, so it keeps the `detail_limit` most changed ones (their key
// and their changes, nothing else) in a bounded heap, plus up to `detail_limit` keys of each
// "only at one side" list; the rest are counted. So memory is O(detail_limit × changes per key +
// locales), whatever the number of keys.
#include "paa/error.hpp"
#include "paa/output/buffered_output.hpp"
#include "paa/output/text.hpp"
#include "paa/history/tree_diff.hpp"
#include "paa/model/envelope.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_set>
#include <vector>

namespace paa {

enum class DiffFormat : std::uint8_t { text, csv, jsonl };

std::optional<DiffFormat> parse_diff_format(std::string_view name);  // "text", "csv", "jsonl"
std::string_view diff_format_name(DiffFormat format);

inline constexpr std::string_view kDiffCsvHeader = "q,hl,gl,city,change,question,old,new";

// One key of the selection. The key is spelled as the exports spell it (city "" = none).
// A null side means the key has no version current at that time; both null is a caller bug.
struct KeyComparison {
  std::string q;
  std::string hl;
  std::string gl;
  std::string city;
  const SearchResult* before = nullptr;  // the version current at --from
  const SearchResult* after = nullptr;   // the version current at --to
  // --domain: when set, only the changes to these questions (fold_or_raw) are reported and
  // counted, and no related-search changes (docs/watch.md "Your domains").
  const std::unordered_set<std::string>* only = nullptr;
};

// What the text report's header shows; csv and jsonl do not use it.
struct DiffHeader {
  std::string from;       // e.g. "run 20261101-020000 (2026-11-01 02:41 UTC)"
  std::string to;         // e.g. "2026-11-23T17:00:00Z"
  std::string selection;  // e.g. "job coffee, hl en"; "" shows as "all keys"
};

struct DiffOptions {
  DiffFormat format = DiffFormat::text;
  // text: changed keys shown in detail (the most changed), and keys listed per "only at one
  // side" list; the others are counted in one line each.
  std::size_t detail_limit = 1000;
  // csv: text cells as they are (--raw); by default formula-like ones are guarded.
  bool raw = false;
};

// Counters for the whole selection or one locale. Question and related counts are over keys
// present at both sides (a key only at one side counts only as such).
struct DiffTotals {
  std::uint64_t keys_compared = 0;  // present at both sides
  std::uint64_t keys_changed = 0;   // of those, with at least one change
  std::uint64_t keys_only_from = 0;
  std::uint64_t keys_only_to = 0;
  std::uint64_t added = 0;
  std::uint64_t removed = 0;
  std::uint64_t moved = 0;
  std::uint64_t source_changed = 0;
  std::uint64_t related_added = 0;
  std::uint64_t related_removed = 0;
  double churn_sum = 0;
  // Over keys compared; nullopt when there are none.
  std::optional<double> mean_churn() const;
};

// A locale as the summary groups keys: hl, gl and city ("" = none).
using DiffLocale = std::tuple<std::string, std::string, std::string>;

class DiffReport {
 public:
  // csv writes its header row here. `out` must outlive the report.
  DiffReport(DiffOptions options, DiffHeader header, BufferedOutput& out);
  ~DiffReport();
  DiffReport(const DiffReport&) = delete;
  DiffReport& operator=(const DiffReport&) = delete;

  // Keys in the order the caller wants ties shown (store key order). Output errors are sticky
  // in `out`: check out.failed() between keys to stop early. Throws std::invalid_argument when
  // both sides are null.
  void add(const KeyComparison& key);
  // text writes the whole report here. Flushes `out`; returns its first error.
  Result<void> finish();

  const DiffTotals& totals() const { return totals_; }
  const std::map<DiffLocale, DiffTotals>& locales() const { return locales_; }

 private:
  struct Detail;
  struct OneSide;
  void write_csv(const KeyComparison& key, const TreeDiff* diff);
  void write_jsonl(const KeyComparison& key, const TreeDiff* diff);
  void write_text();

  DiffOptions options_;
  DiffHeader header_;
  BufferedOutput& out_;
  DiffTotals totals_;
  std::map<DiffLocale, DiffTotals> locales_;
  std::uint64_t sequence_ = 0;  // arrival order, the last tie-break
  std::vector<Detail> changed_;  // text: a heap whose front is the least changed kept key
  std::vector<OneSide> only_from_;
  std::vector<OneSide> only_to_;
};

}  // namespace paa
