#include "paa/emulator/server.hpp"

#include "paa/emulator/http_wire.hpp"

#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <functional>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

namespace paa::emulator {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using ip_tcp = asio::ip::tcp;
using namespace std::chrono_literals;
constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);
constexpr auto write_timeout = 30s;
constexpr auto handshake_timeout = 10s;
constexpr std::size_t huge_piece = 64 * 1024;
constexpr std::string_view kBadRequest =
    "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: 12\r\nConnection: close\r\n\r\n"
    "Bad request\n";
constexpr std::string_view kPlainOnTlsPort =
    "HTTP/1.1 400 Bad Request\r\nContent-Type: text/html\r\nContent-Length: 92\r\nConnection: close\r\n\r\n"
    "<html><head><title>400 The plain HTTP request was sent to HTTPS port</title></head></html>\r\n";

// One write(2) per line on an O_APPEND descriptor: lines from several threads never interleave,
// and each line is in the file when the response is sent.
class RequestLog {
 public:
  RequestLog() = default;
  RequestLog(const RequestLog&) = delete;
  RequestLog& operator=(const RequestLog&) = delete;
  ~RequestLog() {
    if (fd_ >= 0) ::close(fd_);
  }
  bool open(const std::string& path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    return fd_ >= 0;
  }
  bool enabled() const { return fd_ >= 0; }
  void write(std::string_view line) {
    while (!line.empty()) {
      ssize_t n = ::write(fd_, line.data(), line.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        ++failures;
        return;
      }
      line.remove_prefix(static_cast<std::size_t>(n));
    }
  }
  std::atomic<std::uint64_t> failures{0};

 private:
  int fd_ = -1;
};

struct Shared {
  Service& service;
  const ServerOptions& options;
  ssl::context* tls = nullptr;
  RequestLog log;
  std::atomic<std::uint64_t> next_connection{0};
  std::atomic<std::uint64_t> session_errors{0};
  // A planned outage in refuse mode began: stop listening until it ends (set by run_server).
  std::function<void()> refuse_connections;
};

