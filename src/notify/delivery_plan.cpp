#include "paa/notify/delivery_plan.hpp"

#include <algorithm>


namespace paa {

namespace {

std::string describe(const AttemptOutcome& o) {
  if (o.status == 0) return o.error.empty() ? std::string("no response") : o.error;
  return "HTTP " + std::to_string(o.status);
}

bool retryable(int status) { return status == 0 || status == 408 || status == 429 || status >= 500; }

}  // namespace

DeliveryStep DeliveryPlan::after(const AttemptOutcome& outcome, ms now) {
  ++attempts_;
  if (outcome.status >= 200 && outcome.status < 300) return {DeliveryStep::Kind::done, ms(0), {}};
  if (!retryable(outcome.status)) {
    // A receiver that refuses the request (bad URL, bad signature) refuses it again.
    return {DeliveryStep::Kind::give_up, ms(0), describe(outcome)};
  }
  ms delay = *backoff_.next_delay(attempts_);
  // A longer Retry-After is honoured; a shorter one (even 0) never makes a hot loop of TLS handshakes.
  if (outcome.status != 0 && outcome.retry_after) delay = std::max(*outcome.retry_after, delay);
  if (now + delay >= bound_) {
    return {DeliveryStep::Kind::give_up, ms(0), describe(outcome)};
  }
  return {DeliveryStep::Kind::retry, delay, {}};
}

}  // namespace paa
