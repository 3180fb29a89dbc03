#pragma once
// "Did you mean" suggestions for misspelt keys.
#include <optional>
#include <string_view>
#include <vector>

namespace paa::detail {

// Optimal-string-alignment edit distance (insert, delete, substitute, swap neighbours).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word` within an edit distance of 2 (and shorter than the
// candidate itself, so "x" does not suggest "hl"); of equally close ones, the one sharing the
// longest beginning with `word`, then the first; nullopt when nothing is close.
std::optional<std::string_view> closest_match(std::string_view word,
                                              const std::vector<std::string_view>& candidates);

}  // namespace paa::detail
