#pragma once
// Token bucket: every request start takes one token. Pure: the caller passes the time in,
// so tests drive it with a fake clock.
#include <chrono>

namespace paa {

using SteadyTime = std::chrono::steady_clock::time_point;
using Duration = std::chrono::steady_clock::duration;

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

// The bucket plus the service's own signals: a 429 with Retry-After pauses all starts for
// that long and halves the rate (multiplicative decrease); successes win it back slowly
// (additive increase) up to the configured ceiling.
class RateController {
 public:
  struct Config {
    double rate = 0;    // configured ceiling, requests/s; <= 0 = unlimited
    double burst = 10;
    double min_rate = 0.2;          // never slower than this after decreases
    double recovery_per_s = 0.05;   // additive increase: this share of the ceiling per second
  };
  RateController(Config config, SteadyTime now);

  // Zero if a request may start now (and the caller should then call on_start), else how long
  // to wait before asking again.
  Duration wait_time(SteadyTime now) const;
  // Records a start: takes a token. Precondition: wait_time(now) == 0.
  void on_start(SteadyTime now);

  void on_success(SteadyTime now);
  // A 429 with Retry-After: pause every start until now + retry_after and cut the rate.
  void on_rate_limited(SteadyTime now, Duration retry_after);

  double current_rate() const { return bucket_.rate(); }  // <= 0: unlimited
  bool paused(SteadyTime now) const { return now < paused_until_; }

 private:
  double observed_rate(SteadyTime now) const;
  Config config_;
  TokenBucket bucket_;
  SteadyTime paused_until_{};
  SteadyTime last_increase_{};
  double cut_from_ = 0;  // rate when first cut from unlimited; ceiling for recovery then
  // Start times of the last kWindow starts, to estimate the real rate when unlimited.
  static constexpr int kWindow = 64;
  SteadyTime starts_[kWindow]{};
  int start_count_ = 0;
};

}  // namespace paa
