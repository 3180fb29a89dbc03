#include "paa/net/http_connection.hpp"

#include "paa/net/gzip.hpp"
#include "paa/net/tls_peer.hpp"

#include "tls_socket.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <cerrno>
#include <functional>
#include <optional>

#include <sys/socket.h>

namespace paa {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;

namespace {
constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);
}  // namespace

struct TlsContext::Impl {
  ssl::context ctx{ssl::context::tls_client};
};

TlsContext::TlsContext() : impl_(std::make_unique<Impl>()) {}
TlsContext::~TlsContext() = default;
void* TlsContext::native_context() { return &impl_->ctx; }

Result<std::shared_ptr<TlsContext>> TlsContext::create(const std::string& ca_file) {
  std::shared_ptr<TlsContext> tls(new TlsContext());
  auto& ctx = tls->impl_->ctx;
  ctx.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                  ssl::context::no_sslv3 | ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
  boost::system::error_code ec;
  ctx.set_default_verify_paths(ec);  // a machine without a system store still works with --ca-file
  if (!ca_file.empty()) {
    ctx.load_verify_file(ca_file, ec);
    if (ec) {
      return make_error(errc::tls, "cannot use --ca-file '" + ca_file + "': " + ec.message() +
                        "; pass a PEM file holding the CA certificate");
    }
  }
  ctx.set_verify_mode(ssl::verify_peer);
  // A connection waiting for its answer holds no record buffers (up to 16 KiB each way).
  SSL_CTX_set_mode(ctx.native_handle(), SSL_MODE_RELEASE_BUFFERS);
  return tls;
}

// The one deadline idiom of the network code: each step (name resolution, connect, handshake,
// request and response) arms it with what ends that step (the resolver's cancel; the socket's
// cancel and shutdown); when the deadline passes first, that runs and the step reports a
// timeout. The state is shared with the timer's handler, which may run after a newer deadline
// was armed or the connection is gone.
class Deadline {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Deadline(asio::any_io_executor ex) : timer_(std::move(ex)), state_(std::make_shared<State>()) {}
  ~Deadline() { state_->on_expiry = nullptr; }

  void arm(tcp::socket& socket, Clock::time_point at) {
    arm(at, [&socket] {
      // Cancel the pending wait; the shutdown also ends one that starts later (an operation
      // between two waits when the deadline passed), so nothing waits past it.
      boost::system::error_code ignored;
      socket.cancel(ignored);
      socket.shutdown(tcp::socket::shutdown_both, ignored);
    });
  }
  void arm(tcp::resolver& resolver, Clock::time_point at) {
    arm(at, [&resolver] { resolver.cancel(); });
  }
  // Ends the deadline; true when it had passed (the step's failure is then a timeout).
  bool disarm() {
    ++state_->generation;
    state_->on_expiry = nullptr;
    timer_.cancel();
    return state_->expired;
  }

 private:
  struct State {
    std::uint64_t generation = 0;
    bool expired = false;
    std::function<void()> on_expiry;
  };
  void arm(Clock::time_point at, std::function<void()> on_expiry) {
    const auto generation = ++state_->generation;
    state_->expired = false;
    state_->on_expiry = std::move(on_expiry);
    timer_.expires_at(at);
    timer_.async_wait([state = state_, generation](boost::system::error_code ec) {
      if (ec || state->generation != generation || !state->on_expiry) return;
      state->expired = true;
      state->on_expiry();
    });
  }
  asio::steady_timer timer_;
  std::shared_ptr<State> state_;
};

struct HttpConnection::Impl {
  Impl(asio::any_io_executor ex, std::shared_ptr<TlsContext> t, ServiceEndpoint ep, ConnectionConfig c)
      : executor(ex), tls(std::move(t)), endpoint(std::move(ep)), config(std::move(c)), resolver(ex),
        deadline(ex) {}

  asio::any_io_executor executor;
  std::shared_ptr<TlsContext> tls;
  ServiceEndpoint endpoint;
  ConnectionConfig config;
  tcp::resolver resolver;
  std::optional<tcp::socket> plain;
  std::optional<net_detail::TlsSocket> secure;
  beast::flat_buffer buffer;
  Deadline deadline;  // after the sockets: it points at them
  bool open = false;
  // Built once: the same on every request. An IPv6 literal goes in brackets.
  const std::string host_header =
      (endpoint.host.find(':') != std::string::npos ? "[" + endpoint.host + "]" : endpoint.host) +
      (endpoint.port == (endpoint.tls ? "443" : "80") ? "" : ":" + endpoint.port);
  std::uint64_t served_on_this_connection = 0;
  std::optional<Deadline::Clock::time_point> until;  // the current request's own deadline

