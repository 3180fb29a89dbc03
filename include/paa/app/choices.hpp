#pragma once
// The command line's word choices, decided without CLI11: an option that takes one of a few
// words (--format, --progress, ...) matched without regard to case, and the closest of several
// names for a "did you mean" (model/suggest.hpp), so the CLI binds them and decides nothing.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace paa::app {

// `value` as one of `choices`: "" when it is one (`value` set to the choice's spelling), else the
// message "'X' is not one of a, b, c (did you mean b?)".
std::string match_choice(std::string& value, const std::vector<std::string>& choices);

// The candidate closest to `word` (model/suggest.hpp's rule); nullopt when nothing is close.
std::optional<std::string_view> closest_name(std::string_view word, const std::vector<std::string_view>& candidates);

}  // namespace paa::app
