#pragma once
// Durations as users write them in job files and flags: "30d", "12h", "90m", "45s", "2w".
#include "paa/error.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace paa {

// Parses "<whole number><unit>" with unit s, m, h, d or w (no spaces, no fractions, > 0)
// into milliseconds. The error says what is wrong and shows the accepted forms.
Result<std::int64_t> parse_duration(std::string_view text);

// outage_wait and --outage-wait: a duration, or "0" (stop at once).
Result<std::int64_t> parse_outage_wait(std::string_view text);

// "30d", "12h", "90s": the largest unit that divides `ms` evenly (for messages); "0" for 0.
std::string duration_text(std::int64_t ms);

}  // namespace paa
