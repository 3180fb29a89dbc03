#pragma once
#include <chrono>
#include <cstdint>
#include <ctime>
#include <string>

namespace paa {
// Wall-clock time as stored and compared everywhere (fetch times, quota, run info): Unix ms, UTC.
inline std::int64_t unix_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Unix ms as UTC text, second precision, with a strftime format (e.g. "%Y-%m-%dT%H:%M:%SZ").
inline std::string format_utc(std::int64_t ms, const char* strftime_format) {
  const auto seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, strftime_format, &tm);
  return buf;
}
}  // namespace paa
