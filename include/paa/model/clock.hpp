#pragma once
#include <chrono>
#include <cstdint>

namespace paa {
// Wall-clock time as stored and compared everywhere (fetch times, quota, run info): Unix ms, UTC.
inline std::int64_t unix_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}
}  // namespace paa
