#pragma once
// Internal: how both renderings of `paa status` write a time and a count.
#include "paa/model/clock.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace paa::app::status_format {

// RFC 3339, UTC, second precision.
inline std::string utc(std::int64_t ms) { return format_utc(ms, "%Y-%m-%dT%H:%M:%SZ"); }

inline std::string num(std::optional<std::int64_t> v) { return v ? std::to_string(*v) : "unknown"; }
inline std::string num(std::uint64_t v) { return std::to_string(v); }

}  // namespace paa::app::status_format
