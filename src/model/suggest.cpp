#include "paa/model/suggest.hpp"

#include <algorithm>
#include <numeric>

namespace paa::detail {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rolling rows are enough for the transposition rule.
  std::vector<std::size_t> prev2(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  std::iota(prev.begin(), prev.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        cur[j] = std::min(cur[j], prev2[j - 2] + 1);
      }
    }
    std::swap(prev2, prev);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::optional<std::string_view> closest_match(std::string_view word,
                                              const std::vector<std::string_view>& candidates) {
  std::optional<std::string_view> best;
  std::size_t best_distance = 3;
  std::size_t best_prefix = 0;
  // Of two equally close, the one that starts like the word ("jsn": jsonl, not csv).
  const auto common_prefix = [&](std::string_view candidate) {
    std::size_t n = 0;
    while (n < word.size() && n < candidate.size() && word[n] == candidate[n]) ++n;
    return n;
  };
  for (std::string_view candidate : candidates) {
    const std::size_t d = edit_distance(word, candidate);
    if (d >= candidate.size()) continue;
    const std::size_t prefix = common_prefix(candidate);
    if (d < best_distance || (d == best_distance && best && prefix > best_prefix)) {
      best = candidate;
      best_distance = d;
      best_prefix = prefix;
    }
  }
  return best;
}

}  // namespace paa::detail
