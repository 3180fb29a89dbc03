#pragma once
// Full-jitter exponential back-off (AWS architecture blog): sleep = U(0, min(cap, base * 2^n)).
#include <chrono>
#include <cstdint>
#include <optional>
#include <random>

namespace paa {

class RetryBackoff {
 public:
  struct Config {
    std::chrono::milliseconds base{1000};
    std::chrono::milliseconds cap{60000};
    int retries = 5;  // retries after the first attempt
  };
  explicit RetryBackoff(Config config, std::uint64_t seed = std::random_device{}())
      : config_(config), rng_(seed) {}

  // After failed attempt number `attempt` (1-based), the delay before the next one,
  // or nullopt when retries are used up.
  std::optional<std::chrono::milliseconds> next_delay(int attempt);
  // Upper bound of the jitter window for an attempt (for tests and docs).
  std::chrono::milliseconds window(int attempt) const;

 private:
  Config config_;
  std::mt19937_64 rng_;
};

}  // namespace paa
