#pragma once
// What one response (or network failure) means for its key and for the run. Pure.
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace paa {

enum class Verdict {
  store,            // 200 with a valid envelope: keep it
  retry,            // transient (5xx, network, invalid 200 body): back off, retry on a new connection
  fail_key,         // permanent for this key (400, 404, other 4xx): record failed, go on
  stop_auth,        // 401/403: stop issuing, drain, exit 3. Never retried.
  rate_limited,     // 429 with Retry-After: pause all starts, slow down, retry this key
  quota_exhausted,  // 429 without Retry-After: the monthly quota is gone
  stop_tls,         // the certificate failed verification: nothing was sent; stop, exit 2
  stop_config,      // not the service's API (404, 405, an HTML page): the base URL is wrong; stop,
                    // record no key failed, exit 2
};

// What the end of a request spent (docs/running.md "Money"). A stored answer's own `cached` flag
// decides between charged and free; everything else is decided here.
enum class Spend {
  answer,   // a valid 200: charged unless the envelope says cached
  free,     // nothing was charged: 401/403/4xx/429, or the request was never fully sent
  unknown,  // sent, and no usable answer: may have been charged (5xx, 408, reset, timeout,
            // truncated or unusable body)
};

struct Outcome {
  Verdict verdict;
  std::string reason;  // short, for logs and failed entries
  std::optional<std::chrono::seconds> retry_after;  // rate_limited only
  Spend spend = Spend::unknown;
  bool resend_now = false;  // retry: a stale kept-alive connection; no back-off needed
};

// What the transport saw. `status` 0 means no response (connect/TLS/reset/timeout);
// `body_error` is set when a 200 body was unusable (bad JSON, wrong shape, truncated, too big).
struct ResponseFacts {
  int status = 0;
  std::string_view retry_after;  // raw Retry-After header value, "" when absent
  std::string_view network_error;
  std::string_view body_error;
  std::string_view body_excerpt;  // first bytes of a non-200 body
  std::string_view content_type;  // the response's Content-Type, "" when absent
  bool request_sent = true;       // every byte of the request was written
  bool stale = false;             // a kept-alive connection the server closed, no byte back
  bool tls_refused = false;       // the server's certificate failed verification
};

// `now` reads an HTTP-date Retry-After (parse_retry_after); an unreadable one still means "rate
// limited", with a 1 s default.
Outcome classify(const ResponseFacts& facts, std::chrono::system_clock::time_point now);

// The user-facing message when the answers are not the service's API (Verdict::stop_config):
// what came back, from where, and what to check. `service`: the base URL as ServiceEndpoint
// displays it.
std::string config_failure_message(const Outcome& outcome, std::string_view service);

// The user-facing message for 401/403 (the spec's meanings).
std::string auth_failure_message(int status, std::string_view api_key_env);

}  // namespace paa
