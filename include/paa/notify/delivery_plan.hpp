#pragma once
// When to try a notification again (docs/jobs.md "[notify]"). Pure: the caller does the I/O and
// passes the time, so every step can be tested without sockets or sleeps.
#include "paa/policy/retry_backoff.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace paa {

// How one POST ended.
struct AttemptOutcome {
  int status = 0;     // the HTTP status; 0: no response (connect, TLS, reset, timeout)
  std::string error;  // why there is no response, when status == 0
  std::optional<std::chrono::milliseconds> retry_after;  // the response's Retry-After (parse_retry_after)
};

struct DeliveryStep {
  enum class Kind { done, retry, give_up };
  Kind kind = Kind::done;
  std::chrono::milliseconds delay{0};  // retry: wait this long, then send again
  std::string reason;                  // give_up: why the last attempt failed, and why no more
};

// Retries network errors, timeouts, 5xx, 408 and 429 with a doubling back-off (1 s, 2 s, 4 s,
// ...; a Retry-After in seconds replaces the back-off); gives up at once on any other status
// below 200 or at 400 and above. The whole delivery, attempts and waits, stays within `bound`:
// a retry that would start at or past it is not made.
class DeliveryPlan {
 public:
  using ms = std::chrono::milliseconds;
  explicit DeliveryPlan(ms bound, ms first_backoff = ms(1000))
      : bound_(bound), backoff_({first_backoff, std::max(bound, first_backoff), std::numeric_limits<int>::max(), false}) {}

  // The time an attempt starting at `now` (since the delivery began) may take.
  ms time_left(ms now) const { return now < bound_ ? bound_ - now : ms(0); }

  // What to do after the attempt that ended at `now`.
  DeliveryStep after(const AttemptOutcome& outcome, ms now);

  int attempts() const { return attempts_; }

 private:
  ms bound_;
  RetryBackoff backoff_;
  int attempts_ = 0;
};

}  // namespace paa
