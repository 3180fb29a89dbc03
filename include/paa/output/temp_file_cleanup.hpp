#pragma once
// The temporary file of an atomic -o (atomic_file.hpp), removed when SIGINT, SIGTERM or SIGHUP
// stops the process while it exists; the process then dies of the same signal (exit status
// 128 + signal), as it would have. The handlers are the process's: `main` installs them once
// (app::configure_process), a library never does. Without them a registration does nothing.
#include <string>

namespace paa {

// Idempotent. The handlers only unlink the registered path and re-raise.
void install_temp_file_cleanup();

// One temporary file at a time (a command writes one -o at a time); the path is copied into a
// fixed buffer the handler may read. Unregistered when destroyed.
class TempFileRegistration {
 public:
  explicit TempFileRegistration(const std::string& path);
  ~TempFileRegistration();
  TempFileRegistration(const TempFileRegistration&) = delete;
  TempFileRegistration& operator=(const TempFileRegistration&) = delete;
};

}  // namespace paa
