#pragma once
// A tree's distinct questions as every history view counts them (as `paa diff` does): by
// normalised text (fold_or_raw), each at its first place in pre-order; texts that normalise to
// nothing are no question. Pure.
#include "paa/model/envelope.hpp"

#include <string>
#include <utility>
#include <vector>

namespace paa::watch {

struct DistinctQuestion {
  std::string folded;
  const Question* node = nullptr;  // its first node in pre-order (valid while the tree lives)
};

std::vector<DistinctQuestion> distinct_questions(const std::vector<Question>& roots);

}  // namespace paa::watch
