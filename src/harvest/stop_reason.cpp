#include "paa/harvest/stop_reason.hpp"

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
  switch (error.code) {
    case errc::invalid_input: return StopReason::input;
    case errc::tls: return StopReason::tls;
    case errc::unspecified:
    case errc::store:
    case errc::store_in_use:
    case errc::store_unusable:
    case errc::bad_response: break;
  }
  return StopReason::store_failure;
}

}  // namespace paa
