#include "paa/buildinfo/buildinfo.hpp"
#include "paa/net/http_connection.hpp"
#include "paa/notify/delivery_plan.hpp"
#include "paa/notify/notify.hpp"
#include "paa/policy/retry_after.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/url/parse.hpp>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>

namespace paa {

namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;
using ms = std::chrono::milliseconds;

namespace {

constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);

struct Target {
  std::string host;     // for DNS, SNI and the certificate check (no brackets)
  std::string port;
  std::string host_header;
  std::string path;     // path and query: what goes on the request line
  // https://host[:port]/… : never the path or query, which often hold the webhook's secret
  // (https://hooks.slack.com/services/T…/B…/<secret>); messages end up in cron mail and journals.
  std::string display;
};

Result<Target> parse_target(std::string_view url) {
  auto u = boost::urls::parse_absolute_uri(url);
  if (!u) return make_error(errc::invalid_input, "notify: the [notify] url is not a URL: " + u.error().message());
  if (u->scheme() != "https") {
    return make_error(errc::invalid_input, "notify: the URL must start with https:// (got '" + std::string(u->scheme()) + "')");
  }
  Target t;
  t.host = u->host_address();
  if (t.host.empty()) return make_error(errc::invalid_input, "notify: the URL has no host");
  t.port = u->has_port() ? std::string(u->port()) : "443";
  t.host_header = std::string(u->encoded_host_and_port());
  const std::string path = u->encoded_path().empty() ? "/" : std::string(u->encoded_path());
  t.path = path + (u->has_query() ? "?" + std::string(u->encoded_query()) : "");
  t.display = "https://" + t.host_header + (path == "/" && !u->has_query() ? "/" : "/…");
  return t;
}

// One POST on a new connection (the harvest's HttpConnection: the same TLS checks, deadlines and
// messages), closed afterwards whatever happened. Every step ends by `deadline`.
asio::awaitable<AttemptOutcome> post_once(const std::shared_ptr<TlsContext>& tls, const Target& t,
                                          const HttpRequest& request, const DeliveryOptions& options,
                                          bool& certificate_refused) {
  ServiceEndpoint endpoint;
  endpoint.tls = true;
  endpoint.host = t.host;
  endpoint.port = t.port;
  ConnectionConfig config;
  config.user_agent = options.user_agent;
  config.timeout = options.attempt_timeout;
  config.max_body = 64 * 1024;  // only the status matters
  HttpConnection connection(co_await asio::this_coro::executor, tls, endpoint, config);
  HttpResponse r = co_await connection.request(request);
  connection.close();
  AttemptOutcome out;
  out.status = r.status;
  out.error = r.network_error;
  certificate_refused = r.tls_refused;
  if (auto after = parse_retry_after(r.retry_after, std::chrono::system_clock::now())) out.retry_after = *after;
  co_return out;
}

std::string seconds_text(Clock::duration d) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", std::chrono::duration<double>(d).count());
  return text;
}

asio::awaitable<Result<Delivered>> deliver(std::shared_ptr<TlsContext> tls, Target t, const std::string& body,
                                           const std::string& signature, const DeliveryOptions& options) {
  HttpRequest request;
  request.method = "POST";
  request.target = t.path;
  request.content_type = "application/json";
  request.body = body;
  request.headers = {{"accept", "*/*"}};
  if (!signature.empty()) request.headers.emplace_back("X-Paa-Signature", signature);
  request.keep_alive = false;

  auto ex = co_await asio::this_coro::executor;
  DeliveryPlan plan(options.bound, options.first_backoff);
  const auto start = Clock::now();
  for (;;) {
    const auto now = Clock::now();
    const auto left = plan.time_left(std::chrono::duration_cast<ms>(now - start));
    request.deadline = now + std::min(left, options.attempt_timeout);
    bool certificate_refused = false;
    AttemptOutcome outcome = co_await post_once(tls, t, request, options, certificate_refused);
    const auto ended = Clock::now();
    DeliveryStep step = plan.after(outcome, std::chrono::duration_cast<ms>(ended - start));
    // A certificate that fails verification will fail again: no point waiting for it.
    if (certificate_refused) step = {DeliveryStep::Kind::give_up, ms(0), outcome.error};
    if (step.kind == DeliveryStep::Kind::done) co_return Delivered{plan.attempts(), outcome.status};
    if (step.kind == DeliveryStep::Kind::give_up) {
      co_return make_error(errc::network, "notify: POST " + t.display + " failed after " + std::to_string(plan.attempts()) +
                           (plan.attempts() == 1 ? " attempt" : " attempts") + " in " +
                           seconds_text(ended - start) + " s: " + step.reason);
    }
    asio::steady_timer wait(ex, step.delay);
    co_await wait.async_wait(use_tuple);
  }
}

}  // namespace

Result<Delivered> deliver_notice(std::string_view url, const std::string& body, const std::string& signature,
                                 const DeliveryOptions& options) {
  auto target = parse_target(url);
  if (!target) return target.error();
  auto tls = TlsContext::create(options.ca_file);
  if (!tls) return make_error(errc::tls, "notify: " + tls.error().message);

  // Its own io_context: the harvest's is gone by now, and nothing else runs beside this.
  asio::io_context io;
  std::optional<Result<Delivered>> result;
  std::exception_ptr failure;
  asio::co_spawn(io, deliver(*tls, std::move(*target), body, signature, options),
                 [&](std::exception_ptr e, Result<Delivered> r) {
                   if (e) failure = e;
                   else result.emplace(std::move(r));
                 });
  io.run();
  if (failure) std::rethrow_exception(failure);
  return std::move(*result);
}

bool notify_run_end(const NotifySpec& spec, const RunNotice& notice, const NotifyOptions& options) {
  if (!spec.enabled()) return false;
  std::string signature;
  const std::string body = notice_body(notice);
  if (!spec.secret_env.empty()) {
    const char* secret = std::getenv(spec.secret_env.c_str());
    if (secret == nullptr || *secret == '\0') {
      std::fprintf(stderr,
                   "paa: notify: not sent: secret_env names %s, which is not set; export %s=... (the "
                   "receiver checks the signature, so an unsigned notice would be refused)\n",
                   spec.secret_env.c_str(), spec.secret_env.c_str());
      return false;
    }
    signature = sign_body(body, secret);
  }
  DeliveryOptions delivery;
  delivery.ca_file = options.ca_file;
  delivery.bound = options.bound;
  delivery.user_agent = "paa-harvester/" + std::string(buildinfo::version());
  auto delivered = deliver_notice(spec.url, body, signature, delivery);
  if (!delivered) {
    std::fprintf(stderr, "paa: %s\n", delivered.error().message.c_str());
    return false;
  }
  std::fprintf(stderr, "notify: the summary was posted (HTTP %d%s)\n", delivered->status,
               delivered->attempts > 1 ? (", attempt " + std::to_string(delivered->attempts)).c_str() : "");
  return true;
}

}  // namespace paa
