#pragma once
// What a TLS client checks of its peer, shared by the service connection and the [notify]
// delivery: the name the certificate must carry, and why a handshake's verification failed.
#include <openssl/ssl.h>

#include <optional>
#include <string>

namespace paa {

// Before the handshake: SNI for a host name, and the host name or IP address the certificate
// must carry (OpenSSL checks it, so a mismatch reads "hostname mismatch").
void expect_peer_name(SSL* handle, const std::string& host);

// After a failed handshake: OpenSSL's reason when the certificate did not verify; nullopt when
// it did (the failure was elsewhere).
std::optional<std::string> certificate_failure(SSL* handle);

}  // namespace paa
