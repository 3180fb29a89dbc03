#include "paa/notify/delivery_plan.hpp"

#include <algorithm>

#include <charconv>

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
  ms delay = backoff_;
  // A longer Retry-After is honoured; a shorter one (even 0) never makes a hot loop of TLS handshakes.
  if (outcome.status != 0 && outcome.retry_after) delay = std::max(*outcome.retry_after, backoff_);
  if (now + delay >= bound_) {
    return {DeliveryStep::Kind::give_up, ms(0), describe(outcome)};
  }
  backoff_ *= 2;
  return {DeliveryStep::Kind::retry, delay, {}};
}

std::optional<std::chrono::milliseconds> parse_retry_after_seconds(std::string_view value) {
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
  if (value.empty()) return std::nullopt;
  std::uint64_t seconds = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seconds);
  constexpr std::uint64_t kDay = 86400;
  if (end != value.data() + value.size()) return std::nullopt;  // a date, or junk after digits
  if (ec == std::errc::result_out_of_range) seconds = kDay;
  else if (ec != std::errc()) return std::nullopt;
  if (seconds > kDay) seconds = kDay;
  return std::chrono::milliseconds(seconds * 1000);
}

}  // namespace paa
