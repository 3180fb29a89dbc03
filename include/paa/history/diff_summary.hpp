#pragma once
// The value `paa diff` reports (issue 16; issue 44 step 3): each key's comparison, and the
// summary built from them: totals per locale, the most changed keys in detail, the keys found at
// one side only. Pure: the caller reads the store and feeds the keys; the renderers
// (diff_rows.hpp per key, diff_text.hpp for the summary) write what this holds.
//
// Memory: O(detail_limit × changes per key + locales), whatever the number of keys: the details
// are a bounded heap of the most changed keys, the one-side lists stop at detail_limit, and the
// rest are counted.
#include "paa/history/tree_diff.hpp"
#include "paa/model/envelope.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_set>
#include <vector>

namespace paa {

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

enum class KeyDiffStatus : std::uint8_t {
  changed,    // at both sides, with at least one change
  unchanged,  // at both sides, no change
  added,      // only at --to
  removed,    // only at --from
};

// One key, compared. At both sides `trees` is diff_trees' answer (its changes narrowed by
// `only`); at one side it holds that side's distinct question count (questions_before for a
// removed key, questions_after for an added one) and no change.
struct KeyDiff {
  KeyDiffStatus status = KeyDiffStatus::unchanged;
  TreeDiff trees;
  bool both_sides() const { return status == KeyDiffStatus::changed || status == KeyDiffStatus::unchanged; }
};

// Throws std::invalid_argument when both sides are null.
KeyDiff compare_key_trees(const KeyComparison& key);

// What the text report's header shows; csv and jsonl do not use it.
struct DiffHeader {
  std::string from;       // e.g. "run 20261101-020000 (2026-11-01 02:41 UTC)"
  std::string to;         // e.g. "2026-11-23T17:00:00Z"
  std::string selection;  // e.g. "job coffee, hl en"; "" shows as "all keys"
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

struct DiffKeyName {
  std::string q, hl, gl, city;
};

// A changed key as the summary details it.
struct ChangedKey {
  DiffKeyName key;
  double churn = 0;
  std::size_t questions_before = 0;
  std::size_t questions_after = 0;
  std::vector<TreeChange> changes;
  std::uint64_t sequence = 0;  // arrival order, the last tie-break
};

struct DiffSummary {
  DiffHeader header;
  DiffTotals totals;
  std::map<DiffLocale, DiffTotals> locales;
  // At most detail_limit each: the most changed keys, most changed first (churn descending,
  // then more changes, then arrival); the keys at one side only, in arrival order.
  std::vector<ChangedKey> changed;
  std::vector<DiffKeyName> only_from;
  std::vector<DiffKeyName> only_to;
};

class DiffSummaryBuilder {
 public:
  // detail_limit 0 keeps counts only (csv and jsonl need no detail).
  explicit DiffSummaryBuilder(std::size_t detail_limit) : detail_limit_(detail_limit) {}

  // Keys in the order ties are to be shown (store key order); `diff` is compare_key_trees(key).
  void add(const KeyComparison& key, KeyDiff diff);
  // Moves the details out; totals() and locales() still answer after it.
  DiffSummary finish(DiffHeader header) &&;

  const DiffTotals& totals() const { return totals_; }
  const std::map<DiffLocale, DiffTotals>& locales() const { return locales_; }

 private:
  std::size_t detail_limit_;
  DiffTotals totals_;
  std::map<DiffLocale, DiffTotals> locales_;
  std::uint64_t sequence_ = 0;
  std::vector<ChangedKey> changed_;  // a heap whose front is the least changed kept key
  std::vector<DiffKeyName> only_from_;
  std::vector<DiffKeyName> only_to_;
};

}  // namespace paa
