#pragma once
// The phrase patterns of one section of a language's tables (`[type how]`), indexed by the word
// each must start with, so a question is tried only against the patterns one of its words can
// start (every pattern at every word of ~2 million questions was most of the topic pass's
// CPU, perf); the patterns that start otherwise (`_`, `word*`) are always tried. A pattern that
// starts with two words is indexed by both: a `[shape]` section's `^what @time` is one pattern
// per word of the list, all starting "what", and trying each of them on every question that
// starts "what" was again most of the pass's CPU.
#include "paa/text/phrase_pattern.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace paa::text {

class PatternSet {
 public:
  void add(PhrasePattern pattern);
  // Whether any pattern matches the question's folded words.
  bool matches(const std::vector<std::string_view>& words) const;

  std::size_t size() const { return patterns_.size(); }
  bool empty() const { return patterns_.empty(); }
  const PhrasePattern& operator[](std::size_t i) const { return patterns_[i]; }

 private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::vector<PhrasePattern> patterns_;
  std::unordered_map<std::string, std::vector<std::size_t>, Hash, std::equal_to<>> by_first_;
  std::unordered_map<std::string, std::vector<std::size_t>, Hash, std::equal_to<>> by_pair_;  // "what year"
  std::vector<std::size_t> always_;
};

}  // namespace paa::text
