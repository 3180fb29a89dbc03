#pragma once
// The one back-off planner: exponential, min(cap, base * 2^n), with full jitter (AWS
// architecture blog: sleep = U(0, that)) for the harvest's retries, or without for a
// notification's few attempts (1 s, 2 s, 4 s, ...).
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
    bool jitter = true;  // false: the window itself
  };
  explicit RetryBackoff(Config config, std::uint64_t seed = std::random_device{}())
      : config_(config), rng_(seed) {}

  // After failed attempt number `attempt` (1-based), the delay before the next one,
  // or nullopt when retries are used up.
  std::optional<std::chrono::milliseconds> next_delay(int attempt);
  int retries() const { return config_.retries; }
  // Upper bound of the jitter window for an attempt (for tests and docs).
  std::chrono::milliseconds window(int attempt) const;

 private:
  Config config_;
  std::mt19937_64 rng_;
};

}  // namespace paa
