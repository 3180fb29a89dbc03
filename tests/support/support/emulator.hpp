#pragma once
// paa-emulator on 127.0.0.1:0 (an ephemeral port), over TLS with scripts/make-certs.sh's
// certificates (or another folder's) or plain HTTP, with its JSON request log.
#include "support/process.hpp"

#include <boost/json.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace paa::test {

// Certificates from scripts/make-certs.sh, made once per test binary.
const std::filesystem::path& certs_dir();

class Emulator {
 public:
  struct Options {
    bool tls = true;
    // certs_dir()/<cert>.pem and .key; an absolute path names another folder's ("/tmp/x/server").
    std::filesystem::path cert = "server";
  };
  // `args` go to paa-emulator as they are (keys, faults, ...). Throws if it does not start.
  Emulator(const std::filesystem::path& dir, std::vector<std::string> args, Options options);
  Emulator(const std::filesystem::path& dir, std::vector<std::string> args)
      : Emulator(dir, std::move(args), Options{}) {}
  ~Emulator();

  int port() const { return port_; }
  bool tls() const { return tls_; }
  std::string base_url() const;  // https://localhost:PORT/api
  const std::filesystem::path& log_path() const { return log_; }
  std::vector<boost::json::object> log() const;  // one object per logged request
  std::size_t requests() const { return log().size(); }
  // SIGTERM, then its exit status (-1 if it was stopped already).
  int stop();

 private:
  std::filesystem::path log_;
  std::unique_ptr<Process> process_;
  int port_ = 0;
  bool tls_;
};

}  // namespace paa::test