  tcp::socket& lowest() { return secure ? secure->socket() : *plain; }

  void close() {
    open = false;
    boost::system::error_code ignored;
    if (secure) secure->socket().close(ignored);
    if (plain) plain->close(ignored);
    buffer.clear();
  }

  // The step's error, or a timeout when its deadline passed.
  boost::system::error_code finished(boost::system::error_code ec) {
    const bool expired = deadline.disarm();
    return ec && expired ? boost::system::error_code(beast::error::timeout) : ec;
  }

  // The deadline of the next step: the configured timeout, or sooner when the whole request
  // must end by `until`.
  Deadline::Clock::time_point step_deadline() const {
    const auto at = Deadline::Clock::now() + config.timeout;
    return until && *until < at ? *until : at;
  }

  asio::awaitable<void> connect(HttpResponse& r) {
    close();
    secure.reset();
    plain.reset();
    deadline.arm(resolver, step_deadline());
    auto [rec, results] = co_await resolver.async_resolve(endpoint.host, endpoint.port, use_tuple);
    rec = finished(rec);
    if (rec) {
      r.network_error = "cannot resolve " + endpoint.host + ": " + why(rec);
      r.failure = rec == beast::error::timeout ? TransportFailure::timeout
                  : rec == asio::error::operation_aborted ? TransportFailure::other
                                                          : TransportFailure::dns;
      co_return;
    }
    if (endpoint.tls) {
      secure.emplace(executor, static_cast<ssl::context*>(tls->native_context())->native_handle());
    } else {
      plain.emplace(executor);
    }
    auto& socket = lowest();
    deadline.arm(socket, step_deadline());
    auto [cec, ep] = co_await asio::async_connect(socket, results, use_tuple);
    cec = finished(cec);
    if (cec) {
      r.network_error = "cannot connect to " + endpoint.host + ":" + endpoint.port + ": " + why(cec);
      r.failure = cec == asio::error::connection_refused ? TransportFailure::refused : kind_of(cec);
      close();
      co_return;
    }
    socket.set_option(tcp::no_delay(true));
    if (secure) {
      secure->attach();
      SSL* handle = secure->native_handle();
      expect_peer_name(handle, endpoint.host);
      deadline.arm(socket, step_deadline());
      auto [hec, hn] = co_await secure->async_handshake(use_tuple);
      hec = finished(hec);
      if (hec) {
        if (auto failure = certificate_failure(handle)) {
          r.tls_refused = true;
          r.failure = TransportFailure::tls_verify;
          r.network_error = "TLS: the certificate of " + endpoint.host + " could not be verified (" + *failure +
                            "); if it uses your own CA, pass --ca-file CA.pem";
        } else {
          r.network_error = "TLS handshake with " + endpoint.host + " failed: " + why(hec);
          r.failure = answered_in_plain(hec)                 ? TransportFailure::plain_on_tls
                      : kind_of(hec) != TransportFailure::other ? kind_of(hec)  // timed out, closed
                                                                 : TransportFailure::tls_handshake;
        }
        close();
        co_return;
      }
    }
    open = true;
    served_on_this_connection = 0;
  }

