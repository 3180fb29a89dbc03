#include "paa/harvest/stop_reason.hpp"

#include "paa/exit_code.hpp"

namespace paa {

const char* stop_reason_name(StopReason r) {
  switch (r) {
    case StopReason::none: return "completed";
    case StopReason::auth: return "auth";
    case StopReason::quota: return "quota";
    case StopReason::budget: return "budget";
    case StopReason::interrupted: return "interrupted";
    case StopReason::tls: return "tls";
    case StopReason::input: return "input";
    case StopReason::store_failure: return "store-failure";
  }
  return "?";
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

int exit_code_for(StopReason reason) {
  switch (reason) {
    case StopReason::none: return kExitOk;
    case StopReason::interrupted: return kExitInterrupted;
    case StopReason::auth: return kExitAuth;
    case StopReason::quota:
    case StopReason::budget: return kExitQuota;
    case StopReason::tls: return exit_code_for(errc::tls);
    case StopReason::input: return exit_code_for(errc::invalid_input);
    case StopReason::store_failure: return exit_code_for(errc::store);
  }
  return kExitInternal;
}

}  // namespace paa