std::int64_t unix_ms(TimePoint t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

asio::awaitable<void> close_gracefully(beast::tcp_stream& stream) {
  beast::error_code ec;
  stream.socket().shutdown(ip_tcp::socket::shutdown_send, ec);
  stream.close();
  co_return;
}

asio::awaitable<void> close_gracefully(beast::ssl_stream<beast::tcp_stream>& stream) {
  stream.next_layer().expires_after(2s);
  co_await stream.async_shutdown(use_tuple);  // close_notify; errors only mean the peer left first
  stream.next_layer().close();
}

void reset_connection(beast::tcp_stream& lowest) {
  // SO_LINGER 0: close() sends RST instead of FIN, like a crashed upstream.
  beast::error_code ec;
  lowest.socket().set_option(asio::socket_base::linger(true, 0), ec);
  lowest.socket().close(ec);
}

template <class Stream>
asio::awaitable<void> serve(Stream& stream, Shared& shared, std::uint64_t conn) {
  beast::tcp_stream& lowest = beast::get_lowest_layer(stream);
  const ServerOptions& opts = shared.options;
  beast::flat_buffer buffer;
  Reply reply;
  std::string wire, gz, piece, log_line;
  GzipEncoder gzip;
  asio::steady_timer timer(stream.get_executor());
  unsigned served = 0;

  for (;;) {
    http::request_parser<http::string_body> parser;
    parser.header_limit(16 * 1024);
    parser.body_limit(64 * 1024);
    lowest.expires_after(opts.idle_timeout);
    auto [read_ec, read_n] = co_await http::async_read(stream, buffer, parser, use_tuple);
    if (read_ec) {
      // Bytes that are no HTTP request (a TLS ClientHello on the plain port, say): a 400, as a
      // web server in front of the service answers; the client learns that the port is plain.
      if (read_ec.category() == beast::error_code(http::error::end_of_stream).category() &&
          read_ec != http::error::end_of_stream) {
        lowest.expires_after(write_timeout);
        co_await asio::async_write(stream, asio::buffer(std::string_view(kBadRequest)), use_tuple);
      }
      co_return;  // peer closed, idle timeout or unparsable request: drop the connection
    }
    const auto& req = parser.get();

    RequestView view{req.method_string(), req.target(), std::nullopt};
    if (auto it = req.find("x-api-key"); it != req.end()) view.api_key = it->value();
    TimePoint now = Clock::now();
    shared.service.handle(view, now, reply);
    ++served;
    bool keep_alive = req.keep_alive() && (opts.max_requests_per_connection == 0 || served < opts.max_requests_per_connection);
    bool gzip_ok = false;
    if (auto it = req.find(http::field::accept_encoding); it != req.end()) gzip_ok = accepts_gzip(it->value());

    auto write_log = [&] {
      if (!shared.log.enabled() || !reply.logged) return;
      format_log_line(log_line, reply, unix_ms(now), conn);
      shared.log.write(log_line);
    };

    if (reply.latency.count() > 0) {
      timer.expires_after(reply.latency);
      co_await timer.async_wait(use_tuple);
    }
    if (reply.status == 0) {  // Fault::reset, or a planned outage that refuses connections
      write_log();
      if (reply.refuse && shared.refuse_connections) shared.refuse_connections();
      reset_connection(lowest);
      co_return;
    }

    if (reply.huge) {
      HugeBody huge(std::move(reply.body));
      wire.clear();
      append_head(wire, ResponseHead{200, huge.size(), false, keep_alive, false, 0, false});
      write_log();
      lowest.expires_after(write_timeout);
      auto [ec, n] = co_await asio::async_write(stream, asio::buffer(wire), use_tuple);
      while (!ec && huge.next(piece, huge_piece)) {
        lowest.expires_after(write_timeout);
        std::tie(ec, n) = co_await asio::async_write(stream, asio::buffer(piece), use_tuple);
      }
      if (ec) co_return;
      if (!keep_alive) co_return co_await close_gracefully(stream);
      continue;
    }

    std::string_view body = reply.body;
    bool use_gzip = gzip_ok && !body.empty();
    if (use_gzip) {
      gzip.compress(body, gz);
      body = gz;
    }
    bool truncate = reply.fault == Fault::truncate;
    bool chunked = reply.chunked && !truncate;
    wire.clear();
    append_head(wire, ResponseHead{reply.status, body.size(), chunked, keep_alive && !truncate, use_gzip,
                                   reply.retry_after, reply.allow_get});
    if (chunked) append_chunked(wire, body, 3);
    else wire += truncate ? body.substr(0, body.size() / 2) : body;
    write_log();

    if (reply.fault == Fault::slow) {
      // Trickle: 12 pieces, 25 ms apart (about 300 ms per response).
      std::string_view rest = wire;
      std::size_t size = rest.size() / 12 + 1;
      beast::error_code ec;
      while (!rest.empty() && !ec) {
        std::string_view part = rest.substr(0, size);
        rest.remove_prefix(part.size());
        lowest.expires_after(write_timeout);
        std::size_t n = 0;
        std::tie(ec, n) = co_await asio::async_write(stream, asio::buffer(part.data(), part.size()), use_tuple);
        if (!rest.empty() && !ec) {
          timer.expires_after(25ms);
          co_await timer.async_wait(use_tuple);
        }
      }
      if (ec) co_return;
    } else {
      lowest.expires_after(write_timeout);
      auto [ec, n] = co_await asio::async_write(stream, asio::buffer(wire), use_tuple);
      if (ec) co_return;
    }
    if (truncate) {
      // Close without finishing the body (and without TLS close_notify): the client sees a cut-off message.
      beast::error_code ec;
      lowest.socket().shutdown(ip_tcp::socket::shutdown_send, ec);
      lowest.close();
      co_return;
    }
    if (!keep_alive) co_return co_await close_gracefully(stream);
  }
}

asio::awaitable<void> session(ip_tcp::socket socket, Shared& shared, std::uint64_t conn) {
  beast::tcp_stream plain(std::move(socket));
  if (!shared.tls) co_return co_await serve(plain, shared, conn);
  beast::ssl_stream<beast::tcp_stream> stream(std::move(plain), *shared.tls);
  stream.next_layer().expires_after(handshake_timeout);
  auto [ec] = co_await stream.async_handshake(ssl::stream_base::server, use_tuple);
  if (ec) {
    // Plain HTTP on the TLS port: nginx's answer, in plain HTTP, so the client can say "use https://".
    if (ec.category() == asio::error::get_ssl_category() &&
        ERR_GET_REASON(static_cast<unsigned long>(ec.value())) == SSL_R_HTTP_REQUEST) {
      stream.next_layer().expires_after(write_timeout);
      co_await asio::async_write(stream.next_layer(), asio::buffer(std::string_view(kPlainOnTlsPort)), use_tuple);
    }
    co_return;  // scanners, clients that reject our certificate: nothing to do
  }
  co_await serve(stream, shared, conn);
}

asio::awaitable<void> accept_loop(ip_tcp::acceptor& acceptor, Shared& shared, bool strands) {
  asio::steady_timer backoff(acceptor.get_executor());
  for (;;) {
    asio::any_io_executor ex = strands ? asio::any_io_executor(asio::make_strand(acceptor.get_executor()))
                                       : acceptor.get_executor();
    auto [ec, socket] = co_await acceptor.async_accept(ex, use_tuple);
    if (ec == asio::error::operation_aborted || !acceptor.is_open()) co_return;
    if (ec) {
      // EMFILE and friends: wait a little instead of spinning.
      std::fprintf(stderr, "paa-emulator: accept failed: %s\n", ec.message().c_str());
      backoff.expires_after(50ms);
      co_await backoff.async_wait(use_tuple);
      continue;
    }
    beast::error_code opt_ec;
    socket.set_option(ip_tcp::no_delay(true), opt_ec);
    std::uint64_t conn = ++shared.next_connection;
    asio::any_io_executor sex = socket.get_executor();
    asio::co_spawn(sex, session(std::move(socket), shared, conn), [&shared, conn](std::exception_ptr e) {
      if (!e) return;
      ++shared.session_errors;
      try {
        std::rethrow_exception(e);
      } catch (const std::exception& x) {
        std::fprintf(stderr, "paa-emulator: connection %llu failed: %s\n", static_cast<unsigned long long>(conn), x.what());
      }
    });
  }
}

bool write_port_file(const std::string& path, unsigned short port) {
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  std::FILE* f = std::fopen(tmp.c_str(), "w");
  if (!f) return false;
  bool ok = std::fprintf(f, "%u\n", static_cast<unsigned>(port)) > 0;
  ok = std::fclose(f) == 0 && ok;
  return ok && std::rename(tmp.c_str(), path.c_str()) == 0;
}

std::optional<ip_tcp::endpoint> parse_listen(const std::string& text) {
  std::size_t colon = text.rfind(':');
  if (colon == std::string::npos) return std::nullopt;
  std::string host = text.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  std::string port = text.substr(colon + 1);
  if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  unsigned long p = std::stoul(port);
  if (p > 65535) return std::nullopt;
  beast::error_code ec;
  auto address = asio::ip::make_address(host, ec);
  if (ec) return std::nullopt;
  return ip_tcp::endpoint(address, static_cast<unsigned short>(p));
}

}  // namespace

