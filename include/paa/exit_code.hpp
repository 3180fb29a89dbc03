#pragma once
// Process exit codes; documented in README "Exit codes".
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
}  // namespace paa
