#include "paa/policy/retry_backoff.hpp"

#include <algorithm>

namespace paa {

std::chrono::milliseconds RetryBackoff::window(int attempt) const {
  const int shift = std::clamp(attempt - 1, 0, 30);
  const auto grown = config_.base.count() * (std::int64_t{1} << shift);
  return std::chrono::milliseconds(std::min<std::int64_t>(grown, config_.cap.count()));
}

std::optional<std::chrono::milliseconds> RetryBackoff::next_delay(int attempt) {
  if (attempt > config_.retries) return std::nullopt;
  const auto hi = window(attempt).count();
  if (!config_.jitter) return std::chrono::milliseconds(hi);
  std::uniform_int_distribution<std::int64_t> dist(0, hi);
  return std::chrono::milliseconds(dist(rng_));
}

}  // namespace paa
