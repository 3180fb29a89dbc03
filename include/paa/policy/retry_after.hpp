#pragma once
// The Retry-After header (RFC 9110 10.2.3), for the service's 429s and a webhook's answers alike.
// Pure: the time comes in.
#include <chrono>
#include <optional>
#include <string_view>

namespace paa {

// Delta-seconds ("120") or an HTTP-date ("Sun, 06 Nov 1994 08:49:37 GMT"), as a wait from `now`;
// capped at a day (a longer wait is a day: the caller's own bound cuts it anyway), a date in the
// past is 0. nullopt when absent or unreadable (the caller picks its default).
std::optional<std::chrono::seconds> parse_retry_after(std::string_view value,
                                                      std::chrono::system_clock::time_point now);

}  // namespace paa
