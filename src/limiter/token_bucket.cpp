#include "paa/limiter/token_bucket.hpp"

#include <algorithm>

namespace paa {

TokenBucket::TokenBucket(double rate, double burst, SteadyTime now)
    : rate_(rate), burst_(std::max(1.0, burst)), tokens_(std::max(1.0, burst)), last_(now) {}

void TokenBucket::refill(SteadyTime now) {
  if (now <= last_) return;
  if (rate_ > 0) tokens_ = std::min(burst_, tokens_ + rate_ * to_seconds(now - last_));
  last_ = now;
}

bool TokenBucket::try_take(SteadyTime now) {
  if (unlimited()) return true;
  refill(now);
  if (tokens_ < 1.0) return false;
  tokens_ -= 1.0;
  return true;
}

Duration TokenBucket::wait_time(SteadyTime now) const {
  if (unlimited()) return Duration::zero();
  double tokens = tokens_;
  if (now > last_) tokens = std::min(burst_, tokens + rate_ * to_seconds(now - last_));
  if (tokens >= 1.0) return Duration::zero();
  // Round up so that waiting exactly this long always yields a token.
  return from_seconds((1.0 - tokens) / rate_) + Duration(1);
}

void TokenBucket::set_rate(double rate, SteadyTime now) {
  refill(now);
  if (unlimited() && rate > 0) tokens_ = std::min(tokens_, burst_);
  rate_ = rate;
  last_ = std::max(last_, now);
}

}  // namespace paa
