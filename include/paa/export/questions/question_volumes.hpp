#pragma once
// The `volume` of the questions export (docs/exports.md "questions"): for each question, the
// summed search volume of the distinct seeds whose trees hold it, in bounded memory. Both sides
// go into one external sort by question: (question, seed, volume) from the trees, and the rows
// waiting for their volume; one pass then sums each question's distinct seeds and hands each row
// its question's sum.
#include "paa/error.hpp"
#include "paa/export/lineage_lookup.hpp"
#include "paa/extmem/sorted_runs.hpp"
#include "paa/model/envelope.hpp"

#include <array>
#include <compare>
#include <cstdint>
#include <functional>
#include <string_view>
#include <unordered_set>
#include <string>
#include <vector>

namespace paa::exporting {

// A question by its case-folded text, as 128 bits (two independent 64-bit hashes): a collision
// among even a billion questions is out of reach.
struct QuestionId {
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  auto operator<=>(const QuestionId&) const = default;
};
QuestionId question_id(std::string_view folded);

class QuestionVolumes {
 public:
  // A tree carrying the attributes of `seed` (its encoded key), whose volume is `volume`, holds
  // the question.
  Result<void> add_seed(QuestionId question, std::string_view seed, std::uint64_t volume);
  // Every unique question of a tree, when its lineage carries a volume (else nothing).
  Result<void> add_tree(const std::vector<Question>& roots, const ExportLineage& lineage);
  // A row that wants its question's volume; `handle` is the caller's (an index; a row's count,
  // offset and length).
  using Handle = std::array<std::uint64_t, 3>;
  Result<void> add_row(QuestionId question, const Handle& handle);
  // Each row with its question's volume: the sum over the question's distinct seeds (0 when
  // none has a volume; saturating at 2^64 - 1). Call once, after the adds.
  Result<void> for_each_row(const std::function<Result<void>(const Handle& handle, std::uint64_t volume)>& visit);

  // Whether any tree had a volume.
  bool any() const { return seeds_ > 0; }

 private:
  struct Entry {
    QuestionId question;
    std::uint8_t kind = 0;  // 0: a seed of the question, 1: a row (after its seeds)
    // A seed: key_hash of its encoded key, its volume. A row: its handle.
    Handle values{};
  };
  struct Before {
    bool operator()(const Entry& x, const Entry& y) const {
      if (x.question != y.question) return x.question < y.question;
      if (x.kind != y.kind) return x.kind < y.kind;
      return x.values[0] < y.values[0];
    }
  };
  extmem::SortedRuns<Entry, Before> entries_{extmem::SortedRuns<Entry, Before>::kDefaultRunRecords, {},
                                             "paa-export-volumes"};
  std::uint64_t seeds_ = 0;
  std::unordered_set<std::string> in_tree_;
};

}  // namespace paa::exporting
