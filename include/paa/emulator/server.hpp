#pragma once
// The network shell: Beast HTTP/1.1 over TLS (or plain TCP) with C++20 coroutines around Service.
#include "paa/emulator/service.hpp"

#include <chrono>
#include <optional>
#include <string>

namespace paa::emulator {

struct ServerOptions {
  std::string listen = "127.0.0.1:0";
  std::optional<std::string> port_file;
  bool plain = false;
  std::string cert_file, key_file;
  unsigned max_requests_per_connection = 0;  // 0: unlimited
  std::chrono::seconds idle_timeout{30};
  unsigned threads = 1;
  std::optional<std::string> log_file;
};

// Runs until SIGINT/SIGTERM. Returns the process exit code (0 on a clean stop, 2 on bad setup).
int run_server(Service& service, const ServerOptions& options);

}  // namespace paa::emulator
