#include "paa/limiter/rate_controller.hpp"

#include <algorithm>

namespace paa {

RateController::RateController(Config config, SteadyTime now)
    : config_(config), bucket_(config.rate, config.burst, now), last_increase_(now) {}

Duration RateController::wait_time(SteadyTime now) const {
  if (now < paused_until_) return paused_until_ - now;
  return bucket_.wait_time(now);
}

void RateController::on_start(SteadyTime now) {
  bucket_.try_take(now);
  starts_[start_count_ % kWindow] = now;
  ++start_count_;
}

double RateController::observed_rate(SteadyTime now) const {
  const int n = std::min(start_count_, kWindow);
  if (n < 2) return config_.min_rate;
  const SteadyTime oldest = starts_[(start_count_ - n) % kWindow];
  const double span = to_seconds(now - oldest);
  return span > 0 ? n / span : config_.min_rate;
}

void RateController::on_rate_limited(SteadyTime now, Duration retry_after) {
  paused_until_ = std::max(paused_until_, now + retry_after);
  double current = bucket_.rate();
  if (current <= 0) {
    current = observed_rate(now);
    cut_from_ = current;
  }
  bucket_.set_rate(std::max(config_.min_rate, current / 2), now);
  last_increase_ = now;
}

void RateController::on_success(SteadyTime now) {
  if (!bucket_.unlimited() && (config_.rate <= 0 || bucket_.rate() < config_.rate)) {
    const double ceiling = config_.rate > 0 ? config_.rate : cut_from_;
    const double step = ceiling * config_.recovery_per_s * to_seconds(now - last_increase_);
    double next = bucket_.rate() + step;
    if (config_.rate > 0) {
      next = std::min(next, config_.rate);
    } else if (next >= 2 * cut_from_) {
      next = 0;  // back to unlimited once well past the rate that was refused
    }
    bucket_.set_rate(next, now);
  }
  last_increase_ = now;
}

}  // namespace paa
