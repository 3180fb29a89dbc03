#pragma once
// One keep-alive HTTP/1.1 connection (TLS or plain) to the service, driven by C++20 coroutines.
// Beast and OpenSSL stay inside src/net/ (http_connection.cpp, tls_socket.hpp); this header is
// cheap to include.
#include "paa/error.hpp"
#include "paa/net/base_url.hpp"
#include "paa/net/http_response.hpp"

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace paa {

// The OpenSSL client context shared by every connection: the system trust store plus
// an optional extra CA file; peer verification is always on. OpenSSL writes the socket itself
// (tls_socket.hpp) with write(), not send(MSG_NOSIGNAL): the process must ignore SIGPIPE, or a
// peer that closed the connection ends it instead of giving an EPIPE the connection reports
// (`main` does: app/process_settings.hpp).
class TlsContext {
 public:
  static Result<std::shared_ptr<TlsContext>> create(const std::string& ca_file);
  ~TlsContext();
  void* native_context();  // boost::asio::ssl::context*
 private:
  TlsContext();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};


// One request at a time to the service: what a harvest worker needs of a connection.
// HttpConnection is the real one; tests put the emulator's Service behind it in-process.
class Transport {
 public:
  virtual ~Transport() = default;
  // Exactly one request on the wire per call; failures are reported in the response.
  virtual boost::asio::awaitable<HttpResponse> get(std::string target) = 0;
  virtual void close() = 0;
};

// One request, for callers other than the harvest's GET (a webhook's POST).
struct HttpRequest {
  std::string method = "GET";  // GET or POST
  std::string target;          // path and query
  std::string content_type;    // "" = none (no body)
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // sent after the peer is verified
  bool keep_alive = true;      // false: "Connection: close", and the connection closes after it
  // Every step of this request (resolution, connect, handshake, exchange) ends by then, sooner
  // than ConnectionConfig::timeout would end it: one bound for the whole request.
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

struct ConnectionConfig {
  std::string api_key;  // get(): sent as x-api-key, only after the peer is verified
  std::string user_agent;
  std::chrono::milliseconds timeout{60000};  // deadline for each connect and each exchange
  std::size_t max_body = 16u << 20;
};

class HttpConnection final : public Transport {
 public:
  HttpConnection(boost::asio::any_io_executor executor, std::shared_ptr<TlsContext> tls,
                 ServiceEndpoint endpoint, ConnectionConfig config);
  ~HttpConnection() override;
  HttpConnection(const HttpConnection&) = delete;
  HttpConnection& operator=(const HttpConnection&) = delete;

  // Exactly one GET on the wire (never a hidden resend), (re)connecting first when needed; a
  // kept-alive connection the server has closed meanwhile is noticed before sending and
  // replaced. Never throws for network trouble: it is reported in the response. After any
  // failure, cancellation or `Connection: close`, the connection is closed; the next call
  // opens a new one (a broken stream is never reused). Every step has the configured
  // deadline, name resolution included; the awaiting coroutine's cancellation is honoured.
  boost::asio::awaitable<HttpResponse> get(std::string target) override;

  // The same contract for any request (no API key unless the caller adds it): one request on the
  // wire, the response's status, headers of interest (Retry-After) and body.
  boost::asio::awaitable<HttpResponse> request(HttpRequest request);

  // Closes the socket.
  void close() override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace paa
