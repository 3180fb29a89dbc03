#pragma once
// A question's words as the language tables spell them: folded, without apostrophes ("what's"
// is "whats", as a table line cannot hold one). Only the few words that have an apostrophe are
// copied; the others are views of the words' own `match`.
#include "paa/text/tokenizer.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace paa::text {

class SpelledWords {
 public:
  explicit SpelledWords(const std::vector<Word>& words);
  SpelledWords(const SpelledWords&) = delete;  // views into its own copies
  SpelledWords& operator=(const SpelledWords&) = delete;

  // One per word, valid while this object and the words live.
  const std::vector<std::string_view>& views() const { return views_; }

 private:
  std::vector<std::string> unquoted_;
  std::vector<std::string_view> views_;
};

}  // namespace paa::text
