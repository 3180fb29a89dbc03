#pragma once
// One keep-alive HTTP/1.1 connection (TLS or plain) to the service, driven by C++20 coroutines.
// Beast and OpenSSL stay inside src/net/ (http_connection.cpp, tls_socket.hpp); this header is
// cheap to include.
#include "paa/error.hpp"
#include "paa/net/base_url.hpp"

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace paa {

// The OpenSSL client context shared by every connection: the system trust store plus
// an optional extra CA file; peer verification is always on.
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

struct HttpResponse {
  int status = 0;             // 0: no response (connect, TLS, reset, timeout)
  std::string body;           // Content-Encoding undone
  std::string retry_after;    // raw header value, "" when absent
  std::string network_error;  // why there is no response (status == 0)
  std::string body_error;     // why a response's body is unusable (truncated, too big, bad gzip)
  bool tls_refused = false;   // the server's certificate failed verification: nothing was sent
  bool request_sent = false;  // every byte of the request was written
  // A kept-alive connection the server had closed: the request was written, not a byte came
  // back, and the failure was the peer's close (not a timeout).
  bool stale = false;
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

struct ConnectionConfig {
  std::string api_key;  // sent as x-api-key, only after the peer is verified
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

  // Closes the socket.
  void close() override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace paa
