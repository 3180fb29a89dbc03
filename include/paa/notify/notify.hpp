#pragma once
// A run's end notification (docs/jobs.md "[notify]"): one HTTPS POST of the run's summary,
// retried with back-off within a bound. Beast and OpenSSL stay in src/notify/deliver.cpp.
#include "paa/error.hpp"
#include "paa/job/notify_spec.hpp"
#include "paa/notify/run_notice.hpp"

#include <chrono>
#include <string>
#include <string_view>

namespace paa {

struct DeliveryOptions {
  std::string ca_file;                          // trusted besides the system store, like --ca-file
  std::chrono::milliseconds bound{30000};       // the whole delivery: attempts and waits
  std::chrono::milliseconds first_backoff{1000};
  std::chrono::milliseconds attempt_timeout{10000};  // one attempt at most (a hung receiver)
  std::string user_agent;
};

struct Delivered {
  int attempts = 0;
  int status = 0;  // the final 2xx
};

// POSTs `body` (application/json) to an https:// `url` on its own io_context, with certificate
// and host-name verification, with X-Paa-Signature: `signature` unless it is "". Retries per
// DeliveryPlan; every step has a deadline within what is left of `bound`; a failed stream is
// closed, never reused. Error: "notify: POST https://host/path failed after N attempts in S s: why"
// (the URL's query, which may hold a token, is never shown).
Result<Delivered> deliver_notice(std::string_view url, const std::string& body, const std::string& signature,
                                 const DeliveryOptions& options);

struct NotifyOptions {
  std::string ca_file;
  std::chrono::milliseconds bound{30000};  // paa run --notify-timeout
};

// After a run: signs the notice with the secret from the variable `spec.secret_env` names (and
// sends nothing when that variable is unset or empty: a receiver checking signatures would
// refuse it), delivers it, and says on stderr what happened ("paa: notify: ..." on failure).
// Never throws for delivery trouble; true when the receiver took it.
bool notify_run_end(const NotifySpec& spec, const RunNotice& notice, const NotifyOptions& options);

}  // namespace paa
