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
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace paa::text {

// A question's folded words with what every section's index looks up, made once per question
// and asked by all of them (a profile asks some twenty sections: hashing each word for each was
// a third of the topic pass's CPU, perf).
class PreparedWords {
 public:
  explicit PreparedWords(const std::vector<std::string_view>& words);
  const std::vector<std::string_view>& words() const { return words_; }

 private:
  friend class PatternSet;
  const std::vector<std::string_view>& words_;
  std::vector<std::uint64_t> hash_;  // of each word
  std::vector<bool> repeat_;         // the word came earlier in the question
  // One bit per word (of 64, by its hash): a pattern needing a word whose bit is clear cannot
  // match, told with one AND before any search of hash_ (most candidates end there).
  std::uint64_t bits_ = 0;
};

class PatternSet {
 public:
  // `tag`: which of several sections merged into one set the pattern comes from; tags are
  // added in ascending order (a section after the one before it in precedence).
  void add(PhrasePattern pattern, std::uint32_t tag = 0);
  // Whether any pattern matches the question's folded words.
  bool matches(const std::vector<std::string_view>& words) const;
  bool matches(const PreparedWords& words) const;
  // The lowest tag of a pattern that matches, if any: the first section in precedence order
  // that matches, found with one lookup per word instead of one per word and section.
  std::optional<std::uint32_t> first_tag(const PreparedWords& words) const;

  std::size_t size() const { return patterns_.size(); }
  bool empty() const { return patterns_.empty(); }
  const PhrasePattern& operator[](std::size_t i) const { return patterns_[i]; }

 private:
  // By the hash of the first word, or of the first two ("what year"): a collision only adds a
  // candidate, which PhrasePattern::matches then refuses.
  std::vector<PhrasePattern> patterns_;
  std::vector<std::uint32_t> tag_;  // of each pattern, ascending
  // Of each pattern, the hashes of its whole words past the indexed ones: tried first, as a
  // question that lacks one cannot match (most candidates end there, without a match attempt).
  std::vector<std::vector<std::uint64_t>> needs_;
  std::vector<std::uint64_t> need_bits_;  // of each pattern: its needs' bits (PreparedWords::bits_)
  bool may_match(std::size_t pattern, const PreparedWords& words) const;
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> by_first_;
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> by_pair_;
  // The anchored ones (`^what is`, every `[shape]` pattern): looked up at the first word only.
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> opening_first_;
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> opening_pair_;
  std::vector<std::size_t> always_;
};

}  // namespace paa::text
