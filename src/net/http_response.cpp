#include "paa/net/http_response.hpp"

namespace paa {

const char* transport_failure_name(TransportFailure failure) {
  switch (failure) {
    case TransportFailure::none: return "no failure";
    case TransportFailure::refused: return "connection refused";
    case TransportFailure::dns: return "host not found";
    case TransportFailure::timeout: return "timed out";
    case TransportFailure::tls_verify: return "certificate refused";
    case TransportFailure::tls_handshake: return "TLS handshake failed";
    case TransportFailure::plain_on_tls: return "plain HTTP on a TLS connection";
    case TransportFailure::tls_on_plain: return "TLS on a plain HTTP connection";
    case TransportFailure::closed: return "connection closed without an answer";
    case TransportFailure::other: return "network failure";
  }
  return "network failure";
}

}  // namespace paa
