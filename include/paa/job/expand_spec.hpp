#pragma once
// [expand] of a job file: the questions of each stored tree become queries of the next level
// (issue 14; expansion is not run yet).
#include <cstdint>
#include <string>
#include <vector>

namespace paa {

inline constexpr int kMaxExpandDepth = 10;

struct ExpandSpec {
  int depth = 0;                   // levels below the job's own keys; 0 = off
  bool from_questions = true;      // the PAA questions of each tree, in pre-order
  bool from_related = false;       // then its related searches, in the service's order
  std::uint32_t per_result = 10;   // new queries taken from one result; 0 = all
  std::uint64_t max_keys = 20000;  // discovered keys for the job in all; 0 = no cap
  std::vector<std::string> include;  // fold_text'ed; a query must contain one (if any are given)
  std::vector<std::string> exclude;  // fold_text'ed; a query containing one is dropped
  // A discovered query whose variant group (paa/question/question_profile.hpp) already has a key
  // of the job in its locale is not admitted (docs/expansion.md "Skipping variants").
  bool skip_variants = false;

  bool enabled() const { return depth > 0; }
};

}  // namespace paa
