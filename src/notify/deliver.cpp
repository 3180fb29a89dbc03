#include "paa/buildinfo/buildinfo.hpp"
#include "paa/net/http_connection.hpp"
#include "paa/net/tls_peer.hpp"
#include "paa/notify/delivery_plan.hpp"
#include "paa/notify/notify.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/url/parse.hpp>

#include <openssl/ssl.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>

namespace paa {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;
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

std::string why(const boost::system::error_code& ec) {
  if (ec == beast::error::timeout || ec == asio::error::operation_aborted) return "timed out";
  return ec.message();
}

// One POST on a new TLS connection, closed afterwards whatever happened.
asio::awaitable<AttemptOutcome> post_once(ssl::context& ctx, const Target& t,
                                          const http::request<http::string_body>& req, Clock::time_point deadline,
                                          bool& certificate_refused) {
  AttemptOutcome out;
  auto ex = co_await asio::this_coro::executor;
  tcp::resolver resolver(ex);
  // Resolution has no deadline of its own: a timer cancels it.
  asio::steady_timer resolve_deadline(ex, deadline);
  resolve_deadline.async_wait([&resolver](boost::system::error_code ec) {
    if (!ec) resolver.cancel();
  });
  auto [rec, results] = co_await resolver.async_resolve(t.host, t.port, use_tuple);
  resolve_deadline.cancel();
  if (rec) {
    out.error = "cannot resolve " + t.host + ": " + why(rec);
    co_return out;
  }
  beast::ssl_stream<beast::tcp_stream> stream(ex, ctx);
  auto& socket = beast::get_lowest_layer(stream);
  socket.expires_at(deadline);
  auto [cec, endpoint] = co_await socket.async_connect(results, use_tuple);
  if (cec) {
    out.error = "cannot connect to " + t.host_header + ": " + why(cec);
    co_return out;
  }
  // SNI and the name check, as for the service.
  SSL* handle = stream.native_handle();
  expect_peer_name(handle, t.host);
  auto [hec] = co_await stream.async_handshake(ssl::stream_base::client, use_tuple);
  if (hec) {
    if (auto failure = certificate_failure(handle)) {
      certificate_refused = true;
      out.error = "TLS: the certificate of " + t.host + " could not be verified (" + *failure +
                  "); if the receiver uses your own CA, pass --ca-file CA.pem";
    } else {
      out.error = "TLS handshake with " + t.host + " failed: " + why(hec);
    }
    socket.close();
    co_return out;
  }
  auto [wec, written] = co_await http::async_write(stream, req, use_tuple);
  if (wec) {
    out.error = "sending the notice failed: " + why(wec);
    socket.close();
    co_return out;
  }
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024);  // only the status matters
  auto [rdec, read] = co_await http::async_read(stream, buffer, parser, use_tuple);
  if (parser.is_header_done()) {
    out.status = parser.get().result_int();
    const auto& head = parser.get();
    if (auto it = head.find(http::field::retry_after); it != head.end()) {
      out.retry_after = parse_retry_after_seconds(it->value());
    }
  } else if (rdec) {
    out.error = "reading the answer failed: " + why(rdec);
  }
  // One request per connection: nothing more to say to the receiver, so no TLS close_notify
  // (its round trip could only delay the run's exit).
  socket.close();
  co_return out;
}

std::string seconds_text(Clock::duration d) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", std::chrono::duration<double>(d).count());
  return text;
}

asio::awaitable<Result<Delivered>> deliver(ssl::context& ctx, Target t, const std::string& body,
                                           const std::string& signature, const DeliveryOptions& options) {
  http::request<http::string_body> req{http::verb::post, t.path, 11};
  req.set(http::field::host, t.host_header);
  req.set(http::field::user_agent, options.user_agent);
  req.set(http::field::content_type, "application/json");
  req.set(http::field::accept, "*/*");
  if (!signature.empty()) req.set("X-Paa-Signature", signature);
  req.keep_alive(false);
  req.body() = body;
  req.prepare_payload();

  auto ex = co_await asio::this_coro::executor;
  DeliveryPlan plan(options.bound, options.first_backoff);
  const auto start = Clock::now();
  for (;;) {
    const auto now = Clock::now();
    const auto left = plan.time_left(std::chrono::duration_cast<ms>(now - start));
    const auto deadline = now + std::min(left, options.attempt_timeout);
    bool certificate_refused = false;
    AttemptOutcome outcome = co_await post_once(ctx, t, req, deadline, certificate_refused);
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
  auto& ctx = *static_cast<ssl::context*>((*tls)->native_context());

  // Its own io_context: the harvest's is gone by now, and nothing else runs beside this.
  asio::io_context io;
  std::optional<Result<Delivered>> result;
  std::exception_ptr failure;
  asio::co_spawn(io, deliver(ctx, std::move(*target), body, signature, options),
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
