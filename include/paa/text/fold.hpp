#pragma once
// How the topic analysis compares words: full case folding (ß -> ss), then, for matching only,
// without accents (é -> e, ü -> u, ñ -> n: NFD, nonspacing marks removed, NFC). Display keeps
// the question as it was written.
#include <string>
#include <string_view>

namespace paa::text {

// Case folded, accents kept (paa's fold_text: NFC, white space collapsed, full case folding; the
// text itself if it is not UTF-8).
std::string fold_case(std::string_view utf8);
// Case folded and accents removed: what stop words, patterns and stems are compared as.
std::string fold_for_matching(std::string_view utf8);
// fold_for_matching without apostrophes (' and U+2019): how a table spells a contraction
// ("what's" is "whats"), since a pattern's words are split at apostrophes.
std::string spelled_for_matching(std::string_view utf8);
// The same of a word already folded for matching.
std::string without_apostrophes(std::string folded);

}  // namespace paa::text
