#include "paa/text/pattern_set.hpp"

namespace paa::text {

void PatternSet::add(PhrasePattern pattern) {
  const std::size_t i = patterns_.size();
  const std::string_view first = pattern.first_word(), second = pattern.second_word();
  if (first.empty()) {
    always_.push_back(i);
  } else if (second.empty()) {
    by_first_[std::string(first)].push_back(i);
  } else {
    by_pair_[std::string(first) + " " + std::string(second)].push_back(i);
  }
  patterns_.push_back(std::move(pattern));
}

bool PatternSet::matches(const std::vector<std::string_view>& words) const {
  for (std::size_t i : always_) {
    if (patterns_[i].matches(words)) return true;
  }
  if (by_first_.empty() && by_pair_.empty()) return false;
  std::string pair;
  for (std::size_t w = 0; w < words.size(); ++w) {
    bool seen = false;  // a word the question repeats was tried already
    for (std::size_t v = 0; v < w && !seen; ++v) seen = words[v] == words[w];
    if (seen) continue;
    if (auto it = by_first_.find(words[w]); it != by_first_.end()) {
      for (std::size_t i : it->second) {
        if (patterns_[i].matches(words)) return true;
      }
    }
    if (by_pair_.empty()) continue;
    // Each pair the word starts (a repeated word starts other pairs too).
    for (std::size_t v = w; v + 1 < words.size(); ++v) {
      if (words[v] != words[w]) continue;
      pair.assign(words[v]).append(" ").append(words[v + 1]);
      if (auto it = by_pair_.find(pair); it != by_pair_.end()) {
        for (std::size_t i : it->second) {
          if (patterns_[i].matches(words)) return true;
        }
      }
    }
  }
  return false;
}

}  // namespace paa::text
