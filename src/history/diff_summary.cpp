#include "paa/history/diff_summary.hpp"

#include "paa/model/query_key.hpp"
#include "paa/model/top_k.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace paa {
namespace {

// Whether a is shown before b: churn descending, then more changes, then arrival order.
bool ranks_before(const ChangedKey& a, const ChangedKey& b) {
  if (a.churn != b.churn) return a.churn > b.churn;
  if (a.changes.size() != b.changes.size()) return a.changes.size() > b.changes.size();
  return a.sequence < b.sequence;
}

void count(DiffTotals& t, const TreeDiff& d) {
  ++t.keys_compared;
  if (d.changed()) ++t.keys_changed;
  t.churn_sum += d.churn;
  for (const auto& c : d.changes) {
    switch (c.kind) {
      case TreeChangeKind::added: ++t.added; break;
      case TreeChangeKind::removed: ++t.removed; break;
      case TreeChangeKind::moved: ++t.moved; break;
      case TreeChangeKind::source_changed: ++t.source_changed; break;
      case TreeChangeKind::related_added: ++t.related_added; break;
      case TreeChangeKind::related_removed: ++t.related_removed; break;
    }
  }
}

// The distinct questions of a tree, counted as diff_trees counts them.
std::size_t distinct_questions(const SearchResult& result) {
  static const SearchResult kEmpty;
  return diff_trees(kEmpty, result).questions_after;
}

}  // namespace

std::optional<double> DiffTotals::mean_churn() const {
  if (keys_compared == 0) return std::nullopt;
  return churn_sum / static_cast<double>(keys_compared);
}

KeyDiff compare_key_trees(const KeyComparison& key) {
  if (key.before == nullptr && key.after == nullptr) {
    throw std::invalid_argument("compare_key_trees: a key with no version at either side");
  }
  KeyDiff out;
  if (key.before == nullptr) {
    out.status = KeyDiffStatus::added;
    out.trees.questions_after = distinct_questions(*key.after);
    return out;
  }
  if (key.after == nullptr) {
    out.status = KeyDiffStatus::removed;
    out.trees.questions_before = distinct_questions(*key.before);
    return out;
  }
  out.trees = diff_trees(*key.before, *key.after);
  if (key.only != nullptr) {
    std::erase_if(out.trees.changes, [&](const TreeChange& c) {
      return c.kind == TreeChangeKind::related_added || c.kind == TreeChangeKind::related_removed ||
             !key.only->contains(fold_or_raw(c.question));
    });
  }
  out.status = out.trees.changed() ? KeyDiffStatus::changed : KeyDiffStatus::unchanged;
  return out;
}

void DiffSummaryBuilder::add(const KeyComparison& key, KeyDiff diff) {
  const std::uint64_t sequence = sequence_++;
  DiffTotals& locale = locales_[DiffLocale{key.hl, key.gl, key.city}];
  switch (diff.status) {
    case KeyDiffStatus::added:
      ++totals_.keys_only_to;
      ++locale.keys_only_to;
      if (only_to_.size() < detail_limit_) only_to_.push_back(DiffKeyName{key.q, key.hl, key.gl, key.city});
      return;
    case KeyDiffStatus::removed:
      ++totals_.keys_only_from;
      ++locale.keys_only_from;
      if (only_from_.size() < detail_limit_) only_from_.push_back(DiffKeyName{key.q, key.hl, key.gl, key.city});
      return;
    case KeyDiffStatus::changed:
    case KeyDiffStatus::unchanged: break;
  }
  count(totals_, diff.trees);
  count(locale, diff.trees);
  if (!diff.trees.changed() || detail_limit_ == 0) return;
  // Keep the detail_limit best: the heap's front is the one shown last, evicted first.
  keep_top_k(changed_, detail_limit_,
             ChangedKey{DiffKeyName{key.q, key.hl, key.gl, key.city}, diff.trees.churn, diff.trees.questions_before,
                        diff.trees.questions_after, std::move(diff.trees.changes), sequence},
             ranks_before);
}

DiffSummary DiffSummaryBuilder::finish(DiffHeader header) && {
  std::sort_heap(changed_.begin(), changed_.end(), ranks_before);  // ascending by ranks_before: most changed first
  // The counts are copied (one set per locale), so totals() and locales() still answer.
  return DiffSummary{std::move(header), totals_, locales_, std::move(changed_), std::move(only_from_),
                     std::move(only_to_)};
}

}  // namespace paa
