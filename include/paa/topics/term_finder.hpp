#pragma once
// Multi-word terms found from a store's own questions (issue 45 step 3): "blood pressure",
// "side effects", "type 2 diabetes", "birth control" are one unit each for topic edges and
// labels. A term is 2 or 3 adjacent words that appear together in at least `min_count`
// questions and far more often than their parts would by chance: the normalised pointwise
// mutual information of its parts, over the questions (each counts a word or term once), is at
// least `min_association` (for 3 words, at both places it could be cut). A term begins and ends
// with a content word: not a stop word, not a function word of the language's `[words
// function]` (take, make, long, often, ...), not a number; a number may stand inside ("type 2
// diabetes"). A 2-word term found mostly (90 %) inside a 3-word one is that one.
//
// One language at a time. Memory: three Space-Saving counters of `capacity` keys each
// (model/heavy_hitters.hpp), whatever the number of questions. Counts are taken at their
// guaranteed lower bound, so a rare n-gram never passes for a term; an n-gram is sure to be
// kept when its questions are more than 1/capacity of all the n-grams counted (of its length),
// so a very large store may miss its rarer terms, never invent one.
#include "paa/model/heavy_hitters.hpp"
#include "paa/text/language.hpp"
#include "paa/text/tokenizer.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace paa::topics {

struct TermOptions {
  std::uint64_t min_count = 5;
  double min_association = 0.4;
  std::size_t capacity = std::size_t{1} << 18;
};

struct Term {
  std::string text;  // the words (folded), one space apart
  std::size_t words = 0;
  std::uint64_t count = 0;  // questions that hold it (at least)
  double association = 0;   // -1..1
};

class TermFinder {
 public:
  // `tables` may be null (a language paa has no tables for: no stop or function words).
  explicit TermFinder(const text::LanguageTables* tables, TermOptions options = {});

  // One question's words, in order (text::Tokenizer).
  void add_question(const std::vector<text::Word>& words);
  // The terms, most frequent first (ties by text).
  std::vector<Term> terms() const;

 private:
  enum class Role { content, number, other };
  Role role(const text::Word& w) const;

  const text::LanguageTables* tables_;
  TermOptions options_;
  std::uint64_t questions_ = 0;
  HeavyHitters<std::string> unigrams_, bigrams_, trigrams_;
};

}  // namespace paa::topics
