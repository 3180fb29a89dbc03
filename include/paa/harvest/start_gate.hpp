#pragma once
// The one question every worker asks before a request: may I start now? Combines the stop
// reason, the quota tracker (budget, known-empty quota, probes) and the rate controller.
// Pure: both clocks come in as arguments.
#include "paa/harvest/stop_reason.hpp"
#include "paa/limiter/rate_controller.hpp"
#include "paa/policy/quota_tracker.hpp"

#include <cstdint>
#include <string>

namespace paa {

class StartGate {
 public:
  enum class Kind { go, go_probe, wait_event, wait_until, stop };
  struct Decision {
    Kind kind;
    SteadyTime until{};  // wait_until
    StopReason reason = StopReason::none;
  };

  StartGate(QuotaTracker& quota, RateController& rate) : quota_(quota), rate_(rate) {}

  Decision decide(SteadyTime now, std::int64_t now_ms) const;
  // Records the start granted by decide() (kind go or go_probe): takes a token and opens the
  // quota tracker's account of the request, to be closed by exactly one outcome call.
  SpendLedger::Ticket on_start(const Decision& granted, SteadyTime now);

  void request_stop(StopReason reason) {
    if (stop_ == StopReason::none) stop_ = reason;
  }
  StopReason stop_reason() const { return stop_; }

 private:
  QuotaTracker& quota_;
  RateController& rate_;
  StopReason stop_ = StopReason::none;
};

}  // namespace paa
