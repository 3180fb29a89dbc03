#include "paa/emulator/local_certs.hpp"

#include "support/files.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cstdio>
#include <memory>
#include <string>
#include <sys/stat.h>

namespace paa::emulator {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::TempDir;

struct Free {
  void operator()(X509* p) const { X509_free(p); }
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
  void operator()(X509_STORE* p) const { X509_STORE_free(p); }
  void operator()(X509_STORE_CTX* p) const { X509_STORE_CTX_free(p); }
};
using Cert = std::unique_ptr<X509, Free>;

Cert load_cert(const fs::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "r");
  if (f == nullptr) return nullptr;
  Cert cert(PEM_read_X509(f, nullptr, nullptr, nullptr));
  std::fclose(f);
  return cert;
}

std::unique_ptr<EVP_PKEY, Free> load_key(const fs::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "r");
  if (f == nullptr) return nullptr;
  std::unique_ptr<EVP_PKEY, Free> key(PEM_read_PrivateKey(f, nullptr, nullptr, nullptr));
  std::fclose(f);
  return key;
}

// X509_V_OK when `leaf` chains to `ca` (and nothing else is trusted), else OpenSSL's reason.
int verify(X509* ca, X509* leaf) {
  std::unique_ptr<X509_STORE, Free> store(X509_STORE_new());
  std::unique_ptr<X509_STORE_CTX, Free> ctx(X509_STORE_CTX_new());
  X509_STORE_add_cert(store.get(), ca);
  X509_STORE_CTX_init(ctx.get(), store.get(), leaf, nullptr);
  X509_STORE_CTX_set_purpose(ctx.get(), X509_PURPOSE_SSL_SERVER);
  return X509_verify_cert(ctx.get()) == 1 ? X509_V_OK : X509_STORE_CTX_get_error(ctx.get());
}

int days_valid(X509* cert) {
  int days = 0, seconds = 0;
  ASN1_TIME_diff(&days, &seconds, X509_get0_notBefore(cert), X509_get0_notAfter(cert));
  return days;
}

TEST(LocalCerts, MakesACaAndALocalhostServerCertificateThatChainsToIt) {
  const TempDir dir;
  const fs::path certs = dir / "new/certs";  // made, parents included
  auto made = make_local_certs(certs, false);
  ASSERT_TRUE(made) << made.error().message;
  EXPECT_EQ(made->ca, certs / "ca.pem");
  EXPECT_EQ(made->cert, certs / "server.pem");
  EXPECT_EQ(made->key, certs / "server.key");
  EXPECT_FALSE(fs::exists(certs / "ca.key")) << "the CA's key is discarded: ca.pem vouches for server.pem only";
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(certs)) ++entries;
  EXPECT_EQ(entries, 3u) << "no temporary file is left";

  struct stat st{};
  ASSERT_EQ(::stat(made->key.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u) << "the private key is readable by its owner only";
  EXPECT_NE(read_file(made->key).find("-----BEGIN PRIVATE KEY-----"), std::string::npos);

  const Cert ca = load_cert(made->ca);
  const Cert server = load_cert(made->cert);
  const auto key = load_key(made->key);
  ASSERT_TRUE(ca && server && key);
  EXPECT_EQ(verify(ca.get(), server.get()), X509_V_OK);
  EXPECT_EQ(X509_check_private_key(server.get(), key.get()), 1) << "server.key is server.pem's key";
  EXPECT_EQ(X509_check_host(server.get(), "localhost", 0, 0, nullptr), 1);
  EXPECT_EQ(X509_check_ip_asc(server.get(), "127.0.0.1", 0), 1);
  EXPECT_EQ(X509_check_ip_asc(server.get(), "::1", 0), 1);
  EXPECT_NE(X509_check_host(server.get(), "example.com", 0, 0, nullptr), 1);
  EXPECT_GE(X509_check_ca(ca.get()), 1);
  EXPECT_EQ(X509_check_ca(server.get()), 0) << "the server certificate cannot sign others";
  EXPECT_EQ(EVP_PKEY_get_bits(key.get()), 256) << "EC P-256, as scripts/make-certs.sh";
  EXPECT_EQ(days_valid(ca.get()), 3650);
  EXPECT_EQ(days_valid(server.get()), 825);
  EXPECT_EQ(X509_cmp_current_time(X509_get0_notBefore(server.get())), -1) << "valid from now";
}

TEST(LocalCerts, ExistingFilesAreKeptUnlessOverwriteIsGiven) {
  const TempDir dir;
  ASSERT_TRUE(make_local_certs(dir.path(), false));
  const std::string ca_before = read_file(dir / "ca.pem");
  const std::string key_before = read_file(dir / "server.key");

  auto again = make_local_certs(dir.path(), false);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().kind(), errc::invalid_input);
  EXPECT_NE(again.error().message.find((dir / "ca.pem").string()), std::string::npos) << again.error().message;
  EXPECT_NE(again.error().message.find("--overwrite"), std::string::npos) << again.error().message;
  EXPECT_EQ(read_file(dir / "ca.pem"), ca_before);
  EXPECT_EQ(read_file(dir / "server.key"), key_before);

  // One existing file is enough to refuse, and nothing is written beside it.
  const TempDir other;
  other.write("server.key", "mine\n");
  auto partial = make_local_certs(other.path(), false);
  ASSERT_FALSE(partial);
  EXPECT_EQ(read_file(other / "server.key"), "mine\n");
  EXPECT_FALSE(fs::exists(other / "ca.pem"));

  auto replaced = make_local_certs(dir.path(), true);
  ASSERT_TRUE(replaced) << replaced.error().message;
  EXPECT_NE(read_file(dir / "ca.pem"), ca_before) << "a new CA";
  const Cert ca = load_cert(dir / "ca.pem");
  const Cert server = load_cert(dir / "server.pem");
  ASSERT_TRUE(ca && server);
  EXPECT_EQ(verify(ca.get(), server.get()), X509_V_OK);
}

TEST(LocalCerts, EachRunMakesItsOwnCaThatTrustsNoOtherCertificate) {
  const TempDir one, two;
  ASSERT_TRUE(make_local_certs(one.path(), false));
  ASSERT_TRUE(make_local_certs(two.path(), false));
  const Cert ca_one = load_cert(one / "ca.pem");
  const Cert server_two = load_cert(two / "server.pem");
  ASSERT_TRUE(ca_one && server_two);
  EXPECT_NE(verify(ca_one.get(), server_two.get()), X509_V_OK);
}

TEST(LocalCerts, AFolderThatCannotBeMadeIsAnIoErrorNamingIt) {
  const TempDir dir;
  dir.write("file", "x");
  auto made = make_local_certs(dir / "file/certs", false);
  ASSERT_FALSE(made);
  EXPECT_EQ(made.error().kind(), errc::io);
  EXPECT_NE(made.error().message.find("cannot create the folder " + (dir / "file/certs").string()),
            std::string::npos)
      << made.error().message;
}

}  // namespace
}  // namespace paa::emulator