int run_server(Service& service, const ServerOptions& options) {
  auto endpoint = parse_listen(options.listen);
  if (!endpoint) {
    std::fprintf(stderr, "paa-emulator: --listen %s: expected ADDRESS:PORT, e.g. 127.0.0.1:0 or [::1]:8443\n",
                 options.listen.c_str());
    return 2;
  }
  std::optional<ssl::context> tls;
  if (!options.plain) {
    tls.emplace(ssl::context::tls_server);
    tls->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                     ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
    beast::error_code ec;
    tls->use_certificate_chain_file(options.cert_file, ec);
    if (ec) {
      std::fprintf(stderr, "paa-emulator: --cert %s: %s; create one with `paa-emulator --make-certs DIR` (DIR/server.pem, DIR/server.key)\n",
                   options.cert_file.c_str(), ec.message().c_str());
      return 2;
    }
    tls->use_private_key_file(options.key_file, ssl::context::pem, ec);
    if (ec) {
      std::fprintf(stderr, "paa-emulator: --key-file %s: %s; it must be the PEM key matching --cert\n",
                   options.key_file.c_str(), ec.message().c_str());
      return 2;
    }
  }
  Shared shared{service, options, tls ? &*tls : nullptr, {}, {}, {}, {}};
  if (options.log_file && !shared.log.open(*options.log_file)) {
    std::fprintf(stderr, "paa-emulator: --log %s: cannot open for appending: %s\n", options.log_file->c_str(),
                 std::strerror(errno));
    return 2;
  }

  // Declared after `shared` and `tls` so that it is destroyed first, with the coroutines it still holds.
  asio::io_context ioc(static_cast<int>(options.threads));
  // The acceptor's own strand: a planned outage closes and reopens it from connection threads.
  auto acceptor_strand = asio::make_strand(ioc);
  ip_tcp::acceptor acceptor(acceptor_strand);
  beast::error_code ec;
  auto listen_on = [&acceptor](const ip_tcp::endpoint& at, beast::error_code& e) {
    acceptor.open(at.protocol(), e);
    if (!e) acceptor.set_option(asio::socket_base::reuse_address(true), e);
    if (!e) acceptor.bind(at, e);
    if (!e) acceptor.listen(asio::socket_base::max_listen_connections, e);
  };
  listen_on(*endpoint, ec);
  if (ec) {
    std::fprintf(stderr, "paa-emulator: cannot listen on %s: %s\n", options.listen.c_str(), ec.message().c_str());
    return 2;
  }
  unsigned short port = acceptor.local_endpoint().port();
  if (options.port_file && !write_port_file(*options.port_file, port)) {
    std::fprintf(stderr, "paa-emulator: --port-file %s: cannot write: %s\n", options.port_file->c_str(),
                 std::strerror(errno));
    return 2;
  }
  std::fprintf(stderr, "paa-emulator: listening on %s://%s:%u%s/alsoask\n", options.plain ? "http" : "https",
               endpoint->address().to_string().c_str(), static_cast<unsigned>(port), service.config().prefix.c_str());

  auto start_accepting = [&] {
    asio::co_spawn(acceptor_strand, accept_loop(acceptor, shared, options.threads > 1), [](std::exception_ptr e) {
      if (e) std::fprintf(stderr, "paa-emulator: accept loop stopped unexpectedly\n");
    });
  };
  start_accepting();
  // A planned outage (--down-mode refuse): the port refuses connections until it ends, then the
  // same port listens again.
  const ip_tcp::endpoint bound(endpoint->address(), port);
  asio::steady_timer reopen(acceptor_strand);
  bool stopping = false;
  shared.refuse_connections = [&] {
    // Inline when the caller is on the acceptor's strand (one thread): no connection is
    // accepted between the request that met the outage and the close.
    asio::dispatch(acceptor_strand, [&] {
      if (!acceptor.is_open() || stopping) return;
      beast::error_code ignored;
      acceptor.close(ignored);
      std::fprintf(stderr, "paa-emulator: planned outage: refusing connections\n");
      const auto up = service.outage_up_at();
      if (!up) return;  // for good
      reopen.expires_after(std::chrono::duration_cast<std::chrono::milliseconds>(*up - Clock::now()));
      reopen.async_wait([&](const beast::error_code& wait_ec) {
        if (wait_ec || stopping) return;
        beast::error_code listen_ec;
        listen_on(bound, listen_ec);
        if (listen_ec) {
          std::fprintf(stderr, "paa-emulator: cannot listen again on port %u: %s\n", static_cast<unsigned>(port),
                       listen_ec.message().c_str());
          return;
        }
        std::fprintf(stderr, "paa-emulator: planned outage over: listening again\n");
        start_accepting();
      });
    });
  };

  asio::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](const beast::error_code& sig_ec, int) {
    if (sig_ec) return;
    // Stop accepting; stopping the context then destroys every connection's coroutine, closing its socket.
    asio::post(acceptor_strand, [&] {
      stopping = true;
      beast::error_code ignored;
      acceptor.close(ignored);
      reopen.cancel();
      ioc.stop();
    });
  });
  std::vector<std::thread> workers;
  for (unsigned i = 1; i < options.threads; ++i) workers.emplace_back([&ioc] { ioc.run(); });
  ioc.run();
  for (auto& t : workers) t.join();
  if (shared.session_errors) std::fprintf(stderr, "paa-emulator: %llu connection(s) failed unexpectedly\n",
                                          static_cast<unsigned long long>(shared.session_errors.load()));
  return 0;
}

}  // namespace paa::emulator
