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
// Content-Type text/html, or (none given) a body that opens like a page.
bool looks_like_html(const ResponseFacts& f) {
  auto lower_starts = [](std::string_view text, std::string_view prefix) {
    if (text.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      const char c = text[i];
      if ((c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) != prefix[i]) return false;
    }
    return true;
  };
  if (!f.content_type.empty()) return lower_starts(f.content_type, "text/html");
  std::string_view body = f.body_excerpt;
  while (!body.empty() && (body.front() == ' ' || body.front() == '\n' || body.front() == '\r' || body.front() == '\t'))
    body.remove_prefix(1);
  return lower_starts(body, "<!doctype html") || lower_starts(body, "<html");
}

}  // namespace

// nginx's (and others') answer to plain HTTP on its TLS port: a 400 page saying so.
constexpr std::string_view kPlainOnTlsPort = "plain HTTP request was sent to HTTPS port";

std::string config_failure_message(const Outcome& outcome, std::string_view service) {
  if (outcome.reason.find(kPlainOnTlsPort) != std::string::npos) {
    return std::string(service) + ": the server speaks TLS on that port (it answered \"" + std::string(kPlainOnTlsPort) +
           "\"): use https://. Nothing was recorded as failed";
  }
  return "the service at " + std::string(service) + " answered " + outcome.reason +
         " for /alsoask: that address is not the service's API. Check the base URL (--base-url, "
         "PAA_BASE_URL or base_url in the job): it ends in /api, e.g. https://host/api. Nothing was "
         "recorded as failed";
}

Outcome classify(const ResponseFacts& f, std::chrono::system_clock::time_point now) {
  if (f.tls_refused) return {Verdict::stop_tls, std::string(f.network_error), {}, Spend::free};
  if (f.status == 0) {
    Outcome o{Verdict::retry, f.network_error.empty() ? "no response" : std::string(f.network_error), {}};
    o.spend = f.request_sent ? Spend::unknown : Spend::free;
    o.resend_now = f.stale;
    return o;
  }
  // The endpoint answers only /alsoask with GET: a 404 or 405 is an address that is not the
  // service's API, for every key alike (the spec lists no 404 for a key: bad parameters are 400).
  if (f.status == 404 || f.status == 405) {
    return {Verdict::stop_config, std::to_string(f.status) + " " + excerpt(f.body_excerpt), {}, Spend::free};
  }
  if (f.status == 400 && f.body_excerpt.find(kPlainOnTlsPort) != std::string_view::npos) {
    return {Verdict::stop_config, "400 " + excerpt(f.body_excerpt), {}, Spend::free};
  }
  if (f.status == 200 && looks_like_html(f)) {
    // A web page where the API's JSON was expected (a site's front page, a login portal). Whether
    // it was charged nothing says: counted as spent, like any unusable answer.
    return {Verdict::stop_config, "200 with an HTML page instead of the API's JSON", {}, Spend::unknown};
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
