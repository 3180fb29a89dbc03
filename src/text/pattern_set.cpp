#include "paa/text/pattern_set.hpp"

namespace paa::text {

void PatternSet::add(PhrasePattern pattern) {
  const std::size_t i = patterns_.size();
  const std::string_view first = pattern.first_word();
  if (first.empty()) {
    always_.push_back(i);
  } else {
    by_first_[std::string(first)].push_back(i);
  }
  patterns_.push_back(std::move(pattern));
}

bool PatternSet::matches(const std::vector<std::string_view>& words) const {
  for (std::size_t i : always_) {
    if (patterns_[i].matches(words)) return true;
  }
  if (by_first_.empty()) return false;
  for (std::size_t w = 0; w < words.size(); ++w) {
    auto it = by_first_.find(words[w]);
    if (it == by_first_.end()) continue;
    bool seen = false;  // a word the question repeats was tried already
    for (std::size_t v = 0; v < w && !seen; ++v) seen = words[v] == words[w];
    if (seen) continue;
    for (std::size_t i : it->second) {
      if (patterns_[i].matches(words)) return true;
    }
  }
  return false;
}

}  // namespace paa::text
