#pragma once
// What is known of the key's monthly quota: what the service last said, and whether it is
// known to be exhausted. Kept by the store between runs, steered by the QuotaTracker.
#include <chrono>
#include <cstdint>
#include <optional>

namespace paa {

// Quota as last known (per store). Times are Unix milliseconds, UTC.
struct QuotaState {
  std::optional<std::int64_t> searches_left;
  std::optional<std::int64_t> payg_credits_left;
  std::optional<std::chrono::year_month_day> renewal_date;
  std::int64_t seen_at_ms = 0;                   // when these fields were last seen; 0 = never
  std::optional<std::int64_t> exhausted_until_ms;  // set: do not send before this instant
};

}  // namespace paa
