// A local CA and a localhost server certificate for paa-emulator, with OpenSSL's C API.
#include "paa/emulator/local_certs.hpp"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

namespace paa::emulator {
namespace {

namespace fs = std::filesystem;

constexpr long kCaDays = 3650;
constexpr long kServerDays = 825;  // the longest a browser ever accepted, as make-certs.sh uses

struct Free {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
  void operator()(X509* p) const { X509_free(p); }
  void operator()(X509_EXTENSION* p) const { X509_EXTENSION_free(p); }
  void operator()(BIGNUM* p) const { BN_free(p); }
  void operator()(BIO* p) const { BIO_free(p); }
};
template <class T>
using Owned = std::unique_ptr<T, Free>;

// The OpenSSL error queue as text (emptied), for a message that says what failed.
std::string openssl_errors() {
  std::string out;
  while (const unsigned long e = ERR_get_error()) {
    char buf[256];
    ERR_error_string_n(e, buf, sizeof buf);
    out += (out.empty() ? "" : "; ") + std::string(buf);
  }
  return out.empty() ? "no detail from OpenSSL" : out;
}

Error tls_error(const std::string& what) {
  return make_error(errc::tls, "--make-certs: " + what + " failed: " + openssl_errors());
}

Error io_error(int err, const std::string& what) {
  return make_error(boost::system::error_code(err, boost::system::system_category()),
                    "--make-certs: " + what + ": " + std::strerror(err));
}

Result<Owned<EVP_PKEY>> new_key() {
  Owned<EVP_PKEY> key(EVP_EC_gen("P-256"));
  if (!key) return tls_error("making an EC P-256 key");
  return key;
}

bool add_extension(X509* cert, X509* issuer, int nid, const char* value) {
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
  Owned<X509_EXTENSION> ext(X509V3_EXT_conf_nid(nullptr, &ctx, nid, value));
  return ext && X509_add_ext(cert, ext.get(), -1) == 1;
}

struct Extension {
  int nid;
  const char* value;
};

// A v3 certificate for `key`, named CN=`common_name`, valid from now for `days`, signed with
// SHA-256 by `issuer_key` (itself when `issuer` is null).
Result<Owned<X509>> new_certificate(EVP_PKEY* key, const char* common_name, long days, X509* issuer,
                                    EVP_PKEY* issuer_key, std::initializer_list<Extension> extensions) {
  Owned<X509> cert(X509_new());
  if (!cert || X509_set_version(cert.get(), 2) != 1) return tls_error("making a certificate");
  // A random 127-bit serial: positive, unique enough that no two of our certificates share one.
  unsigned char serial_bytes[16];
  if (RAND_bytes(serial_bytes, sizeof serial_bytes) != 1) return tls_error("drawing a serial number");
  serial_bytes[0] &= 0x7f;
  Owned<BIGNUM> serial(BN_bin2bn(serial_bytes, sizeof serial_bytes, nullptr));
  if (!serial || BN_to_ASN1_INTEGER(serial.get(), X509_get_serialNumber(cert.get())) == nullptr) {
    return tls_error("setting the serial number");
  }
  X509_NAME* name = X509_get_subject_name(cert.get());
  if (X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, reinterpret_cast<const unsigned char*>(common_name),
                                 -1, -1, 0) != 1) {
    return tls_error("naming the certificate");
  }
  X509* signer = issuer != nullptr ? issuer : cert.get();
  if (X509_set_issuer_name(cert.get(), X509_get_subject_name(signer)) != 1 ||
      X509_gmtime_adj(X509_getm_notBefore(cert.get()), 0) == nullptr ||
      X509_time_adj_ex(X509_getm_notAfter(cert.get()), static_cast<int>(days), 0, nullptr) == nullptr ||
      X509_set_pubkey(cert.get(), key) != 1) {
    return tls_error("filling in the certificate");
  }
  for (const Extension& e : extensions) {
    if (!add_extension(cert.get(), signer, e.nid, e.value)) {
      return tls_error(std::string("adding the extension ") + OBJ_nid2sn(e.nid) + " = " + e.value);
    }
  }
  if (X509_sign(cert.get(), issuer_key, EVP_sha256()) <= 0) return tls_error("signing the certificate");
  return cert;
}

// PEM text of a certificate or a private key (PKCS#8, unencrypted).
template <class Write>
Result<std::string> pem(Write write, const char* what) {
  Owned<BIO> bio(BIO_new(BIO_s_mem()));
  if (!bio || !write(bio.get())) return tls_error(std::string("writing ") + what + " as PEM");
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio.get(), &data);
  return std::string(data, static_cast<std::size_t>(size));
}

struct Output {
  const char* name;
  std::string text;
  mode_t mode;
};

