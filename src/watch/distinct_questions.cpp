#include "paa/watch/distinct_questions.hpp"

#include "paa/model/query_key.hpp"

#include <unordered_set>

namespace paa::watch {

std::vector<DistinctQuestion> distinct_questions(const std::vector<Question>& roots) {
  std::vector<DistinctQuestion> out;
  std::unordered_set<std::string> seen;
  walk_preorder(roots, [&](const QuestionVisit& v) {
    std::string folded = fold_or_raw(v.node.question);
    if (folded.empty() || !seen.insert(folded).second) return;
    out.push_back({std::move(folded), &v.node});
  });
  return out;
}

}  // namespace paa::watch