  // An idle kept-alive connection must have nothing to read: the server's close (FIN, a TLS
  // close_notify, a 408) arrives as readable bytes or end of file. Such a connection is replaced
  // before anything is sent on it.
  bool peer_closed_while_idle() {
    if (buffer.size() > 0) return true;
    if (secure && SSL_has_pending(secure->native_handle()) != 0) return true;
    char byte = 0;
    const ssize_t n = ::recv(lowest().native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
  }

  // The kind of a failure after the connection was made.
  static TransportFailure kind_of(const boost::system::error_code& ec) {
    if (ec == beast::error::timeout) return TransportFailure::timeout;
    if (ec == http::error::end_of_stream || ec == asio::error::eof || ec == asio::error::connection_reset ||
        ec == asio::error::broken_pipe || ec == ssl::error::stream_truncated || ec == asio::error::connection_aborted) {
      return TransportFailure::closed;
    }
    return TransportFailure::other;
  }

  // A handshake that failed on what a plain-HTTP server sends back ("HTTP/1.1 400 ..." read as a
  // TLS record): the address's scheme is wrong, not the TLS.
  static bool answered_in_plain(const boost::system::error_code& ec) {
    if (ec.category() != asio::error::get_ssl_category()) return false;
    const int reason = ERR_GET_REASON(static_cast<unsigned long>(ec.value()));
    return reason == SSL_R_WRONG_VERSION_NUMBER || reason == SSL_R_PACKET_LENGTH_TOO_LONG ||
           reason == SSL_R_RECORD_LENGTH_MISMATCH || reason == SSL_R_HTTP_REQUEST;
  }

  // The bytes a plain request got back open with a TLS record (an alert or a handshake): the
  // server speaks TLS on this port.
  static bool tls_record_first(const beast::flat_buffer& buf) {
    if (buf.size() < 2) return false;
    const auto* b = static_cast<const unsigned char*>(buf.data().data());
    return (b[0] == 0x15 || b[0] == 0x16) && b[1] == 0x03;
  }

  static std::string why(const boost::system::error_code& ec) {
    if (ec == beast::error::timeout) return "timed out";
    if (ec == asio::error::operation_aborted) return "cancelled (the run is stopping)";
    return ec.message();
  }

  template <class Stream>
  asio::awaitable<void> exchange(Stream& stream, const HttpRequest& request, HttpResponse& r) {
    http::request<http::string_body> req{http::string_to_verb(request.method), request.target, 11};
    req.set(http::field::host, host_header);
    req.set(http::field::user_agent, config.user_agent);
    for (const auto& [name, value] : request.headers) req.set(name, value);
    if (!request.content_type.empty()) {
      req.set(http::field::content_type, request.content_type);
      req.body() = request.body;
      req.prepare_payload();
    }
    req.keep_alive(request.keep_alive);

    // One deadline for the request and its response.
    deadline.arm(lowest(), step_deadline());
    auto [wec, wn] = co_await http::async_write(stream, req, use_tuple);
    if (wec) {
      wec = finished(wec);
      r.network_error = "sending the request failed: " + why(wec);
      r.failure = kind_of(wec);
      close();
      co_return;
    }
    r.request_sent = true;
    http::response_parser<http::string_body> parser;
    parser.body_limit(config.max_body);
    auto [rec, rn] = co_await http::async_read(stream, buffer, parser, use_tuple);
    rec = finished(rec);
    if (rec) {
      if (parser.is_header_done()) {
        r.status = parser.get().result_int();
        r.body_error = rec == http::error::body_limit
                           ? "body larger than the " + std::to_string(config.max_body) + "-byte limit"
                           : "incomplete body (" + why(rec) + ")";
      } else {
        r.network_error = "reading the response failed: " + why(rec);
        r.failure = parser.got_some() && tls_record_first(buffer) ? TransportFailure::tls_on_plain : kind_of(rec);
        r.stale = served_on_this_connection > 0 && !parser.got_some() &&
                  (rec == http::error::end_of_stream || rec == asio::error::eof ||
                   rec == asio::error::connection_reset || rec == ssl::error::stream_truncated);
      }
      close();
      co_return;
    }
    auto& res = parser.get();
    ++served_on_this_connection;
    r.status = res.result_int();
    if (auto it = res.find(http::field::retry_after); it != res.end()) r.retry_after = it->value();
    if (auto it = res.find(http::field::content_type); it != res.end()) r.content_type = it->value();
    const bool keep = res.keep_alive();
    auto encoding = res[http::field::content_encoding];
    if (beast::iequals(encoding, "gzip") || beast::iequals(encoding, "x-gzip")) {
      auto decoded = gunzip(res.body(), config.max_body);
      if (decoded) {
        r.body = std::move(*decoded);
      } else {
        r.body_error = decoded.error().message;
      }
    } else {
      r.body = std::move(res.body());
    }
    if (!keep) close();
  }
};

HttpConnection::HttpConnection(asio::any_io_executor executor, std::shared_ptr<TlsContext> tls,
                               ServiceEndpoint endpoint, ConnectionConfig config)
    : impl_(std::make_unique<Impl>(executor, std::move(tls), std::move(endpoint), std::move(config))) {}

HttpConnection::~HttpConnection() = default;

asio::awaitable<HttpResponse> HttpConnection::get(std::string target) {
  HttpRequest request;
  request.target = std::move(target);
  request.headers = {{"accept", "application/json"}, {"accept-encoding", "gzip"}, {"x-api-key", impl_->config.api_key}};
  co_return co_await this->request(std::move(request));
}

asio::awaitable<HttpResponse> HttpConnection::request(HttpRequest request) {
  auto& im = *impl_;
  HttpResponse r;
  im.until = request.deadline;
  if (im.open && im.peer_closed_while_idle()) im.close();
  if (!im.open) {
    co_await im.connect(r);
    if (!im.open) co_return r;
  }
  if (im.secure) {
    co_await im.exchange(*im.secure, request, r);
  } else {
    co_await im.exchange(*im.plain, request, r);
  }
  if (!request.keep_alive) im.close();
  co_return r;
}

void HttpConnection::close() { impl_->close(); }

}  // namespace paa
