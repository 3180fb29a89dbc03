// The routes a package user has to the local service (docs/emulator.md "Quick start"):
// certificates made by `paa-emulator --make-certs DIR` serve a real harvest over TLS and are
// trusted only through their own ca.pem; `paa-emulator --plain` serves an http:// base URL.
#include "harness.hpp"

#include <gtest/gtest.h>

namespace paa::e2e {
namespace {

// `paa-emulator --make-certs DIR [extra...]` to completion.
ProcessResult make_certs(const fs::path& dir, const fs::path& certs, std::vector<std::string> extra = {}) {
  std::vector<std::string> argv{PAA_EMULATOR_BIN, "--make-certs", certs.string()};
  argv.insert(argv.end(), extra.begin(), extra.end());
  Process p(argv, {}, dir);
  return p.wait();
}

// paa-emulator with DIR/server.pem and DIR/server.key, accepting kApiKey.
test::Emulator serve_with(const fs::path& dir, const fs::path& certs) {
  return test::Emulator(dir, {"--key", kApiKey}, {.tls = true, .cert = certs / "server"});
}

std::vector<std::string> run_with_ca(const fs::path& job, const std::string& base_url, const fs::path& ca) {
  return {"run", job.string(), "--base-url", base_url, "--ca-file", ca.string(), "--progress", "none"};
}

TEST(LocalCertsE2E, MadeCertificatesServeAHarvestOverTlsTrustedThroughTheirCaFile) {
  TempDir dir;
  const fs::path certs = dir / "certs";
  const auto made = make_certs(dir.path(), certs);
  ASSERT_EQ(made.exit_code, 0) << made.err;
  EXPECT_NE(made.out.find("next: paa-emulator --cert " + (certs / "server.pem").string()), std::string::npos)
      << made.out;
  EXPECT_NE(made.out.find("--ca-file " + (certs / "ca.pem").string()), std::string::npos) << made.out;

  auto emu = serve_with(dir.path(), certs);
  auto job = write_job(dir.path(), "made", 12, "concurrency = 4\nrate = 0");
  const auto r = run_paa(run_with_ca(job, emu.base_url(), certs / "ca.pem"), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(export_jsonl(dir.path(), dir / "made.db").size(), 12u);
  EXPECT_EQ(count_status(emu.log(), 200), 12u);

  // The certificate names 127.0.0.1 too: the address works as a host as well as localhost.
  auto by_ip = write_job(dir.path(), "by-ip", 3, "rate = 0");
  const std::string ip_url = "https://127.0.0.1:" + std::to_string(emu.port()) + "/api";
  const auto ip = run_paa(run_with_ca(by_ip, ip_url, certs / "ca.pem"), dir.path());
  ASSERT_EQ(ip.exit_code, 0) << ip.err;
  EXPECT_EQ(export_jsonl(dir.path(), dir / "by-ip.db").size(), 3u);
}

TEST(LocalCertsE2E, TheCertificateIsTrustedThroughItsOwnCaOnly) {
  TempDir dir;
  ASSERT_EQ(make_certs(dir.path(), dir / "served").exit_code, 0);
  ASSERT_EQ(make_certs(dir.path(), dir / "other").exit_code, 0);
  auto emu = serve_with(dir.path(), dir / "served");
  auto job = write_job(dir.path(), "untrusted", 5, "rate = 0");
  // Another --make-certs CA, the repository's test CA, and the system's CAs (no --ca-file).
  const std::vector<std::vector<std::string>> attempts{
      run_with_ca(job, emu.base_url(), dir / "other" / "ca.pem"),
      run_with_ca(job, emu.base_url(), certs_dir() / "ca.pem"),
      {"run", job.string(), "--base-url", emu.base_url(), "--progress", "none"},
  };
  for (const auto& args : attempts) {
    const auto r = run_paa(args, dir.path());
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("could not be verified"), std::string::npos) << r.err;
  }
  EXPECT_EQ(emu.requests(), 0u) << "no request (and no key) reached the server";
}

TEST(LocalCertsE2E, MakeCertsKeepsExistingFilesUnlessOverwriteIsGiven) {
  TempDir dir;
  const fs::path certs = dir / "certs";
  ASSERT_EQ(make_certs(dir.path(), certs).exit_code, 0);
  const std::string ca = read_file(certs / "ca.pem");
  const auto again = make_certs(dir.path(), certs);
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_NE(again.err.find("paa-emulator: --make-certs " + certs.string()), std::string::npos) << again.err;
  EXPECT_NE(again.err.find("already exist"), std::string::npos) << again.err;
  EXPECT_EQ(read_file(certs / "ca.pem"), ca);
  const auto replaced = make_certs(dir.path(), certs, {"--overwrite"});
  EXPECT_EQ(replaced.exit_code, 0) << replaced.err;
  EXPECT_NE(read_file(certs / "ca.pem"), ca);

  Process overwrite_alone({PAA_EMULATOR_BIN, "--overwrite"}, {}, dir.path());
  const auto alone = overwrite_alone.wait();
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_NE(alone.err.find("--make-certs"), std::string::npos) << alone.err;
}

TEST(LocalCertsE2E, APlainEmulatorServesAnHttpBaseUrlWithoutCertificates) {
  TempDir dir;
  Emulator emu(dir.path(), {}, /*tls=*/false);
  ASSERT_EQ(emu.base_url().rfind("http://localhost:", 0), 0u) << emu.base_url();
  auto job = write_job(dir.path(), "plain", 6, "concurrency = 2\nrate = 0");
  const auto r = run_paa({"run", job.string(), "--base-url", emu.base_url(), "--progress", "none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(export_jsonl(dir.path(), dir / "plain.db").size(), 6u);
  EXPECT_EQ(count_status(emu.log(), 200), 6u);
}

}  // namespace
}  // namespace paa::e2e
