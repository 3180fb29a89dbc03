#pragma once
// What one stored result offers to the next level of an expansion, in the order issue 14
// fixes: its tree's questions in pre-order (every depth), then its related searches in the
// service's order; filtered by the job's include / exclude words.
#include "paa/job/expand_spec.hpp"
#include "paa/model/envelope.hpp"
#include "paa/model/lineage.hpp"

#include <string>
#include <vector>

namespace paa {

struct Candidate {
  std::string text;  // as the service wrote it (the request spelling of the discovered query)
  Via via = Via::question;
};

// Candidates of one result. Texts that are blank or not valid queries are still listed (the
// level builder skips what make_query refuses); include/exclude compare case-folded substrings.
std::vector<Candidate> expansion_candidates(const Envelope& result, const ExpandSpec& spec);

// true when `folded` (fold_text of a query) passes the include / exclude words.
bool passes_word_filters(std::string_view folded, const ExpandSpec& spec);

}  // namespace paa
