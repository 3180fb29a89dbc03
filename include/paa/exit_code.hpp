#pragma once
// Process exit codes; documented in docs/running.md "Exit codes".
#include "paa/error.hpp"

namespace paa {
enum ExitCode : int {
  kExitOk = 0,           // everything done
  kExitNotFound = 1,     // `paa get`: no such result
  kExitUsage = 2,        // bad usage or input (nothing was written)
  kExitAuth = 3,         // the service rejected the API key (401/403)
  kExitQuota = 4,        // stopped by quota or budget; resumable
  kExitPartial = 5,      // finished, but some keys failed; rerun retries them
  kExitInterrupted = 130 // SIGINT/SIGTERM; resumable
};

// The exit code of a command that failed with `e` before doing its work.
inline int exit_code_for(const Error& e) {
  switch (e.code) {
    case errc::store: return 1;  // the disk: free space or fix it, then rerun
    case errc::unspecified:
    case errc::invalid_input:
    case errc::store_in_use:
    case errc::store_unusable:
    case errc::tls:
    case errc::bad_response: break;
  }
  return kExitUsage;
}
}  // namespace paa
