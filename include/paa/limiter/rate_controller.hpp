#pragma once
// The token bucket steered by the service's rate-limit answers. Pure: time comes in.
#include "paa/limiter/token_bucket.hpp"

namespace paa {

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
