#pragma once
// Token bucket: every request start takes one token. Pure: the caller passes the time in,
// so tests drive it with a fake clock.
#include <chrono>

namespace paa {

using SteadyTime = std::chrono::steady_clock::time_point;
using Duration = std::chrono::steady_clock::duration;

inline double to_seconds(Duration d) { return std::chrono::duration<double>(d).count(); }
inline Duration from_seconds(double s) {
  return std::chrono::duration_cast<Duration>(std::chrono::duration<double>(s));
}

class TokenBucket {
 public:
  // rate: tokens per second (<= 0 means unlimited); burst: bucket size (>= 1). Starts full.
  // Guarantee: over any window of length t, at most rate * t + burst tokens are taken.
  TokenBucket(double rate, double burst, SteadyTime now);

  // Takes a token and returns true if one is available at `now`.
  bool try_take(SteadyTime now);
  // How long from `now` until a token is available (zero if one is).
  Duration wait_time(SteadyTime now) const;

  // Changes the refill rate from `now` on; tokens already earned are kept.
  void set_rate(double rate, SteadyTime now);
  double rate() const { return rate_; }
  bool unlimited() const { return rate_ <= 0; }

 private:
  void refill(SteadyTime now);
  double rate_;
  double burst_;
  double tokens_;
  SteadyTime last_;
};

}  // namespace paa
