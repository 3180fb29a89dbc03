#include "paa/net/tls_peer.hpp"

#include <boost/asio/ip/address.hpp>

#include <openssl/x509v3.h>

namespace paa {

void expect_peer_name(SSL* handle, const std::string& host) {
  boost::system::error_code not_ip;
  boost::asio::ip::make_address(host, not_ip);
  X509_VERIFY_PARAM* param = SSL_get0_param(handle);
  if (not_ip) {
    SSL_set_tlsext_host_name(handle, host.c_str());  // SNI is for names only
    X509_VERIFY_PARAM_set1_host(param, host.c_str(), host.size());
  } else {
    X509_VERIFY_PARAM_set1_ip_asc(param, host.c_str());
  }
}

std::optional<std::string> certificate_failure(SSL* handle) {
  const long verify = SSL_get_verify_result(handle);
  if (verify == X509_V_OK) return std::nullopt;
  return std::string(X509_verify_cert_error_string(verify));
}

}  // namespace paa
