#pragma once
// `paa-emulator --make-certs DIR`: a local CA and a localhost server certificate, made with
// OpenSSL's C API, so an installed package can serve HTTPS without scripts/make-certs.sh.
#include "paa/error.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace paa::emulator {

// What --make-certs writes, in DIR:
//   ca.pem      the local CA's certificate ("paa-emulator local CA", 10 years; CA:TRUE, critical;
//               keyCertSign, cRLSign): give it to paa with --ca-file
//   server.pem  CN=localhost, SAN DNS:localhost, IP:127.0.0.1, IP:::1, 825 days, serverAuth,
//               signed by the CA: the emulator's --cert
//   server.key  its EC P-256 key (PKCS#8 PEM, mode 0600): the emulator's --key-file
// The CA's own key is never written: it signs server.pem and is discarded, so trusting ca.pem
// trusts that one certificate and nothing anyone could sign later. Keys are EC P-256 and
// signatures SHA-256, as scripts/make-certs.sh makes them.
inline constexpr const char* kLocalCaFile = "ca.pem";
inline constexpr const char* kLocalCertFile = "server.pem";
inline constexpr const char* kLocalKeyFile = "server.key";

struct LocalCerts {
  std::filesystem::path ca;    // DIR/ca.pem
  std::filesystem::path cert;  // DIR/server.pem
  std::filesystem::path key;   // DIR/server.key
};

// Makes DIR (and its parents) if needed and writes the three files. Without `overwrite` it
// refuses (errc::invalid_input, naming the files) when any of them exists, and never replaces
// one that appears meanwhile; with it, each file is replaced atomically (temporary file, rename).
// errc::io for a folder or file that cannot be written, errc::tls when OpenSSL fails.
Result<LocalCerts> make_local_certs(const std::filesystem::path& dir, bool overwrite);

}  // namespace paa::emulator
