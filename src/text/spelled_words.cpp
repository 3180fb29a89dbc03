#include "paa/text/spelled_words.hpp"

#include "paa/text/fold.hpp"

namespace paa::text {

namespace {

// Whether without_apostrophes changes the word ("can't", "can’t").
bool has_apostrophe(const std::string& word) { return word.find_first_of("'\xE2") != std::string::npos; }

}  // namespace

SpelledWords::SpelledWords(const std::vector<Word>& words) {
  for (const auto& w : words) {
    if (has_apostrophe(w.match)) unquoted_.push_back(without_apostrophes(w.match));
  }
  views_.reserve(words.size());
  for (std::size_t k = 0; const auto& w : words) {
    views_.push_back(has_apostrophe(w.match) ? std::string_view(unquoted_[k++]) : std::string_view(w.match));
  }
}

}  // namespace paa::text
