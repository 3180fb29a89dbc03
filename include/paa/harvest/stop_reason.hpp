#pragma once
#include "paa/error.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// Why a run stopped before its job was done; the exit code follows from it (exit_code_for).

namespace paa {

enum class StopReason {
  none,           // not stopped: the job ran to its end
  auth,           // 401/403: the key was refused (exit 3)
  quota,          // the monthly quota is exhausted and on_quota = stop (exit 4)
  budget,         // max_searches reached (exit 4)
  job_budget,     // the job's budget (job_max_searches; a shard's share of it) is spent (exit 4)
  interrupted,    // SIGINT/SIGTERM (exit 130)
  tls,            // the service's certificate failed verification (exit 2)
  input,          // the job's files became unreadable or invalid during the run (exit 2)
  store_failure,  // the store failed (disk full, I/O error, no acknowledgement) (exit 1)
  config,         // the base URL is not the service's API (404, 405, an HTML page), or it cannot
                  // be reached and never was (refused, unknown host, wrong scheme) (exit 2)
  outage,         // the service stayed unreachable longer than outage_wait (exit 6); resumable
};

// "completed", "auth", ...: recorded as the run's outcome in the store.
const char* stop_reason_name(StopReason reason);
// The reason a recorded outcome names; nullopt for a name no reason has.
std::optional<StopReason> stop_reason_named(std::string_view name);

// A run stopped by an error: its kind says why (a job file that became unreadable is bad
// input, not a store failure).
StopReason stop_reason_for(const Error& error);

// What a stopped run tells the user, and what to do: the summary's last line. `cause` is what
// stopped it when the reason alone does not say (the 401 text, the store's error).
struct StopContext {
  std::string job_file;            // for "run `paa run JOB` again"
  std::int64_t max_searches = 0;   // the budget
  std::int64_t job_max_searches = 0;  // the job's budget
  std::string job_share;           // under it, the shard's share as said ("shard 2/4's share: 310")
  std::optional<std::chrono::year_month_day> renewal_date;  // the quota's, when known
};
std::string stop_message(StopReason reason, const StopContext& context, const std::string& cause);

// The exit code of a run that stopped for `reason` (exit_code.hpp's table); kExitOk for none.
int exit_code_for(StopReason reason);

}  // namespace paa
