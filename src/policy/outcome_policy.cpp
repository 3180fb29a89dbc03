#include "paa/policy/outcome_policy.hpp"

#include "paa/policy/retry_after.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <ctime>

namespace paa {

namespace {
std::string excerpt(std::string_view body) {
  std::string out;
  for (char c : body.substr(0, 120)) out += (c == '\n' || c == '\r') ? ' ' : c;
  return out;
}
}  // namespace

Outcome classify(const ResponseFacts& f, std::chrono::system_clock::time_point now) {
  if (f.tls_refused) return {Verdict::stop_tls, std::string(f.network_error), {}, Spend::free};
  if (f.status == 0) {
    Outcome o{Verdict::retry, f.network_error.empty() ? "no response" : std::string(f.network_error), {}};
    o.spend = f.request_sent ? Spend::unknown : Spend::free;
    o.resend_now = f.stale;
    return o;
  }
  if (f.status == 200) {
    if (!f.body_error.empty()) {
      return {Verdict::retry, "200 with an unusable body: " + std::string(f.body_error), {}, Spend::unknown};
    }
    return {Verdict::store, "ok", {}, Spend::answer};
  }
  if (f.status == 401) return {Verdict::stop_auth, "401 Invalid token", {}, Spend::free};
  if (f.status == 403) return {Verdict::stop_auth, "403 Invalid API Key", {}, Spend::free};
  if (f.status == 429) {
    if (!f.retry_after.empty()) {
      auto after = parse_retry_after(f.retry_after, now);
      return {Verdict::rate_limited, "429 Rate limit exceeded (Retry-After " + std::string(f.retry_after) + ")",
              after.value_or(std::chrono::seconds(1)), Spend::free};
    }
    return {Verdict::quota_exhausted, "429 Rate limit exceeded (monthly quota)", {}, Spend::free};
  }
  // 408 and 5xx are the server's trouble, not the key's: worth another try. Whether the
  // service charged before failing, nothing says.
  if (f.status >= 500 || f.status == 408) {
    return {Verdict::retry, std::to_string(f.status) + " " + excerpt(f.body_excerpt), {}, Spend::unknown};
  }
  return {Verdict::fail_key, std::to_string(f.status) + " " + excerpt(f.body_excerpt), {}, Spend::free};
}

std::string auth_failure_message(int status, std::string_view api_key_env) {
  const std::string env(api_key_env);
  if (status == 401) {
    return "the service answered 401 Invalid token: the API key is missing or invalid; check " + env;
  }
  return "the service answered 403 Invalid API Key: the key does not exist or is inactive; check " + env +
         " and that your plan (Pro or Lifetime) is active";
}

}  // namespace paa
