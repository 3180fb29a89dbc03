#pragma once
// The one table of process exit codes, for every command (docs/running.md "Exit codes").
// A failure's kind decides its code here; a run's stop reason decides it through
// exit_code_for(StopReason) (harvest/stop_reason.hpp), which uses the same table.
#include "paa/error.hpp"

namespace paa {
enum ExitCode : int {
  kExitOk = 0,             // everything done
  kExitFailure = 1,        // the store or a file failed (disk full, I/O error, damaged store)
  kExitNotFound = 1,       // `get`, `map`: no such result (the same code: nothing to show)
  kExitUsage = 2,          // bad usage or input (nothing was written)
  kExitAuth = 3,           // the service rejected the API key (401/403)
  kExitQuota = 4,          // stopped by quota or budget; resumable
  kExitPartial = 5,        // finished, but some keys failed; rerun retries them
  kExitUnreachable = 6,    // the service stayed unreachable past outage_wait; resumable
  kExitShardsNotDone = 7,  // `paa barrier`: some shard has keys of the level pending; rerun those shards
  kExitInternal = 70,      // a bug: an unexpected exception (EX_SOFTWARE)
  kExitInterrupted = 130,  // SIGINT/SIGTERM; resumable
};

// The exit code of a failure of this kind.
int exit_code_for(errc kind);
inline int exit_code_for(const Error& e) { return exit_code_for(e.kind()); }
}  // namespace paa
