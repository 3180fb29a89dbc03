#pragma once
// The read side's analysis pass (docs/exports.md "Memory and speed"): every derived view of the
// questions is computed by its reader from the stored trees, never maintained by the harvest.
//
// One pass: the selected trees are added once (in the export's scan, key order); each distinct
// question of a tree (by fold_text) becomes one (question, occurrence) record; the records are
// sorted externally by question (extmem::KeyedSort, a stated memory budget, scratch files in
// $TMPDIR that vanish with the process, even on SIGKILL); then each question's occurrences are
// handed, in one stream, to every reducer. A new per-question view is one reducer, not a new
// pass over the store.
#include "paa/error.hpp"
#include "paa/extmem/keyed_sort.hpp"
#include "paa/model/envelope.hpp"
#include "paa/model/work_progress.hpp"
#include "paa/store/records.hpp"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace paa::analysis {

// The seed a tree belongs to (the key whose list row gave it attributes: its own, or the one it
// descends from), when that seed has a search volume.
struct TreeSeed {
  std::string_view key;  // "" = none
  std::optional<std::uint64_t> volume;
  // The level-0 key the tree descends from (its own key when it was not discovered by
  // expansion): the seed the topic analysis counts a question's hubs by. "" = the tree's own.
  std::string_view root;
};

// Volumes add up saturating: a sum of search volumes never wraps around.
inline std::uint64_t add_volume(std::uint64_t sum, std::uint64_t volume) {
  return volume > UINT64_MAX - sum ? UINT64_MAX : sum + volume;
}

// One tree that holds a question: the question's first occurrence in that tree (pre-order)
// and the tree itself.
struct Occurrence {
  std::string_view question;  // as spelled in this tree
  std::string_view answer;    // "" = none
  std::string_view url;
  std::string_view title;
  std::string_view q, hl, gl, city;  // the tree's search, as first spelled
  // The tree's place in "first fetched" order: since when it has held this answer (its
  // unchanged-since time, the first fetch of a key never refreshed to another answer), then
  // the order the pass was fed (export order: key order).
  std::int64_t since_ms = 0;
  std::uint64_t tree = 0;
  std::uint64_t seed = 0;  // key_hash of TreeSeed::key; 0 = no seed with a volume
  std::optional<std::uint64_t> volume;
  std::uint64_t root = 0;  // key_hash of TreeSeed::root, or of the tree's own key
  // Where the question stands in its tree: its place among the tree's distinct questions in
  // pre-order, from 0, and its parent's (kNoParent at the top level). A repeated question's
  // children count as its first occurrence's.
  static constexpr std::uint32_t kNoParent = 0xffffffff;
  std::uint32_t position = 0;
  std::uint32_t parent = kNoParent;
  // The caller's mark on this (tree, question) (add_tree's `marked`): e.g. new since a run.
  bool marked = false;
  bool fetched_before(const Occurrence& other) const {
    return since_ms != other.since_ms ? since_ms < other.since_ms : tree < other.tree;
  }
};

// A view computed from the pass. For each question (fold_text byte order): begin, its
// occurrences (one per tree that holds it; grouped by seed, then earliest first), end.
// `index` is the question's place in that order, from 0: the same in every reducer of a pass,
// so their per-question views can be joined by it (UniqueQuestion::index).
class QuestionReducer {
 public:
  virtual ~QuestionReducer() = default;
  virtual Result<void> begin_question(std::string_view folded, std::uint64_t index) = 0;
  virtual Result<void> occurrence(const Occurrence& occurrence) = 0;
  virtual Result<void> end_question() = 0;
  // After the last question: what the reducer holds for later may go to disk now, before the
  // work after the pass (the topics' clustering) takes the memory.
  virtual Result<void> end_pass() { return {}; }
};

// What a pass did (for the docs' figures and --verbose summaries).
struct PassStats {
  std::uint64_t trees = 0;
  std::uint64_t occurrences = 0;  // (question, tree) records sorted
  std::size_t runs = 0;           // sorted runs written to the scratch file (0 = all in memory)
  std::uint64_t disk_bytes = 0;   // the scratch file's size (it only grows)
};

class QuestionPass {
 public:
  // The sort's memory: records are gathered up to this many bytes before a run goes to disk.
  static constexpr std::size_t kDefaultMemory = extmem::KeyedSort::kDefaultRunBytes;
  explicit QuestionPass(std::size_t memory = kDefaultMemory);

  // Each distinct question of `tree` (texts that fold to nothing are no question and skipped).
  // Fails only when the sort cannot write a run (disk full, TMPDIR unwritable).
  // `marked`: the questions (fold_text) of this tree whose occurrences carry Occurrence::marked.
  Result<void> add_tree(const StoredResult& tree, const std::vector<Question>& roots, const TreeSeed& seed = {},
                        const std::unordered_set<std::string>* marked = nullptr);

  // Sorts and streams every question to each reducer in turn. Call once, after the adds.
  // `progress` (may be null) counts the records streamed.
  Result<void> run(std::span<QuestionReducer* const> reducers, WorkProgress* progress = nullptr);
  Result<void> run(std::initializer_list<QuestionReducer*> reducers) {
    return run(std::span<QuestionReducer* const>(reducers.begin(), reducers.size()));
  }

  PassStats stats() const;

 private:
  extmem::KeyedSort sort_;
  std::uint64_t trees_ = 0;
  std::unordered_map<std::string, std::uint32_t> in_tree_;   // folded question -> position
  std::unordered_map<const Question*, std::uint32_t> node_at_;  // node -> its question's position
  std::string fixed_;  // the record's numbers, reused
};

}  // namespace paa::analysis
