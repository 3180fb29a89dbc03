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

}  // namespace paa