// Writes `text` to a new file `path` (mode `mode`, whatever the umask), flushed to the disk.
Result<void> write_new_file(const fs::path& path, std::string_view text, mode_t mode) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
  if (fd < 0) return io_error(errno, "cannot create " + path.string());
  int err = ::fchmod(fd, mode) == 0 ? 0 : errno;
  for (std::size_t done = 0; err == 0 && done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) err = errno;
    else done += static_cast<std::size_t>(n);
  }
  if (err == 0 && ::fsync(fd) != 0) err = errno;
  if (::close(fd) != 0 && err == 0) err = errno;
  if (err != 0) {
    ::unlink(path.c_str());
    return io_error(err, "cannot write " + path.string());
  }
  return {};
}

}  // namespace

Result<LocalCerts> make_local_certs(const fs::path& dir, bool overwrite) {
  const LocalCerts files{dir / kLocalCaFile, dir / kLocalCertFile, dir / kLocalKeyFile};
  if (!overwrite) {
    std::string existing;
    int count = 0;
    for (const fs::path* p : {&files.ca, &files.cert, &files.key}) {
      std::error_code ec;
      if (fs::exists(fs::symlink_status(*p, ec))) {
        existing += (existing.empty() ? "" : ", ") + p->string();
        ++count;
      }
    }
    if (count > 0) {
      return make_error(errc::invalid_input,
                        "--make-certs " + dir.string() + ": " + existing + (count == 1 ? " already exists" : " already exist") +
                            "; nothing was written. Use them, add --overwrite to replace ca.pem, server.pem and "
                            "server.key, or name another folder");
    }
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return io_error(ec.value(), "cannot create the folder " + dir.string());

  auto ca_key = new_key();
  if (!ca_key) return ca_key.error();
  auto ca = new_certificate(ca_key->get(), "paa-emulator local CA", kCaDays, nullptr, ca_key->get(),
                            {{NID_basic_constraints, "critical,CA:TRUE"},
                             {NID_key_usage, "critical,keyCertSign,cRLSign"},
                             {NID_subject_key_identifier, "hash"}});
  if (!ca) return ca.error();
  auto server_key = new_key();
  if (!server_key) return server_key.error();
  auto server = new_certificate(server_key->get(), "localhost", kServerDays, ca->get(), ca_key->get(),
                                {{NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1,IP:::1"},
                                 {NID_basic_constraints, "CA:FALSE"},
                                 {NID_key_usage, "digitalSignature"},
                                 {NID_ext_key_usage, "serverAuth"},
                                 {NID_subject_key_identifier, "hash"},
                                 {NID_authority_key_identifier, "keyid:always"}});
  if (!server) return server.error();

  auto ca_pem = pem([&](BIO* b) { return PEM_write_bio_X509(b, ca->get()) == 1; }, "the CA certificate");
  auto server_pem = pem([&](BIO* b) { return PEM_write_bio_X509(b, server->get()) == 1; }, "the server certificate");
  auto key_pem = pem([&](BIO* b) {
    return PEM_write_bio_PrivateKey(b, server_key->get(), nullptr, nullptr, 0, nullptr, nullptr) == 1;
  }, "the server key");
  if (!ca_pem) return ca_pem.error();
  if (!server_pem) return server_pem.error();
  if (!key_pem) return key_pem.error();
  const Output outputs[] = {{kLocalCaFile, std::move(*ca_pem), 0644},
                            {kLocalCertFile, std::move(*server_pem), 0644},
                            {kLocalKeyFile, std::move(*key_pem), 0600}};

  // Each file is complete before it gets its name: written under a temporary name, then renamed
  // (--overwrite) or linked, which fails rather than replace a file that appeared meanwhile.
  const std::string tag = ".tmp-" + std::to_string(::getpid());
  for (const Output& out : outputs) {
    const fs::path final_path = dir / out.name;
    const fs::path temp_path = dir / (std::string(out.name) + tag);
    ::unlink(temp_path.c_str());
    if (auto w = write_new_file(temp_path, out.text, out.mode); !w) return w.error();
    int err = 0;
    if (overwrite) {
      if (::rename(temp_path.c_str(), final_path.c_str()) != 0) err = errno;
    } else if (::link(temp_path.c_str(), final_path.c_str()) != 0) {
      err = errno;
    }
    ::unlink(temp_path.c_str());
    if (err == EEXIST) {
      return make_error(errc::invalid_input, "--make-certs " + dir.string() + ": " + final_path.string() +
                                                 " appeared while the certificates were made; it was not replaced");
    }
    if (err != 0) return io_error(err, "cannot write " + final_path.string());
  }
  return files;
}

}  // namespace paa::emulator
