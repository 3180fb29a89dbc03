#include "paa/export/questions/question_volumes.hpp"

#include "paa/model/query_key.hpp"

#include <functional>
#include <limits>
#include <optional>

namespace paa::exporting {

QuestionId question_id(std::string_view folded) {
  // FNV-1a with a finaliser, and the standard library's (a different family): independent halves.
  return {key_hash(folded), static_cast<std::uint64_t>(std::hash<std::string_view>{}(folded))};
}

Result<void> QuestionVolumes::add_seed(QuestionId question, std::string_view seed, std::uint64_t volume) {
  ++seeds_;
  return entries_.add(Entry{question, 0, {key_hash(seed), volume, 0}});
}

Result<void> QuestionVolumes::add_tree(const std::vector<Question>& roots, const ExportLineage& lineage) {
  if (!lineage.attrs.volume) return {};
  in_tree_.clear();
  std::optional<Error> failure;
  walk_preorder(roots, [&](const QuestionVisit& v) {
    if (failure) return;
    std::string folded = fold_or_raw(v.node.question);
    if (!in_tree_.insert(folded).second) return;  // once per tree
    if (auto added = add_seed(question_id(folded), lineage.attrs_key, *lineage.attrs.volume); !added) {
      failure = added.error();
    }
  });
  if (failure) return *failure;
  return {};
}

Result<void> QuestionVolumes::add_row(QuestionId question, const Handle& handle) {
  return entries_.add(Entry{question, 1, handle});
}

Result<void> QuestionVolumes::for_each_row(
    const std::function<Result<void>(const Handle& handle, std::uint64_t volume)>& visit) {
  bool open = false;
  QuestionId current;
  std::uint64_t sum = 0;
  std::uint64_t last_seed = 0;
  bool any_seed = false;
  return entries_.for_each([&](const Entry& e) -> Result<void> {
    if (!open || e.question != current) {
      open = true;
      current = e.question;
      sum = 0;
      any_seed = false;
    }
    if (e.kind == 1) return visit(e.values, sum);
    // A seed counts once per question, however many of its trees hold it.
    const std::uint64_t seed = e.values[0];
    const std::uint64_t volume = e.values[1];
    if (any_seed && seed == last_seed) return {};
    any_seed = true;
    last_seed = seed;
    sum = volume > std::numeric_limits<std::uint64_t>::max() - sum ? std::numeric_limits<std::uint64_t>::max()
                                                                   : sum + volume;
    return {};
  });
}

}  // namespace paa::exporting
