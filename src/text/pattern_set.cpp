#include "paa/text/pattern_set.hpp"

#include <algorithm>
#include <stdexcept>

namespace paa::text {

namespace {

std::uint64_t word_hash(std::string_view w) { return std::hash<std::string_view>{}(w); }
std::uint64_t word_bit(std::uint64_t hash) { return std::uint64_t{1} << ((hash ^ (hash >> 29)) & 63); }
std::uint64_t pair_hash(std::uint64_t first, std::uint64_t second) {
  return first ^ (second + 0x9E3779B97F4A7C15ull + (first << 6) + (first >> 2));
}

}  // namespace

PreparedWords::PreparedWords(const std::vector<std::string_view>& words) : words_(words) {
  hash_.reserve(words.size());
  repeat_.assign(words.size(), false);
  for (std::size_t w = 0; w < words.size(); ++w) {
    hash_.push_back(word_hash(words[w]));
    bits_ |= word_bit(hash_.back());
    for (std::size_t v = 0; v < w && !repeat_[w]; ++v) repeat_[w] = words[v] == words[w];
  }
}

void PatternSet::add(PhrasePattern pattern, std::uint32_t tag) {
  if (!tag_.empty() && tag < tag_.back()) throw std::logic_error("PatternSet::add: tags out of order (a bug in paa)");
  const std::size_t i = patterns_.size();
  tag_.push_back(tag);
  const std::string_view first = pattern.first_word(), second = pattern.second_word();
  const bool opening = pattern.anchored();
  std::vector<std::uint64_t> needs;
  const auto whole = pattern.whole_words();
  const std::size_t indexed = first.empty() ? 0 : second.empty() ? 1 : 2;
  std::uint64_t bits = 0;
  for (std::size_t k = indexed; k < whole.size(); ++k) {
    needs.push_back(word_hash(whole[k]));
    bits |= word_bit(needs.back());
  }
  needs_.push_back(std::move(needs));
  need_bits_.push_back(bits);
  if (first.empty()) {
    always_.push_back(i);
  } else if (second.empty()) {
    (opening ? opening_first_ : by_first_)[word_hash(first)].push_back(i);
  } else {
    (opening ? opening_pair_ : by_pair_)[pair_hash(word_hash(first), word_hash(second))].push_back(i);
  }
  patterns_.push_back(std::move(pattern));
}

bool PatternSet::matches(const std::vector<std::string_view>& words) const { return matches(PreparedWords(words)); }

bool PatternSet::may_match(std::size_t pattern, const PreparedWords& words) const {
  if ((need_bits_[pattern] & ~words.bits_) != 0) return false;
  for (const std::uint64_t need : needs_[pattern]) {
    if (std::find(words.hash_.begin(), words.hash_.end(), need) == words.hash_.end()) return false;
  }
  return true;
}

std::optional<std::uint32_t> PatternSet::first_tag(const PreparedWords& prepared) const {
  if (patterns_.empty()) return std::nullopt;
  const auto& words = prepared.words_;
  constexpr std::uint32_t kNone = ~std::uint32_t{0};
  const std::uint32_t lowest = tag_.front();  // found it: nothing can be earlier
  std::uint32_t best = kNone;
  // Each list is in ascending tag order: a candidate at or past the best so far is not tried.
  auto try_list = [&](const std::vector<std::size_t>& list) {
    for (const std::size_t i : list) {
      if (tag_[i] >= best) return;
      if (may_match(i, prepared) && patterns_[i].matches(words)) {
        best = tag_[i];
        return;
      }
    }
  };
  auto look_up = [&](const std::unordered_map<std::uint64_t, std::vector<std::size_t>>& index, std::uint64_t key) {
    if (best == lowest) return;
    if (const auto it = index.find(key); it != index.end()) try_list(it->second);
  };
  try_list(always_);
  if (!words.empty()) {
    if (!opening_first_.empty()) look_up(opening_first_, prepared.hash_[0]);
    if (!opening_pair_.empty() && words.size() >= 2) look_up(opening_pair_, pair_hash(prepared.hash_[0], prepared.hash_[1]));
    for (std::size_t w = 0; w < words.size() && best != lowest && (!by_first_.empty() || !by_pair_.empty()); ++w) {
      if (prepared.repeat_[w]) continue;  // a word the question repeats was tried already
      if (!by_first_.empty()) look_up(by_first_, prepared.hash_[w]);
      if (by_pair_.empty()) continue;
      // Each pair the word starts (a repeated word starts other pairs too).
      for (std::size_t v = w; v + 1 < words.size(); ++v) {
        if (v != w && words[v] != words[w]) continue;
        look_up(by_pair_, pair_hash(prepared.hash_[v], prepared.hash_[v + 1]));
      }
    }
  }
  if (best == kNone) return std::nullopt;
  return best;
}

// Any pattern: in a set of one section (one tag) the first match ends the search.
bool PatternSet::matches(const PreparedWords& prepared) const { return first_tag(prepared).has_value(); }

}  // namespace paa::text
