#include "paa/expand/candidates.hpp"

#include "paa/model/query_key.hpp"

namespace paa {

bool passes_word_filters(std::string_view folded, const ExpandSpec& spec) {
  for (const auto& word : spec.exclude) {
    if (folded.find(word) != std::string_view::npos) return false;
  }
  if (spec.include.empty()) return true;
  for (const auto& word : spec.include) {
    if (folded.find(word) != std::string_view::npos) return true;
  }
  return false;
}

std::vector<Candidate> expansion_candidates(const Envelope& result, const ExpandSpec& spec) {
  std::vector<Candidate> out;
  auto offer = [&](const std::string& text, Via via) {
    if (!spec.include.empty() || !spec.exclude.empty()) {
      auto folded = fold_text(text);
      if (!folded || !passes_word_filters(*folded, spec)) return;
    }
    out.push_back({text, via});
  };
  if (spec.from_questions) {
    walk_preorder(result.result.children, [&](const QuestionVisit& v) { offer(v.node.question, Via::question); });
  }
  if (spec.from_related) {
    for (const auto& related : result.result.related) offer(related, Via::related);
  }
  return out;
}

}  // namespace paa
