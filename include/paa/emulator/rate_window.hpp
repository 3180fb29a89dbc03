#pragma once
// The short-term per-key limit (--rate-limit N per second): a fixed one-second window per key.
#include "paa/emulator/quota_book.hpp"

#include <chrono>
#include <cstddef>
#include <optional>
#include <vector>

namespace paa::emulator {

class RateWindow {
 public:
  // per_second 0: no limit.
  RateWindow(unsigned per_second, std::size_t keys) : per_second_(per_second), windows_(keys) {}

  // nullopt: admitted (and counted). Otherwise the whole seconds until the window frees (>= 1),
  // for the Retry-After header. Rejected requests do not count.
  std::optional<std::chrono::seconds> admit(std::size_t id, TimePoint now);

 private:
  struct Window {
    TimePoint start{};
    unsigned count = 0;
  };
  unsigned per_second_;
  std::vector<Window> windows_;
};

}  // namespace paa::emulator
