#include "paa/harvest/stop_reason.hpp"

#include "paa/exit_code.hpp"
#include "paa/model/envelope.hpp"

namespace paa {

const char* stop_reason_name(StopReason r) {
  switch (r) {
    case StopReason::none: return "completed";
    case StopReason::auth: return "auth";
    case StopReason::quota: return "quota";
    case StopReason::budget: return "budget";
    case StopReason::job_budget: return "job-budget";
    case StopReason::interrupted: return "interrupted";
    case StopReason::tls: return "tls";
    case StopReason::input: return "input";
    case StopReason::store_failure: return "store-failure";
    case StopReason::config: return "config";
    case StopReason::outage: return "outage";
  }
  return "?";
}

std::optional<StopReason> stop_reason_named(std::string_view name) {
  for (const StopReason r : {StopReason::none, StopReason::auth, StopReason::quota, StopReason::budget,
                             StopReason::job_budget, StopReason::interrupted, StopReason::tls, StopReason::input, StopReason::store_failure,
                             StopReason::config, StopReason::outage}) {
    if (name == stop_reason_name(r)) return r;
  }
  return std::nullopt;
}

StopReason stop_reason_for(const Error& error) {
  switch (error.kind()) {
    case errc::invalid_input: return StopReason::input;
    case errc::tls: return StopReason::tls;
    case errc::io:
    case errc::store:
    case errc::store_damaged:
    case errc::store_in_use:
    case errc::store_unusable:
    case errc::not_found:
    case errc::bad_response:
    case errc::network: break;
  }
  return StopReason::store_failure;
}

std::string stop_message(StopReason reason, const StopContext& context, const std::string& cause) {
  switch (reason) {
    case StopReason::quota: {
      const std::string when = context.renewal_date ? "on " + format_date(*context.renewal_date) : "at an unknown date";
      return "quota exhausted; it renews " + when + "; run `paa run " + context.job_file + "` again then";
    }
    case StopReason::budget:
      return "max_searches (" + std::to_string(context.max_searches) +
             ") reached; raise it (--max-searches) or run again to continue";
    case StopReason::job_budget:
      return "the job's budget (job_max_searches = " + std::to_string(context.job_max_searches) + ") is spent" +
             (context.job_share.empty() ? std::string() : " (" + context.job_share + ")") +
             "; raise job_max_searches in " + context.job_file + " to continue";
    case StopReason::interrupted: return "interrupted; run the same command to resume";
    case StopReason::outage: return cause + "; run `paa run " + context.job_file + "` again to continue where it stopped";
    case StopReason::none:
    case StopReason::auth:
    case StopReason::tls:
    case StopReason::input:
    case StopReason::store_failure:
    case StopReason::config: break;
  }
  return cause;
}

int exit_code_for(StopReason reason) {
  switch (reason) {
    case StopReason::none: return kExitOk;
    case StopReason::interrupted: return kExitInterrupted;
    case StopReason::auth: return kExitAuth;
    case StopReason::quota:
    case StopReason::budget:
    case StopReason::job_budget: return kExitQuota;
    case StopReason::tls: return exit_code_for(errc::tls);
    case StopReason::input:
    case StopReason::config: return exit_code_for(errc::invalid_input);
    case StopReason::store_failure: return exit_code_for(errc::store);
    case StopReason::outage: return kExitUnreachable;
  }
  return kExitInternal;
}

}  // namespace paa
