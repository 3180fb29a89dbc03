#pragma once
// The question index of a selection of trees, counted in memory: one entry per unique question
// (keyed by fold_text), count = trees containing it (once per tree), texts from its first
// occurrence. Shared by the `questions` CSV and the xlsx "Unique questions" sheet when
// --job/--hl/--gl narrow the export (without them the store's own index is read instead).
#include "paa/export/questions/question_volumes.hpp"
#include "paa/model/envelope.hpp"
#include "paa/store/store.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace paa::exporting {

// Where a question was first seen, in the tree's first-seen spelling.
struct FirstSeen {
  std::string q;
  std::string hl;
  std::string gl;
  std::string city;
};

// One row of the `questions` export.
struct QuestionRow {
  std::string_view question;
  std::string_view answer;  // "" when none
  std::string_view url;
  std::string_view title;
  std::uint64_t count = 0;
  const FirstSeen* first = nullptr;
  std::uint64_t volume = 0;  // with volumes: the question's (QuestionVolumes)
};

class QuestionTally {
 public:
  // Counts the questions of one tree; `tree` names it as the first occurrence of new ones.
  void add_tree(const StoredResult& tree, const std::vector<Question>& roots);
  // Gives each question its volume from `volumes` (whose trees were added there).
  Result<void> assign_volumes(QuestionVolumes& volumes);
  // Most frequent first; ties in fold_text (byte) order.
  void for_each_sorted(const std::function<void(const QuestionRow&)>& visit) const;

 private:
  struct Entry {
    std::string question, answer, url, title;
    std::uint64_t count = 0;
    std::uint32_t first_tree = 0;
    std::uint64_t volume = 0;
  };
  std::unordered_map<std::string, Entry> entries_;
  std::vector<FirstSeen> trees_;  // only trees that were first to show some question
  std::unordered_set<std::string> in_tree_;
};

}  // namespace paa::exporting
