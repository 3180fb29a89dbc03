#pragma once
// What one HTTP exchange gave: a plain value, so that the pure decision classes (KeyAttempt,
// ServiceHealth) take it as it is, without Asio or Beast.
#include <string>

namespace paa {

// Why no response came, by kind: what the service's health (ServiceHealth) and a wrong address's
// message go by. The text is in HttpResponse::network_error.
enum class TransportFailure {
  none,           // a response came (or the failure was its body's)
  refused,        // connection refused: nothing listens on that port
  dns,            // the host name did not resolve
  timeout,        // a step (resolution, connect, handshake, exchange) passed its deadline
  tls_verify,     // the certificate failed verification (tls_refused): nothing was sent
  tls_handshake,  // the TLS handshake failed for another reason
  plain_on_tls,   // https:// to a server that speaks plain HTTP on that port
  tls_on_plain,   // http:// to a server that speaks TLS on that port
  closed,         // the connection was reset or closed before any byte of an answer
  other,          // anything else (unreachable network, cancelled, ...)
};

// "connection refused", "host not found", ...: short, for logs and the health's messages.
const char* transport_failure_name(TransportFailure failure);

struct HttpResponse {
  int status = 0;             // 0: no response (connect, TLS, reset, timeout)
  std::string body;           // Content-Encoding undone
  std::string retry_after;    // raw header value, "" when absent
  std::string content_type;   // raw header value, "" when absent
  std::string network_error;  // why there is no response (status == 0)
  std::string body_error;     // why a response's body is unusable (truncated, too big, bad gzip)
  TransportFailure failure = TransportFailure::none;  // status == 0: the kind of network_error
  bool tls_refused = false;   // the server's certificate failed verification: nothing was sent
  bool request_sent = false;  // every byte of the request was written
  // A kept-alive connection the server had closed: the request was written, not a byte came
  // back, and the failure was the peer's close (not a timeout).
  bool stale = false;
};

}  // namespace paa
