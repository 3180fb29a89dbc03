#include "paa/text/pattern_set.hpp"

namespace paa::text {

namespace {

std::uint64_t word_hash(std::string_view w) { return std::hash<std::string_view>{}(w); }
std::uint64_t pair_hash(std::uint64_t first, std::uint64_t second) {
  return first ^ (second + 0x9E3779B97F4A7C15ull + (first << 6) + (first >> 2));
}

}  // namespace

PreparedWords::PreparedWords(const std::vector<std::string_view>& words) : words_(words) {
  hash_.reserve(words.size());
  repeat_.assign(words.size(), false);
  for (std::size_t w = 0; w < words.size(); ++w) {
    hash_.push_back(word_hash(words[w]));
    for (std::size_t v = 0; v < w && !repeat_[w]; ++v) repeat_[w] = words[v] == words[w];
  }
}

void PatternSet::add(PhrasePattern pattern) {
  const std::size_t i = patterns_.size();
  const std::string_view first = pattern.first_word(), second = pattern.second_word();
  if (first.empty()) {
    always_.push_back(i);
  } else if (second.empty()) {
    by_first_[word_hash(first)].push_back(i);
  } else {
    by_pair_[pair_hash(word_hash(first), word_hash(second))].push_back(i);
  }
  patterns_.push_back(std::move(pattern));
}

bool PatternSet::matches(const std::vector<std::string_view>& words) const { return matches(PreparedWords(words)); }

bool PatternSet::matches(const PreparedWords& prepared) const {
  const auto& words = prepared.words_;
  for (std::size_t i : always_) {
    if (patterns_[i].matches(words)) return true;
  }
  if (by_first_.empty() && by_pair_.empty()) return false;
  for (std::size_t w = 0; w < words.size(); ++w) {
    if (prepared.repeat_[w]) continue;  // a word the question repeats was tried already
    if (!by_first_.empty()) {
      if (auto it = by_first_.find(prepared.hash_[w]); it != by_first_.end()) {
        for (std::size_t i : it->second) {
          if (patterns_[i].matches(words)) return true;
        }
      }
    }
    if (by_pair_.empty()) continue;
    // Each pair the word starts (a repeated word starts other pairs too).
    for (std::size_t v = w; v + 1 < words.size(); ++v) {
      if (v != w && words[v] != words[w]) continue;
      if (auto it = by_pair_.find(pair_hash(prepared.hash_[v], prepared.hash_[v + 1])); it != by_pair_.end()) {
        for (std::size_t i : it->second) {
          if (patterns_[i].matches(words)) return true;
        }
      }
    }
  }
  return false;
}

}  // namespace paa::text
