#pragma once
// What one HTTP exchange gave: a plain value, so that the pure decision classes (KeyAttempt)
// take it as it is, without Asio or Beast.
#include <string>

namespace paa {

struct HttpResponse {
  int status = 0;             // 0: no response (connect, TLS, reset, timeout)
  std::string body;           // Content-Encoding undone
  std::string retry_after;    // raw header value, "" when absent
  std::string content_type;   // raw header value, "" when absent
  std::string network_error;  // why there is no response (status == 0)
  std::string body_error;     // why a response's body is unusable (truncated, too big, bad gzip)
  bool tls_refused = false;   // the server's certificate failed verification: nothing was sent
  bool request_sent = false;  // every byte of the request was written
  // A kept-alive connection the server had closed: the request was written, not a byte came
  // back, and the failure was the peer's close (not a timeout).
  bool stale = false;
};

}  // namespace paa
