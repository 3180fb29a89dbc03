#pragma once
// Two answers for one key, compared (issue 16, `paa diff`): which questions were added or
// removed, which moved (depth, position among siblings, or parent), whose answer source (url or title)
// changed, which related searches came or went, and the churn. Pure: no store, no I/O.
//
// Questions are compared as normalised text (fold_or_raw, like the question index), so "Why?"
// and "WHY ?" are one question. A question that appears more than once in a tree counts once,
// at its first place in pre-order (depth first), as the question index and --dedupe do.
#include "paa/model/envelope.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace paa {

enum class TreeChangeKind : std::uint8_t {
  added,
  removed,
  moved,
  source_changed,
  related_added,
  related_removed,
};

std::string_view tree_change_name(TreeChangeKind kind);  // "added", "source_changed", ...

struct TreeChange {
  TreeChangeKind kind = TreeChangeKind::added;
  std::string question;   // display text (the newer answer's spelling when it has it)
  // moved: "depth 2, position 1, under \"Parent?\"" (no "under" at depth 1);
  // source_changed: "url | title"; "" otherwise.
  std::string old_value;
  std::string new_value;
  friend bool operator==(const TreeChange&, const TreeChange&) = default;
};

struct TreeDiff {
  // In this order: removed (older tree's pre-order), added, moved and source_changed (newer
  // tree's pre-order), then related removed and added (the service's order).
  std::vector<TreeChange> changes;
  std::size_t questions_before = 0;  // distinct questions
  std::size_t questions_after = 0;
  double churn = 0;  // 1 - |before ∩ after| / |before ∪ after| over distinct questions; 0 when both are empty
  bool changed() const { return !changes.empty(); }
};

TreeDiff diff_trees(const SearchResult& before, const SearchResult& after);

}  // namespace paa
